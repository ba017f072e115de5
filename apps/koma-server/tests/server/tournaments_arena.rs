//! Arenas over HTTP: six accounts join a short arena, scripted clients play its games
//! through lishogi's board API (wins both ways, draws, a berserk win), the players are paired
//! again as they finish, nobody is paired after the end, and the scores shown equal
//! koma_tournament's arena points recomputed from the games as the server stored them; and
//! the requests an arena refuses.

use crate::common::{Reply, get, refused_as, unlimited_server};
use crate::lishogi_api::{account, api, next_json, open_stream};
use crate::tournaments::{view, view_when};
use koma_tournament::arena_score::{ArenaOutcome, SheetGame, on_fire, points};
use serde_json::{Value, json};
use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Unix milliseconds now.
fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64
}

/// A JSON POST as the account of `token`.
async fn send(addr: SocketAddr, path: &str, token: &str, body: Option<Value>) -> Reply {
    crate::tournaments::send(addr, "POST", path, Some(token), body).await
}

/// The game `game` as the server shows it.
async fn game_state(addr: SocketAddr, game: &str) -> Value {
    get(addr, &format!("/api/games/{game}"))
        .await
        .expect(200)
        .json()
}

/// The seat to move's token in `state`.
fn to_move<'a>(state: &Value, tokens: &'a [String; 2]) -> &'a str {
    if state["side_to_move"] == "sente" {
        &tokens[0]
    } else {
        &tokens[1]
    }
}

/// Plays `plies` moves of `game` (a legal move picked by `seed`), stopping if it ends.
async fn play(addr: SocketAddr, game: &str, tokens: &[String; 2], plies: usize, seed: usize) {
    for ply in 0..plies {
        let state = game_state(addr, game).await;
        if state["outcome"].is_object() {
            return;
        }
        let legal = state["legal_moves"].as_array().unwrap();
        let usi = legal[(ply * 7 + seed) % legal.len()].as_str().unwrap();
        let path = format!("/api/board/game/{game}/move/{usi}");
        api(addr, "POST", &path, to_move(&state, tokens), None)
            .await
            .expect(200);
    }
}

/// `token`'s seat in `game` does `what` (`resign`, `draw/yes`) unless the game is over.
async fn board(addr: SocketAddr, game: &str, token: &str, what: &str) {
    if game_state(addr, game).await["outcome"].is_object() {
        return;
    }
    let path = format!("/api/board/game/{game}/{what}");
    api(addr, "POST", &path, token, None).await.expect(200);
}

/// Ends `game` by the script of game number `k`: sente wins long, gote wins short, sente
/// wins short, or a long draw.
async fn finish(addr: SocketAddr, game: &str, tokens: &[String; 2], k: usize) {
    match k % 4 {
        0 => {
            play(addr, game, tokens, 16, k).await;
            board(addr, game, &tokens[1], "resign").await;
        }
        1 => {
            play(addr, game, tokens, 4, k).await;
            board(addr, game, &tokens[0], "resign").await;
        }
        2 => {
            play(addr, game, tokens, 2, k).await;
            board(addr, game, &tokens[1], "resign").await;
        }
        _ => {
            play(addr, game, tokens, 22, k).await;
            board(addr, game, &tokens[0], "draw/yes").await;
            board(addr, game, &tokens[1], "draw/yes").await;
        }
    }
    let state = game_state(addr, game).await;
    assert!(
        state["outcome"].is_object(),
        "game {k} did not end: {state}"
    );
}

/// The tokens (sente, gote) of arena game `g` in the view `t`.
fn seats(t: &Value, g: &Value, tokens: &HashMap<String, String>) -> [String; 2] {
    let name = |n: &Value| {
        let i = n.as_u64().unwrap() as usize - 1;
        t["players"][i]["name"].as_str().unwrap().to_string()
    };
    [
        tokens[&name(&g["sente"])].clone(),
        tokens[&name(&g["gote"])].clone(),
    ]
}

