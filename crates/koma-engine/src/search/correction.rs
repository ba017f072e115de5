//! Correction history: how far the search's results have strayed from the static evaluation
//! in positions alike in their pawns, or in their hands, learnt during the search and added
//! to the evaluation.

use koma_rules::{Color, Position, Role, Variant};

/// Entries of each table per side (a power of two).
const SIZE: usize = 1 << 14;
/// The bound of an entry; an entry of `LIMIT` corrects by `LIMIT / GRAIN` centipawns.
const LIMIT: i32 = 1024;
const GRAIN: i32 = 16;

/// The correction tables of one search thread.
pub struct Correction {
    /// By side to move and a hash of both sides' pawns.
    pawns: Vec<i32>,
    /// By side to move and a hash of both hands.
    hands: Vec<i32>,
}

impl Default for Correction {
    fn default() -> Self {
        Correction {
            pawns: vec![0; 2 * SIZE],
            hands: vec![0; 2 * SIZE],
        }
    }
}

/// The slots of `pos` in the pawn and hand tables.
fn slots<V: Variant>(pos: &Position<V>) -> (usize, usize) {
    let side = pos.side_to_move().index() * SIZE;
    let black = pos.pieces(Color::Black, Role::Pawn).0;
    let white = pos.pieces(Color::White, Role::Pawn).0;
    let mixed =
        (black ^ white.rotate_left(64)).wrapping_mul(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835);
    let pawns = (mixed >> 114) as usize & (SIZE - 1);
    let hand_key = (pos.key() ^ pos.board_key()).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let hands = (hand_key >> 50) as usize & (SIZE - 1);
    (side + pawns, side + hands)
}

impl Correction {
    /// What to add to the static evaluation of `pos`.
    pub fn of<V: Variant>(&self, pos: &Position<V>) -> i32 {
        let (p, h) = slots(pos);
        (self.pawns[p] + self.hands[h]) / GRAIN
    }

    /// A search of `depth` plies found `score` where the (corrected) static evaluation
    /// said `static_eval`.
    pub fn learn<V: Variant>(
        &mut self,
        pos: &Position<V>,
        depth: i32,
        score: i32,
        static_eval: i32,
    ) {
        let bonus = ((score - static_eval) * depth / 8).clamp(-LIMIT / 4, LIMIT / 4);
        let (p, h) = slots(pos);
        for entry in [&mut self.pawns[p], &mut self.hands[h]] {
            *entry += bonus - *entry * bonus.abs() / LIMIT;
        }
    }

    /// Halves every entry (a new search).
    pub fn age(&mut self) {
        for e in self.pawns.iter_mut().chain(&mut self.hands) {
            *e /= 2;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_rules::variants::Shogi;

    #[test]
    fn learns_the_error_within_bounds_and_forgets_by_halves() {
        let pos = Position::<Shogi>::startpos();
        let mut c = Correction::default();
        assert_eq!(c.of(&pos), 0);
        // The search keeps finding 300 more than the evaluation says.
        for _ in 0..200 {
            let eval = c.of(&pos);
            c.learn(&pos, 8, 300, eval);
        }
        let learnt = c.of(&pos);
        assert!(learnt > 60, "{learnt}");
        assert!(learnt <= 2 * LIMIT / GRAIN, "{learnt}");
        c.age();
        assert_eq!(c.of(&pos), learnt / 2);
        // An error the other way pulls it back.
        for _ in 0..200 {
            let eval = c.of(&pos);
            c.learn(&pos, 8, eval - 300, eval);
        }
        assert!(c.of(&pos) < 0);
    }
}
