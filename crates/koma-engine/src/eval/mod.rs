//! Evaluation: material on the board and in hand, king safety, the closeness of pieces to
//! the kings and each side's control of the squares around both kings, the same code for
//! every variant (the tables are indexed by the global role).

mod control;
mod tables;
mod variants;

pub use tables::{HAND_VALUE, PARAMS, PIECE_VALUE, Params};
pub use variants::{params, variant_terms};

use control::AttackCounts;
use koma_rules::{Bitboard, Color, Move, Position, Role, Square, Variant, attacks};

/// Whether shogi is evaluated by the learned net unless told otherwise (USI `UseNNUE`).
pub const NNUE_BY_DEFAULT: bool = true;

/// The evaluation a new searcher uses for shogi: the embedded net when
/// [`NNUE_BY_DEFAULT`], else none (the hand-written evaluation).
pub fn default_net() -> Option<std::sync::Arc<koma_nnue::network::Network>> {
    NNUE_BY_DEFAULT.then(|| std::sync::Arc::clone(&koma_nnue::network::EMBEDDED))
}

/// The evaluation of `pos` in centipawns from the side to move's point of view.
pub fn evaluate<V: Variant>(pos: &Position<V>) -> i32 {
    evaluate_with(pos, params::<V>())
}

/// The evaluation of `pos` with the numbers `params`, from the side to move's point of view.
pub fn evaluate_with<V: Variant>(pos: &Position<V>, params: &Params) -> i32 {
    evaluate_from(pos, board_terms(pos, params), params)
}

/// The evaluation of `pos` from the side to move's point of view, given its
/// [`board_terms`] (which a search keeps up to date move by move, see [`board_delta`]).
pub fn evaluate_from<V: Variant>(pos: &Position<V>, board: i32, params: &Params) -> i32 {
    let hand = hand_of(pos, Color::Black, params) - hand_of(pos, Color::White, params);
    let counts = control::attack_counts(pos);
    let sente_view = board
        + hand
        + zone_terms(pos, &counts, params)
        + control::control_and_threats(pos, &counts, params)
        + variant_terms(pos);
    for_sente(pos.side_to_move(), sente_view)
}

/// The term of one piece of `color` on `sq`: its worth, and its bonuses for the distance
/// to its own king (`own`) and to the enemy king (`their`), 8 for a missing king.
#[inline(always)]
fn piece_term(role: Role, own: usize, their: usize, params: &Params) -> i32 {
    let mut term = params.piece[role.index()];
    if role != Role::King {
        term += params.defence[role.index()][own] + params.attack[role.index()][their];
    }
    term
}

/// The distances from `sq` to the kings of `color` and of its opponent (8 when missing).
#[inline(always)]
fn king_distances<V: Variant>(pos: &Position<V>, color: Color, sq: Square) -> (usize, usize) {
    let own = pos.king(color).map_or(8, |k| distance(sq, k));
    let their = pos.king(!color).map_or(8, |k| distance(sq, k));
    (own, their)
}

/// The board part of the evaluation from sente's point of view: each piece's worth and
/// its distances to both kings.
pub fn board_terms<V: Variant>(pos: &Position<V>, params: &Params) -> i32 {
    let mut score = 0;
    for sq in pos.occupied() {
        let Some(piece) = pos.piece_at(sq) else {
            continue;
        };
        let (own, their) = king_distances(pos, piece.color(), sq);
        let term = piece_term(piece.role(), own, their, params);
        score += for_sente(piece.color(), term);
    }
    score
}

