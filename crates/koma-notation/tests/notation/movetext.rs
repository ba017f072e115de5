//! Move text: Japanese (KIF, KI2), Western (Hodges, numeric, long) and German, written from
//! the position and read back; disambiguation cases, random-game round trips and the KI2
//! records of the corpus.

use koma_notation::movetext::western::Style;
use koma_notation::movetext::{MoveTextErrorKind, german, japanese, western};
use koma_notation::{sfen, usi};
use koma_rules::variants::{Shogi, Tori};
use koma_rules::{Handicap, IllegalMove, Move, Position, Square, Variant};
use std::collections::HashSet;

fn pos<V: Variant>(sfen: &str) -> Position<V> {
    sfen::parse::<V>(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

fn mv<V: Variant>(text: &str) -> Move {
    usi::parse_move(sfen::kind_of::<V>(), text).unwrap()
}

fn sq(file: u8, rank: u8) -> Square {
    Square::new(file, rank).unwrap()
}

/// Checks the KI2 text of the USI move `m` and that it reads back.
fn ki2<V: Variant>(p: &Position<V>, m: &str, expected: &str) {
    let m = mv::<V>(m);
    assert_eq!(japanese::ki2(p, m, None), expected, "{m:?}");
    assert_eq!(japanese::parse_ki2(p, expected, None), Ok(m), "{expected}");
}

/// Checks the KIF text of the USI move `m` and that it reads back.
fn kif<V: Variant>(p: &Position<V>, m: &str, prev: Option<Square>, expected: &str) {
    let m = mv::<V>(m);
    assert_eq!(japanese::kif(p, m, prev), expected, "{m:?}");
    assert_eq!(japanese::parse_kif(p, expected, prev), Ok(m), "{expected}");
}

fn err<V: Variant>(p: &Position<V>, text: &str, prev: Option<Square>) -> MoveTextErrorKind {
    let e = japanese::parse_ki2(p, text, prev).unwrap_err();
    assert_eq!(e.text, text);
    e.kind
}

#[test]
fn kif_text() {
    let mut p = Position::<Shogi>::startpos();
    kif(&p, "7g7f", None, "７六歩(77)");
    p.play(mv::<Shogi>("7g7f")).unwrap();
    kif(&p, "3c3d", None, "３四歩(33)");
    p.play(mv::<Shogi>("3c3d")).unwrap();
    kif(&p, "8h2b+", None, "２二角成(88)");
    kif(&p, "8h2b", None, "２二角(88)");
    p.play(mv::<Shogi>("8h2b+")).unwrap();
    kif(&p, "3a2b", Some(sq(2, 2)), "同　銀(31)");
    assert_eq!(
        japanese::ki2(&p, mv::<Shogi>("3a2b"), Some(sq(2, 2))),
        "同　銀"
    );
    assert_eq!(
        japanese::text(&p, mv::<Shogi>("3a2b"), Some(sq(2, 2))),
        "☖同　銀"
    );
    for text in [
        "同銀",
        "同　銀",
        "△同　銀",
        "同銀(31)",
        "２二銀",
        "22銀",
        "２二同銀",
        "２二同　銀(31)",
    ] {
        let m = japanese::parse_ki2(&p, text, Some(sq(2, 2)));
        assert_eq!(m, Ok(mv::<Shogi>("3a2b")), "{text}");
    }
    p.play(mv::<Shogi>("3a2b")).unwrap();
    kif(&p, "B*5e", None, "５五角打");
    assert_eq!(japanese::ki2(&p, mv::<Shogi>("B*5e"), None), "５五角");
    assert_eq!(japanese::text(&p, mv::<Shogi>("B*5e"), None), "☗５五角");
    let silver = pos::<Shogi>("4k4/6S2/9/9/9/9/9/9/4K4 b - 1");
    kif(&silver, "3b2a", None, "２一銀(32)");
    kif(&silver, "3b2a+", None, "２一銀成(32)");
    kif(&silver, "3b3a", None, "３一銀(32)");
    kif(&silver, "3b2c", None, "２三銀(32)");
    kif(&silver, "5i5h", None, "５八玉(59)");
    assert_eq!(
        japanese::parse_kif(&silver, "２一銀生(32)", None),
        Ok(mv::<Shogi>("3b2a"))
    );
    assert_eq!(
        japanese::parse_kif(&silver, "２一銀(32)", None),
        Ok(mv::<Shogi>("3b2a"))
    );
    assert_eq!(
        japanese::parse_kif(&silver, "５八王(59)", None),
        Ok(mv::<Shogi>("5i5h"))
    );
}

#[test]
fn promoted_piece_names_and_aliases() {
    // Sente: tokin 9c, promoted lance 8c, knight 7c, silver 6c, horse 4c, dragon 2c.
    let p = pos::<Shogi>("4k4/9/+P+L+N+S1+B1+R1/9/9/9/9/9/4K4 b - 1");
    let cases = [
        ("9c9b", "９二と(93)", ["９二と(93)", "9二と(93)"]),
        ("8c8b", "８二成香(83)", ["８二杏(83)", "８二成香"]),
        ("7c7b", "７二成桂(73)", ["７二圭(73)", "７二成桂"]),
        ("6c6b", "６二成銀(63)", ["６二全(63)", "６二全"]),
        ("4c4b", "４二馬(43)", ["４二馬(43)", "４２馬"]),
        ("2c2b", "２二龍(23)", ["２二竜(23)", "２二竜"]),
    ];
    for (m, text, aliases) in cases {
        kif(&p, m, None, text);
        for alias in aliases {
            assert_eq!(
                japanese::parse_kif(&p, alias, None),
                Ok(mv::<Shogi>(m)),
                "{alias}"
            );
        }
    }
}

#[test]
fn ki2_two_golds_left_and_right() {
    let p = pos::<Shogi>("4k4/9/9/9/9/9/9/9/K2G1G3 b - 1");
    ki2(&p, "4i5h", "５八金右");
    ki2(&p, "6i5h", "５八金左");
    ki2(&p, "4i4h", "４八金");
    assert_eq!(err(&p, "５八金", None), MoveTextErrorKind::Ambiguous(2));
    // Gote's right is the board's left: the gold from 6a is gote's 右.
    let p = pos::<Shogi>("3g1g2k/9/9/9/9/9/9/9/4K4 w - 1");
    ki2(&p, "6a5b", "５二金右");
    ki2(&p, "4a5b", "５二金左");
}

#[test]
fn ki2_three_golds() {
    let p = pos::<Shogi>("4k4/9/9/9/9/9/9/9/K2GGG3 b - 1");
    ki2(&p, "6i5h", "５八金左");
    ki2(&p, "5i5h", "５八金直");
    ki2(&p, "4i5h", "５八金右");
    // 6i and 4i go up, 5g comes back.
    let p = pos::<Shogi>("4k4/9/9/9/9/9/4G4/9/K2G1G3 b - 1");
    ki2(&p, "5g5h", "５八金引");
    ki2(&p, "6i5h", "５八金左");
    ki2(&p, "4i5h", "５八金右");
    // 6h goes sideways; 6i and 4i up: 左 alone would fit 6h and 6i.
    let p = pos::<Shogi>("4k4/9/9/9/9/9/9/3G5/K2G1G3 b - 1");
    ki2(&p, "6h5h", "５八金寄");
    ki2(&p, "6i5h", "５八金左上");
    ki2(&p, "4i5h", "５八金右");
    assert_eq!(err(&p, "５八金上", None), MoveTextErrorKind::Ambiguous(2));
    assert_eq!(err(&p, "５八金引", None), MoveTextErrorKind::NoSuchMove);
    assert_eq!(
        japanese::parse_ki2(&p, "５八金上左", None),
        Ok(mv::<Shogi>("6i5h"))
    );
}

#[test]
fn ki2_silvers() {
    let p = pos::<Shogi>("4k4/9/9/9/9/9/3SS4/9/K8 b - 1");
    ki2(&p, "5g5f", "５六銀直");
    ki2(&p, "6g5f", "５六銀左");
    let p = pos::<Shogi>("4k4/9/9/9/9/9/3SSS3/9/K8 b - 1");
    ki2(&p, "6g5f", "５六銀左");
    ki2(&p, "5g5f", "５六銀直");
    ki2(&p, "4g5f", "５六銀右");
    // Two silvers come back, one goes up.
    let p = pos::<Shogi>("4k4/9/9/9/3S1S3/9/4S4/9/K8 b - 1");
    ki2(&p, "5g5f", "５六銀上");
    ki2(&p, "4e5f", "５六銀右");
    ki2(&p, "6e5f", "５六銀左");
    // Relative words with promotion: silvers on 6d and 4d into the zone.
    let p = pos::<Shogi>("4k4/9/9/3S1S3/9/9/9/9/K8 b - 1");
    ki2(&p, "4d5c+", "５三銀右成");
    ki2(&p, "6d5c", "５三銀左不成");
    assert_eq!(
        japanese::parse_ki2(&p, "５三銀右生", None),
        Ok(mv::<Shogi>("4d5c"))
    );
    assert_eq!(
        japanese::parse_ki2(&p, "５三銀右行成", None),
        Ok(mv::<Shogi>("4d5c+"))
    );
    assert_eq!(
        japanese::parse_ki2(&p, "５三銀左入", None),
        Ok(mv::<Shogi>("6d5c"))
    );
}

#[test]
fn ki2_dragons_and_horses() {
    // Both dragons go sideways to 5b.
    let p = pos::<Shogi>("4k4/1+R5+R1/9/9/9/9/9/9/4K4 b - 1");
    ki2(&p, "2b5b", "５二龍右");
    ki2(&p, "8b5b", "５二龍左");
    assert_eq!(
        japanese::parse_ki2(&p, "５二竜右", None),
        Ok(mv::<Shogi>("2b5b"))
    );
    // One goes up, one sideways.
    let p = pos::<Shogi>("+R8/8k/9/9/4+R4/9/9/9/4K4 b - 1");
    ki2(&p, "5e5a", "５一龍上");
    ki2(&p, "9a5a", "５一龍寄");
    // Both go up, one straight: 右 and 左 (never 直 for a dragon).
    let p = pos::<Shogi>("k8/9/9/5+R3/4+R4/9/9/9/4K4 b - 1");
    ki2(&p, "5e5c", "５三龍左");
    ki2(&p, "4d5c", "５三龍右");
    // Horses from both corners come back to 5e.
    let p = pos::<Shogi>("+B7+B/9/9/9/k8/9/9/9/4K4 b - 1");
    ki2(&p, "1a5e", "５五馬右");
    ki2(&p, "9a5e", "５五馬左");
    // One horse steps up, the other comes back.
    let p = pos::<Shogi>("8+B/9/9/9/k8/4+B4/9/9/4K4 b - 1");
    ki2(&p, "5f5e", "５五馬上");
    ki2(&p, "1a5e", "５五馬引");
    // Gote's horses: gote's right is the board's left.
    let p = pos::<Shogi>("+b7+b/9/9/9/K8/9/9/9/4k4 w - 1");
    ki2(&p, "9a5e", "５五馬右");
    ki2(&p, "1a5e", "５五馬左");
}

#[test]
fn ki2_drop_or_board_move() {
    let p = pos::<Shogi>("4k4/9/9/9/9/9/9/1B7/4K4 b B 1");
    ki2(&p, "B*5e", "５五角打");
    ki2(&p, "8h5e", "５五角");
    kif(&p, "B*5e", None, "５五角打");
    kif(&p, "8h5e", None, "５五角(88)");
    assert_eq!(
        western::write(&p, mv::<Shogi>("B*5e"), Style::Hodges),
        "B*5e"
    );
    assert_eq!(
        western::write(&p, mv::<Shogi>("8h5e"), Style::Hodges),
        "B-5e"
    );
    assert_eq!(german::write(&p, mv::<Shogi>("B*5e")), "L'5e");
    assert_eq!(german::write(&p, mv::<Shogi>("8h5e")), "L5e");
    // No board bishop reaches 5e: the bare text is the drop.
    ki2(&p, "B*9a", "９一角");
    assert_eq!(
        japanese::parse_ki2(&p, "９一角打", None),
        Ok(mv::<Shogi>("B*9a"))
    );
    assert_eq!(
        japanese::parse_kif(&p, "５五角(00)", None),
        Ok(mv::<Shogi>("B*5e"))
    );
}

#[test]
fn japanese_errors() {
    use MoveTextErrorKind as K;
    let start = Position::<Shogi>::startpos();
    assert_eq!(err(&start, "", None), K::Empty);
    assert_eq!(err(&start, "▲", None), K::Empty);
    assert_eq!(err(&start, "７六象", None), K::UnknownPiece("象".into()));
    assert_eq!(err(&start, "７十歩", None), K::BadSquare("７十歩".into()));
    assert_eq!(err(&start, "同歩", None), K::NoPreviousMove);
    // A square with 同 is read when it is the previous move's square.
    assert_eq!(
        japanese::parse_ki2(&start, "７六同歩", None),
        Ok(mv::<Shogi>("7g7f"))
    );
    assert_eq!(
        err(&start, "７六同歩", Some(sq(7, 5))),
        K::NotSameSquare {
            named: sq(7, 6).to_string(),
            previous: sq(7, 5).to_string()
        }
    );
    assert_eq!(err(&start, "７五歩", None), K::NoSuchMove);
    assert_eq!(err(&start, "７六歩右左", None), K::Unexpected("左".into()));
    assert_eq!(
        err(&start, "７六歩です", None),
        K::Unexpected("です".into())
    );
    assert_eq!(err(&start, "７六歩(99)", None), K::NoSuchMove);
    assert_eq!(err(&start, "７六歩(7", None), K::Unexpected("(7".into()));
    assert_eq!(
        err(&start, "５五角打", None),
        K::Illegal(IllegalMove::NotInHand)
    );
    // The gold on 5h is pinned by the rook on 5a.
    let p = pos::<Shogi>("4r3k/9/9/9/9/9/9/4G4/4K4 b P 1");
    assert_eq!(
        err(&p, "４八金", None),
        K::Illegal(IllegalMove::KingInCheck)
    );
    assert_eq!(err(&p, "５八金成", None), K::NoSuchMove);
    let p = pos::<Shogi>("4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
    assert_eq!(err(&p, "５五歩打", None), K::Illegal(IllegalMove::TwoPawns));
    let p = pos::<Shogi>("k8/4P4/9/9/9/9/9/9/4K4 b - 1");
    assert_eq!(
        err(&p, "５一歩不成", None),
        K::Illegal(IllegalMove::MustPromote)
    );
    assert_eq!(
        japanese::parse_ki2(&p, "５一歩", None),
        Ok(mv::<Shogi>("5b5a+"))
    );
}

#[test]
fn tori_pieces() {
    // Sente: phoenix 4g, falcon 4e, eagle 2e, crane 6e, pheasant 6c, quails 7g and 1g,
    // swallow 3c, goose 5d.
    let p = pos::<Tori>("3k3/7/1P2S2/2+S4/1C1F1+F1/7/L2K2R b - 1");
    let names = [
        ("4g4f", "４六鵬", "Ph-4f", "Ph4f"),
        ("4e4d", "４四鷹", "Fa-4d", "Fa4d"),
        ("2e2d", "２四鵰", "+Fa-2d", "+Fa2d"),
        ("6e6d", "６四鶴", "Cr-6d", "Cr6d"),
        ("7g7f", "７六左鶉", "LQ-7f", "LQ7f"),
        ("1g1f", "１六右鶉", "RQ-1f", "RQ1f"),
        ("3c3b+", "３二燕成", "Sw-3b+", "Sw3b+"),
        ("5d7b", "７二鴈", "+Sw-7b", "+Sw7b"),
        ("6c6a", "６一雉", "Pt-6a", "Pt6a"),
    ];
    for (m, ki2_text, hodges, german_text) in names {
        let m = mv::<Tori>(m);
        assert!(p.legal_moves().contains(&m), "{m:?}");
        assert_eq!(japanese::ki2(&p, m, None), ki2_text);
        assert_eq!(japanese::parse_ki2(&p, ki2_text, None), Ok(m));
        assert_eq!(western::write(&p, m, Style::Hodges), hodges);
        assert_eq!(western::parse(&p, hodges), Ok(m));
        assert_eq!(german::write(&p, m), german_text);
        assert_eq!(german::parse(&p, german_text), Ok(m));
    }
    let m = mv::<Tori>("7g7f");
    assert_eq!(japanese::kif(&p, m, None), "７六左鶉(77)");
    assert_eq!(japanese::kif(&p, m, Some(sq(7, 6))), "同　左鶉(77)");
    let start = Position::<Tori>::startpos();
    assert_eq!(japanese::ki2(&start, mv::<Tori>("3d3c"), None), "３三燕");
    assert_eq!(
        japanese::kif(&start, mv::<Tori>("4f3f"), None),
        "３六鷹(46)"
    );
    assert_eq!(
        err(&start, "８八燕", None),
        MoveTextErrorKind::BadSquare("８八燕".into())
    );
}

#[test]
fn western_styles() {
    let start = Position::<Shogi>::startpos();
    let m = mv::<Shogi>("7g7f");
    assert_eq!(western::write(&start, m, Style::Hodges), "P-7f");
    assert_eq!(western::write(&start, m, Style::Numeric), "P-76");
    assert_eq!(western::write(&start, m, Style::Long), "P7g-7f");
    for text in ["P-7f", "P-76", "P7g-7f", "P76", "P7f", "P77-76", "P7g7f"] {
        assert_eq!(western::parse(&start, text), Ok(m), "{text}");
    }
    let golds = pos::<Shogi>("4k4/9/9/9/9/9/9/9/K2G1G3 b G 1");
    let m = mv::<Shogi>("6i5h");
    assert_eq!(western::write(&golds, m, Style::Hodges), "G6i-5h");
    assert_eq!(western::write(&golds, m, Style::Numeric), "G69-58");
    assert_eq!(
        western::write(&golds, mv::<Shogi>("G*5b"), Style::Hodges),
        "G*5b"
    );
    assert_eq!(
        western::write(&golds, mv::<Shogi>("G*3d"), Style::Numeric),
        "G*34"
    );
    assert_eq!(western::parse(&golds, "G'34"), Ok(mv::<Shogi>("G*3d")));
    assert_eq!(western::parse(&golds, "G*5b"), Ok(mv::<Shogi>("G*5b")));
    assert_eq!(
        western::write(&golds, mv::<Shogi>("4i4h"), Style::Hodges),
        "G-4h"
    );
    assert_eq!(
        western::parse(&golds, "G-5h").unwrap_err().kind,
        MoveTextErrorKind::Ambiguous(2)
    );
    // Silvers on 2d and 4d can both take on 3c; 3c is in the zone.
    let p = pos::<Shogi>("4k4/9/6p2/5S1S1/9/9/9/9/4K4 b - 1");
    assert_eq!(
        western::write(&p, mv::<Shogi>("2d3c+"), Style::Hodges),
        "S2dx3c+"
    );
    assert_eq!(
        western::write(&p, mv::<Shogi>("2d3c"), Style::Hodges),
        "S2dx3c="
    );
    assert_eq!(
        western::write(&p, mv::<Shogi>("4d3c"), Style::Numeric),
        "S44x33="
    );
    assert_eq!(western::parse(&p, "S2d:3c+"), Ok(mv::<Shogi>("2d3c+")));
    assert_eq!(western::parse(&p, "S2dx3c"), Ok(mv::<Shogi>("2d3c")));
    // A silver leaving the zone: `=` when it does not promote.
    let p = pos::<Shogi>("4k4/9/6S2/9/9/9/9/9/4K4 b - 1");
    assert_eq!(
        western::write(&p, mv::<Shogi>("3c4d"), Style::Hodges),
        "S-4d="
    );
    assert_eq!(
        western::write(&p, mv::<Shogi>("3c4d+"), Style::Hodges),
        "S-4d+"
    );
    assert_eq!(
        western::write(&p, mv::<Shogi>("3c3b+"), Style::Long),
        "S3c-3b+"
    );
    let p = pos::<Shogi>("4k4/9/6p2/9/9/9/6+R2/9/4K4 b - 1");
    assert_eq!(
        western::write(&p, mv::<Shogi>("3g3c"), Style::Hodges),
        "+Rx3c"
    );
    assert_eq!(western::parse(&p, "+Rx3c"), Ok(mv::<Shogi>("3g3c")));
    use MoveTextErrorKind as K;
    for (text, kind) in [
        ("", K::Empty),
        ("Q-7f", K::UnknownPiece("Q-7f".into())),
        ("P-7z", K::BadSquare("7z".into())),
        ("P-0f", K::BadSquare("0f".into())),
        ("P-7f?", K::Unexpected("?".into())),
        ("P7g*7f", K::Unexpected("P7g*7f".into())),
        ("P-", K::BadSquare("P-".into())),
        ("P-7e", K::NoSuchMove),
        ("P*7e", K::Illegal(IllegalMove::NotInHand)),
    ] {
        assert_eq!(
            western::parse(&start, text).map_err(|e| e.kind),
            Err(kind),
            "{text}"
        );
    }
}

#[test]
fn german_notation() {
    let start = Position::<Shogi>::startpos();
    assert_eq!(german::write(&start, mv::<Shogi>("3g3f")), "3f");
    assert_eq!(german::write(&start, mv::<Shogi>("5i5h")), "K5h");
    assert_eq!(german::write(&start, mv::<Shogi>("2h3h")), "T3h");
    assert_eq!(german::write(&start, mv::<Shogi>("1i1h")), "La1h");
    for (text, m) in [
        ("3f", "3g3f"),
        ("B-3f", "3g3f"),
        ("K5h", "5i5h"),
        ("K-5h", "5i5h"),
    ] {
        assert_eq!(german::parse(&start, text), Ok(mv::<Shogi>(m)), "{text}");
    }
    let golds = pos::<Shogi>("4k4/9/9/9/9/9/9/9/K2G1G3 b NP 1");
    assert_eq!(german::write(&golds, mv::<Shogi>("4i5h")), "G4i-5h");
    assert_eq!(german::write(&golds, mv::<Shogi>("N*4e")), "Sp'4e");
    assert_eq!(german::write(&golds, mv::<Shogi>("P*5e")), "'5e");
    for text in ["Sp'4e", "Sp*4e"] {
        assert_eq!(german::parse(&golds, text), Ok(mv::<Shogi>("N*4e")));
    }
    for text in ["'5e", "*5e", "B'5e", "B*5e"] {
        assert_eq!(
            german::parse(&golds, text),
            Ok(mv::<Shogi>("P*5e")),
            "{text}"
        );
    }
    // Gote's silver takes on 3g and promotes; a pawn takes without a letter.
    let p = pos::<Shogi>("4k4/9/9/9/9/5s3/6P2/9/4K4 w - 1");
    assert_eq!(german::write(&p, mv::<Shogi>("4f3g+")), "Sx3g+");
    assert_eq!(german::write(&p, mv::<Shogi>("4f3g")), "Sx3g=");
    assert_eq!(german::parse(&p, "S:3g+"), Ok(mv::<Shogi>("4f3g+")));
    let p = pos::<Shogi>("4k4/9/9/6p2/6P2/9/9/9/4K4 b - 1");
    assert_eq!(german::write(&p, mv::<Shogi>("3e3d")), "x3d");
    assert_eq!(german::parse(&p, "x3d"), Ok(mv::<Shogi>("3e3d")));
    // Promoted pieces: D, P, +S, +Sp, +La, To.
    let p = pos::<Shogi>("4k4/9/+P+L+N+S1+B1+R1/9/9/9/9/9/4K4 b - 1");
    for (m, text) in [
        ("9c9b", "To9b"),
        ("8c8b", "+La8b"),
        ("7c7b", "+Sp7b"),
        ("6c6b", "+S6b"),
        ("4c4b", "P4b"),
        ("2c2b", "D2b"),
    ] {
        assert_eq!(german::write(&p, mv::<Shogi>(m)), text);
        assert_eq!(german::parse(&p, text), Ok(mv::<Shogi>(m)));
    }
    // A gold drop that mates gets `#`.
    let p = pos::<Shogi>("8k/9/8P/9/9/9/9/9/4K4 b G 1");
    assert_eq!(german::write(&p, mv::<Shogi>("G*1b")), "G'1b#");
    assert_eq!(german::parse(&p, "G'1b#"), Ok(mv::<Shogi>("G*1b")));
    assert_eq!(
        german::parse(&p, "X5e").map_err(|e| e.kind),
        Err(MoveTextErrorKind::UnknownPiece("X5e".into()))
    );
}

pub(crate) use koma_testdata::Rng;

/// Positions from random games (captures and promotions preferred, so that hands fill and
/// promoted pieces appear), each with the previous move's destination.
pub(crate) fn random_positions<V: Variant>(
    start: Position<V>,
    seed: u64,
    games: usize,
    plies: usize,
) -> Vec<(Position<V>, Option<Square>)> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let (mut p, mut prev) = (start, None);
        for _ in 0..plies {
            let legal = p.legal_moves();
            if legal.is_empty() {
                break;
            }
            out.push((p, prev));
            let keen: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| m.is_promotion() || p.piece_at(m.to()).is_some())
                .collect();
            let m = if !keen.is_empty() && rng.below(3) > 0 {
                keen[rng.below(keen.len())]
            } else {
                legal[rng.below(legal.len())]
            };
            p.play(m).unwrap();
            prev = Some(m.to());
        }
    }
    out
}

