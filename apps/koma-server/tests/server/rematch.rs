//! Rematches: after the end, a player offers the same game with the colours reversed, and
//! only the opponent's consent creates it (the engine consents at once); each keeps his
//! token, the old game names the new one, and asking again gives that one game. An offer
//! may be declined or withdrawn; a tournament's games have none.

use crate::common::*;
use crate::lishogi_api::{account, api};
use crate::tournaments::{board, create, join_and_start};
use koma_server::Settings;
use serde_json::json;
use std::net::SocketAddr;
use std::time::Duration;

/// How many games the server lists.
async fn games(addr: SocketAddr) -> usize {
    let list = get(addr, "/api/games").await.expect(200).json();
    list.as_array().map_or(0, Vec::len)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_is_offered_and_the_opponents_consent_creates_it() {
    let (dir, server, addr) = fresh_server().await;
    let old = seated(addr, json!({"handicap": "lance", "time_control": "5m+10s"})).await;
    let id = &old.id;
    // Not before the end; never with a token that holds no seat.
    let early = refused_as(rematch(addr, id, &old.sente).await, 409, "game_not_over");
    assert!(early.contains("not over"), "{early}");
    resign(addr, id, &old.sente).await.expect(200);
    refused_as(
        rematch(addr, id, "0123456789abcdef0123456789abcdef").await,
        403,
        "no_seat",
    );
    refused_as(rematch(addr, "0000", &old.sente).await, 404, "not_found");

    let mut watcher = connect(addr, id, None).await;
    next(&mut watcher, 2.0).await;
    let mut gote = connect(addr, id, Some(&old.gote)).await;
    next(&mut gote, 2.0).await;

    // Sente offers: no game yet, the offer in the state, for the other seat and the
    // spectators, over HTTP and the WebSocket.
    let offered = rematch(addr, id, &old.sente).await.expect(202).json();
    assert_eq!(
        offered["id"],
        id.as_str(),
        "the answer is the old game's state"
    );
    assert_eq!(offered["offers"]["rematch"], "sente");
    assert_eq!(offered["rematch"], json!(null));
    let seen = state(addr, id).await;
    assert_eq!(seen["offers"]["rematch"], "sente");
    assert_eq!(seen["rematch_allowed"], true);
    let pushed = until(&mut gote, 2.0, |g| g["offers"]["rematch"] == "sente").await;
    assert_eq!(pushed["seat"], "gote");
    assert_eq!(pushed["game"]["rematch"], json!(null));
    until(&mut watcher, 2.0, |g| g["offers"]["rematch"] == "sente").await;
    assert_eq!(games(addr).await, 1);

    // Offered again by the same player: the same offer, still no game.
    let again = rematch(addr, id, &old.sente).await.expect(202).json();
    assert_eq!(again["offers"]["rematch"], "sente");
    assert_eq!(again["rematch"], json!(null));
    assert_eq!(games(addr).await, 1);

    // Gote accepts: the new game, his seat in it (sente now) with his own token.
    let accepted = rematch(addr, id, &old.gote).await.expect(201).json();
    let new_id = accepted["id"].as_str().unwrap().to_string();
    assert_ne!(new_id, *id);
    assert_eq!(
        accepted["seat"], "sente",
        "gote of the old game is sente now"
    );
    assert_eq!(accepted["token"], old.gote.as_str());
    let game = &accepted["game"];
    assert_eq!(game["started"], true);
    assert_eq!(game["moves"], json!([]));
    assert_eq!(game["time_control"], "5m+10s");
    assert_eq!(game["creator"], "gote");
    // Between people the clock waits for both first moves.
    assert_eq!(game["clock"]["running"], json!(null));
    let before = state(addr, id).await;
    assert_eq!(game["start_sfen"], before["start_sfen"]);
    assert_eq!(game["rules"], before["rules"]);
    // The old game names its rematch, the offer gone, and pushes it to everyone.
    assert_eq!(before["rematch"], new_id.as_str());
    assert_eq!(before["offers"]["rematch"], json!(null));
    for socket in [&mut watcher, &mut gote] {
        let pushed = until(socket, 2.0, |g| !g["rematch"].is_null()).await;
        assert_eq!(pushed["game"]["rematch"], new_id.as_str());
    }
    assert_eq!(games(addr).await, 2);

    // Asked again, by the offerer: the same game, his seat, his own token; a "no" now has
    // nothing to decline.
    let again = rematch(addr, id, &old.sente).await.expect(200).json();
    assert_eq!(again["id"], new_id.as_str());
    assert_eq!(again["seat"], "gote");
    assert_eq!(again["token"], old.sente.as_str());
    refused_as(no_rematch(addr, id, &old.gote).await, 409, "no_offer");
    assert_eq!(games(addr).await, 2);

    // With the lance handicap gote (the old sente) moves first, with his old token.
    play(addr, &new_id, &old.gote, "3c3d").await.expect(403);
    play(addr, &new_id, &old.sente, "3c3d").await.expect(200);
    play(addr, &new_id, &old.gote, "7g7f").await.expect(200);
    server.shutdown().await.unwrap();

    // Both links survive a restart.
    let server = start(&dir.db()).await;
    let addr = server.local_addr();
    assert_eq!(state(addr, id).await["rematch"], new_id.as_str());
    let again = rematch(addr, id, &old.sente).await.expect(200).json();
    assert_eq!(
        (again["id"].as_str(), again["seat"].as_str()),
        (Some(new_id.as_str()), Some("gote"))
    );
    assert_eq!(plies(&state(addr, &new_id).await), 2);
    server.shutdown().await.unwrap();
}

/// The opponent declines an offer, the offerer withdraws one (each told over the
/// WebSocket); nobody else may offer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_offer_is_declined_or_withdrawn_and_only_players_make_one() {
    let (_dir, server, addr) = fresh_server().await;
    let old = seated(addr, json!({})).await;
    let other = seated(addr, json!({})).await;
    let id = &old.id;
    open_moves(addr, id, &old.sente, &old.gote).await;
    resign(addr, id, &old.gote).await.expect(200);

    // A spectator (no token) and a player of another game hold no seat here.
    let url = format!("/api/games/{id}/rematch");
    refused_as(post(addr, &url, &json!({})).await, 403, "missing_token");
    refused_as(rematch(addr, id, &other.sente).await, 403, "no_seat");
    refused_as(no_rematch(addr, id, &other.gote).await, 403, "no_seat");
    assert_eq!(state(addr, id).await["offers"]["rematch"], json!(null));
    // Nothing to decline yet.
    refused_as(no_rematch(addr, id, &old.gote).await, 409, "no_offer");

    let mut sente = connect(addr, id, Some(&old.sente)).await;
    next(&mut sente, 2.0).await;
    let mut gote = connect(addr, id, Some(&old.gote)).await;
    next(&mut gote, 2.0).await;

    // Declined: the offer gone, the offerer told, no game.
    rematch(addr, id, &old.sente).await.expect(202);
    until(&mut gote, 2.0, |g| g["offers"]["rematch"] == "sente").await;
    let declined = no_rematch(addr, id, &old.gote).await.expect(200).json();
    assert_eq!(declined["offers"]["rematch"], json!(null));
    assert_eq!(declined["rematch"], json!(null));
    // (The socket may skip the offer's state for the latest: the first without an offer
    // after the one on connecting is the declined one.)
    let told = until(&mut sente, 2.0, |g| g["offers"]["rematch"].is_null()).await;
    assert_eq!(told["game"]["rematch"], json!(null));
    refused_as(no_rematch(addr, id, &old.gote).await, 409, "no_offer");

    // Withdrawn by the offerer: gone as well.
    rematch(addr, id, &old.sente).await.expect(202);
    until(&mut gote, 2.0, |g| g["offers"]["rematch"] == "sente").await;
    let withdrawn = no_rematch(addr, id, &old.sente).await.expect(200).json();
    assert_eq!(withdrawn["offers"]["rematch"], json!(null));
    until(&mut gote, 2.0, |g| g["offers"]["rematch"].is_null()).await;
    refused_as(no_rematch(addr, id, &old.sente).await, 409, "no_offer");
    assert_eq!(state(addr, id).await["rematch"], json!(null));
    assert_eq!(games(addr).await, 2);

    // Gote offers this time, sente accepts.
    let accepted = rematch_agreed(addr, id, &old.gote, &old.sente).await;
    assert_eq!(accepted["seat"], "gote");
    assert_eq!(accepted["token"], old.sente.as_str());
    assert_eq!(state(addr, id).await["rematch"], accepted["id"]);
    assert_eq!(games(addr).await, 3);
    server.shutdown().await.unwrap();
}

