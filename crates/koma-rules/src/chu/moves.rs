//! Chu moves: a step, a jump or a slide, or a lion's two steps through a middle square.

use crate::frame12::Square12;
use core::fmt;

/// A Chu move in 32 bits: origin, destination, the middle square of a double move, and
/// whether the piece promotes.
///
/// Bits 0..8 hold the destination, 8..16 the origin, 16..24 the middle square (255:
/// none), bit 24 the promotion flag.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ChuMove(u32);

const NO_MID: u32 = 0xff;

impl ChuMove {
    /// A move of the piece on `from` to `to` in one go, promoting if `promote`.
    #[inline(always)]
    pub const fn normal(from: Square12, to: Square12, promote: bool) -> ChuMove {
        ChuMove(
            to.index() as u32 | (from.index() as u32) << 8 | NO_MID << 16 | (promote as u32) << 24,
        )
    }

    /// A double move: the piece on `from` steps to `mid` (taking what stands there) and on
    /// to `to`, which may be `from` again (igui, or a pass when `mid` is empty).
    #[inline(always)]
    pub const fn double(from: Square12, mid: Square12, to: Square12) -> ChuMove {
        ChuMove(to.index() as u32 | (from.index() as u32) << 8 | (mid.index() as u32) << 16)
    }

    /// The origin.
    #[inline(always)]
    pub const fn from(self) -> Square12 {
        square((self.0 >> 8) & 0xff)
    }

    /// The destination.
    #[inline(always)]
    pub const fn to(self) -> Square12 {
        square(self.0 & 0xff)
    }

    /// The middle square of a double move.
    #[inline(always)]
    pub const fn mid(self) -> Option<Square12> {
        let m = (self.0 >> 16) & 0xff;
        if m == NO_MID { None } else { Some(square(m)) }
    }

    /// Whether the piece promotes.
    #[inline(always)]
    pub const fn is_promotion(self) -> bool {
        self.0 >> 24 & 1 != 0
    }

    /// The 32-bit encoding.
    #[inline(always)]
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// The move of a 32-bit encoding ([`ChuMove::bits`]); `None` when the bits name no
    /// square of the frame or carry more than a move holds.
    pub fn from_bits(bits: u32) -> Option<ChuMove> {
        let on_frame = |i: u32| (i as usize) < Square12::COUNT;
        let (to, from, mid) = (bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff);
        let fits = bits >> 25 == 0 && on_frame(to) && on_frame(from);
        let double = mid != NO_MID;
        if !fits || (double && (!on_frame(mid) || bits >> 24 != 0)) {
            return None;
        }
        Some(ChuMove(bits))
    }
}

const fn square(index: u32) -> Square12 {
    match Square12::from_index(index as usize) {
        Some(sq) => sq,
        None => panic!("a move holds squares of the frame"),
    }
}

impl fmt::Display for ChuMove {
    /// The USI move: `7j7i`, `7j7i+`, and the double moves `7j7i6h` and igui `6f6g6f`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.from())?;
        if let Some(mid) = self.mid() {
            write!(f, "{mid}")?;
        }
        write!(f, "{}", self.to())?;
        if self.is_promotion() {
            f.write_str("+")?;
        }
        Ok(())
    }
}

impl fmt::Debug for ChuMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
