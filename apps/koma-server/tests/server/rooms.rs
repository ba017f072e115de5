//! The kansōsen rooms (`/api/games/{id}/room/ws`): a finished game's players move one shared
//! board, play variations and draw marks, and every socket in the room sees each change;
//! spectators watch and talk, and move only when a player hands them the board; the engine
//! is off until a player turns it on, then its lines follow the board and equal
//! `/api/analysis`'s; the room is kept and reopens as it was left after a restart; bad
//! messages are refused by name.

use crate::accounts::{log_in, sign_up};
use crate::common::*;
use futures_util::SinkExt;
use koma_server::Settings;
use serde_json::{Value, json};
use std::net::SocketAddr;

/// A finished game: 7g7f 3c3d, then sente resigns.
async fn finished(addr: SocketAddr) -> Seated {
    let game = seated(addr, json!({})).await;
    open_moves(addr, &game.id, &game.sente, &game.gote).await;
    resign(addr, &game.id, &game.sente).await.expect(200);
    game
}

/// The room's WebSocket: with a seat's token, a session cookie, or neither.
async fn room_socket(
    addr: SocketAddr,
    id: &str,
    token: Option<&str>,
    cookie: Option<&str>,
) -> Socket {
    let query = token.map_or(String::new(), |t| format!("?token={t}"));
    let headers: Vec<_> = cookie
        .map(|c| ("Cookie", c.to_string()))
        .into_iter()
        .collect();
    socket_with(addr, &format!("/api/games/{id}/room/ws{query}"), &headers).await
}

/// The next message of `kind`, skipping others.
async fn next_of(ws: &mut Socket, kind: &str) -> Value {
    loop {
        let msg = next_any(ws, 20.0).await;
        if msg["type"] == kind {
            return msg;
        }
    }
}

/// The next room state for which `done` holds.
async fn room_until(ws: &mut Socket, done: impl Fn(&Value) -> bool) -> Value {
    loop {
        let msg = next_of(ws, "room").await;
        if done(&msg) {
            return msg;
        }
    }
}

