//! What every attack shares to run: the server under attack, the options, the normal
//! client that makes ordinary requests beside the attack, the server's figures from
//! `/proc`, the tally of what the hostile client got, and the report.
//!
//! A run has three phases: `before` (the normal client alone), `during` (the attack, until
//! its time is up or the server's memory passes the cap) and `after` (the attack's sockets
//! closed, the normal client still going). [`Watch`] keeps the time, the normal client and
//! the figures of each phase.

use super::client::{Auth, Game, call, expect, pick_move, said, source};
use serde_json::Value;
use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// The longest the normal client waits for an answer; a longer wait counts as an error.
pub const NORMAL_TIMEOUT: Duration = Duration::from_secs(5);

/// The name the most connections open at once are counted under.
pub const MOST_OPEN: &str = "most open at once";

/// How often the server's figures are read during the attack.
const SAMPLE_EVERY: Duration = Duration::from_millis(200);

/// The server under attack.
#[derive(Clone, Copy, Debug)]
pub struct Target {
    /// Where it listens.
    pub addr: SocketAddr,
    /// Its process, whose memory, descriptors and threads are read from `/proc` (none for
    /// a server in this process: no figures).
    pub pid: Option<u32>,
}

/// How an attack runs: every count and time is bounded.
#[derive(Clone, Debug)]
pub struct Opts {
    /// How long the attack lasts at most.
    pub seconds: Duration,
    /// How many source addresses the hostile client uses: 127.0.0.2 and up (1 to 100).
    pub addresses: u8,
    /// The attack's count (sockets, WebSockets, streams, requests at once), or its default.
    pub count: Option<usize>,
    /// How long the normal client runs alone before the attack.
    pub before: Duration,
    /// How long after the attack the "after" figures are read.
    pub settle: Duration,
    /// The normal client's pause between two requests.
    pub pace: Duration,
    /// The server's resident memory (MiB) at which the attack stops early.
    pub max_rss_mib: f64,
    /// The pause between two of the attack's own actions, or its default: a tournament
    /// director's changes (`streams`), the moves of a watched game (`websockets`), the
    /// owner's logins (`logins`).
    pub every: Option<Duration>,
    /// The players of the tournament (`streams`).
    pub players: usize,
    /// Engine games the hostile client stops creating at (`engine`), so that a server
    /// without limits does not take the machine's memory.
    pub max_engine_games: usize,
    /// The program that holds sockets beyond this process's limit on open files (this
    /// program, see `helpers.rs`); none: those are left out.
    pub helper: Option<PathBuf>,
}

impl Default for Opts {
    fn default() -> Opts {
        Opts {
            seconds: Duration::from_secs(20),
            addresses: 20,
            count: None,
            before: Duration::from_secs(3),
            settle: Duration::from_secs(5),
            pace: Duration::from_millis(150),
            max_rss_mib: 4096.0,
            every: None,
            players: 1000,
            max_engine_games: 40,
            helper: None,
        }
    }
}

/// A flag that says when the attack is over: its time is up, or the server's memory passed
/// the cap.
#[derive(Clone)]
pub struct Stop(watch::Receiver<bool>);

impl Stop {
    /// A flag not set yet, and what sets it.
    pub fn new() -> (watch::Sender<bool>, Stop) {
        let (tx, rx) = watch::channel(false);
        (tx, Stop(rx))
    }

    /// Whether the attack is over.
    pub fn is_set(&self) -> bool {
        *self.0.borrow()
    }

    /// Waits until the attack is over.
    pub async fn wait(&self) {
        let mut rx = self.0.clone();
        // A dropped sender ends the wait too.
        let _ = rx.wait_for(|&s| s).await;
    }
}

/// The server's figures at one time.
#[derive(Clone, Copy, Debug, Default)]
pub struct ProcStat {
    /// Resident memory (VmRSS), MiB.
    pub rss_mib: f64,
    /// Open file descriptors (entries of `/proc/PID/fd`).
    pub fds: usize,
    /// Threads.
    pub threads: usize,
}

impl ProcStat {
    /// The figures of process `pid` now.
    pub fn read(pid: u32) -> Option<ProcStat> {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
        let field = |name: &str| -> Option<u64> {
            let line = status.lines().find(|l| l.starts_with(name))?;
            line.split_whitespace().nth(1)?.parse().ok()
        };
        let fds = std::fs::read_dir(format!("/proc/{pid}/fd")).ok()?.count();
        Some(ProcStat {
            rss_mib: field("VmRSS:")? as f64 / 1024.0,
            fds,
            threads: usize::try_from(field("Threads:")?).ok()?,
        })
    }

