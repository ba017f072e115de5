//! Who acts for a seat: the holder of the seat's secret token (the page, the WebSocket) or
//! the account the seat belongs to (lishogi's API, authenticated by the account's token).
//! Resolved to a seat in one place, [`Actor::seat`].

use crate::error::ApiError;
use crate::games::LiveGame;
use koma_rules::Color;
use koma_store::UserId;

/// Who a request on a game speaks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actor<'a> {
    /// The holder of a seat's secret token.
    Token(&'a str),
    /// The account (its id, lowercase) a seat belongs to.
    Account(&'a str),
}

impl<'a> From<&'a str> for Actor<'a> {
    fn from(token: &'a str) -> Actor<'a> {
        Actor::Token(token)
    }
}

impl<'a> From<&'a String> for Actor<'a> {
    fn from(token: &'a String) -> Actor<'a> {
        Actor::Token(token)
    }
}

/// An [`Actor`] that owns its text: what a player's WebSocket speaks for while it is open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Speaker {
    /// The holder of a seat's secret token.
    Token(String),
    /// The logged-in account (its id) a seat belongs to: the player on another device
    /// than the one that took the seat.
    Account(UserId),
}

impl Speaker {
    /// The [`Actor`] this speaker is.
    pub fn actor(&self) -> Actor<'_> {
        match self {
            Speaker::Token(token) => Actor::Token(token),
            Speaker::Account(id) => Actor::Account(id),
        }
    }
}

impl<'a> From<&'a Speaker> for Actor<'a> {
    fn from(speaker: &'a Speaker) -> Actor<'a> {
        speaker.actor()
    }
}

impl Actor<'_> {
    /// The seat this actor holds in `live`, or 403 ([`ApiError::NoSeat`]).
    pub fn seat(self, live: &LiveGame) -> Result<Color, ApiError> {
        let seat = match self {
            Actor::Token(token) => live.seat_of(token),
            Actor::Account(user) => Color::ALL
                .into_iter()
                .find(|c| live.stored.players[c.index()].as_deref() == Some(user)),
        };
        seat.ok_or_else(|| ApiError::NoSeat {
            game: live.id().to_string(),
        })
    }
}
