//! Properties over random positions (proptest): SFEN round trip, play/unplay, incremental
//! hash, and agreement between generation, counting and `is_legal`.

use koma_notation::sfen;
use koma_rules::{
    Bitboard, CheckSquares, Color, MoveKind, Position, Role, Square, Variant, all_encodings,
    attacks, empty_board_attacks,
    variants::{Kyoto, Minishogi, Shogi, Tori},
};
use proptest::prelude::*;
use std::collections::HashSet;

/// The position after `plies` random legal moves from the start, chosen by `seed`.
fn playout<V: Variant>(seed: u64, plies: usize) -> Position<V> {
    let mut state = seed;
    let mut pos = Position::<V>::startpos();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        pos.play_unchecked(moves[(state >> 33) as usize % moves.len()]);
    }
    pos
}

fn check_round_trip<V: Variant>(pos: &Position<V>) {
    let text = sfen::write(pos);
    let back: Position<V> = sfen::parse(&text).expect("our own SFEN parses");
    assert_eq!(&back, pos, "{text}");
    assert_eq!(back.key(), pos.key(), "{text}");
    assert_eq!(sfen::write(&back), text);
}

fn check_play_unplay<V: Variant>(pos: &Position<V>) {
    assert_eq!(
        pos.key(),
        pos.compute_key(),
        "incremental hash of {}",
        sfen::write(pos)
    );
    // After an unplay, all is as it was: board, keys, checkers and pins.
    let restored = |p: &Position<V>, how: &str| {
        assert_eq!(p, pos, "{how} in {}", sfen::write(pos));
        assert_eq!(p.key(), pos.key(), "{how}");
        assert_eq!(p.checkers(), pos.checkers(), "{how}");
        assert_eq!(p.pinned(), pos.pinned(), "{how}");
    };
    let mut p = *pos;
    for &m in pos.legal_moves().iter() {
        let undo = p.play_undoable(m);
        assert_eq!(undo.key_before(), pos.key());
        assert_eq!(undo.was_in_check(), pos.in_check());
        assert_eq!(
            p.key(),
            p.compute_key(),
            "hash after {m:?} in {}",
            sfen::write(pos)
        );
        assert_eq!(p, pos.after(m));
        p.unplay(m, undo);
        restored(&p, &format!("unplay {m:?}"));

        // Deferring the checks: the same position once refreshed, and the same after unplay.
        let undo = p.play_undoable_deferring_checks(m);
        assert_eq!(p.key(), pos.after(m).key());
        let mut refreshed = p;
        refreshed.refresh_checks();
        assert_eq!(refreshed.checkers(), pos.after(m).checkers(), "{m:?}");
        assert_eq!(refreshed.pinned(), pos.after(m).pinned(), "{m:?}");
        p.unplay(m, undo);
        restored(&p, &format!("unplay of a deferred {m:?}"));

        // Unkeyed: the board of the move, the keys of before, and after unplay all as it was.
        let undo = p.play_undoable_unkeyed(m);
        assert_eq!(p.key(), pos.key(), "{m:?}");
        assert_eq!(sfen::write(&p), sfen::write(&pos.after(m)), "{m:?}");
        p.unplay(m, undo);
        restored(&p, &format!("unplay of an unkeyed {m:?}"));
    }
}

