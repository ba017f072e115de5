//! A player's seat follows his account: on a device that never took the seat (no seat
//! token, only the session of his account) the player moves, chats and resigns, and his
//! WebSocket is his seat's; another logged-in account only watches. `GET
//! /api/account/playing` (lishogi's `nowPlaying`) lists an account's games under way.

use crate::accounts::{as_page, log_in};
use crate::common::{
    PASSWORD, Socket, fresh_server_with, next, plies, refused_as, request, send, socket_with,
};
use crate::consent::challenge_accepted;
use crate::lishogi_api::{account, api};
use koma_server::{Limits, Settings};
use serde_json::{Value, json};
use std::net::SocketAddr;

/// A casual game of `challenger` (sente) and `challenged` (its name and token), made by a
/// challenge and its acceptance; its id.
async fn challenged_game(addr: SocketAddr, challenger: &str, challenged: (&str, &str)) -> String {
    let form = "rated=false&clock.limit=600&clock.increment=0&color=sente&variant=standard";
    challenge_accepted(addr, challenger, challenged, form).await
}

/// Game `id`'s WebSocket as the page opens it for the session `cookie` (no seat token).
async fn socket_of(addr: SocketAddr, id: &str, cookie: &str) -> Socket {
    let headers = [
        ("Cookie", cookie.to_string()),
        ("Origin", format!("http://{addr}")),
    ];
    socket_with(addr, &format!("/api/games/{id}/ws"), &headers).await
}

/// The first state message of a socket.
async fn first_state(ws: &mut Socket) -> Value {
    loop {
        let message = next(ws, 5.0).await;
        if message["type"] == "state" {
            return message;
        }
    }
}

fn settings() -> Settings {
    Settings {
        limits: Limits::no_rate_limits(),
        ..Settings::default()
    }
}

#[tokio::test]
async fn a_players_seat_follows_his_account_to_another_device() {
    let (_dir, server, addr) = fresh_server_with(settings()).await;
    let alice = account(addr, "Alice").await;
    let bob = account(addr, "Bob").await;
    account(addr, "Carol").await;
    let id = challenged_game(addr, &alice, ("Bob", &bob)).await;
    let game = |what: &str| format!("/api/games/{id}/{what}");

    // Alice (sente) on her phone, which never took the seat: logged in, no token.
    let phone = log_in(addr, "Alice", PASSWORD).await;
    let mut ws = socket_of(addr, &id, &phone).await;
    assert_eq!(first_state(&mut ws).await["seat"], "sente");
    let moved = as_page(
        addr,
        "POST",
        &game("move"),
        &phone,
        Some(json!({"usi": "7g7f"})),
    )
    .await
    .expect(200)
    .json();
    assert_eq!(plies(&moved), 1);
    // Bob answers through lishogi's board API; Alice's socket sees it.
    let bobs_move = format!("/api/board/game/{id}/move/3c3d");
    api(addr, "POST", &bobs_move, &bob, None).await.expect(200);
    // Her chat line from the phone is a player's.
    let line = as_page(
        addr,
        "POST",
        &game("chat"),
        &phone,
        Some(json!({"text": "onegai"})),
    )
    .await
    .expect(200)
    .json();
    assert_eq!(line["room"], "player", "{line}");
    assert_eq!(line["username"], "Alice", "{line}");

    // Carol, logged in too, holds no seat: her move is refused, her socket watches, her
    // chat line is a spectator's.
    let carol = log_in(addr, "Carol", PASSWORD).await;
    let move_path = game("move");
    let refused = as_page(
        addr,
        "POST",
        &move_path,
        &carol,
        Some(json!({"usi": "2g2f"})),
    );
    refused_as(refused.await, 403, "no_seat");
    let mut watching = socket_of(addr, &id, &carol).await;
    assert!(first_state(&mut watching).await["seat"].is_null());
    let line = as_page(
        addr,
        "POST",
        &game("chat"),
        &carol,
        Some(json!({"text": "hi"})),
    )
    .await
    .expect(200)
    .json();
    assert_eq!(line["room"], "spectator", "{line}");
    // A guest with neither token nor session is told what is missing.
    let guest = request(addr, "POST", &move_path, Some(r#"{"usi":"2g2f"}"#));
    refused_as(guest.await, 403, "missing_token");

    // Alice moves over her socket, then resigns from the phone.
    send(&mut ws, json!({"type": "move", "usi": "2g2f"})).await;
    let after = loop {
        let state = next(&mut ws, 5.0).await;
        if state["type"] == "state" && plies(&state["game"]) == 3 {
            break state;
        }
    };
    assert_eq!(after["seat"], "sente");
    let over = as_page(addr, "POST", &game("resign"), &phone, None)
        .await
        .expect(200)
        .json();
    assert_eq!(over["outcome"]["winner"], "gote", "{over}");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn an_accounts_games_under_way_are_listed_as_lishogi_lists_them() {
    let (_dir, server, addr) = fresh_server_with(settings()).await;
    let alice = account(addr, "Alice").await;
    let bob = account(addr, "Bob").await;
    let carol = account(addr, "Carol").await;
    let none = api(addr, "GET", "/api/account/playing", &alice, None)
        .await
        .expect(200)
        .json();
    assert_eq!(none, json!({"nowPlaying": []}));
    let first = challenged_game(addr, &alice, ("Bob", &bob)).await;
    let second = challenged_game(addr, &carol, ("Alice", &alice)).await;
    let moved = format!("/api/board/game/{first}/move/7g7f");
    api(addr, "POST", &moved, &alice, None).await.expect(200);

    let playing = api(addr, "GET", "/api/account/playing", &alice, None)
        .await
        .expect(200)
        .json();
    let games = playing["nowPlaying"].as_array().unwrap();
    assert_eq!(games.len(), 2, "{playing}");
    let of = |id: &str| games.iter().find(|g| g["gameId"] == id).unwrap().clone();
    let (first, second) = (of(&first), of(&second));
    assert_eq!(first["color"], "sente");
    assert_eq!(first["isMyTurn"], false);
    assert_eq!(first["lastMove"], "7g7f");
    assert_eq!(first["opponent"]["username"], "Bob");
    assert_eq!(second["color"], "gote");
    assert_eq!(second["isMyTurn"], false);
    assert_eq!(second["opponent"]["username"], "Carol");
    assert!(first["sfen"].is_string() && first["variant"]["key"] == "standard");
    let bobs = api(addr, "GET", "/api/account/playing?nb=5", &bob, None)
        .await
        .expect(200)
        .json();
    assert_eq!(bobs["nowPlaying"][0]["isMyTurn"], true, "{bobs}");
    assert_eq!(bobs["nowPlaying"].as_array().unwrap().len(), 1);
    // The page asks with its session; a guest is told to log in.
    let session = log_in(addr, "Carol", PASSWORD).await;
    let carols = as_page(addr, "GET", "/api/account/playing", &session, None)
        .await
        .expect(200)
        .json();
    assert_eq!(carols["nowPlaying"][0]["isMyTurn"], true, "{carols}");
    refused_as(
        request(addr, "GET", "/api/account/playing", None).await,
        401,
        "unauthorized",
    );
    server.shutdown().await.unwrap();
}
