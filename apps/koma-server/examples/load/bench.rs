//! The load benchmark's core, shared by `examples/load.rs` (which parses the arguments and
//! prints the summary) and `tests/server/load_smoke.rs` (which runs it small).
//!
//! Games between people are created and joined over HTTP with no clock, one WebSocket is
//! opened per seat, then every game is played at once: the side to move sends a move on its
//! socket and times the round trip until the state showing that move is pushed back to it.
//! At the end every game is read back over HTTP and compared with what was sent.

#[path = "abuse.rs"]
mod abuse;
#[path = "lishogi.rs"]
mod lishogi;

use futures_util::{SinkExt, StreamExt};
use koma_server::{Limits, Server, Settings};
use serde_json::{Value, json};
use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio::sync::Semaphore;
use tokio::task::JoinSet;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

/// How long a seat waits for a push before it gives its game up.
const PUSH_TIMEOUT: Duration = Duration::from_secs(30);
/// How long one HTTP request may take.
const HTTP_TIMEOUT: Duration = Duration::from_secs(30);
/// HTTP requests and WebSocket handshakes in flight at once while setting up and verifying.
const SETUP_CONCURRENCY: usize = 32;
/// The seats in the order of the game's `side_to_move` names.
const SEATS: [&str; 2] = ["sente", "gote"];

/// The API the players use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Api {
    /// koma's own: games between guests made over HTTP, moves over each seat's WebSocket.
    Koma,
    /// lishogi's: an account and a token per player, rated challenges accepted over the
    /// API, each seat on its ND-JSON game stream, moves by `POST`.
    Lishogi,
}

/// What to run.
#[derive(Clone, Debug)]
pub struct Config {
    /// The API the players use.
    pub api: Api,
    /// How many games are played at once.
    pub games: usize,
    /// The plies each game is played to (fewer if it ends first).
    pub moves: usize,
    /// The seed the games' move choices derive from.
    pub seed: u64,
    /// A running `koma serve` (`HOST:PORT`) to load, or `None` for one started in process.
    pub addr: Option<String>,
    /// How long a player thinks before each move (zero: moves as fast as the server takes
    /// them, which measures throughput; a human pace measures latency under a given load).
    pub think: Duration,
    /// Games a hostile client creates in a loop, from another address, while the games are
    /// played (0: none). With it the in-process server keeps its default rate limits;
    /// without, it has none (the benchmark creates every game from one address).
    pub abuse: usize,
    /// How long a seat whose socket closed keeps trying to open it again (zero: a closed
    /// socket is a problem). With it the server can be killed and started again mid-run:
    /// on the way back each seat checks that the server kept every move it showed, and
    /// sends again the move it had in flight if the server does not have it.
    pub reconnect: Duration,
}

/// One game after the run.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// The game's id.
    pub id: String,
    /// The moves the benchmark sent and the server did not refuse, in order.
    pub sent: Vec<String>,
    /// The moves the server has after the run (`None` if reading them failed).
    pub stored: Option<Vec<String>>,
    /// The result the server gives, if the game ended (`checkmate`, `repetition`, ...).
    pub outcome: Option<String>,
    /// What went wrong in this game: refused moves, pushes out of order, failed reads.
    pub problems: Vec<String>,
    /// How many of the game's two sockets received a push out of order.
    pub disordered_sockets: usize,
}

impl GameReport {
    /// Whether the server's moves differ from the moves sent.
    pub fn lost(&self) -> bool {
        self.stored.as_ref() != Some(&self.sent)
    }
}

/// The figures of a run.
#[derive(Clone, Debug)]
pub struct Report {
    /// Where the server was (`in-process server 127.0.0.1:PORT` or the address given).
    pub target: String,
    /// The plies each game was meant to reach.
    pub moves: usize,
    /// The time to create, join and connect every game.
    pub setup: Duration,
    /// What the setup made (`1000 games created and joined, 2000 sockets open`).
    pub setup_note: String,
    /// The time from the first move sent to the last game finished.
    pub wall: Duration,
    /// Every move's round trip (sent, then pushed back to the mover), sorted.
    pub latencies: Vec<Duration>,
    /// For every move, the time from its sending to the push that shows it to the other
    /// seat, sorted.
    pub opponent_latencies: Vec<Duration>,
    /// How many WebSockets were open.
    pub sockets: usize,
    /// How many state pushes the sockets received in all.
    pub pushes: usize,
    /// Every game, in creation order.
    pub games: Vec<GameReport>,
    /// What the hostile client got, if there was one.
    pub abuse: Option<abuse::AbuseReport>,
    /// Further lines of the summary (what the lishogi API run checked besides the moves).
    pub notes: Vec<String>,
    /// Checks beyond the moves that failed (games not rated, events not seen...).
    pub failures: Vec<String>,
    /// How long each reconnection of a seat took (socket lost to first state), sorted.
    pub stalls: Vec<Duration>,
    /// The moves in flight when a socket ended that the server did not have, sent again.
    pub resent: usize,
    /// The requests and moves that the server (or the balancer) answered with "try again"
    /// (its store unreachable, no instance up) and that were tried again.
    pub retries: usize,
}

impl Report {
    /// The moves played (sent and accepted) in all games.
    pub fn total_moves(&self) -> usize {
        self.games.iter().map(|g| g.sent.len()).sum()
    }

