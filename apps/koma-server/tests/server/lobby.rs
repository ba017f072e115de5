//! The lobby: seeks posted, listed, accepted (a game between two accounts, started at
//! once), the refusals, expiry, quick pairing, the lobby's WebSocket, and the live games.

use crate::accounts::{as_page, log_in, sign_up};
use crate::common::{
    PASSWORD, Socket, fresh_server, fresh_server_with, get, next, post, refused_as, seated,
    socket_with, state,
};
use koma_server::Settings;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::Duration;

pub(crate) async fn account(addr: SocketAddr, name: &str) -> String {
    sign_up(addr, name, PASSWORD).await.expect(201);
    log_in(addr, name, PASSWORD).await
}

pub(crate) async fn seek(addr: SocketAddr, cookie: &str, request: Value) -> crate::common::Reply {
    as_page(addr, "POST", "/api/lobby/seeks", cookie, Some(request)).await
}

pub(crate) async fn accept(addr: SocketAddr, cookie: &str, id: &str) -> crate::common::Reply {
    let path = format!("/api/lobby/seeks/{id}/accept");
    as_page(addr, "POST", &path, cookie, None).await
}

pub(crate) async fn seeks(addr: SocketAddr) -> Vec<Value> {
    let list = get(addr, "/api/lobby/seeks").await.expect(200).json();
    list.as_array().unwrap().clone()
}

/// The lobby's WebSocket with the session `cookie` (none: a guest).
pub(crate) async fn lobby_socket(addr: SocketAddr, cookie: Option<&str>) -> Socket {
    let headers: Vec<_> = cookie
        .map(|c| ("Cookie", c.to_string()))
        .into_iter()
        .collect();
    socket_with(addr, "/api/lobby/ws", &headers).await
}

/// The next lobby message for which `done` holds, waiting at most `secs` seconds.
pub(crate) async fn heard(ws: &mut Socket, secs: f64, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs_f64(secs);
    loop {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        let msg = next(ws, left.as_secs_f64()).await;
        if done(&msg) {
            return msg;
        }
    }
}

