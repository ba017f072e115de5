//! Static exchange evaluation: what a capture wins once every piece that can recapture on
//! its square has done so, the cheapest first (pieces behind a slider join when it leaves).

use koma_rules::{Bitboard, Move, Position, Role, Variant};

/// A king's worth in an exchange: it may only take last.
const KING_VALUE: i32 = 30_000;

fn value<V: Variant>(role: Role) -> i32 {
    if role == Role::King {
        KING_VALUE
    } else {
        crate::eval::params::<V>().piece[role.index()]
    }
}

/// The material `m` wins in `pos` after the exchange on its square, both sides taking back
/// with their cheapest piece while it pays.
pub fn see<V: Variant>(pos: &Position<V>, m: Move) -> i32 {
    let to = m.to();
    let us = pos.side_to_move();
    let (moved_role, promotion_gain, mut occ) = match (m.from(), m.drop_role()) {
        (Some(from), _) => {
            let Some(mover) = pos.piece_at(from) else {
                return 0;
            };
            let moved_role = V::arriving(mover.role(), m.is_promotion());
            let gain = value::<V>(moved_role) - value::<V>(mover.role());
            (moved_role, gain, pos.occupied().without(from))
        }
        // A dropped piece captures nothing but may be taken where it lands.
        (None, Some(role)) => (role, 0, pos.occupied().with(to)),
        (None, None) => return 0,
    };
    let captured = pos.piece_at(to).map_or(0, |p| value::<V>(p.role()));
    let mut gains = [0i32; 40];
    gains[0] = captured + promotion_gain;
    let mut on_square = value::<V>(moved_role);
    let mut side = !us;
    let mut n = 1;
    while n < gains.len() {
        let attackers = V::attackers_to(pos, to, side, occ) & occ;
        let Some((sq, role)) = cheapest(pos, attackers) else {
            break;
        };
        gains[n] = on_square - gains[n - 1];
        if role == Role::King && (V::attackers_to(pos, to, !side, occ) & occ.without(sq)).any() {
            break; // the king may not take into a guarded square
        }
        on_square = value::<V>(role);
        occ = occ.without(sq);
        side = !side;
        n += 1;
    }
    while n > 1 {
        n -= 1;
        gains[n - 1] = -(-gains[n - 1]).max(gains[n]);
    }
    gains[0]
}

/// The square and role of the cheapest piece among `attackers`.
fn cheapest<V: Variant>(
    pos: &Position<V>,
    attackers: Bitboard,
) -> Option<(koma_rules::Square, Role)> {
    attackers
        .into_iter()
        .filter_map(|sq| pos.piece_at(sq).map(|p| (sq, p.role())))
        .min_by_key(|&(_, role)| value::<V>(role))
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_notation::{sfen, usi};
    use koma_rules::VariantKind;
    use koma_rules::variants::Shogi;

    fn see_of(position: &str, m: &str) -> i32 {
        let pos = sfen::parse::<Shogi>(position).unwrap();
        see(&pos, usi::parse_move(VariantKind::Shogi, m).unwrap())
    }

    #[test]
    fn exchanges() {
        // A free rook.
        assert_eq!(see_of("4k4/9/9/9/4r4/9/2B6/9/5K3 b - 1", "7g5e"), 990);
        // A pawn defended by a gold, taken by a bishop: the bishop is lost for a pawn.
        assert_eq!(
            see_of("4k4/9/9/4g4/4p4/9/2B6/9/5K3 b - 1", "7g5e"),
            90 - 855
        );
        // The same pawn taken by a pawn: pawn for pawn.
        assert_eq!(see_of("4k4/9/9/4g4/4p4/4P4/9/9/5K3 b - 1", "5f5e"), 0);
        // A gold dropped where a pawn takes it; a quiet move to a guarded square.
        assert_eq!(see_of("4k4/9/9/4p4/9/9/9/9/5K3 b G 1", "G*5e"), -540);
        assert_eq!(see_of("4k4/9/9/4p4/9/9/9/9/5K3 b G 1", "G*4e"), 0);
        // A rook behind the capturing rook joins the exchange (x-ray).
        assert_eq!(
            see_of("4k4/9/4g4/4p4/9/9/4R4/4R4/5K3 b - 1", "5g5d"),
            90 - 990 + 540
        );
    }
}
