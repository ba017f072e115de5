//! Challenges between accounts on several servers sharing one PostgreSQL database: a
//! challenge made on one server is shown, listed and answered on another, and each side's
//! streams, wherever they are open, hear of it.

use crate::lishogi_api::{Stream, account, api, next_json, open_stream};
use crate::postgres::fresh_database;
use koma_server::{Database, Server, Settings};
use serde_json::Value;
use std::net::SocketAddr;

/// Two servers on one fresh database, and the tokens of the accounts alice and bob.
async fn two_servers() -> (Server, Server, String, String) {
    let db: Database = fresh_database().parse().unwrap();
    let addr: SocketAddr = "127.0.0.1:0".parse().unwrap();
    let mut servers = Vec::new();
    for _ in 0..2 {
        let server = Server::start_with_database(addr, &db, Settings::default())
            .await
            .expect("server starts on PostgreSQL");
        servers.push(server);
    }
    let b = servers.pop().unwrap();
    let a = servers.pop().unwrap();
    let alice = account(a.local_addr(), "alice").await;
    let bob = account(b.local_addr(), "bob").await;
    (a, b, alice, bob)
}

/// The next event of `stream` of type `kind` about the challenge or game `id`, skipping
/// others.
async fn heard(stream: &mut Stream, kind: &str, id: &str) -> Value {
    loop {
        let event = next_json(stream).await;
        let about = event["challenge"]["id"] == id || event["game"]["id"] == id;
        if event["type"] == kind && about {
            return event;
        }
    }
}

const FORM: &str = "clock.limit=300&clock.byoyomi=10&color=sente&variant=standard";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_made_on_one_server_is_accepted_on_another() {
    let (a, b, alice, bob) = two_servers().await;
    let (on_a, on_b) = (a.local_addr(), b.local_addr());
    let mut bob_on_b = open_stream(on_b, "GET", "/api/stream/event", &bob, "").await;
    let mut alice_on_a = open_stream(on_a, "GET", "/api/stream/event", &alice, "").await;
    // Alice challenges on A, keeping the challenge alive there.
    let form = format!("{FORM}&keepAliveStream=true");
    let mut kept = open_stream(on_a, "POST", "/api/challenge/bob", &alice, &form).await;
    let made = next_json(&mut kept).await;
    let id = made["id"].as_str().unwrap().to_string();
    // Bob's stream on B shows it, as his stream on A would.
    let shown = heard(&mut bob_on_b, "challenge", &id).await;
    assert_eq!(shown["challenge"]["id"], id.as_str(), "{shown}");
    assert_eq!(shown["challenge"]["direction"], "in");
    assert_eq!(shown["challenge"]["challenger"]["name"], "alice");
    assert_eq!(
        shown["challenge"]["timeControl"]["show"],
        made["timeControl"]["show"]
    );
    // A stream opened on B lists it among bob's open challenges.
    let mut listed = open_stream(on_b, "GET", "/api/stream/event", &bob, "").await;
    let first = next_json(&mut listed).await;
    assert_eq!(first["type"], "challenge");
    assert_eq!(first["challenge"]["id"], id.as_str());
    assert_eq!(first["challenge"]["direction"], "in");
    // Bob accepts on B: once only, and alice's keep-alive request on A hears it.
    let accept = format!("/api/challenge/{id}/accept");
    api(on_b, "POST", &accept, &bob, None).await.expect(200);
    api(on_a, "POST", &accept, &bob, None).await.expect(404);
    assert_eq!(next_json(&mut kept).await["done"], "accepted");
    // Both hear the game start, each on his own server.
    for stream in [&mut alice_on_a, &mut bob_on_b] {
        let start = heard(stream, "gameStart", &id).await;
        assert_eq!(start["game"]["id"], id.as_str(), "{start}");
    }
    // It is no longer listed: a stream opened where the game is shows the game only.
    let mut again = open_stream(on_b, "GET", "/api/stream/event", &bob, "").await;
    let first = next_json(&mut again).await;
    assert_eq!(first["type"], "gameStart", "{first}");
    a.shutdown().await.unwrap();
    b.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_is_declined_and_canceled_across_servers() {
    let (a, b, alice, bob) = two_servers().await;
    let (on_a, on_b) = (a.local_addr(), b.local_addr());
    let mut alice_on_a = open_stream(on_a, "GET", "/api/stream/event", &alice, "").await;
    let mut bob_on_a = open_stream(on_a, "GET", "/api/stream/event", &bob, "").await;

    // Made on A, declined on B: alice's keep-alive request and her stream on A hear it,
    // with the reason.
    let form = format!("{FORM}&keepAliveStream=true");
    let mut kept = open_stream(on_a, "POST", "/api/challenge/bob", &alice, &form).await;
    let id = next_json(&mut kept).await["id"]
        .as_str()
        .unwrap()
        .to_string();
    let path = format!("/api/challenge/{id}/decline");
    api(on_b, "POST", &path, &alice, Some("reason=later"))
        .await
        .expect(404);
    api(on_b, "POST", &path, &bob, Some("reason=later"))
        .await
        .expect(200);
    assert_eq!(next_json(&mut kept).await["done"], "declined");
    let declined = heard(&mut alice_on_a, "challengeDeclined", &id).await;
    assert_eq!(declined["challenge"]["id"], id.as_str());
    assert_eq!(declined["challenge"]["declineReason"], "later");
    assert_eq!(declined["challenge"]["status"], "declined");

    // Made on B, canceled on B: bob's stream on A is shown it, then its cancel.
    let id = api(on_b, "POST", "/api/challenge/bob", &alice, Some(FORM))
        .await
        .expect(200)
        .json()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let shown = heard(&mut bob_on_a, "challenge", &id).await;
    assert_eq!(shown["challenge"]["id"], id.as_str());
    let path = format!("/api/challenge/{id}/cancel");
    api(on_a, "POST", &path, &bob, None).await.expect(404);
    api(on_b, "POST", &path, &alice, None).await.expect(200);
    let canceled = heard(&mut bob_on_a, "challengeCanceled", &id).await;
    assert_eq!(canceled["challenge"]["id"], id.as_str());
    assert_eq!(canceled["challenge"]["direction"], "in");
    // Canceled, it cannot be accepted on either server.
    let accept = format!("/api/challenge/{id}/accept");
    api(on_a, "POST", &accept, &bob, None).await.expect(404);
    a.shutdown().await.unwrap();
    b.shutdown().await.unwrap();
}
