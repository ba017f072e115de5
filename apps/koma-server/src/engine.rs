//! The engine as a player and as an analyst: its level, the time it may take on the game's
//! clock, and the searches themselves (koma-engine's `Searcher`, one thread, in process).
//!
//! A search runs off the async threads (`spawn_blocking`), on a thread of its own with a
//! large stack as koma-engine's own search threads have, and stops when its stop flag is
//! set (the game ended, the server stops).
//!
//! Every search, a game's turn or a review's position, goes through the [`Pool`]: at most
//! [`Settings::searches`] run at once, the others wait in order, and the searchers (with
//! their tables, [`Settings::hash_mb`] in all) are reused, never made per game.

use crate::anygame::{AnyGame, AnyMove};
use crate::line::Root;
use crate::settings::Settings;
use koma_engine::time::{self, GoParams, TimeOptions};
use koma_engine::{Limits, PastPosition, SearchInfo, SearchResult, Searched, Searcher};
use koma_game::clock::Clock;
use koma_rules::{AnyPosition, Move, Position, Repetition};
use koma_store::GameId;
use koma_store::{EngineLevel, EngineSeat};
use serde::Deserialize;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// The table of the quick search a turn makes when it waited for a search until its clock
/// allowed no more, in MiB.
const QUICK_HASH_MB: usize = 1;
/// The engine's time per move when the request names no level.
pub const DEFAULT_MOVETIME_MS: u64 = 1000;
/// The range a requested time per move is clamped to.
pub const MOVETIME_MS: std::ops::RangeInclusive<u64> = 100..=30_000;
/// The range a requested depth is clamped to.
pub const DEPTH: std::ops::RangeInclusive<u32> = 1..=30;
/// Milliseconds of the engine's clock kept back for the server's own delays (the search
/// starting, the move being stored), so that it does not lose on time: at least this...
pub const MARGIN_MS: u64 = 150;
/// ...and a fifth of a byoyomi period up to this (YaneuraOu keeps back a second in byoyomi,
/// its `NetworkDelay2`): a busy server's delays grow with its load, and the engine that
/// overruns its period loses the game, while a fifth less thought costs it little.
pub const MAX_MARGIN_MS: u64 = 1000;

/// What the engine keeps back of its clock when `byoyomi_ms` of its period are left.
pub fn margin_ms(byoyomi_ms: u64) -> u64 {
    (byoyomi_ms / 5).clamp(MARGIN_MS, MAX_MARGIN_MS)
}
/// The longest a move may take: when neither the level nor the clock limits it (a depth
/// level without a clock), and when the clock gives more (a correspondence game's days per
/// move would hold one of the server's searches for days).
pub const MAX_THINK_MS: u64 = 30_000;
/// The stack of a search thread (koma-engine gives its own threads as much).
const SEARCH_STACK: usize = 64 << 20;

/// The level asked for in `POST /api/games` (`engine`): a time per move, a depth, or both.
#[derive(Clone, Copy, Debug, Default, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct LevelRequest {
    /// Milliseconds per move (clamped to 100..=30000).
    pub movetime_ms: Option<u64>,
    /// Depth (clamped to 1..=30).
    pub depth: Option<u32>,
}

impl LevelRequest {
    /// The level: the values clamped, 1000 ms per move when neither is given.
    pub fn level(self) -> EngineLevel {
        let depth = self.depth.map(|d| d.clamp(*DEPTH.start(), *DEPTH.end()));
        let movetime_ms = match (self.movetime_ms, depth) {
            (Some(ms), _) => Some(ms.clamp(*MOVETIME_MS.start(), *MOVETIME_MS.end())),
            (None, Some(_)) => None,
            (None, None) => Some(DEFAULT_MOVETIME_MS),
        };
        EngineLevel { movetime_ms, depth }
    }
}

/// What the engine decided for its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Declare an entering-king win (it holds).
    Declare,
    /// Play this move (the search's best; `None` if it found none).
    Move(Option<AnyMove>),
}

