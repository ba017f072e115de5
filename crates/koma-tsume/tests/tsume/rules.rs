//! The rules the solver leans on: pawn-drop mate and two pawns on a file in the check and
//! evasion generators, interposition by drop, and perpetual check that is no mate.

use koma_notation::sfen::{SfenError, SfenErrorKind};
use koma_notation::usi::parse_move;
use koma_rules::variants::Shogi;
use koma_rules::{Color, IllegalMove, Move, MoveKind, Position, SetupError, VariantKind};
use koma_tsume::{Limits, NoMateReason, Outcome, ProblemError, line, parse_problem, solve};
use std::time::Duration;

fn mv(text: &str) -> Move {
    parse_move(VariantKind::Shogi, text).unwrap()
}

fn problem(sfen: &str) -> Position<Shogi> {
    parse_problem(sfen).unwrap()
}

fn limits() -> Limits {
    Limits {
        time: Some(Duration::from_secs(20)),
        hash_mb: 16,
        ..Limits::default()
    }
}

/// Gote's king in the corner walled in by its own lance and pawn; sente's knight guards
/// 1b. A pawn dropped on 1b would mate, so it may not be dropped; the knight's checks fail.
const DROP_PAWN_MATE: &str = "7lk/7p1/9/7N1/9/9/9/9/9 b P2r2b4g4s3n3l16p 1";

#[test]
fn pawn_drop_mate_is_not_generated_and_not_a_mate() {
    let pos = problem(DROP_PAWN_MATE);
    let checks = pos.moves(MoveKind::Checks);
    assert!(!checks.contains(&mv("P*1b")), "{checks:?}");
    assert_eq!(pos.is_legal(mv("P*1b")), Err(IllegalMove::DropPawnMate));
    let report = solve(&pos, &limits());
    assert!(
        matches!(report.outcome, Outcome::NoMate(_)),
        "{:?}",
        report.outcome
    );
}

#[test]
fn pawn_drop_mate_refused_in_the_search() {
    // The knight one file further: the search meets pawn drops deeper in; whatever it
    // finds, it never ends a line with a pawn-drop mate.
    let pos = problem("7lk/7p1/9/6N2/9/9/9/9/9 b P2r2b4g4s3n3l16p 1");
    let report = solve(&pos, &limits());
    if let Outcome::Mate(moves) = &report.outcome {
        line::verify(&pos, moves).unwrap();
        assert_ne!(moves.last(), Some(&mv("P*1b")));
    }
}

#[test]
fn a_pawn_drop_check_that_does_not_mate_is_legal() {
    // Without the knight the king takes the pawn: the drop is a legal check.
    let pos = problem("7lk/7p1/9/9/9/9/9/9/9 b P2r2b4g4s4n3l16p 1");
    assert!(pos.moves(MoveKind::Checks).contains(&mv("P*1b")));
}

#[test]
fn two_pawns_on_a_file_in_checks_and_evasions() {
    // Sente's pawn on 1d: no pawn may be dropped on file 1, so no P*1b check.
    let pos = problem("7lk/7p1/9/8P/9/9/9/9/9 b P2r2b4g4s4n3l15p 1");
    assert!(!pos.moves(MoveKind::Checks).contains(&mv("P*1b")));
    // Gote in check from a rook on 9a, with a pawn on 7c: it may block with a pawn on 6a
    // and 8a but not on 7a, and with the gold anywhere between.
    let pos = problem("R3k4/9/2p6/9/9/9/9/9/9 w gp 1");
    let evasions = pos.moves(MoveKind::Evasions);
    for ok in ["P*6a", "P*8a", "G*6a", "G*7a", "G*8a"] {
        assert!(evasions.contains(&mv(ok)), "{ok} missing from {evasions:?}");
    }
    assert!(!evasions.contains(&mv("P*7a")), "two pawns on file 7");
}

