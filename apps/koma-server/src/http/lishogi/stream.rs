//! ND-JSON streams (`application/x-ndjson`): one JSON object a line, an empty line every
//! [`KEEP_ALIVE`] so that clients and proxies know the stream lives. A stream is a task that
//! writes lines into a bounded channel the response body reads; it ends when the client
//! goes (the next write fails), when its subject ends, or when the server stops.

use crate::accounts::Player;
use crate::error::ApiError;
use crate::http::api::AppState;
use crate::http::connections::StreamPermit;
use crate::http::limits::Client;
use crate::lishogi::challenges::Challenge;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use koma_store::Page;
use koma_store::UserId;
use koma_store::profiles::PlayerQuery;
use serde_json::{Value, json};
use std::convert::Infallible;
use std::time::Duration;
use tokio::sync::{broadcast, mpsc, watch};

/// How often an idle stream sends an empty line.
pub const KEEP_ALIVE: Duration = Duration::from_secs(5);

/// The most games under way a new event stream announces (the newest).
const ONGOING_SHOWN: usize = 100;

/// How many lines may wait for a slow client.
const BUFFER: usize = 32;

/// The writing end of a stream.
pub struct Lines(mpsc::Sender<Bytes>);

impl Lines {
    /// Writes `value` as one line; `false` once the client is gone.
    pub async fn send(&self, value: &Value) -> bool {
        let mut line = value.to_string();
        line.push('\n');
        self.0.send(Bytes::from(line)).await.is_ok()
    }

    /// Writes an empty line; `false` once the client is gone.
    pub async fn keep_alive(&self) -> bool {
        self.0.send(Bytes::from_static(b"\n")).await.is_ok()
    }

    /// Completes once the response's body is dropped (the client is gone), without a write.
    pub async fn closed(&self) {
        self.0.closed().await;
    }
}

/// A response streaming what `task` writes; `task` runs until it returns, the client goes
/// or `shutdown` flips. The stream holds `permit`, its place among the open connections,
/// until then.
pub fn ndjson<F, Fut>(shutdown: watch::Receiver<bool>, permit: StreamPermit, task: F) -> Response
where
    F: FnOnce(Lines) -> Fut,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    let (tx, rx) = mpsc::channel::<Bytes>(BUFFER);
    let work = task(Lines(tx));
    let mut stop = shutdown;
    tokio::spawn(async move {
        let _permit = permit;
        tokio::select! {
            () = work => {}
            _ = stop.wait_for(|&s| s) => {}
        }
    });
    let body = futures_util::stream::unfold(rx, |mut rx| async move {
        rx.recv().await.map(|b| (Ok::<_, Infallible>(b), rx))
    });
    (
        [(header::CONTENT_TYPE, "application/x-ndjson")],
        Body::from_stream(body),
    )
        .into_response()
}

/// The games under way of `account` (the newest `limit`), as stored: another server may
/// hold them.
pub async fn ongoing(
    s: &AppState,
    account: &UserId,
    limit: usize,
) -> Result<Vec<crate::games::LiveGame>, ApiError> {
    let query = PlayerQuery {
        finished: false,
        waiting: false,
        ..PlayerQuery::all(account, Page { offset: 0, limit })
    };
    let stored = s
        .hub
        .blocking(move |st| st.player_games(&query))
        .await
        .map_err(ApiError::from)?;
    let mut games = Vec::with_capacity(stored.len());
    for stored in stored {
        let mut live = crate::games::rebuild(stored).map_err(ApiError::from)?;
        s.hub
            .refresh_players(&mut live)
            .await
            .map_err(ApiError::from)?;
        games.push(live);
    }
    Ok(games)
}

