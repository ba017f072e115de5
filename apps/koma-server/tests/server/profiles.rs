//! Players' games: the list filtered by player with each seat's player, lishogi's ND-JSON
//! export and its filters, the current game; and the limits on logins and per account.

use crate::accounts::{as_page, log_in, sign_up};
use crate::common::{
    PASSWORD, Reply, fresh_server, fresh_server_with, get, play, refused_as, request_from_with,
    resign,
};
use koma_server::{Limits, Rate, Settings};
use serde_json::{Value, json};
use std::net::{IpAddr, SocketAddr};

async fn account(addr: SocketAddr, name: &str) -> String {
    sign_up(addr, name, PASSWORD).await.expect(201);
    log_in(addr, name, PASSWORD).await
}

/// A game created by `creator` (sente) and joined by `joiner`: the id and both seat tokens.
async fn game(addr: SocketAddr, creator: &str, joiner: &str, rated: bool) -> [String; 3] {
    let request = json!({ "rated": rated, "time_control": "10m+30s", "side": "sente" });
    let created = as_page(addr, "POST", "/api/games", creator, Some(request))
        .await
        .expect(201)
        .json();
    let id = created["id"].as_str().unwrap().to_string();
    let body = json!({ "invite": created["invite"] });
    let joined = as_page(
        addr,
        "POST",
        &format!("/api/games/{id}/join"),
        joiner,
        Some(body),
    )
    .await
    .expect(200)
    .json();
    let token = |v: &Value| v["token"].as_str().unwrap().to_string();
    [id, token(&created), token(&joined)]
}

/// Two moves, then gote resigns: sente wins.
async fn play_and_resign(addr: SocketAddr, [id, sente, gote]: &[String; 3]) {
    play(addr, id, sente, "7g7f").await.expect(200);
    play(addr, id, gote, "3c3d").await.expect(200);
    resign(addr, id, gote).await.expect(200);
}

