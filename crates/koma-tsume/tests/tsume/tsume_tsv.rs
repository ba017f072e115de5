//! Every row of `shared/data/tsume.tsv` up to 39 plies: mates are proven with a line that
//! replays as a mate, no-mate rows answer no mate, and where the row's length is the proven
//! shortest (`MinLength`) the solver's line has that length.

use koma_testdata::{TsumeRow, tsume_rows};
use koma_tsume::{Limits, NoMateReason, Outcome, line, parse_problem, solve};
use std::time::{Duration, Instant};

#[test]
fn tsume_rows_up_to_39_plies() {
    let rows: Vec<TsumeRow> = tsume_rows()
        .into_iter()
        .filter(|r| r.mate_plies <= 39)
        .collect();
    assert!(rows.len() >= 50, "the table has its rows");
    let all = Instant::now();
    let mut failures = Vec::new();
    for row in &rows {
        let pos = parse_problem(&row.sfen).expect("row SFEN");
        let limits = Limits {
            time: Some(Duration::from_secs(60)),
            hash_mb: 64,
            // Rows whose length is only an upper bound need just a proof.
            shortest: row.min_length(),
            ..Limits::default()
        };
        let report = solve(&pos, &limits);
        let took = report.elapsed.as_secs_f64();
        eprintln!(
            "{:<22} expected {:>3} got {:<28} {:>7.3}s {:>9} nodes",
            row.id,
            row.mate_plies,
            format!("{:?}", report.mate_plies().map_or(-1, |n| n as i32))
                + if report.shortest { " (shortest)" } else { "" },
            took,
            report.nodes
        );
        match (&report.outcome, row.mate_plies) {
            (Outcome::NoMate(NoMateReason::Disproven | NoMateReason::NoChecks), -1) => {}
            (Outcome::Mate(moves), n) if n > 0 => {
                if let Err(e) = line::verify(&pos, moves) {
                    failures.push(format!("{}: line does not replay: {e:?}", row.id));
                }
                if row.min_length() && moves.len() as i32 != n {
                    failures.push(format!(
                        "{}: {} plies, shortest is {n}",
                        row.id,
                        moves.len()
                    ));
                }
                if row.min_length() && !report.shortest {
                    failures.push(format!("{}: shortest length not proven", row.id));
                }
            }
            (other, n) => failures.push(format!("{}: expected {n}, got {other:?}", row.id)),
        }
    }
    eprintln!("{} rows in {:.1}s", rows.len(), all.elapsed().as_secs_f64());
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn tsume_rows_up_to_39_plies_with_a_sixteenth_of_the_table() {
    // 4 MB instead of 64: the table fills and collects on the longer rows, and no row may
    // stall for it (first proofs only; the lines must still replay as mates).
    let mut failures = Vec::new();
    for row in tsume_rows().into_iter().filter(|r| r.mate_plies <= 39) {
        let pos = parse_problem(&row.sfen).expect("row SFEN");
        let limits = Limits {
            time: Some(Duration::from_secs(60)),
            hash_mb: 4,
            shortest: false,
            ..Limits::default()
        };
        let report = solve(&pos, &limits);
        match (&report.outcome, row.mate_plies) {
            (Outcome::NoMate(NoMateReason::Disproven | NoMateReason::NoChecks), -1) => {}
            (Outcome::Mate(moves), n) if n > 0 => {
                if let Err(e) = line::verify(&pos, moves) {
                    failures.push(format!("{}: line does not replay: {e:?}", row.id));
                }
                if (moves.len() as i32) < n {
                    failures.push(format!("{}: {} plies, less than {n}", row.id, moves.len()));
                }
            }
            (other, n) => failures.push(format!(
                "{}: expected {n}, got {other:?} after {} nodes",
                row.id, report.nodes
            )),
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}
