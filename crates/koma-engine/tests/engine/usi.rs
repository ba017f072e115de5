//! USI conversations with the `koma-engine` binary: the handshake, searches and their one
//! `bestmove`, `stop`, pondering, declarations and resignation, Tori, and malformed input.

use crate::common::{Engine, check_bestmove, check_info, is_engine_line, position_of};
use koma_rules::VariantKind;
use koma_testdata::tsume_row;
use std::time::{Duration, Instant};

const QUIET: Duration = Duration::from_millis(100);

fn count_bestmoves(lines: &[String]) -> usize {
    lines.iter().filter(|l| l.starts_with("bestmove")).count()
}

#[test]
fn handshake_lists_id_and_options() {
    let mut e = Engine::start();
    e.send("usi");
    let lines = e.read_until_prefix("usiok");
    assert!(lines[0].starts_with("id name koma"), "{lines:?}");
    assert!(lines[1].starts_with("id author "), "{lines:?}");
    for name in [
        "USI_Hash",
        "USI_Ponder",
        "Threads",
        "MultiPV",
        "USI_Variant",
        "EnteringKingRule",
        "NetworkDelay",
        "MinimumThinkingTime",
        "ClearHash",
    ] {
        let prefix = format!("option name {name} type ");
        assert!(
            lines.iter().any(|l| l.starts_with(&prefix)),
            "{name} missing: {lines:?}"
        );
    }
    assert!(lines.iter().all(|l| is_engine_line(l)));
    assert_eq!(lines.last().map(String::as_str), Some("usiok"));
    // readyok, with the options a GUI always sends.
    e.send("setoption name USI_Hash value 16");
    e.send("setoption name USI_Ponder value true");
    assert!(e.sync().is_empty(), "nothing but readyok");
    e.send("quit");
    assert!(e.wait_exit(Duration::from_secs(5)));
}

#[test]
fn go_depth_1_gives_a_legal_move_with_info_lines() {
    let mut e = Engine::start();
    e.handshake();
    e.send("usinewgame");
    for line in [
        "position startpos",
        "position startpos moves 7g7f 3c3d 8h2b+",
        "position sfen lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 5a4b",
        "position sfen 4k4/9/9/9/9/9/9/9/4K4 b P 1 moves",
    ] {
        let pos = position_of(VariantKind::Shogi, line);
        e.send(line);
        e.send("go depth 1");
        let lines = e.read_until_prefix("bestmove");
        let best = lines.last().unwrap();
        let mv = check_bestmove(best, &pos);
        assert_ne!(mv, "resign", "{line}");
        for info in &lines[..lines.len() - 1] {
            check_info(info, Some(&pos));
        }
        assert!(
            lines.iter().any(|l| l.starts_with("info depth")),
            "{line}: an info line: {lines:?}"
        );
    }
    e.send("quit");
    assert!(e.wait_exit(Duration::from_secs(5)));
}

#[test]
fn multipv_reports_distinct_lines_best_first() {
    let mut e = Engine::start();
    e.handshake();
    e.send("setoption name MultiPV value 3");
    e.sync();
    let line = "position startpos moves 7g7f 3c3d";
    let pos = position_of(VariantKind::Shogi, line);
    e.send(line);
    e.send("go depth 4");
    let lines = e.read_until_prefix("bestmove");
    let best = check_bestmove(lines.last().unwrap(), &pos);
    let field = |l: &str, name: &str| {
        let words: Vec<&str> = l.split_whitespace().collect();
        let at = words.iter().position(|w| *w == name).expect(name);
        words[at + 1].to_string()
    };
    let last: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth 4 "))
        .collect();
    assert_eq!(last.len(), 3, "three lines at depth 4: {lines:?}");
    let numbers: Vec<String> = last.iter().map(|l| field(l, "multipv")).collect();
    assert_eq!(numbers, ["1", "2", "3"]);
    let firsts: Vec<String> = last.iter().map(|l| field(l, "pv")).collect();
    assert_eq!(firsts[0], best, "bestmove is line 1: {lines:?}");
    assert!(
        firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2],
        "{firsts:?}"
    );
    let scores: Vec<i32> = last
        .iter()
        .map(|l| field(l, "cp").parse().unwrap())
        .collect();
    assert!(
        scores.windows(2).all(|w| w[0] >= w[1]),
        "best first: {scores:?}"
    );
    for info in &lines[..lines.len() - 1] {
        check_info(info, Some(&pos));
    }
    e.send("quit");
    assert!(e.wait_exit(Duration::from_secs(5)));
}

