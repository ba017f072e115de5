//! Chu's hand-written evaluation: material at lishogi's piece values, pawns and
//! go-betweens pushed forward, lions in the centre, and a royal kept company.

use koma_rules::chu::{ChuMove, ChuPosition, is_royal, neighbours, zone};
use koma_rules::frame12::Square12;
use koma_rules::pieces::info_of;
use koma_rules::{Color, Piece, Role};

/// What Chu values otherwise than the piece table's shogi values (lishogi's, scalashogi
/// `Chushogi.valueOfRole`, a pawn being 100): the roles Chu shares with shogi.
const SHARED: [(Role, i32); 10] = [
    (Role::Pawn, 100),
    (Role::Silver, 200),
    (Role::Gold, 300),
    (Role::Lance, 300),
    (Role::Bishop, 500),
    (Role::Rook, 600),
    (Role::Tokin, 300),
    (Role::Horse, 700),
    (Role::Dragon, 800),
    // The king is the game: worth more than anything it could be traded for.
    (Role::King, 5_000),
];

/// The numbers of Chu's evaluation, in centipawns: what `examples/tune.rs --variant
/// chushogi` fits to game results. [`CHU_PARAMS`] is what the engine plays with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChuParams {
    /// Each role's worth, by [`Role::index`].
    pub value: [i32; Role::COUNT],
    /// Per rank a pawn or go-between has advanced from its own back rank.
    pub advance: i32,
    /// Per step a lion (or a promoted kirin, which moves as one) stands in from the edge.
    pub lion_centre: i32,
    /// Per step any other piece but a royal stands in from the edge.
    pub centre: i32,
    /// A royal in the enemy camp.
    pub royal_in_camp: i32,
    /// Per own piece next to a royal, five at the most.
    pub company: i32,
}

/// Every role's worth: the piece table's, but for [`SHARED`].
const fn values() -> [i32; Role::COUNT] {
    let mut table = [0; Role::COUNT];
    let mut i = 0;
    while i < Role::COUNT {
        table[i] = info_of(Role::ALL[i]).value;
        i += 1;
    }
    let mut j = 0;
    while j < SHARED.len() {
        table[SHARED[j].0.index()] = SHARED[j].1;
        j += 1;
    }
    table
}

/// The numbers the engine plays with.
pub static CHU_PARAMS: ChuParams = ChuParams {
    value: values(),
    advance: 6,
    lion_centre: 12,
    centre: 2,
    royal_in_camp: -150,
    company: 8,
};

/// A Chu piece's worth in centipawns (the numbers the engine plays with).
#[inline]
pub fn value(role: Role) -> i32 {
    CHU_PARAMS.value[role.index()]
}

/// How far `sq` lies from the centre of the board, in king steps (0 to 5).
fn off_centre(sq: Square12) -> i32 {
    let d = |x: u8| (2 * x as i32 - 13).abs() / 2;
    d(sq.file()).max(d(sq.rank()))
}

/// How many ranks a piece of `color` on `sq` has advanced from its own back rank.
fn advance(color: Color, sq: Square12) -> i32 {
    match color {
        Color::Black => 12 - sq.rank() as i32,
        Color::White => sq.rank() as i32 - 1,
    }
}

/// What the piece on `sq` adds to its side's score wherever the others stand: its value,
/// and how well placed it is (pawns and go-betweens forward, lions in the centre, the
/// others near it, a royal out of the enemy camp).
#[inline]
fn placed(piece: Piece, sq: Square12, p: &ChuParams) -> i32 {
    let (role, color) = (piece.role(), piece.color());
    p.value[role.index()]
        + match role {
            Role::Pawn | Role::GoBetween => p.advance * advance(color, sq),
            Role::Lion | Role::PromotedKirin => p.lion_centre * (5 - off_centre(sq)),
            _ if is_royal(role) => {
                if zone(color).contains(sq) {
                    p.royal_in_camp
                } else {
                    0
                }
            }
            _ => p.centre * (5 - off_centre(sq)),
        }
}

