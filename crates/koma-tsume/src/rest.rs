//! The composers' hand convention: the defender holds every piece that is neither on the
//! board nor in the attacker's hand (持駒 残り全部).

use koma_rules::{Position, Variant};

/// `pos` with every piece of the variant's set (kings aside) that is neither on the board
/// nor in a hand added to the hand of the side not to move (the defender): nothing changes
/// when it already holds them all. Uses the rule KIF's `残り全部` and CSA's `00AL` read by.
pub fn rest_to_defender<V: Variant>(pos: &Position<V>) -> Position<V> {
    let mut setup = pos.to_setup();
    koma_notation::diagram::all_to_hand::<V>(&mut setup, !pos.side_to_move());
    // Only hand counts grow, and only up to the set's total: the position stays as valid as
    // it was, so this cannot fail; the problem is left as given if it ever did.
    Position::from_setup_kingless(&setup).unwrap_or(*pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_rules::variants::{Shogi, Tori};
    use koma_rules::{Color, Role};

    #[test]
    fn shogi_defender_gets_the_rest_once() {
        let pos: Position<Shogi> =
            crate::parse_problem("4k4/9/4P4/9/9/9/9/9/9 b G 1").expect("problem");
        let full = rest_to_defender(&pos);
        let hand = full.hand(Color::White);
        let counts = [
            (Role::Pawn, 17),
            (Role::Lance, 4),
            (Role::Knight, 4),
            (Role::Silver, 4),
            (Role::Gold, 3),
            (Role::Bishop, 2),
            (Role::Rook, 2),
        ];
        for (role, n) in counts {
            assert_eq!(hand.count(role), n, "{role:?}");
        }
        assert_eq!(full.hand(Color::Black), pos.hand(Color::Black));
        assert_eq!(rest_to_defender(&full).key(), full.key());
    }

    #[test]
    fn tori_uses_its_own_set() {
        // Tori's start position with everything but the two phoenixes taken off.
        let mut setup = Position::<Tori>::startpos().to_setup();
        for sq in setup.board.iter_mut() {
            if sq.is_some_and(|p| p.role() != Role::King) {
                *sq = None;
            }
        }
        let bare = Position::<Tori>::from_setup_kingless(&setup).expect("two phoenixes");
        let hand = *rest_to_defender(&bare).hand(Color::White);
        let counts = [
            (Role::Swallow, 16),
            (Role::Falcon, 2),
            (Role::Crane, 4),
            (Role::Pheasant, 4),
            (Role::LeftQuail, 2),
            (Role::RightQuail, 2),
        ];
        for (role, n) in counts {
            assert_eq!(hand.count(role), n, "{role:?}");
        }
    }
}