/// The engine's turn in one game: what to search, within which limits, and the flag that
/// stops it.
pub struct Turn {
    /// The game's id.
    pub id: GameId,
    /// The number of moves played when the turn began (the answer is for that position).
    pub ply: usize,
    /// The position to move in.
    pub root: Root,
    /// The positions before it (and it), for repetitions and perpetual checks.
    pub history: Vec<PastPosition>,
    /// What repeating a position does in this game (its rule set's).
    pub repetition: Repetition,
    /// The search limits, counted from `made`.
    pub limits: Limits,
    /// Whether the engine may declare an entering-king win instead of moving.
    pub declare: bool,
    /// When the limits were read off the clock.
    pub made: Instant,
    /// Whether the game has a clock: then the time the turn waits for a search is the
    /// engine's own (its clock runs), and is taken from its limits.
    pub clocked: bool,
    /// Set when the game ends or the server stops: the search stops, its answer is dropped.
    pub stop: Arc<AtomicBool>,
}

impl Turn {
    /// The engine's turn in `game` at `now_ms`, if it is the engine's to move.
    pub fn of(id: &GameId, game: &AnyGame, engine: &EngineSeat, now_ms: u64) -> Option<Turn> {
        if game.outcome().is_some() || game.side_to_move() != engine.seat {
            return None;
        }
        let root = game.root();
        let declare = match &root {
            Root::Family(p) => game.rules().declaration && can_declare(p),
            Root::Chu(_) => false,
        };
        Some(Turn {
            id: id.clone(),
            ply: game.plies(),
            root,
            history: game.past(),
            repetition: game.rules().repetition,
            limits: limits(engine, game.clock(), now_ms),
            declare,
            made: Instant::now(),
            clocked: game.clock().is_some(),
            stop: Arc::new(AtomicBool::new(false)),
        })
    }
}

/// Whether the side to move in `pos` wins by declaring (the 27-point rule; the time
/// condition holds while the engine thinks).
fn can_declare(pos: &AnyPosition) -> bool {
    koma_rules::on_position!(pos, p => koma_game::points::judge_declaration(p).is_ok())
}

/// The limits of the engine's search: its level, and within what its clock allows at
/// `now_ms` less [`margin_ms`] (koma-engine's time management for byoyomi, Fischer and sudden
/// death); at most [`MAX_THINK_MS`] whatever the clock gives.
pub fn limits(engine: &EngineSeat, clock: Option<&Clock>, now_ms: u64) -> Limits {
    let level = engine.level;
    let (mut soft, mut hard) = (level.movetime_ms, level.movetime_ms);
    if let Some(t) = clock.and_then(|c| c.usi_go(now_ms)) {
        let go = GoParams {
            btime: Some(t.btime),
            wtime: Some(t.wtime),
            binc: Some(t.binc),
            winc: Some(t.winc),
            byoyomi: Some(t.byoyomi),
            ..GoParams::default()
        };
        let options = TimeOptions {
            network_delay: margin_ms(t.byoyomi),
            minimum_thinking: 0,
        };
        if let Some(b) = time::budget(time::control(&go, engine.seat), &options) {
            soft = Some(soft.map_or(b.soft, |s| s.min(b.soft)));
            hard = Some(hard.map_or(b.hard, |h| h.min(b.hard)));
        }
    }
    let hard = hard.map_or(MAX_THINK_MS, |h| h.min(MAX_THINK_MS));
    Limits {
        depth: level.depth,
        soft_time: Some(Duration::from_millis(soft.unwrap_or(hard).min(hard))),
        hard_time: Some(Duration::from_millis(hard)),
        ..Limits::default()
    }
}

