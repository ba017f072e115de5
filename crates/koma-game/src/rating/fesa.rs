//! FESA's Elo system for over-the-board results, as a tournament director enters them.
//!
//! # Source
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
//! unrounded changes of the player's earlier games in it (the page keeps the decimals until the
//! end); K is taken from that running rating too. The opponents' final ratings are inputs: a
//! tournament director's program finds them together (each depends on the others), for example
//! by repeating the calculation until they no longer move.
//!
//! The older rules (fesashogi.eu/index.php?mid=5&listid=elosystem and shogi.net/fesa/
//! rating.intro, both point 1) differ, and koma does not follow them: they round each game's
//! change, use the opponent's rating before the game floored at 400, and give a winner
//! K · (or − pr)/160 instead when that is more.
//!
//! The player's status (old page, point 3, which the current page does not restate): *unrated*
//! with fewer than 9 rated games, or with only wins or only losses; *provisional* below 18
//! rated games; *established* from 18. The games of the tournament being rated count.
//!
//! # Handicap games
//!
//! FESA's rules have varied: in 1996 handicap games were not rated (Eric Cheymol, shogi-l,
//! 1 August 1996); from 2002 USSF and FESA counted a handicap as a number of grades (Larry
//! Kaufman, shogi-l: lance 0.5, bishop 1.5, rook 2, rook and lance 2.5, two pieces 3.5, four
//! pieces 4.5, five pieces 6, six pieces 7; "sente" 0.15, which koma has no handicap for), and
//! in 2009 Kaufman described FESA's program as turning the giver's rating into a fractional
//! grade, lowering it by the handicap's grades and turning it back into a rating, which then
//! enters the formula (shogi-l, 15 July 2009). FESA's current program could not be read for
//! this; koma uses the 2002 values in that 2009 procedure, on FESA's grade bands (80 points a
//! grade up to 4 kyu, then 100, 120, 160 and 200): [`lowered_by_handicap`]. Only the formula's
//! rating is lowered; K still comes from the giver's own rating. Other handicaps have no
//! published value and are refused ([`FesaError::UnratedHandicap`]).
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

use super::{GRADE_BANDS, Score};

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

/// Why a FESA rating could not be computed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum FesaError {
    /// A rating is not a finite number.
    #[error("FESA rating {0} is not a finite number")]
    NotFinite(f64),
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
    /// The opponents' final ratings did not settle.
    #[error("the final ratings did not settle in {0} rounds of calculation")]
    NoConvergence(u32),
    /// A handicap with no grade value in the 2002 USSF/FESA table.
    #[error("{} handicap games are not rated (no grade value for it)", .0.name())]
    UnratedHandicap(Handicap),
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

/// The grades a handicap is worth in rated games (2002 USSF/FESA values); 0 for an even
/// game, `None` for handicaps without a value.
pub fn handicap_grades(handicap: Handicap) -> Option<f64> {
    Some(match handicap {
        Handicap::Even => 0.0,
        Handicap::Lance => 0.5,
        Handicap::Bishop => 1.5,
        Handicap::Rook => 2.0,
        Handicap::RookLance => 2.5,
        Handicap::TwoPiece => 3.5,
        Handicap::FourPiece => 4.5,
        Handicap::FivePiece => 6.0,
        Handicap::SixPiece => 7.0,
        _ => return None,
    })
}

/// The rating a handicap giver rated `rating` counts as: the rating as a fractional FESA grade,
/// lowered by the handicap's grades, turned back into a rating.
pub fn lowered_by_handicap(rating: f64, handicap: Handicap) -> Result<f64, FesaError> {
    finite(rating)?;
    let grades = handicap_grades(handicap).ok_or(FesaError::UnratedHandicap(handicap))?;
    if grades == 0.0 {
        return Ok(rating);
    }
    Ok(rating_of_fractional_grade(
        fractional_grade(rating) - grades,
    ))
}

/// One game's unrounded change for a player rated `rating` just before it.
pub fn game_change(rating: f64, game: &FesaGame) -> Result<f64, FesaError> {
    finite(rating)?;
    finite(game.opponent_final)?;
    let (player, opponent) = match game.handicap {
        HandicapSide::Even => (rating, game.opponent_final),
        HandicapSide::Gave(h) => (lowered_by_handicap(rating, h)?, game.opponent_final),
        HandicapSide::Received(h) => (rating, lowered_by_handicap(game.opponent_final, h)?),
    };
    let k = f64::from(k_factor(rating));
    Ok(k * (game.score.value() - expected(player, opponent)))
}

/// A player's change over a tournament: each game rated from the running, unrounded rating,
/// the changes summed and rounded once.
pub fn tournament(rating_before: i64, games: &[FesaGame]) -> Result<TournamentChange, FesaError> {
    let mut running = rating_before as f64;
    let mut per_game = Vec::with_capacity(games.len());
    for game in games {
        let change = game_change(running, game)?;
        per_game.push(change);
        running += change;
    }
    let exact: f64 = per_game.iter().sum();
    let change = exact.round() as i64;
    Ok(TournamentChange {
        per_game,
        exact,
        change,
        rating: rating_before.saturating_add(change),
    })
}