    /// The games whose stored moves differ from the moves sent.
    pub fn lost_games(&self) -> Vec<&GameReport> {
        self.games.iter().filter(|g| g.lost()).collect()
    }

    /// Every problem seen: each game's prefixed with its id, then the failed checks.
    pub fn problems(&self) -> Vec<String> {
        self.games
            .iter()
            .flat_map(|g| {
                g.problems
                    .iter()
                    .map(move |p| format!("game {}: {p}", g.id))
            })
            .chain(self.failures.iter().cloned())
            .collect()
    }

    /// Whether no move was lost and nothing went wrong.
    pub fn ok(&self) -> bool {
        self.lost_games().is_empty() && self.problems().is_empty()
    }

    /// The figures as the example prints them.
    pub fn summary(&self) -> String {
        let ms = |d: Option<Duration>| d.map_or("-".to_string(), |d| format!("{:.2}", as_ms(d)));
        let spread = |samples: &[Duration]| {
            format!(
                "p50 {}  p90 {}  p99 {}  max {}  ({} samples)",
                ms(percentile(samples, 50.0)),
                ms(percentile(samples, 90.0)),
                ms(percentile(samples, 99.0)),
                ms(samples.last().copied()),
                samples.len()
            )
        };
        let total = self.total_moves();
        let full = self
            .games
            .iter()
            .filter(|g| g.outcome.is_none() && g.sent.len() == self.moves)
            .count();
        let mut ended: Vec<(String, usize)> = Vec::new();
        for reason in self.games.iter().filter_map(|g| g.outcome.as_ref()) {
            match ended.iter_mut().find(|(r, _)| r == reason) {
                Some((_, n)) => *n += 1,
                None => ended.push((reason.clone(), 1)),
            }
        }
        let ended_text = if ended.is_empty() {
            "0 ended early".to_string()
        } else {
            let reasons: Vec<String> = ended.iter().map(|(r, n)| format!("{r} {n}")).collect();
            let count: usize = ended.iter().map(|(_, n)| n).sum();
            format!("{count} ended by the rules ({})", reasons.join(", "))
        };
        let secs = self.wall.as_secs_f64();
        let rate = if secs > 0.0 { total as f64 / secs } else { 0.0 };
        let mut out = vec![
            format!(
                "koma load: {} games x {} plies, {}",
                self.games.len(),
                self.moves,
                self.target
            ),
            format!(
                "setup: {} in {:.3} s",
                self.setup_note,
                self.setup.as_secs_f64()
            ),
            format!(
                "total moves: {total} ({full} games reached {} plies, {ended_text})",
                self.moves
            ),
            format!("wall time: {secs:.3} s"),
            format!("moves/s: {rate:.1}"),
            format!("latency ms: {}", spread(&self.latencies)),
            format!(
                "opponent sees the move, ms: {}",
                spread(&self.opponent_latencies)
            ),
        ];
        let disorder: usize = self.games.iter().map(|g| g.disordered_sockets).sum();
        out.push(if disorder == 0 {
            format!(
                "push order: ok ({} sockets, {} pushes)",
                self.sockets, self.pushes
            )
        } else {
            format!("push order: {disorder} sockets saw pushes out of order")
        });
        let lost = self.lost_games();
        if lost.is_empty() {
            out.push("lost moves: 0".to_string());
        } else {
            out.push(format!(
                "lost moves: {} of {} games differ",
                lost.len(),
                self.games.len()
            ));
            for g in lost {
                out.push(format!("  {}", difference(g)));
            }
        }
        if let Some(abuse) = &self.abuse {
            out.push(abuse.summary());
        }
        if !self.stalls.is_empty() {
            out.push(format!(
                "reconnections: {} ({} moves in flight sent again); stalled ms: {}",
                self.stalls.len(),
                self.resent,
                spread(&self.stalls)
            ));
        }
        if self.retries > 0 {
            out.push(format!(
                "tried again: {} requests or moves answered \"try again\"",
                self.retries
            ));
        }
        out.extend(self.notes.iter().cloned());
        let problems = self.problems();
        if !problems.is_empty() {
            out.push(format!("problems: {}", problems.len()));
            for p in problems.iter().take(20) {
                out.push(format!("  {p}"));
            }
            if problems.len() > 20 {
                out.push(format!("  ... and {} more", problems.len() - 20));
            }
        }
        out.join("\n")
    }
}

/// The sample at percentile `p` (0 to 100, nearest rank) of the sorted `samples`.
pub fn percentile(samples: &[Duration], p: f64) -> Option<Duration> {
    let n = samples.len();
    if n == 0 {
        return None;
    }
    let rank = ((p / 100.0) * n as f64).ceil() as usize;
    samples.get(rank.clamp(1, n) - 1).copied()
}

fn as_ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Where a game's stored moves first differ from the moves sent, in words.
fn difference(g: &GameReport) -> String {
    let Some(stored) = &g.stored else {
        return format!("game {}: the server's moves could not be read", g.id);
    };
    let ply = g
        .sent
        .iter()
        .zip(stored)
        .take_while(|(a, b)| a == b)
        .count();
    let at = |moves: &[String]| moves.get(ply).map_or("nothing", String::as_str).to_string();
    format!(
        "game {}: sent {} moves, the server has {}; first difference at ply {}: sent {}, server {}",
        g.id,
        g.sent.len(),
        stored.len(),
        ply + 1,
        at(&g.sent),
        at(stored)
    )
}

