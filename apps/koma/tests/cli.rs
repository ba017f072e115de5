//! The `koma` command as a user runs it: output shape and exit codes.

use std::process::{Command, Output};

fn koma(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_koma"))
        .args(args)
        .output()
        .expect("koma runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8 output")
}

#[test]
fn perft_last_line_is_the_total() {
    let o = koma(&["perft", "3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().last(), Some("25470"));
    assert!(String::from_utf8_lossy(&o.stderr).contains("nodes/s"));
}

#[test]
fn perft_divide_lists_moves_then_total() {
    let o = koma(&["perft", "--divide", "2"]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 31);
    assert!(lines.contains(&"7g7f: 30"));
    assert_eq!(lines.last(), Some(&"900"));
}

#[test]
fn tori_and_handicaps() {
    let o = koma(&["perft", "--variant", "tori", "3"]);
    assert_eq!(stdout(&o).lines().last(), Some("5430"));
    let o = koma(&["perft", "--handicap", "lance", "3"]);
    assert_eq!(stdout(&o).lines().last(), Some("25530"));
    let o = koma(&["perft", "--handicap", "香落ち", "1"]);
    assert_eq!(stdout(&o).lines().last(), Some("30"));
}

#[test]
fn moves_prints_usi_lines() {
    let o = koma(&["moves", "--sfen", "4k4/9/9/9/9/9/9/9/4K4 b P 1"]);
    let out = stdout(&o);
    assert!(out.lines().any(|l| l == "P*5e"));
    assert!(out.lines().any(|l| l == "5i4h"));
    assert!(
        !out.lines().any(|l| l.starts_with("P*") && l.ends_with('a')),
        "no pawn drop on rank a"
    );
    let o = koma(&["moves", "--variant", "tori"]);
    assert!(stdout(&o).lines().any(|l| l == "3d3c"));
}

#[test]
fn show_draws_kanji_board_and_hands() {
    let o = koma(&["show", "--sfen", "4k4/9/9/9/9/9/9/9/4K4 b 2Pr 1"]);
    let out = stdout(&o);
    assert!(out.contains("先手の持駒：歩二"), "{out}");
    assert!(out.contains("後手の持駒：飛"), "{out}");
    assert!(out.contains("v王") && out.contains(" 玉"));
    let o = koma(&["show", "--variant", "tori"]);
    assert!(stdout(&o).contains("鵬"));
}

#[test]
fn bad_input_names_the_problem_and_exits_2() {
    for (args, needle) in [
        (
            vec!["perft", "--sfen", "lnsgkgsnl/1r5b1/ppppppppp b - 1", "1"],
            "ranks",
        ),
        (
            vec![
                "perft",
                "--sfen",
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1",
                "1",
            ],
            "'X'",
        ),
        (
            vec!["moves", "--sfen", "4k4/9/9/9/9/9/9/9/4K4 x - 1"],
            "side to move",
        ),
        (
            vec!["moves", "--sfen", "k8/9/9/9/4P4/9/4P4/9/K8 b - 1"],
            "pawns",
        ),
        (vec!["show", "--variant", "chess"], "unknown variant"),
        (vec!["show", "--handicap", "queen"], "unknown handicap"),
        (
            vec!["show", "--variant", "tori", "--handicap", "lance"],
            "not a tori",
        ),
        (vec!["perft", "abc"], "invalid value"),
    ] {
        let o = koma(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}
