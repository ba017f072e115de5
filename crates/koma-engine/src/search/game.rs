//! What the search asks of a game: its moves in the stages the search hands them out, what
//! a move takes and whether it checks, the game's evaluation and the endings its rules
//! decide before any move. The search is written once against [`Searched`]; every 9x9
//! variant answers from its generator and its evaluation (learned or hand-written), Chu
//! from its own (`crate::chu`).

use koma_nnue::features::Change;
use koma_nnue::network::{Accumulator, Network};
use koma_rules::{Color, Move, MoveKind, MoveList, Position, Repetition, Rules};

/// A move as the search's tables keep it: 32 bits at most, none of them all zero.
pub trait SearchMove: Copy + Eq + core::fmt::Debug + Send + Sync + 'static {
    /// The move's encoding.
    fn bits(self) -> u32;
    /// The move of an encoding, if it is one.
    fn from_bits(bits: u32) -> Option<Self>;
    /// Whether some moves need more than 16 bits (the table then keeps the upper half
    /// beside the key).
    const WIDE: bool;
}

impl SearchMove for Move {
    #[inline(always)]
    fn bits(self) -> u32 {
        u32::from(Move::bits(self))
    }

    #[inline(always)]
    fn from_bits(bits: u32) -> Option<Move> {
        u16::try_from(bits).ok().and_then(Move::from_bits)
    }

    const WIDE: bool = false;
}

impl SearchMove for koma_rules::chu::ChuMove {
    #[inline(always)]
    fn bits(self) -> u32 {
        koma_rules::chu::ChuMove::bits(self)
    }

    #[inline(always)]
    fn from_bits(bits: u32) -> Option<Self> {
        koma_rules::chu::ChuMove::from_bits(bits)
    }

    const WIDE: bool = true;
}

/// A list of moves a node's generation fills.
pub trait MoveBuf<M>: Default + core::ops::Deref<Target = [M]> + Send {
    /// Empties the list.
    fn clear(&mut self);
    /// Adds `m`.
    fn push(&mut self, m: M);
}

impl MoveBuf<Move> for MoveList {
    #[inline(always)]
    fn clear(&mut self) {
        MoveList::clear(self);
    }

    #[inline(always)]
    fn push(&mut self, m: Move) {
        MoveList::push(self, m);
    }
}

impl<M: Send> MoveBuf<M> for Vec<M> {
    #[inline(always)]
    fn clear(&mut self) {
        Vec::clear(self);
    }

    #[inline(always)]
    fn push(&mut self, m: M) {
        Vec::push(self, m);
    }
}

/// A game the search plays: the family's [`Rules`] and what searching it needs beyond them.
pub trait Searched: Rules<Move: SearchMove> {
    /// The list a node's moves are generated into.
    type List: MoveBuf<Self::Move>;
    /// What telling whether a move checks needs, made once per node.
    type Checks<'a>;
    /// The most moves a position can have, as generated for the search.
    const MOVES: usize;
    /// How many origins ([`Searched::origin`]) and destinations the history tables have.
    const ORIGINS: usize;
    /// How many destinations ([`Searched::target`]) there are.
    const TARGETS: usize;
    /// Whether [`Searched::gives_check`] is exact (else it sees direct checks alone).
    const EXACT_CHECKS: bool;
    /// Whether the learned evaluation may evaluate this game (shogi only).
    const LEARNED: bool;
    /// What repeating a position does, unless the game's rule set says otherwise.
    const REPETITION: Repetition;