fn check_generation<V: Variant>(pos: &Position<V>) {
    let text = sfen::write(pos);
    let all: HashSet<_> = pos.legal_moves().iter().copied().collect();
    assert_eq!(
        all.len(),
        pos.legal_moves().len(),
        "duplicate moves in {text}"
    );
    assert_eq!(
        pos.count_legal(),
        all.len() as u64,
        "count vs list in {text}"
    );
    for &m in &all {
        assert_eq!(
            pos.is_legal(m),
            Ok(()),
            "generated {m:?} is illegal in {text}"
        );
    }
    for m in all_encodings() {
        let verdict = pos.is_legal(m);
        if verdict.is_ok() {
            assert!(all.contains(&m), "legal {m:?} not generated in {text}");
        }
        // Within reach (any verdict past the piece's moves), the shorter question agrees.
        use koma_rules::IllegalMove::*;
        if matches!(
            verdict,
            Ok(())
                | Err(CannotPromote
                    | MustPromote
                    | DeadDrop
                    | TwoPawns
                    | DropPawnMate
                    | KingInCheck)
        ) {
            assert_eq!(pos.is_legal_within_reach(m), verdict, "{m:?} in {text}");
        }
    }
    let kind = |k| pos.moves(k).iter().copied().collect::<HashSet<_>>();
    let legal = kind(MoveKind::Legal);
    assert!(legal.is_subset(&all));
    let (captures, quiets) = (kind(MoveKind::Captures), kind(MoveKind::Quiets));
    assert!(captures.is_disjoint(&quiets));
    assert_eq!(&captures | &quiets, all, "captures + quiets in {text}");
    for m in &captures {
        assert!(pos.piece_at(m.to()).is_some());
    }
    let (search_captures, search_quiets) =
        (kind(MoveKind::SearchCaptures), kind(MoveKind::SearchQuiets));
    assert!(search_captures.is_disjoint(&search_quiets));
    assert_eq!(
        &search_captures | &search_quiets,
        legal,
        "search kinds in {text}"
    );
    assert!(search_captures.is_subset(&captures));
    let evasions = kind(MoveKind::Evasions);
    assert_eq!(
        evasions,
        if pos.in_check() {
            all.clone()
        } else {
            HashSet::new()
        }
    );
    assert_eq!(
        kind(MoveKind::SearchEvasions),
        &evasions & &legal,
        "search evasions in {text}"
    );
    let checks = kind(MoveKind::Checks);
    let squares = CheckSquares::new(pos);
    for &m in &all {
        let checks_after = pos.after(m).in_check();
        assert_eq!(checks.contains(&m), checks_after, "check {m:?} in {text}");
        assert_eq!(
            squares.as_ref().is_some_and(|s| s.gives_check(m)),
            checks_after,
            "gives_check {m:?} in {text}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn shogi_sfen_round_trip(seed: u64, plies in 0usize..200) {
        check_round_trip(&playout::<Shogi>(seed, plies));
    }

    #[test]
    fn tori_sfen_round_trip(seed: u64, plies in 0usize..200) {
        check_round_trip(&playout::<Tori>(seed, plies));
    }

    #[test]
    fn shogi_play_unplay_and_hash(seed: u64, plies in 0usize..200) {
        check_play_unplay(&playout::<Shogi>(seed, plies));
    }

    #[test]
    fn tori_play_unplay_and_hash(seed: u64, plies in 0usize..200) {
        check_play_unplay(&playout::<Tori>(seed, plies));
    }

    #[test]
    fn shogi_generation_agrees_with_is_legal(seed: u64, plies in 0usize..200) {
        check_generation(&playout::<Shogi>(seed, plies));
    }

    #[test]
    fn tori_generation_agrees_with_is_legal(seed: u64, plies in 0usize..200) {
        check_generation(&playout::<Tori>(seed, plies));
    }

    #[test]
    fn small_variants_generation_agrees_with_is_legal(seed: u64, plies in 0usize..120) {
        // Kyoto's pieces turn over on every move: a check may come from the other face.
        check_generation(&playout::<Kyoto>(seed, plies));
        check_generation(&playout::<Minishogi>(seed, plies));
    }
}

/// The tables' attacks on an empty board are the slides' on one, for every role of the
/// 9x9 frame, both colours and every square.
#[test]
fn empty_board_attacks_are_attacks_with_nothing_in_the_way() {
    let mut sliding = 0;
    for role in Role::ALL.into_iter().take(koma_rules::pieces::FRAME9_ROLES) {
        for color in [Color::Black, Color::White] {
            for sq in Square::all() {
                let slid = attacks(role, color, sq, Bitboard::EMPTY);
                assert_eq!(
                    empty_board_attacks(role, color, sq),
                    slid,
                    "{role:?} {color:?} {sq}"
                );
                sliding += usize::from(slid.count() > 8);
            }
        }
    }
    // The long-range pieces were among them.
    assert!(sliding > 300, "{sliding}");
}

/// Long capture-heavy Tori games: every generated move is legal at every position, and
/// every legal encoding is generated at every fifth one (Tori has no independent
/// generator on crates.io to compare against, so this is its differential test).
#[test]
fn tori_long_playouts() {
    let mut state = 0x746f_7269_u64;
    let mut positions = 0;
    for _ in 0..200 {
        let mut pos = Position::<Tori>::startpos();
        for ply in 0..300 {
            let moves = pos.legal_moves();
            for &m in moves.iter() {
                assert_eq!(pos.is_legal(m), Ok(()), "{m:?} in {}", sfen::write(&pos));
            }
            if ply % 5 == 0 {
                check_generation(&pos);
            }
            positions += 1;
            if moves.is_empty() {
                break;
            }
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let captures: Vec<_> = moves
                .iter()
                .copied()
                .filter(|m| m.from().is_some() && pos.piece_at(m.to()).is_some())
                .collect();
            let pick = (state >> 33) as usize;
            let m = if !captures.is_empty() && pick % 3 != 0 {
                captures[pick % captures.len()]
            } else {
                moves[pick % moves.len()]
            };
            pos.play_unchecked(m);
        }
    }
    assert!(positions > 20_000, "{positions}");
}
