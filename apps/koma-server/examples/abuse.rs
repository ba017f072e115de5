//! One hostile client against `koma serve`, and one normal client beside it.
//!
//! ```sh
//! cargo run --release -p koma-server --example abuse -- --server-bin target/release/koma \
//!     [--seconds 20] [--hostile 4] [--addresses 1] [--max-engine-games 60] [--pace-ms 200] \
//!     [-- SERVE-FLAGS...]
//! ```
//!
//! It starts `SERVER-BIN serve` on a free port and a temporary database (the flags after
//! `--` go to `koma serve`), then for `--seconds`:
//! - the hostile client, `--hostile` requests at a time from one address (or spread over
//!   `--addresses` loopback addresses 127.0.0.2, .3, ..., to pass per-client caps), creates games
//!   against the engine at its strongest (30 s a move, the engine sente so that it thinks
//!   at once) and asks for long reviews (31 positions at 10 s), as fast as the server
//!   answers; it stops creating games once `--max-engine-games` were accepted (so that a
//!   server without limits does not take the machine's memory);
//! - a normal client plays a game between two people over HTTP, one move every
//!   `--pace-ms`, and times each move's answer.
//!
//! It samples the server's resident memory (VmRSS) and threads from `/proc` every 100 ms
//! and prints what was accepted and refused, the memory and the normal client's move
//! latency. Linux only (it reads `/proc`).

#[path = "load/http.rs"]
mod http;

use serde_json::{Value, json};
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const USAGE: &str = "usage: abuse --server-bin PATH [--seconds N] [--hostile N] \
[--addresses N] [--max-engine-games N] [--pace-ms N] [-- SERVE-FLAGS...]";

/// A legal opening of 30 moves: the hostile client's review line.
const OPENING: [&str; 30] = [
    "7g7f", "3c3d", "2g2f", "4c4d", "2f2e", "2b3c", "3i4h", "3a4b", "5i6h", "5a6b", "6h7h", "6b7b",
    "5g5f", "4b4c", "4i5h", "7a6b", "1g1f", "1c1d", "9g9f", "9c9d", "3g3f", "6a5b", "2h2f", "8c8d",
    "4g4f", "4a3b", "2i3g", "8d8e", "4h4g", "9a9b",
];

/// What to run.
struct Config {
    server_bin: PathBuf,
    seconds: u64,
    hostile: usize,
    addresses: u8,
    max_engine_games: usize,
    pace: Duration,
    serve_flags: Vec<String>,
}

fn parse_args(args: impl IntoIterator<Item = String>) -> Result<Config, String> {
    let mut config = Config {
        server_bin: PathBuf::new(),
        seconds: 20,
        hostile: 4,
        addresses: 1,
        max_engine_games: 60,
        pace: Duration::from_millis(200),
        serve_flags: Vec::new(),
    };
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        if arg == "--" {
            config.serve_flags = args.by_ref().collect();
            break;
        }
        if arg == "-h" || arg == "--help" {
            return Err(String::new());
        }
        let value = args.next().ok_or_else(|| format!("{arg} needs a value"))?;
        let number = || -> Result<u64, String> {
            value
                .parse()
                .map_err(|_| format!("{arg} wants a whole number, not {value:?}"))
        };
        match arg.as_str() {
            "--server-bin" => config.server_bin = PathBuf::from(&value),
            "--seconds" => config.seconds = number()?,
            "--hostile" => config.hostile = number()?.max(1) as usize,
            "--addresses" => config.addresses = number()?.clamp(1, 250) as u8,
            "--max-engine-games" => config.max_engine_games = number()? as usize,
            "--pace-ms" => config.pace = Duration::from_millis(number()?),
            _ => return Err(format!("unknown argument {arg:?}")),
        }
    }
    if config.server_bin.as_os_str().is_empty() {
        return Err("--server-bin is needed".to_string());
    }
    Ok(config)
}

