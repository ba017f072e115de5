//! Standard shogi (本将棋).

use crate::attacks::STEPS;
use crate::movegen::{Ctx, MoveSink, pawn_moves, piece_moves};
use crate::tables::{self, RAYS, S, relative};
use crate::variant::{Promotion, Repetition};
use crate::{Bitboard, Color, Position, Role, Setup, Square, Variant};

/// Standard shogi on 9x9.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Shogi;

const BOARD: Bitboard = Bitboard::FULL;

impl Shogi {
    /// The gold movers: gold and the promoted minor pieces.
    #[inline(always)]
    fn golds(pos: &Position<Shogi>) -> Bitboard {
        pos.role_bb(Role::Gold)
            | pos.role_bb(Role::Tokin)
            | pos.role_bb(Role::PromotedLance)
            | pos.role_bb(Role::PromotedKnight)
            | pos.role_bb(Role::PromotedSilver)
    }
}

crate::variant::on_the_nine_frame!(Shogi);

impl Variant for Shogi {
    crate::variant::compiled_here!();

    const KIND: crate::VariantKind = crate::VariantKind::Shogi;
    const FILES: u8 = 9;
    const RANKS: u8 = 9;
    const BOARD: Bitboard = BOARD;
    const ZONE: [Bitboard; 2] = [Bitboard::ranks(1, 3), Bitboard::ranks(7, 9)];
    const PROMOTION: Promotion = Promotion::Optional;
    const PAWN: Role = Role::Pawn;
    const PAWNS_PER_FILE: u32 = 1;
    const LINE_JUMPERS: bool = false;
    const REPETITION: Repetition = Repetition::Sennichite;
    const HAND_ROLES: &'static [Role] = &[
        Role::Rook,
        Role::Bishop,
        Role::Gold,
        Role::Silver,
        Role::Knight,
        Role::Lance,
        Role::Pawn,
    ];
    const BOARD_ROLES: &'static [Role] = &[
        Role::King,
        Role::Rook,
        Role::Bishop,
        Role::Gold,
        Role::Silver,
        Role::Knight,
        Role::Lance,
        Role::Pawn,
        Role::Dragon,
        Role::Horse,
        Role::PromotedSilver,
        Role::PromotedKnight,
        Role::PromotedLance,
        Role::Tokin,
    ];

    #[inline(always)]
    fn attackers_to(pos: &Position<Self>, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
        let opp = (!by).index();
        let i = sq.index();
        let theirs = pos.color_bb(by);
        let kings = pos.role_bb(Role::King) | pos.role_bb(Role::Horse) | pos.role_bb(Role::Dragon);
        let steps = |role: Role| STEPS[role.index()][opp][i];
        let mut result = (steps(Role::Pawn) & pos.role_bb(Role::Pawn))
            | (steps(Role::Knight) & pos.role_bb(Role::Knight))
            | (steps(Role::Silver) & pos.role_bb(Role::Silver))
            | (steps(Role::Gold) & Shogi::golds(pos))
            | (steps(Role::King) & kings);
        // Sliders only when one stands on a line through `sq` (most of the time none does).
        let rooks = (pos.role_bb(Role::Rook) | pos.role_bb(Role::Dragon)) & theirs;
        if (tables::ROOK_PSEUDO[i] & rooks).any() {
            result |= tables::rook_attacks(sq, occ) & rooks;
        }
        let bishops = (pos.role_bb(Role::Bishop) | pos.role_bb(Role::Horse)) & theirs;
        if (tables::BISHOP_PSEUDO[i] & bishops).any() {
            result |= tables::bishop_attacks(sq, occ) & bishops;
        }
        let lances = pos.role_bb(Role::Lance) & theirs;
        if (RAYS[relative(S, by)][i] & lances).any() {
            result |= tables::lance_attacks(!by, sq, occ) & lances;
        }
        result & theirs
    }

    #[inline(always)]
    fn snipers(pos: &Position<Self>, sq: Square, by: Color) -> Bitboard {
        let i = sq.index();
        let rooks = pos.role_bb(Role::Rook) | pos.role_bb(Role::Dragon);
        let bishops = pos.role_bb(Role::Bishop) | pos.role_bb(Role::Horse);
        // A lance of `by` aims at `sq` from behind it, as `by` sees the board.
        let lances = RAYS[relative(S, by)][i] & pos.role_bb(Role::Lance);
        ((tables::ROOK_PSEUDO[i] & rooks) | (tables::BISHOP_PSEUDO[i] & bishops) | lances)
            & pos.color_bb(by)
    }

    #[inline(always)]
    fn piece_moves<S: MoveSink, const ALL: bool>(pos: &Position<Self>, ctx: &Ctx, sink: &mut S) {
        let ours = pos.color_bb(ctx.us);
        let mine = |role: Role| pos.role_bb(role) & ours;
        pawn_moves::<Self, S, ALL>(ctx, mine(Role::Pawn), sink);
        piece_moves::<Self, S, ALL>(ctx, Role::Lance, mine(Role::Lance), sink);
        piece_moves::<Self, S, ALL>(ctx, Role::Knight, mine(Role::Knight), sink);
        piece_moves::<Self, S, ALL>(ctx, Role::Silver, mine(Role::Silver), sink);
        piece_moves::<Self, S, ALL>(ctx, Role::Gold, Shogi::golds(pos) & ours, sink);
        piece_moves::<Self, S, ALL>(ctx, Role::Bishop, mine(Role::Bishop), sink);
        piece_moves::<Self, S, ALL>(ctx, Role::Rook, mine(Role::Rook), sink);
        piece_moves::<Self, S, ALL>(ctx, Role::Horse, mine(Role::Horse), sink);
        piece_moves::<Self, S, ALL>(ctx, Role::Dragon, mine(Role::Dragon), sink);
    }

    const START: Setup = {
        let mut setup = Setup::empty();
        let back = [
            Role::Lance,
            Role::Knight,
            Role::Silver,
            Role::Gold,
            Role::King,
            Role::Gold,
            Role::Silver,
            Role::Knight,
            Role::Lance,
        ];
        let mut file = 1;
        while file <= 9 {
            setup.place_pair::<Self>(file, 9, back[file as usize - 1]);
            setup.place_pair::<Self>(file, 7, Role::Pawn);
            file += 1;
        }
        setup.place_pair::<Self>(8, 8, Role::Bishop);
        setup.place_pair::<Self>(2, 8, Role::Rook);
        setup
    };
}
