//! `is_legal`: whether a move is legal, and if not, exactly why.

use crate::variant::Promotion;
use crate::{Move, Position, Variant, attacks, step};

/// Why a move is illegal (反則).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum IllegalMove {
    /// The origin square is empty.
    #[error("there is no piece on the origin square")]
    NoPiece,
    /// The piece on the origin square belongs to the opponent.
    #[error("the piece on the origin square is the opponent's")]
    NotOwnPiece,
    /// The destination holds one's own piece.
    #[error("the destination holds one's own piece")]
    OwnPieceOnTarget,
    /// The piece does not move that way (or a slider is blocked).
    #[error("the piece cannot move there")]
    NotAMoveOfThisPiece,
    /// The move is outside the variant's board.
    #[error("the square is off the board")]
    OffBoard,
    /// Promotion asked for a piece that cannot promote, or outside the zone.
    #[error("the piece cannot promote on this move")]
    CannotPromote,
    /// The piece would have no further move without promoting (行き所のない駒).
    #[error("the piece must promote here (it could never move again)")]
    MustPromote,
    /// The piece dropped is not in hand.
    #[error("the dropped piece is not in hand")]
    NotInHand,
    /// A drop on an occupied square.
    #[error("the drop square is occupied")]
    DropOnOccupied,
    /// A drop where the piece could never move (pawn or lance on the last rank, ...).
    #[error("a piece may not be dropped where it could never move")]
    DeadDrop,
    /// A second unpromoted pawn on a file (二歩), or a third swallow in Tori Shogi.
    #[error("too many pawns on this file (二歩)")]
    TwoPawns,
    /// A pawn drop that mates (打ち歩詰め), or a swallow drop that mates in Tori Shogi.
    #[error("a pawn drop may not give mate (打ち歩詰め)")]
    DropPawnMate,
    /// The move leaves or puts one's own king in check.
    #[error("the move leaves the king in check")]
    KingInCheck,
    /// The game is already over by the rules (Dōbutsu: a lion taken or a try made).
    #[error("the game is over")]
    GameOver,
    /// Chu shogi: a lion may not take this lion (the lion-trading rules).
    #[error("the lion-trading rules forbid taking this lion")]
    LionTrade,
}

impl<V: Variant> Position<V> {
    /// Whether `m` is legal here; if not, the first rule it breaks.
    #[inline]
    pub fn is_legal(&self, m: Move) -> Result<(), IllegalMove> {
        V::is_legal_of(self, m)
    }

    /// The body of [`Position::is_legal`], which each variant compiles here (`is_legal_of`).
    #[inline]
    pub(crate) fn is_legal_inline(&self, m: Move) -> Result<(), IllegalMove> {
        let us = self.side;
        let to = m.to();
        if !V::BOARD.contains(to) {
            return Err(IllegalMove::OffBoard);
        }
        if self.is_decided() {
            return Err(IllegalMove::GameOver);
        }
        match (m.from(), m.drop_role()) {
            (None, Some(role)) => {
                let held = V::hand_role(role);
                let face_ok = held == role || V::PROMOTION == Promotion::Flip;
                if !face_ok
                    || !V::HAND_ROLES.contains(&held)
                    || self.hands[us.index()].count(held) == 0
                {
                    return Err(IllegalMove::NotInHand);
                }
                if self.board[to.index()].is_some() {
                    return Err(IllegalMove::DropOnOccupied);
                }
            }
            (Some(from), _) => {
                if !V::BOARD.contains(from) {
                    return Err(IllegalMove::OffBoard);
                }
                let piece = self.board[from.index()].ok_or(IllegalMove::NoPiece)?;
                if piece.color() != us {
                    return Err(IllegalMove::NotOwnPiece);
                }
                if self.color_bb(us).contains(to) {
                    return Err(IllegalMove::OwnPieceOnTarget);
                }
                if !attacks(piece.role(), us, from, self.occupied()).contains(to) {
                    return Err(IllegalMove::NotAMoveOfThisPiece);
                }
            }
            (None, None) => return Err(IllegalMove::NotInHand),
        }
        self.is_legal_within_reach(m)
    }

