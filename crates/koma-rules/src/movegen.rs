//! Legal move generation, shared by every variant.
//!
//! Generation hands sets of destinations to a [`MoveSink`]: a [`MoveList`] expands them
//! into moves, a counter only counts them (perft's bulk counting at the last ply).

use crate::tables::{between, line, pin_segment};
use crate::variant::Promotion;
use crate::{Bitboard, Color, Move, MoveList, Position, Role, Square, Variant, attacks, step};

/// Receives generated moves as sets of destinations.
pub trait MoveSink {
    /// Moves of the piece on `from`: to `plain` without promotion, to `both` with and
    /// without promotion, to `promote` with promotion only.
    fn board_moves(&mut self, from: Square, plain: Bitboard, both: Bitboard, promote: Bitboard);
    /// Drops of `role` on every square of `to`.
    fn drops(&mut self, role: Role, to: Bitboard);
    /// The squares whose pieces of `role` (as it moves, the king included) the sink wants
    /// moves of: every square by default. A sink that wants few (checks only) saves the
    /// generator looking at the others.
    #[inline(always)]
    fn origins(&self, _role: Role) -> Bitboard {
        Bitboard::FULL
    }
    /// Moves of several pieces by the same step, given by destinations: each comes from
    /// the square `delta` indices before it. By default handed on one by one as
    /// [`MoveSink::board_moves`] with their origin (few pawns move at once).
    fn shifted_moves(&mut self, delta: i8, plain: Bitboard, both: Bitboard, promote: Bitboard) {
        for to in plain | both | promote {
            let from = Square::from_index_unchecked((to.index() as i32 - delta as i32) as u32);
            let one = Bitboard::from_square(to);
            self.board_moves(from, plain & one, both & one, promote & one);
        }
    }
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn board_moves(&mut self, from: Square, plain: Bitboard, both: Bitboard, promote: Bitboard) {
        for to in promote | both {
            self.push(Move::normal(from, to, true));
        }
        for to in plain | both {
            self.push(Move::normal(from, to, false));
        }
    }
    #[inline(always)]
    fn drops(&mut self, role: Role, to: Bitboard) {
        for sq in to {
            self.push(Move::drop(role, sq));
        }
    }
    #[inline(always)]
    fn shifted_moves(&mut self, delta: i8, plain: Bitboard, both: Bitboard, promote: Bitboard) {
        let from =
            |to: Square| Square::from_index_unchecked((to.index() as i32 - delta as i32) as u32);
        for to in promote | both {
            self.push(Move::normal(from(to), to, true));
        }
        for to in plain | both {
            self.push(Move::normal(from(to), to, false));
        }
    }
}

/// A sink that only counts moves.
#[derive(Default, Debug, Clone, Copy)]
pub struct MoveCounter {
    /// The number of moves counted.
    pub count: u64,
    /// The last drop target set and its size: drops of several roles often share one.
    last_drops: (Bitboard, u64),
}

impl MoveCounter {
    /// A counter at zero.
    pub const fn new() -> MoveCounter {
        MoveCounter {
            count: 0,
            last_drops: (Bitboard::EMPTY, 0),
        }
    }
}

impl MoveSink for MoveCounter {
    #[inline(always)]
    fn board_moves(&mut self, _from: Square, plain: Bitboard, both: Bitboard, promote: Bitboard) {
        // The three sets are disjoint; `both` counts twice but is usually empty.
        self.count += (plain | both | promote).count() as u64;
        if both.any() {
            self.count += both.count() as u64;
        }
    }
    #[inline(always)]
    fn drops(&mut self, _role: Role, to: Bitboard) {
        if to != self.last_drops.0 {
            self.last_drops = (to, to.count() as u64);
        }
        self.count += self.last_drops.1;
    }
    #[inline(always)]
    fn shifted_moves(&mut self, _delta: i8, plain: Bitboard, both: Bitboard, promote: Bitboard) {
        self.board_moves(Square::from_index_unchecked(0), plain, both, promote);
    }
}

/// Which moves to generate. Every kind yields legal moves only.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// Every legal move, including non-promotions that are never better than promoting
    /// (pawn, bishop and rook not promoting, lance not promoting on the second rank).
    /// This is what the rules allow and what perft counts.
    AllLegal,
    /// Every legal move except those useless non-promotions (what engines search).
    Legal,
    /// Captures (of the legal moves).
    Captures,
    /// Non-captures, drops included.
    Quiets,
    /// The captures of `Legal` (what an engine tries first, and in quiescence).
    SearchCaptures,
    /// The non-captures of `Legal`, drops included (what an engine tries after them).
    SearchQuiets,
    /// Moves that give check.
    Checks,
    /// When in check, every legal move (each one answers the check); else none.
    Evasions,
    /// When in check, the evasions of `Legal` (what an engine searches); else none.
    SearchEvasions,
}