/// Runs the benchmark: on its own server in a temporary directory, or on `config.addr`.
pub async fn run(config: &Config) -> Result<Report, String> {
    match &config.addr {
        Some(addr) => {
            let resolved = tokio::net::lookup_host(addr.as_str())
                .await
                .map_err(|e| format!("cannot resolve --addr {addr}: {e}"))?
                .next()
                .ok_or_else(|| format!("--addr {addr} resolves to no address"))?;
            play(resolved, config, format!("server at {addr}")).await
        }
        None => {
            let dir = TempDir::new()?;
            let db = dir.0.join("koma.sqlite");
            let limits = if config.abuse > 0 {
                Limits::default()
            } else {
                Limits::no_rate_limits()
            };
            let settings = Settings {
                limits,
                ..Settings::default()
            };
            let server =
                Server::start_with_settings(SocketAddr::from(([127, 0, 0, 1], 0)), &db, settings)
                    .await
                    .map_err(|e| format!("starting the server on {}: {e}", db.display()))?;
            let addr = server.local_addr();
            let report = play(addr, config, format!("in-process server {addr}")).await;
            if let Err(e) = server.shutdown().await {
                eprintln!("koma load: stopping the server: {e}");
            }
            drop(dir);
            report
        }
    }
}

/// Runs the games on the server at `addr` with the API of `config`.
async fn play(addr: SocketAddr, config: &Config, target: String) -> Result<Report, String> {
    match config.api {
        Api::Koma => load(addr, config, target).await,
        Api::Lishogi if config.abuse > 0 => Err(
            "--abuse runs with the koma API only (its guests' games would be limited \
                 with the accounts' sign-ups)"
                .to_string(),
        ),
        Api::Lishogi if !config.reconnect.is_zero() => Err(
            "--reconnect-s runs with the koma API only (the lishogi players do not \
                 reconnect yet)"
                .to_string(),
        ),
        Api::Lishogi => lishogi::load(addr, config, target).await,
    }
}

/// One game ready to play: its id and the seat tokens of sente and gote.
struct Seated {
    id: String,
    tokens: [String; 2],
}

/// What one seat saw and did.
#[derive(Default)]
struct SeatRun {
    /// (ply, move) of every move sent and not refused.
    sent: Vec<(usize, String)>,
    latencies: Vec<Duration>,
    /// When each move sent left, by ply.
    sent_at: Vec<(usize, Instant)>,
    /// When each ply was first seen on this socket, indexed by ply.
    seen_at: Vec<Instant>,
    pushes: usize,
    problems: Vec<String>,
    /// Whether a push came that did not extend the moves seen before.
    disordered: bool,
    /// The moves of the last push.
    seen: Vec<String>,
    /// The move in flight: its ply, its USI, when it was sent.
    pending: Option<(usize, String, Instant)>,
    /// How long each of the seat's reconnections took, from the socket's end to the
    /// first state on the new one.
    stalls: Vec<Duration>,
    /// The move in flight when the socket ended, which the server turned out not to have:
    /// sent again, timed from its first sending.
    resend: Option<(String, Instant)>,
    /// How many moves were sent again so.
    resent: usize,
    /// Whether the move in flight is one sent again (after a reconnection).
    again: bool,
    /// How many of the seat's moves the server answered with "try again".
    retries: usize,
    /// Since when the seat's move has been answered "try again" (cleared once the server
    /// shows it): past the reconnection window, the seat gives up.
    retrying_since: Option<Instant>,
}

impl SeatRun {
    /// Takes the moves of a push received at `received`: checks that they extend the moves
    /// seen before, notes when each ply first showed, and times the move in flight once it
    /// shows. `false` (and a problem noted) if they do not extend them.
    fn observe(&mut self, moves: Vec<String>, received: Instant) -> bool {
        self.pushes += 1;
        if !moves.starts_with(&self.seen) {
            self.disordered = true;
            self.problems.push(format!(
                "push out of order: {} moves after {}, or a different history",
                moves.len(),
                self.seen.len()
            ));
            return false;
        }
        self.seen = moves;
        self.seen_at.resize(self.seen.len(), received);
        if let Some((ply, usi, sent_at)) = &self.pending {
            if self.seen.len() > *ply {
                if self.seen[*ply] == *usi {
                    self.latencies.push(received - *sent_at);
                    self.retrying_since = None;
                } else {
                    self.problems.push(format!(
                        "sent {usi} at ply {}, the server shows {}",
                        ply + 1,
                        self.seen[*ply]
                    ));
                }
                self.pending = None;
            }
        }
        true
    }

    /// Notes move `usi` sent at `sent_at` as the next ply.
    fn sent(&mut self, usi: &str, sent_at: Instant) {
        // A move sent again after a reconnection keeps the time of its first sending.
        let sent_at = match self.resend.take() {
            Some((again, first)) if again == usi => {
                self.resent += 1;
                self.again = true;
                first
            }
            _ => {
                self.again = false;
                sent_at
            }
        };
        let ply = self.seen.len();
        self.sent.push((ply, usi.to_string()));
        self.sent_at.push((ply, sent_at));
        self.pending = Some((ply, usi.to_string(), sent_at));
    }