#[tokio::test]
async fn a_seek_is_listed_accepted_and_starts_a_rated_game_between_both_accounts() {
    let (_dir, server, addr) = fresh_server().await;
    let alice = account(addr, "Alice").await;
    let bob = account(addr, "Bob").await;
    let mut alice_ws = lobby_socket(addr, Some(&alice)).await;
    let first = heard(&mut alice_ws, 5.0, |m| m["type"] == "seeks").await;
    assert_eq!(first["seeks"], json!([]));
    let request = json!({"time_control": "10m+30s", "rated": true, "side": "sente"});
    let posted = seek(addr, &alice, request).await.expect(201).json();
    assert_eq!(posted["player"]["name"], "Alice");
    assert_eq!(posted["player"]["rating"], 1500);
    assert_eq!(posted["player"]["provisional"], true);
    assert_eq!(
        posted["player"]["rank"].as_str().map(|r| !r.is_empty()),
        Some(true)
    );
    assert_eq!(posted["rated"], true);
    assert_eq!(posted["pool"], "shogi-rapid");
    let id = posted["id"].as_str().unwrap().to_string();
    let pushed = heard(&mut alice_ws, 5.0, |m| {
        m["type"] == "seeks" && m["seeks"].as_array().is_some_and(|s| !s.is_empty())
    })
    .await;
    assert_eq!(pushed["seeks"][0]["id"], id.as_str());
    assert_eq!(seeks(addr).await.len(), 1);
    // Posting again replaces the seek: one per account.
    let again = json!({"time_control": "10m+30s", "rated": true, "side": "sente"});
    let posted = seek(addr, &alice, again).await.expect(201).json();
    let id = posted["id"].as_str().unwrap().to_string();
    let list = seeks(addr).await;
    assert_eq!((list.len(), list[0]["id"].as_str()), (1, Some(id.as_str())));
    // Her own seek is refused her; a guest is asked to log in.
    refused_as(accept(addr, &alice, &id).await, 403, "own_seek");
    let guest = post(addr, &format!("/api/lobby/seeks/{id}/accept"), &json!({})).await;
    refused_as(guest, 401, "login_required");
    let paired = accept(addr, &bob, &id).await.expect(201).json();
    assert_eq!(
        (paired["type"].as_str(), paired["seat"].as_str()),
        (Some("paired"), Some("gote"))
    );
    let game_id = paired["game"].as_str().unwrap().to_string();
    // Alice hears of it on her lobby connection, with her own seat's token.
    let told = heard(&mut alice_ws, 5.0, |m| m["type"] == "paired").await;
    assert_eq!(
        (told["game"].as_str(), told["seat"].as_str()),
        (Some(game_id.as_str()), Some("sente"))
    );
    assert_ne!(told["token"], paired["token"]);
    // The seek is gone; accepting it again names it gone.
    assert!(seeks(addr).await.is_empty());
    refused_as(accept(addr, &bob, &id).await, 404, "no_such_seek");
    let game = state(addr, &game_id).await;
    assert_eq!(
        (game["started"].as_bool(), game["rated"].as_bool()),
        (Some(true), Some(true))
    );
    assert_eq!(game["players"]["sente"]["name"], "Alice");
    assert_eq!(game["players"]["gote"]["name"], "Bob");
    assert_eq!(game["time_control"], "10m+30s");
    // Both tokens play their seats.
    let token = told["token"].as_str().unwrap();
    let moved = crate::common::play(addr, &game_id, token, "7g7f")
        .await
        .expect(200)
        .json();
    assert_eq!(moved["moves"], json!(["7g7f"]));
    let token = paired["token"].as_str().unwrap();
    crate::common::play(addr, &game_id, token, "3c3d")
        .await
        .expect(200);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn refusals_name_the_rule() {
    let (_dir, server, addr) = fresh_server().await;
    let alice = account(addr, "Alice").await;
    let bob = account(addr, "Bob").await;
    let guest = post(addr, "/api/lobby/seeks", &json!({"time_control": "5m"})).await;
    refused_as(guest, 401, "login_required");
    let range = json!({"time_control": "5m", "rating_min": 1700, "rating_max": 1600});
    refused_as(seek(addr, &alice, range).await, 400, "bad_rating_range");
    let handicap = json!({"time_control": "5m", "rated": true, "handicap": "lance"});
    refused_as(
        seek(addr, &alice, handicap).await,
        400,
        "rated_from_position",
    );
    let unrated = json!({"rated": true});
    refused_as(
        seek(addr, &alice, unrated).await,
        400,
        "rated_without_clock",
    );
    let bad = json!({"time_control": "sudden:0s"});
    seek(addr, &alice, bad).await.expect(400);
    // Bob's 1500 is below the 1600 the seek asks for.
    let strong = json!({"time_control": "5m+3s", "rated": true, "rating_min": 1600});
    let posted = seek(addr, &alice, strong).await.expect(201).json();
    let id = posted["id"].as_str().unwrap();
    let refused = refused_as(accept(addr, &bob, id).await, 403, "out_of_rating_range");
    assert!(
        refused.contains("1500") && refused.contains("1600"),
        "{refused}"
    );
    // Bob cannot cancel it; Alice can.
    let path = format!("/api/lobby/seeks/{id}");
    refused_as(
        as_page(addr, "DELETE", &path, &bob, None).await,
        403,
        "not_your_seek",
    );
    as_page(addr, "DELETE", &path, &alice, None)
        .await
        .expect(204);
    assert!(seeks(addr).await.is_empty());
    // A casual handicap seek: the poster gives it (gote) when the side is random.
    let lance = json!({"time_control": "5m", "handicap": "lance"});
    let posted = seek(addr, &alice, lance).await.expect(201).json();
    assert_eq!(posted["handicap"], "lance");
    let id = posted["id"].as_str().unwrap();
    let paired = accept(addr, &bob, id).await.expect(201).json();
    assert_eq!(paired["seat"], "sente");
    let game = state(addr, paired["game"].as_str().unwrap()).await;
    assert_eq!(
        (game["rated"].as_bool(), game["side_to_move"].as_str()),
        (Some(false), Some("gote"))
    );
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn seeks_expire_in_time_and_when_their_poster_leaves() {
    let settings = Settings {
        seek_ttl: Duration::from_millis(800),
        lobby_absence: Duration::from_millis(300),
        ..Settings::default()
    };
    let (_dir, server, addr) = fresh_server_with(settings).await;
    let alice = account(addr, "Alice").await;
    seek(addr, &alice, json!({"time_control": "5m"}))
        .await
        .expect(201);
    assert_eq!(seeks(addr).await.len(), 1);
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert!(seeks(addr).await.is_empty(), "expired by time");
    // With the lobby open the seek stays; once the page is gone, it goes.
    let mut ws = lobby_socket(addr, Some(&alice)).await;
    heard(&mut ws, 5.0, |m| m["type"] == "seeks").await;
    seek(addr, &alice, json!({"time_control": "5m"}))
        .await
        .expect(201);
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(seeks(addr).await.len(), 1, "the poster is still here");
    drop(ws);
    tokio::time::sleep(Duration::from_millis(700)).await;
    assert!(seeks(addr).await.is_empty(), "expired when the poster left");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn quick_pairing_pairs_two_players_in_the_window() {
    let (_dir, server, addr) = fresh_server().await;
    let alice = account(addr, "Alice").await;
    let bob = account(addr, "Bob").await;
    let mut alice_ws = lobby_socket(addr, Some(&alice)).await;
    let quick = |cookie: String, request: Value| async move {
        as_page(addr, "POST", "/api/lobby/quick", &cookie, Some(request)).await
    };
    refused_as(
        quick(alice.clone(), json!({})).await,
        400,
        "quick_without_clock",
    );
    let waiting = quick(alice.clone(), json!({"time_control": "3m+2s"}))
        .await
        .expect(202)
        .json();
    assert!(
        waiting["ticket"].as_str().is_some_and(|t| !t.is_empty()),
        "{waiting}"
    );
    // Another clock is another queue.
    quick(bob.clone(), json!({"time_control": "10m+30s"}))
        .await
        .expect(202);
    let paired = quick(bob.clone(), json!({"time_control": "3m+2s"}))
        .await
        .expect(201)
        .json();
    assert_eq!(paired["type"], "paired");
    let game_id = paired["game"].as_str().unwrap();
    let told = heard(&mut alice_ws, 5.0, |m| m["type"] == "paired").await;
    assert_eq!(told["game"], game_id);
    assert_ne!(told["seat"], paired["seat"]);
    let game = state(addr, game_id).await;
    assert_eq!(
        (game["rated"].as_bool(), game["started"].as_bool()),
        (Some(true), Some(true))
    );
    let names = [
        &game["players"]["sente"]["name"],
        &game["players"]["gote"]["name"],
    ];
    assert!(
        names.contains(&&json!("Alice")) && names.contains(&&json!("Bob")),
        "{game}"
    );
    // Both move, then Bob resigns: 1662 against 1337, too far apart to meet at once (±200)
    // in that pool.
    let bob_seat = paired["token"].as_str().unwrap();
    let alice_seat = told["token"].as_str().unwrap();
    let (sente, gote) = if paired["seat"] == "sente" {
        (bob_seat, alice_seat)
    } else {
        (alice_seat, bob_seat)
    };
    crate::common::open_moves(addr, game_id, sente, gote).await;
    crate::common::resign(addr, game_id, bob_seat)
        .await
        .expect(200);
    let waiting = quick(alice.clone(), json!({"time_control": "3m+2s"}))
        .await
        .expect(202)
        .json();
    assert_eq!(waiting["rating"], 1662);
    let waiting = quick(bob.clone(), json!({"time_control": "3m+2s"}))
        .await
        .expect(202)
        .json();
    assert_eq!(waiting["rating"], 1337);
    // Carol (1500) is within the window of both: she meets one of them at once.
    let carol = account(addr, "Carol").await;
    let paired = quick(carol, json!({"time_control": "3m+2s"}))
        .await
        .expect(201)
        .json();
    assert_eq!(paired["type"], "paired");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn live_games_and_the_featured_one() {
    let (_dir, server, addr) = fresh_server().await;
    let alice = account(addr, "Alice").await;
    let bob = account(addr, "Bob").await;
    let none = get(addr, "/api/games/featured").await.expect(200).json();
    assert_eq!(none["game"], Value::Null);
    // A casual game between guests, then a rated one between accounts.
    let casual = seated(addr, json!({"time_control": "5m"})).await;
    let posted = seek(
        addr,
        &alice,
        json!({"time_control": "5m+3s", "rated": true}),
    )
    .await
    .expect(201)
    .json();
    let paired = accept(addr, &bob, posted["id"].as_str().unwrap())
        .await
        .expect(201)
        .json();
    let rated_id = paired["game"].as_str().unwrap();
    let live = get(addr, "/api/games/live").await.expect(200).json();
    let live = live.as_array().unwrap();
    assert_eq!(live.len(), 2, "{live:?}");
    assert_eq!(live[0]["id"], rated_id, "newest first");
    assert_eq!(live[1]["id"], casual.id.as_str());
    let names = [
        &live[0]["players"]["sente"]["name"],
        &live[0]["players"]["gote"]["name"],
    ];
    assert!(names.contains(&&json!("Bob")), "{:?}", live[0]);
    assert_eq!(live[0]["players"]["sente"]["rating"], 1500);
    let featured = get(addr, "/api/games/featured").await.expect(200).json();
    assert_eq!(featured["game"]["id"], rated_id);
    let one = get(addr, "/api/games/live?per=1").await.expect(200).json();
    assert_eq!(one.as_array().unwrap().len(), 1);
    // A game that ended leaves the list.
    crate::common::resign(addr, &casual.id, &casual.sente)
        .await
        .expect(200);
    let live = get(addr, "/api/games/live").await.expect(200).json();
    assert_eq!(live.as_array().unwrap().len(), 1);
    server.shutdown().await.unwrap();
}
