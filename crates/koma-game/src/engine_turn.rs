//! One engine move in a game: the position and the clock's times go to a USI engine, and
//! its answer comes back through the game layer, which judges it.
//!
//! [`engine_turn`] sends [`Game::usi_position`] and `go` with the times of the game's clock,
//! waits until the side to move has run out of time (plus a margin for the delay of pipes
//! and networks) and then applies the answer:
//!
//! | the engine | the game |
//! |---|---|
//! | a legal move | played ([`Game::play_or_forfeit_at`]) |
//! | an illegal move | lost by [`Reason::IllegalMove`] |
//! | a text that is no move, or `bestmove` alone | lost by [`Foul::NotAMove`] |
//! | `bestmove resign` | lost by [`Reason::Resignation`] |
//! | `bestmove win` | [`Game::declare_at`]: won if the declaration holds, else lost |
//! | no answer in time | lost by [`Reason::TimeForfeit`] |
//! | exited, or broke the protocol | lost by [`Reason::Abandoned`] |
//!
//! Time stamps come from the caller's `now_ms`, the same clock the game's [`Clock`] runs
//! on. A move that arrives after the side's time but within the margin counts as made at
//! the last moment of that time (as cutechess-cli's `timemargin` does): the clock reads
//! zero, not a loss, while [`TurnReport::used_ms`] says how long it really took. The
//! opponent's clock then starts at that moment too; a caller that does not want the
//! opponent to pay for the overrun subtracts [`TurnReport::forgiven_ms`] from its later
//! time stamps, as the match runner does.
//!
//! A game without a clock, or on an unlimited one, gives the engine a [`FixedLimit`]
//! instead: [`engine_turn_with`] takes it, [`engine_turn`] uses [`TurnLimits::default`].

use crate::clock::{Clock, ClockState, TimeControl};
use crate::game::{Game, GameError};
use crate::outcome::{Foul, Outcome, Reason};
use crate::refereed::Refereed;
use crate::usi_client::{BestMove, Dialect, GoLimits, SearchInfo, UsiEngine, UsiError};
use koma_notation::{fsf, sfen, usi};
use koma_rules::{Color, Move, Position, Rules, Variant};
use std::fmt;
use std::time::Duration;

/// The search limit when the game's clock sets none (no clock, or an unlimited one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FixedLimit {
    /// A fixed time per move, sent as `go btime 0 wtime 0 byoyomi MS` (which every USI
    /// engine understands); no answer within MS plus the margin loses on time.
    MoveTime(u64),
    /// `go depth N`; no answer within `timeout_ms` plus the margin loses on time.
    Depth {
        /// The depth.
        depth: u32,
        /// How long the answer may take.
        timeout_ms: u64,
    },
    /// `go nodes N`; no answer within `timeout_ms` plus the margin loses on time.
    Nodes {
        /// The node count.
        nodes: u64,
        /// How long the answer may take.
        timeout_ms: u64,
    },
}

impl FixedLimit {
    /// The `go` arguments and how long the answer may take.
    fn limits(self) -> (GoLimits, u64) {
        match self {
            FixedLimit::MoveTime(ms) => (GoLimits::byoyomi(0, 0, ms), ms),
            FixedLimit::Depth { depth, timeout_ms } => (
                GoLimits {
                    depth: Some(depth),
                    ..GoLimits::default()
                },
                timeout_ms,
            ),
            FixedLimit::Nodes { nodes, timeout_ms } => (
                GoLimits {
                    nodes: Some(nodes),
                    ..GoLimits::default()
                },
                timeout_ms,
            ),
        }
    }
}

/// How long an engine may take beyond its time, and its limit when there is no clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TurnLimits {
    /// Milliseconds allowed beyond the side's time for the delay of pipes or networks.
    pub margin_ms: u64,
    /// The search limit when the game has no clock or an unlimited one.
    pub unclocked: FixedLimit,
}

impl Default for TurnLimits {
    /// No margin; 3 seconds a move without a clock.
    fn default() -> TurnLimits {
        TurnLimits {
            margin_ms: 0,
            unclocked: FixedLimit::MoveTime(3_000),
        }
    }
}

