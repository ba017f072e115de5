//! `flood`: `--count` flooding clients on one game, each on a spectator WebSocket that
//! sends messages as fast as it can (a move, which a spectator may not make: the server
//! must read and refuse each) until the server closes it, then on a new one (a refused
//! one tried again after [`REOPEN_PAUSE`]) until the attack ends; what each socket sent
//! before the server closed it.

use super::client::{Game, Socket, source, websocket};
use super::kit::{Opts, Report, Stop, Tally, Target, Watch, nearest_rank};
use futures_util::{SinkExt, StreamExt};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use tokio::task::JoinSet;
use tokio_tungstenite::tungstenite::Message;

/// Flooding sockets by default.
pub const DEFAULT_COUNT: usize = 100;

/// What each flooding socket sends.
const MESSAGE: &str = r#"{"type":"move","usi":"7g7f"}"#;

/// How long a client whose socket was refused waits before it asks again.
const REOPEN_PAUSE: Duration = Duration::from_millis(100);

/// Messages written before each flush.
const BATCH: usize = 64;

/// What one flooding socket did.
struct Flooded {
    /// Messages sent.
    sent: usize,
    /// How long it was open.
    open: Duration,
    /// Whether the server closed it (else it was open when the attack ended).
    closed: bool,
}

/// Runs the attack (see the module's comment).
pub async fn run(target: Target, opts: &Opts) -> Result<Report, String> {
    let (game, _) = Game::seated(target.addr, Some(source(0, opts.addresses))).await?;
    let path = format!("/api/games/{}/ws", game.id);
    let watch = Watch::start(target, opts).await;
    let tally = Tally::new();
    let mut sockets = JoinSet::new();
    for i in 0..opts.count.unwrap_or(DEFAULT_COUNT) {
        sockets.spawn(flooder(
            source(i, opts.addresses),
            target.addr,
            path.clone(),
            Arc::clone(&tally),
            watch.stop(),
        ));
    }
    let mut floods = Vec::new();
    while let Some(done) = sockets.join_next().await {
        floods.extend(done.unwrap_or_default());
    }
    let notes = figures(&floods);
    Ok(watch.finish("flood", &tally, notes).await)
}

/// The notes: messages sent before the server closed a socket, and the rate.
fn figures(floods: &[Flooded]) -> Vec<String> {
    let mut before_close: Vec<usize> = floods.iter().filter(|f| f.closed).map(|f| f.sent).collect();
    before_close.sort();
    let sent: usize = floods.iter().map(|f| f.sent).sum();
    let open: f64 = floods.iter().map(|f| f.open.as_secs_f64()).sum();
    let mut notes = vec![format!(
        "messages sent: {sent}, {:.0} a second per open socket",
        sent as f64 / open.max(1e-9)
    )];
    let rank = |p| nearest_rank(&before_close, p).unwrap_or(0);
    if !before_close.is_empty() {
        notes.push(format!(
            "messages a socket sent before the server closed it: min {}, median {}, max {}",
            rank(0.0),
            rank(0.5),
            rank(1.0),
        ));
    }
    notes
}

/// One flooding client from `from`: a socket flooded until the server closes it, then a
/// new one, until `stop`; what each socket did.
async fn flooder(
    from: IpAddr,
    addr: SocketAddr,
    path: String,
    tally: Arc<Tally>,
    stop: Stop,
) -> Vec<Flooded> {
    let mut floods = Vec::new();
    while !stop.is_set() {
        match websocket(from, addr, &path, &[]).await {
            Ok(socket) => floods.push(flood(socket, &tally, &stop).await),
            Err(refused) => {
                tally.add(refused.name());
                tokio::select! {
                    () = tokio::time::sleep(REOPEN_PAUSE) => {}
                    () = stop.wait() => {}
                }
            }
        }
    }
    floods
}

/// Sends messages on `socket` as fast as it can until the server closes it or `stop`.
async fn flood(socket: Socket, tally: &Arc<Tally>, stop: &Stop) -> Flooded {
    tally.add("accepted");
    let _open = tally.open();
    let opened = Instant::now();
    let (mut sink, mut stream) = socket.split();
    let closed = Arc::new(AtomicBool::new(false));
    let reader = {
        let (closed, tally) = (Arc::clone(&closed), Arc::clone(tally));
        tokio::spawn(async move {
            while let Some(Ok(message)) = stream.next().await {
                if let Message::Text(text) = message {
                    let refusal = serde_json::from_str::<serde_json::Value>(text.as_str())
                        .map(|v| v["code"].as_str().unwrap_or("").to_string())
                        .unwrap_or_default();
                    if !refusal.is_empty() {
                        tally.add(format!("answers {refusal}"));
                    }
                }
            }
            closed.store(true, Ordering::Relaxed);
        })
    };
    let mut sent = 0;
    'flood: while !stop.is_set() && !closed.load(Ordering::Relaxed) {
        for _ in 0..BATCH {
            if sink.feed(Message::text(MESSAGE)).await.is_err() {
                break 'flood;
            }
            sent += 1;
        }
        if sink.flush().await.is_err() {
            break;
        }
        tokio::task::yield_now().await;
    }
    let open = opened.elapsed();
    // A server that closed the socket has said so by now, or soon.
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        while !stop.is_set() && !closed.load(Ordering::Relaxed) {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await;
    let closed = closed.load(Ordering::Relaxed);
    reader.abort();
    tally.add(if closed {
        "closed by the server"
    } else {
        "open to the end"
    });
    Flooded { sent, open, closed }
}
