//! Reviews (感想戦): every position of a line analysed by the engine, one review at a time
//! in the background, each position's score, winrate and best line, and for each move how
//! much it lost and whether that makes it a mistake.
//!
//! Reviews are kept in memory only (the latest [`KEPT`]); their progress is visible while
//! they run.

use crate::engine::{self, HASH_MB};
use crate::error::ApiError;
use crate::line;
use crate::tokens;
use koma_engine::{Limits, Score, Searcher};
use koma_notation::usi;
use koma_rules::{AnyPosition, Color, Move};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::mpsc;

/// The engine's time per position when the request names none.
pub const DEFAULT_MOVETIME_MS: u64 = 300;
/// The range a requested time per position is clamped to.
pub const MOVETIME_MS: std::ops::RangeInclusive<u64> = 50..=10_000;
/// How many reviews may wait for the worker; more are refused (503).
pub const QUEUE: usize = 16;
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
    /// `shogi` (default) or `tori`.
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

/// One review waiting for the worker, or being analysed.
struct Job {
    start: AnyPosition,
    moves: Vec<Move>,
    movetime: Duration,
    view: Arc<Mutex<ReviewView>>,
}

/// The reviews: the queue to the worker, and every review kept.
pub struct Reviews {
    queue: mpsc::Sender<Job>,
    kept: Mutex<Kept>,
    stop: Arc<AtomicBool>,
}

/// The reviews kept in memory, in the order they were asked for.
#[derive(Default)]
struct Kept {
    by_id: HashMap<String, Arc<Mutex<ReviewView>>>,
    order: VecDeque<String>,
}

impl Reviews {
    /// The reviews, with their worker started (on the current tokio runtime).
    pub fn start() -> Arc<Reviews> {
        let (queue, jobs) = mpsc::channel(QUEUE);
        let stop = Arc::new(AtomicBool::new(false));
        tokio::spawn(work(jobs, Arc::clone(&stop)));
        Arc::new(Reviews {
            queue,
            kept: Mutex::new(Kept::default()),
            stop,
        })
    }

