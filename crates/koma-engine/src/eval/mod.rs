//! Evaluation: material on the board and in hand, king safety and the closeness of pieces to
//! the kings, the same code for every variant (the tables are indexed by the global role).

mod tables;

pub use tables::{HAND_VALUE, PIECE_VALUE};

use koma_rules::{Bitboard, Color, Position, Role, Square, Variant, attacks};

/// The evaluation of `pos` in centipawns from the side to move's point of view.
pub fn evaluate<V: Variant>(pos: &Position<V>) -> i32 {
    let white_view = side_score(pos, Color::Black) - side_score(pos, Color::White);
    match pos.side_to_move() {
        Color::Black => white_view,
        Color::White => -white_view,
    }
}

/// Material only, from the side to move's point of view (for pruning margins and tests).
pub fn material<V: Variant>(pos: &Position<V>) -> i32 {
    let score = material_of(pos, Color::Black) - material_of(pos, Color::White);
    match pos.side_to_move() {
        Color::Black => score,
        Color::White => -score,
    }
}

fn material_of<V: Variant>(pos: &Position<V>, color: Color) -> i32 {
    let board: i32 = V::BOARD_ROLES
        .iter()
        .map(|&r| pos.pieces(color, r).count() as i32 * PIECE_VALUE[r.index()])
        .sum();
    let hand: i32 = V::HAND_ROLES
        .iter()
        .map(|&r| i32::from(pos.hand(color).count(r)) * HAND_VALUE[r.index()])
        .sum();
    board + hand
}

/// Everything `color` has: material, and its pieces' places relative to both kings.
fn side_score<V: Variant>(pos: &Position<V>, color: Color) -> i32 {
    let mut score = material_of(pos, color);
    let own_king = pos.king(color);
    let their_king = pos.king(!color);
    for &role in V::BOARD_ROLES {
        if role == Role::King {
            continue;
        }
        for sq in pos.pieces(color, role) {
            if let Some(k) = own_king {
                score += tables::DEFENCE[role.index()][distance(sq, k)];
            }
            if let Some(k) = their_king {
                score += tables::ATTACK[role.index()][distance(sq, k)];
            }
        }
    }
    if let Some(k) = own_king {
        score -= king_danger(pos, color, k);
    }
    score
}

/// The danger to `color`'s king on `ksq`: enemy attacks on the squares around it, worth
/// more the more the enemy holds in hand to drop there.
fn king_danger<V: Variant>(pos: &Position<V>, color: Color, ksq: Square) -> i32 {
    let them = !color;
    let occ = pos.occupied();
    let zone = attacks(Role::King, color, ksq, occ) & V::BOARD;
    let mut attacked = 0i32;
    let mut defended_weakly = 0i32;
    for sq in zone {
        let attackers = pos.attackers_to(sq, them).count() as i32;
        if attackers == 0 {
            continue;
        }
        attacked += attackers;
        let defenders = pos.attackers_to(sq, color).without(ksq).count() as i32;
        if defenders == 0 {
            defended_weakly += 1;
        }
    }
    let empty_zone = (zone & !occ).count() as i32;
    let hand_pieces: i32 = V::HAND_ROLES
        .iter()
        .filter(|&&r| r != V::PAWN)
        .map(|&r| i32::from(pos.hand(them).count(r)))
        .sum();
    let units = attacked * 2 + defended_weakly * 3 + empty_zone.min(4) * hand_pieces.min(4) / 2;
    tables::DANGER[units.clamp(0, tables::DANGER.len() as i32 - 1) as usize]
}

/// Chebyshev distance between two squares, capped at 8.
fn distance(a: Square, b: Square) -> usize {
    let df = a.file().abs_diff(b.file());
    let dr = a.rank().abs_diff(b.rank());
    usize::from(df.max(dr)).min(8)
}

/// The squares next to `sq` (for tests).
pub fn neighbours(sq: Square) -> Bitboard {
    attacks(Role::King, Color::Black, sq, Bitboard::EMPTY)
}
