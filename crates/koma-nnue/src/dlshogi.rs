//! dlshogi's network inputs and policy labels, as cshogi's `cshogi.dlshogi` computes them
//! (`make_input_features`, `make_move_label`), so that a dlshogi-style trainer can take
//! its batches from koma.
//!
//! Every plane is 81 values, indexed by square (file - 1) * 9 + rank - 1, seen from the
//! side to move: when gote is to move the board is turned (square `s` becomes `80 - s`)
//! and gote's pieces come first.
//!
//! `features1`, [`FEATURES1_NUM`] planes: for the side to move, then the other side, 14
//! planes of its pieces by kind (pawn, lance, knight, silver, bishop, rook, gold, king,
//! tokin, promoted lance, promoted knight, promoted silver, horse, dragon), 14 planes of
//! the squares each kind attacks, and 3 planes of the squares attacked by at least 1, 2
//! and 3 of its pieces.
//!
//! `features2`, [`FEATURES2_NUM`] planes, each all ones or all zeros: for the side to
//! move, then the other side, its hand (8 planes for pawns, 4 each for lance, knight,
//! silver and gold, 2 each for bishop and rook; the first n of a kind set when n are held,
//! extra pawns left out), then one plane set when the side to move is in check. With the
//! entering-king planes ([`FEATURES2_NYUGYOKU_NUM`], cshogi's
//! `use_nyugyoku_features(True)`) 31 more a side, side to move first: its king in the
//! enemy camp; 10 planes, one set when it has 1 to 10 pieces (king aside) in the enemy
//! camp (plane 10 - n); 20 planes, one set when its points (5 a bishop or rook, 1 another
//! piece, in the enemy camp or in hand) fall short of the 28 (sente) or 27 (gote) that
//! a declaration needs by 0 to 19 (plane = the shortfall).

use koma_rules::variants::Shogi;
use koma_rules::{Bitboard, Color, Move, Position, Role, Square, attacks};

/// The planes of `features1`.
pub const FEATURES1_NUM: usize = 2 * (14 + 14 + MAX_ATTACKERS);
/// The planes of `features2` without the entering-king planes.
pub const FEATURES2_NUM: usize = 2 * HAND_PLANES + 1;
/// The planes of `features2` with the entering-king planes.
pub const FEATURES2_NYUGYOKU_NUM: usize = FEATURES2_NUM + 2 * NYUGYOKU_PLANES;
/// The number of policy labels: 27 kinds of move (10 directions, the same promoting, 7
/// drops) for each of the 81 destinations.
pub const MOVE_LABELS: usize = 27 * 81;

/// The attacker-count planes a side.
const MAX_ATTACKERS: usize = 3;
/// The hand kinds in dlshogi's order with their planes.
const HAND_KINDS: [(Role, usize); 7] = [
    (Role::Pawn, 8),
    (Role::Lance, 4),
    (Role::Knight, 4),
    (Role::Silver, 4),
    (Role::Gold, 4),
    (Role::Bishop, 2),
    (Role::Rook, 2),
];
/// The hand planes a side.
const HAND_PLANES: usize = 28;
/// The entering-king planes a side: the king's, 10 counts, 20 shortfalls.
const NYUGYOKU_PLANES: usize = 1 + CAMP_COUNT + MAX_SHORTFALL;
/// The pieces in the enemy camp that count.
const CAMP_COUNT: usize = 10;
/// The shortfalls of points with a plane.
const MAX_SHORTFALL: usize = 20;

/// A square index as the side to move sees it.
fn view(sq: Square, turned: bool) -> usize {
    if turned { 80 - sq.index() } else { sq.index() }
}

/// The enemy camp of `color`: the three ranks farthest from it.
fn enemy_camp(color: Color) -> Bitboard {
    match color {
        Color::Black => Bitboard::ranks(1, 3),
        Color::White => Bitboard::ranks(7, 9),
    }
}

