//! Evaluation: material on the board and in hand, king safety and the closeness of pieces to
//! the kings, the same code for every variant (the tables are indexed by the global role).

mod tables;

pub use tables::{HAND_VALUE, PARAMS, PIECE_VALUE, Params};

use koma_rules::tables::{BISHOP_PSEUDO, ROOK_PSEUDO};
use koma_rules::{Bitboard, Color, Position, Role, Square, Variant, attacks};

/// The evaluation of `pos` in centipawns from the side to move's point of view.
pub fn evaluate<V: Variant>(pos: &Position<V>) -> i32 {
    evaluate_with(pos, &PARAMS)
}

/// The evaluation of `pos` with the numbers `params`, from the side to move's point of view.
pub fn evaluate_with<V: Variant>(pos: &Position<V>, params: &Params) -> i32 {
    let sente_view = sente_score(pos, params);
    match pos.side_to_move() {
        Color::Black => sente_view,
        Color::White => -sente_view,
    }
}

/// What each king's surroundings look like, gathered in one pass over the pieces.
#[derive(Default)]
struct KingZone {
    /// The squares next to the king.
    squares: Bitboard,
    /// Enemy attacks on those squares, counted per attacker.
    attacks: i32,
    /// The squares an enemy piece attacks.
    attacked: Bitboard,
    /// The squares a piece of the king's own side (not the king) defends.
    defended: Bitboard,
}

/// Whether a role's attacks can reach far (so that it may attack a king from a distance).
fn ranges(role: Role) -> bool {
    matches!(
        role,
        Role::Lance | Role::Bishop | Role::Rook | Role::Horse | Role::Dragon | Role::Eagle
    )
}

/// The evaluation from sente's point of view: material, each piece's distance to both
/// kings, and the danger around each king.
fn sente_score<V: Variant>(pos: &Position<V>, params: &Params) -> i32 {
    let occ = pos.occupied();
    let kings = [pos.king(Color::Black), pos.king(Color::White)];
    let mut zones = [KingZone::default(), KingZone::default()];
    for (zone, king) in zones.iter_mut().zip(kings) {
        if let Some(k) = king {
            zone.squares = attacks(Role::King, Color::Black, k, occ) & V::BOARD;
        }
    }
    let near_kings = zones[0].squares | zones[1].squares;
    let mut score = [0i32; 2];
    for color in [Color::Black, Color::White] {
        let (us, them) = (color.index(), (!color).index());
        score[us] += material_of(pos, color, params);
        for &role in V::BOARD_ROLES {
            for sq in pos.pieces(color, role) {
                let own = kings[us].map_or(8, |k| distance(sq, k));
                let their = kings[them].map_or(8, |k| distance(sq, k));
                if role != Role::King {
                    score[us] += params.defence[role.index()][own];
                    score[us] += params.attack[role.index()][their];
                }
                // A stepping piece reaches at most two squares: farther than three from a
                // king, it touches none of the squares next to it.
                if !ranges(role) && own > 3 && their > 3 {
                    continue;
                }
                // A ranging piece off every line through the zones cannot reach them either.
                let lines = ROOK_PSEUDO[sq.index()] | BISHOP_PSEUDO[sq.index()];
                if ranges(role) && (lines & near_kings).is_empty() {
                    continue;
                }
                let reach = attacks(role, color, sq, occ);
                if role != Role::King {
                    zones[us].defended |= reach & zones[us].squares;
                }
                let hits = reach & zones[them].squares;
                zones[them].attacks += hits.count() as i32;
                zones[them].attacked |= hits;
            }
        }
    }
    for color in [Color::Black, Color::White] {
        if kings[color.index()].is_some() {
            score[color.index()] -= king_danger(pos, color, &zones[color.index()], params);
        }
    }
    score[0] - score[1]
}

/// Material only, from the side to move's point of view (for pruning margins and tests).
pub fn material<V: Variant>(pos: &Position<V>) -> i32 {
    let score = material_of(pos, Color::Black, &PARAMS) - material_of(pos, Color::White, &PARAMS);
    match pos.side_to_move() {
        Color::Black => score,
        Color::White => -score,
    }
}

fn material_of<V: Variant>(pos: &Position<V>, color: Color, params: &Params) -> i32 {
    let board: i32 = V::BOARD_ROLES
        .iter()
        .map(|&r| pos.pieces(color, r).count() as i32 * params.piece[r.index()])
        .sum();
    let hand: i32 = V::HAND_ROLES
        .iter()
        .map(|&r| i32::from(pos.hand(color).count(r)) * params.hand[r.index()])
        .sum();
    board + hand
}

/// The danger to `color`'s king from the attacks on its zone, worth more the more the
/// enemy holds in hand to drop there.
fn king_danger<V: Variant>(
    pos: &Position<V>,
    color: Color,
    zone: &KingZone,
    params: &Params,
) -> i32 {
    let them = !color;
    let defended_weakly = (zone.attacked & !zone.defended).count() as i32;
    let empty_zone = (zone.squares & !pos.occupied()).count() as i32;
    let hand_pieces: i32 = V::HAND_ROLES
        .iter()
        .filter(|&&r| r != V::PAWN)
        .map(|&r| i32::from(pos.hand(them).count(r)))
        .sum();
    let [per_attack, per_weak, per_drop] = params.units;
    let units = (zone.attacks * per_attack
        + defended_weakly * per_weak
        + empty_zone.min(4) * hand_pieces.min(4) * per_drop)
        / 2;
    params.danger(units.clamp(0, 100))
}

/// Chebyshev distance between every two squares, capped at 8.
static DISTANCE: [[u8; 81]; 81] = {
    let mut table = [[0; 81]; 81];
    let mut a: usize = 0;
    while a < 81 {
        let mut b: usize = 0;
        while b < 81 {
            let df = (a / 9).abs_diff(b / 9);
            let dr = (a % 9).abs_diff(b % 9);
            let d = if df > dr { df } else { dr };
            table[a][b] = if d > 8 { 8 } else { d as u8 };
            b += 1;
        }
        a += 1;
    }
    table
};

/// Chebyshev distance between two squares, capped at 8.
fn distance(a: Square, b: Square) -> usize {
    usize::from(DISTANCE[a.index()][b.index()])
}

/// The squares next to `sq` (for tests).
pub fn neighbours(sq: Square) -> Bitboard {
    attacks(Role::King, Color::Black, sq, Bitboard::EMPTY)
}
