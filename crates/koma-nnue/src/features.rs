//! The network's inputs: for each side (perspective), the board seen from that side's
//! chair, every piece as (whose, kind, square), both kings' squares, and the hands counted
//! piece by piece ("the k-th pawn in my hand").
//!
//! Like YaneuraOu's BonaPiece (81 squares x piece kinds, plus hand counts), except that the
//! promoted minor pieces keep their own kinds (a tokin is not a gold: taken, it is a pawn)
//! and the kings are inputs too, so the net sees where they stand. A move changes at most 4
//! inputs a side (a capture: the mover off and on, the captive off, a hand piece on), a
//! drop 2.

use koma_rules::{Color, Move, Piece, Position, Role, Square, Variant};

/// The board kinds other than the king, each with its own 81 squares.
const BOARD_KINDS: usize = 13;
/// The first king input.
const KING_BASE: usize = 2 * BOARD_KINDS * 81;
/// The first hand input.
const HAND_BASE: usize = KING_BASE + 2 * 81;
/// Hand inputs per side: 18 pawns, 4 lances, knights, silvers and golds, 2 bishops, 2 rooks.
const HAND_PER_SIDE: usize = 38;
/// Inputs per perspective.
pub const FEATURES: usize = HAND_BASE + 2 * HAND_PER_SIDE;
/// At most this many inputs are on at once (40 pieces, kings included; hands counted one
/// input a piece).
pub const MAX_ACTIVE: usize = 40;

/// The first input of each hand kind within a side's hand inputs, and how many it has, by
/// the role's index (pawn, lance, knight, silver, bishop, rook, gold).
const HAND_SLOTS: [(usize, usize); 7] = [
    (0, 18),
    (18, 4),
    (22, 4),
    (26, 4),
    (34, 2),
    (36, 2),
    (30, 4),
];

/// The board kind of a role: pawn..gold keep their index (king excluded), the promoted
/// pieces follow.
fn board_kind(role: Role) -> usize {
    let i = role.index();
    if i < Role::King.index() { i } else { i - 1 }
}

/// The square as `persp` sees it: sente's squares as they are, gote's turned round.
#[inline(always)]
fn seen(persp: Color, sq: Square) -> usize {
    match persp {
        Color::Black => sq.index(),
        Color::White => 80 - sq.index(),
    }
}

/// The input of `piece` on `sq` from `persp`'s side.
#[inline]
pub fn board(persp: Color, piece: Piece, sq: Square) -> usize {
    let theirs = usize::from(piece.color() != persp);
    if piece.role() == Role::King {
        KING_BASE + theirs * 81 + seen(persp, sq)
    } else {
        (theirs * BOARD_KINDS + board_kind(piece.role())) * 81 + seen(persp, sq)
    }
}

/// The input of the `n`-th piece (from 1) of unpromoted `role` in `owner`'s hand, from
/// `persp`'s side.
#[inline]
pub fn hand(persp: Color, owner: Color, role: Role, n: u8) -> usize {
    let theirs = usize::from(owner != persp);
    let (first, count) = HAND_SLOTS[role.index().min(6)];
    HAND_BASE + theirs * HAND_PER_SIDE + first + (usize::from(n).clamp(1, count) - 1)
}

/// The inputs that are on in `pos` from `persp`'s side, appended to `out`.
pub fn active<V: Variant>(pos: &Position<V>, persp: Color, out: &mut Vec<u16>) {
    for sq in pos.occupied() {
        if let Some(piece) = pos.piece_at(sq) {
            out.push(board(persp, piece, sq) as u16);
        }
    }
    for owner in Color::ALL {
        for &role in V::HAND_ROLES {
            for n in 1..=pos.hand(owner).count(role) {
                out.push(hand(persp, owner, role, n) as u16);
            }
        }
    }
}

/// How a move changes one side's inputs: at most 2 on and 2 off.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Change {
    /// Inputs switched on.
    pub on: [u16; 2],
    /// How many of `on` are used.
    pub ons: u8,
    /// Inputs switched off.
    pub off: [u16; 2],
    /// How many of `off` are used.
    pub offs: u8,
}

impl Change {
    fn on(&mut self, f: usize) {
        self.on[usize::from(self.ons)] = f as u16;
        self.ons += 1;
    }

    fn off(&mut self, f: usize) {
        self.off[usize::from(self.offs)] = f as u16;
        self.offs += 1;
    }

    /// The inputs switched on.
    pub fn added(&self) -> &[u16] {
        &self.on[..usize::from(self.ons)]
    }

    /// The inputs switched off.
    pub fn removed(&self) -> &[u16] {
        &self.off[..usize::from(self.offs)]
    }
}

/// How `m`, legal in `pos`, changes the inputs of each side (indexed by colour);
/// `None` for a move that moves no piece (a pass).
pub fn changes<V: Variant>(pos: &Position<V>, m: Move) -> Option<[Change; 2]> {
    let us = pos.side_to_move();
    let mut out = [Change::default(); 2];
    if let Some(role) = m.drop_role() {
        let n = pos.hand(us).count(role);
        for persp in Color::ALL {
            let c = &mut out[persp.index()];
            c.off(hand(persp, us, role, n));
            c.on(board(persp, Piece::new(us, role), m.to()));
        }
        return Some(out);
    }
    let from = m.from()?;
    let mover = pos.piece_at(from)?;
    let role = match mover.role().promoted() {
        Some(p) if m.is_promotion() => p,
        _ => mover.role(),
    };
    let captive = pos.piece_at(m.to());
    for persp in Color::ALL {
        let c = &mut out[persp.index()];
        c.off(board(persp, mover, from));
        c.on(board(persp, Piece::new(us, role), m.to()));
        if let Some(captive) = captive {
            let raw = captive.role().unpromoted();
            c.off(board(persp, captive, m.to()));
            c.on(hand(persp, us, raw, pos.hand(us).count(raw) + 1));
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_rules::variants::Shogi;

    fn sorted(pos: &Position<Shogi>, persp: Color) -> Vec<u16> {
        let mut v = Vec::new();
        active(pos, persp, &mut v);
        v.sort_unstable();
        v
    }

    #[test]
    fn inputs_are_distinct_and_in_range() {
        assert_eq!(FEATURES, 2_344);
        let pos = Position::<Shogi>::startpos();
        for persp in Color::ALL {
            let v = sorted(&pos, persp);
            assert_eq!(v.len(), 40);
            assert!(v.windows(2).all(|w| w[0] < w[1]));
            assert!(v.iter().all(|&f| usize::from(f) < FEATURES));
        }
        // The start is symmetric: both sides see the same inputs.
        assert_eq!(sorted(&pos, Color::Black), sorted(&pos, Color::White));
    }

    #[test]
    fn changes_follow_the_moves_of_random_games() {
        crate::testing::random_walk(0x9e37_79b9_7f4a_7c15, 100, 150, |pos, m| {
            let change = changes(pos, m).unwrap();
            let child = pos.after(m);
            for persp in Color::ALL {
                let mut v = sorted(pos, persp);
                let c = change[persp.index()];
                assert!(c.ons <= 2 && c.offs <= 2);
                for f in c.removed() {
                    let i = v.iter().position(|x| x == f).expect("removed input was on");
                    v.remove(i);
                }
                v.extend_from_slice(c.added());
                v.sort_unstable();
                assert_eq!(v, sorted(&child, persp));
                assert!(v.len() <= MAX_ACTIVE);
            }
        });
    }
}