type Writer<V> = fn(&Position<V>, Move, Option<Square>) -> String;
type Reader<V> = fn(&Position<V>, &str, Option<Square>) -> Result<Move, String>;

fn notations<V: Variant>() -> Vec<(&'static str, Writer<V>, Reader<V>)> {
    fn e<T>(r: Result<T, impl ToString>) -> Result<T, String> {
        r.map_err(|e| e.to_string())
    }
    vec![
        ("kif", japanese::kif, |p, t, prev| {
            e(japanese::parse_kif(p, t, prev))
        }),
        ("ki2", japanese::ki2, |p, t, prev| {
            e(japanese::parse_ki2(p, t, prev))
        }),
        ("text", japanese::text, |p, t, prev| {
            e(japanese::parse_ki2(p, t, prev))
        }),
        (
            "hodges",
            |p, m, _| western::write(p, m, Style::Hodges),
            |p, t, _| e(western::parse(p, t)),
        ),
        (
            "numeric",
            |p, m, _| western::write(p, m, Style::Numeric),
            |p, t, _| e(western::parse(p, t)),
        ),
        (
            "long",
            |p, m, _| western::write(p, m, Style::Long),
            |p, t, _| e(western::parse(p, t)),
        ),
        (
            "german",
            |p, m, _| german::write(p, m),
            |p, t, _| e(german::parse(p, t)),
        ),
    ]
}