/// What generation of one position needs to know, computed once.
#[derive(Clone, Copy, Debug)]
pub struct Ctx {
    /// The side to move.
    pub us: Color,
    /// The occupied squares.
    pub occ: Bitboard,
    /// Where non-king pieces may go: on the board, not on our own pieces, blocking or
    /// capturing a single checker, and filtered by the kind asked for.
    pub target: Bitboard,
    /// Our king's square, if we have a king.
    pub ksq: Option<Square>,
    /// Our pieces pinned to our king.
    pub pinned: Bitboard,
}

/// Generates the moves of the pieces in `froms` (all moving as `role` does) into `sink`.
///
/// `ALL` keeps the useless non-promotions (pawn, bishop, rook, lance to the second rank).
#[inline(always)]
pub fn piece_moves<V: Variant, S: MoveSink, const ALL: bool>(
    ctx: &Ctx,
    role: Role,
    froms: Bitboard,
    sink: &mut S,
) {
    let froms = froms & sink.origins(role);
    let pinned = froms & ctx.pinned;
    let free = froms & !ctx.pinned;
    if V::promote(role).is_none() {
        for from in free {
            let to = crate::attacks(role, ctx.us, from, ctx.occ) & ctx.target;
            if to.any() {
                sink.board_moves(from, to, Bitboard::EMPTY, Bitboard::EMPTY);
            }
        }
    } else {
        // Splitting by origin keeps the per-piece work to one attack lookup and a mask.
        let zone = V::ZONE[ctx.us.index()];
        for from in free & zone {
            let to = crate::attacks(role, ctx.us, from, ctx.occ) & ctx.target;
            promotions::<V, S, ALL>(ctx, role, from, to, to, sink);
        }
        for from in free & !zone {
            let to = crate::attacks(role, ctx.us, from, ctx.occ) & ctx.target;
            promotions::<V, S, ALL>(ctx, role, from, to, to & zone, sink);
        }
    }
    if let (true, Some(ksq)) = (pinned.any(), ctx.ksq) {
        // A pinned piece stays between its king and the pinner, or takes the pinner (a Tori
        // goose or pheasant could otherwise jump over the king or the pinner).
        let zone = V::ZONE[ctx.us.index()];
        for from in pinned {
            let stay = if V::LINE_JUMPERS {
                pin_segment(ksq, from, ctx.occ)
            } else {
                line(ksq, from)
            };
            let to = crate::attacks(role, ctx.us, from, ctx.occ) & ctx.target & stay;
            if V::promote(role).is_none() {
                if to.any() {
                    sink.board_moves(from, to, Bitboard::EMPTY, Bitboard::EMPTY);
                }
            } else {
                let can = if zone.contains(from) { to } else { to & zone };
                promotions::<V, S, ALL>(ctx, role, from, to, can, sink);
            }
        }
    }
}

/// Where a `role` of `color` that may promote has no reason not to (or no right): pawn,
/// bishop and rook everywhere, a lance on the last two ranks, others on their dead squares.
/// The non-promotions there are the ones [`MoveKind::Legal`] leaves out.
#[inline(always)]
pub fn promote_only<V: Variant>(role: Role, color: Color) -> Bitboard {
    match role {
        Role::Pawn | Role::Bishop | Role::Rook => Bitboard::FULL,
        Role::Lance => V::dead_squares(Role::Knight, color),
        _ => V::dead_squares(role, color),
    }
}

/// Hands the moves of a promotable piece to `sink`: `to` every destination, `can` those
/// where it may promote.
#[inline(always)]
fn promotions<V: Variant, S: MoveSink, const ALL: bool>(
    ctx: &Ctx,
    role: Role,
    from: Square,
    to: Bitboard,
    can: Bitboard,
    sink: &mut S,
) {
    if to.is_empty() {
        return;
    }
    match V::PROMOTION {
        Promotion::Flip => return sink.board_moves(from, Bitboard::EMPTY, Bitboard::EMPTY, to),
        Promotion::Forced => return sink.board_moves(from, to & !can, Bitboard::EMPTY, can),
        Promotion::Optional => {}
    }
    let must = if ALL {
        can & V::dead_squares(role, ctx.us)
    } else {
        can & promote_only::<V>(role, ctx.us)
    };
    sink.board_moves(from, to & !can, can & !must, must);
}

