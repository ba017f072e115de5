//! Minishogi (5五将棋): shogi's pieces less the lance and knight on 5x5.
//!
//! Rules as lishogi, Fairy-Stockfish and 81Dojo play them (`../shared/reference/variants.md`):
//! the promotion zone is the far rank, promotion is optional except for a pawn reaching the
//! last rank, drops as in shogi (nifu, no pawn-drop mate), the fourth repetition loses for
//! sente.

use crate::variant::{Promotion, Repetition};
use crate::{Bitboard, Role, Setup, Variant};

/// Minishogi on 5x5.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Minishogi;

const BOARD: Bitboard = Bitboard::board(5, 5);

crate::variant::on_the_nine_frame!(Minishogi);

impl Variant for Minishogi {
    crate::variant::compiled_here!();

    const KIND: crate::VariantKind = crate::VariantKind::Minishogi;
    const FILES: u8 = 5;
    const RANKS: u8 = 5;
    const BOARD: Bitboard = BOARD;
    const ZONE: [Bitboard; 2] = [BOARD.and(Bitboard::rank(1)), BOARD.and(Bitboard::rank(5))];
    const PROMOTION: Promotion = Promotion::Optional;
    const PAWN: Role = Role::Pawn;
    const PAWNS_PER_FILE: u32 = 1;
    const LINE_JUMPERS: bool = false;
    const REPETITION: Repetition = Repetition::FourthSenteLoses;
    const HAND_ROLES: &'static [Role] = &[
        Role::Rook,
        Role::Bishop,
        Role::Gold,
        Role::Silver,
        Role::Pawn,
    ];
    const BOARD_ROLES: &'static [Role] = &[
        Role::King,
        Role::Rook,
        Role::Bishop,
        Role::Gold,
        Role::Silver,
        Role::Pawn,
        Role::Dragon,
        Role::Horse,
        Role::PromotedSilver,
        Role::Tokin,
    ];

    const START: Setup = {
        let mut setup = Setup::empty();
        let back = [
            Role::King,
            Role::Gold,
            Role::Silver,
            Role::Bishop,
            Role::Rook,
        ];
        let mut i = 0;
        while i < back.len() {
            setup.place_pair::<Self>(5 - i as u8, 5, back[i]);
            i += 1;
        }
        setup.place_pair::<Self>(5, 4, Role::Pawn);
        setup
    };
}