/// How `m` (legal in `pos`) changes [`board_terms`]; `None` when it must be computed afresh
/// (`m` moves no piece, or Dōbutsu).
pub fn board_delta<V: Variant>(pos: &Position<V>, m: Move, params: &Params) -> Option<i32> {
    if V::ROYAL_CAPTURE {
        // Dōbutsu's board (twelve squares) is evaluated afresh: its lion terms are not
        // incremental (found 10-20 cp off by the test below).
        return None;
    }
    let us = pos.side_to_move();
    let to = m.to();
    let mut delta = 0;
    match (m.from(), m.drop_role()) {
        (Some(from), _) => {
            let mover = pos.piece_at(from)?;
            if mover.role() == Role::King {
                delta = king_move_delta(pos, from, to, params);
            } else {
                let (own, their) = king_distances(pos, us, to);
                let role = V::arriving(mover.role(), m.is_promotion());
                let (own_from, their_from) = king_distances(pos, us, from);
                delta += piece_term(role, own, their, params)
                    - piece_term(mover.role(), own_from, their_from, params);
                if let Some(captured) = pos.piece_at(to) {
                    // The captured piece's king is our enemy king: the distances swap.
                    delta += piece_term(captured.role(), their, own, params);
                }
            }
        }
        (None, Some(role)) => {
            let (own, their) = king_distances(pos, us, to);
            delta += piece_term(role, own, their, params);
        }
        (None, None) => {}
    }
    Some(for_sente(us, delta))
}

/// The squares within `steps` king steps of each square.
const fn within(steps: u8) -> [Bitboard; 81] {
    let mut table = [Bitboard::EMPTY; 81];
    let mut a = 0;
    while a < 81 {
        let mut bits = 0u128;
        let mut b = 0;
        while b < 81 {
            if DISTANCE[a][b] <= steps {
                bits |= 1 << b;
            }
            b += 1;
        }
        table[a] = Bitboard(bits);
        a += 1;
    }
    table
}

/// Squares within three steps of each square: the pieces whose distance bonuses a king
/// move changes.
static WITHIN_THREE: [Bitboard; 81] = within(3);

/// How the side to move's king going from `from` to `to` changes [`board_terms`], from its
/// own point of view: the distance bonuses of the pieces within three steps of either
/// square (the tables are zero from four steps on), and the piece it captures.
fn king_move_delta<V: Variant>(
    pos: &Position<V>,
    from: Square,
    to: Square,
    params: &Params,
) -> i32 {
    let us = pos.side_to_move();
    let mut delta = 0;
    let around = (WITHIN_THREE[from.index()] | WITHIN_THREE[to.index()]) & pos.occupied();
    for sq in around.without(to) {
        let Some(piece) = pos.piece_at(sq) else {
            continue;
        };
        let (role, r) = (piece.role(), piece.role().index());
        if role == Role::King {
            continue;
        }
        let (before, after) = (distance(sq, from), distance(sq, to));
        if piece.color() == us {
            delta += params.defence[r][after] - params.defence[r][before];
        } else {
            delta -= params.attack[r][after] - params.attack[r][before];
        }
    }
    if let Some(captured) = pos.piece_at(to) {
        let own = pos.king(!us).map_or(8, |k| distance(to, k));
        delta += piece_term(captured.role(), own, distance(to, from), params);
    }
    delta
}

/// The danger around both kings from sente's point of view (sente's danger counts
/// against it): the attacks on the squares next to each king, their defenders, and the
/// pieces in hand that could be dropped there.
fn zone_terms<V: Variant>(pos: &Position<V>, counts: &[AttackCounts; 2], params: &Params) -> i32 {
    let mut score = 0;
    for color in [Color::Black, Color::White] {
        let Some(king) = pos.king(color) else {
            continue;
        };
        let zone = attacks(Role::King, Color::Black, king, pos.occupied()) & V::BOARD;
        let danger = king_danger(pos, color, zone, counts, params);
        score -= for_sente(color, danger);
    }
    score
}

/// Material only, from the side to move's point of view (for pruning margins and tests).
pub fn material<V: Variant>(pos: &Position<V>) -> i32 {
    let params = params::<V>();
    let score = material_of(pos, Color::Black, params) - material_of(pos, Color::White, params);
    for_sente(pos.side_to_move(), score)
}

fn material_of<V: Variant>(pos: &Position<V>, color: Color, params: &Params) -> i32 {
    let board: i32 = V::BOARD_ROLES
        .iter()
        .map(|&r| pos.pieces(color, r).count() as i32 * params.piece[r.index()])
        .sum();
    board + hand_of(pos, color, params)
}

