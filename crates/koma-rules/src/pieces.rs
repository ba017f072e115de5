//! Every role as data, written once: how it moves, what it promotes to, its letters, names
//! and kanji in three languages, and its worth. The attack tables, move generation,
//! notation, engine and page all read this table (variants override a face's names where
//! they call a piece otherwise: see [`crate::Variant::FACES`]).

use crate::{Bitboard, Role, Square};

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
}

impl RoleInfo {
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

/// Every role, in [`Role::index`] order.
pub const ROLES: [RoleInfo; Role::COUNT] = [
    info(
        Role::Pawn,
        PAWN_LEGS,
        Some(Role::Tokin),
        face("P", "FU", '歩', "歩", "ふ", "pawn", "P", "Bauer", "B"),
        90,
        100,
    )
    .held(0),
    info(
        Role::Lance,
        &[sl(0, -1)],
        Some(Role::PromotedLance),
        face("L", "KY", '香', "香", "きょう", "lance", "L", "Lanze", "La"),
        315,
        350,
    )
    .held(1),
    info(
        Role::Knight,
        &[s(-1, -2), s(1, -2)],
        Some(Role::PromotedKnight),
        face(
            "N", "KE", '桂', "桂", "けい", "knight", "N", "Springer", "Sp",
        ),
        405,
        450,
    )
    .held(2),
    info(
        Role::Silver,
        SILVER_LEGS,
        Some(Role::PromotedSilver),
        face("S", "GI", '銀', "銀", "ぎん", "silver", "S", "Silber", "S"),
        495,
        560,
    )
    .held(3),
    info(
        Role::Bishop,
        BISHOP_LEGS,
        Some(Role::Horse),
        face("B", "KA", '角', "角", "かく", "bishop", "B", "Läufer", "L"),
        855,
        950,
    )
    .held(4),
    info(
        Role::Rook,
        ROOK_LEGS,
        Some(Role::Dragon),
        face("R", "HI", '飛', "飛", "ひしゃ", "rook", "R", "Turm", "T"),
        990,
        1100,
    )
    .held(5),
    info(
        Role::Gold,
        GOLD_LEGS,
        None,
        face("G", "KI", '金', "金", "きん", "gold", "G", "Gold", "G"),
        540,
        610,
    )
    .held(6),
    info(
        Role::King,
        KING_LEGS,
        None,
        Face {
            kanji_aliases: &["王"],
            ..face("K", "OU", '玉', "玉", "ぎょく", "king", "K", "König", "K")
        },
        0,
        0,
    ),
    info(
        Role::Tokin,
        GOLD_LEGS,
        None,
        face("+P", "TO", 'と', "と", "と", "tokin", "+P", "Tokin", "To"),
        540,
        0,
    )
    .held(1),
    info(
        Role::PromotedLance,
        GOLD_LEGS,
        None,
        Face {
            kanji_aliases: &["杏"],
            ..face(
                "+L",
                "NY",
                '杏',
                "成香",
                "なりきょう",
                "promoted lance",
                "+L",
                "befördete Lanze",
                "+La",
            )
        },
        540,
        0,
    ),
    info(
        Role::PromotedKnight,
        GOLD_LEGS,
        None,
        Face {
            kanji_aliases: &["圭"],
            ..face(
                "+N",
                "NK",
                '圭',
                "成桂",
                "なりけい",
                "promoted knight",
                "+N",
                "befördeter Springer",
                "+Sp",
            )
        },
        540,
        0,
    ),
    info(
        Role::PromotedSilver,
        GOLD_LEGS,
        None,
        Face {
            kanji_aliases: &["全"],
            ..face(
                "+S",
                "NG",
                '全',
                "成銀",
                "なりぎん",
                "promoted silver",
                "+S",
                "befördetes Silber",
                "+S",
            )
        },
        540,
        0,
    ),
    info(
        Role::Horse,
        &[
            sl(-1, -1),
            sl(1, -1),
            sl(-1, 1),
            sl(1, 1),
            s(0, -1),
            s(0, 1),
            s(-1, 0),
            s(1, 0),
        ],
        None,
        face("+B", "UM", '馬', "馬", "うま", "horse", "+B", "Pferd", "P"),
        945,
        0,
    ),
    info(
        Role::Dragon,
        &[
            sl(0, -1),
            sl(0, 1),
            sl(-1, 0),
            sl(1, 0),
            s(-1, -1),
            s(1, -1),
            s(-1, 1),
            s(1, 1),
        ],
        None,
        Face {
            kanji_aliases: &["竜"],
            ..face(
                "+R",
                "RY",
                '龍',
                "龍",
                "りゅう",
                "dragon",
                "+R",
                "Drache",
                "D",
            )
        },
        1395,
        0,
    ),
    info(
        Role::Swallow,
        PAWN_LEGS,
        Some(Role::Goose),
        face(
            "S",
            "",
            '燕',
            "燕",
            "つばめ",
            "swallow",
            "Sw",
            "Schwalbe",
            "Sw",
        ),
        100,
        120,
    )
    .held(0),
    info(
        Role::Falcon,
        &[
            s(0, -1),
            s(-1, -1),
            s(1, -1),
            s(-1, 0),
            s(1, 0),
            s(-1, 1),
            s(1, 1),
        ],
        Some(Role::Eagle),
        face("F", "", '鷹', "鷹", "たか", "falcon", "Fa", "Falke", "Fa"),
        800,
        900,
    )
    .held(1),
    info(
        Role::Crane,
        &[s(0, -1), s(0, 1), s(-1, -1), s(1, -1), s(-1, 1), s(1, 1)],
        None,
        face("C", "", '鶴', "鶴", "つる", "crane", "Cr", "Kranich", "Cr"),
        450,
        500,
    )
    .held(2),
    info(
        Role::Pheasant,
        &[s(0, -2), s(-1, 1), s(1, 1)],
        None,
        face("P", "", '雉', "雉", "きじ", "pheasant", "Pt", "Fasan", "Pt"),
        290,
        330,
    )
    .held(3),
    info(
        Role::LeftQuail,
        &[sl(0, -1), sl(-1, 1), s(1, 1)],
        None,
        face(
            "L",
            "",
            '左',
            "左鶉",
            "ひだりうずら",
            "left quail",
            "LQ",
            "linke Wachtel",
            "LQ",
        ),
        370,
        410,
    )
    .held(4),
    info(
        Role::RightQuail,
        &[sl(0, -1), sl(1, 1), s(-1, 1)],
        None,
        face(
            "R",
            "",
            '右',
            "右鶉",
            "みぎうずら",
            "right quail",
            "RQ",
            "rechte Wachtel",
            "RQ",
        ),
        370,
        410,
    )
    .held(5),
    info(
        Role::Goose,
        &[s(-2, -2), s(2, -2), s(0, 2)],
        None,
        Face {
            kanji_aliases: &["雁"],
            ..face("+S", "", '鴈', "鴈", "がん", "goose", "+Sw", "Gans", "+Sw")
        },
        230,
        0,
    ),
    info(
        Role::Eagle,
        &[
            s(0, -1),
            s(-1, 0),
            s(1, 0),
            sl(-1, -1),
            sl(1, -1),
            sl(0, 1),
            Leg::upto(-1, 1, 2),
            Leg::upto(1, 1, 2),
        ],
        None,
        Face {
            kanji_aliases: &["鷲"],
            ..face(
                "+F",
                "",
                '鵰',
                "鵰",
                "くまたか",
                "eagle",
                "+Fa",
                "Adler",
                "+Fa",
            )
        },
        1300,
        0,
    ),
    info(
        Role::Giraffe,
        WAZIR_LEGS,
        None,
        // Move text writes the animals in hiragana as lishogi does (shogiops'
        // `roleToKanji`); the katakana name is read too.
        Face {
            fsf: "G",
            kanji_aliases: &["キリン"],
            ..face(
                "R",
                "",
                'キ',
                "きりん",
                "きりん",
                "giraffe",
                "G",
                "Giraffe",
                "Gi",
            )
        },
        500,
        550,
    )
    .held(1),
    info(
        Role::Elephant,
        FERZ_LEGS,
        None,
        Face {
            fsf: "E",
            kanji_aliases: &["ゾウ"],
            ..face(
                "B", "", 'ゾ', "ぞう", "ぞう", "elephant", "E", "Elefant", "E",
            )
        },
        400,
        450,
    )
    .held(2),
];

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
