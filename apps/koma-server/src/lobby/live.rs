//! The games under way (`GET /api/games/live`) on every server sharing the store, and the
//! featured one: the top-rated live game for the home page to follow.

use crate::error::ApiError;
use crate::games::LiveGame;
use crate::hub::Hub;
use crate::players::PlayersView;
use koma_store::GameId;
use serde::Serialize;
use std::cmp::Reverse;
use std::collections::HashMap;
use std::time::{Duration, Instant};

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

/// How long the view of a game held by another server is shown before it is read again.
const REMOTE_FRESH: Duration = Duration::from_secs(1);

/// The views of games held by other servers, with when each was read.
pub type RemoteViews = std::sync::Mutex<HashMap<GameId, (Instant, LiveView)>>;

/// The view of `live` if it is under way (started, undecided).
fn view_of(live: &LiveGame) -> Option<LiveView> {
    let started_ms = live.started_ms?;
    (!live.is_over()).then(|| LiveView {
        id: live.id().clone(),
        variant: live.game.variant().name(),
        time_control: live.stored.setup.time_control.map(|c| c.to_string()),
        rated: live.stored.rated,
        started_ms,
        plies: live.game.plies(),
        sfen: live.game.sfen(),
        engine: live.stored.engine.is_some(),
        players: crate::players::view(&live.players),
    })
}

/// The games under way on every server sharing the store, newest first: those in memory
/// here as they are, the others as stored (read again after `REMOTE_FRESH`).
pub async fn live_games(hub: &Hub, remote: &RemoteViews) -> Result<Vec<LiveView>, ApiError> {
    let ids = hub.blocking(|s| s.live_games(MAX_LIVE)).await?;
    let mut out = Vec::new();
    for id in &ids {
        if let Some(slot) = hub.in_memory_game(id) {
            out.extend(view_of(&*slot.lock().await));
            continue;
        }
        let fresh = lock(remote)
            .get(id)
            .filter(|(at, _)| at.elapsed() < REMOTE_FRESH)
            .map(|(_, view)| view.clone());
        if let Some(view) = fresh {
            out.push(view);
            continue;
        }
        if let Some(view) = hub.rebuilt(id).await?.as_ref().and_then(view_of) {
            lock(remote).insert(id.clone(), (Instant::now(), view.clone()));
            out.push(view);
        }
    }
    lock(remote).retain(|id, _| ids.contains(id));
    out.sort_by_key(|g| Reverse((g.started_ms, g.id.clone())));
    Ok(out)
}

fn lock(remote: &RemoteViews) -> std::sync::MutexGuard<'_, HashMap<GameId, (Instant, LiveView)>> {
    remote.lock().unwrap_or_else(|e| e.into_inner())
}

/// The featured game among `games`: see `LiveView::weight`.
pub fn featured(games: &[LiveView]) -> Option<&LiveView> {
    games.iter().max_by_key(|g| g.weight())
}
