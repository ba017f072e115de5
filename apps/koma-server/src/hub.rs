//! The games the server holds: loading them from the store, and every request that reads or
//! changes one, each change written to the store before it is answered or pushed.

use crate::accounts::auth::Player;
use crate::actor::Actor;
use crate::engine::{self, Answer, Turn};
use crate::error::ApiError;
use crate::games::{self, CreateRequest, Expiry, LiveGame};
use crate::settings::Settings;
use crate::view::GameView;
use koma_game::GameError;
use koma_notation::formats;
use koma_rules::{AnyPosition, Color, Move};
use koma_store::{
    Ending, GameSummary, Note, Page, Store, StoreError, StoredGame, StoredMove, StoredOutcome,
};
use serde::Serialize;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Weak};
use tokio::sync::{Mutex, OwnedMutexGuard, watch};

/// One game, locked while a request works on it.
pub(crate) type Slot = Arc<Mutex<LiveGame>>;

/// The server's games: a cache over the store, and the engine that plays its seats.
pub struct Hub {
    store: Arc<dyn Store>,
    games: std::sync::Mutex<HashMap<String, Slot>>,
    /// The hub itself, for the engine's tasks.
    me: Weak<Hub>,
    /// The engine's searches, shared with the reviews.
    searchers: Arc<engine::Pool>,
    /// The undecided games against the engine, with the client that created each.
    engine_games: crate::engine_seats::EngineSeats,
    /// The limits and time-outs.
    settings: Arc<Settings>,
    /// Set when the server stops: no engine starts thinking or moves any more.
    closing: AtomicBool,
    /// The accounts' event streams (lishogi's API).
    events: crate::events::Events,
    /// The open challenges between accounts (lishogi's API).
    challenges: crate::lishogi::challenges::Challenges,
    /// When the server last looked for games of servers gone.
    last_beat: std::sync::Mutex<Option<std::time::Instant>>,
    /// The games whose last write may or may not have been stored: read again at the next
    /// look for games of servers gone, so that their clocks and engines go on.
    unsure: std::sync::Mutex<std::collections::HashSet<String>>,
    /// The tournaments' games: their ends told, their no-show limits.
    pub(crate) tournament_hooks: crate::tournaments::online::Hooks,
    /// The seats' connections to the games (who is gone, for a claim of victory).
    presence: crate::presence::Presence,
}

/// How often a server looks for the games of servers gone.
const BEAT: std::time::Duration = std::time::Duration::from_secs(1);

/// The answer to creating a game.
#[derive(Clone, Debug, Serialize)]
pub struct Created {
    /// The game's id.
    pub id: String,
    /// The creator's seat: `sente` or `gote`.
    pub seat: &'static str,
    /// The creator's secret seat token.
    pub token: String,
    /// The secret the other player joins with, once (null against the engine).
    pub invite: Option<String>,
    /// The link to send the other player (the page reads the part after `#`; null against
    /// the engine).
    pub invite_link: Option<String>,
    /// The furigoma toss, when the side was chosen by one.
    pub furigoma: Option<String>,
    /// The state.
    pub game: GameView,
}

/// The answer to joining a game, and to a rematch.
#[derive(Clone, Debug, Serialize)]
pub struct Joined {
    /// The game's id.
    pub id: String,
    /// The player's seat.
    pub seat: &'static str,
    /// The player's secret seat token.
    pub token: String,
    /// The state (the clock has started).
    pub game: GameView,
}

/// A game started between two accounts (see [`Hub::create_paired`]): each player's seat and
/// token, and the furigoma toss if one chose the sides.
#[derive(Clone, Debug)]
pub struct Paired {
    /// The creator's (the seek's poster's) seat.
    pub creator: Joined,
    /// The opponent's seat.
    pub opponent: Joined,
    /// The furigoma toss, when the sides were chosen by one.
    pub furigoma: Option<String>,
}

impl Hub {
    /// A hub over `store` with the engine's searches `searchers`, holding no game yet.
    pub fn new(
        store: Arc<dyn Store>,
        searchers: Arc<engine::Pool>,
        settings: Arc<Settings>,
    ) -> Arc<Hub> {
        Arc::new_cyclic(|me| Hub {
            store,
            games: std::sync::Mutex::new(HashMap::new()),
            me: me.clone(),
            searchers,
            engine_games: Default::default(),
            settings,
            closing: AtomicBool::new(false),
            events: crate::events::Events::default(),
            challenges: crate::lishogi::challenges::Challenges::default(),
            last_beat: std::sync::Mutex::new(None),
            unsure: std::sync::Mutex::new(std::collections::HashSet::new()),
            tournament_hooks: Default::default(),
            presence: Default::default(),
        })
    }

    /// The accounts' event streams.
    pub fn events(&self) -> &crate::events::Events {
        &self.events
    }

    /// The seats' connections to the games.
    pub(crate) fn presence(&self) -> &crate::presence::Presence {
        &self.presence
    }

    /// The limits and time-outs.
    pub(crate) fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The open challenges.
    pub(crate) fn challenges(&self) -> &crate::lishogi::challenges::Challenges {
        &self.challenges
    }

