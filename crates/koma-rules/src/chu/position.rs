//! `ChuPosition`: a Chu shogi position on the 12x12 frame, and playing moves on it.

use super::tables::ZOBRIST;
use super::{BOARD_ROLES, ChuMove, is_lion, is_royal, promote};
use crate::frame12::{Bitboard12, Square12};
use crate::{Color, Piece, Role};

/// An unvalidated Chu position: what a parser produces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChuSetup {
    /// The piece on each square, by [`Square12::index`].
    pub board: [Option<Piece>; Square12::COUNT],
    /// The side to move.
    pub side: Color,
    /// The move number (1 for a new game).
    pub ply: u32,
    /// Where a lion was taken by a piece that is not a lion on the move before (lishogi's
    /// SFEN third field): the side to move may then take a lion with a non-lion only
    /// there.
    pub last_lion_capture: Option<Square12>,
}

impl ChuSetup {
    /// An empty board, sente to move, move 1.
    pub const EMPTY: ChuSetup = ChuSetup {
        board: [None; Square12::COUNT],
        side: Color::Black,
        ply: 1,
        last_lion_capture: None,
    };
}

/// Why a setup is not a Chu position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChuSetupError {
    /// A piece of another variant.
    #[error("{0:?} is not a piece of Chu shogi")]
    ForeignRole(Role),
    /// Neither side has a king or prince.
    #[error("neither side has a king or prince")]
    NoRoyals,
    /// A side has more royals than a king and a prince.
    #[error("{0:?} has more than two royal pieces")]
    TooManyRoyals(Color),
    /// The lion-capture square does not hold a piece of the side that just moved.
    #[error("no piece of the side that just moved stands on the lion-capture square {0}")]
    LionCaptureSquare(Square12),
}

/// A Chu shogi position: board, side to move, move number, the last move's lion capture,
/// and its hash.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct ChuPosition {
    pub(super) board: [Option<Piece>; Square12::COUNT],
    pub(super) by_color: [Bitboard12; 2],
    /// Lions and promoted kirins of both sides.
    pub(super) lions: Bitboard12,
    /// Kings and princes of both sides.
    pub(super) royals: Bitboard12,
    pub(super) side: Color,
    pub(super) ply: u32,
    pub(super) last_lion_capture: Option<Square12>,
    pub(super) key: u64,
}

impl core::fmt::Debug for ChuPosition {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ChuPosition")
            .field("side", &self.side)
            .field("ply", &self.ply)
            .field("key", &self.key)
            .finish_non_exhaustive()
    }
}

impl ChuPosition {
    /// The start position.
    pub fn startpos() -> ChuPosition {
        ChuPosition::from_setup(&super::START).expect("the start position is valid")
    }

    /// Validates `setup`.
    pub fn from_setup(setup: &ChuSetup) -> Result<ChuPosition, ChuSetupError> {
        let mut pos = ChuPosition {
            board: [None; Square12::COUNT],
            by_color: [Bitboard12::EMPTY; 2],
            lions: Bitboard12::EMPTY,
            royals: Bitboard12::EMPTY,
            side: setup.side,
            ply: setup.ply,
            last_lion_capture: None,
            key: 0,
        };
        for sq in Square12::all() {
            if let Some(piece) = setup.board[sq.index()] {
                if !BOARD_ROLES.contains(&piece.role()) {
                    return Err(ChuSetupError::ForeignRole(piece.role()));
                }
                pos.put(sq, piece);
            }
        }
        for color in Color::ALL {
            if (pos.royals & pos.by_color[color.index()]).count() > 2 {
                return Err(ChuSetupError::TooManyRoyals(color));
            }
        }
        if pos.royals.is_empty() {
            return Err(ChuSetupError::NoRoyals);
        }
        if let Some(sq) = setup.last_lion_capture {
            if pos.board[sq.index()].is_none_or(|p| p.color() == setup.side) {
                return Err(ChuSetupError::LionCaptureSquare(sq));
            }
            pos.last_lion_capture = Some(sq);
            pos.key ^= ZOBRIST.lion_capture[sq.index()];
        }
        if setup.side == Color::White {
            pos.key ^= ZOBRIST.side;
        }
        Ok(pos)
    }