/// The engine accepts at once: the first request creates the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_against_the_engine_gives_it_the_other_colour() {
    let (_dir, server, addr) = fresh_server().await;
    let g = engine_game(addr, json!({"side": "sente", "engine": {"depth": 1}})).await;
    resign(addr, &g.id, &g.token).await.expect(200);
    let new = rematch(addr, &g.id, &g.token).await.expect(201).json();
    assert_eq!(new["seat"], "gote");
    assert_eq!(new["token"], g.token.as_str());
    assert_eq!(
        new["game"]["engine"],
        json!({"seat": "sente", "movetime_ms": null, "depth": 1})
    );
    let old = state(addr, &g.id).await;
    assert_eq!(old["rematch"], new["id"]);
    assert_eq!(old["offers"]["rematch"], json!(null));
    // The engine is sente now: it moves by itself.
    let new_id = new["id"].as_str().unwrap();
    let game = poll(addr, new_id, 10.0, |g| plies(g) == 1).await;
    assert_eq!(game["side_to_move"], "gote");
    server.shutdown().await.unwrap();
}

/// The state says whether a player's offer of a rematch would be taken, so that the page
/// shows only those: not before the end, not for a game between people aborted before
/// both moved, yes once decided (while offered, and still once the rematch exists).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_state_says_whether_a_rematch_would_be_granted() {
    let settings = Settings {
        first_move_ttl: Duration::from_secs(1),
        ..Settings::for_searches(1)
    };
    let (_dir, server, addr) = fresh_server_with(settings).await;
    let aborted = seated(addr, json!({})).await;
    let decided = seated(addr, json!({})).await;
    open_moves(addr, &decided.id, &decided.sente, &decided.gote).await;
    assert_eq!(state(addr, &decided.id).await["rematch_allowed"], false);
    resign(addr, &decided.id, &decided.gote).await.expect(200);

    let game = poll(addr, &aborted.id, 5.0, |g| !g["outcome"].is_null()).await;
    assert_eq!(game["outcome"]["reason"], "aborted");
    assert_eq!(game["rematch_allowed"], false, "{game}");
    refused_as(
        rematch(addr, &aborted.id, &aborted.sente).await,
        409,
        "aborted",
    );

    assert_eq!(state(addr, &decided.id).await["rematch_allowed"], true);
    rematch(addr, &decided.id, &decided.sente).await.expect(202);
    assert_eq!(state(addr, &decided.id).await["rematch_allowed"], true);
    // Nobody watches the game: the offer still stands after the server's sweeps.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(state(addr, &decided.id).await["offers"]["rematch"], "sente");
    rematch(addr, &decided.id, &decided.gote).await.expect(201);
    assert_eq!(state(addr, &decided.id).await["rematch_allowed"], true);
    rematch(addr, &decided.id, &decided.sente).await.expect(200);
    server.shutdown().await.unwrap();
}

