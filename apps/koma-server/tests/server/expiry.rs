//! Games nobody plays end by themselves: an invitation not taken, a first move not made
//! between people, a person who left a game against the engine (who is never hurried over
//! his first move); decided games then leave memory.

use crate::common::*;
use koma_server::Settings;
use serde_json::json;
use std::time::Duration;

/// Settings where every wait is `ms` milliseconds.
/// Settings whose limits are `ms`, but for the invitation's, which stays long: a test that
/// seats both players must not race it on a loaded machine (the test of the invitation's
/// own limit sets it).
fn quick(ms: u64) -> Settings {
    let wait = Duration::from_millis(ms);
    Settings {
        invitation_ttl: Duration::from_secs(30),
        first_move_ttl: wait,
        engine_idle_ttl: wait,
        keep_decided: wait,
        ..Settings::for_searches(1)
    }
}

/// Waits until the server holds no game in memory (at most 5 s).
async fn until_forgotten(server: &koma_server::Server) {
    for _ in 0..100 {
        if server.games_in_memory() == 0 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("{} games still in memory", server.games_in_memory());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invitation_not_taken_expires() {
    let settings = Settings {
        invitation_ttl: Duration::from_millis(100),
        ..quick(100)
    };
    let (dir, server, addr) = fresh_server_with(settings).await;
    let created = post(addr, "/api/games", &json!({"side": "sente"}))
        .await
        .expect(201)
        .json();
    let id = created["id"].as_str().unwrap();
    let game = poll(addr, id, 5.0, |g| !g["outcome"].is_null()).await;
    assert_eq!(game["outcome"]["reason"], "aborted", "{game}");
    assert_eq!(game["outcome"]["winner"], serde_json::Value::Null);
    assert_eq!(game["outcome"]["result"], "aborted (invitation not taken)");
    assert_eq!(game["started"], false);
    let late = post(
        addr,
        &format!("/api/games/{id}/join"),
        &json!({"invite": created["invite"]}),
    )
    .await;
    refused_as(late, 410, "expired");
    until_forgotten(&server).await;
    // Stored as such: listed with its result, and the same after a restart.
    let list = get(addr, "/api/games").await.expect(200).json();
    assert_eq!(list[0]["result"], "aborted (invitation not taken)");
    server.shutdown().await.unwrap();
    let server = start(&dir.db()).await;
    let game = state(server.local_addr(), id).await;
    assert_eq!(game["outcome"]["reason"], "aborted");
    assert!(game["legal_moves"].as_array().unwrap().is_empty());
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_without_a_first_move_is_aborted() {
    let (_dir, server, addr) = fresh_server_with(quick(150)).await;
    let g = seated(addr, json!({"time_control": "10m+30s"})).await;
    let game = poll(addr, &g.id, 5.0, |g| !g["outcome"].is_null()).await;
    assert_eq!(game["outcome"]["result"], "aborted (no first move)");
    assert_eq!(game["clock"]["running"], serde_json::Value::Null);
    refused_as(play(addr, &g.id, &g.sente, "7g7f").await, 409, "game_over");
    refused_as(rematch(addr, &g.id, &g.sente).await, 409, "aborted");
    server.shutdown().await.unwrap();
}

/// A correspondence game (days per move) gives its first moves those days: the
/// real-time limit on a first move aborts it no more.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_correspondence_game_waits_days_for_its_first_move() {
    let (_dir, server, addr) = fresh_server_with(quick(150)).await;
    let g = seated(addr, json!({"variant": "chushogi", "time_control": "0+3d"})).await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    let game = state(addr, &g.id).await;
    assert!(game["outcome"].is_null(), "{game}");
    assert_eq!(game["time_control"], "0+3d", "{game}");
    assert_eq!(
        game["clock"]["sente"]["period_ms"],
        3 * 86_400_000,
        "{game}"
    );
    play(addr, &g.id, &g.sente, "7i7h").await.expect(200);
    server.shutdown().await.unwrap();
}

/// Against the engine nobody but the engine waits: a slow first move of the person aborts
/// no game, with a clock (it runs and would end the game) or without one, whether he moves
/// first or after the engine.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_game_waits_for_the_persons_first_move() {
    let settings = Settings {
        engine_idle_ttl: Duration::from_secs(30),
        engine_games_per_client: 3,
        ..quick(150)
    };
    let (_dir, server, addr) = fresh_server_with(settings).await;
    let untimed = engine_game(addr, json!({"side": "sente", "engine": {"depth": 1}})).await;
    let second = engine_game(addr, json!({"side": "gote", "engine": {"depth": 1}})).await;
    let timed = engine_game(
        addr,
        json!({"side": "sente", "engine": {"depth": 1}, "time_control": "10m"}),
    )
    .await;
    poll(addr, &second.id, 10.0, |g| plies(g) == 1).await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    for id in [&untimed.id, &second.id, &timed.id] {
        let game = state(addr, id).await;
        assert!(game["outcome"].is_null(), "{game}");
    }
    assert_eq!(state(addr, &timed.id).await["clock"]["running"], "sente");
    play(addr, &untimed.id, &untimed.token, "7g7f")
        .await
        .expect(200);
    play(addr, &second.id, &second.token, "3c3d")
        .await
        .expect(200);
    server.shutdown().await.unwrap();
}

/// A game against the engine without a clock that its person never played ends after the
/// engine-idle limit (not the first-move limit of games between people): aborted, and the
/// state says a rematch may be asked for, which the server then grants.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_game_never_played_is_aborted_at_the_idle_limit_and_may_be_rematched() {
    let settings = Settings {
        first_move_ttl: Duration::from_secs(60),
        ..quick(200)
    };
    let (_dir, server, addr) = fresh_server_with(settings).await;
    let g = engine_game(addr, json!({"side": "sente", "engine": {"depth": 1}})).await;
    assert_eq!(state(addr, &g.id).await["rematch_allowed"], false);
    let game = poll(addr, &g.id, 10.0, |g| !g["outcome"].is_null()).await;
    assert_eq!(
        game["outcome"]["result"], "aborted (no first move)",
        "{game}"
    );
    assert_eq!(game["rematch_allowed"], true, "{game}");
    let new = rematch(addr, &g.id, &g.token).await.expect(201).json();
    assert_eq!(new["seat"], "gote");
    assert_eq!(new["game"]["rematch_allowed"], false);
    assert_eq!(state(addr, &g.id).await["rematch"], new["id"]);
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_who_leaves_the_engine_loses_by_abandonment() {
    let settings = Settings {
        first_move_ttl: Duration::from_secs(30),
        ..quick(300)
    };
    let (_dir, server, addr) = fresh_server_with(settings).await;
    let g = engine_game(addr, json!({"side": "sente", "engine": {"depth": 1}})).await;
    play(addr, &g.id, &g.token, "7g7f").await.expect(200);
    let game = poll(addr, &g.id, 10.0, |g| !g["outcome"].is_null()).await;
    assert_eq!(plies(&game), 2, "{game}");
    assert_eq!(game["outcome"]["reason"], "abandoned");
    assert_eq!(game["outcome"]["winner"], "gote");
    until_forgotten(&server).await;
    // Read back from the store, it is the same.
    let again = state(addr, &g.id).await;
    assert_eq!(again["outcome"], game["outcome"]);
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watched_decided_game_leaves_memory_in_time() {
    // The first-move limit stays long: the game must end by the resignation, not be
    // aborted before it on a loaded machine.
    let settings = Settings {
        first_move_ttl: Duration::from_secs(30),
        ..quick(200)
    };
    let (_dir, server, addr) = fresh_server_with(settings).await;
    let g = seated(addr, json!({})).await;
    let mut ws = connect(addr, &g.id, Some(&g.sente)).await;
    resign(addr, &g.id, &g.gote).await.expect(200);
    until(&mut ws, 5.0, |g| !g["outcome"].is_null()).await;
    until_forgotten(&server).await;
    // Watched again, it is loaded again and stays its time (not forgotten at once for an
    // end long ago, which would have the page reconnect in a loop).
    let mut again = connect(addr, &g.id, None).await;
    let first = next(&mut again, 5.0).await;
    assert_eq!(first["game"]["outcome"]["reason"], "resignation");
    assert_eq!(server.games_in_memory(), 1);
    until_forgotten(&server).await;
    server.shutdown().await.unwrap();
}