/// The worth of `color`'s pieces in hand.
fn hand_of<V: Variant>(pos: &Position<V>, color: Color, params: &Params) -> i32 {
    V::HAND_ROLES
        .iter()
        .map(|&r| i32::from(pos.hand(color).count(r)) * params.hand[r.index()])
        .sum()
}

/// The danger to `color`'s king from the attacks on its zone, worth more the more the
/// enemy holds in hand to drop there.
fn king_danger<V: Variant>(
    pos: &Position<V>,
    color: Color,
    zone: Bitboard,
    counts: &[AttackCounts; 2],
    params: &Params,
) -> i32 {
    let them = !color;
    let (enemy, own) = (&counts[them.index()], &counts[color.index()]);
    let attacked = enemy.at_least(1) & zone;
    let defended_weakly = (attacked & !own.at_least(1)).count() as i32;
    let empty_zone = (zone & !pos.occupied()).count() as i32;
    let hand_pieces: i32 = V::HAND_ROLES
        .iter()
        .filter(|&&r| r != V::PAWN)
        .map(|&r| i32::from(pos.hand(them).count(r)))
        .sum();
    let [per_attack, per_weak, per_drop] = params.units;
    let units = (enemy.count_in(zone) * per_attack
        + defended_weakly * per_weak
        + empty_zone.min(4) * hand_pieces.min(4) * per_drop)
        / 2;
    params.danger(units.clamp(0, 100))
}

/// `value` earned by `color`, from sente's point of view (and sente's own value from
/// the point of view of `color`, the side to move).
#[inline(always)]
fn for_sente(color: Color, value: i32) -> i32 {
    match color {
        Color::Black => value,
        Color::White => -value,
    }
}

/// Chebyshev distance between every two squares, capped at 8.
pub(super) static DISTANCE: [[u8; 81]; 81] = {
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

#[cfg(test)]
mod tests {
    use super::*;
    use koma_rules::variants::{Dobutsu, Kyoto, Minishogi, Shogi, Tori};

    /// Plays `plies` pseudo-random legal moves from the start (captures preferred, so that
    /// hands fill and drops and promotions come), checking at every position that each
    /// legal move's `board_delta` matches the board terms computed afresh.
    fn deltas_match<V: Variant>(seed: u64, plies: usize) {
        let mut pos = Position::<V>::startpos();
        let mut state = seed;
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                return;
            }
            let params = params::<V>();
            let before = board_terms(&pos, params);
            for &m in moves.iter() {
                let after = board_terms(&pos.after(m), params);
                if let Some(delta) = board_delta(&pos, m, params) {
                    assert_eq!(before + delta, after, "{} {m:?}", V::NAME);
                }
            }
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let pick = (state >> 33) as usize;
            let captures: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| m.from().is_some() && pos.piece_at(m.to()).is_some())
                .collect();
            let m = if !captures.is_empty() && pick % 3 != 0 {
                captures[pick % captures.len()]
            } else {
                moves.iter().copied().nth(pick % moves.len()).unwrap()
            };
            pos.play_unchecked(m);
        }
    }

    #[test]
    fn board_deltas_match_the_board_terms() {
        for seed in 1..=6 {
            deltas_match::<Shogi>(seed, 120);
            deltas_match::<Tori>(seed, 120);
            deltas_match::<Minishogi>(seed, 120);
            deltas_match::<Kyoto>(seed, 120);
            deltas_match::<Dobutsu>(seed, 120);
        }
    }

    #[test]
    fn distance_bonuses_end_within_three_steps() {
        for role in 0..Role::COUNT {
            for d in 4..9 {
                assert_eq!(PARAMS.defence[role][d], 0, "defence {role} {d}");
                assert_eq!(PARAMS.attack[role][d], 0, "attack {role} {d}");
            }
        }
    }

    #[test]
    fn the_start_is_even() {
        assert_eq!(evaluate(&Position::<Shogi>::startpos()), 0);
        assert_eq!(evaluate(&Position::<Tori>::startpos()), 0);
        assert_eq!(evaluate(&Position::<Minishogi>::startpos()), 0);
        assert_eq!(evaluate(&Position::<Kyoto>::startpos()), 0);
        assert_eq!(evaluate(&Position::<Dobutsu>::startpos()), 0);
    }
}
