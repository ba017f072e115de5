//! `origin`: a page of another origin (another port of the same host, or another site)
//! rides a logged-in victim's cookie: it opens the lobby socket (which tells the player
//! the seat token of a game the lobby pairs him in) and the account's event stream, one
//! try per source address. Then the victim's seek is accepted: does the foreign page
//! receive the victim's seat token, and can it move with it? What opened stays open until
//! the attack's time is up.

use super::client::{Account, Auth, Socket, call, call_raw, expect, source, websocket};
use super::http::LineStream;
use super::kit::{Opts, Report, Tally, Target, Watch};
use futures_util::StreamExt;
use serde_json::{Value, json};
use std::net::IpAddr;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// How long a socket is read for the `paired` message.
const PAIRED_WAIT: Duration = Duration::from_secs(3);

/// Runs the attack (see the module's comment).
pub async fn run(target: Target, opts: &Opts) -> Result<Report, String> {
    let addr = target.addr;
    let here = Some(source(0, opts.addresses));
    let victim = Account::sign_up(addr, here, "Victim").await?;
    let taker = Account::sign_up(addr, here, "Taker").await?;
    let login = json!({"username": victim.name, "password": victim.password});
    let logged = call_raw(
        None,
        addr,
        "POST",
        "/api/login",
        &Auth::None,
        Some(("application/json", login.to_string())),
    )
    .await?;
    let cookie = logged
        .cookie
        .ok_or_else(|| format!("logging in: {} {}", logged.status, logged.body))?;
    let own = format!("http://{addr}");
    let page = Auth::Page {
        cookie: cookie.clone(),
        origin: own.clone(),
    };
    let local = IpAddr::from([127, 0, 0, 1]);
    let mut victims_page = websocket(local, addr, "/api/lobby/ws", &headers(&cookie, &own))
        .await
        .map_err(|e| format!("the victim's own lobby socket: {}", e.name()))?;

    let watch = Watch::start(target, opts).await;
    let tally = Tally::new();
    let origins = [
        format!("http://127.0.0.1:{}", addr.port() + 1),
        "https://evil.example".to_string(),
    ];
    let mut foreign: Vec<Socket> = Vec::new();
    for i in 0..usize::from(opts.addresses) {
        let origin = &origins[i % 2];
        match websocket(
            source(i, opts.addresses),
            addr,
            "/api/lobby/ws",
            &headers(&cookie, origin),
        )
        .await
        {
            Ok(socket) => {
                tally.add("lobby socket from another origin: accepted");
                foreign.push(socket);
            }
            Err(refused) => tally.add(format!(
                "lobby socket from another origin: {}",
                refused.name()
            )),
        }
    }
    let stream = LineStream::open_from(
        here,
        addr,
        "/api/stream/event",
        &headers(&cookie, &origins[0]),
    )
    .await;
    tally.add(match &stream {
        Ok(_) => "event stream from another origin: opened".to_string(),
        Err(e) => format!(
            "event stream from another origin: refused {}",
            e.status
                .map_or("(no answer)".to_string(), |s| s.to_string())
        ),
    });

    // The victim seeks a game from the own page; another account takes it.
    let seek = json!({"time_control": "10m+30s", "rated": false, "side": "sente"});
    let posted = call(None, addr, "POST", "/api/lobby/seeks", &page, Some(&seek)).await;
    let posted = expect("the victim's seek", posted, 201)?;
    let id = posted["id"].as_str().ok_or("a seek without id")?;
    let path = format!("/api/lobby/seeks/{id}/accept");
    expect(
        "taking the victim's seek",
        call(here, addr, "POST", &path, &taker.bearer(), None).await,
        201,
    )?;
    let mut readers = tokio::task::JoinSet::new();
    for mut socket in foreign {
        readers.spawn(async move { paired(&mut socket).await });
    }
    let own_paired = paired(&mut victims_page).await;
    let mut notes = vec![format!(
        "the victim's own page got its seat token: {}",
        if own_paired.is_some() { "yes" } else { "no" }
    )];
    let mut stolen = None;
    while let Some(read) = readers.join_next().await {
        if let Ok(Some(message)) = read {
            tally.add("pages of another origin that received the victim's seat token");
            stolen.get_or_insert(message);
        }
    }
    if let Some(message) = stolen {
        let game = message["game"].as_str().unwrap_or("");
        let body = json!({"token": message["token"], "usi": "7g7f"});
        let moved = call(
            here,
            addr,
            "POST",
            &format!("/api/games/{game}/move"),
            &Auth::None,
            Some(&body),
        )
        .await;
        notes.push(format!(
            "a move with the stolen token: {}",
            moved.map_or_else(|e| e, |(status, _)| status.to_string())
        ));
    }
    // The foreign pages stay open until the attack's time is up.
    watch.stop().wait().await;
    drop((stream, victims_page));
    Ok(watch.finish("origin", &tally, notes).await)
}

/// The cookie and an `Origin` header.
fn headers<'a>(cookie: &'a str, origin: &'a str) -> [(&'a str, &'a str); 2] {
    [("Cookie", cookie), ("Origin", origin)]
}

/// The `paired` message of a lobby socket, if one comes within [`PAIRED_WAIT`].
async fn paired(socket: &mut Socket) -> Option<Value> {
    let wait = async {
        while let Some(Ok(message)) = socket.next().await {
            if let Message::Text(text) = message
                && let Ok(json) = serde_json::from_str::<Value>(text.as_str())
                && json["type"] == "paired"
            {
                return Some(json);
            }
        }
        None
    };
    tokio::time::timeout(PAIRED_WAIT, wait).await.ok().flatten()
}
