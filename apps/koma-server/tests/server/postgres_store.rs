//! The PostgreSQL store's own behaviour, which SQLite's single writer makes moot: several
//! stores (as several server processes would) on one database start, migrate and write at
//! once; a newer schema or an unreachable server is refused with the reason.

use crate::postgres::fresh_database;
use crate::store_suite::new_game;
use koma_game::rating::Pool;
use koma_rules::Color;
use koma_server::PgStore;
use koma_server::Store;
use koma_store::GameStore;
use koma_store::accounts::{AccountStore, NewUser};
use koma_store::ratings::{RatedGame, RatingStore};
use koma_store::{ChallengeId, GameId, UserId};
use koma_store::{Ending, StoreError, StoredMove, StoredOutcome};

/// `n` stores on one fresh database, as `n` server processes would hold.
fn stores(n: usize) -> Vec<PgStore> {
    let url = fresh_database();
    (0..n)
        .map(|_| PgStore::connect_with(&url, 2).unwrap())
        .collect()
}

/// Runs `f` on each store at once (a thread each); the results in the stores' order.
fn at_once<T: Send>(stores: &[PgStore], f: impl Fn(&PgStore) -> T + Sync) -> Vec<T> {
    let barrier = std::sync::Barrier::new(stores.len());
    std::thread::scope(|s| {
        let runs: Vec<_> = stores
            .iter()
            .map(|store| {
                let (f, barrier) = (&f, &barrier);
                s.spawn(move || {
                    barrier.wait();
                    f(store)
                })
            })
            .collect();
        runs.into_iter().map(|r| r.join().unwrap()).collect()
    })
}

#[test]
fn instances_starting_together_migrate_once() {
    let url = fresh_database();
    let stores: Vec<_> = std::thread::scope(|s| {
        let starts: Vec<_> = (0..4)
            .map(|_| s.spawn(|| PgStore::connect_with(&url, 1)))
            .collect();
        starts.into_iter().map(|t| t.join().unwrap()).collect()
    });
    for store in stores {
        let store = store.expect("every instance starts");
        assert_eq!(
            store.schema_version().unwrap(),
            koma_store::SCHEMA_VERSION.to_string()
        );
    }
    // A database of a newer version is refused, untouched.
    let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    client
        .batch_execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
        .unwrap();
    assert!(matches!(
        PgStore::connect(&url),
        Err(StoreError::SchemaVersion { found, .. }) if found == "99"
    ));
}

#[test]
fn an_unreachable_database_is_reported() {
    // Nobody listens on port 1; the error says what PostgreSQL's client saw.
    let err = match PgStore::connect("postgres://koma@127.0.0.1:1/koma") {
        Err(e) => e.to_string(),
        Ok(_) => panic!("connected to port 1"),
    };
    assert!(err.starts_with("postgresql: "), "{err}");
    let err = match PgStore::connect("postgres://koma@127.0.0.1:5432/koma?nonsense=1") {
        Err(e) => e.to_string(),
        Ok(_) => panic!("an unknown parameter was taken"),
    };
    assert!(err.contains("nonsense"), "{err}");
}

#[test]
fn a_move_written_by_several_instances_at_once_is_stored_once() {
    let stores = stores(4);
    stores[0].create_game(&new_game("g"), Some(1)).unwrap();
    for ply in 0..10 {
        // Each takes the lease and writes: whatever the order, one move is stored; the
        // others are refused as not the next move, or as written under a lease taken since.
        let results = at_once(&stores, |store| {
            let m = StoredMove {
                usi: format!("move{ply}"),
                at_ms: 10 + ply as u64,
            };
            store.claim(&GameId::from("g"))?;
            store.append_move(&GameId::from("g"), ply, &m)
        });
        let stored = results.iter().filter(|r| r.is_ok()).count();
        assert_eq!(stored, 1, "ply {ply}: {results:?}");
        for refused in results.iter().filter_map(|r| r.as_ref().err()) {
            assert!(
                matches!(refused, StoreError::Refused(_) | StoreError::NotOwner(_)),
                "{refused:?}"
            );
        }
    }
    assert_eq!(
        stores[3]
            .load_game(&GameId::from("g"))
            .unwrap()
            .unwrap()
            .moves
            .len(),
        10
    );
}

