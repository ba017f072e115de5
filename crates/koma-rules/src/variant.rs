//! The `Variant` trait: everything that differs between shogi and its relatives.

use crate::movegen::{Ctx, MoveSink, piece_moves};
use crate::pieces::{Face, info_of};
use crate::{
    Bitboard, Color, IllegalMove, Move, MoveKind, MoveList, Position, Role, Setup, Square, attacks,
};
use core::fmt::Debug;
use core::hash::Hash;

/// The [`Variant`] methods that are compiled once, here, for each variant; every variant's
/// impl invokes it. A generic function is compiled again by every crate that calls it (at
/// that crate's optimisation), and the move generator, inlined throughout, was most of what
/// the crates above the rules compiled: calling these, they call this crate's code.
macro_rules! compiled_here {
    () => {
        fn moves_of(pos: &crate::Position<Self>, kind: crate::MoveKind) -> crate::MoveList {
            pos.moves_inline(kind)
        }

        fn count_legal_of(pos: &crate::Position<Self>) -> u64 {
            pos.count_legal_inline()
        }

        fn is_legal_of(
            pos: &crate::Position<Self>,
            m: crate::Move,
        ) -> Result<(), crate::IllegalMove> {
            pos.is_legal_inline(m)
        }
    };
}
pub(crate) use compiled_here;

/// The [`Family`] impl of a 9x9 variant, the same for each: the 9x9 frame, no further state,
/// a bitboard per role.
macro_rules! on_the_nine_frame {
    ($variant:ty) => {
        impl crate::Family for $variant {
            type Frame = crate::frame::Nine;
            type State = ();
            type RoleBoards = [crate::Bitboard; crate::position::ROLE_SLOTS];
        }
    };
}
pub(crate) use on_the_nine_frame;

/// A game of the shogi family, as a zero-sized type: what every member has, whatever its
/// board. A [`Position`] is built on its [`Frame`](crate::frame::Frame).
pub trait Family: Copy + Default + Debug + Eq + Hash + Send + Sync + 'static {
    /// The board frame its positions are stored in.
    type Frame: crate::frame::Frame;
    /// What a position keeps beyond board, hands, side to move and move number: nothing in
    /// the 9x9 variants; in Chu, the square of a lion a non-lion has just taken.
    type State: Copy + Eq + Hash + Debug + Default + Send + Sync + 'static;
    /// The bitboards of pieces by role a position keeps, one per slot: as many as the game
    /// looks up (every role in the 9x9 variants; in Chu, lions and royals).
    type RoleBoards: Copy
        + Default
        + Send
        + Sync
        + AsRef<[<Self::Frame as crate::frame::Frame>::Bitboard]>
        + AsMut<[<Self::Frame as crate::frame::Frame>::Bitboard]>;
}