    /// Whether `m` is legal, given that it is within reach: a move a piece of the side to
    /// move makes to a square it attacks that holds none of its own, or a drop of a piece
    /// it holds (with that face) onto an empty square, in a game not yet decided. The rules
    /// past that (promotion, dead squares, two pawns on a file, a pawn dropped to mate, the
    /// king left in check) are asked; for a move a generator or a check list produced, this
    /// is [`Position::is_legal`] without asking again what it knows.
    #[inline]
    pub fn is_legal_within_reach(&self, m: Move) -> Result<(), IllegalMove> {
        self.is_placed_legally(m)?;
        self.keeps_the_king_safe(m)
    }

    /// Whether `m`, within reach (as for [`Position::is_legal_within_reach`]), keeps the
    /// rules of how a piece arrives: promotion, dead squares, two pawns on a file. Whether
    /// it leaves the king in check, or drops a pawn to mate, is not asked.
    #[inline]
    pub fn is_placed_legally(&self, m: Move) -> Result<(), IllegalMove> {
        let us = self.side;
        let to = m.to();
        match (m.from(), m.drop_role()) {
            (None, Some(role)) => {
                if V::dead_squares(role, us).contains(to) {
                    return Err(IllegalMove::DeadDrop);
                }
                if role == V::PAWN && V::PAWNS_PER_FILE > 0 && self.full_pawn_files(us).contains(to)
                {
                    return Err(IllegalMove::TwoPawns);
                }
            }
            (Some(from), _) => {
                let role = self.board[from.index()].ok_or(IllegalMove::NoPiece)?.role();
                let zone = V::ZONE[us.index()];
                let may_promote =
                    V::promote(role).is_some() && (zone.contains(from) || zone.contains(to));
                if m.is_promotion() && !may_promote {
                    return Err(IllegalMove::CannotPromote);
                }
                let must = V::dead_squares(role, us).contains(to)
                    || (V::PROMOTION != Promotion::Optional && may_promote);
                if !m.is_promotion() && must {
                    return Err(IllegalMove::MustPromote);
                }
            }
            (None, None) => return Err(IllegalMove::NotInHand),
        }
        Ok(())
    }

    /// The rest of [`Position::is_legal_within_reach`] past [`Position::is_placed_legally`]:
    /// the king not left in check, no pawn dropped to mate.
    #[inline]
    fn keeps_the_king_safe(&self, m: Move) -> Result<(), IllegalMove> {
        let us = self.side;
        let to = m.to();
        // Out of check, a drop or a move of an unpinned piece other than the king cannot
        // expose the king (the move generator relies on the same pins). Otherwise play the
        // move on a copy, moving the pieces only, and see whether the king can be taken.
        let king_moves = m.from().is_some() && m.from() == self.kings[us.index()];
        let pinned = m.from().is_some_and(|from| self.pinned.contains(from));
        if !V::ROYAL_CAPTURE && (self.checkers.any() || king_moves || pinned) {
            let mut after = *self;
            after.apply(m);
            if after.king_capturable() {
                return Err(IllegalMove::KingInCheck);
            }
        }
        if V::NO_PAWN_DROP_MATE && m.drop_role() == Some(V::PAWN) {
            let gives_check =
                self.kings[(!us).index()].is_some_and(|k| step(V::PAWN, !us, k).contains(to));
            if gives_check && self.is_drop_pawn_mate(to) {
                return Err(IllegalMove::DropPawnMate);
            }
        }
        Ok(())
    }

    /// Whether the side not to move is in check (its king could be taken): after a move,
    /// whether it left its own king in check. Asked of the board alone, so it holds after
    /// [`Position::play_undoable_deferring_checks`] too.
    pub fn king_capturable(&self) -> bool {
        match self.kings[(!self.side).index()] {
            Some(k) => V::attackers_to(self, k, self.side, self.occupied()).any(),
            None => false,
        }
    }
}

/// Every well-formed move encoding on the frame: 81 x 81 x 2 board moves and every drop.
/// For exhaustive legality tests.
pub fn all_encodings() -> impl Iterator<Item = Move> {
    (0..=u16::MAX)
        .filter_map(Move::from_bits)
        .filter(|m| m.from().is_some_and(|f| f.index() < 81) || m.drop_role().is_some())
}
