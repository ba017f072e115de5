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
fn chu_perft_and_divide() {
    // lishogi's counts from Chu's start (../shared/data/perft.tsv, chushogi startpos).
    let o = koma(&["perft", "--variant", "chushogi", "3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().last(), Some("52599"));
    let o = koma(&["perft", "--variant", "chu", "--divide", "2"]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 37, "{out}");
    assert!(lines[..36].iter().all(|l| l.ends_with(": 36")), "{out}");
    assert!(lines.contains(&"7i7h: 36"), "{out}");
    assert_eq!(lines.last(), Some(&"1296"));
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
        (
            vec!["show", "--variant", "chess"],
            "invalid value 'chess' for '--variant",
        ),
        (vec!["show", "--variant", "chess"], "minishogi"),
        (
            vec!["show", "--handicap", "queen"],
            "invalid value 'queen' for '--handicap",
        ),
        (
            vec!["show", "--variant", "tori", "--handicap", "lance"],
            "not a tori",
        ),
        (vec!["perft", "abc"], "invalid value"),
        (
            vec!["serve", "--db", "mysql://db/koma"],
            "'mysql:' is not a database koma knows",
        ),
        (vec!["serve", "--db", "sqlite:"], "needs a file path"),
    ] {
        let o = koma(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn serve_names_the_postgresql_it_cannot_reach() {
    // Nobody listens on port 1: the server does not start, and says why.
    let o = koma(&[
        "serve",
        "--addr",
        "127.0.0.1:0",
        "--db",
        "postgres://koma:secret@127.0.0.1:1/koma",
    ]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("postgresql: error connecting"), "{err}");
    assert!(!err.contains("secret"), "{err}");
}

fn koma_with_stdin(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_koma"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("koma runs");
    // koma may exit before reading its input (a bad option): a closed pipe is fine then.
    let written = child.stdin.take().expect("stdin").write_all(input);
    if let Err(e) = written {
        assert_eq!(
            e.kind(),
            std::io::ErrorKind::BrokenPipe,
            "writing koma's input: {e}"
        );
    }
    child.wait_with_output().expect("finishes")
}

const KIF: &str = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:16/00:00:16)\n*いい手\n   2 ３四歩(33)   ( 0:01/00:00:01)\n   3 ２二角成(88)\n   4 同　銀(31)\n   5 投了\n";

#[test]
fn convert_between_formats_from_stdin() {
    let o = koma_with_stdin(&["convert", "-", "--to", "usi"], KIF.as_bytes());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(
        stdout(&o).trim(),
        "position startpos moves 7g7f 3c3d 8h2b+ 3a2b"
    );
    let o = koma_with_stdin(&["convert", "-", "--to", "ki2"], KIF.as_bytes());
    let ki2 = stdout(&o);
    assert!(
        ki2.contains("▲７六歩") && ki2.contains("△同　銀") && ki2.contains("まで4手で後手の勝ち"),
        "{ki2}"
    );
    let o = koma_with_stdin(&["convert", "-", "--to", "csa"], KIF.as_bytes());
    assert!(stdout(&o).contains("+7776FU") && stdout(&o).contains("%TORYO"));
    // A Western move list, the times it cannot keep said on standard error; read back.
    let o = koma_with_stdin(&["convert", "-", "--to", "moves"], KIF.as_bytes());
    assert_eq!(
        stdout(&o),
        "1. P-7f {いい手} 1... P-3d 2. Bx2b+ Sx2b resign\n"
    );
    assert!(
        String::from_utf8_lossy(&o.stderr)
            .contains("-: warning: the times of 2 moves dropped: move list has no times"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let back = koma_with_stdin(&["convert", "-", "--to", "usi"], &o.stdout);
    assert_eq!(
        stdout(&back).trim(),
        "position startpos moves 7g7f 3c3d 8h2b+ 3a2b"
    );
    let o = koma_with_stdin(
        &["convert", "-", "--to", "sfen", "--ply", "1"],
        KIF.as_bytes(),
    );
    assert_eq!(
        stdout(&o).trim(),
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"
    );
    let o = koma_with_stdin(
        &["convert", "-", "--to", "kif", "--encoding", "sjis"],
        KIF.as_bytes(),
    );
    let bytes = o.stdout.clone();
    assert!(
        std::str::from_utf8(&bytes).is_err(),
        "Shift_JIS output is not UTF-8"
    );
    let back = koma_with_stdin(&["convert", "-", "--from", "kif", "--to", "usi"], &bytes);
    assert_eq!(
        stdout(&back).trim(),
        "position startpos moves 7g7f 3c3d 8h2b+ 3a2b"
    );
}

/// A Chu KIF laid out as lishogi writes Chu (half-width files, kanji ranks, the origin
/// after an arrow, a lion's double move on two lines, 仝 for the last move's square).
const CHU_KIF: &str = "先手：A\n後手：B\n手数----指手---------消費時間--\n1手目 ▲7八歩兵 （←7九）\n2手目 △6五歩兵 （←6四）\n3手目一歩目 ▲7九獅子 （←7十）\n3手目二歩目 ▲6八獅子 （←7九）\n4手目 △7五歩兵 （←7四）\n5手目 ▲6七獅子 （←6八）\n6手目 △6六歩兵 （←6五）\n7手目一歩目 ▲仝獅子 （←6七）\n7手目二歩目 ▲6七獅子 （←6六）\n8手目 △投了\nまで7手で先手の勝ち\n";

#[test]
fn convert_reads_and_writes_chu_records() {
    const LINE: &str = "position startpos moves 7i7h 6d6e 7j7i6h 7d7e 6h6g 6e6f 6g6f6g";
    // A Chu KIF is told by its moves: no --variant needed.
    let o = koma_with_stdin(&["convert", "-", "--to", "usi"], CHU_KIF.as_bytes());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(stdout(&o).trim(), LINE);
    // KIF to KIF keeps the header's players.
    let o = koma_with_stdin(&["convert", "-", "--to", "kif"], CHU_KIF.as_bytes());
    assert!(
        stdout(&o).starts_with("先手：A\n後手：B\n"),
        "{}",
        stdout(&o)
    );
    // The line back to KIF, and its SFEN after two moves.
    let o = koma_with_stdin(
        &["convert", "-", "--variant", "chushogi", "--to", "kif"],
        LINE.as_bytes(),
    );
    let kif = stdout(&o);
    assert!(
        kif.contains("3手目一歩目 ▲7九獅子 （←7十）") && kif.contains("（居食い）"),
        "{kif}"
    );
    let back = koma_with_stdin(&["convert", "-", "--to", "usi"], kif.as_bytes());
    assert_eq!(stdout(&back).trim(), LINE);
    let o = koma_with_stdin(
        &[
            "convert",
            "-",
            "--variant",
            "chu",
            "--to",
            "sfen",
            "--ply",
            "2",
        ],
        LINE.as_bytes(),
    );
    assert_eq!(
        stdout(&o).trim(),
        "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppp1ppppp/3i2p1i3/12/12/3I1P2I3/PPPPP1PPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 3"
    );
    // What Chu has no format for, and a move the rules forbid, are named.
    let refused = |args: &[&str], input: &[u8], why: &str| {
        let o = koma_with_stdin(args, input);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains(why), "{args:?}: {err}");
    };
    refused(
        &["convert", "-", "--to", "csa"],
        CHU_KIF.as_bytes(),
        "written as kif, usi or sfen, not csa",
    );
    refused(
        &["convert", "-", "--variant", "chu", "--from", "csa"],
        LINE.as_bytes(),
        "--from csa: Chu records are read from",
    );
    refused(
        &["convert", "-", "--variant", "chu", "--to", "kif"],
        b"position startpos moves 7i7h 7i7h",
        "move 2 (7i7h): there is no piece",
    );
}

#[test]
fn convert_writes_kif_files_in_shift_jis() {
    let dir = std::env::temp_dir().join(format!("koma-convert-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    std::fs::write(path("g.csa"), "N+先手さん\nN-b\nPI\n+\n+7776FU\n%TORYO\n").unwrap();
    // `.kif` as other programs expect it: Shift_JIS, and its declaration says so.
    let o = koma(&["convert", &path("g.csa"), "-o", &path("g.kif")]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let bytes = std::fs::read(path("g.kif")).unwrap();
    assert!(bytes.starts_with(b"#KIF version=2.0 encoding=Shift_JIS\n"));
    assert!(
        std::str::from_utf8(&bytes).is_err(),
        "Shift_JIS is not UTF-8"
    );
    let back = koma(&["convert", &path("g.kif"), "--to", "csa"]);
    assert!(stdout(&back).contains("N+先手さん"), "{}", stdout(&back));
    // `.kifu` in UTF-8; `--encoding` overrides the name.
    let o = koma(&["convert", &path("g.csa"), "-o", &path("g.kifu")]);
    assert!(o.status.success());
    assert!(std::str::from_utf8(&std::fs::read(path("g.kifu")).unwrap()).is_ok());
    let o = koma(&[
        "convert",
        &path("g.csa"),
        "-o",
        &path("u.kif"),
        "--encoding",
        "utf-8",
    ]);
    assert!(o.status.success());
    assert!(std::str::from_utf8(&std::fs::read(path("u.kif")).unwrap()).is_ok());
    // A character Shift_JIS lacks is an error naming it, and nothing is written.
    std::fs::write(path("king.csa"), "N+♔\nPI\n+\n+7776FU\n").unwrap();
    let o = koma(&["convert", &path("king.csa"), "-o", &path("king.kif")]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("U+2654") && err.contains("Shift_JIS"), "{err}");
    assert!(!dir.join("king.kif").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn show_a_record_in_each_notation() {
    let o = koma_with_stdin(&["show", "-", "--ply", "2"], KIF.as_bytes());
    let out = stdout(&o);
    assert!(
        out.contains("☗７六歩") && out.contains("☖同　銀") && out.contains("投了"),
        "{out}"
    );
    assert!(
        out.contains("SFEN: lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"),
        "{out}"
    );
    let o = koma_with_stdin(&["show", "-", "--notation", "western"], KIF.as_bytes());
    assert!(
        stdout(&o).contains("P-7f") && stdout(&o).contains("Bx2b+"),
        "{}",
        stdout(&o)
    );
    let o = koma_with_stdin(&["show", "-", "--notation", "german"], KIF.as_bytes());
    assert!(stdout(&o).contains("7f"), "{}", stdout(&o));
}

#[test]
fn broken_records_name_the_line() {
    let broken = "手合割：平手\n   1 ７六歩(77)\n   2 ７六歩(77)\n";
    let o = koma_with_stdin(
        &["convert", "-", "--from", "kif", "--to", "csa"],
        broken.as_bytes(),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("line 3"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let o = koma(&["convert", "/nonexistent/file.kif"]);
    assert_eq!(o.status.code(), Some(2));
    let o = koma_with_stdin(&["convert", "-", "--to", "pdf"], KIF.as_bytes());
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown format"));
}

#[test]
fn tori_records_as_kif() {
    let kif = "手数----指手---------消費時間--\n   1 ３三燕(34)\n   2 ５五燕(54)\n";
    let o = koma_with_stdin(
        &["convert", "-", "--variant", "tori", "--to", "usi"],
        kif.as_bytes(),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(stdout(&o).trim(), "position startpos moves 3d3c 5d5e");
    let o = koma_with_stdin(
        &["convert", "-", "--variant", "tori", "--to", "kif"],
        kif.as_bytes(),
    );
    let back = koma_with_stdin(
        &["convert", "-", "--variant", "tori", "--to", "usi"],
        &o.stdout,
    );
    assert_eq!(stdout(&back).trim(), "position startpos moves 3d3c 5d5e");
    let o = koma_with_stdin(
        &["convert", "-", "--variant", "tori", "--to", "csa"],
        kif.as_bytes(),
    );
    assert_eq!(o.status.code(), Some(2), "CSA holds standard shogi only");
}

#[test]
fn replay_prints_the_result_by_the_rules_last() {
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/corpus/");
    let last = |args: &[&str]| {
        let o = koma(args);
        assert!(o.status.success(), "{args:?}: {o:?}");
        stdout(&o).lines().last().unwrap_or_default().to_string()
    };
    let declaration = format!("{corpus}kif/shogihome-e2e03.kifu");
    assert_eq!(last(&["replay", &declaration]), "result: gote declaration");
    assert_eq!(
        last(&["replay", &declaration, "--rules", "professional"]),
        "result: sente failed-declaration (the rules in force have no entering-king declaration)"
    );
    let impasse = format!("{corpus}kif/shogihome-e2e11.kifu");
    assert_eq!(last(&["replay", &impasse]), "result: draw impasse");
    // Twelve king moves from the start: the fourth occurrence of the start position.
    let moves = "5i4h 5a4b 4h5i 4b5a ".repeat(3);
    let line = format!("position startpos moves {moves}\n");
    let out = koma_with_stdin(&["replay", "-"], line.as_bytes());
    assert_eq!(stdout(&out).lines().last(), Some("result: draw sennichite"));
    let o = koma(&["replay", &declaration, "--rules", "nonsense"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown rule set 'nonsense'"));
}

#[test]
fn play_between_two_people_ends_by_the_rules_and_saves_kif() {
    let dir = std::env::temp_dir().join(format!("koma-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kif = dir.join("mate.kif");
    let kif = kif.to_str().unwrap();
    // A typo and an illegal move are refused; the drop mate ends the game.
    let o = koma_with_stdin(
        &[
            "play",
            "--sfen",
            "4k4/9/4P4/9/9/9/9/9/4K4 b G 1",
            "--time",
            "10m+30s",
            "-o",
            kif,
        ],
        b"G*5x\nP*5b\nG*5b\n",
    );
    let out = stdout(&o);
    assert!(
        o.status.success(),
        "{out}\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(out.contains("not a move"), "{out}");
    assert!(out.contains("illegal:"), "{out}");
    assert!(out.contains("result: sente checkmate"), "{out}");
    let saved = shift_jis(kif);
    assert!(saved.contains("５二金打"), "{saved}");
    assert!(saved.contains("詰み"), "{saved}");
    assert!(saved.contains("持ち時間：10m+30s"), "{saved}");
    // Western input, then quitting saves an interrupted game.
    let unfinished = dir.join("quit.kif");
    let unfinished = unfinished.to_str().unwrap();
    let o = koma_with_stdin(&["play", "-o", unfinished], b"P-7f\n3c3d\nquit\n");
    assert!(stdout(&o).contains("result: none"), "{}", stdout(&o));
    let saved = shift_jis(unfinished);
    assert!(
        saved.contains("７六歩(77)") && saved.contains("３四歩(33)"),
        "{saved}"
    );
    assert!(saved.contains("中断"), "{saved}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The text of a record file, which must be in Shift_JIS (as a .kif file is to other
/// programs).
fn shift_jis(path: &str) -> String {
    let bytes = std::fs::read(path).unwrap();
    assert!(
        std::str::from_utf8(&bytes).is_err(),
        "{path} is not Shift_JIS"
    );
    let (text, encoding) = koma_notation::encoding::decode(&bytes);
    assert_eq!(
        encoding,
        koma_notation::encoding::Encoding::ShiftJis,
        "{path}"
    );
    text
}

/// Writes a tiny USI engine as a shell script: `id name NAME`, and `bestmove ANSWER` to
/// every `go`.
#[cfg(unix)]
fn shell_engine(dir: &std::path::Path, name: &str, answer: &[&str]) -> String {
    let path = dir.join(format!("{name}.sh"));
    let answer: Vec<String> = answer.iter().map(|line| format!("echo '{line}'")).collect();
    let answer = answer.join("; ");
    let script = format!(
        "while read -r cmd rest; do case \"$cmd\" in \
         usi) echo 'id name {name}'; echo usiok;; isready) echo readyok;; \
         go) {answer};; quit) exit 0;; esac; done\n"
    );
    std::fs::write(&path, script).expect("script written");
    format!("sh {}", path.display())
}

#[cfg(unix)]
#[test]
fn match_prints_a_line_per_game_and_the_score_last() {
    let dir = std::env::temp_dir().join(format!("koma-cli-match-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // The resigner gives up at once; the mover's 7g7f is legal as sente from the start.
    let a = shell_engine(&dir, "Resigner", &["bestmove resign"]);
    let info = "info depth 3 nodes 99 score cp 40 pv 7g7f 3c3d 9z9z";
    let b = shell_engine(&dir, "Mover", &[info, "bestmove 7g7f"]);
    let records = dir.join("records");
    let records_arg = records.to_str().unwrap();
    let o = koma(&[
        "match",
        &a,
        &b,
        "--games",
        "2",
        "--time",
        "0+2s",
        "--out",
        records_arg,
    ]);
    assert!(o.status.success(), "{o:?}");
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "A: Resigner");
    assert!(lines[2].starts_with("game 1  ☗ Resigner  ☖ Mover  0-1 resignation 0 plies"));
    assert!(lines[3].starts_with("game 2  ☗ Mover  ☖ Resigner  1-0 resignation 1 plies"));
    assert!(out.contains("resignation: 2 (won by B 2)\n"), "{out}");
    assert_eq!(
        lines.last(),
        Some(
            &"Score of Resigner vs Mover: 0 - 2 - 0 [0.000] 2 games, Elo difference -inf ± inf (95%)"
        )
    );
    // The mover's search is its move's comment, from sente's side, with the legal part of
    // the variation after the move.
    let kif = shift_jis(records.join("game-002.kif").to_str().unwrap());
    let comment = "\n**対局 深さ 3 ノード数 99 評価値 40 読み筋 △３四歩(33)\n";
    assert!(kif.contains(comment), "{kif}");
    let csa = std::fs::read_to_string(records.join("game-002.csa")).unwrap();
    assert!(csa.contains("\n'** 40 -3334FU\n"), "{csa}");

    // Two games at once: each game's line as it ends, the same score.
    let o = koma(&["match", &a, &b, "--games", "4", "--concurrency", "2"]);
    assert!(o.status.success(), "{o:?}");
    let out = stdout(&o);
    for n in 1..=4 {
        let colours = if n % 2 == 1 {
            "☗ Resigner  ☖ Mover"
        } else {
            "☗ Mover  ☖ Resigner"
        };
        assert!(out.contains(&format!("game {n}  {colours}  ")), "{out}");
    }
    assert!(out.ends_with("Score of Resigner vs Mover: 0 - 4 - 0 [0.000] 4 games, Elo difference -inf ± inf (95%)\n"), "{out}");
    for bad in ["0", "257"] {
        let o = koma(&["match", &a, &b, "--concurrency", bad]);
        assert_eq!(o.status.code(), Some(2));
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("--concurrency"), "{err}");
    }

    let bad = dir.join("bad.sfen");
    std::fs::write(&bad, "startpos moves 7g7f\nstartpos moves 7g7f 3c3d 9z9z\n").unwrap();
    let o = koma(&["match", &a, &b, "--openings", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("bad.sfen, line 2: "), "{err}");
    let o = koma(&["match", "/nonexistent/engine", &b]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("engine `/nonexistent/engine`"));
    for (text, says) in [
        ("4", "`4` is not MOVES:CENTIPAWNS (e.g. 4:1500)"),
        ("0:1500", "`0` is not a move count of at least 1"),
        ("4:-1", "`-1` is not a score in centipawns of 0 or more"),
    ] {
        let o = koma(&["match", &a, &b, "--adjudicate", text]);
        assert_eq!(o.status.code(), Some(2));
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains(&format!("--adjudicate {text}: {says}")),
            "{err}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A Chu match runs on the family's runner: openings, two games at once, KIF records that
/// `koma convert` reads back, and the rule sets Chu has.
#[cfg(unix)]
#[test]
fn chu_match_takes_openings_concurrency_and_writes_kif() {
    let dir = std::env::temp_dir().join(format!("koma-cli-chu-match-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // Shell engines that offer Chu; the lion's double move is legal for sente after the
    // opening, and the other engine gives up at once.
    let chu = |name: &str, answer: &str| {
        let path = dir.join(format!("{name}.sh"));
        let script = format!(
            "while read -r cmd rest; do case \"$cmd\" in \
             usi) echo 'id name {name}'; \
             echo 'option name USI_Variant type combo default chushogi var chushogi'; \
             echo usiok;; isready) echo readyok;; \
             go) echo '{answer}';; quit) exit 0;; esac; done\n"
        );
        std::fs::write(&path, script).unwrap();
        format!("sh {}", path.display())
    };
    let lion = chu("Lion", "bestmove 7j7i6h");
    let resigner = chu("Resigner", "bestmove resign");
    let openings = dir.join("chu.txt");
    std::fs::write(&openings, "# two pawn steps\nstartpos moves 7i7h 6d6e\n").unwrap();
    let records = dir.join("records");
    let args = |extra: &[&str]| {
        let mut args = vec!["match", &lion, &resigner, "--variant", "chushogi"];
        args.extend_from_slice(extra);
        args.iter().map(|a| a.to_string()).collect::<Vec<_>>()
    };
    let run = |extra: &[&str]| {
        let owned = args(extra);
        koma(&owned.iter().map(String::as_str).collect::<Vec<_>>())
    };
    let o = run(&[
        "--games",
        "2",
        "--concurrency",
        "2",
        "--time",
        "0+1s",
        "--openings",
        openings.to_str().unwrap(),
        "--random-plies",
        "0",
        "--out",
        records.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{o:?}");
    let out = stdout(&o);
    assert!(
        out.contains("game 1  ☗ Lion  ☖ Resigner  1-0 resignation 3 plies"),
        "{out}"
    );
    assert!(
        out.contains("game 2  ☗ Resigner  ☖ Lion  0-1 resignation 2 plies"),
        "{out}"
    );
    let kif = records.join("game-001.kif");
    let back = koma(&["convert", kif.to_str().unwrap(), "--to", "usi"]);
    assert!(back.status.success(), "{back:?}");
    assert_eq!(
        stdout(&back).trim(),
        "position startpos moves 7i7h 6d6e 7j7i6h"
    );
    // A Chu opening line that is no Chu move, and a 9x9 rule set, are refused by name.
    std::fs::write(&openings, "startpos moves 7i7h 6d6e 7g7f\n").unwrap();
    let o = run(&["--openings", openings.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("chu.txt, line 1: position line, column 26: 7g7f"),
        "{err}"
    );
    let o = run(&["--rules", "csa"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("unknown rule set 'csa' for chushogi (known: chushogi)"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A record file of koma-notation's tests.
fn notation_data(name: &str) -> String {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../crates/koma-notation/tests/data")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

#[test]
fn records_that_need_leniency_read_with_warnings_on_stderr() {
    let err = |o: &Output| String::from_utf8_lossy(&o.stderr).into_owned();
    // A hand-entered record that ends with two pawns on a file: replay names the loser.
    let foul = notation_data("two-pawns-last.kif");
    let o = koma(&["replay", &foul]);
    assert!(o.status.success(), "{}", err(&o));
    let out = stdout(&o);
    assert!(
        out.contains(
            "illegal move at ply 11 by sente: too many pawns on this file (二歩); sente loses by it"
        ),
        "{out}"
    );
    assert_eq!(
        out.lines().last(),
        Some("result: gote illegal-move (too many pawns on this file (二歩))")
    );
    assert!(
        err(&o).contains("two-pawns-last.kif: warning: line 16: '７五歩打' is illegal"),
        "{}",
        err(&o)
    );
    // Shown, the foul is listed with why it is illegal; the board is the one before it.
    let o = koma(&["show", &foul]);
    assert!(o.status.success(), "{}", err(&o));
    let out = stdout(&o);
    assert!(
        out.contains("  11 ☗７五歩打 (illegal: too many pawns on this file (二歩))\n"),
        "{out}"
    );
    assert!(
        out.ends_with(
            "SFEN: lnsgkgsnl/1r5b1/p1pppp1pp/6pR1/1p7/2P6/PP1PPPP1P/1B7/LNSGKGSNL b P 11\n"
        ),
        "{out}"
    );
    // Converted, the foul is kept, then the ending that names it.
    let o = koma(&["convert", &foul, "--to", "csa"]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(
        stdout(&o).ends_with("+0075FU\n%+ILLEGAL_ACTION\n"),
        "{}",
        stdout(&o)
    );
    let o = koma(&["convert", &foul, "--to", "kif"]);
    assert!(
        stdout(&o).contains("  11 ７五歩打\n  12 反則勝ち\n"),
        "{}",
        stdout(&o)
    );
    // A declared encoding that lies.
    let o = koma(&[
        "convert",
        &notation_data("utf8-declared-on-sjis.kif"),
        "--to",
        "kif",
    ]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(stdout(&o).contains("先手：甲野一郎"), "{}", stdout(&o));
    assert!(
        err(&o).contains(
            "warning: line 1: the file declares encoding UTF-8, but its bytes are Shift_JIS"
        ),
        "{}",
        err(&o)
    );
    // Several CSA games: the first, said so.
    let o = koma(&["convert", &notation_data("two-games.csa"), "--to", "usi"]);
    assert_eq!(stdout(&o), "position startpos moves 7g7f 3c3d\n");
    assert!(
        err(&o).contains("2 records in the file; reading the first"),
        "{}",
        err(&o)
    );
}

/// The width and height in a PNG's header.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "a PNG signature");
    let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (word(16), word(20))
}

#[test]
fn show_writes_the_board_as_svg_and_png() {
    let dir = std::env::temp_dir().join(format!("koma-cli-image-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("board.svg");
    let png = dir.join("board.png");
    let (svg_arg, png_arg) = (svg.to_str().unwrap(), png.to_str().unwrap());
    let o = koma(&[
        "show",
        "--sfen",
        "4k4/9/9/9/9/9/9/9/4K4 b 2Pr 1",
        "--svg",
        svg_arg,
        "--png",
        png_arg,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // The text board is still printed; the PNG's drawing time is said on stderr.
    assert!(stdout(&o).contains("SFEN: 4k4/9/9/9/9/9/9/9/4K4 b 2Pr 1"));
    assert!(String::from_utf8_lossy(&o.stderr).contains("drawn in"));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<?xml") && text.trim_end().ends_with("</svg>"));
    assert_eq!(text.matches("data-square=").count(), 2, "two kings");
    assert!(text.contains("data-hand=\"歩\" data-count=\"2\""));
    assert!(text.contains("data-hand=\"飛\" data-count=\"1\""));
    let width: u32 = text
        .split("width=\"")
        .nth(1)
        .and_then(|w| w.split('"').next())
        .unwrap()
        .parse()
        .unwrap();
    let (png_width, png_height) = png_size(&std::fs::read(&png).unwrap());
    assert_eq!(png_width, width);
    assert!(png_height > 500 && png_height < png_width);

    // A record's position at --ply, its last move marked and its players named (escaped).
    let kif = format!("先手：<Sente & Co>\n後手：gote\n{KIF}");
    let record = dir.join("game.kif");
    std::fs::write(&record, kif).unwrap();
    let o = koma(&[
        "show",
        record.to_str().unwrap(),
        "--ply",
        "1",
        "--svg",
        svg_arg,
        "--flip",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(
        text.contains("class=\"last-move\" data-square=\"76\""),
        "{text}"
    );
    assert!(text.contains("&lt;Sente &amp; Co&gt;") && !text.contains("<Sente"));
    assert!(text.contains("class=\"piece sente\" data-square=\"76\" transform=\"translate("));
    // Flipped: sente's pieces are the upside-down ones.
    let pawn = text
        .split("data-square=\"76\" transform=\"")
        .nth(1)
        .unwrap();
    assert!(
        pawn.split('"').next().unwrap().ends_with("rotate(180)"),
        "{pawn}"
    );

    let o = koma(&["show", "--ply", "3", "--svg", svg_arg]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--ply"));
    let o = koma(&["show", "--png", png_arg, "--scale", "9"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--scale 9"));
    let _ = std::fs::remove_dir_all(&dir);
}
