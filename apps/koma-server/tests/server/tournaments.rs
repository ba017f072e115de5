//! Tournaments online, over HTTP: a director runs a Swiss whose games scripted clients play
//! through lishogi's board API (a no-show forfeited by the server, a draw, wins both ways),
//! two servers racing on one tournament, and a restart during a round. The director's work
//! over the board is in `tournaments_directing.rs`.

use crate::common::{Reply, fresh_server_with, get, refused_as, request_with};
use crate::lishogi_api::{account, api, next_json, open_stream};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::time::Duration;

/// A JSON request as the account of `token` (none: a guest).
pub(crate) async fn send(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> Reply {
    let auth = token.map(|t| format!("Bearer {t}"));
    let headers: Vec<(&str, &str)> = auth.iter().map(|a| ("Authorization", a.as_str())).collect();
    let body = body.map(|b| b.to_string());
    request_with(addr, method, path, &headers, body.as_deref()).await
}

/// The tournament `id` as anyone sees it.
pub(crate) async fn view(addr: SocketAddr, id: &str) -> Value {
    get(addr, &format!("/api/tournaments/{id}"))
        .await
        .expect(200)
        .json()
}

/// A tournament created by `token` with `body` (201): its id and view.
pub(crate) async fn create(addr: SocketAddr, token: &str, body: Value) -> (String, Value) {
    let created = send(addr, "POST", "/api/tournaments", Some(token), Some(body))
        .await
        .expect(201)
        .json();
    (created["id"].as_str().unwrap().to_string(), created)
}

/// The tournament `id` once `done` holds, within `secs` seconds.
pub(crate) async fn view_when(
    addr: SocketAddr,
    id: &str,
    secs: f64,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs_f64(secs);
    loop {
        let t = view(addr, id).await;
        if done(&t) {
            return t;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the tournament did not get there in {secs} s: {t:#}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Each of `players` joins tournament `id`, then `director` starts it: the view with round 1.
pub(crate) async fn join_and_start(
    addr: SocketAddr,
    id: &str,
    director: &str,
    players: &[String],
) -> Value {
    for token in players {
        let path = format!("/api/tournaments/{id}/join");
        send(addr, "POST", &path, Some(token), None)
            .await
            .expect(200);
    }
    let path = format!("/api/tournaments/{id}/start");
    send(addr, "POST", &path, Some(director), None)
        .await
        .expect(200)
        .json()
}

/// A board move of `token`'s seat in `game`.
pub(crate) async fn board_move(addr: SocketAddr, token: &str, game: &str, usi: &str) {
    let path = format!("/api/board/game/{game}/move/{usi}");
    api(addr, "POST", &path, token, None).await.expect(200);
}

/// `token`'s seat in `game` does `what` (`resign`, `draw/yes`).
pub(crate) async fn board(addr: SocketAddr, token: &str, game: &str, what: &str) {
    let path = format!("/api/board/game/{game}/{what}");
    api(addr, "POST", &path, token, None).await.expect(200);
}

/// The board's players' tokens (sente, gote) and its game.
fn seats<'a>(
    t: &Value,
    round: usize,
    b: usize,
    tokens: &'a HashMap<String, String>,
) -> (&'a str, &'a str, String) {
    let board = &t["rounds"][round]["boards"][b];
    let name = |n: &Value| {
        let i = n.as_u64().unwrap() as usize - 1;
        t["players"][i]["name"].as_str().unwrap().to_string()
    };
    let game = board["game"]
        .as_str()
        .expect("an online board has its game");
    (
        &tokens[&name(&board["sente"])],
        &tokens[&name(&board["gote"])],
        game.to_string(),
    )
}

/// Each player's points (half points) recomputed from the rounds as shown: 2 for a win or
/// a forfeit win, 1 for a draw, the bye's points for a bye.
fn points_from_rounds(t: &Value, bye: u64) -> HashMap<u64, u64> {
    let mut points: HashMap<u64, u64> = HashMap::new();
    for round in t["rounds"].as_array().unwrap() {
        for b in round["boards"].as_array().unwrap() {
            let (s, g) = (b["sente"].as_u64().unwrap(), b["gote"].as_u64().unwrap());
            let (ps, pg) = match b["result"].as_str().unwrap() {
                "sente" | "sente_forfeit_win" => (2, 0),
                "gote" | "gote_forfeit_win" => (0, 2),
                "draw" => (1, 1),
                _ => (0, 0),
            };
            *points.entry(s).or_default() += ps;
            *points.entry(g).or_default() += pg;
        }
        if let Some(p) = round["bye"].as_u64() {
            *points.entry(p).or_default() += bye;
        }
    }
    points
}

#[tokio::test]
async fn an_online_swiss_is_played_through_the_api_with_a_no_show_forfeited() {
    let (_dir, server, addr) = fresh_server_with(koma_server::Settings {
        limits: koma_server::Limits::no_rate_limits(),
        ..koma_server::Settings::default()
    })
    .await;
    let director = account(addr, "Director").await;
    let mut tokens = HashMap::new();
    for name in ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"] {
        tokens.insert(name.to_string(), account(addr, name).await);
    }
    let created = send(
        addr,
        "POST",
        "/api/tournaments",
        Some(&director),
        Some(json!({
            "name": "Club Swiss", "format": "swiss", "rounds": 3, "online": true,
            "clock": {"initial_s": 300, "byoyomi_s": 10, "periods": 1},
            "tiebreaks": ["sos", "sodos"], "no_show_s": 3, "bye_points": 2,
        })),
    )
    .await
    .expect(201)
    .json();
    let id = created["id"].as_str().unwrap().to_string();
    assert_eq!(created["status"], "entries");
    assert_eq!(created["director"], "Director");
    assert_eq!(created["rounds_planned"], 3);
    // The listing has it.
    let list = get(addr, "/api/tournaments").await.expect(200).json();
    assert_eq!(list[0]["id"], id.as_str());
    assert_eq!(list[0]["format"], "swiss");
    for token in tokens.values() {
        let path = format!("/api/tournaments/{id}/join");
        send(addr, "POST", &path, Some(token), None)
            .await
            .expect(200);
    }
    let path = format!("/api/tournaments/{id}/join");
    let again = send(addr, "POST", &path, Some(&tokens["Ann"]), None).await;
    refused_as(again, 409, "already_entered");
    // A stream open before the start sees the pairing pushed.
    let mut pushes = open_stream(
        addr,
        "GET",
        &format!("/api/tournaments/{id}/stream"),
        &tokens["Ann"],
        "",
    )
    .await;
    assert_eq!(next_json(&mut pushes).await["status"], "entries");
    let mut ann_events = open_stream(addr, "GET", "/api/stream/event", &tokens["Ann"], "").await;
    let start = format!("/api/tournaments/{id}/start");
    let t = send(addr, "POST", &start, Some(&director), None)
        .await
        .expect(200)
        .json();
    assert_eq!(t["status"], "running");
    let round = &t["rounds"][0];
    assert_eq!(round["boards"].as_array().unwrap().len(), 3);
    assert!(round["bye"].is_u64(), "seven players: one bye");
    let pushed = loop {
        let p = next_json(&mut pushes).await;
        if p["rounds"][0]["boards"][0]["game"].is_string() {
            break p;
        }
    };
    assert_eq!(pushed["status"], "running");
    // Ann hears of her game on her event stream, as of any game (unless she has the bye).
    let ann = t["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Ann")
        .unwrap()["n"]
        .clone();
    if round["bye"] != ann {
        let game = round["boards"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["sente"] == ann || b["gote"] == ann)
            .unwrap()["game"]
            .clone();
        let start = loop {
            let e = next_json(&mut ann_events).await;
            if e["type"] == "gameStart" {
                break e;
            }
        };
        assert_eq!(start["game"]["id"], game);
    }
    // The next round waits for the results.
    let rounds = format!("/api/tournaments/{id}/rounds");
    refused_as(
        send(addr, "POST", &rounds, Some(&director), None).await,
        409,
        "round_unfinished",
    );
    // Round 1: every sente wins (gote resigns after the first two moves).
    for b in 0..3 {
        let (sente, gote, game) = seats(&t, 0, b, &tokens);
        board_move(addr, sente, &game, "7g7f").await;
        board_move(addr, gote, &game, "3c3d").await;
        board(addr, gote, &game, "resign").await;
    }
    // Each result is in the tournament as soon as its game ends.
    let t = view_when(addr, &id, 5.0, |t| {
        t["rounds"][0]["boards"]
            .as_array()
            .unwrap()
            .iter()
            .all(|b| b["result"] == "sente")
    })
    .await;
    assert_eq!(t["standings"][0]["points"], 2);
    // A tournament game's records name the players, the event and round, the start and the
    // clock, and gote's resignation on sente's turn in each format's own words.
    let first = &t["rounds"][0]["boards"][0];
    let player = |side: &str| {
        let i = first[side].as_u64().unwrap() as usize - 1;
        t["players"][i]["name"].as_str().unwrap().to_string()
    };
    let (sente, gote) = (player("sente"), player("gote"));
    let game = first["game"].as_str().unwrap();
    let kif = get(addr, &format!("/api/games/{game}/record?format=kif"))
        .await
        .expect(200)
        .body;
    for line in [
        format!("\n先手：{sente}\n後手：{gote}\n棋戦：Club Swiss 第1回戦\n開始日時：20"),
        "\n持ち時間：各5分（秒読み10秒）\n".to_string(),
        "\n   2 ３四歩(33)".to_string(),
    ] {
        assert!(kif.contains(&line), "{line}:\n{kif}");
    }
    assert!(
        kif.ends_with("\nまで2手で先手の勝ち\n*後手の投了\n"),
        "{kif}"
    );
    let csa = get(addr, &format!("/api/games/{game}/record?format=csa"))
        .await
        .expect(200)
        .body;
    for line in [
        format!("\nN+{sente}\nN-{gote}\n$EVENT:Club Swiss 第1回戦\n$START_TIME:20"),
        "\n$TIME:300+10+0\n".to_string(),
    ] {
        assert!(csa.contains(&line), "{line}:\n{csa}");
    }
    assert!(csa.contains("\n-3334FU\n"), "{csa}");
    assert!(csa.ends_with("\n%-ILLEGAL_ACTION\n'後手の投了\n"), "{csa}");
    // Round 2: board 1's gote never moves (forfeited after no_show_s), board 2 is drawn,
    // board 3's sente resigns.
    let t = send(addr, "POST", &rounds, Some(&director), None)
        .await
        .expect(201)
        .json();
    assert_eq!(t["rounds"].as_array().unwrap().len(), 2);
    let (sente, _, no_show) = seats(&t, 1, 0, &tokens);
    board_move(addr, sente, &no_show, "7g7f").await;
    let (sente, gote, game) = seats(&t, 1, 1, &tokens);
    board_move(addr, sente, &game, "7g7f").await;
    board_move(addr, gote, &game, "3c3d").await;
    board(addr, sente, &game, "draw/yes").await;
    board(addr, gote, &game, "draw/yes").await;
    let (sente, gote, game) = seats(&t, 1, 2, &tokens);
    board_move(addr, sente, &game, "2g2f").await;
    board_move(addr, gote, &game, "8c8d").await;
    board(addr, sente, &game, "resign").await;
    let t = view_when(addr, &id, 10.0, |t| {
        t["rounds"][1]["boards"][0]["result"].is_string()
    })
    .await;
    let results: Vec<&Value> = t["rounds"][1]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| &b["result"])
        .collect();
    assert_eq!(
        results,
        [&json!("sente_forfeit_win"), &json!("draw"), &json!("gote")]
    );
    // The forfeited game itself was ended by the server.
    let game = get(addr, &format!("/api/games/{no_show}"))
        .await
        .expect(200)
        .json();
    assert_eq!(
        game["outcome"]["result"], "aborted (no first move)",
        "{game:#}"
    );
    // Nobody meets an opponent played on the board before (a forfeit was no game).
    let t = send(addr, "POST", &rounds, Some(&director), None)
        .await
        .expect(201)
        .json();
    let pair = |b: &Value| {
        let (s, g) = (b["sente"].as_u64().unwrap(), b["gote"].as_u64().unwrap());
        (s.min(g), s.max(g))
    };
    let mut played = std::collections::HashSet::new();
    for round in &t["rounds"].as_array().unwrap()[..2] {
        for b in round["boards"].as_array().unwrap() {
            if ["sente", "gote", "draw"].contains(&b["result"].as_str().unwrap()) {
                assert!(played.insert(pair(b)), "{:?} met twice", pair(b));
            }
        }
    }
    for b in t["rounds"][2]["boards"].as_array().unwrap() {
        assert!(!played.contains(&pair(b)), "{:?} met twice", pair(b));
    }
    let byes: Vec<&Value> = t["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| &r["bye"])
        .collect();
    assert_ne!(byes[0], byes[1]);
    assert_ne!(byes[1], byes[2]);
    assert_ne!(byes[0], byes[2]);
    // Round 3: every gote wins.
    for b in 0..3 {
        let (sente, gote, game) = seats(&t, 2, b, &tokens);
        board_move(addr, sente, &game, "7g7f").await;
        board_move(addr, gote, &game, "3c3d").await;
        board(addr, sente, &game, "resign").await;
    }
    let t = view_when(addr, &id, 5.0, |t| t["status"] == "finished").await;
    // The standings: the points recomputed from the rounds, best first, places shared
    // only by equal players, the event's tie-breaks in its order.
    let points = points_from_rounds(&t, 2);
    let standings = t["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 7);
    let mut last = u64::MAX;
    for (i, s) in standings.iter().enumerate() {
        let n = s["n"].as_u64().unwrap();
        let p = s["points"].as_u64().unwrap();
        assert_eq!(p, points[&n], "player {n}: {s}");
        assert!(p <= last, "standings out of order: {standings:?}");
        last = p;
        let mut keys: Vec<&String> = s["tiebreaks"].as_object().unwrap().keys().collect();
        keys.sort();
        assert_eq!(keys, ["sodos", "sos"]);
        if i > 0 && standings[i - 1]["place"] == s["place"] {
            assert_eq!(standings[i - 1]["points"], s["points"]);
            assert_eq!(standings[i - 1]["tiebreaks"], s["tiebreaks"]);
        }
    }
    assert_eq!(standings[0]["place"], 1);
    // A finished event takes no new round.
    refused_as(
        send(addr, "POST", &rounds, Some(&director), None).await,
        409,
        "wrong_state",
    );
    drop(pushes);
    drop(ann_events);
    server.shutdown().await.unwrap();
}
#[tokio::test]
async fn two_servers_entering_players_at_once_lose_none() {
    // Two servers on one PostgreSQL database: each join reads, changes and writes the
    // tournament only over the version it read, so the racing joins retry instead of
    // overwriting each other.
    let db = koma_server::Database::Postgres(crate::postgres::fresh_database());
    let settings = || koma_server::Settings {
        limits: koma_server::Limits::no_rate_limits(),
        ..koma_server::Settings::default()
    };
    let start = |db: koma_server::Database| async move {
        koma_server::Server::start_with_database("127.0.0.1:0".parse().unwrap(), &db, settings())
            .await
            .expect("server starts")
    };
    let (one, two) = (start(db.clone()).await, start(db).await);
    let (a, b) = (one.local_addr(), two.local_addr());
    let td = account(a, "Arbiter").await;
    let created = send(
        a,
        "POST",
        "/api/tournaments",
        Some(&td),
        Some(json!({"name": "Race", "format": "swiss", "rounds": 4})),
    )
    .await
    .expect(201)
    .json();
    let id = created["id"].as_str().unwrap().to_string();
    let mut tokens = Vec::new();
    for i in 0..12 {
        tokens.push(account(a, &format!("Racer{i}")).await);
    }
    let path = format!("/api/tournaments/{id}/join");
    let joins: Vec<_> = tokens
        .iter()
        .enumerate()
        .map(|(i, token)| {
            let addr = if i % 2 == 0 { a } else { b };
            let (path, token) = (path.clone(), token.clone());
            tokio::spawn(async move { send(addr, "POST", &path, Some(&token), None).await })
        })
        .collect();
    for join in joins {
        join.await.unwrap().expect(200);
    }
    let t = view(b, &id).await;
    let mut names: Vec<String> = t["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_string())
        .collect();
    names.sort();
    let mut expected: Vec<String> = (0..12).map(|i| format!("Racer{i}")).collect();
    expected.sort();
    assert_eq!(names, expected);
    one.shutdown().await.unwrap();
    two.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_restart_keeps_the_tournament_and_its_no_show_clock() {
    let (dir, server, addr) = fresh_server_with(koma_server::Settings {
        limits: koma_server::Limits::no_rate_limits(),
        ..koma_server::Settings::default()
    })
    .await;
    let td = account(addr, "Host").await;
    let ann = account(addr, "Ann").await;
    let ben = account(addr, "Ben").await;
    let cid = account(addr, "Cid").await;
    let created = send(
        addr,
        "POST",
        "/api/tournaments",
        Some(&td),
        Some(json!({
            "name": "Evening", "format": "round_robin", "online": true, "rated": true,
            "clock": {"initial_s": 600, "increment_s": 5}, "no_show_s": 2,
        })),
    )
    .await
    .expect(201)
    .json();
    let id = created["id"].as_str().unwrap().to_string();
    let path = |what: &str| format!("/api/tournaments/{id}/{what}");
    for token in [&ann, &ben] {
        send(addr, "POST", &path("join"), Some(token), None)
            .await
            .expect(200);
    }
    // The director enters Cid's account by its name in any case: an invitation, which Cid
    // accepts as the director entered it.
    let t = send(
        addr,
        "POST",
        &path("players"),
        Some(&td),
        Some(json!({"name": "Cid (club)", "rating": 1600, "account": "cid"})),
    )
    .await
    .expect(201)
    .json();
    assert_eq!(t["invited"][0]["username"], "Cid");
    let t = send(addr, "POST", &path("join"), Some(&cid), None)
        .await
        .expect(200)
        .json();
    assert_eq!(t["players"][2]["username"], "Cid");
    assert_eq!(t["players"][2]["name"], "Cid (club)");
    assert_eq!(t["players"][2]["rating"], 1600);
    assert_eq!(t["players"][0]["username"], "Ann");
    let t = send(addr, "POST", &path("start"), Some(&td), None)
        .await
        .expect(200)
        .json();
    assert_eq!(t["rounds_planned"], 3);
    let game = t["rounds"][0]["boards"][0]["game"]
        .as_str()
        .expect("the game started")
        .to_string();
    let state = get(addr, &format!("/api/games/{game}"))
        .await
        .expect(200)
        .json();
    assert_eq!(state["rated"], true);
    assert_eq!(state["time_control"], "fischer:10m+5s");
    // Nobody moves; the server stops and starts again before the no-show limit.
    server.shutdown().await.unwrap();
    let server = crate::common::start(&dir.db()).await;
    let addr = server.local_addr();
    let t = view_when(addr, &id, 10.0, |t| {
        t["rounds"][0]["boards"][0]["result"].is_string()
    })
    .await;
    assert_eq!(t["rounds"][0]["boards"][0]["result"], "unplayed");
    assert_eq!(t["status"], "running");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn handicaps_by_rating_start_the_games_from_the_handicap_unrated() {
    let (_dir, server, addr) = fresh_server_with(koma_server::Settings {
        limits: koma_server::Limits::no_rate_limits(),
        ..koma_server::Settings::default()
    })
    .await;
    let td = account(addr, "Teacher").await;
    let strong = account(addr, "Strong").await;
    let weak = account(addr, "Weak").await;
    let created = send(
        addr,
        "POST",
        "/api/tournaments",
        Some(&td),
        Some(json!({
            "name": "Handicap night", "format": "round_robin", "online": true, "rated": true,
            "clock": {"initial_s": 600, "byoyomi_s": 30, "periods": 1},
            "handicap_by_rating": true,
        })),
    )
    .await
    .expect(201)
    .json();
    let id = created["id"].as_str().unwrap().to_string();
    let path = |what: &str| format!("/api/tournaments/{id}/{what}");
    // Shogi Berlin's example of koma_tournament::handicap: 1847 against 1355 is two pieces.
    // Each invited, each accepting.
    for (name, rating, token) in [("Strong", 1847, &strong), ("Weak", 1355, &weak)] {
        let body = json!({"name": name, "rating": rating, "account": name});
        send(addr, "POST", &path("players"), Some(&td), Some(body))
            .await
            .expect(201);
        send(addr, "POST", &path("join"), Some(token), None)
            .await
            .expect(200);
    }
    let t = send(addr, "POST", &path("start"), Some(&td), None)
        .await
        .expect(200)
        .json();
    let b = &t["rounds"][0]["boards"][0];
    assert_eq!(
        (b["sente"].clone(), b["gote"].clone()),
        (json!(2), json!(1))
    );
    assert_eq!(b["handicap"], "two-piece");
    let game = get(addr, &format!("/api/games/{}", b["game"].as_str().unwrap()))
        .await
        .expect(200)
        .json();
    assert_eq!(game["players"]["gote"]["id"], "strong");
    assert_eq!(game["players"]["sente"]["id"], "weak");
    assert_eq!(game["rated"], false);
    assert_eq!(game["side_to_move"], "gote", "the giver moves first");
    assert_eq!(
        game["start_sfen"],
        "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
    );
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn an_online_tournament_starts_itself_at_its_time() {
    let (_dir, server, addr) = fresh_server_with(koma_server::Settings::default()).await;
    let director = account(addr, "Timer").await;
    // The accounts first: signing up (argon2) is the slow part, and the start must not
    // come before the four have joined.
    let mut players = Vec::new();
    for name in ["Punctual1", "Punctual2", "Punctual3", "Punctual4"] {
        players.push(account(addr, name).await);
    }
    let starts_at = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64
        + 1_500;
    let body = json!({
        "name": "On time", "format": "swiss", "rounds": 2, "online": true,
        "clock": {"initial_s": 60, "byoyomi_s": 5, "periods": 1}, "starts_at": starts_at,
    });
    let (id, _) = create(addr, &director, body).await;
    for token in &players {
        send(
            addr,
            "POST",
            &format!("/api/tournaments/{id}/join"),
            Some(token),
            None,
        )
        .await
        .expect(200);
    }
    assert_eq!(
        view(addr, &id).await["status"],
        "entries",
        "not before its time"
    );
    let t = view_when(addr, &id, 10.0, |t| {
        t["status"] == "running"
            && t["rounds"][0]["boards"]
                .as_array()
                .is_some_and(|b| b.len() == 2 && b.iter().all(|b| b["game"].is_string()))
    })
    .await;
    let started = t["rounds"][0]["started_at"].as_u64().unwrap();
    assert!(
        started >= starts_at,
        "paired at {started}, due at {starts_at}"
    );
    server.shutdown().await.unwrap();
}

/// The status line of an anonymous GET of the stream at `path`, and the connection (held
/// open while the caller keeps it).
async fn anonymous_stream(addr: SocketAddr, path: &str) -> (String, tokio::net::TcpStream) {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt};
    let mut tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
    let head = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n");
    tcp.write_all(head.as_bytes()).await.unwrap();
    let mut reader = tokio::io::BufReader::new(tcp);
    let mut status = String::new();
    reader.read_line(&mut status).await.unwrap();
    (status, reader.into_inner())
}

/// The players of a club's event share the hall's address: each signed-in viewer holds
/// tournament streams of his own; anonymous viewers share four per address.
#[tokio::test]
async fn players_in_one_hall_each_hold_their_tournament_stream() {
    let (_dir, server, addr) = fresh_server_with(koma_server::Settings {
        limits: koma_server::Limits::no_rate_limits(),
        ..koma_server::Settings::default()
    })
    .await;
    let director = account(addr, "Director").await;
    let (id, _) = create(
        addr,
        &director,
        json!({
            "name": "Hall Swiss", "format": "swiss", "rounds": 3, "online": true,
            "clock": {"initial_s": 300, "byoyomi_s": 10, "periods": 1},
        }),
    )
    .await;
    let path = format!("/api/tournaments/{id}/stream");
    // Six players from the one address: every stream opens and shows the event.
    let mut held = Vec::new();
    for name in ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"] {
        let token = account(addr, name).await;
        let mut lines = open_stream(addr, "GET", &path, &token, "").await;
        assert_eq!(next_json(&mut lines).await["status"], "entries", "{name}");
        held.push(lines);
    }
    // Anonymous viewers from that address: four, then 429.
    let mut anonymous = Vec::new();
    for _ in 0..4 {
        let (status, tcp) = anonymous_stream(addr, &path).await;
        assert!(status.contains(" 200 "), "{status}");
        anonymous.push(tcp);
    }
    let (status, _) = anonymous_stream(addr, &path).await;
    assert!(
        status.contains(" 429 "),
        "a fifth anonymous stream: {status}"
    );
    drop((held, anonymous));
    server.shutdown().await.unwrap();
}
