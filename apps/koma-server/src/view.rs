//! The JSON a client gets: a game's state, as the HTTP API returns it and the WebSocket
//! pushes it.

use koma_game::Outcome;
use koma_game::clock::Clock;
use koma_rules::Color;
use koma_store::EngineSeat;
use koma_store::GameId;
use serde::Serialize;

/// A game's state at one moment.
#[derive(Clone, Debug, Serialize)]
pub struct GameView {
    /// The game's id.
    pub id: GameId,
    /// `shogi` or `tori`.
    pub variant: &'static str,
    /// The rule set's name.
    pub rules: &'static str,
    /// The time control (`10m+30s`), or null without a clock.
    pub time_control: Option<String>,
    /// The start position as SFEN.
    pub start_sfen: String,
    /// The current position as SFEN.
    pub sfen: String,
    /// The moves played, in USI; in a WebSocket push, those after the first `moves_from`.
    pub moves: Vec<String>,
    /// In a WebSocket push only: how many moves of the state the socket sent before this one
    /// stay (the moves and history given follow them). Absent: the moves and history are
    /// whole.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves_from: Option<usize>,
    /// `sente` or `gote`.
    pub side_to_move: &'static str,
    /// Whether the side to move is in check.
    pub in_check: bool,
    /// The moves the side to move may play, in USI (empty once over or before the start).
    pub legal_moves: Vec<String>,
    /// Whether both seats are taken (moves are accepted only then).
    pub started: bool,
    /// The seat of the player who created the game.
    pub creator: &'static str,
    /// The clocks, or null without a clock.
    pub clock: Option<ClockView>,
    /// The result, once decided.
    pub outcome: Option<OutcomeView>,
    /// Every move played, in every notation, with the position after it (in a WebSocket
    /// push, those after the first `moves_from`).
    pub history: Vec<HistoryEntry>,
    /// The engine's seat and level, or null in a game between people.
    pub engine: Option<EngineView>,
    /// The id of the rematch, once one was created.
    pub rematch: Option<GameId>,
    /// Whether a player may offer or accept a rematch now (`POST /api/games/{id}/rematch`
    /// refuses none for the game's state; never in a tournament's game): the page shows its
    /// button only then.
    pub rematch_allowed: bool,
    /// The draw, takeback and rematch offers standing.
    pub offers: crate::offers::OffersView,
    /// Whether the game is rated.
    pub rated: bool,
    /// The accounts playing each seat, with their ratings (null: a guest or the engine).
    pub players: crate::players::PlayersView,
    /// The handicap the two players' ratings call for, in a game between two accounts.
    pub suggested_handicap: Option<crate::players::HandicapView>,
    /// The time (Unix milliseconds) this state is as of: of two states of a game, the one
    /// with the later time is the newer (a takeback has fewer moves but is newer).
    pub as_of_ms: u64,
}

/// One move of a line: its USI, its text in each notation, and the position after it.
#[derive(Clone, Debug, Serialize)]
pub struct HistoryEntry {
    /// The move in USI.
    pub usi: String,
    /// Japanese (`☗７六歩`, `☖同銀`).
    pub japanese: String,
    /// Western (Hodges: `P-7f`).
    pub western: String,
    /// German club notation.
    pub german: String,
    /// The position after the move, as SFEN.
    pub sfen: String,
    /// Whether the move gave check (the side to move after it is in check).
    pub check: bool,
}

/// The engine in a game against it.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct EngineView {
    /// The engine's seat: `sente` or `gote`.
    pub seat: &'static str,
    /// Its time per move (milliseconds), if its level is one.
    pub movetime_ms: Option<u64>,
    /// Its depth, if its level is one.
    pub depth: Option<u32>,
}

impl EngineView {
    /// The view of `engine`.
    pub fn of(engine: &EngineSeat) -> EngineView {
        EngineView {
            seat: engine.seat.name(),
            movetime_ms: engine.level.movetime_ms,
            depth: engine.level.depth,
        }
    }
}

/// Both players' time at `at_ms`.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct ClockView {
    /// Sente's time.
    pub sente: TimeView,
    /// Gote's time.
    pub gote: TimeView,
    /// The side whose clock is running, or null (not started, or the game is over).
    pub running: Option<&'static str>,
    /// The server's time of this reading (Unix milliseconds).
    pub at_ms: u64,
}

/// One player's time.
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub struct TimeView {
    /// Main time left, in milliseconds.
    pub main_ms: u64,
    /// Byoyomi periods left (0 without byoyomi).
    pub periods: u32,
    /// Time left in the current byoyomi period, in milliseconds.
    pub period_ms: u64,
}

/// How the game ended: who won and why, for the page to word ("Gote wins by resignation").
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OutcomeView {
    /// `sente`, `gote`, or null for a draw.
    pub winner: Option<&'static str>,
    /// The reason in one word (`checkmate`, `resignation`, `time-forfeit`, ...).
    pub reason: String,
    /// The result as `koma replay` prints it, winner first: `gote resignation` is gote's win
    /// by sente's resignation.
    pub result: String,
}

impl OutcomeView {
    /// An aborted game: no winner, reason `aborted`, and `result` as stored.
    pub fn aborted(result: &str) -> OutcomeView {
        OutcomeView {
            winner: None,
            reason: "aborted".to_string(),
            result: result.to_string(),
        }
    }

    /// The view of `outcome`.
    pub fn of(outcome: Outcome) -> OutcomeView {
        OutcomeView {
            winner: outcome.winner.map(Color::name),
            reason: outcome.reason.name().to_string(),
            result: outcome.to_string(),
        }
    }

    /// The view of a result as `Outcome` printed it and the store keeps it (`gote
    /// resignation`, `draw sennichite`, `sente illegal-move (two pawns on a file)`); `None`
    /// for a text that does not start with a winner or `draw` and a reason.
    pub fn parse(result: &str) -> Option<OutcomeView> {
        let mut words = result.split_whitespace();
        let winner = match words.next()? {
            "sente" => Some(Color::Black.name()),
            "gote" => Some(Color::White.name()),
            "draw" => None,
            _ => return None,
        };
        let reason = words.next()?.to_string();
        Some(OutcomeView {
            winner,
            reason,
            result: result.to_string(),
        })
    }
}

impl ClockView {
    /// `clock` read at `at_ms`; `running` only while the game goes on.
    pub fn of(clock: &Clock, at_ms: u64, over: bool) -> ClockView {
        let time = |color| {
            clock
                .remaining(color, at_ms)
                .map(|r| TimeView {
                    main_ms: r.main_ms,
                    periods: r.periods,
                    period_ms: r.period_ms,
                })
                .unwrap_or_default()
        };
        ClockView {
            sente: time(Color::Black),
            gote: time(Color::White),
            running: (clock.is_running() && !over).then(|| clock.to_move().name()),
            at_ms,
        }
    }
}
