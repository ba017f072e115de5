//! `logins`: strangers guess the owner's password as fast as the server answers, one loop
//! per source address (`--count` loops in all), while the owner logs in with the right one
//! from 127.0.0.1 every `--every-ms` (5 s): how many of the owner's logins succeed.

use super::client::{Account, Auth, call, random_text, said, source};
use super::kit::{Opts, Report, Stop, Tally, Target, Watch};
use serde_json::json;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;
use tokio::task::JoinSet;

/// The default pause between two of the owner's logins.
const EVERY: Duration = Duration::from_secs(5);

/// Runs the attack (see the module's comment).
pub async fn run(target: Target, opts: &Opts) -> Result<Report, String> {
    let owner = Account::sign_up(target.addr, None, "Owner").await?;
    let watch = Watch::start(target, opts).await;
    let tally = Tally::new();
    let mut strangers = JoinSet::new();
    for i in 0..opts.count.unwrap_or(usize::from(opts.addresses)) {
        strangers.spawn(guess(
            source(i, opts.addresses),
            target.addr,
            owner.name.clone(),
            Arc::clone(&tally),
            watch.stop(),
        ));
    }
    let stop = watch.stop();
    let (mut tries, mut logged_in) = (0, 0);
    while !stop.is_set() {
        let login = json!({"username": owner.name, "password": owner.password});
        let answer = call(
            None,
            target.addr,
            "POST",
            "/api/login",
            &Auth::None,
            Some(&login),
        )
        .await;
        tries += 1;
        if matches!(answer, Ok((200, _))) {
            logged_in += 1;
        }
        tally.add(format!("the owner's logins: {}", said(&answer)));
        tokio::select! {
            () = tokio::time::sleep(opts.every.unwrap_or(EVERY)) => {}
            () = stop.wait() => {}
        }
    }
    while strangers.join_next().await.is_some() {}
    let notes = vec![format!("the owner logged in {logged_in} of {tries} times")];
    Ok(watch.finish("logins", &tally, notes).await)
}

/// A stranger from `from` guessing `name`'s password until `stop`.
async fn guess(from: IpAddr, addr: SocketAddr, name: String, tally: Arc<Tally>, stop: Stop) {
    while !stop.is_set() {
        let Ok(password) = random_text(12) else {
            return;
        };
        let login = json!({"username": name, "password": password});
        let answer = call(
            Some(from),
            addr,
            "POST",
            "/api/login",
            &Auth::None,
            Some(&login),
        )
        .await;
        tally.add(format!("guesses answered {}", said(&answer)));
    }
}
