//! Entering king (入玉): piece points, the 27-point declaration and the 24-point count.

use koma_rules::{Color, Position, Role, Variant};

/// A piece's worth in every entering-king count: rook and bishop (promoted or not) 5, the
/// king nothing, every other piece 1.
pub fn piece_points(role: Role) -> u32 {
    match role.unpromoted() {
        Role::Rook | Role::Bishop => 5,
        Role::King => 0,
        _ => 1,
    }
}

/// Points of `color`'s pieces on the whole board and in hand: the 24-point count (持将棋).
pub fn impasse_points<V: Variant>(pos: &Position<V>, color: Color) -> u32 {
    let board: u32 = V::BOARD_ROLES
        .iter()
        .map(|&role| pos.pieces(color, role).count() * piece_points(role))
        .sum();
    board + hand_points(pos, color)
}

fn hand_points<V: Variant>(pos: &Position<V>, color: Color) -> u32 {
    V::HAND_ROLES
        .iter()
        .map(|&role| u32::from(pos.hand(color).count(role)) * piece_points(role))
        .sum()
}

/// What a declaration counts: `color`'s points from pieces in the enemy camp and in hand, and
/// the number of its pieces other than the king in the enemy camp.
pub fn declaration_count<V: Variant>(pos: &Position<V>, color: Color) -> (u32, u32) {
    let camp = V::ZONE[color.index()];
    let mut points = hand_points(pos, color);
    let mut pieces = 0;
    for &role in V::BOARD_ROLES {
        if role == Role::King {
            continue;
        }
        let n = (pos.pieces(color, role) & camp).count();
        points += n * piece_points(role);
        pieces += n;
    }
    (points, pieces)
}

/// The points a declaration needs: 28 for sente, 27 for gote.
pub fn declaration_threshold(color: Color) -> u32 {
    match color {
        Color::Black => 28,
        Color::White => 27,
    }
}

/// The first condition of the 27-point declaration (入玉宣言法) that a declaration fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum DeclarationFailure {
    /// The rule set has no declaration.
    #[error("the rules in force have no entering-king declaration")]
    NotInRules,
    /// The declaring king is not in the enemy camp.
    #[error("the king is not in the enemy camp")]
    KingNotInCamp,
    /// Too few points from pieces in the enemy camp and in hand.
    #[error("{points} points, {needed} needed")]
    TooFewPoints {
        /// The points counted.
        points: u32,
        /// The points needed.
        needed: u32,
    },
    /// Fewer than ten pieces besides the king in the enemy camp.
    #[error("{0} pieces besides the king in the enemy camp, 10 needed")]
    TooFewPieces(u32),
    /// The declaring king is in check.
    #[error("the king is in check")]
    InCheck,
    /// The declaring player has no time left.
    #[error("no time left")]
    NoTime,
}

/// Judges a declaration by the side to move in `pos` under the 27-point rule (the time
/// condition is the caller's): `Ok` if every condition holds, else the first that fails.
pub fn judge_declaration<V: Variant>(pos: &Position<V>) -> Result<(), DeclarationFailure> {
    let us = pos.side_to_move();
    let camp = V::ZONE[us.index()];
    if !pos.king(us).is_some_and(|k| camp.contains(k)) {
        return Err(DeclarationFailure::KingNotInCamp);
    }
    if pos.in_check() {
        return Err(DeclarationFailure::InCheck);
    }
    let (points, pieces) = declaration_count(pos, us);
    if pieces < 10 {
        return Err(DeclarationFailure::TooFewPieces(pieces));
    }
    let needed = declaration_threshold(us);
    if points < needed {
        return Err(DeclarationFailure::TooFewPoints { points, needed });
    }
    Ok(())
}

/// Whether both kings stand in their enemy camps (相入玉), as an impasse needs.
pub fn both_kings_entered<V: Variant>(pos: &Position<V>) -> bool {
    [Color::Black, Color::White]
        .into_iter()
        .all(|c| pos.king(c).is_some_and(|k| V::ZONE[c.index()].contains(k)))
}
