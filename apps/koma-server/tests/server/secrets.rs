//! Seat tokens and invitations are stored as their SHA-256: not readable in the file, and
//! a file written before (tokens in clear) still plays with its old tokens.

use crate::common::*;
use rusqlite::Connection;
use serde_json::json;
use sha2::{Digest, Sha256};

fn sha256_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Every byte of the database: the file and its write-ahead log.
fn file_bytes(dir: &TempDir) -> Vec<u8> {
    let mut bytes = std::fs::read(dir.db()).unwrap();
    if let Ok(wal) = std::fs::read(dir.0.join("koma.sqlite-wal")) {
        bytes.extend(wal);
    }
    bytes
}

fn contains(haystack: &[u8], needle: &str) -> bool {
    haystack
        .windows(needle.len())
        .any(|w| w == needle.as_bytes())
}

#[tokio::test]
async fn tokens_are_not_in_the_file() {
    let (dir, server, addr) = fresh_sqlite_server().await;
    let created = post(addr, "/api/games", &json!({ "side": "sente" }))
        .await
        .expect(201)
        .json();
    let id = created["id"].as_str().unwrap().to_string();
    let (sente, invite) = (
        created["token"].as_str().unwrap(),
        created["invite"].as_str().unwrap(),
    );
    let joined = post(
        addr,
        &format!("/api/games/{id}/join"),
        &json!({ "invite": invite }),
    )
    .await
    .expect(200)
    .json();
    let gote = joined["token"].as_str().unwrap();
    play(addr, &id, sente, "7g7f").await.expect(200);
    play(addr, &id, gote, "3c3d").await.expect(200);
    server.shutdown().await.unwrap();

    let bytes = file_bytes(&dir);
    assert!(contains(&bytes, &id), "the game is in the file");
    for secret in [sente, gote, invite] {
        assert!(!contains(&bytes, secret), "{secret} is stored in clear");
    }
    let conn = Connection::open(dir.db()).unwrap();
    let row: (String, String, String) = conn
        .query_row(
            "SELECT sente_token, gote_token, invite FROM games WHERE id = ?1",
            [&id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    assert_eq!(
        row,
        (sha256_hex(sente), sha256_hex(gote), sha256_hex(invite))
    );
    drop(conn);

    // After a restart the tokens still hold their seats.
    let server = start(&dir.db()).await;
    let addr = server.local_addr();
    play(addr, &id, sente, "2g2f").await.expect(200);
    refused_as(play(addr, &id, invite, "8c8d").await, 403, "no_seat");
    play(addr, &id, gote, "8c8d").await.expect(200);
    server.shutdown().await.unwrap();
}

/// The schema as the server wrote it before the secrets were hashed (version 2).
const SCHEMA_V2: &str = "
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE games (
    id TEXT PRIMARY KEY, variant TEXT NOT NULL, start_sfen TEXT NOT NULL,
    rules TEXT NOT NULL, time_control TEXT, creator TEXT NOT NULL,
    sente_token TEXT NOT NULL, gote_token TEXT NOT NULL, invite TEXT NOT NULL,
    created_ms INTEGER NOT NULL, started_ms INTEGER, ending TEXT, ending_color TEXT,
    ended_ms INTEGER, result TEXT,
    engine_seat TEXT, engine_movetime_ms INTEGER, engine_depth INTEGER, rematch TEXT
);
CREATE TABLE moves (
    game_id TEXT NOT NULL REFERENCES games(id), ply INTEGER NOT NULL,
    usi TEXT NOT NULL, at_ms INTEGER NOT NULL, PRIMARY KEY (game_id, ply)
);
INSERT INTO meta VALUES ('schema_version', '2');
";

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

#[tokio::test]
async fn a_file_from_before_plays_with_its_old_tokens() {
    let dir = TempDir::new();
    let old = |n: u8| format!("{n:x}").repeat(32);
    let (sente, gote, invite) = (old(1), old(2), old(3));
    let (creator, waiting_invite) = (old(4), old(5));
    // Times of a minute ago: the games are neither expired nor aborted when loaded.
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    let (created, started, moved) = (now - 60_000, now - 59_000, now - 58_000);
    {
        let conn = Connection::open(dir.db()).unwrap();
        conn.execute_batch(SCHEMA_V2).unwrap();
        // A game under way (sente has moved) and one waiting for its invited player.
        conn.execute(
            "INSERT INTO games (id, variant, start_sfen, rules, creator, sente_token,
                gote_token, invite, created_ms, started_ms)
             VALUES ('00000000000000aa', 'shogi', ?1, 'amateur', 'sente', ?2, ?3, ?4, ?8, ?9),
                    ('00000000000000bb', 'shogi', ?1, 'amateur', 'gote', ?5, ?6, ?7, ?8, NULL)",
            rusqlite::params![
                START,
                sente,
                gote,
                invite,
                old(6),
                creator,
                waiting_invite,
                created,
                started
            ],
        )
        .unwrap();
        conn.execute(
            "INSERT INTO moves VALUES ('00000000000000aa', 0, '7g7f', ?1)",
            [moved],
        )
        .unwrap();
    }
    let server = start(&dir.db()).await;
    let addr = server.local_addr();
    let game = "00000000000000aa";
    refused_as(play(addr, game, &sente, "3c3d").await, 403, "not_your_turn");
    play(addr, game, &gote, "3c3d").await.expect(200);
    play(addr, game, &sente, "2g2f").await.expect(200);
    refused_as(play(addr, game, &invite, "8c8d").await, 403, "no_seat");
    // The waiting game: its old invitation seats the invited player, with a new token.
    let waiting = "00000000000000bb";
    let joined = post(
        addr,
        &format!("/api/games/{waiting}/join"),
        &json!({ "invite": waiting_invite }),
    )
    .await
    .expect(200)
    .json();
    assert_eq!(joined["seat"], "sente");
    let new = joined["token"].as_str().unwrap().to_string();
    play(addr, waiting, &new, "7g7f").await.expect(200);
    play(addr, waiting, &creator, "3c3d").await.expect(200);
    server.shutdown().await.unwrap();

    let conn = Connection::open(dir.db()).unwrap();
    let version: String = conn
        .query_row(
            "SELECT value FROM meta WHERE key = 'schema_version'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(version, koma_store::SCHEMA_VERSION.to_string());
    drop(conn);
    let bytes = file_bytes(&dir);
    for secret in [&sente, &gote, &invite, &creator, &waiting_invite, &new] {
        assert!(!contains(&bytes, secret), "{secret} is stored in clear");
    }
}
