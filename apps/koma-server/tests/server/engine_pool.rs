//! The engine's pool: games against the engine beyond the server's or a client's most are
//! refused with a Retry-After, and so are they while the engine's queue is full; reviews of
//! two clients advance side by side.

use crate::common::*;
use koma_server::Settings;
use serde_json::{Value, json};
use std::net::IpAddr;
use std::time::Duration;

const ME: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(127, 0, 0, 1));
const OTHER: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(127, 0, 0, 2));

/// Asks `from` for a new game against the engine (the person sente, depth 1).
async fn new_engine_game(from: IpAddr, addr: std::net::SocketAddr) -> Reply {
    let request = json!({"opponent": "engine", "side": "sente", "engine": {"depth": 1}});
    request_from(from, addr, "POST", "/api/games", Some(&request)).await
}

/// Asserts a refusal of a busy server: the status, the code, and a Retry-After in seconds.
fn busy(reply: Reply, status: u16, code: &str) {
    let retry = reply.header("retry-after").map(str::to_string);
    refused_as(reply, status, code);
    let seconds: u64 = retry
        .expect("a Retry-After header")
        .parse()
        .expect("seconds");
    assert!(seconds > 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn engine_games_beyond_the_caps_are_refused() {
    let settings = Settings {
        max_engine_games: 3,
        engine_games_per_client: 2,
        ..Settings::for_searches(1)
    };
    let (_dir, server, addr) = fresh_server_with(settings).await;
    let first = new_engine_game(ME, addr).await.expect(201).json();
    new_engine_game(ME, addr).await.expect(201);
    // A third of one client's: too many for it (429), however much room the server has.
    busy(new_engine_game(ME, addr).await, 429, "too_many");
    // Another client gets the server's last one; then the server is full (503) for all.
    new_engine_game(OTHER, addr).await.expect(201);
    busy(new_engine_game(OTHER, addr).await, 503, "engine_games_full");
    // Games between people are not limited by the engine.
    post(addr, "/api/games", &json!({})).await.expect(201);
    // A decided game frees its place at once.
    let id = first["id"].as_str().unwrap();
    resign(addr, id, first["token"].as_str().unwrap())
        .await
        .expect(200);
    new_engine_game(ME, addr).await.expect(201);
    // A rematch is a new game against the engine: counted as well.
    busy(
        request_from(
            ME,
            addr,
            "POST",
            &format!("/api/games/{id}/rematch"),
            Some(&json!({"token": first["token"]})),
        )
        .await,
        429,
        "too_many",
    );
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_engine_queue_refuses_new_engine_games() {
    let settings = Settings {
        engine_queue: 1,
        ..Settings::for_searches(1)
    };
    let (_dir, server, addr) = fresh_server_with(settings).await;
    // A review holds the only search for a while ...
    let line = json!({"moves": ["7g7f", "3c3d"], "movetime_ms": 1500});
    let review = post(addr, "/api/reviews", &line).await.expect(202).json();
    tokio::time::sleep(Duration::from_millis(200)).await;
    // ... so the engine's first move (it plays sente) waits: the queue is full.
    let request = json!({"opponent": "engine", "side": "gote", "engine": {"depth": 1}});
    let waiting = post(addr, "/api/games", &request).await.expect(201).json();
    tokio::time::sleep(Duration::from_millis(200)).await;
    busy(post(addr, "/api/games", &request).await, 503, "engine_busy");
    // Once the search is free the waiting move is played and games are taken again.
    let id = waiting["id"].as_str().unwrap();
    poll(addr, id, 10.0, |g| plies(g) == 1).await;
    post(addr, "/api/games", &request).await.expect(201);
    review_done(addr, review["id"].as_str().unwrap(), 10.0).await;
    server.shutdown().await.unwrap();
}

/// The review `id` now.
async fn look(addr: std::net::SocketAddr, id: &str) -> Value {
    get(addr, &format!("/api/reviews/{id}"))
        .await
        .expect(200)
        .json()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reviews_of_two_clients_interleave() {
    let settings = Settings {
        reviews_per_client: 1,
        ..Settings::for_searches(1)
    };
    let (_dir, server, addr) = fresh_server_with(settings).await;
    // One client's long review: 31 positions of 100 ms, three seconds with the search.
    let opening = [
        "7g7f", "3c3d", "2g2f", "4c4d", "2f2e", "2b3c", "3i4h", "3a4b", "5i6h", "5a6b", "6h7h",
        "6b7b", "5g5f", "4b4c", "4i5h", "7a6b", "1g1f", "1c1d", "9g9f", "9c9d", "3g3f", "6a5b",
        "2h2f", "8c8d", "4g4f", "4a3b", "2i3g", "8d8e", "4h4g", "9a9b",
    ];
    let long = json!({"moves": opening, "movetime_ms": 100});
    let a = request_from(ME, addr, "POST", "/api/reviews", Some(&long))
        .await
        .expect(202)
        .json();
    let a = a["id"].as_str().unwrap().to_string();
    // One review open per client: a second of the same client is refused ...
    let short = json!({"moves": ["7g7f", "3c3d"], "movetime_ms": 100});
    let again = request_from(ME, addr, "POST", "/api/reviews", Some(&short)).await;
    busy(again, 429, "too_many");
    // ... but another client's is taken, and finishes long before the first.
    tokio::time::sleep(Duration::from_millis(250)).await;
    let b = request_from(OTHER, addr, "POST", "/api/reviews", Some(&short))
        .await
        .expect(202)
        .json();
    let b = review_done(addr, b["id"].as_str().unwrap(), 10.0).await;
    assert_eq!(b["error"], Value::Null);
    assert_eq!(b["entries"].as_array().unwrap().len(), 3);
    let first = look(addr, &a).await;
    assert_eq!(first["done"], false, "{first}");
    let analysed = first["entries"].as_array().unwrap().len();
    assert!(
        analysed < 15,
        "the long review went on alone: {analysed} positions"
    );
    // The first client may ask again once its review is done.
    let done = review_done(addr, &a, 20.0).await;
    assert_eq!(done["entries"].as_array().unwrap().len(), 31);
    request_from(ME, addr, "POST", "/api/reviews", Some(&short))
        .await
        .expect(202);
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_keeps_to_its_time() {
    let settings = Settings {
        review_time: Duration::from_millis(600),
        ..Settings::for_searches(1)
    };
    let (_dir, server, addr) = fresh_server_with(settings).await;
    // Three positions asked at 5 s each: cut to 200 ms each.
    let line = json!({"moves": ["7g7f", "3c3d"], "movetime_ms": 5000});
    let started = std::time::Instant::now();
    let queued = post(addr, "/api/reviews", &line).await.expect(202).json();
    let done = review_done(addr, queued["id"].as_str().unwrap(), 10.0).await;
    assert_eq!(done["movetime_ms"], 200);
    assert_eq!(done["entries"].as_array().unwrap().len(), 3);
    assert!(started.elapsed() < Duration::from_secs(5), "{done}");
    server.shutdown().await.unwrap();
}

/// How many games against the engine `from` gets before it is refused.
async fn fill(from: IpAddr, addr: std::net::SocketAddr) -> usize {
    let mut n = 0;
    while new_engine_game(from, addr).await.status == 201 {
        n += 1;
        assert!(n < 50, "no limit per client");
    }
    n
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_few_addresses_cannot_fill_the_engine_for_everyone() {
    // The defaults of a one-search server: eight games against the engine in all.
    let (_dir, server, addr) = fresh_server_with(Settings::for_searches(1)).await;
    let hostile = ["127.0.0.3", "127.0.0.4"].map(|ip| ip.parse::<IpAddr>().unwrap());
    let mut held = 0;
    for from in hostile {
        held += fill(from, addr).await;
    }
    assert!(
        held < 8,
        "two addresses took {held} of the engine's 8 games"
    );
    // A newcomer still gets a game.
    new_engine_game("127.0.0.5".parse().unwrap(), addr)
        .await
        .expect(201);
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_nobody_plays_gives_its_place_back_until_its_next_move() {
    let settings = Settings {
        engine_games_per_client: 1,
        engine_slot_idle: Duration::from_millis(600),
        ..Settings::for_searches(1)
    };
    let (_dir, server, addr) = fresh_server_with(settings).await;
    let first = new_engine_game(ME, addr).await.expect(201).json();
    busy(new_engine_game(ME, addr).await, 429, "too_many");
    // The person does not move: the place comes back, the game goes on.
    tokio::time::sleep(Duration::from_millis(700)).await;
    let second = new_engine_game(ME, addr).await.expect(201).json();
    busy(new_engine_game(ME, addr).await, 429, "too_many");
    // Moving in the first game takes a place again: the second idles out, the first holds.
    tokio::time::sleep(Duration::from_millis(700)).await;
    let id = first["id"].as_str().unwrap();
    play(addr, id, first["token"].as_str().unwrap(), "7g7f")
        .await
        .expect(200);
    busy(new_engine_game(ME, addr).await, 429, "too_many");
    assert_eq!(
        state(addr, second["id"].as_str().unwrap()).await["outcome"],
        Value::Null
    );
    server.shutdown().await.unwrap();
}
