//! Entries: players joining with their accounts, entered by the director over the board,
//! withdrawing; late entries in a Swiss or McMahon.

use super::model::{Entry, Status, Tournament};
use super::refusal::Refusal;
use super::service::{Tournaments, check_director, finished};
use super::settings::Format;
use crate::accounts::auth::Player;
use crate::error::ApiError;

/// The body of a director's entry of a player.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerBody {
    /// The name shown.
    pub name: String,
    /// The rating.
    pub rating: i32,
    /// The FESA id.
    #[serde(default)]
    pub fesa_id: Option<String>,
    /// FESA rated games counted before the event.
    #[serde(default)]
    pub fesa_games: Option<u32>,
    /// The player's account (username), to play online.
    #[serde(default)]
    pub account: Option<String>,
}

/// The lowest and highest rating an entry may have.
const RATINGS: std::ops::RangeInclusive<i32> = -1000..=5000;

impl Tournaments {
    /// The rating `player` enters `t` with: the account's in the pool of the event's
    /// clock (1500 before any rated game there).
    async fn rating_of(&self, t: &Tournament, account: &str) -> Result<i32, ApiError> {
        let control = t.settings.clock.map(|c| c.time_control()).transpose()?;
        let pool = crate::ratings::pool_of("shogi", control.as_deref())?.key();
        let user = account.to_string();
        let glicko = self
            .hub
            .blocking(move |s| s.rating(&user, &pool))
            .await?
            .unwrap_or_default();
        Ok(i32::try_from(glicko.int_rating()).unwrap_or(1500))
    }

    /// `player` enters the tournament `id` (late entries in a Swiss or McMahon until the
    /// last round is paired).
    pub async fn join(&self, id: &str, player: &Player) -> Result<Tournament, ApiError> {
        let (t, _) = self.read(id).await?;
        let rating = self.rating_of(&t, &player.id).await?;
        if t.settings.format == Format::Arena {
            return self.arena_join(id, player, rating).await;
        }
        let entry = Entry::of_account(player, rating);
        Ok(self.change(id, |t| enter(t, entry.clone())).await?.0)
    }

    /// The director enters a player.
    pub async fn add_player(
        &self,
        id: &str,
        director: &Player,
        body: PlayerBody,
    ) -> Result<Tournament, ApiError> {
        let (t, _) = self.read(id).await?;
        check_director(&t, director)?;
        let name = body.name.trim().to_string();
        let chars = name.chars().count();
        if chars == 0 || chars > super::settings::MAX_NAME || name.chars().any(char::is_control) {
            return Err(
                Refusal::invalid("name", "1 to 80 characters, no control characters").into(),
            );
        }
        if !RATINGS.contains(&body.rating) {
            return Err(Refusal::invalid(
                "rating",
                format!("{}..={}", RATINGS.start(), RATINGS.end()),
            )
            .into());
        }
        if body
            .fesa_id
            .as_ref()
            .is_some_and(|f| f.len() > 32 || f.chars().any(char::is_control))
        {
            return Err(Refusal::invalid("fesa_id", "at most 32 characters").into());
        }
        let (account, username) = match &body.account {
            None => (None, None),
            Some(username) => {
                let key = username.to_lowercase();
                let found = self.hub.blocking(move |s| s.user(&key)).await?;
                match found {
                    Some(user) if user.deleted_ms.is_none() => (Some(user.id), Some(user.username)),
                    _ => {
                        return Err(Refusal::invalid(
                            "account",
                            format!("no account '{username}'"),
                        )
                        .into());
                    }
                }
            }
        };
        let entry = Entry {
            name,
            account,
            username,
            rating: body.rating,
            start_score: 0,
            fesa_id: body.fesa_id,
            fesa_games: body.fesa_games,
            first_round: 0,
            withdrawn_from: None,
        };
        Ok(self.change(id, |t| enter(t, entry.clone())).await?.0)
    }

    /// `who` withdraws from the next round: the player, or the director naming `player`
    /// (its number).
    pub async fn withdraw(
        &self,
        id: &str,
        who: &Player,
        player: Option<usize>,
    ) -> Result<Tournament, ApiError> {
        if self.read(id).await?.0.settings.format == Format::Arena {
            return self.arena_pause(id, who, player).await;
        }
        let (t, _) = self
            .change(id, |t| {
                let i = named(t, who, player)?;
                if t.status == Status::Finished {
                    return Err(finished(t).into());
                }
                if t.players[i].withdrawn_from.is_some() {
                    return Err(Refusal::NotEntered(format!(
                        "{} has withdrawn already",
                        t.players[i].name
                    ))
                    .into());
                }
                if t.status == Status::Entries {
                    t.players.remove(i);
                } else {
                    t.players[i].withdrawn_from = Some(t.rounds.len());
                }
                Ok(())
            })
            .await?;
        Ok(t)
    }
}

/// Adds `entry` to `t` if entries are open (late entries: Swiss and McMahon until the last
/// round is paired), with its McMahon start score.
fn enter(t: &mut Tournament, mut entry: Entry) -> Result<(), ApiError> {
    if t.settings.format == Format::Arena {
        return Err(Refusal::invalid("format", "an arena's players join it themselves").into());
    }
    let late = t.status == Status::Running
        && t.settings.format.late_entries()
        && t.rounds.len() < t.rounds_planned();
    if t.status != Status::Entries && !late {
        return Err(Refusal::WrongState {
            status: t.status.name(),
            message: "entries are closed".into(),
        }
        .into());
    }
    if let Some(account) = &entry.account
        && t.entrant_of(account).is_some()
    {
        return Err(Refusal::AlreadyEntered(entry.name).into());
    }
    entry.first_round = t.rounds.len();
    if let Some(m) = &t.settings.mcmahon {
        entry.start_score = m.start_score(entry.rating);
    }
    t.admit(entry)?;
    Ok(())
}

/// The entrant a withdrawal or pause is for: the player `n` the director names, or the
/// account asking.
pub(super) fn named(
    t: &Tournament,
    who: &Player,
    player: Option<usize>,
) -> Result<usize, ApiError> {
    Ok(match player {
        Some(n) => {
            check_director(t, who)?;
            n.checked_sub(1)
                .filter(|&i| i < t.players.len())
                .ok_or_else(|| Refusal::invalid("player", format!("no player {n}")))?
        }
        None => t
            .entrant_of(&who.id)
            .ok_or_else(|| Refusal::NotEntered(format!("{} is not entered", who.name)))?,
    })
}