fn lines(reply: Reply) -> Vec<Value> {
    let reply = reply.expect(200);
    assert_eq!(reply.header("content-type"), Some("application/x-ndjson"));
    reply
        .body
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[tokio::test]
async fn games_by_player_paged_with_each_seat() {
    let (_dir, server, addr) = fresh_server().await;
    let alice = account(addr, "Alice").await;
    let bob = account(addr, "Bob").await;
    let rated = game(addr, &alice, &bob, true).await;
    play_and_resign(addr, &rated).await;
    // A casual invitation Alice made (as sente) that nobody took: gote is nobody.
    let waiting = as_page(
        addr,
        "POST",
        "/api/games",
        &alice,
        Some(json!({"side": "sente"})),
    )
    .await
    .expect(201)
    .json();
    // A guest's game is nobody's.
    crate::common::post(addr, "/api/games", &json!({}))
        .await
        .expect(201);

    let page1 = get(addr, "/api/games?player=ALICE&per=1")
        .await
        .expect(200)
        .json();
    assert_eq!(page1.as_array().unwrap().len(), 1);
    assert_eq!(page1[0]["id"], waiting["id"]);
    assert_eq!(page1[0]["rated"], false);
    assert_eq!(page1[0]["sente"]["name"], "Alice");
    assert_eq!(page1[0]["gote"], Value::Null);

    let page2 = get(addr, "/api/games?player=alice&per=1&page=2")
        .await
        .expect(200)
        .json();
    let g = &page2[0];
    assert_eq!(g["id"], rated[0].as_str());
    assert_eq!(g["rated"], true);
    assert_eq!(g["plies"], 2);
    assert_eq!(g["outcome"]["winner"], "sente");
    assert_eq!(
        (
            &g["sente"]["id"],
            &g["sente"]["rating"],
            &g["sente"]["diff"]
        ),
        (&json!("alice"), &json!(1662), &json!(162))
    );
    assert_eq!(
        (&g["gote"]["name"], &g["gote"]["rating"], &g["gote"]["diff"]),
        (&json!("Bob"), &json!(1337), &json!(-163))
    );
    let page3 = get(addr, "/api/games?player=alice&per=1&page=3")
        .await
        .expect(200)
        .json();
    assert_eq!(page3, json!([]));

    let bobs = get(addr, "/api/games?player=bob").await.expect(200).json();
    assert_eq!(bobs.as_array().unwrap().len(), 1);
    // The whole list holds every game, with the players too.
    let all = get(addr, "/api/games").await.expect(200).json();
    assert_eq!(all.as_array().unwrap().len(), 3);
    assert_eq!(
        (&all[0]["sente"], &all[0]["rated"]),
        (&Value::Null, &json!(false))
    );
    assert_eq!(all[2]["gote"]["diff"], -163);
    refused_as(
        get(addr, "/api/games?player=nobody").await,
        404,
        "not_found",
    );

    // The profile's counts.
    let user = get(addr, "/api/user/alice").await.expect(200).json();
    assert_eq!(user["count"], json!({ "all": 2, "rated": 1, "playing": 0 }));

    // Bob deletes his account: his games stay, his seat shows a deleted player.
    let confirm = json!({ "password": PASSWORD });
    as_page(addr, "POST", "/api/account/delete", &bob, Some(confirm))
        .await
        .expect(200);
    let page2 = get(addr, "/api/games?player=alice&per=1&page=2")
        .await
        .expect(200)
        .json();
    assert_eq!(page2[0]["gote"]["name"], "deleted player");
    assert_eq!(page2[0]["gote"]["diff"], -163);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn lishogi_export_of_a_players_games() {
    let (_dir, server, addr) = fresh_server().await;
    let alice = account(addr, "Alice").await;
    let bob = account(addr, "Bob").await;
    let rated = game(addr, &alice, &bob, true).await;
    play_and_resign(addr, &rated).await;
    let casual = game(addr, &bob, &alice, false).await;
    play_and_resign(addr, &casual).await;
    // Under way: left out unless `ongoing=true`.
    let ongoing = game(addr, &alice, &bob, false).await;

    let all = lines(get(addr, "/api/games/user/alice").await);
    let ids: Vec<&str> = all.iter().map(|g| g["id"].as_str().unwrap()).collect();
    assert_eq!(ids, [casual[0].as_str(), rated[0].as_str()]);
    let r = &all[1];
    assert_eq!(r["rated"], true);
    assert_eq!(r["variant"], "standard");
    assert_eq!(
        (&r["speed"], &r["perf"]),
        (&json!("rapid"), &json!("rapid"))
    );
    assert_eq!(r["status"], "resign");
    assert_eq!(r["winner"], "sente");
    assert_eq!(r["moves"], "7g7f 3c3d");
    assert_eq!(
        r["players"]["sente"],
        json!({ "user": { "name": "Alice", "id": "alice" }, "rating": 1500, "ratingDiff": 162, "provisional": true })
    );
    assert_eq!(r["players"]["gote"]["ratingDiff"], -163);
    assert_eq!(
        r["clock"],
        json!({ "initial": 600, "increment": 0, "byoyomi": 30, "periods": 1, "totalTime": 1350 })
    );
    assert!(r["createdAt"].as_u64().unwrap() <= r["lastMoveAt"].as_u64().unwrap());
    // The casual game: Bob was sente and won; no rating change.
    assert_eq!(all[0]["players"]["gote"]["user"]["name"], "Alice");
    assert_eq!(all[0]["players"]["gote"].get("ratingDiff"), None);

    let one = lines(get(addr, "/api/games/user/alice?max=1").await);
    assert_eq!(one.len(), 1);
    assert_eq!(one[0]["id"], casual[0].as_str());
    let rated_only = lines(get(addr, "/api/games/user/Alice?rated=true").await);
    assert_eq!(rated_only.len(), 1);
    assert_eq!(rated_only[0]["id"], rated[0].as_str());
    let casual_only = lines(get(addr, "/api/games/user/alice?rated=false&ongoing=true").await);
    let ids: Vec<&str> = casual_only
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, [ongoing[0].as_str(), casual[0].as_str()]);
    assert_eq!(casual_only[0]["status"], "started");
    let created = r["createdAt"].as_u64().unwrap();
    let until = lines(get(addr, &format!("/api/games/user/alice?until={created}")).await);
    assert_eq!(until.len(), 1);
    let since = lines(
        get(
            addr,
            &format!("/api/games/user/alice?since={}", created + 1),
        )
        .await,
    );
    assert!(since.iter().all(|g| g["id"] != rated[0].as_str()));
    let no_moves = lines(get(addr, "/api/games/user/alice?max=1&moves=false").await);
    assert_eq!(no_moves[0].get("moves"), None);

    refused_as(
        get(addr, "/api/games/user/alice?max=0").await,
        400,
        "invalid_value",
    );
    refused_as(
        get(addr, "/api/games/user/alice?rated=maybe").await,
        400,
        "invalid_value",
    );
    refused_as(get(addr, "/api/games/user/nobody").await, 404, "not_found");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn the_current_game() {
    let (_dir, server, addr) = fresh_server().await;
    let alice = account(addr, "Alice").await;
    let bob = account(addr, "Bob").await;
    refused_as(
        get(addr, "/api/user/alice/current-game").await,
        404,
        "not_found",
    );
    let [id, ..] = game(addr, &alice, &bob, true).await;
    let current = get(addr, "/api/user/bob/current-game")
        .await
        .expect(200)
        .json();
    assert_eq!(current["id"], id.as_str());
    assert_eq!(current["status"], "started");
    assert_eq!(current["players"]["gote"]["user"]["id"], "bob");
    refused_as(
        get(addr, "/api/user/nobody/current-game").await,
        404,
        "not_found",
    );
    server.shutdown().await.unwrap();
}

fn ip(last: u8) -> IpAddr {
    IpAddr::from([127, 0, 0, last])
}

async fn log_in_from(from: IpAddr, addr: SocketAddr, name: &str, password: &str) -> Reply {
    let body = json!({ "username": name, "password": password });
    request_from_with(from, addr, "POST", "/api/login", &[], Some(&body)).await
}

#[tokio::test]
async fn repeated_failed_logins_to_one_name_are_refused_from_that_address() {
    let (_dir, server, addr) = fresh_server().await;
    sign_up(addr, "Alice", PASSWORD).await.expect(201);
    sign_up(addr, "Bob", PASSWORD).await.expect(201);
    // Signing up counted once for the name from this address: nine failures make ten
    // attempts.
    for _ in 0..9 {
        let wrong = log_in_from(ip(1), addr, "alice", "not-the-password").await;
        refused_as(wrong, 401, "bad_credentials");
    }
    let refused = log_in_from(ip(1), addr, "ALICE", PASSWORD).await;
    let retry: u64 = refused.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=60).contains(&retry), "{retry}");
    let message = refused_as(refused, 429, "rate_limited");
    assert!(message.contains("this username"), "{message}");
    // HTTP Basic from that address is refused the same way.
    let basic = format!(
        "Basic {}",
        base64::Engine::encode(&base64::engine::general_purpose::STANDARD, "alice:x")
    );
    let basic_from = |from| {
        let basic = basic.clone();
        async move {
            let headers = [("Authorization", basic.as_str())];
            request_from_with(from, addr, "POST", "/api/account/tokens", &headers, None).await
        }
    };
    refused_as(basic_from(ip(1)).await, 429, "rate_limited");
    // Another address has counts of its own for that name: the owner gets in...
    log_in_from(ip(2), addr, "alice", PASSWORD)
        .await
        .expect(200);
    // ...and a wrong password there is just wrong, HTTP Basic included.
    refused_as(basic_from(ip(3)).await, 401, "bad_credentials");
    // Another name from the first address is still welcome.
    log_in_from(ip(1), addr, "bob", PASSWORD).await.expect(200);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn strangers_guessing_a_name_do_not_lock_its_owner_out() {
    let limits = Limits {
        logins_per_name_and_address: Some(Rate::new(1, 4)),
        ..Limits::default()
    };
    let settings = Settings {
        limits,
        ..Settings::default()
    };
    let (_dir, server, addr) = fresh_server_with(settings).await;
    // The owner signs up from 127.0.0.1 (one attempt of her four there).
    sign_up(addr, "Alice", PASSWORD).await.expect(201);
    // Four strangers guess her password until each is refused.
    for stranger in 2..=5 {
        for _ in 0..4 {
            let wrong = log_in_from(ip(stranger), addr, "alice", "not-the-password").await;
            refused_as(wrong, 401, "bad_credentials");
        }
        let refused = log_in_from(ip(stranger), addr, "alice", PASSWORD).await;
        refused_as(refused, 429, "rate_limited");
    }
    // The owner logs in every time from her own address all the same.
    for _ in 0..3 {
        log_in_from(ip(1), addr, "alice", PASSWORD)
            .await
            .expect(200);
    }
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn one_address_is_refused_after_its_login_attempts() {
    let limits = Limits {
        logins: Some(Rate::new(1, 3)),
        ..Limits::default()
    };
    let settings = Settings {
        limits,
        ..Settings::default()
    };
    let (_dir, server, addr) = fresh_server_with(settings).await;
    for name in ["carol", "dave", "erin"] {
        let wrong = log_in_from(ip(4), addr, name, "not-the-password").await;
        refused_as(wrong, 401, "bad_credentials");
    }
    let body = json!({ "username": "frank", "password": PASSWORD });
    let reply = request_from_with(ip(4), addr, "POST", "/api/accounts", &[], Some(&body)).await;
    refused_as(reply, 429, "rate_limited");
    let reply = request_from_with(ip(5), addr, "POST", "/api/accounts", &[], Some(&body)).await;
    reply.expect(201);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn an_account_is_limited_across_addresses() {
    let limits = Limits {
        games: Some(Rate::new(1, 2)),
        ..Limits::default()
    };
    let settings = Settings {
        limits,
        ..Settings::default()
    };
    let (_dir, server, addr) = fresh_server_with(settings).await;
    let alice = account(addr, "Alice").await;
    let origin = format!("http://{addr}");
    let headers = [("Cookie", alice.as_str()), ("Origin", origin.as_str())];
    let create = |from: u8| async move {
        request_from_with(
            ip(from),
            addr,
            "POST",
            "/api/games",
            &headers,
            Some(&json!({})),
        )
        .await
    };
    create(6).await.expect(201);
    create(7).await.expect(201);
    // A third address, the same account: refused.
    let refused = create(8).await;
    assert!(refused.header("retry-after").is_some());
    refused_as(refused, 429, "rate_limited");
    // A guest at that address is not.
    request_from_with(ip(8), addr, "POST", "/api/games", &[], Some(&json!({})))
        .await
        .expect(201);
    server.shutdown().await.unwrap();
}
