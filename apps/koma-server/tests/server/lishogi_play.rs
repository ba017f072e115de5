//! lishogi's board and bot API during play: a player who leaves (his game stream and his
//! game's WebSocket closed) is announced on the opponent's stream (`opponentGone`), who may
//! then claim the win, and the claims refused before; berserk in an arena game and the
//! berserks refused; the JSON fields bots read at start-up.

use crate::common::{fresh_server_with, get, state};
use crate::lishogi_api::{Stream, account, api, error, game, line_where, next_json, open_stream};
use crate::tournaments_arena::first_berserk_game;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::time::Duration;

/// `token`'s claim of victory in `id`.
pub(crate) async fn claim(addr: SocketAddr, id: &str, token: &str) -> crate::common::Reply {
    let path = format!("/api/board/game/{id}/claim-victory");
    api(addr, "POST", &path, token, None).await
}

/// The first refusal of `token`'s claim in `id` that is not for a connected opponent,
/// claiming again until the server has seen the opponent leave (15 s at most).
pub(crate) async fn refused_once_gone(addr: SocketAddr, id: &str, token: &str) -> String {
    let refused = async {
        loop {
            let e = error(claim(addr, id, token).await, 400);
            if !e.contains("connected") {
                return e;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    tokio::time::timeout(Duration::from_secs(15), refused)
        .await
        .expect("the opponent's leaving is seen")
}

/// Three moves in `id` through the board API, `sente`'s, `gote`'s and `sente`'s: both sides
/// have moved (a win may be claimed), and it is gote's move.
pub(crate) async fn both_moved(addr: SocketAddr, id: &str, sente: &str, gote: &str) {
    for (usi, who) in [("7g7f", sente), ("3c3d", gote), ("2g2f", sente)] {
        let path = format!("/api/board/game/{id}/move/{usi}");
        api(addr, "POST", &path, who, None).await.expect(200);
    }
}

/// The accounts Alice and Bob (their tokens), a game between them in which both have moved,
/// Bob to move ([`both_moved`]), and Alice's game stream of it, not read yet.
pub(crate) async fn bob_to_move(addr: SocketAddr) -> (String, String, String, Stream) {
    let alice = account(addr, "Alice").await;
    let bob = account(addr, "Bob").await;
    let id = game(addr, &alice, &bob, "bob").await;
    both_moved(addr, &id, &alice, &bob).await;
    let path = format!("/api/board/game/stream/{id}");
    let alices = open_stream(addr, "GET", &path, &alice, "").await;
    (alice, bob, id, alices)
}

/// The game's WebSocket as the account of `token`.
pub(crate) async fn socket_as(addr: SocketAddr, id: &str, token: &str) -> crate::common::Socket {
    let auth = [("Authorization", format!("Bearer {token}"))];
    crate::common::socket_with(addr, &format!("/api/games/{id}/ws"), &auth).await
}

#[tokio::test]
async fn a_player_gone_long_enough_loses_to_a_claim() {
    let settings = koma_server::Settings {
        gone_after: Duration::from_millis(1500),
        ..koma_server::Settings::default()
    };
    let (_dir, server, addr) = fresh_server_with(settings).await;
    let alice = account(addr, "Alice").await;
    let bob = account(addr, "Bob").await;
    let carol = account(addr, "Carol").await;
    let id = game(addr, &alice, &bob, "bob").await;
    let path = format!("/api/board/game/stream/{id}");
    let mut alices = open_stream(addr, "GET", &path, &alice, "").await;
    assert_eq!(next_json(&mut alices).await["type"], "gameFull");
    let bobs = open_stream(addr, "GET", &path, &bob, "").await;

    // Before both sides have moved there is nothing to claim: abort instead.
    assert!(error(claim(addr, &id, &alice).await, 400).contains("abort"));
    // Not a player of the game.
    assert_eq!(error(claim(addr, &id, &carol).await, 404), "Not your game");
    both_moved(addr, &id, &alice, &bob).await;
    // Bob is here; and on his own move Bob claims nothing.
    assert!(error(claim(addr, &id, &alice).await, 400).contains("connected"));
    assert!(error(claim(addr, &id, &bob).await, 400).contains("your move"));

    // Bob's stream closes, but his game's WebSocket keeps him here.
    let mut ws = socket_as(addr, &id, &bob).await;
    crate::common::next(&mut ws, 5.0).await;
    drop(bobs);
    tokio::time::sleep(Duration::from_millis(2000)).await;
    assert!(error(claim(addr, &id, &alice).await, 400).contains("connected"));
    // The socket closes too: gone, but not long enough yet.
    ws.close(None).await.unwrap();
    drop(ws);
    let soon = refused_once_gone(addr, &id, &alice).await;
    assert!(soon.contains("left"), "{soon}");
    assert_eq!(state(addr, &id).await["outcome"], Value::Null);

    // Alice's stream says so, with the seconds before the win may be claimed, then 0.
    let gone = line_where(&mut alices, 10, |l| l["type"] == "opponentGone").await;
    assert_eq!(gone["gone"], true, "{gone}");
    let now = if gone["claimWinInSeconds"] == 0 {
        gone
    } else {
        line_where(&mut alices, 10, |l| l["type"] == "opponentGone").await
    };
    assert_eq!(now["claimWinInSeconds"], 0, "{now}");
    api(
        addr,
        "POST",
        &format!("/api/board/game/{id}/claim-victory"),
        &alice,
        None,
    )
    .await
    .expect(200);

    // Sente wins, lishogi's status `timeout`; the game says gote abandoned it, the record too.
    let end = line_where(&mut alices, 5, |l| l["type"] == "gameState").await;
    assert_eq!(
        (end["status"].as_str(), end["winner"].as_str()),
        (Some("timeout"), Some("sente")),
        "{end}"
    );
    let stored = state(addr, &id).await;
    assert_eq!(stored["outcome"]["reason"], "abandoned", "{stored}");
    assert_eq!(stored["outcome"]["winner"], "sente", "{stored}");
    let kif = get(addr, &format!("/api/games/{id}/record?format=kif"))
        .await
        .expect(200)
        .body;
    assert!(kif.contains("後手の接続切れ"), "{kif}");
    // Over: no second claim.
    error(claim(addr, &id, &alice).await, 400);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_player_who_comes_back_is_no_longer_gone() {
    let settings = koma_server::Settings {
        gone_after: Duration::from_secs(60),
        ..koma_server::Settings::default()
    };
    let (_dir, server, addr) = fresh_server_with(settings).await;
    let (alice, bob, id, mut alices) = bob_to_move(addr).await;
    // Bob never connected: gone (since the game started), the win claimable in about a minute.
    let gone = line_where(&mut alices, 10, |l| l["type"] == "opponentGone").await;
    assert_eq!(gone["gone"], true, "{gone}");
    let seconds = gone["claimWinInSeconds"].as_u64().unwrap();
    assert!((50..=60).contains(&seconds), "{gone}");
    assert!(error(claim(addr, &id, &alice).await, 400).contains("once gone 60 s"));
    // He opens his stream: back.
    let path = format!("/api/board/game/stream/{id}");
    let _bobs = open_stream(addr, "GET", &path, &bob, "").await;
    let back = line_where(&mut alices, 5, |l| l["type"] == "opponentGone").await;
    assert_eq!(back, json!({"type": "opponentGone", "gone": false}));
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn berserk_in_an_arena_game_and_nowhere_else() {
    let (_dir, server, addr) = fresh_server_with(koma_server::Settings {
        limits: koma_server::Limits::no_rate_limits(),
        ..koma_server::Settings::default()
    })
    .await;
    let director = account(addr, "Director").await;
    let ann = account(addr, "Ann").await;
    let ben = account(addr, "Ben").await;
    let carol = account(addr, "Carol").await;

    // A game of no tournament: lishogi's 400.
    let plain = game(addr, &ann, &ben, "ben").await;
    let e = error(
        api(
            addr,
            "POST",
            &format!("/api/board/game/{plain}/berserk"),
            &ann,
            None,
        )
        .await,
        400,
    );
    assert!(e.contains("arena"), "{e}");

    let tokens: HashMap<String, String> = [("Ann", &ann), ("Ben", &ben)]
        .map(|(name, token)| (name.to_string(), token.clone()))
        .into();
    let (id, game_id, [sente, gote]) = first_berserk_game(addr, &director, &tokens).await;
    let (sente, gote) = (&sente, &gote);
    let berserk = format!("/api/board/game/{game_id}/berserk");

    // Not a player of it.
    assert_eq!(
        error(api(addr, "POST", &berserk, &carol, None).await, 404),
        "Not your game"
    );
    // The game stream names the tournament; sente goes berserk: half its main time, and no
    // byoyomi for it any more.
    let stream = format!("/api/board/game/stream/{game_id}");
    let mut games = open_stream(addr, "GET", &stream, sente, "").await;
    let full = next_json(&mut games).await;
    assert_eq!(full["tournamentId"], id.as_str(), "{full}");
    let ok = api(addr, "POST", &berserk, sente, None)
        .await
        .expect(200)
        .json();
    assert_eq!(ok["ok"], true);
    let after = line_where(&mut games, 5, |l| l["type"] == "gameState").await;
    let btime = after["btime"].as_u64().unwrap();
    assert!((140_000..=150_000).contains(&btime), "{after}");
    assert!(after["wtime"].as_u64().unwrap() > 290_000, "{after}");
    let clock = state(addr, &game_id).await["clock"].clone();
    assert_eq!(clock["sente"]["periods"], 0, "{clock}");
    // Not twice.
    let again = error(api(addr, "POST", &berserk, sente, None).await, 400);
    assert!(again.contains("berserk"), "{again}");
    // Gote, having moved, may not.
    for (usi, who) in [("7g7f", sente), ("3c3d", gote)] {
        let path = format!("/api/board/game/{game_id}/move/{usi}");
        api(addr, "POST", &path, who, None).await.expect(200);
    }
    let moved = error(api(addr, "POST", &berserk, gote, None).await, 400);
    assert!(moved.contains("first move"), "{moved}");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn what_a_bot_reads_at_start_up() {
    let (_dir, server, addr) = fresh_server_with(koma_server::Settings::default()).await;
    let alice = account(addr, "Alice").await;
    let robo = account(addr, "Robo").await;
    api(addr, "POST", "/api/bot/account/upgrade", &robo, None)
        .await
        .expect(200);
    // `GET /api/account`: lishogi's accountMe fields.
    let me = api(addr, "GET", "/api/account", &robo, None)
        .await
        .expect(200)
        .json();
    assert_eq!(
        (
            &me["id"],
            &me["username"],
            &me["title"],
            &me["online"],
            &me["url"]
        ),
        (
            &json!("robo"),
            &json!("Robo"),
            &json!("BOT"),
            &json!(true),
            &json!("/#@/Robo")
        ),
        "{me}"
    );
    assert!(me.get("playing").is_none(), "{me}");

    let mut robos = open_stream(addr, "GET", "/api/stream/event", &robo, "").await;
    let mut alices = open_stream(addr, "GET", "/api/stream/event", &alice, "").await;
    // A challenge is told to both; declined, both hear it too.
    let form = "rated=false&clock.limit=300&clock.increment=5&color=sente";
    let ch = api(addr, "POST", "/api/challenge/robo", &alice, Some(form))
        .await
        .expect(200)
        .json();
    let id = ch["id"].as_str().unwrap();
    for s in [&mut robos, &mut alices] {
        let seen = next_json(s).await;
        assert_eq!(
            (seen["type"].as_str(), seen["challenge"]["id"].as_str()),
            (Some("challenge"), Some(id))
        );
    }
    let decline = format!("/api/challenge/{id}/decline");
    api(addr, "POST", &decline, &robo, Some("reason=later"))
        .await
        .expect(200);
    for s in [&mut robos, &mut alices] {
        let seen = next_json(s).await;
        assert_eq!(seen["type"], "challengeDeclined", "{seen}");
        assert_eq!(seen["challenge"]["declineReason"], "later", "{seen}");
    }

    // A game: gameStart with lishogi's status object and compat; /api/account names it.
    let ch = api(addr, "POST", "/api/challenge/robo", &alice, Some(form))
        .await
        .expect(200)
        .json();
    let game_id = ch["id"].as_str().unwrap().to_string();
    next_json(&mut robos).await;
    let accept = format!("/api/challenge/{game_id}/accept");
    api(addr, "POST", &accept, &robo, None).await.expect(200);
    let start = line_where(&mut robos, 5, |l| l["type"] == "gameStart").await;
    assert_eq!(
        start["game"]["status"],
        json!({"id": 20, "name": "started"}),
        "{start}"
    );
    assert_eq!(
        start["game"]["compat"],
        json!({"bot": true, "board": true}),
        "{start}"
    );
    let start = line_where(&mut alices, 5, |l| l["type"] == "gameStart").await;
    assert_eq!(start["game"]["compat"]["bot"], false, "{start}");
    let me = api(addr, "GET", "/api/account", &robo, None)
        .await
        .expect(200)
        .json();
    assert_eq!(me["playing"], format!("/#game={game_id}"), "{me}");
    let playing = api(addr, "GET", "/api/account/playing", &robo, None)
        .await
        .expect(200)
        .json();
    assert_eq!(
        playing["nowPlaying"][0]["gameId"],
        game_id.as_str(),
        "{playing}"
    );
    // The bot's game stream: lishogi's fields for older clients (lishogi-bot reads
    // `initialFen`), each side's increment.
    let path = format!("/api/bot/game/stream/{game_id}");
    let mut stream = open_stream(addr, "GET", &path, &robo, "").await;
    let full = next_json(&mut stream).await;
    assert_eq!(full["initialFen"], "startpos", "{full}");
    assert_eq!(full["white"], full["sente"], "{full}");
    assert_eq!(full["black"]["title"], "BOT", "{full}");
    assert!(full.get("tournamentId").is_none(), "{full}");
    assert_eq!(
        (
            full["state"]["binc"].as_u64(),
            full["state"]["winc"].as_u64()
        ),
        (Some(5000), Some(5000))
    );
    // Resigned: gameFinish with lishogi's status number.
    api(
        addr,
        "POST",
        &format!("/api/board/game/{game_id}/resign"),
        &alice,
        None,
    )
    .await
    .expect(200);
    let finish = line_where(&mut robos, 5, |l| l["type"] == "gameFinish").await;
    assert_eq!(
        finish["game"]["status"],
        json!({"id": 31, "name": "resign"}),
        "{finish}"
    );
    server.shutdown().await.unwrap();
}

/// A correspondence game (days per move) waits for its players: no win is claimed in it,
/// whoever has left.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_win_is_claimed_in_a_correspondence_game() {
    let (_dir, server, addr) = fresh_server_with(koma_server::Settings::default()).await;
    let alice = account(addr, "Alice").await;
    let bob = account(addr, "Bob").await;
    let made = api(
        addr,
        "POST",
        "/api/challenge/bob",
        &alice,
        Some("days=3&color=sente"),
    )
    .await
    .expect(200)
    .json();
    let id = made["id"].as_str().unwrap().to_string();
    let accept = format!("/api/challenge/{id}/accept");
    api(addr, "POST", &accept, &bob, None).await.expect(200);
    both_moved(addr, &id, &alice, &bob).await;
    let refused = error(claim(addr, &id, &alice).await, 400);
    assert!(refused.contains("correspondence"), "{refused}");
    assert_eq!(state(addr, &id).await["time_control"], "0+3d");
    server.shutdown().await.unwrap();
}
