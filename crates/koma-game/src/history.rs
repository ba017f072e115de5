//! The positions a game went through, as repetition rules need them.

use koma_rules::Color;

/// The hash of every position of a game and whether each move pressed the opponent (gave
/// check; in Chu also left the moved piece attacking one of his: [`koma_rules::Rules::presses`]).
#[derive(Clone, Debug)]
pub(crate) struct History {
    /// The side to move in the start position.
    start_side: Color,
    /// `keys[i]`: the position's hash after `i` moves.
    keys: Vec<u64>,
    /// `checks[i]`: whether move `i` pressed (see the type).
    checks: Vec<bool>,
}

impl History {
    /// A history holding the start position only.
    pub fn new(start_key: u64, start_side: Color) -> History {
        History {
            start_side,
            keys: vec![start_key],
            checks: Vec::new(),
        }
    }

    /// Records a move leading to a position with hash `key`.
    pub fn push(&mut self, key: u64, gave_check: bool) {
        self.keys.push(key);
        self.checks.push(gave_check);
    }

    /// Forgets the last move (the game took it back).
    pub fn pop(&mut self) {
        if self.checks.pop().is_some() {
            self.keys.pop();
        }
    }

    /// The number of moves played.
    pub fn moves(&self) -> usize {
        self.checks.len()
    }

    /// The player who made move `i`.
    pub fn mover(&self, i: usize) -> Color {
        if i % 2 == 0 {
            self.start_side
        } else {
            !self.start_side
        }
    }

    /// How often the position with hash `key` occurred.
    pub fn occurrences(&self, key: u64) -> usize {
        self.keys.iter().filter(|&&k| k == key).count()
    }

    /// The number of moves played when the position with hash `key` first occurred.
    pub fn first(&self, key: u64) -> Option<usize> {
        self.keys.iter().position(|&k| k == key)
    }

    /// Whether `color` gave check with each of his moves from move `from` on (and with the
    /// move about to be played, `next`, if it is his).
    pub fn checked_throughout(&self, color: Color, from: usize, next: Option<bool>) -> bool {
        let next_ok = match next {
            Some(check) if self.mover(self.moves()) == color => check,
            _ => true,
        };
        next_ok
            && (from..self.moves())
                .filter(|&i| self.mover(i) == color)
                .all(|i| self.checks[i])
    }

    /// The player who checked with every move since the current position first occurred,
    /// if one did (the last mover first, should both have).
    pub fn perpetual_checker(&self) -> Option<Color> {
        let n = self.moves();
        let first = self.first(self.keys[n])?;
        let last = self.mover(n.checked_sub(1)?);
        [last, !last]
            .into_iter()
            .find(|&c| self.checked_throughout(c, first, None))
    }
}
