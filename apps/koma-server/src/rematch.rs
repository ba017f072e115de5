//! The rematcher: after the end, a player offers the same game again with the colours
//! reversed, and only the opponent's consent creates it (as on lishogi): nobody is seated
//! in a new game, rated or not, by the other player alone. The offer is one of the game's
//! [`crate::offers::Offers`] (in memory, pushed with the state); the engine accepts at once.
//! A tournament's games have none: the tournament pairs its players.

use crate::error::ApiError;
use crate::games;
use crate::hub::{Hub, Joined, seat};
use crate::view::GameView;
use koma_store::GameId;
use std::net::IpAddr;

/// What a player's answer about a rematch came to.
#[derive(Clone, Debug)]
pub enum Rematch {
    /// The rematch was created now: the opponent's offer accepted, or the engine's game
    /// (201). The requester's seat in it.
    Created(Joined),
    /// The rematch created before (200). The requester's seat in it.
    Existing(Joined),
    /// The requester's offer stands, for the opponent to answer (202): the old game's state.
    Offered(GameView),
    /// The offer was declined or withdrawn (200): the old game's state.
    Withdrawn(GameView),
}

impl Hub {
    /// The seat of `token` answers about a rematch of the game `id`, over. `yes`: offers
    /// one (again: the same offer), or accepts the opponent's offer, which creates the new
    /// game (see [`games::rematch`]) and names it in the old game's state; against the
    /// engine the game is created at once, admitted as a new game of `client`'s. Once
    /// created, either player's `yes` gives that game. `no`: declines the opponent's offer
    /// or withdraws one's own. A tournament's game is refused whoever asks.
    pub async fn rematch(
        &self,
        id: &GameId,
        token: &str,
        yes: bool,
        client: Option<IpAddr>,
    ) -> Result<Rematch, ApiError> {
        let slot = self.game(id).await?;
        let mut old = slot.lock().await;
        // Never a rematch, for anyone: said before the seat, as the state says it to all.
        if old.in_tournament {
            return Err(ApiError::RematchInTournament);
        }
        let asker = seat(&old, token)?;
        let joined = |id: GameId, game: GameView| Joined {
            id,
            // The requester's seat in the rematch: the other colour.
            seat: (!asker).name(),
            token: token.to_string(),
            game,
        };
        if let Some(new_id) = old.rematch.clone() {
            if !yes {
                return Err(ApiError::NoOffer("rematch"));
            }
            drop(old);
            let slot = self.game(&new_id).await?;
            let mut live = slot.lock().await;
            let now = live.now();
            self.settle_time(&mut live, now).await?;
            return Ok(Rematch::Existing(joined(new_id, live.view(now))));
        }
        let now = old.now();
        self.settle_time(&mut old, now).await?;
        if let Some(refused) = old.rematch_refused() {
            return Err(refused);
        }
        if !yes {
            if old.offers.rematch.take().is_none() {
                return Err(ApiError::NoOffer("rematch"));
            }
            old.publish();
            return Ok(Rematch::Withdrawn(old.view(now)));
        }
        match old.offers.rematch {
            Some(by) if by == asker => return Ok(Rematch::Offered(old.view(now))),
            // The opponent's offer, accepted; the engine accepts at once.
            Some(_) => {}
            None if old.stored.engine.is_some() => {}
            None => {
                old.offers.rematch = Some(asker);
                old.publish();
                return Ok(Rematch::Offered(old.view(now)));
            }
        }
        let mut live = games::rematch(&old.stored, now)?;
        self.admit(&live, client)?;
        let (stored, of) = (live.stored.clone(), id.clone());
        if let Err(e) = self
            .blocking(move |s| s.create_rematch(&of, &stored, now))
            .await
        {
            self.release_engine(live.id());
            return Err(e.into());
        }
        self.refresh_players(&mut live).await?;
        live.publish();
        let new_id = live.id().clone();
        old.rematch = Some(new_id.clone());
        old.offers.rematch = None;
        old.publish();
        drop(old);
        let now = live.now();
        let game = live.view(now);
        self.insert(live).await;
        Ok(Rematch::Created(joined(new_id, game)))
    }
}
