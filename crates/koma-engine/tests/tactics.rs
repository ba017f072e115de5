//! Tactical checks of the search: mates found at their length, hanging pieces taken, and
//! every answer legal.

use koma_engine::{Limits, Score, Searcher};
use koma_notation::{sfen, usi};
use koma_rules::variants::{Shogi, Tori};
use koma_rules::{Position, Variant, VariantKind};
use std::sync::atomic::AtomicBool;

fn think<V: Variant>(pos: &Position<V>, depth: u32) -> koma_engine::SearchResult {
    let mut searcher = Searcher::new(16);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    searcher.search(pos, &[], &limits, &AtomicBool::new(false), &mut |_| {})
}

#[test]
fn short_mates_of_the_shared_suite_are_found_at_their_length() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/tsume.tsv"
    );
    let text = std::fs::read_to_string(path).expect("the shared data beside the project");
    let mut tried = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("id\t"))
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let (id, position, plies) = (fields[0], fields[1], fields[2]);
        let Ok(plies) = plies.parse::<i32>() else {
            continue;
        };
        if !(1..=3).contains(&plies) {
            continue;
        }
        // The suite's problems often lack the attacker's king; the engine plays games.
        let Ok(pos) = sfen::parse::<Shogi>(position) else {
            continue;
        };
        let result = think(&pos, plies as u32 + 4);
        assert_eq!(result.score, Score::Mate(plies), "{id}: {result:?}");
        let best = result.best.expect("a move");
        assert!(pos.is_legal(best).is_ok(), "{id}");
        tried += 1;
    }
    assert!(
        tried >= 5,
        "only {tried} mates with both kings in the suite"
    );
    eprintln!("{tried} mates of 1 to 3 plies found");
}

#[test]
fn a_hanging_rook_is_taken() {
    let pos = sfen::parse::<Shogi>("4k4/9/9/9/4r4/9/2B6/9/5K3 b - 1").unwrap();
    let result = think(&pos, 4);
    let best = result.best.map(|m| usi::write_move(VariantKind::Shogi, m));
    assert_eq!(best.as_deref(), Some("7g5e"), "{result:?}");
}

#[test]
fn answers_are_legal_in_random_games_of_both_variants() {
    fn walk<V: Variant>(seed: u64) {
        let mut pos = Position::<V>::startpos();
        let mut state = seed;
        for _ in 0..60 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let result = think(&pos, 2);
            let best = result.best.expect("a move when moves exist");
            assert!(pos.is_legal(best).is_ok(), "{}", sfen::write(&pos));
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = moves[(state >> 33) as usize % moves.len()];
            pos.play_unchecked(m);
        }
    }
    for seed in 0..3 {
        walk::<Shogi>(seed);
        walk::<Tori>(seed);
    }
}
