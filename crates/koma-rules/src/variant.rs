//! The `Variant` trait: everything that differs between shogi and its relatives.

use crate::movegen::{Ctx, MoveSink};
use crate::{Bitboard, Color, Position, Role, Setup, Square};
use core::fmt::Debug;
use core::hash::Hash;

/// A shogi variant, as a zero-sized type whose rules are associated constants, so that
/// generic code monomorphizes into a generator written for that variant alone.
pub trait Variant: Copy + Default + Debug + Eq + Hash + Send + Sync + 'static {
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
    /// Whether a piece that may promote must promote (Tori Shogi).
    const MANDATORY_PROMOTION: bool;
    /// The role limited per file and forbidden to mate by drop (pawn, swallow).
    const PAWN: Role;
    /// How many unpromoted [`Variant::PAWN`]s one player may have on a file.
    const PAWNS_PER_FILE: u32;
    /// Whether some piece jumps over a square in line with its target (Tori's pheasant and
    /// goose): then a check from two squares away cannot always be blocked.
    const LINE_JUMPERS: bool;
    /// Whether the rulebook forbids the move that makes a position occur for the third time
    /// (Tori Shogi); otherwise repetition ends the game at the fourth (sennichite).
    const THIRD_OCCURRENCE_FORBIDDEN: bool;
    /// The roles that can be held in hand, in SFEN order (R B G S N L P for shogi).
    const HAND_ROLES: &'static [Role];
    /// Every role that can stand on the board, the king first.
    const BOARD_ROLES: &'static [Role];

    /// The slot (below [`crate::position::ROLE_SLOTS`]) where a position keeps the
    /// bitboard of `role`; roles of other variants share an always-empty slot.
    fn slot(role: Role) -> usize;

    /// How many pieces of unpromoted `role` a full set holds (both players together).
    fn piece_total(role: Role) -> u8;

    /// The squares where an unpromoted `role` of `color` would have no move: it may not be
    /// dropped there and must promote on arriving there.
    fn dead_squares(role: Role, color: Color) -> Bitboard;

    /// The pieces of `by` that attack `sq` when the board holds `occ`.
    fn attackers_to(pos: &Position<Self>, sq: Square, by: Color, occ: Bitboard) -> Bitboard;

    /// The sliders of `by` that would attack `sq` on an empty board.
    fn snipers(pos: &Position<Self>, sq: Square, by: Color) -> Bitboard;

    /// Generates the non-king board moves of the side to move into `sink`.
    fn piece_moves<S: MoveSink, const ALL: bool>(pos: &Position<Self>, ctx: &Ctx, sink: &mut S);

    /// The start position of an even game.
    fn start() -> Setup;
}