    fn slots(&self) -> std::sync::MutexGuard<'_, HashMap<String, Slot>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn unsure(&self) -> std::sync::MutexGuard<'_, std::collections::HashSet<String>> {
        self.unsure.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Admits the new game `live` for `client`: a game between people always; a game
    /// against the engine only while the engine's queue has room and the server and its
    /// creator (address and account) hold fewer active such games than they may (see
    /// [`crate::engine_seats`]). An admitted game against the engine is counted from now on
    /// (see [`Hub::release_engine`]).
    pub(crate) fn admit(&self, live: &LiveGame, client: Option<IpAddr>) -> Result<(), ApiError> {
        let Some(engine) = live.stored.engine else {
            return Ok(());
        };
        if self.searchers.is_full() {
            return Err(ApiError::EngineBusy {
                waiting: self.searchers.waiting(),
            });
        }
        let creator = crate::engine_seats::Creator {
            address: client,
            account: live.stored.players[(!engine.seat).index()].clone(),
        };
        self.engine_games.admit(live.id(), creator, &self.settings)
    }

    /// The game `id` no longer counts as an undecided game against the engine.
    pub(crate) fn release_engine(&self, id: &str) {
        self.engine_games.release(id);
    }

    /// Runs a store call off the async threads.
    pub(crate) async fn blocking<T, F>(&self, f: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&dyn Store) -> Result<T, StoreError> + Send + 'static,
    {
        let store = Arc::clone(&self.store);
        tokio::task::spawn_blocking(move || f(store.as_ref()))
            .await
            .unwrap_or_else(|e| Err(StoreError::Unavailable(e.to_string())))
    }

    /// Runs a write of the game `id` off the async threads. If its outcome is unknown (the
    /// database went away before it answered: the write may have been committed), this
    /// server's copy is no longer trusted: it leaves memory, and the game is read again.
    pub(crate) async fn write<T, F>(&self, id: &str, f: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&dyn Store) -> Result<T, StoreError> + Send + 'static,
    {
        let done = self.blocking(f).await;
        if let Err(e) = &done
            && e.is_transient()
            && self.store.shared()
        {
            // Nobody reads this copy again: its watchers are cut off, and reconnect to the
            // game as stored.
            self.store.disown(id, None);
            self.slots().remove(id);
            self.unsure().insert(id.to_string());
        }
        done
    }

    /// Loads the undecided games this server holds (every one, unless other servers share
    /// the database), so that their clocks are watched from the start.
    pub async fn load_unfinished(&self) -> Result<usize, StoreError> {
        let list = self.blocking(|s| s.unfinished_to_hold()).await?;
        for id in &list {
            self.adopt(id).await?;
        }
        Ok(list.len())
    }

    /// Takes the game `id` into memory from the store, its lease held already, or reads a
    /// copy in memory again.
    async fn adopt(&self, id: &str) -> Result<Option<Slot>, StoreError> {
        let existing = self.slots().get(id).cloned();
        let Some(slot) = existing else {
            return self.load(id, false).await;
        };
        let found = self.read_again(&mut *slot.lock().await, false).await?;
        Ok(found.then_some(slot))
    }

    /// Loads a game from the store into memory (`None` if unknown), taking its lease first
    /// if `claim`; the engine resumes thinking if it is its turn.
    async fn load(&self, id: &str, claim: bool) -> Result<Option<Slot>, StoreError> {
        let Some(stored) = self.stored(id, claim).await? else {
            return Ok(None);
        };
        let mut live = games::rebuild(stored)?;
        self.prepare(&mut live).await?;
        let slot = Arc::new(Mutex::new(live));
        let slot = Arc::clone(self.slots().entry(id.to_string()).or_insert(slot));
        self.wake_engine(&mut *slot.lock().await);
        Ok(Some(slot))
    }

    /// `live` as `stored` (the same game read again): the state taken, the subscribers
    /// kept, the state pushed; the engine thinks if it is its move and this server holds
    /// the game.
    async fn refresh(&self, live: &mut LiveGame, stored: StoredGame) -> Result<(), StoreError> {
        live.stop_thinking();
        live.take_state(games::rebuild(stored)?);
        self.prepare(live).await?;
        self.wake_engine(live);
        Ok(())
    }

    /// A game just read from the store, made ready to show: counted among the games
    /// against the engine while undecided, its players' ratings read, its state pushed.
    async fn prepare(&self, live: &mut LiveGame) -> Result<(), StoreError> {
        if live.stored.engine.is_some() && !live.is_over() {
            self.engine_games.hold_loaded(live.id());
        } else {
            self.release_engine(live.id());
        }
        self.refresh_players(live).await?;
        live.in_tournament = self.started_by_tournament(live).await?;
        live.publish();
        Ok(())
    }

    /// Whether a tournament started `live`. Only a game between two accounts may be one,
    /// and only such a game costs a look in the store.
    async fn started_by_tournament(&self, live: &LiveGame) -> Result<bool, StoreError> {
        if live.stored.engine.is_some() || live.stored.players.iter().any(Option::is_none) {
            return Ok(false);
        }
        let id = live.id().to_string();
        let tournament = self.blocking(move |s| s.tournament_of_game(&id)).await?;
        Ok(tournament.is_some())
    }

    /// The game `id` as stored, its lease taken first if `claim`.
    async fn stored(&self, id: &str, claim: bool) -> Result<Option<StoredGame>, StoreError> {
        let key = id.to_string();
        self.blocking(move |s| {
            if claim {
                s.claim(&key)?;
            }
            s.load_game(&key)
        })
        .await
    }

    /// Reads `live` again from the store (its lease taken first if `claim`); false if the
    /// store does not know the game.
    async fn read_again(&self, live: &mut LiveGame, claim: bool) -> Result<bool, StoreError> {
        let Some(stored) = self.stored(live.id(), claim).await? else {
            return Ok(false);
        };
        self.refresh(live, stored).await?;
        Ok(true)
    }

    /// The game `id`, from memory or the store, its lease held: a game another server held
    /// is taken over and read again.
    pub(crate) async fn game(&self, id: &str) -> Result<Slot, ApiError> {
        let existing = self.slots().get(id).cloned();
        let Some(slot) = existing else {
            return self
                .load(id, true)
                .await?
                .ok_or_else(|| ApiError::not_found(id));
        };
        if !self.holds_now(id).await? {
            let mut live = slot.lock().await;
            if !self.holds_now(id).await? && !self.read_again(&mut live, true).await? {
                return Err(ApiError::not_found(id));
            }
        }
        Ok(slot)
    }

    /// Whether this server holds the game `id` now: as it knows, and where other servers
    /// share the database, as the database says.
    async fn holds_now(&self, id: &str) -> Result<bool, StoreError> {
        if !self.store.holds(id) {
            return Ok(false);
        }
        if !self.store.shared() {
            return Ok(true);
        }
        let key = id.to_string();
        self.blocking(move |s| s.confirm(&key)).await
    }

    /// Tells the other servers sharing the database that the game `id` between `players`
    /// started or ended, in the background.
    pub(crate) fn tell_others(&self, id: &str, finished: bool, players: &[Option<String>; 2]) {
        if !self.store.shared() {
            return;
        }
        let (store, id, players) = (Arc::clone(&self.store), id.to_string(), players.clone());
        tokio::task::spawn_blocking(move || {
            if let Err(e) = store.announce(&id, finished, &players) {
                eprintln!("koma serve: game {id}: telling the other servers: {e}");
            }
        });
    }

    /// The game `id` to read: this server's copy, held or not (another server's is kept up
    /// to date by its notes), else read from the store, its lease left where it is.
    pub(crate) async fn copy(&self, id: &str) -> Result<Slot, ApiError> {
        if let Some(slot) = self.slots().get(id).cloned() {
            return Ok(slot);
        }
        let claim = !self.store.shared();
        self.load(id, claim)
            .await?
            .ok_or_else(|| ApiError::not_found(id))
    }

    /// Follows what the other servers sharing the database do: a game taken from this one
    /// is given up (its copy kept, read again at each change, while someone watches it).
    pub fn follow_others(self: &Arc<Hub>) {
        let Some(mut notes) = self.store.notes() else {
            return;
        };
        let hub = Arc::downgrade(self);
        tokio::spawn(async move {
            while let Some(note) = notes.recv().await {
                let Some(hub) = hub.upgrade() else {
                    return;
                };
                hub.take_note(note).await;
            }
        });
    }

    /// Acts on what another server did.
    async fn take_note(&self, note: Note) {
        match note {
            Note::Taken { game, epoch } => {
                if !self.store.holds(&game) {
                    return;
                }
                self.store.disown(&game, Some(epoch));
                if self.store.holds(&game) {
                    return; // an older lease than this server's own
                }
                let slot = self.slots().get(&game).cloned();
                if let Some(slot) = slot {
                    self.give_up(&mut *slot.lock().await);
                }
            }
            Note::Changed(game) => {
                let slot = self.slots().get(&game).cloned();
                if let Some(slot) = slot.filter(|_| !self.store.holds(&game)) {
                    self.reread(&slot).await;
                }
            }
            Note::Announced {
                game,
                finished,
                players,
            } => {
                let events = self.events();
                if !players.iter().flatten().any(|p| events.listens(p)) {
                    return;
                }
                let live = match self.stored(&game, false).await {
                    Ok(Some(stored)) => games::rebuild(stored),
                    Ok(None) => return,
                    Err(e) => Err(e),
                };
                match live {
                    Ok(mut live) => {
                        if let Err(e) = self.refresh_players(&mut live).await {
                            eprintln!("koma serve: game {game}: its players: {e}");
                        }
                        let kind = if finished { "gameFinish" } else { "gameStart" };
                        self.announce_here(&live, kind);
                    }
                    Err(e) => eprintln!("koma serve: game {game}: announcing it: {e}"),
                }
            }
            Note::Challenge {
                id,
                status,
                challenger,
                dest,
            } => self.challenge_note(&id, &status, &challenger, &dest).await,
            Note::Resync => {
                // Notes were missed: a lease this server believes it holds may have been
                // taken meanwhile. The database says; a game lost is given up and read again.
                let slots: Vec<(String, Slot)> = self
                    .slots()
                    .iter()
                    .map(|(id, slot)| (id.clone(), Arc::clone(slot)))
                    .collect();
                for (id, slot) in slots {
                    if self.store.holds(&id) && !self.holds_now(&id).await.unwrap_or(true) {
                        self.give_up(&mut *slot.lock().await);
                    }
                    self.reread(&slot).await;
                }
            }
        }
    }

    /// Stops the engine of `live`, a game another server holds now: its copy here only
    /// shows it.
    fn give_up(&self, live: &mut LiveGame) {
        live.stop_thinking();
        self.release_engine(live.id());
    }

    /// Reads again the copy `slot` of a game another server holds, for its watchers.
    async fn reread(&self, slot: &Slot) {
        let mut live = slot.lock().await;
        if self.store.holds(live.id()) {
            return;
        }
        if let Err(e) = self.read_again(&mut live, false).await {
            eprintln!("koma serve: game {}: reading it again: {e}", live.id());
        }
    }

    /// One page of the stored games, newest first.
    pub async fn list(&self, page: Page) -> Result<Vec<GameSummary>, ApiError> {
        Ok(self.blocking(move |s| s.list_page(page)).await?)
    }

    /// Creates a game for `client`; the creator (his account, if logged in) gets a seat
    /// token and an invitation for the other seat, or, against the engine, the game starts
    /// at once (the engine moves if it is sente). A game against the engine is refused while
    /// the engine is full (see [`Hub::admit`]).
    pub async fn create(
        &self,
        request: CreateRequest,
        client: Option<IpAddr>,
        creator: Option<Player>,
    ) -> Result<Created, ApiError> {
        let now = games::unix_ms();
        let rated = crate::players::check_rated(&request, creator.as_ref())?;
        let (mut live, toss, secrets) = games::create(&request, now)?;
        live.stored.rated = rated;
        live.stored.players[live.stored.creator.index()] = creator.map(|p| p.id);
        // Read before the engine's place is taken: a failure here holds nothing.
        self.refresh_players(&mut live).await?;
        self.admit(&live, client)?;
        let (stored, started) = (live.stored.clone(), live.started_ms);
        if let Err(e) = self
            .blocking(move |s| s.create_game(&stored, started))
            .await
        {
            self.release_engine(live.id());
            return Err(e.into());
        }
        live.publish();
        let id = live.id().to_string();
        let creator = live.stored.creator;
        let invite = (live.stored.engine.is_none()).then_some(secrets.invite);
        let now = live.now();
        let created = Created {
            id: id.clone(),
            seat: creator.name(),
            token: secrets.token,
            invite_link: invite
                .as_ref()
                .map(|invite| format!("/#game={id}&invite={invite}")),
            invite,
            furigoma: toss.map(|t| t.to_string()),
            game: live.view(now),
        };
        self.insert(live).await;
        Ok(created)
    }

    /// Creates a game of `request` between two accounts, both seats bound and the clock
    /// started at once: `creator` takes the side the request asks for (`random`: by
    /// furigoma, as [`Hub::create`]; a handicap game: the giver's seat), `opponent` the
    /// other. Rated if the request asks and [`crate::players::check_rated`] allows. The
    /// lobby's way to start a game when a seek is accepted or a quick pairing found.
    pub async fn create_paired(
        &self,
        request: &CreateRequest,
        creator: &Player,
        opponent: &Player,
    ) -> Result<Paired, ApiError> {
        self.create_paired_in(request, creator, opponent, None)
            .await
    }

    /// [`Hub::create_paired`], for the tournament `tournament` if one is named: the game is
    /// linked to it in the store before it is shown to anyone, so that it never offers a
    /// rematch (the tournament pairs its players).
    pub(crate) async fn create_paired_in(
        &self,
        request: &CreateRequest,
        creator: &Player,
        opponent: &Player,
        tournament: Option<String>,
    ) -> Result<Paired, ApiError> {
        if creator.id == opponent.id {
            return Err(crate::players::SeatRefusal::OwnGame.into());
        }
        if request.opponent.as_deref().is_some_and(|o| o != "person") {
            return Err(ApiError::unknown(
                "opponent",
                request.opponent.as_deref().unwrap_or_default(),
                "person",
            ));
        }
        let now = games::unix_ms();
        let rated = crate::players::check_rated(request, Some(creator))?;
        let (mut live, toss, secrets) = games::create(request, now)?;
        let seat = live.stored.creator;
        live.stored.rated = rated;
        live.stored.players[seat.index()] = Some(creator.id.clone());
        live.stored.players[(!seat).index()] = Some(opponent.id.clone());
        let token = koma_store::tokens::secret()?;
        live.stored.seat_tokens[(!seat).index()] = koma_store::tokens::hash(&token);
        live.start(now)?;
        live.in_tournament = tournament.is_some();
        let stored = live.stored.clone();
        self.blocking(move |s| {
            s.create_game(&stored, Some(now))?;
            match &tournament {
                Some(t) => s.link_tournament_game(&stored.id, t),
                None => Ok(()),
            }
        })
        .await?;
        self.refresh_players(&mut live).await?;
        live.publish();
        let id = live.id().to_string();
        let game = live.view(now);
        self.insert(live).await;
        let joined = |seat: Color, token: String| Joined {
            id: id.clone(),
            seat: seat.name(),
            token,
            game: game.clone(),
        };
        Ok(Paired {
            creator: joined(seat, secrets.token),
            opponent: joined(!seat, token),
            furigoma: toss.map(|t| t.to_string()),
        })
    }

    /// Puts a new game in memory; the engine starts thinking if it is its move.
    pub(crate) async fn insert(&self, live: LiveGame) {
        let id = live.id().to_string();
        self.announce_start(&live);
        let slot = Arc::new(Mutex::new(live));
        self.slots().insert(id, Arc::clone(&slot));
        self.wake_engine(&mut *slot.lock().await);
    }

    /// The invited player (his account, if logged in) takes the free seat with `invite`;
    /// the clock starts.
    pub async fn join(
        &self,
        id: &str,
        invite: &str,
        player: Option<Player>,
    ) -> Result<Joined, ApiError> {
        once_more_if_moved(|| self.join_once(id, invite, player.clone())).await
    }

    /// [`Hub::join`], once.
    async fn join_once(
        &self,
        id: &str,
        invite: &str,
        player: Option<Player>,
    ) -> Result<Joined, ApiError> {
        let slot = self.game(id).await?;
        let mut live = slot.lock().await;
        if !koma_store::tokens::matches(invite, &live.stored.invite) {
            return Err(ApiError::WrongInvitation);
        }
        if live.started_ms.is_some() {
            return Err(ApiError::SeatsTaken);
        }
        if live.aborted.is_some() {
            return Err(ApiError::InvitationExpired);
        }
        if live.is_over() {
            return Err(ApiError::GameOver(None));
        }
        crate::players::check_join(&live.stored, player.as_ref())?;
        let seat = !live.stored.creator;
        let user = player.map(|p| p.id);
        let (key, account) = (id.to_string(), user.clone());
        self.write(id, move |s| s.seat_player(&key, seat, account.as_deref()))
            .await?;
        let now = live.now();
        // The invited player's token is made now: the store keeps only its hash, so a token
        // made at creation could not be said after a restart.
        let token = koma_store::tokens::secret()?;
        let hashed = koma_store::tokens::hash(&token);
        let (key, seat_hash) = (id.to_string(), hashed.clone());
        self.write(id, move |s| s.start_game(&key, now, &seat_hash))
            .await?;
        live.stored.players[seat.index()] = user;
        live.start(now)?;
        live.stored.seat_tokens[seat.index()] = hashed;
        self.refresh_players(&mut live).await?;
        live.publish();
        self.announce_start(&live);
        Ok(Joined {
            id: id.to_string(),
            seat: seat.name(),
            token,
            game: live.view(now),
        })
    }

    /// The game's state now (a clock that ran out ends the game first).
    pub async fn state(&self, id: &str) -> Result<GameView, ApiError> {
        let slot = self.copy(id).await?;
        let mut live = slot.lock().await;
        let now = live.now();
        self.settle_time(&mut live, now).await?;
        Ok(live.view(now))
    }

    /// Plays `usi` for the seat of `who`.
    pub async fn play<'a>(
        &self,
        id: &str,
        who: impl Into<Actor<'a>>,
        usi: &str,
    ) -> Result<GameView, ApiError> {
        self.play_read(id, who.into(), usi, |game, text| {
            game.parse_move(text)
                .map_err(|source| ApiError::UnreadableMove { ply: None, source })
        })
        .await
    }

