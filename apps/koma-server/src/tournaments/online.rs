//! What the hub tells the tournaments, and the no-show limits the tournaments set on the
//! hub's games: the only state the two share.

use super::model::Outcome;
use crate::games::LiveGame;
use koma_rules::Color;
use koma_store::GameId;
use std::collections::HashMap;
use std::sync::Mutex;
use tokio::sync::mpsc;

/// A game that ended, as a tournament board's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// The game's id.
    pub id: GameId,
    /// Its result as a board's.
    pub result: Outcome,
    /// When it ended (Unix ms), which may be a moment before the tournament hears of it.
    pub ended_ms: u64,
}

impl GameEnd {
    /// The end of `live`, if it is over.
    pub fn of(live: &LiveGame) -> Option<GameEnd> {
        Some(GameEnd {
            id: live.id().clone(),
            result: result_of(live)?,
            ended_ms: live.ended_ms.unwrap_or_else(crate::games::unix_ms),
        })
    }
}

/// The hub's side: where ended games are told, and the games whose first move may wait
/// longer (or shorter) than the server's default.
#[derive(Default)]
pub struct Hooks {
    ends: Mutex<Option<mpsc::UnboundedSender<GameEnd>>>,
    no_show_ms: Mutex<HashMap<GameId, u64>>,
}

impl Hooks {
    /// The ended games from now on (one listener: a second call replaces the first).
    pub fn listen(&self) -> mpsc::UnboundedReceiver<GameEnd> {
        let (tx, rx) = mpsc::unbounded_channel();
        *self.ends.lock().unwrap_or_else(|e| e.into_inner()) = Some(tx);
        rx
    }

    /// Tells the listener that `live` ended, if it was between two accounts (as every
    /// tournament game is; the listener looks its tournament up).
    pub fn ended(&self, live: &LiveGame) {
        let id = live.id();
        self.no_show_ms
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(id);
        if live.stored.players.iter().any(Option::is_none) {
            return;
        }
        let Some(end) = GameEnd::of(live) else {
            return;
        };
        let sender = self.ends.lock().unwrap_or_else(|e| e.into_inner()).clone();
        if let Some(tx) = sender {
            let _ = tx.send(end);
        }
    }

    /// Sets how long the game `id` waits for each side's first move.
    pub fn set_no_show(&self, id: &GameId, limit_ms: u64) {
        self.no_show_ms
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id.clone(), limit_ms);
    }

    /// The no-show limit of game `id`, if a tournament set one.
    pub fn no_show(&self, id: &GameId) -> Option<u64> {
        self.no_show_ms
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(id)
            .copied()
    }
}

/// The result of the ended game `live` as a board's (`None` while it goes on).
fn result_of(live: &LiveGame) -> Option<Outcome> {
    if !live.is_over() {
        return None;
    }
    Some(match live.game.outcome() {
        Some(o) => match o.winner {
            Some(Color::Black) => Outcome::Sente,
            Some(Color::White) => Outcome::Gote,
            None => Outcome::Draw,
        },
        // Aborted: a side that resigned before both moved forfeits; else for want of a first
        // move, sente moved and gote did not, or nobody did.
        None => match live
            .aborted
            .as_deref()
            .and_then(crate::games::resigned_early)
        {
            Some(Color::Black) => Outcome::GoteForfeitWin,
            Some(Color::White) => Outcome::SenteForfeitWin,
            None if live.game.plies() == 1 => Outcome::SenteForfeitWin,
            None => Outcome::Unplayed,
        },
    })
}

/// Whether `live`, a tournament's game with the no-show limit `limit_ms`, has waited that
/// long at `now_ms` for a first move of the side to move (sente's, or gote's after sente's).
pub fn no_show(live: &LiveGame, now_ms: u64, limit_ms: u64) -> bool {
    live.started_ms.is_some()
        && !live.is_over()
        && live.game.plies() < 2
        && now_ms.saturating_sub(live.last_move_ms) >= limit_ms
}
