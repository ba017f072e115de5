//! The store's conformance suite, open challenges: the most one account may make, the
//! lists of either account, answers by the right account only and once, lapses and their
//! refresh (on SQLite and on PostgreSQL, see `store_suite.rs`).

use koma_server::Store;
use koma_store::challenges::{Answerer, ChallengeRow, PURGE_AFTER_MS};
use koma_store::{ChallengeId, UserId};

/// An open challenge `id` of `challenger` to `dest`, lapsing at `expires_ms`.
pub fn open(id: &str, challenger: &str, dest: &str, expires_ms: u64) -> ChallengeRow {
    ChallengeRow {
        id: id.into(),
        challenger: challenger.into(),
        dest: dest.into(),
        body: format!("{{\"of\": \"{id}\"}}"),
        expires_ms,
        status: "open".to_string(),
        reason: None,
    }
}

fn ids(rows: &[ChallengeRow]) -> Vec<&str> {
    rows.iter().map(|r| r.id.as_str()).collect()
}

fn challenges_are_listed_by_either_account_until_they_lapse(store: &dyn Store) {
    assert!(
        store
            .add_challenge(&open("c1", "alice", "bob", 1_000), 10, 0)
            .unwrap()
    );
    assert!(
        store
            .add_challenge(&open("c2", "bob", "carol", 500), 10, 0)
            .unwrap()
    );
    assert!(
        store
            .add_challenge(&open("c3", "carol", "alice", 2_000), 10, 0)
            .unwrap()
    );
    assert_eq!(
        ids(&store.challenges_of(&UserId::from("alice"), 100).unwrap()),
        ["c1", "c3"]
    );
    assert_eq!(
        ids(&store.challenges_of(&UserId::from("bob"), 100).unwrap()),
        ["c1", "c2"]
    );
    assert!(
        store
            .challenges_of(&UserId::from("dave"), 100)
            .unwrap()
            .is_empty()
    );
    // The row comes back as written.
    assert_eq!(
        store.challenges_of(&UserId::from("alice"), 100).unwrap()[0],
        open("c1", "alice", "bob", 1_000)
    );
    // c2 lapses at 500, c1 at 1000: lapsed ones are no longer listed.
    assert_eq!(
        ids(&store.challenges_of(&UserId::from("bob"), 500).unwrap()),
        ["c1"]
    );
    assert!(
        store
            .challenges_of(&UserId::from("bob"), 1_000)
            .unwrap()
            .is_empty()
    );
    // A refresh pushes the lapse later, never earlier.
    store
        .refresh_challenge(&ChallengeId::from("c3"), 5_000)
        .unwrap();
    store
        .refresh_challenge(&ChallengeId::from("c3"), 3_000)
        .unwrap();
    assert_eq!(
        store
            .challenge(&ChallengeId::from("c3"))
            .unwrap()
            .unwrap()
            .expires_ms,
        5_000
    );
    assert_eq!(
        ids(&store.challenges_of(&UserId::from("carol"), 4_000).unwrap()),
        ["c3"]
    );
    assert_eq!(
        store.challenge(&ChallengeId::from("nothing")).unwrap(),
        None
    );
}

fn an_account_has_at_most_so_many_open_challenges(store: &dyn Store) {
    for n in 0..3 {
        let row = open(&format!("c{n}"), "alice", "bob", 1_000);
        assert!(store.add_challenge(&row, 3, 0).unwrap());
    }
    assert!(
        !store
            .add_challenge(&open("c3", "alice", "bob", 1_000), 3, 0)
            .unwrap()
    );
    assert_eq!(store.challenge(&ChallengeId::from("c3")).unwrap(), None);
    // Another account is not counted with her.
    assert!(
        store
            .add_challenge(&open("b0", "bob", "alice", 1_000), 3, 0)
            .unwrap()
    );
    // One answered, or lapsed, no longer counts.
    store
        .take_challenge(
            &"c0".into(),
            &"alice".into(),
            Answerer::Challenger,
            "canceled",
            None,
            10,
        )
        .unwrap()
        .unwrap();
    assert!(
        store
            .add_challenge(&open("c3", "alice", "bob", 2_000), 3, 10)
            .unwrap()
    );
    assert!(
        !store
            .add_challenge(&open("c4", "alice", "bob", 2_000), 3, 10)
            .unwrap()
    );
    assert!(
        store
            .add_challenge(&open("c4", "alice", "bob", 3_000), 3, 1_500)
            .unwrap()
    );
}

