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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_is_one_on_every_server() {
    use crate::accounts::as_page;
    use crate::common::refused_as;
    use crate::lobby::{accept, account, heard, lobby_socket, seek, seeks};
    let db: Database = fresh_database().parse().unwrap();
    let (a, b) = (start(&db).await, start(&db).await);
    let (on_a, on_b) = (a.local_addr(), b.local_addr());
    let alice = account(on_a, "Alice").await;
    let bob = account(on_b, "Bob").await;
    let mut alice_ws = lobby_socket(on_a, Some(&alice)).await;
    let mut bob_ws = lobby_socket(on_b, Some(&bob)).await;
    // Alice's seek, posted on A, is listed on B and pushed to Bob's lobby there.
    let posted = seek(on_a, &alice, json!({"time_control": "5m"}))
        .await
        .expect(201)
        .json();
    let id = posted["id"].as_str().unwrap().to_string();
    assert_eq!(seeks(on_b).await[0]["id"], id.as_str());
    let listed = |m: &Value| {
        m["type"] == "seeks"
            && m["seeks"]
                .as_array()
                .unwrap()
                .iter()
                .any(|s| s["id"] == id.as_str())
    };
    heard(&mut bob_ws, 5.0, listed).await;
    // Bob accepts it on B: Alice hears of the game on A, with her seat's token.
    let mine = accept(on_b, &bob, &id).await.expect(201).json();
    let told = heard(&mut alice_ws, 5.0, |m| m["type"] == "paired").await;
    assert_eq!(told["game"], mine["game"]);
    assert_ne!(told["seat"], mine["seat"]);
    // It is gone on both servers: nobody takes it twice.
    refused_as(accept(on_a, &bob, &id).await, 404, "no_such_seek");
    assert!(seeks(on_a).await.is_empty());
    // Each plays with the token he was told, on his own server.
    let game = mine["game"].as_str().unwrap();
    let (first, second) = if told["seat"] == "sente" {
        ((on_a, &told), (on_b, &mine))
    } else {
        ((on_b, &mine), (on_a, &told))
    };
    play(first.0, game, first.1["token"].as_str().unwrap(), "7g7f")
        .await
        .expect(200);
    play(second.0, game, second.1["token"].as_str().unwrap(), "3c3d")
        .await
        .expect(200);
    // Quick pairing: Alice waits on A, Bob asks on B and meets her at once; she hears on A.
    let quick = |addr, cookie: String| async move {
        let request = json!({"time_control": "3m+2s"});
        as_page(addr, "POST", "/api/lobby/quick", &cookie, Some(request)).await
    };
    quick(on_a, alice.clone()).await.expect(202);
    let paired = quick(on_b, bob.clone()).await.expect(201).json();
    let told = heard(&mut alice_ws, 5.0, |m| {
        m["type"] == "paired" && m["game"] == paired["game"]
    })
    .await;
    assert_ne!(told["seat"], paired["seat"]);
    // The live games are every server's: the game B just started, which A never read, is
    // listed on A too, with its players' ratings; so is the first game, with its moves.
    let live = get(on_a, "/api/games/live").await.expect(200).json();
    let listed = |id: &Value| {
        let found = live.as_array().unwrap().iter().find(|g| g["id"] == *id);
        found.unwrap_or_else(|| panic!("{id} in {live}")).clone()
    };
    let quick_game = listed(&paired["game"]);
    assert_eq!(
        quick_game["players"]["sente"]["rating"], 1500,
        "{quick_game}"
    );
    assert_eq!(listed(&mine["game"])["plies"], 2);
    // A notice for a player whose lobby is closed waits for his next connection, on
    // whichever server: Bob's lobby is gone; Alice's new seek is accepted on A.
    drop(bob_ws);
    let posted = seek(on_b, &bob, json!({"time_control": "10m"}))
        .await
        .expect(201)
        .json();
    let id = posted["id"].as_str().unwrap();
    let alices = accept(on_a, &alice, id).await.expect(201).json();
    let mut bob_ws = lobby_socket(on_a, Some(&bob)).await;
    let told = heard(&mut bob_ws, 5.0, |m| m["type"] == "paired").await;
    assert_eq!(told["game"], alices["game"]);
    a.shutdown().await.unwrap();
    b.shutdown().await.unwrap();
}

