//! Berger round robins for many field sizes: every pair meets once per cycle, every round
//! seats every player once, and colours are as balanced as the tables allow.

use koma_tournament::round_robin::{RoundRobinRound, berger};

/// Each player's (sente, gote) counts over `rounds`.
fn colours(players: usize, rounds: &[RoundRobinRound]) -> Vec<(usize, usize)> {
    let mut c = vec![(0, 0); players];
    for b in rounds.iter().flat_map(|r| &r.boards) {
        c[b.sente].0 += 1;
        c[b.gote].1 += 1;
    }
    c
}

#[test]
fn every_pair_meets_once_per_cycle_and_every_round_seats_everyone() {
    for players in 2..=21 {
        for cycles in 1..=2 {
            let rounds = berger(players, cycles).unwrap();
            let per_cycle = players - 1 + players % 2;
            assert_eq!(rounds.len(), per_cycle * cycles, "{players} players");
            let mut met = vec![vec![0; players]; players];
            for (r, round) in rounds.iter().enumerate() {
                let mut seated = vec![0; players];
                for b in &round.boards {
                    seated[b.sente] += 1;
                    seated[b.gote] += 1;
                    met[b.sente.min(b.gote)][b.sente.max(b.gote)] += 1;
                }
                if let Some(p) = round.bye {
                    seated[p] += 1;
                }
                assert!(
                    seated.iter().all(|&s| s == 1),
                    "{players} players, round {r}"
                );
                assert_eq!(round.bye.is_some(), players % 2 == 1);
            }
            for (a, row) in met.iter().enumerate() {
                for (b, &times) in row.iter().enumerate().skip(a + 1) {
                    assert_eq!(times, cycles, "{players} players: {a} and {b}");
                }
            }
            // Every player has one bye per cycle in an odd field.
            if players % 2 == 1 {
                let mut byes = vec![0; players];
                rounds
                    .iter()
                    .filter_map(|r| r.bye)
                    .for_each(|p| byes[p] += 1);
                assert!(byes.iter().all(|&b| b == cycles));
            }
        }
    }
}

#[test]
fn colours_are_balanced_and_reversed_in_the_second_cycle() {
    for players in 2..=21 {
        let single = berger(players, 1).unwrap();
        for (p, (s, g)) in colours(players, &single).into_iter().enumerate() {
            // Berger's tables give every player sente and gote within one of each other in an
            // even field (an odd number of games each), and exactly as many in an odd one.
            let limit = if players % 2 == 0 { 1 } else { 0 };
            assert!(
                s.abs_diff(g) <= limit,
                "{players} players: {p} has {s} sente, {g} gote"
            );
        }
        let double = berger(players, 2).unwrap();
        let (first, second) = double.split_at(single.len());
        for (a, b) in first.iter().zip(second) {
            for (x, y) in a.boards.iter().zip(&b.boards) {
                assert_eq!((x.sente, x.gote), (y.gote, y.sente));
            }
        }
        assert!(colours(players, &double).iter().all(|&(s, g)| s == g));
    }
}
