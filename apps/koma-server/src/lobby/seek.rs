//! What the lobby is asked (a seek, a quick pairing), why it refuses, and what it shows of a
//! seek.

use crate::games::CreateRequest;
use koma_game::rating::glicko::{MAX_RATING, MIN_RATING};
use koma_game::rating::{Glicko, Rank};
use koma_store::UserId;
use serde::{Deserialize, Serialize};

/// A seek (`POST /api/lobby/seeks`): the game its poster wants and the opponent he accepts.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeekRequest {
    /// `shogi` (default) or `tori`.
    pub variant: Option<String>,
    /// The time control (`10m+30s`, `fischer:3m+2s`; default none).
    pub time_control: Option<String>,
    /// Whether the game is rated (default false).
    pub rated: Option<bool>,
    /// The lowest rating of the opponent in the seek's pool.
    pub rating_min: Option<i64>,
    /// The highest rating of the opponent in the seek's pool.
    pub rating_max: Option<i64>,
    /// The poster's side: `sente`, `gote` or `random` (default: furigoma).
    pub side: Option<String>,
    /// A named handicap start (unrated; the giver plays gote).
    pub handicap: Option<String>,
}

impl SeekRequest {
    /// The game the seek asks for, as the hub creates games.
    pub fn game(&self) -> CreateRequest {
        CreateRequest {
            variant: self.variant.clone(),
            handicap: self.handicap.clone(),
            time_control: self.time_control.clone(),
            side: self.side.clone(),
            rated: self.rated,
            ..CreateRequest::default()
        }
    }
}

/// A quick pairing (`POST /api/lobby/quick`): any opponent in a rating window.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuickRequest {
    /// `shogi` (default) or `tori`.
    pub variant: Option<String>,
    /// The time control (required: quick pairing is for games with a clock).
    pub time_control: Option<String>,
    /// Whether the game is rated (default true).
    pub rated: Option<bool>,
}

impl QuickRequest {
    /// The game the pairing asks for (sides by furigoma).
    pub fn game(&self) -> CreateRequest {
        CreateRequest {
            variant: self.variant.clone(),
            time_control: self.time_control.clone(),
            rated: Some(self.rated.unwrap_or(true)),
            side: Some("random".to_string()),
            ..CreateRequest::default()
        }
    }
}

/// Why the lobby refuses a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum LobbyRefusal {
    /// A guest tried to post, accept or pair (401).
    #[error("the lobby pairs accounts: log in (or sign up) to post or accept a seek")]
    LoginRequired,
    /// No open seek has that id: accepted by someone else, cancelled or expired (404).
    #[error("no open seek '{0}': it was taken, cancelled or expired")]
    NoSuchSeek(SeekId),
    /// The poster tried to accept his own seek (403).
    #[error("this is your own seek: another player must accept it")]
    OwnSeek,
    /// A seek that is not the requester's to cancel (403).
    #[error("this seek is another player's: only its poster cancels it")]
    NotYourSeek,
    /// The accepting player's rating is outside the seek's range (403).
    #[error("your rating {rating} is outside this seek's range {min}..{max}")]
    OutOfRange {
        /// The accepting player's rating in the seek's pool.
        rating: i64,
        /// The lowest accepted.
        min: i64,
        /// The highest accepted.
        max: i64,
    },
    /// A rating range whose minimum is above its maximum (400).
    #[error("rating range {min}..{max}: the minimum is above the maximum")]
    BadRange {
        /// The minimum given.
        min: i64,
        /// The maximum given.
        max: i64,
    },
    /// A quick pairing without a clock (400).
    #[error("quick pairing needs a time control with a clock (e.g. 3m+2s or 10m+30s)")]
    QuickWithoutClock,
    /// The lobby holds as many seeks as it may (503).
    #[error("the lobby is full; try again later")]
    Full,
}

/// A seek's id: 16 hex digits, kept as bytes so that a refusal naming it is `Copy`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct SeekId([u8; 16]);

impl SeekId {
    /// The id read from `text`, if it has the shape of one (anything else names no seek).
    pub fn parse(text: &str) -> Option<SeekId> {
        let bytes: [u8; 16] = text.as_bytes().try_into().ok()?;
        bytes
            .iter()
            .all(|b| b.is_ascii_hexdigit())
            .then_some(SeekId(bytes))
    }

