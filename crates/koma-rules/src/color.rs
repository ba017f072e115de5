//! The two sides.

use core::ops::Not;

/// A side: sente (先手, black, moves first in an even game) or gote (後手, white).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Sente 先手, uppercase in SFEN, moves up the board (towards rank a).
    Black = 0,
    /// Gote 後手, lowercase in SFEN, moves down the board (towards the last rank).
    White = 1,
}

impl Color {
    /// Both colours, sente first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// 0 for sente, 1 for gote: an index into per-colour arrays.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `sente` or `gote`, as koma's messages and results name the sides.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "sente",
            Color::White => "gote",
        }
    }

    /// The other side.
    #[inline(always)]
    pub const fn flip(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        self.flip()
    }
}
