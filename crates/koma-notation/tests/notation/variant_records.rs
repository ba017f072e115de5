//! Records of minishogi, Kyoto shogi and Dōbutsu shogi: KIF and KI2 as lishogi's shogiops
//! writes them (`手合割：5五将棋`, `手合割：京都将棋`), USI and SFEN for all three, and
//! clear errors where a format has no convention (KIF and KI2 for Dōbutsu, CSA and JKF for
//! all three).

use crate::movetext::Rng;
use koma_notation::formats::{self, Format, RecordError};
use koma_notation::kif::{KifError, KifErrorKind};
use koma_notation::record::{Entry, GameEnd, MoveTree, Record, Start};
use koma_notation::{ki2, kif};
use koma_rules::variants::{Dobutsu, Kyoto, Minishogi};
use koma_rules::{Handicap, Move, Position, Variant, VariantKind};
use std::path::PathBuf;

/// A random game of `V` of at most `plies` moves, resigned if it did not end.
fn random_game<V: Variant>(seed: u64, plies: usize) -> Record {
    let mut rng = Rng(seed);
    let mut record = Record::new(V::KIND);
    let mut pos = Position::<V>::startpos();
    let mut node = MoveTree::ROOT;
    for _ in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            return record;
        }
        let m = legal[rng.below(legal.len())];
        node = record.tree.add(node, Entry::Move(m));
        pos.play(m).unwrap();
    }
    record.tree.add(node, Entry::End(GameEnd::Resign));
    record
}

/// The record's start and main line, what every format must keep.
fn game(record: &Record) -> (VariantKind, Setup, Vec<Move>) {
    (
        record.variant,
        record.start.setup(record.variant),
        record.tree.main_moves(),
    )
}

type Setup = koma_rules::Setup;

/// Writes `record` in `format` and reads it back, asking for `asked`.
fn again(record: &Record, format: Format, asked: VariantKind) -> Record {
    let text = formats::write(record, format).unwrap_or_else(|e| panic!("{format:?}: {e}"));
    formats::read_text(&text, format, asked)
        .unwrap_or_else(|e| panic!("{format:?}: {e}\n{text}"))
        .record
}

/// Games of `V` written and read back in KIF, KI2 and USI: same variant, start and moves.
fn round_trip_records<V: Variant>(seed: u64) {
    for i in 0..12 {
        let record = random_game::<V>(seed + i, 60);
        for format in [Format::Kif, Format::Ki2] {
            // The 手合割 says the variant: read with koma's default (shogi), it is found.
            for asked in [VariantKind::Shogi, V::KIND] {
                let back = again(&record, format, asked);
                assert_eq!(game(&back), game(&record), "{format:?} asked {asked:?}");
                assert_eq!(back.tree.main_end(), record.tree.main_end(), "{format:?}");
            }
        }
        let back = again(&record, Format::Usi, V::KIND);
        assert_eq!(game(&back), game(&record), "usi");
    }
}

#[test]
fn minishogi_records_round_trip() {
    round_trip_records::<Minishogi>(1);
}

#[test]
fn kyoto_records_round_trip() {
    round_trip_records::<Kyoto>(100);
}

#[test]
fn the_header_names_the_small_variants_as_shogiops_does() {
    let kif = formats::write(&random_game::<Minishogi>(7, 10), Format::Kif).unwrap();
    assert!(kif.contains("\n手合割：5五将棋\n"), "{kif}");
    let ki2 = formats::write(&random_game::<Kyoto>(7, 10), Format::Ki2).unwrap();
    assert!(ki2.contains("\n手合割：京都将棋\n"), "{ki2}");
    // A full-width ５ reads too.
    let r = kif::parse("手合割：５五将棋\n1 ５三歩(54)\n").unwrap();
    assert_eq!(r.variant, VariantKind::Minishogi);
}

