//! The pieces of shogi and of its relatives up to 9x9 (Tori, minishogi, Kyoto, Dōbutsu):
//! roles 0 to 23, in [`Role::index`] order.

use super::*;

/// The roles of the 9x9 frame's variants, in [`Role::index`] order.
pub(super) const FAMILY: [RoleInfo; FRAME9_ROLES] = [
    info(
        Role::Pawn,
        PAWN_LEGS,
        Some(Role::Tokin),
        face("P", "FU", '歩', "歩", "ふ", "pawn", "P", "Bauer", "B"),
        90,
        100,
    )
    .carved(&["歩兵"])
    .held(0),
    info(
        Role::Lance,
        &[sl(0, -1)],
        Some(Role::PromotedLance),
        face("L", "KY", '香', "香", "きょう", "lance", "L", "Lanze", "La"),
        315,
        350,
    )
    .carved(&["香車"])
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
    .carved(&["桂馬"])
    .held(2),
    info(
        Role::Silver,
        SILVER_LEGS,
        Some(Role::PromotedSilver),
        face("S", "GI", '銀', "銀", "ぎん", "silver", "S", "Silber", "S"),
        495,
        560,
    )
    .carved(&["銀将"])
    .held(3),
    info(
        Role::Bishop,
        BISHOP_LEGS,
        Some(Role::Horse),
        face("B", "KA", '角', "角", "かく", "bishop", "B", "Läufer", "L"),
        855,
        950,
    )
    .carved(&["角行"])
    .held(4),
    info(
        Role::Rook,
        ROOK_LEGS,
        Some(Role::Dragon),
        face("R", "HI", '飛', "飛", "ひしゃ", "rook", "R", "Turm", "T"),
        990,
        1100,
    )
    .carved(&["飛車"])
    .held(5),
    info(
        Role::Gold,
        GOLD_LEGS,
        None,
        face("G", "KI", '金', "金", "きん", "gold", "G", "Gold", "G"),
        540,
        610,
    )
    .carved(&["金将"])
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
    )
    .carved(&["玉将", "王将"]),
    info(
        Role::Tokin,
        GOLD_LEGS,
        None,
        face("+P", "TO", 'と', "と", "と", "tokin", "+P", "Tokin", "To"),
        540,
        0,
    )
    .carved(&["と金"])
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
    )
    .carved(&["成香"]),
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
    )
    .carved(&["成桂"]),
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
    )
    .carved(&["成銀"]),
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
    )
    .carved(&["龍馬"]),
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
    )
    .carved(&["龍王"]),
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
        Face {
            look: Look::MarkedWedge,
            ..face(
                "L",
                "",
                '左',
                "左鶉",
                "ひだりうずら",
                "left quail",
                "LQ",
                "linke Wachtel",
                "LQ",
            )
        },
        370,
        410,
    )
    .held(4),
    info(
        Role::RightQuail,
        &[sl(0, -1), sl(1, 1), s(-1, 1)],
        None,
        Face {
            look: Look::MarkedWedge,
            ..face(
                "R",
                "",
                '右',
                "右鶉",
                "みぎうずら",
                "right quail",
                "RQ",
                "rechte Wachtel",
                "RQ",
            )
        },
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
            look: Look::AnimalTile,
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
            look: Look::AnimalTile,
            ..face(
                "B", "", 'ゾ', "ぞう", "ぞう", "elephant", "E", "Elefant", "E",
            )
        },
        400,
        450,
    )
    .held(2),
];