    /// Takes back the move in flight, which the server refused with `why`.
    fn refused(&mut self, why: &str) {
        match self.pending.take() {
            Some((ply, usi, _)) => {
                self.sent.retain(|(p, _)| *p != ply);
                self.problems
                    .push(format!("move {usi} at ply {} refused: {why}", ply + 1));
            }
            None => self.problems.push(format!("error pushed: {why}")),
        }
    }
}

/// Creates, plays and checks the games on the server at `addr`.
async fn load(addr: SocketAddr, config: &Config, target: String) -> Result<Report, String> {
    let setup_start = Instant::now();
    let window = config.reconnect;
    let retries = Arc::new(AtomicUsize::new(0));
    let seated = {
        let retries = Arc::clone(&retries);
        bounded(config.games, move |_| {
            seat_game(addr, window, Arc::clone(&retries))
        })
        .await?
    };
    let seated = Arc::new(seated);
    let sockets = {
        let seated = Arc::clone(&seated);
        bounded(2 * config.games, move |i| {
            let seated = Arc::clone(&seated);
            async move {
                let game = &seated[i / 2];
                let seat = Seat {
                    addr,
                    id: game.id.clone(),
                    token: game.tokens[i % 2].clone(),
                    index: i % 2,
                    reconnect: window,
                };
                match connect(addr, &game.id, &game.tokens[i % 2]).await {
                    Ok(socket) => Ok(socket),
                    // Tried again within the window, like a socket lost while playing.
                    Err(e) => reconnect(&seat, Instant::now()).await.ok_or(e),
                }
            }
        })
        .await?
    };
    let setup = setup_start.elapsed();

    let start = Instant::now();
    let abuser =
        (config.abuse > 0).then(|| tokio::spawn(abuse::create_in_a_loop(addr, config.abuse)));
    let mut seats = JoinSet::new();
    for (i, socket) in sockets.into_iter().enumerate() {
        let seed = game_seed(config.seed, i / 2);
        let (moves, think) = (config.moves, config.think);
        let seat = Seat {
            addr,
            id: seated[i / 2].id.clone(),
            token: seated[i / 2].tokens[i % 2].clone(),
            index: i % 2,
            reconnect: config.reconnect,
        };
        seats.spawn(async move { (i, play_seat(socket, seat, seed, moves, think).await) });
    }
    let mut runs: Vec<Option<SeatRun>> = (0..2 * config.games).map(|_| None).collect();
    while let Some(joined) = seats.join_next().await {
        let (i, run) = joined.map_err(|e| format!("a seat's task failed: {e}"))?;
        runs[i] = Some(run);
    }
    let wall = start.elapsed();
    let abuse = match abuser {
        Some(task) => Some(
            task.await
                .map_err(|e| format!("the hostile client failed: {e}"))?,
        ),
        None => None,
    };

    let finals = {
        let (seated, retries) = (Arc::clone(&seated), Arc::clone(&retries));
        bounded(config.games, move |i| {
            let id = seated[i].id.clone();
            let retries = Arc::clone(&retries);
            async move {
                let path = format!("/api/games/{id}");
                let again = (window, retries.as_ref());
                Ok(http_json_again(addr, ("GET", &path), None, 200, again).await)
            }
        })
        .await?
    };
    let ids: Vec<String> = seated.iter().map(|g| g.id.clone()).collect();
    let played = collect(&ids, runs, finals, config.moves);
    let note = format!(
        "{} games created and joined, {} sockets open",
        config.games,
        2 * config.games
    );
    let mut report = played.report(target, config, (setup, note), wall);
    report.abuse = abuse;
    report.retries += retries.load(Ordering::Relaxed);
    Ok(report)
}

/// What the seats of every game did, put together.
struct Played {
    games: Vec<GameReport>,
    latencies: Vec<Duration>,
    opponent_latencies: Vec<Duration>,
    pushes: usize,
    stalls: Vec<Duration>,
    resent: usize,
    retries: usize,
}

impl Played {
    /// The report of the run on `target` under `config`: its setup (time and what it
    /// made) and wall time; no hostile client, notes or failed checks yet.
    fn report(
        self,
        target: String,
        config: &Config,
        (setup, setup_note): (Duration, String),
        wall: Duration,
    ) -> Report {
        Report {
            target,
            moves: config.moves,
            setup,
            setup_note,
            wall,
            latencies: self.latencies,
            opponent_latencies: self.opponent_latencies,
            sockets: 2 * config.games,
            pushes: self.pushes,
            games: self.games,
            abuse: None,
            notes: Vec::new(),
            failures: Vec::new(),
            stalls: self.stalls,
            resent: self.resent,
            retries: self.retries,
        }
    }
}

