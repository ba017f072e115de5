//! Chu's hand-written evaluation: material at lishogi's piece values, pawns and
//! go-betweens pushed forward, lions in the centre, and a royal kept company.

use koma_rules::chu::{ChuPosition, is_royal, zone};
use koma_rules::frame12::Square12;
use koma_rules::pieces::info_of;
use koma_rules::{Color, Role};

/// What Chu values otherwise than the piece table's shogi values (lishogi's, scalashogi
/// `Chushogi.valueOfRole`, a pawn being 100): the roles Chu shares with shogi.
const SHARED: [(Role, i32); 10] = [
    (Role::Pawn, 100),
    (Role::Silver, 200),
    (Role::Gold, 300),
    (Role::Lance, 300),
    (Role::Bishop, 500),
    (Role::Rook, 600),
    (Role::Tokin, 300),
    (Role::Horse, 700),
    (Role::Dragon, 800),
    // The king is the game: worth more than anything it could be traded for.
    (Role::King, 5_000),
];

/// A Chu piece's worth in centipawns.
pub fn value(role: Role) -> i32 {
    match SHARED.iter().find(|(r, _)| *r == role) {
        Some(&(_, v)) => v,
        None => info_of(role).value,
    }
}

/// How far `sq` lies from the centre of the board, in king steps (0 to 5).
fn off_centre(sq: Square12) -> i32 {
    let d = |x: u8| (2 * x as i32 - 13).abs() / 2;
    d(sq.file()).max(d(sq.rank()))
}

/// How many ranks a piece of `color` on `sq` has advanced from its own back rank.
fn advance(color: Color, sq: Square12) -> i32 {
    match color {
        Color::Black => 12 - sq.rank() as i32,
        Color::White => sq.rank() as i32 - 1,
    }
}

/// The score of `pos` for the side to move, in centipawns.
pub fn evaluate(pos: &ChuPosition) -> i32 {
    let mut score = [0i32; 2];
    for color in Color::ALL {
        let c = color.index();
        let ours = pos.color_bb(color);
        for sq in ours {
            let Some(piece) = pos.piece_at(sq) else {
                continue;
            };
            let role = piece.role();
            score[c] += value(role);
            match role {
                Role::Pawn | Role::GoBetween => score[c] += 6 * advance(color, sq),
                Role::Lion | Role::PromotedKirin => score[c] += 12 * (5 - off_centre(sq)),
                _ if is_royal(role) => {
                    // Company around the royal, and no wandering into the enemy camp.
                    let guards = (sq_around(sq) & ours).count() as i32;
                    score[c] += 8 * guards.min(5);
                    if zone(color).contains(sq) {
                        score[c] -= 150;
                    }
                }
                _ => score[c] += 2 * (5 - off_centre(sq)),
            }
        }
    }
    let us = pos.side_to_move().index();
    score[us] - score[1 - us]
}

fn sq_around(sq: Square12) -> koma_rules::frame12::Bitboard12 {
    let mut b = koma_rules::frame12::Bitboard12::EMPTY;
    for df in -1..=1 {
        for dr in -1..=1 {
            if (df, dr) != (0, 0)
                && let Some(s) = sq.offset(df, dr)
            {
                b = b.with(s);
            }
        }
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_even_and_values_follow_lishogi() {
        assert_eq!(evaluate(&ChuPosition::startpos()), 0);
        assert_eq!(value(Role::Lion), 2_000);
        assert_eq!(value(Role::Pawn), 100);
        assert_eq!(value(Role::GoBetween), 100);
        assert_eq!(value(Role::FreeKing), 1_200);
        assert!(value(Role::King) > value(Role::Lion));
    }
}
