//! The engine's lines on a position (`POST /api/analysis`): the same lines and scores as
//! koma-engine's USI output at the same depth and MultiPV; kept, so that asking again
//! answers without a search; one search per client at a time, stopped when its request
//! goes; bad requests refused by name.

use crate::common::*;
use koma_notation::{sfen, usi};
use koma_rules::VariantKind;
use koma_server::Settings;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::io::Write;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The table of the server's one search, and of the USI engine it is compared with.
const HASH_MB: usize = 16;

fn settings() -> Settings {
    Settings {
        hash_mb: HASH_MB,
        ..Settings::for_searches(1)
    }
}

/// The SFEN after `moves` from shogi's start.
fn after(moves: &str) -> String {
    let mut pos = VariantKind::Shogi.startpos();
    for text in moves.split_whitespace() {
        pos.play(usi::parse_move(VariantKind::Shogi, text).unwrap())
            .unwrap();
    }
    sfen::write_any(&pos)
}

/// The output sent to a channel, a write at a time.
struct Sink(mpsc::Sender<Vec<u8>>);

impl Write for Sink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let _ = self.0.send(bytes.to_vec());
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Input read from a channel: what is sent arrives in order, and the end comes when the
/// sender is dropped.
struct Source {
    rx: mpsc::Receiver<Vec<u8>>,
    pending: std::collections::VecDeque<u8>,
}

impl std::io::Read for Source {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.pending.is_empty() {
            match self.rx.recv() {
                Ok(bytes) => self.pending.extend(bytes),
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.pending.len());
        for (slot, byte) in buf.iter_mut().zip(self.pending.drain(..n)) {
            *slot = byte;
        }
        Ok(n)
    }
}

/// The lines of koma-engine's USI engine (run in this process) at `depth` with `multipv`
/// lines on `sfen`: for each line, its `score` words and its moves.
fn usi_lines(sfen: &str, multipv: u32, depth: u32) -> BTreeMap<u32, (String, Vec<String>)> {
    usi_lines_of("shogi", sfen, multipv, depth)
}

/// [`usi_lines`] of a game named `variant` (USI_Variant).
fn usi_lines_of(
    variant: &str,
    sfen: &str,
    multipv: u32,
    depth: u32,
) -> BTreeMap<u32, (String, Vec<String>)> {
    let (input, commands) = mpsc::channel::<Vec<u8>>();
    let (tx, rx) = mpsc::channel();
    let source = Source {
        rx: commands,
        pending: Default::default(),
    };
    let engine = std::thread::spawn(move || {
        koma_engine::usi::run(std::io::BufReader::new(source), Sink(tx))
    });
    let start = format!(
        "usi\nsetoption name USI_Variant value {variant}\nsetoption name USI_Hash value {HASH_MB}\n\
         setoption name MultiPV value {multipv}\nisready\nusinewgame\nposition sfen {sfen}\n\
         go depth {depth}\n"
    );
    input.send(start.into_bytes()).unwrap();
    let mut text = String::new();
    while !text.contains("bestmove") {
        let bytes = rx
            .recv_timeout(Duration::from_secs(120))
            .expect("the engine answers");
        text.push_str(&String::from_utf8_lossy(&bytes));
    }
    input.send(b"quit\n".to_vec()).unwrap();
    drop(input);
    engine.join().unwrap();
    let mut lines = BTreeMap::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let after = |key: &str| words.iter().position(|w| *w == key).map(|i| i + 1);
        let (Some(d), Some(k), Some(s), Some(p)) = (
            after("depth"),
            after("multipv"),
            after("score"),
            after("pv"),
        ) else {
            continue;
        };
        if words[d] != depth.to_string() {
            continue;
        }
        let score = format!("{} {}", words[s], words[s + 1]);
        let pv = words[p..].iter().map(|w| w.to_string()).collect();
        lines.insert(words[k].parse().unwrap(), (score, pv));
    }
    lines
}

