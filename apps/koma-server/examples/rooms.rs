//! A measure of the kansōsen rooms on `koma serve` (in process, on a temporary SQLite file):
//!
//! 1. One room with `--watchers` spectators' sockets: a player moves the shared board
//!    `--moves` times, one change at a time; for each change, the time from the player's
//!    message to its arrival on every watcher's socket (percentiles printed).
//! 2. `--rooms` rooms of games that differ from the first move, their players turning the
//!    engine on at once (the server searching `--searches` at a time): when each room's
//!    lines came, how many rooms were told to wait, and how many searches ran (not kept
//!    ones); then the same rooms again, every position kept.
//!
//! ```sh
//! cargo run --release -p koma-server --example rooms -- [--watchers 50] [--moves 200] [--rooms 20] [--searches 2]
//! ```

#[path = "load/http.rs"]
mod http;

use futures_util::{SinkExt, StreamExt};
use koma_server::{Limits, Server, Settings};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Sente's first moves, one per room of part 2 (each room a position of its own).
const FIRST_MOVES: [&str; 30] = [
    "1g1f", "2g2f", "3g3f", "4g4f", "5g5f", "6g6f", "7g7f", "8g8f", "9g9f", "1i1h", "9i9h", "3i3h",
    "3i4h", "7i6h", "7i7h", "4i3h", "4i4h", "4i5h", "6i5h", "6i6h", "6i7h", "5i4h", "5i5h", "5i6h",
    "2h1h", "2h3h", "2h4h", "2h5h", "2h6h", "2h7h",
];

struct Config {
    watchers: usize,
    moves: usize,
    rooms: usize,
    searches: usize,
}

fn parse() -> Result<Config, String> {
    let mut config = Config {
        watchers: 50,
        moves: 200,
        rooms: 20,
        searches: 2,
    };
    let mut args = std::env::args().skip(1);
    while let Some(name) = args.next() {
        let value = args.next().ok_or(format!("{name} needs a value"))?;
        let n: usize = value
            .parse()
            .map_err(|_| format!("{name}: '{value}' is not a count"))?;
        match name.as_str() {
            "--watchers" => config.watchers = n,
            "--moves" => config.moves = n,
            "--rooms" if n <= FIRST_MOVES.len() => config.rooms = n,
            "--searches" if n > 0 => config.searches = n,
            _ => return Err(format!("unknown or out of range: {name} {value}")),
        }
    }
    Ok(config)
}

async fn call(addr: SocketAddr, method: &str, path: &str, body: Value) -> Result<Value, String> {
    let (status, text) = http::request(addr, method, path, Some(&body.to_string())).await?;
    if !(200..300).contains(&status) {
        return Err(format!("{method} {path}: {status} {text}"));
    }
    serde_json::from_str(&text).map_err(|e| format!("{path}: {e}"))
}

/// A finished game (`first`, 3c3d, sente resigns): its id and sente's token.
async fn finished(addr: SocketAddr, first: &str) -> Result<(String, String), String> {
    let created = call(addr, "POST", "/api/games", json!({"side": "sente"})).await?;
    let id = created["id"].as_str().unwrap_or_default().to_string();
    let sente = created["token"].as_str().unwrap_or_default().to_string();
    let invite = json!({"invite": created["invite"]});
    let joined = call(addr, "POST", &format!("/api/games/{id}/join"), invite).await?;
    let gote = joined["token"].as_str().unwrap_or_default().to_string();
    let path = format!("/api/games/{id}/move");
    call(addr, "POST", &path, json!({"token": sente, "usi": first})).await?;
    call(addr, "POST", &path, json!({"token": gote, "usi": "3c3d"})).await?;
    call(
        addr,
        "POST",
        &format!("/api/games/{id}/resign"),
        json!({"token": sente}),
    )
    .await?;
    Ok((id, sente))
}

async fn room_socket(addr: SocketAddr, id: &str, token: Option<&str>) -> Result<Socket, String> {
    let query = token.map_or(String::new(), |t| format!("?token={t}"));
    let url = format!("ws://{addr}/api/games/{id}/room/ws{query}");
    Ok(tokio_tungstenite::connect_async(url.as_str())
        .await
        .map_err(|e| format!("{url}: {e}"))?
        .0)
}

async fn next(ws: &mut Socket) -> Result<Value, String> {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(60), ws.next())
            .await
            .map_err(|_| "no message in 60 s".to_string())?
            .ok_or("the socket closed")?
            .map_err(|e| e.to_string())?;
        if let Message::Text(text) = msg {
            return serde_json::from_str(text.as_str()).map_err(|e| e.to_string());
        }
    }
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted
        .get(rank.clamp(1, sorted.len().max(1)) - 1)
        .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
}

