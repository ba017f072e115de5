//! How games end: resignation, declaration, the end of any game, aborts, time-outs and the
//! clocks settled before each request.

use super::{Hub, once_more_if_moved};
use crate::actor::Actor;
use crate::error::ApiError;
use crate::games::{self, Expiry, LiveGame};
use crate::view::GameView;
use koma_game::GameError;
use koma_store::GameId;
use koma_store::{Ending, StoredOutcome};

impl Hub {
    /// The seat of `who` resigns (at any time, as the rules allow).
    pub async fn resign<'a>(
        &self,
        id: &GameId,
        who: impl Into<Actor<'a>>,
    ) -> Result<GameView, ApiError> {
        let who = who.into();
        once_more_if_moved(|| self.resign_once(id, who)).await
    }

    /// [`Hub::resign`], once.
    pub(super) async fn resign_once(
        &self,
        id: &GameId,
        who: Actor<'_>,
    ) -> Result<GameView, ApiError> {
        let (mut live, seat, now) = self.seated(id, who).await?;
        self.end(&mut live, now, Ending::Resignation(seat), |g| {
            g.resign(seat)
        })
        .await?;
        Ok(live.view(now))
    }

    /// The seat of `token`, to move, declares an entering-king win (it loses if a condition
    /// fails).
    pub async fn declare<'a>(
        &self,
        id: &GameId,
        who: impl Into<Actor<'a>>,
    ) -> Result<GameView, ApiError> {
        let who = who.into();
        once_more_if_moved(|| self.declare_once(id, who)).await
    }

    /// [`Hub::declare`], once.
    pub(super) async fn declare_once(
        &self,
        id: &GameId,
        who: Actor<'_>,
    ) -> Result<GameView, ApiError> {
        let (mut live, seat, now) = self.for_turn(id, who).await?;
        if seat != live.game.side_to_move() {
            return Err(ApiError::DeclareOutOfTurn);
        }
        self.end(&mut live, now, Ending::Declaration, |g| g.declare_at(now))
            .await?;
        Ok(live.view(now))
    }

    /// Ends the game by `apply`, stores the ending, then pushes the state; if the store
    /// fails the game is as it was.
    pub(crate) async fn end(
        &self,
        live: &mut LiveGame,
        now: u64,
        ending: Ending,
        apply: impl FnOnce(&mut crate::anygame::AnyGame) -> Result<koma_game::Outcome, GameError>,
    ) -> Result<(), ApiError> {
        // A rated game that ends before both sides have moved is aborted, unrated (as
        // lishogi's): nobody's rating moves without his own move.
        if live.stored.rated && live.game.plies() < games::FREE_MOVES {
            let result = games::aborted_early(match ending {
                Ending::Resignation(color) => Some(color),
                _ => None,
            });
            return self.abort(live, now, &result).await;
        }
        let before = live.game.clone();
        let outcome = apply(&mut live.game).map_err(ApiError::refused)?;
        let stored = StoredOutcome {
            ending,
            at_ms: now,
            result: outcome.to_string(),
        };
        let key = live.id().clone();
        if let Err(e) = self
            .write(live.id(), move |s| s.set_outcome(&key, &stored))
            .await
        {
            live.game = before;
            return Err(e.into());
        }
        live.ended_ms = Some(now);
        live.stop_thinking();
        self.release_engine(live.id());
        self.game_ended(live).await;
        self.announce_finish(live);
        live.publish();
        Ok(())
    }

    /// Aborts the game (nobody wins) as `result` says, stored first.
    pub(crate) async fn abort(
        &self,
        live: &mut LiveGame,
        now: u64,
        result: &str,
    ) -> Result<(), ApiError> {
        let stored = StoredOutcome {
            ending: Ending::Aborted,
            at_ms: now,
            result: result.to_string(),
        };
        let key = live.id().clone();
        self.write(live.id(), move |s| s.set_outcome(&key, &stored))
            .await?;
        live.aborted = Some(result.to_string());
        live.ended_ms = Some(now);
        live.stop_thinking();
        self.release_engine(live.id());
        self.announce_finish(live);
        live.publish();
        Ok(())
    }

    /// Ends the game at `now` if nobody played it in time (see [`LiveGame::expiry`]).
    pub(super) async fn expire(&self, live: &mut LiveGame, now: u64) -> Result<(), ApiError> {
        let why = match self.tournament_hooks.no_show(live.id()) {
            Some(limit) => {
                crate::tournaments::online::no_show(live, now, limit).then_some(Expiry::FirstMove)
            }
            None => live.expiry(now, &self.settings),
        };
        match why {
            None => Ok(()),
            Some(Expiry::Abandoned(loser)) => {
                self.end(live, now, Ending::Abandoned(loser), |g| {
                    g.end(games::abandoned(loser))
                })
                .await
            }
            Some(why) => {
                let result = why.aborted_result().unwrap_or("aborted");
                self.abort(live, now, result).await
            }
        }
    }

    /// Ends the game on time if the side to move's clock ran out by `now`.
    /// Another server's game is its to settle: a copy here only shows the time.
    pub(crate) async fn settle_time(&self, live: &mut LiveGame, now: u64) -> Result<(), ApiError> {
        if !live.clock_runs() || !self.store.holds(live.id()) {
            return Ok(());
        }
        if let Some(loser) = live.game.clock().and_then(|c| c.flagged(now)) {
            self.end(live, now, Ending::TimeForfeit, |g| g.time_forfeit(loser))
                .await?;
        }
        Ok(())
    }

    /// The seat of `who` aborts the game: only before both sides have moved, as on
    /// lishogi (its board API's `abort`); nobody wins, the game is not rated.
    pub async fn abort_by(&self, id: &GameId, who: Actor<'_>) -> Result<(), ApiError> {
        let (mut live, seat, now) = self.seated(id, who).await?;
        if live.game.plies() >= 2 {
            return Err(ApiError::TooLateToAbort);
        }
        self.abort(&mut live, now, &format!("aborted (by {})", seat.name()))
            .await
    }
}
