//! The accounts playing a game's seats: who may play a rated game, and what the game's state
//! shows of each player (name, rating, rank, the change a rated game made) and of the two
//! together (the handicap their ratings call for).

use crate::accounts::Player;
use crate::games::CreateRequest;
use koma_game::clock::TimeControl;
use koma_game::rating::{Glicko, Rank, suggest_for_ratings};
use koma_rules::{Color, GameKind, Handicap};
use koma_store::GameId;
use koma_store::UserId;
use koma_store::accounts::DELETED_PLAYER;
use koma_store::{GameSetup, NewGame, Store, StoreError};
use serde::Serialize;

/// Why a rated game, or a seat, is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SeatRefusal {
    /// A guest asked for a rated game (401).
    #[error("a rated game is between two accounts: log in (or sign up) to create one")]
    RatedByGuest,
    /// A guest opened the invitation of a rated game (401).
    #[error("this is a rated game: log in (or sign up) to take the seat")]
    RatedJoinedByGuest,
    /// A rated game against the engine (400).
    #[error("a game against the engine cannot be rated: play it casual")]
    RatedAgainstEngine,
    /// A rated game from a handicap or a position (400).
    #[error("a rated game starts from the standard position: handicap games are unrated")]
    RatedFromPosition,
    /// A rated game without a clock (400).
    #[error("a rated game needs a clock: give a time control other than none")]
    RatedWithoutClock,
    /// The creator opened his own invitation (403).
    #[error("you created this game: one player cannot take both seats")]
    OwnGame,
}

impl SeatRefusal {
    /// The stable code.
    pub fn code(self) -> &'static str {
        match self {
            SeatRefusal::RatedByGuest | SeatRefusal::RatedJoinedByGuest => "login_required",
            SeatRefusal::RatedAgainstEngine => "rated_against_engine",
            SeatRefusal::RatedFromPosition => "rated_from_position",
            SeatRefusal::RatedWithoutClock => "rated_without_clock",
            SeatRefusal::OwnGame => "own_game",
        }
    }
}

/// Whether `request` asks for a rated game, refused unless `creator` is logged in and the
/// game is one lishogi would rate: against a person, from the standard start, with a clock.
pub fn check_rated(request: &CreateRequest, creator: Option<&Player>) -> Result<bool, SeatRefusal> {
    if request.rated != Some(true) {
        return Ok(false);
    }
    if creator.is_none() {
        return Err(SeatRefusal::RatedByGuest);
    }
    if request.opponent.as_deref() == Some("engine") {
        return Err(SeatRefusal::RatedAgainstEngine);
    }
    let handicap = request
        .handicap
        .as_deref()
        .is_some_and(|h| Handicap::from_name(h) != Some(Handicap::Even));
    if handicap || request.sfen.is_some() {
        return Err(SeatRefusal::RatedFromPosition);
    }
    // A time control that cannot be read is refused later, naming what is wrong with it.
    let unlimited = match request.time_control.as_deref() {
        None => true,
        Some(text) => matches!(text.parse::<TimeControl>(), Ok(TimeControl::Unlimited)),
    };
    if unlimited {
        return Err(SeatRefusal::RatedWithoutClock);
    }
    Ok(true)
}

/// Whether `player` may take the free seat of `game`: a rated game needs an account, and
/// nobody takes both seats.
pub fn check_join(game: &NewGame, player: Option<&Player>) -> Result<(), SeatRefusal> {
    let creator = game.players[game.creator.index()].as_deref();
    match player {
        None if game.rated => Err(SeatRefusal::RatedJoinedByGuest),
        Some(p) if creator == Some(p.id.as_str()) => Err(SeatRefusal::OwnGame),
        _ => Ok(()),
    }
}

/// An account playing a seat, as the game holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatPlayer {
    /// The account's id.
    pub id: UserId,
    /// The name shown: the username, or "deleted player".
    pub name: String,
    /// The rating in the game's pool before the game.
    pub before: Glicko,
    /// The rating after it, once a rated game was rated.
    pub after: Option<Glicko>,
    /// A bot account (lishogi's title `BOT`).
    pub bot: bool,
}