/// Writes dlshogi's planes of `pos` into `f1` ([`FEATURES1_NUM`] x 81 values) and `f2`
/// ([`FEATURES2_NUM`] or, with `nyugyoku`, [`FEATURES2_NYUGYOKU_NUM`] x 81 values), every
/// value `zero` or `one`. Allocates nothing.
///
/// # Panics
/// When `f1` or `f2` is shorter than that.
pub fn write_features<T: Copy>(
    pos: &Position<Shogi>,
    nyugyoku: bool,
    f1: &mut [T],
    f2: &mut [T],
    zero: T,
    one: T,
) {
    let f2_planes = if nyugyoku {
        FEATURES2_NYUGYOKU_NUM
    } else {
        FEATURES2_NUM
    };
    let f1 = &mut f1[..FEATURES1_NUM * 81];
    let f2 = &mut f2[..f2_planes * 81];
    f1.fill(zero);
    f2.fill(zero);
    let us = pos.side_to_move();
    let turned = us == Color::White;
    let occupied = pos.occupied();
    for (side, color) in [us, !us].into_iter().enumerate() {
        let planes = &mut f1[side * (FEATURES1_NUM / 2) * 81..][..(FEATURES1_NUM / 2) * 81];
        let mut attackers = [0u8; 81];
        for role_index in 0..14 {
            let Some(role) = Role::from_index(role_index) else {
                continue;
            };
            for sq in pos.pieces(color, role) {
                planes[role_index * 81 + view(sq, turned)] = one;
                for to in attacks(role, color, sq, occupied) {
                    let to = view(to, turned);
                    planes[(14 + role_index) * 81 + to] = one;
                    attackers[to] += 1;
                }
            }
        }
        for (sq, &n) in attackers.iter().enumerate() {
            for k in 0..usize::from(n).min(MAX_ATTACKERS) {
                planes[(28 + k) * 81 + sq] = one;
            }
        }
        let hand = pos.hand(color);
        let mut plane = side * HAND_PLANES;
        for (role, planes) in HAND_KINDS {
            let held = usize::from(hand.count(role)).min(planes);
            f2[plane * 81..(plane + held) * 81].fill(one);
            plane += planes;
        }
        if nyugyoku {
            let base = FEATURES2_NUM + side * NYUGYOKU_PLANES;
            let camp = enemy_camp(color);
            let mut set = |offset: usize| f2[(base + offset) * 81..][..81].fill(one);
            if pos.king(color).is_some_and(|k| camp.contains(k)) {
                set(0);
            }
            let ours = pos.color_bb(color) & camp & !pos.role_bb(Role::King);
            let count = ours.count() as usize;
            if (1..=CAMP_COUNT).contains(&count) {
                set(1 + CAMP_COUNT - count);
            }
            let big = ours
                & (pos.role_bb(Role::Bishop)
                    | pos.role_bb(Role::Rook)
                    | pos.role_bb(Role::Horse)
                    | pos.role_bb(Role::Dragon));
            let in_hand: usize = HAND_KINDS
                .iter()
                .map(|&(role, _)| {
                    let n = usize::from(hand.count(role));
                    if matches!(role, Role::Bishop | Role::Rook) {
                        5 * n
                    } else {
                        n
                    }
                })
                .sum();
            let points = count + 4 * big.count() as usize + in_hand;
            let needed: usize = if color == Color::Black { 28 } else { 27 };
            if let Some(short) = needed.checked_sub(points).filter(|&s| s < MAX_SHORTFALL) {
                set(1 + CAMP_COUNT + short);
            }
        }
    }
    if pos.in_check() {
        f2[2 * HAND_PLANES * 81..][..81].fill(one);
    }
}