/// Every legal move of every position, in every notation, reads back as itself, and no
/// two legal moves of a position share a text.
pub(crate) fn round_trip<V: Variant>(positions: &[(Position<V>, Option<Square>)]) -> usize {
    let mut checked = 0;
    for (p, prev) in positions {
        for (name, write, read) in notations::<V>() {
            let mut seen = HashSet::new();
            for &m in p.legal_moves().iter() {
                let text = write(p, m, *prev);
                assert_eq!(
                    read(p, &text, *prev),
                    Ok(m),
                    "{name} '{text}' in {}",
                    sfen::write(p)
                );
                assert!(seen.insert(text.clone()), "{name}: two moves are '{text}'");
                checked += 1;
            }
        }
    }
    checked
}

#[test]
fn round_trip_shogi_random_games() {
    let mut positions = random_positions(Position::<Shogi>::startpos(), 0x5eed, 24, 120);
    for (i, h) in [Handicap::Bishop, Handicap::TwoPiece, Handicap::TenPiece]
        .into_iter()
        .enumerate()
    {
        let start = Position::<Shogi>::from_setup(&h.setup()).unwrap();
        positions.extend(random_positions(start, 77 + i as u64, 4, 100));
    }
    assert!(positions.len() > 3000, "{}", positions.len());
    let checked = round_trip(&positions);
    assert!(checked > 1_000_000, "{checked}");
}

