//! `koma serve` on PostgreSQL: a game played over HTTP to its end across restarts.

use crate::common::{get, play, resign, seated};
use crate::postgres::fresh_database;
use koma_server::{Database, Server, Settings};
use serde_json::json;
use std::net::SocketAddr;

async fn start(db: &Database) -> Server {
    let addr: SocketAddr = "127.0.0.1:0".parse().unwrap();
    Server::start_with_database(addr, db, Settings::default())
        .await
        .expect("server starts on PostgreSQL")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_is_played_to_its_end_across_restarts() {
    let db: Database = fresh_database().parse().unwrap();
    assert!(matches!(db, Database::Postgres(_)));
    let server = start(&db).await;
    let addr = server.local_addr();
    let game = seated(addr, json!({"time_control": "10m+30s"})).await;
    let id = game.id.clone();
    play(addr, &id, &game.sente, "7g7f").await.expect(200);
    play(addr, &id, &game.gote, "3c3d").await.expect(200);
    // The same move again is refused: it is gote's turn no more.
    play(addr, &id, &game.gote, "8c8d").await.expect(403);
    let before = get(addr, &format!("/api/games/{id}"))
        .await
        .expect(200)
        .json();
    server.shutdown().await.unwrap();

    // Another server on the same database finds the game where it was.
    let server = start(&db).await;
    let addr = server.local_addr();
    let after = get(addr, &format!("/api/games/{id}"))
        .await
        .expect(200)
        .json();
    for key in ["sfen", "moves", "side_to_move", "started", "outcome"] {
        assert_eq!(before[key], after[key], "{key}");
    }
    play(addr, &id, &game.sente, "2g2f").await.expect(200);
    resign(addr, &id, &game.gote).await.expect(200);
    server.shutdown().await.unwrap();

    let server = start(&db).await;
    let addr = server.local_addr();
    let state = get(addr, &format!("/api/games/{id}"))
        .await
        .expect(200)
        .json();
    assert_eq!(state["moves"].as_array().unwrap().len(), 3);
    assert_eq!(state["outcome"]["result"], "sente resignation");
    let list = get(addr, "/api/games").await.expect(200).json();
    let listed = list.as_array().unwrap();
    assert_eq!(listed.len(), 1, "{list}");
    assert_eq!(listed[0]["id"], id.as_str());
    server.shutdown().await.unwrap();
}
