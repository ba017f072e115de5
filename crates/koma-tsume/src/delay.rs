//! Delayed expansion: which sibling a move waits for before the search looks at it.
//!
//! Some moves are nearly always no better than a sibling, and counting both in a node's
//! numbers makes the node look harder (or easier) than it is. Such a move waits until the
//! sibling is lost for the side to move, then takes its turn:
//!
//! - a pawn, bishop or rook not promoting (or a lance not promoting on the second rank)
//!   waits for the same move with promotion, for either side;
//! - the defender's drops on one square wait for each other (interpositions one piece at a
//!   time);
//! - the defender's drops that nothing of its own defends and that give no check (the
//!   attacker simply takes them) wait for each other, whatever the square.
//!
//! Waiting never changes a result, only the order of the work: a node is decided only when
//! every move has been looked at.

use koma_rules::variants::Shogi;
use koma_rules::{Bitboard, Color, Move, Position, promote_only};

const NONE: u32 = u32::MAX;

/// The waiting chains of one node's moves, built as the moves are listed in order.
pub(crate) struct Delays {
    or: bool,
    us: Color,
    /// The last child with a promoting move to each square, and where it came from.
    promotion: [(u32, u8); 81],
    /// The last defender's drop on each square.
    drop: [u32; 81],
    /// The last defender's drop that is neither defended nor a check.
    free_drop: u32,
    /// Squares the defender defends (computed on the first drop).
    defended: Option<Bitboard>,
}

impl Delays {
    /// Chains for a node of `pos`, an OR node (attacker to move) if `or`.
    pub fn new(pos: &Position<Shogi>, or: bool) -> Delays {
        Delays {
            or,
            us: pos.side_to_move(),
            promotion: [(NONE, 0); 81],
            drop: [NONE; 81],
            free_drop: NONE,
            defended: None,
        }
    }

    /// The index of the sibling that move `m`, listed as child `index`, waits for.
    pub fn wait_for(&mut self, pos: &Position<Shogi>, m: Move, index: u32) -> Option<u32> {
        let to = m.to();
        let slot = to.index();
        let Some(from) = m.from() else {
            if self.or {
                return None;
            }
            return self.drop_waits(pos, m, index);
        };
        if m.is_promotion() {
            self.promotion[slot] = (index, from.index() as u8);
            return None;
        }
        let (twin, twin_from) = self.promotion[slot];
        if twin == NONE || twin_from as usize != from.index() {
            return None;
        }
        let role = pos.piece_at(from)?.role();
        promote_only::<Shogi>(role, self.us)
            .contains(to)
            .then_some(twin)
    }

    /// A defender's drop: after the last drop on its square, or after the last free drop.
    fn drop_waits(&mut self, pos: &Position<Shogi>, m: Move, index: u32) -> Option<u32> {
        let to = m.to();
        let defended = *self
            .defended
            .get_or_insert_with(|| defended_squares(pos, self.us));
        let free = !defended.contains(to) && !drop_checks(pos, m, self.us);
        let chain = if free {
            &mut self.free_drop
        } else {
            &mut self.drop[to.index()]
        };
        let prev = *chain;
        *chain = index;
        (prev != NONE).then_some(prev)
    }
}

/// The squares between the checked king of `us` and its checker that one of its pieces
/// (the king included) attacks.
fn defended_squares(pos: &Position<Shogi>, us: Color) -> Bitboard {
    let (Some(ksq), Some(checker)) = (pos.king(us), pos.checkers().first()) else {
        return Bitboard::EMPTY;
    };
    let mut defended = Bitboard::EMPTY;
    for sq in koma_rules::tables::between(ksq, checker) {
        if pos.attackers_to(sq, us).any() {
            defended |= Bitboard::from_square(sq);
        }
    }
    defended
}

/// Whether `us` dropping `m` checks the other king.
fn drop_checks(pos: &Position<Shogi>, m: Move, us: Color) -> bool {
    let (Some(role), Some(ksq)) = (m.drop_role(), pos.king(!us)) else {
        return false;
    };
    koma_rules::attacks(role, us, m.to(), pos.occupied()).contains(ksq)
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_rules::{MoveKind, VariantKind};

    fn waits(sfen: &str, or: bool) -> Vec<(String, Option<String>)> {
        let pos: Position<Shogi> = koma_notation::sfen::parse(sfen).unwrap();
        let moves = pos.moves(if or {
            MoveKind::Checks
        } else {
            MoveKind::Evasions
        });
        let mut delays = Delays::new(&pos, or);
        let list: Vec<Move> = moves.iter().copied().collect();
        list.iter()
            .enumerate()
            .map(|(i, &m)| {
                let w = delays.wait_for(&pos, m, i as u32);
                (
                    koma_notation::usi::write_move(VariantKind::Shogi, m),
                    w.map(|j| koma_notation::usi::write_move(VariantKind::Shogi, list[j as usize])),
                )
            })
            .collect()
    }

    /// What move `mv` (USI) waits for among the listed moves `w`; it must be listed.
    fn waiting_of(w: &[(String, Option<String>)], mv: &str) -> Option<String> {
        let listed = w.iter().find(|(m, _)| m == mv);
        listed
            .unwrap_or_else(|| panic!("{mv} is not listed"))
            .1
            .clone()
    }

    #[test]
    fn a_rook_not_promoting_waits_for_promoting() {
        // Black's rook on 2h checks from 2a with or without promotion.
        let w = waits("4k4/9/9/9/9/9/9/7R1/4K4 b - 1", true);
        assert_eq!(waiting_of(&w, "2h2a").as_deref(), Some("2h2a+"));
        assert_eq!(waiting_of(&w, "2h2a+"), None);
    }

    #[test]
    fn a_silver_not_promoting_does_not_wait() {
        let w = waits("4k4/9/3S5/9/9/9/9/9/4K4 b - 1", true);
        assert_eq!(waiting_of(&w, "6c5b"), None);
    }

    #[test]
    fn undefended_drops_wait_in_one_chain_and_defended_ones_per_square() {
        // A rook checks the white king on 5a from 5i; the king defends 5b only.
        let w = waits("4k4/9/9/9/9/9/9/9/4R1K2 w 2p 1", false);
        let at = |sq: &str| waiting_of(&w, &format!("P*{sq}"));
        assert_eq!(at("5b"), None, "defended by the king: its own chain");
        assert_eq!(at("5c"), None, "the first free drop");
        assert_eq!(at("5d").as_deref(), Some("P*5c"));
        assert_eq!(at("5h").as_deref(), Some("P*5g"));
    }
}