/// The engine's searches: at most [`Settings::searches`] at once (the others wait in the
/// order they came), each with a searcher kept between searches whose table is its share
/// of [`Settings::hash_mb`].
pub struct Pool {
    /// One permit per search that may run.
    permits: Arc<Semaphore>,
    /// The searchers not searching now (never more than the permits).
    idle: Mutex<Vec<Searcher>>,
    /// The table of each searcher, in MiB.
    hash_mb: usize,
    /// How many searches wait for a permit.
    waiting: AtomicUsize,
    /// How many may wait before new games against the engine are refused.
    queue: usize,
}

/// Counts a search as waiting while it lives (a cancelled wait counts down too).
struct Waiting<'a>(&'a AtomicUsize);

impl<'a> Waiting<'a> {
    fn new(count: &'a AtomicUsize) -> Waiting<'a> {
        count.fetch_add(1, Ordering::SeqCst);
        Waiting(count)
    }
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Pool {
    /// A pool of `settings.searches` searches; the searchers are made when first needed.
    pub fn new(settings: &Settings) -> Pool {
        Pool {
            permits: Arc::new(Semaphore::new(settings.searches.max(1))),
            idle: Mutex::new(Vec::new()),
            hash_mb: settings.hash_mb_per_search(),
            waiting: AtomicUsize::new(0),
            queue: settings.engine_queue.max(1),
        }
    }

    /// How many searches wait for their turn now.
    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::SeqCst)
    }

    /// Whether as many searches wait as the queue holds.
    pub fn is_full(&self) -> bool {
        self.waiting() >= self.queue
    }

    /// Runs `f` with a searcher once a search is free, off the async threads on a large
    /// stack; `None` if no search came free within `patience`.
    pub async fn run<T, F>(
        self: &Arc<Self>,
        patience: Option<Duration>,
        f: F,
    ) -> Result<Option<T>, SearchFailed>
    where
        T: Send + 'static,
        F: FnOnce(&mut Searcher) -> T + Send + 'static,
    {
        let permit = {
            let _waiting = Waiting::new(&self.waiting);
            let acquire = Arc::clone(&self.permits).acquire_owned();
            let acquired = match patience {
                None => acquire.await,
                Some(p) => match tokio::time::timeout(p, acquire).await {
                    Ok(acquired) => acquired,
                    Err(_) => return Ok(None),
                },
            };
            acquired.map_err(|_| SearchFailed::Closed)?
        };
        let pool = Arc::clone(self);
        // The permit goes with the search: if the caller stops waiting for it (a request
        // that went), the search still counts until it has stopped.
        let out = tokio::task::spawn_blocking(move || {
            let out = on_big_stack(move || {
                let mut searcher = pool.take();
                let out = f(&mut searcher);
                pool.give(searcher);
                out
            });
            drop(permit);
            out
        })
        .await
        .map_err(SearchFailed::Task)??;
        Ok(Some(out))
    }

    /// An idle searcher, or a new one (only while a permit is held: so never more
    /// searchers than permits).
    fn take(&self) -> Searcher {
        self.lock()
            .pop()
            .unwrap_or_else(|| Searcher::new(self.hash_mb))
    }

