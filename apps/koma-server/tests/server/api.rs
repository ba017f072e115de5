//! The HTTP and WebSocket API of `koma serve`, on a real socket and a temporary database.

use crate::common::*;
use serde_json::json;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn create_join_move_and_records() {
    let (_dir, server, addr) = fresh_server().await;

    // The built page: index.html at `/`, its script under /assets/, nothing outside them.
    let page = get(addr, "/").await.expect(200);
    assert!(page.body.contains("/assets/main.js"), "{}", page.body);
    let script = get(addr, "/assets/main.js").await.expect(200);
    assert!(!script.body.is_empty());
    get(addr, "/assets/missing.js").await.expect(404);
    get(addr, "/assets/..%2FCargo.toml").await.expect(404);

    let created = post(
        addr,
        "/api/games",
        &json!({"variant": "shogi", "side": "sente"}),
    )
    .await
    .expect(201)
    .json();
    let id = created["id"].as_str().unwrap();
    let sente = created["token"].as_str().unwrap();
    let invite = created["invite"].as_str().unwrap();
    assert_eq!(created["seat"], "sente");
    assert!(created["invite_link"].as_str().unwrap().contains(invite));
    assert_eq!(created["game"]["started"], false);
    assert_eq!(created["game"]["legal_moves"], json!([]));

    // No move before the other player has joined.
    play(addr, id, sente, "7g7f").await.expect(409);
    let join = format!("/api/games/{id}/join");
    post(addr, &join, &json!({"invite": "nope"}))
        .await
        .expect(403);
    let joined = post(addr, &join, &json!({"invite": invite}))
        .await
        .expect(200)
        .json();
    assert_eq!(joined["seat"], "gote");
    let gote = joined["token"].as_str().unwrap();
    assert_ne!(gote, sente);
    post(addr, &join, &json!({"invite": invite}))
        .await
        .expect(409);

    let state = get(addr, &format!("/api/games/{id}"))
        .await
        .expect(200)
        .json();
    assert_eq!(state["started"], true);
    assert_eq!(state["legal_moves"].as_array().unwrap().len(), 30);
    assert_eq!(state["side_to_move"], "sente");

    let after = play(addr, id, sente, "7g7f").await.expect(200).json();
    assert_eq!(after["moves"], json!(["7g7f"]));
    assert_eq!(after["side_to_move"], "gote");
    play(addr, id, gote, "3c3d").await.expect(200);
    let state = get(addr, &format!("/api/games/{id}"))
        .await
        .expect(200)
        .json();
    assert_eq!(state["moves"], json!(["7g7f", "3c3d"]));
    assert_eq!(
        state["sfen"],
        "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"
    );
    assert!(
        state["legal_moves"]
            .as_array()
            .unwrap()
            .contains(&json!("8h2b+"))
    );

    let kif = get(addr, &format!("/api/games/{id}/record?format=kif"))
        .await
        .expect(200);
    assert!(kif.body.contains("７六歩"), "{}", kif.body);
    let csa = get(addr, &format!("/api/games/{id}/record?format=csa"))
        .await
        .expect(200);
    assert!(csa.body.contains("+7776FU"), "{}", csa.body);
    let sfen = get(addr, &format!("/api/games/{id}/record?format=sfen"))
        .await
        .expect(200);
    assert!(sfen.body.starts_with("lnsgkgsnl/1r5b1/pppppp1pp"));
    get(addr, &format!("/api/games/{id}/record?format=doc"))
        .await
        .expect(400);

    let list = get(addr, "/api/games").await.expect(200).json();
    assert_eq!(list[0]["plies"], 2);

    // A handicap game (no furigoma: the creator gives it), Tori.
    let lance = post(
        addr,
        "/api/games",
        &json!({"handicap": "lance", "side": "random"}),
    )
    .await
    .expect(201)
    .json();
    assert_eq!(lance["furigoma"], json!(null));
    assert_eq!(lance["game"]["side_to_move"], "gote");
    let tori = post(addr, "/api/games", &json!({"variant": "tori"}))
        .await
        .expect(201)
        .json();
    assert_eq!(tori["game"]["rules"], "tori");
    // A Japanese handicap name is the game's variant's: 角落ち of minishogi.
    let mini = post(
        addr,
        "/api/games",
        &json!({"variant": "minishogi", "handicap": "角落ち"}),
    )
    .await
    .expect(201)
    .json();
    assert_eq!(mini["game"]["sfen"], "r1sgk/4p/5/P4/KGSBR w - 1");
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_are_refused_with_reasons() {
    let (_dir, server, addr) = fresh_server().await;
    let game = seated(addr, json!({})).await;
    let id = &game.id;

    let message = refused_as(
        play(addr, id, &game.sente, "7g7e").await,
        400,
        "illegal_move",
    );
    assert!(message.contains("illegal move 7g7e"), "{message}");
    let message = refused_as(
        play(addr, id, &game.sente, "7g7").await,
        400,
        "unreadable_move",
    );
    assert!(message.contains("7g7"), "{message}");
    refused_as(
        play(addr, id, &game.sente, "P*5e").await,
        400,
        "illegal_move",
    );

    let path = format!("/api/games/{id}/move");
    let malformed = "malformed_request";
    refused_as(
        request(addr, "POST", &path, Some("{")).await,
        400,
        malformed,
    );
    refused_as(
        request(addr, "POST", &path, Some("[1,2]")).await,
        400,
        malformed,
    );
    // No token: the seat is not shown (403, as for a wrong one), not a malformed body.
    refused_as(
        post(addr, &path, &json!({"usi": "7g7f"})).await,
        403,
        "missing_token",
    );
    // Neither `usi` nor `text`.
    refused_as(
        post(addr, &path, &json!({"token": game.sente})).await,
        400,
        "conflicting_fields",
    );
    for (body, code) in [
        (json!({"variant": "chess"}), "unknown_name"),
        (json!({"time_control": "soon"}), "invalid_value"),
        (json!({"rules": "house"}), "unknown_name"),
        (json!({"handicap": "queen"}), "unknown_name"),
        (json!({"handicap": "tori-falcon"}), "invalid_value"),
        (
            json!({"variant": "dobutsu", "handicap": "角落ち"}),
            "invalid_value",
        ),
        (
            json!({"handicap": "lance", "sfen": "9/9/9 b - 1"}),
            "conflicting_fields",
        ),
        (json!({"sfen": "9/9/9 b - 1"}), "invalid_position"),
        (json!({"side": "north"}), "unknown_name"),
    ] {
        refused_as(post(addr, "/api/games", &body).await, 400, code);
    }
    refused_as(
        request(addr, "POST", "/api/games", Some("{\"side\":")).await,
        400,
        malformed,
    );

    let message = refused_as(get(addr, "/api/games/0000").await, 404, "not_found");
    assert_eq!(message, "no game '0000'");
    refused_as(
        play(addr, "0000", &game.sente, "7g7f").await,
        404,
        "not_found",
    );
    refused_as(get(addr, "/api/games/0000/record").await, 404, "not_found");
    refused_as(
        get(addr, &format!("/api/games/{id}/record?format=doc")).await,
        400,
        "unknown_name",
    );

    // The game is unchanged by all of this.
    let state = get(addr, &format!("/api/games/{id}"))
        .await
        .expect(200)
        .json();
    assert_eq!(state["moves"], json!([]));
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_needs_its_token() {
    let (_dir, server, addr) = fresh_server().await;
    let game = seated(addr, json!({})).await;
    let id = &game.id;

    let message = refused_as(
        play(addr, id, &game.gote, "7g7f").await,
        403,
        "not_your_turn",
    );
    assert!(message.contains("sente's turn"), "{message}");
    refused_as(
        play(addr, id, "0123456789abcdef0123456789abcdef", "7g7f").await,
        403,
        "no_seat",
    );
    refused_as(play(addr, id, "", "7g7f").await, 403, "missing_token");
    let resign = format!("/api/games/{id}/resign");
    refused_as(
        post(addr, &resign, &json!({"token": "guess"})).await,
        403,
        "no_seat",
    );
    // The invitation is not a seat token.
    let created = post(addr, "/api/games", &json!({"side": "gote"}))
        .await
        .expect(201)
        .json();
    let other = created["id"].as_str().unwrap();
    let invite = created["invite"].as_str().unwrap();
    post(
        addr,
        &format!("/api/games/{other}/resign"),
        &json!({"token": invite}),
    )
    .await
    .expect(403);
    // A token of one game is nothing in another.
    play(addr, other, &game.sente, "7g7f").await.expect(403);
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resignation_ends_the_game() {
    let (_dir, server, addr) = fresh_server().await;
    let game = seated(addr, json!({"time_control": "10m+30s"})).await;
    let id = &game.id;
    play(addr, id, &game.sente, "7g7f").await.expect(200);
    let state = post(
        addr,
        &format!("/api/games/{id}/resign"),
        &json!({"token": game.gote}),
    )
    .await
    .expect(200)
    .json();
    assert_eq!(state["outcome"]["winner"], "sente");
    assert_eq!(state["outcome"]["reason"], "resignation");
    assert_eq!(state["legal_moves"], json!([]));
    assert_eq!(state["clock"]["running"], json!(null));
    let message = refused_as(play(addr, id, &game.gote, "3c3d").await, 409, "game_over");
    assert!(message.contains("resignation"), "{message}");
    refused_as(
        post(
            addr,
            &format!("/api/games/{id}/resign"),
            &json!({"token": game.sente}),
        )
        .await,
        409,
        "game_over",
    );
    let kif = get(addr, &format!("/api/games/{id}/record"))
        .await
        .expect(200);
    assert!(kif.body.contains("投了"), "{}", kif.body);
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn time_forfeit_is_pushed_and_survives_a_restart() {
    let (dir, server, addr) = fresh_server().await;
    let game = seated(addr, json!({"time_control": "sudden:1s"})).await;
    let id = game.id.clone();
    // The clock starts once both have moved; then sente's second runs out, nobody asks,
    // and the server's clock check ends the game.
    play(addr, &id, &game.sente, "7g7f").await.expect(200);
    play(addr, &id, &game.gote, "3c3d").await.expect(200);
    let mut ws = connect(addr, &id, None).await;
    let pushed = until(&mut ws, 3.0, |g| !g["outcome"].is_null()).await;
    let outcome = &pushed["game"]["outcome"];
    assert_eq!(outcome["winner"], "gote");
    assert_eq!(outcome["reason"], "time-forfeit");
    assert_eq!(pushed["game"]["clock"]["sente"]["main_ms"], 0);
    play(addr, &id, &game.sente, "2g2f").await.expect(409);
    drop(ws);
    server.shutdown().await.unwrap();

    let server = start(&dir.db()).await;
    let state = get(server.local_addr(), &format!("/api/games/{id}"))
        .await
        .expect(200)
        .json();
    assert_eq!(state["outcome"]["result"], "gote time-forfeit");
    assert_eq!(state["moves"], json!(["7g7f", "3c3d"]));
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websocket_pushes_and_takes_moves() {
    let (_dir, server, addr) = fresh_server().await;
    let game = seated(addr, json!({})).await;
    let id = &game.id;

    let mut gote = connect(addr, id, Some(&game.gote)).await;
    let first = next(&mut gote, 2.0).await;
    assert_eq!(first["type"], "state");
    assert_eq!(first["seat"], "gote");
    assert_eq!(first["game"]["moves"], json!([]));
    let mut watcher = connect(addr, id, None).await;
    assert_eq!(next(&mut watcher, 2.0).await["seat"], json!(null));

    play(addr, id, &game.sente, "7g7f").await.expect(200);
    let pushed = next(&mut gote, 2.0).await;
    assert_eq!(pushed["game"]["moves"], json!(["7g7f"]));
    assert_eq!(pushed["game"]["side_to_move"], "gote");

    // Gote moves over the socket; both sockets see it.
    send(&mut gote, json!({"type": "move", "usi": "3c3d"})).await;
    let pushed = next(&mut gote, 2.0).await;
    assert_eq!(pushed["game"]["moves"], json!(["7g7f", "3c3d"]));
    // The push itself carried only the new move: the socket had the one before.
    assert_eq!(gote.raw["game"]["moves_from"], 1);
    assert_eq!(gote.raw["game"]["moves"], json!(["3c3d"]));
    assert_eq!(gote.raw["game"]["history"].as_array().unwrap().len(), 1);
    assert_eq!(pushed["game"]["history"][1]["usi"], "3c3d");
    until(&mut watcher, 2.0, |g| {
        g["moves"].as_array().unwrap().len() == 2
    })
    .await;

    // Refusals come back as error messages.
    send(&mut gote, json!({"type": "move", "usi": "3d3e"})).await;
    let refused = next(&mut gote, 2.0).await;
    assert_eq!(
        (
            refused["type"].as_str(),
            refused["status"].as_u64(),
            refused["code"].as_str()
        ),
        (Some("error"), Some(403), Some("not_your_turn"))
    );
    send(&mut watcher, json!({"type": "resign"})).await;
    let refused = next(&mut watcher, 2.0).await;
    assert_eq!(
        (refused["status"].as_u64(), refused["code"].as_str()),
        (Some(403), Some("no_seat"))
    );
    send(&mut gote, json!({"type": "dance"})).await;
    let refused = next(&mut gote, 2.0).await;
    assert_eq!(
        (refused["status"].as_u64(), refused["code"].as_str()),
        (Some(400), Some("malformed_request"))
    );

    // A wrong token is refused at the handshake; an unknown game too.
    let url = format!("ws://{addr}/api/games/{id}/ws?token=guess");
    assert!(tokio_tungstenite::connect_async(url).await.is_err());
    let url = format!("ws://{addr}/api/games/0000/ws");
    assert!(tokio_tungstenite::connect_async(url).await.is_err());

    send(&mut gote, json!({"type": "resign"})).await;
    let over = next(&mut gote, 2.0).await;
    assert_eq!(over["game"]["outcome"]["result"], "sente resignation");
    server.shutdown().await.unwrap();
}

/// Every variant's game comes back after a restart with its rule set: the store keeps the
/// variant, rules and clock as typed columns, and a variant's own rules (named after it:
/// `minishogi`, `kyoto`, `dobutsu`) are read back as well as the named ones.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_variant_and_rule_set_survives_a_restart() {
    let (dir, server, addr) = fresh_server().await;
    let asked = [
        json!({"variant": "minishogi"}),
        json!({"variant": "kyoto", "time_control": "5m+3s"}),
        json!({"variant": "dobutsu"}),
        json!({"variant": "tori"}),
        json!({"variant": "shogi", "rules": "csa", "time_control": "byoyomi:10m+30s"}),
    ];
    let mut before = Vec::new();
    for settings in &asked {
        let game = seated(addr, settings.clone()).await;
        let state = get(addr, &format!("/api/games/{}", game.id))
            .await
            .expect(200)
            .json();
        before.push((game.id, state));
    }
    server.shutdown().await.unwrap();

    let server = start(&dir.db()).await;
    let addr = server.local_addr();
    for ((id, was), settings) in before.iter().zip(&asked) {
        let now = get(addr, &format!("/api/games/{id}"))
            .await
            .expect(200)
            .json();
        let asked = settings["variant"].as_str().unwrap();
        assert!(now["variant"].as_str().unwrap().starts_with(asked), "{id}");
        for key in ["variant", "rules", "time_control", "sfen", "legal_moves"] {
            assert_eq!(now[key], was[key], "{id}: {key}");
        }
    }
    // Asked for by name, a variant's own rule set is accepted (it was refused before).
    let own = post(
        addr,
        "/api/games",
        &json!({"variant": "minishogi", "rules": "minishogi"}),
    )
    .await
    .expect(201)
    .json();
    assert_eq!(own["game"]["rules"], "minishogi");
    let wrong = post(
        addr,
        "/api/games",
        &json!({"variant": "shogi", "rules": "kyoto"}),
    )
    .await;
    assert_eq!(wrong.status, 400, "{}", wrong.body);
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_keeps_position_clocks_and_seats() {
    let (dir, server, addr) = fresh_server().await;
    let game = seated(addr, json!({"time_control": "10m+30s"})).await;
    let id = game.id.clone();
    play(addr, &id, &game.sente, "7g7f").await.expect(200);
    tokio::time::sleep(Duration::from_millis(150)).await;
    play(addr, &id, &game.gote, "3c3d").await.expect(200);
    tokio::time::sleep(Duration::from_millis(100)).await;
    play(addr, &id, &game.sente, "2g2f").await.expect(200);
    let before = get(addr, &format!("/api/games/{id}"))
        .await
        .expect(200)
        .json();
    let stopped = std::time::Instant::now();
    server.shutdown().await.unwrap();

    let server = start(&dir.db()).await;
    let addr = server.local_addr();
    let after = get(addr, &format!("/api/games/{id}"))
        .await
        .expect(200)
        .json();
    let downtime = stopped.elapsed().as_millis() as i64;
    for key in [
        "sfen",
        "moves",
        "side_to_move",
        "legal_moves",
        "started",
        "outcome",
    ] {
        assert_eq!(before[key], after[key], "{key}");
    }
    // Sente's clock is stopped: the same to the millisecond. Gote's ran on meanwhile.
    let (b, a) = (&before["clock"], &after["clock"]);
    assert_eq!(b["sente"], a["sente"]);
    assert!(b["sente"]["main_ms"].as_i64().unwrap() < 600_000);
    assert_eq!(a["running"], "gote");
    let gote_before = b["gote"]["main_ms"].as_i64().unwrap();
    let gote_after = a["gote"]["main_ms"].as_i64().unwrap();
    let read_gap = a["at_ms"].as_i64().unwrap() - b["at_ms"].as_i64().unwrap();
    assert!(gote_after <= gote_before, "{gote_after} > {gote_before}");
    assert_eq!(
        gote_before - gote_after,
        read_gap,
        "gote's clock ran as the wall clock did"
    );
    assert!(read_gap < downtime + 1_000);

    // Both players carry on with their tokens.
    play(addr, &id, &game.gote, "8c8d").await.expect(200);
    play(addr, &id, &game.gote, "8d8e").await.expect(403);
    post(
        addr,
        &format!("/api/games/{id}/resign"),
        &json!({"token": game.sente}),
    )
    .await
    .expect(200);
    server.shutdown().await.unwrap();

    let server = start(&dir.db()).await;
    let state = get(server.local_addr(), &format!("/api/games/{id}"))
        .await
        .expect(200)
        .json();
    assert_eq!(state["moves"].as_array().unwrap().len(), 4);
    assert_eq!(state["outcome"]["result"], "gote resignation");
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_declaration_is_judged_and_replayed() {
    let (dir, server, addr) = fresh_server().await;
    let game = seated(addr, json!({"time_control": "5m"})).await;
    let id = game.id.clone();
    let declare = format!("/api/games/{id}/declare");
    // Only the side to move declares; from the start position the declaration fails.
    post(addr, &declare, &json!({"token": game.gote}))
        .await
        .expect(403);
    let state = post(addr, &declare, &json!({"token": game.sente}))
        .await
        .expect(200)
        .json();
    assert_eq!(state["outcome"]["winner"], "gote");
    assert_eq!(state["outcome"]["reason"], "failed-declaration");
    server.shutdown().await.unwrap();

    let server = start(&dir.db()).await;
    let after = get(server.local_addr(), &format!("/api/games/{id}"))
        .await
        .expect(200)
        .json();
    assert_eq!(after["outcome"], state["outcome"]);
    assert_eq!(
        after["clock"], state["clock"],
        "the clocks stopped at the end"
    );
    server.shutdown().await.unwrap();
}
