//! What a USI engine says, as Python objects: `koma.usi.Option` (a declared option),
//! `koma.usi.Info` (an `info` line) and `koma.usi.SearchResult` (the answer to `go`).

use koma_game::usi_client::{self as client, BestMove, MateAnswer, OptionKind, Score, ScoreBound};
use pyo3::prelude::*;

/// An option the engine declared in its answer to `usi`.
#[pyclass(module = "koma.usi", name = "Option", frozen, get_all)]
#[derive(Clone)]
pub struct UsiOption {
    /// The option's name (`USI_Hash`, `Threads`, ...).
    name: String,
    /// Its type: `check`, `spin`, `combo`, `button`, `string`, `filename`, or another word
    /// as the engine wrote it.
    kind: String,
    /// The default value as written (`None` if not given).
    default: Option<String>,
    /// The smallest value of a `spin` option.
    min: Option<i64>,
    /// The largest value of a `spin` option.
    max: Option<i64>,
    /// The choices of a `combo` option, in order.
    vars: Vec<String>,
}

impl From<&client::UsiOption> for UsiOption {
    fn from(option: &client::UsiOption) -> UsiOption {
        let kind = match &option.kind {
            OptionKind::Check => "check",
            OptionKind::Spin => "spin",
            OptionKind::Combo => "combo",
            OptionKind::Button => "button",
            OptionKind::String => "string",
            OptionKind::Filename => "filename",
            OptionKind::Other(word) => word.as_str(),
        };
        UsiOption {
            name: option.name.clone(),
            kind: kind.to_string(),
            default: option.default.clone(),
            min: option.min,
            max: option.max,
            vars: option.vars.clone(),
        }
    }
}

#[pymethods]
impl UsiOption {
    fn __repr__(&self) -> String {
        let mut text = format!("<koma.usi.Option {} type {}", self.name, self.kind);
        if let Some(default) = &self.default {
            text.push_str(&format!(" default {default}"));
        }
        if let (Some(min), Some(max)) = (self.min, self.max) {
            text.push_str(&format!(" min {min} max {max}"));
        }
        for var in &self.vars {
            text.push_str(&format!(" var {var}"));
        }
        text + ">"
    }
}

/// One `info` line of a search; the fields the line did not carry are `None` (or empty).
#[pyclass(module = "koma.usi", name = "Info", frozen, get_all)]
#[derive(Clone)]
pub struct Info {
    /// The line as the engine printed it.
    line: String,
    /// `depth`: the nominal search depth.
    depth: Option<u32>,
    /// `seldepth`: the selective depth.
    seldepth: Option<u32>,
    /// `time`: milliseconds searched.
    time: Option<u64>,
    /// `nodes`: nodes searched.
    nodes: Option<u64>,
    /// `nps`: nodes per second.
    nps: Option<u64>,
    /// `hashfull`: hash table use in permille.
    hashfull: Option<u32>,
    /// `multipv`: which of several lines this is (1 = best).
    multipv: Option<u32>,
    /// `score cp N`: centipawns from the engine's side.
    cp: Option<i32>,
    /// `score mate N`: mate in N plies, negative when the engine is mated (`None` for
    /// `mate +` / `mate -`, whose length is unknown: see `mating`).
    mate: Option<i32>,
    /// With a mate score: `True` if the engine mates, `False` if it is mated.
    mating: Option<bool>,
    /// `lowerbound` or `upperbound` after the score: `"lower"`, `"upper"` or `None`.
    bound: Option<&'static str>,
    /// `currmove`: the move being searched.
    currmove: Option<String>,
    /// `pv`: the principal variation in USI, the move to play first.
    pv: Vec<String>,
    /// `string`: free text (the rest of the line).
    string: Option<String>,
}

impl Info {
    /// The fields of `info` (read from `line`).
    pub fn new(line: String, info: &client::SearchInfo) -> Info {
        let (cp, mate, mating) = match info.score {
            Some(Score::Cp(cp)) => (Some(cp), None, None),
            Some(Score::Mate(n)) => (None, Some(n), Some(n > 0)),
            Some(Score::MateUnknown(mating)) => (None, None, Some(mating)),
            None => (None, None, None),
        };
        Info {
            line,
            depth: info.depth,
            seldepth: info.seldepth,
            time: info.time_ms,
            nodes: info.nodes,
            nps: info.nps,
            hashfull: info.hashfull,
            multipv: info.multipv,
            cp,
            mate,
            mating,
            bound: info.bound.map(|b| match b {
                ScoreBound::Lower => "lower",
                ScoreBound::Upper => "upper",
            }),
            currmove: info.currmove.clone(),
            pv: info.pv.clone(),
            string: info.string.clone(),
        }
    }
}

