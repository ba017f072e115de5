//! The HTTP layer: the application's state and router (`api`), the listener and its layers,
//! the rate limits and connection counts, request bodies, the WebSockets, the static assets
//! and the stateless endpoints (variants, board pictures, Chu shogi), and how the services'
//! answers and refusals go out over HTTP (`error`). Each concern's own routes still sit
//! beside its service (`lobby/routes.rs`, `accounts/routes.rs`, ...); see
//! docs/architecture.md.

pub mod api;
pub mod assets;
pub mod body;
pub mod chu;
pub mod connections;
pub mod error;
pub mod image;
pub mod layers;
pub mod limits;
pub mod listener;
pub mod profiles;
pub mod ratings;
pub mod sockets;
pub mod variants;
pub mod ws;
