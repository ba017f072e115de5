//! What a game is on disk: its setup, seats, moves and ending, the lists and the chat.
//!
//! A game is kept as its setup, its seats, its moves with the time each was made and, once
//! decided, how it ended. Nothing derived is stored: the position, the clocks and the
//! outcome are rebuilt by replaying the moves through `koma_game::Game`.

use crate::Damage;
use crate::{GameId, StoreError, UserId};
use koma_game::RuleSet;
use koma_game::clock::TimeControl;
use koma_game::rating::Pool;
use koma_rules::{Color, GameKind};

/// How a game is set up: everything needed to start it again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSetup {
    /// The game (stored by its name: `shogi`, `tori`, `chushogi`).
    pub variant: GameKind,
    /// The start position as SFEN.
    pub start_sfen: String,
    /// The rule set (stored by its name: `amateur`, `tori`, ...).
    pub rules: RuleSet,
    /// The time control (stored as it prints), or `None` for no clock.
    pub time_control: Option<TimeControl>,
}

impl GameSetup {
    /// The rating pool of a game of this setup (no clock: the correspondence pool).
    pub fn pool(&self) -> Pool {
        Pool::of(
            self.variant,
            self.time_control
                .as_ref()
                .unwrap_or(&TimeControl::Unlimited),
        )
    }
}

/// How strongly the engine plays: a time per move, a depth, or both (whichever comes first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineLevel {
    /// Think about this long per move (milliseconds).
    pub movetime_ms: Option<u64>,
    /// Search to this depth.
    pub depth: Option<u32>,
}

/// The engine's seat in a game against it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineSeat {
    /// The colour the engine plays.
    pub seat: Color,
    /// Its level.
    pub level: EngineLevel,
}

/// A new game as it is first stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    /// The game's public id.
    pub id: GameId,
    /// The setup.
    pub setup: GameSetup,
    /// The SHA-256 (`tokens::hash`) of each seat's secret token, indexed by `Color::index`;
    /// empty for a seat no token holds (the engine's, the invited player's until he joins).
    pub seat_tokens: [String; 2],
    /// The SHA-256 of the secret that lets the invited player take the other seat once.
    pub invite: String,
    /// The seat of the player who created the game.
    pub creator: Color,
    /// When the game was created (Unix milliseconds).
    pub created_ms: u64,
    /// The engine's seat, in a game against the engine.
    pub engine: Option<EngineSeat>,
    /// The account (its id) playing each seat, indexed by `Color::index`; `None` for a guest,
    /// the engine, or a seat not taken yet.
    pub players: [Option<UserId>; 2],
    /// Whether the game is rated (both seats accounts; see `players::check_rated`).
    pub rated: bool,
}

/// One move as stored: USI text and when it was made (Unix milliseconds).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredMove {
    /// The move in USI notation.
    pub usi: String,
    /// When the move was made, in Unix milliseconds.
    pub at_ms: u64,
}

/// What ended a game, as far as replaying the moves cannot tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The moves decide it (mate, repetition, move limit): replay finds it again.
    Board,
    /// This side resigned.
    Resignation(Color),
    /// The side to move ran out of time (replay checks the clock at the ending's time).
    TimeForfeit,
    /// The side to move declared an entering-king win (judged again on replay).
    Declaration,
    /// The players agreed to a draw.
    Agreement,
    /// The game was called off before it really began: the invitation was not taken in
    /// time, or a side did not make its first move in time. Nobody wins; the stored result
    /// says which (`aborted (...)`).
    Aborted,
    /// This side left the game: against the engine without a clock, no move in the time the
    /// server waits; between people, gone from the game long enough that the opponent
    /// claimed the win (lishogi's `claim-victory`, status `timeout`).
    Abandoned(Color),
}

/// How a game ended, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredOutcome {
    /// What ended it.
    pub ending: Ending,
    /// When (Unix milliseconds).
    pub at_ms: u64,
    /// The result as `koma_game::Outcome` prints it (`gote resignation`), for listings and
    /// to cross-check a replay.
    pub result: String,
}

/// A game as loaded from the store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// The game as it was created.
    pub game: NewGame,
    /// When the invited player took the seat and the clock started, if they have.
    pub started_ms: Option<u64>,
    /// The moves in order.
    pub moves: Vec<StoredMove>,
    /// The ending, once the game is over.
    pub outcome: Option<StoredOutcome>,
    /// The id of the rematch, once one was created.
    pub rematch: Option<GameId>,
    /// Which seats (sente's, gote's) went berserk in an arena before their first move.
    pub berserk: [bool; 2],
}

/// One line of a list of games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSummary {
    /// The game's id.
    pub id: GameId,
    /// The setup.
    pub setup: GameSetup,
    /// When the game was created (Unix milliseconds).
    pub created_ms: u64,
    /// Whether both seats are taken.
    pub started: bool,
    /// How many moves have been played.
    pub plies: usize,
    /// The result, once decided.
    pub result: Option<String>,
    /// Whether the game is rated.
    pub rated: bool,
    /// The account of each seat (by `Color::index`), `None` for a guest, the engine or a
    /// free seat.
    pub players: [Option<UserId>; 2],
}

/// Who may read a chat line: the players, the spectators (each room is its own during the
/// game), or everyone in the kansōsen after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Room {
    /// The players' room.
    Players,
    /// The spectators' room.
    Spectators,
    /// The kansōsen after the game: players and spectators together.
    Review,
}

impl Room {
    /// `player` or `spectator`, as lishogi names the rooms.
    pub fn name(self) -> &'static str {
        match self {
            Room::Players => "player",
            Room::Spectators => "spectator",
            Room::Review => "review",
        }
    }
}

/// One line of a game's chat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatLine {
    /// The room it was written in.
    pub room: Room,
    /// Who wrote it, as shown.
    pub author: String,
    /// The text.
    pub text: String,
    /// When (Unix milliseconds).
    pub at_ms: u64,
}

/// One page of a list: skip `offset` lines, give at most `limit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Page {
    /// How many lines come before the page.
    pub offset: usize,
    /// The most lines on the page.
    pub limit: usize,
}

/// The colour stored as `name` (`sente` or `gote`, as `Color::name` writes them).
pub fn color_from_name(name: &str) -> Result<Color, StoreError> {
    match name {
        "sente" => Ok(Color::Black),
        "gote" => Ok(Color::White),
        other => Err(Damage::Unknown {
            column: "side",
            value: other.to_string(),
        }
        .into()),
    }
}