    /// A new random id.
    pub fn new() -> Result<SeekId, getrandom::Error> {
        let text = koma_store::tokens::game_id()?;
        Ok(SeekId::parse(&text).unwrap_or(SeekId([b'0'; 16])))
    }

    /// The id's text.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.0).unwrap_or("")
    }
}

impl std::fmt::Display for SeekId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::fmt::Debug for SeekId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SeekId({})", self.as_str())
    }
}

impl Serialize for SeekId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for SeekId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<SeekId, D::Error> {
        let text = String::deserialize(d)?;
        SeekId::parse(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("not a seek id: {text}")))
    }
}

impl LobbyRefusal {
    /// The stable code.
    pub fn code(self) -> &'static str {
        match self {
            LobbyRefusal::LoginRequired => "login_required",
            LobbyRefusal::NoSuchSeek(_) => "no_such_seek",
            LobbyRefusal::OwnSeek => "own_seek",
            LobbyRefusal::NotYourSeek => "not_your_seek",
            LobbyRefusal::OutOfRange { .. } => "out_of_rating_range",
            LobbyRefusal::BadRange { .. } => "bad_rating_range",
            LobbyRefusal::QuickWithoutClock => "quick_without_clock",
            LobbyRefusal::Full => "lobby_full",
        }
    }
}

/// A player as the lobby shows him: name, rating in the pool ("?" while provisional), rank.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LobbyPlayer {
    /// The account's id.
    pub id: UserId,
    /// The username.
    pub name: String,
    /// The rating in the seek's pool.
    pub rating: i64,
    /// Whether it is provisional (shown with "?").
    pub provisional: bool,
    /// The rank (`3 kyu`), by lishogi's table as everywhere in koma.
    pub rank: String,
    /// The rank in Japanese.
    pub rank_ja: String,
}

impl LobbyPlayer {
    /// The player `id` called `name` with `rating`.
    pub fn new(id: &UserId, name: &str, rating: &Glicko) -> LobbyPlayer {
        let rank = Rank::of(rating.rating);
        LobbyPlayer {
            id: id.clone(),
            name: name.to_string(),
            rating: rating.int_rating(),
            provisional: rating.is_provisional(),
            rank: rank.to_string(),
            rank_ja: rank.japanese(),
        }
    }
}

/// An open seek as the lobby lists it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SeekView {
    /// The seek's id (accept it with `POST /api/lobby/seeks/{id}/accept`).
    pub id: SeekId,
    /// The poster.
    pub player: LobbyPlayer,
    /// The variant's name.
    pub variant: String,
    /// The time control (null: none).
    pub time_control: Option<String>,
    /// The rating pool (`shogi-blitz`).
    pub pool: String,
    /// Whether the game will be rated.
    pub rated: bool,
    /// The lowest opponent's rating accepted.
    pub rating_min: Option<i64>,
    /// The highest opponent's rating accepted.
    pub rating_max: Option<i64>,
    /// The poster's side: `sente`, `gote` or `random`.
    pub side: String,
    /// The handicap (null: an even game).
    pub handicap: Option<String>,
    /// When it was posted (Unix milliseconds).
    pub created_ms: u64,
}

impl SeekView {
    /// Whether `rating` is inside the range, or the refusal saying it is not.
    pub fn admits(&self, rating: i64) -> Result<(), LobbyRefusal> {
        let (min, max) = (
            self.rating_min.unwrap_or(MIN_RATING as i64),
            self.rating_max.unwrap_or(MAX_RATING as i64),
        );
        if (min..=max).contains(&rating) {
            Ok(())
        } else {
            Err(LobbyRefusal::OutOfRange { rating, min, max })
        }
    }
}

/// Refuses a range whose minimum is above its maximum.
pub fn check_range(min: Option<i64>, max: Option<i64>) -> Result<(), LobbyRefusal> {
    match (min, max) {
        (Some(min), Some(max)) if min > max => Err(LobbyRefusal::BadRange { min, max }),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_ranges() {
        let id = SeekId::new().unwrap();
        assert_eq!(SeekId::parse(id.as_str()), Some(id));
        assert_eq!(SeekId::parse("zz"), None);
        assert_eq!(SeekId::parse("0123456789abcdeg"), None);
        assert_eq!(
            check_range(Some(1600), Some(1400)),
            Err(LobbyRefusal::BadRange {
                min: 1600,
                max: 1400
            })
        );
        assert!(check_range(Some(1400), None).is_ok());
    }
}
