//! Helpers shared by the record format tests.
#![allow(dead_code)]

use koma_notation::record::{Entry, MoveTree, NodeId, Record};
use serde_json::Value;
use std::path::PathBuf;

/// The shared corpus folder `dir` (kif, ki2, csa, jkf, golden-jkf).
pub fn corpus_dir(dir: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/corpus")
        .join(dir)
}

/// The files of corpus folder `dir` whose extension is one of `exts`, sorted.
pub fn corpus_files(dir: &str, exts: &[&str]) -> Vec<PathBuf> {
    let root = corpus_dir(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|x| exts.iter().any(|e| x == *e)))
        .collect();
    files.sort();
    files
}

/// What to compare between two trees.
#[derive(Clone, Copy)]
pub struct Compare {
    /// Compare times too.
    pub times: bool,
    /// Compare comments and bookmarks too.
    pub notes: bool,
}

/// Asserts that two trees have the same entries (and times and notes as asked) everywhere.
pub fn same_tree(a: &MoveTree, b: &MoveTree, x: NodeId, y: NodeId, what: Compare, name: &str) {
    let (na, nb) = (a.node(x), b.node(y));
    assert_eq!(na.entry, nb.entry, "{name}: entry at ply {}", a.ply(x));
    if what.times {
        assert_eq!(na.time, nb.time, "{name}: time at ply {}", a.ply(x));
    }
    if what.notes {
        assert_eq!(
            na.comments,
            nb.comments,
            "{name}: comments at ply {}",
            a.ply(x)
        );
        assert_eq!(
            na.bookmark,
            nb.bookmark,
            "{name}: bookmark at ply {}",
            a.ply(x)
        );
    }
    assert_eq!(
        a.children(x).count(),
        b.children(y).count(),
        "{name}: variations at ply {}",
        a.ply(x)
    );
    for (cx, cy) in a.children(x).zip(b.children(y)) {
        same_tree(a, b, cx, cy, what, name);
    }
}

/// Compares one line of JKF moves with the tree line starting at `first`.
pub fn compare_line(tree: &MoveTree, first: Option<NodeId>, moves: &[Value], name: &str) {
    let mut cur = first;
    for item in moves {
        let id = cur.unwrap_or_else(|| panic!("{name}: koma's line ends early before {item}"));
        let node = tree.node(id);
        if let Some(mv) = item.get("move") {
            let Some(Entry::Move(m)) = &node.entry else {
                panic!("{name}: expected a move at ply {}", tree.ply(id))
            };
            let to = &mv["to"];
            assert_eq!(
                (m.to().file() as u64, m.to().rank() as u64),
                (to["x"].as_u64().unwrap(), to["y"].as_u64().unwrap()),
                "{name} ply {}",
                tree.ply(id)
            );
            match mv.get("from") {
                Some(from) => assert_eq!(
                    m.from().map(|f| (f.file() as u64, f.rank() as u64)),
                    Some((from["x"].as_u64().unwrap(), from["y"].as_u64().unwrap())),
                    "{name} ply {}",
                    tree.ply(id)
                ),
                None => assert!(m.is_drop(), "{name} ply {}: a drop", tree.ply(id)),
            }
            assert_eq!(
                m.is_promotion(),
                mv.get("promote").and_then(Value::as_bool) == Some(true),
                "{name}"
            );
        } else if item.get("special").is_some() {
            assert!(
                matches!(node.entry, Some(Entry::End(_))),
                "{name}: expected an ending at ply {}",
                tree.ply(id)
            );
        } else {
            continue;
        }
        if let Some(forks) = item.get("forks").and_then(Value::as_array) {
            let alts: Vec<NodeId> = tree.alternatives(id).collect();
            assert_eq!(
                alts.len(),
                forks.len(),
                "{name}: variations at ply {}",
                tree.ply(id)
            );
            for (fork, &alt) in forks.iter().zip(alts.iter()) {
                compare_line(tree, Some(alt), fork.as_array().expect("fork"), name);
            }
        }
        cur = tree.first_child(id);
    }
}

/// The golden JKF moves for corpus file `file` of folder `dir`, if there is one.
pub fn golden(dir: &str, file: &str) -> Option<Vec<Value>> {
    let json =
        std::fs::read_to_string(corpus_dir("golden-jkf").join(format!("{dir}__{file}.json")))
            .ok()?;
    let jkf: Value = serde_json::from_str(&json).expect("golden JSON");
    Some(jkf["moves"].as_array().expect("moves")[1..].to_vec())
}

/// Asserts that a re-read record equals the original: header, start and tree.
pub fn same_record(original: &Record, again: &Record, what: Compare, name: &str) {
    assert_eq!(again.header, original.header, "{name}: header");
    assert_eq!(again.start, original.start, "{name}: start");
    same_tree(
        &original.tree,
        &again.tree,
        MoveTree::ROOT,
        MoveTree::ROOT,
        what,
        name,
    );
}
