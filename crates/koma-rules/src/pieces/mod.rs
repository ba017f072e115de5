//! Every role as data, written once: how it moves, what it promotes to, its letters, names
//! and kanji in three languages, and its worth. The attack tables, move generation,
//! notation, engine and page all read this table (variants override a face's names where
//! they call a piece otherwise: see [`crate::Variant::FACES`]).

use crate::{Bitboard, Role, Square};

mod chu;
mod family;

/// How many roles the variants of the 9x9 frame use: they come first in [`Role`], Chu
/// shogi's own roles after them (the 9x9 attack tables and zobrist keys are laid out so).
pub const FRAME9_ROLES: usize = 24;

/// Whether a piece may move twice in one turn (Chu shogi's lion power), and how.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum LionPower {
    /// It moves once.
    None,
    /// Two king steps in any directions (the lion, the promoted kirin): capture and go on,
    /// capture and come back (igui), or step out and back (a pass).
    Lion,
    /// Two steps along each of these (file, rank) lines, as sente sees them, the second
    /// step going on or coming back (the horned falcon forward, the soaring eagle on the
    /// forward diagonals).
    Line(&'static [(i8, i8)]),
}

/// One way a piece moves, as sente sees the board: a (file, rank) step, negative rank being
/// forward, and how far it may go that way.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Leg {
    /// File change per step (positive towards file 9, sente's left).
    pub df: i8,
    /// Rank change per step (negative is forward for sente).
    pub dr: i8,
    /// How many steps: 1 for a single step (or a jump when the step is longer than one
    /// square), 0 for any distance (a slide), n for a slide of at most n squares.
    pub range: u8,
}

impl Leg {
    /// A single step or jump.
    pub const fn step(df: i8, dr: i8) -> Leg {
        Leg { df, dr, range: 1 }
    }
    /// A slide of any length.
    pub const fn slide(df: i8, dr: i8) -> Leg {
        Leg { df, dr, range: 0 }
    }
    /// A slide of at most `n` squares.
    pub const fn upto(df: i8, dr: i8, n: u8) -> Leg {
        Leg { df, dr, range: n }
    }
    /// Whether the leg passes over squares that can block it (a slide).
    pub const fn is_slide(self) -> bool {
        self.range != 1
    }
}

/// How a face of a piece is drawn, as real sets cut it (the page reads it from
/// `GET /api/variants`; nothing guesses it from the name).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Look {
    /// A five-sided wedge bearing its [`Face::glyph`] (gote's king its first alias, `王`).
    Wedge,
    /// A wedge whose two-character [`Face::kanji`] is written as a small mark (the first
    /// character, `左`) over the main one (the second, `鶉`): Tori shogi's quails.
    MarkedWedge,
    /// A square tile in its owner's colour with its whole [`Face::kanji`] across it and a
    /// dot towards each square it steps to: Dōbutsu shogi's animals.
    AnimalTile,
}

/// How a piece is written and called: the notation facts of one face of a piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Face {
    /// SFEN and USI letters as sente's piece is written (`P`, `+P`), lishogi's convention.
    pub usi: &'static str,
    /// Fairy-Stockfish's letters where they differ from [`Face::usi`], else empty.
    pub fsf: &'static str,
    /// The CSA code (`FU`, `TO`), empty where CSA has none.
    pub csa: &'static str,
    /// One character for board diagrams (`歩`, `杏`).
    pub glyph: char,
    /// The kanji as KIF and KI2 moves write it (`歩`, `成香`).
    pub kanji: &'static str,
    /// Other kanji that readers accept (`王` for `玉`, `竜` for `龍`).
    pub kanji_aliases: &'static [&'static str],
    /// The Japanese reading (`ふ`).
    pub reading: &'static str,
    /// The English name.
    pub english: &'static str,
    /// The abbreviation of Western move text (`P`, `+P`, `Fa`).
    pub western: &'static str,
    /// The German name.
    pub german: &'static str,
    /// The abbreviation of German move text (`B`, `To`). The club notation has no letters
    /// for Tori Shogi's birds: koma writes their Western abbreviations (`Cr`, `LQ`).
    pub german_abbr: &'static str,
    /// How it is drawn.
    pub look: Look,
    /// The two characters carved on a real piece of standard shogi (`歩兵`, `龍王`),
    /// sente's, then gote's where they differ (`玉将`, `王将`); empty for pieces that
    /// carry one character only. The page's two-character piece set draws them.
    pub carved: &'static [&'static str],
}

