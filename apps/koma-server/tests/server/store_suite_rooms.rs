//! The store's conformance suite, the kansōsen rooms: a room is read back as written, and a
//! write made from an older number than the stored one is refused, so that two servers never
//! lose each other's change (on SQLite and on PostgreSQL, see `store_suite.rs`).

use crate::store_suite::new_game;
use koma_server::Store;
use koma_store::GameId;
use koma_store::rooms::StoredRoom;

fn room(version: u64, state: &str) -> StoredRoom {
    StoredRoom {
        game: GameId::from("a"),
        version,
        state: state.to_string(),
        at_ms: 100 + version,
    }
}

fn a_room_is_written_in_turn_and_read_as_written(store: &dyn Store) {
    let game = GameId::from("a");
    assert_eq!(store.room(&game).unwrap(), None);
    store.create_game(&new_game("a"), None).unwrap();
    assert!(store.save_room(&room(1, "{\"at\":0}")).unwrap());
    // A second first state (another server opened the room too): refused.
    assert!(!store.save_room(&room(1, "{\"at\":1}")).unwrap());
    assert!(store.save_room(&room(2, "{\"at\":2}")).unwrap());
    // A change made from version 1 after version 2 was written: refused, nothing lost.
    assert!(!store.save_room(&room(2, "{\"at\":3}")).unwrap());
    assert!(!store.save_room(&room(4, "{\"at\":4}")).unwrap());
    assert_eq!(store.room(&game).unwrap(), Some(room(2, "{\"at\":2}")));
    // No room for a game the store does not know, nor for a key no game has.
    assert!(
        store
            .save_room(&StoredRoom {
                game: GameId::from("zz"),
                ..room(1, "{}")
            })
            .is_err()
    );
    assert_eq!(store.room(&GameId::from("a\0")).unwrap(), None);
}

crate::store_suite::on_both!(a_room_is_written_in_turn_and_read_as_written);
