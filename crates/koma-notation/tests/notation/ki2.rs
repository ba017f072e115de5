//! KI2: every corpus file reads and agrees with the golden JKF parse; records survive KI2
//! writing (times aside, which KI2 does not hold).

use crate::common::{Compare, compare_line, corpus_files, golden, same_record};
use koma_notation::ki2;
use koma_notation::record::{MoveTree, Record};
use std::path::PathBuf;

fn read(path: &PathBuf) -> Record {
    ki2::parse_bytes(&std::fs::read(path).expect("readable"))
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_corpus_ki2_reads_and_round_trips() {
    let files = corpus_files("ki2", &["ki2", "ki2u"]);
    assert!(files.len() >= 8);
    for path in &files {
        let name = path.display().to_string();
        let record = read(path);
        assert!(!record.tree.is_empty(), "{name}");
        let written = ki2::write(&record).expect("writes");
        let again =
            ki2::parse(&written).unwrap_or_else(|e| panic!("{name} as written: {e}\n{written}"));
        same_record(
            &record,
            &again,
            Compare {
                times: false,
                notes: true,
            },
            &name,
        );
    }
}

#[test]
fn corpus_ki2_agrees_with_golden_jkf() {
    let mut compared = 0;
    for path in corpus_files("ki2", &["ki2", "ki2u"]) {
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        let Some(moves) = golden("ki2", &file) else {
            continue;
        };
        let record = read(&path);
        let first = record.tree.first_child(MoveTree::ROOT);
        compare_line(&record.tree, first, &moves, &file);
        compared += 1;
    }
    assert!(compared >= 5, "only {compared} golden files compared");
}

#[test]
fn handicap_players_are_found_as_sente_and_gote() {
    let path = corpus_files("ki2", &["ki2u"])
        .into_iter()
        .find(|p| p.ends_with("7mai.ki2u"))
        .expect("7mai.ki2u in the corpus");
    let record = read(&path);
    let h = &record.header;
    // 下手 (the handicap receiver) moves as sente, 上手 as gote.
    assert_eq!(h.player(koma_rules::Color::Black), Some("shitate"));
    assert_eq!(h.player(koma_rules::Color::White), Some("uwate"));
    assert_eq!(
        record.handicap(),
        Some(koma_rules::Handicap::LeftSevenPiece)
    );
    assert_eq!(h.start_time(), Some("2022/02/06 14:51:20"));
}

/// Found by the `records` fuzz target: a header line holding `encoding=Shift_JIS` among the
/// first lines made the written UTF-8 text read back as Shift_JIS.
#[test]
fn header_text_cannot_pass_for_an_encoding_declaration() {
    use koma_notation::formats::{self, Format};
    let mut record = Record::new(koma_rules::VariantKind::Shogi);
    record
        .header
        .push("' note", "x 'encoding=Shift_JIS 先手の名前");
    for format in [Format::Kif, Format::Ki2] {
        let written = formats::write(&record, format).expect("writes");
        let again = formats::read(written.as_bytes(), format, koma_rules::VariantKind::Shogi)
            .unwrap_or_else(|e| panic!("{format:?}: {e}\n{written}"))
            .record;
        assert_eq!(again.header, record.header, "{format:?}");
    }
}