#[test]
fn two_threads_search_and_answer() {
    let mut e = Engine::start();
    e.handshake();
    e.send("setoption name Threads value 2");
    e.sync();
    let line = "position startpos moves 2g2f 8c8d";
    let pos = position_of(VariantKind::Shogi, line);
    e.send(line);
    e.send("go depth 7");
    let lines = e.read_until_prefix("bestmove");
    check_bestmove(lines.last().unwrap(), &pos);
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 7 ")),
        "{lines:?}"
    );
    // And again, the helpers having been stopped and started anew.
    e.send("go movetime 200");
    check_bestmove(&e.bestmove(), &pos);
    e.send("quit");
    assert!(e.wait_exit(Duration::from_secs(5)));
}

#[test]
fn go_nodes_and_byoyomi_answer() {
    let mut e = Engine::start();
    e.handshake();
    let pos = position_of(VariantKind::Shogi, "position startpos moves 2g2f");
    e.send("position startpos moves 2g2f");
    e.send("go nodes 500");
    check_bestmove(&e.bestmove(), &pos);
    // A second of byoyomi, no main time and a margin of 800 ms for the network: the
    // engine aims at 200 ms, and the answer comes before the period ends. The wide margin
    // keeps the test true on a machine busy with other tests, where a process may wait
    // a tenth of a second or more for a core.
    e.send("setoption name NetworkDelay value 800");
    e.sync();
    let started = Instant::now();
    e.send("go btime 0 wtime 0 byoyomi 1000");
    check_bestmove(&e.bestmove(), &pos);
    assert!(
        started.elapsed() < Duration::from_millis(1000),
        "{:?}",
        started.elapsed()
    );
    e.send("go movetime 100");
    check_bestmove(&e.bestmove(), &pos);
}

#[test]
fn go_infinite_and_stop_give_exactly_one_bestmove() {
    let mut e = Engine::start();
    e.handshake();
    let pos = position_of(VariantKind::Shogi, "position startpos");
    e.send("position startpos");
    e.send("go infinite");
    let before = e.drain(Duration::from_millis(200));
    assert_eq!(
        count_bestmoves(&before),
        0,
        "no bestmove before stop: {before:?}"
    );
    // isready is answered during the search, without stopping it.
    e.send("isready");
    let lines = e.read_until_prefix("readyok");
    assert_eq!(count_bestmoves(&lines), 0, "{lines:?}");
    e.send("stop");
    check_bestmove(&e.bestmove(), &pos);
    e.send("stop"); // a second stop: nothing
    let after = e.sync();
    assert_eq!(count_bestmoves(&after), 0, "{after:?}");
}

#[test]
fn go_during_a_search_stops_it_first() {
    let mut e = Engine::start();
    e.handshake();
    let pos = position_of(VariantKind::Shogi, "position startpos");
    e.send("position startpos");
    e.send("go infinite");
    e.drain(QUIET);
    e.send("go depth 1");
    let first = e.bestmove();
    check_bestmove(&first, &pos);
    let second = e.bestmove();
    check_bestmove(&second, &pos);
    assert_eq!(count_bestmoves(&e.sync()), 0);
}

#[test]
fn position_during_a_search_applies_to_the_next_go() {
    let mut e = Engine::start();
    e.handshake();
    let start = position_of(VariantKind::Shogi, "position startpos");
    let next = position_of(VariantKind::Shogi, "position startpos moves 7g7f");
    e.send("position startpos");
    e.send("go infinite");
    e.send("position startpos moves 7g7f");
    e.drain(QUIET);
    e.send("stop");
    check_bestmove(&e.bestmove(), &start);
    e.send("go depth 1");
    check_bestmove(&e.bestmove(), &next);
}

#[test]
fn ponder_then_ponderhit_gives_a_bestmove() {
    let mut e = Engine::start();
    e.handshake();
    let line = "position startpos moves 7g7f 3c3d";
    let pos = position_of(VariantKind::Shogi, line);
    e.send(line);
    e.send("go ponder btime 1500 wtime 1500 byoyomi 200");
    let before = e.drain(Duration::from_millis(200));
    assert_eq!(count_bestmoves(&before), 0, "{before:?}");
    let hit = Instant::now();
    e.send("ponderhit");
    check_bestmove(&e.bestmove(), &pos);
    // 3 s + 0.3 s byoyomi: soft 3000/30 + 300 = 400 ms from ponderhit, hard 675 ms, and
    // never past main time plus byoyomi.
    assert!(
        hit.elapsed() < Duration::from_millis(3300),
        "{:?}",
        hit.elapsed()
    );
    assert_eq!(count_bestmoves(&e.sync()), 0);
}