    fn kept(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.kept.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Checks `request` and queues the review; its id.
    pub fn submit(&self, request: ReviewRequest) -> Result<String, ApiError> {
        let variant = line::variant(request.variant.as_deref())?;
        let start = line::start(variant, request.start_sfen.as_deref())?;
        let moves = line::read_moves(&start, &request.moves)?;
        let movetime_ms = request
            .movetime_ms
            .unwrap_or(DEFAULT_MOVETIME_MS)
            .clamp(*MOVETIME_MS.start(), *MOVETIME_MS.end());
        let id = format!("R{}", tokens::game_id()?);
        let view = Arc::new(Mutex::new(ReviewView {
            id: id.clone(),
            done: false,
            total: moves.len() + 1,
            error: None,
            entries: Vec::new(),
        }));
        let job = Job {
            start,
            moves,
            movetime: Duration::from_millis(movetime_ms),
            view: Arc::clone(&view),
        };
        self.queue.try_send(job).map_err(|e| match e {
            mpsc::error::TrySendError::Full(_) => ApiError::QueueFull,
            mpsc::error::TrySendError::Closed(_) => ApiError::ShuttingDown,
        })?;
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

    /// The server stops: the review under way stops, none starts.
    pub fn close(&self) {
        engine::stop(&self.stop);
    }
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

/// The worker: one review after the other, each off the async threads on a large stack,
/// one searcher kept for all.
async fn work(mut jobs: mpsc::Receiver<Job>, stop: Arc<AtomicBool>) {
    let mut searcher: Option<Searcher> = None;
    while let Some(job) = jobs.recv().await {
        if engine::stopped(&stop) {
            finish(&job.view, Some("the server stopped".to_string()));
            continue;
        }
        let idle = searcher.take();
        let stop = Arc::clone(&stop);
        let view = Arc::clone(&job.view);
        let ran = tokio::task::spawn_blocking(move || {
            engine::on_big_stack(move || {
                let mut s = idle.unwrap_or_else(|| Searcher::new(HASH_MB));
                s.clear();
                let error = analyse(&mut s, &job, &stop);
                finish(&job.view, error);
                s
            })
        })
        .await;
        match ran {
            Ok(Ok(s)) => searcher = Some(s),
            Ok(Err(e)) => finish(&view, Some(e.to_string())),
            Err(e) => finish(&view, Some(format!("the review task failed: {e}"))),
        }
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

/// Analyses every position of `job`, adding each entry as it is found; why it stopped
/// early, if it did.
fn analyse(searcher: &mut Searcher, job: &Job, stop: &AtomicBool) -> Option<String> {
    let positions = line::positions(&job.start, &job.moves);
    let keys = engine::past(&positions);
    let limits = Limits {
        soft_time: Some(job.movetime),
        hard_time: Some(job.movetime),
        ..Limits::default()
    };
    let mut before: Option<Position> = None;
    for (k, pos) in positions.iter().enumerate() {
        let found = engine::search(searcher, pos, &keys[..=k], &limits, stop);
        if engine::stopped(stop) {
            return Some("the server stopped".to_string());
        }
        let prev_to = k.checked_sub(1).map(|i| job.moves[i].to());
        let here = Position::of(pos, found.result.score, &found.pv, prev_to);
        let played = match (&before, k.checked_sub(1)) {
            (Some(b), Some(i)) => Some(judge(b, &here, job.moves[i])),
            _ => None,
        };
        lock(&job.view).entries.push(here.entry(k, played));
        before = Some(here);
    }
    None
}

/// What the review knows of one position: where it is, its winrate and best line.
struct Position {
    pos: AnyPosition,
    /// The destination of the move that led here (for 同).
    prev_to: Option<koma_rules::Square>,
    score: ScoreView,
    winrate: f64,
    pv: Vec<Move>,
    pv_text: Vec<String>,
}

impl Position {
    /// `pos` with the search's `score` (side to move's view) and principal variation.
    fn of(
        pos: &AnyPosition,
        score: Score,
        pv: &[Move],
        prev_to: Option<koma_rules::Square>,
    ) -> Position {
        let (score, winrate) = sente_view(score, line::side_to_move(pos));
        Position {
            pos: *pos,
            prev_to,
            score,
            winrate,
            pv: pv.to_vec(),
            pv_text: line::japanese(pos, pv, prev_to),
        }
    }

    fn best(&self) -> Option<Move> {
        self.pv.first().copied()
    }

    fn entry(&self, ply: usize, played: Option<Played>) -> Entry {
        let variant = self.pos.variant();
        Entry {
            ply,
            score: self.score,
            winrate: self.winrate,
            best: self.best().map(|m| usi::write_move(variant, m)),
            best_text: self.pv_text.first().cloned(),
            pv: self
                .pv
                .iter()
                .map(|&m| usi::write_move(variant, m))
                .collect(),
            pv_text: self.pv_text.clone(),
            played,
        }
    }
}

/// The move `m` played from `before` to `after`: what its player lost, its mark, and the
/// better move when it is marked. A move the engine itself chose is never marked (what it
/// seems to lose is the noise of short searches).
fn judge(before: &Position, after: &Position, m: Move) -> Played {
    let mover = line::side_to_move(&before.pos);
    let loss = match mover {
        Color::Black => before.winrate - after.winrate,
        Color::White => after.winrate - before.winrate,
    }
    .max(0.0);
    let best = before.best();
    let mark = if best == Some(m) { None } else { mark(loss) };
    let better = best.filter(|_| mark.is_some());
    Played {
        played: usi::write_move(before.pos.variant(), m),
        played_text: line::japanese(&before.pos, &[m], before.prev_to)
            .pop()
            .unwrap_or_default(),
        loss,
        mark,
        better: better.map(|b| usi::write_move(before.pos.variant(), b)),
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
