//! Chu shogi for the search: its hand-written evaluation and what the family's search
//! ([`crate::Searcher`]) asks of it ([`crate::search::Searched`]): the 12x12 game has no
//! drops, 46 pieces a side and three-square lion moves.

mod eval;
mod searched;

pub use eval::{CHU_PARAMS, ChuParams, evaluate, evaluate_with, value};

use koma_rules::Piece;
use koma_rules::chu::{ChuMove, ChuPosition, promote};

/// The piece `m` moves in `pos`, as it stands after the move (promoted, if it promotes).
fn moved(pos: &ChuPosition, m: ChuMove) -> Option<Piece> {
    let piece = pos.piece_at(m.from())?;
    Some(match promote(piece.role()).filter(|_| m.is_promotion()) {
        Some(role) => Piece::new(piece.color(), role),
        None => piece,
    })
}
