//! The store's hottest queries on SQLite, through the public `Store` API: appending a move
//! (every move of every game) and loading a game of 120 moves (every game a server takes
//! into memory). Run on a commit before and after a change of the SQL layer, side by side,
//! to see what the change costs per call (`cargo bench -p koma-store`).
// criterion_group! defines an undocumented public function.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use koma_game::RuleSet;
use koma_rules::{Color, VariantKind};
use koma_store::{GameSetup, GameStore, NewGame, SqliteStore, StoredMove};
use std::hint::black_box;

/// A game of two guests with the id `id`.
fn new_game(id: &str) -> NewGame {
    NewGame {
        id: id.into(),
        setup: GameSetup {
            variant: VariantKind::Shogi.into(),
            start_sfen: "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1".into(),
            rules: RuleSet::AMATEUR,
            time_control: "10m+30s".parse().ok(),
        },
        seat_tokens: ["s".into(), "g".into()],
        invite: "i".into(),
        creator: Color::Black,
        created_ms: 1,
        engine: None,
        players: [None, None],
        rated: false,
    }
}

/// Move `ply` of a game (its text does not matter to the store).
fn mv(ply: usize) -> StoredMove {
    StoredMove {
        usi: if ply % 2 == 0 {
            "7g7f".into()
        } else {
            "3c3d".into()
        },
        at_ms: 1_000 + ply as u64,
    }
}

fn queries(c: &mut Criterion) {
    let dir = std::env::temp_dir().join(format!("koma-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let store = SqliteStore::open(&dir.join("bench.sqlite")).expect("a SQLite file");

    // Appending: 200 moves to a game, then a new game.
    let (mut game, mut ply) = (0usize, 0usize);
    store
        .create_game(&new_game("append-0"), Some(1))
        .expect("created");
    c.bench_function("sqlite append_move", |b| {
        b.iter(|| {
            if ply == 200 {
                game += 1;
                ply = 0;
                store
                    .create_game(&new_game(&format!("append-{game}")), Some(1))
                    .expect("created");
            }
            store
                .append_move(&format!("append-{game}").into(), ply, &mv(ply))
                .expect("appended");
            ply += 1;
        })
    });

    store
        .create_game(&new_game("loaded"), Some(1))
        .expect("created");
    for ply in 0..120 {
        store
            .append_move(&"loaded".into(), ply, &mv(ply))
            .expect("appended");
    }
    c.bench_function("sqlite load_game (120 moves)", |b| {
        b.iter(|| black_box(store.load_game(&"loaded".into()).expect("loaded")))
    });
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, queries);
criterion_main!(benches);
