//! The HTTP layer: the application's state and router (`api`), each concern's routes, the
//! extractors that say who acts (`auth`), the listener and its layers, the rate limits and
//! connection counts, request bodies, the WebSockets and streams, the static assets and the
//! stateless endpoints (variants, board pictures, Chu shogi), and how the services' answers
//! and refusals go out over HTTP (`error`). lishogi's routes still sit with its API logic
//! (`lishogi/`); see docs/architecture.md.

pub mod accounts;
pub mod analysis;
pub mod api;
pub mod assets;
pub mod auth;
pub mod body;
pub mod chu;
pub mod connections;
pub mod error;
pub mod image;
pub mod layers;
pub mod limits;
pub mod lishogi;
pub mod listener;
pub mod lobby;
pub mod profiles;
pub mod ratings;
pub mod room;
pub mod sockets;
pub mod studies;
pub mod tournament_stream;
pub mod tournaments;
pub mod variants;
pub mod ws;
