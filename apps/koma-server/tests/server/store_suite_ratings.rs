//! The store's conformance suite, rated games and players' games: seats held by accounts,
//! a game rated once, the history, a player's games and counts, bot accounts (on SQLite
//! and on PostgreSQL, see `store_suite.rs`).

use crate::store_suite::new_game;
use koma_game::rating::{Glicko, Pool};
use koma_rules::Color;
use koma_server::Store;
use koma_store::accounts::NewUser;
use koma_store::profiles::{GameCounts, PlayerQuery};
use koma_store::ratings::RatedGame;
use koma_store::{Ending, NewGame, Page, StoredOutcome};
use koma_store::{GameId, UserId};

fn add_users(store: &dyn Store, names: &[&str]) {
    for name in names {
        let user = NewUser {
            id: (*name).into(),
            username: name.to_string(),
            password_hash: "$argon2id$fake".to_string(),
            created_ms: 0,
        };
        assert!(store.create_user(&user).unwrap());
    }
}

/// A game between the accounts `sente` and `gote`, created at `created_ms`.
fn between(id: &str, sente: &str, gote: &str, created_ms: u64, rated: bool) -> NewGame {
    NewGame {
        players: [Some(sente.into()), Some(gote.into())],
        rated,
        created_ms,
        ..new_game(id)
    }
}

fn decide(store: &dyn Store, id: &str, at_ms: u64) {
    let outcome = StoredOutcome {
        ending: Ending::Resignation(Color::White),
        at_ms,
        result: "sente resignation".into(),
    };
    store.set_outcome(&GameId::from(id), &outcome).unwrap();
}

fn a_rated_game_is_rated_once(store: &dyn Store) {
    add_users(store, &["alice", "bob"]);
    store
        .create_game(&between("g", "alice", "bob", 1, true), Some(2))
        .unwrap();
    decide(store, "g", 60_000);
    assert_eq!(store.unrated_games().unwrap(), ["g"]);
    assert!(store.game_changes(&GameId::from("g")).unwrap().is_empty());
    let game = RatedGame {
        id: "g".into(),
        pool: "shogi-blitz".parse::<Pool>().unwrap(),
        players: ["alice".into(), "bob".into()],
        winner: Some(Color::Black),
        at_ms: 60_000,
    };
    let changes = store.rate_game(&game).unwrap();
    assert_eq!(
        changes.iter().map(|c| c.seat).collect::<Vec<_>>(),
        [Color::Black, Color::White]
    );
    assert!(changes[0].after.rating > 1500.0 && changes[1].after.rating < 1500.0);
    // Again (a restart between the end and the update, another instance): nothing changes.
    assert_eq!(store.rate_game(&game).unwrap(), changes);
    assert_eq!(store.game_changes(&GameId::from("g")).unwrap(), changes);
    assert!(store.unrated_games().unwrap().is_empty());
    let alice = store
        .rating(&UserId::from("alice"), "shogi-blitz")
        .unwrap()
        .unwrap();
    assert_eq!((alice.games, alice.latest), (1, Some(60)));
    assert_eq!(alice.rating, changes[0].after.rating);
    assert_eq!(
        store.rating(&UserId::from("alice"), "shogi-rapid").unwrap(),
        None
    );
    let ratings = store.ratings(&UserId::from("bob")).unwrap();
    assert_eq!(ratings.len(), 1);
    assert_eq!(ratings[0].0, "shogi-blitz");
    assert_eq!(ratings[0].1.games, 1);
    let history = store.rating_history(&UserId::from("alice")).unwrap();
    assert_eq!(history.len(), 1);
    assert_eq!(
        (history[0].game_id.as_str(), history[0].at_ms),
        ("g", 60_000)
    );
    assert_eq!(Glicko::default().games, 0);
}

fn seats_are_taken_before_the_start_only(store: &dyn Store) {
    add_users(store, &["alice", "bob"]);
    store.create_game(&new_game("g"), None).unwrap();
    store
        .seat_player(
            &GameId::from("g"),
            Color::Black,
            Some(&UserId::from("alice")),
        )
        .unwrap();
    store
        .seat_player(&GameId::from("g"), Color::White, Some(&UserId::from("bob")))
        .unwrap();
    store
        .seat_player(&GameId::from("g"), Color::White, None)
        .unwrap();
    store
        .seat_player(&GameId::from("g"), Color::White, Some(&UserId::from("bob")))
        .unwrap();
    assert!(
        store
            .seat_player(
                &GameId::from("g"),
                Color::Black,
                Some(&UserId::from("nobody"))
            )
            .is_err()
    );
    store.start_game(&GameId::from("g"), 5, "t").unwrap();
    assert!(
        store
            .seat_player(&GameId::from("g"), Color::White, None)
            .is_err()
    );
    assert!(
        store
            .seat_player(&GameId::from("unknown"), Color::White, None)
            .is_err()
    );
    let players = store
        .load_game(&GameId::from("g"))
        .unwrap()
        .unwrap()
        .game
        .players;
    assert_eq!(players, [Some("alice".into()), Some("bob".into())]);
}

