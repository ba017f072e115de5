//! Reviews (感想戦): every position of a line analysed by the engine in the background,
//! each position's score, winrate and best line, and for each move how much it lost and
//! whether that makes it a mistake.
//!
//! Reviews wait in one queue per client (IP address) and are served in turn, one position
//! at a time: a client's long review and another client's short one advance side by side.
//! Each position is one search of the engine's [`Pool`], shared with the games. A client
//! may have [`Settings::reviews_per_client`] reviews open, the server
//! [`Settings::review_queue`]; a review's positions together take at most
//! [`Settings::review_time`] of the engine.
//!
//! Reviews are kept in memory only (the latest [`KEPT`]); their progress is visible while
//! they run.

use crate::anygame::AnyMove;
use crate::engine::{self, Pool};
use crate::error::ApiError;
use crate::line::{self, Root};
use crate::settings::Settings;
use koma_engine::{Limits, PastPosition, Score, Searcher};
use koma_rules::Color;
use koma_store::tokens;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Notify;

/// The engine's time per position when the request names none.
pub const DEFAULT_MOVETIME_MS: u64 = 300;
/// The range a requested time per position is clamped to.
pub const MOVETIME_MS: std::ops::RangeInclusive<u64> = 50..=10_000;
/// How many reviews are kept in memory; the oldest finished ones are forgotten first.
pub const KEPT: usize = 100;
/// A move losing at least this much winrate is dubious ...
pub const DUBIOUS: f64 = 0.07;
/// ... at least this much, a mistake ...
pub const MISTAKE: f64 = 0.15;
/// ... at least this much, a blunder.
pub const BLUNDER: f64 = 0.30;
/// Centipawns of the winrate curve: `1 / (1 + exp(-cp / WINRATE_SCALE))`.
pub const WINRATE_SCALE: f64 = 600.0;

/// A request for a review (`POST /api/reviews`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReviewRequest {
    /// The game: `shogi` (default), another variant's name, `chushogi`.
    pub variant: Option<String>,
    /// The start position (default: the variant's).
    pub start_sfen: Option<String>,
    /// The moves in USI.
    #[serde(default)]
    pub moves: Vec<String>,
    /// The engine's time per position (default 300, clamped to 50..=10000).
    pub movetime_ms: Option<u64>,
}

/// A review as `GET /api/reviews/{id}` shows it.
#[derive(Clone, Debug, Serialize)]
pub struct ReviewView {
    /// The review's id (`R...`).
    pub id: String,
    /// Whether every position has been analysed (or the review failed).
    pub done: bool,
    /// How many positions there are: the moves plus one.
    pub total: usize,
    /// The engine's time per position: as asked, or less so that the whole review keeps
    /// to the server's limit.
    pub movetime_ms: u64,
    /// Why the review stopped early, if it did.
    pub error: Option<String>,
    /// One entry per position analysed so far, in order.
    pub entries: Vec<Entry>,
}

/// A score from sente's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ScoreView {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many plies: positive when sente mates, negative when gote does (0: the
    /// side to move is mated now).
    Mate(i32),
}

/// The analysis of the position after `ply` moves.
#[derive(Clone, Debug, Serialize)]
pub struct Entry {
    /// How many moves lead here.
    pub ply: usize,
    /// The score, sente's point of view.
    pub score: ScoreView,
    /// Sente's chance to win, 0..1.
    pub winrate: f64,
    /// The best move in USI (null when there is none: mated).
    pub best: Option<String>,
    /// The best move in Japanese.
    pub best_text: Option<String>,
    /// The principal variation in USI.
    pub pv: Vec<String>,
    /// The principal variation in Japanese.
    pub pv_text: Vec<String>,
    /// The move that led here (from ply 1 on).
    #[serde(flatten)]
    pub played: Option<Played>,
}

/// What the review says of the move that led to a position.
#[derive(Clone, Debug, Serialize)]
pub struct Played {
    /// The move in USI.
    pub played: String,
    /// The move in Japanese.
    pub played_text: String,
    /// The winrate its player lost by it (0..1).
    pub loss: f64,
    /// `dubious`, `mistake`, `blunder`, or null.
    pub mark: Option<&'static str>,
    /// The better move (the best of the position before) when the move is marked.
    pub better: Option<String>,
    /// The better move in Japanese.
    pub better_text: Option<String>,
    /// The line after the better move, in Japanese.
    pub better_pv_text: Option<Vec<String>>,
}

