//! Hosted Chu games between two accounts, on the paths every game takes: a seek accepted in
//! the lobby, moves (a lion's double move among them) checked by the rules, a spectator's
//! state, the ending, the rating in Chu's own pool, the stored game after a restart, and
//! the KIF exported and read back.

use crate::common::{
    connect, engine_game, fresh_sqlite_server, get, play, plies, poll, post, refused_as,
    rematch_agreed, resign, review, seated, start, state, until,
};
use crate::lobby::{accept, account, heard, lobby_socket, seek};
use crate::offers::offer;
use serde_json::{Value, json};

/// lishogi's Chu start (scalashogi's `Chushogi.initialSfen`).
const CHU_START: &str = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_chu_game_from_a_seek_is_played_stored_rated_and_exported() {
    let (dir, server, addr) = fresh_sqlite_server().await;
    let alice = account(addr, "Alice").await;
    let bob = account(addr, "Bob").await;
    // Chu is played slowly: 30 minutes and 60 s byoyomi is a classical game.
    let request = json!({
        "variant": "chushogi", "time_control": "30m+60s", "rated": true, "side": "sente",
    });
    let mut alice_ws = lobby_socket(addr, Some(&alice)).await;
    let posted = seek(addr, &alice, request).await.expect(201).json();
    assert_eq!(posted["pool"], "chushogi-classical");
    let seek_id = posted["id"].as_str().unwrap().to_string();
    let paired = accept(addr, &bob, &seek_id).await.expect(201).json();
    assert_eq!(paired["seat"], "gote");
    let id = paired["game"].as_str().unwrap().to_string();
    // Alice hears of it on her lobby connection, with her seat's token.
    let told = heard(&mut alice_ws, 5.0, |m| m["type"] == "paired").await;
    let sente = told["token"].as_str().unwrap().to_string();
    let gote = paired["token"].as_str().unwrap().to_string();
    let (sente, gote) = (sente.as_str(), gote.as_str());
    let game = state(addr, &id).await;
    assert_eq!(game["variant"], "chushogi");
    assert_eq!(game["rules"], "chushogi");
    assert_eq!(game["start_sfen"], CHU_START);
    assert_eq!(game["rated"], true);
    assert_eq!(game["suggested_handicap"], Value::Null);
    assert!(game["legal_moves"].as_array().unwrap().len() > 30);
    assert!(game["clock"]["sente"]["main_ms"].as_u64() == Some(30 * 60 * 1000));

    play(addr, &id, sente, "7i7h").await.expect(200);
    play(addr, &id, gote, "6d6e").await.expect(200);
    // The lion steps twice in one move: 7j to 7i, then on to 6h.
    let after = play(addr, &id, sente, "7j7i6h").await.expect(200).json();
    assert_eq!(after["moves"], json!(["7i7h", "6d6e", "7j7i6h"]));
    assert_eq!(after["history"][2]["western"], "Ln-79-68");
    assert_eq!(after["history"][2]["japanese"], "７九・６八獅");
    assert_eq!(after["side_to_move"], "gote");

    // Gote's lance onto his own reverse chariot, and a move that is no move.
    let m = refused_as(play(addr, &id, gote, "1a1b").await, 400, "illegal_move");
    assert!(m.contains("own piece"), "{m}");
    let m = refused_as(play(addr, &id, gote, "zz").await, 400, "unreadable_move");
    assert!(m.contains("not a Chu USI move"), "{m}");
    refused_as(play(addr, &id, sente, "6g6f").await, 403, "not_your_turn");

    // A guest watches the same state.
    let watched = get(addr, &format!("/api/games/{id}"))
        .await
        .expect(200)
        .json();
    assert_eq!(watched["sfen"], after["sfen"]);

    let ended = resign(addr, &id, gote).await.expect(200).json();
    assert_eq!(ended["outcome"]["winner"], "sente");
    assert_eq!(ended["outcome"]["reason"], "resignation");
    assert_eq!(ended["players"]["sente"]["rating_before"], 1500);
    assert!(ended["players"]["sente"]["rating"].as_i64().unwrap() > 1500);

    // The rating is Chu's own: shogi's pools are untouched.
    let profile = get(addr, "/api/user/alice").await.expect(200).json();
    assert_eq!(
        profile["perfs"]["chushogi-classical"]["games"], 1,
        "{profile}"
    );
    assert_eq!(profile["perfs"]["classical"]["games"], 0, "{profile}");

    let kif = get(addr, &format!("/api/games/{id}/record?format=kif"))
        .await
        .expect(200)
        .body;
    assert!(kif.contains("3手目二歩目 ▲6八獅子 （←7九）"), "{kif}");
    // The header names the players and the clock, as a 9x9 game's record does.
    for line in [
        "先手：Alice\n",
        "後手：Bob\n",
        "持ち時間：各30分（秒読み1分）\n",
        "開始日時：",
    ] {
        assert!(kif.contains(line), "{line} not in {kif}");
    }
    assert!(kif.contains("4手目 △投了"), "{kif}");
    // Read back by the records' reader: the same moves and ending.
    let read = koma_game::chu::record::read(&kif).expect("the exported KIF reads back");
    let usi: Vec<String> = read.moves().iter().map(ToString::to_string).collect();
    assert_eq!(usi, ["7i7h", "6d6e", "7j7i6h"]);
    assert_eq!(
        read.outcome(),
        Some(koma_game::Outcome::win(
            koma_rules::Color::Black,
            koma_game::Reason::Resignation,
        ))
    );
    let converted = post(
        addr,
        "/api/records/convert",
        &json!({"text": kif, "to": "usi"}),
    )
    .await
    .expect(200)
    .json();
    assert!(
        converted["text"]
            .as_str()
            .unwrap()
            .ends_with("moves 7i7h 6d6e 7j7i6h\n"),
        "{converted}"
    );
    server.shutdown().await.unwrap();

    // After a restart the stored game replays to the same state and rates nothing again.
    let server = start(&dir.db()).await;
    let addr = server.local_addr();
    let again = state(addr, &id).await;
    assert_eq!(again["variant"], "chushogi");
    assert_eq!(again["moves"], after["moves"]);
    assert_eq!(again["outcome"], ended["outcome"]);
    let profile = get(addr, "/api/user/alice").await.expect(200).json();
    assert_eq!(profile["perfs"]["chushogi-classical"]["games"], 1);
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_engine_takes_a_seat_in_a_chu_game_and_answers_on_its_clock() {
    let (_dir, server, addr) = fresh_sqlite_server().await;
    let request = json!({
        "variant": "chushogi",
        "side": "sente",
        "time_control": "5m+2s",
        "engine": {"movetime_ms": 200},
    });
    let game = engine_game(addr, request).await;
    assert_eq!(game.seat, "sente");
    // The lion's double move, then the engine's reply as gote: a legal Chu move.
    play(addr, &game.id, &game.token, "7i7h").await.expect(200);
    let s = poll(addr, &game.id, 20.0, |s| plies(s) == 2).await;
    play(addr, &game.id, &game.token, "7j7i6h")
        .await
        .expect(200);
    let s2 = poll(addr, &game.id, 20.0, |s| plies(s) == 4).await;
    let moves: Vec<&str> = s2["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(
        moves[..3],
        ["7i7h", s["moves"][1].as_str().unwrap(), "7j7i6h"]
    );
    assert!(s2["outcome"].is_null(), "{s2}");
    assert_eq!(s2["variant"], "chushogi");
    assert_eq!(s2["side_to_move"], "sente", "{s2}");
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_engine_reviews_a_chu_line_with_its_double_moves() {
    let (_dir, server, addr) = fresh_sqlite_server().await;
    // Sente's lion takes twice (6f: the pawn on 6e, the gold on 6d); the review's first
    // position has that move as its best, and the move played is judged against it.
    let sfen = "k11/12/12/6g5/6p5/6N5/12/12/12/12/12/11K b - 1";
    let line = json!({
        "variant": "chushogi",
        "start_sfen": sfen,
        "moves": ["1l1k", "12a12b", "6f6e6d"],
        "movetime_ms": 100,
    });
    let r = review(addr, &line, 30.0).await;
    assert!(r["error"].is_null(), "{r}");
    let entries = r["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 4, "{r}");
    assert_eq!(entries[0]["best"], "6f6e6d", "{r}");
    assert_eq!(entries[0]["best_text"], "６五・６四獅", "{r}");
    // 1l1k left the two pieces hanging where the lion took them at once: a mistake at least.
    assert_eq!(entries[1]["played"], "1l1k");
    assert!(entries[1]["mark"].is_string(), "{}", entries[1]);
    assert_eq!(entries[1]["better"], "6f6e6d");
    assert_eq!(entries[3]["played"], "6f6e6d");
    assert_eq!(entries[3]["played_text"], "６五・６四獅");
    // A move of the other frame, or one Chu's rules refuse, is named.
    let bad = json!({"variant": "chushogi", "moves": ["7g7f"]});
    refused_as(post(addr, "/api/reviews", &bad).await, 400, "illegal_move");
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_chu_games_do_not_take_yet_is_refused_by_name() {
    let (_dir, server, addr) = fresh_sqlite_server().await;
    let chu = |extra: Value| {
        let mut request = json!({"variant": "chushogi"});
        request
            .as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        request
    };
    let m = refused_as(
        post(addr, "/api/games", &chu(json!({"handicap": "lance"}))).await,
        400,
        "not_in_chu",
    );
    assert!(m.contains("handicaps"), "{m}");
    // The 9x9 rule sets are not Chu's.
    refused_as(
        post(addr, "/api/games", &chu(json!({"rules": "amateur"}))).await,
        400,
        "unknown_name",
    );
    refused_as(
        post(addr, "/api/games", &chu(json!({"sfen": "9/9/9 b - 1"}))).await,
        400,
        "invalid_position",
    );
    // A Chu game from a position of its own.
    let sfen = "kp10/12/12/12/12/12/12/12/12/12/12/R10K b - 1";
    let made = post(addr, "/api/games", &chu(json!({"sfen": sfen})))
        .await
        .expect(201)
        .json();
    assert_eq!(made["game"]["start_sfen"], sfen);
    let m = post(addr, "/api/games", &json!({"variant": "chess"})).await;
    let m = refused_as(m, 400, "unknown_name");
    assert!(m.ends_with("dobutsu, chushogi)"), "{m}");
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_casual_chu_game_by_invitation_takes_a_takeback_and_a_draw_and_is_watched() {
    let (_dir, server, addr) = fresh_sqlite_server().await;
    let g = seated(
        addr,
        json!({"variant": "chushogi", "time_control": "1h+60s"}),
    )
    .await;
    let id = &g.id;
    let mut watcher = connect(addr, id, None).await;
    play(addr, id, &g.sente, "7i7h").await.expect(200);
    play(addr, id, &g.gote, "6d6e").await.expect(200);
    play(addr, id, &g.sente, "7j7i6h").await.expect(200);
    // The spectator's pushes carry the lion's double move.
    let seen = until(&mut watcher, 2.0, |s| plies(s) == 3).await;
    assert_eq!(seen["game"]["history"][2]["usi"], "7j7i6h");
    // Sente takes his lion move back, gote agrees: the line and its history go back with it.
    offer(addr, id, "takeback", &g.sente, true)
        .await
        .expect(200);
    let granted = offer(addr, id, "takeback", &g.gote, true)
        .await
        .expect(200)
        .json();
    assert_eq!(granted["moves"], json!(["7i7h", "6d6e"]));
    assert_eq!(granted["history"].as_array().unwrap().len(), 2);
    assert_eq!(granted["side_to_move"], "sente");
    play(addr, id, &g.sente, "3i3h").await.expect(200);
    offer(addr, id, "draw", &g.gote, true).await.expect(200);
    let agreed = offer(addr, id, "draw", &g.sente, true)
        .await
        .expect(200)
        .json();
    assert_eq!(agreed["outcome"]["reason"], "agreement");
    assert_eq!(agreed["rated"], false);
    // The rematch is Chu again, colours reversed, with the same clock.
    let again = rematch_agreed(addr, id, &g.gote, &g.sente).await;
    assert_eq!(again["game"]["variant"], "chushogi");
    assert_eq!(again["game"]["time_control"], "1h+1m");
    assert_eq!(again["seat"], "gote");
    let next = again["id"].as_str().unwrap();
    play(addr, next, &g.gote, "7i7h").await.expect(200);
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chu_game_through_lishogis_api() {
    use crate::lishogi_api::{account, api, line_where, open_stream};
    let (_dir, server, addr) = fresh_sqlite_server().await;
    let alice = account(addr, "Alice").await;
    let bob = account(addr, "Bob").await;
    // A challenge as lishogi's clients send it: 30 minutes and 60 s byoyomi, variant chushogi.
    let form =
        "rated=true&clock.limit=1800&clock.byoyomi=60&clock.periods=1&color=sente&variant=chushogi";
    let challenge = api(addr, "POST", "/api/challenge/bob", &alice, Some(form))
        .await
        .expect(200)
        .json();
    assert_eq!(challenge["variant"]["key"], "chushogi", "{challenge}");
    let id = challenge["id"].as_str().unwrap().to_string();
    let accept = format!("/api/challenge/{id}/accept");
    api(addr, "POST", &accept, &bob, None).await.expect(200);

    let path = format!("/api/board/game/stream/{id}");
    let mut alices = open_stream(addr, "GET", &path, &alice, "").await;
    let full = line_where(&mut alices, 5, |v| v["type"] == "gameFull").await;
    assert_eq!(full["variant"]["key"], "chushogi", "{full}");
    assert_eq!(full["initialSfen"], "startpos", "{full}");
    assert_eq!(full["rated"], true);
    for (usi, who) in [("7i7h", &alice), ("6d6e", &bob), ("7j7i6h", &alice)] {
        let path = format!("/api/board/game/{id}/move/{usi}");
        api(addr, "POST", &path, who, None).await.expect(200);
    }
    let seen = line_where(&mut alices, 5, |v| {
        v["type"] == "gameState" && v["moves"] == "7i7h 6d6e 7j7i6h"
    })
    .await;
    assert_eq!(seen["status"], "started");
    // An illegal move is refused in lishogi's words: a 400 with an error.
    let path = format!("/api/board/game/{id}/move/1a1b");
    let refused = api(addr, "POST", &path, &bob, None)
        .await
        .expect(400)
        .json();
    assert!(
        refused["error"].as_str().is_some_and(|e| !e.is_empty()),
        "{refused}"
    );
    server.shutdown().await.unwrap();
}
