//! Moves: a seat's move checked by the game layer, written to the store, then pushed.

use super::{Hub, once_more_if_moved, refuse_if_over};
use crate::actor::Actor;
use crate::anygame::AnyMove;
use crate::error::ApiError;
use crate::games::LiveGame;
use crate::view::GameView;
use koma_game::GameError;
use koma_rules::Color;
use koma_store::GameId;
use koma_store::{Ending, StoredMove, StoredOutcome};
use tokio::sync::OwnedMutexGuard;

impl Hub {
    /// Plays `usi` for the seat of `who`.
    pub async fn play<'a>(
        &self,
        id: &GameId,
        who: impl Into<Actor<'a>>,
        usi: &str,
    ) -> Result<GameView, ApiError> {
        self.play_read(id, who.into(), usi, |game, text| game.parse_move(text))
            .await
    }

    /// Plays `text`, a move in any notation koma reads (USI, Western, Japanese, German),
    /// for the seat of `token`.
    pub async fn play_text<'a>(
        &self,
        id: &GameId,
        who: impl Into<Actor<'a>>,
        text: &str,
    ) -> Result<GameView, ApiError> {
        self.play_read(id, who.into(), text, |game, text| game.parse_text(text))
            .await
    }

    /// Plays the move `read` makes of `usi` for the seat of `who`.
    pub(super) async fn play_read(
        &self,
        id: &GameId,
        who: Actor<'_>,
        usi: &str,
        read: impl Fn(&crate::anygame::AnyGame, &str) -> Result<AnyMove, ApiError>,
    ) -> Result<GameView, ApiError> {
        once_more_if_moved(|| self.play_read_once(id, who, usi, &read)).await
    }

    /// [`Hub::play_read`], once.
    pub(super) async fn play_read_once(
        &self,
        id: &GameId,
        who: Actor<'_>,
        usi: &str,
        read: &impl Fn(&crate::anygame::AnyGame, &str) -> Result<AnyMove, ApiError>,
    ) -> Result<GameView, ApiError> {
        let (mut live, seat, now) = self.for_turn(id, who).await?;
        let to_move = live.game.side_to_move();
        if seat != to_move {
            return Err(ApiError::NotYourTurn { to_move, seat });
        }
        let m = read(&live.game, usi.trim())?;
        match live.game.check(m) {
            Ok(()) => {}
            Err(GameError::Illegal(foul)) => {
                return Err(ApiError::IllegalMove {
                    usi: usi.to_string(),
                    foul,
                });
            }
            Err(e) => return Err(ApiError::refused(e)),
        }
        self.commit_move(&mut live, m, now).await?;
        self.wake_engine(&mut live);
        Ok(live.view(now))
    }

    /// Plays the checked move `m` at `now`, stores it (and the ending it makes), then pushes
    /// the state; if the store fails the game is as it was. A person's move and the
    /// engine's both come this way.
    pub(super) async fn commit_move(
        &self,
        live: &mut LiveGame,
        m: AnyMove,
        now: u64,
    ) -> Result<(), ApiError> {
        let id = live.id().clone();
        let before = live.game.clone();
        let ply = live.game.plies();
        let mover = live.game.side_to_move();
        let outcome = live
            .play_at(m, now)
            .map_err(crate::error::Internal::CheckedMove)?;
        let record = StoredMove {
            usi: live.game.usi(m),
            at_ms: now,
        };
        let key = id.clone();
        if let Err(e) = self
            .write(&id, move |s| s.append_move(&key, ply, &record))
            .await
        {
            live.game = before;
            return Err(e.into());
        }
        live.offers.after_move(mover);
        live.last_move_ms = now;
        if live.stored.engine.is_some_and(|e| e.seat != mover) {
            // The person plays: the game holds its place among the engine's games.
            self.engine_games.touch(&id);
        }
        if let Some(outcome) = outcome {
            live.ended_ms = Some(now);
            self.release_engine(&id);
            // The moves decide this ending: a failure here loses nothing a replay cannot find.
            let stored = StoredOutcome {
                ending: Ending::Board,
                at_ms: now,
                result: outcome.to_string(),
            };
            let key = id.clone();
            if let Err(e) = self.write(&id, move |s| s.set_outcome(&key, &stored)).await {
                eprintln!("koma serve: game {id}: storing the result failed: {e}");
            }
            self.game_ended(live).await;
            self.announce_finish(live);
        }
        live.publish();
        Ok(())
    }

    /// The game `id` locked for a move or declaration by the seat of `token`: both players
    /// joined, the clock settled, the game not over. Gives the seat and the time.
    pub(crate) async fn for_turn<'a>(
        &self,
        id: &GameId,
        who: impl Into<Actor<'a>>,
    ) -> Result<(OwnedMutexGuard<LiveGame>, Color, u64), ApiError> {
        self.locked_for(id, who, true).await
    }

    /// The game `id` locked for an action of the seat of `who` that needs no started game
    /// (resigning, aborting, claiming): the clock settled, the game not over. Gives the seat
    /// and the time.
    pub(crate) async fn seated<'a>(
        &self,
        id: &GameId,
        who: impl Into<Actor<'a>>,
    ) -> Result<(OwnedMutexGuard<LiveGame>, Color, u64), ApiError> {
        self.locked_for(id, who, false).await
    }

    /// [`Hub::for_turn`] (`started` asked) and [`Hub::seated`].
    pub(super) async fn locked_for<'a>(
        &self,
        id: &GameId,
        who: impl Into<Actor<'a>>,
        started: bool,
    ) -> Result<(OwnedMutexGuard<LiveGame>, Color, u64), ApiError> {
        let slot = self.game(id).await?;
        let mut live = slot.lock_owned().await;
        let seat = who.into().seat(&live)?;
        let now = live.now();
        if started && live.started_ms.is_none() {
            return Err(ApiError::NotStarted);
        }
        self.settle_time(&mut live, now).await?;
        refuse_if_over(&live)?;
        Ok((live, seat, now))
    }
}
