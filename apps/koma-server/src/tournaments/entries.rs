//! Entries: players joining with their accounts, entered by the director over the board,
//! withdrawing; late entries in a Swiss or McMahon.
//!
//! Nobody is entered into a game he did not agree to: a director who enters an account
//! (other than his own) invites it, and the account becomes an entrant only when it accepts
//! (its join); until then it is listed as invited, never paired. Over-the-board entrants
//! without an account are entered at once, as before.

use super::model::{Entry, Status, Tournament};
use super::refusal::Refusal;
use super::service::{Tournaments, check_director, finished};
use super::settings::Format;
use crate::accounts::Player;
use crate::error::ApiError;
use koma_game::clock::TimeControl;
use koma_game::rating::Pool;
use koma_rules::VariantKind;
use koma_store::{TournamentId, UserId};

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
    /// The player's nationality, a two-letter country code (ISO 3166), for FESA's results
    /// file; any case, stored in capitals.
    #[serde(default)]
    pub nationality: Option<String>,
    /// The player's account (username), to play online.
    #[serde(default)]
    pub account: Option<String>,
}

/// What a player may say of himself as he joins: the FESA data a director would enter.
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JoinBody {
    /// His FESA id, if he has one.
    #[serde(default)]
    pub fesa_id: Option<String>,
    /// His nationality, a two-letter country code (ISO 3166), for FESA's results file.
    #[serde(default)]
    pub nationality: Option<String>,
}

/// A FESA id as entered: at most 32 characters, no control characters; blank is none.
fn checked_fesa_id(id: Option<String>) -> Result<Option<String>, ApiError> {
    match id {
        Some(f) if f.len() > 32 || f.chars().any(char::is_control) => {
            Err(Refusal::invalid("fesa_id", "at most 32 characters").into())
        }
        Some(f) if f.trim().is_empty() => Ok(None),
        other => Ok(other),
    }
}

/// A nationality as entered: a two-letter country code in any case, stored in capitals;
/// blank is none.
fn checked_nationality(code: Option<&str>) -> Result<Option<String>, ApiError> {
    match code.map(str::trim) {
        None | Some("") => Ok(None),
        Some(code) if code.len() == 2 && code.bytes().all(|b| b.is_ascii_alphabetic()) => {
            Ok(Some(code.to_ascii_uppercase()))
        }
        Some(_) => Err(Refusal::invalid("nationality", "a two-letter country code").into()),
    }
}

/// The lowest and highest rating an entry may have.
const RATINGS: std::ops::RangeInclusive<i32> = -1000..=5000;

impl Tournaments {
    /// The rating `player` enters `t` with: the account's in the pool of the event's
    /// clock (1500 before any rated game there).
    async fn rating_of(&self, t: &Tournament, account: &str) -> Result<i32, ApiError> {
        let control = match t.settings.clock.map(|c| c.time_control()).transpose()? {
            None => TimeControl::Unlimited,
            Some(text) => text
                .parse()
                .map_err(|source| ApiError::TimeControl { text, source })?,
        };
        let pool = Pool::of(VariantKind::Shogi, &control).key();
        let user = UserId::new(account);
        let glicko = self
            .hub
            .blocking(move |s| s.rating(&user, &pool))
            .await?
            .unwrap_or_default();
        Ok(i32::try_from(glicko.int_rating()).unwrap_or(1500))
    }

    /// `player` enters the tournament `id` (late entries in a Swiss or McMahon until the
    /// last round is paired), accepting the director's invitation if one waits.
    pub async fn join(
        &self,
        id: &TournamentId,
        player: &Player,
        said: JoinBody,
    ) -> Result<Tournament, ApiError> {
        let fesa_id = checked_fesa_id(said.fesa_id)?;
        let nationality = checked_nationality(said.nationality.as_deref())?;
        let (t, _) = self.read(id).await?;
        let rating = self.rating_of(&t, &player.id).await?;
        if t.settings.format == Format::Arena {
            return self.arena_join(id, player, rating).await;
        }
        let entry = Entry {
            fesa_id,
            nationality,
            ..Entry::of_account(player, rating)
        };
        let (t, ()) = self
            .change(id, |t| match t.invitation_of(&player.id) {
                // The director's entry as he made it (name, rating, FESA data).
                Some(i) => {
                    let invited = t.invited[i].clone();
                    enter(t, invited)?;
                    t.invited.remove(i);
                    Ok(())
                }
                None => enter(t, entry.clone()),
            })
            .await?;
        Ok(t)
    }

    /// The director enters a player.
    pub async fn add_player(
        &self,
        id: &TournamentId,
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
        let fesa_id = checked_fesa_id(body.fesa_id)?;
        let nationality = checked_nationality(body.nationality.as_deref())?;
        let (account, username) = match &body.account {
            None => (None, None),
            Some(username) => {
                let key = UserId::new(username.to_lowercase());
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
            fesa_id,
            fesa_games: body.fesa_games,
            nationality,
            first_round: 0,
            withdrawn_from: None,
        };
        // Another account is invited; the director's own is his consent.
        let invite = entry.account.as_ref().is_some_and(|a| *a != director.id);
        let (t, ()) = self
            .change(id, |t| {
                if invite {
                    invite_entry(t, entry.clone())
                } else {
                    enter(t, entry.clone())
                }
            })
            .await?;
        Ok(t)
    }

    /// `who` withdraws from the next round: the player, or the director naming `player`
    /// (its number).
    pub async fn withdraw(
        &self,
        id: &TournamentId,
        who: &Player,
        player: Option<usize>,
    ) -> Result<Tournament, ApiError> {
        if self.read(id).await?.0.settings.format == Format::Arena {
            return self.arena_pause(id, who, player).await;
        }
        let (t, _) = self
            .change(id, |t| {
                // Declining an invitation.
                if player.is_none()
                    && let Some(i) = t.invitation_of(&who.id)
                {
                    t.invited.remove(i);
                    return Ok(());
                }
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

/// Invites the account of `entry` to `t`: listed as invited until it accepts (its join),
/// while entries are open (late entries included).
fn invite_entry(t: &mut Tournament, entry: Entry) -> Result<(), ApiError> {
    entries_open(t)?;
    let account = entry.account.as_deref().unwrap_or_default();
    if t.entrant_of(account).is_some() || t.invitation_of(account).is_some() {
        return Err(Refusal::AlreadyEntered(entry.name).into());
    }
    if t.players.len() + t.invited.len() >= super::model::MAX_PLAYERS {
        return Err(Refusal::WrongState {
            status: t.status.name(),
            message: format!("it is full: {} players", super::model::MAX_PLAYERS),
        }
        .into());
    }
    t.invited.push(entry);
    Ok(())
}

/// Refused unless `t` takes entries now (late entries: Swiss and McMahon until the last
/// round is paired; never an arena's, whose players join it themselves).
fn entries_open(t: &Tournament) -> Result<(), ApiError> {
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
    Ok(())
}

/// Adds `entry` to `t` if entries are open (late entries: Swiss and McMahon until the last
/// round is paired), with its McMahon start score.
fn enter(t: &mut Tournament, mut entry: Entry) -> Result<(), ApiError> {
    entries_open(t)?;
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