/// One review waiting for a worker, or being analysed: its line, and how far it came.
struct Job {
    /// Who asked for it.
    client: IpAddr,
    /// The positions of the line, the start first.
    positions: Vec<Root>,
    /// The positions' keys, for repetitions.
    keys: Vec<PastPosition>,
    /// The moves between them.
    moves: Vec<AnyMove>,
    /// The limits of each position's search.
    limits: Limits,
    /// What the client sees.
    view: Arc<Mutex<ReviewView>>,
    /// The position analysed next.
    next: usize,
    /// What the position before it showed.
    before: Option<Position>,
}

/// The reviews waiting, one line per client, served in turn.
#[derive(Default)]
struct Queue {
    /// The clients with a review waiting, the next to be served first, each with its
    /// reviews in the order they were asked for.
    turns: VecDeque<(IpAddr, VecDeque<Job>)>,
    /// How many reviews each client has waiting or running.
    open: HashMap<IpAddr, usize>,
}

impl Queue {
    /// Counts `job` in and queues it after its client's other reviews.
    fn add(&mut self, job: Job) {
        *self.open.entry(job.client).or_default() += 1;
        self.put(job, false);
    }

    /// Puts `job` in its client's line (first, for a review under way), the client at the
    /// back of the turns if not waiting yet.
    fn put(&mut self, job: Job, first: bool) {
        match self.turns.iter_mut().find(|(c, _)| *c == job.client) {
            Some((_, jobs)) if first => jobs.push_front(job),
            Some((_, jobs)) => jobs.push_back(job),
            None => self.turns.push_back((job.client, VecDeque::from([job]))),
        }
    }

    /// The next client's first review; the client goes to the back of the turns.
    fn take(&mut self) -> Option<Job> {
        let (client, mut jobs) = self.turns.pop_front()?;
        let job = jobs.pop_front();
        if !jobs.is_empty() {
            self.turns.push_back((client, jobs));
        }
        job
    }

    /// A review of `client` ended.
    fn done(&mut self, client: IpAddr) {
        if let Some(n) = self.open.get_mut(&client) {
            *n -= 1;
            if *n == 0 {
                self.open.remove(&client);
            }
        }
    }

    /// How many reviews are waiting or running.
    fn total(&self) -> usize {
        self.open.values().sum()
    }
}

/// The reviews: the queue to the workers, and every review kept.
pub struct Reviews {
    queue: Mutex<Queue>,
    /// Wakes a worker when a review is queued (or the server stops).
    ready: Notify,
    kept: Mutex<Kept>,
    pool: Arc<Pool>,
    settings: Arc<Settings>,
    stop: Arc<AtomicBool>,
}

/// The reviews kept in memory, in the order they were asked for.
#[derive(Default)]
struct Kept {
    by_id: HashMap<String, Arc<Mutex<ReviewView>>>,
    order: VecDeque<String>,
}

impl Reviews {
    /// The reviews, with their workers started (on the current tokio runtime), searching
    /// with `pool`.
    pub fn start(pool: Arc<Pool>, settings: Arc<Settings>) -> Arc<Reviews> {
        let reviews = Arc::new(Reviews {
            queue: Mutex::new(Queue::default()),
            ready: Notify::new(),
            kept: Mutex::new(Kept::default()),
            pool,
            stop: Arc::new(AtomicBool::new(false)),
            settings,
        });
        for _ in 0..reviews.settings.review_workers() {
            tokio::spawn(work(Arc::clone(&reviews)));
        }
        reviews
    }

