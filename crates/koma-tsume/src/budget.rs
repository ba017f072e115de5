//! What a solve may spend (time, nodes, the stop flag) and the progress reports on the way,
//! shared by the df-pn search and the composer-length search.

use crate::result::{Limits, Phase, Progress, ProgressFn, UnknownReason};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How often the progress callback is called.
const PROGRESS_EVERY: Duration = Duration::from_secs(1);

/// The limits of one solve, with the clock it started on.
pub(crate) struct Budget {
    /// Node limit for the whole solve (`u64::MAX`: none).
    pub node_limit: u64,
    start: Instant,
    time: Option<Duration>,
    stop: Option<Arc<AtomicBool>>,
    progress: Option<ProgressFn>,
    /// When the next progress report is due (time since the start).
    next_report: Duration,
}

impl Budget {
    /// The budget of `limits` for a solve that began at `start`.
    pub fn new(limits: &Limits, start: Instant) -> Budget {
        Budget {
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            start,
            time: limits.time,
            stop: limits.stop.clone(),
            progress: limits.progress.clone(),
            next_report: PROGRESS_EVERY,
        }
    }

    /// The rare part of counting a node (every 1024 nodes): the clock, the stop flag and
    /// the progress report. Returns why the search must stop, if it must.
    #[cold]
    #[inline(never)]
    pub fn poll(
        &mut self,
        nodes: u64,
        hashfull: impl FnOnce() -> u32,
        phase: Phase,
    ) -> Option<UnknownReason> {
        let mut why = None;
        if self.time.is_some() || self.progress.is_some() {
            let elapsed = self.start.elapsed();
            if self.time.is_some_and(|t| elapsed >= t) {
                why = Some(UnknownReason::Timeout);
            }
            if elapsed >= self.next_report {
                self.next_report = elapsed + PROGRESS_EVERY;
                if let Some(report) = &self.progress {
                    report(&Progress {
                        nodes,
                        elapsed,
                        hashfull: hashfull(),
                        phase,
                    });
                }
            }
        }
        if self
            .stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
        {
            why = Some(UnknownReason::Stopped);
        }
        why
    }
}
