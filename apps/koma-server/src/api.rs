//! The HTTP API: routes and request bodies (the page's own routes are in `assets`).

use crate::accounts::{self, Accounts};
use crate::assets;
use crate::error::ApiError;
use crate::games::CreateRequest;
use crate::hub::Hub;
use crate::offers::Offer;
use crate::records::{self, ReadRequest, WriteRequest};
use crate::review::{ReviewRequest, Reviews};
use crate::view::OutcomeView;
use crate::ws;
use axum::Json;
use axum::Router;
use axum::body::Bytes;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use std::sync::Arc;
use tokio::sync::watch;

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    /// The games.
    pub hub: Arc<Hub>,
    /// The reviews.
    pub reviews: Arc<Reviews>,
    /// Flips to true when the server stops (WebSockets close).
    pub shutdown: watch::Receiver<bool>,
    /// The accounts, their sessions and tokens.
    pub accounts: Arc<Accounts>,
}

/// The routes of `koma serve`.
pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/api/games", get(list).post(create))
        .route("/api/games/{id}", get(game))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/move", post(play))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/declare", post(declare))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/ws", get(socket))
        .route("/api/games/{id}/rematch", post(rematch))
        .route("/api/games/{id}/draw", post(draw))
        .route("/api/games/{id}/takeback", post(takeback))
        .route("/api/games/{id}/chat", post(chat))
        .route("/api/records/read", post(read_record))
        .route("/api/records/write", post(write_record))
        .route("/api/reviews", post(review))
        .route("/api/reviews/{id}", get(review_state))
        .merge(accounts::routes::routes())
        .merge(crate::ratings::routes())
        .merge(assets::routes())
        .with_state(state)
}