#[test]
fn interposition_by_drop_defends() {
    // Gote's king in the corner, walled in; sente drops the rook down the file. With an
    // empty hand gote is mated at once; with a gold it blocks on 1b (or further down).
    let bare = problem("7lk/7p1/9/9/9/9/9/9/9 b R 1");
    let report = solve(&bare, &limits());
    assert_eq!(report.mate_plies(), Some(1));
    let with_gold = problem("7lk/7p1/9/9/9/9/9/9/9 b Rg 1");
    let after = with_gold.after(mv("R*1e"));
    let evasions = after.moves(MoveKind::Evasions);
    assert!(evasions.contains(&mv("G*1b")) && evasions.contains(&mv("G*1d")));
    let report = solve(&with_gold, &limits());
    match &report.outcome {
        Outcome::Mate(moves) => {
            assert!(moves.len() > 1, "the drop interposes: no mate in one");
            line::verify(&with_gold, moves).unwrap();
        }
        Outcome::NoMate(_) => {}
        other => panic!("undecided: {other:?}"),
    }
}

#[test]
fn perpetual_check_is_no_mate() {
    // A lone dragon against a bare king can check forever but never mate: every line of
    // checks ends in a repetition, which is no proof.
    let pos = problem("9/9/9/9/4k4/9/9/9/+R8 b - 1");
    let report = solve(&pos, &limits());
    assert_eq!(report.outcome, Outcome::NoMate(NoMateReason::Disproven));
    // The same with a rook in a corner next to the king: checks along both lines repeat.
    let pos = problem("8k/9/9/9/9/9/9/9/R8 b - 1");
    let report = solve(&pos, &limits());
    assert_eq!(report.outcome, Outcome::NoMate(NoMateReason::Disproven));
}

#[test]
fn no_defender_king_and_bad_input() {
    let pos = problem("9/9/9/9/9/9/9/9/4K4 b R 1");
    assert_eq!(
        solve(&pos, &limits()).outcome,
        Outcome::NoMate(NoMateReason::NoDefenderKing)
    );
}

#[test]
fn a_bad_problem_says_what_is_wrong() {
    // Malformed SFEN: the notation's error, with its column, is the source.
    for text in ["not an sfen", ""] {
        let e = parse_problem(text).unwrap_err();
        let ProblemError::Sfen(sfen) = &e else {
            panic!("{text:?}: {e:?}")
        };
        let source = std::error::Error::source(&e).expect("a source");
        assert_eq!(source.to_string(), sfen.to_string());
    }
    assert!(matches!(
        parse_problem("").unwrap_err(),
        ProblemError::Sfen(SfenError {
            kind: SfenErrorKind::Empty,
            ..
        })
    ));
    // Well formed, but two sente pawns on file 5: no valid problem.
    let e = parse_problem("4k4/9/4P4/9/9/9/4P4/9/9 b G 1").unwrap_err();
    assert_eq!(
        e,
        ProblemError::Position(SetupError::TooManyPawnsOnFile(Color::Black, 5))
    );
    assert!(e.to_string().contains("二歩"), "{e}");
    // The attacker's king may be missing; the defender in check may not.
    assert!(parse_problem("9/9/9/9/9/9/9/9/4K4 b R 1").is_ok());
    assert!(matches!(
        parse_problem("4k4/9/9/9/9/9/9/9/4R4 b - 1"),
        Err(ProblemError::Position(SetupError::OpponentInCheck))
    ));
}

#[test]
fn limits_stop_the_search() {
    // A 21-ply problem with a node limit far too small: undecided, not wrong.
    let pos = problem("3sks3/9/4S4/9/9/9/9/9/9 b 2GS 1");
    let report = solve(
        &pos,
        &Limits {
            nodes: Some(5),
            ..limits()
        },
    );
    assert!(
        matches!(report.outcome, Outcome::Unknown(_) | Outcome::Mate(_)),
        "{:?}",
        report.outcome
    );
}
