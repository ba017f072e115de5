//! What each role attacks from a square.

use crate::tables::{self, NE, NW, RAYS2, S, SE, SW, relative, slide_dyn};
use crate::{Bitboard, Color, Role, Square};

/// The squares a piece of `role` and `color` on `sq` attacks, with `occ` blocking sliders.
///
/// Squares outside a smaller variant's board may be included: mask with the board.
#[inline(always)]
pub fn attacks(role: Role, color: Color, sq: Square, occ: Bitboard) -> Bitboard {
    let c = color.index();
    let i = sq.index();
    match role {
        Role::Pawn | Role::Swallow => tables::PAWN[c][i],
        Role::Lance => tables::lance_attacks(color, sq, occ),
        Role::Knight => tables::KNIGHT[c][i],
        Role::Silver => tables::SILVER[c][i],
        Role::Gold
        | Role::Tokin
        | Role::PromotedLance
        | Role::PromotedKnight
        | Role::PromotedSilver => tables::GOLD[c][i],
        Role::King => tables::KING[i],
        Role::Bishop => tables::bishop_attacks(sq, occ),
        Role::Rook => tables::rook_attacks(sq, occ),
        Role::Horse => tables::bishop_attacks(sq, occ) | tables::ORTHO[i],
        Role::Dragon => tables::rook_attacks(sq, occ) | tables::KING[i],
        Role::Falcon => tables::FALCON[c][i],
        Role::Crane => tables::CRANE[c][i],
        Role::Pheasant => tables::PHEASANT[c][i],
        Role::Goose => tables::GOOSE[c][i],
        Role::Eagle => {
            let (ne, nw, s) = (relative(NE, color), relative(NW, color), relative(S, color));
            let (se, sw) = (relative(SE, color), relative(SW, color));
            tables::EAGLE_STEP[c][i]
                | slide_dyn(ne, sq, occ)
                | slide_dyn(nw, sq, occ)
                | slide_dyn(s, sq, occ)
                | (slide_dyn(se, sq, occ) & RAYS2[se][i])
                | (slide_dyn(sw, sq, occ) & RAYS2[sw][i])
        }
        Role::LeftQuail => {
            slide_dyn(relative(tables::N, color), sq, occ)
                | slide_dyn(relative(SE, color), sq, occ)
                | tables::BACK_LEFT[c][i]
        }
        Role::RightQuail => {
            slide_dyn(relative(tables::N, color), sq, occ)
                | slide_dyn(relative(SW, color), sq, occ)
                | tables::BACK_RIGHT[c][i]
        }
    }
}
