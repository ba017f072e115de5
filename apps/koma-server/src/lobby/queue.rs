//! Quick pairing through the store: a player asking is paired at once with the nearest
//! waiting player of his queue, or waits; every server's tick pairs those whose windows
//! meet as they wait (one server at a time), and expires what lapsed.

use super::{Lobby, PairedNotice, QuickRequest, quick};
use crate::accounts::Player;
use crate::error::ApiError;
use crate::games::{self, CreateRequest};
use koma_store::UserId;
use koma_store::lobby::QuickRow;
use serde::Serialize;
use std::time::{Duration, Instant};

/// The answer to a quick pairing: a game at once, or a ticket while waiting.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum QuickAnswer {
    /// Paired now: the player's seat (as the `paired` notice).
    Paired(PairedNotice),
    /// Waiting; the game comes as a `paired` notice on the lobby connection.
    Waiting {
        /// The ticket (cancel with `DELETE /api/lobby/quick`).
        ticket: String,
        /// The rating the pairing uses.
        rating: i64,
    },
}

/// How often the store's lobby is ticked: a third of the time a player who left keeps his
/// rows, no more often than the server's tick (100 ms) and at least every second.
fn tick_every(absence: Duration) -> Duration {
    (absence / 3).clamp(Duration::from_millis(100), Duration::from_secs(1))
}

impl Lobby {
    /// `player` asks for a quick pairing: a game at once with a waiting player of the same
    /// pool and clock whose rating is within [`quick::BASE_WINDOW`], else a ticket (the
    /// window widens while he waits; see [`Lobby::tick`]). His earlier pairing is replaced.
    pub async fn quick(
        &self,
        player: &Player,
        request: &QuickRequest,
    ) -> Result<QuickAnswer, ApiError> {
        let game = request.game();
        let unlimited = match game.time_control.as_deref() {
            None => true,
            Some(text) => matches!(
                text.parse::<koma_game::clock::TimeControl>(),
                Ok(koma_game::clock::TimeControl::Unlimited)
            ),
        };
        if unlimited {
            return Err(super::LobbyRefusal::QuickWithoutClock.into());
        }
        let (pool, rating, control, _) = self.rated_in_pool(&game, player).await?;
        let key = format!(
            "{pool}|{}|{}",
            control.unwrap_or_default(),
            game.rated == Some(true)
        );
        let rating = rating.int_rating();
        let now = games::unix_ms();
        let row = QuickRow {
            ticket: koma_store::tokens::game_id()?,
            player: player.id.clone(),
            key,
            rating,
            body: serde_json::to_string(&game).map_err(crate::error::Internal::LobbyJson)?,
            since_ms: now,
            expires_ms: self.expiry(now),
        };
        let (ticket, absence) = (row.ticket.clone(), self.absence_ms());
        let window = quick::window(Duration::ZERO);
        let partner = self
            .hub
            .blocking(move |s| s.pair_quick(&row, window, now, absence))
            .await?;
        let Some(partner) = partner else {
            return Ok(QuickAnswer::Waiting { ticket, rating });
        };
        let started = match self.player(&partner.player).await {
            Ok(first) => self.start_quick(&partner, &first, player).await,
            Err(e) => Err(e),
        };
        match started {
            Ok((partner_seat, mine)) => {
                self.tell(&partner.player, &partner_seat).await;
                Ok(QuickAnswer::Paired(mine))
            }
            Err(e) => {
                let back = partner.clone();
                if let Err(e) = self.hub.blocking(move |s| s.restore_quick(&back)).await {
                    eprintln!(
                        "koma serve: quick pairing: {} not put back: {e}",
                        partner.player
                    );
                }
                Err(e)
            }
        }
    }

    /// The game of the waiting `first` (the account `player`) against `second`: each one's
    /// notice.
    async fn start_quick(
        &self,
        first: &QuickRow,
        player: &Player,
        second: &Player,
    ) -> Result<(PairedNotice, PairedNotice), ApiError> {
        let request: CreateRequest = serde_json::from_str(&first.body)
            .map_err(|e| koma_store::Damage::json("quick pairing", &first.ticket, e))?;
        let paired = self.hub.create_paired(&request, player, second).await?;
        Ok((
            PairedNotice::of(&paired.creator, &paired.furigoma),
            PairedNotice::of(&paired.opponent, &paired.furigoma),
        ))
    }

    /// Whether the quick pairing of `ticket` still waits (paired, cancelled or expired: no).
    pub async fn waiting(&self, ticket: &str) -> Result<bool, ApiError> {
        let (ticket, now, absence) = (ticket.to_string(), games::unix_ms(), self.absence_ms());
        Ok(self
            .hub
            .blocking(move |s| s.quick_waiting(&ticket, now, absence))
            .await?)
    }

    /// `player` stops waiting for a quick pairing; whether he was waiting.
    pub async fn cancel_quick(&self, player: &Player) -> Result<bool, ApiError> {
        let id = player.id.clone();
        Ok(self.hub.blocking(move |s| s.cancel_quick(&id)).await?)
    }

    /// Expires seeks and quick pairings (their time, or their player gone), then pairs the
    /// waiting players whose windows now meet: in the store, a few times a second at most.
    pub async fn tick(&self) {
        let present: Vec<UserId> = {
            let mut state = self.state();
            let every = tick_every(self.settings.lobby_absence);
            if state.ticked.is_some_and(|at| at.elapsed() < every) {
                return;
            }
            state.ticked = Some(Instant::now());
            state.presence.keys().cloned().collect()
        };
        let (now, absence) = (games::unix_ms(), self.absence_ms());
        let ticked = self
            .hub
            .blocking(move |s| {
                s.lobby_tick(now, absence, &present, &mut |queue| {
                    let members: Vec<quick::Member> = queue
                        .iter()
                        .map(|w| quick::Member {
                            rating: w.rating,
                            waited: Duration::from_millis(now.saturating_sub(w.since_ms)),
                        })
                        .collect();
                    quick::pairs(&members)
                })
            })
            .await;
        let ticked = match ticked {
            Ok(ticked) => ticked,
            Err(e) => {
                eprintln!("koma serve: lobby: {e}");
                return;
            }
        };
        if ticked.seeks_lapsed {
            self.refresh().await;
        }
        for (first, second) in ticked.pairs {
            let started = match (
                self.player(&first.player).await,
                self.player(&second.player).await,
            ) {
                (Ok(one), Ok(two)) => self.start_quick(&first, &one, &two).await,
                (Err(e), _) | (_, Err(e)) => Err(e),
            };
            match started {
                Ok((one, two)) => {
                    self.tell(&first.player, &one).await;
                    self.tell(&second.player, &two).await;
                }
                Err(e) => eprintln!("koma serve: quick pairing: {e}"),
            }
        }
    }
}