/// What code written once for every member of the family (perft, the game) asks of a
/// position: its legal moves, playing and taking back a move, and how the rules alone end a
/// game. Every 9x9 variant has it through [`Variant`]; Chu has its own.
pub trait Rules: Family {
    /// The game, as the layers that offer a choice name it.
    const GAME: crate::GameKind;
    /// A move: 16 bits in the 9x9 frame ([`Move`]), 32 in Chu (with a lion's middle
    /// square).
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// An unvalidated position, as notation reads and writes it.
    type Setup: Clone + Debug + Send + Sync + 'static;
    /// The legal moves of a position, as the member lists them.
    type Moves: core::ops::Deref<Target = [Self::Move]>;
    /// What taking back a move needs ([`Rules::unplay`]).
    type Undo: Copy + Debug + Send + Sync + 'static;
    /// Why a setup is not a position of this game.
    type SetupError: core::error::Error + Clone + Send + Sync + 'static;
    /// The start position of the even game.
    fn startpos() -> Position<Self>;
    /// `setup` as a position, if it is a legal one of this game.
    fn from_setup(setup: &Self::Setup) -> Result<Position<Self>, Self::SetupError>;
    /// `pos` as an unvalidated setup.
    fn to_setup(pos: &Position<Self>) -> Self::Setup;
    /// Every legal move of `pos`.
    fn legal_moves(pos: &Position<Self>) -> Self::Moves;
    /// How many legal moves `pos` has (perft's last ply).
    fn count_legal(pos: &Position<Self>) -> u64 {
        Self::legal_moves(pos).len() as u64
    }
    /// Whether the side to move of `pos` has no legal move.
    fn has_no_moves(pos: &Position<Self>) -> bool {
        Self::legal_moves(pos).is_empty()
    }
    /// Whether `m` is legal in `pos`; if not, the first rule it breaks.
    fn is_legal(pos: &Position<Self>, m: Self::Move) -> Result<(), IllegalMove>;
    /// The position after the legal move `m`.
    fn after(pos: &Position<Self>, m: Self::Move) -> Position<Self>;
    /// Plays the legal move `m` on `pos`; what taking it back needs.
    fn play_undoable(pos: &mut Position<Self>, m: Self::Move) -> Self::Undo;
    /// Takes back `m`, the move last played on `pos` (which gave `undo`).
    fn unplay(pos: &mut Position<Self>, m: Self::Move, undo: Self::Undo);
    /// Whether the side to move of `pos` is in check.
    fn in_check(pos: &Position<Self>) -> bool;
    /// Whether `m`, just played and leading to `after`, presses the opponent as the
    /// repetition rules count it: a check; in Chu also the moved piece attacking an enemy
    /// piece (lishogi's perpetual attack).
    fn presses(after: &Position<Self>, m: Self::Move) -> bool;
    /// How the rules alone have ended the game at `pos`, before a mate, a repetition or
    /// the game's own limits: a royal taken, a try (Dōbutsu), Chu's endings. `None` while
    /// the game goes on.
    fn ended(pos: &Position<Self>) -> Option<crate::Ended>;
    /// Whether `mover`'s king stands where the try rule wins: the opponent king's start
    /// square (never in Chu).
    fn made_try(pos: &Position<Self>, mover: Color) -> bool;
    /// Whether perft counts nothing below `pos`: in Chu where the game is over, as lishogi
    /// counts; never in the 9x9 variants, where perft counts every legal move as the
    /// independent programs do (a mated side has none).
    fn perft_stops(_pos: &Position<Self>) -> bool {
        false
    }
}

impl<V: Variant> Rules for V {
    const GAME: crate::GameKind = crate::GameKind::Family(V::KIND);
    type Move = Move;
    type Setup = Setup;
    type Moves = MoveList;
    type Undo = crate::Undo;
    type SetupError = crate::SetupError;

    #[inline]
    fn startpos() -> Position<V> {
        Position::<V>::startpos()
    }

    fn from_setup(setup: &Setup) -> Result<Position<V>, crate::SetupError> {
        Position::<V>::from_setup(setup)
    }

    fn to_setup(pos: &Position<V>) -> Setup {
        pos.to_setup()
    }

    #[inline]
    fn legal_moves(pos: &Position<V>) -> MoveList {
        pos.legal_moves()
    }

    #[inline]
    fn count_legal(pos: &Position<V>) -> u64 {
        pos.count_legal()
    }

    #[inline]
    fn has_no_moves(pos: &Position<V>) -> bool {
        pos.has_no_moves()
    }

    #[inline]
    fn is_legal(pos: &Position<V>, m: Move) -> Result<(), IllegalMove> {
        pos.is_legal(m)
    }

    #[inline]
    fn after(pos: &Position<V>, m: Move) -> Position<V> {
        pos.after(m)
    }

    #[inline]
    fn play_undoable(pos: &mut Position<V>, m: Move) -> crate::Undo {
        pos.play_undoable(m)
    }

