//! The store's conformance suite, the lobby: seeks listed newest first until they lapse or
//! their poster leaves, one seek and one wait per account, a seek or a waiting player taken
//! once, the pairings of the tick, the notices kept for a player (on SQLite and on
//! PostgreSQL, see `store_suite.rs`).

use koma_server::Store;
use koma_store::accounts::NewUser;
use koma_store::lobby::{QuickRow, SeekRow};
use koma_store::{Page, UserId};

/// Accounts for the rows to name.
pub fn accounts(store: &dyn Store, names: &[&str]) {
    for name in names {
        let user = NewUser {
            id: UserId::from(*name),
            username: name.to_string(),
            password_hash: "x".to_string(),
            created_ms: 0,
        };
        assert!(store.create_user(&user).unwrap());
    }
}

/// A seek `id` of `poster`, posted at `created_ms`, lapsing at `expires_ms`.
pub fn seek(id: &str, poster: &str, created_ms: u64, expires_ms: u64) -> SeekRow {
    SeekRow {
        id: id.to_string(),
        poster: poster.into(),
        body: format!("{{\"seek\": \"{id}\"}}"),
        created_ms,
        expires_ms,
    }
}

/// `player` waiting with `ticket` at `rating` in the queue `key` since `since_ms`.
pub fn wait(ticket: &str, player: &str, key: &str, rating: i64, since_ms: u64) -> QuickRow {
    QuickRow {
        ticket: ticket.to_string(),
        player: player.into(),
        key: key.to_string(),
        rating,
        body: format!("{{\"ticket\": \"{ticket}\"}}"),
        since_ms,
        expires_ms: since_ms + 10_000,
    }
}

const ALL: Page = Page {
    offset: 0,
    limit: 100,
};
const ABSENCE: u64 = 300;

fn listed(store: &dyn Store, now_ms: u64) -> Vec<String> {
    let rows = store.seeks(ALL, now_ms, ABSENCE).unwrap();
    rows.into_iter().map(|r| r.id).collect()
}

fn seeks_are_listed_newest_first_until_they_lapse(store: &dyn Store) {
    accounts(store, &["alice", "bob", "carol"]);
    assert!(
        store
            .post_seek(&seek("s1", "alice", 0, 1_000), 10, 0)
            .unwrap()
    );
    assert!(store.post_seek(&seek("s2", "bob", 1, 500), 10, 1).unwrap());
    assert!(
        store
            .post_seek(&seek("s3", "carol", 2, 2_000), 10, 2)
            .unwrap()
    );
    assert_eq!(listed(store, 100), ["s3", "s2", "s1"]);
    assert_eq!(listed(store, 600), ["s3", "s1"]);
    // The row comes back as written; a page is a slice of the list.
    assert_eq!(
        store.seek("s1", 100, ABSENCE).unwrap(),
        Some(seek("s1", "alice", 0, 1_000))
    );
    assert_eq!(store.seek("s2", 600, ABSENCE).unwrap(), None);
    let page = store
        .seeks(
            Page {
                offset: 1,
                limit: 1,
            },
            100,
            ABSENCE,
        )
        .unwrap();
    assert_eq!(page.len(), 1);
    assert_eq!(page[0].id, "s2");
    // Posting again replaces the poster's seek, which becomes the newest.
    assert!(
        store
            .post_seek(&seek("s4", "alice", 3, 1_000), 10, 3)
            .unwrap()
    );
    assert_eq!(listed(store, 100), ["s4", "s3", "s2"]);
    // The most seeks of others: refused, and the poster's own one stays.
    assert!(
        !store
            .post_seek(&seek("s5", "alice", 4, 1_000), 2, 4)
            .unwrap()
    );
    assert_eq!(listed(store, 100), ["s4", "s3", "s2"]);
    // The tick deletes what lapsed.
    let tick = store
        .lobby_tick(700, ABSENCE, &[], &mut |_| Vec::new())
        .unwrap();
    assert!(tick.seeks_lapsed);
    assert_eq!(store.take_seek("s2", None, 0, ABSENCE).unwrap(), None);
    let tick = store
        .lobby_tick(700, ABSENCE, &[], &mut |_| Vec::new())
        .unwrap();
    assert!(!tick.seeks_lapsed);
}

