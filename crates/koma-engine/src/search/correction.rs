//! Correction history: how far the search's results have strayed from the static evaluation
//! in positions alike in their pawns, or in their hands (in Chu: their lions and royals, or
//! their piece counts), learnt during the search and added
//! to the evaluation.

use super::game::Searched;
use koma_rules::Position;

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

/// The slots of `pos` in the two tables, from the game's [`Searched::correction_keys`].
fn slots<V: Searched>(pos: &Position<V>) -> (usize, usize) {
    let side = pos.side_to_move().index() * SIZE;
    let [first, second] = V::correction_keys(pos);
    let slot = |key: u64| (key >> 50) as usize & (SIZE - 1);
    (side + slot(first), side + slot(second))
}

impl Correction {
    /// What to add to the static evaluation of `pos`.
    pub fn of<V: Searched>(&self, pos: &Position<V>) -> i32 {
        let (p, h) = slots(pos);
        (self.pawns[p] + self.hands[h]) / GRAIN
    }

    /// A search of `depth` plies found `score` where the (corrected) static evaluation
    /// said `static_eval`.
    pub fn learn<V: Searched>(
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