/// What went wrong in an engine's turn.
#[derive(Debug, thiserror::Error)]
pub enum TurnError {
    /// The engine failed: exited, missed its time, broke the protocol.
    #[error("{0}")]
    Engine(UsiError),
    /// The answer is no move in USI notation.
    #[error("`{text}` is not a move: {why}")]
    NotAMove {
        /// The engine's text.
        text: String,
        /// Why it does not read as a move.
        why: String,
    },
    /// The move is not allowed here.
    #[error("illegal move `{text}`: {foul}")]
    Illegal {
        /// The engine's text.
        text: String,
        /// Why the move is illegal.
        foul: Foul,
    },
    /// The game refused the request (the game was over, or its clock paused or not
    /// running); nothing was sent to the engine, or its answer was not applied.
    #[error("{0}")]
    Game(GameError),
}

/// What happened in one engine turn; `M` is the game's move ([`Move`] in the 9x9 frame).
#[derive(Debug)]
pub struct TurnReport<M = Move> {
    /// The side the engine played.
    pub side: Color,
    /// The engine's answer, if it gave one (a late answer after `stop` included).
    pub answer: Option<BestMove>,
    /// The move played, when the answer was a legal move made in time.
    pub played: Option<M>,
    /// Milliseconds from `go` to the answer (or to giving up on it), by `now_ms`.
    pub used_ms: u64,
    /// Milliseconds beyond the side's time that the margin forgave (the move was stamped
    /// this much before `now_ms` said it came).
    pub forgiven_ms: u64,
    /// The reply the engine expects, if it named one.
    pub ponder: Option<String>,
    /// The engine's last `info` line with search data (depth, score, pv), if any.
    pub info: Option<SearchInfo>,
    /// What went wrong, if anything.
    pub error: Option<TurnError>,
    /// The game's outcome after the turn, if it is over.
    pub outcome: Option<Outcome>,
}

impl<M> TurnReport<M> {
    /// The answer's text, when it was a move (legal or not).
    pub fn move_text(&self) -> Option<&str> {
        self.answer.as_ref().and_then(BestMove::as_move)
    }

    /// Whether the engine is no longer fit to play: it exited, missed a handshake, or
    /// did not answer even after `stop`. A caller should start it afresh.
    pub fn needs_restart(&self) -> bool {
        matches!(
            self.error,
            Some(TurnError::Engine(
                UsiError::Exited { .. }
                    | UsiError::NoReadyOk(_)
                    | UsiError::NoUsiOk(_)
                    | UsiError::Timeout { late: None, .. }
            ))
        )
    }

    fn new(side: Color) -> TurnReport<M> {
        TurnReport {
            side,
            answer: None,
            played: None,
            used_ms: 0,
            forgiven_ms: 0,
            ponder: None,
            info: None,
            error: None,
            outcome: None,
        }
    }
}

/// `sente 7g7f (1234 ms, depth 12, cp 34, pv 7g7f 3c3d)`, then `: ` and the error if there
/// was one, then ` => ` and the outcome if the turn ended the game.
impl<M> fmt::Display for TurnReport<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = self.side.name();
        match &self.answer {
            Some(answer) => write!(f, "{side} {answer} ({} ms", self.used_ms)?,
            None => write!(f, "{side} no answer ({} ms", self.used_ms)?,
        }
        if let Some(info) = &self.info {
            if let Some(depth) = info.depth {
                write!(f, ", depth {depth}")?;
            }
            match info.score {
                Some(crate::usi_client::Score::Cp(cp)) => write!(f, ", cp {cp}")?,
                Some(crate::usi_client::Score::Mate(n)) => write!(f, ", mate {n}")?,
                Some(crate::usi_client::Score::MateUnknown(us)) => {
                    write!(f, ", mate {}", if us { "+" } else { "-" })?
                }
                None => {}
            }
            if !info.pv.is_empty() {
                write!(f, ", pv {}", info.pv.join(" "))?;
            }
        }
        f.write_str(")")?;
        if let Some(error) = &self.error {
            write!(f, ": {error}")?;
        }
        if let Some(outcome) = self.outcome {
            write!(f, " => {outcome}")?;
        }
        Ok(())
    }
}

