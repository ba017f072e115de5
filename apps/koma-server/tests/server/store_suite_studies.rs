//! The store's conformance suite, the studies: a study is read back as written with its
//! members and chapters, a write made from an older number is refused (nothing lost), a
//! change writes only its chapters, the lists show each viewer what he may find, and a
//! deleted study is gone whole (on SQLite and on PostgreSQL, see `store_suite.rs`).

use crate::store_suite_accounts::add_user;
use koma_server::Store;
use koma_store::studies::{StoredChapter, StoredStudy, StudyMember, StudyRole, Visibility};
use koma_store::{StudyId, UserId};

fn study(id: &str, owner: &str, visibility: Visibility, version: u64) -> StoredStudy {
    StoredStudy {
        id: StudyId::from(id),
        owner: UserId::from(owner),
        name: format!("study {id}"),
        visibility,
        version,
        members: Vec::new(),
        state: format!("{{\"v\":{version}}}"),
        created_ms: 500,
        at_ms: 1_000 + version,
    }
}

fn chapter(number: u32, state: &str) -> StoredChapter {
    StoredChapter {
        number,
        state: state.to_string(),
    }
}

fn a_study_is_written_in_turn_with_its_chapters_and_members(store: &dyn Store) {
    for name in ["owner", "ann", "bob"] {
        add_user(store, name);
    }
    let id = StudyId::from("s1");
    assert_eq!(store.study(&id).unwrap(), None);
    let first = study("s1", "owner", Visibility::Private, 1);
    assert!(
        store
            .save_study(&first, &[chapter(0, "c0"), chapter(1, "c1")], &[])
            .unwrap()
    );
    // A second first state (another server made the same id): refused.
    assert!(
        !store
            .save_study(&first, &[chapter(0, "other")], &[])
            .unwrap()
    );
    let mut second = study("s1", "owner", Visibility::Unlisted, 2);
    second.members = vec![
        StudyMember {
            account: "ann".into(),
            role: StudyRole::Edit,
        },
        StudyMember {
            account: "bob".into(),
            role: StudyRole::Watch,
        },
    ];
    // Chapter 1 changed, chapter 0 left as it is, chapter 2 added.
    assert!(
        store
            .save_study(&second, &[chapter(1, "c1b"), chapter(2, "c2")], &[])
            .unwrap()
    );
    // A change made from version 1 after version 2 was written: refused, nothing lost.
    assert!(
        !store
            .save_study(&second, &[chapter(0, "lost")], &[1])
            .unwrap()
    );
    let (read, chapters) = store.study(&id).unwrap().unwrap();
    assert_eq!(read, second);
    assert_eq!(
        chapters,
        vec![chapter(0, "c0"), chapter(1, "c1b"), chapter(2, "c2")]
    );
    // Chapter 0 taken away, bob no longer a member.
    let mut third = study("s1", "owner", Visibility::Unlisted, 3);
    third.members = vec![second.members[0].clone()];
    assert!(store.save_study(&third, &[], &[0]).unwrap());
    let (read, chapters) = store.study(&id).unwrap().unwrap();
    assert_eq!(read.members, third.members);
    assert_eq!(chapters, vec![chapter(1, "c1b"), chapter(2, "c2")]);
    // An owner or a member that is no account: refused.
    assert!(
        store
            .save_study(&study("s2", "nobody", Visibility::Public, 1), &[], &[])
            .is_err()
    );
    assert_eq!(store.study(&StudyId::from("s1\0")).unwrap(), None);
}

fn each_viewer_finds_the_studies_he_may(store: &dyn Store) {
    for name in ["owner", "ann", "bob"] {
        add_user(store, name);
    }
    assert!(
        store
            .save_study(&study("pub", "owner", Visibility::Public, 1), &[], &[])
            .unwrap()
    );
    let mut unlisted = study("unl", "owner", Visibility::Unlisted, 1);
    unlisted.at_ms = 2_000;
    assert!(store.save_study(&unlisted, &[], &[]).unwrap());
    let mut private = study("pri", "owner", Visibility::Private, 1);
    private.members = vec![StudyMember {
        account: "ann".into(),
        role: StudyRole::Watch,
    }];
    private.at_ms = 5_000;
    assert!(store.save_study(&private, &[], &[]).unwrap());
    let ids = |viewer: Option<&str>| -> Vec<String> {
        let viewer = viewer.map(UserId::from);
        store
            .studies_for(viewer.as_ref(), 10)
            .unwrap()
            .iter()
            .map(|s| s.id.to_string())
            .collect()
    };
    // The last changed first.
    assert_eq!(ids(Some("owner")), ["pri", "unl", "pub"]);
    assert_eq!(ids(Some("ann")), ["pri", "pub"]);
    assert_eq!(ids(Some("bob")), ["pub"]);
    assert_eq!(ids(None), ["pub"]);
    assert_eq!(
        store
            .studies_for(Some(&UserId::from("owner")), 1)
            .unwrap()
            .len(),
        1
    );
    // Deleted whole: its chapters and members with it.
    assert!(
        store
            .save_study(
                &{
                    let mut next = private.clone();
                    next.version = 2;
                    next
                },
                &[chapter(0, "c")],
                &[]
            )
            .unwrap()
    );
    assert!(store.delete_study(&StudyId::from("pri")).unwrap());
    assert!(!store.delete_study(&StudyId::from("pri")).unwrap());
    assert_eq!(store.study(&StudyId::from("pri")).unwrap(), None);
    assert_eq!(ids(Some("ann")), ["pub"]);
    // Made again under the same id, it starts empty.
    assert!(store.save_study(&private, &[], &[]).unwrap());
    assert_eq!(
        store.study(&StudyId::from("pri")).unwrap().unwrap().1,
        vec![]
    );
}

crate::store_suite::on_both!(
    a_study_is_written_in_turn_with_its_chapters_and_members,
    each_viewer_finds_the_studies_he_may
);