    fn kept(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.kept.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn queue(&self) -> std::sync::MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Checks `request` of `client` and queues the review; its id. Refused while the
    /// client has as many reviews open as one may (429) or the server as many as it takes
    /// (503).
    pub fn submit(&self, request: ReviewRequest, client: IpAddr) -> Result<String, ApiError> {
        let kind = line::game_kind(request.variant.as_deref())?;
        let start = Root::start(kind, request.start_sfen.as_deref())?;
        let moves = start.read_moves(&request.moves)?;
        let positions = start.positions(&moves);
        let movetime_ms = movetime_ms(
            request.movetime_ms,
            positions.len(),
            self.settings.review_time,
        );
        let id = format!("R{}", tokens::game_id()?);
        let view = Arc::new(Mutex::new(ReviewView {
            id: id.clone(),
            done: false,
            total: positions.len(),
            movetime_ms,
            error: None,
            entries: Vec::new(),
        }));
        let movetime = Duration::from_millis(movetime_ms);
        let job = Job {
            client,
            keys: line::past(&positions, &moves),
            positions,
            moves,
            limits: Limits {
                soft_time: Some(movetime),
                hard_time: Some(movetime),
                ..Limits::default()
            },
            view: Arc::clone(&view),
            next: 0,
            before: None,
        };
        {
            let mut queue = self.queue();
            if engine::stopped(&self.stop) {
                return Err(ApiError::ShuttingDown);
            }
            let open = queue.open.get(&client).copied().unwrap_or(0);
            if open >= self.settings.reviews_per_client {
                return Err(ApiError::TooManyReviews {
                    limit: self.settings.reviews_per_client,
                });
            }
            if queue.total() >= self.settings.review_queue {
                return Err(ApiError::QueueFull);
            }
            queue.add(job);
        }
        self.ready.notify_one();
        let mut kept = self.kept();
        kept.by_id.insert(id.clone(), view);
        kept.order.push_back(id.clone());
        forget_old(&mut kept);
        Ok(id)
    }

    /// The review `id` as far as it has come.
    pub fn get(&self, id: &str) -> Result<ReviewView, ApiError> {
        let view = self
            .kept()
            .by_id
            .get(id)
            .cloned()
            .ok_or_else(|| ApiError::no_such("review", id))?;
        Ok(lock(&view).clone())
    }

    /// The server stops: the positions under way stop, the waiting reviews end, none
    /// starts.
    pub fn close(&self) {
        engine::stop(&self.stop);
        let mut queue = self.queue();
        while let Some(job) = queue.take() {
            finish(&job.view, Some("the server stopped".to_string()));
        }
        *queue = Queue::default();
        drop(queue);
        self.ready.notify_waiters();
    }
}

/// The engine's time per position: the one asked for (or the default), clamped to
/// [`MOVETIME_MS`], and cut so that `positions` take at most `budget` in all (but never
/// under the range's least).
fn movetime_ms(asked: Option<u64>, positions: usize, budget: Duration) -> u64 {
    let asked = asked
        .unwrap_or(DEFAULT_MOVETIME_MS)
        .clamp(*MOVETIME_MS.start(), *MOVETIME_MS.end());
    let share = budget.as_millis() / positions.max(1) as u128;
    let share = u64::try_from(share).unwrap_or(u64::MAX);
    asked.min(share).max(*MOVETIME_MS.start())
}

/// Forgets the oldest finished reviews beyond [`KEPT`] (running and waiting ones stay).
fn forget_old(kept: &mut Kept) {
    let mut excess = kept.order.len().saturating_sub(KEPT);
    let mut i = 0;
    while excess > 0 && i < kept.order.len() {
        let done = kept.by_id.get(&kept.order[i]).is_none_or(|v| lock(v).done);
        if done {
            if let Some(id) = kept.order.remove(i) {
                kept.by_id.remove(&id);
            }
            excess -= 1;
        } else {
            i += 1;
        }
    }
}

fn lock(view: &Mutex<ReviewView>) -> std::sync::MutexGuard<'_, ReviewView> {
    view.lock().unwrap_or_else(|e| e.into_inner())
}

/// A worker: the next client's review, one position, then the next client's; until the
/// server stops.
async fn work(reviews: Arc<Reviews>) {
    loop {
        let mut job = loop {
            // Listening before looking: a review queued or a stop in between still wakes it.
            let notified = reviews.ready.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            if engine::stopped(&reviews.stop) {
                return;
            }
            if let Some(job) = reviews.queue().take() {
                break job;
            }
            notified.await;
        };
        let (view, client) = (Arc::clone(&job.view), job.client);
        let stop = Arc::clone(&reviews.stop);
        let ran = reviews
            .pool
            .run(None, move |searcher| {
                let step = analyse_next(searcher, &mut job, &stop);
                (job, step)
            })
            .await;
        let ended = match ran {
            Ok(Some((job, Step::More))) => {
                reviews.queue().put(job, true);
                reviews.ready.notify_one();
                continue;
            }
            Ok(Some((_, Step::Done))) => None,
            Ok(Some((_, Step::Stopped))) => Some("the server stopped".to_string()),
            Ok(None) => Some("no search came free".to_string()),
            Err(e) => Some(e.to_string()),
        };
        finish(&view, ended);
        reviews.queue().done(client);
    }
}

