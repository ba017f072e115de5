//! USI input into the engine: arbitrary bytes through the bounded line reader, the command
//! reader and the session, as `usi::run` does. No panic, and the conversation keeps its
//! rules: every accepted `go` gets exactly one answer, in order (`bestmove`, legal in the
//! position of its `go`, or `checkmate` for `go mate`, its moves legal); `usi` gets one
//! `usiok` and `isready` one `readyok`; nothing but engine lines is written.
//!
//! The harness keeps each run short (see the README): at most `MAX_LINES` lines; a `go`
//! with any limit is also held to `MAX_DEPTH` plies and `MAX_NODES` nodes, `go mate <ms>`
//! to `MAX_MATE_MS`; a `go` with no limit at all (searching until `stop`) is left as it is,
//! since the next command or the end of the input stops it. `bench` (a fixed benchmark of
//! seconds) is skipped, and so is a `setoption` that would raise the table above
//! `MAX_HASH_MB` or the threads above `MAX_THREADS`.
#![no_main]

use koma_engine::usi::answer::is_engine_line;
use koma_engine::usi::command::{self, Command};
use koma_engine::usi::io::{self, Line, Output};
use koma_engine::usi::mate::MateLimit;
use koma_engine::usi::options::Options;
use koma_engine::usi::{Flow, Session};
use koma_notation::usi::parse_move;
use koma_rules::AnyPosition;
use libfuzzer_sys::fuzz_target;
use std::io::Write;
use std::sync::{Arc, Mutex};

const MAX_LINES: usize = 48;
/// Small, so that the reader's too-long path is reached.
const LINE_LIMIT: usize = 4096;
const MAX_DEPTH: u32 = 3;
const MAX_NODES: u64 = 3000;
const MAX_MATE_MS: u64 = 5;
const MAX_HASH_MB: usize = 2;
const MAX_THREADS: usize = 2;

/// The engine's output, kept for the checks.
#[derive(Clone, Default)]
struct Sink(Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// An accepted `go`: whether it was `go mate`, and the position it searched.
struct Asked {
    mate: bool,
    root: AnyPosition,
}

/// `command` held to the harness's bounds, or `None` to skip it.
fn bound(command: Command, options: &Options) -> Option<Command> {
    match command {
        Command::Go(mut go) => {
            if go.params.has_limit() || go.ponder {
                let p = &mut go.params;
                p.depth = Some(p.depth.map_or(MAX_DEPTH, |d| d.min(MAX_DEPTH)));
                p.nodes = Some(p.nodes.map_or(MAX_NODES, |n| n.min(MAX_NODES)));
            }
            if let Some(MateLimit::Millis(ms)) = go.mate {
                go.mate = Some(MateLimit::Millis(ms.min(MAX_MATE_MS)));
            }
            Some(Command::Go(go))
        }
        Command::Bench(_) => None,
        Command::SetOption { name, value } => {
            let mut probe = *options;
            let raises = probe.set(&name, value.as_deref()).is_ok()
                && (probe.hash_mb > MAX_HASH_MB || probe.threads > MAX_THREADS);
            (!raises).then_some(Command::SetOption { name, value })
        }
        other => Some(other),
    }
}

fn check_answer(line: &str, asked: &Asked) {
    let variant = asked.root.variant();
    let words: Vec<&str> = line.split(' ').collect();
    if asked.mate {
        assert_eq!(words[0], "checkmate", "{line} answers a go mate");
        if let ["checkmate", "nomate" | "timeout" | "notimplemented"] = words.as_slice() {
            return;
        }
        let mut p = asked.root;
        for m in &words[1..] {
            let mv = parse_move(variant, m).unwrap_or_else(|e| panic!("{line}: {e}"));
            p.play(mv)
                .unwrap_or_else(|e| panic!("{line}: {m} is illegal: {e}"));
        }
        return;
    }
    match words.as_slice() {
        ["bestmove", "resign" | "win"] => {}
        ["bestmove", m] | ["bestmove", m, "ponder", _] => {
            let mv = parse_move(variant, m).unwrap_or_else(|e| panic!("{line}: {e}"));
            let mut p = asked.root;
            p.play(mv)
                .unwrap_or_else(|e| panic!("{line}: {m} is illegal: {e}"));
            if let [.., "ponder", reply] = words.as_slice() {
                let r = parse_move(variant, reply).unwrap_or_else(|e| panic!("{line}: {e}"));
                p.play(r)
                    .unwrap_or_else(|e| panic!("{line}: the ponder move is illegal: {e}"));
            }
        }
        _ => panic!("{line} is no answer to a go"),
    }
}

fuzz_target!(|data: &[u8]| {
    let sink = Sink::default();
    let out = Output::new(sink.clone());
    let mut session = Session::new(out);
    session.handle(Command::SetOption {
        name: "USI_Hash".to_string(),
        value: Some(MAX_HASH_MB.to_string()),
    });
    let mut asked = Vec::new();
    let (mut usi, mut isready) = (0, 0);
    let mut input = data;
    for _ in 0..MAX_LINES {
        let line = match io::read_line(&mut input, LINE_LIMIT) {
            Ok(Some(Line::Text(line))) => line,
            Ok(Some(Line::TooLong(bytes))) => {
                assert!(bytes > LINE_LIMIT);
                continue;
            }
            Ok(None) | Err(_) => break,
        };
        let command = match command::parse(&line) {
            Ok(Some(command)) => command,
            Ok(None) | Err(_) => {
                assert_eq!(session.handle_line(&line), Flow::Continue);
                continue;
            }
        };
        let Some(command) = bound(command, session.options()) else {
            continue;
        };
        match &command {
            Command::Usi => usi += 1,
            Command::IsReady => isready += 1,
            Command::Go(go) => asked.push(Asked {
                mate: go.mate.is_some(),
                root: session.position().root,
            }),
            _ => {}
        }
        if session.handle(command) == Flow::Quit {
            break;
        }
    }
    session.finish();
    drop(session);

    let bytes = sink.0.lock().unwrap().clone();
    let text = String::from_utf8(bytes).expect("the engine writes UTF-8");
    let lines: Vec<&str> = text.lines().collect();
    for line in &lines {
        assert!(is_engine_line(line), "not an engine line: {line:?}");
    }
    let count = |word: &str| lines.iter().filter(|l| **l == word).count();
    assert_eq!(count("usiok"), usi, "one usiok per usi");
    assert_eq!(count("readyok"), isready, "one readyok per isready");
    let answers: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.starts_with("bestmove ") || l.starts_with("checkmate "))
        .collect();
    assert_eq!(
        answers.len(),
        asked.len(),
        "one answer per accepted go: {answers:?}"
    );
    for (line, asked) in answers.iter().zip(&asked) {
        check_answer(line, asked);
    }
});
