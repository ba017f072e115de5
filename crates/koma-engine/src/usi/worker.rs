//! The search thread: one thread per `go` runs the search (or the mate solver, or just
//! holds a ready answer), prints the `info` lines as the search reports them, and prints
//! the one `bestmove` (or `checkmate`) line of that `go`. A timer thread beside it sets the
//! stop flag at the deadline.
//!
//! A `go infinite` or `go ponder` answer is *held*: even when the search ends by itself (a
//! depth limit, a mate found, no legal move) the line waits for `stop`, or for `ponderhit`
//! when pondering, as USI requires.

use super::answer::{Answer, bestmove_line, decide, info_line};
use super::chu::{self, ChuGame};
use super::io::Output;
use super::mate::{self, MateLimit, checkmate_line};
use super::position::GamePosition;
use crate::search::{Limits, SearchInfo, Searcher};
use crate::time::Budget;
use koma_rules::chu::ChuPosition;
use koma_rules::{AnyPosition, Color};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// How a `go` ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// At the limits (or at once): the answer is printed as soon as it is known.
    Normal,
    /// `go infinite`: the answer waits for `stop`.
    Infinite,
    /// `go ponder`: the answer waits for `ponderhit` or `stop`.
    Ponder,
}

struct State {
    mode: Mode,
    deadline: Option<Instant>,
    searching: bool,
}

/// What the session and the search thread share about one `go`.
pub struct Control {
    /// The flag the search polls: set by `stop`, `quit`, a new `go` and the deadline.
    pub stop: Arc<AtomicBool>,
    /// Set while pondering, cleared by `ponderhit`; the search reads it through
    /// `Limits::ponder`.
    pub pondering: Arc<AtomicBool>,
    answered: AtomicBool,
    /// Whether the search stops by itself without a deadline (a `depth` or `nodes` limit).
    limited: bool,
    state: Mutex<State>,
    changed: Condvar,
}

impl Control {
    /// A control for a `go` in `mode`, stopping at `deadline` if any.
    pub fn new(mode: Mode, deadline: Option<Instant>) -> Control {
        Control {
            stop: Arc::new(AtomicBool::new(false)),
            pondering: Arc::new(AtomicBool::new(mode == Mode::Ponder)),
            answered: AtomicBool::new(false),
            limited: false,
            state: Mutex::new(State {
                mode,
                deadline,
                searching: true,
            }),
            changed: Condvar::new(),
        }
    }

    /// The same control for a search that ends by itself (a `depth` or `nodes` limit) even
    /// without a deadline.
    pub fn limited(mut self, limited: bool) -> Control {
        self.limited = limited;
        self
    }

    /// Whether only `stop` ends this `go`: it waits for `stop` or `ponderhit`, or it has
    /// neither a deadline nor a depth or node limit (`go mate infinite`, a `ponderhit`
    /// without a clock).
    pub fn open_ended(&self) -> bool {
        let state = self.lock();
        state.mode != Mode::Normal || (state.deadline.is_none() && !self.limited)
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// `stop`: the search stops and a held answer is released.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
        self.pondering.store(false, Ordering::SeqCst);
        self.lock().mode = Mode::Normal;
        self.changed.notify_all();
    }

    /// `ponderhit`: pondering becomes a normal search that stops at `deadline` (if any).
    /// Returns whether the search was pondering.
    pub fn ponderhit(&self, deadline: Option<Instant>) -> bool {
        let mut state = self.lock();
        if state.mode != Mode::Ponder {
            return false;
        }
        state.mode = Mode::Normal;
        state.deadline = deadline;
        self.pondering.store(false, Ordering::SeqCst);
        drop(state);
        self.changed.notify_all();
        true
    }

    /// The current mode.
    pub fn mode(&self) -> Mode {
        self.lock().mode
    }

    /// Whether the `bestmove`/`checkmate` line has been printed.
    pub fn answered(&self) -> bool {
        self.answered.load(Ordering::SeqCst)
    }

    fn search_finished(&self) {
        self.lock().searching = false;
        self.changed.notify_all();
    }

