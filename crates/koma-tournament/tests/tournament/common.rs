//! Helpers shared by the tests: a small seeded generator and random tournaments.

use koma_tournament::record::{Entrant, GameResult, Pairing, Record, Round};

/// SplitMix64: a tiny deterministic generator, so a failing seed reproduces.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random tournament of `players` entrants over `rounds` rounds: some late entries and
/// withdrawals, McMahon start scores, absences, byes, forfeits, unplayed games and every
/// result, with pairings at random (repeats allowed, as the standings must cope with them).
pub fn random_record(seed: u64, players: usize, rounds: usize) -> Record {
    let mut rng = Rng(seed);
    let entrants: Vec<Entrant> = (0..players)
        .map(|i| {
            let mut e = Entrant::new(format!("P{i}"), 1000 + rng.below(1500) as i32);
            e.start_score = if rng.below(3) == 0 {
                2 * rng.below(4) as i32
            } else {
                0
            };
            if rng.below(8) == 0 {
                e.first_round = rng.below(rounds);
            }
            if rng.below(8) == 0 {
                e.withdrawn_from = Some(e.first_round + 1 + rng.below(rounds));
            }
            e
        })
        .collect();
    let mut table = Vec::new();
    for r in 0..rounds {
        let mut present: Vec<usize> = (0..players)
            .filter(|&p| entrants[p].present_in(r) && rng.below(12) != 0)
            .collect();
        for i in (1..present.len()).rev() {
            present.swap(i, rng.below(i + 1));
        }
        let mut pairings = Vec::new();
        for pair in present.chunks(2) {
            if let [a, b] = *pair {
                pairings.push(match rng.below(10) {
                    0 => Pairing::Forfeit {
                        winner: a,
                        loser: b,
                    },
                    1 => Pairing::Game {
                        sente: a,
                        gote: b,
                        result: GameResult::Unplayed,
                    },
                    2 | 3 => Pairing::Game {
                        sente: a,
                        gote: b,
                        result: GameResult::Draw,
                    },
                    4..=6 => Pairing::Game {
                        sente: a,
                        gote: b,
                        result: GameResult::SenteWins,
                    },
                    _ => Pairing::Game {
                        sente: a,
                        gote: b,
                        result: GameResult::GoteWins,
                    },
                });
            } else {
                pairings.push(Pairing::Bye { player: pair[0] });
            }
        }
        table.push(Round { pairings });
    }
    let bye = if rng.below(2) == 0 { 1 } else { 2 };
    Record::new(entrants, table, bye).expect("the generator makes consistent records")
}
