//! The 12x12 frame of Chu shogi: its squares ([`Square12`], the 9x9 frame's square type
//! with a wider side) and a 144-bit bitboard with slide attacks along the eight lines.
//! The 9x9 frame ([`crate::Square`], [`crate::Bitboard`]) stays as it is, so the variants
//! up to 9x9 keep their speed.

mod bitboard;

pub use crate::square::Square12;
pub use bitboard::{Bitboard12, Direction};