    /// The larger of each figure.
    fn max(self, other: ProcStat) -> ProcStat {
        ProcStat {
            rss_mib: self.rss_mib.max(other.rss_mib),
            fds: self.fds.max(other.fds),
            threads: self.threads.max(other.threads),
        }
    }
}

/// What the hostile client got, as counts under names in the order first seen, and how
/// many of its connections were open at most at once.
#[derive(Default)]
pub struct Tally {
    /// The counts by name.
    counts: Mutex<Vec<(String, usize)>>,
    /// Connections open now.
    open: AtomicUsize,
    /// The most open at once.
    peak: AtomicUsize,
    /// The most open at once in other processes (helpers), added.
    peak_elsewhere: AtomicUsize,
}

impl Tally {
    /// A new, empty tally.
    pub fn new() -> Arc<Tally> {
        Arc::new(Tally::default())
    }

    /// Counts one `what`.
    pub fn add(&self, what: impl AsRef<str>) {
        self.add_n(what, 1);
    }

    /// Counts `n` of `what`.
    pub fn add_n(&self, what: impl AsRef<str>, n: usize) {
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        let what = what.as_ref();
        match counts.iter_mut().find(|(name, _)| name == what) {
            Some((_, count)) => *count += n,
            None => counts.push((what.to_string(), n)),
        }
    }

    /// Counts an open connection until the guard is dropped.
    pub fn open(self: &Arc<Self>) -> Open {
        let now = self.open.fetch_add(1, Ordering::Relaxed) + 1;
        self.peak.fetch_max(now, Ordering::Relaxed);
        Open(Arc::clone(self))
    }

    /// Adds the most connections another process held at once.
    pub fn add_peak(&self, n: usize) {
        self.peak_elsewhere.fetch_add(n, Ordering::Relaxed);
    }

    /// The counts, and the most connections open at once (here and elsewhere, added) if
    /// any were.
    pub fn lines(&self) -> Vec<(String, usize)> {
        let mut lines = self
            .counts
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        let peak = self.peak.load(Ordering::Relaxed) + self.peak_elsewhere.load(Ordering::Relaxed);
        if peak > 0 {
            lines.push((MOST_OPEN.to_string(), peak));
        }
        lines
    }
}

/// One open connection of the hostile client, counted by its [`Tally`] while it lives.
pub struct Open(Arc<Tally>);

impl Drop for Open {
    fn drop(&mut self) {
        self.0.open.fetch_sub(1, Ordering::Relaxed);
    }
}

/// The normal client's requests of one phase.
#[derive(Clone, Debug, Default)]
pub struct Latency {
    /// Requests made.
    pub requests: usize,
    /// Requests not answered with a success within [`NORMAL_TIMEOUT`].
    pub errors: usize,
    /// The median time of a request, answered or not (a time-out counts as its wait), ms.
    pub p50_ms: f64,
    /// The 99th percentile, ms.
    pub p99_ms: f64,
    /// The longest, ms.
    pub max_ms: f64,
    /// The first error, in words.
    pub first_error: Option<String>,
    /// The three slowest requests: when each was sent (seconds from the attack's start,
    /// negative before it) and how long it took (ms).
    pub slowest: Vec<(f64, f64)>,
}

impl Latency {
    /// One line: requests, percentiles, errors.
    fn line(&self) -> String {
        let mut line = format!(
            "{} requests, p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms, {} errors",
            self.requests, self.p50_ms, self.p99_ms, self.max_ms, self.errors
        );
        if let Some(first) = &self.first_error {
            line.push_str(&format!(" (first: {first})"));
        }
        let slowest: Vec<String> = self
            .slowest
            .iter()
            .map(|(at, ms)| format!("{ms:.0} ms at {at:+.1} s"))
            .collect();
        if !slowest.is_empty() {
            line.push_str(&format!("; slowest: {}", slowest.join(", ")));
        }
        line
    }
}

/// The `p`th fraction (0 to 1) of `sorted` by nearest rank (`None` for none).
pub fn nearest_rank<T: Copy>(sorted: &[T], p: f64) -> Option<T> {
    let rank = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len().max(1));
    sorted.get(rank - 1).copied()
}

/// [`nearest_rank`] of sorted times, in milliseconds (NaN for none).
pub fn percentile_ms(sorted: &[Duration], p: f64) -> f64 {
    nearest_rank(sorted, p).map_or(f64::NAN, |d| d.as_secs_f64() * 1000.0)
}

