//! The store's conformance suite, tournaments: a row comes back as written, a change is
//! stored only over the version it was read at (compare-and-set: of two writers one wins),
//! pages newest first, the running ones found by status, and a game's tournament found
//! (on SQLite and on PostgreSQL, see `store_suite.rs`).

use koma_server::Store;
use koma_store::Page;
use koma_store::tournaments::TournamentRow;
use koma_store::{GameId, TournamentId};

fn row(id: &str, created_ms: u64) -> TournamentRow {
    TournamentRow {
        id: id.into(),
        director: "alice".into(),
        status: "entries".to_string(),
        created_ms,
        version: 0,
        body: format!("{{\"id\": \"{id}\"}}"),
    }
}

fn a_tournament_comes_back_as_written_and_its_id_is_taken_once(store: &dyn Store) {
    store.create_tournament(&row("t1", 10)).unwrap();
    assert_eq!(
        store.tournament(&TournamentId::from("t1")).unwrap(),
        Some(row("t1", 10))
    );
    assert_eq!(store.tournament(&TournamentId::from("t2")).unwrap(), None);
    assert!(store.create_tournament(&row("t1", 20)).is_err());
    assert_eq!(
        store.tournament(&TournamentId::from("t1")).unwrap(),
        Some(row("t1", 10))
    );
    assert_eq!(store.tournament(&TournamentId::from("t\0")).unwrap(), None);
}

fn a_change_is_stored_only_over_the_version_read(store: &dyn Store) {
    store.create_tournament(&row("t", 10)).unwrap();
    let read = store.tournament(&TournamentId::from("t")).unwrap().unwrap();
    // Two writers read version 0; the first write wins, the second is refused.
    let first = TournamentRow {
        status: "running".into(),
        body: "{\"first\": true}".into(),
        ..read.clone()
    };
    let second = TournamentRow {
        body: "{\"second\": true}".into(),
        ..read
    };
    assert!(store.update_tournament(&first).unwrap());
    assert!(!store.update_tournament(&second).unwrap());
    let now = store.tournament(&TournamentId::from("t")).unwrap().unwrap();
    assert_eq!(now.version, 1);
    assert_eq!(now.status, "running");
    assert_eq!(now.body, "{\"first\": true}");
    // Read again, the second writer's change goes in over version 1.
    let again = TournamentRow {
        body: "{\"second\": true}".into(),
        ..now
    };
    assert!(store.update_tournament(&again).unwrap());
    assert_eq!(
        store
            .tournament(&TournamentId::from("t"))
            .unwrap()
            .unwrap()
            .version,
        2
    );
    // An unknown tournament is no write.
    assert!(!store.update_tournament(&row("nothing", 0)).unwrap());
}

fn pages_are_newest_first_and_status_finds_the_running(store: &dyn Store) {
    for (id, at) in [("a", 30), ("b", 10), ("c", 20)] {
        store.create_tournament(&row(id, at)).unwrap();
    }
    let page = |offset, limit| {
        store
            .list_tournaments(Page { offset, limit })
            .unwrap()
            .into_iter()
            .map(|r| r.id)
            .collect::<Vec<_>>()
    };
    assert_eq!(page(0, 10), ["a", "c", "b"]);
    assert_eq!(page(1, 1), ["c"]);
    assert!(page(3, 5).is_empty());
    let c = store.tournament(&TournamentId::from("c")).unwrap().unwrap();
    let running = TournamentRow {
        status: "running".into(),
        ..c
    };
    assert!(store.update_tournament(&running).unwrap());
    assert_eq!(store.tournaments_with_status("running").unwrap(), ["c"]);
    let mut entries = store.tournaments_with_status("entries").unwrap();
    entries.sort();
    assert_eq!(entries, ["a", "b"]);
}

fn a_games_tournament_is_found(store: &dyn Store) {
    store.create_tournament(&row("t", 10)).unwrap();
    assert_eq!(store.tournament_of_game(&GameId::from("g1")).unwrap(), None);
    store
        .link_tournament_game(&"g1".into(), &"t".into())
        .unwrap();
    store
        .link_tournament_game(&"g2".into(), &"t".into())
        .unwrap();
    assert_eq!(
        store
            .tournament_of_game(&GameId::from("g1"))
            .unwrap()
            .as_deref(),
        Some("t")
    );
    assert_eq!(
        store
            .tournament_of_game(&GameId::from("g2"))
            .unwrap()
            .as_deref(),
        Some("t")
    );
    assert_eq!(
        store.tournament_of_game(&GameId::from("g\0")).unwrap(),
        None
    );
    // A game of no stored tournament is refused.
    assert!(
        store
            .link_tournament_game(&"g3".into(), &"nothing".into())
            .is_err()
    );
}

crate::store_suite::on_both!(
    a_tournament_comes_back_as_written_and_its_id_is_taken_once,
    a_change_is_stored_only_over_the_version_read,
    pages_are_newest_first_and_status_finds_the_running,
    a_games_tournament_is_found,
);
