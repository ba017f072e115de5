//! The attacker's hand packed in 32 bits, with the per-piece comparisons that hand
//! superiority (持ち駒の優等局面) needs.
//!
//! Each kind has a field wide enough for every piece of that kind in shogi's start position
//! and a guard bit above it, so that "at least as many of every kind" is one subtraction.
//! The layout is computed from the rules' piece table and start position.

use koma_rules::{Hand, Role, Variant, variants::Shogi};

/// How many kinds a shogi hand holds.
const KINDS: usize = Shogi::HAND_ROLES.len();

/// The roles that can be held, in hand-slot order (see [`Role::hand_slot`]).
pub(crate) const HAND_ROLES: [Role; KINDS] = {
    let mut t = [Role::King; KINDS];
    let mut i = 0;
    while i < KINDS {
        let role = Shogi::HAND_ROLES[i];
        match role.hand_slot() {
            Some(slot) if slot < KINDS => t[slot] = role,
            _ => panic!("shogi's hand slots are 0..7"),
        }
        i += 1;
    }
    t
};

/// Field layout per hand slot: (shift, width, most held), each field followed by its guard
/// bit.
const FIELDS: [(u32, u32, u32); KINDS] = {
    let mut t = [(0, 0, 0); KINDS];
    let mut shift = 0;
    let mut slot = 0;
    while slot < KINDS {
        let most = Shogi::START.count_on_board(HAND_ROLES[slot]);
        let width = u32::BITS - most.leading_zeros();
        t[slot] = (shift, width, most);
        shift += width + 1;
        slot += 1;
    }
    assert!(shift <= 32, "a shogi hand fits 32 bits");
    t
};

/// The guard bits above every field.
const GUARDS: u32 = {
    let mut g = 0;
    let mut slot = 0;
    while slot < KINDS {
        g |= 1 << (FIELDS[slot].0 + FIELDS[slot].1);
        slot += 1;
    }
    g
};

/// A shogi hand in 32 bits: seven counts with guard bits.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct PackedHand(u32);

impl PackedHand {
    /// No pieces.
    pub const EMPTY: PackedHand = PackedHand(0);

    /// Every piece shogi has of each kind: the largest hand (an unbounded disproof hand).
    pub const FULL: PackedHand = {
        let mut bits = 0;
        let mut slot = 0;
        while slot < KINDS {
            bits |= FIELDS[slot].2 << FIELDS[slot].0;
            slot += 1;
        }
        PackedHand(bits)
    };

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
            Some(s) if s < KINDS => self.slot(s),
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
            Some(s) if s < KINDS => self.with_slot(s, self.slot(s) + 1),
            _ => self,
        }
    }

    /// One `role` fewer (saturating at zero).
    #[inline]
    pub fn minus(self, role: Role) -> PackedHand {
        match role.unpromoted().hand_slot() {
            Some(s) if s < KINDS => self.with_slot(s, self.slot(s).saturating_sub(1)),
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
        for s in 0..KINDS {
            r = r.with_slot(s, self.slot(s).max(other.slot(s)));
        }
        r
    }

    /// The per-kind minimum of two hands.
    pub fn min(self, other: PackedHand) -> PackedHand {
        let mut r = self;
        for s in 0..KINDS {
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
        assert_eq!(
            PackedHand::FULL.count(Role::Pawn),
            18,
            "all of shogi's pawns"
        );
        assert_eq!(PackedHand::FULL.count(Role::Horse), 2, "both bishops");
        assert_eq!(PackedHand::FULL.plus(Role::Rook), PackedHand::FULL);
        assert_eq!(PackedHand::EMPTY.minus(Role::Rook), PackedHand::EMPTY);
    }
}
