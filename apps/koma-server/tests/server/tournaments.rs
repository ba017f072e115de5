//! Tournaments over HTTP: a director runs an online Swiss whose games scripted clients
//! play through lishogi's board API (a no-show forfeited by the server, a draw, wins both
//! ways), an over-the-board knockout entered by hand, the refusals of other accounts, and
//! bodies refused with the field named.

use crate::common::{Reply, fresh_server_with, get, refused_as, request_with};
use crate::lishogi_api::{account, api, next_json, open_stream};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::time::Duration;

/// A JSON request as the account of `token` (none: a guest).
async fn send(
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
async fn view(addr: SocketAddr, id: &str) -> Value {
    get(addr, &format!("/api/tournaments/{id}"))
        .await
        .expect(200)
        .json()
}

/// The tournament `id` once `done` holds, within `secs` seconds.
async fn view_when(addr: SocketAddr, id: &str, secs: f64, done: impl Fn(&Value) -> bool) -> Value {
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

/// A board move of `token`'s seat in `game`.
async fn board_move(addr: SocketAddr, token: &str, game: &str, usi: &str) {
    let path = format!("/api/board/game/{game}/move/{usi}");
    api(addr, "POST", &path, token, None).await.expect(200);
}

/// `token`'s seat in `game` does `what` (`resign`, `draw/yes`).
async fn board(addr: SocketAddr, token: &str, game: &str, what: &str) {
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
async fn an_over_the_board_knockout_is_entered_by_its_director_alone() {
    let (_dir, server, addr) = fresh_server_with(koma_server::Settings::default()).await;
    let director = account(addr, "Td").await;
    let other = account(addr, "Other").await;
    let created = send(
        addr,
        "POST",
        "/api/tournaments",
        Some(&director),
        Some(json!({"name": "Cup", "format": "knockout", "online": false})),
    )
    .await
    .expect(201)
    .json();
    let id = created["id"].as_str().unwrap().to_string();
    let path = |what: &str| format!("/api/tournaments/{id}/{what}");
    // Entries by the director only; a guest is asked to log in.
    let entry = |name: &str, rating: i32| json!({"name": name, "rating": rating, "fesa_id": format!("F-{name}")});
    refused_as(
        send(
            addr,
            "POST",
            &path("players"),
            Some(&other),
            Some(entry("X", 1500)),
        )
        .await,
        403,
        "not_director",
    );
    refused_as(
        send(addr, "POST", &path("players"), None, Some(entry("X", 1500))).await,
        401,
        "login_required",
    );
    for (name, rating) in [
        ("Low", 1200),
        ("Top", 2100),
        ("Mid", 1700),
        ("Second", 1900),
    ] {
        send(
            addr,
            "POST",
            &path("players"),
            Some(&director),
            Some(entry(name, rating)),
        )
        .await
        .expect(201);
    }
    refused_as(
        send(addr, "POST", &path("start"), Some(&other), None).await,
        403,
        "not_director",
    );
    let t = send(addr, "POST", &path("start"), Some(&director), None)
        .await
        .expect(200)
        .json();
    assert_eq!(t["rounds_planned"], 2);
    // Seeded by rating: Top (2) v Low (1), Second (4) v Mid (3); colours by furigoma.
    let pairs: Vec<(u64, u64)> = t["rounds"][0]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            let (s, g) = (b["sente"].as_u64().unwrap(), b["gote"].as_u64().unwrap());
            (s.min(g), s.max(g))
        })
        .collect();
    assert_eq!(pairs, [(1, 2), (3, 4)]);
    assert!(
        t["rounds"][0]["boards"][0]["game"].is_null(),
        "no online games"
    );
    let result = |round: usize, board: usize, result: &str| json!({"round": round, "board": board, "result": result, "handicap": null});
    refused_as(
        send(
            addr,
            "POST",
            &path("results"),
            Some(&other),
            Some(result(1, 1, "sente")),
        )
        .await,
        403,
        "not_director",
    );
    // A drawn game has no winner: the next round waits for the decider's result.
    let t1 = &t["rounds"][0]["boards"];
    send(
        addr,
        "POST",
        &path("results"),
        Some(&director),
        Some(result(1, 1, "draw")),
    )
    .await
    .expect(200);
    let said = refused_as(
        send(addr, "POST", &path("rounds"), Some(&director), None).await,
        409,
        "round_unfinished",
    );
    assert!(said.contains("board(s) 2"), "{said}");
    // The upset: Low beats Top (the armageddon); Second beats Mid by forfeit.
    let low_wins = if t1[0]["sente"] == 1 { "sente" } else { "gote" };
    let second_wins = if t1[1]["sente"] == 4 {
        "sente_forfeit_win"
    } else {
        "gote_forfeit_win"
    };
    send(
        addr,
        "POST",
        &path("results"),
        Some(&director),
        Some(result(1, 2, second_wins)),
    )
    .await
    .expect(200);
    let said = refused_as(
        send(addr, "POST", &path("rounds"), Some(&director), None).await,
        409,
        "pairing_failed",
    );
    assert!(said.contains("armageddon"), "{said}");
    send(
        addr,
        "POST",
        &path("results"),
        Some(&director),
        Some(result(1, 1, low_wins)),
    )
    .await
    .expect(200);
    let t = send(addr, "POST", &path("rounds"), Some(&director), None)
        .await
        .expect(201)
        .json();
    let f = &t["rounds"][1]["boards"][0];
    let (s, g) = (f["sente"].as_u64().unwrap(), f["gote"].as_u64().unwrap());
    assert_eq!((s.min(g), s.max(g)), (1, 4), "the final: Low v Second");
    // A drawn final leaves the knockout running until its decider is entered.
    let t = send(
        addr,
        "POST",
        &path("results"),
        Some(&director),
        Some(result(2, 1, "draw")),
    )
    .await
    .expect(200)
    .json();
    assert_eq!(t["status"], "running");
    let second = if s == 4 { "sente" } else { "gote" };
    let mut decided = result(2, 1, second);
    decided["handicap"] = json!("lance");
    let t = send(
        addr,
        "POST",
        &path("results"),
        Some(&director),
        Some(decided),
    )
    .await
    .expect(200)
    .json();
    assert_eq!(t["status"], "finished");
    assert_eq!(t["rounds"][1]["boards"][0]["handicap"], "lance");
    let bracket = &t["knockout"]["bracket"];
    assert_eq!(bracket[1][0]["winner"], 4);
    assert_eq!(bracket[0][0]["winner"], 1);
    // A past knockout round stands once the next is paired.
    refused_as(
        send(
            addr,
            "POST",
            &path("results"),
            Some(&director),
            Some(result(1, 1, "draw")),
        )
        .await,
        409,
        "wrong_state",
    );
    assert_eq!(t["players"][3]["fesa_id"], "F-Second");
    assert_eq!(t["standings"][0]["n"], 4);
    assert_eq!(t["standings"][0]["score"], "2");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn bad_bodies_are_refused_naming_the_field() {
    let (_dir, server, addr) = fresh_server_with(koma_server::Settings::default()).await;
    let td = account(addr, "Boss").await;
    let create = |body: Value| {
        let td = td.clone();
        async move { send(addr, "POST", "/api/tournaments", Some(&td), Some(body)).await }
    };
    let base = json!({"name": "Open", "format": "swiss", "rounds": 5});
    let with = |field: &str, value: Value| {
        let mut b = base.clone();
        b[field] = value;
        b
    };
    let said = refused_as(
        create(with("name", json!("  "))).await,
        400,
        "invalid_value",
    );
    assert!(said.contains("name"), "{said}");
    let said = refused_as(
        create(with("format", json!("blitz"))).await,
        400,
        "malformed_request",
    );
    assert!(said.contains("blitz"), "{said}");
    let said = refused_as(create(with("rounds", json!(0))).await, 400, "invalid_value");
    assert!(said.contains("rounds"), "{said}");
    let said = refused_as(
        create(with("online", json!(true))).await,
        400,
        "invalid_value",
    );
    assert!(said.contains("clock"), "{said}");
    let said = refused_as(
        create(with("tiebreaks", json!(["sos", "sos"]))).await,
        400,
        "invalid_value",
    );
    assert!(said.contains("twice"), "{said}");
    let said = refused_as(
        create(with("bye_points", json!(3))).await,
        400,
        "invalid_value",
    );
    assert!(said.contains("bye_points"), "{said}");
    let said = refused_as(
        create(with("format", json!("mcmahon"))).await,
        400,
        "invalid_value",
    );
    assert!(said.contains("mcmahon"), "{said}");
    let said = refused_as(
        create(with("colour", json!("red"))).await,
        400,
        "malformed_request",
    );
    assert!(said.contains("colour"), "{said}");
    let said = refused_as(
        create(with("format", json!("arena"))).await,
        400,
        "invalid_value",
    );
    assert!(said.contains("arena"), "{said}");
    let said = refused_as(
        create(with(
            "clock",
            json!({"initial_s": 60, "increment_s": 5, "byoyomi_s": 10}),
        ))
        .await,
        400,
        "invalid_value",
    );
    assert!(said.contains("clock"), "{said}");
    let said = refused_as(
        send(
            addr,
            "POST",
            "/api/tournaments",
            Some(&td),
            Some(json!("x")),
        )
        .await,
        400,
        "malformed_request",
    );
    assert!(!said.is_empty());
    refused_as(
        send(addr, "POST", "/api/tournaments", None, Some(base.clone())).await,
        401,
        "login_required",
    );
    refused_as(
        get(addr, "/api/tournaments/nothing").await,
        404,
        "not_found",
    );
    // A McMahon: start scores from the groups.
    let mut m = with("format", json!("mcmahon"));
    m["mcmahon"] = json!({"bar": 2000, "group_width": 100, "groups": 3});
    let t = create(m).await.expect(201).json();
    let id = t["id"].as_str().unwrap().to_string();
    let path = |what: &str| format!("/api/tournaments/{id}/{what}");
    for (name, rating) in [("A", 2100), ("B", 1950), ("C", 1500)] {
        send(
            addr,
            "POST",
            &path("players"),
            Some(&td),
            Some(json!({"name": name, "rating": rating})),
        )
        .await
        .expect(201);
    }
    let t = view(addr, &id).await;
    let starts: Vec<&Value> = t["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| &p["start_score"])
        .collect();
    assert_eq!(starts, [&json!(4), &json!(2), &json!(0)]);
    let said = refused_as(
        send(
            addr,
            "POST",
            &path("players"),
            Some(&td),
            Some(json!({"name": "", "rating": 1500})),
        )
        .await,
        400,
        "invalid_value",
    );
    assert!(said.contains("name"), "{said}");
    let said = refused_as(
        send(
            addr,
            "POST",
            &path("players"),
            Some(&td),
            Some(json!({"name": "D", "rating": 1500, "account": "nobody"})),
        )
        .await,
        400,
        "invalid_value",
    );
    assert!(said.contains("nobody"), "{said}");
    let said = refused_as(
        send(
            addr,
            "POST",
            &path("players"),
            Some(&td),
            Some(json!({"name": "D"})),
        )
        .await,
        400,
        "malformed_request",
    );
    assert!(said.contains("rating"), "{said}");
    // Results name a paired round and board, a known result and handicap.
    refused_as(
        send(addr, "POST", &path("rounds"), Some(&td), None).await,
        409,
        "wrong_state",
    );
    send(addr, "POST", &path("start"), Some(&td), None)
        .await
        .expect(200);
    let result = |round: usize, board: usize, result: &str| json!({"round": round, "board": board, "result": result});
    let said = refused_as(
        send(
            addr,
            "POST",
            &path("results"),
            Some(&td),
            Some(result(2, 1, "sente")),
        )
        .await,
        400,
        "invalid_value",
    );
    assert!(said.contains("round 2"), "{said}");
    let said = refused_as(
        send(
            addr,
            "POST",
            &path("results"),
            Some(&td),
            Some(result(1, 0, "sente")),
        )
        .await,
        400,
        "invalid_value",
    );
    assert!(said.contains("board"), "{said}");
    let said = refused_as(
        send(
            addr,
            "POST",
            &path("results"),
            Some(&td),
            Some(result(1, 1, "white")),
        )
        .await,
        400,
        "malformed_request",
    );
    assert!(said.contains("white"), "{said}");
    let mut h = result(1, 1, "sente");
    h["handicap"] = json!("queen");
    let said = refused_as(
        send(addr, "POST", &path("results"), Some(&td), Some(h)).await,
        400,
        "unknown_name",
    );
    assert!(said.contains("queen"), "{said}");
    // Withdrawals: by the player's number (director), and a second time refused.
    let t = send(
        addr,
        "POST",
        &path("withdraw"),
        Some(&td),
        Some(json!({"player": 3})),
    )
    .await
    .expect(200)
    .json();
    assert_eq!(t["players"][2]["withdrawn"], true);
    refused_as(
        send(
            addr,
            "POST",
            &path("withdraw"),
            Some(&td),
            Some(json!({"player": 3})),
        )
        .await,
        409,
        "not_entered",
    );
    refused_as(
        send(
            addr,
            "POST",
            &path("withdraw"),
            Some(&td),
            Some(json!({"player": 9})),
        )
        .await,
        400,
        "invalid_value",
    );
    // The director, not entered, cannot withdraw himself.
    refused_as(
        send(addr, "POST", &path("withdraw"), Some(&td), None).await,
        409,
        "not_entered",
    );
    server.shutdown().await.unwrap();
}
