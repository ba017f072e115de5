//! Swiss pairing over random tournaments: rounds paired one after another with random
//! results, withdrawals and late entries, checked against the rules (and, for small fields,
//! against brute force over every pairing).

use crate::common::Rng;
use koma_tournament::swiss::{
    Colour, ColourRule, Pair, PlayerId, SwissError, SwissPlayer, SwissRound, pair_round,
};
use proptest::prelude::*;
use std::collections::BTreeSet;

fn player(id: PlayerId, score: u32, rating: i32) -> SwissPlayer {
    SwissPlayer {
        id,
        score,
        rating,
        met: vec![],
        had_bye: false,
        colours: vec![],
    }
}

/// The lexicographic cost of a round as the module documents it, recomputed naively:
/// (repeats, score groups below the bye's, sum of squared group distances of the pairs).
fn cost(
    field: &[SwissPlayer],
    pairs: &[(usize, usize)],
    bye: Option<usize>,
) -> (u32, usize, usize) {
    let mut scores: Vec<u32> = field.iter().map(|p| p.score).collect();
    scores.sort_unstable();
    scores.dedup();
    // Index from the bottom: 0 for the lowest score.
    let group = |i: usize| scores.binary_search(&field[i].score).unwrap();
    let repeats = pairs
        .iter()
        .filter(|&&(i, j)| field[i].met.contains(&field[j].id))
        .count() as u32;
    let floats = pairs
        .iter()
        .map(|&(i, j)| group(i).abs_diff(group(j)).pow(2))
        .sum();
    (repeats, bye.map_or(0, group), floats)
}

/// The least cost over every legal pairing of the field (a bye only to one who had none).
fn brute_best(field: &[SwissPlayer]) -> (u32, usize, usize) {
    fn go(
        field: &[SwissPlayer],
        free: &mut Vec<usize>,
        pairs: &mut Vec<(usize, usize)>,
        bye: Option<usize>,
        best: &mut Option<(u32, usize, usize)>,
    ) {
        let Some(&first) = free.first() else {
            let c = cost(field, pairs, bye);
            if best.is_none_or(|b| c < b) {
                *best = Some(c);
            }
            return;
        };
        if free.len() % 2 == 1 && bye.is_none() {
            // Either the first takes the bye, or it is paired and the bye comes later.
            if !field[first].had_bye {
                free.remove(0);
                go(field, free, pairs, Some(first), best);
                free.insert(0, first);
            }
        }
        for k in 1..free.len() {
            let other = free[k];
            free.remove(k);
            free.remove(0);
            pairs.push((first, other));
            go(field, free, pairs, bye, best);
            pairs.pop();
            free.insert(0, first);
            free.insert(k, other);
        }
    }
    let mut best = None;
    go(
        field,
        &mut (0..field.len()).collect(),
        &mut Vec::new(),
        None,
        &mut best,
    );
    best.expect("some pairing is legal")
}

/// A necessary condition of the least cost in fields too large for brute force: exchanging
/// partners between two games, or the bye with a player of a game, never lowers the cost
/// (repeats, then the bye's group, then the floats).
fn no_better_exchange(field: &[SwissPlayer], pairs: &[(usize, usize)], bye: Option<usize>) {
    let mut scores: Vec<u32> = field.iter().map(|p| p.score).collect();
    scores.sort_unstable();
    scores.dedup();
    let group = |i: usize| scores.binary_search(&field[i].score).unwrap();
    let game = |i: usize, j: usize| {
        (
            u32::from(field[i].met.contains(&field[j].id)),
            group(i).abs_diff(group(j)).pow(2),
        )
    };
    let sum = |x: (u32, usize), y: (u32, usize)| (x.0 + y.0, x.1 + y.1);
    for (k, &(a, b)) in pairs.iter().enumerate() {
        for &(c, d) in &pairs[k + 1..] {
            let now = sum(game(a, b), game(c, d));
            for other in [sum(game(a, c), game(b, d)), sum(game(a, d), game(b, c))] {
                assert!(
                    other >= now,
                    "exchanging {a}-{b} and {c}-{d} would be better"
                );
            }
        }
        if let Some(y) = bye {
            let (repeat, float) = game(a, b);
            let now = (repeat, group(y), float);
            for (out, stay) in [(a, b), (b, a)] {
                if !field[out].had_bye {
                    let (repeat, float) = game(y, stay);
                    let other = (repeat, group(out), float);
                    assert!(
                        other >= now,
                        "the bye to {out} instead of {y} would be better"
                    );
                }
            }
        }
    }
}

