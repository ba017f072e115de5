//! `koma.usi.match`: a match between two USI engines, played by koma-game's runner
//! ([`koma_game::matches::ConcurrentMatch`], as `koma match` plays it), with its summary
//! (`koma.usi.MatchSummary`) and each game's result (`koma.usi.GameResult`).

use super::errors::DriverError;
use crate::errors::KomaError;
use koma_game::RuleSet;
use koma_game::clock::TimeControl;
use koma_game::matches::{
    self as runner, Adjudication, ConcurrentMatch, EngineSpec, MatchConfig, MatchEvent,
    parse_openings, read_openings,
};
use pyo3::prelude::*;
use pyo3::types::PyMapping;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::Ordering;

/// How one game of a match went.
#[pyclass(module = "koma.usi", name = "GameResult", frozen, get_all)]
#[derive(Clone)]
pub struct GameResult {
    /// The game's number, from 1.
    number: usize,
    /// Which engine played sente: 0 for the first, 1 for the second.
    sente: usize,
    /// The winning engine (0 or 1), `None` for a draw.
    winner: Option<usize>,
    /// The winning side (`koma.BLACK` or `koma.WHITE`), `None` for a draw.
    winner_color: Option<usize>,
    /// Why it ended, as one word: `checkmate`, `resignation`, `time-forfeit`,
    /// `sennichite`, `max-moves`, `abandoned`, ...
    reason: &'static str,
    /// The result as `koma replay` prints it (`sente checkmate`, `draw max-moves`).
    outcome: String,
    /// The moves played, the opening's included.
    plies: usize,
    /// The moves of the opening.
    opening_plies: usize,
    /// The opening's line in the openings file, if it came from one.
    opening_line: Option<usize>,
    /// What went wrong with an engine, if anything did.
    note: Option<String>,
    /// The records written (KIF and CSA).
    records: Vec<String>,
}

impl From<&runner::GameResult> for GameResult {
    fn from(game: &runner::GameResult) -> GameResult {
        GameResult {
            number: game.number,
            sente: game.sente,
            winner: game.winner(),
            winner_color: game.outcome.winner.map(|c| c.index()),
            reason: game.outcome.reason.name(),
            outcome: game.outcome.to_string(),
            plies: game.plies,
            opening_plies: game.opening_plies,
            opening_line: game.opening_line,
            note: game.note.clone(),
            records: game
                .records
                .iter()
                .map(|p| p.to_string_lossy().into_owned())
                .collect(),
        }
    }
}

#[pymethods]
impl GameResult {
    fn __repr__(&self) -> String {
        format!(
            "<koma.usi.GameResult game {}: {} after {} plies>",
            self.number, self.outcome, self.plies
        )
    }
}

/// The totals of a match, from the first engine's side (its losses are the second's wins).
#[pyclass(module = "koma.usi", name = "MatchSummary", frozen, get_all)]
pub struct MatchSummary {
    /// The engines' names, the first engine's first.
    names: (String, String),
    /// The first engine's wins.
    wins: u32,
    /// The first engine's losses (the second's wins).
    losses: u32,
    /// Draws.
    draws: u32,
    /// Games won by sente, by gote.
    color_wins: (u32, u32),
    /// The first engine's mean score per game (a win 1, a draw ½), `None` without games.
    score: Option<f64>,
    /// The first engine's Elo advantage (infinite for a clean sweep), `None` without games.
    elo: Option<f64>,
    /// Half the width of its 95% interval, in Elo.
    elo_error: Option<f64>,
    /// Games by how they ended: reason -> (won by the first, won by the second, drawn).
    reasons: BTreeMap<&'static str, (u32, u32, u32)>,
    /// Every game, in order.
    games: Vec<GameResult>,
    /// The summary as `koma match` prints it.
    text: String,
}

impl From<&runner::MatchSummary> for MatchSummary {
    fn from(s: &runner::MatchSummary) -> MatchSummary {
        let elo = s.elo();
        let by_color = |color: usize| {
            let won = |g: &&runner::GameResult| g.outcome.winner.map(|c| c.index()) == Some(color);
            s.games.iter().filter(won).count() as u32
        };
        MatchSummary {
            names: (s.names[0].clone(), s.names[1].clone()),
            wins: s.wins,
            losses: s.losses,
            draws: s.draws,
            color_wins: (by_color(0), by_color(1)),
            score: elo.map(|e| e.score),
            elo: elo.map(|e| e.diff),
            elo_error: elo.map(|e| e.error),
            reasons: s
                .reasons
                .iter()
                .map(|(&k, &[a, b, d])| (k, (a, b, d)))
                .collect(),
            games: s.games.iter().map(GameResult::from).collect(),
            text: s.to_string(),
        }
    }
}

#[pymethods]
impl MatchSummary {
    /// Games played.
    #[getter]
    fn played(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "<koma.usi.MatchSummary {} vs {}: {}-{}-{}>",
            self.names.0, self.names.1, self.wins, self.losses, self.draws
        )
    }
}