/// The game of a two-player online knockout, its first moves played and then resigned:
/// the tournament's id and the game's.
async fn tournament_game_over(addr: SocketAddr) -> (String, String) {
    let director = account(addr, "Director").await;
    let players = [account(addr, "Ayumu").await, account(addr, "Bunta").await];
    let body = json!({
        "name": "Final", "format": "knockout", "online": true,
        "clock": {"initial_s": 300, "byoyomi_s": 10, "periods": 1},
    });
    let (tid, _) = create(addr, &director, body).await;
    let t = join_and_start(addr, &tid, &director, &players).await;
    let game = t["rounds"][0]["boards"][0]["game"]
        .as_str()
        .unwrap()
        .to_string();
    // Whichever player is sente opens; the other answers, then resigns.
    let path = format!("/api/board/game/{game}/move/7g7f");
    let [a, b] = &players;
    let gote = if api(addr, "POST", &path, a, None).await.status == 200 {
        b
    } else {
        api(addr, "POST", &path, b, None).await.expect(200);
        a
    };
    board(addr, gote, &game, "move/3c3d").await;
    board(addr, gote, &game, "resign").await;
    (tid, game)
}

/// A tournament pairs its players: its games offer no rematch (the state says so, also
/// when read back from the store after a restart), and the request is refused whoever
/// makes it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_game_has_no_rematch_even_after_a_restart() {
    let (dir, server, addr) = fresh_server_with(Settings {
        limits: koma_server::Limits::no_rate_limits(),
        ..Settings::default()
    })
    .await;
    let (_, game) = tournament_game_over(addr).await;
    let seen = poll(addr, &game, 5.0, |g| !g["outcome"].is_null()).await;
    assert_eq!(seen["outcome"]["reason"], "resignation", "{seen}");
    assert_eq!(seen["rematch_allowed"], false, "{seen}");
    // The players play with their accounts: any token is refused as the game's.
    let token = "0123456789abcdef0123456789abcdef";
    let message = refused_as(rematch(addr, &game, token).await, 409, "tournament_game");
    assert!(message.contains("tournament"), "{message}");
    refused_as(no_rematch(addr, &game, token).await, 409, "tournament_game");
    server.shutdown().await.unwrap();

    let server = start(&dir.db()).await;
    let addr = server.local_addr();
    let seen = state(addr, &game).await;
    assert_eq!(seen["rematch_allowed"], false, "{seen}");
    assert_eq!(seen["offers"]["rematch"], json!(null));
    refused_as(rematch(addr, &game, token).await, 409, "tournament_game");
    server.shutdown().await.unwrap();
}
