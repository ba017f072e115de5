//! Setting up a game, as a person tries it: time controls that give no time or absurd time
//! are refused with a message saying so; a handicap game has no furigoma and seats the
//! creator by a rule; the list of games says who won, not only the stored result.

use crate::common::*;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn time_controls_are_bounded_with_clear_messages() {
    let (_dir, server, addr) = fresh_server().await;
    for (text, says) in [
        ("sudden:0s", "`sudden:0s` gives no time at all"),
        ("0m+0s", "`0m+0s` gives no time at all"),
        (
            "99999999999h+30s",
            "main time `99999999999h` is longer than the limit of 1d",
        ),
        (
            "10m+15d",
            "byoyomi period `15d` is longer than the limit of 14d",
        ),
        ("fischer:0+10s", "Fischer needs main time above 0"),
        ("10m+30sx20", "at most 10 byoyomi periods, not 20"),
    ] {
        let message = refused_as(
            post(addr, "/api/games", &json!({"time_control": text})).await,
            400,
            "invalid_value",
        );
        assert!(
            message.starts_with(&format!("time control '{text}': ")) && message.contains(says),
            "{text}: {message}"
        );
    }
    // Byoyomi only, and the longest main time, are fine.
    for (text, stored) in [
        ("0m+10s", "0+10s"),
        ("24h+1m", "1d+1m"),
        ("0+72h", "0+3d"),
        ("sudden:1m", "1m"),
    ] {
        let created = post(addr, "/api/games", &json!({"time_control": text}))
            .await
            .expect(201)
            .json();
        assert_eq!(created["game"]["time_control"], stored, "{text}");
    }
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_handicap_game_has_no_furigoma_and_the_creator_gives_the_handicap() {
    // Many games in a row: more than one client may create in a burst.
    let (_dir, server, addr) = unlimited_server().await;
    // Random (asked or by default), many times: always gote, the giver, who moves first.
    for side in [json!("random"), json!("furigoma"), json!(null)] {
        for _ in 0..8 {
            let mut body = json!({"handicap": "bishop"});
            if !side.is_null() {
                body["side"] = side.clone();
            }
            let created = post(addr, "/api/games", &body).await.expect(201).json();
            assert_eq!(created["seat"], "gote", "{body}");
            assert_eq!(created["furigoma"], json!(null), "{body}");
            assert_eq!(created["game"]["side_to_move"], "gote");
            assert_eq!(created["game"]["creator"], "gote");
        }
    }
    // Receiving the handicap is a choice: sente.
    let receiver = post(
        addr,
        "/api/games",
        &json!({"handicap": "rook", "side": "sente"}),
    )
    .await
    .expect(201)
    .json();
    assert_eq!(receiver["seat"], "sente");
    assert_eq!(receiver["furigoma"], json!(null));
    // Against the engine too: the engine receives the handicap and waits for the creator.
    let engine = post(
        addr,
        "/api/games",
        &json!({"handicap": "lance", "opponent": "engine", "engine": {"depth": 1}}),
    )
    .await
    .expect(201)
    .json();
    assert_eq!(engine["seat"], "gote");
    assert_eq!(engine["game"]["engine"]["seat"], "sente");
    // An even game (named or not) still tosses the pawns.
    for body in [json!({"handicap": "even"}), json!({})] {
        let even = post(addr, "/api/games", &body).await.expect(201).json();
        assert!(even["furigoma"].as_str().unwrap().contains('歩'), "{body}");
    }
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_list_says_who_won_and_why() {
    let (_dir, server, addr) = fresh_server().await;
    let game = seated(addr, json!({})).await;
    play(addr, &game.id, &game.sente, "7g7f").await.expect(200);
    // Sente resigns: gote wins.
    resign(addr, &game.id, &game.sente).await.expect(200);
    let list = get(addr, "/api/games").await.expect(200).json();
    let entry = list
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == game.id.as_str())
        .expect("the game is listed");
    assert_eq!(entry["result"], "gote resignation");
    assert_eq!(
        entry["outcome"],
        json!({"winner": "gote", "reason": "resignation", "result": "gote resignation"})
    );
    let waiting = post(addr, "/api/games", &json!({}))
        .await
        .expect(201)
        .json();
    let list = get(addr, "/api/games").await.expect(200).json();
    let entry = list
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == waiting["id"])
        .expect("the new game is listed");
    assert_eq!(entry["outcome"], json!(null));

    // A record read answers the same way: sente resigned at move 3, gote won.
    let kif = "手数----指手---------消費時間--\n1 ７六歩(77)\n2 ３四歩(33)\n3 投了\n";
    let read = post(addr, "/api/records/read", &json!({"text": kif}))
        .await
        .expect(200)
        .json();
    assert_eq!(
        read["outcome"],
        json!({"winner": "gote", "reason": "resignation", "result": "gote resignation"})
    );
    server.shutdown().await.unwrap();
}
