//! The two 16-bit move encodings of shogi training data, which differ on every drop and
//! promotion: feed one where the other is expected and the policy labels are silently wrong.
//!
//! - cshogi's (Apery's, dlshogi's; the `bestMove16` of an HCPE record): the destination in
//!   bits 0-6, the origin in bits 7-13 (for a drop 81 + the piece type less one: pawn 81,
//!   lance 82, knight 83, silver 84, bishop 85, rook 86, gold 87), bit 14 for a promotion.
//! - YaneuraOu's (the `move` of a PackedSfenValue record): the destination in bits 0-6, the
//!   origin in bits 7-13 (for a drop the piece type itself, pawn 1 ... rook 6, gold 7), bit
//!   14 for a drop, bit 15 for a promotion.
//!
//! Squares are indexed (file - 1) * 9 + rank - 1 in both. Standard shogi only.

use koma_rules::variants::Shogi;
use koma_rules::{Move, Position, Role, Square};

/// The first origin of a drop in cshogi's encoding (the pawn's).
const CSHOGI_DROP: u16 = 81;
/// YaneuraOu's drop flag.
const YANE_DROP: u16 = 1 << 14;
/// YaneuraOu's promotion flag.
const YANE_PROMOTE: u16 = 1 << 15;
/// cshogi's promotion flag.
const CSHOGI_PROMOTE: u16 = 1 << 14;

/// The piece type of a hand role in both encodings: pawn 1, lance 2, knight 3, silver 4,
/// bishop 5, rook 6, gold 7 (koma's role index plus one).
fn piece_type(role: Role) -> u16 {
    role.index() as u16 + 1
}

/// The hand role of piece type 1..=7.
fn role_of_type(t: u16) -> Option<Role> {
    (1..=7).contains(&t).then(|| Role::ALL[usize::from(t) - 1])
}

/// `m` in cshogi's 16 bits (`cshogi.move16`). The null move is 0.
pub fn cshogi(m: Move) -> u16 {
    let to = m.to().index() as u16;
    match (m.from(), m.drop_role()) {
        (_, Some(role)) => to | (CSHOGI_DROP + piece_type(role) - 1) << 7,
        (Some(from), None) => {
            to | (from.index() as u16) << 7 | (u16::from(m.is_promotion()) * CSHOGI_PROMOTE)
        }
        (None, None) => 0,
    }
}

/// The move that cshogi's 16 bits name, read without a position: `None` when the bits
/// name no move (an origin or destination off the board, a promoting drop, bit 15 set, the
/// same square twice).
pub fn decode_cshogi(bits: u16) -> Option<Move> {
    if bits & 1 << 15 != 0 {
        return None;
    }
    let to = Square::from_index((bits & 0x7f).into())?;
    let origin = bits >> 7 & 0x7f;
    let promote = bits & CSHOGI_PROMOTE != 0;
    if origin >= CSHOGI_DROP {
        let role = role_of_type(origin - CSHOGI_DROP + 1)?;
        return (!promote).then_some(Move::drop(role, to));
    }
    let from = Square::from_index(origin.into())?;
    (from != to).then_some(Move::normal(from, to, promote))
}

/// The legal move of `pos` that cshogi's 16 bits name; `None` when they name no move or a
/// move that is not legal there (pseudo-legal moves that leave the king in check, a second
/// pawn on a file, a mating pawn drop are refused too).
pub fn from_cshogi(pos: &Position<Shogi>, bits: u16) -> Option<Move> {
    decode_cshogi(bits).filter(|&m| pos.is_legal(m).is_ok())
}

/// `m` in YaneuraOu's 16 bits (a PackedSfenValue's move). The null move is 0.
pub fn yaneuraou(m: Move) -> u16 {
    let to = m.to().index() as u16;
    match (m.from(), m.drop_role()) {
        (_, Some(role)) => to | piece_type(role) << 7 | YANE_DROP,
        (Some(from), None) => {
            to | (from.index() as u16) << 7 | (u16::from(m.is_promotion()) * YANE_PROMOTE)
        }
        (None, None) => 0,
    }
}

/// The move that YaneuraOu's 16 bits name, read without a position: `None` when the bits
/// name no move (a square off the board, a drop of no hand piece, a promoting drop, the
/// same square twice; YaneuraOu's special moves none, null, resign and win are all such).
pub fn decode_yaneuraou(bits: u16) -> Option<Move> {
    let to = Square::from_index((bits & 0x7f).into())?;
    let origin = bits >> 7 & 0x7f;
    let promote = bits & YANE_PROMOTE != 0;
    if bits & YANE_DROP != 0 {
        let role = role_of_type(origin)?;
        return (!promote).then_some(Move::drop(role, to));
    }
    let from = Square::from_index(origin.into())?;
    (from != to).then_some(Move::normal(from, to, promote))
}

