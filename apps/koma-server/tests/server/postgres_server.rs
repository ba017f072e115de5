//! `koma serve` on PostgreSQL: a game played over HTTP to its end across restarts, and the
//! store's own start (migrations run once when instances start together, a newer schema or
//! an unreachable server refused with the reason).

use crate::common::{get, play, resign, seated};
use crate::postgres::fresh_database;
use koma_server::store::StoreError;
use koma_server::{Database, PgStore, Server, Settings};
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

#[test]
fn instances_starting_together_migrate_once() {
    let url = fresh_database();
    let stores: Vec<_> = std::thread::scope(|s| {
        let starts: Vec<_> = (0..4)
            .map(|_| s.spawn(|| PgStore::connect_with(&url, 1)))
            .collect();
        starts.into_iter().map(|t| t.join().unwrap()).collect()
    });
    for store in stores {
        let store = store.expect("every instance starts");
        assert_eq!(
            store.schema_version().unwrap(),
            koma_server::postgres::SCHEMA_VERSION.to_string()
        );
    }
    // A database of a newer version is refused, untouched.
    let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    client
        .batch_execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
        .unwrap();
    assert!(matches!(
        PgStore::connect(&url),
        Err(StoreError::SchemaVersion { found, .. }) if found == "99"
    ));
}

#[test]
fn an_unreachable_database_is_reported() {
    // Nobody listens on port 1; the error says what PostgreSQL's client saw.
    let err = match PgStore::connect("postgres://koma@127.0.0.1:1/koma") {
        Err(e) => e.to_string(),
        Ok(_) => panic!("connected to port 1"),
    };
    assert!(err.starts_with("postgresql: "), "{err}");
    let err = match PgStore::connect("postgres://koma@127.0.0.1:5432/koma?nonsense=1") {
        Err(e) => e.to_string(),
        Ok(_) => panic!("an unknown parameter was taken"),
    };
    assert!(err.contains("nonsense"), "{err}");
}
