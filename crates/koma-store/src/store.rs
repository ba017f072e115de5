//! The store: every operation the server needs of its database, and what other servers
//! sharing the database tell this one.

use crate::{ChallengeId, GameId, UserId};
use crate::{
    ChatLine, GameSummary, NewGame, Page, StoreError, StoredGame, StoredMove, StoredOutcome,
};
use koma_rules::Color;

/// What another server sharing the database did, as its notification says (the data is
/// read from the tables).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// The game changed: a move, its start, its ending, a takeback.
    Changed(GameId),
    /// Another server took the game's lease, numbered `epoch`.
    Taken {
        /// The game.
        game: GameId,
        /// The lease's number: a later lease has a larger one.
        epoch: i64,
    },
    /// A game between accounts started (`finished` false) or ended on another server: the
    /// accounts of its seats (by `Color::index`) hear of it on their event streams.
    Announced {
        /// The game.
        game: GameId,
        /// Whether it ended (else it started).
        finished: bool,
        /// The account of each seat.
        players: [Option<UserId>; 2],
    },
    /// A challenge between accounts was made (`status` `created`) or answered (`accepted`,
    /// `declined`, `canceled`) on another server: its row is read from the store.
    Challenge {
        /// The challenge.
        id: ChallengeId,
        /// What happened to it.
        status: String,
        /// The challenger's account.
        challenger: UserId,
        /// The challenged account.
        dest: UserId,
    },
    /// The lobby's seek list changed on another server.
    Seeks,
    /// The kansōsen room of this game changed on another server.
    Room(GameId),
    /// This study changed on another server.
    Study(crate::StudyId),
    /// A notice is kept for this account's lobby connections ([`crate::lobby::LobbyStore`]).
    Notice(UserId),
    /// Notifications may have been missed (the connection to the database was lost): what
    /// is followed should be read again.
    Resync,
}

/// Where a seat of a game has a connection open on the other servers sharing the database
/// ([`Store::seat_elsewhere`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elsewhere {
    /// No other server has served the seat.
    Never,
    /// A server alive has a connection of the seat open.
    Here,
    /// The seat's last connection elsewhere closed (or its server stopped) this long ago.
    Left {
        /// Milliseconds since, by the database's clock.
        ago_ms: u64,
    },
}

/// Games, their moves and chat: written once for both databases (`sql::games`).
pub trait GameStore {
    /// Stores a new game; `started_ms` when both seats are taken at once (a game against the
    /// engine), so that the clock starts then.
    fn create_game(&self, game: &NewGame, started_ms: Option<u64>) -> Result<(), StoreError>;
    /// Stores `game`, started at `started_ms`, as the rematch of the decided game `of`, in
    /// one transaction; refused if `of` is unknown, undecided or has a rematch already.
    fn create_rematch(
        &self,
        of: &GameId,
        game: &NewGame,
        started_ms: u64,
    ) -> Result<(), StoreError>;
    /// The game with this id, or `None`.
    fn load_game(&self, id: &GameId) -> Result<Option<StoredGame>, StoreError>;
    /// The invited player took the free seat at `at_ms` with the token whose hash is
    /// `seat_token`: the clock starts then.
    fn start_game(&self, id: &GameId, at_ms: u64, seat_token: &str) -> Result<(), StoreError>;
    /// Appends move number `ply` (0-based); refused unless it is the next one.
    fn append_move(&self, id: &GameId, ply: usize, m: &StoredMove) -> Result<(), StoreError>;
    /// Records how the game ended.
    fn set_outcome(&self, id: &GameId, outcome: &StoredOutcome) -> Result<(), StoreError>;
    /// `color` went berserk (an arena's, before its first move) in the undecided game `id`;
    /// refused if the game is decided.
    fn set_berserk(&self, id: &GameId, color: Color) -> Result<(), StoreError>;
    /// Takes back the moves from number `keep` (0-based) on, and moves the time stamps of
    /// the start and of the moves kept `shift_ms` later, so that the clocks stand as they did
    /// after the last move kept, running again from then + `shift_ms`. Refused once the
    /// game is decided.
    fn take_back(&self, id: &GameId, keep: usize, shift_ms: u64) -> Result<(), StoreError>;
    /// Appends a chat line; its room keeps its latest `keep` lines (older ones go), so that
    /// nobody can fill a room and silence it for the rest of the game.
    fn add_chat(&self, id: &GameId, line: &ChatLine, keep: usize) -> Result<(), StoreError>;
    /// The chat lines of a game, oldest first.
    fn chat(&self, id: &GameId) -> Result<Vec<ChatLine>, StoreError>;
    /// Every game (only the undecided ones if `unfinished_only`), newest first.
    fn list_games(&self, unfinished_only: bool) -> Result<Vec<GameSummary>, StoreError>;
    /// One page of every game, newest first (the order of [`GameStore::list_games`]).
    fn list_page(&self, page: Page) -> Result<Vec<GameSummary>, StoreError>;
    /// The games under way (started, undecided) on every server, the newest started first:
    /// at most `limit`.
    fn live_games(&self, limit: usize) -> Result<Vec<GameId>, StoreError>;
}