/// The phases of a run, as indices of the normal client's figures.
const BEFORE: usize = 0;
/// The attack.
const DURING: usize = 1;
/// After the attack.
const AFTER: usize = 2;

/// The normal client's record of one phase.
#[derive(Default)]
struct PhaseLog {
    /// How long each request took, answered or not (a time-out as its wait), and when it
    /// was sent.
    took: Vec<(Duration, Instant)>,
    /// Requests without a success.
    errors: usize,
    /// The first of them, in words.
    first_error: Option<String>,
}

/// The normal client's record, by phase.
#[derive(Default)]
struct NormalLog([PhaseLog; 3]);

impl NormalLog {
    /// Records one request of `phase` that took `took` and ended with `outcome`.
    fn record<T>(&mut self, phase: usize, took: Duration, outcome: &Result<T, String>) {
        let log = &mut self.0[phase.min(AFTER)];
        let sent = Instant::now()
            .checked_sub(took)
            .unwrap_or_else(Instant::now);
        log.took.push((took, sent));
        if let Err(e) = outcome {
            log.errors += 1;
            log.first_error
                .get_or_insert_with(|| e.chars().take(160).collect());
        }
    }

    /// The figures of each phase, the times of the slowest from `start` (the attack's).
    fn latencies(self, start: Instant) -> [Latency; 3] {
        self.0.map(|mut log| {
            log.took.sort();
            let took: Vec<Duration> = log.took.iter().map(|(d, _)| *d).collect();
            let from_start = |at: Instant| match at.checked_duration_since(start) {
                Some(after) => after.as_secs_f64(),
                None => -start.duration_since(at).as_secs_f64(),
            };
            Latency {
                requests: took.len(),
                errors: log.errors,
                p50_ms: percentile_ms(&took, 0.5),
                p99_ms: percentile_ms(&took, 0.99),
                max_ms: percentile_ms(&took, 1.0),
                first_error: log.first_error,
                slowest: (log.took.iter().rev().take(3))
                    .map(|(d, at)| (from_start(*at), d.as_secs_f64() * 1000.0))
                    .collect(),
            }
        })
    }
}

/// One request of the normal client, timed, and failed if it takes longer than
/// [`NORMAL_TIMEOUT`].
async fn timed<T>(
    request: impl Future<Output = Result<T, String>>,
) -> (Duration, Result<T, String>) {
    let sent = Instant::now();
    let outcome = tokio::time::timeout(NORMAL_TIMEOUT, request)
        .await
        .unwrap_or_else(|_| Err(format!("no answer in {NORMAL_TIMEOUT:?}")));
    (sent.elapsed(), outcome)
}

/// The normal client on 127.0.0.1 until `quit`: in turn, an ordinary read (`GET
/// /api/games?per=1`) and a move of a game between two people (a new game when one ends),
/// with `pace` between two requests; every request is timed in the phase it started in.
async fn normal(
    addr: SocketAddr,
    pace: Duration,
    phase: Arc<AtomicUsize>,
    quit: Stop,
) -> NormalLog {
    let mut log = NormalLog::default();
    let mut game: Option<(Game, Value)> = None;
    let mut ply = 0usize;
    let list = "/api/games?per=1";
    while !quit.is_set() {
        let now = phase.load(Ordering::Relaxed);
        let (took, listed) = timed(async {
            expect(
                list,
                call(None, addr, "GET", list, &Auth::None, None).await,
                200,
            )
        })
        .await;
        log.record(now, took, &listed);
        tokio::time::sleep(pace).await;
        let now = phase.load(Ordering::Relaxed);
        let Some((seated, state)) = game.take() else {
            // A new game (two requests): counted only if it fails.
            let (took, new) = timed(Game::seated(addr, None)).await;
            match new {
                Ok(new) => game = Some(new),
                Err(e) => log.record(now, took, &Err::<(), _>(format!("a new game: {e}"))),
            }
            ply = 0;
            continue;
        };
        let Some(usi) = pick_move(&state, ply) else {
            continue; // the game is over: a new one next time
        };
        let (took, moved) = timed(seated.play(addr, None, ply, &usi)).await;
        log.record(now, took, &moved);
        if let Ok(next) = moved {
            game = Some((seated, next));
            ply += 1;
        }
        tokio::time::sleep(pace).await;
    }
    log
}

/// Runs `client` on a thread and runtime of its own, as another machine's client would:
/// the attack's thousands of tasks in this process never delay its requests, so that its
/// times are the server's.
fn apart(
    client: impl Future<Output = NormalLog> + Send + 'static,
) -> tokio::sync::oneshot::Receiver<NormalLog> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    std::thread::spawn(move || {
        let log = match tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
        {
            Ok(runtime) => runtime.block_on(client),
            Err(_) => NormalLog::default(),
        };
        let _ = tx.send(log);
    });
    rx
}

