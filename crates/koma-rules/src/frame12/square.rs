//! Squares of the 12x12 frame.

use core::fmt;

/// A square of the 12x12 frame, file-major: index = (file - 1) * 12 + (rank - 1).
///
/// Files count 1..=12 from sente's right, ranks 1..=12 (a..l) from gote's side, as USI
/// writes Chu squares (`12a` is sente's top-left corner, `1l` the bottom-right).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square12(u8);

impl Square12 {
    /// Files and ranks of the frame.
    pub const SIDE: u8 = 12;
    /// Number of squares.
    pub const COUNT: usize = 144;

    /// The square at `file` and `rank` (both 1..=12), or `None` outside the frame.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square12> {
        if file >= 1 && file <= Self::SIDE && rank >= 1 && rank <= Self::SIDE {
            Some(Square12((file - 1) * Self::SIDE + rank - 1))
        } else {
            None
        }
    }

    /// The square with frame index `index` (0..144), or `None`.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Square12> {
        if index < Self::COUNT {
            Some(Square12(index as u8))
        } else {
            None
        }
    }

    /// The frame index 0..144.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 1..=12 (1 is sente's right edge).
    #[inline(always)]
    pub const fn file(self) -> u8 {
        self.0 / Self::SIDE + 1
    }

    /// The rank, 1..=12 (1 = rank a, gote's back rank).
    #[inline(always)]
    pub const fn rank(self) -> u8 {
        self.0 % Self::SIDE + 1
    }

    /// The square `df` files and `dr` ranks away, if it is on the board.
    #[inline]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square12> {
        let file = self.file() as i8 + df;
        let rank = self.rank() as i8 + dr;
        if file < 1 || rank < 1 {
            return None;
        }
        Square12::new(file as u8, rank as u8)
    }

    /// The king-step distance to `other` (0 for the same square).
    pub const fn distance(self, other: Square12) -> u8 {
        let df = self.file().abs_diff(other.file());
        let dr = self.rank().abs_diff(other.rank());
        if df > dr { df } else { dr }
    }

    /// Every square in index order.
    pub fn all() -> impl Iterator<Item = Square12> {
        (0..Self::COUNT as u8).map(Square12)
    }

    /// Reads a USI square (`7j`, `12a`).
    pub fn parse(text: &str) -> Option<Square12> {
        let letter = *text.as_bytes().last()?;
        let digits = text.get(..text.len() - 1)?;
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let file: u8 = digits.parse().ok()?;
        let rank = letter.checked_sub(b'a')? + 1;
        Square12::new(file, rank)
    }
}

impl fmt::Display for Square12 {
    /// The USI square: file number, rank letter (`7j`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), (b'a' + self.rank() - 1) as char)
    }
}

impl fmt::Debug for Square12 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::{String, ToString};

    #[test]
    fn usi_names_round_trip() {
        for sq in Square12::all() {
            assert_eq!(Square12::parse(&sq.to_string()), Some(sq));
        }
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
        let sq = Square12::parse("7j").unwrap();
        assert_eq!(
            sq.offset(-1, -1).map(|s| s.to_string()),
            Some(String::from("6i"))
        );
        assert_eq!(sq.offset(0, 3), None);
        assert_eq!(sq.distance(Square12::parse("5h").unwrap()), 2);
    }
}
