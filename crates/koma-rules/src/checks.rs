//! Check generation: the legal generator's destination sets, masked with the squares from
//! which each piece would check the enemy king (direct checks) and, for a piece that stands
//! between one of our sliders and that king, every square off that line (discovered checks).

use crate::attacks::{RoleUnion, reach};
use crate::movegen::MoveSink;
use crate::tables::{BOXES, line, pin_segment};
use crate::{Bitboard, Color, Move, Position, Role, Square, Variant, attacks};

/// Where the side to move of a position gives check from: what it takes to tell, move by
/// move, whether a move checks without playing it.
pub struct CheckSquares<'a, V: Variant> {
    pos: &'a Position<V>,
    them: Color,
    ksq: Square,
    discoverers: Bitboard,
}

impl<'a, V: Variant> CheckSquares<'a, V> {
    /// The check squares of the side to move of `pos`; `None` when the opponent has no
    /// king.
    pub fn new(pos: &'a Position<V>) -> Option<Self> {
        let us = pos.side_to_move();
        let ksq = pos.king(!us)?;
        let discoverers = pos.blockers(ksq, !us, pos.occupied()) & pos.color_bb(us);
        Some(CheckSquares {
            pos,
            them: !us,
            ksq,
            discoverers,
        })
    }

    /// Our pieces that alone stand between a slider of ours and the enemy king: moved off
    /// that line, they uncover a check.
    #[inline]
    pub fn discoverers(&self) -> Bitboard {
        self.discoverers
    }

    /// Where a piece of `role` dropped gives check (occupied squares included: mask them).
    #[inline(always)]
    pub fn drop_mask(&self, role: Role) -> Bitboard {
        self.direct(role, self.pos.occupied())
    }

    /// Whether `m`, legal in the position, gives check.
    #[inline]
    pub fn gives_check(&self, m: Move) -> bool {
        let Some(role) = self.pos.arriving_role(m) else {
            return false;
        };
        match m.from() {
            Some(from) => self.mask(from, role),
            None => self.drop_mask(role),
        }
        .contains(m.to())
    }

    /// The squares from which a piece of ours moving as `role` attacks the enemy king,
    /// with `occ` on the board.
    #[inline(always)]
    fn direct(&self, role: Role, occ: Bitboard) -> Bitboard {
        attacks(role, self.them, self.ksq, occ)
    }

    /// A superset of the squares a move of ours may check from: the direct-check squares
    /// of every role, seen through our own pieces (which may move away), or the whole board
    /// when a piece of ours could uncover a check (or a piece may jump along a line). The
    /// generator then looks only at moves to these squares; [`MoveSink`] decides.
    pub(crate) fn reach(&self) -> Bitboard {
        if self.discoverers.any() || V::LINE_JUMPERS {
            return Bitboard::FULL;
        }
        let occ = self.pos.occupied() & self.pos.color_bb(self.them);
        let every_role: &'static RoleUnion = &const { RoleUnion::of(V::BOARD_ROLES) };
        every_role.attacks(self.them, self.ksq, occ)
    }

    /// The squares from which a piece of ours of `role` may give check with one move: a
    /// discoverer anywhere, or a piece near enough the king to reach a square it attacks
    /// from, as it is or promoted (a superset; [`CheckSquares::mask`] decides). Always
    /// inlined: where the role is a constant, its radius is one.
    #[inline(always)]
    pub fn origins(&self, role: Role) -> Bitboard {
        let moves = reach(role);
        let attacks = V::promote(role).map_or(moves, |p| moves.max(reach(p)));
        let radius = moves.saturating_add(attacks) as usize;
        match BOXES.get(radius) {
            Some(near) => near[self.ksq.index()] | self.discoverers,
            None => Bitboard::FULL,
        }
    }

    /// [`CheckSquares::mask`] given `direct`, the role's [`CheckSquares::drop_mask`]: that
    /// same set, unless the piece uncovers a check or stands where a slider of its role
    /// would first meet, seen from the king (leaving, it opens that line). Only then is
    /// the mask worked out again. For the loops that ask it of every piece of a role.
    #[inline(always)]
    pub fn mask_given(&self, from: Square, role: Role, direct: Bitboard) -> Bitboard {
        if V::LINE_JUMPERS || self.discoverers.contains(from) || direct.contains(from) {
            self.mask(from, role)
        } else {
            direct
        }
    }

    /// Where the piece leaving `from`, arriving as `role`, gives check.
    #[inline]
    pub fn mask(&self, from: Square, role: Role) -> Bitboard {
        // The square left empty counts: a Tori falcon stepping straight away from the king
        // becomes an eagle that slides back through it.
        let direct = self.direct(role, self.pos.occupied().without(from));
        if !self.discoverers.contains(from) {
            return direct;
        }
        // Moving off the line uncovers the slider behind; a Tori jumper may even leave the
        // line by leaping past the king or the slider.
        let still_blocking = if V::LINE_JUMPERS {
            pin_segment(self.ksq, from, self.pos.occupied())
        } else {
            line(self.ksq, from)
        };
        direct | !still_blocking
    }
}

