//! How a Chu game ends by the rules alone (lishogi's `outcome`), and Chu's part of the
//! family's [`Rules`](crate::Rules) (perft stops where the game is over).

use super::tables::NEIGHBOURS;
use super::{Chu, ChuMove, ChuPosition, last_rank};
use crate::frame12::Bitboard12;
use crate::{Color, Role};
use alloc::vec::Vec;

/// Why a Chu game is over.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ChuEnding {
    /// The side to move has lost its last king or prince.
    RoyalsLost,
    /// The side to move has no legal move.
    NoMoves,
    /// A side is left with a bare king against more (lishogi's conditions: see
    /// [`ChuPosition::bare_king`]).
    BareKing,
    /// Only the two royals are left (pawns and lances on their last rank not counted),
    /// neither attacked: a draw.
    BareRoyals,
}

/// The result of a Chu game that is over.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ChuOutcome {
    /// Why it is over.
    pub ending: ChuEnding,
    /// Who won; `None`: a draw.
    pub winner: Option<Color>,
}

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
    fn bare_royals(&self) -> bool {
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
    pub fn outcome(&self) -> Option<ChuOutcome> {
        let us = self.side;
        let (ending, winner) = if self.royals(us).is_empty() {
            (ChuEnding::RoyalsLost, Some(!us))
        } else if !self.has_moves() {
            (ChuEnding::NoMoves, Some(!us))
        } else if self.bare_king(Color::Black) {
            (ChuEnding::BareKing, Some(Color::White))
        } else if self.bare_king(Color::White) {
            (ChuEnding::BareKing, Some(Color::Black))
        } else if self.bare_royals() {
            (ChuEnding::BareRoyals, None)
        } else {
            return None;
        };
        Some(ChuOutcome { ending, winner })
    }
}

impl crate::Rules for Chu {
    type Move = ChuMove;
    type Moves = Vec<ChuMove>;

    fn legal_moves(pos: &ChuPosition) -> Vec<ChuMove> {
        pos.legal_moves()
    }

    fn after(pos: &ChuPosition, m: ChuMove) -> ChuPosition {
        let mut next = *pos;
        next.play_unchecked(m);
        next
    }

    /// A game over (a royal taken, a bare king, repetition) has no moves below it, as
    /// lishogi's perft counts.
    fn perft_stops(pos: &ChuPosition) -> bool {
        pos.outcome().is_some()
    }
}
