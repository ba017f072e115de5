//! Test helpers: a server on a temporary database, a minimal HTTP client, a WebSocket client.

#![allow(dead_code)]

use futures_util::{SinkExt, StreamExt};
use koma_server::{Database, Server, Settings};
use serde_json::Value;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;

/// The password of the tests' accounts: strong enough for the server's estimate.
pub const PASSWORD: &str = "a-long-password";

/// A temporary directory removed on drop.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new() -> TempDir {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let n = COUNT.fetch_add(1, Ordering::Relaxed);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        let dir = std::env::temp_dir().join(format!(
            "koma-server-test-{}-{n}-{nanos}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    pub fn db(&self) -> PathBuf {
        self.0.join("koma.sqlite")
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Whether the servers of [`fresh_server`] and its kin keep their games in PostgreSQL
/// (`KOMA_TEST_DB=postgres`: the whole suite then runs on PostgreSQL; scripts/test runs it
/// both ways) rather than in a SQLite file.
fn on_postgres() -> bool {
    std::env::var("KOMA_TEST_DB").is_ok_and(|v| v == "postgres")
}

/// The PostgreSQL database standing for each temporary SQLite path, on PostgreSQL.
static POSTGRES_OF: Mutex<Vec<(PathBuf, String)>> = Mutex::new(Vec::new());

/// A fresh PostgreSQL database for `dir` when the suite runs on PostgreSQL: from then on the
/// servers started on `dir.db()` use it.
fn on_postgres_if_asked(dir: &TempDir) {
    if on_postgres() {
        let url = crate::postgres::fresh_database();
        POSTGRES_OF
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((dir.db(), url));
    }
}

/// The database a server started on `db` uses: the PostgreSQL database standing for it, or
/// the file.
fn database_of(db: &std::path::Path) -> Database {
    let known = POSTGRES_OF.lock().unwrap_or_else(|e| e.into_inner());
    match known.iter().find(|(path, _)| path == db) {
        Some((_, url)) => Database::Postgres(url.clone()),
        None => Database::Sqlite(db.to_path_buf()),
    }
}

/// Starts a server on a free loopback port with the database `db` and the given limits.
pub async fn start_limited(db: &std::path::Path, limits: koma_server::Limits) -> Server {
    let settings = Settings {
        limits,
        ..Settings::default()
    };
    start_on(db, settings).await
}

/// Starts a server on a free loopback port with the database `db`.
pub async fn start(db: &std::path::Path) -> Server {
    start_on(db, Settings::default()).await
}

/// Starts a server on a free loopback port with the database `db` under `settings`.
async fn start_on(db: &std::path::Path, settings: Settings) -> Server {
    Server::start_with_database("127.0.0.1:0".parse().unwrap(), &database_of(db), settings)
        .await
        .expect("server starts")
}

/// A server on a new SQLite file whatever the suite runs on, for a test that reads the file
/// itself.
pub async fn fresh_sqlite_server() -> (TempDir, Server, SocketAddr) {
    let dir = TempDir::new();
    let server = start(&dir.db()).await;
    let addr = server.local_addr();
    (dir, server, addr)
}

/// [`fresh_server`] without rate limits, for a test that creates more games than a client
/// may in a burst.
pub async fn unlimited_server() -> (TempDir, Server, SocketAddr) {
    let dir = TempDir::new();
    on_postgres_if_asked(&dir);
    let server = start_limited(&dir.db(), koma_server::Limits::no_rate_limits()).await;
    let addr = server.local_addr();
    (dir, server, addr)
}

/// A server on a new temporary database: the folder (kept for restarts), the server and
/// its address.
pub async fn fresh_server() -> (TempDir, Server, SocketAddr) {
    fresh_server_with(Settings::default()).await
}

/// [`fresh_server`] under `settings`.
pub async fn fresh_server_with(settings: Settings) -> (TempDir, Server, SocketAddr) {
    let dir = TempDir::new();
    on_postgres_if_asked(&dir);
    let server = start_on(&dir.db(), settings).await;
    let addr = server.local_addr();
    (dir, server, addr)
}

/// An HTTP answer.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub body: String,
    /// The status line and headers, as sent.
    pub head: String,
}

