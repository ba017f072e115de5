//! The search: iterative deepening over a principal variation search, with a transposition
//! table shared by the threads.

mod correction;
pub mod game;
mod mate1;
mod ordering;
pub mod see;
mod tt;
mod worker;

pub use game::{SearchMove, Searched};
pub use tt::{Bound, TranspositionTable};

use koma_nnue::network::Network;
use koma_rules::{Move, MoveKind, Position, Repetition, Rules};
use ordering::{MAX_PLY, Ordering as MoveOrdering};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
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

/// A position of the game before the root, as the repetition rules need it: its key, and
/// whether the move that led to it pressed its side to move (a repetition in which one side
/// pressed all along is that side's loss, game moves included).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PastPosition {
    /// The position's hash key.
    pub key: u64,
    /// Whether its side to move was pressed ([`Rules::presses`]): in check; in Chu also a
    /// piece attacked by the move that led to it.
    pub in_check: bool,
}

impl PastPosition {
    /// The entry of `pos`, pressed when in check.
    pub fn of<V: Rules>(pos: &Position<V>) -> PastPosition {
        PastPosition {
            key: pos.key(),
            in_check: V::in_check(pos),
        }
    }

    /// The entry of `after`, reached by `m`.
    pub fn after<V: Rules>(after: &Position<V>, m: V::Move) -> PastPosition {
        PastPosition {
            key: after.key(),
            in_check: V::presses(after, m),
        }
    }

    /// The entries of every position of `game`, from its start to its current position
    /// (each pressed as the move that led to it pressed).
    pub fn of_game<V: Rules>(game: &koma_game::Game<V>) -> Vec<PastPosition> {
        PastPosition::line(game.start(), game.moves())
    }

    /// The entries of the line of the legal `moves` from `start`: the start's, then each
    /// position's after its move.
    pub fn line<V: Rules>(start: &Position<V>, moves: &[V::Move]) -> Vec<PastPosition> {
        let mut pos = *start;
        let mut out = Vec::with_capacity(moves.len() + 1);
        out.push(PastPosition::of(&pos));
        for &m in moves {
            pos = V::after(&pos, m);
            out.push(PastPosition::after(&pos, m));
        }
        out
    }

    /// The entry of `pos`, of either variant.
    pub fn of_any(pos: &koma_rules::AnyPosition) -> PastPosition {
        PastPosition {
            key: pos.key(),
            in_check: pos.in_check(),
        }
    }

    /// The entry of the position a move was played from, read from its `Undo`.
    pub fn before(undo: &koma_rules::Undo) -> PastPosition {
        PastPosition {
            key: undo.key_before(),
            in_check: undo.was_in_check(),
        }
    }
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
pub struct SearchInfo<M = Move> {
    /// The iteration's depth (completed, or stopped after it found a better move).
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// Which line this is (1 for the best; more with MultiPV).
    pub multipv: u32,
    /// The score of the principal variation.
    pub score: Score,
    /// Nodes searched so far (by every thread).
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// The principal variation.
    pub pv: Vec<M>,
    /// How full the transposition table is, in permille.
    pub hashfull: u32,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M = Move> {
    /// The move to play; `None` when the side to move has no legal move.
    pub best: Option<M>,
    /// The expected reply, to ponder on.
    pub ponder: Option<M>,
    /// The score of the best move.
    pub score: Score,
    /// The depth of the iteration the move comes from (the last completed one, or one
    /// stopped after it found a better move).
    pub depth: u32,
    /// Nodes searched (by every thread).
    pub nodes: u64,
}

/// A searcher: the transposition table and the move-ordering tables, kept between moves,
/// and how many threads and lines to search.
pub struct Searcher {
    tt: TranspositionTable,
    ordering: MoveOrdering,
    /// The ordering tables of the helper threads (one per thread beyond the first).
    helpers: Vec<MoveOrdering>,
    multipv: usize,
    /// Whether a search ran since the tables were made or cleared (clearing a fresh table
    /// would only cost time).
    used: bool,
    /// The repetition rule of the game being played; `None`: the variant's own.
    repetition: Option<Repetition>,
    /// The learned evaluation of shogi; `None`: the hand-written one.
    net: Option<Arc<Network>>,
}

/// One line of a MultiPV search: its score and moves.
#[derive(Clone, Debug)]
struct Line<M> {
    score: i32,
    pv: Vec<M>,
}

impl Searcher {
    /// A searcher with a transposition table of `hash_mb` megabytes, one thread, one line.
    pub fn new(hash_mb: usize) -> Searcher {
        Searcher {
            tt: TranspositionTable::new(hash_mb),
            ordering: MoveOrdering::new(),
            helpers: Vec::new(),
            multipv: 1,
            used: false,
            repetition: None,
            net: crate::eval::default_net(),
        }
    }

