//! The HTTP layer: how the services' answers and refusals go out over HTTP. (Issue 57: the
//! routes, extractors, WebSocket and stream plumbing move here; see docs/architecture.md.)

pub mod error;
pub mod profiles;
pub mod ratings;
