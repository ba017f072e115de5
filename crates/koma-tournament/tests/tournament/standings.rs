//! Standings over random tournaments, checked against a naive recomputation written here
//! straight from the rounds, apart from the crate's own code.

use crate::common::{Rng, random_record};
use koma_tournament::record::{GameResult, Pairing, Record};
use koma_tournament::standings::{TieBreak, standings};
use proptest::prelude::*;

/// One player's round, found by scanning the round's pairings: `(Some(opponent), points)`
/// for a game played, `(None, points)` otherwise.
fn naive_round(record: &Record, player: usize, round: usize) -> (Option<usize>, i32) {
    for pairing in &record.rounds()[round].pairings {
        match *pairing {
            Pairing::Game {
                sente,
                gote,
                result,
            } if sente == player || gote == player => {
                let opponent = if sente == player { gote } else { sente };
                let won = if sente == player {
                    GameResult::SenteWins
                } else {
                    GameResult::GoteWins
                };
                return match result {
                    GameResult::Unplayed => (None, 0),
                    GameResult::Draw => (Some(opponent), 1),
                    r if r == won => (Some(opponent), 2),
                    _ => (Some(opponent), 0),
                };
            }
            Pairing::Forfeit { winner, .. } if winner == player => return (None, 2),
            Pairing::Forfeit { loser, .. } if loser == player => return (None, 0),
            Pairing::Bye { player: p } if p == player => return (None, record.bye_points()),
            _ => {}
        }
    }
    (None, 0)
}

/// The naive tie-break values of every player, in the order `order`.
fn naive(record: &Record, order: &[TieBreak]) -> Vec<Vec<i32>> {
    let n = record.entrants().len();
    let rounds = record.rounds().len();
    let table: Vec<Vec<(Option<usize>, i32)>> = (0..n)
        .map(|p| (0..rounds).map(|r| naive_round(record, p, r)).collect())
        .collect();
    let score: Vec<i32> = (0..n)
        .map(|p| record.entrants()[p].start_score + table[p].iter().map(|x| x.1).sum::<i32>())
        .collect();
    let over = |p: usize, value: &[i32]| -> Vec<i32> {
        table[p]
            .iter()
            .map(|&(o, _)| o.map_or(value[p], |q| value[q]))
            .collect()
    };
    let sos: Vec<i32> = (0..n).map(|p| over(p, &score).iter().sum()).collect();
    let mut keys: Vec<Vec<i32>> = score.iter().map(|&s| vec![s]).collect();
    for tb in order {
        let values: Vec<i32> = (0..n)
            .map(|p| match tb {
                TieBreak::Sos => sos[p],
                TieBreak::Sosos => over(p, &sos).iter().sum(),
                TieBreak::MedianSos => {
                    let mut c = over(p, &score);
                    c.sort();
                    if c.len() >= 3 {
                        c[1..c.len() - 1].iter().sum()
                    } else {
                        c.iter().sum()
                    }
                }
                TieBreak::Sodos => table[p]
                    .iter()
                    .map(|&(o, pts)| o.map_or(0, |q| pts * score[q]))
                    .sum(),
                TieBreak::DirectEncounter => table[p]
                    .iter()
                    .filter(|(o, _)| o.is_some_and(|q| keys[q] == keys[p]))
                    .map(|x| x.1)
                    .sum(),
            })
            .collect();
        for (k, v) in keys.iter_mut().zip(values) {
            k.push(v);
        }
    }
    keys
}

/// A random subset of the tie-breaks in a random order.
fn random_order(seed: u64) -> Vec<TieBreak> {
    let mut rng = Rng(seed);
    let mut all = vec![
        TieBreak::Sos,
        TieBreak::Sosos,
        TieBreak::Sodos,
        TieBreak::MedianSos,
        TieBreak::DirectEncounter,
    ];
    for i in (1..all.len()).rev() {
        all.swap(i, rng.below(i + 1));
    }
    all.truncate(rng.below(6));
    all
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn tie_breaks_equal_a_naive_recomputation_and_the_table_is_sorted(
        seed in any::<u64>(),
        players in 4usize..=200,
        rounds in 1usize..=9,
    ) {
        let record = random_record(seed, players, rounds);
        let order = random_order(seed.rotate_left(17));
        let table = standings(&record, &order).unwrap();
        let expected = naive(&record, &order);
        prop_assert_eq!(table.len(), players);
        let mut seen = vec![false; players];
        for s in &table {
            prop_assert!(!std::mem::replace(&mut seen[s.player], true));
            let mut keys = vec![s.score];
            keys.extend(&s.tie_breaks);
            prop_assert_eq!(&keys, &expected[s.player], "player {}", s.player);
            let better = expected.iter().filter(|k| **k > keys).count();
            prop_assert_eq!(s.rank, better + 1, "rank of player {}", s.player);
        }
        for w in table.windows(2) {
            prop_assert!(expected[w[0].player] >= expected[w[1].player]);
        }
    }
}
