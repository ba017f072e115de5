//! A `koma-engine` process driven through its standard input and output, for the
//! conversation tests.

#![allow(dead_code)] // each test file uses its own part of the helper

use koma_engine::usi::command::{Command, parse};
use koma_engine::usi::position::{GamePosition, build};
use koma_notation::usi::parse_move;
use koma_rules::VariantKind;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command as Process, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread;
use std::time::{Duration, Instant};

/// How long any single answer may take before a test fails.
pub const PATIENCE: Duration = Duration::from_secs(10);

/// A running engine.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line received so far.
    pub transcript: Vec<String>,
}

impl Engine {
    /// Starts the engine binary.
    pub fn start() -> Engine {
        Engine::start_with_args(&[])
    }

    /// Starts the engine binary with command-line arguments.
    pub fn start_with_args(args: &[&str]) -> Engine {
        let mut child = Process::new(env!("CARGO_BIN_EXE_koma-engine"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the engine binary starts");
        let stdout = child.stdout.take().expect("piped");
        let stdin = child.stdin.take();
        let (tx, rx) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines: rx,
            transcript: Vec::new(),
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    /// Sends raw bytes.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("the engine reads its input");
        stdin.flush().expect("flush");
    }

    /// Closes the engine's input.
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// The next line, if one comes within `timeout`.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                self.transcript.push(line.clone());
                Some(line)
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Reads lines until one satisfies `done`; returns every line read, that one last.
    /// Panics after [`PATIENCE`].
    pub fn read_until(&mut self, what: &str, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + PATIENCE;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let Some(line) = self.next_line(left) else {
                panic!("no {what} within {PATIENCE:?}; got {got:#?}");
            };
            let finished = done(&line);
            got.push(line);
            if finished {
                return got;
            }
        }
    }

    /// Reads up to and including the next line starting with `prefix`.
    pub fn read_until_prefix(&mut self, prefix: &str) -> Vec<String> {
        self.read_until(prefix, |l| l.starts_with(prefix))
    }

    /// Reads up to the next `bestmove` and returns that line.
    pub fn bestmove(&mut self) -> String {
        self.read_until_prefix("bestmove").pop().expect("a line")
    }

    /// The lines that arrive in the next `window`.
    pub fn drain(&mut self, window: Duration) -> Vec<String> {
        let deadline = Instant::now() + window;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return got;
            }
            match self.next_line(left) {
                Some(line) => got.push(line),
                None => return got,
            }
        }
    }

    /// Sends `isready` and reads up to `readyok`, returning the lines before it.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.read_until_prefix("readyok");
        lines.pop();
        lines
    }

    /// The handshake: `usi` to `usiok`, then `isready` to `readyok`.
    pub fn handshake(&mut self) -> Vec<String> {
        self.send("usi");
        let lines = self.read_until_prefix("usiok");
        self.sync();
        lines
    }

    /// Waits for the process to end within `timeout`; returns whether it did.
    pub fn wait_exit(&mut self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return true;
            }
            thread::sleep(Duration::from_millis(5));
        }
        false
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stdin = None;
        if !self.wait_exit(Duration::from_secs(2)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The position of a `position` line in `variant`.
pub fn position_of(variant: VariantKind, line: &str) -> GamePosition {
    match parse(line) {
        Ok(Some(Command::Position(p))) => build(variant, &p).expect("a legal position").position,
        other => panic!("not a position line: {line}: {other:?}"),
    }
}

/// Checks that `line` is a `bestmove` whose move is legal in `pos` (its ponder move legal
/// after it), or `resign`/`win`; returns the move text.
pub fn check_bestmove(line: &str, pos: &GamePosition) -> String {
    let words: Vec<&str> = line.split(' ').collect();
    assert_eq!(words[0], "bestmove", "{line}");
    let variant = pos.root.variant();
    match words.as_slice() {
        ["bestmove", "resign"] | ["bestmove", "win"] => words[1].to_string(),
        ["bestmove", m] | ["bestmove", m, "ponder", _] => {
            let mv = parse_move(variant, m).unwrap_or_else(|e| panic!("{line}: {e}"));
            assert!(pos.root.is_legal(mv).is_ok(), "{line} is illegal");
            if let [_, _, _, p] = words.as_slice() {
                let reply = parse_move(variant, p).unwrap_or_else(|e| panic!("{line}: {e}"));
                let mut after = pos.root;
                after.play(mv).unwrap();
                assert!(
                    after.is_legal(reply).is_ok(),
                    "{line}: the ponder move is illegal"
                );
            }
            m.to_string()
        }
        _ => panic!("malformed bestmove line: {line}"),
    }
}

/// Checks the shape of an `info` line: known fields with numbers where numbers belong, `score
/// cp|mate N`, `pv` moves legal from `pos` (when given), `string` last.
pub fn check_info(line: &str, pos: Option<&GamePosition>) {
    let words: Vec<&str> = line.split(' ').collect();
    assert_eq!(words[0], "info", "{line}");
    let mut i = 1;
    while i < words.len() {
        match words[i] {
            "depth" | "seldepth" | "time" | "nodes" | "nps" | "hashfull" | "multipv" => {
                assert!(
                    words.get(i + 1).is_some_and(|n| n.parse::<u64>().is_ok()),
                    "{line}: {} needs a number",
                    words[i]
                );
                i += 2;
            }
            "score" => {
                assert!(
                    matches!(words.get(i + 1), Some(&"cp") | Some(&"mate")),
                    "{line}"
                );
                let n = words.get(i + 2).unwrap_or(&"");
                assert!(
                    n.parse::<i64>().is_ok() || *n == "-0",
                    "{line}: a score needs a number"
                );
                i += 3;
            }
            "pv" => {
                let moves = &words[i + 1..];
                assert!(!moves.is_empty(), "{line}: empty pv");
                if let Some(pos) = pos {
                    let variant = pos.root.variant();
                    let mut p = pos.root;
                    for m in moves {
                        let mv = parse_move(variant, m).unwrap_or_else(|e| panic!("{line}: {e}"));
                        assert!(p.play(mv).is_ok(), "{line}: {m} is illegal");
                    }
                }
                return;
            }
            "string" => return,
            other => panic!("{line}: unexpected info field {other}"),
        }
    }
}

pub use koma_engine::usi::answer::is_engine_line;
