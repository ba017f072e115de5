//! Board frames: the square type and the bitboard a variant's position is built on. Every
//! variant up to 9x9 lives in the 9x9 frame ([`Nine`]: [`Square`], [`Bitboard`] in one
//! `u128`); Chu shogi in the 12x12 ([`Twelve`]: [`Square12`], [`Bitboard12`]). Code that
//! works on sets of squares in any frame is written once against [`SquareSet`].

use crate::frame12::Bitboard12;
use crate::{Bitboard, FrameSquare, Piece, Square, Square12};
use core::fmt::Debug;
use core::hash::Hash;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares of one frame, as a bitboard: the operations every frame's has. `!`
/// may set bits outside the frame's squares: mask with a board before reading squares.
pub trait SquareSet:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + IntoIterator<Item = Self::Square>
{
    /// The frame's square.
    type Square: Indexed + core::fmt::Display;
    /// No squares.
    const EMPTY: Self;
    /// Every square of the frame.
    const FULL: Self;
    /// The set holding only `sq`.
    fn from_square(sq: Self::Square) -> Self;
    /// Whether `sq` is in the set.
    fn contains(self, sq: Self::Square) -> bool;
    /// Whether the set is empty.
    fn is_empty(self) -> bool;
    /// The number of squares.
    fn count(self) -> u32;
    /// The square with the lowest index, if any.
    fn first(self) -> Option<Self::Square>;

    /// Whether the set holds a square.
    #[inline(always)]
    fn any(self) -> bool {
        !self.is_empty()
    }

    /// This set and `sq`.
    #[inline(always)]
    fn with(self, sq: Self::Square) -> Self {
        self | Self::from_square(sq)
    }

    /// This set without `sq`.
    #[inline(always)]
    fn without(self, sq: Self::Square) -> Self {
        self & !Self::from_square(sq)
    }
}

/// A square of some frame, as its index there (file-major, from 0).
pub trait Indexed: Copy + Eq + Ord + Hash + Debug + Send + Sync + 'static {
    /// The square's index in its frame.
    fn index(self) -> usize;
}

impl<const SIDE: u8> Indexed for FrameSquare<SIDE> {
    #[inline(always)]
    fn index(self) -> usize {
        FrameSquare::index(self)
    }
}

/// A board frame: its side, squares and bitboard, and what a position stores in it.
pub trait Frame: Copy + Default + Debug + Eq + Hash + Send + Sync + 'static {
    /// Files and ranks of the frame (the boards in it may use fewer).
    const SIDE: u8;
    /// A square of the frame.
    type Square: Indexed;
    /// A set of the frame's squares.
    type Bitboard: SquareSet<Square = Self::Square>;
    /// The piece on each square, by index (an array the frame's size).
    type Mailbox: Copy + Eq + Hash + Send + Sync + AsRef<[Option<Piece>]> + AsMut<[Option<Piece>]>;
}

/// The 9x9 frame of shogi and every variant up to 9x9.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Nine;

/// The 12x12 frame of Chu shogi.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Twelve;

impl Frame for Nine {
    const SIDE: u8 = Square::SIDE;
    type Square = Square;
    type Bitboard = Bitboard;
    type Mailbox = [Option<Piece>; Square::COUNT];
}

impl Frame for Twelve {
    const SIDE: u8 = Square12::SIDE;
    type Square = Square12;
    type Bitboard = Bitboard12;
    type Mailbox = [Option<Piece>; Square12::COUNT];
}

/// Forwards the trait to the type's own `const fn`s of the same names, which const
/// tables use.
macro_rules! square_set {
    ($bb:ty, $side:literal) => {
        impl SquareSet for $bb {
            type Square = FrameSquare<$side>;
            const EMPTY: Self = <$bb>::EMPTY;
            const FULL: Self = <$bb>::FULL;
            #[inline(always)]
            fn from_square(sq: Self::Square) -> Self {
                <$bb>::from_square(sq)
            }
            #[inline(always)]
            fn contains(self, sq: Self::Square) -> bool {
                <$bb>::contains(self, sq)
            }
            #[inline(always)]
            fn is_empty(self) -> bool {
                <$bb>::is_empty(self)
            }
            #[inline(always)]
            fn count(self) -> u32 {
                <$bb>::count(self)
            }
            #[inline(always)]
            fn first(self) -> Option<Self::Square> {
                <$bb>::first(self)
            }
            #[inline(always)]
            fn with(self, sq: Self::Square) -> Self {
                <$bb>::with(self, sq)
            }
            #[inline(always)]
            fn without(self, sq: Self::Square) -> Self {
                <$bb>::without(self, sq)
            }
        }
    };
}
square_set!(Bitboard, 9);
square_set!(Bitboard12, 12);

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    /// The same set operations, written once, agree in both frames with what the squares
    /// say.
    fn set_operations<F: Frame>(squares: &[F::Square]) {
        let set = squares
            .iter()
            .fold(F::Bitboard::EMPTY, |set, &sq| set.with(sq));
        assert_eq!(set.count() as usize, squares.len());
        assert_eq!(set.first(), squares.iter().min().copied());
        assert!(squares.iter().all(|&sq| set.contains(sq)));
        let mut listed: Vec<F::Square> = set.into_iter().collect();
        let mut sorted = squares.to_vec();
        sorted.sort();
        listed.sort();
        assert_eq!(listed, sorted);
        let rest = set.without(sorted[0]);
        assert!(!rest.contains(sorted[0]) && rest.count() + 1 == set.count());
        assert_eq!(set & !set & F::Bitboard::FULL, F::Bitboard::EMPTY);
        assert_eq!((set ^ rest).first(), Some(sorted[0]));
        assert!(F::Bitboard::FULL.count() == u32::from(F::SIDE) * u32::from(F::SIDE));
    }

    #[test]
    fn both_frames_share_the_set_operations() {
        let nine: Vec<Square> = [(1, 1), (5, 5), (9, 9), (2, 8)]
            .iter()
            .filter_map(|&(f, r)| Square::new(f, r))
            .collect();
        set_operations::<Nine>(&nine);
        // Squares on both sides of Bitboard12's two words.
        let twelve: Vec<Square12> = [(1, 1), (11, 8), (11, 9), (12, 12), (6, 7)]
            .iter()
            .filter_map(|&(f, r)| Square12::new(f, r))
            .collect();
        set_operations::<Twelve>(&twelve);
    }
}