/// One game of an event between players `a` and `b` (indices into the event's ratings).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct EventGame {
    /// One player.
    pub a: usize,
    /// The other.
    pub b: usize,
    /// The result for `a`.
    pub score_a: Score,
    /// The player who gave a handicap and which, if any.
    pub handicap: Option<(usize, Handicap)>,
}

/// Rounds of calculation before [`rate_event`] gives up.
const EVENT_ROUNDS: u32 = 200;

/// Rates a whole event: each player's [`tournament`] change, the opponents' final ratings
/// found together by repeating the calculation with the unrounded finals until none moves by
/// more than 10⁻⁹ (each depends on the others). `games` are in the order played.
pub fn rate_event(
    ratings_before: &[i64],
    games: &[EventGame],
) -> Result<Vec<TournamentChange>, FesaError> {
    let players = ratings_before.len();
    for (i, game) in games.iter().enumerate() {
        for player in [game.a, game.b] {
            if player >= players {
                return Err(FesaError::UnknownPlayer {
                    game: i,
                    player,
                    players,
                });
            }
        }
        let giver_plays = game
            .handicap
            .is_none_or(|(giver, _)| giver == game.a || giver == game.b);
        if game.a == game.b || !giver_plays {
            return Err(FesaError::BadGame(i));
        }
    }
    let mut finals: Vec<f64> = ratings_before.iter().map(|&r| r as f64).collect();
    for _ in 0..EVENT_ROUNDS {
        let results = ratings_before
            .iter()
            .enumerate()
            .map(|(p, &before)| tournament(before, &games_of(p, games, &finals)))
            .collect::<Result<Vec<_>, _>>()?;
        let mut moved: f64 = 0.0;
        for (final_rating, result) in finals.iter_mut().zip(&results) {
            let exact = (result.rating - result.change) as f64 + result.exact;
            moved = moved.max((exact - *final_rating).abs());
            *final_rating = exact;
        }
        if moved <= 1e-9 {
            return Ok(results);
        }
    }
    Err(FesaError::NoConvergence(EVENT_ROUNDS))
}

/// Player `p`'s games of an event, seen from their side, against the opponents' `finals`.
fn games_of(p: usize, games: &[EventGame], finals: &[f64]) -> Vec<FesaGame> {
    games
        .iter()
        .filter(|g| g.a == p || g.b == p)
        .map(|g| {
            let (opponent, score) = if g.a == p {
                (g.b, g.score_a)
            } else {
                (g.a, g.score_a.opposite())
            };
            let handicap = match g.handicap {
                None => HandicapSide::Even,
                Some((giver, h)) if giver == p => HandicapSide::Gave(h),
                Some((_, h)) => HandicapSide::Received(h),
            };
            FesaGame {
                opponent_final: finals[opponent],
                score,
                handicap,
            }
        })
        .collect()
}

fn finite(rating: f64) -> Result<(), FesaError> {
    if rating.is_finite() {
        Ok(())
    } else {
        Err(FesaError::NotFinite(rating))
    }
}

/// A rating as whole and fractional grades above rating 0 on FESA's bands (linear below 0 at
/// the first band's width, and above the last at its width).
fn fractional_grade(rating: f64) -> f64 {
    let mut grades = 0.0;
    for (i, &(start, width)) in GRADE_BANDS.iter().enumerate() {
        let (start, width) = (f64::from(start), f64::from(width));
        match GRADE_BANDS.get(i + 1) {
            Some(&(end, _)) if rating >= f64::from(end) => {
                grades += (f64::from(end) - start) / width;
            }
            _ => return grades + (rating - start) / width,
        }
    }
    grades
}

/// The rating at `grade` fractional grades above rating 0, inverse of [`fractional_grade`].
fn rating_of_fractional_grade(grade: f64) -> f64 {
    let mut grades = 0.0;
    for (i, &(start, width)) in GRADE_BANDS.iter().enumerate() {
        let (start, width) = (f64::from(start), f64::from(width));
        match GRADE_BANDS.get(i + 1) {
            Some(&(end, _)) if grade >= grades + (f64::from(end) - start) / width => {
                grades += (f64::from(end) - start) / width;
            }
            _ => return start + (grade - grades) * width,
        }
    }
    0.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractional_grades_round_trip() {
        for r in [
            -100.0, 0.0, 400.0, 1359.5, 1360.0, 1700.0, 2000.0, 2500.0, 3000.0,
        ] {
            let back = rating_of_fractional_grade(fractional_grade(r));
            assert!((back - r).abs() < 1e-9, "{r} -> {back}");
        }
        assert_eq!(fractional_grade(1360.0), 17.0);
        assert_eq!(fractional_grade(1680.0), 20.0);
        assert_eq!(fractional_grade(2440.0), 25.0);
    }
}