/// dlshogi's policy label of `m` played by `color` (`cshogi.dlshogi.make_move_label`):
/// the kind of move times 81 plus the destination, both as `color` sees the board. Board
/// moves are told by their direction (up, up-left, up-right, left, right, down, down-left,
/// down-right, the knight's two jumps; 10 more when promoting), drops by the piece (20 +
/// pawn 0, lance 1, knight 2, silver 3, bishop 4, rook 5, gold 6). `None` for a move
/// that goes nowhere (the null move).
pub fn move_label(m: Move, color: Color) -> Option<usize> {
    let turned = color == Color::White;
    let to = view(m.to(), turned);
    let kind = match (m.from(), m.drop_role()) {
        (_, Some(role)) if role.index() < 7 => 20 + role.index(),
        (_, Some(_)) => return None,
        (Some(from), None) => {
            let from = view(from, turned);
            // Files grow to the left as the mover sees the board, ranks downwards.
            let (dx, dy) = (
                (to / 9) as i32 - (from / 9) as i32,
                (to % 9) as i32 - (from % 9) as i32,
            );
            let direction = match (dx.signum(), dy.signum()) {
                _ if dy == -2 && dx.abs() == 1 => {
                    if dx > 0 {
                        8
                    } else {
                        9
                    }
                }
                (0, -1) => 0,
                (1, -1) => 1,
                (-1, -1) => 2,
                (1, 0) => 3,
                (-1, 0) => 4,
                (0, 1) => 5,
                (1, 1) => 6,
                (-1, 1) => 7,
                _ => return None,
            };
            direction + if m.is_promotion() { 10 } else { 0 }
        }
        (None, None) => return None,
    };
    Some(kind * 81 + to)
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_rules::{MoveKind, Piece};

    /// `pos` with the colours swapped and the board turned: the same game seen by the
    /// other player.
    fn flipped(pos: &Position<Shogi>) -> Position<Shogi> {
        let setup = pos.to_setup();
        let mut out = setup;
        for (i, p) in setup.board.iter().enumerate() {
            out.board[80 - i] = p.map(|p| Piece::new(!p.color(), p.role()));
        }
        out.hands = [setup.hands[1], setup.hands[0]];
        out.side = !setup.side;
        Position::<Shogi>::from_setup(&out).expect("a flipped legal position is legal")
    }

    fn planes(pos: &Position<Shogi>, nyugyoku: bool) -> (Vec<u8>, Vec<u8>) {
        let mut f1 = vec![7; FEATURES1_NUM * 81];
        let mut f2 = vec![7; FEATURES2_NYUGYOKU_NUM * 81];
        write_features(pos, nyugyoku, &mut f1, &mut f2, 0, 1);
        if !nyugyoku {
            assert!(f2[FEATURES2_NUM * 81..].iter().all(|&v| v == 7));
            f2.truncate(FEATURES2_NUM * 81);
        }
        (f1, f2)
    }

    #[test]
    fn the_side_to_move_sees_the_same_planes_from_either_colour() {
        let mut checks = 0;
        crate::testing::random_walk(0xd15_6090, 40, 160, |pos, _| {
            let (f1, f2) = planes(pos, false);
            assert!(f1.iter().chain(&f2).all(|&v| v <= 1));
            // Flipped, the same (the entering-king points differ: 28 for sente, 27 for gote).
            assert!(
                (f1.clone(), f2.clone()) == planes(&flipped(pos), false),
                "{pos:?}"
            );
            // The king's plane holds one square; the check plane tells a check.
            assert_eq!(f1[7 * 81..8 * 81].iter().filter(|&&v| v == 1).count(), 1);
            assert_eq!(f2[2 * HAND_PLANES * 81] == 1, pos.in_check());
            // The entering-king planes come after the others, which they leave alone.
            let (g1, g2) = planes(pos, true);
            assert!(g1 == f1 && g2[..f2.len()] == f2[..], "{pos:?}");
            checks += usize::from(pos.in_check());
        });
        assert!(checks > 20, "{checks}");
    }

    #[test]
    fn labels_tell_the_legal_moves_apart_and_ignore_the_colour() {
        crate::testing::random_walk(0x1abe1, 40, 160, |pos, _| {
            let us = pos.side_to_move();
            let mut labels: Vec<usize> = pos
                .moves(MoveKind::Legal)
                .iter()
                .map(|&m| move_label(m, us).expect("a legal move has a label"))
                .collect();
            assert!(labels.iter().all(|&l| l < MOVE_LABELS));
            let n = labels.len();
            labels.sort_unstable();
            labels.dedup();
            assert_eq!(labels.len(), n);
            // The flipped position's moves have the same labels.
            let other = flipped(pos);
            let mut theirs: Vec<usize> = other
                .moves(MoveKind::Legal)
                .iter()
                .filter_map(|&m| move_label(m, !us))
                .collect();
            theirs.sort_unstable();
            assert_eq!(labels, theirs);
        });
        assert_eq!(move_label(Move::NULL, Color::Black), None);
    }
}
