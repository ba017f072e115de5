//! Chu matches between two USI engines: games one after another from seeded random
//! openings (each played with both colours), every move asked for with a fixed time and
//! judged by the family's [`Game`] under [`RuleSet::CHU`](crate::rules::RuleSet::CHU).

use crate::game::Game;
use crate::matches::runner::tell_result;
use crate::matches::{EngineSpec, GameResult, MatchError, MatchSummary};
use crate::outcome::{Outcome, Reason};
use crate::rules::RuleSet;
use crate::usi_client::{BestMove, GoLimits, UsiEngine, UsiError, UsiTimeouts};
use koma_rules::chu::{Chu, ChuPosition};
use koma_rules::rng::SplitMix64;
use koma_rules::{Color, GameKind};
use std::time::Duration;

/// How a Chu match is played.
#[derive(Clone, Debug)]
pub struct ChuMatchConfig {
    /// Engine A, then engine B.
    pub engines: [EngineSpec; 2],
    /// Games to play (A has sente in the odd-numbered ones).
    pub games: usize,
    /// Time for every move (USI `byoyomi`), in milliseconds.
    pub move_ms: u64,
    /// How late past `move_ms` an answer may come before it loses on time.
    pub margin_ms: u64,
    /// A game that reaches this many moves is drawn.
    pub max_plies: usize,
    /// Random moves from the start position that open each pair of games.
    pub random_plies: usize,
    /// The seed of those moves.
    pub seed: u64,
    /// How long to wait for the engines' answers outside the game.
    pub timeouts: UsiTimeouts,
    /// Where to write each game as KIF (`game-001.kif`), if anywhere.
    pub out_dir: Option<std::path::PathBuf>,
}

impl ChuMatchConfig {
    /// `games` games between `a` and `b` at `move_ms` a move, 300 moves at most, from
    /// four random plies.
    pub fn new(a: EngineSpec, b: EngineSpec, games: usize, move_ms: u64) -> ChuMatchConfig {
        ChuMatchConfig {
            engines: [a, b],
            games,
            move_ms,
            margin_ms: 1_000,
            max_plies: 300,
            random_plies: 4,
            seed: 1,
            timeouts: UsiTimeouts::default(),
            out_dir: None,
        }
    }
}

/// The opening of the `pair`-th pair of games: `plies` random legal moves from the start
/// (fewer if the game would end).
pub fn opening(seed: u64, pair: usize, plies: usize) -> Game<Chu> {
    let mut rng = SplitMix64::new(seed ^ (pair as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let mut game = Game::new(ChuPosition::startpos(), RuleSet::CHU);
    for _ in 0..plies {
        let moves = game.position().legal_moves();
        let m = moves[rng.below(moves.len() as u64) as usize];
        let mut trial = game.clone();
        if trial.play(m).ok().flatten().is_some() {
            break;
        }
        game = trial;
    }
    game
}

/// Plays the match, telling `observer` about every finished game.
pub fn run(
    config: &ChuMatchConfig,
    observer: &mut dyn FnMut(&GameResult),
) -> Result<MatchSummary, MatchError> {
    let mut engines: [Option<UsiEngine>; 2] = [None, None];
    let mut names = [String::new(), String::new()];
    for i in 0..2 {
        let engine = config.engines[i].start(GameKind::Chu, RuleSet::CHU, config.timeouts)?;
        names[i] = config.engines[i]
            .name
            .clone()
            .or_else(|| engine.info().name.clone())
            .unwrap_or_else(|| config.engines[i].command_line());
        engines[i] = Some(engine);
    }
    if names[0] == names[1] {
        names = [format!("{} #1", names[0]), format!("{} #2", names[1])];
    }
    let mut summary = MatchSummary::new(names);
    for index in 0..config.games {
        let result = play_game(config, &mut engines, index)?;
        observer(&result);
        summary.add(result);
    }
    for engine in engines.iter_mut().flatten() {
        engine.quit();
    }
    Ok(summary)
}

/// Game `index` (from 0).
fn play_game(
    config: &ChuMatchConfig,
    engines: &mut [Option<UsiEngine>; 2],
    index: usize,
) -> Result<GameResult, MatchError> {
    let sente = index % 2;
    let engine_of = |color: Color| match color {
        Color::Black => sente,
        Color::White => 1 - sente,
    };
    let mut game = opening(config.seed, index / 2, config.random_plies);
    let opening_plies = game.moves().len();
    let mut note = None;
    for (slot, held) in engines.iter_mut().enumerate() {
        let alive = held
            .as_mut()
            .is_some_and(|e| !e.has_exited() && e.is_ready().and_then(|()| e.new_game()).is_ok());
        if !alive {
            let mut engine =
                config.engines[slot].start(GameKind::Chu, RuleSet::CHU, config.timeouts)?;
            engine.new_game().map_err(|source| MatchError::Engine {
                command: config.engines[slot].command_line(),
                source,
            })?;
            *held = Some(engine);
        }
    }
    let limits = GoLimits::byoyomi(0, 0, config.move_ms);
    let deadline = Duration::from_millis(config.move_ms + config.margin_ms);
    while !game.is_over() {
        if game.moves().len() >= config.max_plies {
            let _ = game.end(Outcome::draw(Reason::MaxPlies));
            break;
        }
        let mover = game.side_to_move();
        let slot = engine_of(mover);
        let Some(engine) = engines[slot].as_mut() else {
            let _ = game.end(Outcome::win(!mover, Reason::Abandoned));
            break;
        };
        match engine.go(&game.usi_position(), &limits, deadline) {
            Ok(answer) => match answer.best {
                BestMove::Move(text) => {
                    if let Ok(Some(o)) = game.play_usi(&text)
                        && matches!(o.reason, Reason::IllegalMove(_))
                    {
                        note = Some(format!("{}: illegal move {text}", slot_name(slot)));
                    }
                }
                BestMove::Resign | BestMove::Win => {
                    let _ = game.end(Outcome::win(!mover, Reason::Resignation));
                }
            },
            Err(UsiError::Timeout { .. }) => {
                note = Some(format!("{}: no move in time", slot_name(slot)));
                let _ = game.end(Outcome::win(!mover, Reason::TimeForfeit));
            }
            Err(e) => {
                note = Some(format!("{}: {e}", slot_name(slot)));
                engines[slot] = None;
                let _ = game.end(Outcome::win(!mover, Reason::Abandoned));
            }
        }
    }
    let outcome = game.outcome().unwrap_or(Outcome::draw(Reason::Abandoned));
    tell_result(engines, outcome, engine_of);
    let mut records = Vec::new();
    if let Some(dir) = &config.out_dir {
        let path = dir.join(format!("game-{:03}.kif", index + 1));
        let _ = game.end(outcome);
        let summary = super::summary(&game).unwrap_or_default();
        let ending = format!("{summary} ({})", outcome.reason.name());
        let text = koma_notation::chu::kif::write(
            &koma_notation::record::Header::default(),
            game.start(),
            game.moves(),
            Some(&ending),
        );
        std::fs::create_dir_all(dir)
            .and_then(|()| std::fs::write(&path, text))
            .map_err(|source| MatchError::Io {
                path: path.clone(),
                source,
            })?;
        records.push(path);
    }
    Ok(GameResult {
        number: index + 1,
        opening_line: None,
        sente,
        outcome,
        plies: game.moves().len(),
        opening_plies,
        note,
        records,
    })
}

fn slot_name(slot: usize) -> &'static str {
    if slot == 0 { "A" } else { "B" }
}