    /// Evaluates shogi with `net` (`None`: the hand-written evaluation). A change clears
    /// what was learnt, since the table and the evaluation cache hold the old scores.
    pub fn set_net(&mut self, net: Option<Arc<Network>>) {
        let same = match (&self.net, &net) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        if !same {
            self.net = net;
            self.used = true;
            self.clear();
        }
    }

    /// Scores repetitions by `rule`, the rule the game is played under (`None`: each
    /// game's own, [`Searched::REPETITION`]).
    pub fn set_repetition(&mut self, rule: Option<Repetition>) {
        self.repetition = rule;
    }

    /// Resizes the transposition table (clearing it).
    pub fn set_hash(&mut self, hash_mb: usize) {
        self.tt = TranspositionTable::new(hash_mb);
        self.used = false;
    }

    /// Searches with `threads` threads (Lazy SMP: they share the transposition table).
    pub fn set_threads(&mut self, threads: usize) {
        self.helpers
            .resize_with(threads.max(1) - 1, MoveOrdering::new);
    }

    /// Searches the best `lines` moves, each with its own principal variation.
    pub fn set_multipv(&mut self, lines: usize) {
        self.multipv = lines.max(1);
    }

    /// Forgets everything learnt (a new game); nothing to do when no search ran since the
    /// last time.
    pub fn clear(&mut self) {
        if !self.used {
            return;
        }
        self.used = false;
        self.tt.clear();
        self.ordering = MoveOrdering::new();
        for h in &mut self.helpers {
            *h = MoveOrdering::new();
        }
    }