#[test]
fn ponder_then_stop_gives_one_bestmove() {
    let mut e = Engine::start();
    e.handshake();
    let pos = position_of(VariantKind::Shogi, "position startpos moves 2g2f 8c8d");
    e.send("position startpos moves 2g2f 8c8d");
    e.send("go ponder btime 30000 wtime 30000 binc 1000 winc 1000");
    e.drain(QUIET);
    e.send("stop");
    check_bestmove(&e.bestmove(), &pos);
    // The next move is searched normally.
    e.send("position startpos moves 2g2f 8c8d 2f2e");
    e.send("go btime 300 wtime 300 binc 100 winc 100");
    e.bestmove();
    assert_eq!(count_bestmoves(&e.sync()), 0);
}

#[test]
fn early_ponder_takes_the_clock_from_ponderhit() {
    let mut e = Engine::start();
    e.handshake();
    let pos = position_of(VariantKind::Shogi, "position startpos moves 7g7f");
    e.send("position startpos moves 7g7f");
    e.send("go ponder");
    e.drain(QUIET);
    e.send("ponderhit btime 500 wtime 500 byoyomi 200");
    check_bestmove(&e.bestmove(), &pos);
}

#[test]
fn ponderhit_and_stop_without_a_search_are_harmless() {
    let mut e = Engine::start();
    e.handshake();
    e.send("stop");
    e.send("ponderhit");
    let lines = e.sync();
    assert_eq!(count_bestmoves(&lines), 0);
    assert!(lines.iter().any(|l| l.starts_with("info string ponderhit")));
}

#[test]
fn gameover_during_ponder_ends_the_search() {
    let mut e = Engine::start();
    e.handshake();
    let pos = position_of(VariantKind::Shogi, "position startpos");
    e.send("position startpos");
    e.send("go ponder btime 1000 wtime 1000 byoyomi 1000");
    e.drain(QUIET);
    e.send("gameover lose");
    check_bestmove(&e.bestmove(), &pos);
    assert_eq!(count_bestmoves(&e.sync()), 0);
    // A new game in the same process.
    e.send("usinewgame");
    e.send("position startpos");
    e.send("go depth 1");
    check_bestmove(&e.bestmove(), &pos);
}

#[test]
fn quit_during_a_search_exits_promptly() {
    let mut e = Engine::start();
    e.handshake();
    e.send("position startpos");
    e.send("go infinite");
    e.drain(QUIET);
    let asked = Instant::now();
    e.send("quit");
    assert!(
        e.wait_exit(Duration::from_secs(2)),
        "still running after quit"
    );
    assert!(asked.elapsed() < Duration::from_secs(2));
}

#[test]
fn end_of_input_finishes_a_bounded_search_and_stops_an_infinite_one() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go depth 1");
    e.close_input();
    e.bestmove();
    assert!(e.wait_exit(Duration::from_secs(5)));

    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    e.close_input();
    e.bestmove();
    assert!(e.wait_exit(Duration::from_secs(5)));
}

#[test]
fn declaration_answers_win() {
    let sfen = "position sfen GGSS3BR/LL2K4/NN7/9/9/9/9/9/k8 b RB 1";
    let mut e = Engine::start();
    e.handshake();
    e.send(sfen);
    e.send("go btime 1000 wtime 1000 byoyomi 1000");
    let lines = e.read_until_prefix("bestmove");
    assert_eq!(lines.last().unwrap(), "bestmove win");
    assert!(lines.iter().any(|l| l.contains("28 points")), "{lines:?}");
    // With the rule off, a move.
    e.send("setoption name EnteringKingRule value none");
    e.send("go depth 1");
    let mv = check_bestmove(&e.bestmove(), &position_of(VariantKind::Shogi, sfen));
    assert!(mv != "win" && mv != "resign");
    // One point short (no rook in hand): a move.
    e.send("setoption name EnteringKingRule value declare27");
    let short = "position sfen GGSS3BR/LL2K4/NN7/9/9/9/9/9/k8 b B 1";
    e.send(short);
    e.send("go depth 1");
    let mv = check_bestmove(&e.bestmove(), &position_of(VariantKind::Shogi, short));
    assert!(mv != "win" && mv != "resign");
}

#[test]
fn declaration_waits_for_ponderhit_when_pondering() {
    let mut e = Engine::start();
    e.handshake();
    e.send("position sfen GGSS3BR/LL2K4/NN7/9/9/9/9/9/k8 b RB 1");
    e.send("go ponder btime 1000 wtime 1000 byoyomi 1000");
    let before = e.drain(QUIET);
    assert_eq!(count_bestmoves(&before), 0, "{before:?}");
    e.send("ponderhit");
    assert_eq!(e.bestmove(), "bestmove win");
}

