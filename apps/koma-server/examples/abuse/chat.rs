//! `chat`: spectators' chat lines on one game, as fast as the server answers, one loop per
//! source address (`--count` loops in all); meanwhile a bystander on 127.0.0.1 says a line
//! four times, to see whether the flood silences the room.

use super::client::{Auth, Game, call, said, source};
use super::kit::{Opts, Report, Stop, Tally, Target, Watch};
use serde_json::json;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use tokio::task::JoinSet;

/// Runs the attack (see the module's comment).
pub async fn run(target: Target, opts: &Opts) -> Result<Report, String> {
    let (game, _) = Game::seated(target.addr, Some(source(0, opts.addresses))).await?;
    let path = format!("/api/games/{}/chat", game.id);
    let watch = Watch::start(target, opts).await;
    let tally = Tally::new();
    let mut loops = JoinSet::new();
    for i in 0..opts.count.unwrap_or(usize::from(opts.addresses)) {
        loops.spawn(spam(
            Some(source(i, opts.addresses)),
            target.addr,
            path.clone(),
            Arc::clone(&tally),
            watch.stop(),
        ));
    }
    let stop = watch.stop();
    for _ in 0..4 {
        tokio::select! {
            () = tokio::time::sleep(opts.seconds / 4) => {}
            () = stop.wait() => {}
        }
        let line = json!({"text": "good move!"});
        let answer = call(None, target.addr, "POST", &path, &Auth::None, Some(&line)).await;
        tally.add(format!("the bystander's line: {}", said(&answer)));
    }
    while loops.join_next().await.is_some() {}
    Ok(watch.finish("chat", &tally, Vec::new()).await)
}

/// Chat lines from `from` as fast as answered, until `stop`.
async fn spam(from: Option<IpAddr>, addr: SocketAddr, path: String, tally: Arc<Tally>, stop: Stop) {
    let mut n = 0;
    while !stop.is_set() {
        let line = json!({"text": format!("spam {n}")});
        let answer = call(from, addr, "POST", &path, &Auth::None, Some(&line)).await;
        tally.add(format!("lines answered {}", said(&answer)));
        n += 1;
    }
}
