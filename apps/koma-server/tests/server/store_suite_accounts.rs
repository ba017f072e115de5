//! The store's conformance suite, accounts: sessions, tokens, deletion (on SQLite and on
//! PostgreSQL, see `store_suite.rs`).

use koma_server::Store;
use koma_store::UserId;
use koma_store::accounts::{NewSession, NewToken, NewUser, SEEN_RESOLUTION_MS};

/// Adds the account `name` (its id in lowercase).
pub(crate) fn add_user(store: &dyn Store, name: &str) {
    let user = NewUser {
        id: name.to_lowercase().into(),
        username: name.to_string(),
        password_hash: "$argon2id$fake".to_string(),
        created_ms: 1_000,
    };
    assert!(store.create_user(&user).unwrap());
}

fn session(hash: &str, user: &str, created_ms: u64, expires_ms: u64) -> NewSession {
    NewSession {
        hash: hash.to_string(),
        user_id: user.into(),
        created_ms,
        expires_ms,
    }
}

fn names_are_unique_whatever_their_case(store: &dyn Store) {
    add_user(store, "Habu");
    let again = NewUser {
        id: "habu".into(),
        username: "HABU".to_string(),
        password_hash: "x".to_string(),
        created_ms: 2_000,
    };
    assert!(!store.create_user(&again).unwrap());
    let user = store.user(&UserId::from("habu")).unwrap().unwrap();
    assert_eq!((user.username.as_str(), user.created_ms), ("Habu", 1_000));
}

fn token(id: &str, hash: &str, user: &str) -> NewToken {
    NewToken {
        id: id.into(),
        hash: hash.to_string(),
        user_id: user.into(),
        description: "bot".to_string(),
        created_ms: 10,
    }
}

fn sessions_expire_and_a_new_password_ends_the_others_and_the_tokens(store: &dyn Store) {
    add_user(store, "Habu");
    store
        .create_session(&session("a", "habu", 10, 100))
        .unwrap();
    store
        .create_session(&session("b", "habu", 20, 200))
        .unwrap();
    assert_eq!(store.session_user("a", 99).unwrap().unwrap().id, "habu");
    assert_eq!(store.session_user("a", 100).unwrap(), None);
    // The expired one is gone even for a time before its end.
    assert_eq!(store.session_user("a", 50).unwrap(), None);
    store
        .create_session(&session("c", "habu", 30, 300))
        .unwrap();
    store.create_token(&token("t1", "th", "habu")).unwrap();
    add_user(store, "Kato");
    store.create_token(&token("t2", "kh", "kato")).unwrap();
    store
        .set_password(&UserId::from("habu"), "new", Some("c"), 35)
        .unwrap();
    assert_eq!(store.session_user("b", 40).unwrap(), None);
    assert!(store.session_user("c", 40).unwrap().is_some());
    assert_eq!(
        store
            .user(&UserId::from("habu"))
            .unwrap()
            .unwrap()
            .password_hash,
        "new"
    );
    assert_eq!(store.token_user("th", 40).unwrap(), None);
    assert!(store.list_tokens(&UserId::from("habu")).unwrap().is_empty());
    assert!(
        !store
            .revoke_token(&"habu".into(), &"t1".into(), 50)
            .unwrap()
    );
    // Another account's tokens stay.
    assert_eq!(store.token_user("kh", 40).unwrap().unwrap().id, "kato");
    assert!(
        store
            .set_password(&UserId::from("nobody"), "x", None, 60)
            .is_err()
    );
}

fn seen_times_are_written_once_a_minute(store: &dyn Store) {
    add_user(store, "Habu");
    store
        .create_session(&session("s", "habu", 0, u64::MAX))
        .unwrap();
    let seen = |store: &dyn Store| store.user(&UserId::from("habu")).unwrap().unwrap().seen_ms;
    assert_eq!(seen(store), Some(0), "the login is a visit");
    store
        .session_user("s", SEEN_RESOLUTION_MS - 1)
        .unwrap()
        .unwrap();
    assert_eq!(seen(store), Some(0));
    store
        .session_user("s", SEEN_RESOLUTION_MS)
        .unwrap()
        .unwrap();
    assert_eq!(seen(store), Some(SEEN_RESOLUTION_MS));
}

fn deleting_ends_sessions_revokes_tokens_and_keeps_the_name(store: &dyn Store) {
    add_user(store, "Habu");
    store
        .create_session(&session("s", "habu", 10, 100))
        .unwrap();
    store.create_token(&token("t1", "th", "habu")).unwrap();
    assert_eq!(store.token_user("th", 20).unwrap().unwrap().id, "habu");
    assert_eq!(
        store.list_tokens(&UserId::from("habu")).unwrap()[0].used_ms,
        Some(20)
    );
    store.delete_user(&UserId::from("habu"), 30).unwrap();
    assert_eq!(store.session_user("s", 40).unwrap(), None);
    assert_eq!(store.token_user("th", 40).unwrap(), None);
    assert!(store.list_tokens(&UserId::from("habu")).unwrap().is_empty());
    let user = store.user(&UserId::from("habu")).unwrap().unwrap();
    assert_eq!(
        (user.deleted_ms, user.password_hash.as_str()),
        (Some(30), "")
    );
    assert!(store.delete_user(&UserId::from("habu"), 50).is_err());
    assert!(
        !store
            .revoke_token(&"habu".into(), &"t1".into(), 60)
            .unwrap()
    );
}

fn preferences_are_kept_replaced_and_only_for_a_live_account(store: &dyn Store) {
    add_user(store, "Habu");
    let habu = UserId::from("habu");
    assert_eq!(store.preferences(&habu).unwrap(), None);
    assert!(
        store
            .set_preferences(&habu, r#"{"language":"ja"}"#, 10)
            .unwrap()
    );
    assert!(
        store
            .set_preferences(&habu, r#"{"language":"de","theme":"dark"}"#, 20)
            .unwrap()
    );
    assert_eq!(
        store.preferences(&habu).unwrap().as_deref(),
        Some(r#"{"language":"de","theme":"dark"}"#)
    );
    assert!(
        !store
            .set_preferences(&UserId::from("nobody"), "{}", 30)
            .unwrap()
    );
    assert_eq!(store.preferences(&UserId::from("nobody")).unwrap(), None);
    store.delete_user(&habu, 40).unwrap();
    assert!(!store.set_preferences(&habu, "{}", 50).unwrap());
}

crate::store_suite::on_both!(
    preferences_are_kept_replaced_and_only_for_a_live_account,
    names_are_unique_whatever_their_case,
    sessions_expire_and_a_new_password_ends_the_others_and_the_tokens,
    seen_times_are_written_once_a_minute,
    deleting_ends_sessions_revokes_tokens_and_keeps_the_name,
);