    /// Gives `searcher` back for the next search.
    fn give(&self, searcher: Searcher) {
        self.lock().push(searcher);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Searcher>> {
        self.idle.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Why a search gave no answer.
#[derive(Debug, thiserror::Error)]
pub enum SearchFailed {
    /// No thread with a search-sized stack could be started.
    #[error("cannot start a search thread: {0}")]
    NoThread(#[source] std::io::Error),
    /// The search panicked.
    #[error("the search failed")]
    Panicked,
    /// The blocking task that runs the search failed.
    #[error("the search task failed: {0}")]
    Task(#[source] tokio::task::JoinError),
    /// The pool was closed.
    #[error("the engine's searches are closed")]
    Closed,
}

/// Thinks about `turn`: the declaration if it holds, else a search from the pool.
///
/// In a game with a clock the engine's clock runs while the turn waits for a search (the
/// person's never does): the wait is taken from the engine's limits, and a turn that
/// waited as long as its clock allowed plays at once the best move of a depth-1 search on
/// a small table of its own. Without a clock the engine waits as long as it must and then
/// thinks for its whole level. An error says why no search could run.
pub async fn answer(pool: &Arc<Pool>, turn: &Turn) -> Result<Answer, SearchFailed> {
    if turn.declare {
        return Ok(Answer::Declare);
    }
    let (root, history, stop) = (turn.root, turn.history.clone(), Arc::clone(&turn.stop));
    let repetition = Some(turn.repetition);
    let (made, clocked, limits) = (turn.made, turn.clocked, turn.limits.clone());
    let patience = clocked
        .then(|| limits.hard_time.map(|t| t.saturating_sub(made.elapsed())))
        .flatten();
    let (quick_history, quick_stop) = (history.clone(), Arc::clone(&stop));
    let found = pool
        .run(patience, move |searcher| {
            let mut limits = limits;
            if clocked {
                let spent = made.elapsed();
                limits.soft_time = limits.soft_time.map(|t| t.saturating_sub(spent));
                limits.hard_time = limits.hard_time.map(|t| t.saturating_sub(spent));
            }
            searcher.set_repetition(repetition);
            search_any(searcher, &root, &history, &limits, &stop)
        })
        .await?;
    let found = match found {
        Some(found) => found,
        None => {
            let quick = Limits {
                depth: Some(1),
                ..Limits::default()
            };
            tokio::task::spawn_blocking(move || {
                on_big_stack(move || {
                    let mut searcher = Searcher::new(QUICK_HASH_MB);
                    searcher.set_repetition(repetition);
                    search_any(&mut searcher, &root, &quick_history, &quick, &quick_stop)
                })
            })
            .await
            .map_err(SearchFailed::Task)??
        }
    };
    Ok(Answer::Move(found.result.best))
}

/// What one search found: the result, and the principal variation of the last iteration.
pub struct Found<M = Move> {
    /// The search's result (best move and score from the side to move's point of view).
    pub result: SearchResult<M>,
    /// The principal variation.
    pub pv: Vec<M>,
}

/// Searches `root` (reached through the positions keyed `history`) within `limits` until
/// `stop` is set. Blocking: call it off the async threads, on a large stack.
pub fn search(
    searcher: &mut Searcher,
    root: &AnyPosition,
    history: &[PastPosition],
    limits: &Limits,
    stop: &AtomicBool,
) -> Found {
    koma_rules::on_position!(root, p => search_game(searcher, p, history, limits, stop))
}

/// [`search`] of a position of either frame, its moves as [`AnyMove`]s.
pub fn search_any(
    searcher: &mut Searcher,
    root: &Root,
    history: &[PastPosition],
    limits: &Limits,
    stop: &AtomicBool,
) -> Found<AnyMove> {
    fn any<M>(found: Found<M>, f: fn(M) -> AnyMove) -> Found<AnyMove> {
        let r = found.result;
        Found {
            result: SearchResult {
                best: r.best.map(f),
                ponder: r.ponder.map(f),
                score: r.score,
                depth: r.depth,
                nodes: r.nodes,
            },
            pv: found.pv.into_iter().map(f).collect(),
        }
    }
    match root {
        Root::Family(p) => any(search(searcher, p, history, limits, stop), AnyMove::Family),
        Root::Chu(p) => any(
            search_game(searcher, p, history, limits, stop),
            AnyMove::Chu,
        ),
    }
}

/// [`search`] of a position of any game.
pub fn search_game<V: Searched>(
    searcher: &mut Searcher,
    root: &Position<V>,
    history: &[PastPosition],
    limits: &Limits,
    stop: &AtomicBool,
) -> Found<V::Move> {
    let mut pv = Vec::new();
    let mut report = |info: &SearchInfo<V::Move>| {
        if info.multipv == 1 {
            pv.clone_from(&info.pv);
        }
    };
    let result = searcher.search(root, history, limits, stop, &mut report);
    if pv.first() != result.best.as_ref() {
        pv = result.best.into_iter().collect();
    }
    Found { result, pv }
}

/// Runs `f` on a new thread with a search-sized stack and waits for it; an error if the
/// thread cannot start or `f` panics.
pub fn on_big_stack<T: Send>(f: impl FnOnce() -> T + Send) -> Result<T, SearchFailed> {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("koma-serve-search".to_string())
            .stack_size(SEARCH_STACK)
            .spawn_scoped(scope, f)
            .map_err(SearchFailed::NoThread)?
            .join()
            .map_err(|_| SearchFailed::Panicked)
    })
}

/// Sets `stop`, so that the search it belongs to ends and its answer is dropped.
pub fn stop(flag: &AtomicBool) {
    flag.store(true, Ordering::SeqCst);
}

/// Whether `flag` was set.
pub fn stopped(flag: &AtomicBool) -> bool {
    flag.load(Ordering::SeqCst)
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_game::clock::TimeControl;
    use koma_rules::Color;

    fn seat(movetime_ms: Option<u64>, depth: Option<u32>) -> EngineSeat {
        EngineSeat {
            seat: Color::Black,
            level: EngineLevel { movetime_ms, depth },
        }
    }

    #[test]
    fn levels_are_clamped_with_a_default() {
        let level = |m, d| {
            LevelRequest {
                movetime_ms: m,
                depth: d,
            }
            .level()
        };
        assert_eq!(level(None, None).movetime_ms, Some(1000));
        assert_eq!(level(Some(5), None).movetime_ms, Some(100));
        assert_eq!(level(Some(99_999), None).movetime_ms, Some(30_000));
        let deep = level(None, Some(99));
        assert_eq!((deep.movetime_ms, deep.depth), (None, Some(30)));
        assert_eq!(level(None, Some(0)).depth, Some(1));
    }

    #[test]
    fn the_clock_bounds_the_level() {
        let ms = |d: Option<Duration>| d.map(|d| d.as_millis() as u64);
        // No clock: the level alone; a depth alone gets the ceiling.
        let l = limits(&seat(Some(1000), None), None, 0);
        assert_eq!((ms(l.soft_time), ms(l.hard_time)), (Some(1000), Some(1000)));
        let l = limits(&seat(None, Some(3)), None, 0);
        assert_eq!((l.depth, ms(l.hard_time)), (Some(3), Some(MAX_THINK_MS)));
        // Byoyomi 1 s, no main time: the period less the margin, a fifth of it.
        let mut clock = Clock::new(TimeControl::byoyomi(0, 1000));
        clock.start(Color::Black, 0).unwrap();
        let l = limits(&seat(Some(5000), None), Some(&clock), 0);
        assert_eq!(ms(l.hard_time), Some(800));
        // 300 ms into the period: what is left of it, less the least margin.
        let l = limits(&seat(Some(5000), None), Some(&clock), 300);
        assert_eq!(ms(l.hard_time), Some(700 - MARGIN_MS));
        // Byoyomi 10 s: the margin is a second at most.
        let mut clock = Clock::new(TimeControl::byoyomi(0, 10_000));
        clock.start(Color::Black, 0).unwrap();
        let l = limits(&seat(Some(30_000), None), Some(&clock), 0);
        assert_eq!(ms(l.hard_time), Some(10_000 - MAX_MARGIN_MS));
        // Sudden death 2 s: well under the clock.
        let mut clock = Clock::new(TimeControl::sudden_death(2000));
        clock.start(Color::Black, 0).unwrap();
        let l = limits(&seat(Some(5000), None), Some(&clock), 0);
        assert!(ms(l.hard_time).unwrap() + MARGIN_MS <= 2000);
        assert!(l.soft_time <= l.hard_time);
        // Three days per move (correspondence): the ceiling, not days of one search.
        let mut clock = Clock::new(TimeControl::byoyomi(0, 3 * 86_400_000));
        clock.start(Color::Black, 0).unwrap();
        let l = limits(&seat(None, None), Some(&clock), 0);
        assert_eq!(ms(l.hard_time), Some(MAX_THINK_MS));
        assert!(l.soft_time <= l.hard_time);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_pool_runs_its_searches_only_and_keeps_its_searchers() {
        let settings = Settings {
            hash_mb: 2,
            ..Settings::for_searches(1)
        };
        let pool = Arc::new(Pool::new(&settings));
        let (running, most) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let mut runs = Vec::new();
        for _ in 0..3 {
            let (pool, running, most) =
                (Arc::clone(&pool), Arc::clone(&running), Arc::clone(&most));
            runs.push(tokio::spawn(async move {
                pool.run(None, move |_| {
                    let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(now, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(100));
                    running.fetch_sub(1, Ordering::SeqCst);
                })
                .await
            }));
        }
        tokio::time::sleep(Duration::from_millis(30)).await;
        assert_eq!(pool.waiting(), 2, "one runs, two wait");
        // A turn out of patience gives up rather than wait for the others.
        let impatient = pool.run(Some(Duration::from_millis(10)), |_| ()).await;
        assert!(matches!(impatient, Ok(None)));
        for run in runs {
            assert!(matches!(run.await.unwrap(), Ok(Some(()))));
        }
        assert_eq!(most.load(Ordering::SeqCst), 1);
        assert_eq!(
            (pool.waiting(), pool.lock().len()),
            (0, 1),
            "one searcher, reused"
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_turn_whose_clock_ran_out_waiting_plays_at_once() {
        let pool = Arc::new(Pool::new(&Settings {
            hash_mb: 2,
            ..Settings::for_searches(1)
        }));
        // The only search is busy for a second.
        let busy = Arc::clone(&pool);
        let holder = tokio::spawn(async move {
            busy.run(None, |_| std::thread::sleep(Duration::from_millis(1000)))
                .await
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        let root = Root::Family(koma_rules::VariantKind::Shogi.startpos());
        let turn = |clocked| Turn {
            id: "g".into(),
            ply: 0,
            root,
            history: Vec::new(),
            repetition: Repetition::Sennichite,
            limits: Limits {
                soft_time: Some(Duration::from_millis(100)),
                hard_time: Some(Duration::from_millis(100)),
                ..Limits::default()
            },
            declare: false,
            made: Instant::now(),
            clocked,
            stop: Arc::new(AtomicBool::new(false)),
        };
        // With a clock: 100 ms of patience, then a move of its own, long before the search
        // is free.
        let started = Instant::now();
        let quick = answer(&pool, &turn(true)).await.unwrap();
        assert!(matches!(quick, Answer::Move(Some(_))));
        assert!(
            started.elapsed() < Duration::from_millis(700),
            "{:?}",
            started.elapsed()
        );
        // Without a clock: it waits for the search, then thinks its time.
        let waited = answer(&pool, &turn(false)).await.unwrap();
        assert!(matches!(waited, Answer::Move(Some(_))));
        assert!(started.elapsed() >= Duration::from_millis(1000));
        holder.await.unwrap().unwrap();
    }

    #[test]
    fn a_search_finds_a_move_and_stops_on_its_flag() {
        let root = koma_rules::VariantKind::Shogi.startpos();
        let limits = Limits {
            depth: Some(2),
            ..Limits::default()
        };
        let stop = AtomicBool::new(false);
        let mut searcher = Searcher::new(1);
        let found = on_big_stack(|| search(&mut searcher, &root, &[], &limits, &stop)).unwrap();
        assert!(found.result.best.is_some());
        assert_eq!(found.pv.first(), found.result.best.as_ref());
        stop.store(true, Ordering::SeqCst);
        let unlimited = Limits::default();
        let found = on_big_stack(|| search(&mut searcher, &root, &[], &unlimited, &stop)).unwrap();
        assert!(
            found.result.best.is_some(),
            "a stopped search still names a move"
        );
    }
}