/// The server under test: the child process and its temporary folder.
struct Served {
    child: Child,
    addr: SocketAddr,
    dir: PathBuf,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Starts `koma serve` on a free port and waits until it answers.
async fn serve(config: &Config) -> Result<Served, String> {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map_err(|e| format!("no free port: {e}"))?
        .port();
    let addr = SocketAddr::from(([127, 0, 0, 1], port));
    let dir = std::env::temp_dir().join(format!("koma-abuse-{}-{port}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let child = Command::new(&config.server_bin)
        .arg("serve")
        .arg("--addr")
        .arg(addr.to_string())
        .arg("--db")
        .arg(dir.join("koma.sqlite"))
        .args(&config.serve_flags)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("{}: {e}", config.server_bin.display()))?;
    let served = Served { child, addr, dir };
    for _ in 0..100 {
        if let Ok((200, _)) = http::request(addr, "GET", "/api/games?per=1", None).await {
            return Ok(served);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Err("the server did not answer in 10 s".to_string())
}

/// The server's resident memory in MiB and its threads, from `/proc/PID/status`.
fn memory(pid: u32) -> Option<(f64, usize)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| -> Option<u64> {
        let line = status.lines().find(|l| l.starts_with(name))?;
        line.split_whitespace().nth(1)?.parse().ok()
    };
    Some((
        field("VmRSS:")? as f64 / 1024.0,
        field("Threads:")? as usize,
    ))
}

/// How the hostile client's requests were answered, by kind and status.
#[derive(Default)]
struct Tally {
    accepted: AtomicUsize,
    too_many: AtomicUsize,
    unavailable: AtomicUsize,
    other: AtomicUsize,
}

impl Tally {
    fn count(&self, status: Option<u16>) {
        let counter = match status {
            Some(200..=299) => &self.accepted,
            Some(429) => &self.too_many,
            Some(503) => &self.unavailable,
            _ => &self.other,
        };
        counter.fetch_add(1, Ordering::Relaxed);
    }

    fn line(&self, what: &str) -> String {
        let n = |c: &AtomicUsize| c.load(Ordering::Relaxed);
        format!(
            "{what}: {} accepted, {} refused 429, {} refused 503, {} other",
            n(&self.accepted),
            n(&self.too_many),
            n(&self.unavailable),
            n(&self.other)
        )
    }
}

/// The hostile client, from `from`: games against the engine and reviews, as fast as
/// answered.
async fn hostile(
    from: IpAddr,
    addr: SocketAddr,
    games: Arc<Tally>,
    reviews: Arc<Tally>,
    max_games: usize,
    stop: Arc<AtomicBool>,
) {
    let game =
        json!({"opponent": "engine", "side": "gote", "engine": {"movetime_ms": 30000}}).to_string();
    let review = json!({"moves": OPENING, "movetime_ms": 10000}).to_string();
    while !stop.load(Ordering::Relaxed) {
        if games.accepted.load(Ordering::Relaxed) < max_games {
            let answer = http::request_from(from, addr, "POST", "/api/games", Some(&game)).await;
            games.count(answer.ok().map(|(status, _)| status));
        }
        let answer = http::request_from(from, addr, "POST", "/api/reviews", Some(&review)).await;
        reviews.count(answer.ok().map(|(status, _)| status));
        // A refused client tries again at once: the worst case for the server.
        tokio::task::yield_now().await;
    }
}

/// The normal client: a game between two people, one move every `pace`; each move's
/// round trip.
async fn normal(addr: SocketAddr, pace: Duration, stop: Arc<AtomicBool>) -> Vec<Duration> {
    let mut latencies = Vec::new();
    'games: while !stop.load(Ordering::Relaxed) {
        let Some((id, tokens, mut state)) = seat(addr).await else {
            tokio::time::sleep(pace).await;
            continue;
        };
        let mut ply = 0usize;
        while !stop.load(Ordering::Relaxed) {
            let legal: Vec<String> = state["legal_moves"]
                .as_array()
                .map(|l| {
                    l.iter()
                        .filter_map(|m| m.as_str().map(String::from))
                        .collect()
                })
                .unwrap_or_default();
            if legal.is_empty() || !state["outcome"].is_null() {
                continue 'games;
            }
            let usi = &legal[(ply * 31 + 7) % legal.len()];
            let token = &tokens[ply % 2];
            let body = json!({"token": token, "usi": usi}).to_string();
            let sent = Instant::now();
            let answer =
                http::request(addr, "POST", &format!("/api/games/{id}/move"), Some(&body)).await;
            latencies.push(sent.elapsed());
            match answer {
                Ok((200, text)) => match serde_json::from_str::<Value>(&text) {
                    Ok(next) => state = next,
                    Err(_) => continue 'games,
                },
                _ => continue 'games,
            }
            ply += 1;
            tokio::time::sleep(pace).await;
        }
    }
    latencies
}

/// A new game between two people, both seats taken: its id, sente's and gote's tokens and
/// its state.
async fn seat(addr: SocketAddr) -> Option<(String, [String; 2], Value)> {
    let body = json!({"side": "sente"}).to_string();
    let (_, created) = http::request(addr, "POST", "/api/games", Some(&body))
        .await
        .ok()?;
    let created: Value = serde_json::from_str(&created).ok()?;
    let id = created["id"].as_str()?.to_string();
    let join = json!({"invite": created["invite"]}).to_string();
    let (_, joined) = http::request(addr, "POST", &format!("/api/games/{id}/join"), Some(&join))
        .await
        .ok()?;
    let joined: Value = serde_json::from_str(&joined).ok()?;
    let tokens = [
        created["token"].as_str()?.to_string(),
        joined["token"].as_str()?.to_string(),
    ];
    Some((id, tokens, joined["game"].clone()))
}

/// The `p`th percentile of sorted `samples`, in milliseconds.
fn percentile_ms(samples: &[Duration], p: f64) -> f64 {
    if samples.is_empty() {
        return f64::NAN;
    }
    let i = ((samples.len() - 1) as f64 * p).round() as usize;
    samples[i].as_secs_f64() * 1000.0
}

async fn run(config: &Config) -> Result<String, String> {
    let served = serve(config).await?;
    let pid = served.child.id();
    let (idle_rss, idle_threads) = memory(pid).ok_or("cannot read the server's /proc status")?;
    let stop = Arc::new(AtomicBool::new(false));
    let (games, reviews) = (Arc::new(Tally::default()), Arc::new(Tally::default()));
    let mut hostiles = Vec::new();
    for i in 0..config.hostile {
        let from = IpAddr::from([127, 0, 0, 2 + (i % usize::from(config.addresses)) as u8]);
        hostiles.push(tokio::spawn(hostile(
            from,
            served.addr,
            Arc::clone(&games),
            Arc::clone(&reviews),
            config.max_engine_games,
            Arc::clone(&stop),
        )));
    }
    let player = tokio::spawn(normal(served.addr, config.pace, Arc::clone(&stop)));
    let started = Instant::now();
    let (mut peak_rss, mut peak_threads, mut last) = (idle_rss, idle_threads, (idle_rss, 0));
    while started.elapsed() < Duration::from_secs(config.seconds) {
        tokio::time::sleep(Duration::from_millis(100)).await;
        if let Some((rss, threads)) = memory(pid) {
            peak_rss = peak_rss.max(rss);
            peak_threads = peak_threads.max(threads);
            last = (rss, threads);
        }
    }
    stop.store(true, Ordering::Relaxed);
    for h in hostiles {
        let _ = h.await;
    }
    let mut latencies = player.await.map_err(|e| e.to_string())?;
    latencies.sort();
    let max = latencies
        .last()
        .map_or(f64::NAN, |d| d.as_secs_f64() * 1000.0);
    Ok(format!(
        "server: {} {}\n\
         {} s, {} hostile requests at a time from {} address(es)\n\
         {}\n{}\n\
         server memory (VmRSS): {idle_rss:.0} MiB idle, {peak_rss:.0} MiB peak, {:.0} MiB at the end\n\
         server threads: {idle_threads} idle, {peak_threads} peak, {} at the end\n\
         normal client: {} moves, round trip p50 {:.1} ms, p99 {:.1} ms, max {max:.1} ms",
        config.server_bin.display(),
        config.serve_flags.join(" "),
        config.seconds,
        config.hostile,
        config.addresses,
        games.line("engine games"),
        reviews.line("reviews"),
        last.0,
        last.1,
        latencies.len(),
        percentile_ms(&latencies, 0.5),
        percentile_ms(&latencies, 0.99),
    ))
}

#[tokio::main]
async fn main() -> ExitCode {
    let config = match parse_args(std::env::args().skip(1)) {
        Ok(config) => config,
        Err(e) if e.is_empty() => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("abuse: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(&config).await {
        Ok(report) => {
            println!("{report}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("abuse: {e}");
            ExitCode::FAILURE
        }
    }
}
