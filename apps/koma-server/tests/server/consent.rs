//! No account loses rating without its consent and its own move: a game between people
//! starts its clock once both sides have moved, a game that ends before that is aborted
//! unrated, and a director's entry of an account is an invitation the player accepts.
//! Each test gives the absent player a clock that would flag him within a second if it ran
//! from the start, and a first-move limit of two seconds.

use crate::accounts::{as_page, log_in, sign_up};
use crate::common::{fresh_server_with, get, play, poll};
use crate::lishogi_api::{account, api};
use crate::tournaments::{create, join_and_start, send, view_when};
use koma_server::{Limits, Settings};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::Duration;

const PASSWORD: &str = "kaku-gawari-1975";

fn settings() -> Settings {
    Settings {
        first_move_ttl: Duration::from_secs(2),
        limits: Limits::no_rate_limits(),
        ..Settings::default()
    }
}

/// The games that moved `name`'s rating, in every pool.
async fn rated_games(addr: SocketAddr, name: &str) -> u64 {
    let user = get(addr, &format!("/api/user/{name}"))
        .await
        .expect(200)
        .json();
    let perfs = user["perfs"].as_object().cloned().unwrap_or_default();
    perfs
        .values()
        .map(|p| p["games"].as_u64().unwrap_or(0))
        .sum()
}

/// A game of `challenger` (a token) and `challenged` (its name and token): the challenge
/// of `form` made and accepted; its id.
pub(crate) async fn challenge_accepted(
    addr: SocketAddr,
    challenger: &str,
    challenged: (&str, &str),
    form: &str,
) -> String {
    let path = format!("/api/challenge/{}", challenged.0);
    let made = api(addr, "POST", &path, challenger, Some(form))
        .await
        .expect(200)
        .json();
    let id = made["id"].as_str().unwrap().to_string();
    let accept = format!("/api/challenge/{id}/accept");
    api(addr, "POST", &accept, challenged.1, None)
        .await
        .expect(200);
    id
}

/// Waits until game `id` is over; its outcome.
async fn ended(addr: SocketAddr, id: &str) -> Value {
    poll(addr, id, 10.0, |g| !g["outcome"].is_null()).await["outcome"].clone()
}

