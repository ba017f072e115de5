//! Kyoto shogi (京都将棋): 5x5, every piece but the king turns over after every move.
//!
//! Rules as lishogi plays them (`../shared/reference/variants.md`, scalashogi's
//! `Kyotoshogi`): the faces are tokin/lance, silver/bishop, gold/knight and pawn/rook; a
//! move of any other piece than the king turns it over, captures included, anywhere; a
//! captured piece goes to the hand by its front face (tokin, gold, silver, pawn) and may be
//! dropped either face up on any empty square; no two-pawn rule, no pawn-drop-mate rule,
//! pieces that cannot move may be dropped; the third repetition is a draw.

use crate::pieces::{Face, info_of};
use crate::variant::{Promotion, Repetition};
use crate::{Bitboard, Role, Setup, Variant};

/// Kyoto shogi on 5x5.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Kyoto;

const BOARD: Bitboard = Bitboard::board(5, 5);

/// The two faces of each piece, the front (hand) face first.
const FACES: [(Role, Role); 4] = [
    (Role::Tokin, Role::Lance),
    (Role::Silver, Role::Bishop),
    (Role::Gold, Role::Knight),
    (Role::Pawn, Role::Rook),
];

/// A face with Fairy-Stockfish's letters (it writes the back faces, and the tokin, as
/// promotions of its pawn, silver, knight and lance).
const fn fsf(role: Role, letters: &'static str) -> (Role, Face) {
    (
        role,
        Face {
            fsf: letters,
            ..info_of(role).face
        },
    )
}

crate::variant::on_the_nine_frame!(Kyoto);

impl Variant for Kyoto {
    crate::variant::compiled_here!();

    const KIND: crate::VariantKind = crate::VariantKind::Kyoto;
    const FILES: u8 = 5;
    const RANKS: u8 = 5;
    const BOARD: Bitboard = BOARD;
    const ZONE: [Bitboard; 2] = [BOARD, BOARD];
    const PROMOTION: Promotion = Promotion::Flip;
    const PAWN: Role = Role::Pawn;
    const PAWNS_PER_FILE: u32 = 0;
    const NO_PAWN_DROP_MATE: bool = false;
    const LINE_JUMPERS: bool = false;
    const REPETITION: Repetition = Repetition::ThirdDraws;
    const HAND_ROLES: &'static [Role] = &[Role::Tokin, Role::Gold, Role::Silver, Role::Pawn];
    const BOARD_ROLES: &'static [Role] = &[
        Role::King,
        Role::Tokin,
        Role::Lance,
        Role::Silver,
        Role::Bishop,
        Role::Gold,
        Role::Knight,
        Role::Pawn,
        Role::Rook,
    ];
    const FACES: &'static [(Role, Face)] = &[
        (
            Role::Tokin,
            // lishogi writes the Kyoto tokin `T` in SFEN and in Western move text
            // (shogiops' `roleToWestern`).
            Face {
                usi: "T",
                fsf: "+L",
                western: "T",
                ..info_of(Role::Tokin).face
            },
        ),
        fsf(Role::Rook, "+P"),
        fsf(Role::Bishop, "+S"),
        fsf(Role::Gold, "+N"),
    ];

    #[inline(always)]
    fn promote(role: Role) -> Option<Role> {
        FACES.iter().find_map(|&(a, b)| {
            if a == role {
                Some(b)
            } else if b == role {
                Some(a)
            } else {
                None
            }
        })
    }

    #[inline(always)]
    fn demote(role: Role) -> Role {
        Self::promote(role).unwrap_or(role)
    }

    #[inline(always)]
    fn hand_role(role: Role) -> Role {
        match FACES.iter().find(|&&(_, back)| back == role) {
            Some(&(front, _)) => front,
            None => role,
        }
    }

    const DEAD_PIECES_ALLOWED: bool = true;

    const START: Setup = {
        let mut setup = Setup::empty();
        let back = [
            Role::Tokin,
            Role::Silver,
            Role::King,
            Role::Gold,
            Role::Pawn,
        ];
        let mut i = 0;
        while i < back.len() {
            setup.place_pair::<Self>(5 - i as u8, 5, back[i]);
            i += 1;
        }
        setup
    };
}
