//! The board picture of a game: `image.svg` and `image.png` at any ply, flipped, and the
//! JSON errors for a bad ply, a bad parameter and an unknown game.

use crate::common::*;
use resvg::usvg::roxmltree::Document;
use serde_json::{Value, json};
use std::net::SocketAddr;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A GET answer as bytes: status, Content-Type and body.
async fn fetch(addr: SocketAddr, path: &str) -> (u16, String, Vec<u8>) {
    let mut stream = TcpStream::connect(addr).await.expect("connect");
    let text = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(text.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    stream.read_to_end(&mut buf).await.unwrap();
    let end = buf
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("HTTP head");
    let head = String::from_utf8_lossy(&buf[..end]).to_ascii_lowercase();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    let content_type = head
        .lines()
        .find_map(|l| l.strip_prefix("content-type: "))
        .unwrap_or("")
        .to_string();
    assert!(
        !head.contains("transfer-encoding: chunked"),
        "a picture is sent whole: {head}"
    );
    (status, content_type, buf[end + 4..].to_vec())
}

/// The SVG at `query`, checked to be well-formed.
async fn svg(addr: SocketAddr, id: &str, query: &str) -> String {
    let (status, content_type, body) =
        fetch(addr, &format!("/api/games/{id}/image.svg{query}")).await;
    let text = String::from_utf8(body).unwrap();
    assert_eq!(status, 200, "{text}");
    assert_eq!(content_type, "image/svg+xml");
    Document::parse(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    text
}

/// The characters of the board piece on `square` and whether it is upside down.
fn piece_at(text: &str, square: &str) -> Option<(String, bool)> {
    let doc = Document::parse(text).unwrap();
    doc.descendants()
        .find(|n| n.attribute("data-square") == Some(square) && n.has_tag_name("g"))
        .map(|n| {
            let glyphs: String = n
                .descendants()
                .filter(|t| t.has_tag_name("text"))
                .filter_map(|t| t.text())
                .collect();
            let turned = n.attribute("transform").unwrap().contains("rotate(180)");
            (glyphs, turned)
        })
}

/// The square marked as the last move's destination.
fn last_move(text: &str) -> Option<String> {
    let doc = Document::parse(text).unwrap();
    doc.descendants()
        .find(|n| n.attribute("class") == Some("last-move"))
        .map(|n| n.attribute("data-square").unwrap().to_string())
}

async fn error(addr: SocketAddr, path: &str, status: u16) -> Value {
    let (got, content_type, body) = fetch(addr, path).await;
    let text = String::from_utf8(body).unwrap();
    assert_eq!(got, status, "{path}: {text}");
    assert!(
        content_type.starts_with("application/json"),
        "{content_type}"
    );
    serde_json::from_str(&text).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_svg_shows_the_position_at_any_ply() {
    let (_dir, server, addr) = fresh_server().await;
    let game = seated(addr, json!({})).await;
    let id = &game.id;
    play(addr, id, &game.sente, "7g7f").await.expect(200);
    play(addr, id, &game.gote, "3c3d").await.expect(200);

    // Without a ply: the current position, gote's last move marked.
    let now = svg(addr, id, "").await;
    assert_eq!(piece_at(&now, "76"), Some(("歩".into(), false)));
    assert_eq!(piece_at(&now, "34"), Some(("歩".into(), true)));
    assert_eq!(piece_at(&now, "33"), None);
    assert_eq!(last_move(&now).as_deref(), Some("34"));
    assert_eq!(now, svg(addr, id, "?ply=2").await);

    let first = svg(addr, id, "?ply=1").await;
    assert_eq!(piece_at(&first, "33"), Some(("歩".into(), true)));
    assert_eq!(piece_at(&first, "34"), None);
    assert_eq!(last_move(&first).as_deref(), Some("76"));
    let start = svg(addr, id, "?ply=0").await;
    assert_eq!(piece_at(&start, "77"), Some(("歩".into(), false)));
    assert_eq!(last_move(&start), None);

    // Flipped, sente's pieces are the ones upside down.
    let flipped = svg(addr, id, "?ply=2&flip=1").await;
    assert_eq!(piece_at(&flipped, "76"), Some(("歩".into(), true)));
    assert_eq!(piece_at(&flipped, "51"), Some(("王".into(), false)));
    assert_eq!(svg(addr, id, "?flip=0&cache=3").await, now);
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_ply_or_parameter_is_400_and_an_unknown_game_404() {
    let (_dir, server, addr) = fresh_server().await;
    let game = seated(addr, json!({})).await;
    let id = &game.id;
    play(addr, id, &game.sente, "7g7f").await.expect(200);
    for ext in ["svg", "png"] {
        let past = error(addr, &format!("/api/games/{id}/image.{ext}?ply=2"), 400).await;
        assert_eq!(past["code"], "invalid_value");
        assert_eq!(past["error"], "ply: 2 is past the game's 1 moves");
        let word = error(addr, &format!("/api/games/{id}/image.{ext}?ply=one"), 400).await;
        assert!(
            word["error"].as_str().unwrap().starts_with("ply: 'one'"),
            "{word}"
        );
        let negative = error(addr, &format!("/api/games/{id}/image.{ext}?ply=-1"), 400).await;
        assert_eq!(negative["code"], "invalid_value");
        let flip = error(
            addr,
            &format!("/api/games/{id}/image.{ext}?flip=maybe"),
            400,
        )
        .await;
        assert!(
            flip["error"].as_str().unwrap().starts_with("flip:"),
            "{flip}"
        );
        let unknown = error(addr, &format!("/api/games/nosuchgame/image.{ext}"), 404).await;
        assert_eq!(unknown["code"], "not_found");
    }
    // The PNG's size is bounded.
    for scale in ["0", "9", "1e9", "NaN", "-1"] {
        let big = error(
            addr,
            &format!("/api/games/{id}/image.png?scale={scale}"),
            400,
        )
        .await;
        assert!(
            big["error"].as_str().unwrap().starts_with("scale:"),
            "{big}"
        );
    }
    server.shutdown().await.unwrap();
}

/// The width and height in a PNG's header.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "a PNG signature");
    assert_eq!(&bytes[12..16], b"IHDR");
    let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (word(16), word(20))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_png_is_the_svg_drawn_at_its_size() {
    let (_dir, server, addr) = fresh_server().await;
    for variant in ["shogi", "tori"] {
        let game = seated(addr, json!({ "variant": variant })).await;
        let id = &game.id;
        let text = svg(addr, id, "").await;
        let doc = Document::parse(&text).unwrap();
        let size =
            |what: &str| -> u32 { doc.root_element().attribute(what).unwrap().parse().unwrap() };
        let (status, content_type, body) = fetch(addr, &format!("/api/games/{id}/image.png")).await;
        assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
        assert_eq!(content_type, "image/png");
        assert_eq!(png_size(&body), (size("width"), size("height")));
        let (status, _, half) =
            fetch(addr, &format!("/api/games/{id}/image.png?scale=0.5&flip=1")).await;
        assert_eq!(status, 200);
        assert_eq!(png_size(&half), (size("width") / 2, size("height") / 2));
    }
    server.shutdown().await.unwrap();
}
