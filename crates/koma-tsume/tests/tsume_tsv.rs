//! Every row of `shared/data/tsume.tsv` up to 39 plies: mates are proven with a line that
//! replays as a mate, no-mate rows answer no mate, and where the row's length is the proven
//! shortest (`MinLength`) the solver's line has that length.

use koma_tsume::{Limits, NoMateReason, Outcome, line, parse_problem, solve};
use std::time::{Duration, Instant};

struct Row {
    id: String,
    sfen: String,
    plies: i32,
    min_length: bool,
}

fn rows() -> Vec<Row> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/tsume.tsv"
    );
    let text = std::fs::read_to_string(path).expect("shared/data/tsume.tsv beside the project");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("id\t") && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Row {
                id: f[0].to_string(),
                sfen: f[1].to_string(),
                plies: f[2].parse().expect("mate_plies"),
                min_length: f.get(5).is_some_and(|b| b.contains("MinLength")),
            }
        })
        .collect()
}

#[test]
fn tsume_rows_up_to_39_plies() {
    let rows: Vec<Row> = rows().into_iter().filter(|r| r.plies <= 39).collect();
    assert!(rows.len() >= 50, "the table has its rows");
    let all = Instant::now();
    let mut failures = Vec::new();
    for row in &rows {
        let pos = parse_problem(&row.sfen).expect("row SFEN");
        let limits = Limits {
            time: Some(Duration::from_secs(60)),
            hash_mb: 64,
            // Rows whose length is only an upper bound need just a proof.
            shortest: row.min_length,
            ..Limits::default()
        };
        let report = solve(&pos, &limits);
        let took = report.elapsed.as_secs_f64();
        eprintln!(
            "{:<22} expected {:>3} got {:<28} {:>7.3}s {:>9} nodes",
            row.id,
            row.plies,
            format!("{:?}", report.mate_plies().map_or(-1, |n| n as i32))
                + if report.shortest { " (shortest)" } else { "" },
            took,
            report.nodes
        );
        match (&report.outcome, row.plies) {
            (Outcome::NoMate(NoMateReason::Disproven | NoMateReason::NoChecks), -1) => {}
            (Outcome::Mate(moves), n) if n > 0 => {
                if let Err(e) = line::verify(&pos, moves) {
                    failures.push(format!("{}: line does not replay: {e:?}", row.id));
                }
                if row.min_length && moves.len() as i32 != n {
                    failures.push(format!(
                        "{}: {} plies, shortest is {n}",
                        row.id,
                        moves.len()
                    ));
                }
                if row.min_length && !report.shortest {
                    failures.push(format!("{}: shortest length not proven", row.id));
                }
            }
            (other, n) => failures.push(format!("{}: expected {n}, got {other:?}", row.id)),
        }
    }
    eprintln!("{} rows in {:.1}s", rows.len(), all.elapsed().as_secs_f64());
    assert!(failures.is_empty(), "{failures:#?}");
}