/// An engine of the match: a program, or a list of the program and its arguments, with
/// its options (`None` presses a button).
fn engine_spec(
    command: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyMapping>>,
    name: Option<String>,
) -> PyResult<EngineSpec> {
    let words: Vec<String> = match command.extract::<String>() {
        Ok(program) => vec![program],
        Err(_) => command.extract()?,
    };
    let Some(program) = words.first() else {
        return Err(KomaError::new_err("an engine command is empty"));
    };
    let mut spec = EngineSpec::from_program(program, words[1..].to_vec());
    spec.name = name;
    for (key, value) in super::option_items(options)? {
        let text = if value.is_none() {
            String::new()
        } else {
            super::option_text(&value)?
        };
        spec.options.push((key.str()?.to_string(), text));
    }
    Ok(spec)
}

/// Plays a match between two USI engines and returns its summary.
///
/// `engine1` and `engine2` are programs (or lists of a program and its arguments); game
/// `n` plays opening `(n - 1) // 2`, the first engine sente in odd games. `time` is
/// `koma match`'s time control (`1m+1s`, `0+200ms`, `fischer:2s+100ms`, ...);
/// `openings` a file of USI lines or a list of them; `records` a directory for the KIF
/// and CSA files; `concurrency` games are played at once. `on_game` is called with each
/// `GameResult` as it ends; returning `False` starts no more games (those under way end),
/// as does Ctrl-C, which is raised once they have ended.
#[pyfunction(name = "match")]
#[pyo3(signature = (
    engine1, engine2, *, games=2, time="1m+1s", openings=None, records=None, concurrency=1,
    variant="shogi", options1=None, options2=None, names=None, rules=None, max_moves=None,
    margin=100, adjudicate=None, on_game=None
))]
#[allow(clippy::too_many_arguments)]
pub fn play_match(
    py: Python<'_>,
    engine1: &Bound<'_, PyAny>,
    engine2: &Bound<'_, PyAny>,
    games: usize,
    time: &str,
    openings: Option<&Bound<'_, PyAny>>,
    records: Option<PathBuf>,
    concurrency: usize,
    variant: &str,
    options1: Option<&Bound<'_, PyMapping>>,
    options2: Option<&Bound<'_, PyMapping>>,
    names: Option<(String, String)>,
    rules: Option<&str>,
    max_moves: Option<u32>,
    margin: u64,
    adjudicate: Option<&str>,
    on_game: Option<Py<PyAny>>,
) -> PyResult<MatchSummary> {
    let kind = crate::variant::parse(variant)?;
    let (name1, name2) = names.map_or((None, None), |(a, b)| (Some(a), Some(b)));
    let a = engine_spec(engine1, options1, name1)?;
    let b = engine_spec(engine2, options2, name2)?;
    let mut config = MatchConfig::new(a, b, kind);
    config.games = games;
    config.time = time
        .parse::<TimeControl>()
        .map_err(|e| KomaError::new_err(format!("time {time:?}: {e}")))?;
    if let Some(name) = rules {
        config.rules = RuleSet::named_for(kind, name).ok_or_else(|| {
            let known: Vec<&str> = RuleSet::ALL.iter().map(|r| r.name).collect();
            KomaError::new_err(format!(
                "unknown rules {name:?} (known: {})",
                known.join(", ")
            ))
        })?;
    }
    if max_moves.is_some() {
        config.rules = config.rules.with_max_plies(max_moves);
    }
    if let Some(openings) = openings {
        let read = match openings.extract::<PathBuf>() {
            Ok(path) => read_openings(&path, kind),
            Err(_) => parse_openings(kind, &openings.extract::<Vec<String>>()?.join("\n")),
        };
        config.openings = read.map_err(|e| DriverError::Match(e.into()))?;
    }
    config.out_dir = records;
    config.turn.margin_ms = margin;
    if let Some(text) = adjudicate {
        let rule: Adjudication = text
            .parse()
            .map_err(|e| KomaError::new_err(format!("adjudicate {text:?}: {e}")))?;
        config.adjudication = Some(rule);
    }
    let mut failure: Option<PyErr> = None;
    let summary = py.detach(|| {
        let runner = ConcurrentMatch::new(config, concurrency.max(1))?;
        let stop = runner.stop_flag();
        runner.run(&mut |event: &MatchEvent| {
            let told = Python::attach(|py| {
                py.check_signals()?;
                match (event, &on_game) {
                    (MatchEvent::GameFinished(result), Some(f)) => {
                        let game = Py::new(py, GameResult::from(*result))?;
                        let answer = f.call1(py, (game,))?;
                        Ok(answer.extract::<bool>(py).ok() == Some(false))
                    }
                    _ => Ok(false),
                }
            });
            match told {
                Ok(false) => {}
                Ok(true) => stop.store(true, Ordering::SeqCst),
                Err(e) => {
                    failure.get_or_insert(e);
                    stop.store(true, Ordering::SeqCst);
                }
            }
        })
    });
    let summary = summary.map_err(DriverError::from)?;
    if let Some(e) = failure {
        return Err(e);
    }
    Ok(MatchSummary::from(&summary))
}