/// A JSON body read by hand, so that any malformed body gets a 400 naming the problem.
pub(crate) fn body<T: DeserializeOwned>(bytes: &Bytes) -> Result<T, ApiError> {
    serde_json::from_slice(bytes).map_err(|source| ApiError::Malformed {
        what: "request",
        source,
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinBody {
    invite: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveBody {
    token: String,
    /// The move in USI.
    usi: Option<String>,
    /// The move in any notation koma reads.
    text: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OfferBody {
    token: String,
    /// Offer or accept (true); decline or withdraw (false).
    yes: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChatBody {
    /// A seat's token: the players' room; none: the spectators'.
    token: Option<String>,
    text: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TokenBody {
    token: String,
}

#[derive(Deserialize)]
struct RecordQuery {
    format: Option<String>,
}

#[derive(Deserialize)]
struct SocketQuery {
    token: Option<String>,
}

async fn list(State(s): State<AppState>) -> Result<Response, ApiError> {
    let games: Vec<serde_json::Value> = s
        .hub
        .list()
        .await?
        .into_iter()
        .map(|g| {
            serde_json::json!({
                "id": g.id,
                "variant": g.setup.variant,
                "rules": g.setup.rules,
                "time_control": g.setup.time_control,
                "created_ms": g.created_ms,
                "started": g.started,
                "plies": g.plies,
                "result": g.result,
                "outcome": g.result.as_deref().and_then(OutcomeView::parse),
            })
        })
        .collect();
    Ok(Json(games).into_response())
}

async fn create(
    State(s): State<AppState>,
    player: Option<accounts::auth::Player>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let request: CreateRequest = if bytes.iter().all(u8::is_ascii_whitespace) {
        CreateRequest::default()
    } else {
        body(&bytes)?
    };
    let created = s.hub.create(request, player).await?;
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

async fn game(State(s): State<AppState>, Path(id): Path<String>) -> Result<Response, ApiError> {
    Ok(Json(s.hub.state(&id).await?).into_response())
}

async fn join(
    State(s): State<AppState>,
    Path(id): Path<String>,
    player: Option<accounts::auth::Player>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let request: JoinBody = body(&bytes)?;
    Ok(Json(s.hub.join(&id, &request.invite, player).await?).into_response())
}

async fn play(
    State(s): State<AppState>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let request: MoveBody = body(&bytes)?;
    let token = &request.token;
    let view = match (&request.usi, &request.text) {
        (Some(usi), None) => s.hub.play(&id, token, usi).await?,
        (None, Some(text)) => s.hub.play_text(&id, token, text).await?,
        _ => return Err(ApiError::MoveFields),
    };
    Ok(Json(view).into_response())
}

async fn draw(
    State(s): State<AppState>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let request: OfferBody = body(&bytes)?;
    let view = s.hub.offer(&id, &request.token, Offer::Draw, request.yes);
    Ok(Json(view.await?).into_response())
}

async fn takeback(
    State(s): State<AppState>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let request: OfferBody = body(&bytes)?;
    let view = s
        .hub
        .offer(&id, &request.token, Offer::Takeback, request.yes);
    Ok(Json(view.await?).into_response())
}

async fn chat(
    State(s): State<AppState>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let request: ChatBody = body(&bytes)?;
    let token = request.token.as_deref().filter(|t| !t.is_empty());
    Ok(Json(s.hub.chat(&id, token, &request.text).await?).into_response())
}

async fn resign(
    State(s): State<AppState>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let request: TokenBody = body(&bytes)?;
    Ok(Json(s.hub.resign(&id, &request.token).await?).into_response())
}

async fn declare(
    State(s): State<AppState>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let request: TokenBody = body(&bytes)?;
    Ok(Json(s.hub.declare(&id, &request.token).await?).into_response())
}

async fn rematch(
    State(s): State<AppState>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let request: TokenBody = body(&bytes)?;
    let (answer, created) = s.hub.rematch(&id, &request.token).await?;
    let status = if created {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok((status, Json(answer)).into_response())
}

/// Runs CPU work on a record off the async threads.
pub(crate) async fn off_thread<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| ApiError::internal(format!("the task failed: {e}")))?
}

async fn read_record(bytes: Bytes) -> Result<Response, ApiError> {
    let request: ReadRequest = body(&bytes)?;
    let answer = off_thread(move || records::read(&request)).await?;
    Ok(Json(answer).into_response())
}

async fn write_record(bytes: Bytes) -> Result<Response, ApiError> {
    let request: WriteRequest = body(&bytes)?;
    let text = off_thread(move || records::write(&request)).await?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}

async fn review(State(s): State<AppState>, bytes: Bytes) -> Result<Response, ApiError> {
    let request: ReviewRequest = body(&bytes)?;
    let reviews = Arc::clone(&s.reviews);
    let id = off_thread(move || reviews.submit(request)).await?;
    Ok((StatusCode::ACCEPTED, Json(serde_json::json!({ "id": id }))).into_response())
}

async fn review_state(
    State(s): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    Ok(Json(s.reviews.get(&id)?).into_response())
}

async fn record(
    State(s): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<RecordQuery>,
) -> Result<Response, ApiError> {
    let format = query.format.unwrap_or_else(|| "kif".to_string());
    let text = s.hub.record(&id, &format).await?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}

async fn socket(
    State(s): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<SocketQuery>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let token = query.token.filter(|t| !t.is_empty());
    // Refused before the upgrade: an unknown game (404) or a token that holds no seat (403).
    let (seat, updates) = s.hub.subscribe(&id, token.as_deref()).await?;
    let connection = ws::Connection {
        id,
        token,
        seat,
        updates,
    };
    let hub = Arc::clone(&s.hub);
    let shutdown = s.shutdown.clone();
    // Messages are small JSON: a 16 KiB read buffer instead of the default 128 KiB, which
    // is cleared before every read and cost a fifth of the CPU under load.
    Ok(upgrade
        .read_buffer_size(16 * 1024)
        .on_upgrade(move |socket| ws::run(socket, hub, connection, shutdown)))
}
