//! How a Chu game ends by the rules alone (lishogi's `outcome`), and Chu's part of the
//! family's [`Rules`](crate::Rules): why a move is illegal, whether it presses the
//! opponent (for the repetition rule), and perft stopping where the game is over.

use super::tables::NEIGHBOURS;
use super::{Chu, ChuMove, ChuPosition, is_lion, last_rank};
use crate::frame12::Bitboard12;
use crate::{Color, Ended, Ending, IllegalMove, Role};
use alloc::vec::Vec;

impl ChuPosition {
    /// The pieces of `color` that count as material for the bare-king rules: all but the
    /// pawns and lances standing on their last rank, which can never move again.
    fn movable(&self, color: Color) -> Bitboard12 {
        let mut out = self.by_color[color.index()];
        if out.count() > 13 {
            // Twelve pieces at most stand dead on one rank: with more, two move.
            return out;
        }
        for sq in out {
            let role = self.board[sq.index()].map(|p| p.role());
            if matches!(role, Some(Role::Pawn | Role::Lance)) && last_rank(color, sq) {
                out = out.without(sq);
            }
        }
        out
    }

    /// Whether `color`'s king was bared, as lishogi judges it: `color` has its one royal
    /// and nothing else that can move; the other side has one royal, is not in check, and
    /// has more than one piece besides pawns and go-betweens (lances on the last rank not
    /// counted), more than two or none of them next to the bare royal.
    pub fn bare_king(&self, color: Color) -> bool {
        let theirs_all = self.by_color[(!color).index()];
        if self.by_color[color.index()].count() > 13 || theirs_all.count() < 2 {
            return false;
        }
        let ours = self.movable(color);
        let our_royals = self.royals(color);
        if ours.count() != 1 || our_royals.count() != 1 || self.royals(!color).count() != 1 {
            return false;
        }
        let mut theirs = Bitboard12::EMPTY;
        for sq in theirs_all {
            let role = self.board[sq.index()].map(|p| p.role());
            let counts = match role {
                Some(Role::Pawn | Role::GoBetween) => false,
                Some(Role::Lance) => !last_rank(!color, sq),
                _ => true,
            };
            if counts {
                theirs = theirs.with(sq);
            }
        }
        if theirs.count() <= 1 || self.in_check(!color) {
            return false;
        }
        let king = our_royals.first().expect("one royal");
        theirs.count() > 2 || (NEIGHBOURS[king.index()] & theirs).is_empty()
    }

    /// Whether only the two royals are left, neither attacked.
    pub fn bare_royals(&self) -> bool {
        if self.occupied().count() > 26 {
            return false;
        }
        let left = self.movable(Color::Black).count() + self.movable(Color::White).count();
        left == 2
            && Color::ALL
                .iter()
                .all(|&c| self.royals(c).count() == 1 && !self.in_check(c))
    }

    /// Whether the rules have ended the game, and how (lishogi's order of checks).
    pub fn outcome(&self) -> Option<Ended> {
        let us = self.side;
        let (ending, winner) = if self.royals(us).is_empty() {
            (Ending::RoyalsLost, Some(!us))
        } else if !self.has_moves() {
            (Ending::NoMoves, Some(!us))
        } else if self.bare_king(Color::Black) {
            (Ending::BareKing, Some(Color::White))
        } else if self.bare_king(Color::White) {
            (Ending::BareKing, Some(Color::Black))
        } else if self.bare_royals() {
            (Ending::BareRoyals, None)
        } else {
            return None;
        };
        Some(Ended { ending, winner })
    }
}

impl ChuPosition {
    /// Whether `m`, just played and leading to this position, presses the opponent
    /// (lishogi's `isAttacking` for Chu, its raw attacks standing in for its moves): it
    /// checks, or the moved piece now attacks an enemy piece.
    pub fn presses(&self, m: ChuMove) -> bool {
        let them = self.side;
        if self.in_check(them) {
            return true;
        }
        let Some(piece) = self.board[m.to().index()] else {
            return false;
        };
        !(super::attacks(piece, m.to(), self.occupied()) & self.by_color[them.index()]).is_empty()
    }

    /// Why `m`, not among the legal moves, is illegal: the first of the family's reasons
    /// that fits.
    fn illegal_reason(&self, m: ChuMove) -> IllegalMove {
        let us = self.side;
        let Some(piece) = self.board[m.from().index()] else {
            return IllegalMove::NoPiece;
        };
        if piece.color() != us {
            return IllegalMove::NotOwnPiece;
        }
        let target = self.board[m.to().index()];
        if m.to() != m.from() && target.is_some_and(|p| p.color() == us) {
            return IllegalMove::OwnPieceOnTarget;
        }
        if m.is_promotion()
            && self
                .legal_moves()
                .contains(&ChuMove::normal(m.from(), m.to(), false))
        {
            return IllegalMove::CannotPromote;
        }
        let takes_lion = [m.mid(), Some(m.to())]
            .into_iter()
            .flatten()
            .filter_map(|sq| self.board[sq.index()])
            .any(|p| p.color() != us && is_lion(p.role()));
        let reaches =
            m.mid().is_some() || super::attacks(piece, m.from(), self.occupied()).contains(m.to());
        if takes_lion && reaches {
            IllegalMove::LionTrade
        } else {
            IllegalMove::NotAMoveOfThisPiece
        }
    }
}

impl crate::Rules for Chu {
    const GAME: crate::GameKind = crate::GameKind::Chu;
    type Move = ChuMove;
    type Setup = super::ChuSetup;
    type Moves = Vec<ChuMove>;
    /// The position before the move: a Chu position is small, and its play does not keep
    /// what it takes.
    type Undo = ChuPosition;
    type SetupError = super::ChuSetupError;

    fn startpos() -> ChuPosition {
        ChuPosition::startpos()
    }

    fn from_setup(setup: &super::ChuSetup) -> Result<ChuPosition, super::ChuSetupError> {
        ChuPosition::from_setup(setup)
    }

    fn to_setup(pos: &ChuPosition) -> super::ChuSetup {
        pos.to_setup()
    }

    fn legal_moves(pos: &ChuPosition) -> Vec<ChuMove> {
        pos.legal_moves()
    }

    fn has_no_moves(pos: &ChuPosition) -> bool {
        !pos.has_moves()
    }

    fn is_legal(pos: &ChuPosition, m: ChuMove) -> Result<(), IllegalMove> {
        if pos.legal_moves().contains(&m) {
            Ok(())
        } else {
            Err(pos.illegal_reason(m))
        }
    }

    fn after(pos: &ChuPosition, m: ChuMove) -> ChuPosition {
        let mut next = *pos;
        next.play_unchecked(m);
        next
    }

    fn play_undoable(pos: &mut ChuPosition, m: ChuMove) -> ChuPosition {
        let before = *pos;
        pos.play_unchecked(m);
        before
    }

    fn unplay(pos: &mut ChuPosition, _m: ChuMove, undo: ChuPosition) {
        *pos = undo;
    }

    fn in_check(pos: &ChuPosition) -> bool {
        pos.in_check(pos.side)
    }

    fn presses(after: &ChuPosition, m: ChuMove) -> bool {
        after.presses(m)
    }

    fn ended(pos: &ChuPosition) -> Option<Ended> {
        pos.outcome()
    }

    fn made_try(_pos: &ChuPosition, _mover: Color) -> bool {
        false
    }

    /// A game over (a royal taken, a bare king, repetition) has no moves below it, as
    /// lishogi's perft counts.
    fn perft_stops(pos: &ChuPosition) -> bool {
        pos.outcome().is_some()
    }
}
