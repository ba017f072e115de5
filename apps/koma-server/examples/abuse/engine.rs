//! `engine`: the engine pool filled from a few addresses. `--count` (16) loops at once,
//! spread over the source addresses, create games against the engine at its strongest
//! (30 s a move, the engine sente so that it thinks at once) and ask for long reviews (31
//! positions at 10 s), as fast as the server answers; game creation stops once
//! `--max-engine-games` were accepted (so that a server without limits does not take the
//! machine's memory). Halfway through, a player on 127.0.0.1 asks for a game against the
//! engine too: is there room left for him?

use super::client::{Auth, call, said, source};
use super::kit::{Opts, Report, Stop, Tally, Target, Watch};
use serde_json::json;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use tokio::task::JoinSet;

/// Loops at once by default.
pub const DEFAULT_COUNT: usize = 16;

/// A legal opening of 30 moves: the hostile client's review line.
const OPENING: [&str; 30] = [
    "7g7f", "3c3d", "2g2f", "4c4d", "2f2e", "2b3c", "3i4h", "3a4b", "5i6h", "5a6b", "6h7h", "6b7b",
    "5g5f", "4b4c", "4i5h", "7a6b", "1g1f", "1c1d", "9g9f", "9c9d", "3g3f", "6a5b", "2h2f", "8c8d",
    "4g4f", "4a3b", "2i3g", "8d8e", "4h4g", "9a9b",
];

/// Runs the attack (see the module's comment).
pub async fn run(target: Target, opts: &Opts) -> Result<Report, String> {
    let watch = Watch::start(target, opts).await;
    let tally = Tally::new();
    let accepted = Arc::new(AtomicUsize::new(0));
    let mut loops = JoinSet::new();
    for i in 0..opts.count.unwrap_or(DEFAULT_COUNT) {
        loops.spawn(hostile(
            source(i, opts.addresses),
            target.addr,
            Arc::clone(&tally),
            Arc::clone(&accepted),
            opts.max_engine_games,
            watch.stop(),
        ));
    }
    let stop = watch.stop();
    tokio::select! {
        () = tokio::time::sleep(opts.seconds / 2) => {}
        () = stop.wait() => {}
    }
    let game = json!({"opponent": "engine", "side": "sente", "engine": {"movetime_ms": 1000}});
    let asked = call(
        None,
        target.addr,
        "POST",
        "/api/games",
        &Auth::None,
        Some(&game),
    )
    .await;
    let player = format!(
        "a player's game against the engine from 127.0.0.1, halfway: {}",
        said(&asked)
    );
    while loops.join_next().await.is_some() {}
    Ok(watch.finish("engine", &tally, vec![player]).await)
}

/// One hostile loop from `from`: a game against the engine (while fewer than `max_games`
/// were accepted) and a review, again and again until `stop`.
async fn hostile(
    from: IpAddr,
    addr: SocketAddr,
    tally: Arc<Tally>,
    accepted: Arc<AtomicUsize>,
    max_games: usize,
    stop: Stop,
) {
    let game = json!({"opponent": "engine", "side": "gote", "engine": {"movetime_ms": 30000}});
    let review = json!({"moves": OPENING, "movetime_ms": 10000});
    let from = Some(from);
    while !stop.is_set() {
        if accepted.load(Ordering::Relaxed) < max_games {
            let answer = call(from, addr, "POST", "/api/games", &Auth::None, Some(&game)).await;
            if matches!(answer, Ok((201, _))) {
                accepted.fetch_add(1, Ordering::Relaxed);
            }
            tally.add(format!("engine games answered {}", said(&answer)));
        }
        let answer = call(
            from,
            addr,
            "POST",
            "/api/reviews",
            &Auth::None,
            Some(&review),
        )
        .await;
        tally.add(format!("reviews answered {}", said(&answer)));
        // A refused client tries again at once: the worst case for the server.
        tokio::task::yield_now().await;
    }
}