    fn wait_release(&self) {
        let mut state = self.lock();
        while state.mode != Mode::Normal {
            state = self.changed.wait(state).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// The timer: sets the stop flag at the deadline (which `ponderhit` may set later),
    /// and ends when the search does.
    fn run_timer(&self) {
        let mut state = self.lock();
        while state.searching {
            match state.deadline {
                Some(deadline) => {
                    let now = Instant::now();
                    if now >= deadline {
                        self.stop.store(true, Ordering::SeqCst);
                        return;
                    }
                    state = self
                        .changed
                        .wait_timeout(state, deadline - now)
                        .unwrap_or_else(|e| e.into_inner())
                        .0;
                }
                None => state = self.changed.wait(state).unwrap_or_else(|e| e.into_inner()),
            }
        }
    }
}

/// The safety net for a pondering search once `ponderhit` arrives at `now`: the hard time
/// from then (the search itself applies its soft and hard times from the moment it notices
/// that pondering ended).
pub fn ponderhit_deadline(now: Instant, budget: Option<Budget>) -> Option<Instant> {
    budget.and_then(|b| now.checked_add(Duration::from_millis(b.hard)))
}

/// What the thread does for one `go`.
pub enum Task {
    /// Search the position.
    Search {
        /// The position and its history.
        position: GamePosition,
        /// The limits.
        limits: Limits,
    },
    /// Answer this without searching (no legal move, a declaration).
    Answer(AnyPosition, Answer),
    /// `go mate`.
    Mate(AnyPosition, MateLimit),
    /// Search a Chu position.
    Chu {
        /// The position and its history.
        game: ChuGame,
        /// The limits.
        limits: Limits,
    },
}

impl Task {
    fn root(&self) -> Root {
        match self {
            Task::Search { position, .. } => Root::Family(position.root),
            Task::Answer(root, _) | Task::Mate(root, _) => Root::Family(*root),
            Task::Chu { game, .. } => Root::Chu(game.root),
        }
    }
}

/// The position a `go` is about, for the answer of last resort.
#[derive(Clone, Copy, Debug)]
pub enum Root {
    /// A position of the 9x9 frame.
    Family(AnyPosition),
    /// A Chu position.
    Chu(ChuPosition),
}

impl Root {
    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        match self {
            Root::Family(p) => super::position::side_to_move(p),
            Root::Chu(p) => p.side_to_move(),
        }
    }
}

/// A running `go`.
pub struct Running {
    /// The shared control.
    pub control: Arc<Control>,
    /// The position searched (for a last-resort answer if the thread dies).
    pub root: Root,
    /// Whether this is a `go mate` (answered by `checkmate`).
    pub mate: bool,
    /// The time budget a pondering search gets at `ponderhit`.
    pub ponder_budget: Option<Budget>,
    worker: JoinHandle<Option<Searcher>>,
    timer: JoinHandle<()>,
}

impl Running {
    /// Waits for the threads and gives the searcher back. If the search thread died
    /// without answering, says so on `out` and answers in its place.
    pub fn join(self, out: &Output) -> Option<Searcher> {
        let result = self.worker.join();
        self.control.search_finished();
        let _ = self.timer.join();
        match result {
            Ok(searcher) => searcher,
            Err(_) => {
                out.info_string("internal error: the search thread failed");
                if !self.control.answered() {
                    out.line(&fallback_line(&self.root, self.mate));
                }
                None
            }
        }
    }
}

/// Starts `task` on a new thread with `searcher` (given back by [`Running::join`]). A thread
/// that cannot be started is reported on `out` and answered at once.
pub fn spawn(
    task: Task,
    control: Control,
    analysing: bool,
    out: &Output,
    searcher: Option<Searcher>,
) -> Option<Running> {
    let control = Arc::new(control);
    let root = task.root();
    let mate = matches!(task, Task::Mate(..));
    let timer = {
        let control = Arc::clone(&control);
        thread::Builder::new()
            .name("koma-timer".to_string())
            .spawn(move || control.run_timer())
    };
    let worker = {
        let control = Arc::clone(&control);
        let out = out.clone();
        thread::Builder::new()
            .name("koma-search".to_string())
            .stack_size(64 << 20)
            .spawn(move || work(task, &control, analysing, &out, searcher))
    };
    match (worker, timer) {
        (Ok(worker), Ok(timer)) => Some(Running {
            control,
            root,
            mate,
            ponder_budget: None,
            worker,
            timer,
        }),
        (worker, timer) => {
            out.info_string("cannot start the search thread; answering at once");
            control.stop();
            if let Ok(w) = worker {
                let _ = w.join();
            }
            if let Ok(t) = timer {
                let _ = t.join();
            }
            if !control.answered() {
                out.line(&fallback_line(&root, mate));
            }
            None
        }
    }
}

/// The answer when the search could not give one: the first legal move, or `resign`.
pub fn fallback_line(root: &Root, mate: bool) -> String {
    let root = match root {
        Root::Family(p) => p,
        Root::Chu(p) => return chu::bestmove_line(p, None, None),
    };
    if mate {
        return checkmate_line(&mate::MateAnswer::Timeout, root.variant());
    }
    let answer = match root.legal_moves().first() {
        Some(&best) => Answer::Move { best, ponder: None },
        None => Answer::Resign,
    };
    bestmove_line(&answer, root.variant())
}

fn work(
    task: Task,
    control: &Control,
    analysing: bool,
    out: &Output,
    mut searcher: Option<Searcher>,
) -> Option<Searcher> {
    let line = match task {
        Task::Chu { game, limits } => {
            let searcher = searcher.get_or_insert_with(|| Searcher::new(1));
            let mut report = |info: &SearchInfo<_>| out.line(&chu::info_line(info));
            let result = searcher.search(
                &game.root,
                &game.history,
                &limits,
                &control.stop,
                &mut report,
            );
            chu::bestmove_line(&game.root, result.best, result.ponder)
        }
        Task::Answer(root, answer) => bestmove_line(&answer, root.variant()),
        Task::Mate(root, limit) => {
            let answer = mate::solve(&root, limit, &control.stop);
            if answer == mate::MateAnswer::NotImplemented {
                out.info_string(&format!(
                    "go mate: the mate solver plays shogi only, not {}",
                    root.variant().name()
                ));
            }
            checkmate_line(&answer, root.variant())
        }
        Task::Search { position, limits } => {
            let variant = position.root.variant();
            let searcher = searcher.get_or_insert_with(|| Searcher::new(1));
            let mut last_pv = Vec::new();
            let result = {
                let mut report = |info: &SearchInfo| {
                    out.line(&info_line(info, variant));
                    if info.multipv == 1 {
                        last_pv.clone_from(&info.pv);
                    }
                };
                let history = &position.history;
                koma_rules::on_position!(&position.root, p => {
                    searcher.search(p, history, &limits, &control.stop, &mut report)
                })
            };
            let decision = decide(&position.root, &result, &last_pv, analysing);
            if let Some(note) = &decision.note {
                out.info_string(note);
            }
            bestmove_line(&decision.answer, variant)
        }
    };
    control.search_finished();
    control.wait_release();
    out.line(&line);
    control.answered.store(true, Ordering::SeqCst);
    searcher
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_timer_stops_at_the_deadline() {
        let c = Arc::new(Control::new(
            Mode::Normal,
            Some(Instant::now() + Duration::from_millis(20)),
        ));
        let t = {
            let c = Arc::clone(&c);
            thread::spawn(move || c.run_timer())
        };
        t.join().unwrap();
        assert!(c.stop.load(Ordering::SeqCst));
    }

    #[test]
    fn ponderhit_sets_the_deadline_and_releases() {
        let c = Control::new(Mode::Ponder, None);
        assert!(c.pondering.load(Ordering::SeqCst));
        assert!(c.ponderhit(Some(Instant::now())));
        assert_eq!(c.mode(), Mode::Normal);
        assert!(!c.pondering.load(Ordering::SeqCst));
        assert!(!c.ponderhit(None), "only once");
        c.run_timer();
        assert!(c.stop.load(Ordering::SeqCst));
        let c = Control::new(Mode::Infinite, None);
        assert!(!c.ponderhit(None));
        c.stop();
        assert_eq!(c.mode(), Mode::Normal);
    }

    #[test]
    fn open_ended_is_what_only_stop_ends() {
        assert!(
            Control::new(Mode::Infinite, None)
                .limited(true)
                .open_ended()
        );
        assert!(Control::new(Mode::Ponder, None).open_ended());
        assert!(Control::new(Mode::Normal, None).open_ended());
        assert!(!Control::new(Mode::Normal, None).limited(true).open_ended());
        let c = Control::new(Mode::Normal, Some(Instant::now()));
        assert!(!c.open_ended());
        let c = Control::new(Mode::Ponder, None);
        c.ponderhit(None);
        assert!(c.open_ended(), "pondering became a search with no limit");
    }

    #[test]
    fn ponderhit_deadline_uses_the_hard_time() {
        let now = Instant::now();
        let b = Budget {
            soft: 1000,
            hard: 3000,
        };
        assert_eq!(
            ponderhit_deadline(now, Some(b)),
            Some(now + Duration::from_millis(3000))
        );
        assert_eq!(ponderhit_deadline(now, None), None);
    }

    #[test]
    fn fallback_lines() {
        let root = Root::Family(koma_rules::VariantKind::Shogi.startpos());
        assert!(fallback_line(&root, false).starts_with("bestmove "));
        assert_eq!(fallback_line(&root, true), "checkmate timeout");
        let chu = Root::Chu(ChuPosition::startpos());
        assert!(fallback_line(&chu, false).starts_with("bestmove "));
    }
}
