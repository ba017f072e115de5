//! Tactical checks of the search: mates found at their length, hanging pieces taken, and
//! every answer legal.

use koma_engine::{Limits, PastPosition, Score, Searched, Searcher};
use koma_notation::{sfen, usi};
use koma_rules::variants::{Shogi, Tori};
use koma_rules::{Position, Variant, VariantKind};
use koma_testdata::tsume_rows;
use std::sync::atomic::AtomicBool;

fn think<V: Searched<Move = koma_rules::Move>>(
    pos: &Position<V>,
    depth: u32,
) -> koma_engine::SearchResult {
    think_after(pos, &[], depth)
}

/// A fresh search of `pos` to `depth`, reached through the game's positions `history`.
fn think_after<V: Searched<Move = koma_rules::Move>>(
    pos: &Position<V>,
    history: &[PastPosition],
    depth: u32,
) -> koma_engine::SearchResult {
    let mut searcher = Searcher::new(16);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    searcher.search(pos, history, &limits, &AtomicBool::new(false), &mut |_| {})
}

#[test]
fn short_mates_of_the_shared_suite_are_found_at_their_length() {
    let mut tried = 0;
    for row in tsume_rows() {
        let (id, position, plies) = (&row.id, &row.sfen, row.mate_plies);
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
fn a_perpetual_check_begun_in_the_game_is_avoided() {
    // Sente, far behind (gote holds two golds and two silvers), has checked with the rook
    // twice: 2e1e+ (king to 2b), 1e2e+ (king back to 1a), and the start position is back.
    // Checking again on 1e repeats a position in which sente checked all along: a loss by
    // perpetual check, not the draw a material deficit would welcome. The game's moves
    // carry whether each position was in check, so the search knows.
    let start = sfen::parse::<Shogi>("8k/9/9/9/7R1/9/9/9/K8 b 2g2s 1").unwrap();
    let mut pos = start;
    let mut history = vec![PastPosition::of(&pos)];
    for text in ["2e1e", "1a2b", "1e2e", "2b1a"] {
        pos.play(usi::parse_move(VariantKind::Shogi, text).unwrap())
            .unwrap();
        history.push(PastPosition::of(&pos));
    }
    assert_eq!(pos.key(), start.key());
    assert!(history[1].in_check && history[3].in_check);
    let result = think_after(&pos, &history, 5);
    let best = result.best.map(|m| usi::write_move(VariantKind::Shogi, m));
    assert_ne!(best.as_deref(), Some("2e1e"), "{result:?}");
    // Without the check marks the same search takes the repetition as a draw and checks.
    let unmarked: Vec<PastPosition> = history
        .iter()
        .map(|p| PastPosition {
            in_check: false,
            ..*p
        })
        .collect();
    let result = think_after(&pos, &unmarked, 5);
    let best = result.best.map(|m| usi::write_move(VariantKind::Shogi, m));
    assert_eq!(best.as_deref(), Some("2e1e"), "{result:?}");
}

#[test]
fn a_third_occurrence_is_not_played_in_tori() {
    // Game 38 of a koma-Fairy-Stockfish match (2026-11-23), gote (koma) to move: the
    // silvers have been dropped and taken on 4b/4c/4d twice. S*4b would make the position
    // occur a third time, which Tori's rulebook forbids (it lost that game as an illegal
    // move), however poor the alternatives look.
    let moves = "3d3c 1c1d 3e3d 4b5b 1e1d 5d5e 1d1c S*1b 1c1b+ 5c5d 5g6f 5a6b 4g3f 5b4b \
        3f2f 3a2b S*7d 7c7d 7e7d S*2d 3g3f 2d2e 3f2e 4a5a S*1c 2b3a S*7b 7a7b S*7c S*7a \
        7c7b+ 7a7b S*7c S*7a 2e3f 4b5b 7c7b+ 7a7b 3f3e 5b4a 4e4d S*4b 7d7c 7b7c 4f4e 6b5c \
        4d4c 4b4c S*4d S*4b 4d4c 4b4c S*4d";
    let mut pos = Position::<Tori>::startpos();
    let mut history = vec![PastPosition::of(&pos)];
    for text in moves.split_whitespace() {
        pos.play(usi::parse_move(VariantKind::Tori, text).unwrap())
            .unwrap();
        history.push(PastPosition::of(&pos));
    }
    let forbidden = usi::parse_move(VariantKind::Tori, "S*4b").unwrap();
    let after = pos.after(forbidden).key();
    assert_eq!(history.iter().filter(|p| p.key == after).count(), 2);
    let result = think_after(&pos, &history, 6);
    assert_ne!(result.best, Some(forbidden), "{result:?}");
}

#[test]
fn answers_are_legal_in_random_games_of_both_variants() {
    fn walk<V: Variant + Searched<Move = koma_rules::Move>>(seed: u64) {
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
