//! lishogi's API from a client written from lishogi's documentation: `koma serve` on a free
//! port, then `web/e2e/lishogi.mjs` (Node, no browser) creates two accounts and tokens,
//! challenges, accepts, streams both sides and plays a rated game to resignation, starts a
//! bot as lishogi-bot does, claims the win against the bot once it has gone, and berserks in
//! an arena game; and `koma bot` playing koma-engine as a bot account in a rated game.

use serde_json::Value;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

mod served;

use served::{Served, root, serve, serve_with};

#[test]
fn a_client_written_for_lishogi_plays_a_rated_game() {
    let root = root();
    // A player gone 2 s may be claimed against (40 s by default), for the claim's step.
    let (server, url, scratch) = serve_with("lishogi", &["--gone-after", "2"]);
    let status = Command::new("node")
        .arg(root.join("web/e2e/lishogi.mjs"))
        .env("KOMA_URL", &url)
        .status()
        .expect("node runs");
    drop(server);
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(status.success(), "web/e2e/lishogi.mjs failed ({status})");
}

/// One request with `Connection: close`: the status and the body as JSON (null if none).
fn call(url: &str, method: &str, path: &str, auth: &str, body: (&str, &str)) -> (u16, Value) {
    let host = url.trim_start_matches("http://");
    let mut tcp = TcpStream::connect(host).expect("the server answers");
    let (content_type, text) = body;
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nAuthorization: {auth}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\r\n{text}",
        text.len()
    );
    tcp.write_all(head.as_bytes()).unwrap();
    let mut answer = String::new();
    tcp.read_to_string(&mut answer).unwrap();
    let status = answer.split_whitespace().nth(1).unwrap().parse().unwrap();
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

/// An account and its API token.
fn account(url: &str, name: &str) -> String {
    let password = format!("{name}-secret-1");
    let json = format!(r#"{{"username":"{name}","password":"{password}"}}"#);
    let (status, _) = call(
        url,
        "POST",
        "/api/accounts",
        "",
        ("application/json", &json),
    );
    assert_eq!(status, 201);
    let basic = base64(&format!("{name}:{password}"));
    let auth = format!("Basic {basic}");
    let (status, body) = call(
        url,
        "POST",
        "/api/account/tokens",
        &auth,
        ("application/json", "{}"),
    );
    assert_eq!(status, 201, "{body}");
    body["token"].as_str().unwrap().to_string()
}

/// Base64 (standard alphabet, padded).
fn base64(text: &str) -> String {
    const ABC: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in text.as_bytes().chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ABC[((n >> (18 - 6 * i)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The koma-engine binary, built if it is not there yet.
fn koma_engine() -> PathBuf {
    let path = Path::new(env!("CARGO_BIN_EXE_koma")).with_file_name("koma-engine");
    if !path.exists() {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
        let built = Command::new(cargo)
            .args(["build", "-p", "koma-engine", "--bin", "koma-engine"])
            .status()
            .expect("cargo runs");
        assert!(built.success(), "koma-engine does not build");
    }
    path
}

#[test]
fn koma_bot_plays_the_engine_in_a_rated_game() {
    let engine = koma_engine();
    let (server, url, scratch) = serve("bot");
    let robo = account(&url, "Robo");
    let human = account(&url, "Human");
    let form = ("application/x-www-form-urlencoded", "");
    let (status, _) = call(
        &url,
        "POST",
        "/api/bot/account/upgrade",
        &format!("Bearer {robo}"),
        form,
    );
    assert_eq!(status, 200);
    let mut bot = Served(
        Command::new(env!("CARGO_BIN_EXE_koma"))
            .args([
                "bot", "--server", &url, "--token", &robo, "--games", "1", "--engine",
            ])
            .arg(&engine)
            .spawn()
            .expect("koma bot starts"),
    );

    // The human challenges the bot to a rated game and plays gote: the bot moves first.
    let me = format!("Bearer {human}");
    let challenge = "rated=true&clock.limit=60&clock.byoyomi=2&color=gote&variant=standard";
    let (status, body) = call(
        &url,
        "POST",
        "/api/challenge/robo",
        &me,
        ("application/x-www-form-urlencoded", challenge),
    );
    assert_eq!(status, 200, "{body}");
    let id = body["id"].as_str().unwrap().to_string();
    let wait_plies = |n: usize| -> Value {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let (status, state) = call(&url, "GET", &format!("/api/games/{id}"), "", form);
            if status == 200 && state["moves"].as_array().is_some_and(|m| m.len() >= n) {
                return state;
            }
            assert!(Instant::now() < deadline, "the bot did not move: {state}");
            std::thread::sleep(Duration::from_millis(100));
        }
    };
    for ply in [1, 3] {
        let state = wait_plies(ply);
        let usi = state["legal_moves"][0]
            .as_str()
            .expect("a legal move")
            .to_string();
        let path = format!("/api/board/game/{id}/move/{usi}");
        let (status, body) = call(&url, "POST", &path, &me, form);
        assert_eq!(status, 200, "{body}");
    }
    wait_plies(5);
    let (status, _) = call(
        &url,
        "POST",
        &format!("/api/board/game/{id}/resign"),
        &me,
        form,
    );
    assert_eq!(status, 200);

    // The bot stops after its one game; the rated game moved its rating up.
    let deadline = Instant::now() + Duration::from_secs(30);
    let exit = loop {
        if let Some(status) = bot.0.try_wait().unwrap() {
            break status;
        }
        assert!(
            Instant::now() < deadline,
            "koma bot did not stop after its game"
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    assert!(exit.success(), "koma bot failed: {exit}");
    let (_, user) = call(&url, "GET", "/api/user/Robo", "", form);
    let rated: Vec<f64> = user["perfs"]
        .as_object()
        .unwrap()
        .values()
        .filter(|p| p["games"].as_u64().unwrap_or(0) > 0)
        .filter_map(|p| p["rating"].as_f64())
        .collect();
    assert!(rated.len() == 1 && rated[0] > 1500.0, "{user}");
    drop(server);
    let _ = std::fs::remove_dir_all(&scratch);
}
