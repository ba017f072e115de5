//! The progress callback: called about once a second on a long search, never needed.

use koma_testdata::tsume_row;
use koma_tsume::{Limits, Outcome, Phase, Progress, UnknownReason, parse_problem, solve};
use std::sync::{Arc, Mutex};
use std::time::Duration;

#[test]
fn progress_is_reported_about_once_a_second() {
    let pos = parse_problem(&tsume_row("microcosmos").sfen).expect("row SFEN");
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
    let pos = parse_problem(&tsume_row("antma-t3-15").sfen).expect("row SFEN");
    let limits = Limits {
        time: Some(Duration::from_secs(10)),
        hash_mb: 16,
        ..Limits::default()
    };
    let report = solve(&pos, &limits);
    assert_eq!(report.mate_plies(), Some(3));
}
