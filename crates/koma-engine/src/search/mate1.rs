//! A fast mate-in-one test: drops and moves onto the squares next to the enemy king that
//! check and leave no evasion. Sound (every move it returns mates) but not complete: mates
//! by a distant slider or by a discovered check are left to the search.

use koma_rules::tables::BOXES;
use koma_rules::{Bitboard, Color, Move, Position, Role, Square, Variant, attacks, reach};

/// A move of the side to move in `pos` (not in check) that mates at once, if one of the
/// kinds this test looks at exists.
pub fn mate_in_one<V: Variant>(pos: &Position<V>) -> Option<Move> {
    let us = pos.side_to_move();
    let ksq = pos.king(!us)?;
    let occ = pos.occupied();
    let around = attacks(Role::King, Color::Black, ksq, occ) & V::BOARD;
    let ours = pos.color_bb(us);
    // The squares next to the king that a piece of ours attacks: only pieces near the
    // king, or ranging ones, can.
    let mut reaching = ours & BOXES[3][ksq.index()];
    for &role in V::BOARD_ROLES {
        if reach(role) > 2 {
            reaching |= pos.pieces(us, role);
        }
    }
    let mut covered = Bitboard::EMPTY;
    for sq in reaching {
        if let Some(piece) = pos.piece_at(sq) {
            covered |= attacks(piece.role(), us, sq, occ) & around;
        }
    }
    // Nothing of ours reaches a square next to the king: no contact mate.
    if covered.is_empty() {
        return None;
    }
    // Squares the king could step to (empty or ours) that nothing of ours attacks.
    let open = around & !pos.color_bb(!us) & !covered;
    let hand = pos.hand(us);
    // Drops next to the king that attack it and that something guards (a pawn's never
    // mates: the rules forbid it). A drop covers no more than the dropped piece does, so
    // an open square it does not attack is a flight.
    for &role in V::HAND_ROLES {
        if hand.count(role) == 0 || (role == V::PAWN && V::NO_PAWN_DROP_MATE) {
            continue;
        }
        // A piece of ours attacks the king from where the same piece of theirs on the
        // king's square would attack.
        for to in attacks(role, !us, ksq, occ) & around & covered & !occ {
            let reach = attacks(role, us, to, occ.without(ksq));
            if (open & !reach).any() {
                continue;
            }
            let m = Move::drop(role, to);
            if mates(pos, m) {
                return Some(m);
            }
        }
    }
    // Board moves onto the squares next to the king (empty or enemy-held).
    for to in around & covered & !ours {
        for from in pos.attackers_to(to, us) {
            let Some(piece) = pos.piece_at(from) else {
                continue;
            };
            if piece.role() == Role::King {
                continue;
            }
            let vacated = occ.without(from);
            // The king takes the checker unless something else guards its square.
            if (V::attackers_to(pos, to, us, vacated) & ours.without(from)).is_empty() {
                continue;
            }
            for promote in [true, false] {
                let role = if promote {
                    match V::promote(piece.role()) {
                        Some(r) => r,
                        None => continue,
                    }
                } else {
                    piece.role()
                };
                if !attacks(role, us, to, vacated).contains(ksq) {
                    continue;
                }
                let m = Move::normal(from, to, promote);
                if !escapes(pos, ksq, from, to, role) && mates(pos, m) {
                    return Some(m);
                }
            }
        }
    }
    None
}

/// Whether the enemy king on `ksq` could step out of the check of a `role` of the side to
/// move moving from `from` to `to` next to it: to a square no piece of the side to move
/// attacks once the move is made, the checker's own included. A quick test done before the
/// move is played: when it finds no flight, [`mates`] decides.
fn escapes<V: Variant>(
    pos: &Position<V>,
    ksq: Square,
    from: Square,
    to: Square,
    role: Role,
) -> bool {
    let us = pos.side_to_move();
    let ours = pos.color_bb(us).without(from);
    let occ = pos.occupied().with(to).without(from);
    // The king no longer blocks a line it steps along.
    let seen = occ.without(ksq);
    let theirs = pos.color_bb(!us).without(to);
    let around = attacks(Role::King, Color::Black, ksq, seen) & V::BOARD & !theirs;
    let checker = attacks(role, us, to, seen);
    for sq in around {
        if sq != to && checker.contains(sq) {
            continue;
        }
        if (V::attackers_to(pos, sq, us, seen) & ours).is_empty() {
            return true;
        }
    }
    false
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
        Position::<Shogi>::from_setup(&parse_setup(VariantKind::Shogi, sfen).unwrap()).unwrap()
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

    /// Whether `m` is a mate of the kinds the test looks for: onto a square next to the
    /// enemy king, attacking it from there.
    fn direct_mate<V: Variant>(pos: &Position<V>, m: Move) -> bool {
        let us = pos.side_to_move();
        let ksq = pos.king(!us).unwrap();
        let child = pos.after(m);
        let role = child.piece_at(m.to()).unwrap().role();
        attacks(Role::King, Color::Black, ksq, child.occupied()).contains(m.to())
            && attacks(role, us, m.to(), child.occupied()).contains(ksq)
            && child.has_no_moves()
    }

    /// Random games of a variant: at every position, a mate of the kinds looked for exists
    /// exactly when the test returns one, and what it returns mates.
    fn agrees_with_brute_force<V: Variant>() -> usize {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut mates = 0;
        for _ in 0..300 {
            let mut pos = Position::<V>::startpos();
            for _ in 0..200 {
                let mut moves = koma_rules::MoveList::new();
                pos.generate(koma_rules::MoveKind::Legal, &mut moves);
                if moves.is_empty() {
                    break;
                }
                if !pos.in_check() {
                    let exists = moves.iter().any(|&m| direct_mate(&pos, m));
                    let found = mate_in_one(&pos);
                    assert_eq!(
                        found.is_some(),
                        exists,
                        "{}",
                        koma_notation::sfen::write(&pos)
                    );
                    if let Some(m) = found {
                        assert!(pos.after(m).has_no_moves());
                        mates += 1;
                    }
                }
                // Captures first, so that hands fill and kings are exposed.
                let captures: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|&m| m.from().is_some() && pos.piece_at(m.to()).is_some())
                    .collect();
                let m = if !captures.is_empty() && next(3) > 0 {
                    captures[next(captures.len())]
                } else {
                    moves[next(moves.len())]
                };
                pos.play_unchecked(m);
            }
        }
        mates
    }

    #[test]
    fn agrees_with_brute_force_in_random_games() {
        let shogi = agrees_with_brute_force::<Shogi>();
        let tori = agrees_with_brute_force::<koma_rules::variants::Tori>();
        assert!(
            shogi > 50 && tori > 50,
            "mates seen: {shogi} shogi, {tori} tori"
        );
    }

    fn sq(name: &str) -> Square {
        let b = name.as_bytes();
        Square::new(b[0] - b'0', b[1] - b'a' + 1).unwrap()
    }
}
