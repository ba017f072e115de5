//! koma-nnue: the learned evaluation of shogi.
//!
//! - [`packed`]: YaneuraOu's 40-byte training record (PackedSfenValue), read and written,
//!   so koma's data works with the shogi NNUE tools people already use.
//! - [`features`]: the network's inputs, one set per side (perspective), and how a move
//!   changes them.
//! - [`network`]: the quantised network, its file format, and evaluation from
//!   accumulators kept move by move.
//! - [`train`]: the trainer (sparse inputs, Adam, threads, a seed, held-out validation).

pub mod features;
pub mod network;
pub mod packed;
mod simd;
pub mod train;

#[cfg(test)]
mod testing;