/// A claim of victory on one server sees the opponent connected to another: Bob's game
/// socket is on B (as after a server came back and the balancer moved the game's new
/// connections), Alice claims on A. Refused while Bob is there, and her game stream on A
/// does not call him gone; once he leaves, too soon, the stream says he is gone, and the
/// claim is granted after `gone_after`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_connected_to_another_server_is_not_gone() {
    use crate::lishogi_api::{error, line_where, next_json};
    use crate::lishogi_play::{bob_to_move, claim, refused_once_gone, socket_as};
    let db: Database = fresh_database().parse().unwrap();
    let settings = || Settings {
        gone_after: Duration::from_millis(1500),
        ..Settings::default()
    };
    let addr: SocketAddr = "127.0.0.1:0".parse().unwrap();
    let a = Server::start_with_database(addr, &db, settings())
        .await
        .unwrap();
    let b = Server::start_with_database(addr, &db, settings())
        .await
        .unwrap();
    let (on_a, on_b) = (a.local_addr(), b.local_addr());
    let (alice, bob, id, mut alices) = bob_to_move(on_a).await;
    assert_eq!(next_json(&mut alices).await["type"], "gameFull");
    let mut ws = socket_as(on_b, &id, &bob).await;
    next(&mut ws, 5.0).await;
    // Longer than `gone_after` with no connection of Bob's on A: he is still not gone, and
    // Alice's stream on A has not said he is.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let refused = error(claim(on_a, &id, &alice).await, 400);
    assert!(refused.contains("connected"), "{refused}");
    let quiet = Duration::from_millis(300);
    while let Ok(Ok(Some(line))) = tokio::time::timeout(quiet, alices.next_line()).await {
        assert!(!line.contains("opponentGone"), "{line}");
    }
    // Bob's socket on B closes: gone since then, not since A loaded the game.
    ws.close(None).await.unwrap();
    drop(ws);
    let soon = refused_once_gone(on_a, &id, &alice).await;
    assert!(soon.contains("left"), "{soon}");
    let gone = line_where(&mut alices, 10, |l| l["type"] == "opponentGone").await;
    assert_eq!(gone["gone"], true, "{gone}");
    tokio::time::sleep(Duration::from_millis(1600)).await;
    claim(on_a, &id, &alice).await.expect(200);
    let over = state(on_b, &id).await;
    assert_eq!(over["outcome"]["reason"], "abandoned", "{over}");
    assert_eq!(over["outcome"]["winner"], "sente", "{over}");
    a.shutdown().await.unwrap();
    b.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rooms_change_on_one_server_reaches_its_pages_on_another() {
    let db: Database = fresh_database().parse().unwrap();
    let (a, b) = (start(&db).await, start(&db).await);
    let (on_a, on_b) = (a.local_addr(), b.local_addr());
    let game = seated(on_a, json!({})).await;
    play(on_a, &game.id, &game.sente, "7g7f").await.expect(200);
    crate::common::resign(on_a, &game.id, &game.gote)
        .await
        .expect(200);
    let room = |addr: SocketAddr, token: Option<&str>| {
        let query = token.map_or(String::new(), |t| format!("?token={t}"));
        let path = format!("/api/games/{}/room/ws{query}", game.id);
        async move { crate::common::socket_with(addr, &path, &[]).await }
    };
    let mut player = room(on_a, Some(&game.sente)).await;
    let mut watcher = room(on_b, None).await;
    // Each change is made on A; the page on B gets it.
    for (node, usi) in [(0, "2g2f"), (1, "8c8d")] {
        crate::common::send(
            &mut player,
            json!({"type": "move", "node": node, "usi": usi}),
        )
        .await;
        loop {
            let m = crate::common::next_any(&mut watcher, 10.0).await;
            let children = m["tree"][node]["children"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            if m["type"] == "room"
                && children
                    .iter()
                    .any(|c| m["tree"][c.as_u64().unwrap() as usize]["move"]["usi"] == usi)
            {
                break;
            }
        }
    }
    // A change from B, made on the room as A left it, is not refused as stale.
    let mut player_b = room(on_b, Some(&game.gote)).await;
    crate::common::send(&mut player_b, json!({"type": "go", "node": 0})).await;
    loop {
        let m = crate::common::next_any(&mut player, 10.0).await;
        assert_ne!(m["type"], "error", "{m}");
        if m["type"] == "room" && m["at"] == 0 {
            break;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_studys_lesson_on_one_server_moves_the_boards_on_another() {
    let db: Database = fresh_database().parse().unwrap();
    let (a, b) = (start(&db).await, start(&db).await);
    let (on_a, on_b) = (a.local_addr(), b.local_addr());
    crate::accounts::sign_up(on_a, "sensei", "a-long-pass-phrase")
        .await
        .expect(201);
    let cookie = crate::accounts::log_in(on_a, "sensei", "a-long-pass-phrase").await;
    let made = crate::accounts::as_page(
        on_a,
        "POST",
        "/api/studies",
        &cookie,
        Some(json!({ "name": "Across servers" })),
    )
    .await
    .expect(201)
    .json();
    let path = format!("/api/studies/{}/ws", made["id"].as_str().unwrap());
    let mut leader = crate::common::socket_with(on_a, &path, &[("Cookie", cookie.clone())]).await;
    let mut follower = crate::common::socket_with(on_b, &path, &[]).await;
    // The leader's steps on A move the board of the page on B.
    for message in [
        json!({ "type": "lesson", "on": true, "chapter": 0, "node": 0 }),
        json!({ "type": "move", "chapter": 0, "node": 0, "usi": "7g7f" }),
    ] {
        crate::common::send(&mut leader, message).await;
    }
    loop {
        let m = crate::common::next_any(&mut follower, 10.0).await;
        if m["type"] == "study" && m["lesson"]["node"] == 1 {
            break;
        }
    }
    // A change sent through B, on the study as A left it, is not refused as stale.
    let mut leader_b = crate::common::socket_with(on_b, &path, &[("Cookie", cookie)]).await;
    crate::common::send(
        &mut leader_b,
        json!({ "type": "go", "chapter": 0, "node": 0 }),
    )
    .await;
    loop {
        let m = crate::common::next_any(&mut leader, 10.0).await;
        assert_ne!(m["type"], "error", "{m}");
        if m["type"] == "study" && m["lesson"]["node"] == 0 {
            break;
        }
    }
}