/// Everything about one role.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct RoleInfo {
    /// The role described.
    pub role: Role,
    /// How it moves (as sente sees the board).
    pub legs: &'static [Leg],
    /// What it becomes when it promotes (in variants that promote the usual way).
    pub promotes_to: Option<Role>,
    /// How it is written and called.
    pub face: Face,
    /// A first guess at its worth on the board, in centipawns (the king: 0).
    pub value: i32,
    /// A first guess at its worth in hand (0 for roles that are never held).
    pub hand_value: i32,
    /// Where a hand keeps it (`None`: never held). Roles of different variants share a
    /// slot; no variant holds two roles of one slot.
    pub hand_slot: Option<u8>,
    /// Whether and how it moves twice in a turn (its single jumps to two squares away
    /// are among its legs too).
    pub lion: LionPower,
}

impl RoleInfo {
    /// This role, moving twice in a turn as `lion` says.
    const fn lion(self, lion: LionPower) -> RoleInfo {
        RoleInfo { lion, ..self }
    }

    /// This role, whose real piece is carved with `names` (see [`Face::carved`]).
    const fn carved(self, names: &'static [&'static str]) -> RoleInfo {
        let mut info = self;
        info.face.carved = names;
        info
    }

    /// This role, kept in hand slot `slot`.
    const fn held(self, slot: u8) -> RoleInfo {
        RoleInfo {
            hand_slot: Some(slot),
            ..self
        }
    }
}

const fn s(df: i8, dr: i8) -> Leg {
    Leg::step(df, dr)
}
const fn sl(df: i8, dr: i8) -> Leg {
    Leg::slide(df, dr)
}

const KING_LEGS: &[Leg] = &[
    s(0, -1),
    s(-1, -1),
    s(1, -1),
    s(-1, 0),
    s(1, 0),
    s(0, 1),
    s(-1, 1),
    s(1, 1),
];
const GOLD_LEGS: &[Leg] = &[s(0, -1), s(-1, -1), s(1, -1), s(-1, 0), s(1, 0), s(0, 1)];
const SILVER_LEGS: &[Leg] = &[s(0, -1), s(-1, -1), s(1, -1), s(-1, 1), s(1, 1)];
const PAWN_LEGS: &[Leg] = &[s(0, -1)];
const ROOK_LEGS: &[Leg] = &[sl(0, -1), sl(0, 1), sl(-1, 0), sl(1, 0)];
const BISHOP_LEGS: &[Leg] = &[sl(-1, -1), sl(1, -1), sl(-1, 1), sl(1, 1)];
const WAZIR_LEGS: &[Leg] = &[s(0, -1), s(0, 1), s(-1, 0), s(1, 0)];
const FERZ_LEGS: &[Leg] = &[s(-1, -1), s(1, -1), s(-1, 1), s(1, 1)];

#[allow(clippy::too_many_arguments)] // one argument per field of a face
const fn face(
    usi: &'static str,
    csa: &'static str,
    glyph: char,
    kanji: &'static str,
    reading: &'static str,
    english: &'static str,
    western: &'static str,
    german: &'static str,
    german_abbr: &'static str,
) -> Face {
    Face {
        usi,
        fsf: "",
        csa,
        glyph,
        kanji,
        kanji_aliases: &[],
        reading,
        english,
        western,
        german,
        german_abbr,
        carved: &[],
        look: Look::Wedge,
    }
}

const fn info(
    role: Role,
    legs: &'static [Leg],
    promotes_to: Option<Role>,
    face: Face,
    value: i32,
    hand_value: i32,
) -> RoleInfo {
    RoleInfo {
        role,
        legs,
        promotes_to,
        face,
        value,
        hand_value,
        hand_slot: None,
        lion: LionPower::None,
    }
}

/// For every role and colour, the squares of a `files` x `ranks` board from which the piece
/// has no move at all (none of its legs' first steps stays on the board): a pawn or lance on
/// the last rank, a knight on the last two.
pub const fn dead_squares(files: u8, ranks: u8) -> [[Bitboard; 2]; Role::COUNT] {
    let mut table = [[Bitboard::EMPTY; 2]; Role::COUNT];
    let mut role = 0;
    while role < Role::COUNT {
        let legs = ROLES[role].legs;
        let mut file = 1;
        while file <= files {
            let mut rank = 1;
            while rank <= ranks {
                let Some(sq) = Square::new(file, rank) else {
                    panic!("a board square off the frame");
                };
                // Sente's legs as given; gote's turned around.
                let mut color = 0;
                while color < 2 {
                    let sign: i8 = if color == 0 { 1 } else { -1 };
                    let mut moves = false;
                    let mut i = 0;
                    while i < legs.len() {
                        let f = file as i8 + sign * legs[i].df;
                        let r = rank as i8 + sign * legs[i].dr;
                        if f >= 1 && f <= files as i8 && r >= 1 && r <= ranks as i8 {
                            moves = true;
                        }
                        i += 1;
                    }
                    if !moves {
                        table[role][color] = table[role][color].with(sq);
                    }
                    color += 1;
                }
                rank += 1;
            }
            file += 1;
        }
        role += 1;
    }
    table
}

