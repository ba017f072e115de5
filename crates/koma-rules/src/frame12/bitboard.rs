//! A set of squares of the 12x12 frame in 144 bits, and slides along its eight lines.

use crate::Square12;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares of the 12x12 frame: bit `i` is the square with index `i`, the first
/// 128 in `lo` (files 1 to 10 and two ranks of file 11), the last 16 in `hi`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, Debug)]
pub struct Bitboard12 {
    lo: u128,
    hi: u16,
}

impl Bitboard12 {
    /// No squares.
    pub const EMPTY: Bitboard12 = Bitboard12 { lo: 0, hi: 0 };
    /// All 144 squares.
    pub const FULL: Bitboard12 = Bitboard12 {
        lo: u128::MAX,
        hi: u16::MAX,
    };

    /// The set holding only `sq`.
    #[inline(always)]
    pub const fn from_square(sq: Square12) -> Bitboard12 {
        Bitboard12::EMPTY.with(sq)
    }

    /// This set and `sq`.
    #[inline(always)]
    pub const fn with(self, sq: Square12) -> Bitboard12 {
        let i = sq.index();
        if i < 128 {
            Bitboard12 {
                lo: self.lo | 1 << i,
                hi: self.hi,
            }
        } else {
            Bitboard12 {
                lo: self.lo,
                hi: self.hi | 1 << (i - 128),
            }
        }
    }

    /// This set without `sq`.
    #[inline(always)]
    pub const fn without(self, sq: Square12) -> Bitboard12 {
        self.and(Bitboard12::from_square(sq).not())
    }

    /// Whether `sq` is in the set.
    #[inline(always)]
    pub const fn contains(self, sq: Square12) -> bool {
        let i = sq.index();
        if i < 128 {
            self.lo >> i & 1 != 0
        } else {
            self.hi >> (i - 128) & 1 != 0
        }
    }

    /// The squares in both sets.
    #[inline(always)]
    pub const fn and(self, other: Bitboard12) -> Bitboard12 {
        Bitboard12 {
            lo: self.lo & other.lo,
            hi: self.hi & other.hi,
        }
    }

    /// The squares in either set.
    #[inline(always)]
    pub const fn or(self, other: Bitboard12) -> Bitboard12 {
        Bitboard12 {
            lo: self.lo | other.lo,
            hi: self.hi | other.hi,
        }
    }

    /// The squares not in the set.
    #[inline(always)]
    pub const fn not(self) -> Bitboard12 {
        Bitboard12 {
            lo: !self.lo,
            hi: !self.hi,
        }
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.lo == 0 && self.hi == 0
    }

    /// The number of squares.
    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.lo.count_ones() + self.hi.count_ones()
    }

    /// The square with the lowest index, if any.
    #[inline(always)]
    pub const fn first(self) -> Option<Square12> {
        if self.lo != 0 {
            Square12::from_index(self.lo.trailing_zeros() as usize)
        } else if self.hi != 0 {
            Square12::from_index(128 + self.hi.trailing_zeros() as usize)
        } else {
            None
        }
    }

    /// The square with the highest index, if any.
    #[inline(always)]
    pub const fn last(self) -> Option<Square12> {
        if self.hi != 0 {
            Square12::from_index(128 + 15 - self.hi.leading_zeros() as usize)
        } else if self.lo != 0 {
            Square12::from_index(127 - self.lo.leading_zeros() as usize)
        } else {
            None
        }
    }

    /// The squares from `sq` (left out) to the frame's edge along `dir`.
    #[inline(always)]
    pub fn ray(sq: Square12, dir: Direction) -> Bitboard12 {
        RAYS[dir as usize][sq.index()]
    }

    /// The squares a slider on `sq` reaches along `dir` when `occupied` is occupied: up to
    /// and including the first occupied square.
    #[inline]
    pub fn slide(sq: Square12, dir: Direction, occupied: Bitboard12) -> Bitboard12 {
        let ray = RAYS[dir as usize][sq.index()];
        let blockers = ray.and(occupied);
        let nearest = if dir.increases() {
            blockers.first()
        } else {
            blockers.last()
        };
        match nearest {
            Some(b) => ray.and(RAYS[dir as usize][b.index()].not()),
            None => ray,
        }
    }
}

impl BitAnd for Bitboard12 {
    type Output = Bitboard12;
    #[inline(always)]
    fn bitand(self, rhs: Bitboard12) -> Bitboard12 {
        self.and(rhs)
    }
}

impl BitOr for Bitboard12 {
    type Output = Bitboard12;
    #[inline(always)]
    fn bitor(self, rhs: Bitboard12) -> Bitboard12 {
        self.or(rhs)
    }
}

impl BitXor for Bitboard12 {
    type Output = Bitboard12;
    #[inline(always)]
    fn bitxor(self, rhs: Bitboard12) -> Bitboard12 {
        Bitboard12 {
            lo: self.lo ^ rhs.lo,
            hi: self.hi ^ rhs.hi,
        }
    }
}

impl Not for Bitboard12 {
    type Output = Bitboard12;
    #[inline(always)]
    fn not(self) -> Bitboard12 {
        Bitboard12::not(self)
    }
}

impl BitAndAssign for Bitboard12 {
    #[inline(always)]
    fn bitand_assign(&mut self, rhs: Bitboard12) {
        *self = *self & rhs;
    }
}

impl BitOrAssign for Bitboard12 {
    #[inline(always)]
    fn bitor_assign(&mut self, rhs: Bitboard12) {
        *self = *self | rhs;
    }
}