/// Puts each game's two seat runs (sente's then gote's, game by game, in `runs`) and its
/// state read back at the end (`finals`, the koma API's game JSON) together into its
/// report, and the round trips into sorted samples.
fn collect(
    ids: &[String],
    runs: Vec<Option<SeatRun>>,
    finals: Vec<Result<Value, String>>,
    moves: usize,
) -> Played {
    let mut latencies = Vec::new();
    let mut opponent_latencies = Vec::new();
    let mut pushes = 0;
    let mut stalls = Vec::new();
    let mut resent = 0;
    let mut retries = 0;
    let mut games = Vec::new();
    let mut runs = runs.into_iter();
    for (id, last) in ids.iter().zip(finals) {
        let mut sent = Vec::new();
        let mut problems = Vec::new();
        let mut disordered_sockets = 0;
        let pair = [
            runs.next().flatten().unwrap_or_default(),
            runs.next().flatten().unwrap_or_default(),
        ];
        for (seat, run) in pair.iter().enumerate() {
            let other = &pair[1 - seat];
            opponent_latencies.extend(
                run.sent_at
                    .iter()
                    .filter_map(|(ply, at)| Some(other.seen_at.get(*ply)?.duration_since(*at))),
            );
        }
        for (seat, run) in SEATS.into_iter().zip(pair) {
            sent.extend(run.sent);
            latencies.extend(run.latencies);
            stalls.extend(run.stalls);
            resent += run.resent;
            retries += run.retries;
            pushes += run.pushes;
            disordered_sockets += usize::from(run.disordered);
            problems.extend(run.problems.into_iter().map(|p| format!("{seat}: {p}")));
        }
        sent.sort_by_key(|(ply, _)| *ply);
        if sent.iter().enumerate().any(|(i, (ply, _))| i != *ply) {
            problems.push("the moves sent do not follow each other ply by ply".to_string());
        }
        let sent: Vec<String> = sent.into_iter().map(|(_, usi)| usi).collect();
        let (stored, outcome) = match last {
            Ok(state) => (
                usi_list(&state["moves"]),
                state["outcome"]["reason"].as_str().map(str::to_string),
            ),
            Err(e) => {
                problems.push(e);
                (None, None)
            }
        };
        if stored.is_some() && sent.len() < moves && outcome.is_none() {
            problems.push(format!(
                "stopped after {} plies without an ending",
                sent.len()
            ));
        }
        games.push(GameReport {
            id: id.clone(),
            sent,
            stored,
            outcome,
            problems,
            disordered_sockets,
        });
    }
    latencies.sort();
    opponent_latencies.sort();
    stalls.sort();
    Played {
        games,
        latencies,
        opponent_latencies,
        pushes,
        stalls,
        resent,
        retries,
    }
}

/// Runs `task(0..n)` with at most [`SETUP_CONCURRENCY`] in flight; the results in order, or
/// the first error.
async fn bounded<T, F, Fut>(n: usize, task: F) -> Result<Vec<T>, String>
where
    T: Send + 'static,
    F: Fn(usize) -> Fut,
    Fut: Future<Output = Result<T, String>> + Send + 'static,
{
    let permits = Arc::new(Semaphore::new(SETUP_CONCURRENCY));
    let mut set = JoinSet::new();
    for i in 0..n {
        let permits = Arc::clone(&permits);
        let job = task(i);
        set.spawn(async move {
            let _permit = permits.acquire_owned().await;
            (i, job.await)
        });
    }
    let mut out: Vec<Option<T>> = (0..n).map(|_| None).collect();
    while let Some(joined) = set.join_next().await {
        let (i, result) = joined.map_err(|e| format!("a task failed: {e}"))?;
        out[i] = Some(result?);
    }
    Ok(out.into_iter().flatten().collect())
}

/// Creates a game between people without a clock, the creator sente, and joins it as gote.
/// Each request is tried again while the server answers "try again", for `window` (zero:
/// not at all), counted in `retries`.
async fn seat_game(
    addr: SocketAddr,
    window: Duration,
    retries: Arc<AtomicUsize>,
) -> Result<Seated, String> {
    let again = (window, retries.as_ref());
    let body = json!({ "side": "sente", "time_control": "none" });
    let created = http_json_again(addr, ("POST", "/api/games"), Some(&body), 201, again).await?;
    let field = |v: &Value, name: &str, what: &str| {
        v[name]
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| format!("{what}: no \"{name}\" in the answer {v}"))
    };
    let id = field(&created, "id", "POST /api/games")?;
    let sente = field(&created, "token", "POST /api/games")?;
    let invite = field(&created, "invite", "POST /api/games")?;
    let path = format!("/api/games/{id}/join");
    let invite = json!({ "invite": invite });
    let joined = http_json_again(addr, ("POST", &path), Some(&invite), 200, again).await?;
    let gote = field(&joined, "token", &format!("POST {path}"))?;
    Ok(Seated {
        id,
        tokens: [sente, gote],
    })
}

/// A WebSocket client.
type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// Opens game `id`'s WebSocket with a seat token. Nagle is off, so a move leaves at once;
/// the read buffer is 16 KiB rather than tungstenite's 128 KiB, which it zeroes before every
/// read and which would make the client, not the server, the load on the CPU (a state is a
/// few KiB at most; a longer one takes more reads).
async fn connect(addr: SocketAddr, id: &str, token: &str) -> Result<Socket, String> {
    let url = format!("ws://{addr}/api/games/{id}/ws?token={token}");
    let config = WebSocketConfig::default().read_buffer_size(16 * 1024);
    let connecting = tokio_tungstenite::connect_async_with_config(url, Some(config), true);
    match tokio::time::timeout(HTTP_TIMEOUT, connecting).await {
        Ok(Ok((socket, _))) => Ok(socket),
        Ok(Err(e)) => Err(format!("WebSocket of game {id}: {e}")),
        Err(_) => Err(format!(
            "WebSocket of game {id}: no answer in {HTTP_TIMEOUT:?}"
        )),
    }
}

/// A move list of the state (`moves`), if it is one.
fn usi_list(value: &Value) -> Option<Vec<String>> {
    value
        .as_array()?
        .iter()
        .map(|m| m.as_str().map(str::to_string))
        .collect()
}

