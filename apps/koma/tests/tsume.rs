//! `koma tsume` as a user runs it: problems from `shared/data/tsume.tsv` (read here, never
//! copied), files of SFEN lines, records, and bad input.

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

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The SFEN and mate length (-1: no mate) of row `id` of `shared/data/tsume.tsv`.
fn row(id: &str) -> (String, i32) {
    let row = koma_testdata::tsume_row(id);
    (row.sfen, row.mate_plies)
}

#[test]
fn mate_rows_end_with_mate_n_and_the_moves() {
    for id in ["mog-5-uchifuzume", "antma-t1-1-a", "karolina-13"] {
        let (sfen, plies) = row(id);
        let o = koma(&["tsume", "--sfen", &sfen, "--hash", "16", "--time", "30s"]);
        let out = stdout(&o);
        assert!(o.status.success(), "{id}: {out}{}", stderr(&o));
        let last = out.lines().last().expect("output");
        let words: Vec<&str> = last.split(' ').collect();
        assert_eq!(words[0], "mate", "{id}: {out}");
        assert_eq!(words[1], plies.to_string(), "{id}: {out}");
        assert_eq!(
            words.len() - 2,
            plies as usize,
            "{id}: one USI move a ply: {out}"
        );
        assert!(out.contains("shortest: yes"), "{id}: {out}");
        assert!(
            out.starts_with('☗'),
            "{id}: the line in Japanese first: {out}"
        );
        assert!(out.contains("nodes/s: "), "{id}: {out}");
    }
}

#[test]
fn no_mate_row_answers_nomate() {
    let (sfen, plies) = row("antma-t3-1-a");
    assert_eq!(plies, -1);
    let o = koma(&["tsume", "--sfen", &format!("sfen {sfen}"), "--hash", "16"]);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}{}", stderr(&o));
    assert_eq!(out.lines().last(), Some("nomate"), "{out}");
    assert!(out.contains("reason: "), "{out}");
}

#[test]
fn a_tiny_time_limit_answers_timeout() {
    let (sfen, _) = row("microcosmos");
    let o = koma(&[
        "tsume",
        "--sfen",
        &sfen,
        "--time",
        "200ms",
        "--hash",
        "16",
        "--threads",
        "2",
    ]);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}{}", stderr(&o));
    assert_eq!(out.lines().last(), Some("timeout"), "{out}");
    assert!(stderr(&o).contains("single-threaded"), "{}", stderr(&o));
}

#[test]
fn a_file_of_sfen_lines_gives_a_line_each_and_a_summary() {
    let dir = koma_testdata::scratch("tsume-lines");
    let file = dir.join("problems.txt");
    let (mate3, _) = row("antma-t3-15");
    let (nomate, _) = row("antma-t3-1-a");
    let (mate5, _) = row("yane-mate5-7");
    std::fs::write(
        &file,
        format!("# three problems\n{mate3}\n\nsfen {nomate}\nfive\t{mate5}\n"),
    )
    .expect("file written");
    let o = koma(&["tsume", file.to_str().unwrap(), "--hash", "16"]);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}{}", stderr(&o));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[0].starts_with("1: mate 3 "), "{out}");
    assert_eq!(lines[1], "2: nomate", "{out}");
    assert!(lines[2].starts_with("five: mate 5 "), "{out}");
    assert!(
        lines[3].starts_with("problems 3: mate 2, nomate 1, timeout 0"),
        "{out}"
    );
}

