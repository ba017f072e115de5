//! The composers' conventions as options: the defender holds the rest of the pieces
//! (`Limits::rest_to_defender`), and the composer's length leaves futile interpositions
//! (無駄合) uncounted (`Limits::composer_length`) while the real shortest mate stays the
//! answer. Checked on hand-made problems and on the rows of `shared/data/tsume.tsv` whose
//! source gives a composer's length.

use koma_notation::usi::parse_move;
use koma_rules::variants::Shogi;
use koma_rules::{Move, MoveKind, Position, VariantKind};
use koma_testdata::{TsumeRow, tsume_rows};
use koma_tsume::{Limits, NoMateReason, Outcome, Report, line, parse_problem, rest_to_defender};
use std::time::Duration;

fn mv(text: &str) -> Move {
    parse_move(VariantKind::Shogi, text).unwrap()
}

fn problem(sfen: &str) -> Position<Shogi> {
    parse_problem(sfen).unwrap()
}

/// Solves `pos` with the two options as given.
fn solve(pos: &Position<Shogi>, rest: bool, composer: bool) -> Report {
    let limits = Limits {
        time: Some(Duration::from_secs(20)),
        hash_mb: 16,
        rest_to_defender: rest,
        composer_length: composer,
        ..Limits::default()
    };
    koma_tsume::solve(pos, &limits)
}

#[test]
fn the_rest_lets_the_defender_interpose() {
    // antma-t1-1-a as its source gives it: gote holds 16 pawns and may drop none on file 9
    // (its pawn stands on 9h), so ▲1g9g mates at once. Holding the rest, a rook, it blocks
    // on the file, and the mate takes seven plies.
    let given = problem("k8/2K6/9/7BB/7LL/7LL/8R/p2NNSSGG/P2NNSSGG b 16p 1");
    let check = mv("1g9g");
    assert!(given.after(check).moves(MoveKind::Evasions).is_empty());
    let full = rest_to_defender(&given);
    let blocks = full.after(check).moves(MoveKind::Evasions);
    assert!(blocks.contains(&mv("R*9b")), "{blocks:?}");
    assert_eq!(
        solve(&given, false, false).outcome,
        Outcome::Mate(vec![check])
    );
    let report = solve(&given, true, false);
    assert_eq!(report.mate_plies(), Some(7), "{:?}", report.outcome);
    assert!(report.shortest);
    if let Outcome::Mate(moves) = &report.outcome {
        line::verify(&full, moves).unwrap();
        assert_eq!(moves[1], mv("R*9b"));
    }
    // A rook drop on the file mates an empty-handed defender, not one that holds the rest.
    let rook = problem("7lk/7p1/9/9/9/9/9/9/9 b R 1");
    assert_eq!(solve(&rook, false, false).mate_plies(), Some(1));
    assert_eq!(
        solve(&rook, true, false).outcome,
        Outcome::NoMate(NoMateReason::Disproven)
    );
}

#[test]
fn a_defender_that_holds_the_rest_is_unchanged() {
    let rows = tsume_rows();
    let completed: Vec<&TsumeRow> = rows
        .iter()
        .filter(|r| r.original_sfen().is_some())
        .collect();
    assert!(completed.len() >= 4, "the table completes some hands");
    for row in completed {
        // The table's completion is this one.
        let original = problem(&row.original_sfen().unwrap_or_default());
        let table = problem(&row.sfen);
        assert_eq!(rest_to_defender(&original).key(), table.key(), "{}", row.id);
        assert_eq!(rest_to_defender(&table).key(), table.key(), "{}", row.id);
        let without = solve(&table, false, false);
        let with = solve(&table, true, false);
        assert_eq!(without.outcome, with.outcome, "{}", row.id);
        assert_eq!(with.mate_plies().map_or(-1, |n| n as i32), row.mate_plies);
    }
}

#[test]
fn a_futile_interposition_is_not_counted() {
    // ▲1i: gote's king is walled in by its pawn and sente's gold. Gote drops its pawn on
    // the file, ▲1i takes it (or the gold does) and mates as before: three plies, one
    // for the composer.
    let pos = problem("7pk/9/7G1/9/9/9/9/9/R8 b p 1");
    let report = solve(&pos, false, true);
    assert_eq!(report.mate_plies(), Some(3), "{:?}", report.outcome);
    assert!(report.shortest);
    assert_eq!(report.composer_plies, Some(1));
    // Holding the rest, gote can drop one piece after another down the file: all futile.
    let report = solve(&pos, true, true);
    assert_eq!(report.mate_plies(), Some(15), "{:?}", report.outcome);
    assert_eq!(report.composer_plies, Some(1));
    // Without the option nothing is counted the composer's way.
    assert_eq!(solve(&pos, false, false).composer_plies, None);
}

#[test]
fn an_interposition_that_changes_the_mate_is_counted() {
    // ▲9g: a rook dropped on 9b and taken there is taken back by the king (nothing guards
    // 9b), so the rook it wins must mate afresh: ☖9b ▲同飛成 ☖同玉 ▲8b飛 ☖9a ▲8a龍,
    // seven plies for the composer as for the rules. (The drops further down the file are
    // futile, and without a piece in hand ▲9g mates at once.)
    let pos = problem("k3p4/2K6/9/9/9/9/8R/9/9 b r 1");
    let report = solve(&pos, false, true);
    assert_eq!(report.mate_plies(), Some(7), "{:?}", report.outcome);
    assert_eq!(report.composer_plies, Some(7));
    let bare = problem("k3p4/2K6/9/9/9/9/8R/9/9 b - 1");
    assert_eq!(solve(&bare, false, true).composer_plies, Some(1));
}

#[test]
fn composer_lengths_match_the_sources() {
    // Rows whose source gives a length (a composer's: 無駄合 not counted) up to 15 plies,
    // solved as the source gave them (the table completed four defenders' hands).
    let rows: Vec<TsumeRow> = tsume_rows()
        .into_iter()
        .filter(|r| r.reported_plies.is_some() && (1..=15).contains(&r.mate_plies))
        .collect();
    assert!(rows.len() >= 40, "the table has its rows");
    let (mut real_matches, mut composer_matches) = (0, 0);
    let mut failures = Vec::new();
    for row in &rows {
        let original = row.original_sfen();
        let sfen = original.as_deref().unwrap_or(&row.sfen);
        let report = solve(&problem(sfen), false, true);
        let (real, composer) = (report.mate_plies(), report.composer_plies);
        eprintln!(
            "{:<16} source {:>2?} real {real:>2?} composer {composer:>2?}",
            row.id, row.reported_plies
        );
        if row.original_sfen().is_none() && real != Some(row.mate_plies as usize) {
            failures.push(format!(
                "{}: real length {real:?}, not {}",
                row.id, row.mate_plies
            ));
        }
        real_matches += usize::from(real == row.reported_plies);
        composer_matches += usize::from(composer == row.reported_plies);
        if composer != row.reported_plies {
            failures.push(format!("{}: composer {composer:?}", row.id));
        }
    }
    eprintln!(
        "{} rows: source length = real length {real_matches}, = composer length {composer_matches}",
        rows.len()
    );
    assert!(failures.is_empty(), "{failures:#?}");
    assert!(real_matches < composer_matches);
}
