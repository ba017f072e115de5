//! Move lists (Western, German, USI words from the start position): read in every style,
//! recognised as such, refused with the place of a bad word; and text that no reader
//! recognises, or that reads as a game without moves though it holds one, refused.

use koma_notation::formats::{self, Format, RecordError};
use koma_notation::move_list::{self, MoveListErrorKind};
use koma_notation::record::{Entry, GameEnd, MoveTree};
use koma_notation::usi;
use koma_rules::VariantKind;

const SHOGI: VariantKind = VariantKind::Shogi;

/// The main line of `text` read as a move list, in USI.
fn usi_moves(text: &str) -> Vec<String> {
    let record = move_list::read(SHOGI, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    record
        .tree
        .main_moves()
        .into_iter()
        .map(|m| usi::write_move(SHOGI, m))
        .collect()
}

#[test]
fn every_style_of_move_list_reads_to_the_same_line() {
    let line = ["7g7f", "3c3d", "2g2f", "8c8d", "8h2b+", "3a2b"];
    for text in [
        // The issue's example, numbered by pairs.
        "1. P-7f P-3d 2. P-2f P-8d 3. Bx2b+ Sx2b",
        // Without numbers, over several lines.
        "P-7f P-3d\nP-2f P-8d\nBx2b+ Sx2b\n",
        // Long forms, numbers glued to the moves, gote's numbered too.
        "1.P7g-7f 1...P3c-3d 2.P2g-2f 2...P8c-8d 3.B8hx2b+ 3...S3ax2b",
        // Numbered by plies with bare numbers.
        "1 P-7f 2 P-3d 3 P-2f 4 P-8d 5 Bx2b+ 6 Sx2b",
        // Numeric ranks and Hosking.
        "P-76 P-34 P-26 P-84 Bx22+ Sx22",
        "P76 P34 P26 P84 Bx22+ Sx22",
        // German: the pawn without a letter, the bishop L, the silver S.
        "7f 3d 2f 8d Lx2b+ Sx2b",
        // USI.
        "7g7f 3c3d 2g2f 8c8d 8h2b+ 3a2b",
        // Japanese words.
        "７六歩 ３四歩 ２六歩 ８四歩 ２二角成 同銀",
    ] {
        assert_eq!(usi_moves(text), line, "{text}");
        let format = Format::recognise(None, text);
        let expected = if text.starts_with('７') {
            None
        } else {
            Some(Format::Moves)
        };
        assert_eq!(format, expected, "{text}");
        let read = formats::read_text(text, Format::Moves, SHOGI).unwrap();
        assert_eq!(read.record.tree.main_moves().len(), 6, "{text}");
    }
}

#[test]
fn comments_and_the_ending_are_kept_and_written_back() {
    let text = "{a quiet opening}\n1. P-7f {the bishop's diagonal} P-3d 2. P-2f\nresign";
    let record = move_list::read(SHOGI, text).unwrap();
    let tree = &record.tree;
    assert_eq!(tree.node(MoveTree::ROOT).comments, ["a quiet opening"]);
    let line = tree.main_line();
    assert_eq!(tree.node(line[0]).comments, ["the bishop's diagonal"]);
    assert_eq!(tree.main_end(), Some(&GameEnd::Resign));
    let written = move_list::write(&record).unwrap();
    assert_eq!(
        written,
        "{a quiet opening} 1. P-7f {the bishop's diagonal} 1... P-3d 2. P-2f resign\n"
    );
    assert_eq!(move_list::read(SHOGI, &written).unwrap(), record);
    // A KIF ending word ends the line too.
    let record = move_list::read(SHOGI, "P-7f P-3d 中断").unwrap();
    assert_eq!(record.tree.main_end(), Some(&GameEnd::Interrupt));
    // Long games break into lines of eight pairs, and read back.
    let shuffle = ["5i4h", "5a4b", "4h5i", "4b5a"].repeat(5);
    let mut record = koma_notation::record::Record::new(SHOGI);
    let mut node = MoveTree::ROOT;
    for m in &shuffle {
        node = record
            .tree
            .add(node, Entry::Move(usi::parse_move(SHOGI, m).unwrap()));
    }
    let written = move_list::write(&record).unwrap();
    assert_eq!(written.lines().count(), 2, "{written}");
    assert!(
        written.starts_with("1. K-4h K-4b 2. K-5i K-5a"),
        "{written}"
    );
    assert_eq!(move_list::read(SHOGI, &written).unwrap(), record);
}

#[test]
fn a_bad_word_is_refused_with_its_line_and_column() {
    let e = move_list::read(SHOGI, "1. P-7f P-3d\n2. P-2f P-3d").unwrap_err();
    assert_eq!((e.line, e.column), (2, 9), "{e}");
    assert!(matches!(e.kind, MoveListErrorKind::Move(_)), "{e:?}");
    assert!(
        e.to_string().starts_with("move list line 2, column 9: "),
        "{e}"
    );
    // A well-formed USI move that breaks a rule.
    let e = move_list::read(SHOGI, "7g7f 7g7f").unwrap_err();
    assert_eq!((e.line, e.column), (1, 6));
    assert!(matches!(e.kind, MoveListErrorKind::Illegal { .. }), "{e:?}");
    let e = move_list::read(SHOGI, "P-7f {never closed").unwrap_err();
    assert_eq!(
        (e.line, e.column, e.kind),
        (1, 6, MoveListErrorKind::UnclosedComment)
    );
    let e = move_list::read(SHOGI, "P-7f resign P-3d").unwrap_err();
    assert_eq!(e.kind, MoveListErrorKind::AfterEnd("P-3d".into()));
    let e = move_list::read(SHOGI, "{only a comment}").unwrap_err();
    assert_eq!(e.kind, MoveListErrorKind::NoMoves);
    // A move list cannot say where a handicap game starts.
    let kif = "手合割：香落ち\n1 ３四歩(33)\n";
    let record = formats::read_text(kif, Format::Kif, SHOGI).unwrap().record;
    let e = move_list::write(&record).unwrap_err();
    assert_eq!(e.kind, MoveListErrorKind::NotFromStart);
}

#[test]
fn the_other_variants_read_their_own_letters() {
    // Minishogi: the silver and the bishop from the start, in Western letters.
    let record = move_list::read(VariantKind::Minishogi, "1. S-2d P-1c").unwrap_or_else(|e| {
        panic!("{e}");
    });
    assert_eq!(record.tree.main_moves().len(), 2);
    let written = move_list::write(&record).unwrap();
    assert_eq!(
        move_list::read(VariantKind::Minishogi, &written).unwrap(),
        record
    );
}

#[test]
fn formats_are_recognised_by_their_marks_and_nothing_else() {
    let cases: [(&str, Option<Format>); 14] = [
        ("手合割：平手\n1 ７六歩(77)\n", Some(Format::Kif)),
        ("   1 ７六歩(77)   ( 0:16/00:00:16)\n", Some(Format::Kif)),
        ("*コメントだけ\n", Some(Format::Kif)),
        ("先手:羽生\n", Some(Format::Kif)),
        ("▲７六歩    △３四歩\n", Some(Format::Ki2)),
        ("V2.2\nPI\n+\n+7776FU\n", Some(Format::Csa)),
        ("P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\n", Some(Format::Csa)),
        ("{\"header\":{},\"moves\":[{}]}", Some(Format::Jkf)),
        ("position startpos moves 7g7f", Some(Format::Usi)),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            Some(Format::Sfen),
        ),
        // A long-form pawn move from file 1 is no CSA board row.
        ("P1g-1f P9c-9d", Some(Format::Moves)),
        ("1. P-7f P-3d 2. P-2f", Some(Format::Moves)),
        ("Dear friend, here is my game.", None),
        ("", None),
    ];
    for (text, format) in cases {
        assert_eq!(Format::recognise(None, text), format, "{text}");
    }
    // detect keeps its old answer for what it cannot tell: KIF.
    assert_eq!(Format::detect(None, "hello"), Format::Kif);
    assert_eq!(Format::from_name("moves"), Some(Format::Moves));
    assert_eq!(
        Format::recognise(Some("game.kif"), "P-7f"),
        Some(Format::Kif)
    );
}