/// A seat's player in the game's state.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerView {
    /// The account's id (the lowercase username).
    pub id: UserId,
    /// The name shown ("deleted player" for a deleted account).
    pub name: String,
    /// The rating in the game's pool: before the game, and after it once rated.
    pub rating: i64,
    /// Whether that rating is provisional (shown with "?").
    pub provisional: bool,
    /// Its rank (`3 kyu`, `1 dan`), by lishogi's table.
    pub rank: String,
    /// The rank in Japanese (`3級`, `初段`).
    pub rank_ja: String,
    /// The rating before the game.
    pub rating_before: i64,
    /// The change the game made, once rated (as lishogi: the whole ratings' difference).
    pub diff: Option<i64>,
}

/// Both seats' players in the game's state (null: a guest, the engine, or a free seat).
#[derive(Clone, Debug, Serialize)]
pub struct PlayersView {
    /// Sente's player.
    pub sente: Option<PlayerView>,
    /// Gote's player.
    pub gote: Option<PlayerView>,
}

/// The handicap two players' ratings call for.
#[derive(Clone, Debug, Serialize)]
pub struct HandicapView {
    /// The handicap's name (`even`, `lance`, `two-piece`...).
    pub handicap: &'static str,
    /// Its Japanese name.
    pub japanese: &'static str,
    /// The seat of the stronger player, who gives it (null for `even`).
    pub giver: Option<&'static str>,
}

impl SeatPlayer {
    /// The player as the state shows it.
    pub fn view(&self) -> PlayerView {
        let now = self.after.unwrap_or(self.before);
        let rank = Rank::of(now.rating);
        PlayerView {
            id: self.id.clone(),
            name: self.name.clone(),
            rating: now.int_rating(),
            provisional: now.is_provisional(),
            rank: rank.to_string(),
            rank_ja: rank.japanese(),
            rating_before: self.before.int_rating(),
            diff: self
                .after
                .map(|a| a.int_rating() - self.before.int_rating()),
        }
    }
}

/// Both seats' players as the state shows them.
pub fn view(players: &[Option<SeatPlayer>; 2]) -> PlayersView {
    PlayersView {
        sente: players[0].as_ref().map(SeatPlayer::view),
        gote: players[1].as_ref().map(SeatPlayer::view),
    }
}

/// The handicap the two players' ratings before the game call for, when both seats are
/// accounts. `suggest_for_ratings` reads FESA's grade bands, which are fitted to FESA's Elo
/// ratings; online Glicko-2 ratings are used here as if they were FESA Elo, which is an
/// approximation (the scales are close in the middle, not at the ends).
pub fn suggested_handicap(
    variant: GameKind,
    players: &[Option<SeatPlayer>; 2],
) -> Option<HandicapView> {
    // Chu has no handicap starts of koma's yet.
    let (GameKind::Family(variant), [Some(sente), Some(gote)]) = (variant, players) else {
        return None;
    };
    let whole = |g: &Glicko| u32::try_from(g.int_rating().max(0)).unwrap_or(0);
    let (a, b) = (whole(&sente.before), whole(&gote.before));
    let handicap = suggest_for_ratings(variant, a, b);
    let giver = match (handicap, a.cmp(&b)) {
        (Handicap::Even, _) | (_, std::cmp::Ordering::Equal) => None,
        (_, std::cmp::Ordering::Greater) => Some(Color::Black.name()),
        (_, std::cmp::Ordering::Less) => Some(Color::White.name()),
    };
    Some(HandicapView {
        handicap: handicap.name(),
        japanese: handicap.japanese(),
        giver,
    })
}

