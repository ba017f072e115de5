//! Round robins by Berger tables, single or double.
//!
//! Players are numbered 0..n in the order of the draw (Berger's numbers 1..n). With an odd
//! field a dummy player n+1 is added and whoever meets it has the bye. The tables are the
//! ones FIDE publishes for round robins (Handbook C.05, annex 1): in round r (from 1) of n
//! players (n even), the last player meets player a with 2a − 1 ≡ r (mod n − 1), taking sente
//! in even rounds; the other boards pair a + k with a − k around the circle of the first
//! n − 1 players. Between two players below n the lower number takes sente when their numbers
//! add up to an odd number, the higher when even. A double round robin repeats the cycle with
//! every colour reversed.

use crate::record::Board;
use thiserror::Error;

/// One round of a round robin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundRobinRound {
    /// The boards, in the table's board order.
    pub boards: Vec<Board>,
    /// The player with the bye, when the field is odd.
    pub bye: Option<usize>,
}

/// What is wrong with a round robin asked for.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RoundRobinError {
    /// A round robin needs at least two players.
    #[error("a round robin needs at least two players, not {0}")]
    TooFewPlayers(usize),
}

/// The rounds of a round robin of `players` players over `cycles` cycles (1 single, 2 double;
/// even cycles reverse the colours of odd ones).
pub fn berger(players: usize, cycles: usize) -> Result<Vec<RoundRobinRound>, RoundRobinError> {
    if players < 2 {
        return Err(RoundRobinError::TooFewPlayers(players));
    }
    let n = players + players % 2;
    let m = n - 1;
    let mut cycle = Vec::with_capacity(m);
    for r in 1..=m {
        // Berger numbers are 1-based here and turned into 0-based indices at the end.
        let a = (1..n).find(|&a| (2 * a - 1) % m == r % m).unwrap_or(1);
        let mut pairs = vec![if r % 2 == 0 { (n, a) } else { (a, n) }];
        for k in 1..n / 2 {
            let up = (a - 1 + k) % m + 1;
            let down = (a - 1 + m - k) % m + 1;
            let (lo, hi) = (up.min(down), up.max(down));
            pairs.push(if (lo + hi) % 2 == 1 {
                (lo, hi)
            } else {
                (hi, lo)
            });
        }
        let mut round = RoundRobinRound {
            boards: Vec::new(),
            bye: None,
        };
        for (s, g) in pairs {
            if g > players {
                round.bye = Some(s - 1);
            } else if s > players {
                round.bye = Some(g - 1);
            } else {
                round.boards.push(Board {
                    sente: s - 1,
                    gote: g - 1,
                });
            }
        }
        cycle.push(round);
    }
    let mut rounds = Vec::with_capacity(cycle.len() * cycles);
    for c in 0..cycles {
        for round in &cycle {
            let mut round = round.clone();
            if c % 2 == 1 {
                for b in &mut round.boards {
                    *b = Board {
                        sente: b.gote,
                        gote: b.sente,
                    };
                }
            }
            rounds.push(round);
        }
    }
    Ok(rounds)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// FIDE's published Berger table for six players, in Berger numbers.
    #[test]
    fn six_players_follow_the_published_table() {
        let table = [
            [(1, 6), (2, 5), (3, 4)],
            [(6, 4), (5, 3), (1, 2)],
            [(2, 6), (3, 1), (4, 5)],
            [(6, 5), (1, 4), (2, 3)],
            [(3, 6), (4, 2), (5, 1)],
        ];
        let rounds = berger(6, 1).unwrap();
        assert_eq!(rounds.len(), 5);
        for (round, expected) in rounds.iter().zip(table) {
            let got: Vec<(usize, usize)> = round
                .boards
                .iter()
                .map(|b| (b.sente + 1, b.gote + 1))
                .collect();
            assert_eq!(got, expected.to_vec());
            assert_eq!(round.bye, None);
        }
    }

    #[test]
    fn too_few_players_is_an_error() {
        assert_eq!(berger(1, 1), Err(RoundRobinError::TooFewPlayers(1)));
        assert_eq!(berger(0, 2), Err(RoundRobinError::TooFewPlayers(0)));
    }
}
