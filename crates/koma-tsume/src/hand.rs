//! The attacker's hand packed in 32 bits, with the per-piece comparisons that hand
//! superiority (持ち駒の優等局面) needs.
//!
//! Each kind has a field wide enough for every piece of that kind in shogi and a guard bit
//! above it, so that "at least as many of every kind" is one subtraction.

use koma_rules::{Hand, Role};

/// Field layout per hand slot (see [`Role::hand_slot`]): (shift, width, most held).
const FIELDS: [(u32, u32, u32); 7] = [
    (0, 5, 18), // pawn
    (6, 3, 4),  // lance
    (10, 3, 4), // knight
    (14, 3, 4), // silver
    (22, 2, 2), // bishop
    (25, 2, 2), // rook
    (18, 3, 4), // gold
];

/// The guard bits above every field.
const GUARDS: u32 = (1 << 5) | (1 << 9) | (1 << 13) | (1 << 17) | (1 << 21) | (1 << 24) | (1 << 27);

/// The roles that can be held, in hand-slot order.
pub(crate) const HAND_ROLES: [Role; 7] = [
    Role::Pawn,
    Role::Lance,
    Role::Knight,
    Role::Silver,
    Role::Bishop,
    Role::Rook,
    Role::Gold,
];

/// A shogi hand in 32 bits: seven counts with guard bits.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct PackedHand(u32);

impl PackedHand {
    /// No pieces.
    pub const EMPTY: PackedHand = PackedHand(0);

    /// Every piece shogi has of each kind: the largest hand (an unbounded disproof hand).
    pub const FULL: PackedHand =
        PackedHand(18 | (4 << 6) | (4 << 10) | (4 << 14) | (2 << 22) | (2 << 25) | (4 << 18));

    /// Packs a rules-core hand (counts above shogi's totals are clamped).
    pub fn from_hand(hand: &Hand) -> PackedHand {
        let mut p = PackedHand::EMPTY;
        for (slot, &(_, _, max)) in FIELDS.iter().enumerate() {
            p = p.with_slot(slot, (hand.slot(slot) as u32).min(max));
        }
        p
    }

    /// The raw bits (for hashing and storage).
    #[inline(always)]
    pub fn bits(self) -> u32 {
        self.0
    }

    /// The hand whose raw bits are `bits` (as [`PackedHand::bits`] gave them).
    #[inline(always)]
    pub(crate) fn from_bits(bits: u32) -> PackedHand {
        PackedHand(bits)
    }

    /// The count in hand slot `slot` (0..7).
    #[inline(always)]
    pub fn slot(self, slot: usize) -> u32 {
        let (shift, width, _) = FIELDS[slot];
        (self.0 >> shift) & ((1 << width) - 1)
    }

    /// How many of `role` are held.
    #[inline]
    pub fn count(self, role: Role) -> u32 {
        match role.unpromoted().hand_slot() {
            Some(s) if s < 7 => self.slot(s),
            _ => 0,
        }
    }

    /// This hand with slot `slot` set to `n` (clamped to the most shogi has).
    #[inline(always)]
    pub fn with_slot(self, slot: usize, n: u32) -> PackedHand {
        let (shift, width, max) = FIELDS[slot];
        let mask = ((1 << width) - 1) << shift;
        PackedHand((self.0 & !mask) | (n.min(max) << shift))
    }

    /// One more `role` (saturating at the most shogi has).
    #[inline]
    pub fn plus(self, role: Role) -> PackedHand {
        match role.unpromoted().hand_slot() {
            Some(s) if s < 7 => self.with_slot(s, self.slot(s) + 1),
            _ => self,
        }
    }

    /// One `role` fewer (saturating at zero).
    #[inline]
    pub fn minus(self, role: Role) -> PackedHand {
        match role.unpromoted().hand_slot() {
            Some(s) if s < 7 => self.with_slot(s, self.slot(s).saturating_sub(1)),
            _ => self,
        }
    }

    /// Whether this hand holds at least as many of every kind as `other`.
    #[inline(always)]
    pub fn covers(self, other: PackedHand) -> bool {
        ((self.0 | GUARDS).wrapping_sub(other.0) & GUARDS) == GUARDS
    }

    /// The per-kind maximum of two hands.
    pub fn max(self, other: PackedHand) -> PackedHand {
        let mut r = self;
        for s in 0..7 {
            r = r.with_slot(s, self.slot(s).max(other.slot(s)));
        }
        r
    }

    /// The per-kind minimum of two hands.
    pub fn min(self, other: PackedHand) -> PackedHand {
        let mut r = self;
        for s in 0..7 {
            r = r.with_slot(s, self.slot(s).min(other.slot(s)));
        }
        r
    }

    /// Whether no piece is held.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip_and_compare() {
        let mut h = PackedHand::EMPTY;
        for (i, r) in HAND_ROLES.iter().enumerate() {
            for _ in 0..=i.min(2) {
                h = h.plus(*r);
            }
        }
        assert_eq!(h.count(Role::Pawn), 1);
        assert_eq!(h.count(Role::Lance), 2);
        assert_eq!(h.count(Role::Gold), 3);
        assert_eq!(h.count(Role::Dragon), 2, "a dragon counts as a rook");
        let less = h.minus(Role::Gold);
        assert!(h.covers(less));
        assert!(!less.covers(h));
        assert!(h.covers(h));
        let other = PackedHand::EMPTY.plus(Role::Pawn).plus(Role::Pawn);
        assert!(!h.covers(other) && !other.covers(h));
        assert_eq!(h.max(other).count(Role::Pawn), 2);
        assert_eq!(h.min(other).count(Role::Gold), 0);
        assert!(PackedHand::FULL.covers(h));
        for (s, field) in FIELDS.iter().enumerate() {
            assert_eq!(
                PackedHand::FULL.slot(s),
                field.2,
                "slot {s} of the full hand"
            );
        }
        assert_eq!(PackedHand::FULL.plus(Role::Rook), PackedHand::FULL);
        assert_eq!(PackedHand::EMPTY.minus(Role::Rook), PackedHand::EMPTY);
    }
}
