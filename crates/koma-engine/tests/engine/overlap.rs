//! One `go`, one answer: malformed `go` commands start nothing, and commands that arrive
//! while a search runs (`go`, `position`, `usinewgame`, `setoption`, `stop`, `ponderhit`)
//! never leave a `bestmove` that no accepted `go` asked for.

use crate::common::{Engine, check_bestmove, position_of};
use koma_engine::usi::position::GamePosition;
use koma_rules::VariantKind;
use koma_testdata::tsume_row;
use std::time::{Duration, Instant};

const QUIET: Duration = Duration::from_millis(100);

fn answers(lines: &[String]) -> usize {
    lines
        .iter()
        .filter(|l| l.starts_with("bestmove") || l.starts_with("checkmate"))
        .count()
}

fn shogi(line: &str) -> GamePosition {
    position_of(VariantKind::Shogi, line)
}

/// Sends `stop` and `isready` and returns what came before `readyok`: a `bestmove` there
/// means a search was running.
fn stop_and_sync(e: &mut Engine) -> Vec<String> {
    e.send("stop");
    e.sync()
}

#[test]
fn a_malformed_go_starts_no_search() {
    let mut e = Engine::start();
    e.handshake();
    e.send("position startpos");
    let cases: &[(&str, &str)] = &[
        ("go sideways", "unknown keyword 'sideways'"),
        ("go btime x", "btime 'x' is not a number of milliseconds"),
        ("go btime x wtime 1000 byoyomi 100", "btime 'x'"),
        ("go depth -3", "depth '-3' is not a number"),
        ("go movetime", "movetime needs a value"),
        ("go btime wtime 1000", "btime needs a value"),
        ("go nodes lots", "nodes 'lots'"),
        ("go mate soon", "mate 'soon'"),
        ("go mate", "mate needs a value"),
        ("go infinite frobnicate", "'frobnicate'"),
        ("go ponder byoyomi", "byoyomi needs a value"),
    ];
    for (line, expected) in cases {
        e.send(line);
        let lines = stop_and_sync(&mut e);
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string go: ") && l.contains(expected)),
            "{line}: expected an info string with '{expected}', got {lines:?}"
        );
        assert_eq!(answers(&lines), 0, "{line} started a search: {lines:?}");
        assert!(
            !lines.iter().any(|l| l.starts_with("info depth")),
            "{line}: {lines:?}"
        );
    }
    // Nothing is left running: a well-formed go is answered once, at once.
    e.send("go depth 1");
    check_bestmove(&e.bestmove(), &shogi("position startpos"));
    assert_eq!(answers(&e.drain(QUIET)), 0);
}

#[test]
fn a_malformed_go_during_a_search_leaves_it_running() {
    let mut e = Engine::start();
    e.handshake();
    e.send("position startpos");
    e.send("go infinite");
    e.drain(QUIET);
    e.send("go depth x");
    let lines = e.sync();
    assert!(lines.iter().any(|l| l.contains("depth 'x'")), "{lines:?}");
    assert_eq!(
        answers(&lines),
        0,
        "the running search was not stopped: {lines:?}"
    );
    // It is still searching, and still waits for stop.
    assert_eq!(answers(&e.drain(QUIET)), 0);
    e.send("stop");
    check_bestmove(&e.bestmove(), &shogi("position startpos"));
    assert_eq!(answers(&stop_and_sync(&mut e)), 0);
}

/// A whole conversation sent at once, without waiting for any answer: the answers are as
/// many as the accepted `go` commands, in their order, each legal in the position of its
/// own `go`.
#[test]
fn a_burst_of_overlapping_commands_gets_one_answer_per_go() {
    let script = [
        "usi",
        "isready",
        "usinewgame",
        "position startpos",
        "go infinite",
        "position startpos moves 7g7f",
        "go depth 1",
        "go sideways",
        "stop",
        "stop",
        "ponderhit",
        "go ponder btime 1000 wtime 1000 byoyomi 100",
        "setoption name USI_Hash value 8",
        "position startpos moves 7g7f 3c3d",
        "isready",
        "go nodes 300",
        "ponderhit",
        "go btime 0 wtime 0 byoyomi 50",
        "usinewgame",
        "go depth -1",
        "position startpos moves 2g2f",
        "go infinite",
        "setoption name MultiPV value 2",
        "go movetime 20",
        "gameover win",
        "go mate 100",
        "go depth 2",
        "quit",
    ];
    let mut e = Engine::start();
    e.send(&script.join("\n"));
    assert!(e.wait_exit(Duration::from_secs(10)), "quit");
    let lines = e.drain(Duration::from_millis(300));

    // What each accepted go searched: the position of the last good `position` before it.
    let mut position = shogi("position startpos");
    let mut asked = Vec::new();
    for line in script {
        if line.starts_with("position ") {
            position = shogi(line);
        } else if line.starts_with("go ")
            && !["sideways", "-1"].iter().any(|bad| line.ends_with(bad))
        {
            asked.push((line, position.clone()));
        }
    }
    let answered: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("bestmove") || l.starts_with("checkmate"))
        .collect();
    assert_eq!(
        answered.len(),
        asked.len(),
        "one answer per accepted go: {answered:?} for {asked:?}"
    );
    for ((go, pos), answer) in asked.iter().zip(&answered) {
        if go.starts_with("go mate") {
            assert!(answer.starts_with("checkmate "), "{go}: {answer}");
        } else {
            check_bestmove(answer, pos);
        }
    }
    let refused = lines
        .iter()
        .filter(|l| l.starts_with("info string go: ") && l.ends_with("; ignored"))
        .count();
    assert_eq!(refused, 2, "{lines:?}");
}