/// The time, the normal client and the server's figures of one attack.
pub struct Watch {
    /// The server.
    target: Target,
    /// How long the normal client goes on after the attack.
    settle: Duration,
    /// The hostile client's addresses (the first is checked after the attack).
    addresses: u8,
    /// The phase now (`BEFORE`, `DURING`, `AFTER`).
    phase: Arc<AtomicUsize>,
    /// Set when the attack is over.
    stop: Stop,
    /// Ends the normal client.
    quit: watch::Sender<bool>,
    /// The normal client, giving its record.
    normal: tokio::sync::oneshot::Receiver<NormalLog>,
    /// Gives the largest figures read during the attack.
    sampler: tokio::task::JoinHandle<Option<ProcStat>>,
    /// The figures before the attack.
    before: Option<ProcStat>,
    /// Whether the server's memory passed the cap.
    over_memory: Arc<AtomicBool>,
    /// When the attack began.
    started: Instant,
}

impl Watch {
    /// Starts the normal client, lets it run alone for `opts.before`, reads the server's
    /// figures, and starts the attack's clock: [`Watch::stop`] is set after `opts.seconds`
    /// or once the server's memory passes `opts.max_rss_mib`.
    pub async fn start(target: Target, opts: &Opts) -> Watch {
        let (quit, quit_rx) = Stop::new();
        let phase = Arc::new(AtomicUsize::new(BEFORE));
        let normal = apart(normal(target.addr, opts.pace, Arc::clone(&phase), quit_rx));
        tokio::time::sleep(opts.before).await;
        let before = target.pid.and_then(ProcStat::read);
        phase.store(DURING, Ordering::Relaxed);
        let (stop_tx, stop) = Stop::new();
        let over_memory = Arc::new(AtomicBool::new(false));
        let sampler = tokio::spawn(sample(
            target.pid,
            Instant::now() + opts.seconds,
            opts.max_rss_mib,
            Arc::clone(&phase),
            stop_tx,
            Arc::clone(&over_memory),
        ));
        Watch {
            target,
            settle: opts.settle,
            addresses: opts.addresses,
            phase,
            stop,
            quit,
            normal,
            sampler,
            before,
            over_memory,
            started: Instant::now(),
        }
    }

    /// The flag that ends the attack.
    pub fn stop(&self) -> Stop {
        self.stop.clone()
    }

    /// Ends the run once the attack has let go of its connections: the figures of the
    /// attack are kept, the normal client goes on for the settling time, then the "after"
    /// figures are read and one ordinary request is sent from the hostile client's first
    /// address (its places given back). Gives the report.
    pub async fn finish(self, attack: &str, tally: &Tally, notes: Vec<String>) -> Report {
        let attack_time = self.started.elapsed();
        self.phase.store(AFTER, Ordering::Relaxed);
        let peak = self.sampler.await.unwrap_or_default();
        tokio::time::sleep(self.settle).await;
        let after = self.target.pid.and_then(ProcStat::read);
        let from = Some(source(0, self.addresses));
        let path = "/api/games?per=1";
        let hostile_after =
            said(&call(from, self.target.addr, "GET", path, &Auth::None, None).await);
        let _ = self.quit.send(true);
        let normal = self.normal.await.unwrap_or_default();
        Report {
            attack: attack.to_string(),
            hostile: tally.lines(),
            notes,
            normal: normal.latencies(self.started),
            server: [self.before, peak, after],
            stopped_for_memory: self.over_memory.load(Ordering::Relaxed),
            attack_time,
            hostile_after,
        }
    }
}

/// Reads the server's figures every [`SAMPLE_EVERY`] while the attack runs: the largest of
/// each. Sets `stop` at `deadline`, at once if the memory passes `max_rss_mib`, and when
/// the attack is over anyway.
async fn sample(
    pid: Option<u32>,
    deadline: Instant,
    max_rss_mib: f64,
    phase: Arc<AtomicUsize>,
    stop: watch::Sender<bool>,
    over_memory: Arc<AtomicBool>,
) -> Option<ProcStat> {
    let mut peak: Option<ProcStat> = None;
    let deadline = tokio::time::Instant::from_std(deadline);
    let mut ticks = tokio::time::interval(SAMPLE_EVERY);
    while phase.load(Ordering::Relaxed) == DURING {
        if *stop.borrow() {
            ticks.tick().await;
        } else {
            tokio::select! {
                _ = ticks.tick() => {}
                () = tokio::time::sleep_until(deadline) => {
                    stop.send_replace(true);
                }
            }
        }
        if let Some(now) = pid.and_then(ProcStat::read) {
            if now.rss_mib > max_rss_mib {
                over_memory.store(true, Ordering::Relaxed);
                stop.send_replace(true);
            }
            peak = Some(peak.map_or(now, |p| p.max(now)));
        }
    }
    stop.send_replace(true);
    peak
}

