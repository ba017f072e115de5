//! The request log: method, path, status and time of each request, and never a token.

use crate::common::*;
use serde_json::json;
use std::io::Write;
use std::sync::{Arc, Mutex};

/// A log writer into a shared buffer.
#[derive(Clone)]
struct Sink(Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

// The subscriber is the process's (a subscriber set for one thread misses events whose
// callsites other tests' threads met first); other tests' lines in it do no harm.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_log_names_each_request_and_no_token() {
    let sink = Sink(Arc::new(Mutex::new(Vec::new())));
    let writer = sink.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_writer(move || writer.clone())
        .with_ansi(false)
        .with_max_level(tracing::Level::INFO)
        .finish();
    tracing::subscriber::set_global_default(subscriber).expect("the only test that sets it");

    let (_dir, server, addr) = fresh_server().await;
    let game = seated(addr, json!({})).await;
    play(addr, &game.id, &game.sente, "7g7f").await.expect(200);
    let mut ws = connect(addr, &game.id, Some(&game.gote)).await;
    next(&mut ws, 5.0).await;
    drop(ws);
    server.shutdown().await.unwrap();

    let log = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
    let id = &game.id;
    for line in [
        "method=POST path=/api/games}".to_string(),
        format!("method=POST path=/api/games/{id}/move}}"),
        format!("method=GET path=/api/games/{id}/ws}}"),
    ] {
        assert!(log.contains(&line), "no {line} in the log:\n{log}");
    }
    assert!(log.contains("status=201"), "{log}");
    assert!(log.contains("status=101"), "{log}");
    assert!(log.contains("latency_ms="), "{log}");
    for secret in [&game.sente, &game.gote] {
        assert!(!log.contains(secret.as_str()), "a token in the log:\n{log}");
    }
}
