//! `Position<V>`: a validated position of variant `V`, and playing moves on it.

use crate::frame::{Frame, Indexed};
use crate::tables::{ZOBRIST, between};
use crate::{Bitboard, Color, Family, Hand, Move, Piece, Role, Square, Variant};
use core::marker::PhantomData;

/// Role bitboards a position keeps: as many as the variant with the most roles needs, so
/// that standard shogi copies no bitboards for another variant's pieces.
pub const ROLE_SLOTS: usize = 16;

/// A legal position of variant `V`: board, hands, side to move, move number, hash,
/// and the checks and pins of the side to move.
///
/// Build one with [`Position::startpos`] or [`Position::from_setup`]; positions are
/// `Copy` and moves are played by [`Position::play`] or [`Position::play_unchecked`].
///
/// Its board is stored in the game's frame ([`Family::Frame`]): squares, bitboards and
/// the piece on each square are the frame's types.
pub struct Position<V: Family> {
    pub(crate) board: <V::Frame as Frame>::Mailbox,
    pub(crate) by_color: [Bb<V>; 2],
    /// Pieces by role, at the variant's slot for the role ([`Variant::slot`]).
    pub(crate) by_role: V::RoleBoards,
    pub(crate) hands: [Hand; 2],
    pub(crate) side: Color,
    pub(crate) ply: u32,
    pub(crate) board_key: u64,
    pub(crate) hand_key: u64,
    pub(crate) kings: [Option<<V::Frame as Frame>::Square>; 2],
    pub(crate) checkers: Bb<V>,
    pub(crate) pinned: Bb<V>,
    pub(crate) state: V::State,
    pub(crate) variant: PhantomData<V>,
}

/// The bitboard of `V`'s frame.
pub type Bb<V> = <<V as Family>::Frame as Frame>::Bitboard;

impl<V: Family> Clone for Position<V> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}

impl<V: Family> Copy for Position<V> {}

/// What a position of every game of the family holds, whatever its frame.
impl<V: Family> Position<V> {
    /// The piece on `sq`, if any.
    #[inline(always)]
    pub fn piece_at(&self, sq: <V::Frame as Frame>::Square) -> Option<Piece> {
        self.board.as_ref()[sq.index()]
    }

    /// The squares holding pieces of `color`.
    #[inline(always)]
    pub fn color_bb(&self, color: Color) -> Bb<V> {
        self.by_color[color.index()]
    }

    /// The occupied squares.
    #[inline(always)]
    pub fn occupied(&self) -> Bb<V> {
        self.by_color[0] | self.by_color[1]
    }

    /// The pieces `color` holds in hand.
    #[inline(always)]
    pub fn hand(&self, color: Color) -> &Hand {
        &self.hands[color.index()]
    }

    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The move number (SFEN's last field): 1 in a new game, one more after every move.
    #[inline(always)]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Sets the move number.
    pub fn set_ply(&mut self, ply: u32) {
        self.ply = ply;
    }

    /// The zobrist hash of board, hands and side to move.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.board_key ^ self.hand_key
    }

    /// The hash of board and side to move alone, without the hands.
    #[inline(always)]
    pub fn board_key(&self) -> u64 {
        self.board_key
    }
}

impl<V: Variant> Position<V> {
    /// The start position of an even game.
    pub fn startpos() -> Position<V> {
        Self::from_setup(&V::start()).expect("the start position is valid")
    }

    pub(crate) fn empty() -> Position<V> {
        Position {
            board: [None; 81],
            by_color: [Bitboard::EMPTY; 2],
            by_role: V::RoleBoards::default(),
            hands: [Hand::EMPTY; 2],
            side: Color::Black,
            ply: 1,
            board_key: 0,
            hand_key: 0,
            kings: [None; 2],
            checkers: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
            state: V::State::default(),
            variant: PhantomData,
        }
    }

