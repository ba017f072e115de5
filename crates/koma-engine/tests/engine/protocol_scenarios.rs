//! The GUI side of the real USI transcripts in `shared/corpus/protocol/*/usi.log` (ShogiHome's
//! USI-CSA bridge talking to engines) replayed against `koma-engine`: every `recv:` line is
//! sent as it was, and the answers are checked for their shape: `usiok` after `usi`,
//! `readyok` after `isready`, one legal `bestmove` per `go` (held while pondering until
//! `ponderhit` or `stop`), `bestmove win` where the transcript's engine declared, and only
//! lines an engine may send. The CSA side of the scenarios is not an engine's business.
//!
//! The clocks are divided by 1000 (30 s becomes 30 ms) so the 130-odd searches of the long
//! scenario take moments; the time-management arithmetic has its own tests.

use crate::common::{Engine, check_bestmove, check_info, is_engine_line, position_of};
use koma_engine::usi::position::GamePosition;
use koma_rules::VariantKind;
use std::path::{Path, PathBuf};
use std::time::Duration;

fn scenarios() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/protocol");
    let mut logs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| {
            panic!(
                "{}: {e} (the shared folder beside the project)",
                dir.display()
            )
        })
        .filter_map(|entry| {
            let log = entry.ok()?.path().join("usi.log");
            log.exists().then_some(log)
        })
        .collect();
    logs.sort();
    logs
}

/// `go`/`ponderhit` with every clock field divided by 1000 (at least 1 ms when not 0).
fn shrink_clock(line: &str) -> String {
    let words: Vec<&str> = line.split(' ').collect();
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        out.push(words[i].to_string());
        if matches!(words[i], "btime" | "wtime" | "binc" | "winc" | "byoyomi")
            && let Some(Ok(ms)) = words.get(i + 1).map(|v| v.parse::<u64>())
        {
            out.push(if ms == 0 { 0 } else { (ms / 1000).max(1) }.to_string());
            i += 1;
        }
        i += 1;
    }
    out.join(" ")
}

/// What the transcript's engine answered to each `go`, in order (`win` where it declared).
fn recorded_answers(log: &str) -> Vec<String> {
    log.lines()
        .filter_map(|l| l.strip_prefix("send:bestmove "))
        .map(|rest| rest.split(' ').next().unwrap_or("").to_string())
        .collect()
}

fn replay(path: &Path) -> usize {
    let log = std::fs::read_to_string(path).expect("a transcript");
    let recorded = recorded_answers(&log);
    let mut e = Engine::start();
    let mut position = GamePosition::startpos(VariantKind::Shogi);
    let mut pondering = false;
    let mut answers = 0;
    let mut exited = false;
    for line in log.lines().filter_map(|l| l.strip_prefix("recv:")) {
        let word = line.split(' ').next().unwrap_or("");
        match word {
            "usi" => {
                e.send(line);
                let lines = e.read_until_prefix("usiok");
                assert!(lines.iter().all(|l| is_engine_line(l)), "{lines:?}");
            }
            "isready" => {
                e.send(line);
                e.read_until_prefix("readyok");
            }
            "position" => {
                e.send(line);
                position = position_of(VariantKind::Shogi, line);
            }
            "go" => {
                e.send(&shrink_clock(line));
                if line.starts_with("go ponder") {
                    pondering = true;
                } else {
                    let lines = e.read_until_prefix("bestmove");
                    let best = check_answer(&lines, &position, path);
                    if recorded.get(answers).map(String::as_str) == Some("win") {
                        assert_eq!(best, "win", "{}: the declaration", path.display());
                    }
                    answers += 1;
                }
            }
            "stop" | "ponderhit" => {
                e.send(&shrink_clock(line));
                if pondering {
                    let lines = e.read_until_prefix("bestmove");
                    check_answer(&lines, &position, path);
                    pondering = false;
                    answers += 1;
                }
            }
            "quit" => {
                e.send(line);
                assert!(e.wait_exit(Duration::from_secs(5)), "{}", path.display());
                exited = true;
            }
            // setoption (unknown options included), usinewgame, gameover: no answer due.
            _ => e.send(line),
        }
    }
    assert!(exited, "{}: the transcript ends with quit", path.display());
    let stray: Vec<&String> = e.transcript.iter().filter(|l| !is_engine_line(l)).collect();
    assert!(stray.is_empty(), "{}: {stray:?}", path.display());
    answers
}

/// Checks the lines up to a `bestmove`; returns the move word.
fn check_answer(lines: &[String], position: &GamePosition, path: &Path) -> String {
    let (best, infos) = lines.split_last().expect("a bestmove");
    for info in infos {
        assert!(info.starts_with("info "), "{}: {info}", path.display());
        check_info(info, Some(position));
    }
    check_bestmove(best, position)
}

#[test]
fn every_transcript_replays_with_well_formed_answers() {
    let logs = scenarios();
    assert!(logs.len() >= 10, "{logs:?}");
    // One engine per transcript, side by side.
    let total: usize = std::thread::scope(|s| {
        let runs: Vec<_> = logs.iter().map(|log| s.spawn(|| replay(log))).collect();
        runs.into_iter()
            .map(|r| r.join().expect("a replay passed"))
            .sum()
    });
    assert!(total > 100, "{total} answers");
}

#[test]
fn clocks_are_shrunk_field_by_field() {
    assert_eq!(
        shrink_clock("go ponder btime 52000 wtime 60000 binc 5000 winc 5000"),
        "go ponder btime 52 wtime 60 binc 5 winc 5"
    );
    assert_eq!(
        shrink_clock("go btime 0 wtime 800 byoyomi 0"),
        "go btime 0 wtime 1 byoyomi 0"
    );
    assert_eq!(shrink_clock("ponderhit"), "ponderhit");
}
