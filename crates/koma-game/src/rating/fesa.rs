//! FESA's Elo system for over-the-board results, as a tournament director enters them.
//!
//! # Sources
//!
//! fesashogi.eu, "Elo system" (fesashogi.eu/elo-system, the current page), point 1: the change
//! for one game is K(pr) · (result − f(pr, or)) with f(pr, or) = 1 / (1 + 10^((or − pr)/400)),
//! where pr is the player's rating before *that game* and or the opponent's rating *at the end
//! of the tournament*; result is 1, ½ or 0. The tournament's changes are added up with their
//! decimals and the sum is rounded once to the nearest integer. K depends on pr:
//!
//! | pr | K |
//! |---|---|
//! | 2240 and above | 16 |
//! | 1920 – 2239 | 20 |
//! | 1560 – 1919 | 24 |
//! | 1280 – 1559 | 28 |
//! | 1040 – 1279 | 32 |
//! | 720 – 1039 | 36 |
//! | below 720 | 40 |
//!
//! "Rating before each game" is read here as the rating before the tournament plus the
//! unrounded changes of the player's earlier games in it, as FESA's program does (below); K is
//! taken from that running rating too.
//!
//! The player's status (the older page, fesashogi.eu/index.php?mid=5&listid=elosystem, and
//! shogi.net/fesa/rating.intro, point 3; the current page does not restate it): *unrated* with
//! fewer than 9 rated games, or with only wins or only losses; *provisional* below 18 rated
//! games; *established* from 18. The games of the tournament being rated count.
//!
//! The Elo page says the rating program's source is published. A copy of it, `turnering.lisp`
//! (github.com/kota/elo_rating, commit 7468645, used by a club there), does more than the page
//! describes, and the older page's rules live on in it: the opponent's final rating is floored
//! at 400 (`get-single-elo-result-new`); a winner against a higher-rated opponent gains at
//! least K · (or − pr)/160 (`diff`, the "upset gain"); a player below 1800 with fewer than 100
//! counted games gets (1800 − pr)/200 more per game (`diff`, the "weak bonus"); the opponents'
//! final ratings are the rounded ones. [`Rules::PAGE`] follows the current page and is the
//! default; [`Rules::PROGRAM`] adds the program's extras. *Unrated* players are not rated by
//! the formula: the program gives them a performance rating ([`performance_rating`]), which
//! then serves as their final rating for their opponents.
//!
//! # Handicap games
//!
//! FESA's rules have varied: in 1996 handicap games were not rated (Eric Cheymol, shogi-l,
//! 1 August 1996); from 2002 USSF and FESA counted a handicap as a number of grades (Larry
//! Kaufman, shogi-l); in 2009 Kaufman described FESA's program as turning the giver's rating
//! into a fractional grade, lowering it by the handicap's grades and turning it back into a
//! rating for the formula (shogi-l, 15 July 2009), and that is what the program does
//! (`get-single-elo-result-new`, `elo-ranknr`, `ranknr-elo`), with values changed in 2005
//! ([`HandicapTable`]). koma does the same on FESA's grade bands, with the 2005 values by
//! default; only the formula's rating is lowered, K still comes from the player's own. (The
//! program lowers the giver's rating from before the tournament and rounds it, koma the rating
//! before the game, unrounded: a difference of a fraction of a point.) Handicaps without a value
//! are refused ([`FesaError::UnratedHandicap`]).
//!
//! ```
//! use koma_game::rating::fesa::{self, FesaGame};
//! use koma_game::rating::Score;
//!
//! // 1500 beats a player who ends the tournament at 1500: K 28 × (1 − ½) = +14.
//! let result = fesa::tournament(1500, &[FesaGame::even(1500.0, Score::Win)]).unwrap();
//! assert_eq!((result.change, result.rating), (14, 1514));
//! ```

use koma_rules::Handicap;

use super::Score;

mod event;
mod handicap;
mod performance;

pub use event::{Entrant, EventGame, EventResult, rate_event};
pub use handicap::HandicapTable;
pub use performance::{LOWEST_PERFORMANCE, performance_rating};

/// K by the player's rating: each band's lowest rating and its K (fesashogi.eu, "Elo
/// system", point 1).
const K_BANDS: [(f64, u32); 6] = [
    (2240.0, 16),
    (1920.0, 20),
    (1560.0, 24),
    (1280.0, 28),
    (1040.0, 32),
    (720.0, 36),
];
/// K below 720 (fesashogi.eu, "Elo system", point 1).
const K_BELOW: u32 = 40;

/// Rated games below which a player is unrated (old "Elo system" page, point 3).
pub const UNRATED_BELOW_GAMES: u32 = 9;
/// Rated games below which a player is provisional (old "Elo system" page, point 3).
pub const PROVISIONAL_BELOW_GAMES: u32 = 18;

