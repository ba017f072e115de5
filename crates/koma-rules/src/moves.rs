//! Moves and their compact 16-bit encoding.

use crate::{Role, Square};
use core::fmt;

/// A move: a board move (from, to, promote) or a drop (role, to), in 16 bits.
///
/// Bits 0..7 hold the destination, bits 7..14 the origin square (0..81) or, for a drop,
/// 81 + the dropped role, bit 14 the promotion flag. [`Move::NULL`] (all zero) is no move.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Move(u16);

const DROP_BASE: u16 = 81;

impl Move {
    /// The null move (from 1a to 1a), never legal; a placeholder.
    pub const NULL: Move = Move(0);

    /// A board move of the piece on `from` to `to`, promoting if `promote`.
    #[inline(always)]
    pub const fn normal(from: Square, to: Square, promote: bool) -> Move {
        Move(to.index() as u16 | (from.index() as u16) << 7 | (promote as u16) << 14)
    }

    /// A drop of `role` from the hand on `to`.
    #[inline(always)]
    pub const fn drop(role: Role, to: Square) -> Move {
        Move(to.index() as u16 | (DROP_BASE + role as u16) << 7)
    }

    /// The move from its 16-bit encoding, if the encoding is well formed.
    pub const fn from_bits(bits: u16) -> Option<Move> {
        let to = bits & 0x7f;
        let from = bits >> 7 & 0x7f;
        let promote = bits >> 14 & 1;
        if bits >> 15 != 0 || to >= 81 {
            return None;
        }
        if from >= DROP_BASE {
            let role = (from - DROP_BASE) as usize;
            if role >= Role::COUNT || promote != 0 {
                return None;
            }
        }
        Some(Move(bits))
    }

    /// The 16-bit encoding.
    #[inline(always)]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The destination square.
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::from_index_unchecked((self.0 & 0x7f) as u32)
    }

    /// The origin square, or `None` for a drop.
    #[inline(always)]
    pub const fn from(self) -> Option<Square> {
        let f = self.0 >> 7 & 0x7f;
        if f < DROP_BASE {
            Some(Square::from_index_unchecked(f as u32))
        } else {
            None
        }
    }

    /// The dropped role, or `None` for a board move.
    #[inline(always)]
    pub const fn drop_role(self) -> Option<Role> {
        let f = self.0 >> 7 & 0x7f;
        if f >= DROP_BASE {
            Role::from_index((f - DROP_BASE) as usize)
        } else {
            None
        }
    }

    /// Whether this is a drop.
    #[inline(always)]
    pub const fn is_drop(self) -> bool {
        self.0 >> 7 & 0x7f >= DROP_BASE
    }

    /// Whether the move promotes the piece.
    #[inline(always)]
    pub const fn is_promotion(self) -> bool {
        self.0 >> 14 & 1 != 0
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.from(), self.drop_role()) {
            (Some(from), _) => {
                write!(
                    f,
                    "{from}{}{}",
                    self.to(),
                    if self.is_promotion() { "+" } else { "" }
                )
            }
            (None, Some(role)) => write!(f, "{role:?}*{}", self.to()),
            (None, None) => f.write_str("<bad move>"),
        }
    }
}

/// A fixed-capacity list of moves that never allocates (shogi has at most 593 legal moves).
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MoveList::CAPACITY],
    len: usize,
}

impl MoveList {
    /// The capacity: more than the most legal moves any position of any variant has.
    pub const CAPACITY: usize = 600;

    /// An empty list.
    #[inline]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move::NULL; MoveList::CAPACITY],
            len: 0,
        }
    }

    /// Appends a move.
    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps only the moves for which `f` is true.
    pub fn retain(&mut self, mut f: impl FnMut(Move) -> bool) {
        let mut j = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if f(m) {
                self.moves[j] = m;
                j += 1;
            }
        }
        self.len = j;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];
    #[inline(always)]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl core::ops::DerefMut for MoveList {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