#[test]
fn round_trip_tori_random_games() {
    let positions = random_positions(Position::<Tori>::startpos(), 0x70e1, 30, 100);
    assert!(positions.len() > 2000, "{}", positions.len());
    round_trip(&positions);
}

#[test]
fn writers_never_panic_on_any_move_encoding() {
    let p = random_positions(Position::<Shogi>::startpos(), 3, 1, 60)
        .pop()
        .unwrap()
        .0;
    for m in koma_rules::all_encodings() {
        for (_, write, read) in notations::<Shogi>() {
            let text = write(&p, m, Some(m.to()));
            let _ = read(&p, &text, None);
        }
    }
    let t = random_positions(Position::<Tori>::startpos(), 3, 1, 40)
        .pop()
        .unwrap()
        .0;
    for m in koma_rules::all_encodings() {
        for (_, write, _) in notations::<Tori>() {
            write(&t, m, None);
        }
    }
}

#[test]
fn readers_never_panic_on_odd_text() {
    let p = Position::<Shogi>::startpos();
    let alphabet: Vec<char> =
        "１７六同　歩成不生打右左直上引寄行入(（)）0０9+=-x:*'#▲△PGKSpLa7fi龍鶉"
            .chars()
            .collect();
    let mut rng = Rng(99);
    for _ in 0..20_000 {
        let len = rng.below(8);
        let text: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        let _ = japanese::parse_kif(&p, &text, Some(sq(7, 6)));
        let _ = japanese::parse_ki2(&p, &text, None);
        let _ = western::parse(&p, &text);
        let _ = german::parse(&p, &text);
        let _ = japanese::parse_ki2(&Position::<Tori>::startpos(), &text, None);
    }
}