/// Generates the moves of the pawns (swallows) in `pawns` all at once: one step forward.
#[inline(always)]
pub fn pawn_moves<V: Variant, S: MoveSink, const ALL: bool>(
    ctx: &Ctx,
    pawns: Bitboard,
    sink: &mut S,
) {
    let pawns = pawns & sink.origins(V::PAWN);
    let pinned = pawns & ctx.pinned;
    // A pawn on its last rank (only a lenient setup puts one there) has no move: the shift
    // would carry it into the next file, so it is left out.
    let free = pawns & !ctx.pinned & !V::dead_squares(V::PAWN, ctx.us);
    // Forward is towards rank 1 (index - 1) for sente, towards the last rank for gote.
    let (to, delta) = match ctx.us {
        Color::Black => (Bitboard(free.0 >> 1), -1i8),
        Color::White => (Bitboard(free.0 << 1), 1i8),
    };
    let to = to & ctx.target;
    if to.any() {
        let zone = V::ZONE[ctx.us.index()];
        let can = to & zone;
        let must = if V::PROMOTION == Promotion::Forced || !ALL {
            can
        } else {
            can & V::dead_squares(V::PAWN, ctx.us)
        };
        sink.shifted_moves(delta, to & !can, can & !must, must);
    }
    if pinned.any() {
        piece_moves::<V, S, ALL>(ctx, V::PAWN, pinned, sink);
    }
}

impl<V: Variant> Position<V> {
    /// The legal moves of the kind asked for.
    #[inline]
    pub fn moves(&self, kind: MoveKind) -> MoveList {
        V::moves_of(self, kind)
    }

    /// The body of [`Position::moves`], which each variant compiles here (`moves_of`).
    #[inline]
    pub(crate) fn moves_inline(&self, kind: MoveKind) -> MoveList {
        let mut list = MoveList::new();
        self.generate(kind, &mut list);
        list
    }

    /// Every legal move (the rules' full set, as perft counts them).
    pub fn legal_moves(&self) -> MoveList {
        self.moves(MoveKind::AllLegal)
    }

    /// Generates the legal moves of the kind asked for into `sink`.
    pub fn generate<S: MoveSink>(&self, kind: MoveKind, sink: &mut S) {
        match kind {
            MoveKind::AllLegal => self.generate_into::<S, true>(Bitboard::FULL, true, sink),
            MoveKind::Legal => self.generate_into::<S, false>(Bitboard::FULL, true, sink),
            MoveKind::Captures => {
                let theirs = self.color_bb(!self.side);
                self.generate_into::<S, true>(theirs, false, sink)
            }
            MoveKind::Quiets => {
                let empty = !self.occupied();
                self.generate_into::<S, true>(empty, true, sink)
            }
            MoveKind::SearchCaptures => {
                let theirs = self.color_bb(!self.side);
                self.generate_into::<S, false>(theirs, false, sink)
            }
            MoveKind::SearchQuiets => {
                let empty = !self.occupied();
                self.generate_into::<S, false>(empty, true, sink)
            }
            MoveKind::Checks => {
                if let Some(mut filter) = crate::checks::CheckFilter::new(self, sink) {
                    let reach = filter.reach();
                    self.generate_into::<_, true>(reach, true, &mut filter);
                }
            }
            MoveKind::Evasions => {
                if self.in_check() {
                    self.generate_into::<S, true>(Bitboard::FULL, true, sink);
                }
            }
            MoveKind::SearchEvasions => {
                if self.in_check() {
                    self.generate_into::<S, false>(Bitboard::FULL, true, sink);
                }
            }
        }
    }

    /// The number of legal moves (all of them, as perft counts).
    #[inline]
    pub fn count_legal(&self) -> u64 {
        V::count_legal_of(self)
    }

    /// The body of [`Position::count_legal`], which each variant compiles here (`count_legal_of`).
    #[inline]
    pub(crate) fn count_legal_inline(&self) -> u64 {
        let mut counter = MoveCounter::new();
        self.generate_into::<MoveCounter, true>(Bitboard::FULL, true, &mut counter);
        counter.count
    }

    /// Whether the side to move has no legal move (mate when in check).
    pub fn has_no_moves(&self) -> bool {
        !self.can_take_the_checker() && self.count_legal() == 0
    }

    /// Whether the side to move, in check from one piece, can take it with a piece other
    /// than its king that is not pinned: a legal move, found without counting them all
    /// (not where pieces jump along lines or the royal is taken: there the count decides).
    fn can_take_the_checker(&self) -> bool {
        if V::LINE_JUMPERS || V::ROYAL_CAPTURE || self.checkers.more_than_one() {
            return false;
        }
        let (Some(checker), Some(ksq)) = (self.checkers.first(), self.kings[self.side.index()])
        else {
            return false;
        };
        let takers = V::attackers_to(self, checker, self.side, self.occupied()).without(ksq);
        (takers & !self.pinned).any()
    }

    /// Whether playing `m` (legal) checks the opponent.
    pub fn gives_check(&self, m: Move) -> bool {
        self.after(m).in_check()
    }

