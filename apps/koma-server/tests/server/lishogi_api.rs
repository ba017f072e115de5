//! lishogi's API: the refusals a client must be able to tell apart (lishogi's words and
//! statuses), challenges that are declined, lapse or name nobody, aborts, and bot accounts.
//! The whole happy path (streams included) is web/e2e/lishogi.mjs, run by the koma crate.

use crate::accounts::sign_up;
use crate::common::{PASSWORD, Reply, fresh_server, fresh_server_with, request_with};
use base64::Engine;
use serde_json::Value;
use std::net::SocketAddr;
use std::time::Duration;

/// Signs `name` up and makes an API token for it.
pub(crate) async fn account(addr: SocketAddr, name: &str) -> String {
    sign_up(addr, name, PASSWORD).await.expect(201);
    let pair = base64::engine::general_purpose::STANDARD.encode(format!("{name}:{PASSWORD}"));
    let auth = format!("Basic {pair}");
    let reply = request_with(
        addr,
        "POST",
        "/api/account/tokens",
        &[("Authorization", &auth)],
        Some("{}"),
    )
    .await
    .expect(201);
    reply.json()["token"].as_str().unwrap().to_string()
}

/// A request of lishogi's API as `token`, with a form body if given.
pub(crate) async fn api(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: &str,
    form: Option<&str>,
) -> Reply {
    let auth = format!("Bearer {token}");
    let headers = [
        ("Authorization", auth.as_str()),
        ("Content-Type", "application/x-www-form-urlencoded"),
    ];
    request_with(addr, method, path, &headers, Some(form.unwrap_or(""))).await
}

/// The challenge `from` sends `to` (by name): sente for the challenger, 5 min + 10 s.
pub(crate) async fn challenge(addr: SocketAddr, from: &str, to: &str, rated: bool) -> Reply {
    let form = format!(
        "rated={rated}&clock.limit=300&clock.byoyomi=10&clock.periods=1&color=sente&variant=standard"
    );
    api(
        addr,
        "POST",
        &format!("/api/challenge/{to}"),
        from,
        Some(&form),
    )
    .await
}

/// The id of a challenge `from` sends `to`, which the server accepts.
pub(crate) async fn challenge_id(addr: SocketAddr, from: &str, to: &str, rated: bool) -> String {
    challenge(addr, from, to, rated).await.expect(200).json()["id"]
        .as_str()
        .unwrap()
        .to_string()
}

/// A started game between `sente` and `gote` (the challenge accepted); its id.
pub(crate) async fn game(addr: SocketAddr, sente: &str, gote: &str, gote_name: &str) -> String {
    let id = challenge_id(addr, sente, gote_name, false).await;
    let path = format!("/api/challenge/{id}/accept");
    let ok = api(addr, "POST", &path, gote, None)
        .await
        .expect(200)
        .json();
    assert_eq!(ok["ok"], true);
    id
}

/// The `error` of a refusal with `status`.
pub(crate) fn error(reply: Reply, status: u16) -> String {
    let body: Value = reply.expect(status).json();
    body["error"].as_str().unwrap_or_default().to_string()
}

