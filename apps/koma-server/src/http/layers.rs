//! What wraps every answer: the request log, the security headers and the limit on all
//! requests per client.

use crate::http::limits::{Limiter, RateClass, limit};
use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderName, HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;
use std::sync::Arc;
use std::time::Duration;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutBody;
use tower_http::trace::TraceLayer;
use tracing::Span;

/// The page's Content-Security-Policy: its script, style and images come from the server
/// itself (the script is a module file, no inline code; the icon is a `data:` URL), it
/// talks only to the server (`'self'` covers its WebSocket), and no other site may frame
/// it. Styles set from the script through the DOM are not inline styles and stay allowed.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; img-src 'self' data:; \
    object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The headers every answer carries, and their values.
pub const SECURITY_HEADERS: [(HeaderName, &str); 4] = [
    (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
    (header::X_FRAME_OPTIONS, "DENY"),
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::REFERRER_POLICY, "same-origin"),
];

/// `router` with every request limited per client ([`RateClass::Requests`]), every body
/// given [`crate::Limits::body_timeout`] between its pieces, every answer (refusals too)
/// given the [`SECURITY_HEADERS`], and every request logged.
pub fn wrap(router: Router, limiter: &Arc<Limiter>) -> Router {
    let mut router = router
        .layer(axum::middleware::from_fn_with_state(
            limiter.limits().body_timeout,
            body_deadline,
        ))
        .layer(axum::middleware::from_fn_with_state(
            (Arc::clone(limiter), RateClass::Requests),
            limit,
        ));
    for (name, value) in SECURITY_HEADERS {
        router = router.layer(SetResponseHeaderLayer::overriding(
            name,
            HeaderValue::from_static(value),
        ));
    }
    router.layer(
        TraceLayer::new_for_http()
            .make_span_with(request_span)
            .on_request(())
            .on_response(log_answer),
    )
}

/// Gives the request's body `pause`, the longest wait for each next piece of it (tower-http's
/// body timeout): a client that stops sending a body it announced does not hold its
/// connection and its handler for ever. A JSON body also has a total deadline (`body.rs`).
async fn body_deadline(State(pause): State<Duration>, request: Request, next: Next) -> Response {
    let request = request.map(|body| Body::new(TimeoutBody::new(pause, body)));
    next.run(request).await
}

/// The log's span of a request: its method and path, never its query (a WebSocket's
/// `?token=` is a seat token) nor its headers or body.
fn request_span(request: &Request) -> Span {
    tracing::info_span!(
        "request",
        method = %request.method(),
        path = %request.uri().path(),
    )
}

/// One line per answer: its status and how long it took.
fn log_answer(response: &Response, latency: Duration, _span: &Span) {
    tracing::info!(
        status = response.status().as_u16(),
        latency_ms = format_args!("{:.1}", latency.as_secs_f64() * 1000.0),
        "answered"
    );
}