/// Where games (and accounts) are kept. Every method is blocking; the server calls them off
/// the async threads. Each write is durable when the call returns.
pub trait Store:
    GameStore
    + crate::accounts::AccountStore
    + crate::ratings::RatingStore
    + crate::profiles::ProfileStore
    + crate::challenges::ChallengeStore
    + crate::tournaments::TournamentStore
    + crate::lobby::LobbyStore
    + crate::analysis::AnalysisStore
    + crate::rooms::RoomStore
    + crate::studies::StudyStore
    + Send
    + Sync
{
    // Several servers on one database. Each undecided game has one owner, the server
    // holding its lease: only the owner changes it (the store refuses another's write with
    // [`StoreError::NotOwner`]). Where one server holds the store (SQLite), it owns every
    // game and these do nothing.

    /// Takes the lease of the game `id` for this server, unless it is decided (nobody
    /// changes a decided game): the server applies its changes from now on, and reads it
    /// again first.
    fn claim(&self, _id: &GameId) -> Result<(), StoreError> {
        Ok(())
    }
    /// Whether this server holds the lease of `id` (or needs none: a decided game).
    fn holds(&self, _id: &GameId) -> bool {
        true
    }
    /// Whether other servers may share the database (then [`Store::confirm`] is worth
    /// its call).
    fn shared(&self) -> bool {
        false
    }
    /// Whether this server still holds the lease of `id`, as the database says now (a
    /// note that another server took it may still be on its way); forgets it if not.
    fn confirm(&self, id: &GameId) -> Result<bool, StoreError> {
        Ok(self.holds(id))
    }
    /// Forgets the lease of `id` if its number is below `epoch` (another server took it), or
    /// whatever it is with `None` (the game leaves memory).
    fn disown(&self, _id: &GameId, _epoch: Option<i64>) {}
    /// Says this server is alive, and takes the leases of the undecided games whose owner is
    /// not (or that nobody holds): their ids, to load.
    fn heartbeat(&self) -> Result<Vec<GameId>, StoreError> {
        Ok(Vec::new())
    }
    /// The undecided games this server holds at start: all of them where it is the only
    /// server, else those nobody alive held, their leases taken.
    fn unfinished_to_hold(&self) -> Result<Vec<GameId>, StoreError> {
        Ok(self.list_games(true)?.into_iter().map(|g| g.id).collect())
    }
    /// Tells the other servers that the game `id` between `players` started or ended
    /// (`finished`), for their accounts' event streams.
    fn announce(
        &self,
        _id: &GameId,
        _finished: bool,
        _players: &[Option<UserId>; 2],
    ) -> Result<(), StoreError> {
        Ok(())
    }
    /// Gives back every lease this server holds (it stops): others take them at once.
    fn release_all(&self) -> Result<(), StoreError> {
        Ok(())
    }
    /// Notes whether `seat` of the game `id` has a connection open on this server (`here`),
    /// for the other servers' [`Store::seat_elsewhere`].
    fn note_seat(&self, _id: &GameId, _seat: Color, _here: bool) -> Result<(), StoreError> {
        Ok(())
    }
    /// Where `seat` of the game `id` is connected on the other servers: a claim of victory
    /// here must not take a player connected there for gone.
    fn seat_elsewhere(&self, _id: &GameId, _seat: Color) -> Result<Elsewhere, StoreError> {
        Ok(Elsewhere::Never)
    }
    /// What the other servers on the database do, from now on (`None`: there are none).
    fn notes(&self) -> Option<tokio::sync::mpsc::UnboundedReceiver<Note>> {
        None
    }
}
