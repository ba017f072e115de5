//! A club can open the server to the public: what one hostile client can hold (connections,
//! WebSockets, streams), how fast it may talk, and what a page of another origin may do
//! with a visitor's cookie. Clients come from other loopback addresses (127.0.0.x), so that
//! each test's "other user" is another client to the server.

use crate::accounts::{log_in, sign_up};
use crate::common::{Socket, fresh_server_with, get, next_any, refused_as, request_from, seated};
use futures_util::{SinkExt, StreamExt};
use koma_server::{Limits, Settings};
use serde_json::json;
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

const PASSWORD: &str = "kaku-gawari-1975";

fn ip(text: &str) -> IpAddr {
    text.parse().unwrap()
}

/// A bare TCP connection from `from` that sends nothing.
async fn bare(from: IpAddr, addr: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::new(from, 0)).unwrap();
    socket.connect(addr).await.unwrap()
}

/// What the server says on `tcp` before closing it, within `secs` seconds (`None`: it
/// stayed open and silent).
async fn said_before_close(tcp: &mut TcpStream, secs: f64) -> Option<String> {
    let mut buf = Vec::new();
    match tokio::time::timeout(Duration::from_secs_f64(secs), tcp.read_to_end(&mut buf)).await {
        Ok(_) => Some(String::from_utf8_lossy(&buf).into_owned()),
        Err(_) => None,
    }
}

/// A WebSocket from `from` to `path` with `headers`.
async fn socket_from(
    from: IpAddr,
    addr: SocketAddr,
    path: &str,
    headers: &[(&str, &str)],
) -> Result<Socket, tokio_tungstenite::tungstenite::Error> {
    let mut request = format!("ws://{addr}{path}").into_client_request().unwrap();
    for (name, value) in headers {
        let name = axum::http::HeaderName::from_bytes(name.as_bytes()).unwrap();
        request.headers_mut().insert(name, value.parse().unwrap());
    }
    let tcp = tokio_tungstenite::MaybeTlsStream::Plain(bare(from, addr).await);
    Ok(tokio_tungstenite::client_async(request, tcp)
        .await?
        .0
        .into())
}

/// The HTTP status a refused WebSocket upgrade got.
fn refused_status(e: tokio_tungstenite::tungstenite::Error) -> u16 {
    match e {
        tokio_tungstenite::tungstenite::Error::Http(response) => response.status().as_u16(),
        other => panic!("not an HTTP refusal: {other}"),
    }
}

