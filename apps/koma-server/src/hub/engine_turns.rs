//! The engine's seats: admitting a game against it, and its moves.

use super::Hub;
use crate::anygame::AnyMove;
use crate::engine::{self, Answer, Turn};
use crate::error::ApiError;
use crate::games::LiveGame;
use koma_store::Ending;
use koma_store::GameId;
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;

impl Hub {
    /// Admits the new game `live` for `client`: a game between people always; a game
    /// against the engine only while the engine's queue has room and the server and its
    /// creator (address and account) hold fewer active such games than they may (see
    /// [`crate::engine_seats`]). An admitted game against the engine is counted from now on
    /// (see [`Hub::release_engine`]).
    pub(crate) fn admit(&self, live: &LiveGame, client: Option<IpAddr>) -> Result<(), ApiError> {
        let Some(engine) = live.stored.engine else {
            return Ok(());
        };
        if self.searchers.is_full() {
            return Err(ApiError::EngineBusy {
                waiting: self.searchers.waiting(),
            });
        }
        let creator = crate::engine_seats::Creator {
            address: client,
            account: live.stored.players[(!engine.seat).index()].clone(),
        };
        self.engine_games.admit(live.id(), creator, &self.settings)
    }

    /// The game `id` no longer counts as an undecided game against the engine.
    pub(crate) fn release_engine(&self, id: &GameId) {
        self.engine_games.release(id);
    }

    /// Starts the engine thinking in `live` if it is its move (and it is not thinking yet):
    /// the search runs in the background, and its move comes back through
    /// [`Hub::engine_moves`].
    pub(crate) fn wake_engine(&self, live: &mut LiveGame) {
        if live.thinking.is_some()
            || live.started_ms.is_none()
            || self.closing.load(Ordering::SeqCst)
            || !self.store.holds(live.id())
        {
            return;
        }
        let Some(seat) = live.stored.engine else {
            return;
        };
        let now = live.now();
        let Some(turn) = Turn::of(live.id(), &live.game, &seat, now) else {
            return;
        };
        let Some(hub) = self.me.upgrade() else {
            return;
        };
        live.thinking = Some(Arc::clone(&turn.stop));
        tokio::spawn(async move {
            let answer = engine::answer(&hub.searchers, &turn).await;
            hub.engine_moves(turn, answer).await;
        });
    }

    /// Plays the engine's answer for `turn`, unless the game moved on meanwhile (ended,
    /// the server stopping): a declaration, else its move through the path of every move
    /// (the first legal move if the search failed or named one the rules refuse).
    pub(super) async fn engine_moves(
        &self,
        turn: Turn,
        answer: Result<Answer, engine::SearchFailed>,
    ) {
        // A game given up meanwhile is its new owner's to play.
        let slot = self.slots().get(&turn.id).cloned();
        let Some(slot) = slot.filter(|_| self.store.holds(&turn.id)) else {
            return;
        };
        let mut live = slot.lock().await;
        if live
            .thinking
            .as_ref()
            .is_some_and(|flag| Arc::ptr_eq(flag, &turn.stop))
        {
            live.thinking = None;
        }
        if engine::stopped(&turn.stop)
            || self.closing.load(Ordering::SeqCst)
            || live.game.plies() != turn.ply
        {
            return;
        }
        let now = live.now();
        let done = match self.settle_time(&mut live, now).await {
            Err(e) => Err(e),
            Ok(()) if live.is_over() => Ok(()),
            Ok(()) => match answer {
                Ok(Answer::Declare) => {
                    self.end(&mut live, now, Ending::Declaration, |g| g.declare_at(now))
                        .await
                }
                Ok(Answer::Move(best)) => self.engine_move(&mut live, best, now).await,
                Err(why) => {
                    eprintln!("koma serve: game {}: {why}", turn.id);
                    self.engine_move(&mut live, None, now).await
                }
            },
        };
        if let Err(e) = done {
            eprintln!("koma serve: game {}: the engine's move: {e}", turn.id);
        }
    }

    /// Plays `best` for the engine if the game allows it, else its first legal move.
    pub(super) async fn engine_move(
        &self,
        live: &mut LiveGame,
        best: Option<AnyMove>,
        now: u64,
    ) -> Result<(), ApiError> {
        let m = best
            .filter(|&m| live.game.check(m).is_ok())
            .or_else(|| live.game.legal_moves().first().copied())
            .ok_or(crate::error::Internal::EngineNoMove)?;
        self.commit_move(live, m, now).await
    }
}