/// Part 1: the time a change of the board takes to reach every watcher.
async fn watched(addr: SocketAddr, config: &Config) -> Result<(), String> {
    let (id, token) = finished(addr, "7g7f").await?;
    let mut player = room_socket(addr, &id, Some(&token)).await?;
    // Each watcher: the version of each room state it gets, and when.
    let seen: Arc<Mutex<Vec<(u64, Instant)>>> = Arc::default();
    let mut tasks = Vec::new();
    for _ in 0..config.watchers {
        let mut ws = room_socket(addr, &id, None).await?;
        let seen = Arc::clone(&seen);
        tasks.push(tokio::spawn(async move {
            while let Ok(m) = next(&mut ws).await {
                if m["type"] == "room" {
                    let version = m["version"].as_u64().unwrap_or(0);
                    seen.lock().unwrap().push((version, Instant::now()));
                }
            }
        }));
    }
    let mut latencies = Vec::new();
    let mut version = 0;
    for k in 0..config.moves {
        seen.lock().unwrap().clear();
        let sent = Instant::now();
        let change = json!({"type": "go", "node": 1 + k % 2});
        player
            .send(Message::text(change.to_string()))
            .await
            .map_err(|e| e.to_string())?;
        version += 1;
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let arrived: Vec<Instant> = seen
                .lock()
                .unwrap()
                .iter()
                .filter(|(v, _)| *v == version)
                .map(|(_, at)| *at)
                .collect();
            if arrived.len() == config.watchers {
                latencies.extend(arrived.iter().map(|at| at.duration_since(sent)));
                break;
            }
            if Instant::now() > deadline {
                return Err(format!(
                    "change {version}: {} of {} watchers got it",
                    arrived.len(),
                    config.watchers
                ));
            }
            tokio::time::sleep(Duration::from_micros(200)).await;
        }
    }
    latencies.sort();
    println!(
        "{} changes to {} watchers ({} arrivals): p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        config.moves,
        config.watchers,
        latencies.len(),
        percentile(&latencies, 50.0),
        percentile(&latencies, 90.0),
        percentile(&latencies, 99.0),
        percentile(&latencies, 100.0),
    );
    for t in tasks {
        t.abort();
    }
    Ok(())
}

/// Part 2: rooms turning the engine on at once; the rooms of `games` searched again when
/// `games` is given.
async fn engines(
    addr: SocketAddr,
    config: &Config,
    games: &[(String, String)],
) -> Result<(), String> {
    let mut sockets = Vec::new();
    for (id, token) in games {
        let mut ws = room_socket(addr, id, Some(token)).await?;
        // The position after the first move, then the engine on.
        ws.send(Message::text(json!({"type": "go", "node": 1}).to_string()))
            .await
            .map_err(|e| e.to_string())?;
        sockets.push(ws);
    }
    let start = Instant::now();
    let mut tasks = Vec::new();
    for mut ws in sockets {
        tasks.push(tokio::spawn(async move {
            ws.send(Message::text(
                json!({"type": "engine", "on": true}).to_string(),
            ))
            .await
            .map_err(|e| e.to_string())?;
            let mut waited = false;
            loop {
                let m = next(&mut ws).await?;
                if m["type"] != "lines" || m["node"] != 1 {
                    continue;
                }
                match m["status"].as_str() {
                    Some("busy") => waited = true,
                    Some("done") => {
                        let cached = m["analysis"]["cached"].as_bool().unwrap_or(false);
                        // Off again, so that the next round turns it on anew.
                        ws.send(Message::text(
                            json!({"type": "engine", "on": false}).to_string(),
                        ))
                        .await
                        .map_err(|e| e.to_string())?;
                        return Ok::<_, String>((start.elapsed(), waited, cached));
                    }
                    Some("failed") => return Err(format!("failed: {m}")),
                    _ => {}
                }
            }
        }));
    }
    let mut done = Vec::new();
    for t in tasks {
        done.push(t.await.map_err(|e| e.to_string())??);
    }
    let searched = done.iter().filter(|d| !d.2).count();
    let waited = done.iter().filter(|d| d.1).count();
    let mut times: Vec<Duration> = done.iter().map(|d| d.0).collect();
    times.sort();
    println!(
        "{} rooms, engine on at once, {} searches at a time: {} searched, {} kept; {} told to wait; lines in: first {:.0} ms, median {:.0} ms, last {:.0} ms",
        done.len(),
        config.searches,
        searched,
        done.len() - searched,
        waited,
        percentile(&times, 0.0),
        percentile(&times, 50.0),
        percentile(&times, 100.0),
    );
    Ok(())
}

async fn run(config: Config) -> Result<(), String> {
    let dir = std::env::temp_dir().join(format!("koma-rooms-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let settings = Settings {
        limits: Limits::no_rate_limits(),
        ..Settings::for_searches(config.searches)
    };
    let server = Server::start_with_settings(
        SocketAddr::from(([127, 0, 0, 1], 0)),
        &dir.join("koma.sqlite"),
        settings,
    )
    .await
    .map_err(|e| e.to_string())?;
    let addr = server.local_addr();
    let outcome = async {
        watched(addr, &config).await?;
        let mut games = Vec::new();
        for first in &FIRST_MOVES[..config.rooms] {
            games.push(finished(addr, first).await?);
        }
        engines(addr, &config, &games).await?;
        engines(addr, &config, &games).await
    }
    .await;
    let _ = server.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
    outcome
}

#[tokio::main]
async fn main() -> ExitCode {
    let config = match parse() {
        Ok(c) => c,
        Err(e) => {
            eprintln!(
                "rooms: {e}\nusage: rooms [--watchers N] [--moves N] [--rooms N] [--searches N]"
            );
            return ExitCode::from(2);
        }
    };
    match run(config).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("rooms: {e}");
            ExitCode::FAILURE
        }
    }
}
