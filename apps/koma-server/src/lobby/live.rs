//! The games under way (`GET /api/games/live`) and the featured one: the top-rated live game
//! for the home page to follow.

use crate::hub::Hub;
use crate::players::PlayersView;
use koma_store::GameId;
use serde::Serialize;
use std::cmp::Reverse;

/// A game under way, as the live list shows it.
#[derive(Clone, Debug, Serialize)]
pub struct LiveView {
    /// The game's id (watch it on its WebSocket without a token).
    pub id: GameId,
    /// The variant's name.
    pub variant: &'static str,
    /// The time control (null: none).
    pub time_control: Option<String>,
    /// Whether it is rated.
    pub rated: bool,
    /// When it started (Unix milliseconds).
    pub started_ms: u64,
    /// The moves played.
    pub plies: usize,
    /// The position now.
    pub sfen: String,
    /// Whether the engine plays a seat.
    pub engine: bool,
    /// The seats' accounts with their ratings (null: a guest or the engine).
    pub players: PlayersView,
}

impl LiveView {
    /// What makes a game featured: rated first, then the players' ratings together (a
    /// guest or the engine counts nothing), then the newest.
    fn weight(&self) -> (bool, i64, u64) {
        let rating = |p: &Option<crate::players::PlayerView>| p.as_ref().map_or(0, |p| p.rating);
        let sum = rating(&self.players.sente) + rating(&self.players.gote);
        (self.rated, sum, self.started_ms)
    }
}

/// The most games the live list gives.
pub const MAX_LIVE: usize = 100;

/// Every game under way in memory (started, undecided), newest first.
pub async fn live_games(hub: &Hub) -> Vec<LiveView> {
    let mut out = Vec::new();
    for slot in hub.in_memory_games() {
        let live = slot.lock().await;
        let Some(started_ms) = live.started_ms else {
            continue;
        };
        if live.is_over() {
            continue;
        }
        out.push(LiveView {
            id: live.id().clone(),
            variant: live.game.variant().name(),
            time_control: live.stored.setup.time_control.map(|c| c.to_string()),
            rated: live.stored.rated,
            started_ms,
            plies: live.game.plies(),
            sfen: live.game.sfen(),
            engine: live.stored.engine.is_some(),
            players: crate::players::view(&live.players),
        });
    }
    out.sort_by_key(|g| Reverse((g.started_ms, g.id.clone())));
    out
}

/// The featured game among `games`: see [`LiveView::weight`].
pub fn featured(games: &[LiveView]) -> Option<&LiveView> {
    games.iter().max_by_key(|g| g.weight())
}