    #[inline]
    fn unplay(pos: &mut Position<V>, m: Move, undo: crate::Undo) {
        pos.unplay(m, undo);
    }

    #[inline]
    fn in_check(pos: &Position<V>) -> bool {
        pos.in_check()
    }

    #[inline]
    fn presses(after: &Position<V>, _m: Move) -> bool {
        after.in_check()
    }

    fn ended(pos: &Position<V>) -> Option<crate::Ended> {
        let winner = pos.winner()?;
        let lion_taken = Color::ALL.into_iter().any(|c| pos.king(c).is_none());
        let ending = if lion_taken {
            crate::Ending::RoyalsLost
        } else {
            crate::Ending::Try
        };
        Some(crate::Ended { ending, winner })
    }

    fn made_try(pos: &Position<V>, mover: Color) -> bool {
        // The opponent king's square in the even start.
        let setup = V::start();
        let king = Some(crate::Piece::new(!mover, Role::King));
        let target = Square::all().find(|&sq| setup.get(sq) == king);
        target.is_some() && pos.king(mover) == target
    }
}

/// A shogi variant of the 9x9 frame, as a zero-sized type whose rules are associated
/// constants, so that generic code monomorphizes into a generator written for that
/// variant alone.
pub trait Variant: Family<Frame = crate::frame::Nine> {
    /// The variant as a run-time value: every typed variant is one of [`crate::VariantKind`],
    /// so code that leaves the types never has to guess.
    const KIND: crate::VariantKind;
    /// The variant's name as used on the command line and in `USI_Variant` (`shogi`, `tori`),
    /// the kind's.
    const NAME: &'static str = Self::KIND.name();
    /// Number of files.
    const FILES: u8;
    /// Number of ranks.
    const RANKS: u8;
    /// The squares of the board within the 9x9 frame.
    const BOARD: Bitboard;
    /// The promotion zone of each colour (the opponent's camp).
    const ZONE: [Bitboard; 2];
    /// How pieces promote.
    const PROMOTION: Promotion;
    /// The role limited per file and forbidden to mate by drop (pawn, swallow, chick).
    const PAWN: Role;
    /// How many unpromoted [`Variant::PAWN`]s one player may have on a file; 0: no limit.
    const PAWNS_PER_FILE: u32;
    /// Whether a [`Variant::PAWN`] drop may not give mate (打ち歩詰め).
    const NO_PAWN_DROP_MATE: bool = true;
    /// Whether the royal piece ([`Role::King`], Dōbutsu's lion) is an ordinary piece that
    /// may step into attack and be captured, capturing it winning the game (Dōbutsu); else
    /// it may never be left in check and the game is won by mate.
    const ROYAL_CAPTURE: bool = false;
    /// Whether a royal piece standing unattacked on the far rank wins (Dōbutsu's try),
    /// judged for both sides at the start of every position.
    const TRY: bool = false;
    /// What repeating a position does, unless a rule set chosen for the game says otherwise.
    const REPETITION: Repetition;
    /// How this variant writes and calls pieces where it differs from the piece table
    /// ([`crate::pieces::ROLES`]): Tori's phoenix, Dōbutsu's animals, Kyoto's letters.
    const FACES: &'static [(Role, Face)] = &[];
    /// Whether some piece jumps over a square in line with its target (Tori's pheasant and
    /// goose): then a check from two squares away cannot always be blocked.
    const LINE_JUMPERS: bool;
    /// The roles that can be held in hand, in SFEN order (R B G S N L P for shogi).
    const HAND_ROLES: &'static [Role];
    /// Every role that can stand on the board, the king first.
    const BOARD_ROLES: &'static [Role];

