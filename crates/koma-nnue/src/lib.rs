//! koma-nnue: the learned evaluation of shogi.
//!
//! - [`packed`]: YaneuraOu's 40-byte training record (PackedSfenValue), read and written,
//!   so koma's data works with the shogi NNUE tools people already use.
//! - [`dlshogi`]: dlshogi's input planes and policy labels, as cshogi computes them.
//! - [`hcp`]: Apery's and cshogi's HuffmanCodedPos (32 bytes) and HuffmanCodedPosAndEval
//!   (38 bytes), dlshogi's training record.
//! - [`move16`]: the 16-bit moves of training data, cshogi's and YaneuraOu's, both ways.
//! - [`features`]: the network's inputs, one set per side (perspective), and how a move
//!   changes them.
//! - [`network`]: the quantised network, its file format, and evaluation from
//!   accumulators kept move by move.
//! - [`train`]: the trainer (sparse inputs, Adam, threads, a seed, held-out validation).

mod bits;
pub mod dlshogi;
pub mod features;
pub mod hcp;
mod huffman;
pub mod move16;
pub mod network;
pub mod packed;
mod simd;
pub mod train;

#[cfg(test)]
mod testing;