#[test]
fn every_record_of_a_csa_file_is_a_problem() {
    let dir = koma_testdata::scratch("tsume-csa-records");
    let mut csa = String::new();
    for (i, id) in ["antma-t3-15", "antma-t3-1-a"].iter().enumerate() {
        let sfen = dir.join(format!("{i}.sfen"));
        std::fs::write(&sfen, row(id).0).expect("file written");
        let o = koma(&["convert", sfen.to_str().unwrap(), "--to", "csa"]);
        assert!(o.status.success(), "{}", stderr(&o));
        csa += &stdout(&o);
        csa += "/\n";
    }
    let file = dir.join("two.csa");
    std::fs::write(&file, csa).expect("file written");
    let o = koma(&["tsume", file.to_str().unwrap(), "--hash", "16"]);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}{}", stderr(&o));
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("1: mate 3 "), "{out}");
    assert_eq!(lines[1], "2: nomate", "{out}");
    assert!(
        lines[2].starts_with("problems 2: mate 1, nomate 1"),
        "{out}"
    );
    // A command that reads one record says that it left the others out.
    let o = koma(&["convert", file.to_str().unwrap(), "--to", "sfen"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("2 records in the file; reading the first"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_record_start_position_is_the_problem() {
    // A Shift_JIS KIF from the corpus: the board and hands of a 7-ply problem, the solution.
    let kif = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus/kif/taichitsume.kif"
    );
    let o = koma(&["tsume", kif, "--hash", "16"]);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}{}", stderr(&o));
    assert!(
        out.lines().last().is_some_and(|l| l.starts_with("mate 7 ")),
        "{out}"
    );
}

#[test]
fn a_bad_problem_is_one_line_with_the_flag_and_each_cause_once() {
    for (sfen, says) in [
        (
            "4k4/9/4P4 b G 1",
            "bad problem: SFEN column 10: the board has 3 ranks, shogi has 9",
        ),
        (
            "4k4/9/4P4/9/9/9/4P4/9/9 b G 1",
            "bad problem: illegal position: Black has too many pawns on file 5 (二歩)",
        ),
    ] {
        let o = koma(&["tsume", "--sfen", sfen]);
        assert_eq!(o.status.code(), Some(2), "{sfen}");
        assert_eq!(stderr(&o), format!("koma: --sfen: {says}\n"), "{sfen}");
    }
}

#[test]
fn bad_input_names_the_file_and_line_and_exits_2() {
    let dir = koma_testdata::scratch("tsume-bad");
    let file = dir.join("bad.txt");
    let (mate3, _) = row("antma-t3-15");
    std::fs::write(&file, format!("{mate3}\n# fine so far\nnot a position\n")).unwrap();
    let name = file.to_str().unwrap();
    let o = koma(&["tsume", name]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains(&format!("{name}:3:")), "{}", stderr(&o));
    assert!(
        stdout(&o).is_empty(),
        "nothing solved before the input is read"
    );
    let missing = dir.join("missing.txt");
    let missing = missing.to_str().unwrap();
    for (args, needle) in [
        (vec!["tsume", "--sfen", "4k4/9/4P4 b G 1"], "--sfen"),
        (
            vec!["tsume", "--sfen", "4k4/9/9/9/9/9/9/9/9 x G 1"],
            "--sfen",
        ),
        (vec!["tsume", missing], missing),
        (vec!["tsume", "--sfen", &mate3, "--time", "soon"], "--time"),
        (vec!["tsume", "--sfen", &mate3, "--hash", "0"], "--hash"),
        (
            vec!["tsume", "--sfen", &mate3, "--threads", "0"],
            "--threads",
        ),
    ] {
        let o = koma(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(needle), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn composer_length_and_the_rest_to_the_defender() {
    // antma-t1-5: ▲1i, and gote drops piece after piece on the file, each one taken: 15
    // plies by the rules, one for the composer (every drop a futile interposition).
    let (sfen, plies) = row("antma-t1-5");
    let o = koma(&[
        "tsume",
        "--sfen",
        &sfen,
        "--hash",
        "16",
        "--composer-length",
    ]);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}{}", stderr(&o));
    assert!(
        out.contains("\ncomposer length: 1 (futile interpositions not counted)\n"),
        "{out}"
    );
    let last = out.lines().last().unwrap_or_default();
    assert!(last.starts_with(&format!("mate {plies} ")), "{out}");
    let o = koma(&["tsume", "--sfen", &sfen, "--hash", "16"]);
    assert!(!stdout(&o).contains("composer length"), "{}", stdout(&o));

    // antma-t1-1-a as its source gives it (gote holds 16 pawns it cannot drop on file 9):
    // mate in one; with the rest of the set, a rook, gote interposes and it takes seven.
    let given = "k8/2K6/9/7BB/7LL/7LL/8R/p2NNSSGG/P2NNSSGG b 16p 1";
    let o = koma(&["tsume", "--sfen", given, "--hash", "16"]);
    assert_eq!(
        stdout(&o).lines().last(),
        Some("mate 1 1g9g"),
        "{}",
        stdout(&o)
    );
    let o = koma(&[
        "tsume",
        "--sfen",
        given,
        "--hash",
        "16",
        "--rest-to-defender",
    ]);
    let out = stdout(&o);
    assert!(
        out.lines()
            .last()
            .is_some_and(|l| l.starts_with("mate 7 1g9g R*9b ")),
        "{out}"
    );

    // A file: each mate line comes after its problem's composer line.
    let dir = koma_testdata::scratch("tsume-composer");
    let file = dir.join("problems.txt");
    std::fs::write(&file, format!("t1-5\t{sfen}\n{given}\n")).expect("file written");
    let o = koma(&["tsume", file.to_str().unwrap(), "--composer-length"]);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}{}", stderr(&o));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert_eq!(
        lines[0],
        "t1-5: composer length: 1 (futile interpositions not counted)"
    );
    assert!(lines[1].starts_with("t1-5: mate 15 "), "{out}");
    assert_eq!(
        lines[2],
        "2: composer length: 1 (futile interpositions not counted)"
    );
    assert_eq!(lines[3], "2: mate 1 1g9g");
}