/// The figures of one attack.
#[derive(Clone, Debug)]
pub struct Report {
    /// The attack's name.
    pub attack: String,
    /// What the hostile client got: counts by name.
    pub hostile: Vec<(String, usize)>,
    /// The attack's own findings (times, ratings, outcomes).
    pub notes: Vec<String>,
    /// The normal client's requests before, during and after the attack.
    pub normal: [Latency; 3],
    /// The server's figures before, at the peak during, and after the attack.
    pub server: [Option<ProcStat>; 3],
    /// Whether the attack was stopped early because the server's memory passed the cap.
    pub stopped_for_memory: bool,
    /// How long the attack ran.
    pub attack_time: Duration,
    /// The answer to an ordinary request from the hostile client's first address after
    /// the attack: a status, or the error.
    pub hostile_after: String,
}

impl Report {
    /// How many of the hostile client's results have a name starting with `prefix`.
    #[allow(dead_code)] // the suite's checks (tests/server/abuse_smoke.rs)
    pub fn count(&self, prefix: &str) -> usize {
        self.hostile
            .iter()
            .filter(|(name, _)| name.starts_with(prefix))
            .map(|(_, n)| n)
            .sum()
    }

    /// The normal client's figures during the attack.
    pub fn during(&self) -> &Latency {
        &self.normal[DURING]
    }

    /// The report in lines.
    pub fn text(&self) -> String {
        let mut out = format!(
            "== {}: attack ran {:.1} s{}\n",
            self.attack,
            self.attack_time.as_secs_f64(),
            if self.stopped_for_memory {
                " (stopped early: the server's memory passed the cap)"
            } else {
                ""
            }
        );
        out.push_str("hostile client:\n");
        for (name, n) in &self.hostile {
            out.push_str(&format!("  {name}: {n}\n"));
        }
        for note in &self.notes {
            out.push_str(&format!("  {note}\n"));
        }
        out.push_str(&format!(
            "  an ordinary request from its first address after the attack: {}\n",
            self.hostile_after
        ));
        out.push_str("normal client (127.0.0.1):\n");
        for (phase, latency) in ["before", "during", "after"].iter().zip(&self.normal) {
            out.push_str(&format!("  {phase}: {}\n", latency.line()));
        }
        out.push_str("server:\n");
        for (phase, stat) in ["before", "peak", "after"].iter().zip(&self.server) {
            let figures = stat.map_or("no figures".to_string(), |s| {
                format!(
                    "VmRSS {:.1} MiB, {} descriptors, {} threads",
                    s.rss_mib, s.fds, s.threads
                )
            });
            out.push_str(&format!("  {phase}: {figures}\n"));
        }
        out
    }

    /// One row of a Markdown table (see [`Report::TABLE_HEAD`]): the hostile client's
    /// counts and the notes, the normal client during the attack, the server's figures.
    pub fn row(&self) -> String {
        let hostile: Vec<String> = self
            .hostile
            .iter()
            .map(|(name, n)| format!("{name} {n}"))
            .chain(self.notes.iter().cloned())
            .collect();
        let during = self.during();
        let three = |f: &dyn Fn(&ProcStat) -> String| -> String {
            self.server
                .iter()
                .map(|s| s.as_ref().map_or("?".to_string(), f))
                .collect::<Vec<_>>()
                .join(" / ")
        };
        format!(
            "| {} | {} | {:.1} / {:.1} / {:.1} ({} of {} failed) | {} | {} | {} |",
            self.attack,
            hostile.join("; "),
            during.p50_ms,
            during.p99_ms,
            during.max_ms,
            during.errors,
            during.requests,
            three(&|s| format!("{:.0}", s.rss_mib)),
            three(&|s| s.fds.to_string()),
            three(&|s| s.threads.to_string()),
        )
    }

    /// The head of the table of [`Report::row`]s.
    pub const TABLE_HEAD: &str = "| attack | hostile client got | normal client during: p50 / p99 / max ms (errors) | VmRSS MiB before / peak / after | descriptors before / peak / after | threads before / peak / after |\n|---|---|---|---|---|---|";
}
