//! Rating a whole event: the opponents' final ratings found together.

use koma_rules::Handicap;

use super::{FesaError, FesaGame, HandicapSide, Player, Rules, TournamentChange, tournament_with};
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

/// Rounds of calculation before [`rate_event`] gives up.
const EVENT_ROUNDS: u32 = 200;

/// Rates a whole event under `rules`: each player's change, each game rated against the
/// opponent's final rating. The finals depend on each other, so the calculation is repeated
/// until they settle: exactly (to 10⁻⁹) with unrounded finals, or unchanged with rounded ones
/// (FESA's program, `all-players`, repeats until no rounded change moves). `games` are in the
/// order played.
pub fn rate_event(
    rules: &Rules,
    players: &[Player],
    games: &[EventGame],
) -> Result<Vec<TournamentChange>, FesaError> {
    check(players.len(), games)?;
    let mut finals: Vec<f64> = players.iter().map(|p| p.rating as f64).collect();
    for _ in 0..EVENT_ROUNDS {
        let results = players
            .iter()
            .enumerate()
            .map(|(i, player)| tournament_with(rules, player, &games_of(i, games, &finals)))
            .collect::<Result<Vec<_>, _>>()?;
        let mut moved: f64 = 0.0;
        for ((final_rating, result), player) in finals.iter_mut().zip(&results).zip(players) {
            let new = if rules.round_finals {
                result.rating as f64
            } else {
                player.rating as f64 + result.exact
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