impl BitXorAssign for Bitboard12 {
    #[inline(always)]
    fn bitxor_assign(&mut self, rhs: Bitboard12) {
        *self = *self ^ rhs;
    }
}

/// Iterates the squares of the set in index order.
impl Iterator for Bitboard12 {
    type Item = Square12;
    #[inline(always)]
    fn next(&mut self) -> Option<Square12> {
        let sq = self.first()?;
        *self = self.without(sq);
        Some(sq)
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

/// One of the eight lines out of a square, as sente sees the board (forward is towards
/// rank a; left is towards file 12).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards rank a.
    Forward,
    /// Towards rank l.
    Back,
    /// Towards file 12.
    Left,
    /// Towards file 1.
    Right,
    /// Forward and left.
    ForwardLeft,
    /// Forward and right.
    ForwardRight,
    /// Back and left.
    BackLeft,
    /// Back and right.
    BackRight,
}

impl Direction {
    /// All eight.
    pub const ALL: [Direction; 8] = [
        Direction::Forward,
        Direction::Back,
        Direction::Left,
        Direction::Right,
        Direction::ForwardLeft,
        Direction::ForwardRight,
        Direction::BackLeft,
        Direction::BackRight,
    ];

    /// The (file, rank) step of the line.
    pub const fn step(self) -> (i8, i8) {
        match self {
            Direction::Forward => (0, -1),
            Direction::Back => (0, 1),
            Direction::Left => (1, 0),
            Direction::Right => (-1, 0),
            Direction::ForwardLeft => (1, -1),
            Direction::ForwardRight => (-1, -1),
            Direction::BackLeft => (1, 1),
            Direction::BackRight => (-1, 1),
        }
    }

    /// The line of a one-square (file, rank) step, if it is one of the eight.
    pub const fn of_step(df: i8, dr: i8) -> Option<Direction> {
        let mut i = 0;
        while i < 8 {
            let (f, r) = Direction::ALL[i].step();
            if f == df && r == dr {
                return Some(Direction::ALL[i]);
            }
            i += 1;
        }
        None
    }

    /// The line a gote piece moving this way (as its own side sees it) takes on the board.
    pub const fn for_gote(self) -> Direction {
        match self {
            Direction::Forward => Direction::Back,
            Direction::Back => Direction::Forward,
            Direction::Left => Direction::Right,
            Direction::Right => Direction::Left,
            Direction::ForwardLeft => Direction::BackRight,
            Direction::ForwardRight => Direction::BackLeft,
            Direction::BackLeft => Direction::ForwardRight,
            Direction::BackRight => Direction::ForwardLeft,
        }
    }

    /// Whether square indices grow along the line (then the nearest square is the lowest).
    const fn increases(self) -> bool {
        let (df, dr) = self.step();
        df as i32 * Square12::SIDE as i32 + dr as i32 > 0
    }
}

/// Every square's eight rays, the square itself left out.
static RAYS: [[Bitboard12; Square12::COUNT]; 8] = {
    let mut rays = [[Bitboard12::EMPTY; Square12::COUNT]; 8];
    let mut d = 0;
    while d < 8 {
        let (df, dr) = Direction::ALL[d].step();
        let mut i = 0;
        while i < Square12::COUNT {
            let Some(start) = Square12::from_index(i) else {
                panic!("an index of the frame");
            };
            let mut ray = Bitboard12::EMPTY;
            let mut at = start.offset(df, dr);
            while let Some(sq) = at {
                ray = ray.with(sq);
                at = sq.offset(df, dr);
            }
            rays[d][i] = ray;
            i += 1;
        }
        d += 1;
    }
    rays
};

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::{vec, vec::Vec};

    /// The slide walked square by square.
    fn walk(sq: Square12, dir: Direction, occupied: Bitboard12) -> Bitboard12 {
        let (df, dr) = dir.step();
        let mut out = Bitboard12::EMPTY;
        let mut at = sq.offset(df, dr);
        while let Some(s) = at {
            out = out.with(s);
            if occupied.contains(s) {
                break;
            }
            at = s.offset(df, dr);
        }
        out
    }

    #[test]
    fn slides_stop_at_the_first_piece_on_every_line() {
        let mut state = 0x5eed_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..400 {
            // Boards from nearly empty to nearly full.
            let density = next() % 8;
            let mut occupied = Bitboard12::EMPTY;
            for sq in Square12::all() {
                if next() % 8 < density {
                    occupied = occupied.with(sq);
                }
            }
            for sq in Square12::all() {
                for dir in Direction::ALL {
                    assert_eq!(
                        Bitboard12::slide(sq, dir, occupied),
                        walk(sq, dir, occupied),
                        "{sq} {dir:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn set_operations_cover_both_words() {
        let a = Square12::parse("1a").unwrap();
        let z = Square12::parse("12l").unwrap();
        let mid = Square12::parse("11h").unwrap();
        assert_eq!(a.index(), 0);
        assert_eq!(z.index(), 143);
        let set = Bitboard12::EMPTY.with(a).with(z).with(mid);
        assert_eq!(set.count(), 3);
        assert_eq!(set.first(), Some(a));
        assert_eq!(set.last(), Some(z));
        assert_eq!(set.collect::<Vec<_>>(), vec![a, mid, z]);
        assert!(set.without(z).contains(mid) && !set.without(z).contains(z));
        assert_eq!(Bitboard12::FULL.count(), 144);
        assert_eq!(Bitboard12::EMPTY.first(), None);
        assert_eq!((set ^ set).count(), 0);
        assert_eq!(Direction::ForwardLeft.for_gote(), Direction::BackRight);
    }
}
