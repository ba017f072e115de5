//! The SFEN/USI letter of each role, per variant.

use koma_rules::{Role, VariantKind};

/// The uppercase letter of an unpromoted role, or of the unpromoted form of a promoted one.
pub fn letter(variant: VariantKind, role: Role) -> Option<char> {
    let base = role.unpromoted();
    Some(match (variant, base) {
        (_, Role::King) => 'K',
        (VariantKind::Shogi, Role::Rook) => 'R',
        (VariantKind::Shogi, Role::Bishop) => 'B',
        (VariantKind::Shogi, Role::Gold) => 'G',
        (VariantKind::Shogi, Role::Silver) => 'S',
        (VariantKind::Shogi, Role::Knight) => 'N',
        (VariantKind::Shogi, Role::Lance) => 'L',
        (VariantKind::Shogi, Role::Pawn) => 'P',
        (VariantKind::Tori, Role::Swallow) => 'S',
        (VariantKind::Tori, Role::Falcon) => 'F',
        (VariantKind::Tori, Role::Crane) => 'C',
        (VariantKind::Tori, Role::Pheasant) => 'P',
        (VariantKind::Tori, Role::LeftQuail) => 'L',
        (VariantKind::Tori, Role::RightQuail) => 'R',
        _ => return None,
    })
}

/// The unpromoted role written with `upper` (an uppercase letter) in `variant`.
pub fn role_of(variant: VariantKind, upper: char) -> Option<Role> {
    Some(match (variant, upper) {
        (_, 'K') => Role::King,
        (VariantKind::Shogi, 'R') => Role::Rook,
        (VariantKind::Shogi, 'B') => Role::Bishop,
        (VariantKind::Shogi, 'G') => Role::Gold,
        (VariantKind::Shogi, 'S') => Role::Silver,
        (VariantKind::Shogi, 'N') => Role::Knight,
        (VariantKind::Shogi, 'L') => Role::Lance,
        (VariantKind::Shogi, 'P') => Role::Pawn,
        (VariantKind::Tori, 'S') => Role::Swallow,
        (VariantKind::Tori, 'F') => Role::Falcon,
        (VariantKind::Tori, 'C') => Role::Crane,
        (VariantKind::Tori, 'P') => Role::Pheasant,
        (VariantKind::Tori, 'L') => Role::LeftQuail,
        (VariantKind::Tori, 'R') => Role::RightQuail,
        _ => return None,
    })
}
