//! The store's conformance suite: every test runs on a `SqliteStore` (in memory) and on a
//! `PgStore` (a fresh database of the tests' PostgreSQL), so both backends keep the same
//! semantics. Games here; accounts, ratings and profiles in `store_suite_*.rs`.

use koma_rules::Color;
use koma_server::{PgStore, SqliteStore};
use koma_store::GameId;
use koma_store::{
    ChatLine, Ending, EngineLevel, EngineSeat, GameSetup, NewGame, Page, Room, Store, StoreError,
    StoredMove, StoredOutcome,
};

/// Defines, for each test function `f(&dyn Store)` of the calling module, `on_sqlite::f`
/// and `on_postgres::f`.
macro_rules! on_both {
    ($($name:ident),* $(,)?) => {
        mod on_sqlite {
            $(#[test]
            fn $name() {
                super::$name(&$crate::store_suite::sqlite());
            })*
        }
        mod on_postgres {
            $(#[test]
            fn $name() {
                super::$name(&$crate::store_suite::postgres());
            })*
        }
    };
}
pub(crate) use on_both;

/// A new SQLite store in memory.
pub fn sqlite() -> SqliteStore {
    SqliteStore::in_memory().expect("SQLite in memory")
}

/// A new PostgreSQL store on a database of its own (a small pool: tests run in parallel).
pub fn postgres() -> PgStore {
    PgStore::connect_with(&crate::postgres::fresh_database(), 4).expect("PgStore connects")
}

/// A game of two guests, gote its creator, created at 5.
pub fn new_game(id: &str) -> NewGame {
    NewGame {
        id: id.into(),
        setup: GameSetup {
            variant: koma_rules::VariantKind::Shogi.into(),
            start_sfen: "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1".into(),
            rules: koma_game::RuleSet::AMATEUR,
            time_control: "10m+30s".parse().ok(),
        },
        seat_tokens: ["s".into(), "g".into()],
        invite: "i".into(),
        creator: Color::White,
        created_ms: 5,
        engine: None,
        players: [None, None],
        rated: false,
    }
}

fn mv(usi: &str, at_ms: u64) -> StoredMove {
    StoredMove {
        usi: usi.into(),
        at_ms,
    }
}

fn round_trip(store: &dyn Store) {
    assert_eq!(store.load_game(&GameId::from("x")).unwrap(), None);
    store.create_game(&new_game("a"), None).unwrap();
    assert!(store.create_game(&new_game("a"), None).is_err(), "same id");
    store.start_game(&GameId::from("a"), 10, "s").unwrap();
    assert!(store.start_game(&GameId::from("a"), 11, "x").is_err());
    let m = mv("7g7f", 20);
    store.append_move(&GameId::from("a"), 0, &m).unwrap();
    assert!(store.append_move(&GameId::from("a"), 0, &m).is_err());
    assert!(store.append_move(&GameId::from("a"), 2, &m).is_err());
    assert_eq!(store.list_games(true).unwrap().len(), 1);
    let outcome = StoredOutcome {
        ending: Ending::Resignation(Color::White),
        at_ms: 30,
        result: "sente resignation".into(),
    };
    store.set_outcome(&GameId::from("a"), &outcome).unwrap();
    assert!(store.set_outcome(&GameId::from("a"), &outcome).is_err());
    let loaded = store.load_game(&GameId::from("a")).unwrap().unwrap();
    assert_eq!(loaded.game, new_game("a"));
    assert_eq!(loaded.started_ms, Some(10));
    assert_eq!(loaded.moves, vec![m]);
    assert_eq!(loaded.outcome, Some(outcome));
    assert_eq!(loaded.rematch, None);
    assert!(store.list_games(true).unwrap().is_empty());
    let all = store.list_games(false).unwrap();
    assert_eq!((all[0].plies, all[0].started), (1, true));
}