#[test]
fn no_legal_move_resigns() {
    let mut e = Engine::start();
    e.handshake();
    e.send("position sfen 4k4/4G4/4G4/9/9/9/9/9/4K4 w - 1");
    e.send("go btime 1000 wtime 1000 byoyomi 1000");
    assert_eq!(e.bestmove(), "bestmove resign");
    // Reached through moves: gote is mated by G*5b.
    e.send("position sfen 4k4/9/4G4/9/9/9/9/9/4K4 b G 1 moves G*5b");
    e.send("go depth 3");
    assert_eq!(e.bestmove(), "bestmove resign");
    // Also under go infinite, after stop.
    e.send("go infinite");
    let before = e.drain(QUIET);
    assert_eq!(count_bestmoves(&before), 0);
    e.send("stop");
    assert_eq!(e.bestmove(), "bestmove resign");
}

#[test]
fn a_bad_position_is_not_resigned() {
    // Gote has a lone king against a full army but legal moves: it must play on.
    let line = "position sfen 8k/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";
    let mut e = Engine::start();
    e.handshake();
    e.send(line);
    e.send("go depth 2");
    let mv = check_bestmove(&e.bestmove(), &position_of(VariantKind::Shogi, line));
    assert_ne!(mv, "resign");
}

#[test]
fn tori_through_usi_variant() {
    for name in ["tori", "torishogi"] {
        let mut e = Engine::start();
        e.handshake();
        e.send(&format!("setoption name USI_Variant value {name}"));
        let line = "position startpos moves 4e4d 4c4d";
        let pos = position_of(VariantKind::Tori, line);
        e.send(line);
        e.send("go depth 1");
        let lines = e.read_until_prefix("bestmove");
        let mv = check_bestmove(lines.last().unwrap(), &pos);
        assert_ne!(mv, "resign");
        assert_ne!(mv, "win");
        for info in &lines[..lines.len() - 1] {
            check_info(info, Some(&pos));
        }
        // A Tori SFEN with a drop.
        let line = "position sfen rp2kps/2c1f1l/s1sSSSs/scsKS2/SCSF2S/1s1C2R/LP3P1 b Ss 51";
        let pos = position_of(VariantKind::Tori, line);
        e.send(line);
        e.send("go nodes 300");
        check_bestmove(&e.bestmove(), &pos);
    }
}

#[test]
fn go_mate_answers_with_the_solver() {
    let mut e = Engine::start();
    e.handshake();
    // A mate in 5 from the shared problems (the answer must replay as a mate; the
    // problem's own line need not be the one found).
    let line = format!("position sfen {}", tsume_row("antma-t5-10").sfen);
    let pos = position_of(VariantKind::Shogi, &line);
    e.send(&line);
    e.send("go mate 10000");
    let answer = e.read_until_prefix("checkmate").pop().unwrap();
    let moves: Vec<&str> = answer.split_whitespace().skip(1).collect();
    assert!(!moves.is_empty() && moves[0] != "nomate", "{answer}");
    let mut board = pos.root;
    for m in &moves {
        let mv = koma_notation::usi::parse_move(VariantKind::Shogi, m).unwrap();
        assert!(board.play(mv).is_ok(), "{answer}: {m} is legal");
    }
    assert!(board.legal_moves().is_empty(), "{answer} ends in mate");
    assert_eq!(moves.len(), 5, "{answer}: the shortest mate");
    // No check at all: nomate. Tori: the solver plays shogi only.
    e.send("position startpos");
    e.send("go mate infinite");
    assert_eq!(
        e.read_until_prefix("checkmate").last().unwrap(),
        "checkmate nomate"
    );
    e.send("setoption name USI_Variant value tori");
    e.send("position startpos");
    e.send("go mate 1000");
    let lines = e.read_until_prefix("checkmate");
    assert_eq!(lines.last().unwrap(), "checkmate notimplemented");
    assert!(
        lines
            .iter()
            .any(|l| l == "info string go mate: the mate solver plays shogi only, not tori"),
        "{lines:?}"
    );
    assert_eq!(count_bestmoves(&e.sync()), 0);
}