/// A line's score as USI's words: `cp 35`, `mate -3`.
fn score_words(line: &Value) -> String {
    let score = line["score"].as_object().unwrap();
    let (kind, value) = score.iter().next().unwrap();
    format!("{kind} {value}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lines_are_the_usi_engines_and_are_kept() {
    let (_dir, _server, addr) = fresh_server_with(settings()).await;
    for (moves, multipv, depth) in [
        ("7g7f 3c3d 2g2f 4c4d 2f2e 2b3c", 3, 7),
        ("2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d 2h2d", 2, 6),
    ] {
        let position = after(moves);
        let ask = json!({ "sfen": position, "multipv": multipv, "depth": depth });
        let answer = post(addr, "/api/analysis", &ask).await.expect(200).json();
        assert_eq!(answer["cached"], false, "{answer}");
        assert_eq!(answer["depth"], depth);
        let lines = answer["lines"].as_array().unwrap();
        assert_eq!(lines.len(), multipv as usize, "{answer}");
        let usi = usi_lines(&position, multipv, depth);
        assert_eq!(usi.len(), multipv as usize, "{usi:?}");
        for (k, line) in lines.iter().enumerate() {
            let (score, pv) = &usi[&(k as u32 + 1)];
            assert_eq!(line["multipv"], k + 1);
            assert_eq!(&score_words(line), score, "line {} of {position}", k + 1);
            let moves: Vec<String> = serde_json::from_value(line["pv"].clone()).unwrap();
            assert_eq!(&moves, pv, "line {} of {position}", k + 1);
            assert_eq!(
                line["pv_text"].as_array().unwrap().len(),
                moves.len(),
                "{line}"
            );
        }
        // Asked again, or for less: the kept search answers, the same lines.
        let again = post(addr, "/api/analysis", &ask).await.expect(200).json();
        assert_eq!(again["cached"], true);
        assert_eq!(again["lines"], answer["lines"]);
        let less = json!({ "sfen": position, "multipv": 1, "depth": depth - 2 });
        let less = post(addr, "/api/analysis", &less).await.expect(200).json();
        assert_eq!(
            (&less["cached"], &less["depth"]),
            (&json!(true), &json!(depth))
        );
        assert_eq!(less["lines"][0], answer["lines"][0]);
        assert_eq!(less["lines"].as_array().unwrap().len(), 1);
        // The same position at another move number is the same search.
        let later = position.rsplit_once(' ').unwrap().0.to_string() + " 40";
        let later = json!({ "sfen": later, "multipv": multipv, "depth": depth });
        let later = post(addr, "/api/analysis", &later).await.expect(200).json();
        assert_eq!(later["cached"], true);
    }
    // A mated side has no line.
    let mated = json!({ "sfen": "4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1", "multipv": 3, "depth": 3 });
    let mated = post(addr, "/api/analysis", &mated).await.expect(200).json();
    assert_eq!(mated["lines"], json!([]), "{mated}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chu_lines_are_the_usi_engines_double_moves_included() {
    let (_dir, _server, addr) = fresh_server_with(settings()).await;
    // Sente's lion on 6f takes the pawn on 6e and the gold on 6d in one move.
    let position = "k11/12/12/6g5/6p5/6N5/12/12/12/12/12/11K b - 1";
    let ask = json!({ "variant": "chushogi", "sfen": position, "multipv": 2, "depth": 4 });
    let answer = post(addr, "/api/analysis", &ask).await.expect(200).json();
    assert_eq!(
        (&answer["variant"], &answer["cached"]),
        (&json!("chushogi"), &json!(false))
    );
    let lines = answer["lines"].as_array().unwrap();
    let usi = usi_lines_of("chushogi", position, 2, 4);
    assert_eq!(lines.len(), 2, "{answer}");
    for (k, line) in lines.iter().enumerate() {
        let (score, pv) = &usi[&(k as u32 + 1)];
        assert_eq!(&score_words(line), score, "line {}", k + 1);
        let moves: Vec<String> = serde_json::from_value(line["pv"].clone()).unwrap();
        assert_eq!(&moves, pv, "line {}", k + 1);
        assert_eq!(
            line["pv_text"].as_array().unwrap().len(),
            moves.len(),
            "{line}"
        );
    }
    assert_eq!(lines[0]["pv"][0], "6f6e6d", "{answer}");
    assert_eq!(lines[0]["pv_text"][0], "６五・６四獅", "{answer}");
    let again = post(addr, "/api/analysis", &ask).await.expect(200).json();
    assert_eq!(
        (&again["cached"], &again["lines"]),
        (&json!(true), &answer["lines"])
    );
    // The same SFEN read as shogi is another game: refused as a position.
    let shogi = json!({ "sfen": position, "depth": 2 });
    assert_eq!(
        post(addr, "/api/analysis", &shogi).await.expect(400).json()["code"],
        "invalid_position"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_are_refused_by_name() {
    let (_dir, _server, addr) = fresh_server_with(settings()).await;
    let start = after("");
    for (ask, code) in [
        (json!({ "sfen": start, "multipv": 6 }), "invalid_value"),
        (json!({ "sfen": start, "multipv": 0 }), "invalid_value"),
        (json!({ "sfen": start, "depth": 31 }), "invalid_value"),
        (json!({ "sfen": start, "nodes": 0 }), "invalid_value"),
        (json!({ "sfen": "lnsgkgsnl/9 b - 1" }), "invalid_position"),
        (json!({ "sfen": start, "variant": "chess" }), "unknown_name"),
        (json!({ "sfen": start, "lines": 3 }), "malformed_request"),
        (json!({ "depth": 3 }), "malformed_request"),
    ] {
        let answer = post(addr, "/api/analysis", &ask).await.expect(400).json();
        assert_eq!(answer["code"], code, "{ask}: {answer}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_search_per_client_stopped_when_its_request_goes() {
    let (_dir, _server, addr) = fresh_server_with(settings()).await;
    let deep = json!({ "sfen": after("7g7f 3c3d"), "multipv": 5, "depth": 30 });
    // A long search (up to the server's ten seconds), whose request is dropped later.
    let first = tokio::spawn(async move { post(addr, "/api/analysis", &deep).await });
    tokio::time::sleep(Duration::from_millis(500)).await;
    let second = json!({ "sfen": after("2g2f"), "depth": 2 });
    let refused = post(addr, "/api/analysis", &second)
        .await
        .expect(429)
        .json();
    assert_eq!(refused["code"], "analysis_running", "{refused}");
    // The first request goes: its search stops, and the client may ask again at once.
    first.abort();
    let _ = first.await;
    let asked = Instant::now();
    let mut answer = post(addr, "/api/analysis", &second).await;
    while answer.status == 429 && asked.elapsed() < Duration::from_secs(2) {
        tokio::time::sleep(Duration::from_millis(20)).await;
        answer = post(addr, "/api/analysis", &second).await;
    }
    let answer = answer.expect(200).json();
    assert_eq!(answer["depth"], 2, "{answer}");
    // Well before the dropped search's ten seconds were up: it stopped.
    assert!(
        asked.elapsed() < Duration::from_secs(8),
        "{:?}",
        asked.elapsed()
    );
}
