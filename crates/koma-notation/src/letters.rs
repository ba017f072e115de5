//! The SFEN/USI letter of each role, per variant.

use koma_rules::{Role, VariantKind};

/// Every unpromoted role with its uppercase letter, per variant (the king is `K` in all).
const LETTERS: [(VariantKind, Role, char); 14] = [
    (VariantKind::Shogi, Role::Rook, 'R'),
    (VariantKind::Shogi, Role::Bishop, 'B'),
    (VariantKind::Shogi, Role::Gold, 'G'),
    (VariantKind::Shogi, Role::Silver, 'S'),
    (VariantKind::Shogi, Role::Knight, 'N'),
    (VariantKind::Shogi, Role::Lance, 'L'),
    (VariantKind::Shogi, Role::Pawn, 'P'),
    (VariantKind::Tori, Role::Swallow, 'S'),
    (VariantKind::Tori, Role::Falcon, 'F'),
    (VariantKind::Tori, Role::Crane, 'C'),
    (VariantKind::Tori, Role::Pheasant, 'P'),
    (VariantKind::Tori, Role::LeftQuail, 'L'),
    (VariantKind::Tori, Role::RightQuail, 'R'),
    (VariantKind::Shogi, Role::King, 'K'),
];

/// The uppercase letter of an unpromoted role, or of the unpromoted form of a promoted one.
pub fn letter(variant: VariantKind, role: Role) -> Option<char> {
    let base = role.unpromoted();
    if base == Role::King {
        return Some('K');
    }
    LETTERS
        .iter()
        .find(|&&(v, r, _)| v == variant && r == base)
        .map(|&(_, _, c)| c)
}

/// The unpromoted role written with `upper` (an uppercase letter) in `variant`.
pub fn role_of(variant: VariantKind, upper: char) -> Option<Role> {
    if upper == 'K' {
        return Some(Role::King);
    }
    LETTERS
        .iter()
        .find(|&&(v, _, c)| v == variant && c == upper)
        .map(|&(_, r, _)| r)
}
