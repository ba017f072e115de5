//! Standings: the field ordered by score and then by the tie-breaks the director chose, in the
//! order chosen, with ranks shared by players tied on everything.

use crate::record::Record;
use crate::tiebreak;
use thiserror::Error;

/// A tie-break the director can choose (see [`crate::tiebreak`] for how each is counted).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// Sum of opponents' scores.
    Sos,
    /// Sum of opponents' SOS.
    Sosos,
    /// Sum of defeated opponents' scores (half for a draw).
    Sodos,
    /// SOS without the highest and the lowest opponent.
    MedianSos,
    /// Points against the others tied on everything before this tie-break.
    DirectEncounter,
}

impl TieBreak {
    /// How many units of this tie-break's value make one point: 4 for SODOS (quarter
    /// points), 2 for the others (half points).
    pub fn units_per_point(self) -> i32 {
        match self {
            TieBreak::Sodos => 4,
            _ => 2,
        }
    }
}

/// What is wrong with the tie-breaks asked for.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StandingsError {
    /// The same tie-break was listed twice.
    #[error("the tie-break {0:?} is listed twice")]
    Repeated(TieBreak),
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    /// The entrant's index.
    pub player: usize,
    /// 1-based rank, shared by players equal on score and every tie-break.
    pub rank: usize,
    /// Score in half points (McMahon start score included).
    pub score: i32,
    /// The tie-break values, in the order asked for (units: [`TieBreak::units_per_point`]).
    pub tie_breaks: Vec<i32>,
}

/// The standings of `record` with the tie-breaks `order`, best first. Players equal on
/// everything keep the order of their entrant indices and share a rank.
pub fn standings(record: &Record, order: &[TieBreak]) -> Result<Vec<Standing>, StandingsError> {
    for (i, tb) in order.iter().enumerate() {
        if order[..i].contains(tb) {
            return Err(StandingsError::Repeated(*tb));
        }
    }
    let outcomes = record.outcomes();
    let scores = tiebreak::scores(record, &outcomes);
    let sos = tiebreak::sos(&outcomes, &scores);
    let mut keys: Vec<Vec<i32>> = scores.iter().map(|&s| vec![s]).collect();
    for tb in order {
        let values = match tb {
            TieBreak::Sos => sos.clone(),
            TieBreak::Sosos => tiebreak::sosos(&outcomes, &sos),
            TieBreak::Sodos => tiebreak::sodos(&outcomes, &scores),
            TieBreak::MedianSos => tiebreak::median_sos(&outcomes, &scores),
            TieBreak::DirectEncounter => {
                let mut values = vec![0; keys.len()];
                for group in tied_groups(&keys) {
                    for (p, v) in group
                        .iter()
                        .zip(tiebreak::direct_encounter(&outcomes, &group))
                    {
                        values[*p] = v;
                    }
                }
                values
            }
        };
        for (k, v) in keys.iter_mut().zip(values) {
            k.push(v);
        }
    }
    let ordered = sorted(&keys);
    let mut table: Vec<Standing> = Vec::with_capacity(ordered.len());
    for (i, &p) in ordered.iter().enumerate() {
        let rank = match table.last() {
            Some(prev) if keys[prev.player] == keys[p] => prev.rank,
            _ => i + 1,
        };
        table.push(Standing {
            player: p,
            rank,
            score: keys[p][0],
            tie_breaks: keys[p][1..].to_vec(),
        });
    }
    Ok(table)
}

/// Player indices sorted by `keys`, highest first, ties by index.
fn sorted(keys: &[Vec<i32>]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..keys.len()).collect();
    order.sort_by(|&a, &b| keys[b].cmp(&keys[a]).then(a.cmp(&b)));
    order
}

/// The groups of players whose keys are equal.
fn tied_groups(keys: &[Vec<i32>]) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for p in sorted(keys) {
        match groups.last_mut() {
            Some(g) if keys[g[0]] == keys[p] => g.push(p),
            _ => groups.push(vec![p]),
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{Entrant, GameResult, Pairing, Round, WIN};

    fn game(sente: usize, gote: usize, result: GameResult) -> Pairing {
        Pairing::Game {
            sente,
            gote,
            result,
        }
    }

    /// Four players, two rounds, worked by hand.
    /// R1: 0 beats 1, 2 draws 3. R2: 0 draws 2, 3 beats 1 by forfeit.
    /// Scores (half points): 0: 3, 1: 0, 2: 2, 3: 3.
    /// SOS: 0: s1+s2 = 2; 1: s0 + own 0 = 3; 2: s3+s0 = 6; 3: s2 + own 3 = 5.
    /// SODOS (quarter points): 0: 2*s1 + 1*s2 = 2; 1: 0; 2: s3 + s0 = 6; 3: s2 = 2.
    #[test]
    fn a_small_tournament_by_hand() {
        let field = (0..4)
            .map(|i| Entrant::new(format!("P{i}"), 1500))
            .collect();
        let rounds = vec![
            Round {
                pairings: vec![
                    game(0, 1, GameResult::SenteWins),
                    game(2, 3, GameResult::Draw),
                ],
            },
            Round {
                pairings: vec![
                    game(0, 2, GameResult::Draw),
                    Pairing::Forfeit {
                        winner: 3,
                        loser: 1,
                    },
                ],
            },
        ];
        let record = Record::new(field, rounds, WIN).unwrap();
        let table = standings(&record, &[TieBreak::Sos, TieBreak::Sodos]).unwrap();
        let lines: Vec<(usize, usize, i32, Vec<i32>)> = table
            .into_iter()
            .map(|s| (s.player, s.rank, s.score, s.tie_breaks))
            .collect();
        assert_eq!(
            lines,
            vec![
                (3, 1, 3, vec![5, 2]),
                (0, 2, 3, vec![2, 2]),
                (2, 3, 2, vec![6, 6]),
                (1, 4, 0, vec![3, 0]),
            ]
        );
    }

    #[test]
    fn direct_encounter_breaks_only_the_tie_before_it_and_ranks_are_shared() {
        // R1: 0 beats 1, 2 has a bye, 3 is absent. R2: 1 beats 3, 0 and 2 absent.
        // 0, 1 and 2 score 2; direct encounter among them: 0 has 2 (beat 1), 1 and 2 have 0
        // (1's win over 3 is outside the group), so 1 and 2 share rank 2.
        let field = (0..4)
            .map(|i| Entrant::new(format!("P{i}"), 1500))
            .collect();
        let rounds = vec![
            Round {
                pairings: vec![
                    game(0, 1, GameResult::SenteWins),
                    Pairing::Bye { player: 2 },
                ],
            },
            Round {
                pairings: vec![game(1, 3, GameResult::SenteWins)],
            },
        ];
        let record = Record::new(field, rounds, WIN).unwrap();
        let table = standings(&record, &[TieBreak::DirectEncounter]).unwrap();
        let lines: Vec<(usize, usize, i32, Vec<i32>)> = table
            .into_iter()
            .map(|s| (s.player, s.rank, s.score, s.tie_breaks))
            .collect();
        assert_eq!(
            lines,
            vec![
                (0, 1, 2, vec![2]),
                (1, 2, 2, vec![0]),
                (2, 2, 2, vec![0]),
                (3, 4, 0, vec![0])
            ]
        );
        assert_eq!(
            standings(&record, &[TieBreak::Sos, TieBreak::Sos]),
            Err(StandingsError::Repeated(TieBreak::Sos))
        );
    }
}