/// `GET /api/account/playing?nb=N`: the account's games under way (lishogi's
/// `nowPlaying`, the newest `nb`, 9 unless asked, at most [`ONGOING_SHOWN`]), each as the
/// event stream's `gameStart` describes it.
pub async fn playing(
    State(s): State<AppState>,
    me: Player,
    axum::extract::Query(query): axum::extract::Query<PlayingQuery>,
) -> Result<Response, super::Refusal> {
    let nb = query.nb.unwrap_or(9).clamp(1, ONGOING_SHOWN);
    let games: Vec<Value> = ongoing(&s, &me.id, nb)
        .await?
        .iter()
        .map(|live| crate::lishogi::json::game_event(live, &me.id, "gameStart")["game"].take())
        .collect();
    Ok(axum::Json(json!({ "nowPlaying": games })).into_response())
}

/// The query of [`playing`].
#[derive(serde::Deserialize)]
pub struct PlayingQuery {
    /// How many games (lishogi's `nb`).
    nb: Option<usize>,
}

/// `GET /api/stream/event`: the account's challenges and ongoing games, then every
/// `challenge`, `challengeDeclined`, `challengeCanceled`, `gameStart` and `gameFinish`.
pub async fn events(
    State(s): State<AppState>,
    me: Player,
    client: Client,
) -> Result<Response, super::Refusal> {
    let permit = s.connections.open_stream(&client.holder(Some(&me.id)))?;
    let mut events = s.hub.events().subscribe(&me.id)?;
    let mut first: Vec<Value> = Vec::new();
    for live in ongoing(&s, &me.id, ONGOING_SHOWN).await? {
        first.push(crate::lishogi::json::game_event(&live, &me.id, "gameStart"));
    }
    for c in s.hub.challenges_of(&me.id).await? {
        first.push(json!({"type": "challenge", "challenge": c}));
    }
    Ok(ndjson(
        s.shutdown.clone(),
        permit,
        move |lines| async move {
            for event in &first {
                if !lines.send(event).await {
                    return;
                }
            }
            let mut tick = tokio::time::interval(KEEP_ALIVE);
            loop {
                tokio::select! {
                    event = events.recv() => match event {
                        Ok(text) => {
                            let mut line = text.to_string();
                            line.push('\n');
                            if lines.0.send(Bytes::from(line)).await.is_err() {
                                return;
                            }
                        }
                        Err(broadcast::error::RecvError::Lagged(_)) => {}
                        Err(broadcast::error::RecvError::Closed) => return,
                    },
                    _ = tick.tick() => if !lines.keep_alive().await {
                        return;
                    },
                    // Gone: its place among the account's few streams is free now, not at
                    // the next keep-alive (a page that reloads opens the next one at once).
                    () = lines.closed() => return,
                }
            }
        },
    ))
}

/// The answer to a challenge made with `keepAliveStream`: the challenge, then empty lines
/// that keep it open, then `{"done": "accepted"|"declined"|"canceled"}` once answered. A
/// challenge whose stream closes lapses after the usual time.
pub fn keep_challenge(
    s: &AppState,
    permit: StreamPermit,
    challenge: Challenge,
    answer: Value,
) -> Response {
    let hub = std::sync::Arc::clone(&s.hub);
    let mut done = challenge.watch_done();
    let id = challenge.id.clone();
    let ttl = hub.settings().challenge_ttl;
    ndjson(s.shutdown.clone(), permit, move |lines| async move {
        if !lines.send(&answer).await {
            return;
        }
        let mut tick = tokio::time::interval(KEEP_ALIVE.min(ttl / 2));
        loop {
            tokio::select! {
                changed = done.changed() => {
                    let how = *done.borrow();
                    if let (Ok(()), Some(how)) = (changed, how) {
                        lines.send(&json!({"done": how})).await;
                    }
                    return;
                }
                _ = tick.tick() => {
                    if let Err(e) = hub.refresh_challenge(&id).await {
                        eprintln!("koma serve: challenge {id}: keeping it: {e}");
                    }
                    if !lines.keep_alive().await {
                        return;
                    }
                }
            }
        }
    })
}
