//! `websockets`: spectator WebSockets held open on one game between two people, as many as
//! the server accepts from every source address, while the game goes on (a move every
//! `--every-ms`, pushed to every socket). A socket is opened once: a refusal is counted
//! and given up.

use super::client::{Descriptors, Game, Socket, pick_move, source, websocket};
use super::helpers::{Helpers, Share};
use super::kit::{Opts, Report, Stop, Tally, Target, Watch};
use futures_util::StreamExt;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;
use tokio::task::JoinSet;

/// Sockets opened in all by default.
pub const DEFAULT_COUNT: usize = 20_000;

/// The default pause between two moves of the watched game.
const EVERY: Duration = Duration::from_secs(1);

/// Handshakes under way at once.
const OPENING_AT_ONCE: usize = 128;

/// Runs the attack (see the module's comment).
pub async fn run(target: Target, opts: &Opts) -> Result<Report, String> {
    let owner = Some(source(0, opts.addresses));
    let (game, state) = Game::seated(target.addr, owner).await?;
    let share = Share {
        attack: "websockets".to_string(),
        addr: target.addr,
        path: format!("/api/games/{}/ws", game.id),
        first: 0,
        count: opts.count.unwrap_or(DEFAULT_COUNT),
        addresses: opts.addresses,
    };
    let room = Descriptors::reserve(share.count);
    let watch = Watch::start(target, opts).await;
    let tally = Tally::new();
    let mut notes = Vec::new();
    let (here, helpers) = Helpers::spread(&share, opts, &room, &mut notes);
    let ((), moves) = tokio::join!(
        hold(&here, &tally, watch.stop()),
        play_on(target.addr, owner, &game, state, opts, watch.stop()),
    );
    helpers.finish(&tally).await;
    notes.push(format!(
        "moves of the watched game during the attack: {moves}"
    ));
    Ok(watch.finish("websockets", &tally, notes).await)
}

/// Holds the spectator sockets of `share` until `stop`.
pub async fn hold(share: &Share, tally: &Arc<Tally>, stop: Stop) {
    let gate = Arc::new(Semaphore::new(OPENING_AT_ONCE));
    let mut sockets = JoinSet::new();
    for i in share.first..share.first + share.count {
        sockets.spawn(spectate(
            source(i, share.addresses),
            share.addr,
            share.path.clone(),
            Arc::clone(&gate),
            Arc::clone(tally),
            stop.clone(),
        ));
    }
    while sockets.join_next().await.is_some() {}
}

/// One spectator socket from `from`: opened, then read until the server closes it or
/// `stop`.
async fn spectate(
    from: IpAddr,
    addr: SocketAddr,
    path: String,
    gate: Arc<Semaphore>,
    tally: Arc<Tally>,
    stop: Stop,
) {
    let opened = {
        let Ok(_turn) = gate.acquire().await else {
            return;
        };
        if stop.is_set() {
            return;
        }
        websocket(from, addr, &path, &[]).await
    };
    match opened {
        Ok(socket) => {
            tally.add("accepted");
            let _open = tally.open();
            let (pushes, closed) = read_until_stop(socket, &stop).await;
            tally.add_n("pushes received", pushes);
            tally.add(if closed {
                "closed by the server"
            } else {
                "held to the end"
            });
        }
        Err(refused) => tally.add(refused.name()),
    }
}

/// Reads `socket` until the server closes it (`true`) or `stop` (`false`); the messages
/// read.
async fn read_until_stop(mut socket: Socket, stop: &Stop) -> (usize, bool) {
    let mut read = 0;
    loop {
        tokio::select! {
            message = socket.next() => match message {
                Some(Ok(_)) => read += 1,
                _ => return (read, true),
            },
            () = stop.wait() => return (read, false),
        }
    }
}

/// Plays the watched game on, a move every `opts.every` ([`EVERY`]) until `stop`; the
/// moves made.
async fn play_on(
    addr: SocketAddr,
    from: Option<IpAddr>,
    game: &Game,
    mut state: serde_json::Value,
    opts: &Opts,
    stop: Stop,
) -> usize {
    let mut ply = 0;
    while !stop.is_set() {
        tokio::select! {
            () = tokio::time::sleep(opts.every.unwrap_or(EVERY)) => {}
            () = stop.wait() => break,
        }
        let Some(usi) = pick_move(&state, ply) else {
            break;
        };
        match game.play(addr, from, ply, &usi).await {
            Ok(next) => state = next,
            Err(_) => break,
        }
        ply += 1;
    }
    ply
}
