//! What each role attacks from a square, computed from the piece table
//! ([`crate::pieces::ROLES`]): its steps and jumps as tables, its slides by direction.

use crate::pieces::ROLES;
use crate::tables::{self, Dir, RAYS2, dir_of, opposite, slide_dyn, steps};
use crate::{Bitboard, Color, Role, Square};

const fn step_tables() -> [[[Bitboard; 81]; 2]; Role::COUNT] {
    let mut t = [[[Bitboard::EMPTY; 81]; 2]; Role::COUNT];
    let mut r = 0;
    while r < Role::COUNT {
        t[r] = [
            steps(ROLES[r].legs, Color::Black),
            steps(ROLES[r].legs, Color::White),
        ];
        r += 1;
    }
    t
}

/// `STEPS[role][color][square]`: the squares a piece reaches by its single steps and jumps.
pub static STEPS: [[[Bitboard; 81]; 2]; Role::COUNT] = step_tables();

/// The directions a role slides in, as a bit set per colour: `[unlimited, at most two]`.
const fn slide_masks() -> [[[u8; 2]; 2]; Role::COUNT] {
    let mut t = [[[0u8; 2]; 2]; Role::COUNT];
    let mut r = 0;
    while r < Role::COUNT {
        let legs = ROLES[r].legs;
        let mut i = 0;
        while i < legs.len() {
            let leg = legs[i];
            if leg.is_slide() {
                let kind = match leg.range {
                    0 => 0,
                    2 => 1,
                    _ => panic!("slides of range 0 or 2 only"),
                };
                let d = match dir_of(leg.df, leg.dr) {
                    Some(d) => d,
                    None => panic!("a slide goes one square at a time"),
                };
                t[r][0][kind] |= 1 << d;
                t[r][1][kind] |= 1 << opposite(d);
            }
            i += 1;
        }
        r += 1;
    }
    t
}

/// `SLIDES[role][color]`: the directions the role slides in, `[unlimited, at most two]`.
pub const SLIDES: [[[u8; 2]; 2]; Role::COUNT] = slide_masks();

const ROOK_DIRS: u8 = 1 << tables::N | 1 << tables::S | 1 << tables::E | 1 << tables::W;
const BISHOP_DIRS: u8 = 1 << tables::NE | 1 << tables::NW | 1 << tables::SE | 1 << tables::SW;

/// The single steps and jumps of a piece of `role` and `color` on `sq`.
#[inline(always)]
pub fn step(role: Role, color: Color, sq: Square) -> Bitboard {
    STEPS[role.index()][color.index()][sq.index()]
}

/// The squares a piece of `role` and `color` on `sq` attacks, with `occ` blocking sliders.
///
/// Squares outside a smaller variant's board may be included: mask with the board.
#[inline(always)]
pub fn attacks(role: Role, color: Color, sq: Square, occ: Bitboard) -> Bitboard {
    let [mut far, near] = SLIDES[role.index()][color.index()];
    let mut result = step(role, color, sq);
    if far & ROOK_DIRS == ROOK_DIRS {
        result |= tables::rook_attacks(sq, occ);
        far &= !ROOK_DIRS;
    }
    if far & BISHOP_DIRS == BISHOP_DIRS {
        result |= tables::bishop_attacks(sq, occ);
        far &= !BISHOP_DIRS;
    }
    while far != 0 {
        let d = far.trailing_zeros() as Dir;
        far &= far - 1;
        result |= slide_dyn(d, sq, occ);
    }
    let mut near = near;
    while near != 0 {
        let d = near.trailing_zeros() as Dir;
        near &= near - 1;
        result |= slide_dyn(d, sq, occ) & RAYS2[d][sq.index()];
    }
    result
}