    /// [`Position::moves`] for this variant, compiled once in this crate: every variant's
    /// impl says `compiled_here!()`.
    fn moves_of(pos: &Position<Self>, kind: MoveKind) -> MoveList;
    /// [`Position::count_legal`] for this variant, compiled once in this crate.
    fn count_legal_of(pos: &Position<Self>) -> u64;
    /// [`Position::is_legal`] for this variant, compiled once in this crate.
    fn is_legal_of(pos: &Position<Self>, m: Move) -> Result<(), IllegalMove>;

    /// What `role` turns into when it promotes (or, in Kyoto, turns over), if it can.
    #[inline(always)]
    fn promote(role: Role) -> Option<Role> {
        role.promoted()
    }

    /// What a piece of `role` is once it has moved: turned over when `promotes` and it
    /// can, itself otherwise.
    #[inline(always)]
    fn arriving(role: Role, promotes: bool) -> Role {
        match (promotes, Self::promote(role)) {
            (true, Some(promoted)) => promoted,
            _ => role,
        }
    }

    /// What a promoted `role` was before it promoted (or turned over); itself otherwise.
    #[inline(always)]
    fn demote(role: Role) -> Role {
        role.unpromoted()
    }

    /// The role a captured `role` goes to the hand as.
    #[inline(always)]
    fn hand_role(role: Role) -> Role {
        role.unpromoted()
    }

    /// How `role` is written and called in this variant.
    fn face(role: Role) -> &'static Face {
        match Self::FACES.iter().find(|(r, _)| *r == role) {
            Some((_, face)) => face,
            None => &info_of(role).face,
        }
    }

    /// Where a position keeps each role's bitboard: its place in
    /// [`Variant::BOARD_ROLES`]; roles of other variants share the last, always-empty slot.
    const SLOTS: [u8; Role::COUNT] = {
        assert!(Self::BOARD_ROLES.len() < crate::position::ROLE_SLOTS);
        let mut slots = [(crate::position::ROLE_SLOTS - 1) as u8; Role::COUNT];
        let mut i = 0;
        while i < Self::BOARD_ROLES.len() {
            slots[Self::BOARD_ROLES[i] as usize] = i as u8;
            i += 1;
        }
        slots
    };

    /// Whether every role on the board has an index below the last slot, so that a role's
    /// slot can be its index (no table to read: shogi's perft is 5% faster so).
    const SLOT_IS_INDEX: bool = {
        let mut fits = true;
        let mut i = 0;
        while i < Self::BOARD_ROLES.len() {
            fits &= (Self::BOARD_ROLES[i] as usize) < crate::position::ROLE_SLOTS - 1;
            i += 1;
        }
        fits
    };

    /// The slot (below [`crate::position::ROLE_SLOTS`]) where a position keeps the
    /// bitboard of `role`: its index where [`Variant::SLOT_IS_INDEX`], else
    /// [`Variant::SLOTS`]; roles of other variants share the last, always-empty slot.
    #[inline(always)]
    fn slot(role: Role) -> usize {
        let last = crate::position::ROLE_SLOTS - 1;
        if Self::SLOT_IS_INDEX {
            role.index().min(last)
        } else {
            Self::SLOTS[role.index()] as usize
        }
    }

    /// How many pieces of `role`'s kind (its hand face) a full set holds, both players
    /// together: as many as the start position has.
    fn piece_total(role: Role) -> u8 {
        let kind = Self::hand_role(role);
        let start = Self::start();
        let n = start
            .board
            .iter()
            .flatten()
            .filter(|p| Self::hand_role(p.role()) == kind)
            .count();
        n as u8
    }

    /// Whether a piece may stand where it has no move (dropped there, or arriving there
    /// unpromoted): Kyoto's pieces turn over on every move and Dōbutsu's chick may be
    /// dropped on the last rank; in shogi such a piece would be dead (行き所のない駒).
    const DEAD_PIECES_ALLOWED: bool = false;

    /// For every role and colour, the squares where the piece would have no move, from the
    /// piece table's legs (none where [`Variant::DEAD_PIECES_ALLOWED`]).
    const DEAD_SQUARES: [[Bitboard; 2]; Role::COUNT] = if Self::DEAD_PIECES_ALLOWED {
        [[Bitboard::EMPTY; 2]; Role::COUNT]
    } else {
        crate::pieces::dead_squares(Self::FILES, Self::RANKS)
    };

    /// The squares where an unpromoted `role` of `color` would have no move: it may not be
    /// dropped there and must promote on arriving there.
    #[inline(always)]
    fn dead_squares(role: Role, color: Color) -> Bitboard {
        Self::DEAD_SQUARES[role.index()][color.index()]
    }

    /// The pieces of `by` that attack `sq` when the board holds `occ`.
    ///
    /// By default every role in turn: every pattern of one colour is the other's turned
    /// around, so the pieces of `by` attacking `sq` are those a piece of the other colour
    /// on `sq` would attack.
    #[inline]
    fn attackers_to(pos: &Position<Self>, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
        let mut result = Bitboard::EMPTY;
        for &role in Self::BOARD_ROLES {
            let pieces = pos.pieces(by, role);
            if pieces.any() {
                result |= attacks(role, !by, sq, occ) & pieces;
            }
        }
        result
    }

    /// The sliders of `by` that would attack `sq` on an empty board.
    #[inline]
    fn snipers(pos: &Position<Self>, sq: Square, by: Color) -> Bitboard {
        let mut result = Bitboard::EMPTY;
        for &role in Self::BOARD_ROLES {
            if crate::attacks::is_slider(role) {
                let pieces = pos.pieces(by, role);
                if pieces.any() {
                    result |= attacks(role, !by, sq, Bitboard::EMPTY) & pieces;
                }
            }
        }
        result
    }

    /// Generates the non-king board moves of the side to move into `sink`: by default
    /// every role but the king in turn.
    #[inline(always)]
    fn piece_moves<S: MoveSink, const ALL: bool>(pos: &Position<Self>, ctx: &Ctx, sink: &mut S) {
        for &role in &Self::BOARD_ROLES[1..] {
            piece_moves::<Self, S, ALL>(ctx, role, pos.pieces(ctx.us, role), sink);
        }
    }

    /// The start position of an even game, as data (the piece totals derive from it).
    const START: Setup;

    /// The start position of an even game.
    fn start() -> Setup {
        Self::START
    }
}

