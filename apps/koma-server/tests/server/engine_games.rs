//! Games against the engine: it takes its seat at once, answers moves, moves first as sente,
//! keeps to its clock, stops when the game ends, and resumes after a restart.

use crate::common::*;
use serde_json::json;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_engine_answers_a_move() {
    let (_dir, server, addr) = fresh_server().await;
    let g = engine_game(addr, json!({"side": "sente", "engine": {"depth": 2}})).await;
    // No invitation: the engine holds the other seat and the game has started.
    assert_eq!(g.seat, "sente");
    assert_eq!(g.created["invite"], json!(null));
    assert_eq!(g.created["invite_link"], json!(null));
    let game = &g.created["game"];
    assert_eq!(game["started"], true);
    assert_eq!(
        game["engine"],
        json!({"seat": "gote", "movetime_ms": null, "depth": 2})
    );
    assert_eq!(game["rematch"], json!(null));
    assert_eq!(game["legal_moves"].as_array().unwrap().len(), 30);

    let mut ws = connect(addr, &g.id, Some(&g.token)).await;
    assert_eq!(next(&mut ws, 2.0).await["seat"], "sente");
    play(addr, &g.id, &g.token, "7g7f").await.expect(200);
    // The engine's move comes as a push.
    let answered = until(&mut ws, 10.0, |g| plies(g) == 2).await;
    let game = &answered["game"];
    assert_eq!(game["side_to_move"], "sente");
    assert_eq!(game["history"].as_array().unwrap().len(), 2);
    assert!(
        game["history"][1]["japanese"]
            .as_str()
            .unwrap()
            .starts_with('☖')
    );
    assert!(game["outcome"].is_null());
    // It is stored like any move: the record has it.
    let usi = get(addr, &format!("/api/games/{}/record?format=usi", g.id))
        .await
        .expect(200);
    let engine_move = game["moves"][1].as_str().unwrap();
    assert!(usi.body.contains(engine_move), "{}", usi.body);
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_engine_moves_first_as_sente() {
    let (_dir, server, addr) = fresh_server().await;
    let g = engine_game(
        addr,
        json!({"side": "gote", "engine": {"movetime_ms": 500}, "time_control": "10m+10s"}),
    )
    .await;
    assert_eq!(g.seat, "gote");
    assert_eq!(g.created["game"]["engine"]["seat"], "sente");
    assert_eq!(g.created["game"]["engine"]["movetime_ms"], 500);
    assert_eq!(g.created["game"]["clock"]["running"], "sente");
    // Gote may not move before the engine has (it thinks for half a second).
    let early = refused_as(
        play(addr, &g.id, &g.token, "3c3d").await,
        403,
        "not_your_turn",
    );
    assert!(early.contains("sente's turn"), "{early}");
    let game = poll(addr, &g.id, 10.0, |g| plies(g) == 1).await;
    assert_eq!(game["side_to_move"], "gote");
    assert_eq!(game["clock"]["running"], "gote");
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_engine_keeps_to_its_clock() {
    let (_dir, server, addr) = fresh_server().await;
    // A level of 5 s a move, but a byoyomi of 2 s: the clock wins. Then sudden death. (The
    // test's own side has the same clock: 2 s and 6 s leave its requests room on a busy
    // machine.)
    for control in ["0s+2s", "sudden:6s"] {
        let g = engine_game(
            addr,
            json!({"side": "sente", "engine": {"movetime_ms": 5000}, "time_control": control}),
        )
        .await;
        for (i, usi) in ["2g2f", "2f2e", "2e2d"].into_iter().enumerate() {
            let game = poll(addr, &g.id, 5.0, |g| {
                plies(g) == 2 * i || !g["outcome"].is_null()
            })
            .await;
            assert!(game["outcome"].is_null(), "{control}: {}", game["outcome"]);
            let legal = game["legal_moves"].as_array().unwrap();
            let usi = if legal.contains(&json!(usi)) {
                usi
            } else {
                legal[0].as_str().unwrap()
            };
            play(addr, &g.id, &g.token, usi).await.expect(200);
        }
        let game = poll(addr, &g.id, 5.0, |g| {
            plies(g) == 6 || !g["outcome"].is_null()
        })
        .await;
        assert!(game["outcome"].is_null(), "{control}: {}", game["outcome"]);
        let gote = &game["clock"]["gote"];
        assert!(
            gote["main_ms"].as_u64().unwrap() > 0 || gote["periods"].as_u64().unwrap() > 0,
            "{control}: {gote}"
        );
    }
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_engine_stops_when_the_game_ends() {
    let (_dir, server, addr) = fresh_server().await;
    let g = engine_game(
        addr,
        json!({"side": "sente", "engine": {"movetime_ms": 5000}}),
    )
    .await;
    play(addr, &g.id, &g.token, "7g7f").await.expect(200);
    // The engine thinks for 5 s; the player resigns meanwhile.
    let over = resign(addr, &g.id, &g.token).await.expect(200).json();
    assert_eq!(over["outcome"]["result"], "gote resignation");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let game = state(addr, &g.id).await;
    assert_eq!(plies(&game), 1, "no move after the end");
    // The stopped search let go of its thread: a new game is answered at once.
    let quick = engine_game(addr, json!({"side": "gote", "engine": {"depth": 1}})).await;
    poll(addr, &quick.id, 5.0, |g| plies(g) == 1).await;
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_engine_resumes_after_a_restart() {
    let (dir, server, addr) = fresh_server().await;
    let g = engine_game(
        addr,
        json!({"side": "sente", "engine": {"movetime_ms": 1000}, "time_control": "10m+10s"}),
    )
    .await;
    play(addr, &g.id, &g.token, "7g7f").await.expect(200);
    // The server stops while the engine thinks: its search is dropped, not played.
    server.shutdown().await.unwrap();

    let server = start(&dir.db()).await;
    let addr = server.local_addr();
    let before = state(addr, &g.id).await;
    assert_eq!(plies(&before), 1, "the stopped search played nothing");
    assert_eq!(before["engine"]["seat"], "gote");
    assert_eq!(before["engine"]["movetime_ms"], 1000);
    // Loaded at the start, the game has the engine thinking again.
    let after = poll(addr, &g.id, 10.0, |g| plies(g) == 2).await;
    assert_eq!(after["side_to_move"], "sente");
    assert!(after["outcome"].is_null());
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_engine_requests_are_refused() {
    let (_dir, server, addr) = fresh_server().await;
    let refused =
        |body, code| async move { refused_as(post(addr, "/api/games", &body).await, 400, code) };
    let message = refused(json!({"opponent": "robot"}), "unknown_name").await;
    assert!(message.contains("unknown opponent 'robot'"), "{message}");
    let message = refused(json!({"engine": {"depth": 3}}), "conflicting_fields").await;
    assert!(message.contains("opponent"), "{message}");
    let body = json!({"opponent": "engine", "engine": {"elo": 3000}});
    let message = refused(body, "malformed_request").await;
    assert!(message.contains("elo"), "{message}");
    let body = json!({"opponent": "engine", "engine": {"depth": -1}});
    refused(body, "malformed_request").await;
    let body = json!({"opponent": "engine", "engine": "strong"});
    refused(body, "malformed_request").await;
    // Out-of-range levels are clamped.
    let g = engine_game(addr, json!({"engine": {"movetime_ms": 1, "depth": 99}})).await;
    assert_eq!(
        g.created["game"]["engine"],
        json!({"seat": g.created["game"]["engine"]["seat"], "movetime_ms": 100, "depth": 30})
    );
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_engine_declares_when_it_may() {
    let (_dir, server, addr) = fresh_server().await;
    // Sente's king in the enemy camp with twelve pieces worth 28 points: it declares.
    let sfen = "RRBB5/4K4/PPPPPPPP1/9/9/9/9/9/4k4 b - 1";
    let g = engine_game(
        addr,
        json!({"side": "gote", "sfen": sfen, "rules": "amateur", "engine": {"depth": 1}}),
    )
    .await;
    let game = poll(addr, &g.id, 5.0, |g| !g["outcome"].is_null()).await;
    assert_eq!(game["outcome"]["winner"], "sente");
    assert_eq!(game["outcome"]["reason"], "declaration");
    assert_eq!(plies(&game), 0);
    server.shutdown().await.unwrap();
}
