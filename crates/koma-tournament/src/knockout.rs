//! Knockouts seeded by rating: seed 1 meets the last seed, and the bracket is laid out in the
//! standard order (for 32: 1–32, 16–17, 8–25, 9–24, ...) so that seeds 1 and 2 can meet only in
//! the final, seeds 1–4 only from the semi-finals on, and so on. A field short of a power of
//! two fills the bracket with byes, which fall to the top seeds. The higher seed is written
//! as sente; an event that draws colours by furigoma swaps them as it draws.

use crate::record::Board;
use thiserror::Error;

/// One match of a knockout round, in bracket order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KnockoutMatch {
    /// A game; `sente` is the higher seed in the first round, the upper half of the bracket
    /// after it.
    Game(Board),
    /// The player goes through without a game.
    Bye(usize),
}

/// What is wrong with a knockout asked for.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum KnockoutError {
    /// A knockout needs at least two players.
    #[error("a knockout needs at least two players, not {0}")]
    TooFewPlayers(usize),
    /// Not one winner for each game of the round.
    #[error("the round has {games} games but {winners} winners were given")]
    WinnerCount {
        /// Games in the round.
        games: usize,
        /// Winners given.
        winners: usize,
    },
    /// A winner given did not play in that game.
    #[error("game {game} of the round is between {sente} and {gote}; {winner} did not play in it")]
    NotInGame {
        /// The game's place among the round's games (from 1).
        game: usize,
        /// Sente in that game.
        sente: usize,
        /// Gote in that game.
        gote: usize,
        /// The winner given.
        winner: usize,
    },
    /// The round given was the final: there is no next round.
    #[error("the round given is the final; the knockout is decided")]
    Decided,
}

/// Seeds 1..=size in bracket order (size a power of two): each seed s is followed by its
/// first-round opponent size + 1 − s, and the top 2^j seeds lie in different 2^j-ths of the
/// list, so they cannot meet before the last j rounds.
pub fn bracket_order(size: usize) -> Vec<usize> {
    let mut order = vec![1];
    while order.len() < size {
        let next = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, next + 1 - s]).collect();
    }
    order
}

/// Players (indices into `ratings`) by seed: highest rating first, equal ratings in index
/// order.
pub fn seeds(ratings: &[i32]) -> Vec<usize> {
    let mut by_rating: Vec<usize> = (0..ratings.len()).collect();
    by_rating.sort_by(|&a, &b| ratings[b].cmp(&ratings[a]).then(a.cmp(&b)));
    by_rating
}

/// The first round of a knockout of players with the given ratings.
pub fn first_round(ratings: &[i32]) -> Result<Vec<KnockoutMatch>, KnockoutError> {
    let n = ratings.len();
    if n < 2 {
        return Err(KnockoutError::TooFewPlayers(n));
    }
    let seeded = seeds(ratings);
    let order = bracket_order(n.next_power_of_two());
    Ok(order
        .chunks(2)
        .map(|pair| {
            let (high, low) = (pair[0].min(pair[1]), pair[0].max(pair[1]));
            if low > n {
                KnockoutMatch::Bye(seeded[high - 1])
            } else {
                KnockoutMatch::Game(Board {
                    sente: seeded[high - 1],
                    gote: seeded[low - 1],
                })
            }
        })
        .collect())
}

/// The next round from a round and the winners of its games, in the order of its games
/// (byes go through by themselves).
pub fn next_round(
    round: &[KnockoutMatch],
    winners: &[usize],
) -> Result<Vec<KnockoutMatch>, KnockoutError> {
    let games: Vec<Board> = round
        .iter()
        .filter_map(|m| match m {
            KnockoutMatch::Game(b) => Some(*b),
            KnockoutMatch::Bye(_) => None,
        })
        .collect();
    if games.len() != winners.len() {
        return Err(KnockoutError::WinnerCount {
            games: games.len(),
            winners: winners.len(),
        });
    }
    if round.len() < 2 {
        return Err(KnockoutError::Decided);
    }
    let mut winner = winners.iter();
    let mut through = Vec::with_capacity(round.len());
    for (i, m) in round.iter().enumerate() {
        through.push(match *m {
            KnockoutMatch::Bye(p) => p,
            KnockoutMatch::Game(b) => {
                let w = *winner.next().unwrap_or(&b.sente);
                if w != b.sente && w != b.gote {
                    let game = round[..i]
                        .iter()
                        .filter(|m| matches!(m, KnockoutMatch::Game(_)))
                        .count()
                        + 1;
                    return Err(KnockoutError::NotInGame {
                        game,
                        sente: b.sente,
                        gote: b.gote,
                        winner: w,
                    });
                }
                w
            }
        });
    }
    Ok(through
        .chunks(2)
        .map(|pair| {
            KnockoutMatch::Game(Board {
                sente: pair[0],
                gote: pair[1],
            })
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thirty_two_follow_the_standard_order() {
        let order = bracket_order(32);
        assert_eq!(&order[..8], &[1, 32, 16, 17, 8, 25, 9, 24]);
        assert_eq!(&order[16..20], &[2, 31, 15, 18]);
        assert_eq!(bracket_order(8), vec![1, 8, 4, 5, 2, 7, 3, 6]);
    }

    #[test]
    fn bad_input_is_an_error() {
        assert_eq!(first_round(&[1500]), Err(KnockoutError::TooFewPlayers(1)));
        let round = first_round(&[1500, 1400, 1300, 1200]).unwrap();
        assert_eq!(
            next_round(&round, &[0]),
            Err(KnockoutError::WinnerCount {
                games: 2,
                winners: 1
            })
        );
        assert_eq!(
            next_round(&round, &[0, 0]),
            Err(KnockoutError::NotInGame {
                game: 2,
                sente: 1,
                gote: 2,
                winner: 0
            })
        );
        let last = next_round(&round, &[0, 1]).unwrap();
        assert_eq!(last, vec![KnockoutMatch::Game(Board { sente: 0, gote: 1 })]);
        assert_eq!(next_round(&last, &[1]), Err(KnockoutError::Decided));
    }
}
