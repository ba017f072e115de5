//! `streams`: anonymous streams of a big tournament's view. A director (an account with a
//! strong password) creates a Swiss of `--players` over-the-board players (1,000), their
//! entries spread over the source addresses; then the hostile client opens `--count` (300)
//! streams of it from those addresses, reading everything they send, while the director
//! makes one change every `--every-ms` (1 s): the start (which pairs round 1), then one
//! result after another. How long the director's changes took.

use super::client::{Account, CALL_TIMEOUT, call, expect, said, source};
use super::http::LineStream;
use super::kit::{Opts, Report, Stop, Tally, Target, Watch, percentile_ms};
use serde_json::json;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;
use tokio::task::JoinSet;

/// Streams opened by default.
pub const DEFAULT_COUNT: usize = 300;

/// The default pause between two of the director's changes.
const EVERY: Duration = Duration::from_secs(1);

/// Entries sent at once while the tournament is set up.
const ENTERING_AT_ONCE: usize = 8;

/// Runs the attack (see the module's comment).
pub async fn run(target: Target, opts: &Opts) -> Result<Report, String> {
    let addr = target.addr;
    let set_up = Instant::now();
    let director = Account::sign_up(addr, Some(source(0, opts.addresses)), "Director").await?;
    let body = json!({"name": "Open", "format": "swiss", "rounds": 9});
    let made = call(
        None,
        addr,
        "POST",
        "/api/tournaments",
        &director.bearer(),
        Some(&body),
    )
    .await;
    let made = expect("the tournament", made, 201)?;
    let id = made["id"]
        .as_str()
        .ok_or("a tournament without id")?
        .to_string();
    enter_players(addr, &director, &id, opts).await?;
    let mut notes = vec![format!(
        "setting up {} players took {:.1} s",
        opts.players,
        set_up.elapsed().as_secs_f64()
    )];

    let watch = Watch::start(target, opts).await;
    let tally = Tally::new();
    let path = format!("/api/tournaments/{id}/stream");
    let mut streams = JoinSet::new();
    for i in 0..opts.count.unwrap_or(DEFAULT_COUNT) {
        streams.spawn(watch_stream(
            source(i, opts.addresses),
            addr,
            path.clone(),
            Arc::clone(&tally),
            watch.stop(),
        ));
    }
    let stop = watch.stop();
    let mut changes = Vec::new();
    let mut board = 0;
    while !stop.is_set() {
        tokio::select! {
            () = tokio::time::sleep(opts.every.unwrap_or(EVERY)) => {}
            () = stop.wait() => break,
        }
        let (what, body) = if board == 0 {
            ("start", None)
        } else {
            (
                "results",
                Some(json!({"round": 1, "board": board, "result": "sente"})),
            )
        };
        let sent = Instant::now();
        let path = format!("/api/tournaments/{id}/{what}");
        let answer = call(None, addr, "POST", &path, &director.bearer(), body.as_ref()).await;
        let took = sent.elapsed();
        if board == 0 {
            notes.push(format!(
                "the director's start (pairs round 1): {} in {:.0} ms",
                said(&answer),
                took.as_secs_f64() * 1000.0
            ));
        } else {
            tally.add(format!("the director's results: {}", said(&answer)));
            changes.push(took);
        }
        board += 1;
    }
    while streams.join_next().await.is_some() {}
    changes.sort();
    notes.push(format!(
        "the director's result entries: {}, p50 {:.0} ms, max {:.0} ms",
        changes.len(),
        percentile_ms(&changes, 0.5),
        percentile_ms(&changes, 1.0)
    ));
    Ok(watch.finish("streams", &tally, notes).await)
}

/// The director enters `opts.players` players over the board, from every source address
/// in turn ([`ENTERING_AT_ONCE`] at a time); an entry refused for the rate is tried again.
async fn enter_players(
    addr: SocketAddr,
    director: &Account,
    id: &str,
    opts: &Opts,
) -> Result<(), String> {
    let gate = Arc::new(Semaphore::new(ENTERING_AT_ONCE));
    let path = format!("/api/tournaments/{id}/players");
    let mut entries = JoinSet::new();
    for i in 0..opts.players {
        let entry = json!({"name": format!("Player {i:04}"), "rating": 1000 + (i * 7919) % 1500});
        let (gate, path, auth) = (Arc::clone(&gate), path.clone(), director.bearer());
        let from = Some(source(i, opts.addresses));
        entries.spawn(async move {
            let _turn = gate.acquire().await.map_err(|e| e.to_string())?;
            for _ in 0..30 {
                match call(from, addr, "POST", &path, &auth, Some(&entry)).await {
                    Ok((429, _)) => tokio::time::sleep(Duration::from_secs(1)).await,
                    answer => return expect("an entry", answer, 201).map(drop),
                }
            }
            Err("an entry: refused for the rate 30 times".to_string())
        });
    }
    while let Some(entered) = entries.join_next().await {
        entered.map_err(|e| e.to_string())??;
    }
    Ok(())
}

/// One stream of the tournament from `from`, read to the end or until `stop`.
async fn watch_stream(from: IpAddr, addr: SocketAddr, path: String, tally: Arc<Tally>, stop: Stop) {
    let opened = tokio::time::timeout(
        CALL_TIMEOUT,
        LineStream::open_from(Some(from), addr, &path, &[]),
    )
    .await;
    let mut stream = match opened {
        Ok(Ok(stream)) => stream,
        Ok(Err(refused)) => {
            let status = refused
                .status
                .map_or("no answer".to_string(), |s| format!("refused {s}"));
            return tally.add(format!("streams {status}"));
        }
        Err(_) => return tally.add("streams not answered in time"),
    };
    tally.add("streams opened");
    let _open = tally.open();
    let (mut bytes, mut lines) = (0, 0);
    let ended = loop {
        tokio::select! {
            piece = stream.skip() => match piece {
                Ok(Some((b, l))) => {
                    bytes += b;
                    lines += l;
                }
                _ => break true,
            },
            () = stop.wait() => break false,
        }
    };
    tally.add_n("lines received (views and keep-alives)", lines);
    tally.add_n("KiB received", bytes >> 10);
    if ended {
        tally.add("streams ended by the server");
    }
}
