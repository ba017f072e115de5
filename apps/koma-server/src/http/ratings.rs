//! The routes of ratings: a player's rating history (`GET /api/user/{name}/rating-history`).

use crate::error::ApiError;
use crate::http::api::AppState;
use crate::ratings::history_json;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};

/// The routes of ratings, merged into the API's router.
pub fn routes() -> Router<AppState> {
    Router::new().route("/api/user/{name}/rating-history", get(rating_history))
}

async fn rating_history(
    State(s): State<AppState>,
    Path(name): Path<String>,
) -> Result<Response, ApiError> {
    let user = s
        .accounts
        .user(&name)
        .await?
        .ok_or_else(|| ApiError::no_such("user", &name))?;
    let rows = s
        .hub
        .blocking(move |st| st.rating_history(&user.id))
        .await?;
    Ok(Json(history_json(&rows)).into_response())
}