impl Reply {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }

    /// The value of the first header called `name` (any case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.head.lines().skip(1).find_map(|line| {
            let (n, v) = line.split_once(':')?;
            n.trim().eq_ignore_ascii_case(name).then(|| v.trim())
        })
    }

    /// Asserts the status, showing the body if it differs.
    pub fn expect(self, status: u16) -> Reply {
        assert_eq!(self.status, status, "body: {}", self.body);
        self
    }
}

/// One HTTP/1.1 request over a fresh connection.
pub async fn request(addr: SocketAddr, method: &str, path: &str, body: Option<&str>) -> Reply {
    request_with(addr, method, path, &[], body).await
}

/// One HTTP/1.1 request over a fresh connection with `headers` added (a `Content-Type`
/// among them replaces the default `application/json`).
pub async fn request_with(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> Reply {
    raw(
        addr,
        request_text(addr, method, path, headers, body).as_bytes(),
    )
    .await
}

/// [`request`] from the loopback address `from` (127.x.y.z: another client to the server).
pub async fn request_from(
    from: IpAddr,
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> Reply {
    request_from_with(from, addr, method, path, &[], body).await
}

/// [`request_from`] with `headers` added.
pub async fn request_from_with(
    from: IpAddr,
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&Value>,
) -> Reply {
    let socket = TcpSocket::new_v4().expect("socket");
    socket.bind(SocketAddr::new(from, 0)).expect("bind");
    let stream = socket.connect(addr).await.expect("connect");
    let body = body.map(Value::to_string);
    let text = request_text(addr, method, path, headers, body.as_deref());
    exchange(stream, text.as_bytes()).await
}

/// The text of a request (JSON unless `headers` name another `Content-Type`).
fn request_text(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> String {
    let body = body.unwrap_or("");
    let mut extra = String::new();
    if !headers
        .iter()
        .any(|(n, _)| n.eq_ignore_ascii_case("content-type"))
    {
        extra.push_str("Content-Type: application/json\r\n");
    }
    for (name, value) in headers {
        extra.push_str(&format!("{name}: {value}\r\n"));
    }
    format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{extra}\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
}

/// Sends `text` as it is (a whole request, ending with `Connection: close`) and reads the
/// answer.
pub async fn raw(addr: SocketAddr, text: &[u8]) -> Reply {
    exchange(TcpStream::connect(addr).await.expect("connect"), text).await
}

/// Sends `text` on `stream` and reads the answer to the end.
async fn exchange(mut stream: TcpStream, text: &[u8]) -> Reply {
    stream.write_all(text).await.unwrap();
    let mut buf = Vec::new();
    stream.read_to_end(&mut buf).await.unwrap();
    let text = String::from_utf8(buf).expect("UTF-8 answer");
    let (head, rest) = text.split_once("\r\n\r\n").expect("HTTP answer");
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    let chunked = head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked");
    let body = if chunked {
        unchunk(rest)
    } else {
        rest.to_string()
    };
    Reply {
        status,
        body,
        head: head.to_string(),
    }
}

fn unchunk(mut rest: &str) -> String {
    let mut out = String::new();
    while let Some((size, tail)) = rest.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&tail[..n]);
        rest = &tail[n + 2..];
    }
    out
}

pub async fn get(addr: SocketAddr, path: &str) -> Reply {
    request(addr, "GET", path, None).await
}

pub async fn post(addr: SocketAddr, path: &str, body: &Value) -> Reply {
    request(addr, "POST", path, Some(&body.to_string())).await
}

/// A game with both seats taken: its id and the seat tokens of sente and gote.
pub struct Seated {
    pub id: String,
    pub sente: String,
    pub gote: String,
}

/// Creates a game (the creator sente) with `settings` added to the request, and joins it.
pub async fn seated(addr: SocketAddr, settings: Value) -> Seated {
    let mut request = serde_json::json!({ "side": "sente" });
    if let (Some(r), Some(s)) = (request.as_object_mut(), settings.as_object()) {
        r.extend(s.clone());
    }
    let created = post(addr, "/api/games", &request).await.expect(201).json();
    let id = created["id"].as_str().unwrap().to_string();
    let invite = created["invite"].as_str().unwrap();
    let joined = post(
        addr,
        &format!("/api/games/{id}/join"),
        &serde_json::json!({ "invite": invite }),
    )
    .await
    .expect(200)
    .json();
    Seated {
        sente: created["token"].as_str().unwrap().to_string(),
        gote: joined["token"].as_str().unwrap().to_string(),
        id,
    }
}

/// Plays `usi` for the holder of `token`.
pub async fn play(addr: SocketAddr, id: &str, token: &str, usi: &str) -> Reply {
    post(
        addr,
        &format!("/api/games/{id}/move"),
        &serde_json::json!({ "token": token, "usi": usi }),
    )
    .await
}

/// Plays both sides' first moves (7g7f, 3c3d): a rated game ended before them is aborted,
/// unrated, and the clock of a game between people starts with them.
pub async fn open_moves(addr: SocketAddr, id: &str, sente: &str, gote: &str) {
    play(addr, id, sente, "7g7f").await.expect(200);
    play(addr, id, gote, "3c3d").await.expect(200);
}

/// A WebSocket connection.
pub type Stream = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// A WebSocket client. A game's states come whole, as the page makes them: a push with
/// `moves_from` carries only the moves (and history) after the first `moves_from` of the
/// state before it on the same socket.
#[derive(Debug)]
pub struct Socket {
    stream: Stream,
    /// The last state this socket got, made whole.
    last: Option<Value>,
    /// The last message as it came, before it was made whole.
    pub raw: Value,
}

impl From<Stream> for Socket {
    fn from(stream: Stream) -> Socket {
        Socket {
            stream,
            last: None,
            raw: Value::Null,
        }
    }
}

impl std::ops::Deref for Socket {
    type Target = Stream;
    fn deref(&self) -> &Stream {
        &self.stream
    }
}

impl std::ops::DerefMut for Socket {
    fn deref_mut(&mut self) -> &mut Stream {
        &mut self.stream
    }
}

impl Socket {
    /// `msg` made whole if it is a game's pushed state (see [`Socket`]).
    fn whole(&mut self, mut msg: Value) -> Value {
        self.raw = msg.clone();
        if msg["type"] != "state" || !msg["game"].is_object() {
            return msg;
        }
        let game = &mut msg["game"];
        if let Some(from) = game["moves_from"].as_u64() {
            let from = usize::try_from(from).unwrap();
            let last = self.last.as_ref().expect("a push follows a whole state");
            for key in ["moves", "history"] {
                let before = last[key].as_array().unwrap();
                assert!(before.len() >= from, "a push from {from} after {last}");
                let mut all = before[..from].to_vec();
                all.extend(game[key].as_array().unwrap().iter().cloned());
                game[key] = Value::Array(all);
            }
            game.as_object_mut().unwrap().remove("moves_from");
        }
        self.last = Some(game.clone());
        msg
    }
}

/// A WebSocket to `path` with `headers` (a session cookie and its Origin, a Bearer token).
pub async fn socket_with(addr: SocketAddr, path: &str, headers: &[(&str, String)]) -> Socket {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut request = format!("ws://{addr}{path}").into_client_request().unwrap();
    for (name, value) in headers {
        let name = axum::http::HeaderName::from_bytes(name.as_bytes()).unwrap();
        request.headers_mut().insert(name, value.parse().unwrap());
    }
    tokio_tungstenite::connect_async(request)
        .await
        .expect("ws")
        .0
        .into()
}

/// Connects to a game's WebSocket (with a seat token, or as a spectator).
pub async fn connect(addr: SocketAddr, id: &str, token: Option<&str>) -> Socket {
    let query = token.map_or(String::new(), |t| format!("?token={t}"));
    let url = format!("ws://{addr}/api/games/{id}/ws{query}");
    tokio_tungstenite::connect_async(url)
        .await
        .expect("ws")
        .0
        .into()
}

/// The next JSON message other than chat, waiting at most `secs` seconds.
pub async fn next(ws: &mut Socket, secs: f64) -> Value {
    loop {
        let msg = next_any(ws, secs).await;
        if msg["type"] != "chat" {
            return msg;
        }
    }
}

/// The next JSON message, chat included, waiting at most `secs` seconds.
pub async fn next_any(ws: &mut Socket, secs: f64) -> Value {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs_f64(secs), ws.next())
            .await
            .expect("a message in time")
            .expect("the socket is open")
            .expect("a message");
        if let Message::Text(text) = msg {
            return ws.whole(serde_json::from_str(text.as_str()).unwrap());
        }
    }
}

