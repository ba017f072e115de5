//! Positions only the lenient setup accepts (pieces that can never move, two pawns on a
//! file, as some record files start from): their moves are generated exactly as
//! `is_legal` judges them.

use koma_notation::sfen;
use koma_rules::{AnyPosition, Move, VariantKind, all_encodings};
use std::collections::HashSet;

fn lenient(variant: VariantKind, text: &str) -> AnyPosition {
    let setup = sfen::parse_setup(variant, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert!(
        variant.position(&setup).is_err(),
        "{text} is strictly legal"
    );
    variant
        .position_lenient(&setup)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn check_generation(pos: &AnyPosition, text: &str) {
    let generated: HashSet<Move> = pos.legal_moves().iter().copied().collect();
    for m in &generated {
        assert_eq!(pos.is_legal(*m), Ok(()), "generated {m:?} in {text}");
    }
    for m in all_encodings() {
        if pos.is_legal(m).is_ok() {
            assert!(
                generated.contains(&m),
                "legal {m:?} not generated in {text}"
            );
        }
    }
}

#[test]
fn a_pawn_on_its_last_rank_has_no_move() {
    // Found by the fuzz target `positions` (crates/koma-rules/fuzz): sente's pawn on 7a
    // was shifted "forward" into 6i, the last square of the next file.
    let cases = [
        (VariantKind::Shogi, "2P1K1k2/9/9/9/9/9/9/9/9 b L 163"),
        (VariantKind::Shogi, "P3k4/9/9/9/9/9/9/9/4K3p w - 1"),
        (VariantKind::Shogi, "4k4/9/9/9/9/9/9/9/p3K4 w - 1"),
        (VariantKind::Shogi, "PPPPk4/9/9/9/9/9/9/9/4K1ppp b - 1"),
        (VariantKind::Shogi, "NL2k4/N8/9/9/9/9/9/n8/l3K3n b - 1"),
        (VariantKind::Shogi, "4k4/9/9/4P4/9/4P4/9/9/4K4 b - 1"),
        (VariantKind::Tori, "S1S1k1S/7/7/7/7/7/s2K1s1 b - 1"),
        (VariantKind::Tori, "S2k3/7/7/7/7/7/3K2s w - 1"),
    ];
    for (variant, text) in cases {
        let pos = lenient(variant, text);
        check_generation(&pos, text);
    }
    // The pawn itself is left without a move; the others move as usual.
    let pos = lenient(VariantKind::Shogi, "2P1K1k2/9/9/9/9/9/9/9/9 b L 163");
    let from_7a = pos
        .legal_moves()
        .iter()
        .filter(|m| m.from().is_some_and(|f| f.file() == 7 && f.rank() == 1))
        .count();
    assert_eq!(from_7a, 0);
}