/// Plays seat `seat` (0 sente, 1 gote) of a game until it has `max` plies or ends: on every
/// push where it is to move, sends a move and waits for the push that shows it.
async fn play_seat(
    mut socket: Socket,
    seat: Seat,
    seed: u64,
    max: usize,
    think: Duration,
) -> SeatRun {
    let mut run = SeatRun::default();
    // When the socket ended, while a new one is awaited (its first state ends the stall).
    let mut lost_at: Option<Instant> = None;
    // The last text the server pushed (or the socket's opening): its pings keep a socket
    // open but are no push, so they do not put the deadline off.
    let mut pushed_at = Instant::now();
    loop {
        let deadline = tokio::time::Instant::from_std(pushed_at + PUSH_TIMEOUT);
        let ended = match tokio::time::timeout_at(deadline, socket.next()).await {
            Err(_) => {
                run.problems.push(format!(
                    "no push for {PUSH_TIMEOUT:?} after {} plies",
                    run.seen.len()
                ));
                break;
            }
            Ok(None) => format!("the socket closed after {} plies", run.seen.len()),
            Ok(Some(Err(e))) => format!("socket error after {} plies: {e}", run.seen.len()),
            Ok(Some(Ok(Message::Close(_)))) => format!(
                "the server closed the socket after {} plies",
                run.seen.len()
            ),
            Ok(Some(Ok(Message::Text(text)))) => {
                pushed_at = Instant::now();
                let retry = !seat.reconnect.is_zero();
                match take_push(&mut run, &text, seat.index, &mut lost_at, retry) {
                    Push::Stop => break,
                    Push::Skip => continue,
                    Push::Retry(why) => {
                        let since = *run.retrying_since.get_or_insert_with(Instant::now);
                        if since.elapsed() >= seat.reconnect {
                            run.refused(&format!("{why}, still after {:?}", seat.reconnect));
                            break;
                        }
                        run.retries += 1;
                        // A pause that grows with the trouble: half the time it has
                        // lasted, from 100 ms to 2 s.
                        let pause = (since.elapsed() / 2)
                            .clamp(Duration::from_millis(100), Duration::from_secs(2));
                        tokio::time::sleep(pause).await;
                        // A new socket, whose first state says whether the server has
                        // the move (then it counts as played) or not (then it is sent
                        // again): never sent twice as a new move.
                        let _ = socket.close(None).await;
                        format!("the server answered {why}")
                    }
                    Push::Play(game) => {
                        if run.seen.len() >= max {
                            break;
                        }
                        match next_move(&mut run, &game, seat.index, seed) {
                            Err(()) => break,
                            Ok(None) => continue,
                            Ok(Some(usi)) => {
                                if !think.is_zero() {
                                    tokio::time::sleep(think).await;
                                }
                                let message = json!({ "type": "move", "usi": usi }).to_string();
                                let sent_at = Instant::now();
                                let sending = socket.send(Message::text(message)).await;
                                // In flight either way: a reconnection sends it again if
                                // the server does not have it.
                                run.sent(&usi, sent_at);
                                match sending {
                                    Ok(()) => continue,
                                    Err(e) => format!("sending {usi}: {e}"),
                                }
                            }
                        }
                    }
                }
            }
            Ok(Some(Ok(_))) => continue,
        };
        if seat.reconnect.is_zero() {
            run.problems.push(ended);
            break;
        }
        let since = *lost_at.get_or_insert_with(Instant::now);
        match reconnect(&seat, since).await {
            Some(fresh) => {
                socket = fresh;
                pushed_at = Instant::now();
            }
            None => {
                run.problems.push(format!(
                    "{ended}, and no new socket in {:?}",
                    seat.reconnect
                ));
                break;
            }
        }
    }
    let _ = socket.close(None).await;
    run
}

/// Where a seat plays: the server, its game, its seat token and index, and how long it
/// tries to reconnect.
#[derive(Clone)]
struct Seat {
    addr: SocketAddr,
    id: String,
    token: String,
    /// 0 sente, 1 gote.
    index: usize,
    reconnect: Duration,
}

