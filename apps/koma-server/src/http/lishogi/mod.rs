//! lishogi's public API for bots and board clients, with lishogi's paths, form fields and
//! ND-JSON shapes, so that a program written for lishogi plays on koma by changing the
//! base URL: the account's event stream, challenges, and the board and bot game API.
//! Authenticated as the account (an API token, `Authorization: Bearer`); bodies are forms
//! (`application/x-www-form-urlencoded`), as lishogi takes them. The routes and streams
//! are here; what they do is the services' (`crate::lishogi`). See docs/serve.md.

pub mod board;
pub mod seek;
pub mod stream;

use crate::accounts::Player;
use crate::error::ApiError;
use crate::http::api::AppState;
use crate::http::limits::{RateClass, limited};
use crate::lishogi::challenges::ChallengeForm;
use axum::extract::DefaultBodyLimit;
use axum::extract::rejection::FormRejection;
use axum::extract::{Form, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use koma_store::ChallengeId;
use serde::Deserialize;
use serde_json::json;

/// A refusal in lishogi's words where lishogi has them (`No such game`, `Not your game`,
/// 400 for a move, a claim or a berserk refused), else koma's error; the body is JSON with
/// `error`.
pub struct Refusal(pub ApiError);

impl From<ApiError> for Refusal {
    fn from(e: ApiError) -> Refusal {
        Refusal(e)
    }
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        use ApiError as E;
        let said = |status: StatusCode, text: &str| {
            let body = json!({"error": text, "code": self.0.code()});
            (status, Json(body)).into_response()
        };
        match &self.0 {
            E::NotFound { what: "game", .. } => said(StatusCode::NOT_FOUND, "No such game"),
            E::NoSeat { .. } => said(StatusCode::NOT_FOUND, "Not your game"),
            E::NotYourTurn { .. }
            | E::DeclareOutOfTurn
            | E::GameOver(_)
            | E::NotStarted
            | E::NoOffer(_)
            | E::NothingToTakeBack
            | E::TakebackInRatedGame
            | E::Refused(_)
            | E::CannotClaim(_)
            | E::NotArenaGame { .. }
            | E::Tournament(_)
            | E::Seat(_) => said(StatusCode::BAD_REQUEST, &self.0.to_string()),
            _ => self.0.into_response(),
        }
    }
}

/// The routes of lishogi's API, merged into the API's router.
pub fn routes(state: &AppState) -> Router<AppState> {
    let limit = |class, route| limited(&state.limiter, class, route);
    Router::new()
        .route("/api/stream/event", get(stream::events))
        .route("/api/account/playing", get(stream::playing))
        .route(
            "/api/challenge/{username}",
            limit(RateClass::Games, post(challenge)),
        )
        .route("/api/challenge", get(list_challenges))
        .route("/api/challenge/{id}/accept", post(accept))
        .route("/api/challenge/{id}/decline", post(decline))
        .route("/api/challenge/{id}/cancel", post(cancel))
        .route("/api/bot/account/upgrade", post(upgrade))
        .route("/api/board/seek", limit(RateClass::Games, post(seek::seek)))
        .merge(board::routes())
        // Forms are held to the API's body limit, as JSON bodies are (axum's default: 2 MB).
        .layer(DefaultBodyLimit::max(state.limiter.limits().body_bytes))
}

/// A form body; a 413 if it is larger than `limit` bytes (the API's body limit), else a 400
/// naming what is wrong with it.
pub(crate) fn form<T>(form: Result<Form<T>, FormRejection>, limit: usize) -> Result<T, ApiError> {
    form.map(|Form(t)| t).map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::BodyTooLarge { limit }
        } else {
            ApiError::BadParameter {
                name: "form",
                message: e.body_text(),
            }
        }
    })
}

/// `{"ok": true}`.
pub(crate) fn ok() -> Response {
    Json(json!({"ok": true})).into_response()
}

async fn challenge(
    State(s): State<AppState>,
    Path(username): Path<String>,
    me: Player,
    client: crate::http::limits::Client,
    body: Result<Form<ChallengeForm>, FormRejection>,
) -> Result<Response, Refusal> {
    let request = form(body, s.limiter.limits().body_bytes)?;
    // The stream's place first: a challenge is not made for a stream that cannot open.
    let permit = match request.keep_alive {
        Some(true) => Some(s.connections.open_stream(&client.holder(Some(&me.id)))?),
        _ => None,
    };
    let dest = match s.accounts.user(&username).await? {
        Some(u) if u.deleted_ms.is_none() => (u.id, u.username, u.bot),
        _ => return Err(ApiError::no_such("user", &username).into()),
    };
    let challenge = s.hub.challenge(&me, dest, &request).await?;
    let answer = challenge.json("created", Some("out"));
    if let Some(permit) = permit {
        return Ok(stream::keep_challenge(&s, permit, challenge, answer));
    }
    Ok(Json(answer).into_response())
}

/// `GET /api/challenge`: the account's open challenges, `{"in": [...], "out": [...]}` as
/// lishogi lists them (each as the event stream's `challenge`).
async fn list_challenges(State(s): State<AppState>, me: Player) -> Result<Response, Refusal> {
    let (mut incoming, mut outgoing) = (Vec::new(), Vec::new());
    for c in s.hub.challenges_of(&me.id).await? {
        if c["direction"] == "in" {
            incoming.push(c);
        } else {
            outgoing.push(c);
        }
    }
    Ok(Json(json!({ "in": incoming, "out": outgoing })).into_response())
}

async fn accept(
    State(s): State<AppState>,
    Path(id): Path<ChallengeId>,
    me: Player,
) -> Result<Response, Refusal> {
    s.hub.accept_challenge(&id, &me).await?;
    Ok(ok())
}

#[derive(Default, Deserialize)]
struct DeclineForm {
    reason: Option<String>,
}

async fn decline(
    State(s): State<AppState>,
    Path(id): Path<ChallengeId>,
    me: Player,
    body: Result<Form<DeclineForm>, FormRejection>,
) -> Result<Response, Refusal> {
    // The reason is optional, and so is the body.
    let reason = body.ok().and_then(|Form(f)| f.reason);
    let reason = reason.as_deref().unwrap_or("generic");
    s.hub.decline_challenge(&id, &me, reason).await?;
    Ok(ok())
}

async fn cancel(
    State(s): State<AppState>,
    Path(id): Path<ChallengeId>,
    me: Player,
) -> Result<Response, Refusal> {
    s.hub.cancel_challenge(&id, &me).await?;
    Ok(ok())
}

async fn upgrade(State(s): State<AppState>, me: Player) -> Result<Response, Refusal> {
    if me.bot {
        return Ok(ok());
    }
    s.accounts.make_bot(&me.id).await?;
    Ok(ok())
}