#[tokio::test]
async fn silent_connections_are_closed_and_one_address_holds_only_its_share() {
    let (_dir, server, addr) = fresh_server_with(Settings {
        head_timeout: Duration::from_millis(800),
        limits: Limits {
            connections_per_address: Some(4),
            ..Limits::default()
        },
        ..Settings::default()
    })
    .await;
    let hostile = ip("127.0.0.7");
    let mut held = Vec::new();
    for _ in 0..4 {
        held.push(bare(hostile, addr).await);
    }
    // The fifth is answered 429 and closed at once.
    let mut fifth = bare(hostile, addr).await;
    let said = said_before_close(&mut fifth, 2.0)
        .await
        .expect("the fifth connection is closed");
    assert!(said.starts_with("HTTP/1.1 429"), "{said}");
    assert!(said.contains("\"code\":\"too_many\""), "{said}");
    // Another client is served meanwhile.
    let other = request_from(ip("127.0.0.8"), addr, "GET", "/api/variants", None).await;
    assert_eq!(other.status, 200);
    // The silent ones are closed once the head's time is up, and their places come back.
    for tcp in &mut held {
        let said = said_before_close(tcp, 3.0).await;
        assert!(said.is_some(), "a silent connection stayed open");
    }
    let back = request_from(hostile, addr, "GET", "/api/variants", None).await;
    assert_eq!(back.status, 200);
    // A request that stops in the middle of its head is closed too.
    let mut slow = bare(hostile, addr).await;
    slow.write_all(b"GET /api/variants HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    assert!(said_before_close(&mut slow, 3.0).await.is_some());
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_websocket_keeps_its_connections_place() {
    let (_dir, server, addr) = fresh_server_with(Settings {
        limits: Limits {
            connections_per_address: Some(2),
            ..Limits::default()
        },
        ..Settings::default()
    })
    .await;
    let game = seated(addr, json!({})).await;
    let path = format!("/api/games/{}/ws", game.id);
    let hostile = ip("127.0.0.18");
    let _held = [
        socket_from(hostile, addr, &path, &[]).await.unwrap(),
        socket_from(hostile, addr, &path, &[]).await.unwrap(),
    ];
    // The upgraded sockets still hold the address's two places: no third connection.
    let mut third = bare(hostile, addr).await;
    let said = said_before_close(&mut third, 2.0).await.unwrap_or_default();
    assert!(said.starts_with("HTTP/1.1 429"), "{said}");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_body_that_stops_arriving_is_refused() {
    let (_dir, server, addr) = fresh_server_with(Settings {
        limits: Limits {
            body_timeout: Duration::from_millis(500),
            ..Limits::default()
        },
        ..Settings::default()
    })
    .await;
    let mut tcp = bare(ip("127.0.0.9"), addr).await;
    tcp.write_all(
        b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
          Content-Length: 100\r\n\r\n{\"side\":",
    )
    .await
    .unwrap();
    let said = said_before_close(&mut tcp, 3.0).await.unwrap_or_default();
    assert!(said.starts_with("HTTP/1.1 408"), "{said}");
    assert!(said.contains("body_timeout"), "{said}");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn websockets_and_streams_are_counted_per_address_and_per_account() {
    let (_dir, server, addr) = fresh_server_with(Settings {
        limits: Limits {
            streams_per_address: Some(3),
            streams_per_account: Some(1),
            ..Limits::default()
        },
        ..Settings::default()
    })
    .await;
    let game = seated(addr, json!({})).await;
    let path = format!("/api/games/{}/ws", game.id);
    let hostile = ip("127.0.0.10");
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(socket_from(hostile, addr, &path, &[]).await.unwrap());
    }
    let refused = socket_from(hostile, addr, &path, &[]).await.unwrap_err();
    assert_eq!(refused_status(refused), 429);
    // A tournament's stream counts among them.
    let stream = request_from(hostile, addr, "GET", "/api/tournaments/x/stream", None).await;
    assert_eq!(
        (stream.status, stream.json()["code"].clone()),
        (429, json!("too_many"))
    );
    // Another address is served; a socket closed gives its place back.
    assert!(
        socket_from(ip("127.0.0.11"), addr, &path, &[])
            .await
            .is_ok()
    );
    held.pop().unwrap().close(None).await.unwrap();
    let mut again = None;
    for _ in 0..50 {
        if let Ok(ws) = socket_from(hostile, addr, &path, &[]).await {
            again = Some(ws);
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(again.is_some(), "the closed socket's place came back");
    // One account over two addresses: one lobby socket.
    sign_up(addr, "Streamer", PASSWORD).await.expect(201);
    let cookie = log_in(addr, "Streamer", PASSWORD).await;
    let page = format!("http://{addr}");
    let headers = [("Cookie", cookie.as_str()), ("Origin", page.as_str())];
    let _first = socket_from(ip("127.0.0.12"), addr, "/api/lobby/ws", &headers)
        .await
        .unwrap();
    let second = socket_from(ip("127.0.0.13"), addr, "/api/lobby/ws", &headers)
        .await
        .unwrap_err();
    assert_eq!(refused_status(second), 429);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_flood_of_socket_messages_closes_the_socket() {
    // The default throttle: 10 a second after a burst of 30.
    let (_dir, server, addr) = fresh_server_with(Settings::default()).await;
    let game = seated(addr, json!({})).await;
    let path = format!("/api/games/{}/ws", game.id);
    let mut ws = socket_from(ip("127.0.0.14"), addr, &path, &[])
        .await
        .unwrap();
    next_any(&mut ws, 5.0).await; // the state
    for _ in 0..200 {
        if ws.send(Message::text("{}")).await.is_err() {
            break;
        }
    }
    let mut refusal = None;
    while let Ok(Some(Ok(message))) = tokio::time::timeout(Duration::from_secs(5), ws.next()).await
    {
        if let Message::Text(text) = message {
            let value: serde_json::Value = serde_json::from_str(text.as_str()).unwrap();
            if value["code"] == "rate_limited" {
                refusal = Some(value);
            }
        }
    }
    let refusal = refusal.expect("the flood is refused");
    assert_eq!(refusal["status"], 429, "{refusal}");
    // The game itself goes on for everyone else.
    let state = get(addr, &format!("/api/games/{}", game.id)).await;
    assert_eq!(state.status, 200);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_page_of_another_origin_cannot_open_the_lobby_socket_with_the_cookie() {
    let (_dir, server, addr) = fresh_server_with(Settings::default()).await;
    sign_up(addr, "Victim", PASSWORD).await.expect(201);
    let cookie = log_in(addr, "Victim", PASSWORD).await;
    let from = ip("127.0.0.15");
    // A page on another port of the same host, then another site.
    for origin in [
        format!("http://127.0.0.1:{}", addr.port() + 1),
        "https://evil.example".to_string(),
    ] {
        let headers = [("Cookie", cookie.as_str()), ("Origin", origin.as_str())];
        let refused = socket_from(from, addr, "/api/lobby/ws", &headers)
            .await
            .unwrap_err();
        assert_eq!(refused_status(refused), 403, "{origin}");
        // The account's event stream neither.
        let stream = crate::common::request_from_with(
            from,
            addr,
            "GET",
            "/api/stream/event",
            &headers,
            None,
        )
        .await;
        refused_as(stream, 403, "cross_site");
    }
    // The server's own page may.
    let own = format!("http://{addr}");
    let headers = [("Cookie", cookie.as_str()), ("Origin", own.as_str())];
    let mut ws = socket_from(from, addr, "/api/lobby/ws", &headers)
        .await
        .unwrap();
    assert_eq!(next_any(&mut ws, 5.0).await["type"], "seeks");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn chat_lines_are_limited_per_sender() {
    // The default: 20 lines a minute after a burst of 8.
    let (_dir, server, addr) = fresh_server_with(Settings::default()).await;
    let game = seated(addr, json!({})).await;
    let path = format!("/api/games/{}/chat", game.id);
    let line = |text: &str| json!({ "text": text });
    let flooder = ip("127.0.0.16");
    for i in 0..8 {
        let ok = request_from(
            flooder,
            addr,
            "POST",
            &path,
            Some(&line(&format!("spam {i}"))),
        )
        .await;
        assert_eq!(ok.status, 200, "{}", ok.body);
    }
    let refused = request_from(flooder, addr, "POST", &path, Some(&line("spam 9"))).await;
    refused_as(refused, 429, "rate_limited");
    // Another spectator still talks.
    let other = request_from(ip("127.0.0.17"), addr, "POST", &path, Some(&line("hello"))).await;
    assert_eq!(other.status, 200, "{}", other.body);
    server.shutdown().await.unwrap();
}
