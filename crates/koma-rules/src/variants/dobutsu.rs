//! Dōbutsu shogi (どうぶつしょうぎ, "Let's Catch the Lion!"): 3x4, for children.
//!
//! Rules as lishogi plays them (`../shared/reference/variants.md`, scalashogi's `Dobutsu`):
//! the lion moves as a king but is not royal: it may step into attack, and taking it wins;
//! a lion standing unattacked on the far rank wins (the try), judged for both sides at the
//! start of each position, so a lion that arrives attacked has not won yet; the chick
//! promotes to a hen on the last rank and may be dropped anywhere; no two-chick rule, a
//! drop may mate; the third repetition is a draw.

use crate::pieces::{Face, Look, info_of};
use crate::variant::{Promotion, Repetition};
use crate::{Bitboard, Role, Setup, Variant};

/// Dōbutsu shogi on 3x4.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Dobutsu;

const BOARD: Bitboard = Bitboard::board(3, 4);

/// A face renamed for the animals.
#[allow(clippy::too_many_arguments)]
const fn animal(
    role: Role,
    fsf: &'static str,
    glyph: char,
    kanji: &'static str,
    english: &'static str,
    western: &'static str,
    german: &'static str,
) -> (Role, Face) {
    (
        role,
        Face {
            fsf,
            glyph,
            kanji,
            kanji_aliases: &[],
            reading: kanji,
            english,
            western,
            german,
            german_abbr: western,
            csa: "",
            look: Look::AnimalTile,
            ..info_of(role).face
        },
    )
}

crate::variant::on_the_nine_frame!(Dobutsu);

impl Variant for Dobutsu {
    crate::variant::compiled_here!();

    const KIND: crate::VariantKind = crate::VariantKind::Dobutsu;
    const FILES: u8 = 3;
    const RANKS: u8 = 4;
    const BOARD: Bitboard = BOARD;
    const ZONE: [Bitboard; 2] = [BOARD.and(Bitboard::rank(1)), BOARD.and(Bitboard::rank(4))];
    const PROMOTION: Promotion = Promotion::Forced;
    const PAWN: Role = Role::Pawn;
    const PAWNS_PER_FILE: u32 = 0;
    const NO_PAWN_DROP_MATE: bool = false;
    const ROYAL_CAPTURE: bool = true;
    const TRY: bool = true;
    const LINE_JUMPERS: bool = false;
    const REPETITION: Repetition = Repetition::ThirdDraws;
    const HAND_ROLES: &'static [Role] = &[Role::Giraffe, Role::Elephant, Role::Pawn];
    const BOARD_ROLES: &'static [Role] = &[
        Role::King,
        Role::Giraffe,
        Role::Elephant,
        Role::Pawn,
        Role::Tokin,
    ];
    const FACES: &'static [(Role, Face)] = &[
        animal(Role::King, "L", 'ラ', "ライオン", "lion", "L", "Löwe"),
        animal(Role::Pawn, "C", 'ひ', "ひよこ", "chick", "C", "Küken"),
        // Western move text writes the hen `H`, as lishogi does (shogiops'
        // `roleToWestern`).
        animal(Role::Tokin, "+C", 'に', "にわとり", "hen", "H", "Henne"),
    ];

    const DEAD_PIECES_ALLOWED: bool = true;

    const START: Setup = {
        let mut setup = Setup::empty();
        let back = [Role::Elephant, Role::King, Role::Giraffe];
        let mut i = 0;
        while i < back.len() {
            setup.place_pair::<Self>(3 - i as u8, 4, back[i]);
            i += 1;
        }
        setup.place_pair::<Self>(2, 3, Role::Pawn);
        setup
    };
}
