//! A fast mate-in-one test: drops and moves onto the squares next to the enemy king that
//! check and leave no evasion. Sound (every move it returns mates) but not complete: mates
//! by a distant slider or by a discovered check are left to the search.

use koma_rules::{Color, Move, Position, Role, Variant, attacks};

/// A move of the side to move in `pos` (not in check) that mates at once, if one of the
/// kinds this test looks at exists.
pub fn mate_in_one<V: Variant>(pos: &Position<V>) -> Option<Move> {
    let us = pos.side_to_move();
    let ksq = pos.king(!us)?;
    let occ = pos.occupied();
    let around = attacks(Role::King, Color::Black, ksq, occ) & V::BOARD;
    let hand = pos.hand(us);
    // Drops next to the king that attack it.
    for &role in V::HAND_ROLES {
        if hand.count(role) == 0 {
            continue;
        }
        for to in around & !occ {
            let m = Move::drop(role, to);
            if attacks(role, us, to, occ).contains(ksq) && mates(pos, m) {
                return Some(m);
            }
        }
    }
    // Board moves onto the squares next to the king (empty or enemy-held).
    for to in around & !pos.color_bb(us) {
        for from in pos.attackers_to(to, us) {
            let Some(piece) = pos.piece_at(from) else {
                continue;
            };
            if piece.role() == Role::King {
                continue;
            }
            for promote in [true, false] {
                let role = if promote {
                    match piece.role().promoted() {
                        Some(r) => r,
                        None => continue,
                    }
                } else {
                    piece.role()
                };
                let after = occ.without(from);
                if !attacks(role, us, to, after).contains(ksq) {
                    continue;
                }
                let m = Move::normal(from, to, promote);
                if mates(pos, m) {
                    return Some(m);
                }
            }
        }
    }
    None
}

/// Whether `m` is legal in `pos` and leaves the opponent in check with no legal move.
fn mates<V: Variant>(pos: &Position<V>, m: Move) -> bool {
    if pos.is_legal(m).is_err() {
        return false;
    }
    let child = pos.after(m);
    child.in_check() && !has_flight(&child) && child.has_no_moves()
}

/// Whether the king in check in `pos` can step to a square no enemy piece attacks (a quick
/// way to see most checks are not mate before generating every evasion).
fn has_flight<V: Variant>(pos: &Position<V>) -> bool {
    let them = pos.side_to_move();
    let Some(ksq) = pos.king(them) else {
        return false;
    };
    let occ = pos.occupied().without(ksq);
    let squares = attacks(Role::King, Color::Black, ksq, occ) & V::BOARD & !pos.color_bb(them);
    for sq in squares {
        if V::attackers_to(pos, sq, !them, occ).is_empty() {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_notation::sfen::parse_setup;
    use koma_rules::variants::Shogi;
    use koma_rules::{Square, VariantKind};

    fn pos(sfen: &str) -> Position<Shogi> {
        Position::from_setup(&parse_setup(VariantKind::Shogi, sfen).unwrap()).unwrap()
    }

    #[test]
    fn finds_drop_and_board_mates_and_refuses_pawn_drop_mate() {
        // Gold drop on 5b, supported by the pawn on 5c.
        let p = pos("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
        assert_eq!(mate_in_one(&p), Some(Move::drop(Role::Gold, sq("5b"))));
        // A pawn drop on 1b would mate: illegal, so no mate in one.
        let p = pos("7nk/7p1/8G/9/9/9/9/9/4K4 b P 1");
        assert_eq!(mate_in_one(&p), None);
        // A gold steps to 5b, guarded by the other gold.
        let p = pos("4k4/9/4GG3/9/9/9/9/9/4K4 b - 1");
        let m = mate_in_one(&p).expect("a mate");
        assert_eq!(m.to(), sq("5b"));
        assert!(p.after(m).has_no_moves());
        // Nothing near the king: none.
        assert_eq!(mate_in_one(&Position::<Shogi>::startpos()), None);
    }

    fn sq(name: &str) -> Square {
        let b = name.as_bytes();
        Square::new(b[0] - b'0', b[1] - b'a' + 1).unwrap()
    }
}
