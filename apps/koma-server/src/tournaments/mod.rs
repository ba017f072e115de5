//! Tournaments run by the server: Swiss, McMahon, knockout, round robin and arena, online (the
//! server starts each round's games and takes their results) or over the board (the
//! director enters the results). Pairing and standings are koma_tournament's; here the
//! tournaments are stored, changed by their directors and players, and shown.

mod arena;
mod arena_berserk;
mod arena_log;
mod arena_rules;
mod arena_view;
mod directing;
mod entries;
mod export;
mod feed;
mod games;
mod knockout_match;
mod model;
pub mod online;
mod pairing;
mod pairing_swiss;
mod refusal;
pub mod routes;
mod service;
pub mod settings;
pub mod store;
mod view;

pub use refusal::Refusal;
pub use service::Tournaments;
