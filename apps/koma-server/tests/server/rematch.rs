//! Rematches: after the end, either player starts the same game with the colours reversed;
//! each keeps his token, the old game names the new one, and asking twice gives one game.

use crate::common::*;
use koma_server::Settings;
use serde_json::json;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_swaps_colours_and_keeps_tokens() {
    let (dir, server, addr) = fresh_server().await;
    let old = seated(addr, json!({"handicap": "lance", "time_control": "5m+10s"})).await;
    let id = &old.id;
    // Not before the end; never with a token that holds no seat.
    let early = refused_as(rematch(addr, id, &old.sente).await, 409, "game_not_over");
    assert!(early.contains("not over"), "{early}");
    resign(addr, id, &old.sente).await.expect(200);
    refused_as(
        rematch(addr, id, "0123456789abcdef0123456789abcdef").await,
        403,
        "no_seat",
    );
    refused_as(rematch(addr, "0000", &old.sente).await, 404, "not_found");

    let mut watcher = connect(addr, id, None).await;
    next(&mut watcher, 2.0).await;
    let first = rematch(addr, id, &old.sente).await.expect(201).json();
    let new_id = first["id"].as_str().unwrap().to_string();
    assert_ne!(new_id, *id);
    assert_eq!(first["seat"], "gote", "sente of the old game is gote now");
    assert_eq!(first["token"], old.sente.as_str());
    let game = &first["game"];
    assert_eq!(game["started"], true);
    assert_eq!(game["moves"], json!([]));
    assert_eq!(game["time_control"], "5m+10s");
    assert_eq!(game["creator"], "gote");
    // Between people the clock waits for both first moves.
    assert_eq!(game["clock"]["running"], json!(null));
    let before = state(addr, id).await;
    assert_eq!(game["start_sfen"], before["start_sfen"]);
    assert_eq!(game["rules"], before["rules"]);
    // The old game names its rematch, and pushes it.
    assert_eq!(before["rematch"], new_id.as_str());
    let pushed = until(&mut watcher, 2.0, |g| !g["rematch"].is_null()).await;
    assert_eq!(pushed["game"]["rematch"], new_id.as_str());

    // Asked again, by the other player: the same game, his seat, his own token.
    let again = rematch(addr, id, &old.gote).await.expect(200).json();
    assert_eq!(again["id"], new_id.as_str());
    assert_eq!(again["seat"], "sente");
    assert_eq!(again["token"], old.gote.as_str());

    // With the lance handicap gote (the old sente) moves first, with his old token.
    play(addr, &new_id, &old.gote, "3c3d").await.expect(403);
    play(addr, &new_id, &old.sente, "3c3d").await.expect(200);
    play(addr, &new_id, &old.gote, "7g7f").await.expect(200);
    server.shutdown().await.unwrap();

    // Both links survive a restart.
    let server = start(&dir.db()).await;
    let addr = server.local_addr();
    assert_eq!(state(addr, id).await["rematch"], new_id.as_str());
    let again = rematch(addr, id, &old.sente).await.expect(200).json();
    assert_eq!(
        (again["id"].as_str(), again["seat"].as_str()),
        (Some(new_id.as_str()), Some("gote"))
    );
    assert_eq!(plies(&state(addr, &new_id).await), 2);
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_against_the_engine_gives_it_the_other_colour() {
    let (_dir, server, addr) = fresh_server().await;
    let g = engine_game(addr, json!({"side": "sente", "engine": {"depth": 1}})).await;
    resign(addr, &g.id, &g.token).await.expect(200);
    let new = rematch(addr, &g.id, &g.token).await.expect(201).json();
    assert_eq!(new["seat"], "gote");
    assert_eq!(new["token"], g.token.as_str());
    assert_eq!(
        new["game"]["engine"],
        json!({"seat": "sente", "movetime_ms": null, "depth": 1})
    );
    // The engine is sente now: it moves by itself.
    let new_id = new["id"].as_str().unwrap();
    let game = poll(addr, new_id, 10.0, |g| plies(g) == 1).await;
    assert_eq!(game["side_to_move"], "gote");
    server.shutdown().await.unwrap();
}

/// The state says whether a player's request for a rematch would be granted, so that the
/// page offers only those: not before the end, not for a game between people aborted
/// before both moved, yes once decided (and still once the rematch exists).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_state_says_whether_a_rematch_would_be_granted() {
    let settings = Settings {
        first_move_ttl: Duration::from_secs(1),
        ..Settings::for_searches(1)
    };
    let (_dir, server, addr) = fresh_server_with(settings).await;
    let aborted = seated(addr, json!({})).await;
    let decided = seated(addr, json!({})).await;
    open_moves(addr, &decided.id, &decided.sente, &decided.gote).await;
    assert_eq!(state(addr, &decided.id).await["rematch_allowed"], false);
    resign(addr, &decided.id, &decided.gote).await.expect(200);

    let game = poll(addr, &aborted.id, 5.0, |g| !g["outcome"].is_null()).await;
    assert_eq!(game["outcome"]["reason"], "aborted");
    assert_eq!(game["rematch_allowed"], false, "{game}");
    refused_as(
        rematch(addr, &aborted.id, &aborted.sente).await,
        409,
        "aborted",
    );

    assert_eq!(state(addr, &decided.id).await["rematch_allowed"], true);
    rematch(addr, &decided.id, &decided.sente).await.expect(201);
    assert_eq!(state(addr, &decided.id).await["rematch_allowed"], true);
    rematch(addr, &decided.id, &decided.gote).await.expect(200);
    server.shutdown().await.unwrap();
}