#[test]
fn a_move_list_read_in_another_format_is_refused_not_an_empty_game() {
    // KIF took `1. P-7f ...` for a move line with an unknown ending word: no moves.
    let text = "1. P-7f P-3d 2. P-2f";
    let e = formats::read_text(text, Format::Kif, SHOGI).unwrap_err();
    match &e {
        RecordError::NoMovesRead { format, line, word } => {
            assert_eq!((*format, *line, word.as_str()), ("KIF", 1, "P-7f"));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(e.line(), Some(1));
    assert!(e.to_string().contains("'P-7f'"), "{e}");
    // The same in USI text after a KIF header.
    let text = "先手：甲\n7g7f 3c3d\n";
    let e = formats::read_text(text, Format::Kif, SHOGI).unwrap_err();
    assert_eq!(e.line(), Some(2), "{e}");
    // A KIF of a position alone is a record without moves, even with a move named in its
    // header or comments; so is a JKF with one in a comment.
    let position = "手合割：平手\n備考：P-7f で始める\n*考える局面 P-7f\n";
    let r = formats::read_text(position, Format::Kif, SHOGI).unwrap();
    assert!(r.record.tree.main_moves().is_empty());
    let jkf = r#"{"header":{},"moves":[{"comments":["P-7f or 7g7f"]}]}"#;
    let r = formats::read_text(jkf, Format::Jkf, SHOGI).unwrap();
    assert!(r.record.tree.main_moves().is_empty());
    // Unreadable KIF says its line.
    let e = formats::read_text(
        "手合割：平手\n1 ７六歩(77)\n2 ３四銀(99)\n",
        Format::Kif,
        SHOGI,
    )
    .unwrap_err();
    assert_eq!(e.line(), Some(3), "{e}");
}

/// Words move lists are made of, right and wrong.
const WORDS: [&str; 18] = [
    "P-7f", "P-3d", "P-2f", "Bx2b+", "Sx2b", "7g7f", "3c3d", "1.", "2...", "3", "{a", "b}", "{c}",
    "resign", "投了", "\n", "x", "P*5e",
];

proptest::proptest! {
    /// Any text: no panic, and a move list that reads writes and reads back to the same
    /// moves; recognising it panics on nothing either.
    #[test]
    fn any_text_reads_or_is_refused(
        text in "(\\PC|[ \\n{}.0-9a-iPLNSGBRKx*+=-]){0,40}",
        words in proptest::collection::vec(proptest::sample::select(&WORDS[..]), 0..14),
    ) {
        for text in [text, words.join(" ")] {
            let _ = Format::recognise(None, &text);
            if let Ok(record) = move_list::read(SHOGI, &text) {
                let written = move_list::write(&record).unwrap();
                let again = move_list::read(SHOGI, &written).unwrap();
                // The format has no escape: a brace inside a comment is written as a
                // parenthesis, the rest comes back as it was.
                let mut expected = record.clone();
                for id in 0..expected.tree.len() {
                    for comment in &mut expected.tree.node_mut(id).comments {
                        *comment = comment.replace('{', "(").replace('}', ")");
                    }
                }
                proptest::prop_assert_eq!(&again, &expected, "{} -> {}", text, written);
            }
        }
    }
}
