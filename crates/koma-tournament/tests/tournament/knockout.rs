//! Knockouts played out with random and with favourite winners, for fields of 2 to 70.

use crate::common::Rng;
use koma_tournament::knockout::{KnockoutMatch, first_round, next_round, seeds};

/// Plays a knockout out, the winner of each game chosen by `pick`; returns every round.
fn play(ratings: &[i32], mut pick: impl FnMut(usize, usize) -> usize) -> Vec<Vec<KnockoutMatch>> {
    let mut rounds = vec![first_round(ratings).unwrap()];
    loop {
        let last = rounds.last().unwrap();
        let winners: Vec<usize> = last
            .iter()
            .filter_map(|m| match *m {
                KnockoutMatch::Game(b) => Some(pick(b.sente, b.gote)),
                KnockoutMatch::Bye(_) => None,
            })
            .collect();
        if last.len() == 1 {
            return rounds;
        }
        let next = next_round(last, &winners).unwrap();
        rounds.push(next);
    }
}

fn ratings(rng: &mut Rng, n: usize) -> Vec<i32> {
    (0..n).map(|_| 1000 + rng.below(1200) as i32).collect()
}

#[test]
fn favourites_meet_as_seeded_and_byes_go_to_the_top() {
    let mut rng = Rng(31);
    for n in 2..=70 {
        let r = ratings(&mut rng, n);
        let seed_of = {
            let mut s = vec![0; n];
            for (i, &p) in seeds(&r).iter().enumerate() {
                s[p] = i + 1;
            }
            s
        };
        let size = n.next_power_of_two();
        let first = first_round(&r).unwrap();
        assert_eq!(first.len(), size / 2);
        let mut byes: Vec<usize> = first
            .iter()
            .filter_map(|m| match *m {
                KnockoutMatch::Bye(p) => Some(seed_of[p]),
                KnockoutMatch::Game(_) => None,
            })
            .collect();
        byes.sort();
        assert_eq!(byes, (1..=size - n).collect::<Vec<_>>(), "{n} players");
        for m in &first {
            if let KnockoutMatch::Game(b) = *m {
                assert_eq!(seed_of[b.sente] + seed_of[b.gote], size + 1);
            }
        }
        // The higher seed always wins: the j-th round from the end holds seeds 1..=2^j (less any
        // missing from a short field).
        let rounds = play(&r, |a, b| if seed_of[a] < seed_of[b] { a } else { b });
        for (back, round) in rounds.iter().rev().enumerate() {
            let mut in_play: Vec<usize> = round
                .iter()
                .flat_map(|m| match *m {
                    KnockoutMatch::Game(b) => vec![seed_of[b.sente], seed_of[b.gote]],
                    KnockoutMatch::Bye(p) => vec![seed_of[p]],
                })
                .collect();
            in_play.sort();
            assert_eq!(
                in_play,
                (1..=n.min(2usize << back)).collect::<Vec<_>>(),
                "{n} players"
            );
        }
    }
}

/// The players of a round, each once.
fn players(round: &[KnockoutMatch]) -> Vec<usize> {
    let mut all: Vec<usize> = round
        .iter()
        .flat_map(|m| match *m {
            KnockoutMatch::Game(b) => vec![b.sente, b.gote],
            KnockoutMatch::Bye(p) => vec![p],
        })
        .collect();
    all.sort();
    all
}

#[test]
fn random_winners_halve_the_field_and_top_seeds_stay_apart() {
    let mut rng = Rng(7);
    for _ in 0..500 {
        let n = 2 + rng.below(69);
        let r = ratings(&mut rng, n);
        let top = seeds(&r);
        let mut coin = Rng(rng.next());
        let rounds = play(&r, |a, b| if coin.below(2) == 0 { a } else { b });
        let size = n.next_power_of_two();
        assert_eq!(rounds.len(), size.trailing_zeros() as usize);
        for (i, round) in rounds.iter().enumerate() {
            assert_eq!(round.len(), size >> (i + 1));
            let here = players(round);
            assert!(
                here.windows(2).all(|w| w[0] < w[1]),
                "someone is placed twice"
            );
            assert_eq!(here.len(), if i == 0 { n } else { size >> i });
            if i > 0 {
                let before = players(&rounds[i - 1]);
                assert!(here.iter().all(|p| before.contains(p)));
            }
            // Two of the top 2^j seeds meet only in the last j rounds: a game `left` rounds
            // from the end has a player seeded below 2^(left - 1).
            let left = rounds.len() - i;
            for m in round {
                if let KnockoutMatch::Game(b) = *m {
                    let seed = |p| top.iter().position(|&x| x == p).unwrap() + 1;
                    let lower = seed(b.sente).max(seed(b.gote));
                    assert!(
                        lower > 1 << (left - 1),
                        "seeds meet too early ({n} players)"
                    );
                }
            }
        }
    }
}