    /// Searches `root` (reached through the positions of `history`, oldest first; the root
    /// itself may end the list) within `limits`, until `stop` is set;
    /// `report` is called for every line after every completed iteration.
    pub fn search<V: Searched>(
        &mut self,
        root: &Position<V>,
        history: &[PastPosition],
        limits: &Limits,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&SearchInfo<V::Move>),
    ) -> SearchResult<V::Move> {
        let started = Instant::now();
        self.used = true;
        self.tt.new_search();
        self.ordering.new_search();
        let mut keys = history.to_vec();
        if keys.last().is_none_or(|p| p.key != root.key()) {
            keys.push(PastPosition::of(root));
        }
        let legal = root_moves(root);
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
        let lines = self.multipv.min(legal.len());
        let rule = self.repetition.unwrap_or(V::REPETITION);
        let helpers_stop = AtomicBool::new(false);
        let helper_limits = Limits {
            depth: limits.depth,
            infinite: true,
            ..Limits::default()
        };
        let published: Vec<AtomicU64> = self.helpers.iter().map(|_| AtomicU64::new(0)).collect();
        let tt = &self.tt;
        let net = self.net.as_deref().filter(|_| V::LEARNED);
        let main_ordering = &mut self.ordering;
        std::thread::scope(|scope| {
            for (i, (ordering, count)) in self.helpers.iter_mut().zip(&published).enumerate() {
                ordering.new_search();
                let keys = keys.clone();
                let (helpers_stop, helper_limits) = (&helpers_stop, &helper_limits);
                let spawned = std::thread::Builder::new()
                    .name(format!("koma-helper-{}", i + 1))
                    .stack_size(64 << 20)
                    .spawn_scoped(scope, move || {
                        let mut w: Worker<V> =
                            Worker::new(tt, ordering, helper_limits, helpers_stop, started, keys);
                        w.published = Some(count);
                        w.rule = rule;
                        w.net = net;
                        // Half the helpers start one ply deeper, so the threads spread.
                        iterate(&mut w, root, 1, 1 + (i as i32 % 2), &mut |_, _| {});
                    });
                if spawned.is_err() {
                    // Fewer threads than asked for: the search goes on without this one.
                    break;
                }
            }
            let mut main = Worker::new(tt, main_ordering, limits, stop, started, keys.clone());
            main.rule = rule;
            main.net = net;
            iterate(&mut main, root, lines, 1, &mut |w, found| {
                let nodes = w.nodes
                    + published
                        .iter()
                        .map(|p| p.load(Ordering::Relaxed))
                        .sum::<u64>();
                for (k, line) in found.iter().enumerate() {
                    report(&SearchInfo {
                        depth: found.depth,
                        seldepth: w.seldepth as u32,
                        multipv: k as u32 + 1,
                        score: to_score(line.score),
                        nodes,
                        time: started.elapsed(),
                        pv: line.pv.clone(),
                        hashfull: w.tt.hashfull(),
                    });
                }
                if let Some(best) = found.first() {
                    if let Some(&m) = best.pv.first() {
                        result.best = Some(m);
                        result.ponder = best.pv.get(1).copied();
                    }
                    result.score = to_score(best.score);
                    result.depth = found.depth;
                }
            });
            helpers_stop.store(true, Ordering::Relaxed);
            result.nodes = main.nodes;
        });
        result.nodes += published
            .iter()
            .map(|p| p.load(Ordering::Relaxed))
            .sum::<u64>();
        result
    }
}

/// The lines found by one completed iteration.
struct Found<M> {
    depth: u32,
    lines: Vec<Line<M>>,
}

impl<M> std::ops::Deref for Found<M> {
    type Target = [Line<M>];
    fn deref(&self) -> &[Line<M>] {
        &self.lines
    }
}

/// What hears of each iteration [`iterate`] completes.
type Done<'d, V> = dyn for<'w> FnMut(&Worker<'w, V>, &Found<<V as Rules>::Move>) + 'd;

/// The moves the search considers at `root`.
fn root_moves<V: Searched>(root: &Position<V>) -> V::List {
    let mut moves = V::List::default();
    V::generate(root, MoveKind::Legal, &mut moves);
    moves
}

/// Iterative deepening from `first_depth`: each iteration searches `lines` lines with
/// aspiration windows; `done` hears of every completed iteration, and of the best line of
/// one that was stopped, when it has one.
fn iterate<V: Searched>(
    worker: &mut Worker<'_, V>,
    root: &Position<V>,
    lines: usize,
    first_depth: i32,
    done: &mut Done<'_, V>,
) {
    let limits = worker.limits;
    let max_depth = limits
        .depth
        .unwrap_or(MAX_PLY as u32 - 1)
        .min(MAX_PLY as u32 - 1) as i32;
    let mut previous: Vec<Line<V::Move>> = Vec::new();
    for depth in first_depth..=max_depth {
        let mut found = Found {
            depth: depth as u32,
            lines: Vec::with_capacity(lines),
        };
        for k in 0..lines {
            worker.excluded = found
                .lines
                .iter()
                .filter_map(|l| l.pv.first().copied())
                .collect();
            let guess = previous.get(k).map(|l| l.score);
            worker.partial = None;
            let Some(score) = aspiration(worker, root, depth, guess) else {
                // Stopped: a root move searched to the end at this depth that beat the
                // window's alpha is better than the last iteration's choice (one line
                // only; with MultiPV the lines must all come from one depth). Not a mate
                // against us: the moves not searched yet may escape it.
                let partial = worker.partial.take();
                if let (1, Some((score, mut pv))) = (lines, partial)
                    && score > -MATE_BOUND
                {
                    complete_pv(worker, root, &mut pv, previous.first());
                    found.lines.push(Line { score, pv });
                    done(worker, &found);
                }
                worker.excluded.clear();
                return;
            };
            found.lines.push(Line {
                score,
                pv: worker.pv[0].clone(),
            });
        }
        worker.excluded.clear();
        // Lines found later may score better (the search is not exact): best first.
        found.lines.sort_by_key(|l| std::cmp::Reverse(l.score));
        done(worker, &found);
        let score = found.lines[0].score;
        previous = found.lines;
        let soft_done = !limits.infinite
            && !worker.pondering()
            && limits.soft_time.is_some_and(|t| worker.elapsed() >= t);
        let mate_found = score.abs() >= MATE_BOUND && depth > (MATE - score.abs()) + 2;
        let hold = limits.infinite || limits.ponder.is_some();
        if soft_done || (mate_found && !hold && limits.depth.is_none()) {
            break;
        }
        if worker.stop.load(Ordering::Relaxed) {
            break;
        }
    }
}

/// The longest PV an interrupted iteration's line is completed to from the hash table.
const COMPLETED_PV_PLIES: usize = 16;

/// Completes the line of an iteration stopped after its root move failed high: that
/// search ends at the first move, which would leave the last report, the game record's
/// comment and the ponder move with nothing after it. The last completed iteration's line
/// goes on when it starts with the same move; otherwise the hash table's moves do, each
/// checked legal, until a position repeats or none is stored.
fn complete_pv<V: Searched>(
    worker: &Worker<'_, V>,
    root: &Position<V>,
    pv: &mut Vec<V::Move>,
    previous: Option<&Line<V::Move>>,
) {
    if pv.len() > 1 {
        return;
    }
    if let Some(line) = previous
        && line.pv.len() > pv.len()
        && line.pv.first() == pv.first()
    {
        pv.clone_from(&line.pv);
        return;
    }
    let mut pos = *root;
    let mut seen = vec![pos.key()];
    for &m in pv.iter() {
        V::play(&mut pos, m);
        seen.push(pos.key());
    }
    while pv.len() < COMPLETED_PV_PLIES {
        let Some(m) = worker.tt.probe::<V::Move>(pos.key()).and_then(|h| h.mv) else {
            break;
        };
        if V::is_legal(&pos, m).is_err() {
            break;
        }
        V::play(&mut pos, m);
        if seen.contains(&pos.key()) {
            break;
        }
        seen.push(pos.key());
        pv.push(m);
    }
}

/// One search of the root to `depth` in a window around `guess`, widened until the score
/// falls inside; `None` when the search was stopped.
fn aspiration<V: Searched>(
    worker: &mut Worker<'_, V>,
    root: &Position<V>,
    depth: i32,
    guess: Option<i32>,
) -> Option<i32> {
    let mut window = 40;
    let (mut alpha, mut beta) = match guess {
        Some(score) if depth >= 4 => (score - window, score + window),
        _ => (-MATE - 1, MATE + 1),
    };
    loop {
        let s = worker.search(root, alpha, beta, depth, 0, false);
        if worker.stopped {
            return None;
        }
        if s <= alpha {
            alpha = (s - window).max(-MATE - 1);
            beta = (alpha + beta) / 2;
        } else if s >= beta {
            beta = (s + window).min(MATE + 1);
        } else {
            return Some(s);
        }
        window += window / 2;
    }
}

/// An internal score as a USI score.
pub(crate) fn to_score(score: i32) -> Score {
    if score >= MATE_BOUND {
        Score::Mate(MATE - score)
    } else if score <= -MATE_BOUND {
        Score::Mate(-(MATE + score))
    } else {
        Score::Cp(score)
    }
}