/// The legal move of `pos` that YaneuraOu's 16 bits name; `None` when they name no move or
/// one not legal there.
pub fn from_yaneuraou(pos: &Position<Shogi>, bits: u16) -> Option<Move> {
    decode_yaneuraou(bits).filter(|&m| pos.is_legal(m).is_ok())
}

/// cshogi's 16 bits of the move YaneuraOu's name (`cshogi.move16_from_psv`); `None` when
/// they name no move.
pub fn yaneuraou_to_cshogi(bits: u16) -> Option<u16> {
    decode_yaneuraou(bits).map(cshogi)
}

/// YaneuraOu's 16 bits of the move cshogi's name (`cshogi.move16_to_psv`); `None` when
/// they name no move.
pub fn cshogi_to_yaneuraou(bits: u16) -> Option<u16> {
    decode_cshogi(bits).map(yaneuraou)
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_rules::MoveKind;

    fn sq(file: u8, rank: u8) -> Square {
        Square::new(file, rank).unwrap()
    }

    #[test]
    fn encodes_as_cshogi_and_yaneuraou_do() {
        // Values printed by cshogi 1.1.0: cshogi.move16 and cshogi.move16_to_psv.
        let cases = [
            (Move::normal(sq(7, 7), sq(7, 6), false), 0x1e3b, 0x1e3b), // 7g7f
            (Move::drop(Role::Bishop, sq(4, 9)), 0x2aa3, 0x42a3),      // B*4i
            (Move::normal(sq(9, 5), sq(6, 8), true), 0x6634, 0xa634),  // 9e6h+
            (Move::drop(Role::Gold, sq(1, 9)), 0x2b88, 0x4388),        // G*1i
            (Move::drop(Role::Pawn, sq(5, 5)), 0x28a8, 0x40a8),        // P*5e
        ];
        for (m, c, y) in cases {
            assert_eq!(cshogi(m), c, "{m:?}");
            assert_eq!(yaneuraou(m), y, "{m:?}");
            assert_eq!(cshogi_to_yaneuraou(c), Some(y));
            assert_eq!(yaneuraou_to_cshogi(y), Some(c));
        }
    }

    #[test]
    fn round_trips_every_move_of_random_games() {
        let mut kinds = [0usize; 3];
        crate::testing::random_walk(0x5eed_0016, 60, 150, |pos, m| {
            let c = cshogi(m);
            let y = yaneuraou(m);
            assert_eq!(from_cshogi(pos, c), Some(m), "{m:?}");
            assert_eq!(from_yaneuraou(pos, y), Some(m), "{m:?}");
            assert_eq!(cshogi_to_yaneuraou(c), Some(y));
            assert_eq!(yaneuraou_to_cshogi(y), Some(c));
            let kind = if m.is_drop() {
                0
            } else {
                usize::from(m.is_promotion()) + 1
            };
            kinds[kind] += 1;
            // The two agree exactly when the move is a plain board move.
            assert_eq!(c == y, kind == 1, "{m:?}");
        });
        assert!(kinds.iter().all(|&k| k > 50), "{kinds:?}");
    }

    #[test]
    fn refuses_bits_that_name_no_legal_move() {
        let start = Position::<Shogi>::startpos();
        // A pawn drop with an empty hand, a rook move through pieces, bit 15, the same square.
        let drop = cshogi(Move::drop(Role::Pawn, sq(5, 5)));
        assert_eq!(decode_cshogi(drop), Some(Move::drop(Role::Pawn, sq(5, 5))));
        assert_eq!(from_cshogi(&start, drop), None);
        assert_eq!(
            from_cshogi(&start, cshogi(Move::normal(sq(2, 8), sq(2, 1), false))),
            None
        );
        assert_eq!(decode_cshogi(0x8000 | 0x1e3b), None);
        assert_eq!(decode_cshogi(0), None);
        assert_eq!(decode_yaneuraou(0), None);
        // A promoting drop, a drop of the king (type 8), YaneuraOu's resign (2 | 2 << 7).
        assert_eq!(decode_cshogi(drop | CSHOGI_PROMOTE), None);
        assert_eq!(decode_cshogi(40 | 88 << 7), None);
        assert_eq!(decode_yaneuraou(40 | 8 << 7 | YANE_DROP), None);
        assert_eq!(decode_yaneuraou(2 | 2 << 7), None);
        // Every 16-bit value decodes or is refused without a panic; the legal ones of the
        // start position are exactly its 30 moves.
        let legal = (0..=u16::MAX)
            .filter(|&b| from_cshogi(&start, b).is_some())
            .count();
        assert_eq!(legal, start.moves(MoveKind::Legal).len());
        let legal = (0..=u16::MAX)
            .filter(|&b| from_yaneuraou(&start, b).is_some())
            .count();
        assert_eq!(legal, start.moves(MoveKind::Legal).len());
    }
}