/// The lowest opponent rating the formula uses under [`Rules::PROGRAM`] (old page, point 1;
/// program, `get-single-elo-result-new`).
pub const OPPONENT_FLOOR: f64 = 400.0;
/// The divisor of the upset gain K · (or − pr)/160 (old page, point 1; program, `diff`).
const UPSET_DIVISOR: f64 = 160.0;
/// Below this rating a player may get the weak bonus (program, `diff`).
const WEAK_BONUS_BELOW: f64 = 1800.0;
/// The weak bonus is (1800 − pr) / 200 a game (program, `diff`).
const WEAK_BONUS_DIVISOR: f64 = 200.0;
/// Counted games up to which the weak bonus is given (program, `diff` and `inc-games`).
pub const WEAK_BONUS_GAMES: u32 = 100;

/// Why a FESA rating could not be computed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum FesaError {
    /// A rating is not a finite number.
    #[error("FESA rating {0} is not a finite number")]
    NotFinite(f64),
    /// A handicap with no grade value in the table used.
    #[error("{} handicap games are not rated (no grade value for it)", .0.name())]
    UnratedHandicap(Handicap),
    /// A game names a player that is not in the event.
    #[error("game {game} names player {player}, but the event has {players} players")]
    UnknownPlayer {
        /// The game's index.
        game: usize,
        /// The player index given.
        player: usize,
        /// How many players there are.
        players: usize,
    },
    /// A game of a player against themself, or a handicap given by neither player.
    #[error("game {0} is not between two players of the event, or its handicap giver is neither")]
    BadGame(usize),
    /// A performance rating asked for without any results.
    #[error("a performance rating needs at least one result")]
    NoResults,
    /// The opponents' final ratings did not settle.
    #[error("the final ratings did not settle in {0} rounds of calculation")]
    NoConvergence(u32),
}

/// Which of FESA's published rules to rate with.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Rules {
    /// Opponent ratings below this count as this (the program: 400).
    pub opponent_floor: Option<f64>,
    /// A winner against a higher-rated opponent gains at least K · (or − pr)/160.
    pub upset_gain: bool,
    /// A player below 1800 with fewer than 100 counted games gets (1800 − pr)/200 a game.
    pub weak_bonus: bool,
    /// [`rate_event`] uses the opponents' rounded final ratings (the program) rather than the
    /// exact ones.
    pub round_finals: bool,
    /// The handicap values.
    pub handicaps: HandicapTable,
}

impl Rules {
    /// The current "Elo system" page: the basic formula only (and 2005 handicap values).
    pub const PAGE: Rules = Rules {
        opponent_floor: None,
        upset_gain: false,
        weak_bonus: false,
        round_finals: false,
        handicaps: HandicapTable::Fesa2005,
    };

    /// FESA's rating program: the page's formula, the 400 floor, the upset gain, the weak
    /// bonus and rounded final ratings.
    pub const PROGRAM: Rules = Rules {
        opponent_floor: Some(OPPONENT_FLOOR),
        upset_gain: true,
        weak_bonus: true,
        round_finals: true,
        handicaps: HandicapTable::Fesa2005,
    };
}

impl Default for Rules {
    /// [`Rules::PAGE`].
    fn default() -> Rules {
        Rules::PAGE
    }
}

/// K for a player rated `rating` (16 from 2240 up to 40 below 720).
pub fn k_factor(rating: f64) -> u32 {
    K_BANDS
        .iter()
        .find(|&&(from, _)| rating >= from)
        .map_or(K_BELOW, |&(_, k)| k)
}

/// The expected score of a player rated `player` against one rated `opponent`:
/// 1 / (1 + 10^((opponent − player)/400)).
pub fn expected(player: f64, opponent: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((opponent - player) / 400.0))
}

/// A player's standing in FESA's list, from the rated games played.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Fewer than 9 rated games, or only wins, or only losses.
    Unrated,
    /// Rated, with fewer than 18 rated games.
    Provisional,
    /// 18 rated games or more.
    Established,
}

impl Status {
    /// The status of a player with these rated results, the tournament being rated included.
    pub fn of(wins: u32, draws: u32, losses: u32) -> Status {
        let games = wins.saturating_add(draws).saturating_add(losses);
        let one_sided = draws == 0 && (wins == 0 || losses == 0);
        if games < UNRATED_BELOW_GAMES || one_sided {
            Status::Unrated
        } else if games < PROVISIONAL_BELOW_GAMES {
            Status::Provisional
        } else {
            Status::Established
        }
    }
}

/// Who gave a handicap in a game, seen from the player being rated.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum HandicapSide {
    /// An even game.
    Even,
    /// The player gave this handicap (played without those pieces).
    Gave(Handicap),
    /// The opponent gave this handicap.
    Received(Handicap),
}

