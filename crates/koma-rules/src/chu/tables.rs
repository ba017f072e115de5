//! Chu's move tables on the 12x12 frame, computed at compile time from the piece table's
//! legs, and its zobrist keys.

use crate::frame12::{Bitboard12, Direction, Square12};
use crate::pieces::ROLES;
use crate::{Piece, Role};

const SQUARES: usize = Square12::COUNT;

/// `STEPS[role][color][square]`: where a piece reaches by its single steps and jumps.
pub(super) static STEPS: [[[Bitboard12; SQUARES]; 2]; Role::COUNT] = {
    let mut t = [[[Bitboard12::EMPTY; SQUARES]; 2]; Role::COUNT];
    let mut r = 0;
    while r < Role::COUNT {
        let legs = ROLES[r].legs;
        let mut color = 0;
        while color < 2 {
            let sign: i8 = if color == 0 { 1 } else { -1 };
            let mut i = 0;
            while i < SQUARES {
                let Some(sq) = Square12::from_index(i) else {
                    panic!("an index of the frame");
                };
                let mut b = Bitboard12::EMPTY;
                let mut l = 0;
                while l < legs.len() {
                    if !legs[l].is_slide() {
                        if let Some(to) = sq.offset(legs[l].df * sign, legs[l].dr * sign) {
                            b = b.with(to);
                        }
                    }
                    l += 1;
                }
                t[r][color][i] = b;
                i += 1;
            }
            color += 1;
        }
        r += 1;
    }
    t
};

/// `SLIDES[role][color]`: the lines the piece slides along, as bits of
/// [`Direction::ALL`] indices (slides in Chu have no limit).
pub(super) static SLIDES: [[u8; 2]; Role::COUNT] = {
    let mut t = [[0u8; 2]; Role::COUNT];
    let mut r = 0;
    while r < Role::COUNT {
        let legs = ROLES[r].legs;
        let mut l = 0;
        while l < legs.len() {
            if legs[l].is_slide() {
                let (Some(black), Some(white)) = (
                    Direction::of_step(legs[l].df, legs[l].dr),
                    Direction::of_step(-legs[l].df, -legs[l].dr),
                ) else {
                    panic!("a slide goes one square at a time");
                };
                t[r][0] |= 1 << black as u8;
                t[r][1] |= 1 << white as u8;
            }
            l += 1;
        }
        r += 1;
    }
    t
};

/// `NEIGHBOURS[square]`: the up to eight squares one king step away.
pub(super) static NEIGHBOURS: [Bitboard12; SQUARES] = {
    let mut t = [Bitboard12::EMPTY; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        let Some(sq) = Square12::from_index(i) else {
            panic!("an index of the frame");
        };
        let mut d = 0;
        while d < 8 {
            let (df, dr) = Direction::ALL[d].step();
            if let Some(to) = sq.offset(df, dr) {
                t[i] = t[i].with(to);
            }
            d += 1;
        }
        i += 1;
    }
    t
};

/// `REACH[square]`: every square a Chu piece could attack it from on an empty board: the
/// 5x5 box around it (steps, the lion's two steps, the two-square jumps) and its eight
/// lines (slides). A test checks every piece's steps against it.
pub(super) static REACH: [Bitboard12; SQUARES] = {
    let mut t = [Bitboard12::EMPTY; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        let Some(sq) = Square12::from_index(i) else {
            panic!("an index of the frame");
        };
        let mut df = -2;
        while df <= 2 {
            let mut dr = -2;
            while dr <= 2 {
                if let Some(near) = sq.offset(df, dr) {
                    t[i] = t[i].with(near);
                }
                dr += 1;
            }
            df += 1;
        }
        let mut d = 0;
        while d < 8 {
            let (df, dr) = Direction::ALL[d].step();
            let mut at = sq;
            while let Some(next) = at.offset(df, dr) {
                t[i] = t[i].with(next);
                at = next;
            }
            d += 1;
        }
        i += 1;
    }
    t
};

/// Zobrist keys of the 12x12 frame.
pub(super) struct Zobrist12 {
    /// `[piece index][square]`.
    pub piece: [[u64; SQUARES]; Piece::COUNT],
    /// The square where a lion was just taken by a non-lion.
    pub lion_capture: [u64; SQUARES],
    /// Gote to move.
    pub side: u64,
}

/// The keys.
pub(super) static ZOBRIST: Zobrist12 = {
    let mut state = 0x6368_7573_686f_6769_u64; // "chushogi"
    let mut z = Zobrist12 {
        piece: [[0; SQUARES]; Piece::COUNT],
        lion_capture: [0; SQUARES],
        side: 0,
    };
    let mut p = 0;
    while p < Piece::COUNT {
        let mut s = 0;
        while s < SQUARES {
            z.piece[p][s] = crate::tables::splitmix(&mut state);
            s += 1;
        }
        p += 1;
    }
    let mut s = 0;
    while s < SQUARES {
        z.lion_capture[s] = crate::tables::splitmix(&mut state);
        s += 1;
    }
    z.side = crate::tables::splitmix(&mut state);
    z
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_step_and_jump_comes_from_within_reach() {
        for (role, by_color) in STEPS.iter().enumerate() {
            for (color, by_square) in by_color.iter().enumerate() {
                for (from, &steps) in by_square.iter().enumerate() {
                    let from = Square12::from_index(from).unwrap();
                    for to in steps {
                        assert!(REACH[to.index()].contains(from), "{role} {color} {from:?}");
                    }
                }
            }
        }
        // The corner: its three lines (11 squares each), itself and the two squares of its
        // box off the lines.
        assert_eq!(REACH[0].count(), 36);
    }
}
