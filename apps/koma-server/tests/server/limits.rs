//! The HTTP limits: rates per client, JSON only, body sizes, security headers, a missing
//! token, long messages.

use crate::common::*;
use koma_server::{Limits, Rate};
use serde_json::json;
use std::net::SocketAddr;

/// A server with `limits` on a new temporary database.
async fn limited(limits: Limits) -> (TempDir, koma_server::Server, SocketAddr) {
    let dir = TempDir::new();
    let server = start_limited(&dir.db(), limits).await;
    let addr = server.local_addr();
    (dir, server, addr)
}

/// A request with the given extra header lines (each ending in `\r\n`).
async fn with_headers(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &str,
    body: &str,
) -> Reply {
    let text = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{headers}Content-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    );
    raw(addr, text.as_bytes()).await
}

#[tokio::test]
async fn creations_beyond_the_rate_get_429_with_retry_after() {
    let (_dir, server, addr) = limited(Limits {
        games: Some(Rate::new(6, 3)),
        ..Limits::default()
    })
    .await;
    let game = seated(addr, json!({})).await; // a creation and a join: 2 of 3
    post(addr, "/api/games", &json!({})).await.expect(201);
    let refused = post(addr, "/api/games", &json!({})).await;
    let retry = refused.header("retry-after").expect("Retry-After");
    // One every 10 s: the next one in 10 s at most.
    let seconds: u64 = retry.parse().unwrap();
    assert!((1..=10).contains(&seconds), "{retry}");
    let message = refused_as(refused, 429, "rate_limited");
    assert!(message.contains("new games"), "{message}");
    // A join and a rematch count as creations too.
    let join = post(
        addr,
        &format!("/api/games/{}/join", game.id),
        &json!({"invite": "x"}),
    )
    .await;
    refused_as(join, 429, "rate_limited");
    // Playing is not creating: the players go on.
    play(addr, &game.id, &game.sente, "7g7f").await.expect(200);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn all_requests_have_a_looser_rate() {
    let (_dir, server, addr) = limited(Limits {
        requests: Some(Rate::new(60, 5)),
        ..Limits::default()
    })
    .await;
    for _ in 0..5 {
        get(addr, "/api/games").await.expect(200);
    }
    let refused = get(addr, "/").await;
    assert!(refused.header("retry-after").is_some());
    let message = refused_as(refused, 429, "rate_limited");
    assert!(message.contains("requests"), "{message}");
    server.shutdown().await.unwrap();
}

/// Creates a game with `X-Forwarded-For: forwarded`.
async fn create_from(addr: SocketAddr, forwarded: &str) -> Reply {
    let headers = format!("Content-Type: application/json\r\nX-Forwarded-For: {forwarded}\r\n");
    with_headers(addr, "POST", "/api/games", &headers, "{}").await
}

#[tokio::test]
async fn behind_a_proxy_the_forwarded_address_is_the_client() {
    let one = Some(Rate::new(1, 1));
    let (_dir, server, addr) = limited(Limits {
        games: one,
        behind_proxy: true,
        ..Limits::default()
    })
    .await;
    create_from(addr, "198.51.100.1").await.expect(201);
    refused_as(create_from(addr, "198.51.100.1").await, 429, "rate_limited");
    // The address the proxy added is the last one; the ones before it are the client's word.
    create_from(addr, "198.51.100.1, 198.51.100.2")
        .await
        .expect(201);
    server.shutdown().await.unwrap();

    // Not behind a proxy: the header is anyone's to write, and ignored.
    let (_dir, server, addr) = limited(Limits {
        games: one,
        ..Limits::default()
    })
    .await;
    create_from(addr, "198.51.100.3").await.expect(201);
    refused_as(create_from(addr, "198.51.100.4").await, 429, "rate_limited");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_form_post_is_refused_and_creates_nothing() {
    let (_dir, server, addr) = fresh_server().await;
    for (headers, body) in [
        (
            "Content-Type: application/x-www-form-urlencoded\r\n",
            "side=sente",
        ),
        ("Content-Type: text/plain\r\n", "{\"side\":\"sente\"}"),
        ("Content-Type: multipart/form-data; boundary=b\r\n", "--b--"),
        ("", ""),
    ] {
        let reply = with_headers(addr, "POST", "/api/games", headers, body).await;
        let message = refused_as(reply, 415, "not_json");
        assert!(message.contains("application/json"), "{message}");
    }
    assert_eq!(get(addr, "/api/games").await.expect(200).json(), json!([]));
    // A move sent as a form is refused the same way.
    let game = seated(addr, json!({})).await;
    let path = format!("/api/games/{}/move", game.id);
    let form = format!("token={}&usi=7g7f", game.sente);
    let headers = "Content-Type: application/x-www-form-urlencoded\r\n";
    refused_as(
        with_headers(addr, "POST", &path, headers, &form).await,
        415,
        "not_json",
    );
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn every_answer_has_the_security_headers() {
    let (_dir, server, addr) = fresh_server().await;
    let answers = [
        get(addr, "/").await.expect(200),
        get(addr, "/assets/main.js").await.expect(200),
        get(addr, "/api/games").await.expect(200),
        get(addr, "/api/games/nosuchgame").await.expect(404),
        get(addr, "/no/such/page").await,
        with_headers(addr, "POST", "/api/games", "", "")
            .await
            .expect(415),
    ];
    for reply in &answers {
        let csp = reply.header("content-security-policy").unwrap_or_default();
        assert!(csp.contains("default-src 'self'"), "{}", reply.head);
        assert!(csp.contains("frame-ancestors 'none'"), "{}", reply.head);
        assert!(!csp.contains("unsafe-inline"), "{csp}");
        assert_eq!(reply.header("x-frame-options"), Some("DENY"));
        assert_eq!(reply.header("x-content-type-options"), Some("nosniff"));
        assert_eq!(reply.header("referrer-policy"), Some("same-origin"));
    }
    // The page loads no inline script the policy would block.
    let page = &answers[0].body;
    assert!(
        !page.contains("<script>") && !page.contains("onclick="),
        "{page}"
    );
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn an_oversized_body_gets_the_json_error() {
    let (_dir, server, addr) = limited(Limits {
        body_bytes: 1000,
        record_body_bytes: 5000,
        ..Limits::default()
    })
    .await;
    let game = seated(addr, json!({})).await;
    let path = format!("/api/games/{}/move", game.id);
    let big = json!({ "token": game.sente, "usi": "x".repeat(1000) });
    let message = refused_as(post(addr, &path, &big).await, 413, "too_large");
    assert!(message.contains("1000 bytes"), "{message}");
    // Sent in chunks, without a length: cut off at the limit all the same.
    let chunk = "x".repeat(600);
    let text = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n\
         258\r\n{chunk}\r\n258\r\n{chunk}\r\n0\r\n\r\n"
    );
    refused_as(raw(addr, text.as_bytes()).await, 413, "too_large");
    // A record may be larger than a move.
    let record = json!({ "text": "x".repeat(3000), "format": "kif" });
    let reply = post(addr, "/api/records/read", &record).await;
    assert_ne!(reply.status, 413, "{}", reply.body);
    let record = json!({ "text": "x".repeat(6000), "format": "kif" });
    let message = refused_as(
        post(addr, "/api/records/read", &record).await,
        413,
        "too_large",
    );
    assert!(message.contains("5000 bytes"), "{message}");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_missing_token_is_403() {
    let (_dir, server, addr) = fresh_server().await;
    let game = seated(addr, json!({})).await;
    let id = &game.id;
    for (path, body) in [
        ("move", r#"{"usi":"7g7f"}"#),
        ("move", r#"{"token":"","usi":"7g7f"}"#),
        ("move", ""),
        ("resign", "{}"),
        ("resign", ""),
        ("resign", "  "),
        ("declare", "{}"),
        ("rematch", r#"{"token":""}"#),
    ] {
        let reply = request(addr, "POST", &format!("/api/games/{id}/{path}"), Some(body)).await;
        let message = refused_as(reply, 403, "missing_token");
        assert!(message.contains("token"), "{message}");
    }
    // A wrong token is still no seat; a malformed body still 400.
    let reply = play(addr, id, "0123", "7g7f").await;
    refused_as(reply, 403, "no_seat");
    let reply = request(addr, "POST", &format!("/api/games/{id}/resign"), Some("{")).await;
    refused_as(reply, 400, "malformed_request");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_long_error_message_is_cut() {
    let (_dir, server, addr) = fresh_server().await;
    let long = "駒".repeat(20_000);
    let reply = post(addr, "/api/games", &json!({ "variant": long })).await;
    assert!(reply.body.len() < 2000, "{} bytes", reply.body.len());
    let message = refused_as(reply, 400, "unknown_name");
    assert_eq!(message.chars().count(), 301, "{message}");
    assert!(message.starts_with("unknown variant '駒駒") && message.ends_with('…'));
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_websocket_message_is_no_larger_than_a_body() {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let (_dir, server, addr) = limited(Limits {
        body_bytes: 1000,
        ..Limits::default()
    })
    .await;
    let game = seated(addr, json!({})).await;
    let mut ws = connect(addr, &game.id, Some(&game.sente)).await;
    next(&mut ws, 5.0).await;
    let big = json!({ "type": "move", "usi": "x".repeat(2000) }).to_string();
    let _ = ws.send(Message::text(big)).await;
    // The server closes the connection rather than read it.
    let closed = tokio::time::timeout(std::time::Duration::from_secs(5), async {
        loop {
            match ws.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert!(closed.is_ok(), "the connection stayed open");
    // The game goes on for the players.
    play(addr, &game.id, &game.sente, "7g7f").await.expect(200);
    server.shutdown().await.unwrap();
}
