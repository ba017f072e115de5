//! Request bodies: JSON only (declared as `application/json`) and no larger than the route
//! takes, refused otherwise with the API's JSON error.

use crate::error::ApiError;
use crate::http::api::AppState;
use crate::http::limits::Limits;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{HeaderMap, header};
use http_body_util::{BodyExt, LengthLimitError, Limited};
use std::marker::PhantomData;

/// How large a body a route takes, read from the [`Limits`].
pub trait BodySize {
    /// The limit in bytes.
    fn limit(limits: &Limits) -> usize;
}

/// The common size ([`Limits::body_bytes`]).
pub struct Small;

/// A record's size ([`Limits::record_body_bytes`]).
pub struct RecordSize;

impl BodySize for Small {
    fn limit(limits: &Limits) -> usize {
        limits.body_bytes
    }
}

impl BodySize for RecordSize {
    fn limit(limits: &Limits) -> usize {
        limits.record_body_bytes
    }
}

/// The bytes of a body sent as JSON, at most `S`'s limit: 415 for another Content-Type
/// (so a web page cannot post a form to the API: a form cannot send JSON's type without
/// the browser asking the server first), 413 when larger.
pub struct JsonBody<S = Small> {
    /// The body.
    pub bytes: Bytes,
    size: PhantomData<S>,
}

/// Whether the headers declare JSON (`application/json`, with parameters or not).
fn declares_json(headers: &HeaderMap) -> Result<(), ApiError> {
    let Some(value) = headers.get(header::CONTENT_TYPE) else {
        return Err(ApiError::NotJson { found: None });
    };
    let text = String::from_utf8_lossy(value.as_bytes());
    let media = text.split(';').next().unwrap_or("").trim();
    if media.eq_ignore_ascii_case("application/json") {
        Ok(())
    } else {
        Err(ApiError::NotJson {
            found: Some(text.chars().take(100).collect()),
        })
    }
}

impl<S: BodySize + Send> FromRequest<AppState> for JsonBody<S> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &AppState) -> Result<Self, ApiError> {
        declares_json(request.headers())?;
        let limit = S::limit(state.limiter.limits());
        let too_large = ApiError::BodyTooLarge { limit };
        let declared = request
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
        if declared.is_some_and(|n| n > limit as u64) {
            return Err(too_large);
        }
        let deadline = state.limiter.limits().body_timeout;
        let collected =
            tokio::time::timeout(deadline, Limited::new(request.into_body(), limit).collect());
        let bytes = collected
            .await
            .map_err(|_| ApiError::BodyTimeout {
                seconds: deadline.as_secs(),
            })?
            .map_err(|e| {
                if e.downcast_ref::<LengthLimitError>().is_some() {
                    too_large
                } else if stalled(e.as_ref()) {
                    ApiError::BodyTimeout {
                        seconds: deadline.as_secs(),
                    }
                } else {
                    ApiError::UnreadableBody(e.to_string())
                }
            })?
            .to_bytes();
        Ok(JsonBody {
            bytes,
            size: PhantomData,
        })
    }
}

/// A JSON body a route may go without (joining an event): a request that declares neither
/// a type nor a body (no `Content-Type`, no or a zero `Content-Length`, no
/// `Transfer-Encoding`) has an empty one; any other is a [`JsonBody`].
pub struct OptionalJsonBody {
    /// The body: empty when left out.
    pub bytes: Bytes,
}

impl FromRequest<AppState> for OptionalJsonBody {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &AppState) -> Result<Self, ApiError> {
        let headers = request.headers();
        let left_out = headers.get(header::CONTENT_TYPE).is_none()
            && headers.get(header::TRANSFER_ENCODING).is_none()
            && headers
                .get(header::CONTENT_LENGTH)
                .is_none_or(|v| v.as_bytes() == b"0");
        if left_out {
            return Ok(OptionalJsonBody {
                bytes: Bytes::new(),
            });
        }
        let body = JsonBody::<Small>::from_request(request, state).await?;
        Ok(OptionalJsonBody { bytes: body.bytes })
    }
}

/// Whether a body's error (or one it wraps) is the pause between its pieces running out.
fn stalled(e: &(dyn std::error::Error + 'static)) -> bool {
    let mut cause = Some(e);
    while let Some(e) = cause {
        if e.is::<tower_http::timeout::TimeoutError>() {
            return true;
        }
        cause = e.source();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_json_is_taken() {
        let with = |t: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::CONTENT_TYPE, t.parse().unwrap());
            declares_json(&headers)
        };
        assert!(with("application/json").is_ok());
        assert!(with("Application/JSON; charset=utf-8").is_ok());
        for other in [
            "application/x-www-form-urlencoded",
            "text/plain",
            "multipart/form-data; boundary=x",
            "application/jsonx",
        ] {
            let e = with(other).unwrap_err();
            assert_eq!((e.status().as_u16(), e.code()), (415, "not_json"));
            assert!(e.to_string().contains(other), "{e}");
        }
        let none = declares_json(&HeaderMap::new()).unwrap_err();
        assert_eq!(
            none.to_string(),
            "send the body as JSON with 'Content-Type: application/json'"
        );
    }
}