#[test]
fn go_mate_infinite_stops_with_timeout() {
    let mut e = Engine::start();
    e.handshake();
    // Microcosmos (1525 plies; minutes to solve).
    e.send(&format!("position sfen {}", tsume_row("microcosmos").sfen));
    e.send("go mate infinite");
    std::thread::sleep(Duration::from_millis(500));
    let started = Instant::now();
    e.send("stop");
    let last = e.read_until_prefix("checkmate").pop().unwrap();
    assert_eq!(last, "checkmate timeout");
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn a_kingless_position_is_searched() {
    // A tsume problem sent for a normal search: the attacker has no king.
    let line = "position sfen 6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1";
    let mut e = Engine::start();
    e.handshake();
    e.send(line);
    let notes = e.sync();
    assert!(notes.iter().any(|l| l.contains("no king")), "{notes:?}");
    e.send("go depth 2");
    check_bestmove(&e.bestmove(), &position_of(VariantKind::Shogi, line));
}

#[test]
fn malformed_input_never_crashes_and_is_explained() {
    let mut e = Engine::start();
    e.handshake();
    let cases: &[(&str, &str)] = &[
        ("garbage", "unknown command"),
        ("position sfen lnsgkgsnl/9/ppp b - 1", "bad SFEN"),
        ("position sfen", "needs the SFEN"),
        ("position", "expected 'startpos'"),
        ("position startpos 7g7f", "expected 'moves'"),
        ("setoption", "setoption"),
        ("setoption value 3", "setoption"),
        ("setoption name NoSuchOption value 1", "unknown option"),
        ("setoption name USI_Hash value lots", "USI_Hash"),
        ("setoption name USI_Hash", "needs a value"),
        ("setoption name MultiPV value 0", "MultiPV"),
        ("setoption name Threads value 0", "Threads"),
        ("setoption name USI_Variant value chess", "USI_Variant"),
        ("bench deep", "bench"),
    ];
    for (line, expected) in cases {
        e.send(line);
        let notes = e.sync();
        assert!(
            notes
                .iter()
                .any(|l| l.starts_with("info string") && l.contains(expected)),
            "{line}: expected an info string with '{expected}', got {notes:?}"
        );
    }
    // Lines that are ignored silently.
    for line in ["", "   ", "\t", "setoption name USI_AnalyseMode value true"] {
        e.send(line);
        assert!(e.sync().is_empty(), "{line:?}");
    }
    // Invalid UTF-8, a NUL, a very long line (over the 1 MiB limit) and a long one within it.
    e.send_bytes(b"\xff\xfe garbage \x00\n");
    assert!(!e.sync().is_empty());
    let long = "x".repeat(2 << 20);
    e.send(&long);
    let notes = e.sync();
    assert!(notes.iter().any(|l| l.contains("longer than")), "{notes:?}");
    let long_moves = format!("position startpos moves {}", "7g7f ".repeat(20_000));
    e.send(&long_moves);
    let notes = e.sync();
    assert!(
        notes.iter().any(|l| l.contains("move 2 '7g7f'")),
        "{notes:?}"
    );

    // An illegal move keeps the position up to the last legal one: gote to move.
    e.send("position startpos moves 7g7f zzzz");
    let notes = e.sync();
    assert!(notes.iter().any(|l| l.contains("'zzzz'")), "{notes:?}");
    e.send("go depth 1");
    check_bestmove(
        &e.bestmove(),
        &position_of(VariantKind::Shogi, "position startpos moves 7g7f"),
    );
    // A bad SFEN keeps the previous position.
    e.send("position sfen xyz b - 1");
    e.send("go depth 1");
    check_bestmove(
        &e.bestmove(),
        &position_of(VariantKind::Shogi, "position startpos moves 7g7f"),
    );
    // A malformed go is refused with a note and answered by nothing (tests/engine/overlap.rs
    // has the rest).
    e.send("go btime abc wtime 1000 byoyomi 100");
    let notes = e.sync();
    assert!(notes.iter().any(|l| l.contains("btime 'abc'")), "{notes:?}");
    assert_eq!(count_bestmoves(&notes), 0, "{notes:?}");
    // Still alive and well.
    assert!(e.transcript.iter().all(|l| is_engine_line(l)));
    e.send("quit");
    assert!(e.wait_exit(Duration::from_secs(5)));
}

#[test]
fn usi_bench_command_prints_the_total() {
    let mut e = Engine::start();
    e.handshake();
    e.send("bench 1");
    let lines = e.read_until("the bench total", |l| l.starts_with("info string nodes "));
    let last = lines.last().unwrap();
    let words: Vec<&str> = last.split(' ').collect();
    assert_eq!(words.len(), 6, "{last}");
    assert!(words[3].parse::<u64>().is_ok() && words[5].parse::<u64>().is_ok());
}