/// The seats' players (`players`: each seat's account) of game `id`, set up as `setup`,
/// from the store at `now_s` (Unix seconds): each account's name and rating in the game's
/// pool; for a rated game already rated, the ratings before and after it as stored.
pub fn load(
    store: &dyn Store,
    id: &GameId,
    setup: &GameSetup,
    rated: bool,
    players: &[Option<UserId>; 2],
    now_s: u64,
) -> Result<[Option<SeatPlayer>; 2], StoreError> {
    let pool = setup.pool().key();
    let changes = if rated {
        store.game_changes(id)?
    } else {
        Vec::new()
    };
    let mut out = [None, None];
    for seat in Color::ALL {
        let Some(id) = &players[seat.index()] else {
            continue;
        };
        let user = store.user(id)?;
        let name = user.as_ref().map_or_else(
            || DELETED_PLAYER.to_string(),
            |u| u.shown_name().to_string(),
        );
        let bot = user.is_some_and(|u| u.bot);
        let change = changes.iter().find(|c| c.seat == seat);
        let before = match change {
            Some(c) => c.before,
            None => store.rating(id, &pool)?.unwrap_or_default().at(now_s),
        };
        out[seat.index()] = Some(SeatPlayer {
            id: id.clone(),
            name,
            before,
            after: change.map(|c| c.after),
            bot,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(id: &str) -> Player {
        Player {
            id: id.into(),
            name: id.into(),
            bot: false,
            credential: crate::accounts::Credential::Token,
        }
    }

    fn request(json: serde_json::Value) -> CreateRequest {
        serde_json::from_value(json).unwrap()
    }

    #[test]
    fn what_may_be_rated() {
        let habu = player("habu");
        let ok = request(serde_json::json!({"rated": true, "time_control": "10m+30s"}));
        assert_eq!(check_rated(&ok, Some(&habu)), Ok(true));
        assert_eq!(check_rated(&ok, None), Err(SeatRefusal::RatedByGuest));
        let casual = request(serde_json::json!({"time_control": "none"}));
        assert_eq!(check_rated(&casual, None), Ok(false));
        let even = request(
            serde_json::json!({"rated": true, "handicap": "even", "time_control": "sudden:5m"}),
        );
        assert_eq!(check_rated(&even, Some(&habu)), Ok(true));
        for (json, refusal) in [
            (
                serde_json::json!({"rated": true, "opponent": "engine", "time_control": "5m"}),
                SeatRefusal::RatedAgainstEngine,
            ),
            (
                serde_json::json!({"rated": true, "handicap": "lance", "time_control": "5m"}),
                SeatRefusal::RatedFromPosition,
            ),
            (
                serde_json::json!({"rated": true, "sfen": "4k4/9/9/9/9/9/9/9/4K4 b - 1", "time_control": "5m"}),
                SeatRefusal::RatedFromPosition,
            ),
            (
                serde_json::json!({"rated": true}),
                SeatRefusal::RatedWithoutClock,
            ),
            (
                serde_json::json!({"rated": true, "time_control": "none"}),
                SeatRefusal::RatedWithoutClock,
            ),
        ] {
            assert_eq!(check_rated(&request(json), Some(&habu)), Err(refusal));
            assert!(refusal.status().is_client_error());
        }
    }

    fn seat(id: &str, rating: f64, after: Option<f64>) -> SeatPlayer {
        SeatPlayer {
            id: id.into(),
            name: id.into(),
            before: Glicko {
                rating,
                ..Glicko::default()
            },
            after: after.map(|rating| Glicko {
                rating,
                deviation: 290.0,
                ..Glicko::default()
            }),
            bot: false,
        }
    }

    #[test]
    fn views_and_the_handicap() {
        let v = seat("alice", 1500.0, Some(1662.21)).view();
        assert_eq!(
            (v.rating, v.rating_before, v.diff, v.provisional),
            (1662, 1500, Some(162), true)
        );
        assert_eq!((v.rank.as_str(), v.rank_ja.as_str()), ("2 dan", "二段"));
        let v = seat("bob", 1500.0, Some(1337.79)).view();
        assert_eq!(
            (v.rating, v.diff, v.rank.as_str()),
            (1337, Some(-163), "3 kyu")
        );
        let players = [Some(seat("a", 1847.0, None)), Some(seat("b", 1355.0, None))];
        let h = suggested_handicap(koma_rules::VariantKind::Shogi.into(), &players).unwrap();
        assert_eq!((h.handicap, h.giver), ("two-piece", Some("sente")));
        let even = [Some(seat("a", 1500.0, None)), Some(seat("b", 1500.0, None))];
        let h = suggested_handicap(koma_rules::VariantKind::Shogi.into(), &even).unwrap();
        assert_eq!((h.handicap, h.giver), ("even", None));
        assert!(
            suggested_handicap(
                koma_rules::VariantKind::Shogi.into(),
                &[None, Some(seat("b", 1.0, None))]
            )
            .is_none()
        );
    }
}