#[test]
fn a_position_start_keeps_the_variant_and_its_diagram() {
    for (variant, record) in [
        (VariantKind::Minishogi, random_game::<Minishogi>(31, 30)),
        (VariantKind::Kyoto, random_game::<Kyoto>(32, 30)),
    ] {
        // Start from the position after ten moves, with what followed.
        let moves = record.tree.main_moves();
        let mut pos = variant.startpos();
        for &m in &moves[..10] {
            pos.play(m).unwrap();
        }
        let mut custom = Record::new(variant);
        // A diagram does not say the move number.
        let mut setup = pos.to_setup();
        setup.ply = 1;
        custom.start = Start::Custom(setup);
        let mut node = MoveTree::ROOT;
        for &m in &moves[10..] {
            node = custom.tree.add(node, Entry::Move(m));
        }
        for format in [Format::Kif, Format::Ki2] {
            let text = formats::write(&custom, format).unwrap();
            let name = kif::even_game_name(variant).unwrap();
            assert!(
                text.contains(&format!("手合割：{name}\n後手の持駒")),
                "{text}"
            );
            let back = again(&custom, format, VariantKind::Shogi);
            assert_eq!(game(&back), game(&custom), "{format:?}\n{text}");
            assert_eq!(back.start, custom.start);
            assert!(back.header.get("手合割").is_none(), "{:?}", back.header);
        }
    }
}

#[test]
fn usi_and_sfen_hold_all_three() {
    let records = [
        random_game::<Minishogi>(5, 40),
        random_game::<Kyoto>(6, 40),
        random_game::<Dobutsu>(7, 40),
    ];
    for record in records {
        let back = again(&record, Format::Usi, record.variant);
        assert_eq!(game(&back), game(&record));
        let end = formats::position_at(&record, usize::MAX).unwrap();
        let sfen = formats::write(&record, Format::Sfen).unwrap();
        let read = formats::read_text(&sfen, Format::Sfen, record.variant).unwrap();
        assert_eq!(read.record.start, Start::Custom(end.to_setup()), "{sfen}");
    }
}

fn unsupported(e: RecordError) -> (&'static str, &'static str) {
    match e {
        RecordError::Kif(KifError {
            kind: KifErrorKind::Unsupported { variant, format },
            ..
        }) => (variant, format),
        RecordError::StandardOnly { format, variant } => (variant, format),
        other => panic!("not an unsupported variant: {other}"),
    }
}

#[test]
fn formats_without_a_convention_say_so() {
    let dobutsu = random_game::<Dobutsu>(9, 20);
    for (format, name) in [(Format::Kif, "KIF"), (Format::Ki2, "KI2")] {
        let e = formats::write(&dobutsu, format).unwrap_err();
        assert!(e.to_string().contains("dobutsu"), "{e}");
        assert_eq!(unsupported(e), ("dobutsu", name));
        let e = formats::read_text("1 ２二ひよこ(23)\n", format, VariantKind::Dobutsu).unwrap_err();
        assert_eq!(unsupported(e), ("dobutsu", name));
    }
    let records = [
        random_game::<Minishogi>(9, 20),
        random_game::<Kyoto>(9, 20),
        dobutsu,
    ];
    for record in &records {
        let variant = record.variant.name();
        let held: Vec<Format> = Format::ALL
            .into_iter()
            .filter(|f| f.holds(record.variant))
            .collect();
        let expected: &[Format] = match record.variant {
            VariantKind::Dobutsu => &[Format::Usi, Format::Sfen, Format::Moves],
            _ => &[
                Format::Kif,
                Format::Ki2,
                Format::Usi,
                Format::Sfen,
                Format::Moves,
            ],
        };
        assert_eq!(held, expected, "{variant}");
        for (format, name) in [(Format::Csa, "CSA"), (Format::Jkf, "JKF")] {
            let e = formats::write(record, format).unwrap_err();
            assert_eq!(unsupported(e), (variant, name));
            // Never read as a shogi record either.
            let shogi = formats::write(&Record::new(VariantKind::Shogi), format).unwrap();
            let e = formats::read_text(&shogi, format, record.variant).unwrap_err();
            assert_eq!(unsupported(e), (variant, name));
        }
    }
}