    /// The core generator: moves to squares in `mask`, drops too when `drops` is set.
    #[inline(always)]
    fn generate_into<S: MoveSink, const ALL: bool>(
        &self,
        mask: Bitboard,
        drops: bool,
        sink: &mut S,
    ) {
        let us = self.side;
        let them = !us;
        let occ = self.occupied();
        let ours = self.by_color[us.index()];
        let ksq = self.kings[us.index()];
        let free = V::BOARD & !ours & mask;
        if V::ROYAL_CAPTURE && self.is_decided() {
            return;
        }

        if let Some(ksq) = ksq.filter(|&k| sink.origins(Role::King).contains(k)) {
            // King moves: to squares no enemy piece attacks once the king has left.
            let mut ok = Bitboard::EMPTY;
            let without_king = occ.without(ksq);
            for to in step(Role::King, us, ksq) & free {
                if V::ROYAL_CAPTURE || V::attackers_to(self, to, them, without_king).is_empty() {
                    ok = ok.with(to);
                }
            }
            if ok.any() {
                sink.board_moves(ksq, ok, Bitboard::EMPTY, Bitboard::EMPTY);
            }
        }

        let checkers = self.checkers;
        if checkers.more_than_one() {
            return;
        }
        let (target, drop_target) = match (checkers.first(), ksq) {
            (Some(checker), Some(ksq)) => {
                let mut block = between(ksq, checker);
                if V::LINE_JUMPERS && block.any() {
                    // A jump is not stopped by a piece in between.
                    if let Some(piece) = self.board[checker.index()] {
                        if attacks(piece.role(), them, checker, occ | block).contains(ksq) {
                            block = Bitboard::EMPTY;
                        }
                    }
                }
                (free & (block | checkers), block & mask)
            }
            _ => (free, V::BOARD & !occ & mask),
        };
        let ctx = Ctx {
            us,
            occ,
            target,
            ksq,
            pinned: self.pinned,
        };
        V::piece_moves::<S, ALL>(self, &ctx, sink);
        if drops && drop_target.any() {
            self.drops(drop_target, sink);
        }
    }

    /// Drops on `target` (empty squares, interposing squares when in check).
    #[inline(always)]
    fn drops<S: MoveSink>(&self, target: Bitboard, sink: &mut S) {
        let us = self.side;
        let hand = &self.hands[us.index()];
        for &role in V::HAND_ROLES {
            if hand.count(role) == 0 {
                continue;
            }
            if V::PROMOTION == Promotion::Flip {
                if let Some(other) = V::promote(role) {
                    sink.drops(other, target & !V::dead_squares(other, us));
                }
            }
            let mut to = target & !V::dead_squares(role, us);
            if role == V::PAWN && V::PAWNS_PER_FILE > 0 {
                to &= !self.full_pawn_files(us);
            }
            if role == V::PAWN && V::NO_PAWN_DROP_MATE {
                // A pawn drop that mates is illegal (打ち歩詰め); only the square in front
                // of the enemy king can give check.
                if let Some(their_king) = self.kings[(!us).index()] {
                    let front = step(V::PAWN, !us, their_king) & to;
                    if let Some(sq) = front.first() {
                        if self.is_drop_pawn_mate(sq) {
                            to = to.without(sq);
                        }
                    }
                }
            }
            sink.drops(role, to);
        }
    }

    /// The squares of files where `color` may drop no more [`Variant::PAWN`]s.
    #[inline(always)]
    pub(crate) fn full_pawn_files(&self, color: Color) -> Bitboard {
        let pawns = self.pieces(color, V::PAWN);
        let mut full = Bitboard::EMPTY;
        if V::PAWNS_PER_FILE == 1 {
            for sq in pawns {
                full |= Bitboard::file(sq.file());
            }
        } else {
            for file in 1..=V::FILES {
                let f = Bitboard::file(file);
                if (pawns & f).count() >= V::PAWNS_PER_FILE {
                    full |= f;
                }
            }
        }
        full
    }

    /// Whether dropping a pawn (swallow) of the side to move on `sq`, in front of the
    /// enemy king, would mate: the opponent could neither take it nor move his king away.
    pub(crate) fn is_drop_pawn_mate(&self, sq: Square) -> bool {
        let us = self.side;
        let them = !us;
        let Some(ksq) = self.kings[them.index()] else {
            return false;
        };
        let occ = self.occupied().with(sq);
        // Captures by pieces other than the king that do not expose their king.
        let takers = V::attackers_to(self, sq, them, occ).without(ksq);
        if takers.any() {
            let pinned = self.blockers(ksq, them, occ);
            if (takers & !pinned).any() {
                return false;
            }
        }
        // King moves, taking the pawn included.
        let without_king = occ.without(ksq);
        for to in step(Role::King, them, ksq) & V::BOARD & !self.by_color[them.index()] {
            if V::attackers_to(self, to, us, without_king).is_empty() {
                return false;
            }
        }
        true
    }
}
