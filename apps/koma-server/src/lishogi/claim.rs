//! Leaving a game and claiming it (lichess's board API `claim-victory` and the
//! `opponentGone` line of the game stream, which lishogi's site has as its "force
//! resignation"): when a player of a game between people with a clock has had no connection
//! to it for [`crate::Settings::gone_after`] while it is his move, his opponent may end the
//! game as a win. The loser is recorded as having abandoned the game
//! ([`koma_store::Ending::Abandoned`]), lishogi's status `timeout`. And berserk
//! (`POST /api/{board,bot}/game/{id}/berserk`), which goes to the game's arena.

use crate::actor::Actor;
use crate::error::ApiError;
use crate::games::{self, LiveGame};
use crate::hub::Hub;
use crate::presence::NoClaim;
use koma_rules::Color;
use koma_store::Ending;
use koma_store::{Elsewhere, GameId};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// How long a player is gone before his opponent's stream says so (lishogi shows it after
/// five seconds), unless the win may be claimed sooner.
const GRACE: Duration = Duration::from_secs(5);

/// Whether a win may ever be claimed against a seat of `live` (a game between people with a
/// real-time clock, under way, both sides having moved): the reason if not.
fn claimable(live: &LiveGame) -> Result<(), NoClaim> {
    if live.stored.engine.is_some() {
        return Err(NoClaim::Engine);
    }
    if live.game.clock().is_none() {
        return Err(NoClaim::NoClock);
    }
    if !live.correspondence_per_move().is_zero() {
        return Err(NoClaim::Correspondence);
    }
    if live.started_ms.is_none() || live.game.plies() < games::FREE_MOVES {
        return Err(NoClaim::NotBothMoved);
    }
    Ok(())
}

/// Whole seconds, rounded up.
fn seconds_up(d: Duration) -> u64 {
    d.as_millis().div_ceil(1000).try_into().unwrap_or(u64::MAX)
}

impl Hub {
    /// The seat of `who` claims the win: its opponent is gone (see [`crate::presence`]) long
    /// enough, and it is the opponent's move. The opponent loses by abandonment.
    pub async fn claim_victory(&self, id: &GameId, who: Actor<'_>) -> Result<(), ApiError> {
        let (mut live, seat, now) = self.seated(id, who).await?;
        claimable(&live).map_err(ApiError::CannotClaim)?;
        if live.game.side_to_move() == seat {
            return Err(ApiError::CannotClaim(NoClaim::YourMove));
        }
        let after = self.settings().gone_after;
        match self.absent_anywhere(id, !seat, live.loaded).await? {
            None => return Err(ApiError::CannotClaim(NoClaim::OpponentHere)),
            Some(gone) if gone < after => {
                return Err(ApiError::CannotClaim(NoClaim::TooSoon {
                    gone_s: gone.as_secs(),
                    after_s: seconds_up(after),
                }));
            }
            Some(_) => {}
        }
        let loser = !seat;
        self.end(&mut live, now, Ending::Abandoned(loser), |g| {
            g.end(games::abandoned(loser))
        })
        .await
    }

    /// How long `seat` of `id` has had no connection to the game, here or on another server
    /// sharing the database: `None` while one is open somewhere (see
    /// [`crate::presence::Presence::absent_for`] for `loaded`).
    async fn absent_anywhere(
        &self,
        id: &GameId,
        seat: Color,
        loaded: Instant,
    ) -> Result<Option<Duration>, ApiError> {
        let Some(here) = self.presence().absent_for(id, seat, loaded) else {
            return Ok(None);
        };
        if !self.presence().is_shared() {
            return Ok(Some(here));
        }
        let key = id.clone();
        Ok(
            match self.blocking(move |s| s.seat_elsewhere(&key, seat)).await? {
                Elsewhere::Here => None,
                Elsewhere::Left { ago_ms } => Some(here.min(Duration::from_millis(ago_ms))),
                Elsewhere::Never => Some(here),
            },
        )
    }
}

/// What the game stream of `seat` last said of the opponent's absence.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Told {
    /// Nothing, or that he is back.
    #[default]
    Here,
    /// That he is gone, the win claimable in some seconds.
    Gone,
    /// That the win may be claimed now.
    Claimable,
}

/// The facts of a game that decide whether its stream speaks of a gone opponent, kept by
/// the stream from the state it last sent.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Watch {
    /// The stream's seat.
    pub seat: Color,
    /// Whether a win may be claimed in the game now (see [`claimable`]).
    pub open: bool,
    /// When the game came into memory.
    pub loaded: Instant,
}

impl Watch {
    /// The watch of `seat`'s stream over `live` as it is.
    pub fn of(live: &LiveGame, seat: Color) -> Watch {
        Watch {
            seat,
            open: !live.is_over() && claimable(live).is_ok(),
            loaded: live.loaded,
        }
    }
}

/// The `opponentGone` line the stream of `watch` should send about game `id` now, having
/// told `told` (updated), if any: `{"type": "opponentGone", "gone": true,
/// "claimWinInSeconds": N}` once the opponent has been gone a few seconds and again when the
/// win may be claimed, `{"gone": false}` when he is back.
///
/// The opponent counts as gone as for a claim (connected to another server sharing the
/// database is here); when the database cannot say, nothing is told this time.
pub(crate) async fn opponent_gone(
    hub: &Hub,
    id: &GameId,
    watch: &Watch,
    told: &mut Told,
) -> Option<Value> {
    let after = hub.settings().gone_after;
    let gone = match watch.open {
        true => hub
            .absent_anywhere(id, !watch.seat, watch.loaded)
            .await
            .ok()?,
        false => None,
    };
    let now = match gone {
        None => Told::Here,
        Some(g) if g >= after => Told::Claimable,
        Some(g) if g >= GRACE.min(after) => Told::Gone,
        Some(_) => *told,
    };
    if now == *told {
        return None;
    }
    *told = now;
    Some(match (now, gone) {
        (Told::Here, _) | (_, None) => json!({"type": "opponentGone", "gone": false}),
        (_, Some(g)) => json!({
            "type": "opponentGone",
            "gone": true,
            "claimWinInSeconds": seconds_up(after.saturating_sub(g)),
        }),
    })
}
