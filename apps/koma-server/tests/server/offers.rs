//! In a game between people: draw offers, takebacks, the chat and moves typed in any
//! notation.

use crate::common::*;
use serde_json::{Value, json};

/// Offers (`yes`) or answers `what` (`draw`, `takeback`) for the holder of `token`.
pub(crate) async fn offer(
    addr: std::net::SocketAddr,
    id: &str,
    what: &str,
    token: &str,
    yes: bool,
) -> Reply {
    post(
        addr,
        &format!("/api/games/{id}/{what}"),
        &json!({ "token": token, "yes": yes }),
    )
    .await
}

async fn chat(addr: std::net::SocketAddr, id: &str, token: Option<&str>, text: &str) -> Reply {
    post(
        addr,
        &format!("/api/games/{id}/chat"),
        &json!({ "token": token, "text": text }),
    )
    .await
}

/// The next chat lines pushed on `ws`.
async fn chat_lines(ws: &mut Socket) -> Vec<Value> {
    loop {
        let msg = next_any(ws, 2.0).await;
        if msg["type"] == "chat" {
            return msg["lines"].as_array().unwrap().clone();
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draw_is_offered_declined_then_agreed() {
    let (_dir, server, addr) = fresh_server().await;
    let g = seated(addr, json!({"side": "sente"})).await;
    let id = &g.id;
    play(addr, id, &g.sente, "7g7f").await.expect(200);
    // Nothing to decline yet; an offer is shown to both.
    refused_as(
        offer(addr, id, "draw", &g.gote, false).await,
        409,
        "no_offer",
    );
    let offered = offer(addr, id, "draw", &g.sente, true)
        .await
        .expect(200)
        .json();
    assert_eq!(offered["offers"]["draw"], "sente");
    assert_eq!(state(addr, id).await["offers"]["draw"], "sente");
    // Declined: the game goes on.
    let declined = offer(addr, id, "draw", &g.gote, false)
        .await
        .expect(200)
        .json();
    assert_eq!(declined["offers"]["draw"], Value::Null);
    assert_eq!(declined["outcome"], Value::Null);
    // An offer lapses when the opponent moves instead of answering.
    offer(addr, id, "draw", &g.sente, true).await.expect(200);
    let moved = play(addr, id, &g.gote, "3c3d").await.expect(200).json();
    assert_eq!(moved["offers"]["draw"], Value::Null);
    // Offered by gote, accepted by sente: a draw by agreement, kept over a restart.
    offer(addr, id, "draw", &g.gote, true).await.expect(200);
    let agreed = offer(addr, id, "draw", &g.sente, true)
        .await
        .expect(200)
        .json();
    assert_eq!(agreed["outcome"]["winner"], Value::Null);
    assert_eq!(agreed["outcome"]["reason"], "agreement");
    refused_as(
        offer(addr, id, "draw", &g.sente, true).await,
        409,
        "game_over",
    );
    let dir = _dir;
    server.shutdown().await.unwrap();
    let server = start(&dir.db()).await;
    let after = state(server.local_addr(), id).await;
    assert_eq!(after["outcome"]["reason"], "agreement");
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_goes_back_to_the_askers_turn_with_its_clock() {
    let (dir, server, addr) = fresh_server().await;
    let g = seated(addr, json!({"side": "sente", "time_control": "10m+10s"})).await;
    let id = &g.id;
    let mut watcher = connect(addr, id, None).await;
    // Gote has not moved: nothing to take back.
    refused_as(
        offer(addr, id, "takeback", &g.gote, true).await,
        409,
        "nothing_to_take_back",
    );
    play(addr, id, &g.sente, "7g7f").await.expect(200);
    play(addr, id, &g.gote, "3c3d").await.expect(200);
    play(addr, id, &g.sente, "8h2b+").await.expect(200);
    let asked = offer(addr, id, "takeback", &g.sente, true)
        .await
        .expect(200)
        .json();
    assert_eq!(asked["offers"]["takeback"], "sente");
    assert_eq!(asked["moves"].as_array().unwrap().len(), 3);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let before = state(addr, id).await;
    let granted = offer(addr, id, "takeback", &g.gote, true)
        .await
        .expect(200)
        .json();
    // Sente's move is gone; it is sente's turn again (gote had not replied).
    assert_eq!(granted["moves"], json!(["7g7f", "3c3d"]));
    assert_eq!(granted["side_to_move"], "sente");
    assert_eq!(granted["offers"]["takeback"], Value::Null);
    assert_eq!(granted["history"].as_array().unwrap().len(), 2);
    // The clocks went back with the move: sente has at least the time it had before it
    // played 8h2b+ (it had used less than a second by then).
    let sente_ms = granted["clock"]["sente"]["main_ms"].as_u64().unwrap();
    let sente_before = before["clock"]["sente"]["main_ms"].as_u64().unwrap();
    assert!(sente_ms >= sente_before, "{sente_ms} < {sente_before}");
    play(addr, id, &g.sente, "2g2f").await.expect(200);
    // A spectator's pushes carried the moves after those he had (after the takeback: none,
    // from two): his line is the game's.
    let seen = until(&mut watcher, 2.0, |g| {
        plies(g) == 3 && g["moves"][2] == "2g2f"
    })
    .await;
    assert_eq!(seen["game"]["moves"], json!(["7g7f", "3c3d", "2g2f"]));
    let usi: Vec<&Value> = seen["game"]["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| &e["usi"])
        .collect();
    assert_eq!(usi, [&json!("7g7f"), &json!("3c3d"), &json!("2g2f")]);
    assert_eq!(watcher.raw["game"]["moves_from"], 2);
    // Declining and withdrawing.
    offer(addr, id, "takeback", &g.gote, true).await.expect(200);
    offer(addr, id, "takeback", &g.sente, false)
        .await
        .expect(200);
    refused_as(
        offer(addr, id, "takeback", &g.sente, false).await,
        409,
        "no_offer",
    );
    server.shutdown().await.unwrap();
    // The store holds the line as it is now.
    let server = start(&dir.db()).await;
    let after = state(server.local_addr(), id).await;
    assert_eq!(after["moves"], json!(["7g7f", "3c3d", "2g2f"]));
    let sente_after = after["clock"]["sente"]["main_ms"].as_u64().unwrap();
    assert!(
        sente_after > 590_000,
        "sente's clock after a restart: {sente_after}"
    );
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_engine_grants_takebacks_and_declines_draws() {
    let (_dir, server, addr) = fresh_server().await;
    let game = engine_game(
        addr,
        json!({"side": "sente", "engine": {"depth": 1, "movetime_ms": 50}}),
    )
    .await;
    let id = &game.id;
    play(addr, id, &game.token, "7g7f").await.expect(200);
    poll(addr, id, 10.0, |g| plies(g) == 2).await;
    refused_as(
        offer(addr, id, "draw", &game.token, true).await,
        409,
        "draw_declined",
    );
    let back = offer(addr, id, "takeback", &game.token, true)
        .await
        .expect(200)
        .json();
    assert_eq!(back["moves"], json!([]));
    assert_eq!(back["side_to_move"], "sente");
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_and_spectators_chat_in_rooms_of_their_own() {
    let (_dir, server, addr) = fresh_server().await;
    let g = seated(addr, json!({"side": "sente"})).await;
    let id = &g.id;
    let mut gote = connect(addr, id, Some(&g.gote)).await;
    let mut watcher = connect(addr, id, None).await;
    next(&mut gote, 2.0).await;
    next(&mut watcher, 2.0).await;
    let line = chat(addr, id, Some(&g.sente), "Good luck, have fun")
        .await
        .expect(200)
        .json();
    assert_eq!(line["room"], "player");
    assert_eq!(line["username"], "sente");
    let pushed = chat_lines(&mut gote).await;
    assert_eq!(pushed[0]["text"], "Good luck, have fun");
    // A spectator writes in the spectators' room, over the WebSocket.
    send(
        &mut watcher,
        json!({"type": "chat", "text": "nice opening"}),
    )
    .await;
    let seen = chat_lines(&mut watcher).await;
    assert_eq!(seen[0]["room"], "spectator");
    assert_eq!(seen[0]["text"], "nice opening");
    // Each newcomer gets its own room's lines, and only those.
    let mut sente = connect(addr, id, Some(&g.sente)).await;
    next(&mut sente, 2.0).await;
    let history = chat_lines(&mut sente).await;
    assert_eq!(history.len(), 1, "{history:?}");
    assert_eq!(history[0]["text"], "Good luck, have fun");
    let mut other = connect(addr, id, None).await;
    next(&mut other, 2.0).await;
    let history = chat_lines(&mut other).await;
    assert_eq!(history.len(), 1, "{history:?}");
    assert_eq!(history[0]["text"], "nice opening");
    // Bad lines are refused with the reason.
    let long = "x".repeat(141);
    let why = refused_as(
        chat(addr, id, Some(&g.sente), &long).await,
        400,
        "invalid_value",
    );
    assert!(why.contains("140"), "{why}");
    refused_as(
        chat(addr, id, Some(&g.sente), " \n ").await,
        400,
        "invalid_value",
    );
    refused_as(chat(addr, id, Some("feed"), "hi").await, 403, "no_seat");
    server.shutdown().await.unwrap();
}

/// A greeting: `{"greeting": NAME}` on the chat's route.
async fn greet(addr: std::net::SocketAddr, id: &str, token: Option<&str>, name: &str) -> Reply {
    post(
        addr,
        &format!("/api/games/{id}/chat"),
        &json!({ "token": token, "greeting": name }),
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_greet_each_other_and_every_reader_learns_which_greeting() {
    let (_dir, server, addr) = fresh_server().await;
    let g = seated(addr, json!({"side": "sente"})).await;
    let id = &g.id;
    let mut gote = connect(addr, id, Some(&g.gote)).await;
    next(&mut gote, 2.0).await;
    let line = greet(addr, id, Some(&g.sente), "start")
        .await
        .expect(200)
        .json();
    assert_eq!(line["greeting"], "start");
    // A client that knows no greetings shows the formula's words.
    assert_eq!(line["text"], "よろしくお願いします");
    let pushed = chat_lines(&mut gote).await;
    assert_eq!(pushed[0]["greeting"], "start");
    assert_eq!(pushed[0]["username"], "sente");
    greet(addr, id, Some(&g.gote), "end").await.expect(200);
    // A newcomer reads them back from the store, a typed line beside them stays a line.
    chat(addr, id, Some(&g.sente), "greeting:start")
        .await
        .expect(200);
    let mut sente = connect(addr, id, Some(&g.sente)).await;
    next(&mut sente, 2.0).await;
    let history = chat_lines(&mut sente).await;
    let greetings: Vec<&Value> = history.iter().map(|l| &l["greeting"]).collect();
    assert_eq!(
        greetings,
        [&json!("start"), &json!("end"), &Value::Null],
        "{history:?}"
    );
    assert_eq!(history[1]["text"], "ありがとうございました");
    assert_eq!(history[2]["text"], "greeting:start");
    // Only a player greets; an unknown greeting, or a line and a greeting at once, is refused.
    let why = refused_as(greet(addr, id, None, "start").await, 403, "forbidden");
    assert!(why.contains("player"), "{why}");
    let why = refused_as(
        greet(addr, id, Some(&g.sente), "bow").await,
        400,
        "invalid_value",
    );
    assert!(why.contains("bow"), "{why}");
    let both = post(
        addr,
        &format!("/api/games/{id}/chat"),
        &json!({ "token": g.sente, "text": "hi", "greeting": "start" }),
    )
    .await;
    refused_as(both, 400, "invalid_value");
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_are_typed_in_any_notation() {
    let (_dir, server, addr) = fresh_server().await;
    let g = seated(addr, json!({"side": "sente"})).await;
    let id = &g.id;
    let typed = |token: &str, text: &str| {
        let path = format!("/api/games/{id}/move");
        let body = json!({ "token": token, "text": text });
        async move { post(addr, &path, &body).await }
    };
    typed(&g.sente, "７六歩").await.expect(200);
    typed(&g.gote, "P-3d").await.expect(200);
    typed(&g.sente, "2f").await.expect(200);
    let over_ws = {
        let mut ws = connect(addr, id, Some(&g.gote)).await;
        next(&mut ws, 2.0).await;
        send(&mut ws, json!({"type": "move", "text": "☖８四歩"})).await;
        until(&mut ws, 2.0, |g| plies(g) == 4).await
    };
    assert_eq!(
        over_ws["game"]["moves"],
        json!(["7g7f", "3c3d", "2g2f", "8c8d"])
    );
    let why = refused_as(typed(&g.sente, "５五飛").await, 400, "unreadable_move");
    assert!(why.contains("５五飛"), "{why}");
    let both = json!({ "token": g.sente, "usi": "2f2e", "text": "2e" });
    refused_as(
        post(addr, &format!("/api/games/{id}/move"), &both).await,
        400,
        "conflicting_fields",
    );
    server.shutdown().await.unwrap();
}
