//! The search: iterative deepening over a principal variation search, with a transposition
//! table shared by the threads.

mod ordering;
pub mod see;
mod tt;
mod worker;

pub use tt::{Bound, TranspositionTable};

use koma_rules::{Move, MoveKind, Position, Variant};
use ordering::{Frame, MAX_PLY, Ordering as MoveOrdering};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use worker::Worker;

/// The score of mate at the root; mate in n plies scores `MATE - n`.
pub const MATE: i32 = 32_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;

/// A score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// Centipawns (a pawn is 100).
    Cp(i32),
    /// Mate in this many plies: positive when the side to move mates, negative when it is
    /// mated.
    Mate(i32),
}

/// What limits a search. Times are measured from the start of the search.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop after this depth.
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Do not start a new iteration after this time (the time manager's target).
    pub soft_time: Option<Duration>,
    /// Stop at once at this time.
    pub hard_time: Option<Duration>,
    /// Search until stopped (`go infinite`): the times above are ignored.
    pub infinite: bool,
    /// Pondering: while this flag is set the search runs as if infinite; once it is
    /// cleared (`ponderhit`), the times above count from the moment the search notices.
    pub ponder: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// Whether the search is still pondering.
    pub fn pondering(&self) -> bool {
        self.ponder
            .as_ref()
            .is_some_and(|p| p.load(Ordering::Relaxed))
    }
}

/// One report of the search's progress (a USI `info` line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// The depth completed.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// The score of the principal variation.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// The principal variation.
    pub pv: Vec<Move>,
    /// How full the transposition table is, in permille.
    pub hashfull: u32,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` when the side to move has no legal move.
    pub best: Option<Move>,
    /// The expected reply, to ponder on.
    pub ponder: Option<Move>,
    /// The score of the best move.
    pub score: Score,
    /// The depth completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

/// A searcher: the transposition table and the move-ordering tables, kept between moves.
pub struct Searcher {
    tt: TranspositionTable,
    ordering: MoveOrdering,
}

impl Searcher {
    /// A searcher with a transposition table of `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Searcher {
        Searcher {
            tt: TranspositionTable::new(hash_mb),
            ordering: MoveOrdering::new(),
        }
    }

    /// Resizes the transposition table (clearing it).
    pub fn set_hash(&mut self, hash_mb: usize) {
        self.tt = TranspositionTable::new(hash_mb);
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.ordering = MoveOrdering::new();
    }

    /// Searches `root` (reached through the positions whose hashes are `history`, oldest
    /// first; the root's own key may end the list) within `limits`, until `stop` is set;
    /// `report` is called after every completed iteration.
    pub fn search<V: Variant>(
        &mut self,
        root: &Position<V>,
        history: &[u64],
        limits: &Limits,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let started = Instant::now();
        self.tt.new_search();
        self.ordering.new_search();
        let history = match history.last() {
            Some(&k) if k == root.key() => &history[..history.len() - 1],
            _ => history,
        };
        let mut keys = history.to_vec();
        keys.push(root.key());
        // The game's earlier positions: whether their side to move was in check is not
        // known here; taking it as not keeps perpetual-check claims to the search's path.
        let mut checks = vec![false; history.len()];
        checks.push(root.in_check());
        let mut worker = Worker {
            tt: &self.tt,
            stop,
            limits,
            started,
            origin: None,
            ordering: &mut self.ordering,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            keys,
            checks,
            pv: vec![Vec::new(); MAX_PLY + 2],
            path: [None; MAX_PLY + 2],
            frames: (0..MAX_PLY + 2).map(|_| Frame::default()).collect(),
            eval_cache: vec![0; worker::EVAL_CACHE_SIZE],
        };
        let legal = root.moves(MoveKind::Legal);
        let mut result = SearchResult {
            best: legal.first().copied(),
            ponder: None,
            score: Score::Cp(0),
            depth: 0,
            nodes: 0,
        };
        if legal.is_empty() {
            result.score = Score::Mate(0);
            return result;
        }
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 1)
            .min(MAX_PLY as u32 - 1);
        let mut score = 0;
        for depth in 1..=max_depth as i32 {
            let mut window = 40;
            let (mut alpha, mut beta) = if depth >= 4 {
                (score - window, score + window)
            } else {
                (-MATE - 1, MATE + 1)
            };
            let iteration = loop {
                let s = worker.search(root, alpha, beta, depth, 0, false);
                if worker.stopped {
                    break None;
                }
                if s <= alpha {
                    alpha = (s - window).max(-MATE - 1);
                    beta = (alpha + beta) / 2;
                } else if s >= beta {
                    beta = (s + window).min(MATE + 1);
                } else {
                    break Some(s);
                }
                window += window / 2;
            };
            let Some(s) = iteration else { break };
            score = s;
            let pv = worker.pv[0].clone();
            if let Some(&best) = pv.first() {
                result.best = Some(best);
                result.ponder = pv.get(1).copied();
            }
            result.score = to_score(score);
            result.depth = depth as u32;
            result.nodes = worker.nodes;
            report(&SearchInfo {
                depth: depth as u32,
                seldepth: worker.seldepth as u32,
                score: result.score,
                nodes: worker.nodes,
                time: started.elapsed(),
                pv,
                hashfull: self_hashfull(worker.tt),
            });
            let soft_done = !limits.infinite
                && !worker.pondering()
                && limits.soft_time.is_some_and(|t| worker.elapsed() >= t);
            let mate_found = score.abs() >= MATE_BOUND && depth > (MATE - score.abs()) + 2;
            let hold = limits.infinite || limits.ponder.is_some();
            if soft_done || (mate_found && !hold && limits.depth.is_none()) {
                break;
            }
            if stop.load(Ordering::Relaxed) {
                break;
            }
        }
        result.nodes = worker.nodes;
        result
    }
}

fn self_hashfull(tt: &TranspositionTable) -> u32 {
    tt.hashfull()
}

/// An internal score as a USI score.
fn to_score(score: i32) -> Score {
    if score >= MATE_BOUND {
        Score::Mate(MATE - score)
    } else if score <= -MATE_BOUND {
        Score::Mate(-(MATE + score))
    } else {
        Score::Cp(score)
    }
}
