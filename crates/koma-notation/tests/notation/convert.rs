//! Cross-format conversion: every corpus record, written in every other format and read
//! back, keeps what that format can hold: all variations (KIF, KI2, JKF; CSA keeps the main
//! line), comments, times (not KI2, which has none; JKF keeps whole seconds) and the ending.

use crate::common::{Compare, corpus_files, same_tree};
use koma_notation::formats::{self, Format};
use koma_notation::record::{Entry, MoveTree, Record};
use koma_rules::VariantKind;

/// The record reduced to its main line (for CSA, which has no variations).
fn main_line_only(record: &Record) -> Record {
    let mut out = record.clone();
    out.tree = MoveTree::new();
    let root = record.tree.node(MoveTree::ROOT);
    out.tree.node_mut(MoveTree::ROOT).comments = root.comments.clone();
    let mut cur = MoveTree::ROOT;
    for id in record.tree.main_line() {
        let node = record.tree.node(id);
        let entry = node
            .entry
            .clone()
            .unwrap_or(Entry::End(koma_notation::record::GameEnd::Interrupt));
        cur = out.tree.add(cur, entry);
        let new = out.tree.node_mut(cur);
        new.time = node.time;
        new.comments = node.comments.clone();
    }
    out
}

#[test]
fn every_corpus_record_survives_every_format() {
    let mut checked = 0;
    for (dir, exts, from) in [
        ("kif", &["kif", "kifu"][..], Format::Kif),
        ("ki2", &["ki2", "ki2u"][..], Format::Ki2),
        ("csa", &["csa"][..], Format::Csa),
        ("jkf", &["jkf"][..], Format::Jkf),
    ] {
        for path in corpus_files(dir, exts) {
            let name = path.display().to_string();
            let bytes = std::fs::read(&path).expect("readable");
            let record = formats::read(&bytes, from, VariantKind::Shogi)
                .unwrap_or_else(|e| panic!("{name}: {e}"))
                .record;
            formats::position_at(&record, usize::MAX)
                .unwrap_or_else(|e| panic!("{name}: final position: {e}"));
            for to in [Format::Kif, Format::Ki2, Format::Csa, Format::Jkf] {
                let text =
                    formats::write(&record, to).unwrap_or_else(|e| panic!("{name} -> {to:?}: {e}"));
                let back = formats::read(text.as_bytes(), to, VariantKind::Shogi)
                    .unwrap_or_else(|e| panic!("{name} -> {to:?} -> read: {e}\n{text}"))
                    .record;
                let label = format!("{name} via {}", to.name());
                let (expected, notes) = match to {
                    Format::Csa => (main_line_only(&record), true),
                    _ => (record.clone(), true),
                };
                let times = matches!(to, Format::Kif | Format::Csa) && from != Format::Ki2;
                same_tree(
                    &expected.tree,
                    &back.tree,
                    MoveTree::ROOT,
                    MoveTree::ROOT,
                    Compare { times, notes },
                    &label,
                );
                assert_eq!(
                    back.start.setup(VariantKind::Shogi),
                    record.start.setup(VariantKind::Shogi),
                    "{label}: start"
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 40, "{checked} records");
}