/// The node after `parent` that plays `usi`.
fn child(room: &Value, parent: usize, usi: &str) -> Option<usize> {
    room["tree"][parent]["children"]
        .as_array()?
        .iter()
        .map(|c| c.as_u64().unwrap() as usize)
        .find(|&c| room["tree"][c]["move"]["usi"] == usi)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_share_the_board_and_spectators_see_every_change() {
    let (dir, server, addr) = fresh_server().await;
    let game = finished(addr).await;
    let id = &game.id;
    let mut sente = room_socket(addr, id, Some(&game.sente), None).await;
    let mut gote = room_socket(addr, id, Some(&game.gote), None).await;
    let mut watcher = room_socket(addr, id, None, None).await;
    let you = next_of(&mut sente, "you").await;
    assert_eq!(you["seat"], "sente");
    assert_eq!(next_of(&mut watcher, "you").await["seat"], Value::Null);
    // The game is the main line, its ending last; the engine is off.
    let first = next_of(&mut watcher, "room").await;
    assert_eq!(first["tree"][1]["move"]["usi"], "7g7f");
    assert_eq!(first["tree"][2]["move"]["usi"], "3c3d");
    assert_eq!(first["tree"][3]["end"], "投了");
    assert_eq!(
        (first["engine"].as_bool(), first["at"].as_u64()),
        (Some(false), Some(0))
    );
    // Sente plays a variation at gote's first move: everyone's board shows it.
    send(
        &mut sente,
        json!({"type": "move", "node": 1, "usi": "8c8d"}),
    )
    .await;
    let seen = room_until(&mut watcher, |r| child(r, 1, "8c8d").is_some()).await;
    let v = child(&seen, 1, "8c8d").unwrap();
    assert_eq!(seen["at"].as_u64(), Some(v as u64));
    assert_eq!(
        seen["tree"][1]["children"][0], 2,
        "the game's move stays the main line"
    );
    assert_eq!(seen["tree"][v]["move"]["japanese"], "☖８四歩");
    // Gote goes on from it and draws an arrow; sente circles a square.
    send(&mut gote, json!({"type": "move", "node": v, "usi": "2g2f"})).await;
    let seen = room_until(&mut watcher, |r| child(r, v, "2g2f").is_some()).await;
    let w = child(&seen, v, "2g2f").unwrap();
    send(
        &mut gote,
        json!({"type": "shape", "node": w, "from": "8d", "to": "8e"}),
    )
    .await;
    send(
        &mut sente,
        json!({"type": "shape", "node": w, "from": "5e", "to": "5e"}),
    )
    .await;
    let seen = room_until(&mut watcher, |r| {
        r["tree"][w]["shapes"]
            .as_array()
            .is_some_and(|s| s.len() == 2)
    })
    .await;
    // Both marks, in the order the room took them (the two players sent them at once).
    let shapes = seen["tree"][w]["shapes"].as_array().unwrap();
    assert!(
        shapes.contains(&json!({"from": "8d", "to": "8e"})),
        "{shapes:?}"
    );
    assert!(
        shapes.contains(&json!({"from": "5e", "to": "5e"})),
        "{shapes:?}"
    );
    send(
        &mut sente,
        json!({"type": "comment", "node": v, "text": "飛車先を突く"}),
    )
    .await;
    room_until(&mut gote, |r| r["tree"][v]["comments"][0] == "飛車先を突く").await;
    // The watcher may not move the board, nor turn the engine on.
    send(
        &mut watcher,
        json!({"type": "move", "node": 0, "usi": "2g2f"}),
    )
    .await;
    assert_eq!(
        next_of(&mut watcher, "error").await["code"],
        "not_your_board"
    );
    send(&mut watcher, json!({"type": "engine", "on": true})).await;
    assert_eq!(next_of(&mut watcher, "error").await["code"], "players_only");
    // The talk after the game is everyone's.
    send(&mut watcher, json!({"type": "chat", "text": "8四歩は?"})).await;
    let line = loop {
        let chat = next_of(&mut sente, "chat").await;
        if !chat["lines"].as_array().unwrap().is_empty() {
            break chat;
        }
    };
    assert_eq!(
        (
            line["lines"][0]["text"].as_str(),
            line["lines"][0]["room"].as_str()
        ),
        (Some("8四歩は?"), Some("review"))
    );
    drop((sente, gote, watcher));
    // The room is kept: after a restart it reopens with its variations, marks and comment.
    server.shutdown().await.unwrap();
    let server = start(&dir.db()).await;
    let addr = server.local_addr();
    let kept = get(addr, &format!("/api/games/{id}/room"))
        .await
        .expect(200)
        .json();
    assert_eq!(kept["tree"], seen_tree_with_comment(&seen, v));
    assert_eq!(kept["at"], seen["at"]);
    // And its chat goes on from the game's.
    let mut back = room_socket(addr, id, Some(&game.gote), None).await;
    let chat = next_of(&mut back, "chat").await;
    assert!(
        chat["lines"]
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l["text"] == "8四歩は?")
    );
}