#[tokio::test]
async fn board_refusals_in_lishogis_words() {
    let (_dir, server, addr) = fresh_server().await;
    let alice = account(addr, "Alice").await;
    let bob = account(addr, "Bob").await;
    let carol = account(addr, "Carol").await;
    let id = game(addr, &alice, &bob, "bob").await;
    let mv = |usi: &str| format!("/api/board/game/{id}/move/{usi}");

    // Gote moves first: out of turn, 400 with an error.
    let e = error(api(addr, "POST", &mv("3c3d"), &bob, None).await, 400);
    assert!(e.contains("turn"), "{e}");
    // An illegal move, and a move that is no move.
    error(api(addr, "POST", &mv("7g7e"), &alice, None).await, 400);
    error(api(addr, "POST", &mv("xyz"), &alice, None).await, 400);
    // An unknown game, and a game that is not the account's.
    let unknown = "/api/board/game/0123456789abcdef/move/7g7f";
    assert_eq!(
        error(api(addr, "POST", unknown, &alice, None).await, 404),
        "No such game"
    );
    let e = error(api(addr, "POST", &mv("7g7f"), &carol, None).await, 404);
    assert_eq!(e, "Not your game");
    let stream = format!("/api/board/game/{id}/resign");
    assert_eq!(
        error(api(addr, "POST", &stream, &carol, None).await, 404),
        "Not your game"
    );

    // Both move: the game can no longer be aborted.
    for (usi, who) in [("7g7f", &alice), ("3c3d", &bob)] {
        let ok = api(addr, "POST", &mv(usi), who, None)
            .await
            .expect(200)
            .json();
        assert_eq!(ok["ok"], true);
    }
    let abort = format!("/api/board/game/{id}/abort");
    let e = error(api(addr, "POST", &abort, &bob, None).await, 400);
    assert!(e.contains("aborted"), "{e}");
    // Declining a draw when none stands is no error; an answer neither yes nor no is.
    let draw_no = format!("/api/board/game/{id}/draw/no");
    api(addr, "POST", &draw_no, &alice, None).await.expect(200);
    let draw_maybe = format!("/api/board/game/{id}/draw/maybe");
    error(api(addr, "POST", &draw_maybe, &alice, None).await, 400);

    // Chat lines are signed with the account's name.
    let chat = format!("/api/board/game/{id}/chat");
    api(addr, "POST", &chat, &alice, Some("room=player&text=hello"))
        .await
        .expect(200);
    let lines = api(addr, "GET", &chat, &bob, None).await.expect(200).json();
    assert_eq!(lines[0]["user"], "Alice", "{lines}");
    assert_eq!(lines[0]["text"], "hello");

    // Resigned, the game is over: further moves are refused.
    let resign = format!("/api/board/game/{id}/resign");
    api(addr, "POST", &resign, &alice, None).await.expect(200);
    error(api(addr, "POST", &mv("2g2f"), &alice, None).await, 400);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_game_is_aborted_before_both_sides_moved() {
    let (_dir, server, addr) = fresh_server().await;
    let alice = account(addr, "Alice").await;
    let bob = account(addr, "Bob").await;
    let id = game(addr, &alice, &bob, "Bob").await;
    let first = format!("/api/board/game/{id}/move/7g7f");
    api(addr, "POST", &first, &alice, None).await.expect(200);
    let abort = format!("/api/board/game/{id}/abort");
    api(addr, "POST", &abort, &bob, None).await.expect(200);
    let state = crate::common::state(addr, &id).await;
    assert_eq!(state["outcome"]["reason"], "aborted", "{state}");
    error(api(addr, "POST", &abort, &alice, None).await, 400);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn challenges_refused_declined_and_lapsed() {
    let settings = koma_server::Settings {
        challenge_ttl: Duration::from_millis(300),
        ..koma_server::Settings::default()
    };
    let (_dir, server, addr) = fresh_server_with(settings).await;
    let alice = account(addr, "Alice").await;
    let bob = account(addr, "Bob").await;

    // Nobody of that name.
    error(challenge(addr, &alice, "nobody", false).await, 404);
    // Correspondence is days per move, 1 to 14, without a clock beside it.
    for bad in [
        "days=15",
        "days=0",
        "days=3&clock.limit=300&clock.byoyomi=10",
    ] {
        let refused = api(addr, "POST", "/api/challenge/bob", &alice, Some(bad)).await;
        assert!(error(refused, 400).contains("days per move"), "{bad}");
    }
    let days = api(addr, "POST", "/api/challenge/bob", &alice, Some("days=3"))
        .await
        .expect(200)
        .json();
    let control = &days["timeControl"];
    assert_eq!(
        (control["type"].as_str(), control["daysPerTurn"].as_u64()),
        (Some("correspondence"), Some(3)),
        "{days}"
    );
    assert_eq!(days["speed"], "correspondence", "{days}");
    // A variant koma does not play, and oneself.
    let chess = api(
        addr,
        "POST",
        "/api/challenge/bob",
        &alice,
        Some("variant=chess"),
    )
    .await;
    error(chess, 400);
    error(challenge(addr, &alice, "alice", false).await, 403);
    // A rated game without a clock is refused as a rated game is.
    let unrated = api(
        addr,
        "POST",
        "/api/challenge/bob",
        &alice,
        Some("rated=true"),
    )
    .await;
    error(unrated, 400);

    // Declined: it is gone.
    let id = challenge_id(addr, &alice, "bob", true).await;
    assert_eq!(id.len(), 16, "a challenge id is a game id");
    // Only the challenged account answers it.
    error(
        api(
            addr,
            "POST",
            &format!("/api/challenge/{id}/accept"),
            &alice,
            None,
        )
        .await,
        404,
    );
    let decline = format!("/api/challenge/{id}/decline");
    api(addr, "POST", &decline, &bob, Some("reason=later"))
        .await
        .expect(200);
    error(
        api(
            addr,
            "POST",
            &format!("/api/challenge/{id}/accept"),
            &bob,
            None,
        )
        .await,
        404,
    );

    // Not answered in time: gone as well.
    let id = challenge_id(addr, &alice, "bob", false).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    error(
        api(
            addr,
            "POST",
            &format!("/api/challenge/{id}/accept"),
            &bob,
            None,
        )
        .await,
        404,
    );
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn bots_use_the_bot_api_only() {
    let (_dir, server, addr) = fresh_server().await;
    let alice = account(addr, "Alice").await;
    let robo = account(addr, "Robo").await;
    api(addr, "POST", "/api/bot/account/upgrade", &robo, None)
        .await
        .expect(200);
    let me = api(addr, "GET", "/api/account", &robo, None)
        .await
        .expect(200)
        .json();
    assert_eq!(me["title"], "BOT", "{me}");

    let id = game(addr, &alice, &robo, "Robo").await;
    api(
        addr,
        "POST",
        &format!("/api/board/game/{id}/move/7g7f"),
        &alice,
        None,
    )
    .await
    .expect(200);
    // The bot on the board API, and a person on the bot API: refused.
    let board = format!("/api/board/game/{id}/move/3c3d");
    assert!(error(api(addr, "POST", &board, &robo, None).await, 403).contains("bot"));
    let bot = format!("/api/bot/game/{id}/move/2g2f");
    error(api(addr, "POST", &bot, &alice, None).await, 403);
    let ok = api(
        addr,
        "POST",
        &format!("/api/bot/game/{id}/move/3c3d"),
        &robo,
        None,
    )
    .await;
    assert_eq!(ok.expect(200).json()["ok"], true);

    // An account that has played cannot become a bot.
    error(
        api(addr, "POST", "/api/bot/account/upgrade", &alice, None).await,
        400,
    );
    server.shutdown().await.unwrap();
}

/// An ND-JSON stream opened with `method` on `path` as `token`: its JSON lines, read as they
/// come (the server writes each line as one chunk: the chunk sizes and keep-alives between
/// them are skipped).
pub(crate) async fn open_stream(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: &str,
    form: &str,
) -> tokio::io::Lines<tokio::io::BufReader<tokio::net::TcpStream>> {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt};
    let mut tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{form}",
        form.len()
    );
    tcp.write_all(head.as_bytes()).await.unwrap();
    let mut lines = tokio::io::BufReader::new(tcp).lines();
    let status = lines.next_line().await.unwrap().unwrap();
    assert!(status.contains(" 200 "), "{status}");
    let mut ndjson = false;
    while let Some(line) = lines.next_line().await.unwrap() {
        if line.is_empty() {
            break;
        }
        ndjson |= line.eq_ignore_ascii_case("content-type: application/x-ndjson");
    }
    assert!(ndjson, "the stream is not application/x-ndjson");
    lines
}

/// The status line of a GET of the stream at `path` as `token`; the connection is then closed.
async fn stream_status(addr: SocketAddr, path: &str, token: &str) -> String {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt};
    let mut tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
    let head =
        format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\n\r\n");
    tcp.write_all(head.as_bytes()).await.unwrap();
    let mut lines = tokio::io::BufReader::new(tcp).lines();
    lines.next_line().await.unwrap().unwrap_or_default()
}

