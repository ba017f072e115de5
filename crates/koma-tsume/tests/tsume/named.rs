//! The named long problems of `tests/data/named-problems.tsv`: the positions read, the
//! lines their sources give replay as mates, and the short one is solved at its length.

use koma_notation::usi::parse_move;
use koma_rules::{Move, VariantKind};
use koma_tsume::{Limits, Outcome, Report, line, parse_problem, solve};
use std::time::Duration;

/// One row of the file: id, SFEN, the source's length, the source's line (if any).
struct Named {
    id: String,
    sfen: String,
    plies: usize,
    line: Option<Vec<Move>>,
}

fn named_problems() -> Vec<Named> {
    let text = include_str!("../data/named-problems.tsv");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("id\t") && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 5, "five columns: {l}");
            let line = (f[3] != "-").then(|| {
                f[3].split(' ')
                    .map(|m| parse_move(VariantKind::Shogi, m).expect("USI move"))
                    .collect()
            });
            Named {
                id: f[0].to_string(),
                sfen: f[1].to_string(),
                plies: f[2].parse().expect("source length"),
                line,
            }
        })
        .collect()
}

#[test]
fn named_problems_read_and_their_lines_mate() {
    let rows = named_problems();
    assert_eq!(rows.len(), 4);
    for row in &rows {
        let pos = parse_problem(&row.sfen).unwrap_or_else(|e| panic!("{}: {e}", row.id));
        if let Some(moves) = &row.line {
            assert_eq!(moves.len(), row.plies, "{}", row.id);
            assert_eq!(line::verify(&pos, moves), Ok(()), "{}", row.id);
        }
    }
}

/// Solves the named row `id` within `limits`: its source length, the mating line (which
/// must replay as a mate) and the report. Panics when no mate is found.
fn solve_named(id: &str, limits: &Limits) -> (usize, Vec<Move>, Report) {
    let row = named_problems()
        .into_iter()
        .find(|r| r.id == id)
        .expect("row");
    let pos = parse_problem(&row.sfen).expect("SFEN");
    let report = solve(&pos, limits);
    let Outcome::Mate(moves) = report.outcome.clone() else {
        panic!(
            "{id}: no mate: {:?} after {} nodes",
            report.outcome, report.nodes
        );
    };
    assert_eq!(line::verify(&pos, &moves), Ok(()), "{id}");
    (row.plies, moves, report)
}

#[test]
fn zukou_5_is_solved_at_its_length() {
    let limits = Limits {
        time: Some(Duration::from_secs(60)),
        hash_mb: 64,
        ..Limits::default()
    };
    let (plies, moves, report) = solve_named("zukou-005", &limits);
    assert!(report.shortest);
    assert_eq!((moves.len(), plies), (21, 21));
}

#[test]
fn muso_1_is_solved_with_a_small_table() {
    // With 16 MB the table collects dozens of times before the first proof; the search
    // once went round for minutes here, storing nothing new.
    let limits = Limits {
        time: Some(Duration::from_secs(240)),
        hash_mb: 16,
        shortest: false,
        ..Limits::default()
    };
    let (plies, moves, report) = solve_named("muso-001", &limits);
    assert!(report.collections > 0, "the table collected");
    assert!(
        moves.len() >= plies && moves.len() % 2 == 1,
        "{} plies",
        moves.len()
    );
}
