//! Squares of the 9x9 frame that every variant up to 9x9 lives in.

use core::fmt;

/// A square of the 9x9 frame, file-major: index = (file - 1) * 9 + (rank - 1).
///
/// Files count 1..=9 from sente's right, ranks 1..=9 (a..i) from gote's side,
/// so 1a (index 0) is the top-right corner as sente sees the board.
/// Smaller boards (Tori 7x7) use the files and ranks from 1 up.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Number of squares in the frame.
    pub const COUNT: usize = 81;

    /// The square at `file` and `rank` (both 1..=9), or `None` outside the frame.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file >= 1 && file <= 9 && rank >= 1 && rank <= 9 {
            Some(Square((file - 1) * 9 + rank - 1))
        } else {
            None
        }
    }

    /// The square with the given frame index (0..81), or `None`.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 81 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square with the given frame index; the caller guarantees `index < 81`.
    #[inline(always)]
    pub(crate) const fn from_index_unchecked(index: u32) -> Square {
        debug_assert!(index < 81);
        Square(index as u8)
    }

    /// The frame index 0..81.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 1..=9 (1 is sente's right edge).
    #[inline(always)]
    pub const fn file(self) -> u8 {
        self.0 / 9 + 1
    }

    /// The rank, 1..=9 (1 = rank a, gote's back rank).
    #[inline(always)]
    pub const fn rank(self) -> u8 {
        self.0 % 9 + 1
    }

    /// The square the opponent sees at this position (board turned 180 degrees)
    /// on a board of `files` x `ranks`.
    pub const fn rotate(self, files: u8, ranks: u8) -> Square {
        Square((files - self.file()) * 9 + (ranks - self.rank()))
    }

    /// The rank as seen from `color`'s side: 1 is the rank furthest from that player.
    #[inline(always)]
    pub const fn relative_rank(self, color: crate::Color, ranks: u8) -> u8 {
        match color {
            crate::Color::Black => self.rank(),
            crate::Color::White => ranks + 1 - self.rank(),
        }
    }

    /// Every square of the frame in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..81u8).map(Square)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// USI style: file digit then rank letter, e.g. `7g`.
impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), (b'a' + self.rank() - 1) as char)
    }
}