fn a_seek_is_taken_once_and_only_by_its_poster_when_named(store: &dyn Store) {
    accounts(store, &["alice", "bob"]);
    assert!(
        store
            .post_seek(&seek("s1", "alice", 0, 1_000), 10, 0)
            .unwrap()
    );
    let bob = UserId::from("bob");
    let alice = UserId::from("alice");
    assert_eq!(
        store.take_seek("s1", Some(&bob), 10, ABSENCE).unwrap(),
        None
    );
    let taken = store.take_seek("s1", None, 10, ABSENCE).unwrap();
    assert_eq!(taken, Some(seek("s1", "alice", 0, 1_000)));
    assert_eq!(store.take_seek("s1", None, 10, ABSENCE).unwrap(), None);
    // Put back after a game that could not start; not over a seek posted meanwhile.
    store.restore_seek(&seek("s1", "alice", 0, 1_000)).unwrap();
    assert_eq!(listed(store, 10), ["s1"]);
    let taken = store.take_seek("s1", Some(&alice), 10, ABSENCE).unwrap();
    assert!(taken.is_some());
    assert!(
        store
            .post_seek(&seek("s2", "alice", 20, 1_000), 10, 20)
            .unwrap()
    );
    store.restore_seek(&seek("s1", "alice", 0, 1_000)).unwrap();
    assert_eq!(listed(store, 30), ["s2"]);
    // A lapsed seek is not taken.
    assert_eq!(store.take_seek("s2", None, 1_000, ABSENCE).unwrap(), None);
    assert_eq!(store.take_seek("s\0", None, 0, ABSENCE).unwrap(), None);
    assert_eq!(store.seek("s\0", 0, ABSENCE).unwrap(), None);
}

fn a_player_who_leaves_the_lobby_keeps_his_rows_a_while(store: &dyn Store) {
    accounts(store, &["alice", "bob"]);
    let alice = UserId::from("alice");
    assert!(
        store
            .post_seek(&seek("s1", "alice", 0, 10_000), 10, 0)
            .unwrap()
    );
    assert_eq!(
        store
            .pair_quick(&wait("t1", "alice", "k", 1500, 0), 200, 0, ABSENCE)
            .unwrap(),
        None
    );
    store.lobby_left(&alice, true, 1_000).unwrap();
    assert_eq!(listed(store, 1_200), ["s1"]);
    assert!(store.quick_waiting("t1", 1_200, ABSENCE).unwrap());
    assert!(listed(store, 1_400).is_empty());
    assert!(!store.quick_waiting("t1", 1_400, ABSENCE).unwrap());
    // Back in time: kept again.
    store.lobby_left(&alice, false, 1_400).unwrap();
    assert_eq!(listed(store, 1_500), ["s1"]);
    // Present on a server: its tick marks him here.
    store.lobby_left(&alice, true, 2_000).unwrap();
    store
        .lobby_tick(2_100, ABSENCE, std::slice::from_ref(&alice), &mut |_| {
            Vec::new()
        })
        .unwrap();
    assert_eq!(listed(store, 5_000), ["s1"]);
    assert!(store.quick_waiting("t1", 5_000, ABSENCE).unwrap());
    // Gone for good: the tick deletes both.
    store.lobby_left(&alice, true, 6_000).unwrap();
    let tick = store
        .lobby_tick(6_500, ABSENCE, &[], &mut |_| Vec::new())
        .unwrap();
    assert!(tick.seeks_lapsed);
    store.lobby_left(&alice, false, 6_600).unwrap();
    assert!(listed(store, 6_700).is_empty());
    assert!(!store.quick_waiting("t1", 6_700, ABSENCE).unwrap());
}

