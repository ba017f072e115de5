//! Rating a whole event: the opponents' final ratings found together.

use koma_rules::Handicap;

use super::{
    FesaError, FesaGame, HandicapSide, Player, Rules, TournamentChange, effective_opponent,
    performance_rating, tournament_with,
};
use crate::rating::Score;

/// One game of an event between players `a` and `b` (indices into the event's players).
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

impl EventGame {
    /// The game from player `p`'s side (one of its two players): the opponent, `p`'s score
    /// and `p`'s side of any handicap.
    pub fn seen_by(&self, p: usize) -> (usize, Score, HandicapSide) {
        let (opponent, score) = if self.a == p {
            (self.b, self.score_a)
        } else {
            (self.a, self.score_a.opposite())
        };
        let handicap = match self.handicap {
            None => HandicapSide::Even,
            Some((giver, h)) if giver == p => HandicapSide::Gave(h),
            Some((_, h)) => HandicapSide::Received(h),
        };
        (opponent, score, handicap)
    }
}

/// A player of an event, as FESA's list has them before it.
#[derive(Clone, Debug, PartialEq)]
pub enum Entrant {
    /// A provisional or established player: rated by the formula.
    Rated(Player),
    /// An unrated player, with the earlier rated results (opponent rating, score) that count
    /// towards a performance rating (see [`performance_rating`]).
    Unrated(Vec<(f64, Score)>),
}

impl Entrant {
    /// A player new to FESA's list whose strength the organiser gives as `rating`: unrated,
    /// with a win and a loss against `rating` counted before the event, as FESA's program
    /// counts a new player's national grade (`all-players`: a win and a loss against the
    /// grade's midpoint). The event's results then move the performance from `rating`, and
    /// a field of new players who only met each other is anchored at what was typed.
    pub fn new_player(rating: f64) -> Entrant {
        Entrant::Unrated(vec![(rating, Score::Win), (rating, Score::Loss)])
    }
}

/// A player's result of an event.
#[derive(Clone, Debug, PartialEq)]
pub enum EventResult {
    /// A rated player's change.
    Rated(TournamentChange),
    /// An unrated player's performance rating over the earlier results and this event.
    Unrated(i64),
}

impl EventResult {
    /// The rating after the event.
    pub fn rating(&self) -> i64 {
        match self {
            EventResult::Rated(change) => change.rating,
            EventResult::Unrated(performance) => *performance,
        }
    }
}

/// Rounds of calculation before [`rate_event`] gives up.
const EVENT_ROUNDS: u32 = 200;

/// What an unrated player's final rating starts from before the first round of calculation.
const UNRATED_START: f64 = 1500.0;

/// Rates a whole event under `rules`: rated players by the formula, each game against the
/// opponent's final rating; unrated players by their performance, which is then their final
/// rating. The finals depend on each other, so the calculation is repeated until they settle:
/// exactly (to 10⁻⁹) with unrounded finals, or unchanged with rounded ones (FESA's program,
/// `all-players`, repeats until no rounded change moves). `games` are in the order played.
/// Unrated players without earlier results start at 1500, so a group of them who only met each
/// other is rated from there.
pub fn rate_event(
    rules: &Rules,
    players: &[Entrant],
    games: &[EventGame],
) -> Result<Vec<EventResult>, FesaError> {
    check(players.len(), games)?;
    let mut finals = players
        .iter()
        .map(|p| match p {
            Entrant::Rated(player) => Ok(player.rating as f64),
            Entrant::Unrated(prior) if prior.is_empty() => Ok(UNRATED_START),
            Entrant::Unrated(prior) => performance_rating(prior).map(|r| r as f64),
        })
        .collect::<Result<Vec<f64>, _>>()?;
    for _ in 0..EVENT_ROUNDS {
        let results = players
            .iter()
            .enumerate()
            .map(|(i, p)| rate_one(rules, p, &games_of(i, games, &finals), finals[i]))
            .collect::<Result<Vec<_>, _>>()?;
        let mut moved: f64 = 0.0;
        for ((final_rating, result), player) in finals.iter_mut().zip(&results).zip(players) {
            let new = match (result, player) {
                (EventResult::Rated(change), Entrant::Rated(player)) if !rules.round_finals => {
                    player.rating as f64 + change.exact
                }
                _ => result.rating() as f64,
            };
            moved = moved.max((new - *final_rating).abs());
            *final_rating = new;
        }
        if moved <= 1e-9 {
            return Ok(results);
        }
    }
    Err(FesaError::NoConvergence(EVENT_ROUNDS))
}

/// One player's result of an event against the opponents' current `games` finals; `own` is
/// the player's current final (an unrated player's handicap offset is taken at it).
fn rate_one(
    rules: &Rules,
    player: &Entrant,
    games: &[FesaGame],
    own: f64,
) -> Result<EventResult, FesaError> {
    match player {
        Entrant::Rated(player) => tournament_with(rules, player, games).map(EventResult::Rated),
        Entrant::Unrated(prior) => {
            let mut results = prior.clone();
            for game in games {
                results.push((effective_opponent(rules, own, game)?, game.score));
            }
            if results.is_empty() {
                return Ok(EventResult::Unrated(own.round() as i64));
            }
            performance_rating(&results).map(EventResult::Unrated)
        }
    }
}

fn check(players: usize, games: &[EventGame]) -> Result<(), FesaError> {
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
    Ok(())
}

/// Player `p`'s games of an event, seen from their side, against the opponents' `finals`.
fn games_of(p: usize, games: &[EventGame], finals: &[f64]) -> Vec<FesaGame> {
    games
        .iter()
        .filter(|g| g.a == p || g.b == p)
        .map(|g| {
            let (opponent, score, handicap) = g.seen_by(p);
            FesaGame {
                opponent_final: finals[opponent],
                score,
                handicap,
            }
        })
        .collect()
}