    /// The unvalidated setup.
    pub fn to_setup(&self) -> ChuSetup {
        ChuSetup {
            board: self.board,
            side: self.side,
            ply: self.ply,
            last_lion_capture: self.last_lion_capture,
        }
    }

    /// The piece on `sq`, if any.
    #[inline(always)]
    pub fn piece_at(&self, sq: Square12) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// The squares holding pieces of `color`.
    #[inline(always)]
    pub fn color_bb(&self, color: Color) -> Bitboard12 {
        self.by_color[color.index()]
    }

    /// The occupied squares.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard12 {
        self.by_color[0] | self.by_color[1]
    }

    /// The kings and princes of `color`.
    #[inline(always)]
    pub fn royals(&self, color: Color) -> Bitboard12 {
        self.royals & self.by_color[color.index()]
    }

    /// The lions (promoted kirins included) of `color`.
    #[inline(always)]
    pub fn lions(&self, color: Color) -> Bitboard12 {
        self.lions & self.by_color[color.index()]
    }

    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The move number: 1 in a new game, one more after every move.
    #[inline(always)]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Where a lion was just taken by a non-lion, if it was.
    #[inline(always)]
    pub fn last_lion_capture(&self) -> Option<Square12> {
        self.last_lion_capture
    }

    /// The zobrist hash of board, side to move and lion-capture square.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    fn put(&mut self, sq: Square12, piece: Piece) {
        self.board[sq.index()] = Some(piece);
        let bit = Bitboard12::from_square(sq);
        self.by_color[piece.color().index()] = self.by_color[piece.color().index()] | bit;
        if is_lion(piece.role()) {
            self.lions |= bit;
        }
        if is_royal(piece.role()) {
            self.royals |= bit;
        }
        self.key ^= ZOBRIST.piece[piece.index()][sq.index()];
    }

    fn take(&mut self, sq: Square12) -> Option<Piece> {
        let piece = self.board[sq.index()].take()?;
        let keep = Bitboard12::from_square(sq).not();
        self.by_color[piece.color().index()] = self.by_color[piece.color().index()] & keep;
        self.lions &= keep;
        self.royals &= keep;
        self.key ^= ZOBRIST.piece[piece.index()][sq.index()];
        Some(piece)
    }

    /// Plays `m`, which the caller knows to be legal (one of [`ChuPosition::legal_moves`]).
    pub fn play_unchecked(&mut self, m: ChuMove) {
        let mut piece = self.take(m.from()).expect("a piece on the origin");
        let mover_is_lion = is_lion(piece.role());
        if let Some(sq) = self.last_lion_capture.take() {
            self.key ^= ZOBRIST.lion_capture[sq.index()];
        }
        let mut lion_taken = None;
        if let Some(mid) = m.mid() {
            if let Some(taken) = self.take(mid) {
                if is_lion(taken.role()) {
                    lion_taken = Some(mid);
                }
            }
        }
        if let Some(taken) = self.take(m.to()) {
            if is_lion(taken.role()) {
                lion_taken = Some(m.to());
            }
        }
        if m.is_promotion() {
            let role = promote(piece.role()).expect("a promoting piece can promote");
            piece = Piece::new(piece.color(), role);
        }
        self.put(m.to(), piece);
        if !mover_is_lion {
            if let Some(sq) = lion_taken {
                self.last_lion_capture = Some(sq);
                self.key ^= ZOBRIST.lion_capture[sq.index()];
            }
        }
        self.side = !self.side;
        self.key ^= ZOBRIST.side;
        self.ply += 1;
    }

    /// Plays `m` if it is legal.
    pub fn play(&mut self, m: ChuMove) -> Result<(), IllegalChuMove> {
        if !self.legal_moves().contains(&m) {
            return Err(IllegalChuMove(m));
        }
        self.play_unchecked(m);
        Ok(())
    }
}

/// A move that is not legal in the position it was played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0} is not a legal move here")]
pub struct IllegalChuMove(pub ChuMove);