    /// Plays the legal move `m` on `pos`.
    fn play(pos: &mut Position<Self>, m: Self::Move);
    /// Passes (the null move); the side to move is not in check.
    fn play_null(pos: &mut Position<Self>);
    /// Generates the moves of `kind` into `out`.
    fn generate(pos: &Position<Self>, kind: MoveKind, out: &mut Self::List);
    /// The index of `m`'s origin in the history tables (a square or a dropped role).
    fn origin(m: Self::Move) -> usize;
    /// The index of `m`'s destination.
    fn target(m: Self::Move) -> usize;
    /// Whether `m` takes something.
    fn is_capture(pos: &Position<Self>, m: Self::Move) -> bool;
    /// The worth of what `m` takes (0 when nothing).
    fn gain(pos: &Position<Self>, m: Self::Move) -> i32;
    /// The worth of the piece `m` moves (0 for a drop).
    fn mover(pos: &Position<Self>, m: Self::Move) -> i32;
    /// Whether `m` promotes, as the search counts it (a choice the player made).
    fn promotes(m: Self::Move) -> bool;
    /// The material `m` wins once the exchange on its square is over.
    fn see(pos: &Position<Self>, m: Self::Move) -> i32;
    /// What [`Searched::gives_check`] needs at `pos`; `None` when nothing can check (the
    /// royal piece is an ordinary one).
    fn checks(pos: &Position<Self>) -> Option<Self::Checks<'_>>;
    /// Whether `m` checks, told without playing it.
    fn gives_check(pos: &Position<Self>, checks: &Self::Checks<'_>, m: Self::Move) -> bool;
    /// A mate in one of `pos`, when the game has mates and one is found.
    fn mate_in_one(pos: &Position<Self>) -> Option<Self::Move>;
    /// How the rules decided `pos` before any move: `Some(winner)` (`None`: drawn).
    fn decided(pos: &Position<Self>) -> Option<Option<Color>>;
    /// The evaluation's board terms of `pos`, kept move by move.
    fn board_terms(pos: &Position<Self>) -> i32;
    /// What `m` changes in the board terms, when told without the position after it.
    fn board_delta(pos: &Position<Self>, m: Self::Move) -> Option<i32>;
    /// The evaluation of `pos` for the side to move, its board terms being `board`.
    fn evaluate_from(pos: &Position<Self>, board: i32) -> i32;
    /// Two hashes of `pos` whose positions share an evaluation error (the correction
    /// history's tables): its pawns, its hands.
    fn correction_keys(pos: &Position<Self>) -> [u64; 2];
    /// The learned evaluation's accumulator of `pos`.
    fn refresh(net: &Network, pos: &Position<Self>, acc: &mut Accumulator);
    /// The learned evaluation's features `m` changes in `pos`, when told without playing.
    fn changes(pos: &Position<Self>, m: Self::Move) -> Option<[Change; 2]>;
}

/// The [`Searched`] impl of each 9x9 variant, from its generator and its evaluation.
macro_rules! on_the_nine_frame {
    ($d:tt $($kind:ident => $ty:ident),*) => {$(
        impl Searched for koma_rules::variants::$ty {
            type List = MoveList;
            type Checks<'a> = koma_rules::CheckSquares<'a, Self>;
            const MOVES: usize = MoveList::CAPACITY;
            const ORIGINS: usize = 81 + koma_rules::Role::COUNT;
            const TARGETS: usize = 81;
            const EXACT_CHECKS: bool = true;
            const LEARNED: bool =
                matches!(koma_rules::VariantKind::$kind, koma_rules::VariantKind::Shogi);
            const REPETITION: Repetition = <Self as koma_rules::Variant>::REPETITION;

            #[inline(always)]
            fn play(pos: &mut Position<Self>, m: Move) {
                pos.play_unchecked(m);
            }

            #[inline(always)]
            fn play_null(pos: &mut Position<Self>) {
                pos.play_null();
            }

            #[inline(always)]
            fn generate(pos: &Position<Self>, kind: MoveKind, out: &mut MoveList) {
                pos.generate(kind, out);
            }

            #[inline(always)]
            fn origin(m: Move) -> usize {
                nine::origin(m)
            }

            #[inline(always)]
            fn target(m: Move) -> usize {
                m.to().index()
            }

            #[inline(always)]
            fn is_capture(pos: &Position<Self>, m: Move) -> bool {
                m.from().is_some() && pos.piece_at(m.to()).is_some()
            }

            #[inline(always)]
            fn gain(pos: &Position<Self>, m: Move) -> i32 {
                nine::gain(pos, m)
            }

            #[inline(always)]
            fn mover(pos: &Position<Self>, m: Move) -> i32 {
                nine::mover(pos, m)
            }

            #[inline(always)]
            fn promotes(m: Move) -> bool {
                nine::promotes::<Self>(m)
            }

            #[inline(always)]
            fn see(pos: &Position<Self>, m: Move) -> i32 {
                super::see::see(pos, m)
            }

            #[inline(always)]
            fn checks(pos: &Position<Self>) -> Option<koma_rules::CheckSquares<'_, Self>> {
                nine::checks(pos)
            }

            #[inline(always)]
            fn gives_check(
                _: &Position<Self>,
                c: &koma_rules::CheckSquares<'_, Self>,
                m: Move,
            ) -> bool {
                c.gives_check(m)
            }

            #[inline(always)]
            fn mate_in_one(pos: &Position<Self>) -> Option<Move> {
                nine::mate_in_one(pos)
            }

            #[inline(always)]
            fn decided(pos: &Position<Self>) -> Option<Option<Color>> {
                nine::decided(pos)
            }

            #[inline(always)]
            fn board_terms(pos: &Position<Self>) -> i32 {
                crate::eval::board_terms(pos, crate::eval::params::<Self>())
            }

            #[inline(always)]
            fn board_delta(pos: &Position<Self>, m: Move) -> Option<i32> {
                crate::eval::board_delta(pos, m, crate::eval::params::<Self>())
            }

            #[inline(always)]
            fn evaluate_from(pos: &Position<Self>, board: i32) -> i32 {
                crate::eval::evaluate_from(pos, board, crate::eval::params::<Self>())
            }

            #[inline(always)]
            fn correction_keys(pos: &Position<Self>) -> [u64; 2] {
                nine::correction_keys(pos)
            }

            #[inline(always)]
            fn refresh(net: &Network, pos: &Position<Self>, acc: &mut Accumulator) {
                net.refresh(pos, acc);
            }

            #[inline(always)]
            fn changes(pos: &Position<Self>, m: Move) -> Option<[Change; 2]> {
                koma_nnue::features::changes(pos, m)
            }
        }
    )*};
}

