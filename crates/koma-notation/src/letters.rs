//! The SFEN/USI letters of each role, per variant, read from the piece table
//! ([`koma_rules::pieces`]) and the variant's own faces.

use koma_rules::{Role, VariantKind};

/// The letters of `role` in `variant` as sente's piece is written (`P`, `+P`, Kyoto's `T`),
/// lishogi's convention.
pub fn letters(variant: VariantKind, role: Role) -> &'static str {
    variant.face(role).usi
}

/// Fairy-Stockfish's letters of `role` in `variant` (they differ from lishogi's in Kyoto
/// and Dōbutsu).
pub fn fsf_letters(variant: VariantKind, role: Role) -> &'static str {
    let face = variant.face(role);
    if face.fsf.is_empty() {
        face.usi
    } else {
        face.fsf
    }
}

/// The role of `variant` written `token` (uppercase, with its `+` if any), in lishogi's
/// letters or Fairy-Stockfish's.
pub fn role_of(variant: VariantKind, token: &str) -> Option<Role> {
    let roles = variant.board_roles();
    roles
        .iter()
        .find(|&&r| letters(variant, r) == token)
        .or_else(|| roles.iter().find(|&&r| fsf_letters(variant, r) == token))
        .copied()
}

/// The role that a piece written `token` in a hand stands for: a hand holds pieces by the
/// face a capture gives (Fairy-Stockfish writes Kyoto's tokin and gold in hand as `L`, `N`).
pub fn hand_role_of(variant: VariantKind, token: &str) -> Option<Role> {
    role_of(variant, token)
        .map(|r| variant.hand_role(r))
        .filter(|r| variant.hand_roles().contains(r))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_role_of_every_variant_reads_back_from_its_letters() {
        for v in VariantKind::ALL {
            for &r in v.board_roles() {
                assert_eq!(role_of(v, letters(v, r)), Some(r), "{v:?} {r:?}");
                assert_eq!(role_of(v, fsf_letters(v, r)), Some(r), "{v:?} {r:?}");
            }
        }
    }
}
