//! Records that real programs write outside their format, read with a warning each: the
//! files are koma's own (`tests/data/`), each reproducing one kind of input.

use koma_notation::diagram::DiagramError;
use koma_notation::encoding::Encoding;
use koma_notation::formats::{self, Format};
use koma_notation::kif::{self, KifErrorKind};
use koma_notation::record::{Entry, GameEnd, Record};
use koma_notation::warning::{Reading, WarningKind};
use koma_rules::{IllegalMove, VariantKind};
use std::path::PathBuf;

/// The bytes of test file `name`.
fn data(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Reads test file `name` in the format its extension names.
fn read(name: &str) -> Reading {
    let format = Format::detect(Some(name), "");
    formats::read(&data(name), format, VariantKind::Shogi).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The warnings' kinds with their lines.
fn warnings(r: &Reading) -> Vec<(usize, WarningKind)> {
    r.warnings
        .iter()
        .map(|w| (w.line, w.kind.clone()))
        .collect()
}

/// Writes `record` in `format` and reads it back, which must need no leniency but the
/// foul it may end with.
fn round_trip(record: &Record, format: Format) -> Record {
    let text = formats::write(record, format).unwrap_or_else(|e| panic!("{format:?}: {e}"));
    let back = formats::read(text.as_bytes(), format, record.variant)
        .unwrap_or_else(|e| panic!("{format:?}: {e}\n{text}"));
    for w in &back.warnings {
        assert!(
            matches!(w.kind, WarningKind::IllegalLastMove { .. }),
            "{format:?}: {w}\n{text}"
        );
    }
    back.record
}

#[test]
fn an_encoding_declaration_the_bytes_belie_is_overruled() {
    let cases = [
        (
            "utf8-declared-on-sjis.kif",
            Encoding::Utf8,
            Encoding::ShiftJis,
        ),
        (
            "sjis-declared-on-utf8.kif",
            Encoding::ShiftJis,
            Encoding::Utf8,
        ),
        (
            "utf8-declared-on-sjis.ki2",
            Encoding::Utf8,
            Encoding::ShiftJis,
        ),
        (
            "sjis-declared-on-utf8.csa",
            Encoding::ShiftJis,
            Encoding::Utf8,
        ),
    ];
    for (name, declared, found) in cases {
        let r = read(name);
        assert_eq!(r.record.header.get("先手"), Some("甲野一郎"), "{name}");
        assert_eq!(r.record.header.get("後手"), Some("乙川二郎"), "{name}");
        assert_eq!(
            warnings(&r),
            [(1, WarningKind::WrongEncoding { declared, found })],
            "{name}"
        );
        let message = r.warnings[0].to_string();
        assert!(message.starts_with("line 1: "), "{message}");
        assert!(message.contains(declared.name()) && message.contains(found.name()));
    }
    let kif = read("utf8-declared-on-sjis.kif").record;
    assert_eq!(kif.tree.main_moves().len(), 4);
    assert_eq!(kif.tree.main_end(), Some(&GameEnd::Resign));
    // The same text, already decoded, is read as it is, whatever it declares.
    let text = String::from_utf8(data("sjis-declared-on-utf8.kif")).unwrap();
    let r = formats::read_text(&text, Format::Kif, VariantKind::Shogi).unwrap();
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    assert_eq!(r.record, kif);
}

#[test]
fn misnumbered_variation_lines_are_read_by_position() {
    let r = read("misnumbered-variation.kif");
    assert_eq!(
        warnings(&r),
        [
            (
                14,
                WarningKind::MoveNumber {
                    written: 5,
                    expected: 6
                }
            ),
            (
                15,
                WarningKind::MoveNumber {
                    written: 8,
                    expected: 7
                }
            ),
            (
                16,
                WarningKind::MoveNumber {
                    written: 9,
                    expected: 8
                }
            ),
        ]
    );
    let tree = &r.record.tree;
    let fourth = tree.main_line()[3];
    let alt = tree.alternatives(fourth).next().expect("the variation");
    let line: Vec<_> = std::iter::once(alt).chain(tree.line_from(alt)).collect();
    assert_eq!(line.len(), 5, "4, 5, 6, 7 and the ending");
    assert_eq!(
        tree.node(line[4]).entry,
        Some(Entry::End(GameEnd::Interrupt))
    );
    let back = round_trip(&r.record, Format::Kif);
    assert_eq!(back, r.record);
    // A misnumbered line whose move does not fit its place stays an error, with the number.
    let text = "手合割：平手\n   1 ７六歩(77)\n   1 ７五歩(76)\n";
    let e = kif::parse(text).unwrap_err();
    assert_eq!(
        (e.line, e.kind),
        (
            3,
            KifErrorKind::MoveNumber {
                written: 1,
                expected: 2
            }
        )
    );
}

#[test]
fn csa_statements_after_a_comma_comments_included() {
    let r = read("comma-statements.csa");
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    let tree = &r.record.tree;
    let line = tree.main_line();
    assert_eq!(tree.main_moves().len(), 4);
    assert_eq!(tree.main_end(), Some(&GameEnd::EnteringKingWin));
    assert_eq!(tree.node(line[0]).comments, ["a comment, with a comma"]);
    assert_eq!(tree.node(line[1]).comments, ["* 30 -3334FU +2726FU"]);
    assert_eq!(tree.node(line[1]).time.map(|t| t.spent_ms), Some(12_000));
    assert_eq!(tree.node(line[4]).comments, ["* -5000 win"]);
    assert_eq!(round_trip(&r.record, Format::Csa), r.record);
}

/// Checks that `name` ends with a foul breaking `reason`, kept as the mover's loss, and
/// that every format writes it in a way that reads back.
fn ends_with_foul(name: &str, plies: usize, reason: IllegalMove, line: usize) -> Record {
    let r = read(name);
    let record = r.record;
    assert_eq!(record.tree.main_moves().len(), plies, "{name}");
    assert_eq!(record.tree.main_end(), Some(&GameEnd::IllegalWin), "{name}");
    let foul: Vec<_> = r
        .warnings
        .iter()
        .filter_map(|w| match &w.kind {
            WarningKind::IllegalLastMove { reason, .. } => Some((w.line, *reason)),
            _ => None,
        })
        .collect();
    assert_eq!(foul, [(line, reason)], "{name}: {:?}", r.warnings);
    // The position up to the foul is legal; the foul itself is not.
    let before = formats::position_at(&record, plies - 1).unwrap();
    let last = *record.tree.main_moves().last().unwrap();
    assert_eq!(before.is_legal(last), Err(reason), "{name}");
    // The position formats, for engines, stop before the foul.
    let usi = formats::write(&record, Format::Usi).unwrap();
    let usi = formats::read(usi.as_bytes(), Format::Usi, record.variant).unwrap();
    assert_eq!(usi.record.tree.main_moves().len(), plies - 1, "{name}");
    let sfen = formats::write(&record, Format::Sfen).unwrap();
    assert_eq!(
        sfen.trim(),
        koma_notation::sfen::write_any(&before),
        "{name}"
    );
    for format in [Format::Kif, Format::Ki2, Format::Csa, Format::Jkf] {
        let back = round_trip(&record, format);
        assert_eq!(
            back.tree.main_moves(),
            record.tree.main_moves(),
            "{name} {format:?}"
        );
        assert_eq!(
            back.tree.main_end(),
            Some(&GameEnd::IllegalWin),
            "{name} {format:?}"
        );
    }
    record
}

#[test]
fn a_record_ending_with_a_foul_keeps_the_move() {
    ends_with_foul("two-pawns-last.kif", 11, IllegalMove::TwoPawns, 16);
    ends_with_foul(
        "king-left-in-check-last.ki2",
        5,
        IllegalMove::KingInCheck,
        5,
    );
    let csa = ends_with_foul("pawn-drop-mate-last.csa", 1, IllegalMove::DropPawnMate, 15);
    // A pinned gold moved, with a gold in hand that could drop there legally: the
    // relative notation would read back as the drop, so KI2 gives the origin.
    ends_with_foul("pinned-gold-last.csa", 1, IllegalMove::KingInCheck, 15);
    let foul = csa.tree.main_line()[0];
    assert_eq!(csa.tree.node(foul).time.map(|t| t.spent_ms), Some(5000));
}

#[test]
fn what_follows_a_foul() {
    let opening = "手合割：平手\n1 ７六歩(77)\n2 ３四歩(33)\n3 ６八玉(59)\n4 ８四歩(83)\n";
    // "反則負け" written after the foul means its mover lost.
    let text = format!("{opening}5 ７七玉(68)\n6 反則負け\n");
    let r = kif::read_variant(VariantKind::Shogi, &text).unwrap();
    assert_eq!(r.record.tree.main_end(), Some(&GameEnd::IllegalWin));
    assert!(
        r.warnings
            .iter()
            .any(|w| w.line == 7 && matches!(w.kind, WarningKind::EndingAfterIllegalMove { .. })),
        "{:?}",
        r.warnings
    );
    // A move after a foul: the foul is an error on its line.
    let text = format!("{opening}5 ７七玉(68)\n6 ８五歩(84)\n");
    let e = kif::parse(&text).unwrap_err();
    assert_eq!(e.line, 6);
    assert!(matches!(
        e.kind,
        KifErrorKind::IllegalMove {
            reason: IllegalMove::KingInCheck,
            ..
        }
    ));
    // A move no piece can make is no foul: an error.
    let e = kif::parse(&format!("{opening}5 ７四歩(76)\n")).unwrap_err();
    assert_eq!(e.line, 6, "{e}");
    // CSA: the foul, then the end code that names it.
    let csa = "PI\n+\n+7776FU\n-3334FU\n+5968OU\n-8384FU\n+6877OU\n%ILLEGAL_MOVE\n";
    let record = koma_notation::csa::parse(csa).unwrap();
    assert_eq!(record.tree.main_moves().len(), 5);
    assert_eq!(record.tree.main_end(), Some(&GameEnd::IllegalWin));
    let e =
        koma_notation::csa::parse("PI\n+\n+7776FU\n-3334FU\n+5968OU\n-8384FU\n+6877OU\n-8485FU\n")
            .unwrap_err();
    assert_eq!(e.line, 7);
}

#[test]
fn several_csa_games_read_the_first_with_a_warning() {
    let r = read("two-games.csa");
    assert_eq!(r.record.header.get("先手"), Some("first"));
    assert_eq!(warnings(&r), [(0, WarningKind::MoreRecords { count: 2 })]);
    let all = formats::read_all(&data("two-games.csa"), Format::Csa, VariantKind::Shogi).unwrap();
    assert_eq!(all.len(), 2);
    assert_eq!(all[1].record.header.get("先手"), Some("second"));
    assert!(all.iter().all(|r| r.warnings.is_empty()));
}

#[test]
fn a_file_of_usi_lines_reads_the_first_with_a_warning() {
    // ShogiHome's book sources: `.sfen` files whose lines are `position ... moves ...`.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus/sfen/shogihome-book-src05.sfen"
    );
    let bytes = std::fs::read(path).unwrap();
    let text = String::from_utf8(bytes.clone()).unwrap();
    let format = Format::detect(Some(path), &text);
    assert_eq!(format, Format::Usi);
    let r = formats::read(&bytes, format, VariantKind::Shogi).unwrap();
    assert_eq!(r.record.tree.main_moves().len(), 5);
    assert_eq!(warnings(&r), [(0, WarningKind::MoreRecords { count: 2 })]);
    let all = formats::read_all(&bytes, format, VariantKind::Shogi).unwrap();
    assert_eq!(all.len(), 2);
    assert_eq!(all[1].record.tree.main_moves().len(), 6);
    // A real SFEN in a `.sfen` file stays an SFEN.
    let sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    assert_eq!(Format::detect(Some("a.sfen"), sfen), Format::Sfen);
}

#[test]
fn the_square_before_same_and_enter_for_up() {
    let r = read("square-and-same.kif");
    assert_eq!(r.record.tree.main_moves().len(), 9);
    let lines: Vec<usize> = r
        .warnings
        .iter()
        .filter(|w| matches!(w.kind, WarningKind::SquareBeforeSame { .. }))
        .map(|w| w.line)
        .collect();
    assert_eq!(lines, [10, 11]);
    let ki2 = "▲２六歩 △８四歩 ▲２五歩 △８五歩 ▲２四歩 △２四同歩\n";
    let r = koma_notation::ki2::read_variant(VariantKind::Shogi, ki2).unwrap();
    assert_eq!(r.record.tree.main_moves().len(), 6);
    assert!(matches!(
        r.warnings[..],
        [koma_notation::warning::Warning {
            line: 1,
            kind: WarningKind::SquareBeforeSame { .. }
        }]
    ));
    let r = read("enter-as-up.ki2");
    let moves = r.record.tree.main_moves();
    assert_eq!(
        koma_notation::usi::write_move(VariantKind::Shogi, moves[2]),
        "6i5h"
    );
    assert_eq!(
        warnings(&r),
        [(
            3,
            WarningKind::EnterAsUp {
                text: "▲５八金入".into()
            }
        )]
    );
}

#[test]
fn tori_that_does_not_say_so_is_read_as_tori() {
    let r = read("undeclared-tori.kif");
    assert_eq!(r.record.variant, VariantKind::Tori);
    assert_eq!(r.record.tree.main_moves().len(), 3);
    assert_eq!(
        warnings(&r),
        [(
            0,
            WarningKind::UndeclaredTori {
                piece: "燕".into()
            }
        )]
    );
    // A broken standard record without Tori pieces keeps its own error.
    let e = kif::parse("手合割：平手\n1 ７五歩(77)\n").unwrap_err();
    assert_eq!(e.line, 2);
}

#[test]
fn kif_errors_are_matched_by_kind() {
    let e = kif::parse("|v香v桂|一\n").unwrap_err();
    assert_eq!(
        e.kind,
        KifErrorKind::Diagram(DiagramError::CellCount { files: 9, found: 4 })
    );
    assert_eq!(
        e.to_string(),
        "KIF line 1: a rank has 9 cells of two characters, found 4 characters"
    );
    let e = kif::parse("先手の持駒：象\n").unwrap_err();
    assert_eq!(
        e.kind,
        KifErrorKind::Diagram(DiagramError::NotAHandPiece("象".into()))
    );
    let e = kif::parse("手合割：平手\n1 ７六歩(77)\n先手：甲\n").unwrap_err();
    assert_eq!(e.kind, KifErrorKind::HeaderAmongMoves("先手".into()));
    let e = kif::parse("手合割：平手\n変化：0手\n").unwrap_err();
    assert_eq!((e.line, e.kind), (2, KifErrorKind::VariationAtZero));
    let e = koma_notation::usi_line::parse(VariantKind::Shogi, "position startpos moves 7g7e")
        .unwrap_err();
    assert_eq!(e.column, 25);
    assert!(matches!(
        e.kind,
        koma_notation::usi_line::UsiLineErrorKind::IllegalMove {
            reason: IllegalMove::NotAMoveOfThisPiece,
            ..
        }
    ));
}

#[test]
fn a_time_after_a_commented_out_move_is_ignored() {
    // cshogi's test shape: a move commented out, its `T` line left behind.
    let r = read("commented-move-time.csa");
    assert_eq!(r.record.tree.main_moves().len(), 2);
    let first = r.record.tree.main_line()[0];
    assert_eq!(
        r.record.tree.node(first).time.map(|t| t.spent_ms),
        Some(3000)
    );
    assert_eq!(
        warnings(&r),
        [(7, WarningKind::TimeWithoutMove { text: "T1".into() })]
    );
    // Without the comment before it, a time before any move is still an error.
    let bare = b"PI\n+\nT1\n+7776FU\n";
    assert!(formats::read(bare, Format::Csa, VariantKind::Shogi).is_err());
}

#[test]
fn floodgate_summaries_end_records_without_an_end_code() {
    // An illegal move: Floodgate writes no end code, the summary names the loser (gote,
    // to move after sente's third move).
    let r = read("floodgate-illegal-move.csa");
    assert_eq!(r.record.tree.main_moves().len(), 3);
    assert_eq!(r.record.tree.main_end(), Some(&GameEnd::IllegalLoss));
    let kind = WarningKind::EndingFromSummary {
        reason: "illegal move".into(),
        ending: "ILLEGAL_MOVE".into(),
    };
    assert_eq!(warnings(&r), [(32, kind)]);
    // The move limit: a draw by it.
    let r = read("floodgate-max-moves.csa");
    assert_eq!(r.record.tree.main_end(), Some(&GameEnd::MaxMoves));
    assert_eq!(r.warnings.len(), 1);
    // Written back, the ending is an end code of its own: no leniency needed.
    let back = round_trip(&r.record, Format::Csa);
    assert_eq!(back.tree.main_end(), Some(&GameEnd::MaxMoves));
}
