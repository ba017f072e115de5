//! The `history` of the game state: every move in every notation, with 同 for a recapture
//! and the position after it, in answers and pushes alike.

use crate::common::*;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn history_names_every_move_in_every_notation() {
    let (_dir, server, addr) = fresh_server().await;
    let game = seated(addr, json!({})).await;
    let id = &game.id;
    let fresh = state(addr, id).await;
    assert_eq!(fresh["history"], json!([]));
    assert_eq!(fresh["engine"], json!(null));
    assert_eq!(fresh["rematch"], json!(null));

    let first = play(addr, id, &game.sente, "7g7f").await.expect(200).json();
    assert_eq!(
        first["history"][0],
        json!({
            "usi": "7g7f",
            "japanese": "☗７六歩",
            "western": "P-7f",
            "german": first["history"][0]["german"],
            "sfen": first["sfen"],
            "check": false,
        })
    );
    assert!(!first["history"][0]["german"].as_str().unwrap().is_empty());

    let mut ws = connect(addr, id, None).await;
    next(&mut ws, 2.0).await;
    play(addr, id, &game.gote, "3c3d").await.expect(200);
    play(addr, id, &game.sente, "8h2b+").await.expect(200);
    play(addr, id, &game.gote, "3a2b").await.expect(200);
    // The recapture on 2b is 同 in Japanese; the push carries the same history.
    let pushed = until(&mut ws, 2.0, |g| plies(g) == 4).await;
    let history = pushed["game"]["history"].as_array().unwrap().clone();
    assert_eq!(history.len(), 4);
    let japanese: Vec<&str> = history
        .iter()
        .map(|h| h["japanese"].as_str().unwrap())
        .collect();
    assert_eq!(japanese[0], "☗７六歩");
    assert!(japanese[1].starts_with("☖３四歩"), "{japanese:?}");
    assert!(japanese[2].starts_with("☗２二角成"), "{japanese:?}");
    assert!(japanese[3].starts_with("☖同"), "{japanese:?}");
    assert!(!japanese[2].contains('同'), "{japanese:?}");
    assert_eq!(history[3]["usi"], "3a2b");
    assert_eq!(history[3]["sfen"], pushed["game"]["sfen"]);
    assert_eq!(history[2]["western"], "Bx2b+");
    server.shutdown().await.unwrap();
}
