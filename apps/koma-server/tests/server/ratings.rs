//! Rated games between accounts: the seats' accounts, the refusals, the Glicko-2 update when
//! a rated game ends (once, across restarts), `perfs` and the rating history; guests' games
//! as before.

use crate::accounts::{as_page, log_in, sign_up};
use crate::common::{
    PASSWORD, Reply, fresh_server, get, poll, post, refused_as, resign, seated, start, state,
};
use koma_game::rating::{Glicko, Score};
use serde_json::{Value, json};
use std::net::SocketAddr;

/// Signs `name` up and logs in; the cookie.
async fn account(addr: SocketAddr, name: &str) -> String {
    sign_up(addr, name, PASSWORD).await.expect(201);
    log_in(addr, name, PASSWORD).await
}

async fn create_as(addr: SocketAddr, cookie: &str, request: Value) -> Reply {
    as_page(addr, "POST", "/api/games", cookie, Some(request)).await
}

async fn join_as(addr: SocketAddr, cookie: &str, created: &Value) -> Reply {
    let path = format!("/api/games/{}/join", created["id"].as_str().unwrap());
    let body = json!({ "invite": created["invite"] });
    as_page(addr, "POST", &path, cookie, Some(body)).await
}

/// Alice (sente) and Bob (gote) in a rated 10m+30s game: the answers to creating and joining.
async fn rated_game(addr: SocketAddr, alice: &str, bob: &str) -> (Value, Value) {
    let request = json!({ "rated": true, "time_control": "10m+30s", "side": "sente" });
    let created = create_as(addr, alice, request).await.expect(201).json();
    let joined = join_as(addr, bob, &created).await.expect(200).json();
    (created, joined)
}

/// [`rated_game`] with both first moves played (7g7f, 3c3d): it can end rated from here.
async fn rated_game_under_way(addr: SocketAddr, alice: &str, bob: &str) -> (Value, Value) {
    let (created, joined) = rated_game(addr, alice, bob).await;
    let id = created["id"].as_str().unwrap();
    let token = |v: &Value| v["token"].as_str().unwrap().to_string();
    crate::common::open_moves(addr, id, &token(&created), &token(&joined)).await;
    (created, joined)
}

async fn perfs(addr: SocketAddr, name: &str) -> Value {
    get(addr, &format!("/api/user/{name}"))
        .await
        .expect(200)
        .json()["perfs"]
        .clone()
}

async fn history(addr: SocketAddr, name: &str) -> Value {
    get(addr, &format!("/api/user/{name}/rating-history"))
        .await
        .expect(200)
        .json()
}

/// The points of the series called `name`.
fn points<'a>(history: &'a Value, name: &str) -> &'a Vec<Value> {
    history
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == name)
        .unwrap_or_else(|| panic!("no series {name}: {history}"))["points"]
        .as_array()
        .unwrap()
}

fn count(db: &rusqlite::Connection, sql: &str) -> i64 {
    db.query_row(sql, [], |r| r.get(0)).unwrap()
}