fn a_players_games_and_counts(store: &dyn Store) {
    add_users(store, &["alice", "bob", "carol"]);
    // w: waiting, o: ongoing, f: finished (rated), x: without alice.
    store
        .create_game(&between("w", "alice", "bob", 10, false), None)
        .unwrap();
    store
        .create_game(&between("o", "bob", "alice", 20, false), Some(21))
        .unwrap();
    store
        .create_game(&between("f", "alice", "carol", 30, true), Some(31))
        .unwrap();
    decide(store, "f", 40);
    store
        .create_game(&between("x", "bob", "carol", 50, false), Some(51))
        .unwrap();
    let page = Page {
        offset: 0,
        limit: 10,
    };
    let ids = |q: &PlayerQuery| -> Vec<String> {
        store
            .player_games(q)
            .unwrap()
            .into_iter()
            .map(|g| g.game.id.into_string())
            .collect()
    };
    let all = PlayerQuery::all(&UserId::from("alice"), page);
    assert_eq!(ids(&all), ["f", "o", "w"]);
    let only = |finished, ongoing, waiting| PlayerQuery {
        finished,
        ongoing,
        waiting,
        ..all.clone()
    };
    assert_eq!(ids(&only(true, false, false)), ["f"]);
    assert_eq!(ids(&only(false, true, false)), ["o"]);
    assert_eq!(ids(&only(false, false, true)), ["w"]);
    let rated = PlayerQuery {
        rated: Some(false),
        ..all.clone()
    };
    assert_eq!(ids(&rated), ["o", "w"]);
    let window = PlayerQuery {
        since_ms: Some(20),
        until_ms: Some(30),
        ..all.clone()
    };
    assert_eq!(ids(&window), ["f", "o"]);
    let second = PlayerQuery {
        page: Page {
            offset: 1,
            limit: 1,
        },
        ..all.clone()
    };
    assert_eq!(ids(&second), ["o"]);
    let loaded = &store.player_games(&only(true, false, false)).unwrap()[0];
    assert_eq!(loaded.game, between("f", "alice", "carol", 30, true));
    assert_eq!(
        store.player_counts(&UserId::from("alice")).unwrap(),
        GameCounts {
            all: 3,
            rated: 1,
            playing: 1
        }
    );
    assert_eq!(
        store.player_counts(&UserId::from("nobody")).unwrap(),
        GameCounts::default()
    );
}

fn only_an_account_without_games_becomes_a_bot(store: &dyn Store) {
    add_users(store, &["alice", "bob", "robot"]);
    store
        .create_game(&between("g", "alice", "bob", 1, false), None)
        .unwrap();
    assert!(!store.make_bot(&UserId::from("alice")).unwrap());
    assert!(store.make_bot(&UserId::from("robot")).unwrap());
    assert!(store.user(&UserId::from("robot")).unwrap().unwrap().bot);
    assert!(!store.user(&UserId::from("alice")).unwrap().unwrap().bot);
    assert!(!store.make_bot(&UserId::from("nobody")).unwrap());
}

/// Keys from URLs may hold anything: a NUL (`%00`, which PostgreSQL's text cannot hold)
/// finds nothing, as any unknown key.
fn a_key_with_a_nul_character_finds_nothing(store: &dyn Store) {
    add_users(store, &["alice"]);
    store.create_game(&new_game("g"), None).unwrap();
    let key = "g\0x";
    assert_eq!(store.load_game(&GameId::from(key)).unwrap(), None);
    assert!(store.chat(&GameId::from(key)).unwrap().is_empty());
    assert_eq!(store.user(&UserId::from("alice\0")).unwrap(), None);
    assert!(store.game_changes(&GameId::from(key)).unwrap().is_empty());
    assert_eq!(
        store
            .rating(&UserId::from("alice\0"), "shogi-blitz")
            .unwrap(),
        None
    );
    assert!(store.ratings(&UserId::from("alice\0")).unwrap().is_empty());
    assert!(
        store
            .rating_history(&UserId::from("alice\0"))
            .unwrap()
            .is_empty()
    );
    let page = Page {
        offset: 0,
        limit: 10,
    };
    assert!(
        store
            .player_games(&PlayerQuery::all(&UserId::from("alice\0"), page))
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        store.player_counts(&UserId::from("alice\0")).unwrap(),
        GameCounts::default()
    );
    assert!(store.start_game(&GameId::from(key), 1, "t").is_err());
}

crate::store_suite::on_both!(
    a_key_with_a_nul_character_finds_nothing,
    a_rated_game_is_rated_once,
    seats_are_taken_before_the_start_only,
    a_players_games_and_counts,
    only_an_account_without_games_becomes_a_bot,
);