#[test]
fn a_write_under_a_lease_taken_since_is_refused() {
    let stores = stores(2);
    let m = |ply: u64| StoredMove {
        usi: format!("move{ply}"),
        at_ms: 10 + ply,
    };
    stores[0].create_game(&new_game("g"), Some(1)).unwrap();
    assert!(stores[0].holds(&GameId::from("g")) && !stores[1].holds(&GameId::from("g")));
    // Without the lease, no write.
    assert!(matches!(
        stores[1].append_move(&GameId::from("g"), 0, &m(0)),
        Err(StoreError::NotOwner(_))
    ));
    stores[0].append_move(&GameId::from("g"), 0, &m(0)).unwrap();
    stores[1].claim(&GameId::from("g")).unwrap();
    // The first owner's lease is gone: its move, its ending, its takeback are refused, and
    // it knows it holds the game no more.
    assert!(matches!(
        stores[0].append_move(&GameId::from("g"), 1, &m(1)),
        Err(StoreError::NotOwner(_))
    ));
    assert!(!stores[0].holds(&GameId::from("g")));
    stores[1].append_move(&GameId::from("g"), 1, &m(1)).unwrap();
    stores[0].claim(&GameId::from("g")).unwrap();
    let outcome = StoredOutcome {
        ending: Ending::Resignation(Color::White),
        at_ms: 9_000,
        result: "sente resignation".into(),
    };
    assert!(matches!(
        stores[1].set_outcome(&GameId::from("g"), &outcome),
        Err(StoreError::NotOwner(_))
    ));
    assert!(matches!(
        stores[1].take_back(&GameId::from("g"), 1, 5),
        Err(StoreError::NotOwner(_))
    ));
    stores[0].set_outcome(&GameId::from("g"), &outcome).unwrap();
    assert_eq!(
        stores[1]
            .load_game(&GameId::from("g"))
            .unwrap()
            .unwrap()
            .moves
            .len(),
        2
    );
    // A decided game needs no lease: anyone may read it as its own.
    stores[1].claim(&GameId::from("g")).unwrap();
    assert!(stores[1].holds(&GameId::from("g")));
}

#[test]
fn a_game_rated_by_several_instances_at_once_is_rated_once() {
    let stores = stores(3);
    for name in ["alice", "bob"] {
        let user = NewUser {
            id: name.into(),
            username: name.into(),
            password_hash: "x".into(),
            created_ms: 0,
        };
        stores[0].create_user(&user).unwrap();
    }
    let mut game = new_game("g");
    game.players = [Some("alice".into()), Some("bob".into())];
    game.rated = true;
    stores[0].create_game(&game, Some(1)).unwrap();
    let outcome = StoredOutcome {
        ending: Ending::Resignation(Color::White),
        at_ms: 9_000,
        result: "sente resignation".into(),
    };
    stores[0].set_outcome(&GameId::from("g"), &outcome).unwrap();
    let rated = RatedGame {
        id: "g".into(),
        pool: "shogi-blitz".parse::<Pool>().unwrap(),
        players: ["alice".into(), "bob".into()],
        winner: Some(Color::Black),
        at_ms: 9_000,
    };
    let results = at_once(&stores, |store| store.rate_game(&rated).unwrap());
    assert!(results.iter().all(|r| *r == results[0]), "{results:?}");
    let alice = stores[1]
        .rating(&UserId::from("alice"), "shogi-blitz")
        .unwrap()
        .unwrap();
    assert_eq!(alice.games, 1);
    assert_eq!(
        stores[2]
            .rating_history(&UserId::from("bob"))
            .unwrap()
            .len(),
        1
    );
}

#[test]
fn a_challenge_answered_by_several_instances_at_once_is_taken_once() {
    use koma_store::challenges::{Answerer, ChallengeStore};
    let stores = stores(4);
    for round in 0..10 {
        let id = format!("c{round}");
        let row = crate::store_suite_challenges::open(&id, "alice", "bob", 10_000);
        assert!(stores[0].add_challenge(&row, 10, 0).unwrap());
        // bob accepts on two servers and declines on another, while alice cancels.
        let results = at_once(&stores, |store| {
            let i = stores.iter().position(|s| std::ptr::eq(s, store)).unwrap();
            let (user, answerer, status) = match i {
                3 => ("alice", Answerer::Challenger, "canceled"),
                2 => ("bob", Answerer::Dest, "declined"),
                _ => ("bob", Answerer::Dest, "accepted"),
            };
            store
                .take_challenge(
                    &ChallengeId::new(id.as_str()),
                    &UserId::from(user),
                    answerer,
                    status,
                    None,
                    5,
                )
                .unwrap()
        });
        let won: Vec<_> = results.iter().flatten().collect();
        assert_eq!(won.len(), 1, "round {round}: {results:?}");
        let stored = stores[1]
            .challenge(&ChallengeId::new(id.as_str()))
            .unwrap()
            .unwrap();
        assert_eq!(stored.status, won[0].status);
    }
}

