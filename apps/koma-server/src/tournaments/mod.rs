//! Tournaments run by the server: Swiss, McMahon, knockout, round robin and arena, online (the
//! server starts each round's games and takes their results) or over the board (the
//! director enters the results). Pairing and standings are koma_tournament's; here the
//! tournaments are stored, changed by their directors and players, and shown.

mod arena;
mod arena_berserk;
mod arena_log;
mod arena_rules;
mod arena_view;
pub(crate) mod directing;
pub(crate) mod entries;
pub(crate) mod export;
pub(crate) mod feed;
mod games;
mod knockout_match;
pub(crate) mod model;
pub mod online;
mod pairing;
mod pairing_swiss;
mod refusal;
pub(crate) mod service;
pub mod settings;
pub(crate) mod view;

pub use refusal::Refusal;
pub use service::Tournaments;

/// The 棋戦 of the game `game` for its record (the tournament's name and round), if a
/// tournament started it.
pub(crate) fn event_of_game(
    store: &dyn koma_store::Store,
    game: &koma_store::GameId,
) -> Result<Option<String>, koma_store::StoreError> {
    let Some(id) = store.tournament_of_game(game)? else {
        return Ok(None);
    };
    let Some(row) = store.tournament(&id)? else {
        return Ok(None);
    };
    let t: model::Tournament = serde_json::from_str(&row.body)
        .map_err(|e| koma_store::Damage::json("tournament", &id, e))?;
    Ok(Some(t.event_of(game)))
}
