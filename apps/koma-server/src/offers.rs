//! Offers between the players: a draw (accepted, the game is drawn by agreement), a
//! takeback (accepted, the asker's last move is taken back with the reply to it, and the
//! clocks go back with the moves) and, once the game is over, a rematch (accepted, the new
//! game is created: see [`crate::rematch`]). Takebacks are for casual games only, as on
//! lishogi.
//!
//! Offers live in memory only, as on lishogi: a restart withdraws them. A move declines the
//! opponent's standing draw offer and withdraws every takeback offer (they were about
//! another position). The engine declines draws and grants takebacks and rematches at once.

use crate::error::ApiError;
use crate::games::{self, LiveGame};
use crate::hub::Hub;
use crate::view::GameView;
use koma_rules::Color;
use koma_store::Ending;
use koma_store::GameId;
use serde::Serialize;

/// The offers standing in a game: who made each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Offers {
    /// The side offering a draw.
    pub draw: Option<Color>,
    /// The side asking to take its last move back.
    pub takeback: Option<Color>,
    /// The side offering a rematch of the game over.
    pub rematch: Option<Color>,
}

/// The offers as the state shows them: the side that made each, or null.
#[derive(Clone, Debug, Serialize)]
pub struct OffersView {
    /// `sente` or `gote`: who offers a draw.
    pub draw: Option<&'static str>,
    /// `sente` or `gote`: who asks for a takeback.
    pub takeback: Option<&'static str>,
    /// `sente` or `gote`: who offers a rematch.
    pub rematch: Option<&'static str>,
}

impl Offers {
    /// The offers for the state's JSON.
    pub fn view(&self) -> OffersView {
        OffersView {
            draw: self.draw.map(Color::name),
            takeback: self.takeback.map(Color::name),
            rematch: self.rematch.map(Color::name),
        }
    }

    /// `mover` played a move: it declines the opponent's draw offer, and every takeback
    /// offer lapses.
    pub fn after_move(&mut self, mover: Color) {
        if self.draw == Some(!mover) {
            self.draw = None;
        }
        self.takeback = None;
    }
}

/// How many plies `asker` takes back after `plies` plies with `to_move` to move: its own
/// last move, and the opponent's reply if there is one; `None` if it has not moved.
pub fn takeback_plies(plies: usize, to_move: Color, asker: Color) -> Option<usize> {
    let n = if to_move == asker { 2 } else { 1 };
    (plies >= n).then_some(n)
}

/// Which offer a request is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offer {
    /// A draw.
    Draw,
    /// A takeback.
    Takeback,
}

impl Offer {
    fn name(self) -> &'static str {
        match self {
            Offer::Draw => "draw",
            Offer::Takeback => "takeback",
        }
    }

    fn slot(self, offers: &mut Offers) -> &mut Option<Color> {
        match self {
            Offer::Draw => &mut offers.draw,
            Offer::Takeback => &mut offers.takeback,
        }
    }
}

impl Hub {
    /// The seat of `who` answers `offer`: `yes` makes the offer, or accepts the opponent's;
    /// `no` declines the opponent's offer or withdraws its own.
    pub async fn offer<'a>(
        &self,
        id: &GameId,
        who: impl Into<crate::actor::Actor<'a>>,
        offer: Offer,
        yes: bool,
    ) -> Result<GameView, ApiError> {
        let (mut live, seat, now) = self.for_turn(id, who).await?;
        let live = &mut *live;
        if !yes {
            let slot = offer.slot(&mut live.offers);
            if slot.take().is_none() {
                return Err(ApiError::NoOffer(offer.name()));
            }
            live.publish();
            return Ok(live.view(now));
        }
        if offer == Offer::Takeback && live.stored.rated {
            return Err(ApiError::TakebackInRatedGame);
        }
        let engine_opponent = live.stored.engine.is_some_and(|e| e.seat == !seat);
        let accepted = *offer.slot(&mut live.offers) == Some(!seat);
        match offer {
            Offer::Draw if accepted => {
                let before = live.offers;
                live.offers = Offers::default();
                if let Err(e) = self
                    .end(live, now, Ending::Agreement, |g| g.agree_draw())
                    .await
                {
                    live.offers = before;
                    return Err(e);
                }
            }
            Offer::Draw if engine_opponent => return Err(ApiError::EngineDeclinesDraw),
            Offer::Takeback if accepted || engine_opponent => {
                let asker = if accepted { !seat } else { seat };
                let plies = takeback_plies(live.game.plies(), live.game.side_to_move(), asker)
                    .ok_or(ApiError::NothingToTakeBack)?;
                self.take_back(live, plies, now).await?;
            }
            Offer::Takeback
                if takeback_plies(live.game.plies(), live.game.side_to_move(), seat).is_none() =>
            {
                return Err(ApiError::NothingToTakeBack);
            }
            Offer::Draw | Offer::Takeback => {
                *offer.slot(&mut live.offers) = Some(seat);
                live.publish();
            }
        }
        Ok(live.view(now))
    }

    /// Takes back the last `plies` plies at `now`: the store first (the clocks' time stamps
    /// moved so that they stand as after the last move kept), then the game is replayed
    /// from the store and the state pushed.
    async fn take_back(&self, live: &mut LiveGame, plies: usize, now: u64) -> Result<(), ApiError> {
        live.stop_thinking();
        let keep = live.game.plies().saturating_sub(plies);
        let key = live.id().clone();
        let stored = self
            .write(live.id(), move |s| {
                let before = s.load_game(&key)?;
                let since = before.as_ref().map_or(now, |g| match keep {
                    0 => g.started_ms.unwrap_or(g.game.created_ms),
                    n => g.moves.get(n - 1).map_or(now, |m| m.at_ms),
                });
                s.take_back(&key, keep, now.saturating_sub(since))?;
                s.load_game(&key)
            })
            .await?
            .ok_or_else(|| ApiError::not_found(live.id()))?;
        let (game, _) = games::replay(&stored)?;
        live.replace_game(game);
        live.publish();
        self.wake_engine(live);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_takeback_undoes_the_askers_move_and_the_reply_to_it() {
        use Color::{Black, White};
        // Sente asks after gote replied: two plies; before the reply: one.
        assert_eq!(takeback_plies(2, Black, Black), Some(2));
        assert_eq!(takeback_plies(1, White, Black), Some(1));
        // Gote has not moved yet.
        assert_eq!(takeback_plies(1, White, White), None);
        assert_eq!(takeback_plies(0, Black, Black), None);
        // A handicap game: gote moves first; after one ply sente has not moved.
        assert_eq!(takeback_plies(1, Black, Black), None);
        assert_eq!(takeback_plies(1, Black, White), Some(1));
    }

    #[test]
    fn a_move_declines_the_opponents_draw_offer_only() {
        let mut offers = Offers {
            draw: Some(Color::White),
            takeback: Some(Color::White),
            rematch: None,
        };
        offers.after_move(Color::White);
        assert_eq!(offers.draw, Some(Color::White));
        assert_eq!(offers.takeback, None);
        offers.after_move(Color::Black);
        assert_eq!(offers.draw, None);
    }
}