#[pymethods]
impl Info {
    fn __repr__(&self) -> String {
        format!("<koma.usi.Info {}>", self.line)
    }
}

/// The engine's answer to `go`: the move, the expected reply and the `info` lines.
#[pyclass(module = "koma.usi", name = "SearchResult", frozen, get_all)]
pub struct SearchResult {
    /// The move in USI, or `"resign"` (投了) or `"win"` (an entering-king declaration).
    bestmove: String,
    /// The reply the engine expects (`bestmove ... ponder M`), if it named one.
    ponder: Option<String>,
    /// Every `info` line of the search, in order.
    infos: Vec<Info>,
    /// The last `info` line with search results for the best line, if any.
    info: Option<Info>,
    /// Seconds from `go` (or `ponderhit`) to `bestmove`.
    elapsed: f64,
}

impl SearchResult {
    /// The answer `result`, with the `info` lines collected while it was awaited and the
    /// last of them with search results for the best line.
    pub fn new(result: client::SearchResult, infos: Vec<Info>, info: Option<Info>) -> SearchResult {
        SearchResult {
            bestmove: match result.best {
                BestMove::Move(m) => m,
                BestMove::Resign => "resign".to_string(),
                BestMove::Win => "win".to_string(),
            },
            ponder: result.ponder,
            infos,
            info,
            elapsed: result.elapsed.as_secs_f64(),
        }
    }
}

#[pymethods]
impl SearchResult {
    /// Whether the engine resigned.
    #[getter]
    fn is_resign(&self) -> bool {
        self.bestmove == "resign"
    }

    /// Whether the engine declared an entering-king win.
    #[getter]
    fn is_win(&self) -> bool {
        self.bestmove == "win"
    }

    fn __repr__(&self) -> String {
        let mut text = format!("<koma.usi.SearchResult bestmove {}", self.bestmove);
        if let Some(p) = &self.ponder {
            text.push_str(&format!(" ponder {p}"));
        }
        if let Some(info) = &self.info {
            match (info.cp, info.mate, info.mating) {
                (Some(cp), _, _) => text.push_str(&format!(" cp {cp}")),
                (_, Some(m), _) => text.push_str(&format!(" mate {m}")),
                (_, _, Some(true)) => text.push_str(" mate +"),
                (_, _, Some(false)) => text.push_str(" mate -"),
                _ => {}
            }
        }
        text + ">"
    }
}

/// The engine's answer to `go mate`.
#[pyclass(module = "koma.usi", name = "MateResult", frozen, get_all)]
pub struct MateResult {
    /// `mate`, `nomate` (there is none), `timeout` (none found in time) or
    /// `notimplemented` (the engine has no mate search).
    status: &'static str,
    /// The mating moves in USI, attacker first (empty unless `mate`).
    moves: Vec<String>,
    /// Every `info` line of the search, in order.
    infos: Vec<Info>,
    /// Seconds from `go mate` to `checkmate`.
    elapsed: f64,
}

impl MateResult {
    /// The answer `answer` after `elapsed`, with the `info` lines of its search.
    pub fn new(answer: MateAnswer, elapsed: std::time::Duration, infos: Vec<Info>) -> MateResult {
        let (status, moves) = match answer {
            MateAnswer::Mate(moves) => ("mate", moves),
            MateAnswer::NoMate => ("nomate", Vec::new()),
            MateAnswer::Timeout => ("timeout", Vec::new()),
            MateAnswer::NotImplemented => ("notimplemented", Vec::new()),
        };
        MateResult {
            status,
            moves,
            infos,
            elapsed: elapsed.as_secs_f64(),
        }
    }
}

#[pymethods]
impl MateResult {
    fn __bool__(&self) -> bool {
        self.status == "mate"
    }

    fn __repr__(&self) -> String {
        format!(
            "<koma.usi.MateResult {} {}>",
            self.status,
            self.moves.join(" ")
        )
    }
}