/// Marks the review done, with `error` if it stopped early.
fn finish(view: &Mutex<ReviewView>, error: Option<String>) {
    let mut view = lock(view);
    view.done = true;
    if view.error.is_none() {
        view.error = error;
    }
}

/// What analysing one position left to do.
enum Step {
    /// More positions wait.
    More,
    /// Every position is analysed.
    Done,
    /// The server stopped.
    Stopped,
}

/// Analyses the next position of `job`, adding its entry as it is found.
fn analyse_next(searcher: &mut Searcher, job: &mut Job, stop: &AtomicBool) -> Step {
    let k = job.next;
    let Some(pos) = job.positions.get(k) else {
        return Step::Done;
    };
    let found = engine::search_any(searcher, pos, &job.keys[..=k], &job.limits, stop);
    if engine::stopped(stop) {
        return Step::Stopped;
    }
    let previous = k.checked_sub(1).map(|i| job.moves[i]);
    let here = Position::of(pos, found.result.score, &found.pv, previous);
    let played = match (&job.before, k.checked_sub(1)) {
        (Some(b), Some(i)) => Some(judge(b, &here, job.moves[i])),
        _ => None,
    };
    lock(&job.view).entries.push(here.entry(k, played));
    job.before = Some(here);
    job.next += 1;
    if job.next < job.positions.len() {
        Step::More
    } else {
        Step::Done
    }
}

/// What the review knows of one position: where it is, its winrate and best line.
struct Position {
    pos: Root,
    /// The move that led here (for 同).
    previous: Option<AnyMove>,
    score: ScoreView,
    winrate: f64,
    pv: Vec<AnyMove>,
    pv_text: Vec<String>,
}

impl Position {
    /// `pos` with the search's `score` (side to move's view) and principal variation.
    fn of(pos: &Root, score: Score, pv: &[AnyMove], previous: Option<AnyMove>) -> Position {
        let (score, winrate) = sente_view(score, pos.side_to_move());
        Position {
            pos: *pos,
            previous,
            score,
            winrate,
            pv: pv.to_vec(),
            pv_text: pos.japanese(pv, previous),
        }
    }

    fn best(&self) -> Option<AnyMove> {
        self.pv.first().copied()
    }

    fn entry(&self, ply: usize, played: Option<Played>) -> Entry {
        Entry {
            ply,
            score: self.score,
            winrate: self.winrate,
            best: self.best().map(|m| self.pos.usi(m)),
            best_text: self.pv_text.first().cloned(),
            pv: self.pv.iter().map(|&m| self.pos.usi(m)).collect(),
            pv_text: self.pv_text.clone(),
            played,
        }
    }
}

/// The move `m` played from `before` to `after`: what its player lost, its mark, and the
/// better move when it is marked. A move the engine itself chose is never marked (what it
/// seems to lose is the noise of short searches).
fn judge(before: &Position, after: &Position, m: AnyMove) -> Played {
    let mover = before.pos.side_to_move();
    let loss = match mover {
        Color::Black => before.winrate - after.winrate,
        Color::White => after.winrate - before.winrate,
    }
    .max(0.0);
    let best = before.best();
    let mark = if best == Some(m) { None } else { mark(loss) };
    let better = best.filter(|_| mark.is_some());
    Played {
        played: before.pos.usi(m),
        played_text: before
            .pos
            .japanese(&[m], before.previous)
            .pop()
            .unwrap_or_default(),
        loss,
        mark,
        better: better.map(|b| before.pos.usi(b)),
        better_text: better.and_then(|_| before.pv_text.first().cloned()),
        better_pv_text: better.map(|_| before.pv_text.clone()),
    }
}

/// The mark for a winrate loss.
pub fn mark(loss: f64) -> Option<&'static str> {
    if loss >= BLUNDER {
        Some("blunder")
    } else if loss >= MISTAKE {
        Some("mistake")
    } else if loss >= DUBIOUS {
        Some("dubious")
    } else {
        None
    }
}

