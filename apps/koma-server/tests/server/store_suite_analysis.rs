//! The store's conformance suite, the engine's searches of positions: one per position, the
//! deepest kept, read back as stored, the oldest forgotten beyond a count (on SQLite and on
//! PostgreSQL, see `store_suite.rs`).

use koma_rules::{GameKind, VariantKind};
use koma_server::Store;
use koma_store::analysis::{LineScore, StoredAnalysis, StoredLine};

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// A search of `position` to `depth` with `lines` lines, stored at `at_ms`.
fn search(position: &str, depth: u32, lines: u32, at_ms: u64) -> StoredAnalysis {
    StoredAnalysis {
        variant: VariantKind::Shogi.into(),
        position: position.to_string(),
        depth,
        multipv: lines,
        lines: (0..lines)
            .map(|k| StoredLine {
                score: if k == 0 {
                    LineScore::Mate(3)
                } else {
                    LineScore::Cp(-40 * k as i32)
                },
                pv: vec!["7g7f".to_string(), "3c3d".to_string()],
            })
            .collect(),
        at_ms,
    }
}

fn the_deepest_search_of_a_position_is_kept(store: &dyn Store) {
    let shogi = GameKind::from(VariantKind::Shogi);
    assert_eq!(store.analysis(shogi, START).unwrap(), None);
    let first = search(START, 10, 3, 1);
    store.keep_analysis(&first).unwrap();
    assert_eq!(store.analysis(shogi, START).unwrap(), Some(first.clone()));
    assert!(first.answers(10, 3) && first.answers(8, 1));
    assert!(!first.answers(11, 1) && !first.answers(10, 4));
    // Shallower, or as deep with fewer lines: the kept one stays.
    store.keep_analysis(&search(START, 9, 5, 2)).unwrap();
    store.keep_analysis(&search(START, 10, 2, 3)).unwrap();
    assert_eq!(store.analysis(shogi, START).unwrap(), Some(first));
    // As deep with as many lines or more, or deeper: replaced.
    let wider = search(START, 10, 4, 4);
    store.keep_analysis(&wider).unwrap();
    assert_eq!(store.analysis(shogi, START).unwrap(), Some(wider));
    let deeper = search(START, 14, 1, 5);
    store.keep_analysis(&deeper).unwrap();
    assert_eq!(store.analysis(shogi, START).unwrap(), Some(deeper));
    // Another variant's position of the same text is another search.
    assert_eq!(
        store.analysis(VariantKind::Tori.into(), START).unwrap(),
        None
    );
    // A key no position has finds nothing, on either database.
    assert_eq!(store.analysis(shogi, "9/9\0 b - 1").unwrap(), None);
}

fn the_oldest_searches_are_forgotten(store: &dyn Store) {
    let positions: Vec<String> = (1..=5).map(|n| format!("{n}{}", &START[1..])).collect();
    for (i, p) in positions.iter().enumerate() {
        store
            .keep_analysis(&search(p, 5, 1, 100 + i as u64))
            .unwrap();
    }
    store.forget_analyses(2).unwrap();
    let kept: Vec<bool> = positions
        .iter()
        .map(|p| {
            store
                .analysis(VariantKind::Shogi.into(), p)
                .unwrap()
                .is_some()
        })
        .collect();
    assert_eq!(kept, [false, false, false, true, true]);
    // Fewer than the count: nothing goes.
    store.forget_analyses(10).unwrap();
    assert!(
        store
            .analysis(VariantKind::Shogi.into(), &positions[4])
            .unwrap()
            .is_some()
    );
}

crate::store_suite::on_both!(
    the_deepest_search_of_a_position_is_kept,
    the_oldest_searches_are_forgotten,
);
