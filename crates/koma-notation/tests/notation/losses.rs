//! What a format cannot keep of a record, said when writing it (`formats::write_checked`):
//! a KIF with comments (on the start and on moves), nested variations, times, a bookmark
//! and an unknown header key, written in every format; and KIF's own round trip of all of
//! it, on samples and on the corpus's variation files.

use crate::common::{Compare, corpus_dir, same_tree};
use koma_notation::formats::{self, Format};
use koma_notation::record::MoveTree;
use koma_notation::warning::WarningKind;
use koma_rules::VariantKind;

const SHOGI: VariantKind = VariantKind::Shogi;

/// A KIF with everything a record holds: a header with a key no other format has, comments
/// on the start and on moves, a bookmark, times, a variation at move 3 with one nested in
/// it at move 4, a variation at move 2, and an ending.
pub const RICH_KIF: &str = include_str!("../data/rich.kif");

fn rich() -> koma_notation::record::Record {
    formats::read_text(RICH_KIF, Format::Kif, SHOGI)
        .unwrap_or_else(|e| panic!("{e}"))
        .record
}

#[test]
fn the_rich_sample_reads_as_written() {
    let record = rich();
    let tree = &record.tree;
    assert_eq!(
        tree.node(MoveTree::ROOT).comments,
        ["序盤の研究", "二行目のコメント"]
    );
    let line = tree.main_line();
    assert_eq!(tree.node(line[0]).comments, ["角道を開ける"]);
    assert_eq!(
        tree.node(line[2]).bookmark.as_deref(),
        Some("読み込み時表示")
    );
    // Move 2 and move 3 have one variation each; move 4 of the move-3 variation has one.
    assert_eq!(tree.alternatives(line[1]).count(), 1);
    let alt3: Vec<_> = tree.alternatives(line[2]).collect();
    assert_eq!(alt3.len(), 1);
    assert_eq!(tree.node(alt3[0]).comments, ["振り飛車含み"]);
    let four = tree.first_child(alt3[0]).unwrap();
    let nested: Vec<_> = tree.alternatives(four).collect();
    assert_eq!(tree.node(nested[0]).comments, ["変化の中の変化"]);
    assert_eq!(record.header.get("対局ID"), Some("12345"));
}

#[test]
fn kif_keeps_everything_and_says_nothing() {
    let record = rich();
    let (text, warnings) = formats::write_checked(&record, Format::Kif).unwrap();
    assert_eq!(warnings, [], "{text}");
    let back = formats::read_text(&text, Format::Kif, SHOGI)
        .unwrap()
        .record;
    let all = Compare {
        times: true,
        notes: true,
    };
    same_tree(&record.tree, &back.tree, 0, 0, all, "rich KIF");
    assert_eq!(back, record);
    // JKF keeps all of it too.
    let (text, warnings) = formats::write_checked(&record, Format::Jkf).unwrap();
    assert_eq!(warnings, [], "{text}");
}

/// The codes of `format`'s losses of the rich sample.
fn codes(format: Format) -> Vec<&'static str> {
    let (_, warnings) = formats::write_checked(&rich(), format).unwrap();
    warnings.iter().map(|w| w.kind.code()).collect()
}

#[test]
fn each_format_names_what_it_cannot_keep() {
    let record = rich();
    let (csa, warnings) = formats::write_checked(&record, Format::Csa).unwrap();
    let kinds: Vec<&WarningKind> = warnings.iter().map(|w| &w.kind).collect();
    assert_eq!(
        kinds,
        [
            &WarningKind::VariationsDropped {
                format: "CSA",
                count: 3
            },
            &WarningKind::BookmarksDropped {
                format: "CSA",
                count: 1
            },
            &WarningKind::HeaderDropped {
                format: "CSA",
                keys: vec!["対局ID".into()]
            },
        ],
        "{csa}"
    );
    assert_eq!(
        warnings[0].to_string(),
        "3 variations dropped: CSA has no variations"
    );
    assert_eq!(
        warnings[2].to_string(),
        "header 対局ID dropped: CSA has no place for it"
    );
    // CSA keeps the comments, on the start and on the moves.
    assert!(csa.contains("'序盤の研究\n'二行目のコメント\n"), "{csa}");
    assert!(csa.contains("'角道を開ける"), "{csa}");
    assert_eq!(codes(Format::Ki2), ["times_dropped"]);
    assert_eq!(
        codes(Format::Usi),
        [
            "variations_dropped",
            "comments_dropped",
            "bookmarks_dropped",
            "times_dropped",
            "header_dropped",
            "ending_dropped"
        ]
    );
    assert_eq!(
        codes(Format::Sfen),
        [
            "position_only",
            "variations_dropped",
            "comments_dropped",
            "bookmarks_dropped",
            "times_dropped",
            "header_dropped"
        ]
    );
    assert_eq!(
        codes(Format::Moves),
        [
            "variations_dropped",
            "bookmarks_dropped",
            "times_dropped",
            "header_dropped"
        ]
    );
    // A record of the main line alone loses nothing anywhere but in SFEN.
    let plain = formats::read_text("1 ７六歩(77)\n2 ３四歩(33)\n", Format::Kif, SHOGI)
        .unwrap()
        .record;
    for format in [
        Format::Kif,
        Format::Ki2,
        Format::Csa,
        Format::Jkf,
        Format::Usi,
        Format::Moves,
    ] {
        let (text, warnings) = formats::write_checked(&plain, format).unwrap();
        assert_eq!(warnings, [], "{format:?}: {text}");
    }
}

#[test]
fn the_corpus_variations_go_through_kif_unchanged() {
    let all = Compare {
        times: true,
        notes: true,
    };
    for name in [
        "fork.kif",
        "henka.kif",
        "doh_branch.kifu",
        "last_comment.kif",
    ] {
        let bytes = std::fs::read(corpus_dir("kif").join(name)).unwrap();
        let record = formats::read(&bytes, Format::Kif, SHOGI)
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .record;
        let (text, warnings) = formats::write_checked(&record, Format::Kif).unwrap();
        assert_eq!(warnings, [], "{name}");
        let back = formats::read_text(&text, Format::Kif, SHOGI)
            .unwrap()
            .record;
        same_tree(&record.tree, &back.tree, 0, 0, all, name);
        let variations = (1..record.tree.len())
            .filter(|&id| {
                let parent = record.tree.node(id).parent.unwrap();
                record.tree.first_child(parent) != Some(id)
            })
            .count();
        let (_, warnings) = formats::write_checked(&record, Format::Csa).unwrap();
        let dropped = warnings.iter().find_map(|w| match w.kind {
            WarningKind::VariationsDropped { count, .. } => Some(count),
            _ => None,
        });
        assert_eq!(dropped, (variations > 0).then_some(variations), "{name}");
    }
}