/// A new socket for `seat`, tried every 100 ms until `seat.reconnect` after `since`.
async fn reconnect(seat: &Seat, since: Instant) -> Option<Socket> {
    while since.elapsed() < seat.reconnect {
        if let Ok(socket) = connect(seat.addr, &seat.id, &seat.token).await {
            return Some(socket);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    None
}

/// What a push means to the seat.
enum Push {
    /// A state of the game going on: the seat may have to move.
    Play(Value),
    /// Nothing to act on.
    Skip,
    /// The move in flight was answered with an error that means "try again" (the store
    /// unreachable, the game's owner changing), or the move sent again after a
    /// reconnection was refused: the seat reconnects and looks.
    Retry(String),
    /// The game ended, or something went wrong (a problem noted).
    Stop,
}

/// Takes the pushed `text` into `run`; the first state after a reconnection (`lost_at`
/// set) ends the stall. With `retry`, an error that means "try again" is not a refusal.
fn take_push(
    run: &mut SeatRun,
    text: &str,
    seat: usize,
    lost_at: &mut Option<Instant>,
    retry: bool,
) -> Push {
    let received = Instant::now();
    let msg: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            run.problems
                .push(format!("a push is not JSON ({e}): {text}"));
            return Push::Stop;
        }
    };
    if msg["type"] == "error" {
        let code = msg["code"].as_str().unwrap_or("");
        let status = msg["status"].as_u64().unwrap_or(0);
        if retry && run.pending.is_some() && (try_again(status, code) || run.again) {
            return Push::Retry(msg.to_string());
        }
        // A move sent again after a reconnection that the server had after all (the server
        // that died wrote it): the state already showed it, and the answer to the copy is
        // "not your turn". A client carries on.
        let resent_and_seen = run.again
            && run.pending.is_none()
            && run
                .sent
                .last()
                .is_some_and(|(ply, usi)| run.seen.get(*ply) == Some(usi));
        if code == "not_your_turn" && resent_and_seen {
            return Push::Skip;
        }
        run.refused(&msg.to_string());
        return Push::Stop;
    }
    if msg["type"] != "state" {
        return Push::Skip;
    }
    let Some(mut moves) = usi_list(&msg["game"]["moves"]) else {
        run.problems.push(format!("a state without moves: {msg}"));
        return Push::Stop;
    };
    // A push carries the moves after the first `moves_from` of the state before it (the
    // first state of a socket is whole): those are the moves seen so far.
    if let Some(from) = msg["game"]["moves_from"].as_u64() {
        let Some(kept) = usize::try_from(from).ok().and_then(|k| run.seen.get(..k)) else {
            run.problems.push(format!(
                "a push from ply {from} after {} plies",
                run.seen.len()
            ));
            return Push::Stop;
        };
        moves = kept.iter().cloned().chain(moves).collect();
    }
    if !run.observe(moves, received) {
        return Push::Stop;
    }
    if let Some(at) = lost_at.take() {
        run.stalls.push(received - at);
        // The move in flight when the socket ended, if the server does not have it, is
        // sent again (timed from its first sending).
        let missing = matches!(&run.pending, Some((ply, _, _)) if *ply == run.seen.len());
        if missing && msg["game"]["side_to_move"] == SEATS[seat] {
            if let Some((ply, usi, at)) = run.pending.take() {
                run.sent.retain(|(p, _)| *p != ply);
                run.sent_at.retain(|(p, _)| *p != ply);
                run.resend = Some((usi, at));
            }
        }
    }
    if !msg["game"]["outcome"].is_null() {
        return Push::Stop;
    }
    Push::Play(msg["game"].clone())
}

/// The move the seat sends after the state `game`, if it is to move and has none in
/// flight (the move to send again after a reconnection first); `Err` if it has none.
fn next_move(
    run: &mut SeatRun,
    game: &Value,
    seat: usize,
    seed: u64,
) -> Result<Option<String>, ()> {
    if run.pending.is_some() || game["side_to_move"] != SEATS[seat] {
        return Ok(None);
    }
    if let Some((usi, _)) = &run.resend {
        return Ok(Some(usi.clone()));
    }
    let legal: Vec<&str> = game["legal_moves"]
        .as_array()
        .map(|l| l.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let sfen = game["sfen"].as_str().unwrap_or("");
    let ply = run.seen.len();
    match choose(&legal, sfen, mix(seed ^ ply as u64)) {
        Some(usi) => Ok(Some(usi.to_string())),
        None => {
            run.problems
                .push(format!("no legal move at ply {} and no ending", ply + 1));
            Err(())
        }
    }
}

/// Picks a move from `legal` by `random`: a quiet one (no capture) when there is one, so
/// that games last.
fn choose<'a>(legal: &[&'a str], sfen: &str, random: u64) -> Option<&'a str> {
    let quiet: Vec<&str> = legal
        .iter()
        .copied()
        .filter(|m| !captures(sfen, m))
        .collect();
    let pool = if quiet.is_empty() { legal } else { &quiet };
    if pool.is_empty() {
        return None;
    }
    pool.get((random % pool.len() as u64) as usize).copied()
}

/// Whether the USI move `usi` lands on an occupied square of the board of `sfen`
/// (drops and anything unreadable count as quiet).
fn captures(sfen: &str, usi: &str) -> bool {
    let b = usi.as_bytes();
    if usi.contains('*') || b.len() < 4 {
        return false;
    }
    let (file, rank) = (b[2].wrapping_sub(b'0') as usize, b[3].wrapping_sub(b'a'));
    let board = sfen.split(' ').next().unwrap_or("");
    let Some(row) = board.split('/').nth(rank as usize) else {
        return false;
    };
    // The row's squares left to right (from the highest file), true where a piece stands.
    let mut squares = Vec::new();
    for c in row.chars() {
        match c.to_digit(10) {
            Some(empty) => squares.extend(std::iter::repeat_n(false, empty as usize)),
            None if c == '+' => {}
            None => squares.push(true),
        }
    }
    squares
        .len()
        .checked_sub(file)
        .and_then(|i| squares.get(i))
        .copied()
        .unwrap_or(false)
}

/// Game `index`'s seed under the run's `seed`.
fn game_seed(seed: u64, index: usize) -> u64 {
    mix(seed.wrapping_add(index as u64))
}

/// SplitMix64's finaliser: a well-mixed 64-bit number from any 64-bit number.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Whether an answer with HTTP status `status` and error code `code` means "try again":
/// the server's store is unreachable or the game moved to another instance (503
/// `storage_unavailable`), the server stops (503), or the balancer found no instance (502,
/// 503, 504).
fn try_again(status: u64, code: &str) -> bool {
    matches!(status, 502..=504) || code == "storage_unavailable"
}