/// A sink that passes on only the moves that give check.
pub(crate) struct CheckFilter<'a, V: Variant, S: MoveSink> {
    squares: CheckSquares<'a, V>,
    inner: &'a mut S,
}

impl<'a, V: Variant, S: MoveSink> CheckFilter<'a, V, S> {
    /// A filter for the side to move of `pos`; `None` when the opponent has no king.
    pub(crate) fn new(pos: &'a Position<V>, inner: &'a mut S) -> Option<Self> {
        Some(CheckFilter {
            squares: CheckSquares::new(pos)?,
            inner,
        })
    }

    /// See [`CheckSquares::reach`].
    pub(crate) fn reach(&self) -> Bitboard {
        self.squares.reach()
    }
}

impl<V: Variant, S: MoveSink> MoveSink for CheckFilter<'_, V, S> {
    fn board_moves(&mut self, from: Square, plain: Bitboard, both: Bitboard, promote: Bitboard) {
        let Some(piece) = self.squares.pos.piece_at(from) else {
            return;
        };
        let role = piece.role();
        let as_is = self.squares.mask(from, role);
        // What the piece becomes (in Kyoto, the other face it turns to).
        let promoted = V::promote(role).map_or(as_is, |p| self.squares.mask(from, p));
        // A move with a promotion choice may check only one way.
        let both_checks = both & as_is & promoted;
        let plain = (plain & as_is) | (both & as_is & !promoted);
        let promote = (promote & promoted) | (both & promoted & !as_is);
        if (plain | both_checks | promote).any() {
            self.inner.board_moves(from, plain, both_checks, promote);
        }
    }

    #[inline]
    fn origins(&self, role: Role) -> Bitboard {
        self.squares.origins(role)
    }

    fn drops(&mut self, role: Role, to: Bitboard) {
        let to = to & self.squares.drop_mask(role);
        if to.any() {
            self.inner.drops(role, to);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;
    use crate::variants::{Kyoto, Minishogi, Shogi, Tori};

    /// Along random games, every move that checks starts on a square `origins` keeps for
    /// its piece, reach agrees with what the piece does in one move, and `mask_given` with
    /// `mask`.
    fn origins_hold_every_checking_piece<V: Variant>(games: u64) -> usize {
        let mut rng = SplitMix64::new(0x0419 + games);
        let mut checks = 0;
        for _ in 0..games {
            let mut pos = Position::<V>::startpos();
            for _ in 0..160 {
                let moves = pos.legal_moves();
                if moves.is_empty() || pos.is_decided() {
                    break;
                }
                if let Some(squares) = CheckSquares::new(&pos) {
                    // The mask told from the role's drop mask is the one worked out, for
                    // every piece of the side to move, as it is and promoted.
                    for from in pos.color_bb(pos.side_to_move()) {
                        let role = pos.piece_at(from).expect("a piece").role();
                        for r in [Some(role), V::promote(role)].into_iter().flatten() {
                            assert_eq!(
                                squares.mask_given(from, r, squares.drop_mask(r)),
                                squares.mask(from, r),
                                "{} {r:?} on {from:?}",
                                V::NAME
                            );
                        }
                    }
                    for &m in moves.iter() {
                        let Some(from) = m.from() else { continue };
                        let role = pos.piece_at(from).expect("a piece moves").role();
                        let ksq = pos.king(!pos.side_to_move()).expect("a king");
                        let dist = |a: Square, b: Square| {
                            let df = (a.index() / 9).abs_diff(b.index() / 9);
                            let dr = (a.index() % 9).abs_diff(b.index() % 9);
                            df.max(dr)
                        };
                        if reach(role) != crate::attacks::UNBOUNDED {
                            assert!(dist(from, m.to()) <= reach(role) as usize, "{m:?}");
                        }
                        if pos.after(m).in_check() {
                            checks += 1;
                            assert!(
                                squares.origins(role).contains(from),
                                "{} {m:?} checks from outside its origins (king {ksq:?})",
                                V::NAME
                            );
                        }
                    }
                }
                pos.play_unchecked(moves[rng.below(moves.len() as u64) as usize]);
            }
        }
        checks
    }

    #[test]
    fn the_pieces_that_can_check_are_all_among_the_origins() {
        let checks = [
            origins_hold_every_checking_piece::<Shogi>(30),
            origins_hold_every_checking_piece::<Minishogi>(40),
            origins_hold_every_checking_piece::<Kyoto>(40),
            origins_hold_every_checking_piece::<Tori>(30),
        ];
        // Each variant's games gave checks to look at.
        assert!(checks.iter().all(|&n| n > 50), "{checks:?}");
    }
}