#[test]
fn an_unknown_handicap_is_an_error_not_shogi() {
    let e = kif::parse("手合割：どうぶつしょうぎ\n1 ２二ひよこ(23)\n").unwrap_err();
    assert_eq!(e.line, 1, "{e}");
    assert_eq!(
        e.kind,
        KifErrorKind::UnknownHandicap("どうぶつしょうぎ".into())
    );
    let e = ki2::parse("手合割：中将棋\n▲７六歩\n").unwrap_err();
    assert_eq!(e.kind, KifErrorKind::UnknownHandicap("中将棋".into()));
    // With a board diagram the start is known: the name stays in the header.
    let mut board = Record::new(VariantKind::Shogi);
    board.start = Start::Custom(VariantKind::Shogi.startpos().to_setup());
    board.header.push("手合割", "その他");
    let text = kif::write(&board).unwrap();
    let back = kif::parse(&text).unwrap();
    assert_eq!(back.header.get("手合割"), Some("その他"));
    assert_eq!(back.start, board.start);
}

#[test]
fn a_header_naming_another_variant_is_an_error() {
    let e = kif::parse_variant(VariantKind::Kyoto, "手合割：5五将棋\n1 ５三歩(54)\n").unwrap_err();
    assert_eq!(e.line, 1);
    assert_eq!(
        e.kind,
        KifErrorKind::VariantMismatch {
            asked: "kyotoshogi",
            found: "minishogi",
            name: "5五将棋".into()
        }
    );
    // 平手 is the even game of the variant asked for (koma writes Tori's so).
    let r = kif::parse_variant(VariantKind::Minishogi, "手合割：平手\n1 ５三歩(54)\n").unwrap();
    assert_eq!(r.variant, VariantKind::Minishogi);
    assert_eq!(r.start, Start::Named(Handicap::Even));
}

