//! Perft: counting the leaf nodes of the legal move tree, the standard move generator test,
//! written once for every member of the family.

use crate::{Position, Rules};
use alloc::vec::Vec;

/// The number of move sequences of length `depth` from `pos` (bulk-counted at the last
/// ply); none below a position where the member's perft stops ([`Rules::perft_stops`]).
pub fn perft<F: Rules>(pos: &Position<F>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if F::perft_stops(pos) {
        return 0;
    }
    if depth == 1 {
        return F::count_legal(pos);
    }
    F::legal_moves(pos)
        .iter()
        .map(|&m| perft(&F::after(pos, m), depth - 1))
        .sum()
}

/// Perft split by first move: each legal move with the count below it.
pub fn perft_divide<F: Rules>(pos: &Position<F>, depth: u32) -> Vec<(F::Move, u64)> {
    if depth == 0 || F::perft_stops(pos) {
        return Vec::new();
    }
    F::legal_moves(pos)
        .iter()
        .map(|&m| (m, perft(&F::after(pos, m), depth - 1)))
        .collect()
}