/// The two halves of the table as one array.
const fn join<const A: usize, const B: usize, const N: usize>(
    a: [RoleInfo; A],
    b: [RoleInfo; B],
) -> [RoleInfo; N] {
    assert!(A + B == N);
    let mut out = [a[0]; N];
    let mut i = 0;
    while i < N {
        out[i] = if i < A { a[i] } else { b[i - A] };
        i += 1;
    }
    out
}

/// Every role, in [`Role::index`] order: the 9x9 family's, then Chu shogi's.
pub const ROLES: [RoleInfo; Role::COUNT] = join(family::FAMILY, chu::CHU);

/// The facts of `role`.
#[inline(always)]
pub const fn info_of(role: Role) -> &'static RoleInfo {
    &ROLES[role.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_role_order_and_promotion_is_consistent() {
        for (i, info) in ROLES.iter().enumerate() {
            assert_eq!(info.role.index(), i);
            assert_eq!(info.promotes_to, info.role.promoted());
            assert!(!info.legs.is_empty(), "{:?} moves", info.role);
            assert!(!info.face.usi.is_empty() && !info.face.english.is_empty());
        }
    }

    #[test]
    fn dead_squares_follow_from_the_legs() {
        use crate::variants::{Dobutsu, Kyoto, Minishogi, Shogi, Tori};
        use crate::{Color, Variant};
        let black = Color::Black;
        assert_eq!(Shogi::dead_squares(Role::Pawn, black), Bitboard::rank(1));
        assert_eq!(Shogi::dead_squares(Role::Lance, black), Bitboard::rank(1));
        assert_eq!(
            Shogi::dead_squares(Role::Knight, black),
            Bitboard::ranks(1, 2)
        );
        assert_eq!(
            Shogi::dead_squares(Role::Knight, Color::White),
            Bitboard::ranks(8, 9)
        );
        for role in [
            Role::Silver,
            Role::Gold,
            Role::Bishop,
            Role::Tokin,
            Role::Dragon,
        ] {
            assert!(Shogi::dead_squares(role, black).is_empty(), "{role:?}");
        }
        let last = |v_ranks: u8| Bitboard::rank(v_ranks);
        assert_eq!(
            Minishogi::dead_squares(Role::Pawn, Color::White),
            Minishogi::BOARD.and(last(5))
        );
        assert_eq!(
            Tori::dead_squares(Role::Swallow, black),
            Tori::BOARD.and(Bitboard::rank(1))
        );
        // The pheasant jumps forward but steps back diagonally: never dead.
        assert!(Tori::dead_squares(Role::Pheasant, black).is_empty());
        // Kyoto and Dobutsu let a piece stand where it cannot move.
        assert!(Kyoto::dead_squares(Role::Pawn, black).is_empty());
        assert!(Dobutsu::dead_squares(Role::Pawn, black).is_empty());
    }

    #[test]
    fn only_dobutsu_draws_animal_tiles_and_only_the_quails_a_mark() {
        use crate::VariantKind;
        for kind in VariantKind::ALL {
            for &role in kind.board_roles() {
                let face = kind.face(role);
                let animal = kind == VariantKind::Dobutsu;
                assert_eq!(face.look == Look::AnimalTile, animal, "{kind:?} {role:?}");
                let quail = matches!(role, Role::LeftQuail | Role::RightQuail);
                assert_eq!(face.look == Look::MarkedWedge, quail, "{kind:?} {role:?}");
                if quail {
                    assert_eq!(face.kanji.chars().count(), 2);
                }
            }
        }
        // The tokin is written in kana, and is a wedge all the same.
        assert_eq!(info_of(Role::Tokin).face.look, Look::Wedge);
        for chu in ROLES.iter().skip(FRAME9_ROLES) {
            assert_eq!(chu.face.look, Look::Wedge, "{:?}", chu.role);
        }
    }

    #[test]
    fn every_held_role_has_a_slot_of_its_own_in_each_variant() {
        for kind in crate::VariantKind::ALL {
            let mut seen = [false; 8];
            for role in kind.hand_roles() {
                let slot = role.hand_slot().expect("a held role has a slot");
                assert!(!seen[slot], "{kind:?} keeps two roles in slot {slot}");
                seen[slot] = true;
            }
        }
    }
}
