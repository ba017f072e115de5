//! `koma.Engine` (koma-engine's search in-process, the USI engine without the protocol)
//! and `koma.solve_mate` (koma-tsume's df-pn solver).

use crate::board::Board;
use crate::errors::{KomaError, SfenError};
use koma_engine::{Limits, PastPosition, Score, SearchInfo, Searched, Searcher};
use koma_notation::usi;
use koma_rules::{AnyPosition, Move, Position, VariantKind, on_position};
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Milliseconds as a duration, refusing negative or absurd values.
fn millis(name: &str, ms: f64) -> PyResult<Duration> {
    if (0.0..1e12).contains(&ms) {
        Ok(Duration::from_secs_f64(ms / 1000.0))
    } else {
        Err(KomaError::new_err(format!(
            "{name} must be a number of milliseconds, not {ms}"
        )))
    }
}

/// The search of koma's USI engine, in-process: its transposition table is kept between
/// calls of `go` (cleared by `clear`).
#[pyclass(module = "koma", frozen)]
pub struct Engine {
    searcher: Mutex<Searcher>,
    stop: Arc<AtomicBool>,
}

/// What a search found.
#[pyclass(module = "koma", frozen, get_all)]
pub struct SearchResult {
    /// The best move in USI (`None` when the side to move has no legal move).
    bestmove: Option<String>,
    /// The expected reply, if the search has one.
    ponder: Option<String>,
    /// The score in centipawns from the side to move's view (`None` for a mate score).
    score_cp: Option<i32>,
    /// Mate in this many plies: positive when the side to move mates, negative when it is
    /// mated (`None` for a centipawn score).
    mate: Option<i32>,
    /// The depth of the last completed iteration.
    depth: u32,
    /// Nodes searched.
    nodes: u64,
    /// The principal variation in USI, best move first.
    pv: Vec<String>,
}

#[pymethods]
impl SearchResult {
    fn __repr__(&self) -> String {
        let score = match (self.score_cp, self.mate) {
            (_, Some(m)) => format!("mate {m}"),
            (Some(cp), None) => format!("cp {cp}"),
            _ => "none".to_string(),
        };
        format!(
            "<koma.SearchResult bestmove={} {score} depth {} pv {}>",
            self.bestmove.as_deref().unwrap_or("none"),
            self.depth,
            self.pv.join(" ")
        )
    }
}

/// Searches `root`, reached through `past`, with `searcher`.
fn search_typed<V: Searched<Move = Move>>(
    searcher: &mut Searcher,
    root: &Position<V>,
    past: &[PastPosition],
    limits: &Limits,
    stop: &AtomicBool,
) -> (koma_engine::SearchResult, Vec<Move>) {
    let mut pv = Vec::new();
    let mut report = |info: &SearchInfo| {
        if info.multipv == 1 {
            pv.clone_from(&info.pv);
        }
    };
    let result = searcher.search(root, past, limits, stop, &mut report);
    (result, pv)
}

#[pymethods]
impl Engine {
    /// An engine with a `hash_mb` megabyte transposition table and `threads` search
    /// threads; `nnue` true evaluates shogi by the embedded net, false by the hand-written
    /// evaluation, `None` by the engine's default (the USI options `Hash`, `Threads`,
    /// `UseNNUE`).
    #[new]
    #[pyo3(signature = (hash_mb=64, threads=1, nnue=None))]
    fn new(hash_mb: usize, threads: usize, nnue: Option<bool>) -> PyResult<Engine> {
        if !(1..=65_536).contains(&hash_mb) || !(1..=256).contains(&threads) {
            return Err(KomaError::new_err(
                "hash_mb must be 1..=65536 and threads 1..=256",
            ));
        }
        let mut searcher = Searcher::new(hash_mb);
        searcher.set_threads(threads);
        let nnue = nnue.unwrap_or(koma_engine::eval::NNUE_BY_DEFAULT);
        searcher.set_net(nnue.then(|| Arc::clone(&koma_nnue::network::EMBEDDED)));
        Ok(Engine {
            searcher: Mutex::new(searcher),
            stop: Arc::new(AtomicBool::new(false)),
        })
    }