/// A lishogi ND-JSON stream's lines.
pub(crate) type Stream = tokio::io::Lines<tokio::io::BufReader<tokio::net::TcpStream>>;

/// The next JSON object of a stream, within 5 s.
pub(crate) async fn next_json(lines: &mut Stream) -> Value {
    line_where(lines, 5, |_| true).await
}

/// The first JSON object of `stream` that `wanted` accepts, within `secs` seconds.
pub(crate) async fn line_where(
    stream: &mut Stream,
    secs: u64,
    wanted: impl Fn(&Value) -> bool,
) -> Value {
    let read = async {
        loop {
            let line = stream
                .next_line()
                .await
                .unwrap()
                .expect("the stream goes on");
            if line.starts_with('{') {
                let line: Value = serde_json::from_str(&line).unwrap();
                if wanted(&line) {
                    return line;
                }
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(secs), read)
        .await
        .unwrap_or_else(|_| panic!("no such line within {secs} s"))
}

#[tokio::test]
async fn a_kept_alive_challenge_and_the_streams_on_open() {
    let settings = koma_server::Settings {
        challenge_ttl: Duration::from_millis(400),
        ..koma_server::Settings::default()
    };
    let (_dir, server, addr) = fresh_server_with(settings).await;
    let alice = account(addr, "Alice").await;
    let robo = account(addr, "Robo").await;
    api(addr, "POST", "/api/bot/account/upgrade", &robo, None)
        .await
        .expect(200);

    // Kept alive, the challenge outlives its usual time; accepted, the stream says so.
    let form = "clock.limit=60&clock.byoyomi=5&color=gote&keepAliveStream=true";
    let mut kept = open_stream(addr, "POST", "/api/challenge/robo", &alice, form).await;
    let ch = next_json(&mut kept).await;
    let id = ch["id"].as_str().unwrap().to_string();
    assert_eq!(ch["destUser"]["title"], "BOT", "{ch}");
    tokio::time::sleep(Duration::from_millis(900)).await;
    // The bot's event stream, opened now, shows the open challenge.
    let mut events = open_stream(addr, "GET", "/api/stream/event", &robo, "").await;
    let seen = next_json(&mut events).await;
    assert_eq!(
        (seen["type"].as_str(), seen["challenge"]["id"].as_str()),
        (Some("challenge"), Some(id.as_str()))
    );
    api(
        addr,
        "POST",
        &format!("/api/challenge/{id}/accept"),
        &robo,
        None,
    )
    .await
    .expect(200);
    assert_eq!(next_json(&mut kept).await["done"], "accepted");
    let start = next_json(&mut events).await;
    assert_eq!(start["type"], "gameStart", "{start}");
    assert_eq!(start["game"]["color"], "sente");
    assert_eq!(start["game"]["isMyTurn"], true);
    assert_eq!(start["game"]["opponent"]["id"], "alice");

    // The bot's game stream: gameFull names it a BOT; a second event stream shows the game.
    let path = format!("/api/bot/game/stream/{id}");
    let mut game = open_stream(addr, "GET", &path, &robo, "").await;
    let full = next_json(&mut game).await;
    assert_eq!(full["type"], "gameFull");
    assert_eq!(full["sente"]["title"], "BOT", "{full}");
    assert_eq!(full["clock"]["byoyomi"], 5000);
    let mut again = open_stream(addr, "GET", "/api/stream/event", &robo, "").await;
    let ongoing = next_json(&mut again).await;
    assert_eq!(
        (ongoing["type"].as_str(), ongoing["game"]["id"].as_str()),
        (Some("gameStart"), Some(id.as_str()))
    );
    // Open streams do not hold the server up: it ends them when it stops.
    tokio::time::timeout(Duration::from_secs(5), server.shutdown())
        .await
        .expect("the server stops with streams open")
        .unwrap();
    drop((kept, events, game, again));
}

#[tokio::test]
async fn a_cross_site_form_with_the_cookie_is_refused() {
    let (_dir, server, addr) = fresh_server().await;
    account(addr, "Alice").await;
    account(addr, "Bob").await;
    let cookie = crate::accounts::log_in(addr, "Alice", PASSWORD).await;
    let headers = [
        ("Cookie", cookie.as_str()),
        ("Origin", "https://evil.example"),
        ("Content-Type", "application/x-www-form-urlencoded"),
    ];
    let reply = request_with(
        addr,
        "POST",
        "/api/challenge/bob",
        &headers,
        Some("rated=false"),
    )
    .await;
    crate::common::refused_as(reply, 403, "cross_site");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn streams_are_bounded_per_account() {
    let (_dir, server, addr) = fresh_server().await;
    let alice = account(addr, "Alice").await;
    let bob = account(addr, "Bob").await;
    let id = game(addr, &alice, &bob, "bob").await;
    let mut open = Vec::new();
    for _ in 0..4 {
        open.push(open_stream(addr, "GET", "/api/stream/event", &alice, "").await);
    }
    let fifth = api(addr, "GET", "/api/stream/event", &alice, None).await;
    crate::common::refused_as(fifth, 429, "too_many");
    // A stream whose client went frees its place at once, not at its next keep-alive (5 s
    // away): a page that reloads opens the next one straight away.
    drop(open.pop());
    let deadline = tokio::time::Instant::now() + Duration::from_secs(2);
    loop {
        let status = stream_status(addr, "/api/stream/event", &alice).await;
        if status.contains(" 200 ") {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "still {status} 2 s after a stream's client went"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let path = format!("/api/board/game/stream/{id}");
    for _ in 0..16 {
        open.push(open_stream(addr, "GET", &path, &alice, "").await);
    }
    crate::common::refused_as(api(addr, "GET", &path, &alice, None).await, 429, "too_many");
    // Another account is not held up by Alice's streams.
    open.push(open_stream(addr, "GET", &path, &bob, "").await);
    tokio::time::timeout(Duration::from_secs(5), server.shutdown())
        .await
        .expect("the server stops with streams open")
        .unwrap();
    drop(open);
}

#[tokio::test]
async fn a_board_seek_lives_while_its_stream_is_open_and_starts_a_game() {
    let (_dir, server, addr) = fresh_server().await;
    let alice = account(addr, "Alice").await;
    let bob = account(addr, "Bob").await;
    let mut events = open_stream(addr, "GET", "/api/stream/event", &alice, "").await;
    // A real-time seek: 5 minutes, 10 s byoyomi; refusals first.
    let days = api(addr, "POST", "/api/board/seek", &alice, Some("days=3")).await;
    assert!(error(days, 400).contains("real-time only"));
    let range = "time=5&byoyomi=10&ratingRange=1500";
    let bad = api(addr, "POST", "/api/board/seek", &alice, Some(range)).await;
    assert!(error(bad, 400).contains("1500-1800"));
    // A variant koma does not play is refused naming every key it knows, Chu's included.
    let annan = "time=5&byoyomi=10&variant=annanshogi";
    let annan = error(
        api(addr, "POST", "/api/board/seek", &alice, Some(annan)).await,
        400,
    );
    assert!(
        annan.contains("chushogi") && annan.contains("torishogi"),
        "{annan}"
    );
    let form = "rated=true&time=5&byoyomi=10&periods=1&variant=standard&color=sente";
    let mut seek = open_stream(addr, "POST", "/api/board/seek", &alice, form).await;
    // The seek is in the lobby, rated, with the clock asked for.
    let listed = loop {
        let list = crate::common::get(addr, "/api/lobby/seeks")
            .await
            .expect(200)
            .json();
        if let Some(s) = list.as_array().and_then(|l| l.first()).cloned() {
            break s;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(listed["player"]["name"], "Alice", "{listed}");
    assert_eq!(listed["rated"], true, "{listed}");
    // Bob accepts it from the lobby (his token serves as the page's session would).
    let path = format!("/api/lobby/seeks/{}/accept", listed["id"].as_str().unwrap());
    let auth = format!("Bearer {bob}");
    let accepted = request_with(addr, "POST", &path, &[("Authorization", &auth)], Some("{}"))
        .await
        .expect(201)
        .json();
    let game = accepted["game"].as_str().unwrap().to_string();
    // Alice's event stream tells her; her seek's stream ends.
    let start = next_json(&mut events).await;
    assert_eq!(start["type"], "gameStart", "{start}");
    assert_eq!(start["game"]["gameId"], game.as_str(), "{start}");
    assert_eq!(start["game"]["color"], "sente", "{start}");
    // The chunked body ends with its last, empty chunk ("0").
    let ended = tokio::time::timeout(Duration::from_secs(5), async {
        while let Ok(Some(line)) = seek.next_line().await {
            if line == "0" {
                break;
            }
        }
    })
    .await;
    assert!(
        ended.is_ok(),
        "the seek's stream stays open after the game started"
    );
    // A seek whose client leaves is gone.
    let form = "time=3&increment=2&color=random";
    let seek = open_stream(addr, "POST", "/api/board/seek", &bob, form).await;
    let list = crate::common::get(addr, "/api/lobby/seeks")
        .await
        .expect(200)
        .json();
    assert_eq!(list[0]["player"]["name"], "Bob", "{list}");
    drop(seek);
    let gone = tokio::time::timeout(Duration::from_secs(12), async {
        loop {
            let list = crate::common::get(addr, "/api/lobby/seeks")
                .await
                .expect(200)
                .json();
            if list.as_array().is_some_and(|l| l.is_empty()) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    })
    .await;
    assert!(gone.is_ok(), "the seek stayed after its client left");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn an_oversized_form_gets_the_json_413() {
    let (_dir, server, addr) = fresh_server().await;
    let alice = account(addr, "Alice").await;
    account(addr, "Bob").await;
    // Far over the API's 64 KiB body limit.
    let form = format!("rated=false&variant={}", "a".repeat(200_000));
    let reply = api(addr, "POST", "/api/challenge/Bob", &alice, Some(&form)).await;
    let body: Value = reply.expect(413).json();
    assert_eq!(body["code"], "too_large", "{body}");
    server.shutdown().await.unwrap();
}

/// `GET /api/challenge` lists an account's open challenges as lishogi does: `in` and `out`.
#[tokio::test]
async fn open_challenges_are_listed_in_and_out() {
    let (_dir, server, addr) = fresh_server().await;
    let alice = account(addr, "Alice").await;
    let bob = account(addr, "Bob").await;
    let empty = api(addr, "GET", "/api/challenge", &alice, None)
        .await
        .expect(200)
        .json();
    assert_eq!(empty, serde_json::json!({"in": [], "out": []}));
    let form = "rated=false&clock.limit=300&clock.increment=0&variant=standard";
    let made = api(addr, "POST", "/api/challenge/Bob", &alice, Some(form))
        .await
        .expect(200)
        .json();
    let id = made["id"].as_str().unwrap();
    let mine = api(addr, "GET", "/api/challenge", &alice, None)
        .await
        .expect(200)
        .json();
    assert_eq!(mine["out"][0]["id"], id, "{mine}");
    assert_eq!(mine["in"], serde_json::json!([]), "{mine}");
    let his = api(addr, "GET", "/api/challenge", &bob, None)
        .await
        .expect(200)
        .json();
    assert_eq!(his["in"][0]["id"], id, "{his}");
    assert_eq!(his["in"][0]["challenger"]["name"], "Alice", "{his}");
    let accept = format!("/api/challenge/{id}/accept");
    api(addr, "POST", &accept, &bob, None).await.expect(200);
    let after = api(addr, "GET", "/api/challenge", &bob, None)
        .await
        .expect(200)
        .json();
    assert_eq!(after, serde_json::json!({"in": [], "out": []}));
    server.shutdown().await.unwrap();
}