/// Waits for a state message that satisfies `done`.
pub async fn until(ws: &mut Socket, secs: f64, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs_f64(secs);
    loop {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        let msg = next(ws, left.as_secs_f64()).await;
        if msg["type"] == "state" && done(&msg["game"]) {
            return msg;
        }
    }
}

pub async fn send(ws: &mut Socket, msg: Value) {
    ws.send(Message::text(msg.to_string())).await.unwrap();
}

/// A game against the engine: its id, the creator's token and seat.
pub struct EngineGame {
    pub id: String,
    pub token: String,
    pub seat: String,
    /// The answer to creating it.
    pub created: Value,
}

/// Creates a game against the engine with `settings` added to the request.
pub async fn engine_game(addr: SocketAddr, settings: Value) -> EngineGame {
    let mut request = serde_json::json!({ "opponent": "engine" });
    if let (Some(r), Some(s)) = (request.as_object_mut(), settings.as_object()) {
        r.extend(s.clone());
    }
    let created = post(addr, "/api/games", &request).await.expect(201).json();
    EngineGame {
        id: created["id"].as_str().unwrap().to_string(),
        token: created["token"].as_str().unwrap().to_string(),
        seat: created["seat"].as_str().unwrap().to_string(),
        created,
    }
}

/// The state of game `id`.
pub async fn state(addr: SocketAddr, id: &str) -> Value {
    get(addr, &format!("/api/games/{id}"))
        .await
        .expect(200)
        .json()
}

