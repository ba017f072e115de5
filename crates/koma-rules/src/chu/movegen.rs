//! Chu move generation: every piece's steps, jumps and slides from the tables, the lion's
//! and the lion-powered pieces' double moves, promotion, and the lion-trading rules.
//!
//! As lishogi plays Chu, a move may leave one's own royal attacked (the game is won by
//! taking the last royal), so every generated move is legal.

use super::tables::{NEIGHBOURS, REACH, SLIDES, STEPS};
use super::{ChuMove, ChuPosition, is_lion, last_rank, promote, zone};
use crate::frame12::{Bitboard12, Direction, Square12};
use crate::pieces::{LionPower, info_of};
use crate::{Color, Piece, Role};
use alloc::vec::Vec;

/// The squares a piece attacks from `sq` when `occupied` blocks its slides.
#[inline]
pub fn attacks(piece: Piece, sq: Square12, occupied: Bitboard12) -> Bitboard12 {
    let (r, c) = (piece.role().index(), piece.color().index());
    let mut b = STEPS[r][c][sq.index()];
    let mut dirs = SLIDES[r][c];
    while dirs != 0 {
        let d = dirs.trailing_zeros() as usize;
        dirs &= dirs - 1;
        b |= Bitboard12::slide(sq, Direction::ALL[d], occupied);
    }
    b
}

impl ChuPosition {
    /// Whether a piece of `by` attacks `target`, slides blocked by `occupied` (which may
    /// leave out pieces that still attack: a lion trade counts a piece just taken on a
    /// lion's first step as protecting, as lishogi does).
    pub fn attacked_by(&self, target: Square12, by: Color, occupied: Bitboard12) -> bool {
        // Only a piece on a line through the target or near it can reach it.
        let near = self.by_color[by.index()] & REACH[target.index()];
        Iterator::any(&mut { near }, |sq| {
            let piece = self.board[sq.index()].expect("a piece on its colour's square");
            attacks(piece, sq, occupied).contains(target)
        })
    }

    /// Whether `color`'s royal (its only one counts, as lishogi judges check) is attacked.
    pub fn in_check(&self, color: Color) -> bool {
        self.royals(color)
            .any(|sq| self.attacked_by(sq, !color, self.occupied()))
    }

    /// Whether a piece of the side to move may promote going from `from` to `to`:
    /// entering the zone, moving or capturing with either square inside it, or a pawn or
    /// lance reaching the last rank.
    pub fn can_promote(&self, piece: Piece, from: Square12, to: Square12) -> bool {
        if promote(piece.role()).is_none() {
            return false;
        }
        let zone = zone(piece.color());
        let capture = self.board[to.index()].is_some();
        let (z_from, z_to) = (zone.contains(from), zone.contains(to));
        // Entering the zone, or capturing from or into it.
        let by_zone = if z_from { capture } else { z_to };
        by_zone
            || (matches!(piece.role(), Role::Pawn | Role::Lance) && last_rank(piece.color(), to))
    }

    /// The squares the piece on `from` may move to in one go, the lion rules applied.
    fn single_dests(&self, from: Square12, piece: Piece) -> Bitboard12 {
        let us = self.side;
        let mut dests = attacks(piece, from, self.occupied()) & self.by_color[us.index()].not();
        let lions = self.lions(!us) & dests;
        if !lions.is_empty() {
            if is_lion(piece.role()) {
                // A lion may not take a protected lion that is not next to it.
                let occ = self.occupied().without(from);
                for sq in lions {
                    if from.distance(sq) > 1 && self.attacked_by(sq, !us, occ) {
                        dests = dests.without(sq);
                    }
                }
            } else if let Some(only) = self.state {
                // After a non-lion took a lion, a non-lion takes a lion only there.
                for sq in lions {
                    if sq != only {
                        dests = dests.without(sq);
                    }
                }
            }
        }
        dests
    }

    /// The second steps of a double move by the piece on `from` through `mid` (a square of
    /// its single moves), the lion rules applied.
    fn second_steps(&self, from: Square12, mid: Square12, piece: Piece) -> Bitboard12 {
        let us = self.side;
        let own = self.by_color[us.index()].without(from);
        match info_of(piece.role()).lion {
            LionPower::None => Bitboard12::EMPTY,
            LionPower::Lion => {
                if from.distance(mid) != 1 {
                    return Bitboard12::EMPTY;
                }
                let mut out = NEIGHBOURS[mid.index()] & own.not();
                let first = self.board[mid.index()];
                let valuable =
                    first.is_some_and(|p| !matches!(p.role(), Role::Pawn | Role::GoBetween));
                if !valuable {
                    let occ = self.occupied().without(from).without(mid);
                    for sq in out & self.lions(!us) {
                        if from.distance(sq) > 1 && self.attacked_by(sq, !us, occ) {
                            out = out.without(sq);
                        }
                    }
                }
                out
            }
            LionPower::Line(lines) => {
                let sign = if us == Color::Black { 1 } else { -1 };
                let mut out = Bitboard12::EMPTY;
                for &(df, dr) in lines {
                    let (df, dr) = (df * sign, dr * sign);
                    if from.offset(df, dr) == Some(mid) {
                        out = out.with(from);
                        if let Some(on) = mid.offset(df, dr) {
                            out = out.with(on);
                        }
                    }
                }
                out &= own.not();
                if let Some(only) = self.state {
                    for sq in out & self.lions(!us) {
                        if sq != only {
                            out = out.without(sq);
                        }
                    }
                }
                out
            }
        }
    }

    /// Appends every legal move to `out`.
    pub fn generate(&self, out: &mut Vec<ChuMove>) {
        let us = self.side;
        for from in self.by_color[us.index()] {
            let piece = self.board[from.index()].expect("a piece on its colour's square");
            let dests = self.single_dests(from, piece);
            let doubles = !matches!(info_of(piece.role()).lion, LionPower::None);
            for to in dests {
                if self.can_promote(piece, from, to) {
                    out.push(ChuMove::normal(from, to, true));
                }
                out.push(ChuMove::normal(from, to, false));
                if doubles {
                    for second in self.second_steps(from, to, piece) {
                        out.push(ChuMove::double(from, to, second));
                    }
                }
            }
        }
    }

    /// Appends the legal moves that take something: a single move onto an enemy piece, a
    /// double move taking on its middle square or its last (what engines search first).
    pub fn generate_captures(&self, out: &mut Vec<ChuMove>) {
        let us = self.side;
        let theirs = self.by_color[(!us).index()];
        for from in self.by_color[us.index()] {
            let piece = self.board[from.index()].expect("a piece on its colour's square");
            let dests = self.single_dests(from, piece);
            for to in dests & theirs {
                if self.can_promote(piece, from, to) {
                    out.push(ChuMove::normal(from, to, true));
                }
                out.push(ChuMove::normal(from, to, false));
            }
            if matches!(info_of(piece.role()).lion, LionPower::None) {
                continue;
            }
            for mid in dests {
                let ends = self.second_steps(from, mid, piece);
                let taking = if theirs.contains(mid) {
                    ends
                } else {
                    ends & theirs
                };
                for to in taking {
                    out.push(ChuMove::double(from, mid, to));
                }
            }
        }
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> Vec<ChuMove> {
        let mut out = Vec::with_capacity(128);
        self.generate(&mut out);
        out
    }

    /// Whether the side to move has a legal move.
    pub fn has_moves(&self) -> bool {
        let us = self.side;
        Iterator::any(&mut { self.by_color[us.index()] }, |from| {
            let piece = self.board[from.index()].expect("a piece on its colour's square");
            !self.single_dests(from, piece).is_empty()
        })
    }
}
