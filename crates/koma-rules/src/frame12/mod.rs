//! The 12x12 frame of Chu shogi (issue 33): its squares and a 144-bit bitboard with slide
//! attacks along the eight lines. The 9x9 frame ([`crate::Square`], [`crate::Bitboard`])
//! stays as it is, so the variants up to 9x9 keep their speed; Chu's position and move
//! generator will be built on this one.

mod bitboard;
mod square;

pub use bitboard::{Bitboard12, Direction};
pub use square::Square12;