#[test]
fn challenges_made_by_several_instances_at_once_stay_within_the_most() {
    use koma_store::challenges::ChallengeStore;
    let stores = stores(4);
    let next = std::sync::atomic::AtomicUsize::new(0);
    for _ in 0..3 {
        at_once(&stores, |store| {
            let n = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            let row = crate::store_suite_challenges::open(&format!("c{n}"), "alice", "bob", 9);
            store.add_challenge(&row, 5, 0).unwrap()
        });
    }
    assert_eq!(
        stores[0]
            .challenges_of(&UserId::from("alice"), 1)
            .unwrap()
            .len(),
        5
    );
}

#[test]
fn a_seek_accepted_and_a_player_paired_by_several_instances_at_once_are_taken_once() {
    use crate::store_suite_lobby::{accounts, seek, wait};
    use koma_store::lobby::LobbyStore;
    let stores = stores(4);
    let names = ["alice", "bob", "carol", "dave", "erin", "fay"];
    accounts(&stores[0], &names);
    for round in 0..10 {
        // A seek taken by four servers at once (three acceptors, the poster cancelling).
        let id = format!("s{round}");
        assert!(
            stores[0]
                .post_seek(&seek(&id, "alice", round, 10_000), 10, round)
                .unwrap()
        );
        let alice = UserId::from("alice");
        let taken = at_once(&stores, |store| {
            let cancel = std::ptr::eq(store, &stores[3]);
            let poster = cancel.then_some(&alice);
            store.take_seek(&id, poster, round + 1, 1_000).unwrap()
        });
        let won: Vec<_> = taken.iter().flatten().collect();
        assert_eq!(won.len(), 1, "round {round}: {taken:?}");
        // One waiting player asked for by four others at once, on four servers: one meets
        // him; the three others wait in his place or meet one another, never him twice.
        let ticket = format!("t{round}");
        let waiting = wait(&ticket, "bob", "blitz", 1500, round);
        assert_eq!(
            stores[0].pair_quick(&waiting, 200, round, 1_000).unwrap(),
            None
        );
        let next = std::sync::atomic::AtomicUsize::new(0);
        let met = at_once(&stores, |store| {
            let n = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            let row = wait(
                &format!("{ticket}-{n}"),
                names[2 + n],
                "blitz",
                1500,
                round + 1,
            );
            store.pair_quick(&row, 200, round + 1, 1_000).unwrap()
        });
        let met: Vec<_> = met.into_iter().flatten().collect();
        let bob = met.iter().filter(|w| w.player.as_str() == "bob").count();
        assert_eq!(bob, 1, "round {round}: {met:?}");
        // Four askers and bob: two pairs made, one left waiting.
        assert_eq!(met.len(), 2, "round {round}: {met:?}");
        for name in &names[1..] {
            stores[0].cancel_quick(&UserId::from(*name)).unwrap();
        }
    }
}

/// Where a seat is connected, as the other servers see it: here on a server alive, gone
/// since its last connection there closed, or since the last heartbeat of a server that
/// died with it open; a server does not count its own rows.
#[test]
fn a_seat_connected_to_one_server_is_seen_by_the_others() {
    use koma_store::Elsewhere;
    let url = fresh_database();
    let [a, b] = [0, 1].map(|_| PgStore::connect_with(&url, 2).unwrap());
    let id = GameId::new("g1");
    for store in [&a, &b] {
        store.unfinished_to_hold().unwrap(); // its first heartbeat
    }
    assert_eq!(
        b.seat_elsewhere(&id, Color::Black).unwrap(),
        Elsewhere::Never
    );
    a.note_seat(&id, Color::Black, true).unwrap();
    assert_eq!(
        b.seat_elsewhere(&id, Color::Black).unwrap(),
        Elsewhere::Here
    );
    assert_eq!(
        b.seat_elsewhere(&id, Color::White).unwrap(),
        Elsewhere::Never
    );
    assert_eq!(
        a.seat_elsewhere(&id, Color::Black).unwrap(),
        Elsewhere::Never
    );
    a.note_seat(&id, Color::Black, false).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(50));
    match b.seat_elsewhere(&id, Color::Black).unwrap() {
        Elsewhere::Left { ago_ms } => assert!((50..5_000).contains(&ago_ms), "{ago_ms}"),
        other => panic!("left, not {other:?}"),
    }
    // Here again on A, and A's heartbeat a minute old: A died with the seat connected,
    // which left then.
    a.note_seat(&id, Color::Black, true).unwrap();
    let mut sql = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    sql.execute(
        "UPDATE instances SET seen = clock_timestamp() - interval '60 seconds'",
        &[],
    )
    .unwrap();
    match b.seat_elsewhere(&id, Color::Black).unwrap() {
        Elsewhere::Left { ago_ms } => assert!((60_000..70_000).contains(&ago_ms), "{ago_ms}"),
        other => panic!("left with its dead server, not {other:?}"),
    }
}
