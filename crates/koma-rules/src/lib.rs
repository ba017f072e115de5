//! The rules of shogi and its variants: bitboards, positions, legal move generation, perft.
//!
//! ```
//! use koma_rules::{Position, variants::Shogi, perft::perft};
//!
//! let pos = Position::<Shogi>::startpos();
//! assert_eq!(pos.legal_moves().len(), 30);
//! assert_eq!(perft(&pos, 3), 25_470);
//! ```
//!
//! Every variant up to 9x9 lives in the 9x9 frame ([`Square`], [`Bitboard`]), Chu shogi in
//! the 12x12 ([`frame`]); a [`Variant`] (a [`Family`] member on the 9x9 frame) is a
//! zero-sized type whose rules are constants, so [`Position<V>`] code is specialised per
//! variant at compile time. Code written once for every member, Chu included (perft), asks
//! a position through [`Rules`]: its move type and its legal moves. Text formats (SFEN, USI,
//! KIF, ...) live in `koma-notation`.
#![no_std]
#![cfg_attr(not(test), warn(missing_docs))]

extern crate alloc;
#[cfg(test)]
extern crate std;

mod any;
mod attacks;
mod bitboard;
mod checks;
pub mod chu;
mod color;
mod ending;
pub mod frame;
pub mod frame12;
mod game_kind;
mod hand;
mod handicap;
mod legality;
mod movegen;
mod moves;
pub mod perft;
pub mod pieces;
pub mod position;
pub mod rng;
mod role;
mod setup;
mod square;
pub mod tables;
mod variant;
pub mod variants;

pub use any::{AnyPosition, IntoAny, VariantKind};
pub use attacks::{UNBOUNDED, attacks, covers, empty_board_attacks, is_slider, reach, step};
pub use bitboard::Bitboard;
pub use checks::CheckSquares;
pub use color::Color;
pub use ending::{Ended, Ending};
pub use game_kind::{CHU_NAME, GameKind};
pub use hand::Hand;
pub use handicap::Handicap;
pub use legality::{IllegalMove, all_encodings};
pub use movegen::{Ctx, MoveCounter, MoveKind, MoveSink, promote_only};
pub use moves::{Move, MoveList};
pub use position::{Position, Undo};
pub use role::{Piece, Role};
pub use setup::{Setup, SetupError};
pub use square::{FrameSquare, Square, Square12};
pub use variant::{Family, Promotion, Repetition, Rules, Variant};