    /// Searches the board's position (its move stack counts for repetitions) within the
    /// limits: `movetime` in milliseconds, `depth` in plies, `nodes`; with none given, one
    /// second. The GIL is released while it thinks; `stop()` from another thread ends it.
    #[pyo3(signature = (board, movetime=None, depth=None, nodes=None))]
    fn go(
        &self,
        py: Python<'_>,
        board: &Board,
        movetime: Option<f64>,
        depth: Option<u32>,
        nodes: Option<u64>,
    ) -> PyResult<SearchResult> {
        let mut limits = Limits {
            depth,
            nodes,
            ..Limits::default()
        };
        let movetime = match (movetime, depth, nodes) {
            (Some(ms), _, _) => Some(millis("movetime", ms)?),
            (None, None, None) => Some(Duration::from_secs(1)),
            _ => None,
        };
        limits.soft_time = movetime;
        limits.hard_time = movetime;
        let root: AnyPosition = board.position();
        let past: Vec<PastPosition> = board.past().collect();
        let kind = root.variant();
        self.stop.store(false, Ordering::SeqCst);
        let (result, pv) = py.detach(|| {
            let mut searcher = self
                .searcher
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            on_position!(&root, p => search_typed(&mut searcher, p, &past, &limits, &self.stop))
        });
        let text = |m: Move| usi::write_move(kind, m);
        let (score_cp, mate) = match result.score {
            Score::Cp(cp) => (Some(cp), None),
            Score::Mate(n) => (None, Some(n)),
        };
        Ok(SearchResult {
            bestmove: result.best.map(text),
            ponder: result.ponder.map(text),
            score_cp,
            mate,
            depth: result.depth,
            nodes: result.nodes,
            pv: pv.into_iter().map(text).collect(),
        })
    }

    /// Ends a running `go` (called from another thread); it returns its best move so far.
    fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// Forgets what earlier searches learnt (a new game: USI's `usinewgame`).
    fn clear(&self, py: Python<'_>) {
        py.detach(|| {
            self.searcher
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .clear();
        });
    }
}

/// What the mate solver found.
#[pyclass(module = "koma", frozen, get_all)]
pub struct MateResult {
    /// `mate`, `nomate` (proven: no forced mate) or `unknown` (not decided within the
    /// limits).
    status: &'static str,
    /// The mating line in USI, attacker first (empty unless `mate`).
    moves: Vec<String>,
    /// Whether the line is proven to be the shortest mate.
    shortest: bool,
    /// Nodes searched.
    nodes: u64,
    /// Wall-clock time, in milliseconds.
    time_ms: u64,
}

#[pymethods]
impl MateResult {
    fn __bool__(&self) -> bool {
        self.status == "mate"
    }

    fn __repr__(&self) -> String {
        format!("<koma.MateResult {} {}>", self.status, self.moves.join(" "))
    }
}

/// Solves a mate problem (tsume): the side to move attacks with checks only. `position` is
/// a `Board` of standard shogi or an SFEN (a side may lack its king, as in most problems).
/// `movetime` (milliseconds) and `nodes` bound the search; with neither, it runs until it
/// decides. With `rest_to_defender`, every piece neither on the board nor in the
/// attacker's hand goes to the defender first (the composers' convention). The GIL is
/// released while it searches.
#[pyfunction]
#[pyo3(signature = (position, movetime=None, nodes=None, hash_mb=64, rest_to_defender=false))]
pub fn solve_mate(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    movetime: Option<f64>,
    nodes: Option<u64>,
    hash_mb: usize,
    rest_to_defender: bool,
) -> PyResult<MateResult> {
    let pos = if let Ok(board) = position.cast::<Board>() {
        match board.borrow().position() {
            AnyPosition::Shogi(p) => p,
            other => {
                return Err(KomaError::new_err(format!(
                    "the mate solver plays standard shogi, not {}",
                    other.variant().name()
                )));
            }
        }
    } else {
        let text: String = position.extract()?;
        koma_tsume::parse_problem(text.trim()).map_err(|e| SfenError::new_err(e.to_string()))?
    };
    if !(1..=65_536).contains(&hash_mb) {
        return Err(KomaError::new_err("hash_mb must be 1..=65536"));
    }
    let limits = koma_tsume::Limits {
        time: movetime.map(|ms| millis("movetime", ms)).transpose()?,
        nodes,
        hash_mb,
        rest_to_defender,
        ..koma_tsume::Limits::default()
    };
    let report = py.detach(|| koma_tsume::solve(&pos, &limits));
    let (status, line) = match report.outcome {
        koma_tsume::Outcome::Mate(line) => ("mate", line),
        koma_tsume::Outcome::NoMate(_) => ("nomate", Vec::new()),
        koma_tsume::Outcome::Unknown(_) => ("unknown", Vec::new()),
    };
    Ok(MateResult {
        status,
        moves: line
            .into_iter()
            .map(|m| usi::write_move(VariantKind::Shogi, m))
            .collect(),
        shortest: report.shortest,
        nodes: report.nodes,
        time_ms: report.elapsed.as_millis() as u64,
    })
}
