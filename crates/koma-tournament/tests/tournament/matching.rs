//! The blossom matching against an exhaustive search over subsets, on random graphs small
//! enough to search: sparse and dense, with ties, negative costs and no perfect matching.

use koma_tournament::matching::{Costs, MatchingError, min_cost_perfect_matching};
use proptest::prelude::*;

/// The least cost of a perfect matching by dynamic programming over vertex subsets: the
/// lowest unmatched vertex is matched to each possible partner in turn.
fn least_cost(costs: &Costs) -> Option<i64> {
    let n = costs.vertices();
    let full = (1usize << n) - 1;
    let mut best: Vec<Option<i64>> = vec![None; 1 << n];
    best[0] = Some(0);
    for mask in 0..=full {
        let Some(so_far) = best[mask] else { continue };
        let Some(low) = (0..n).find(|v| mask & (1 << v) == 0) else {
            continue;
        };
        for partner in low + 1..n {
            if mask & (1 << partner) != 0 {
                continue;
            }
            if let Some(c) = costs.get(low, partner) {
                let next = mask | 1 << low | 1 << partner;
                let total = so_far + c;
                if best[next].is_none_or(|b| total < b) {
                    best[next] = Some(total);
                }
            }
        }
    }
    best[full]
}

/// A graph from a seed: `n` vertices, each edge present with probability `density`/8, costs
/// drawn from `spread` values (a small spread makes many ties and many blossoms).
fn graph(n: usize, density: u32, spread: i64, cells: &[u64]) -> Costs {
    let mut costs = Costs::new(n);
    let mut k = 0;
    for i in 0..n {
        for j in i + 1..n {
            let r = cells[k % cells.len()].rotate_left(k as u32 % 64);
            k += 1;
            if (r % 8) as u32 >= density {
                continue;
            }
            let cost = ((r >> 3) % spread as u64) as i64 - spread / 3;
            costs.set(i, j, cost).unwrap();
        }
    }
    costs
}

/// Checks a matching: every vertex has one partner, by an edge; returns its cost.
fn cost_of(costs: &Costs, mate: &[usize]) -> i64 {
    let mut total = 0;
    for (v, &m) in mate.iter().enumerate() {
        assert_eq!(mate[m], v, "the matching is not symmetric at {v}");
        assert_ne!(m, v);
        if v < m {
            total += costs.get(v, m).expect("matched along a missing edge");
        }
    }
    total
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]
    #[test]
    fn blossom_matches_exhaustive_search(
        half in 1usize..=8,
        density in 3u32..=8,
        spread in prop_oneof![Just(2i64), Just(4), Just(50), Just(1_000_000)],
        cells in proptest::collection::vec(any::<u64>(), 8..40),
    ) {
        let costs = graph(2 * half, density, spread, &cells);
        match (min_cost_perfect_matching(&costs), least_cost(&costs)) {
            (Ok(mate), Some(least)) => prop_assert_eq!(cost_of(&costs, &mate), least),
            (Err(MatchingError::NoPerfectMatching(_)), None) => {}
            (got, want) => prop_assert!(false, "blossom {got:?}, exhaustive search {want:?}"),
        }
    }
}

#[test]
fn odd_and_empty_graphs() {
    assert_eq!(min_cost_perfect_matching(&Costs::new(0)), Ok(vec![]));
    assert_eq!(
        min_cost_perfect_matching(&Costs::new(3)),
        Err(MatchingError::OddVertexCount(3))
    );
    let mut costs = Costs::new(4);
    assert!(matches!(
        costs.set(1, 1, 0),
        Err(MatchingError::BadEdge { .. })
    ));
    assert!(matches!(
        costs.set(0, 4, 0),
        Err(MatchingError::BadEdge { .. })
    ));
    assert!(matches!(
        costs.set(0, 1, i64::MAX),
        Err(MatchingError::CostOutOfRange { .. })
    ));
}

#[test]
fn a_triangle_with_a_tail_needs_a_blossom() {
    // Vertices 0-1-2 form a cheap triangle, 3 hangs off 2 and 4-5 are a pair: the only
    // perfect matchings put 2 with 3.
    let mut costs = Costs::new(6);
    for (i, j, c) in [
        (0, 1, 1),
        (1, 2, 1),
        (0, 2, 1),
        (2, 3, 9),
        (4, 5, 0),
        (1, 4, 7),
    ] {
        costs.set(i, j, c).unwrap();
    }
    let mate = min_cost_perfect_matching(&costs).unwrap();
    assert_eq!(mate, vec![1, 0, 3, 2, 5, 4]);
}

#[test]
fn large_random_complete_graphs_are_matched_perfectly() {
    // Too large to search: the matching is checked to be perfect, and no better by swapping
    // the partners of any two pairs (a necessary condition of the optimum).
    let mut seed = 0x1234_5678_9abc_def0u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for n in [40usize, 100, 202] {
        let mut costs = Costs::new(n);
        for i in 0..n {
            for j in i + 1..n {
                costs.set(i, j, (next() % 1000) as i64).unwrap();
            }
        }
        let mate = min_cost_perfect_matching(&costs).unwrap();
        cost_of(&costs, &mate);
        let c = |a: usize, b: usize| costs.get(a, b).unwrap();
        for a in 0..n {
            for b in 0..n {
                let (ma, mb) = (mate[a], mate[b]);
                if a < ma && b < mb && a != b {
                    let now = c(a, ma) + c(b, mb);
                    assert!(c(a, b) + c(ma, mb) >= now && c(a, mb) + c(ma, b) >= now);
                }
            }
        }
    }
}