#[test]
fn after_stop_and_its_bestmove_nothing_stale_follows() {
    let mut e = Engine::start();
    e.handshake();
    // Sente's position, pondered; then gote's, where a sente move would be illegal.
    let first = "position startpos";
    let next = "position startpos moves 7g7f";
    e.send(first);
    e.send("go ponder btime 10000 wtime 10000 byoyomi 1000");
    e.drain(QUIET);
    e.send("stop");
    check_bestmove(&e.bestmove(), &shogi(first));
    assert_eq!(answers(&e.drain(Duration::from_millis(300))), 0);
    e.send(next);
    e.send("go btime 10000 wtime 10000 byoyomi 100");
    check_bestmove(&e.bestmove(), &shogi(next));
    assert_eq!(answers(&stop_and_sync(&mut e)), 0);
}

#[test]
fn a_go_during_a_search_answers_the_first_then_the_second() {
    let mut e = Engine::start();
    e.handshake();
    let first = "position startpos";
    let next = "position startpos moves 7g7f";
    e.send(first);
    e.send("go ponder btime 10000 wtime 10000 byoyomi 1000");
    e.drain(QUIET);
    // A GUI that forgot the stop: the pondering search answers for the first go (in the
    // first position), the new go then runs and answers in the new position.
    e.send(next);
    e.send("go depth 1");
    check_bestmove(&e.bestmove(), &shogi(first));
    check_bestmove(&e.bestmove(), &shogi(next));
    assert_eq!(answers(&stop_and_sync(&mut e)), 0);
}

#[test]
fn setoption_and_usinewgame_during_a_search() {
    let mut e = Engine::start();
    e.handshake();
    let start = shogi("position startpos");
    e.send("position startpos");
    e.send("go infinite");
    e.drain(QUIET);
    // setoption leaves the search alone: no answer until stop.
    e.send("setoption name USI_Hash value 8");
    e.send("setoption name ClearHash");
    let lines = e.sync();
    assert_eq!(answers(&lines), 0, "{lines:?}");
    e.send("stop");
    check_bestmove(&e.bestmove(), &start);
    // usinewgame ends a running search: its answer comes before anything of the new game.
    e.send("go infinite");
    e.drain(QUIET);
    e.send("usinewgame");
    let lines = e.sync();
    assert_eq!(answers(&lines), 1, "{lines:?}");
    check_bestmove(
        lines.iter().find(|l| l.starts_with("bestmove")).unwrap(),
        &start,
    );
    assert_eq!(answers(&stop_and_sync(&mut e)), 0);
}

#[test]
fn ponderhit_and_stop_out_of_turn_print_no_bestmove() {
    let mut e = Engine::start();
    e.handshake();
    let start = shogi("position startpos");
    e.send("position startpos");
    // After a normal search has answered.
    e.send("go depth 1");
    e.bestmove();
    e.send("ponderhit");
    e.send("stop");
    let lines = e.sync();
    assert_eq!(answers(&lines), 0, "{lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string ponderhit: not pondering"))
    );
    // During go infinite: ponderhit is refused and the answer still waits for stop.
    e.send("go infinite");
    e.drain(QUIET);
    e.send("ponderhit");
    let lines = e.sync();
    assert_eq!(answers(&lines), 0, "{lines:?}");
    assert_eq!(answers(&e.drain(QUIET)), 0);
    e.send("stop");
    check_bestmove(&e.bestmove(), &start);
    // A second ponderhit after the first: one answer in all.
    e.send("go ponder btime 500 wtime 500 byoyomi 100");
    e.drain(QUIET);
    e.send("ponderhit");
    e.send("ponderhit");
    check_bestmove(&e.bestmove(), &start);
    assert_eq!(answers(&stop_and_sync(&mut e)), 0);
}

#[test]
fn a_ponderhit_with_a_bad_clock_still_releases_the_answer() {
    let mut e = Engine::start();
    e.handshake();
    e.send("position startpos");
    e.send("go ponder btime 1000 wtime 1000 byoyomi 100");
    e.drain(QUIET);
    let hit = Instant::now();
    e.send("ponderhit btime soon");
    let lines = e.read_until_prefix("bestmove");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string ponderhit: btime 'soon'")),
        "{lines:?}"
    );
    check_bestmove(lines.last().unwrap(), &shogi("position startpos"));
    // The budget of the go ponder applies: 1 s + 0.1 s byoyomi.
    assert!(
        hit.elapsed() < Duration::from_secs(2),
        "{:?}",
        hit.elapsed()
    );
    assert_eq!(answers(&stop_and_sync(&mut e)), 0);
}

#[test]
fn the_end_of_input_stops_a_mate_search_without_a_limit() {
    // Microcosmos (1525 plies): the solver would run for minutes.
    let mut e = Engine::start();
    e.send(&format!("position sfen {}", tsume_row("microcosmos").sfen));
    e.send("go mate infinite");
    std::thread::sleep(QUIET);
    let closed = Instant::now();
    e.close_input();
    let last = e.read_until_prefix("checkmate").pop().unwrap();
    assert_eq!(last, "checkmate timeout");
    assert!(e.wait_exit(Duration::from_secs(5)), "still running");
    assert!(closed.elapsed() < Duration::from_secs(5));
}
