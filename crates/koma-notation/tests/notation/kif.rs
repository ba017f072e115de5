//! KIF: every corpus file reads, agrees with the golden JKF parse, and survives a write and
//! re-read with every move, variation, comment, bookmark, time and ending.

use crate::common::{Compare, compare_line, corpus_files, golden, same_record};
use koma_notation::kif;
use koma_notation::record::{MoveTree, Record};
use std::path::PathBuf;

const ALL: Compare = Compare {
    times: true,
    notes: true,
};

fn read(path: &PathBuf) -> Record {
    let bytes = std::fs::read(path).expect("readable");
    kif::parse_bytes(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_corpus_kif_reads_and_round_trips() {
    let files = corpus_files("kif", &["kif", "kifu"]);
    assert!(files.len() >= 20);
    for path in &files {
        let record = read(path);
        let name = path.display().to_string();
        assert!(!record.tree.is_empty(), "{name}: no moves");
        let written = kif::write(&record).unwrap_or_else(|e| panic!("{name}: {e}"));
        let again =
            kif::parse(&written).unwrap_or_else(|e| panic!("{name} as written: {e}\n{written}"));
        same_record(&record, &again, ALL, &name);
        assert_eq!(
            kif::write(&again).expect("writes"),
            written,
            "{name}: second write differs"
        );
    }
}

#[test]
fn corpus_kif_agrees_with_golden_jkf() {
    let mut compared = 0;
    for path in corpus_files("kif", &["kif", "kifu"]) {
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        let Some(moves) = golden("kif", &file) else {
            continue;
        };
        let record = read(&path);
        let first = record.tree.first_child(MoveTree::ROOT);
        compare_line(&record.tree, first, &moves, &file);
        compared += 1;
    }
    assert!(compared >= 10, "only {compared} golden files compared");
}
#[test]
fn broken_kif_names_the_line() {
    let cases = [
        ("手合割：平手\n   1 ７六歩(77)\n   2 ７六歩(77)\n", 3),
        // Misnumbered, and its move does not fit its place either.
        ("手合割：平手\n   1 ７六歩(77)\n   3 ７五歩(76)\n", 3),
        ("手合割：平手\n   1 ７七歩(76)\n", 2),
        (
            "手合割：平手\n   1 ７六歩(77)\n変化：5手\n   5 ３四歩(33)\n",
            3,
        ),
        ("|v香v桂|一\n", 1),
        ("手合割：平手\n   1 ７六歩(77)\nこれは何\n", 3),
    ];
    for (text, line) in cases {
        let e = kif::parse(text).expect_err(text);
        assert_eq!(e.line, line, "{text}: {e}");
    }
}

#[test]
fn same_square_after_an_ending_in_mid_line() {
    // Found by fuzzing: 同 after an ending line refers to the last move before it, as the
    // writers have it (the reader used to find no previous move and refuse its own output).
    let text = "手合割：平手\n1 ７六歩(77)\n2 ３四歩(33)\n3 ２二角成(88)\n4 中断\n5 同　銀(31)\n";
    let record = kif::parse(text).unwrap();
    assert_eq!(record.tree.main_line().len(), 5);
    let again = kif::parse(&kif::write(&record).unwrap()).unwrap();
    assert_eq!(again, record);
}

#[test]
fn a_handicap_after_an_unknown_one_is_written_back() {
    // Found by fuzzing: a 手合割 koma does not know, kept in the header, used to hide the
    // named start when written.
    let text = "手合割：謎の手合\n手合割：香落ち\n1 ５二玉(51)\n";
    let record = kif::parse(text).unwrap();
    assert_eq!(record.handicap(), Some(koma_rules::Handicap::Lance));
    let again = kif::parse(&kif::write(&record).unwrap()).unwrap();
    assert_eq!(again, record);
    // A Tori start's name in a standard shogi record is no start of it.
    let e = kif::parse("手合割：左鶉落ち\n1 ５二玉(51)\n").unwrap_err();
    assert_eq!(e.line, 2, "{e}");
}

#[test]
fn a_time_too_long_to_hold_is_dropped_not_a_panic() {
    // Found by fuzzing: seconds that fit u64 but not as milliseconds.
    let text = "手合割：平手\n1 ７六歩(77) (5000000000000000:00/)\n";
    let record = kif::parse(text).unwrap();
    let first = record.tree.main_line()[0];
    assert_eq!(record.tree.node(first).time, None);
}

#[test]
fn a_hand_of_all_the_rest_is_filled_in() {
    // A mate problem's diagram: the defender (gote) holds every piece not on the board
    // or in the attacker's hand.
    let text = "後手の持駒：残り全部
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| ・ ・ ・ ・ ・ ・ ・v桂v香|一
| ・ ・ ・ ・ ・ ・ ・v玉 ・|二
| ・ ・ ・ ・ ・ ・ ・ ・ ・|三
| ・ ・ ・ ・ ・ ・ ・ と ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八
| ・ ・ ・ ・ ・ ・ ・ ・ ・|九
+---------------------------+
先手の持駒：金　銀
手数----指手---------消費時間--
";
    let record = kif::parse(text).expect("reads");
    let setup = record.start.setup(record.variant);
    let sfen = koma_notation::sfen::write_setup(koma_rules::VariantKind::Shogi, &setup);
    // 17 pawns (one is the tokin), 3 lances, 3 knights, 3 silvers, 3 golds, both bishops
    // and rooks.
    assert!(sfen.contains(" b GS2r2b3g3s3n3l17p "), "{sfen}");
}

#[test]
fn line_breaks_in_the_header_comments_and_bookmarks_start_no_lines_of_their_own() {
    use koma_notation::record::Entry;
    use koma_rules::VariantKind;
    let mut record = Record::new(VariantKind::Shogi);
    // Text from a person (a header field, a comment on the analysis board) that would read as
    // a move, a variation and another header line if written as it is.
    record.header.entries = vec![("先手".into(), "Alice\n1 ２六歩(27)\n後手：Mallory".into())];
    let m = |t: &str| koma_notation::usi::parse_move(VariantKind::Shogi, t).unwrap();
    let first = record.tree.add(MoveTree::ROOT, Entry::Move(m("7g7f")));
    record.tree.node_mut(first).comments = vec!["a plan\r\n変化：1手\n1 ５六歩(57)".into()];
    record.tree.node_mut(first).bookmark = Some("mark\n2 ３四歩(33)".into());
    for (name, text, back) in [
        (
            "KIF",
            kif::write(&record).unwrap(),
            kif::parse as fn(&str) -> _,
        ),
        (
            "KI2",
            koma_notation::ki2::write(&record).unwrap(),
            koma_notation::ki2::parse,
        ),
    ] {
        let back = back(&text).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        assert_eq!(back.tree.main_moves(), vec![m("7g7f")], "{name}:\n{text}");
        assert_eq!(back.tree.len(), 2, "{name}: no variation\n{text}");
        assert_eq!(
            back.header.entries,
            vec![(
                "先手".to_string(),
                "Alice 1 ２六歩(27) 後手：Mallory".to_string()
            )],
            "{name}:\n{text}"
        );
        let node = back
            .tree
            .node(back.tree.first_child(MoveTree::ROOT).unwrap());
        assert_eq!(
            node.comments,
            ["a plan", "変化：1手", "1 ５六歩(57)"],
            "{name}"
        );
        if name == "KIF" {
            assert_eq!(node.bookmark.as_deref(), Some("mark 2 ３四歩(33)"));
        }
    }
}