koma_rules::with_variants!(on_the_nine_frame);

/// The 9x9 variants' answers, written once for all of them.
mod nine {
    use koma_rules::{Color, Move, Position, Promotion, Role, Variant};

    /// A move's origin: the square, or 81 + the dropped role.
    #[inline(always)]
    pub fn origin(m: Move) -> usize {
        match (m.from(), m.drop_role()) {
            (Some(from), _) => from.index(),
            (None, Some(role)) => 81 + role.index(),
            (None, None) => 0,
        }
    }

    #[inline(always)]
    fn value<V: Variant>(role: Role) -> i32 {
        crate::eval::params::<V>().piece[role.index()]
    }

    #[inline(always)]
    pub fn gain<V: Variant>(pos: &Position<V>, m: Move) -> i32 {
        pos.piece_at(m.to()).map_or(0, |p| value::<V>(p.role()))
    }

    #[inline(always)]
    pub fn mover<V: Variant>(pos: &Position<V>, m: Move) -> i32 {
        m.from()
            .and_then(|f| pos.piece_at(f))
            .map_or(0, |p| value::<V>(p.role()))
    }

    /// A change of the piece the player chose; not in Kyoto shogi, where every move turns
    /// its piece over.
    #[inline(always)]
    pub fn promotes<V: Variant>(m: Move) -> bool {
        V::PROMOTION != Promotion::Flip && m.is_promotion()
    }

    #[inline(always)]
    pub fn checks<V: Variant>(pos: &Position<V>) -> Option<koma_rules::CheckSquares<'_, V>> {
        if V::ROYAL_CAPTURE {
            None
        } else {
            koma_rules::CheckSquares::new(pos)
        }
    }

    #[inline(always)]
    pub fn mate_in_one<V: Variant>(pos: &Position<V>) -> Option<Move> {
        if V::ROYAL_CAPTURE {
            None
        } else {
            crate::search::mate1::mate_in_one(pos)
        }
    }

    /// Dōbutsu's lion taken or try; nothing in the other variants.
    #[inline(always)]
    pub fn decided<V: Variant>(pos: &Position<V>) -> Option<Option<Color>> {
        if V::ROYAL_CAPTURE { pos.winner() } else { None }
    }

    /// Both sides' pawns, and the hands (the key less the board's).
    #[inline(always)]
    pub fn correction_keys<V: Variant>(pos: &Position<V>) -> [u64; 2] {
        let black = pos.pieces(Color::Black, Role::Pawn).0;
        let white = pos.pieces(Color::White, Role::Pawn).0;
        let mixed =
            (black ^ white.rotate_left(64)).wrapping_mul(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835);
        let hands = (pos.key() ^ pos.board_key()).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        [(mixed >> 64) as u64, hands]
    }
}