#[tokio::test]
async fn an_absent_seek_poster_loses_no_rating() {
    let (_dir, server, addr) = fresh_server_with(settings()).await;
    sign_up(addr, "Poster", PASSWORD).await.expect(201);
    sign_up(addr, "Taker", PASSWORD).await.expect(201);
    let poster = log_in(addr, "Poster", PASSWORD).await;
    let taker = log_in(addr, "Taker", PASSWORD).await;
    // A rated seek with a byoyomi of one second; the poster plays gote and walks away.
    let request = json!({"time_control": "0+1s", "rated": true, "side": "gote"});
    let seek = as_page(addr, "POST", "/api/lobby/seeks", &poster, Some(request))
        .await
        .expect(201)
        .json();
    let path = format!("/api/lobby/seeks/{}/accept", seek["id"].as_str().unwrap());
    let paired = as_page(addr, "POST", &path, &taker, None)
        .await
        .expect(201)
        .json();
    let id = paired["game"].as_str().unwrap().to_string();
    assert_eq!(paired["seat"], "sente");
    let clock = &get(addr, &format!("/api/games/{id}")).await.json()["clock"];
    assert!(
        clock["running"].is_null(),
        "no clock before the first moves: {clock}"
    );
    play(addr, &id, paired["token"].as_str().unwrap(), "7g7f")
        .await
        .expect(200);
    let outcome = ended(addr, &id).await;
    assert_eq!(outcome["reason"], "aborted", "{outcome}");
    assert_eq!(rated_games(addr, "Poster").await, 0);
    assert_eq!(rated_games(addr, "Taker").await, 0);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn an_absent_challenger_loses_no_rating_and_an_early_resignation_is_an_abort() {
    let (_dir, server, addr) = fresh_server_with(settings()).await;
    let challenger = account(addr, "Caller").await;
    let challenged = account(addr, "Callee").await;
    let form =
        "rated=true&clock.limit=0&clock.byoyomi=1&clock.periods=1&color=gote&variant=standard";
    let id = challenge_accepted(addr, &challenger, ("Callee", &challenged), form).await;
    let path = format!("/api/board/game/{id}/move/7g7f");
    api(addr, "POST", &path, &challenged, None)
        .await
        .expect(200);
    let outcome = ended(addr, &id).await;
    assert_eq!(outcome["reason"], "aborted", "{outcome}");
    assert_eq!(rated_games(addr, "Caller").await, 0);

    // A rated game resigned before both sides moved is aborted: nobody's rating moves.
    let id = challenge_accepted(addr, &challenger, ("Callee", &challenged), form).await;
    let path = format!("/api/board/game/{id}/resign");
    api(addr, "POST", &path, &challenger, None)
        .await
        .expect(200);
    let outcome = ended(addr, &id).await;
    assert_eq!(outcome["reason"], "aborted", "{outcome}");
    assert_eq!(rated_games(addr, "Callee").await, 0);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_directors_entry_of_an_account_is_an_invitation() {
    let (_dir, server, addr) = fresh_server_with(settings()).await;
    let director = account(addr, "Director").await;
    let ann = account(addr, "Ann").await;
    account(addr, "Ben").await;
    let body = json!({
        "name": "Blitz night", "format": "swiss", "rounds": 1, "online": true, "rated": true,
        "clock": {"initial_s": 0, "byoyomi_s": 1, "periods": 1}, "no_show_s": 2,
    });
    let (id, _) = create(addr, &director, body).await;
    let path = |what: &str| format!("/api/tournaments/{id}/{what}");
    for name in ["Ann", "Ben"] {
        let entry = json!({"name": name, "rating": 1500, "account": name});
        let t = send(addr, "POST", &path("players"), Some(&director), Some(entry))
            .await
            .expect(201)
            .json();
        assert_eq!(t["players"], json!([]), "{t}");
    }
    let t = get(addr, &format!("/api/tournaments/{id}"))
        .await
        .expect(200)
        .json();
    let invited: Vec<&str> = t["invited"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["username"].as_str().unwrap())
        .collect();
    assert_eq!(invited, ["Ann", "Ben"]);
    // Nobody who has not accepted is paired: the director cannot start with them.
    send(addr, "POST", &path("start"), Some(&director), None)
        .await
        .expect(409);
    // Ann accepts; Ben never does, so there is still nobody to play her.
    let t = send(addr, "POST", &path("join"), Some(&ann), None)
        .await
        .expect(200)
        .json();
    assert_eq!(t["players"][0]["username"], "Ann");
    assert_eq!(t["invited"].as_array().unwrap().len(), 1);
    send(addr, "POST", &path("start"), Some(&director), None)
        .await
        .expect(409);
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert_eq!(rated_games(addr, "Ben").await, 0);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_tournament_no_show_is_a_forfeit_and_costs_no_rating() {
    let (_dir, server, addr) = fresh_server_with(settings()).await;
    let director = account(addr, "Td").await;
    let players = [
        account(addr, "Present").await,
        account(addr, "Absent").await,
    ];
    let body = json!({
        "name": "Forfeits", "format": "swiss", "rounds": 1, "online": true, "rated": true,
        "clock": {"initial_s": 0, "byoyomi_s": 1, "periods": 1}, "no_show_s": 2,
    });
    let (id, _) = create(addr, &director, body).await;
    let t = join_and_start(addr, &id, &director, &players).await;
    let board = &t["rounds"][0]["boards"][0];
    let game = board["game"].as_str().unwrap().to_string();
    // Whoever is sente there is present and moves; the other never does.
    let present_is_sente = board["sente"] == 1;
    let mover = if present_is_sente {
        &players[0]
    } else {
        &players[1]
    };
    api(
        addr,
        "POST",
        &format!("/api/board/game/{game}/move/7g7f"),
        mover,
        None,
    )
    .await
    .expect(200);
    let t = view_when(addr, &id, 10.0, |t| {
        t["rounds"][0]["boards"][0]["result"].is_string()
    })
    .await;
    assert_eq!(t["rounds"][0]["boards"][0]["result"], "sente_forfeit_win");
    assert_eq!(ended(addr, &game).await["reason"], "aborted");
    assert_eq!(rated_games(addr, "Present").await, 0);
    assert_eq!(rated_games(addr, "Absent").await, 0);
    server.shutdown().await.unwrap();
}