    /// The squares holding pieces of `color` with `role`.
    #[inline(always)]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_color[color.index()] & self.by_role.as_ref()[V::slot(role)]
    }

    /// The squares holding pieces of `role`, both colours.
    #[inline(always)]
    pub fn role_bb(&self, role: Role) -> Bitboard {
        self.by_role.as_ref()[V::slot(role)]
    }

    /// The square of `color`'s king, if it has one (tsume problems may omit the attacker's).
    #[inline(always)]
    pub fn king(&self, color: Color) -> Option<Square> {
        self.kings[color.index()]
    }

    /// The enemy pieces giving check to the side to move.
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// Whether the side to move is in check.
    #[inline(always)]
    pub fn in_check(&self) -> bool {
        self.checkers.any()
    }

    /// The pieces of the side to move that are pinned to its king.
    #[inline(always)]
    pub fn pinned(&self) -> Bitboard {
        self.pinned
    }

    /// The pieces of `by` that attack `sq` in this position.
    #[inline]
    pub fn attackers_to(&self, sq: Square, by: Color) -> Bitboard {
        V::attackers_to(self, sq, by, self.occupied())
    }

    /// The pieces (of either colour) that alone stand between the king of `king_color` on
    /// `ksq` and an enemy slider, computed with occupancy `occ` (pins and discoverers).
    #[inline]
    pub fn blockers(&self, ksq: Square, king_color: Color, occ: Bitboard) -> Bitboard {
        let mut result = Bitboard::EMPTY;
        for sniper in V::snipers(self, ksq, !king_color) {
            let b = between(ksq, sniper) & occ;
            if b.any() && !b.more_than_one() {
                result |= b;
            }
        }
        result
    }

    #[inline(always)]
    pub(crate) fn put(&mut self, piece: Piece, sq: Square) {
        self.put_keyed::<true>(piece, sq);
    }

    /// Puts `piece` on `sq`, keeping the board key with it when `KEYS`.
    #[inline(always)]
    fn put_keyed<const KEYS: bool>(&mut self, piece: Piece, sq: Square) {
        let b = Bitboard::from_square(sq);
        self.board[sq.index()] = Some(piece);
        self.by_color[piece.color().index()] |= b;
        self.by_role.as_mut()[V::slot(piece.role())] |= b;
        if KEYS {
            self.board_key ^= ZOBRIST.piece[piece.index()][sq.index()];
        }
    }

    /// Takes `piece` off `sq`, keeping the board key with it when `KEYS`.
    #[inline(always)]
    fn take_keyed<const KEYS: bool>(&mut self, piece: Piece, sq: Square) {
        let b = Bitboard::from_square(sq);
        self.board[sq.index()] = None;
        self.by_color[piece.color().index()] ^= b;
        self.by_role.as_mut()[V::slot(piece.role())] ^= b;
        if KEYS {
            self.board_key ^= ZOBRIST.piece[piece.index()][sq.index()];
        }
    }

    #[inline(always)]
    pub(crate) fn hand_add(&mut self, color: Color, role: Role) {
        self.hand_add_keyed::<true>(color, role);
    }

    /// Adds a `role` to `color`'s hand, keeping the hand key with it when `KEYS`.
    #[inline(always)]
    fn hand_add_keyed<const KEYS: bool>(&mut self, color: Color, role: Role) {
        if let Some(slot) = role.hand_slot() {
            self.hands[color.index()].add(role);
            if KEYS {
                self.hand_key = self
                    .hand_key
                    .wrapping_add(ZOBRIST.hand[color.index()][slot]);
            }
        }
    }

    /// Takes a `role` from `color`'s hand, keeping the hand key with it when `KEYS`.
    #[inline(always)]
    fn hand_remove_keyed<const KEYS: bool>(&mut self, color: Color, role: Role) {
        if let Some(slot) = role.hand_slot() {
            self.hands[color.index()].remove(role);
            if KEYS {
                self.hand_key = self
                    .hand_key
                    .wrapping_sub(ZOBRIST.hand[color.index()][slot]);
            }
        }
    }

    /// Whether the rules have ended the game whatever the moves (Dōbutsu: a lion taken or a
    /// try made); such a position has no legal moves. See [`Position::winner`].
    #[inline]
    pub fn is_decided(&self) -> bool {
        V::ROYAL_CAPTURE && self.decided_for().is_some()
    }

    /// Who has won by the rules alone (Dōbutsu: the side that took the lion or made a try),
    /// judged at the start of the position. `Some(None)` when both made a try at once.
    pub fn winner(&self) -> Option<Option<Color>> {
        if V::ROYAL_CAPTURE {
            self.decided_for()
        } else {
            None
        }
    }

    fn decided_for(&self) -> Option<Option<Color>> {
        match (self.kings[0], self.kings[1]) {
            (None, _) => return Some(Some(Color::White)),
            (_, None) => return Some(Some(Color::Black)),
            _ => {}
        }
        if !V::TRY {
            return None;
        }
        let tried = |c: Color| {
            self.kings[c.index()].is_some_and(|sq| {
                sq.relative_rank(c, V::RANKS) == 1
                    && V::attackers_to(self, sq, !c, self.occupied()).is_empty()
            })
        };
        match (tried(Color::Black), tried(Color::White)) {
            (true, true) => Some(None),
            (true, false) => Some(Some(Color::Black)),
            (false, true) => Some(Some(Color::White)),
            (false, false) => None,
        }
    }

    /// Recomputes checkers and pins of the side to move.
    #[inline]
    pub(crate) fn update_check_info(&mut self) {
        if V::ROYAL_CAPTURE {
            // The royal piece is an ordinary piece: nothing is ever "in check".
            return;
        }
        let us = self.side;
        match self.kings[us.index()] {
            Some(ksq) => {
                let occ = self.occupied();
                self.checkers = V::attackers_to(self, ksq, !us, occ);
                self.pinned = self.blockers(ksq, us, occ) & self.by_color[us.index()];
            }
            None => {
                self.checkers = Bitboard::EMPTY;
                self.pinned = Bitboard::EMPTY;
            }
        }
    }

    /// The role `m` leaves on its square: the mover as it arrives (promoted or turned
    /// over, or not), or the role dropped; `None` when no piece stands where it leaves from.
    #[inline]
    pub fn arriving_role(&self, m: Move) -> Option<Role> {
        match m.from() {
            Some(from) => self
                .piece_at(from)
                .map(|piece| V::arriving(piece.role(), m.is_promotion())),
            None => m.drop_role(),
        }
    }

    /// Plays `m`, which must be legal in this position (see [`Position::play`] for the
    /// checked version). Playing an illegal move leaves the position in an unspecified
    /// but memory-safe state.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        self.apply(m);
        self.update_check_info();
    }

    /// Moves the pieces, hands, side and keys for `m`, leaving checkers and pins stale.
    #[inline(always)]
    pub(crate) fn apply(&mut self, m: Move) {
        self.apply_keyed::<true>(m);
    }

    /// [`Position::apply`], the keys left as they were unless `KEYS`.
    #[inline(always)]
    fn apply_keyed<const KEYS: bool>(&mut self, m: Move) {
        let us = self.side;
        let to = m.to();
        match m.from() {
            None => {
                let role = m.drop_role().unwrap_or(Role::Pawn);
                self.hand_remove_keyed::<KEYS>(us, V::hand_role(role));
                self.put_keyed::<KEYS>(Piece::new(us, role), to);
            }
            Some(from) => {
                let Some(piece) = self.board[from.index()] else {
                    debug_assert!(false, "no piece on {from}");
                    return;
                };
                self.take_keyed::<KEYS>(piece, from);
                if let Some(captured) = self.board[to.index()] {
                    self.take_keyed::<KEYS>(captured, to);
                    self.hand_add_keyed::<KEYS>(us, V::hand_role(captured.role()));
                    if captured.role() == Role::King {
                        self.kings[captured.color().index()] = None;
                    }
                }
                let role = V::arriving(piece.role(), m.is_promotion());
                self.put_keyed::<KEYS>(Piece::new(us, role), to);
                if role == Role::King {
                    self.kings[us.index()] = Some(to);
                }
            }
        }
        self.side = !us;
        if KEYS {
            self.board_key ^= ZOBRIST.side;
        }
        self.ply = self.ply.saturating_add(1);
    }

    /// Passes: the other side is to move with nothing changed on the board (the null move
    /// of engines; not a move of the rules). The side to move must not be in check.
    pub fn play_null(&mut self) {
        debug_assert!(!self.in_check(), "a null move while in check");
        self.side = !self.side;
        self.board_key ^= ZOBRIST.side;
        self.ply = self.ply.saturating_add(1);
        self.update_check_info();
    }

    /// Plays `m` (legal) and returns what [`Position::unplay`] needs to take it back.
    #[inline]
    pub fn play_undoable(&mut self, m: Move) -> Undo {
        let undo = self.play_undoable_deferring_checks(m);
        self.update_check_info();
        undo
    }

    /// Plays `m` (legal) as [`Position::play_undoable`] does, but leaves the checkers and
    /// pins as they were before the move: for a move that is taken back at once, where
    /// working them out is wasted. Until [`Position::refresh_checks`] (or [`Position::unplay`]
    /// of `m`), whatever depends on them (check, legality, move generation) is wrong; the
    /// board, hands, side to move and keys are right.
    #[inline]
    pub fn play_undoable_deferring_checks(&mut self, m: Move) -> Undo {
        let undo = self.undo_of(m);
        self.apply(m);
        undo
    }

    /// What [`Position::unplay`] needs to take back `m`, about to be played here.
    #[inline(always)]
    fn undo_of(&self, m: Move) -> Undo {
        Undo {
            captured: if m.is_drop() {
                None
            } else {
                self.board[m.to().index()]
            },
            checkers: self.checkers,
            pinned: self.pinned,
            board_key: self.board_key,
            hand_key: self.hand_key,
        }
    }

    /// Plays `m` (legal) as [`Position::play_undoable_deferring_checks`] does, and leaves
    /// the keys as they were too: for a look taken back at once by [`Position::unplay`],
    /// which restores them, by a search that asks no key in between.
    #[inline]
    pub fn play_undoable_unkeyed(&mut self, m: Move) -> Undo {
        let undo = self.undo_of(m);
        self.apply_keyed::<false>(m);
        undo
    }

    /// Works out the checkers and pins again, after
    /// [`Position::play_undoable_deferring_checks`].
    #[inline]
    pub fn refresh_checks(&mut self) {
        self.update_check_info();
    }

    /// Takes back `m`, which must be the last move played by [`Position::play_undoable`].
    #[inline]
    pub fn unplay(&mut self, m: Move, undo: Undo) {
        let us = !self.side;
        let to = m.to();
        let Some(moved) = self.board[to.index()] else {
            debug_assert!(false, "unplay of a move that was not played");
            return;
        };
        self.take_keyed::<false>(moved, to);
        match m.from() {
            None => self.hands[us.index()].add(V::hand_role(moved.role())),
            Some(from) => {
                let role = if m.is_promotion() {
                    V::demote(moved.role())
                } else {
                    moved.role()
                };
                self.put_keyed::<false>(Piece::new(us, role), from);
                if role == Role::King {
                    self.kings[us.index()] = Some(from);
                }
                if let Some(captured) = undo.captured {
                    self.put_keyed::<false>(captured, to);
                    self.hands[us.index()].remove(V::hand_role(captured.role()));
                    if captured.role() == Role::King {
                        self.kings[captured.color().index()] = Some(to);
                    }
                }
            }
        }
        self.side = us;
        self.ply = self.ply.saturating_sub(1);
        self.checkers = undo.checkers;
        self.pinned = undo.pinned;
        self.board_key = undo.board_key;
        self.hand_key = undo.hand_key;
    }

    /// Plays `m` if it is legal, else returns why not and leaves the position unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), crate::IllegalMove> {
        self.is_legal(m)?;
        self.play_unchecked(m);
        Ok(())
    }

    /// The position after `m` (which must be legal), leaving `self` unchanged.
    #[inline]
    pub fn after(&self, m: Move) -> Position<V> {
        let mut p = *self;
        p.play_unchecked(m);
        p
    }

    /// The zobrist hash computed from scratch (equal to [`Position::key`] at all times).
    pub fn compute_key(&self) -> u64 {
        let mut board_key = 0;
        for sq in Square::all() {
            if let Some(p) = self.board[sq.index()] {
                board_key ^= ZOBRIST.piece[p.index()][sq.index()];
            }
        }
        if self.side == Color::White {
            board_key ^= ZOBRIST.side;
        }
        let mut hand_key = 0u64;
        for c in Color::ALL {
            for slot in 0..8 {
                let n = self.hands[c.index()].slot(slot) as u64;
                hand_key = hand_key.wrapping_add(ZOBRIST.hand[c.index()][slot].wrapping_mul(n));
            }
        }
        board_key ^ hand_key
    }
}

/// What taking back a move needs: see [`Position::play_undoable`].
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    captured: Option<Piece>,
    checkers: Bitboard,
    pinned: Bitboard,
    board_key: u64,
    hand_key: u64,
}

impl Undo {
    /// The hash key of the position the move was played from.
    pub fn key_before(&self) -> u64 {
        self.board_key ^ self.hand_key
    }

    /// Whether the side to move was in check in the position the move was played from.
    pub fn was_in_check(&self) -> bool {
        !self.checkers.is_empty()
    }
}

impl<V: Family> PartialEq for Position<V> {
    /// Positions are equal when board, hands, side to move, move number and the game's
    /// further state are.
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board
            && self.hands == other.hands
            && self.side == other.side
            && self.ply == other.ply
            && self.state == other.state
    }
}

impl<V: Family> Eq for Position<V> {}

impl<V: Family> core::fmt::Debug for Position<V> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Position")
            .field("game", &core::any::type_name::<V>())
            .field("state", &self.state)
            .field("side", &self.side)
            .field("hands", &self.hands)
            .field("ply", &self.ply)
            .field("occupied", &self.occupied())
            .finish()
    }
}
