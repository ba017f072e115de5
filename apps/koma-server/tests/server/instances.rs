//! Several servers on one PostgreSQL database: each game has one owner at a time, the
//! server its requests reach; the others' watchers get its changes; a stopped server's
//! games go on elsewhere, their clocks where they were.

use crate::common::{connect, get, next, play, plies, seated, state};
use crate::postgres::fresh_database;
use koma_server::{Database, Server, Settings};
use koma_store::GameId;
use koma_store::GameStore;
use koma_store::postgres::PgStore;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::Duration;

async fn start(db: &Database) -> Server {
    let addr: SocketAddr = "127.0.0.1:0".parse().unwrap();
    Server::start_with_database(addr, db, Settings::default())
        .await
        .expect("server starts on PostgreSQL")
}

/// The states a socket receives until one has `n` moves; each has at least as many moves as
/// the one before, and the moves already pushed never change.
async fn watch_until(ws: &mut crate::common::Socket, n: usize) -> Vec<String> {
    let mut seen: Vec<String> = Vec::new();
    loop {
        let msg = next(ws, 20.0).await;
        if msg["type"] != "state" {
            continue;
        }
        let moves: Vec<String> = msg["game"]["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect();
        assert!(
            moves.len() >= seen.len() && moves[..seen.len()] == seen[..],
            "a push out of order: {moves:?} after {seen:?}"
        );
        seen = moves;
        if seen.len() >= n {
            return seen;
        }
    }
}

const LINE: [&str; 10] = [
    "7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e", "6i7h", "4a3b", "2e2d", "2c2d",
];

/// Sente's and gote's main time left in a state.
fn main_times(game: &Value) -> [u64; 2] {
    ["sente", "gote"].map(|s| game["clock"][s]["main_ms"].as_u64().unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_made_on_either_server_reach_every_watcher_in_order() {
    let db: Database = fresh_database().parse().unwrap();
    let (a, b) = (start(&db).await, start(&db).await);
    let (on_a, on_b) = (a.local_addr(), b.local_addr());
    let game = seated(on_a, json!({"time_control": "10m+30s"})).await;
    let id = game.id.clone();
    let mut watcher_a = connect(on_a, &id, None).await;
    let mut watcher_b = connect(on_b, &id, None).await;
    // Each move is made on the other server than the one before: the game changes owner
    // every time, and no move is refused.
    for (ply, usi) in LINE.iter().enumerate() {
        let (addr, token) = match ply % 2 {
            0 => (on_a, &game.sente),
            _ => (on_b, &game.gote),
        };
        play(addr, &id, token, usi).await.expect(200);
    }
    let want: Vec<String> = LINE.iter().map(|m| m.to_string()).collect();
    assert_eq!(watch_until(&mut watcher_a, LINE.len()).await, want);
    assert_eq!(watch_until(&mut watcher_b, LINE.len()).await, want);
    // Both servers say the same, the clocks included: the waiting side's time is the same,
    // the running side's differs by the time between the two readings, to the millisecond.
    let (from_a, from_b) = (state(on_a, &id).await, state(on_b, &id).await);
    assert_eq!(from_a["moves"], from_b["moves"]);
    assert_eq!(from_a["clock"]["running"], "sente");
    let (ta, tb) = (main_times(&from_a), main_times(&from_b));
    assert_eq!(ta[1], tb[1], "gote's clock: {ta:?} {tb:?}");
    let at = |game: &Value| game["clock"]["at_ms"].as_u64().unwrap();
    let (read_a, read_b) = (at(&from_a), at(&from_b));
    assert_eq!(
        ta[0] + read_a,
        tb[0] + read_b,
        "sente's clock: {ta:?} {tb:?}"
    );
    // 10 minutes, 30 s added a move: not reset to the start, not gone.
    for side in 0..2 {
        assert!(
            ta[side] > 500_000 && ta[side] < 600_000 + 5 * 30_000,
            "{ta:?}"
        );
        assert_ne!(ta[side], 600_000, "{ta:?}");
    }
    a.shutdown().await.unwrap();
    b.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopped_servers_games_go_on_on_another() {
    let db: Database = fresh_database().parse().unwrap();
    let Database::Postgres(url) = &db else {
        panic!("not PostgreSQL")
    };
    let (a, b) = (start(&db).await, start(&db).await);
    let (on_a, on_b) = (a.local_addr(), b.local_addr());
    // A game against the engine, the person sente; the engine thinks 3 s a move.
    let created = crate::common::post(
        on_a,
        "/api/games",
        &json!({"opponent": "engine", "side": "sente", "engine": {"movetime_ms": 3000}}),
    )
    .await
    .expect(201)
    .json();
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["token"].as_str().unwrap().to_string();
    play(on_a, &id, &token, "7g7f").await.expect(200);
    // Server A stops while the engine thinks: B takes the game without being asked and the
    // engine's move comes from B. The store is read directly (a request would take the game).
    a.shutdown().await.unwrap();
    let store = {
        let url = url.clone();
        tokio::task::spawn_blocking(move || PgStore::connect(&url).unwrap())
            .await
            .unwrap()
    };
    let store = std::sync::Arc::new(store);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let (s, key) = (std::sync::Arc::clone(&store), id.clone());
        let stored = tokio::task::spawn_blocking(move || s.load_game(&GameId::new(key.as_str())))
            .await
            .unwrap()
            .unwrap()
            .unwrap();
        if stored.moves.len() == 2 {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the engine never moved after its server stopped"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let game = get(on_b, &format!("/api/games/{id}"))
        .await
        .expect(200)
        .json();
    assert_eq!(plies(&game), 2);
    assert_eq!(game["side_to_move"], "sente");
    b.shutdown().await.unwrap();
    drop(store);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_account_hears_of_its_games_on_another_servers_stream() {
    use crate::lishogi_api::{account, api, game, next_json, open_stream};
    let db: Database = fresh_database().parse().unwrap();
    let (a, b) = (start(&db).await, start(&db).await);
    let (on_a, on_b) = (a.local_addr(), b.local_addr());
    let alice = account(on_a, "alice").await;
    let bob = account(on_a, "bob").await;
    // Alice's event stream is on B; the game is made, and ended, on A.
    let mut events = open_stream(on_b, "GET", "/api/stream/event", &alice, "").await;
    let id = game(on_a, &alice, &bob, "bob").await;
    let wanted = |kind: &'static str| {
        let id = id.clone();
        move |event: &Value| event["type"] == kind && event["game"]["id"] == id.as_str()
    };
    let mut heard = async |want: &dyn Fn(&Value) -> bool| loop {
        let event = next_json(&mut events).await;
        if want(&event) {
            return event;
        }
    };
    heard(&wanted("gameStart")).await;
    // A stream opened now on B, which does not hold the game, lists it as under way.
    let mut later = open_stream(on_b, "GET", "/api/stream/event", &bob, "").await;
    let first = next_json(&mut later).await;
    assert!(wanted("gameStart")(&first), "{first}");
    let path = format!("/api/board/game/{id}/resign");
    api(on_a, "POST", &path, &bob, None).await.expect(200);
    let finish = heard(&wanted("gameFinish")).await;
    assert_eq!(finish["game"]["winner"], "sente", "{finish}");
    a.shutdown().await.unwrap();
    b.shutdown().await.unwrap();
}
