//! Perft: counting the leaf nodes of the legal move tree, the standard move generator test.

use crate::{Move, Position, Variant};
use alloc::vec::Vec;

/// The number of move sequences of length `depth` from `pos` (bulk-counted at the last ply).
pub fn perft<V: Variant>(pos: &Position<V>, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal(),
        _ => {
            let mut nodes = 0;
            for &m in pos.legal_moves().iter() {
                nodes += perft(&pos.after(m), depth - 1);
            }
            nodes
        }
    }
}

/// Perft split by first move: each legal move with the count below it.
pub fn perft_divide<V: Variant>(pos: &Position<V>, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|&m| (m, perft(&pos.after(m), depth - 1)))
        .collect()
}