/// Asks `engine` for the move of the side to move in `game`, with no margin and
/// [`TurnLimits::default`] when the game has no clock, and applies the answer (see the
/// module docs).
pub fn engine_turn<V: Refereed>(
    engine: &mut UsiEngine,
    game: &mut Game<V>,
    now_ms: &dyn Fn() -> u64,
    margin_ms: u64,
) -> TurnReport<V::Move> {
    let limits = TurnLimits {
        margin_ms,
        ..TurnLimits::default()
    };
    engine_turn_with(engine, game, now_ms, &limits)
}

/// Asks `engine` for the move of the side to move in `game` and applies the answer (see the
/// module docs). A clock not started yet is started at the first time stamp.
pub fn engine_turn_with<V: Refereed>(
    engine: &mut UsiEngine,
    game: &mut Game<V>,
    now_ms: &dyn Fn() -> u64,
    limits: &TurnLimits,
) -> TurnReport<V::Move> {
    let side = game.side_to_move();
    let mut report = TurnReport::new(side);
    let start = now_ms();
    if let Err(e) = ready_clock(game, start) {
        report.error = Some(TurnError::Game(e));
        report.outcome = game.outcome();
        return report;
    }
    if game.check_time(start).is_some() {
        report.outcome = game.outcome();
        return report;
    }
    // The time the side has, or the fixed limit's, and the `go` arguments.
    let (go, available, clocked) = match game.clock().and_then(|c| Some((c, c.usi_go(start)?))) {
        Some((clock, time)) => (
            GoLimits::from(time),
            time_available(clock, side, start),
            true,
        ),
        None => {
            let (go, wait) = limits.unclocked.limits();
            (go, wait, false)
        }
    };
    let wait = Duration::from_millis(available.saturating_add(limits.margin_ms));
    let dialect = engine.dialect();
    let answer = engine.go(&V::position_line(game, dialect), &go, wait);
    let end = now_ms().max(start);
    report.used_ms = end - start;
    // Within the margin, the move counts as made at the end of the side's time.
    let in_margin =
        report.used_ms > available && report.used_ms <= available.saturating_add(limits.margin_ms);
    let stamp = if clocked && in_margin {
        start + available
    } else {
        end
    };
    report.forgiven_ms = end - stamp;
    match answer {
        Ok(result) => {
            report.answer = Some(result.best.clone());
            report.ponder = result.ponder;
            report.info = result.info;
            apply(game, &mut report, result.best, stamp, dialect);
        }
        Err(UsiError::Timeout { limit, late }) => {
            report.answer = late.clone();
            if game.check_time(end).is_none() {
                let _ = game.time_forfeit(side);
            }
            report.error = Some(TurnError::Engine(UsiError::Timeout { limit, late }));
        }
        Err(UsiError::MalformedBestMove(line)) => {
            if game.check_time(stamp).is_none() {
                game.forfeit(Foul::NotAMove);
            }
            report.error = Some(TurnError::Engine(UsiError::MalformedBestMove(line)));
        }
        Err(e) => {
            let _ = game.end(Outcome::loss(side, Reason::Abandoned));
            report.error = Some(TurnError::Engine(e));
        }
    }
    report.outcome = game.outcome();
    report
}

/// Starts a clock that has not been started; refuses a paused one (or a finished game).
fn ready_clock<V: Rules>(game: &mut Game<V>, now: u64) -> Result<(), GameError> {
    if game.is_over() {
        return Err(GameError::Over);
    }
    match game.clock().map(|c| c.state) {
        Some(ClockState::NotStarted) => game.start_clock(now),
        Some(ClockState::Paused) => Err(GameError::Clock(crate::clock::ClockError::Paused)),
        _ => Ok(()),
    }
}

/// All the time `side` (to move) has at `now`: main time, what is left of the current
/// byoyomi period and the periods after it.
fn time_available(clock: &Clock, side: Color, now: u64) -> u64 {
    let Some(left) = clock.remaining(side, now) else {
        return 0;
    };
    let period = match clock.control {
        TimeControl::Byoyomi { period_ms, .. } => period_ms,
        _ => 0,
    };
    let later = u64::from(left.periods.saturating_sub(1)).saturating_mul(period);
    left.main_ms
        .saturating_add(left.period_ms)
        .saturating_add(later)
}

