//! A PostgreSQL database that an older koma made (schema version 1, before the schema was
//! one for both databases) is brought to the current schema with its data: the same
//! tables, columns and indexes as a new database's.

use crate::postgres::fresh_database;
use koma_server::PgStore;
use koma_store::GameId;
use koma_store::GameStore;

/// The tables of version 1, as koma made them then, with a game of one move.
const VERSION_1: &str = "
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO meta VALUES ('schema_version', '1');
CREATE TABLE users (id TEXT PRIMARY KEY, username TEXT NOT NULL, password_hash TEXT NOT NULL,
    created_ms BIGINT NOT NULL, seen_ms BIGINT, deleted_ms BIGINT,
    bot BOOLEAN NOT NULL DEFAULT FALSE);
CREATE TABLE sessions (hash TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id),
    created_ms BIGINT NOT NULL, seen_ms BIGINT NOT NULL, expires_ms BIGINT NOT NULL);
CREATE INDEX sessions_by_user ON sessions(user_id);
CREATE TABLE api_tokens (id TEXT PRIMARY KEY, hash TEXT NOT NULL UNIQUE,
    user_id TEXT NOT NULL REFERENCES users(id), description TEXT NOT NULL,
    created_ms BIGINT NOT NULL, used_ms BIGINT, revoked_ms BIGINT);
CREATE INDEX api_tokens_by_user ON api_tokens(user_id);
CREATE TABLE games (seq BIGSERIAL NOT NULL UNIQUE, id TEXT PRIMARY KEY, variant TEXT NOT NULL,
    start_sfen TEXT NOT NULL, rules TEXT NOT NULL, time_control TEXT, creator TEXT NOT NULL,
    sente_token TEXT NOT NULL, gote_token TEXT NOT NULL, invite TEXT NOT NULL,
    created_ms BIGINT NOT NULL, started_ms BIGINT, ending TEXT, ending_color TEXT,
    ended_ms BIGINT, result TEXT, engine_seat TEXT, engine_movetime_ms BIGINT,
    engine_depth BIGINT, rematch TEXT, sente_user TEXT REFERENCES users(id),
    gote_user TEXT REFERENCES users(id), rated BOOLEAN NOT NULL DEFAULT FALSE);
CREATE INDEX games_newest ON games(created_ms DESC, seq DESC);
CREATE TABLE moves (game_id TEXT NOT NULL REFERENCES games(id), ply BIGINT NOT NULL,
    usi TEXT NOT NULL, at_ms BIGINT NOT NULL, PRIMARY KEY (game_id, ply));
CREATE TABLE chat (game_id TEXT NOT NULL REFERENCES games(id), seq BIGINT NOT NULL,
    room TEXT NOT NULL, author TEXT NOT NULL, text TEXT NOT NULL, at_ms BIGINT NOT NULL,
    PRIMARY KEY (game_id, seq));
CREATE TABLE ratings (user_id TEXT NOT NULL REFERENCES users(id), pool TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL, deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL, games BIGINT NOT NULL, latest_s BIGINT,
    PRIMARY KEY (user_id, pool));
CREATE TABLE rating_history (game_id TEXT NOT NULL REFERENCES games(id),
    user_id TEXT NOT NULL REFERENCES users(id), seat TEXT NOT NULL, pool TEXT NOT NULL,
    at_ms BIGINT NOT NULL, rating_before DOUBLE PRECISION NOT NULL,
    deviation_before DOUBLE PRECISION NOT NULL, rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL, PRIMARY KEY (game_id, user_id));
CREATE INDEX rating_history_by_user ON rating_history(user_id, at_ms);
CREATE INDEX games_by_sente_user ON games(sente_user, created_ms);
CREATE INDEX games_by_gote_user  ON games(gote_user, created_ms);
INSERT INTO games (id, variant, start_sfen, rules, creator, sente_token, gote_token, invite,
    created_ms, started_ms)
VALUES ('old', 'shogi', 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1',
    'amateur', 'sente', 's', 'g', 'i', 1, 2);
INSERT INTO moves VALUES ('old', 0, '7g7f', 3);
";

/// The tables, columns (with whether they may be NULL) and indexes of the database at
/// `url`, sorted.
fn shape(url: &str) -> Vec<String> {
    let mut client = postgres::Client::connect(url, postgres::NoTls).unwrap();
    let mut shape: Vec<String> = client
        .query(
            "SELECT table_name || '.' || column_name || ' ' || is_nullable
             FROM information_schema.columns WHERE table_schema = 'public'",
            &[],
        )
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    shape.extend(
        client
            .query(
                "SELECT 'index ' || indexname || ' on ' || tablename FROM pg_indexes
                 WHERE schemaname = 'public'",
                &[],
            )
            .unwrap()
            .iter()
            .map(|r| r.get::<_, String>(0)),
    );
    shape.sort();
    shape
}

#[test]
fn a_version_1_database_is_upgraded_to_the_schema_both_share() {
    let old = fresh_database();
    postgres::Client::connect(&old, postgres::NoTls)
        .unwrap()
        .batch_execute(VERSION_1)
        .unwrap();
    let store = PgStore::connect_with(&old, 2).unwrap();
    assert_eq!(
        store.schema_version().unwrap(),
        koma_store::SCHEMA_VERSION.to_string()
    );
    let game = store.load_game(&GameId::from("old")).unwrap().unwrap();
    assert_eq!((game.moves.len(), game.started_ms), (1, Some(2)));
    drop(store);
    let new = fresh_database();
    drop(PgStore::connect_with(&new, 2).unwrap());
    assert_eq!(shape(&old), shape(&new));
}