/// One game of the player's tournament.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct FesaGame {
    /// The opponent's rating at the end of the tournament.
    pub opponent_final: f64,
    /// The player's result.
    pub score: Score,
    /// Who gave a handicap, if anyone.
    pub handicap: HandicapSide,
}

impl FesaGame {
    /// An even game against an opponent whose final rating is `opponent_final`.
    pub fn even(opponent_final: f64, score: Score) -> FesaGame {
        FesaGame {
            opponent_final,
            score,
            handicap: HandicapSide::Even,
        }
    }
}

/// A rated player before a tournament.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The rating before the tournament.
    pub rating: i64,
    /// Rated games counted for the weak bonus so far (the program counts up to 100).
    pub counted_games: u32,
}

impl Player {
    /// A player rated `rating` with `counted_games` rated games before.
    pub fn new(rating: i64, counted_games: u32) -> Player {
        Player {
            rating,
            counted_games,
        }
    }
}

/// A player's rating change over one tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentChange {
    /// Each game's change, unrounded, in the order played.
    pub per_game: Vec<f64>,
    /// Their sum, unrounded.
    pub exact: f64,
    /// The sum rounded to the nearest integer (halves away from zero).
    pub change: i64,
    /// The rating after the tournament: the rating before plus `change`.
    pub rating: i64,
}

/// The rating a giver rated `rating` counts as when giving `handicap`, with the 2005 values
/// (see [`HandicapTable::lowered`]).
pub fn lowered_by_handicap(rating: f64, handicap: Handicap) -> Result<f64, FesaError> {
    HandicapTable::Fesa2005.lowered(rating, handicap)
}

/// One game's unrounded change under the current page's rules for a player rated `rating`
/// just before it.
pub fn game_change(rating: f64, game: &FesaGame) -> Result<f64, FesaError> {
    game_change_with(&Rules::PAGE, rating, false, game)
}

/// One game's unrounded change under `rules`; `weak_bonus_due` says whether the player has
/// fewer than 100 counted games (only [`Rules::weak_bonus`] looks at it).
pub fn game_change_with(
    rules: &Rules,
    rating: f64,
    weak_bonus_due: bool,
    game: &FesaGame,
) -> Result<f64, FesaError> {
    let opponent = effective_opponent(rules, rating, game)?;
    let k = f64::from(k_factor(rating));
    let mut change = k * (game.score.value() - expected(rating, opponent));
    if rules.upset_gain && game.score == Score::Win && opponent > rating {
        change = change.max(k * (opponent - rating) / UPSET_DIVISOR);
    }
    if rules.weak_bonus && weak_bonus_due && rating < WEAK_BONUS_BELOW {
        change += (WEAK_BONUS_BELOW - rating) / WEAK_BONUS_DIVISOR;
    }
    Ok(change)
}

/// The opponent's rating as the formula sees it against a player rated `rating`: floored as
/// `rules` say, lowered if the opponent gave a handicap, raised by what the handicap takes off
/// the player's rating if the player gave one (the program's `get-single-elo-result-new`).
fn effective_opponent(rules: &Rules, rating: f64, game: &FesaGame) -> Result<f64, FesaError> {
    finite(rating)?;
    finite(game.opponent_final)?;
    let opponent = rules
        .opponent_floor
        .map_or(game.opponent_final, |floor| game.opponent_final.max(floor));
    Ok(match game.handicap {
        HandicapSide::Even => opponent,
        HandicapSide::Gave(h) => opponent + rating - rules.handicaps.lowered(rating, h)?,
        HandicapSide::Received(h) => rules.handicaps.lowered(opponent, h)?,
    })
}

/// A player's change over a tournament under the current page's rules: each game rated from
/// the running, unrounded rating, the changes summed and rounded once.
pub fn tournament(rating_before: i64, games: &[FesaGame]) -> Result<TournamentChange, FesaError> {
    tournament_with(&Rules::PAGE, &Player::new(rating_before, 0), games)
}

/// A player's change over a tournament under `rules`.
pub fn tournament_with(
    rules: &Rules,
    player: &Player,
    games: &[FesaGame],
) -> Result<TournamentChange, FesaError> {
    let mut running = player.rating as f64;
    let mut counted = player.counted_games;
    let mut per_game = Vec::with_capacity(games.len());
    for game in games {
        let change = game_change_with(rules, running, counted < WEAK_BONUS_GAMES, game)?;
        per_game.push(change);
        running += change;
        counted = counted.saturating_add(1);
    }
    let exact: f64 = per_game.iter().sum();
    let change = exact.round() as i64;
    Ok(TournamentChange {
        per_game,
        exact,
        change,
        rating: player.rating.saturating_add(change),
    })
}

fn finite(rating: f64) -> Result<(), FesaError> {
    if rating.is_finite() {
        Ok(())
    } else {
        Err(FesaError::NotFinite(rating))
    }
}
