//! Pieces in hand (持駒).

use crate::Role;

/// The pieces one player holds, counted per hand slot (see [`Role::hand_slot`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Hand([u8; 8]);

impl Hand {
    /// An empty hand.
    pub const EMPTY: Hand = Hand([0; 8]);

    /// How many pieces of `role` are held (0 for roles that cannot be held).
    #[inline(always)]
    pub fn count(&self, role: Role) -> u8 {
        match role.hand_slot() {
            Some(s) => self.0[s],
            None => 0,
        }
    }

    /// The count in slot `slot` (0..8).
    #[inline(always)]
    pub fn slot(&self, slot: usize) -> u8 {
        self.0[slot]
    }

    /// Sets the number of `role` held. Roles that cannot be held are ignored.
    #[inline]
    pub fn set(&mut self, role: Role, n: u8) {
        if let Some(s) = role.hand_slot() {
            self.0[s] = n;
        }
    }

    /// Adds one piece of `role` (already unpromoted).
    #[inline(always)]
    pub fn add(&mut self, role: Role) {
        if let Some(s) = role.hand_slot() {
            self.0[s] += 1;
        }
    }

    /// Removes one piece of `role`.
    #[inline(always)]
    pub fn remove(&mut self, role: Role) {
        if let Some(s) = role.hand_slot() {
            self.0[s] -= 1;
        }
    }

    /// Whether no piece is held.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 8]
    }

    /// The total number of pieces held.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| n as u32).sum()
    }

    /// Whether this hand holds at least as many of every kind as `other` (hand superiority).
    pub fn covers(&self, other: &Hand) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a >= b)
    }
}
