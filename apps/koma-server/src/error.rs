//! Errors: the API's answers to a refused request, and the server's own failures.

use crate::store::StoreError;
use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

/// A refused request: the HTTP status and a message naming the problem. The WebSocket sends
/// the same status and message in an `error` message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What went wrong, in words for the player.
    pub message: String,
}

impl ApiError {
    /// A malformed or impossible request (400).
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// A request for a seat without its token (403).
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, message)
    }

    /// An unknown game (404).
    pub fn not_found(id: &str) -> ApiError {
        ApiError::no_such("game", id)
    }

    /// An unknown `kind` of thing (a game, a review) called `id` (404).
    pub fn no_such(kind: &str, id: &str) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, format!("no {kind} '{id}'"))
    }

    /// The server cannot take the request now; the client may try later (503).
    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message)
    }

    /// A request the game's state does not allow now (409): over, not started, seat taken.
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, message)
    }

    /// The server failed (500); the message says where.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }

    fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }

    /// The error as the JSON body both HTTP and WebSocket send.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({ "error": self.message, "status": self.status.as_u16() })
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        ApiError::internal(format!("storage failed: {e}"))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(self.to_json())).into_response()
    }
}

/// Why the server could not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The address could not be bound or the connection loop failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The store could not be opened or read.
    #[error("{0}")]
    Store(#[from] StoreError),
}