fn a_move_is_stored_once_and_only_in_order(store: &dyn Store) {
    store.create_game(&new_game("a"), Some(1)).unwrap();
    assert!(matches!(
        store.append_move(&GameId::from("nope"), 0, &mv("7g7f", 2)),
        Err(StoreError::Refused(_) | StoreError::Sqlite(_) | StoreError::NotOwner(_))
    ));
    store
        .append_move(&GameId::from("a"), 0, &mv("7g7f", 2))
        .unwrap();
    // The same move again (a retry, another writer): refused, not stored twice.
    let again = store.append_move(&GameId::from("a"), 0, &mv("3c3d", 3));
    assert!(matches!(again, Err(StoreError::Refused(_))), "{again:?}");
    assert!(matches!(
        store.append_move(&GameId::from("a"), 5, &mv("3c3d", 3)),
        Err(StoreError::Refused(_))
    ));
    store
        .append_move(&GameId::from("a"), 1, &mv("3c3d", 4))
        .unwrap();
    let moves = store.load_game(&GameId::from("a")).unwrap().unwrap().moves;
    assert_eq!(moves, [mv("7g7f", 2), mv("3c3d", 4)]);
}

fn pages_split_the_list_newest_first(store: &dyn Store) {
    // d and e were created in the same millisecond: the one stored last is newer.
    for (id, at) in [("a", 0), ("b", 1), ("c", 2), ("d", 3), ("e", 3)] {
        let mut game = new_game(id);
        game.created_ms = at;
        store.create_game(&game, None).unwrap();
    }
    let ids = |page: Page| -> Vec<String> {
        store
            .list_page(page)
            .unwrap()
            .into_iter()
            .map(|g| g.id.into_string())
            .collect()
    };
    let page = |offset, limit| Page { offset, limit };
    assert_eq!(ids(page(0, 2)), ["e", "d"]);
    assert_eq!(ids(page(2, 2)), ["c", "b"]);
    assert_eq!(ids(page(4, 2)), ["a"]);
    assert!(ids(page(6, 2)).is_empty());
    assert_eq!(ids(page(0, 100)).len(), 5);
    let all: Vec<String> = store
        .list_games(false)
        .unwrap()
        .into_iter()
        .map(|g| g.id.into_string())
        .collect();
    assert_eq!(all, ["e", "d", "c", "b", "a"]);
}

fn aborted_and_abandoned_games_are_kept_as_such(store: &dyn Store) {
    for (id, ending) in [
        ("a", Ending::Aborted),
        ("b", Ending::Abandoned(Color::Black)),
        ("c", Ending::TimeForfeit),
        ("d", Ending::Declaration),
        ("e", Ending::Agreement),
        ("f", Ending::Board),
    ] {
        store.create_game(&new_game(id), None).unwrap();
        let outcome = StoredOutcome {
            ending,
            at_ms: 9,
            result: "aborted (invitation not taken)".into(),
        };
        store.set_outcome(&GameId::from(id), &outcome).unwrap();
        assert_eq!(
            store.load_game(&GameId::from(id)).unwrap().unwrap().outcome,
            Some(outcome)
        );
    }
}

fn engine_seat_and_rematch_link(store: &dyn Store) {
    let mut game = new_game("a");
    game.engine = Some(EngineSeat {
        seat: Color::Black,
        level: EngineLevel {
            movetime_ms: Some(300),
            depth: None,
        },
    });
    store.create_game(&game, Some(7)).unwrap();
    let loaded = store.load_game(&GameId::from("a")).unwrap().unwrap();
    assert_eq!(loaded.game, game);
    assert_eq!(loaded.started_ms, Some(7));

    let mut again = new_game("b");
    again.engine = Some(EngineSeat {
        seat: Color::White,
        level: EngineLevel {
            movetime_ms: None,
            depth: Some(3),
        },
    });
    // Not before the end; and a refused rematch leaves no game behind.
    assert!(store.create_rematch(&GameId::from("a"), &again, 9).is_err());
    assert_eq!(store.load_game(&GameId::from("b")).unwrap(), None);
    let outcome = StoredOutcome {
        ending: Ending::Resignation(Color::White),
        at_ms: 8,
        result: "sente resignation".into(),
    };
    store.set_outcome(&GameId::from("a"), &outcome).unwrap();
    store.create_rematch(&GameId::from("a"), &again, 9).unwrap();
    assert_eq!(
        store
            .load_game(&GameId::from("a"))
            .unwrap()
            .unwrap()
            .rematch
            .as_deref(),
        Some("b")
    );
    let b = store.load_game(&GameId::from("b")).unwrap().unwrap();
    assert_eq!((b.game, b.started_ms), (again, Some(9)));
    // Only one rematch per game.
    assert!(
        store
            .create_rematch(&GameId::from("a"), &new_game("c"), 10)
            .is_err()
    );
    assert_eq!(store.load_game(&GameId::from("c")).unwrap(), None);
}

