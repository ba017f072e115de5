//! JKF: every corpus file reads, survives a write and re-read, and keeps what koma keeps.

use crate::common::{Compare, same_record};
use koma_notation::jkf;
use koma_notation::record::{Entry, GameEnd, MoveTree};
use std::path::PathBuf;

#[test]
fn every_corpus_jkf_reads_and_round_trips() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/jkf");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).expect("corpus") {
        let path = entry.expect("entry").path();
        if path.extension().is_none_or(|x| x != "jkf") {
            continue;
        }
        let name = path.display().to_string();
        let text = std::fs::read_to_string(&path).expect("UTF-8 JSON");
        let record = jkf::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!record.tree.is_empty(), "{name}");
        let written = jkf::write(&record).expect("writes");
        let again = jkf::parse(&written).unwrap_or_else(|e| panic!("{name} as written: {e}"));
        same_record(
            &record,
            &again,
            Compare {
                times: true,
                notes: true,
            },
            &name,
        );
        count += 1;
    }
    assert!(count >= 4, "{count} files");
}

#[test]
fn known_content_of_a_corpus_file() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/corpus/jkf/ryuou201409020101.jkf");
    let record = jkf::parse(&std::fs::read_to_string(path).expect("file")).expect("parses");
    let moves = record.tree.main_moves();
    assert_eq!(moves[0].to().to_string(), "7f");
    assert!(record.header.get("先手").is_some());
    let comments = &record.tree.node(MoveTree::ROOT).comments;
    assert!(!comments.is_empty());
    assert!(matches!(
        record
            .tree
            .main_line()
            .last()
            .map(|&id| &record.tree.node(id).entry),
        Some(Some(Entry::End(GameEnd::Resign))) | Some(Some(Entry::Move(_)))
    ));
}

#[test]
fn broken_jkf_is_an_error_with_a_place() {
    let e = jkf::parse("{\"header\": {}, \"moves\": [{}, {\"move\": ").expect_err("truncated");
    assert!(e.to_string().contains("line 1"), "{e}");
    let bad = r#"{"header":{},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":5},"piece":"FU"}}]}"#;
    let e = jkf::parse(bad).expect_err("illegal move");
    assert!(e.to_string().contains("moves[1]"), "{e}");
    assert!(
        matches!(
            &e,
            jkf::JkfError::Content {
                kind: jkf::ContentError::IllegalMove(koma_rules::IllegalMove::NotAMoveOfThisPiece),
                ..
            }
        ),
        "{e:?}"
    );
    let bad = r#"{"header":{},"moves":[{},{"move":{"color":0,"from":{"x":0,"y":7},"to":{"x":7,"y":5},"piece":"FU"}}]}"#;
    assert!(matches!(
        jkf::parse(bad),
        Err(jkf::JkfError::Content {
            kind: jkf::ContentError::OffBoard(0, 7),
            ..
        })
    ));
    let bad = r#"{"header":{},"initial":{"preset":"XYZ"},"moves":[]}"#;
    assert!(matches!(
        jkf::parse(bad),
        Err(jkf::JkfError::Content {
            kind: jkf::ContentError::PresetNeedsData(_),
            ..
        })
    ));
}
