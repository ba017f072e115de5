//! `ChuPosition`: a Chu shogi position on the 12x12 frame, and playing moves on it.

use super::tables::ZOBRIST;
use super::{BOARD_ROLES, ChuMove, is_lion, is_royal, promote};
use crate::frame12::{Bitboard12, Square12};
use crate::{Color, Hand, Piece, Position, Role};
use core::marker::PhantomData;

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

/// The Chu member of the shogi family: the 12x12 frame, and as further state the square
/// of a lion a non-lion has just taken.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Chu;

impl crate::Family for Chu {
    type Frame = crate::frame::Twelve;
    type State = Option<Square12>;
    /// Lions and royals: the roles Chu's rules look up.
    type RoleBoards = [Bitboard12; 2];
}

/// A Chu shogi position: the family's [`Position`] on the 12x12 frame (board, side to
/// move, move number, the last move's lion capture, and its hash).
pub type ChuPosition = Position<Chu>;

/// The role slot of a Chu position's lions (the lion and the promoted kirin).
const LIONS: usize = 0;
/// The role slot of a Chu position's royals (the king and the prince).
const ROYALS: usize = 1;

/// Where a Chu position keeps a piece of `role` among its role bitboards: the lions' or
/// the royals' slot; other roles have none.
const fn slot(role: Role) -> Option<usize> {
    if is_lion(role) {
        Some(LIONS)
    } else if is_royal(role) {
        Some(ROYALS)
    } else {
        None
    }
}

impl Position<Chu> {
    /// The start position.
    pub fn startpos() -> ChuPosition {
        ChuPosition::from_setup(&super::START).expect("the start position is valid")
    }

    /// Validates `setup`.
    pub fn from_setup(setup: &ChuSetup) -> Result<ChuPosition, ChuSetupError> {
        let mut pos = ChuPosition {
            board: [None; Square12::COUNT],
            by_color: [Bitboard12::EMPTY; 2],
            by_role: [Bitboard12::EMPTY; 2],
            hands: [Hand::EMPTY; 2],
            side: setup.side,
            ply: setup.ply,
            board_key: 0,
            hand_key: 0,
            kings: [None; 2],
            checkers: Bitboard12::EMPTY,
            pinned: Bitboard12::EMPTY,
            state: None,
            variant: PhantomData,
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
            if pos.royals(color).count() > 2 {
                return Err(ChuSetupError::TooManyRoyals(color));
            }
        }
        if pos.by_role[ROYALS].is_empty() {
            return Err(ChuSetupError::NoRoyals);
        }
        if let Some(sq) = setup.last_lion_capture {
            if pos.board[sq.index()].is_none_or(|p| p.color() == setup.side) {
                return Err(ChuSetupError::LionCaptureSquare(sq));
            }
            pos.state = Some(sq);
            pos.board_key ^= ZOBRIST.lion_capture[sq.index()];
        }
        if setup.side == Color::White {
            pos.board_key ^= ZOBRIST.side;
        }
        Ok(pos)
    }

    /// The unvalidated setup.
    pub fn to_setup(&self) -> ChuSetup {
        ChuSetup {
            board: self.board,
            side: self.side,
            ply: self.ply,
            last_lion_capture: self.state,
        }
    }

    /// The kings and princes of `color`.
    #[inline(always)]
    pub fn royals(&self, color: Color) -> Bitboard12 {
        self.by_role[ROYALS] & self.by_color[color.index()]
    }

    /// The lions (promoted kirins included) of `color`.
    #[inline(always)]
    pub fn lions(&self, color: Color) -> Bitboard12 {
        self.by_role[LIONS] & self.by_color[color.index()]
    }

    /// Where a lion was just taken by a non-lion, if it was.
    #[inline(always)]
    pub fn last_lion_capture(&self) -> Option<Square12> {
        self.state
    }

    fn put(&mut self, sq: Square12, piece: Piece) {
        self.board[sq.index()] = Some(piece);
        let bit = Bitboard12::from_square(sq);
        self.by_color[piece.color().index()] |= bit;
        if let Some(slot) = slot(piece.role()) {
            self.by_role[slot] |= bit;
        }
        self.board_key ^= ZOBRIST.piece[piece.index()][sq.index()];
    }

    fn take_piece(&mut self, sq: Square12) -> Option<Piece> {
        let piece = self.board[sq.index()].take()?;
        let keep = !Bitboard12::from_square(sq);
        self.by_color[piece.color().index()] &= keep;
        self.by_role[LIONS] &= keep;
        self.by_role[ROYALS] &= keep;
        self.board_key ^= ZOBRIST.piece[piece.index()][sq.index()];
        Some(piece)
    }

    /// Plays `m`, which the caller knows to be legal (one of [`ChuPosition::legal_moves`]).
    pub fn play_unchecked(&mut self, m: ChuMove) {
        let mut piece = self.take_piece(m.from()).expect("a piece on the origin");
        let mover_is_lion = is_lion(piece.role());
        if let Some(sq) = self.state.take() {
            self.board_key ^= ZOBRIST.lion_capture[sq.index()];
        }
        let mut lion_taken = None;
        if let Some(mid) = m.mid() {
            if let Some(taken) = self.take_piece(mid) {
                if is_lion(taken.role()) {
                    lion_taken = Some(mid);
                }
            }
        }
        if let Some(taken) = self.take_piece(m.to()) {
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
                self.state = Some(sq);
                self.board_key ^= ZOBRIST.lion_capture[sq.index()];
            }
        }
        self.side = !self.side;
        self.board_key ^= ZOBRIST.side;
        self.ply += 1;
    }

    /// Passes: the other side is to move with the board unchanged (the null move of
    /// engines; not a move of the rules). The memory of a lion just taken is forgotten.
    pub fn play_null(&mut self) {
        if let Some(sq) = self.state.take() {
            self.board_key ^= ZOBRIST.lion_capture[sq.index()];
        }
        self.side = !self.side;
        self.board_key ^= ZOBRIST.side;
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
