//! An online knockout's drawn games: the server starts the decider at once, an armageddon
//! game (a draw in it goes to gote) or a rematch with the colours reversed, and the board
//! takes the match's result.

use crate::common::fresh_server_with;
use crate::lishogi_api::{account, api};
use crate::tournaments::{board, board_move, create, join_and_start, view_when};
use serde_json::{Value, json};
use std::net::SocketAddr;

/// Plays the first move of `game` as whichever of `a` and `b` is sente there; gives (sente,
/// gote) and plays gote's reply.
async fn open<'a>(addr: SocketAddr, game: &str, a: &'a str, b: &'a str) -> (&'a str, &'a str) {
    let path = format!("/api/board/game/{game}/move/7g7f");
    let (sente, gote) = if api(addr, "POST", &path, a, None).await.status == 200 {
        (a, b)
    } else {
        api(addr, "POST", &path, b, None).await.expect(200);
        (b, a)
    };
    board_move(addr, gote, game, "3c3d").await;
    (sente, gote)
}

/// A two-player online knockout under `rule`, started; gives its id, the two tokens in
/// entry order and the view.
async fn final_of_two(addr: SocketAddr, rule: &str) -> (String, [String; 2], Value) {
    let director = account(addr, &format!("Td{rule}")).await;
    let players = [
        account(addr, &format!("A{rule}")).await,
        account(addr, &format!("B{rule}")).await,
    ];
    let body = json!({
        "name": format!("Final {rule}"), "format": "knockout", "online": true,
        "clock": {"initial_s": 300, "byoyomi_s": 10, "periods": 1}, "knockout_draw": rule,
    });
    let (id, _) = create(addr, &director, body).await;
    let t = join_and_start(addr, &id, &director, &players).await;
    (id, players, t)
}

/// Draws `game` by agreement after one move each.
async fn draw(addr: SocketAddr, game: &str, a: &str, b: &str) -> (String, String) {
    let (sente, gote) = open(addr, game, a, b).await;
    board(addr, sente, game, "draw/yes").await;
    board(addr, gote, game, "draw/yes").await;
    (sente.to_string(), gote.to_string())
}

#[tokio::test]
async fn a_drawn_knockout_game_is_decided_by_armageddon_or_rematch() {
    let (_dir, server, addr) = fresh_server_with(koma_server::Settings {
        limits: koma_server::Limits::no_rate_limits(),
        ..koma_server::Settings::default()
    })
    .await;

    // Armageddon: the first game and the armageddon are both drawn; gote of the armageddon
    // goes on.
    let (id, [a, b], t) = final_of_two(addr, "armageddon").await;
    let first = t["rounds"][0]["boards"][0]["game"]
        .as_str()
        .unwrap()
        .to_string();
    draw(addr, &first, &a, &b).await;
    let t = view_when(addr, &id, 10.0, |t| {
        t["rounds"][0]["boards"][0]["game"]
            .as_str()
            .is_some_and(|g| g != first)
    })
    .await;
    let b0 = &t["rounds"][0]["boards"][0];
    assert!(b0["result"].is_null(), "{b0}");
    assert_eq!(b0["drawn"][0]["game"], first.as_str());
    assert_eq!(b0["drawn"][0]["result"], "draw");
    let armageddon = b0["game"].as_str().unwrap().to_string();
    let (_, gote) = draw(addr, &armageddon, &a, &b).await;
    let t = view_when(addr, &id, 10.0, |t| t["status"] == "finished").await;
    let b0 = &t["rounds"][0]["boards"][0];
    // Entry 1 joined first: player 1 is a's entry.
    let gote_n = if gote == a { 1 } else { 2 };
    let expected = if b0["sente"] == gote_n {
        "sente"
    } else {
        "gote"
    };
    assert_eq!(
        b0["result"], expected,
        "the armageddon's draw goes to its gote: {b0}"
    );
    assert_eq!(t["knockout"]["bracket"][0][0]["winner"], gote_n);

    // Rematch: colours reversed; the rematch's sente resigns, so its gote goes on.
    let (id, [a, b], t) = final_of_two(addr, "rematch").await;
    let first = t["rounds"][0]["boards"][0]["game"]
        .as_str()
        .unwrap()
        .to_string();
    let (first_sente, _) = draw(addr, &first, &a, &b).await;
    let t = view_when(addr, &id, 10.0, |t| {
        t["rounds"][0]["boards"][0]["game"]
            .as_str()
            .is_some_and(|g| g != first)
    })
    .await;
    let again = t["rounds"][0]["boards"][0]["game"]
        .as_str()
        .unwrap()
        .to_string();
    let (sente, gote) = open(addr, &again, &a, &b).await;
    assert_ne!(sente, first_sente, "the rematch reverses the colours");
    board(addr, sente, &again, "resign").await;
    let t = view_when(addr, &id, 10.0, |t| t["status"] == "finished").await;
    let gote_n = if gote == a { 1 } else { 2 };
    assert_eq!(t["knockout"]["bracket"][0][0]["winner"], gote_n);
    assert_eq!(t["standings"][0]["n"], gote_n);
    server.shutdown().await.unwrap();
}