/// [`placed`] from sente's point of view.
#[inline]
fn signed(piece: Piece, sq: Square12, p: &ChuParams) -> i32 {
    match piece.color() {
        Color::Black => placed(piece, sq, p),
        Color::White => -placed(piece, sq, p),
    }
}

/// The terms of every piece by itself ([`placed`]), sente's point of view: kept move by
/// move by the search ([`board_delta`]).
pub fn board_terms(pos: &ChuPosition) -> i32 {
    board_terms_with(pos, &CHU_PARAMS)
}

/// [`board_terms`] with the numbers `p`.
fn board_terms_with(pos: &ChuPosition, p: &ChuParams) -> i32 {
    pos.occupied()
        .filter_map(|sq| pos.piece_at(sq).map(|piece| signed(piece, sq, p)))
        .sum()
}

/// What `m` changes in [`board_terms`]: the moved piece leaves its square and arrives
/// (promoted, if it promotes), what it takes goes.
pub fn board_delta(pos: &ChuPosition, m: ChuMove) -> Option<i32> {
    let p = &CHU_PARAMS;
    let piece = pos.piece_at(m.from())?;
    let arrived = super::moved(pos, m)?;
    let mut delta = signed(arrived, m.to(), p) - signed(piece, m.from(), p);
    for sq in [m.mid(), Some(m.to())].into_iter().flatten() {
        if let Some(taken) = pos.piece_at(sq).filter(|t| t.color() != piece.color()) {
            delta -= signed(taken, sq, p);
        }
    }
    Some(delta)
}

/// The score of `pos` for the side to move, its [`board_terms`] being `board`: those, and
/// the company each royal keeps (its own pieces around it).
pub fn evaluate_from(pos: &ChuPosition, board: i32) -> i32 {
    evaluate_from_with(pos, board, &CHU_PARAMS)
}

/// [`evaluate_from`] with the numbers `p`.
#[inline]
fn evaluate_from_with(pos: &ChuPosition, board: i32, p: &ChuParams) -> i32 {
    let mut score = board;
    for color in Color::ALL {
        let ours = pos.color_bb(color);
        let company: i32 = pos
            .royals(color)
            .map(|sq| p.company * ((neighbours(sq) & ours).count() as i32).min(5))
            .sum();
        score += if color == Color::Black {
            company
        } else {
            -company
        };
    }
    match pos.side_to_move() {
        Color::Black => score,
        Color::White => -score,
    }
}

/// The score of `pos` for the side to move, in centipawns.
pub fn evaluate(pos: &ChuPosition) -> i32 {
    evaluate_with(pos, &CHU_PARAMS)
}

/// The score of `pos` for the side to move with the numbers `p` (what a tuner tries).
pub fn evaluate_with(pos: &ChuPosition, p: &ChuParams) -> i32 {
    evaluate_from_with(pos, board_terms_with(pos, p), p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_even_and_values_follow_lishogi() {
        assert_eq!(evaluate(&ChuPosition::startpos()), 0);
        assert_eq!(value(Role::Lion), 2_000);
        assert_eq!(value(Role::Pawn), 100);
        assert_eq!(value(Role::GoBetween), 100);
        assert_eq!(value(Role::FreeKing), 1_200);
        assert!(value(Role::King) > value(Role::Lion));
    }

    #[test]
    fn the_terms_kept_move_by_move_are_the_terms_counted_afresh() {
        let mut pos = ChuPosition::startpos();
        let mut seed = 0x6576_616cu64;
        let mut checked = 0;
        for _ in 0..120 {
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            let before = board_terms(&pos);
            for &m in &moves {
                let mut after = pos;
                after.play_unchecked(m);
                assert_eq!(
                    Some(board_terms(&after) - before),
                    board_delta(&pos, m),
                    "{m}"
                );
                checked += 1;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            pos.play_unchecked(moves[(seed >> 33) as usize % moves.len()]);
        }
        assert!(checked > 10_000, "{checked}");
    }
}