fn quick_pairing_takes_the_nearest_waiting_player_once(store: &dyn Store) {
    accounts(store, &["alice", "bob", "carol", "dave", "erin"]);
    let none = |row: QuickRow| store.pair_quick(&row, 200, 10, ABSENCE).unwrap();
    assert_eq!(none(wait("t1", "alice", "blitz", 1500, 0)), None);
    assert_eq!(none(wait("t2", "bob", "blitz", 1900, 1)), None);
    assert_eq!(none(wait("t3", "carol", "rapid", 1550, 2)), None);
    assert!(store.quick_waiting("t1", 10, ABSENCE).unwrap());
    // Dave meets alice (the nearest in his queue), who waits no more.
    let met = store
        .pair_quick(&wait("t4", "dave", "blitz", 1650, 3), 200, 10, ABSENCE)
        .unwrap();
    assert_eq!(met, Some(wait("t1", "alice", "blitz", 1500, 0)));
    assert!(!store.quick_waiting("t1", 10, ABSENCE).unwrap());
    assert!(!store.quick_waiting("t4", 10, ABSENCE).unwrap());
    // Asking again replaces one's wait.
    assert_eq!(none(wait("t5", "bob", "blitz", 1900, 4)), None);
    assert!(!store.quick_waiting("t2", 10, ABSENCE).unwrap());
    assert!(store.cancel_quick(&UserId::from("bob")).unwrap());
    assert!(!store.cancel_quick(&UserId::from("bob")).unwrap());
    // Put back after a game that could not start.
    store
        .restore_quick(&wait("t1", "alice", "blitz", 1500, 0))
        .unwrap();
    assert!(store.quick_waiting("t1", 10, ABSENCE).unwrap());
    // The tick sees each queue oldest first and takes out the pairs it is given.
    assert_eq!(none(wait("t6", "erin", "blitz", 2400, 5)), None);
    let mut seen = Vec::new();
    let tick = store
        .lobby_tick(20, ABSENCE, &[], &mut |queue| {
            seen.push(queue.iter().map(|w| w.ticket.clone()).collect::<Vec<_>>());
            if queue.len() == 2 {
                vec![(0, 1)]
            } else {
                Vec::new()
            }
        })
        .unwrap();
    assert_eq!(seen, [vec!["t1", "t6"], vec!["t3"]]);
    assert_eq!(tick.pairs.len(), 1);
    assert_eq!(
        (
            tick.pairs[0].0.ticket.as_str(),
            tick.pairs[0].1.ticket.as_str()
        ),
        ("t1", "t6")
    );
    assert!(!store.quick_waiting("t1", 30, ABSENCE).unwrap());
    assert!(!store.quick_waiting("t6", 30, ABSENCE).unwrap());
    assert!(store.quick_waiting("t3", 30, ABSENCE).unwrap());
    // A wait lapses.
    assert!(!store.quick_waiting("t3", 20_000, ABSENCE).unwrap());
}

fn notices_are_kept_for_their_player_and_taken_once(store: &dyn Store) {
    accounts(store, &["alice", "bob"]);
    let (alice, bob) = (UserId::from("alice"), UserId::from("bob"));
    store.add_notice(&alice, "one", 100).unwrap();
    store.add_notice(&bob, "for bob", 150).unwrap();
    store.add_notice(&alice, "two", 200).unwrap();
    assert_eq!(store.take_notices(&alice, 0).unwrap(), ["one", "two"]);
    assert!(store.take_notices(&alice, 0).unwrap().is_empty());
    // Too old to be wanted: deleted, not given.
    assert!(store.take_notices(&bob, 160).unwrap().is_empty());
    // The tick deletes the notices older than a minute (their seat tokens are in clear).
    store.add_notice(&alice, "old", 1_000).unwrap();
    store.add_notice(&alice, "new", 30_000).unwrap();
    let keep = koma_store::lobby::NOTICE_KEEP_MS;
    store
        .lobby_tick(1_000 + keep + 1, ABSENCE, &[], &mut |_| Vec::new())
        .unwrap();
    assert_eq!(store.take_notices(&alice, 0).unwrap(), ["new"]);
}

crate::store_suite::on_both!(
    seeks_are_listed_newest_first_until_they_lapse,
    a_seek_is_taken_once_and_only_by_its_poster_when_named,
    a_player_who_leaves_the_lobby_keeps_his_rows_a_while,
    quick_pairing_takes_the_nearest_waiting_player_once,
    notices_are_kept_for_their_player_and_taken_once,
);