/// A request with a JSON body (`body`), whose answer must have status `expect` and a JSON
/// body ([`judge`]), tried again with a growing pause while the server answers "try again"
/// ([`try_again`]) or does not answer, until `window` has passed; `retries` counts the
/// answers tried again.
async fn http_json_again(
    addr: SocketAddr,
    (method, path): (&str, &str),
    body: Option<&Value>,
    expect: u16,
    (window, retries): (Duration, &AtomicUsize),
) -> Result<Value, String> {
    let first = Instant::now();
    loop {
        let body = body.map(Value::to_string);
        let extra = http::Extra {
            headers: &[],
            body: body.as_deref().map(|b| ("application/json", b)),
        };
        let answer =
            tokio::time::timeout(HTTP_TIMEOUT, http::request_with(addr, method, path, extra)).await;
        let again = match &answer {
            Ok(Ok((status, text))) => {
                let code: Value = serde_json::from_str(text).unwrap_or(Value::Null);
                *status != expect
                    && try_again(u64::from(*status), code["code"].as_str().unwrap_or(""))
            }
            // No answer: the instance died under the request, or the balancer has none.
            Ok(Err(_)) | Err(_) => true,
        };
        if !again || first.elapsed() >= window {
            return judge(&format!("{method} {path}"), answer, expect);
        }
        retries.fetch_add(1, Ordering::Relaxed);
        let pause = (first.elapsed() / 2).clamp(Duration::from_millis(100), Duration::from_secs(2));
        tokio::time::sleep(pause).await;
    }
}

/// One HTTP/1.1 request with `extra`'s headers and body whose answer must have status
/// `expect` and a JSON body; the error names the request and shows the answer.
async fn api_json(
    addr: SocketAddr,
    method: &str,
    path: &str,
    extra: http::Extra<'_>,
    expect: u16,
) -> Result<Value, String> {
    let answer =
        tokio::time::timeout(HTTP_TIMEOUT, http::request_with(addr, method, path, extra)).await;
    judge(&format!("{method} {path}"), answer, expect)
}

/// The JSON body of the `answer` to request `what`, if its status is `expect`; else the
/// error names the request and shows the answer.
fn judge(
    what: &str,
    answer: Result<Result<(u16, String), String>, tokio::time::error::Elapsed>,
    expect: u16,
) -> Result<Value, String> {
    let (status, text) = answer
        .map_err(|_| format!("{what}: no answer in {HTTP_TIMEOUT:?}"))?
        .map_err(|e| format!("{what}: {e}"))?;
    if status != expect {
        return Err(format!(
            "{what}: status {status} (expected {expect}): {text}"
        ));
    }
    serde_json::from_str(&text).map_err(|e| format!("{what}: the answer is not JSON ({e}): {text}"))
}

/// A minimal HTTP/1.1 client (shared with the `abuse` example).
#[path = "http.rs"]
pub mod http;

/// A temporary directory for the in-process server's database, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    /// A fresh directory under the system's temporary directory.
    fn new() -> Result<TempDir, String> {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let dir = std::env::temp_dir().join(format!("koma-load-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("creating the directory {}: {e}", dir.display()))?;
        Ok(TempDir(dir))
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

    #[test]
    fn captures_reads_the_board() {
        assert!(!captures(START, "7g7f"));
        assert!(captures(START, "8h2b"));
        assert!(captures(START, "2b8h+"));
        assert!(!captures(START, "P*5e"));
        assert!(captures(START, "1i1a"));
        assert!(!captures(START, "5i5h"));
        assert!(!captures(START, "zz"));
    }

    #[test]
    fn a_lost_move_is_reported() {
        let moves = |m: &[&str]| m.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let game = |id: &str, stored: &[&str]| GameReport {
            id: id.to_string(),
            sent: moves(&["7g7f", "3c3d"]),
            stored: Some(moves(stored)),
            outcome: None,
            problems: Vec::new(),
            disordered_sockets: 0,
        };
        let mut report = Report {
            target: "test".to_string(),
            moves: 2,
            setup: Duration::ZERO,
            wall: Duration::from_secs(1),
            latencies: vec![Duration::from_millis(1), Duration::from_millis(3)],
            opponent_latencies: Vec::new(),
            sockets: 4,
            pushes: 6,
            games: vec![game("a", &["7g7f", "3c3d"]), game("b", &["7g7f"])],
            abuse: None,
            setup_note: String::new(),
            notes: Vec::new(),
            failures: Vec::new(),
            stalls: Vec::new(),
            resent: 0,
            retries: 0,
        };
        assert!(!report.ok());
        let summary = report.summary();
        assert!(
            summary.contains("lost moves: 1 of 2 games differ"),
            "{summary}"
        );
        assert!(summary.contains("game b: sent 2 moves, the server has 1; first difference at ply 2: sent 3c3d, server nothing"), "{summary}");
        assert!(summary.contains("p50 1.00  p90 3.00"), "{summary}");
        report.games.pop();
        report.games[0].disordered_sockets = 1;
        assert!(
            report
                .summary()
                .contains("push order: 1 sockets saw pushes out of order")
        );
        assert!(report.summary().contains("lost moves: 0"));
    }
}
