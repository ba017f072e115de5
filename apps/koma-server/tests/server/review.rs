//! Reviews: every position analysed in the background, one review after the other, the
//! progress visible while it runs; a hung rook is a blunder, a mate is scored as one.

use crate::common::*;
use serde_json::{Value, json};

/// Sente's rook against a bare king; sente puts the rook next to the king, unprotected.
const HUNG_ROOK: &str = "4k4/9/9/9/5R3/9/9/9/4K4 b - 1";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hung_rook_is_a_blunder() {
    let (_dir, server, addr) = fresh_server().await;
    let line = json!({
        "variant": "shogi",
        "start_sfen": HUNG_ROOK,
        "moves": ["4e4b", "5a4b", "5i5h"],
        "movetime_ms": 200,
    });
    let id = post(addr, "/api/reviews", &line).await.expect(202).json()["id"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(id.starts_with('R'), "{id}");
    // Four positions of 200 ms: the first look finds it under way.
    let running = get(addr, &format!("/api/reviews/{id}"))
        .await
        .expect(200)
        .json();
    assert_eq!(running["done"], false);
    assert_eq!(running["total"], 4);
    assert!(running["entries"].as_array().unwrap().len() < 4);
    assert_eq!(running["error"], json!(null));

    let done = review_done(addr, &id, 10.0).await;
    assert_eq!(done["error"], json!(null));
    let entries = done["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 4, "one per position: plies + 1");
    for (k, e) in entries.iter().enumerate() {
        assert_eq!(e["ply"], k);
        let w = e["winrate"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&w), "{e}");
        assert_eq!(e.get("played").is_some(), k > 0, "{e}");
    }
    let start = &entries[0];
    assert!(
        start["winrate"].as_f64().unwrap() > 0.6,
        "a rook up: {start}"
    );
    assert!(start["best"].is_string() && start["pv"].as_array().is_some());
    assert!(
        start["best_text"].as_str().unwrap().starts_with('☗'),
        "{start}"
    );

    let blunder = &entries[1];
    assert_eq!(blunder["played"], "4e4b");
    assert_eq!(blunder["played_text"], "☗４二飛不成");
    assert_eq!(blunder["mark"], "blunder", "{blunder}");
    assert!(blunder["loss"].as_f64().unwrap() >= 0.30, "{blunder}");
    assert!(blunder["winrate"].as_f64().unwrap() < 0.4, "{blunder}");
    assert_eq!(blunder["better"], start["best"]);
    assert_ne!(blunder["better"], "4e4b");
    assert_eq!(blunder["better_text"], start["best_text"]);
    assert_eq!(blunder["better_pv_text"], start["pv_text"]);
    // The king's capture is the best move there, no mistake.
    let capture = &entries[2];
    assert_eq!(capture["played_text"], "☖同\u{3000}玉");
    assert_eq!(capture["mark"], json!(null), "{capture}");
    assert_eq!(capture["better"], json!(null));
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mate_is_scored_for_the_mating_side_and_reviews_queue() {
    let (_dir, server, addr) = fresh_server().await;
    // Sente mates with the gold drop; a second review waits for the first.
    let mate = json!({"start_sfen": "4k4/9/4G4/9/9/9/9/9/4K4 b G 1", "moves": ["G*5b"], "movetime_ms": 100});
    let opening = json!({"moves": ["7g7f", "3c3d"], "movetime_ms": 100});
    let waiting = post(addr, "/api/reviews", &opening)
        .await
        .expect(202)
        .json();
    let done = review(addr, &mate, 10.0).await;
    let entries = done["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[0]["score"], json!({"mate": 1}));
    assert_eq!(entries[0]["winrate"], 1.0);
    assert_eq!(entries[0]["best"], "G*5b");
    // Gote is mated: no best move, sente has won.
    assert_eq!(entries[1]["best"], json!(null));
    assert_eq!(entries[1]["pv"], json!([]));
    assert_eq!(entries[1]["winrate"], 1.0);
    assert_eq!(entries[1]["mark"], json!(null));
    let first_id = waiting["id"].as_str().unwrap();
    let first = get(addr, &format!("/api/reviews/{first_id}"))
        .await
        .expect(200)
        .json();
    assert_eq!(first["done"], true, "the earlier review finished first");
    assert_eq!(first["entries"].as_array().unwrap().len(), 3);
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_review_requests_are_refused() {
    let (_dir, server, addr) = fresh_server().await;
    let refused = |body: Value, status, code| async move {
        refused_as(post(addr, "/api/reviews", &body).await, status, code)
    };
    let body = json!({"moves": ["7g7f", "8c8d", "7f7d"]});
    let message = refused(body, 400, "illegal_move").await;
    assert!(message.contains("move 3 '7f7d' is illegal"), "{message}");
    let body = json!({"moves": ["7g7f", "hello"]});
    let message = refused(body, 400, "unreadable_move").await;
    assert!(message.contains("move 2 'hello'"), "{message}");
    let body = json!({"moves": vec!["7g7f"; 1001]});
    let message = refused(body, 413, "too_large").await;
    assert!(message.contains("at most 1000"), "{message}");
    let malformed = "malformed_request";
    let message = refused(json!({"moves": [], "depth": 5}), 400, malformed).await;
    assert!(message.contains("depth"), "{message}");
    let body = json!({"start_sfen": "9/9/9 b - 1", "moves": []});
    refused(body, 400, "invalid_position").await;
    let body = json!({"variant": "chess", "moves": []});
    refused(body, 400, "unknown_name").await;
    refused(json!({"moves": "7g7f"}), 400, malformed).await;
    let reply = request(addr, "POST", "/api/reviews", Some("[")).await;
    refused_as(reply, 400, malformed);
    let message = refused_as(get(addr, "/api/reviews/Rnope").await, 404, "not_found");
    assert_eq!(message, "no review 'Rnope'");
    server.shutdown().await.unwrap();
}