/// Asks GET for game `id` every 20 ms until its state satisfies `done` (at most `secs`).
pub async fn poll(addr: SocketAddr, id: &str, secs: f64, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs_f64(secs);
    loop {
        let game = state(addr, id).await;
        if done(&game) {
            return game;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "no such state in {secs} s; the last: {game}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// How many moves a state holds.
pub fn plies(game: &Value) -> usize {
    game["moves"].as_array().map_or(0, Vec::len)
}

/// The seat of `token` resigns game `id`.
pub async fn resign(addr: SocketAddr, id: &str, token: &str) -> Reply {
    post(
        addr,
        &format!("/api/games/{id}/resign"),
        &serde_json::json!({ "token": token }),
    )
    .await
}

/// Offers a rematch of game `id` with `token`, or accepts the opponent's offer.
pub async fn rematch(addr: SocketAddr, id: &str, token: &str) -> Reply {
    post(
        addr,
        &format!("/api/games/{id}/rematch"),
        &serde_json::json!({ "token": token }),
    )
    .await
}

/// Declines the opponent's rematch offer of game `id` with `token`, or withdraws one's own.
pub async fn no_rematch(addr: SocketAddr, id: &str, token: &str) -> Reply {
    post(
        addr,
        &format!("/api/games/{id}/rematch"),
        &serde_json::json!({ "token": token, "yes": false }),
    )
    .await
}

/// A rematch of the game `id` between people, offered by `offerer` and accepted by
/// `acceptor`: the acceptor's answer (his seat in the new game).
pub async fn rematch_agreed(addr: SocketAddr, id: &str, offerer: &str, acceptor: &str) -> Value {
    rematch(addr, id, offerer).await.expect(202);
    rematch(addr, id, acceptor).await.expect(201).json()
}

/// Queues a review of `line` (the request's fields) and waits until it is done (at most
/// `secs`); the finished review.
pub async fn review(addr: SocketAddr, line: &Value, secs: f64) -> Value {
    let queued = post(addr, "/api/reviews", line).await.expect(202).json();
    review_done(addr, queued["id"].as_str().unwrap(), secs).await
}

/// Waits until the review `id` is done (at most `secs`); the finished review.
pub async fn review_done(addr: SocketAddr, id: &str, secs: f64) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs_f64(secs);
    loop {
        let review = get(addr, &format!("/api/reviews/{id}"))
            .await
            .expect(200)
            .json();
        if review["done"] == true {
            return review;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the review is not done in {secs} s: {review}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The error message of a refused request.
pub fn error_of(reply: Reply) -> String {
    reply.json()["error"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// Asserts that `reply` refuses the request with `status` and the error `code` (the body
/// repeats the status); the message.
pub fn refused_as(reply: Reply, status: u16, code: &str) -> String {
    let body = reply.expect(status).json();
    assert_eq!(body["code"], code, "{body}");
    assert_eq!(body["status"], status, "{body}");
    body["error"].as_str().unwrap_or_default().to_string()
}
