//! `POST /api/analysis`: the engine's lines on a position (see [`crate::analysis`]).

use crate::accounts::Player;
use crate::analysis::{AnalysisRequest, Client};
use crate::error::ApiError;
use crate::http::api::{AppState, body};
use crate::http::body::JsonBody;
use axum::Json;
use axum::extract::State;
use axum::http::{Extensions, HeaderMap};
use axum::response::{IntoResponse, Response};

/// The lines asked for: the client is its account when logged in, and its address. The
/// search stops if the request goes before it answers (the handler is dropped).
pub async fn analyse(
    State(s): State<AppState>,
    player: Option<Player>,
    extensions: Extensions,
    headers: HeaderMap,
    json: JsonBody,
) -> Result<Response, ApiError> {
    let request: AnalysisRequest = body(&json.bytes)?;
    let mut clients: Vec<Client> = player.map(|p| Client::Account(p.id)).into_iter().collect();
    clients.extend(s.limiter.client(&extensions, &headers).map(Client::address));
    let view = s.analyses.analyse(&request, clients).await?;
    Ok(Json(view).into_response())
}