/// `seen`'s tree with the comment written after it on node `v`.
fn seen_tree_with_comment(seen: &Value, v: usize) -> Value {
    let mut tree = seen["tree"].clone();
    tree[v]["comments"] = json!(["飛車先を突く"]);
    tree
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_opens_only_on_a_finished_game_and_refuses_bad_changes_by_name() {
    let (_dir, _server, addr) = fresh_server().await;
    let playing = seated(addr, json!({})).await;
    refused_as(
        get(addr, &format!("/api/games/{}/room", playing.id)).await,
        409,
        "game_not_over",
    );
    refused_as(
        get(addr, "/api/games/nosuchgame/room").await,
        404,
        "not_found",
    );
    let game = finished(addr).await;
    let mut ws = room_socket(addr, &game.id, Some(&game.sente), None).await;
    next_of(&mut ws, "room").await;
    for (message, code) in [
        (
            json!({"type": "move", "node": 2, "usi": "7f7d"}),
            "invalid_review",
        ),
        (
            json!({"type": "move", "node": 99, "usi": "7g7f"}),
            "invalid_review",
        ),
        (
            json!({"type": "move", "node": 3, "usi": "2g2f"}),
            "invalid_review",
        ),
        (
            json!({"type": "shape", "node": 0, "from": "0a", "to": "5e"}),
            "invalid_review",
        ),
        (json!({"type": "delete", "node": 0}), "invalid_review"),
        (
            json!({"type": "reorder", "node": 0, "up": true}),
            "invalid_review",
        ),
        (
            json!({"type": "comment", "node": 0, "text": "x".repeat(2001)}),
            "invalid_review",
        ),
        (json!({"type": "hand", "to": "nobody"}), "not_in_room"),
        (json!({"type": "fly", "node": 0}), "malformed_request"),
        (
            json!({"type": "move", "node": "one", "usi": "7g7f"}),
            "malformed_request",
        ),
        (json!([1, 2]), "malformed_request"),
    ] {
        send(&mut ws, message.clone()).await;
        let error = next_of(&mut ws, "error").await;
        assert_eq!(error["code"], code, "{message}: {error}");
    }
    // An illegal move is named with the rule it breaks; the socket still serves.
    send(&mut ws, json!({"type": "move", "node": 2, "usi": "7f7d"})).await;
    let error = next_of(&mut ws, "error").await;
    assert!(error["error"].as_str().unwrap().contains("7f7d"), "{error}");
    send(&mut ws, json!({"type": "go", "node": 1})).await;
    assert_eq!(room_until(&mut ws, |r| r["at"] == 1).await["at"], 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_hands_the_board_to_a_spectator_and_takes_it_back() {
    let (_dir, _server, addr) = fresh_server().await;
    let game = finished(addr).await;
    sign_up(addr, "Kibitzer", PASSWORD).await.expect(201);
    let cookie = log_in(addr, "Kibitzer", PASSWORD).await;
    let mut player = room_socket(addr, &game.id, Some(&game.sente), None).await;
    let mut guest = room_socket(addr, &game.id, None, Some(&cookie)).await;
    assert_eq!(next_of(&mut guest, "you").await["account"], "kibitzer");
    let members = loop {
        let m = next_of(&mut player, "members").await;
        if m["people"].as_array().unwrap().len() == 2 {
            break m;
        }
    };
    assert!(
        members["people"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["name"] == "Kibitzer" && p["seat"].is_null())
    );
    send(
        &mut guest,
        json!({"type": "move", "node": 0, "usi": "2g2f"}),
    )
    .await;
    assert_eq!(next_of(&mut guest, "error").await["code"], "not_your_board");
    send(&mut player, json!({"type": "hand", "to": "Kibitzer"})).await;
    room_until(&mut guest, |r| r["holder"] == "kibitzer").await;
    send(
        &mut guest,
        json!({"type": "move", "node": 0, "usi": "2g2f"}),
    )
    .await;
    let seen = room_until(&mut player, |r| child(r, 0, "2g2f").is_some()).await;
    // The player moves the guest's variation up: it is the first move there now.
    let x = child(&seen, 0, "2g2f").unwrap();
    send(
        &mut player,
        json!({"type": "reorder", "node": x, "up": true}),
    )
    .await;
    room_until(&mut guest, |r| r["tree"][0]["children"][0] == x).await;
    // The spectator holding the board still may not turn the engine on.
    send(&mut guest, json!({"type": "engine", "on": true})).await;
    assert_eq!(next_of(&mut guest, "error").await["code"], "players_only");
    send(&mut player, json!({"type": "hand", "to": null})).await;
    room_until(&mut guest, |r| r["holder"].is_null()).await;
    send(&mut guest, json!({"type": "go", "node": 0})).await;
    assert_eq!(next_of(&mut guest, "error").await["code"], "not_your_board");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_engine_is_off_until_a_player_turns_it_on_then_follows_the_board() {
    let (_dir, _server, addr) = fresh_server_with(Settings::for_searches(1)).await;
    let game = finished(addr).await;
    let mut player = room_socket(addr, &game.id, Some(&game.gote), None).await;
    let mut watcher = room_socket(addr, &game.id, None, None).await;
    let room = next_of(&mut watcher, "room").await;
    send(&mut player, json!({"type": "go", "node": 2})).await;
    room_until(&mut watcher, |r| r["at"] == 2).await;
    send(&mut player, json!({"type": "engine", "on": true})).await;
    let lines = loop {
        let l = next_of(&mut watcher, "lines").await;
        if l["status"] == "done" {
            break l;
        }
    };
    assert_eq!(lines["node"], 2);
    let analysis = &lines["analysis"];
    assert_eq!(analysis["lines"].as_array().unwrap().len(), 3);
    // The same lines as the analysis board's for that position, at the same depth and count
    // (which `analysis.rs` checks against koma-engine's USI output): kept, so answered at once.
    let sfen = room["tree"][2]["move"]["sfen"].as_str().unwrap();
    let asked = post(
        addr,
        "/api/analysis",
        &json!({"sfen": sfen, "multipv": 3, "depth": analysis["depth"]}),
    )
    .await
    .expect(200)
    .json();
    assert_eq!(asked["cached"], true);
    assert_eq!(asked["lines"], analysis["lines"]);
    // The board moves on: the lines follow; turned off, they go.
    send(&mut player, json!({"type": "go", "node": 1})).await;
    loop {
        let l = next_of(&mut watcher, "lines").await;
        if l["status"] == "done" && l["node"] == 1 {
            break;
        }
    }
    send(&mut player, json!({"type": "engine", "on": false})).await;
    loop {
        if next_of(&mut watcher, "lines").await["status"] == "off" {
            break;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rooms_on_one_position_share_one_search() {
    let (_dir, _server, addr) = fresh_server_with(Settings::for_searches(1)).await;
    let mut players = Vec::new();
    for _ in 0..8 {
        let game = finished(addr).await;
        let mut ws = room_socket(addr, &game.id, Some(&game.sente), None).await;
        next_of(&mut ws, "room").await;
        players.push(ws);
    }
    // Every room's players turn the engine on at once, on the same position (the start).
    for ws in &mut players {
        send(ws, json!({"type": "engine", "on": true})).await;
    }
    let mut searched = 0;
    for ws in &mut players {
        let lines = loop {
            let l = next_of(ws, "lines").await;
            if l["status"] == "done" {
                break l;
            }
        };
        assert_eq!(lines["analysis"]["lines"].as_array().unwrap().len(), 3);
        searched += usize::from(lines["analysis"]["cached"] == false);
    }
    assert_eq!(searched, 1, "one search answers every room on the position");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_changes_closes_the_socket_and_the_room_serves_on() {
    let (_dir, _server, addr) = fresh_server().await;
    let game = finished(addr).await;
    let mut flood = room_socket(addr, &game.id, Some(&game.sente), None).await;
    next_of(&mut flood, "room").await;
    for k in 0..200 {
        let message = json!({"type": "go", "node": 1 + k % 2});
        if flood
            .send(tokio_tungstenite::tungstenite::Message::text(
                message.to_string(),
            ))
            .await
            .is_err()
        {
            break;
        }
    }
    let error = next_of(&mut flood, "error").await;
    assert_eq!(error["code"], "rate_limited", "{error}");
    // The room itself goes on: another page enters and a change is taken.
    let mut other = room_socket(addr, &game.id, Some(&game.gote), None).await;
    next_of(&mut other, "room").await;
    send(
        &mut other,
        json!({"type": "move", "node": 0, "usi": "5g5f"}),
    )
    .await;
    room_until(&mut other, |r| child(r, 0, "5g5f").is_some()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chu_game_is_gone_over_with_lion_moves_marks_and_the_engine() {
    let (dir, server, addr) = fresh_server_with(Settings::for_searches(1)).await;
    let game = seated(addr, json!({"variant": "chushogi"})).await;
    let id = &game.id;
    for (token, usi) in [
        (&game.sente, "7i7h"),
        (&game.gote, "6d6e"),
        (&game.sente, "7j7i6h"),
    ] {
        play(addr, id, token, usi).await.expect(200);
    }
    resign(addr, id, &game.gote).await.expect(200);
    let mut sente = room_socket(addr, id, Some(&game.sente), None).await;
    let mut watcher = room_socket(addr, id, None, None).await;
    // The game's line, the lion's double move in lishogi's words, the resignation last.
    let first = next_of(&mut watcher, "room").await;
    assert_eq!(first["variant"], "chushogi");
    assert_eq!(
        first["start_sfen"],
        koma_notation::chu::START_SFEN,
        "{first}"
    );
    assert_eq!(first["tree"][3]["move"]["usi"], "7j7i6h");
    assert_eq!(first["tree"][3]["move"]["japanese"], "７九・６八獅");
    assert_eq!(first["tree"][4]["end"], "投了");
    // Sente tries the lion's other double move, and circles a corner of the 12x12 board.
    send(
        &mut sente,
        json!({"type": "move", "node": 2, "usi": "7j7i8h"}),
    )
    .await;
    let seen = room_until(&mut watcher, |r| child(r, 2, "7j7i8h").is_some()).await;
    let v = child(&seen, 2, "7j7i8h").unwrap();
    assert_eq!(seen["at"].as_u64(), Some(v as u64));
    assert_eq!(
        seen["tree"][2]["children"][0], 3,
        "the game's move stays first"
    );
    send(
        &mut sente,
        json!({"type": "shape", "node": v, "from": "12a", "to": "12a"}),
    )
    .await;
    let seen = room_until(&mut watcher, |r| r["tree"][v]["shapes"][0]["from"] == "12a").await;
    // What Chu's rules or board refuse is named: a drop, a square off the board.
    for (change, code) in [
        (
            json!({"type": "move", "node": v, "usi": "P*5e"}),
            "invalid_review",
        ),
        (
            json!({"type": "shape", "node": v, "from": "13a", "to": "1l"}),
            "invalid_review",
        ),
    ] {
        send(&mut sente, change).await;
        assert_eq!(next_of(&mut sente, "error").await["code"], code);
    }
    // The engine's lines follow the board: a Chu search of the variation's position.
    send(&mut sente, json!({"type": "engine", "on": true})).await;
    let lines = loop {
        let l = next_of(&mut watcher, "lines").await;
        if l["status"] == "done" {
            break l;
        }
    };
    assert_eq!(lines["node"].as_u64(), Some(v as u64));
    assert_eq!(lines["analysis"]["variant"], "chushogi", "{lines}");
    // The analysis keys a position without its move number.
    let position = |sfen: &Value| {
        sfen.as_str()
            .unwrap()
            .rsplit_once(' ')
            .unwrap()
            .0
            .to_string()
    };
    assert_eq!(
        position(&lines["analysis"]["sfen"]),
        position(&seen["tree"][v]["move"]["sfen"])
    );
    assert!(!lines["analysis"]["lines"].as_array().unwrap().is_empty());
    drop((sente, watcher));
    // Kept: after a restart the room reopens with its variation and mark.
    server.shutdown().await.unwrap();
    let server = start(&dir.db()).await;
    let kept = get(server.local_addr(), &format!("/api/games/{id}/room"))
        .await
        .expect(200)
        .json();
    assert_eq!(kept["tree"], seen["tree"]);
    assert_eq!(kept["variant"], "chushogi");
}