/// Checks one round's pairing against the field; returns the index pairs and the bye.
fn check_round(field: &[SwissPlayer], round: &SwissRound) -> (Vec<(usize, usize)>, Option<usize>) {
    let index = |id: PlayerId| {
        field
            .iter()
            .position(|p| p.id == id)
            .expect("a player of the field")
    };
    let mut seen = BTreeSet::new();
    let mut pairs = Vec::new();
    for &Pair { sente, gote } in &round.pairs {
        assert!(
            seen.insert(sente) && seen.insert(gote),
            "a player paired twice"
        );
        pairs.push((index(sente), index(gote)));
    }
    let bye = round.bye.map(index);
    if let Some(b) = round.bye {
        assert!(seen.insert(b), "the bye is also paired");
        assert!(!field[index(b)].had_bye, "a second bye");
    }
    assert_eq!(seen.len(), field.len(), "everyone is paired or has the bye");
    assert_eq!(round.bye.is_some(), field.len() % 2 == 1);
    (pairs, bye)
}

/// Plays a random tournament, pairing each round, and checks every round.
fn run(seed: u64, start: usize, rounds: usize, brute: bool, balanced: bool) {
    let mut rng = Rng(seed);
    let mut field: Vec<SwissPlayer> = (0..start)
        .map(|i| {
            player(
                i as PlayerId,
                2 * rng.below(3) as u32,
                1000 + rng.below(1500) as i32,
            )
        })
        .collect();
    let mut next_id = start as PlayerId;
    for round_no in 0..rounds {
        let rule = if balanced {
            ColourRule::Balanced { seed: rng.next() }
        } else {
            ColourRule::Furigoma { seed: rng.next() }
        };
        let round = pair_round(&field, rule).expect("a field with a bye candidate pairs");
        let (pairs, bye) = check_round(&field, &round);
        let (repeats, _, _) = cost(&field, &pairs, bye);
        if brute {
            assert_eq!(
                cost(&field, &pairs, bye),
                brute_best(&field),
                "round {round_no}"
            );
        } else {
            no_better_exchange(&field, &pairs, bye);
        }
        // Dirac: with at most (n - 3) / 2 games each, every player left after any bye meets
        // at least half the others afresh, so a pairing without repeats exists for any bye.
        let most_games = field.iter().map(|p| p.met.len()).max().unwrap_or(0);
        if 2 * most_games + 3 <= field.len() {
            assert_eq!(repeats, 0, "an avoidable repeat in round {round_no}");
            if let Some(b) = bye {
                let lowest = field.iter().filter(|p| !p.had_bye).map(|p| p.score).min();
                assert_eq!(
                    Some(field[b].score),
                    lowest,
                    "the bye is not from the lowest group"
                );
            }
        }
        // Results: a win, a draw or a loss; the bye scores a win.
        for &(i, j) in &pairs {
            let (si, sj) = [(2, 0), (1, 1), (0, 2)][rng.below(3)];
            field[i].score += si;
            field[j].score += sj;
            let (a, b) = (field[i].id, field[j].id);
            field[i].met.push(b);
            field[j].met.push(a);
        }
        for pair in &round.pairs {
            for p in field.iter_mut() {
                if p.id == pair.sente {
                    p.colours.push(Colour::Sente);
                } else if p.id == pair.gote {
                    p.colours.push(Colour::Gote);
                }
            }
        }
        if let Some(b) = bye {
            field[b].score += 2;
            field[b].had_bye = true;
        }
        // Withdrawals (never below two players) and late entries at score zero.
        if field.len() > 2 && rng.below(4) == 0 {
            field.remove(rng.below(field.len()));
        }
        if rng.below(5) == 0 {
            field.push(player(next_id, 0, 1000 + rng.below(1500) as i32));
            next_id += 1;
        }
        // A field where everyone had a bye cannot be paired when odd: add a newcomer.
        if field.len() % 2 == 1 && field.iter().all(|p| p.had_bye) {
            field.push(player(next_id, 0, 1000));
            next_id += 1;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn small_fields_pair_as_well_as_brute_force(
        seed in any::<u64>(), start in 4usize..=9, rounds in 1usize..=8, balanced in any::<bool>()
    ) {
        run(seed, start, rounds, true, balanced);
    }
}

// Large fields, 1000 random tournaments in two tests of 500, one for each colour rule, so
// that the two run at once (a single test of 1000 was the suite's longest, one core busy for
// half a minute while the other waited).
proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn large_fields_keep_the_rules_with_balanced_colours(
        seed in any::<u64>(), start in 4usize..=200, rounds in 1usize..=9
    ) {
        run(seed, start, rounds, false, true);
    }

    #[test]
    fn large_fields_keep_the_rules_with_furigoma(
        seed in any::<u64>(), start in 4usize..=200, rounds in 1usize..=9
    ) {
        run(seed, start, rounds, false, false);
    }
}

#[test]
fn a_single_group_pairs_top_half_against_bottom_half() {
    let field: Vec<SwissPlayer> = (0..8)
        .map(|i| player(i, 0, 2000 - 100 * i as i32))
        .collect();
    let round = pair_round(&field, ColourRule::Furigoma { seed: 7 }).unwrap();
    let mut games: Vec<(PlayerId, PlayerId)> = round
        .pairs
        .iter()
        .map(|p| (p.sente.min(p.gote), p.sente.max(p.gote)))
        .collect();
    games.sort_unstable();
    assert_eq!(games, vec![(0, 4), (1, 5), (2, 6), (3, 7)]);
    assert_eq!(round.bye, None);
}

#[test]
fn the_bye_goes_to_the_lowest_player_without_one() {
    let mut field = vec![player(1, 4, 1500), player(2, 2, 1500), player(3, 0, 1500)];
    let round = pair_round(&field, ColourRule::Furigoma { seed: 1 }).unwrap();
    assert_eq!(round.bye, Some(3));
    field[2].had_bye = true;
    let round = pair_round(&field, ColourRule::Furigoma { seed: 1 }).unwrap();
    assert_eq!(round.bye, Some(2));
}

#[test]
fn balanced_colours_follow_the_history_and_furigoma_follows_the_seed() {
    let mut a = player(1, 0, 1500);
    let mut b = player(2, 0, 1500);
    a.colours = vec![Colour::Sente, Colour::Sente];
    b.colours = vec![Colour::Gote, Colour::Sente];
    let round = pair_round(&[a.clone(), b.clone()], ColourRule::Balanced { seed: 3 }).unwrap();
    assert_eq!(round.pairs, vec![Pair { sente: 2, gote: 1 }]);
    let draw = |seed| pair_round(&[a.clone(), b.clone()], ColourRule::Furigoma { seed }).unwrap();
    assert_eq!(draw(9), draw(9));
    let sentes: BTreeSet<PlayerId> = (0..64).map(|s| draw(s).pairs[0].sente).collect();
    assert_eq!(sentes.len(), 2, "furigoma gives sente to either player");
}

#[test]
fn bad_fields_are_errors() {
    let rule = ColourRule::Furigoma { seed: 0 };
    assert_eq!(
        pair_round(&[player(1, 0, 0), player(1, 0, 0)], rule),
        Err(SwissError::DuplicateId(1))
    );
    let mut lone = player(5, 0, 0);
    lone.had_bye = true;
    assert_eq!(
        pair_round(&[lone], rule),
        Err(SwissError::NoByeCandidate(1))
    );
    assert_eq!(pair_round(&[], rule), Ok(SwissRound::default()));
    let huge: Vec<SwissPlayer> = (0..3000).map(|i| player(i, i, 1500)).collect();
    assert_eq!(
        pair_round(&huge, rule),
        Err(SwissError::FieldTooLarge(3000))
    );
}