fn only_the_right_account_answers_once_before_the_lapse(store: &dyn Store) {
    assert!(
        store
            .add_challenge(&open("c", "alice", "bob", 1_000), 10, 0)
            .unwrap()
    );
    // The challenger does not accept, nor the challenged account cancel, nor a third.
    let take = |user, answerer, status, now| {
        store
            .take_challenge(
                &ChallengeId::from("c"),
                &UserId::from(user),
                answerer,
                status,
                None,
                now,
            )
            .unwrap()
    };
    assert_eq!(take("alice", Answerer::Dest, "accepted", 10), None);
    assert_eq!(take("bob", Answerer::Challenger, "canceled", 10), None);
    assert_eq!(take("carol", Answerer::Dest, "accepted", 10), None);
    // Declined with a reason: the row says so, and it is no longer open.
    let taken = store
        .take_challenge(
            &"c".into(),
            &"bob".into(),
            Answerer::Dest,
            "declined",
            Some("later"),
            10,
        )
        .unwrap()
        .unwrap();
    assert_eq!(
        (taken.status.as_str(), taken.reason.as_deref()),
        ("declined", Some("later"))
    );
    assert_eq!(taken.body, open("c", "alice", "bob", 0).body);
    assert_eq!(take("bob", Answerer::Dest, "accepted", 20), None);
    assert_eq!(take("alice", Answerer::Challenger, "canceled", 20), None);
    assert!(
        store
            .challenges_of(&UserId::from("bob"), 20)
            .unwrap()
            .is_empty()
    );
    // Its row stays readable for the other servers' events...
    assert_eq!(
        store
            .challenge(&ChallengeId::from("c"))
            .unwrap()
            .unwrap()
            .status,
        "declined"
    );
    // ... a refresh does not reopen it...
    store
        .refresh_challenge(&ChallengeId::from("c"), 9_000)
        .unwrap();
    assert_eq!(
        store
            .challenge(&ChallengeId::from("c"))
            .unwrap()
            .unwrap()
            .expires_ms,
        1_000
    );
    // ... and a later challenge purges it a while after it lapsed.
    let later = 1_000 + PURGE_AFTER_MS + 1;
    assert!(
        store
            .add_challenge(&open("d", "alice", "bob", later + 100), 10, later)
            .unwrap()
    );
    assert_eq!(store.challenge(&ChallengeId::from("c")).unwrap(), None);
    // A lapsed challenge is not answered.
    assert_eq!(take("bob", Answerer::Dest, "accepted", later + 100), None);
    let d = store
        .take_challenge(
            &"d".into(),
            &"bob".into(),
            Answerer::Dest,
            "accepted",
            None,
            later + 99,
        )
        .unwrap()
        .unwrap();
    assert_eq!(d.status, "accepted");
}

fn a_key_with_a_nul_character_finds_no_challenge(store: &dyn Store) {
    assert!(
        store
            .challenges_of(&UserId::from("alice\0"), 0)
            .unwrap()
            .is_empty()
    );
    assert_eq!(store.challenge(&ChallengeId::from("c\0")).unwrap(), None);
    store
        .refresh_challenge(&ChallengeId::from("c\0"), 10)
        .unwrap();
    let taken = store
        .take_challenge(
            &"c\0".into(),
            &"bob".into(),
            Answerer::Dest,
            "accepted",
            None,
            0,
        )
        .unwrap();
    assert_eq!(taken, None);
}

crate::store_suite::on_both!(
    challenges_are_listed_by_either_account_until_they_lapse,
    an_account_has_at_most_so_many_open_challenges,
    only_the_right_account_answers_once_before_the_lapse,
    a_key_with_a_nul_character_finds_no_challenge,
);
