//! Replaying a record's main line through the game layer, to see how the rules end it.

use crate::game::{Game, GameError};
use crate::outcome::{Foul, Outcome, Reason};
use crate::rules::RuleSet;
use koma_notation::record::{Entry, GameEnd, Record};
use koma_rules::{Position, SetupError, Variant};

/// What replaying a record found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The rule set the record was judged by.
    pub rules: RuleSet,
    /// The number of moves of the main line that were played.
    pub plies: usize,
    /// The ending the record states, if any.
    pub recorded: Option<GameEnd>,
    /// The result by the rules, or `None` if the game had not ended.
    pub outcome: Option<Outcome>,
    /// An illegal move of the main line: its ply (1-based) and why it is illegal.
    pub illegal: Option<(usize, Foul)>,
    /// Remarks on where the record and the rules part ways (e.g. an ending the position
    /// does not support).
    pub notes: Vec<String>,
}

/// Why a record cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The record's start position is not a position of its variant.
    #[error("the start position is invalid: {0}")]
    Start(#[from] SetupError),
}

/// The rule set a record's own ending calls for, when the caller names none: a declaration
/// is judged by the 27-point rule, an impasse by the 24-point count, a try by the try rule,
/// a move-limit draw by the computer-shogi rules (with the record's own limit, if it gives
/// one); otherwise the variant's default.
pub fn rules_for(record: &Record) -> RuleSet {
    let limit = record
        .header
        .get("最大手数")
        .and_then(|v| v.trim().parse().ok());
    match record.tree.main_end() {
        Some(GameEnd::EnteringKingWin) => RuleSet::AMATEUR,
        Some(GameEnd::Impasse) => RuleSet::PROFESSIONAL,
        Some(GameEnd::Try) => RuleSet::TRY,
        Some(GameEnd::MaxMoves) => RuleSet::CSA.with_max_plies(limit.or(Some(256))),
        _ => RuleSet::default_for(record.variant),
    }
}

/// Replays the main line of `record` under `rules` (by default [`rules_for`] the record):
/// every move through [`Game::play_or_forfeit`], then the record's ending where the rules
/// need the players' word for it (resignation, time, declaration, impasse, a foul the
/// record names).
pub fn replay(record: &Record, rules: Option<RuleSet>) -> Result<Replay, ReplayError> {
    let rules = rules.unwrap_or_else(|| rules_for(record));
    koma_rules::dispatch!(record.variant, V => replay_typed::<V>(record, rules))
}

fn replay_typed<V: Variant>(record: &Record, rules: RuleSet) -> Result<Replay, ReplayError> {
    let setup = record.start.setup(record.variant);
    let start = Position::<V>::from_setup(&setup)
        .or_else(|e| Position::<V>::from_setup_lenient(&setup).map_err(|_| e))?;
    let mut game = Game::new(start, rules);
    let mut replay = Replay {
        rules,
        plies: 0,
        recorded: None,
        outcome: None,
        illegal: None,
        notes: Vec::new(),
    };
    for id in record.tree.main_line() {
        match &record.tree.node(id).entry {
            Some(Entry::Move(m)) => {
                if game.is_over() {
                    replay.notes.push(format!(
                        "moves continue after the end at ply {}",
                        replay.plies
                    ));
                    break;
                }
                let _ = game.play_or_forfeit(*m);
                if let Some((_, foul)) = game.illegal_move() {
                    replay.illegal = Some((replay.plies + 1, foul));
                    break;
                }
                replay.plies += 1;
            }
            Some(Entry::End(end)) => {
                replay.recorded = Some(end.clone());
                break;
            }
            None => {}
        }
    }
    if let (Some(end), false) = (&replay.recorded, game.is_over()) {
        if let Err(note) = apply_ending(&mut game, end) {
            replay.notes.push(note.to_string());
        }
    }
    replay.outcome = game.outcome();
    if let (Some(end), Some(outcome)) = (&replay.recorded, replay.outcome) {
        if !agrees(end, outcome) {
            replay.notes.push(format!(
                "the record says {}, the rules say {outcome}",
                end.japanese()
            ));
        }
    }
    Ok(replay)
}

/// Why a record's ending could not end the replayed game (a note of the replay).
#[derive(Debug, thiserror::Error)]
enum EndingRefused {
    /// An ending the rules decide (mate, repetition, try) that the position does not show.
    #[error("the record says {} but the position does not", .0.japanese())]
    NotInPosition(GameEnd),
    /// The game refused the ending (e.g. a declaration that fails the conditions).
    #[error(transparent)]
    Game(#[from] GameError),
}

/// Ends `game` as the record's ending says, where the players' word decides.
fn apply_ending<V: Variant>(game: &mut Game<V>, end: &GameEnd) -> Result<(), EndingRefused> {
    let side = game.side_to_move();
    let result = match end {
        GameEnd::Resign => game.resign(side),
        GameEnd::OpponentResigned => game.resign(!side),
        GameEnd::TimeUp => game.time_forfeit(side),
        GameEnd::EnteringKingWin => game.declare(true),
        GameEnd::Impasse => match game.agree_impasse() {
            Err(GameError::NotAnImpasse) => {
                // The players (or the arbiter) called it an impasse anyway: count.
                let outcome = game.impasse_count();
                game.end(outcome)
            }
            other => other,
        },
        GameEnd::IllegalLoss => game.end(Outcome::loss(side, Reason::IllegalMove(Foul::Recorded))),
        GameEnd::IllegalWin => game.end(Outcome::win(side, Reason::IllegalMove(Foul::Recorded))),
        GameEnd::Draw => game.agree_draw(),
        GameEnd::Mate | GameEnd::Repetition | GameEnd::PerpetualCheck | GameEnd::Try => {
            return Err(EndingRefused::NotInPosition(end.clone()));
        }
        _ => return Ok(()),
    };
    result.map(|_| ()).map_err(EndingRefused::from)
}

/// Whether the rules' outcome is what the record's ending says.
fn agrees(end: &GameEnd, outcome: Outcome) -> bool {
    match end {
        GameEnd::Mate => outcome.reason == Reason::Checkmate,
        GameEnd::Repetition => {
            matches!(outcome.reason, Reason::Sennichite | Reason::PerpetualCheck)
        }
        GameEnd::PerpetualCheck => outcome.reason == Reason::PerpetualCheck,
        GameEnd::MaxMoves => outcome.reason == Reason::MaxPlies,
        GameEnd::Try => outcome.reason == Reason::Try,
        _ => true,
    }
}
