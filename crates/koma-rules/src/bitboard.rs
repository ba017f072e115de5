//! A set of squares as one `u128` (81 bits used, file-major).

use crate::Square;
use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares of the 9x9 frame; bit `i` is the square with index `i`.
///
/// `!` flips all 128 bits: mask with a board before using the result as squares.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u128);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 81 squares of the frame.
    pub const FULL: Bitboard = Bitboard((1u128 << 81) - 1);

    /// The set holding only `sq`.
    #[inline(always)]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1u128 << sq.index())
    }

    /// Whether `sq` is in the set.
    #[inline(always)]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has at least one square.
    #[inline(always)]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Whether the set has two or more squares.
    #[inline(always)]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The number of squares in the set.
    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The square with the lowest index, if any.
    #[inline(always)]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(self.0.trailing_zeros()))
        }
    }

    /// The set with `sq` added.
    #[inline(always)]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1u128 << sq.index())
    }

    /// The set with `sq` removed.
    #[inline(always)]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1u128 << sq.index()))
    }

    /// Set intersection, usable in `const` context.
    #[inline(always)]
    pub const fn and(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & other.0)
    }

    /// Set union, usable in `const` context.
    #[inline(always)]
    pub const fn or(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 | other.0)
    }

    /// All squares of file `file` (1..=9).
    pub const fn file(file: u8) -> Bitboard {
        Bitboard(0x1ffu128 << ((file as u32 - 1) * 9))
    }

    /// All squares of rank `rank` (1..=9).
    pub const fn rank(rank: u8) -> Bitboard {
        let mut b = 0u128;
        let mut f = 0;
        while f < 9 {
            b |= 1u128 << (f * 9 + rank as u32 - 1);
            f += 1;
        }
        Bitboard(b)
    }

    /// The squares of ranks `from..=to`.
    pub const fn ranks(from: u8, to: u8) -> Bitboard {
        let mut b = 0u128;
        let mut r = from;
        while r <= to {
            b |= Bitboard::rank(r).0;
            r += 1;
        }
        Bitboard(b)
    }

    /// The squares of the first `files` files and `ranks` ranks: a board of that size.
    pub const fn board(files: u8, ranks: u8) -> Bitboard {
        let mut b = 0u128;
        let mut f = 1;
        while f <= files {
            b |= Bitboard::file(f).0 & Bitboard::ranks(1, ranks).0;
            f += 1;
        }
        Bitboard(b)
    }

    /// The files (1..=9) that hold a square of the set, as a 9-bit mask (bit `f-1`).
    #[inline]
    pub fn files_mask(self) -> u16 {
        let mut m = 0u16;
        for f in 0..9 {
            if self.0 >> (f * 9) & 0x1ff != 0 {
                m |= 1 << f;
            }
        }
        m
    }
}

/// Iterates the squares of the set in index order.
impl Iterator for Bitboard {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::from_index_unchecked(self.0.trailing_zeros());
        self.0 &= self.0 - 1;
        Some(sq)
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline(always)]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

/// A 9x9 picture, rank a at the top and file 9 on the left, `X` for members.
impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        for rank in 1..=9 {
            for file in (1..=9).rev() {
                let sq = Square::new(file, rank).expect("in frame");
                f.write_str(if self.contains(sq) { "X" } else { "." })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