/// A score of the side to move `side` as sente's score and winrate (a mate is 0 or 1).
pub fn sente_view(score: Score, side: Color) -> (ScoreView, f64) {
    let sign = if side == Color::Black { 1 } else { -1 };
    let (view, mover_winrate) = match score {
        Score::Cp(cp) => (
            ScoreView::Cp(sign * cp),
            1.0 / (1.0 + (-f64::from(cp) / WINRATE_SCALE).exp()),
        ),
        Score::Mate(n) => (ScoreView::Mate(sign * n), if n > 0 { 1.0 } else { 0.0 }),
    };
    let winrate = if side == Color::Black {
        mover_winrate
    } else {
        1.0 - mover_winrate
    };
    (view, winrate)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_turn_to_sente() {
        assert_eq!(
            sente_view(Score::Cp(0), Color::Black),
            (ScoreView::Cp(0), 0.5)
        );
        let (s, w) = sente_view(Score::Cp(600), Color::White);
        assert_eq!(s, ScoreView::Cp(-600));
        assert!((w - 1.0 / (1.0 + 1f64.exp())).abs() < 1e-9);
        assert_eq!(
            sente_view(Score::Mate(3), Color::White),
            (ScoreView::Mate(-3), 0.0)
        );
        assert_eq!(
            sente_view(Score::Mate(-2), Color::White),
            (ScoreView::Mate(2), 1.0)
        );
        // Mated now: the side to move has lost.
        assert_eq!(sente_view(Score::Mate(0), Color::Black).1, 0.0);
        assert_eq!(sente_view(Score::Mate(0), Color::White).1, 1.0);
    }

    fn job(client: [u8; 4], name: &str) -> Job {
        let start = Root::Family(koma_rules::VariantKind::Shogi.startpos());
        Job {
            client: IpAddr::from(client),
            positions: vec![start],
            keys: Vec::new(),
            moves: Vec::new(),
            limits: Limits::default(),
            view: Arc::new(Mutex::new(ReviewView {
                id: name.to_string(),
                done: false,
                total: 1,
                movetime_ms: 0,
                error: None,
                entries: Vec::new(),
            })),
            next: 0,
            before: None,
        }
    }

    fn id(job: &Job) -> String {
        lock(&job.view).id.clone()
    }

    #[test]
    fn clients_are_served_in_turn() {
        let mut queue = Queue::default();
        for (client, name) in [
            ([1; 4], "a1"),
            ([1; 4], "a2"),
            ([1; 4], "a3"),
            ([2; 4], "b1"),
        ] {
            queue.add(job(client, name));
        }
        assert_eq!(queue.total(), 4);
        // a1 runs a position and comes back first in a's line: b's turn comes between.
        let a1 = queue.take().unwrap();
        assert_eq!(id(&a1), "a1");
        queue.put(a1, true);
        let order: Vec<String> = std::iter::from_fn(|| queue.take())
            .map(|j| id(&j))
            .collect();
        assert_eq!(order, ["b1", "a1", "a2", "a3"]);
        queue.done(IpAddr::from([1; 4]));
        assert_eq!(queue.total(), 3);
    }

    #[test]
    fn a_long_review_gets_less_time_per_position() {
        let ten_s = Duration::from_secs(10);
        assert_eq!(movetime_ms(None, 4, ten_s), DEFAULT_MOVETIME_MS);
        assert_eq!(movetime_ms(Some(1000), 100, ten_s), 100);
        assert_eq!(movetime_ms(Some(1000), 1001, ten_s), *MOVETIME_MS.start());
        assert_eq!(
            movetime_ms(Some(99_999), 1, Duration::MAX),
            *MOVETIME_MS.end()
        );
    }

    #[test]
    fn marks_by_loss() {
        assert_eq!(mark(0.0), None);
        assert_eq!(mark(0.07), Some("dubious"));
        assert_eq!(mark(0.2), Some("mistake"));
        assert_eq!(mark(0.5), Some("blunder"));
    }

    #[test]
    fn entries_serialize_as_the_contract_says() {
        let e = Entry {
            ply: 0,
            score: ScoreView::Mate(-1),
            winrate: 0.0,
            best: None,
            best_text: None,
            pv: vec![],
            pv_text: vec![],
            played: None,
        };
        let json = serde_json::to_value(&e).unwrap();
        assert_eq!(json["score"], serde_json::json!({"mate": -1}));
        assert!(json.get("played").is_none());
    }
}