#[tokio::test]
async fn an_arena_pairs_players_as_they_finish_until_its_end() {
    let (_dir, _server, addr) = unlimited_server().await;
    let director = account(addr, "Director").await;
    let mut tokens = HashMap::new();
    for name in ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"] {
        tokens.insert(name.to_string(), account(addr, name).await);
    }
    let created = send(
        addr,
        "/api/tournaments",
        &director,
        Some(json!({
            "name": "Quick arena", "format": "arena", "online": true,
            "clock": {"initial_s": 300, "byoyomi_s": 10, "periods": 1},
            "starts_at": now_ms() + 1500, "arena_seconds": 8, "berserk": true, "streaks": true,
        })),
    )
    .await
    .expect(201)
    .json();
    let id = created["id"].as_str().unwrap().to_string();
    assert_eq!(created["status"], "entries");
    let ends_at = created["arena"]["ends_at"].as_u64().unwrap();
    let join = format!("/api/tournaments/{id}/join");
    for token in tokens.values() {
        send(addr, &join, token, None).await.expect(200);
    }
    refused_as(
        send(addr, &join, &tokens["Ann"], None).await,
        409,
        "already_entered",
    );
    let mut pushes = open_stream(
        addr,
        "GET",
        &format!("/api/tournaments/{id}/stream"),
        &tokens["Ann"],
        "",
    )
    .await;
    let first = next_json(&mut pushes).await;
    assert_eq!(first["arena"]["scores"].as_array().unwrap().len(), 6);
    assert_eq!(first["arena"]["ends_at"], ends_at);

    // At the start the tick pairs all six; the stream pushes the games.
    let pushed = loop {
        let p = next_json(&mut pushes).await;
        let games = p["arena"]["games"].as_array().unwrap();
        if games.len() == 3 && games.iter().all(|g| g["game"].is_string()) {
            break p;
        }
    };
    assert_eq!(pushed["status"], "running");

    // Game 0: sente goes berserk (its main time halved), not twice; game 1: sente moves,
    // then may not go berserk.
    let t = view(addr, &id).await;
    let games = t["arena"]["games"].as_array().unwrap().clone();
    let berserk = format!("/api/tournaments/{id}/berserk");
    let g0 = games[0]["game"].as_str().unwrap();
    let s0 = seats(&t, &games[0], &tokens);
    send(addr, &berserk, &s0[0], Some(json!({"game": g0})))
        .await
        .expect(200);
    let main = game_state(addr, g0).await["clock"]["sente"]["main_ms"]
        .as_u64()
        .unwrap();
    assert!(
        (140_000..=150_000).contains(&main),
        "sente's 300 s halved: {main}"
    );
    let again = refused_as(
        send(addr, &berserk, &s0[0], Some(json!({"game": g0}))).await,
        409,
        "wrong_state",
    );
    assert!(again.contains("berserk"), "{again}");
    let g1 = games[1]["game"].as_str().unwrap();
    let s1 = seats(&t, &games[1], &tokens);
    refused_as(
        send(addr, &berserk, &s0[0], Some(json!({"game": g1}))).await,
        400,
        "invalid_value",
    );
    play(addr, g1, &s1, 1, 0).await;
    let moved = refused_as(
        send(addr, &berserk, &s1[0], Some(json!({"game": g1}))).await,
        409,
        "wrong_state",
    );
    assert!(moved.contains("first move"), "{moved}");

    // Play every game as it comes until a second before the end; games still running
    // then are finished after the end (they do not count).
    let mut done: HashSet<usize> = HashSet::new();
    let mut counted: Vec<usize> = Vec::new();
    let mut uncertain: Vec<usize> = Vec::new();
    while now_ms() + 1000 < ends_at {
        let t = view(addr, &id).await;
        let games = t["arena"]["games"].as_array().unwrap().clone();
        for (k, g) in games.iter().enumerate() {
            if done.contains(&k) || !g["game"].is_string() || now_ms() + 1000 >= ends_at {
                continue;
            }
            finish(addr, g["game"].as_str().unwrap(), &seats(&t, g, &tokens), k).await;
            done.insert(k);
            // The arena counts a game by when it ended (the server's end of it, before
            // the last request is answered), however late the arena hears of it: one
            // answered before the end counts; one whose last request was still under
            // way at the end may or may not.
            if now_ms() < ends_at {
                counted.push(k);
            } else {
                uncertain.push(k);
            }
        }
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    while now_ms() < ends_at + 300 {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let t = view(addr, &id).await;
    let games = t["arena"]["games"].as_array().unwrap().clone();
    for (k, g) in games.iter().enumerate() {
        if !done.contains(&k) {
            finish(addr, g["game"].as_str().unwrap(), &seats(&t, g, &tokens), k).await;
        }
    }
    let t = view_when(addr, &id, 5.0, |t| {
        t["status"] == "finished"
            && t["arena"]["games"]
                .as_array()
                .unwrap()
                .iter()
                .all(|g| g["result"].is_string())
    })
    .await;
    // Nobody is paired after the end, however long one waits.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let last = view(addr, &id).await;
    let games = last["arena"]["games"].as_array().unwrap().clone();
    assert_eq!(games.len(), t["arena"]["games"].as_array().unwrap().len());
    assert!(
        games.len() > 6,
        "players are paired again as they finish: {} games",
        games.len()
    );
    for g in &games {
        assert!(g["started_at"].as_u64().unwrap() < ends_at, "{g}");
    }
    let mut played: HashMap<u64, usize> = HashMap::new();
    for g in &games {
        for side in ["sente", "gote"] {
            *played.entry(g[side].as_u64().unwrap()).or_default() += 1;
        }
    }
    assert!(
        played.values().all(|&n| n >= 2),
        "everybody is paired again: {played:?}"
    );

    // The scores, recomputed from the games as stored (winner, length) with lishogi's
    // points: only the games ended before the end count.
    let mut sheets: HashMap<u64, Vec<SheetGame>> = HashMap::new();
    counted.sort_unstable();
    for &k in &counted {
        let g = &games[k];
        let state = game_state(addr, g["game"].as_str().unwrap()).await;
        let plies = state["moves"].as_array().unwrap().len() as u32;
        let winner = state["outcome"]["winner"].as_str();
        for side in ["sente", "gote"] {
            let outcome = match winner {
                None => ArenaOutcome::Draw,
                Some(w) if w == side => ArenaOutcome::Win,
                Some(_) => ArenaOutcome::Loss,
            };
            sheets
                .entry(g[side].as_u64().unwrap())
                .or_default()
                .push(SheetGame {
                    outcome,
                    plies,
                    berserk: k == 0 && side == "sente",
                });
        }
    }
    let scores = last["arena"]["scores"].as_array().unwrap();
    assert_eq!(scores.len(), 6);
    // The players of a game that may or may not count are not checked.
    let unsure: HashSet<u64> = uncertain
        .iter()
        .flat_map(|&k| ["sente", "gote"].map(|side| games[k][side].as_u64().unwrap()))
        .collect();
    assert!(
        unsure.len() <= 4,
        "the games were finished in time: {uncertain:?}"
    );
    for s in scores {
        let sheet = sheets.remove(&s["n"].as_u64().unwrap()).unwrap_or_default();
        if unsure.contains(&s["n"].as_u64().unwrap()) {
            continue;
        }
        let expected: i32 = points(&sheet, true).iter().sum();
        assert_eq!(s["score"], expected, "player {}: {sheet:?}", s["n"]);
        assert_eq!(s["games"], sheet.len(), "{s}");
        assert_eq!(s["streak"], on_fire(&sheet), "{s}");
    }
    eprintln!(
        "arena: {} games paired, {} counted; scores {:?}",
        games.len(),
        counted.len(),
        scores
            .iter()
            .map(|s| s["score"].clone())
            .collect::<Vec<_>>()
    );
    let ranked: Vec<i64> = scores
        .iter()
        .map(|s| s["score"].as_i64().unwrap())
        .collect();
    assert!(ranked.windows(2).all(|w| w[0] >= w[1]), "{ranked:?}");
    let ranks: Vec<u64> = scores.iter().map(|s| s["rank"].as_u64().unwrap()).collect();
    assert_eq!(ranks, (1..=6).collect::<Vec<u64>>());
    assert_eq!(last["standings"][0]["points"], scores[0]["score"]);
    // The berserk win of game 0 (16 plies) earned its extra point.
    assert!(games[0]["sente_berserk"].as_bool().unwrap());

    // Nobody joins an arena that is over.
    let late = account(addr, "Late").await;
    let message = refused_as(send(addr, &join, &late, None).await, 409, "wrong_state");
    assert!(message.contains("over"), "{message}");
}

#[tokio::test]
async fn an_arena_refuses_what_it_cannot_take() {
    let (_dir, _server, addr) = unlimited_server().await;
    let director = account(addr, "Director").await;
    let clock = json!({"initial_s": 60, "increment_s": 1});
    let create = |body: Value| send(addr, "/api/tournaments", &director, Some(body));
    let no_length = create(json!({"name": "A", "format": "arena", "online": true, "clock": clock}));
    let message = refused_as(no_length.await, 400, "invalid_value");
    assert!(message.contains("arena_minutes"), "{message}");
    let offline = create(json!({"name": "A", "format": "arena", "arena_minutes": 30}));
    refused_as(offline.await, 400, "invalid_value");
    let both = create(
        json!({"name": "A", "format": "arena", "online": true, "clock": clock,
        "arena_minutes": 30, "arena_seconds": 30}),
    );
    refused_as(both.await, 400, "invalid_value");

    // An arena without berserk, starting in a minute: players join, pause and come back.
    let t = create(
        json!({"name": "Calm", "format": "arena", "online": true, "clock": clock,
        "arena_minutes": 30, "starts_at": now_ms() + 60_000}),
    )
    .await
    .expect(201)
    .json();
    let id = t["id"].as_str().unwrap();
    assert_eq!(
        t["arena"]["ends_at"],
        t["arena"]["starts_at"].as_u64().unwrap() + 1_800_000
    );
    let ann = account(addr, "Ann").await;
    let join = format!("/api/tournaments/{id}/join");
    let pause = format!("/api/tournaments/{id}/withdraw");
    send(addr, &join, &ann, None).await.expect(200);
    let paused = send(addr, &pause, &ann, None).await.expect(200).json();
    assert_eq!(paused["players"][0]["withdrawn"], true);
    assert!(
        paused["arena"]["scores"].as_array().unwrap().is_empty(),
        "out before the start"
    );
    refused_as(send(addr, &pause, &ann, None).await, 409, "not_entered");
    let back = send(addr, &join, &ann, None).await.expect(200).json();
    assert_eq!(back["players"][0]["withdrawn"], false);
    assert_eq!(back["arena"]["scores"][0]["active"], true);
    // Berserk where the arena does not allow it, and a director's entry, are refused.
    let message = refused_as(
        send(
            addr,
            &format!("/api/tournaments/{id}/berserk"),
            &ann,
            Some(json!({"game": "x"})),
        )
        .await,
        409,
        "wrong_state",
    );
    assert!(message.contains("berserk"), "{message}");
    for step in ["start", "rounds"] {
        let path = format!("/api/tournaments/{id}/{step}");
        let message = refused_as(send(addr, &path, &director, None).await, 409, "wrong_state");
        assert!(message.contains("pairs its players itself"), "{message}");
    }
    let players = format!("/api/tournaments/{id}/players");
    let entry = send(
        addr,
        &players,
        &director,
        Some(json!({"name": "Otb", "rating": 1500})),
    );
    refused_as(entry.await, 400, "invalid_value");
}

/// Both players of an arena game go berserk; the server restarts; the game is read back
/// from the store with both clocks still berserk (half the main time, no byoyomi), not with
/// the time they gave up.
/// A two-minute arena with berserk (5 min + 10 s byoyomi) made by `director`, which the
/// accounts `tokens` (by name) join, once it has paired its first game: the tournament's
/// id, the game's id, and the tokens of its sente and gote.
pub(crate) async fn first_berserk_game(
    addr: SocketAddr,
    director: &str,
    tokens: &HashMap<String, String>,
) -> (String, String, [String; 2]) {
    let (id, _) = crate::tournaments::create(
        addr,
        director,
        json!({
            "name": "Berserk arena", "format": "arena", "online": true,
            "clock": {"initial_s": 300, "byoyomi_s": 10, "periods": 1},
            "starts_at": now_ms() + 1000, "arena_seconds": 120, "berserk": true,
        }),
    )
    .await;
    let join = format!("/api/tournaments/{id}/join");
    for token in tokens.values() {
        send(addr, &join, token, None).await.expect(200);
    }
    let t = view_when(addr, &id, 15.0, |t| {
        t["arena"]["games"]
            .as_array()
            .is_some_and(|g| g.first().is_some_and(|g| g["game"].is_string()))
    })
    .await;
    let g = &t["arena"]["games"][0];
    let game = g["game"].as_str().unwrap().to_string();
    (id, game, seats(&t, g, tokens))
}

#[tokio::test]
async fn a_berserk_clock_is_kept_across_a_restart() {
    let (dir, server, addr) = unlimited_server().await;
    let director = account(addr, "Director").await;
    let mut tokens = HashMap::new();
    for name in ["Ann", "Ben"] {
        tokens.insert(name.to_string(), account(addr, name).await);
    }
    let (id, game, [sente, gote]) = first_berserk_game(addr, &director, &tokens).await;
    let berserk = format!("/api/tournaments/{id}/berserk");
    for token in [&sente, &gote] {
        send(addr, &berserk, token, Some(json!({"game": game})))
            .await
            .expect(200);
    }
    let berserk_clock = |state: &Value| {
        for side in ["sente", "gote"] {
            let clock = &state["clock"][side];
            let main = clock["main_ms"].as_u64().unwrap();
            assert!((140_000..=150_000).contains(&main), "{side}: {state}");
            assert_eq!(clock["periods"], 0, "{side}: {state}");
        }
    };
    berserk_clock(&game_state(addr, &game).await);
    server.shutdown().await.unwrap();

    let server = crate::common::start(&dir.db()).await;
    let addr = server.local_addr();
    berserk_clock(&game_state(addr, &game).await);
    server.shutdown().await.unwrap();
}