fn data(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Reads a record file of the test data (as koma's default, shogi), checks its variant and
/// moves (as USI), and that writing it again and reading gives the same game.
fn read_file(name: &str, variant: VariantKind, usi: &[&str]) -> Record {
    let format = Format::detect(Some(name), "");
    let reading = formats::read(&data(name), format, VariantKind::Shogi)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(
        reading.warnings.is_empty(),
        "{name}: {:?}",
        reading.warnings
    );
    let record = reading.record;
    assert_eq!(record.variant, variant, "{name}");
    let moves: Vec<String> = record
        .tree
        .main_moves()
        .iter()
        .map(|&m| koma_notation::usi::write_move(variant, m))
        .collect();
    assert_eq!(moves, usi, "{name}");
    for format in [Format::Kif, Format::Ki2] {
        assert_eq!(game(&again(&record, format, variant)), game(&record));
    }
    record
}

#[test]
fn lishogi_style_files_read() {
    let mini = read_file(
        "minishogi-lishogi.kif",
        VariantKind::Minishogi,
        &["2e3d", "3a2b", "3d1b", "2a1b", "3e4d"],
    );
    assert_eq!(mini.tree.main_end(), Some(&GameEnd::Resign));
    assert_eq!(mini.header.player(koma_rules::Color::Black), Some("sente"));
    let kyoto = read_file(
        "kyoto-lishogi.kif",
        VariantKind::Kyoto,
        &["1e1d+", "5a5b+", "1d1a+", "5b5d+", "T*3c"],
    );
    assert_eq!(kyoto.tree.main_end(), Some(&GameEnd::Resign));
    let ki2 = read_file(
        "kyoto.ki2",
        VariantKind::Kyoto,
        &["1e1d+", "5a5b+", "1d1a+", "5b5d+", "T*3c"],
    );
    assert_eq!(ki2.tree.main_end(), Some(&GameEnd::Resign));
    // A diagram with the back faces: sente's rook takes the lance (a tokin in hand).
    let board = read_file("kyoto-board.kif", VariantKind::Kyoto, &["1e1a+", "2a2b+"]);
    assert!(matches!(board.start, Start::Custom(_)));
}

#[test]
fn the_small_variants_handicaps_are_lishogis() {
    // scalashogi's `Handicap.scala` (lishogi), `allByVariant`.
    let lishogi = [
        (Handicap::MiniBishop, "r1sgk/4p/5/P4/KGSBR w - 1"),
        (Handicap::MiniRook, "1bsgk/4p/5/P4/KGSBR w - 1"),
        (Handicap::MiniTwoPiece, "2sgk/4p/5/P4/KGSBR w - 1"),
        (Handicap::MiniThreePiece, "3gk/4p/5/P4/KGSBR w - 1"),
        (Handicap::MiniFourPiece, "4k/4p/5/P4/KGSBR w - 1"),
        (Handicap::KyotoTokin, "pgks1/5/5/5/TSKGP w - 1"),
        (Handicap::KyotoSilver, "pgk1t/5/5/5/TSKGP w - 1"),
        (Handicap::KyotoPawn, "1gkst/5/5/5/TSKGP w - 1"),
        (Handicap::KyotoGold, "p1kst/5/5/5/TSKGP w - 1"),
        (Handicap::KyotoTwoPiece, "1gks1/5/5/5/TSKGP w - 1"),
        (Handicap::KyotoThreePiece, "1gk2/5/5/5/TSKGP w - 1"),
        (Handicap::KyotoNakedKing, "2k2/5/5/5/TSKGP w - 1"),
        (Handicap::DobutsuChick, "rkb/3/1P1/BKR w - 1"),
    ];
    for (h, sfen) in lishogi {
        let variant = h.variant().expect("a variant's handicap");
        assert_eq!(
            koma_notation::sfen::write_setup(variant, &h.setup()),
            sfen,
            "{h:?}"
        );
        assert_eq!(Handicap::named(variant, h.japanese()), Some(h));
        assert_eq!(Handicap::from_name(h.name()), Some(h));
        // The start position is valid, and a record from it reads back from KIF.
        let pos = variant.position(&h.setup()).expect("valid");
        let mut record = Record::new(variant);
        record.start = Start::Named(h);
        if let Some(&m) = pos.legal_moves().first() {
            record.tree.add(MoveTree::ROOT, Entry::Move(m));
        }
        let formats: &[Format] = if variant == VariantKind::Dobutsu {
            &[Format::Usi]
        } else {
            &[Format::Kif, Format::Ki2, Format::Usi]
        };
        for &format in formats {
            let back = again(&record, format, variant);
            assert_eq!(game(&back), game(&record), "{h:?} {format:?}");
        }
    }
    // A Japanese name several variants use is shogi's unless the variant is given.
    assert_eq!(Handicap::from_name("角落ち"), Some(Handicap::Bishop));
    assert_eq!(
        Handicap::named(VariantKind::Minishogi, "角落ち"),
        Some(Handicap::MiniBishop)
    );
}

#[test]
fn a_five_by_five_diagram_without_a_header_is_minishogi() {
    // A minishogi record from a position, its 手合割 line taken out: the diagram tells.
    let record = random_game::<Minishogi>(41, 30);
    let mut pos = VariantKind::Minishogi.startpos();
    let moves = record.tree.main_moves();
    for &m in &moves[..6] {
        pos.play(m).unwrap();
    }
    let mut custom = Record::new(VariantKind::Minishogi);
    let mut setup = pos.to_setup();
    setup.ply = 1;
    custom.start = Start::Custom(setup);
    let mut node = MoveTree::ROOT;
    for &m in &moves[6..] {
        node = custom.tree.add(node, Entry::Move(m));
    }
    let text = kif::write(&custom)
        .unwrap()
        .replace("手合割：5五将棋\n", "");
    assert!(!text.contains("手合割"), "{text}");
    let reading = formats::read_text(&text, Format::Kif, VariantKind::Shogi).unwrap();
    assert_eq!(reading.record.variant, VariantKind::Minishogi);
    assert_eq!(game(&reading.record), game(&custom));
    assert!(
        reading
            .warnings
            .iter()
            .any(|w| w.to_string().contains("read as minishogi")),
        "{:?}",
        reading.warnings
    );
    // A standard 9x9 diagram stays shogi.
    let mut shogi = Record::new(VariantKind::Shogi);
    shogi.start = Start::Custom(VariantKind::Shogi.startpos().to_setup());
    let text = kif::write(&shogi).unwrap();
    let back = formats::read_text(&text, Format::Kif, VariantKind::Shogi).unwrap();
    assert_eq!(back.record.variant, VariantKind::Shogi);
}