    /// Plays `text`, a move in any notation koma reads (USI, Western, Japanese, German),
    /// for the seat of `token`.
    pub async fn play_text<'a>(
        &self,
        id: &str,
        who: impl Into<Actor<'a>>,
        text: &str,
    ) -> Result<GameView, ApiError> {
        self.play_read(id, who.into(), text, |game, text| {
            game.parse_text(text).map_err(ApiError::UnreadableMoveText)
        })
        .await
    }

    /// Plays the move `read` makes of `usi` for the seat of `who`.
    async fn play_read(
        &self,
        id: &str,
        who: Actor<'_>,
        usi: &str,
        read: impl Fn(&crate::anygame::AnyGame, &str) -> Result<Move, ApiError>,
    ) -> Result<GameView, ApiError> {
        once_more_if_moved(|| self.play_read_once(id, who, usi, &read)).await
    }

    /// [`Hub::play_read`], once.
    async fn play_read_once(
        &self,
        id: &str,
        who: Actor<'_>,
        usi: &str,
        read: &impl Fn(&crate::anygame::AnyGame, &str) -> Result<Move, ApiError>,
    ) -> Result<GameView, ApiError> {
        let (mut live, seat, now) = self.for_turn(id, who).await?;
        let to_move = live.game.side_to_move();
        if seat != to_move {
            return Err(ApiError::NotYourTurn { to_move, seat });
        }
        let m = read(&live.game, usi.trim())?;
        match live.game.check(m) {
            Ok(()) => {}
            Err(GameError::Illegal(foul)) => {
                return Err(ApiError::IllegalMove {
                    usi: usi.to_string(),
                    foul,
                });
            }
            Err(e) => return Err(ApiError::refused(e)),
        }
        self.commit_move(&mut live, m, now).await?;
        self.wake_engine(&mut live);
        Ok(live.view(now))
    }

    /// Plays the checked move `m` at `now`, stores it (and the ending it makes), then pushes
    /// the state; if the store fails the game is as it was. A person's move and the
    /// engine's both come this way.
    async fn commit_move(&self, live: &mut LiveGame, m: Move, now: u64) -> Result<(), ApiError> {
        let id = live.id().to_string();
        let before = live.game.clone();
        let ply = live.game.plies();
        let mover = live.game.side_to_move();
        let outcome = live
            .play_at(m, now)
            .map_err(|e| ApiError::internal(format!("the game refused a checked move: {e}")))?;
        let record = StoredMove {
            usi: live.game.usi(m),
            at_ms: now,
        };
        let key = id.clone();
        if let Err(e) = self
            .write(&id, move |s| s.append_move(&key, ply, &record))
            .await
        {
            live.game = before;
            return Err(e.into());
        }
        live.offers.after_move(mover);
        live.last_move_ms = now;
        if live.stored.engine.is_some_and(|e| e.seat != mover) {
            // The person plays: the game holds its place among the engine's games.
            self.engine_games.touch(&id);
        }
        if let Some(outcome) = outcome {
            live.ended_ms = Some(now);
            self.release_engine(&id);
            // The moves decide this ending: a failure here loses nothing a replay cannot find.
            let stored = StoredOutcome {
                ending: Ending::Board,
                at_ms: now,
                result: outcome.to_string(),
            };
            let key = id.clone();
            if let Err(e) = self.write(&id, move |s| s.set_outcome(&key, &stored)).await {
                eprintln!("koma serve: game {id}: storing the result failed: {e}");
            }
            self.game_ended(live).await;
            self.announce_finish(live);
        }
        live.publish();
        Ok(())
    }

    /// The game `id` locked for a move or declaration by the seat of `token`: both players
    /// joined, the clock settled, the game not over. Gives the seat and the time.
    pub(crate) async fn for_turn<'a>(
        &self,
        id: &str,
        who: impl Into<Actor<'a>>,
    ) -> Result<(OwnedMutexGuard<LiveGame>, Color, u64), ApiError> {
        self.locked_for(id, who, true).await
    }

    /// The game `id` locked for an action of the seat of `who` that needs no started game
    /// (resigning, aborting, claiming): the clock settled, the game not over. Gives the seat
    /// and the time.
    pub(crate) async fn seated<'a>(
        &self,
        id: &str,
        who: impl Into<Actor<'a>>,
    ) -> Result<(OwnedMutexGuard<LiveGame>, Color, u64), ApiError> {
        self.locked_for(id, who, false).await
    }

    /// [`Hub::for_turn`] (`started` asked) and [`Hub::seated`].
    async fn locked_for<'a>(
        &self,
        id: &str,
        who: impl Into<Actor<'a>>,
        started: bool,
    ) -> Result<(OwnedMutexGuard<LiveGame>, Color, u64), ApiError> {
        let slot = self.game(id).await?;
        let mut live = slot.lock_owned().await;
        let seat = who.into().seat(&live)?;
        let now = live.now();
        if started && live.started_ms.is_none() {
            return Err(ApiError::NotStarted);
        }
        self.settle_time(&mut live, now).await?;
        refuse_if_over(&live)?;
        Ok((live, seat, now))
    }

    /// The seat of `who` resigns (at any time, as the rules allow).
    pub async fn resign<'a>(
        &self,
        id: &str,
        who: impl Into<Actor<'a>>,
    ) -> Result<GameView, ApiError> {
        let who = who.into();
        once_more_if_moved(|| self.resign_once(id, who)).await
    }

    /// [`Hub::resign`], once.
    async fn resign_once(&self, id: &str, who: Actor<'_>) -> Result<GameView, ApiError> {
        let (mut live, seat, now) = self.seated(id, who).await?;
        self.end(&mut live, now, Ending::Resignation(seat), |g| {
            g.resign(seat)
        })
        .await?;
        Ok(live.view(now))
    }

    /// The seat of `token`, to move, declares an entering-king win (it loses if a condition
    /// fails).
    pub async fn declare<'a>(
        &self,
        id: &str,
        who: impl Into<Actor<'a>>,
    ) -> Result<GameView, ApiError> {
        let who = who.into();
        once_more_if_moved(|| self.declare_once(id, who)).await
    }

    /// [`Hub::declare`], once.
    async fn declare_once(&self, id: &str, who: Actor<'_>) -> Result<GameView, ApiError> {
        let (mut live, seat, now) = self.for_turn(id, who).await?;
        if seat != live.game.side_to_move() {
            return Err(ApiError::DeclareOutOfTurn);
        }
        self.end(&mut live, now, Ending::Declaration, |g| g.declare_at(now))
            .await?;
        Ok(live.view(now))
    }

    /// Ends the game by `apply`, stores the ending, then pushes the state; if the store
    /// fails the game is as it was.
    pub(crate) async fn end(
        &self,
        live: &mut LiveGame,
        now: u64,
        ending: Ending,
        apply: impl FnOnce(&mut crate::anygame::AnyGame) -> Result<koma_game::Outcome, GameError>,
    ) -> Result<(), ApiError> {
        // A rated game that ends before both sides have moved is aborted, unrated (as
        // lishogi's): nobody's rating moves without his own move.
        if live.stored.rated && live.game.plies() < games::FREE_MOVES {
            let result = games::aborted_early(match ending {
                Ending::Resignation(color) => Some(color),
                _ => None,
            });
            return self.abort(live, now, &result).await;
        }
        let before = live.game.clone();
        let outcome = apply(&mut live.game).map_err(ApiError::refused)?;
        let stored = StoredOutcome {
            ending,
            at_ms: now,
            result: outcome.to_string(),
        };
        let key = live.id().to_string();
        if let Err(e) = self
            .write(live.id(), move |s| s.set_outcome(&key, &stored))
            .await
        {
            live.game = before;
            return Err(e.into());
        }
        live.ended_ms = Some(now);
        live.stop_thinking();
        self.release_engine(live.id());
        self.game_ended(live).await;
        self.announce_finish(live);
        live.publish();
        Ok(())
    }

    /// Aborts the game (nobody wins) as `result` says, stored first.
    pub(crate) async fn abort(
        &self,
        live: &mut LiveGame,
        now: u64,
        result: &str,
    ) -> Result<(), ApiError> {
        let stored = StoredOutcome {
            ending: Ending::Aborted,
            at_ms: now,
            result: result.to_string(),
        };
        let key = live.id().to_string();
        self.write(live.id(), move |s| s.set_outcome(&key, &stored))
            .await?;
        live.aborted = Some(result.to_string());
        live.ended_ms = Some(now);
        live.stop_thinking();
        self.release_engine(live.id());
        self.announce_finish(live);
        live.publish();
        Ok(())
    }

    /// Ends the game at `now` if nobody played it in time (see [`LiveGame::expiry`]).
    async fn expire(&self, live: &mut LiveGame, now: u64) -> Result<(), ApiError> {
        let why = match self.tournament_hooks.no_show(live.id()) {
            Some(limit) => {
                crate::tournaments::online::no_show(live, now, limit).then_some(Expiry::FirstMove)
            }
            None => live.expiry(now, &self.settings),
        };
        match why {
            None => Ok(()),
            Some(Expiry::Abandoned(loser)) => {
                self.end(live, now, Ending::Abandoned(loser), |g| {
                    g.end(games::abandoned(loser))
                })
                .await
            }
            Some(why) => {
                let result = why.aborted_result().unwrap_or("aborted");
                self.abort(live, now, result).await
            }
        }
    }

    /// Ends the game on time if the side to move's clock ran out by `now`.
    /// Another server's game is its to settle: a copy here only shows the time.
    pub(crate) async fn settle_time(&self, live: &mut LiveGame, now: u64) -> Result<(), ApiError> {
        if !live.clock_runs() || !self.store.holds(live.id()) {
            return Ok(());
        }
        if let Some(loser) = live.game.clock().and_then(|c| c.flagged(now)) {
            self.end(live, now, Ending::TimeForfeit, |g| g.time_forfeit(loser))
                .await?;
        }
        Ok(())
    }

    /// The game as a record in `format` (kif, ki2, csa, jkf, usi, sfen).
    pub async fn record(&self, id: &str, format: &str) -> Result<String, ApiError> {
        let format = crate::records::format_named(format)?;
        let key = id.to_string();
        let event = self
            .blocking(move |s| crate::tournaments::event_of_game(s, &key))
            .await?;
        let slot = self.copy(id).await?;
        let live = slot.lock().await;
        let mut record = live.game.to_record();
        crate::record_header::fill(&mut record, &live, format, event);
        formats::write(&record, format).map_err(ApiError::UnwritableRecord)
    }

    /// The game's start position and the moves played so far.
    pub async fn line(&self, id: &str) -> Result<(AnyPosition, Vec<Move>), ApiError> {
        let slot = self.copy(id).await?;
        let live = slot.lock().await;
        Ok((live.game.start_position(), live.game.moves()))
    }

    /// Whether the account `user` (its id) holds a seat of game `id`.
    pub async fn sits(&self, id: &str, user: &str) -> Result<bool, ApiError> {
        let slot = self.copy(id).await?;
        let live = slot.lock().await;
        Ok(Actor::Account(user).seat(&live).is_ok())
    }

    /// The seat `who` holds (none for a spectator) and the state pushes.
    pub async fn subscribe(
        &self,
        id: &str,
        who: Option<Actor<'_>>,
    ) -> Result<(Option<Color>, watch::Receiver<crate::ws::Push>), ApiError> {
        let slot = self.copy(id).await?;
        let live = slot.lock().await;
        let seat = who.map(|who| who.seat(&live)).transpose()?;
        Ok((seat, live.subscribe()))
    }

    /// Starts the engine thinking in `live` if it is its move (and it is not thinking yet):
    /// the search runs in the background, and its move comes back through
    /// [`Hub::engine_moves`].
    pub(crate) fn wake_engine(&self, live: &mut LiveGame) {
        if live.thinking.is_some()
            || live.started_ms.is_none()
            || self.closing.load(Ordering::SeqCst)
            || !self.store.holds(live.id())
        {
            return;
        }
        let Some(seat) = live.stored.engine else {
            return;
        };
        let now = live.now();
        let Some(turn) = Turn::of(live.id(), &live.game, &seat, now) else {
            return;
        };
        let Some(hub) = self.me.upgrade() else {
            return;
        };
        live.thinking = Some(Arc::clone(&turn.stop));
        tokio::spawn(async move {
            let answer = engine::answer(&hub.searchers, &turn).await;
            hub.engine_moves(turn, answer).await;
        });
    }

    /// Plays the engine's answer for `turn`, unless the game moved on meanwhile (ended,
    /// the server stopping): a declaration, else its move through the path of every move
    /// (the first legal move if the search failed or named one the rules refuse).
    async fn engine_moves(&self, turn: Turn, answer: Result<Answer, engine::SearchFailed>) {
        // A game given up meanwhile is its new owner's to play.
        let slot = self.slots().get(&turn.id).cloned();
        let Some(slot) = slot.filter(|_| self.store.holds(&turn.id)) else {
            return;
        };
        let mut live = slot.lock().await;
        if live
            .thinking
            .as_ref()
            .is_some_and(|flag| Arc::ptr_eq(flag, &turn.stop))
        {
            live.thinking = None;
        }
        if engine::stopped(&turn.stop)
            || self.closing.load(Ordering::SeqCst)
            || live.game.plies() != turn.ply
        {
            return;
        }
        let now = live.now();
        let done = match self.settle_time(&mut live, now).await {
            Err(e) => Err(e),
            Ok(()) if live.is_over() => Ok(()),
            Ok(()) => match answer {
                Ok(Answer::Declare) => {
                    self.end(&mut live, now, Ending::Declaration, |g| g.declare_at(now))
                        .await
                }
                Ok(Answer::Move(best)) => self.engine_move(&mut live, best, now).await,
                Err(why) => {
                    eprintln!("koma serve: game {}: {why}", turn.id);
                    self.engine_move(&mut live, None, now).await
                }
            },
        };
        if let Err(e) = done {
            eprintln!("koma serve: game {}: the engine's move: {e}", turn.id);
        }
    }

    /// Plays `best` for the engine if the game allows it, else its first legal move.
    async fn engine_move(
        &self,
        live: &mut LiveGame,
        best: Option<Move>,
        now: u64,
    ) -> Result<(), ApiError> {
        let m = best
            .filter(|&m| live.game.check(m).is_ok())
            .or_else(|| live.game.legal_moves().first().copied())
            .ok_or_else(|| ApiError::internal("the engine has no move in an undecided game"))?;
        self.commit_move(live, m, now).await
    }

    /// The server stops: no engine thinks or moves any more.
    pub async fn close(&self) {
        self.closing.store(true, Ordering::SeqCst);
        let slots: Vec<Slot> = self.slots().values().cloned().collect();
        for slot in slots {
            slot.lock().await.stop_thinking();
        }
        // The other servers on the database take its games at once.
        if let Err(e) = self.blocking(|s| s.release_all()).await {
            eprintln!("koma serve: giving the games back: {e}");
        }
    }

    /// Ends the games whose clock ran out and the games nobody played in time (see
    /// [`LiveGame::expiry`]), and forgets the games that need no watching (the store keeps
    /// them): decided ones nobody watches and no rematch offer holds, or decided long ago,
    /// and started games without a clock or engine that nobody watches and nobody moved in
    /// for a while.
    pub async fn tick(&self) {
        self.adopt_orphans().await;
        let slots: Vec<(String, Slot)> = self
            .slots()
            .iter()
            .map(|(id, s)| (id.clone(), Arc::clone(s)))
            .collect();
        let keep_ms = u64::try_from(self.settings.keep_decided.as_millis()).unwrap_or(u64::MAX);
        for (id, slot) in slots {
            let Ok(mut live) = slot.try_lock() else {
                continue; // a request is working on it and checks the clock itself
            };
            // Another server's game: it watches the clocks; the copy stays for its watchers.
            let held = self.store.holds(&id);
            let now = live.now();
            if held {
                let settled = match live.clock_runs() {
                    true => self.settle_time(&mut live, now).await,
                    false => Ok(()),
                };
                if let Err(e) = settled.and(self.expire(&mut live, now).await) {
                    eprintln!("koma serve: game {id}: {e}");
                }
            }
            // Long enough since `since` and since the game came into memory (a game loaded
            // again for a watcher stays for the time, however old its end).
            let quiet = |since: u64| {
                now.saturating_sub(since) >= keep_ms
                    && live.loaded.elapsed() >= self.settings.keep_decided
            };
            let forget = if live.is_over() {
                // An offer of a rematch stands in memory only: the game stays for it (the
                // offer lapses with the game, once quiet), watched or not.
                (live.watchers() == 0 && live.offers.rematch.is_none())
                    || live.ended_ms.is_none_or(quiet)
            } else if !held {
                live.watchers() == 0
            } else {
                live.started_ms.is_some()
                    && live.game.clock().is_none()
                    && live.stored.engine.is_none()
                    && live.watchers() == 0
                    && quiet(live.last_move_ms)
            };
            if forget {
                drop(live);
                self.slots().remove(&id);
                self.store.disown(&id, None);
            }
        }
    }

    /// Takes in, once a [`BEAT`], the games of the servers on the same database that are
    /// no longer alive (or that gave them back).
    async fn adopt_orphans(&self) {
        if self.closing.load(Ordering::SeqCst) {
            return; // its games were given back
        }
        {
            let mut last = self.last_beat.lock().unwrap_or_else(|e| e.into_inner());
            if last.is_some_and(|at| at.elapsed() < BEAT) {
                return;
            }
            *last = Some(std::time::Instant::now());
        }
        let unsure: Vec<String> = self.unsure().drain().collect();
        for id in unsure {
            if let Err(e) = self.game(&id).await {
                eprintln!("koma serve: game {id}: reading it again: {e}");
                if matches!(&e, ApiError::Storage(e) if e.is_transient()) {
                    self.unsure().insert(id);
                }
            }
        }
        match self.blocking(|s| s.heartbeat()).await {
            Ok(ids) => {
                for id in ids {
                    if let Err(e) = self.adopt(&id).await {
                        eprintln!("koma serve: game {id}: taking it over: {e}");
                    }
                }
            }
            Err(e) => eprintln!("koma serve: taking over games: {e}"),
        }
    }

    /// Every game in memory (the lobby's live games and the event streams read them).
    pub(crate) fn in_memory_games(&self) -> Vec<Slot> {
        self.slots().values().cloned().collect()
    }

    /// How many games are in memory.
    pub fn in_memory(&self) -> usize {
        self.slots().len()
    }
}

/// `op`, and once more if the game moved to another server meanwhile (the other server's
/// note had not arrived): the second time takes the game back and reads it again first.
async fn once_more_if_moved<T, F>(mut op: impl FnMut() -> F) -> Result<T, ApiError>
where
    F: std::future::Future<Output = Result<T, ApiError>>,
{
    match op().await {
        Err(ApiError::Storage(StoreError::NotOwner(_))) => op().await,
        done => done,
    }
}

/// The seat `token` holds, or 403.
pub(crate) fn seat(live: &LiveGame, token: &str) -> Result<Color, ApiError> {
    Actor::Token(token).seat(live)
}

/// 409 once the game is over.
pub(crate) fn refuse_if_over(live: &LiveGame) -> Result<(), ApiError> {
    match live.game.outcome() {
        Some(outcome) => Err(ApiError::GameOver(Some(outcome))),
        None if live.is_over() => Err(ApiError::GameOver(None)),
        None => Ok(()),
    }
}