fn a_takeback_shifts_the_times_and_stops_at_the_end(store: &dyn Store) {
    store.create_game(&new_game("a"), Some(100)).unwrap();
    for (ply, (usi, at)) in [("7g7f", 110), ("3c3d", 120), ("2g2f", 130)]
        .into_iter()
        .enumerate()
    {
        store
            .append_move(&GameId::from("a"), ply, &mv(usi, at))
            .unwrap();
    }
    store.take_back(&GameId::from("a"), 1, 1_000).unwrap();
    let game = store.load_game(&GameId::from("a")).unwrap().unwrap();
    assert_eq!(game.started_ms, Some(1_100));
    assert_eq!(game.moves, [mv("7g7f", 1_110)]);
    store
        .append_move(&GameId::from("a"), 1, &mv("8c8d", 1_200))
        .unwrap();
    let outcome = StoredOutcome {
        ending: Ending::Agreement,
        at_ms: 1_300,
        result: "draw agreement".into(),
    };
    store.set_outcome(&GameId::from("a"), &outcome).unwrap();
    assert!(matches!(
        store.take_back(&GameId::from("a"), 0, 0),
        Err(StoreError::Refused(koma_store::Refusal::Decided(_)))
    ));
    assert!(store.take_back(&GameId::from("unknown"), 0, 0).is_err());
    assert_eq!(
        store
            .load_game(&GameId::from("a"))
            .unwrap()
            .unwrap()
            .moves
            .len(),
        2
    );
}

fn the_chat_keeps_each_rooms_latest_lines(store: &dyn Store) {
    store.create_game(&new_game("a"), None).unwrap();
    let line = |room, text: &str, at_ms| ChatLine {
        room,
        author: "sente".into(),
        text: text.into(),
        at_ms,
    };
    for l in [
        line(Room::Players, "hi", 1),
        line(Room::Spectators, "watching", 2),
        line(Room::Players, "gl", 3),
        // A third line in a room of two pushes its oldest out; the other room keeps its own.
        line(Room::Players, "one more", 4),
        line(Room::Spectators, "me too", 5),
        line(Room::Players, "and another", 6),
    ] {
        store.add_chat(&GameId::from("a"), &l, 2).unwrap();
    }
    assert_eq!(
        store.chat(&GameId::from("a")).unwrap(),
        [
            line(Room::Spectators, "watching", 2),
            line(Room::Players, "one more", 4),
            line(Room::Spectators, "me too", 5),
            line(Room::Players, "and another", 6),
        ]
    );
    assert!(store.chat(&GameId::from("b")).unwrap().is_empty());
}

/// An arena's berserk is kept with the game, each seat's on its own, until its end.
fn berserk_is_kept_with_the_game(store: &dyn Store) {
    let id = GameId::from("a");
    store.create_game(&new_game("a"), Some(1)).unwrap();
    let berserk = |store: &dyn Store| store.load_game(&id).unwrap().unwrap().berserk;
    assert_eq!(berserk(store), [false, false]);
    store.set_berserk(&id, Color::White).unwrap();
    assert_eq!(berserk(store), [false, true]);
    store.set_berserk(&id, Color::Black).unwrap();
    store.set_berserk(&id, Color::Black).unwrap();
    assert_eq!(berserk(store), [true, true]);
    store.create_game(&new_game("b"), Some(1)).unwrap();
    let outcome = StoredOutcome {
        ending: Ending::Resignation(Color::White),
        at_ms: 30,
        result: "sente resignation".into(),
    };
    store.set_outcome(&GameId::from("b"), &outcome).unwrap();
    assert!(matches!(
        store.set_berserk(&GameId::from("b"), Color::Black),
        Err(StoreError::Refused(_))
    ));
    assert_eq!(
        store
            .load_game(&GameId::from("b"))
            .unwrap()
            .unwrap()
            .berserk,
        [false, false]
    );
}

on_both!(
    round_trip,
    berserk_is_kept_with_the_game,
    a_move_is_stored_once_and_only_in_order,
    pages_split_the_list_newest_first,
    aborted_and_abandoned_games_are_kept_as_such,
    engine_seat_and_rematch_link,
    a_takeback_shifts_the_times_and_stops_at_the_end,
    the_chat_keeps_each_rooms_latest_lines,
);
