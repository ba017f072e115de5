//! The progress callback: called about once a second on a long search, never needed.

use koma_tsume::{Limits, Outcome, Phase, Progress, UnknownReason, parse_problem, solve};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The SFEN of row `id` of `shared/data/tsume.tsv`.
fn row_sfen(id: &str) -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/tsume.tsv"
    );
    let text = std::fs::read_to_string(path).expect("shared/data/tsume.tsv beside the project");
    text.lines()
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .find(|f| f[0] == id)
        .map(|f| f[1].to_string())
        .unwrap_or_else(|| panic!("row {id} in tsume.tsv"))
}

#[test]
fn progress_is_reported_about_once_a_second() {
    let pos = parse_problem(&row_sfen("microcosmos")).expect("row SFEN");
    let seen: Arc<Mutex<Vec<Progress>>> = Arc::default();
    let sink = Arc::clone(&seen);
    let limits = Limits {
        time: Some(Duration::from_millis(1500)),
        hash_mb: 16,
        progress: Some(Arc::new(move |p: &Progress| {
            sink.lock().expect("progress log").push(*p)
        })),
        ..Limits::default()
    };
    assert!(format!("{limits:?}").contains("progress"));
    let report = solve(&pos, &limits);
    assert_eq!(report.outcome, Outcome::Unknown(UnknownReason::Timeout));
    let seen = seen.lock().expect("progress log");
    // One report at 1 s (the search stops at 1.5 s): allow for a slow clock, not a flood.
    assert!((1..=2).contains(&seen.len()), "{seen:?}");
    let p = seen[0];
    assert!(p.elapsed >= Duration::from_secs(1), "{p:?}");
    assert!(p.nodes > 0 && p.nodes <= report.nodes, "{p:?}");
    assert!(p.hashfull <= 1000);
    assert_eq!(p.phase, Phase::FirstProof);
}

#[test]
fn progress_is_optional() {
    assert!(Limits::default().progress.is_none());
    let pos = parse_problem(&row_sfen("antma-t3-15")).expect("row SFEN");
    let limits = Limits {
        time: Some(Duration::from_secs(10)),
        hash_mb: 16,
        ..Limits::default()
    };
    let report = solve(&pos, &limits);
    assert_eq!(report.mate_plies(), Some(3));
}