#[tokio::test]
async fn a_rated_game_to_resignation_moves_both_ratings_once() {
    let (dir, server, addr) = crate::common::fresh_sqlite_server().await;
    let alice = account(addr, "Alice").await;
    let bob = account(addr, "Bob").await;
    let request = json!({ "rated": true, "time_control": "10m+30s", "side": "sente" });
    let created = create_as(addr, &alice, request).await.expect(201).json();
    let game = &created["game"];
    assert_eq!(game["rated"], true);
    assert_eq!(
        game["players"]["sente"],
        json!({
            "id": "alice", "name": "Alice", "rating": 1500, "provisional": true,
            "rank": "1 kyu", "rank_ja": "1級", "rating_before": 1500, "diff": null,
        })
    );
    assert_eq!(game["players"]["gote"], Value::Null);
    assert_eq!(game["suggested_handicap"], Value::Null);

    let joined = join_as(addr, &bob, &created).await.expect(200).json();
    let game = &joined["game"];
    assert_eq!(game["players"]["gote"]["name"], "Bob");
    assert_eq!(
        game["suggested_handicap"],
        json!({ "handicap": "even", "japanese": "平手", "giver": null })
    );

    let id = created["id"].as_str().unwrap().to_string();
    let (sente, gote) = (
        created["token"].as_str().unwrap(),
        joined["token"].as_str().unwrap(),
    );
    crate::common::play(addr, &id, sente, "7g7f")
        .await
        .expect(200);
    crate::common::play(addr, &id, gote, "3c3d")
        .await
        .expect(200);
    let ended = resign(addr, &id, gote).await.expect(200).json();
    assert_eq!(ended["outcome"]["winner"], "sente");

    // Both new players (1500, RD 350): the winner 1662.21, the loser 1337.79, as koma-game's
    // Glicko-2 computes for a first game.
    let (a, b) = Glicko::default()
        .rate_game(&Glicko::default(), Score::Win, 1)
        .unwrap();
    assert_eq!(
        format!("{:.2} {:.2}", a.rating, b.rating),
        "1662.21 1337.79"
    );
    let (s, g) = (&ended["players"]["sente"], &ended["players"]["gote"]);
    assert_eq!(
        (&s["rating"], &s["diff"], &s["rating_before"]),
        (&json!(1662), &json!(162), &json!(1500))
    );
    assert_eq!((&g["rating"], &g["diff"]), (&json!(1337), &json!(-163)));
    assert_eq!((&s["rank"], &g["rank"]), (&json!("2 dan"), &json!("3 kyu")));
    assert_eq!(s["provisional"], true);

    // 10m + 30 s byoyomi is estimated 600 + 25 × 30 = 1350 s: rapid.
    let alice_perfs = perfs(addr, "alice").await;
    let rapid = &alice_perfs["rapid"];
    assert_eq!(
        (
            &rapid["games"],
            &rapid["rating"],
            &rapid["prog"],
            &rapid["prov"]
        ),
        (&json!(1), &json!(1662), &json!(0), &json!(true))
    );
    assert_eq!(rapid["rd"], json!(a.deviation as i64));
    assert_eq!(
        alice_perfs["blitz"],
        json!({
            "games": 0, "rating": 1500, "rd": 350, "prog": 0, "prov": true,
            "rank": "1 kyu", "rank_ja": "1級",
        })
    );
    assert_eq!(perfs(addr, "Bob").await["rapid"]["rating"], 1337);
    let alice_history = history(addr, "alice").await;
    let rapid = points(&alice_history, "rapid");
    assert_eq!(rapid.len(), 1);
    assert_eq!(rapid[0][3], 1662);
    assert!(rapid[0][0].as_i64().unwrap() >= 2025 && rapid[0][1].as_i64().unwrap() < 12);
    assert!(points(&alice_history, "blitz").is_empty());

    // A rematch of a rated game, offered and accepted, is rated, the players' colours
    // reversed.
    let rematch = crate::common::rematch_agreed(addr, &id, sente, gote).await;
    assert_eq!(rematch["game"]["rated"], true);
    assert_eq!(rematch["game"]["players"]["sente"]["id"], "bob");
    assert_eq!(rematch["game"]["players"]["gote"]["rating"], 1662);
    server.shutdown().await.unwrap();

    let rows = |dir: &crate::common::TempDir| {
        let db = rusqlite::Connection::open(dir.db()).unwrap();
        (
            count(&db, "SELECT COUNT(*) FROM rating_history"),
            count(&db, "SELECT SUM(games) FROM ratings"),
        )
    };
    assert_eq!(rows(&dir), (2, 2));
    // A restart rates nothing again; the ended game still shows the change.
    let server = start(&dir.db()).await;
    let addr = server.local_addr();
    let again = state(addr, &id).await;
    assert_eq!(again["players"]["sente"]["diff"], 162);
    assert_eq!(again["players"]["gote"]["rating"], 1337);
    assert_eq!(perfs(addr, "alice").await["rapid"]["games"], 1);
    server.shutdown().await.unwrap();
    assert_eq!(rows(&dir), (2, 2));

    // A stop between the end and the update (the update's transaction never ran): the next
    // start rates the game, once.
    {
        let db = rusqlite::Connection::open(dir.db()).unwrap();
        db.execute_batch("DELETE FROM rating_history; DELETE FROM ratings;")
            .unwrap();
    }
    for _ in 0..2 {
        let server = start(&dir.db()).await;
        let addr = server.local_addr();
        assert_eq!(perfs(addr, "alice").await["rapid"]["rating"], 1662);
        assert_eq!(perfs(addr, "bob").await["rapid"]["games"], 1);
        server.shutdown().await.unwrap();
        assert_eq!(rows(&dir), (2, 2));
    }
}

