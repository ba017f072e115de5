//! What the evaluation does differently per variant: the numbers it plays each variant
//! with, and the terms only one variant has.

use super::{PARAMS, Params, for_sente};
use koma_rules::{Color, Position, Role, Variant, VariantKind};
use std::sync::LazyLock;

/// The numbers the engine evaluates positions of `V` with: [`PARAMS`], but for Kyoto
/// shogi, whose pieces change face with every move.
#[inline(always)]
pub fn params<V: Variant>() -> &'static Params {
    match V::KIND {
        VariantKind::Kyoto => &KYOTO,
        _ => &PARAMS,
    }
}

/// Kyoto shogi: every piece but the king turns over with each of its moves, so a piece on
/// the board is worth the mean of its two faces, and a piece in hand, dropped with the
/// face its player chooses, a tenth more than its better face.
static KYOTO: LazyLock<Params> = LazyLock::new(|| {
    use koma_rules::variants::Kyoto;
    let mut p = PARAMS.clone();
    for &role in &Kyoto::BOARD_ROLES[1..] {
        let other = Kyoto::promote(role).unwrap_or(role);
        let (a, b) = (PARAMS.piece[role.index()], PARAMS.piece[other.index()]);
        p.piece[role.index()] = (a + b) / 2;
        if Kyoto::HAND_ROLES.contains(&role) {
            p.hand[role.index()] = a.max(b) * 11 / 10;
        }
    }
    p
});

/// The lion's worth by how many ranks it has advanced from its own back rank (Dōbutsu,
/// where a lion reaching the far rank unattacked wins).
const LION_ADVANCE: [i32; 4] = [0, 20, 60, 90];

/// The terms of `pos` that only its variant has, from sente's point of view: in Dōbutsu
/// (the try), the lions' advance.
#[inline(always)]
pub fn variant_terms<V: Variant>(pos: &Position<V>) -> i32 {
    if !V::TRY {
        return 0;
    }
    let mut score = 0;
    for color in [Color::Black, Color::White] {
        for sq in pos.pieces(color, Role::King) {
            let advanced = usize::from(V::RANKS - sq.relative_rank(color, V::RANKS));
            score += for_sente(color, LION_ADVANCE[advanced.min(LION_ADVANCE.len() - 1)]);
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_rules::variants::{Dobutsu, Kyoto, Shogi};

    #[test]
    fn kyoto_faces_are_worth_the_same_and_shogi_keeps_its_numbers() {
        let p = params::<Kyoto>();
        for &role in &Kyoto::BOARD_ROLES[1..] {
            let other = Kyoto::promote(role).unwrap();
            assert_eq!(p.piece[role.index()], p.piece[other.index()], "{role:?}");
        }
        assert!(p.hand[Role::Pawn.index()] > p.piece[Role::Pawn.index()]);
        assert_eq!(params::<Shogi>(), &PARAMS);
    }

    #[test]
    fn an_advanced_lion_is_worth_more() {
        let start = Position::<Dobutsu>::startpos();
        assert_eq!(variant_terms(&start), 0);
        let setup =
            koma_notation::sfen::parse_setup(VariantKind::Dobutsu, "1l1/3/1L1/3 b - 1").unwrap();
        let advanced = Position::<Dobutsu>::from_setup(&setup).unwrap();
        assert!(variant_terms(&advanced) > 0);
    }
}