/// How the pieces of a variant promote.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Promotion {
    /// A piece moving into, within or out of the zone may promote; it must where it could
    /// not move again (shogi, minishogi).
    Optional,
    /// A piece that may promote must (Tori Shogi; Dōbutsu's chick on the last rank).
    Forced,
    /// Every move of a piece turns it over, anywhere on the board, and a piece in hand may
    /// be dropped either face up (Kyoto shogi).
    Flip,
}

/// What repeating a position does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Repetition {
    /// Shogi's sennichite (千日手): the fourth occurrence of a position is a draw, unless one
    /// player gave check with every one of his moves since its first occurrence: he loses.
    Sennichite,
    /// Tori Shogi's rulebook: a move that would make a position occur for the third time is
    /// not allowed, and perpetual check loses for the checking player.
    ToriThird,
    /// The convention of Fairy-Stockfish and the sites built on it: the fourth occurrence
    /// loses for the player who completes it, and perpetual check for the checking player.
    FourthLoses,
    /// Minishogi as lishogi and Fairy-Stockfish play it: the fourth occurrence loses for
    /// sente, and perpetual check for the checking player.
    FourthSenteLoses,
    /// lishogi's Kyoto and Dōbutsu: the third occurrence is a draw, checks or not.
    ThirdDraws,
    /// Chu shogi as lishogi plays it: the fourth occurrence is a draw, unless one player
    /// pressed with every one of his moves since its first occurrence (a check, or the
    /// moved piece attacking an enemy piece) and the other did not: he loses.
    AttackerLoses,
}