#[tokio::test]
async fn refusals_of_rated_games_and_of_both_seats() {
    let (_dir, server, addr) = fresh_server().await;
    let alice = account(addr, "Alice").await;
    let bob = account(addr, "Bob").await;
    let clock = "fischer:5m+3s";
    let message = refused_as(
        post(
            addr,
            "/api/games",
            &json!({ "rated": true, "time_control": clock }),
        )
        .await,
        401,
        "login_required",
    );
    assert!(message.contains("log in"), "{message}");
    for (request, code) in [
        (
            json!({ "rated": true, "opponent": "engine", "time_control": clock }),
            "rated_against_engine",
        ),
        (
            json!({ "rated": true, "handicap": "lance", "time_control": clock }),
            "rated_from_position",
        ),
        (
            json!({ "rated": true, "time_control": clock,
                    "sfen": "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2" }),
            "rated_from_position",
        ),
        (json!({ "rated": true }), "rated_without_clock"),
        (
            json!({ "rated": true, "time_control": "none" }),
            "rated_without_clock",
        ),
    ] {
        refused_as(create_as(addr, &alice, request).await, 400, code);
    }

    // A guest opening a rated game's invitation is told to log in; the creator cannot take
    // the other seat of his own game, rated or not; the seat stays free for Bob.
    let created = create_as(
        addr,
        &alice,
        json!({ "rated": true, "time_control": clock }),
    )
    .await
    .expect(201)
    .json();
    let id = created["id"].as_str().unwrap();
    let guest = post(
        addr,
        &format!("/api/games/{id}/join"),
        &json!({ "invite": created["invite"] }),
    )
    .await;
    let message = refused_as(guest, 401, "login_required");
    assert_eq!(
        message,
        "this is a rated game: log in (or sign up) to take the seat"
    );
    refused_as(join_as(addr, &alice, &created).await, 403, "own_game");
    join_as(addr, &bob, &created).await.expect(200);
    let casual = create_as(addr, &alice, json!({})).await.expect(201).json();
    refused_as(join_as(addr, &alice, &casual).await, 403, "own_game");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn casual_and_guest_games_rate_nobody() {
    let (_dir, server, addr) = fresh_server().await;
    // Guests, as before: no players, not rated.
    let guests = seated(addr, json!({ "time_control": "5m" })).await;
    resign(addr, &guests.id, &guests.gote).await.expect(200);
    let game = state(addr, &guests.id).await;
    assert_eq!(game["rated"], false);
    assert_eq!(game["players"], json!({ "sente": null, "gote": null }));
    assert_eq!(game["suggested_handicap"], Value::Null);

    // A casual game between accounts shows them, and changes no rating.
    let alice = account(addr, "Alice").await;
    let bob = account(addr, "Bob").await;
    let created = create_as(
        addr,
        &alice,
        json!({ "time_control": "5m", "side": "gote" }),
    )
    .await
    .expect(201)
    .json();
    let joined = join_as(addr, &bob, &created).await.expect(200).json();
    assert_eq!(joined["game"]["players"]["sente"]["id"], "bob");
    let casual_id = created["id"].as_str().unwrap().to_string();
    let id = casual_id.as_str();
    let ended = resign(addr, id, created["token"].as_str().unwrap())
        .await
        .expect(200)
        .json();
    assert_eq!(ended["rated"], false);
    assert_eq!(ended["players"]["gote"]["diff"], Value::Null);
    assert_eq!(perfs(addr, "bob").await["blitz"]["games"], 0);
    assert!(points(&history(addr, "bob").await, "blitz").is_empty());
    // A rated game between them: their ratings, 1662 and 1337 after the first, call for a
    // handicap in the next (FESA's bands: about 4 grades apart, two pieces).
    let (created, _) = rated_game_under_way(addr, &alice, &bob).await;
    let id = created["id"].as_str().unwrap();
    let joined_state = state(addr, id).await;
    resign(addr, id, created["token"].as_str().unwrap())
        .await
        .expect(200);
    assert_eq!(joined_state["suggested_handicap"]["handicap"], "even");
    let (next, _) = rated_game(addr, &bob, &alice).await;
    let next_state = &state(addr, next["id"].as_str().unwrap()).await;
    assert_eq!(next_state["players"]["sente"]["rating"], 1662);
    assert_eq!(next_state["suggested_handicap"]["giver"], "sente");
    assert_ne!(next_state["suggested_handicap"]["handicap"], "even");

    // A deleted account's games show a deleted player (once the finished game, out of
    // memory when nobody watches it, is read again).
    let body = json!({ "password": PASSWORD });
    as_page(addr, "POST", "/api/account/delete", &bob, Some(body))
        .await
        .expect(200);
    let game = poll(addr, &casual_id, 5.0, |g| {
        g["players"]["sente"]["name"] != "Bob"
    })
    .await;
    assert_eq!(game["players"]["sente"]["name"], "deleted player");
    assert_eq!(game["players"]["gote"]["name"], "Alice");
    server.shutdown().await.unwrap();
}

/// The ratings of both seats' players in the state `game`, with their changes.
fn ratings_of(game: &Value) -> [(Value, Value); 2] {
    let of = |seat: &str| {
        let p = &game["players"][seat];
        (p["rating"].clone(), p["diff"].clone())
    };
    [of("sente"), of("gote")]
}

#[tokio::test]
async fn draws_by_repetition_and_by_agreement_are_rated() {
    let (_dir, server, addr) = fresh_server().await;
    let alice = account(addr, "Alice").await;
    let bob = account(addr, "Bob").await;
    // Sennichite: the moves end it (the path of every move).
    let (created, joined) = rated_game(addr, &alice, &bob).await;
    let id = created["id"].as_str().unwrap();
    let tokens = [
        created["token"].as_str().unwrap(),
        joined["token"].as_str().unwrap(),
    ];
    let rounds = ["2h3h", "8b7b", "3h2h", "7b8b"];
    let mut last = Value::Null;
    for ply in 0..12 {
        last = crate::common::play(addr, id, tokens[ply % 2], rounds[ply % 4])
            .await
            .expect(200)
            .json();
    }
    assert_eq!(last["outcome"]["reason"], "sennichite");
    // Equal players, a draw: the ratings stay, the RDs fall, each has one game.
    assert_eq!(
        ratings_of(&last),
        [(json!(1500), json!(0)), (json!(1500), json!(0))]
    );
    let rapid = &perfs(addr, "bob").await["rapid"];
    assert_eq!((&rapid["games"], &rapid["rd"]), (&json!(1), &json!(290)));

    // Agreement: the offers' path to the end.
    let (created, joined) = rated_game_under_way(addr, &bob, &alice).await;
    let id = created["id"].as_str().unwrap();
    for token in [&created["token"], &joined["token"]] {
        let body = json!({ "token": token, "yes": true });
        post(addr, &format!("/api/games/{id}/draw"), &body)
            .await
            .expect(200);
    }
    let game = state(addr, id).await;
    assert_eq!(game["outcome"]["reason"], "agreement");
    assert_eq!(ratings_of(&game)[0].1, json!(0));
    assert_eq!(perfs(addr, "alice").await["rapid"]["games"], 2);
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn takebacks_are_for_casual_games() {
    let (_dir, server, addr) = fresh_server().await;
    let alice = account(addr, "Alice").await;
    let bob = account(addr, "Bob").await;
    let (created, joined) = rated_game(addr, &alice, &bob).await;
    let id = created["id"].as_str().unwrap();
    let sente = created["token"].as_str().unwrap();
    crate::common::play(addr, id, sente, "7g7f")
        .await
        .expect(200);
    let ask = json!({ "token": sente, "yes": true });
    let why = refused_as(
        post(addr, &format!("/api/games/{id}/takeback"), &ask).await,
        409,
        "rated_game",
    );
    assert!(why.contains("casual"), "{why}");
    // A draw may still be offered.
    let gote = joined["token"].as_str().unwrap();
    let offer = json!({ "token": gote, "yes": true });
    post(addr, &format!("/api/games/{id}/draw"), &offer)
        .await
        .expect(200);
    server.shutdown().await.unwrap();
}
