//! Squares of a frame: the 9x9 frame every variant up to 9x9 lives in ([`Square`]) and
//! Chu shogi's 12x12 ([`Square12`]), one type told apart by the frame's side.

use core::fmt;

/// A square of the square frame of side `SIDE`, file-major:
/// index = (file - 1) * SIDE + (rank - 1).
///
/// Files count 1..=SIDE from sente's right, ranks 1..=SIDE (a, b, ...) from gote's side,
/// so 1a (index 0) is the top-right corner as sente sees the board. A smaller board in
/// the frame (Tori 7x7) uses the files and ranks from 1 up.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FrameSquare<const SIDE: u8>(u8);

/// A square of the 9x9 frame.
pub type Square = FrameSquare<9>;

/// A square of Chu shogi's 12x12 frame (USI writes `12a` for sente's top-left corner).
pub type Square12 = FrameSquare<12>;

impl<const SIDE: u8> FrameSquare<SIDE> {
    /// Files and ranks of the frame.
    pub const SIDE: u8 = SIDE;
    /// Number of squares in the frame.
    pub const COUNT: usize = SIDE as usize * SIDE as usize;

    /// The square at `file` and `rank` (both 1..=SIDE), or `None` outside the frame.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Self> {
        if file >= 1 && file <= SIDE && rank >= 1 && rank <= SIDE {
            Some(FrameSquare((file - 1) * SIDE + rank - 1))
        } else {
            None
        }
    }

    /// The square with the given frame index (below [`FrameSquare::COUNT`]), or `None`.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Self> {
        if index < Self::COUNT {
            Some(FrameSquare(index as u8))
        } else {
            None
        }
    }

    /// The square with the given frame index; the caller guarantees it is in the frame.
    #[inline(always)]
    pub(crate) const fn from_index_unchecked(index: u32) -> Self {
        debug_assert!((index as usize) < Self::COUNT);
        FrameSquare(index as u8)
    }

    /// The frame index, from 0.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, from 1 (sente's right edge).
    #[inline(always)]
    pub const fn file(self) -> u8 {
        self.0 / SIDE + 1
    }

    /// The rank, from 1 (rank a, gote's back rank).
    #[inline(always)]
    pub const fn rank(self) -> u8 {
        self.0 % SIDE + 1
    }

    /// The square the opponent sees at this position (board turned 180 degrees)
    /// on a board of `files` x `ranks`.
    pub const fn rotate(self, files: u8, ranks: u8) -> Self {
        FrameSquare((files - self.file()) * SIDE + (ranks - self.rank()))
    }

    /// The rank as seen from `color`'s side: 1 is the rank furthest from that player.
    #[inline(always)]
    pub const fn relative_rank(self, color: crate::Color, ranks: u8) -> u8 {
        match color {
            crate::Color::Black => self.rank(),
            crate::Color::White => ranks + 1 - self.rank(),
        }
    }

    /// The square `df` files and `dr` ranks away, if it is in the frame.
    #[inline]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Self> {
        let file = self.file() as i8 + df;
        let rank = self.rank() as i8 + dr;
        if file < 1 || rank < 1 {
            return None;
        }
        Self::new(file as u8, rank as u8)
    }

    /// The king-step distance to `other` (0 for the same square).
    pub const fn distance(self, other: Self) -> u8 {
        let df = self.file().abs_diff(other.file());
        let dr = self.rank().abs_diff(other.rank());
        if df > dr { df } else { dr }
    }

    /// Every square of the frame in index order.
    pub fn all() -> impl Iterator<Item = Self> {
        (0..Self::COUNT as u8).map(FrameSquare)
    }

    /// Reads a USI square (`7g`; `12a` in the 12x12 frame).
    pub fn parse(text: &str) -> Option<Self> {
        let letter = *text.as_bytes().last()?;
        let digits = text.get(..text.len() - 1)?;
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let file: u8 = digits.parse().ok()?;
        let rank = letter.checked_sub(b'a')? + 1;
        Self::new(file, rank)
    }
}

impl<const SIDE: u8> fmt::Debug for FrameSquare<SIDE> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// USI style: file number then rank letter, e.g. `7g`.
impl<const SIDE: u8> fmt::Display for FrameSquare<SIDE> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), (b'a' + self.rank() - 1) as char)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::{String, ToString};

    #[test]
    fn usi_names_round_trip_in_both_frames() {
        for sq in Square12::all() {
            assert_eq!(Square12::parse(&sq.to_string()), Some(sq));
        }
        for sq in Square::all() {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        }
        assert_eq!(Square::all().count(), 81);
        assert_eq!(
            Square12::parse("12a").map(|s| (s.file(), s.rank())),
            Some((12, 1))
        );
        assert_eq!(
            Square12::parse("1l").map(|s| (s.file(), s.rank())),
            Some((1, 12))
        );
        for bad in ["", "a", "13a", "0a", "1m", "x1", "+1a"] {
            assert_eq!(Square12::parse(bad), None, "{bad}");
        }
        for bad in ["10a", "1j", "0a", "55"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
        let sq = Square12::parse("7j").unwrap();
        assert_eq!(
            sq.offset(-1, -1).map(|s| s.to_string()),
            Some(String::from("6i"))
        );
        assert_eq!(sq.offset(0, 3), None);
        assert_eq!(sq.distance(Square12::parse("5h").unwrap()), 2);
        assert_eq!(Square::new(7, 7).map(|s| s.rotate(9, 9)), Square::new(3, 3));
    }
}