/// Applies the engine's answer at time stamp `stamp`.
fn apply<V: Refereed>(
    game: &mut Game<V>,
    report: &mut TurnReport<V::Move>,
    best: BestMove,
    stamp: u64,
    dialect: Dialect,
) {
    let side = report.side;
    // Running out of time comes before anything said after it.
    if game.check_time(stamp).is_some() {
        return;
    }
    let result = match best {
        BestMove::Resign => game.resign(side).map(Some),
        BestMove::Win => game
            .declare_at_judged(stamp, V::judge_declaration)
            .map(Some),
        BestMove::Move(text) => match V::read_move(game, &text, dialect) {
            Err(e) => {
                game.forfeit(Foul::NotAMove);
                report.error = Some(TurnError::NotAMove { text, why: e });
                Ok(None)
            }
            Ok(m) => {
                let before = game.moves().len();
                let result = game.play_or_forfeit_at(m, stamp);
                if game.moves().len() > before {
                    report.played = Some(m);
                } else if let Some((_, foul)) = game.illegal_move() {
                    report.error = Some(TurnError::Illegal { text, foul });
                }
                result
            }
        },
    };
    if let Err(e) = result {
        report.error = Some(TurnError::Game(e));
    }
}

/// The `position` line of a 9x9 `game` in `dialect`.
pub(crate) fn position_line<V: Variant>(game: &Game<V>, dialect: Dialect) -> String {
    if dialect == Dialect::Usi {
        return game.usi_position();
    }
    let variant = sfen::kind_of::<V>();
    let Ok(mut pos) = variant.position(&game.start().to_setup()) else {
        return game.usi_position();
    };
    let mut line = if *game.start() == Position::<V>::startpos() {
        "position startpos".to_string()
    } else {
        format!("position sfen {}", fsf::write_sfen(&pos))
    };
    for (i, &m) in game.moves().iter().enumerate() {
        line.push_str(if i == 0 { " moves " } else { " " });
        line.push_str(&fsf::write_move(&pos, m));
        if pos.play(m).is_err() {
            break;
        }
    }
    line
}

/// The move `text` of the side to move in a 9x9 `game`, written in `dialect`.
pub(crate) fn read_move<V: Variant>(
    game: &Game<V>,
    text: &str,
    dialect: Dialect,
) -> Result<Move, String> {
    let variant = sfen::kind_of::<V>();
    match dialect {
        Dialect::Usi => usi::parse_move(variant, text).map_err(|e| e.to_string()),
        Dialect::Fsf => {
            let pos = variant
                .position(&game.position().to_setup())
                .map_err(|e| e.to_string())?;
            fsf::parse_move(&pos, text).map_err(|e| e.to_string())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RuleSet;
    use koma_rules::variants::Kyoto;

    #[test]
    fn fairy_stockfish_hears_and_speaks_its_own_letters() {
        let mut game = Game::new(
            Position::<Kyoto>::startpos(),
            RuleSet::default_for(Kyoto::KIND),
        );
        // Sente's pawn on 1e moves up and turns into a rook: Fairy-Stockfish writes `+`.
        let m = read_move(&game, "1e1d+", Dialect::Fsf).unwrap();
        assert_eq!(m.from().map(|s| s.to_string()).as_deref(), Some("1e"));
        game.play(m).unwrap();
        assert_eq!(position_line(&game, Dialect::Usi), game.usi_position());
        assert_eq!(
            position_line(&game, Dialect::Fsf),
            "position startpos moves 1e1d+"
        );
        assert!(read_move(&game, "zz", Dialect::Fsf).is_err());
    }

    #[test]
    fn the_dialect_follows_the_engine_name() {
        assert_eq!(
            Dialect::of_engine(Some("Fairy-Stockfish 261126 LB")),
            Dialect::Fsf
        );
        assert_eq!(Dialect::of_engine(Some("koma 0.1.0")), Dialect::Usi);
        assert_eq!(Dialect::of_engine(None), Dialect::Usi);
    }
}