// ---- The KI2 records of the corpus ----

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/corpus/ki2");

/// The start position of a KI2 file, as koma's KI2 reader finds it.
fn start_of(text: &str) -> Position<Shogi> {
    let record = koma_notation::ki2::parse(text).expect("the corpus reads");
    match record.start_position().expect("a legal start") {
        koma_rules::AnyPosition::Shogi(p) => p,
        other => panic!("not shogi: {other:?}"),
    }
}

/// Plays every move of a KI2 record (main line and variations), checking that each reads
/// and that the writer gives the record's own text. Returns the number of moves.
fn play_record(name: &str, text: &str) -> usize {
    let start = start_of(text);
    let mut line: Vec<(Position<Shogi>, Option<Square>)> = vec![(start, None)];
    let mut count = 0;
    for raw in text.lines() {
        let l = raw.trim();
        if let Some(n) = l.strip_prefix("変化：") {
            let n: usize = n.trim().trim_end_matches('手').parse().unwrap();
            line.truncate(n);
            continue;
        }
        if !l.starts_with(['▲', '△']) {
            continue;
        }
        let starts: Vec<usize> = l.match_indices(['▲', '△']).map(|(i, _)| i).collect();
        for (k, &i) in starts.iter().enumerate() {
            let token = l[i..starts.get(k + 1).copied().unwrap_or(l.len())].trim();
            let (p, prev) = *line.last().unwrap();
            let m = japanese::parse_ki2(&p, token, prev)
                .unwrap_or_else(|e| panic!("{name}: {e} in {}", sfen::write(&p)));
            let written = japanese::text(&p, m, prev).replace("同　", "同");
            let expected = token.replace("同　", "同").replace(['▲', '△'], "");
            assert_eq!(written[3..], expected, "{name}: {token}");
            line.push((p.after(m), Some(m.to())));
            count += 1;
        }
    }
    count
}

#[test]
fn corpus_ki2_records() {
    let mut files: Vec<_> = std::fs::read_dir(CORPUS)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ki2" || e == "ki2u"))
        .collect();
    files.sort();
    let mut total = 0;
    for path in &files {
        let (text, _) = koma_notation::encoding::decode(&std::fs::read(path).unwrap());
        let name = path.file_name().unwrap().to_string_lossy();
        let n = play_record(&name, &text);
        assert!(n > 0, "{name}: no moves");
        total += n;
    }
    assert_eq!(files.len(), 8);
    assert_eq!(total, 275, "{total}");
}
