//! Attack tables computed at compile time: steps, rays, between and line sets, zobrist keys.
//!
//! Directions are given as (file delta, rank delta) as sente sees them; a negative rank delta
//! is forward for sente. Gote's patterns are the same turned 180 degrees.

use crate::{Bitboard, Color, Square};

/// A direction on the board: index into [`RAYS`].
pub type Dir = usize;
/// Towards rank a (forward for sente).
pub const N: Dir = 0;
/// Towards the last rank (forward for gote).
pub const S: Dir = 1;
/// Towards file 1 (sente's right).
pub const E: Dir = 2;
/// Towards file 9 (sente's left).
pub const W: Dir = 3;
/// Forward-right for sente.
pub const NE: Dir = 4;
/// Backward-left for sente.
pub const SW: Dir = 5;
/// Forward-left for sente.
pub const NW: Dir = 6;
/// Backward-right for sente.
pub const SE: Dir = 7;

// Opposite directions are paired (0-1, 2-3, 4-5, 6-7) so that `d ^ 1` turns around.
pub(crate) const DELTAS: [(i8, i8); 8] = [
    (0, -1),
    (0, 1),
    (-1, 0),
    (1, 0),
    (-1, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
];

/// The opposite direction.
pub const fn opposite(d: Dir) -> Dir {
    d ^ 1
}

/// The direction `d` as seen by `color` (gote's forward is sente's backward).
#[inline(always)]
pub const fn relative(d: Dir, color: Color) -> Dir {
    match color {
        Color::Black => d,
        Color::White => opposite(d),
    }
}

/// Whether squares along `d` have increasing indices.
#[inline(always)]
pub const fn is_positive(d: Dir) -> bool {
    let (df, dr) = DELTAS[d];
    df * 9 + dr > 0
}

const fn offset(sq: usize, df: i8, dr: i8) -> Option<usize> {
    let f = (sq / 9) as i8 + df;
    let r = (sq % 9) as i8 + dr;
    if f >= 0 && f < 9 && r >= 0 && r < 9 {
        Some(f as usize * 9 + r as usize)
    } else {
        None
    }
}

/// A table of the single steps and jumps of `legs` (slides left out) from every square,
/// for a piece of `color` (legs are given as sente sees them).
pub const fn steps(legs: &[crate::pieces::Leg], color: Color) -> [Bitboard; 81] {
    let mut t = [Bitboard::EMPTY; 81];
    let sign: i8 = match color {
        Color::Black => 1,
        Color::White => -1,
    };
    let mut sq = 0;
    while sq < 81 {
        let mut b = 0u128;
        let mut i = 0;
        while i < legs.len() {
            if !legs[i].is_slide() {
                if let Some(to) = offset(sq, legs[i].df * sign, legs[i].dr * sign) {
                    b |= 1u128 << to;
                }
            }
            i += 1;
        }
        t[sq] = Bitboard(b);
        sq += 1;
    }
    t
}

/// The direction of a one-square (file, rank) delta, if it is one of the eight.
pub const fn dir_of(df: i8, dr: i8) -> Option<Dir> {
    let mut d = 0;
    while d < 8 {
        if DELTAS[d].0 == df && DELTAS[d].1 == dr {
            return Some(d);
        }
        d += 1;
    }
    None
}

const fn rays() -> [[Bitboard; 81]; 8] {
    near_rays(8)
}

/// `RAYS[d][sq]`: the squares from `sq` (exclusive) to the frame's edge along `d`.
pub static RAYS: [[Bitboard; 81]; 8] = rays();

const fn near_rays(max: usize) -> [[Bitboard; 81]; 8] {
    let mut t = [[Bitboard::EMPTY; 81]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 81 {
            let mut b = 0u128;
            let mut n = 0;
            let mut cur = offset(sq, DELTAS[d].0, DELTAS[d].1);
            while let Some(s) = cur {
                if n == max {
                    break;
                }
                b |= 1u128 << s;
                n += 1;
                cur = offset(s, DELTAS[d].0, DELTAS[d].1);
            }
            t[d][sq] = Bitboard(b);
            sq += 1;
        }
        d += 1;
    }
    t
}

const fn boxes() -> [[Bitboard; 81]; 9] {
    let mut t = [[Bitboard::EMPTY; 81]; 9];
    let mut radius = 0;
    while radius < 9 {
        let mut sq = 0;
        while sq < 81 {
            let mut b = 0u128;
            let mut other: usize = 0;
            while other < 81 {
                let df = (sq / 9) as i32 - (other / 9) as i32;
                let dr = (sq % 9) as i32 - (other % 9) as i32;
                if df.abs() <= radius as i32 && dr.abs() <= radius as i32 {
                    b |= 1u128 << other;
                }
                other += 1;
            }
            t[radius][sq] = Bitboard(b);
            sq += 1;
        }
        radius += 1;
    }
    t
}

/// `BOXES[r][sq]`: the squares at most `r` files and `r` ranks from `sq` (the frame's
/// squares within king-step distance `r`).
pub static BOXES: [[Bitboard; 81]; 9] = boxes();

const fn pseudo(dirs: [Dir; 4]) -> [Bitboard; 81] {
    let rays = rays();
    let mut t = [Bitboard::EMPTY; 81];
    let mut sq = 0;
    while sq < 81 {
        t[sq] = Bitboard(
            rays[dirs[0]][sq].0 | rays[dirs[1]][sq].0 | rays[dirs[2]][sq].0 | rays[dirs[3]][sq].0,
        );
        sq += 1;
    }
    t
}

/// Rook attacks on an empty board.
pub static ROOK_PSEUDO: [Bitboard; 81] = pseudo([N, S, E, W]);
/// Bishop attacks on an empty board.
pub static BISHOP_PSEUDO: [Bitboard; 81] = pseudo([NE, SW, NW, SE]);

/// `RAYS2[d][sq]`: the first two squares from `sq` along `d` (for two-step sliders).
pub static RAYS2: [[Bitboard; 81]; 8] = near_rays(2);

/// The squares a slider on `sq` attacks along `D`, stopping at (and including) the first
/// occupied square of `occ`.
#[inline(always)]
pub fn slide<const D: Dir>(sq: Square, occ: Bitboard) -> Bitboard {
    let ray = RAYS[D][sq.index()].0;
    let blockers = ray & occ.0;
    if is_positive(D) {
        // Bits up to and including the lowest blocker (all bits when there is none).
        Bitboard(ray & (blockers ^ blockers.wrapping_sub(1)))
    } else {
        // Bits from the highest blocker up; `| 1` keeps the shift in range when empty.
        let top = 127 - (blockers | 1).leading_zeros();
        Bitboard(ray & (!0u128 << top))
    }
}

/// [`slide`] with a direction known only at run time.
#[inline(always)]
pub fn slide_dyn(d: Dir, sq: Square, occ: Bitboard) -> Bitboard {
    match d {
        N => slide::<N>(sq, occ),
        S => slide::<S>(sq, occ),
        E => slide::<E>(sq, occ),
        W => slide::<W>(sq, occ),
        NE => slide::<NE>(sq, occ),
        SW => slide::<SW>(sq, occ),
        NW => slide::<NW>(sq, occ),
        _ => slide::<SE>(sq, occ),
    }
}

/// Rook attacks (four orthogonal slides).
#[inline(always)]
pub fn rook_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    slide::<N>(sq, occ) | slide::<S>(sq, occ) | slide::<E>(sq, occ) | slide::<W>(sq, occ)
}

/// Bishop attacks (four diagonal slides).
#[inline(always)]
pub fn bishop_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    slide::<NE>(sq, occ) | slide::<NW>(sq, occ) | slide::<SE>(sq, occ) | slide::<SW>(sq, occ)
}

/// Lance attacks for `color` (a forward slide).
#[inline(always)]
pub fn lance_attacks(color: Color, sq: Square, occ: Bitboard) -> Bitboard {
    match color {
        Color::Black => slide::<N>(sq, occ),
        Color::White => slide::<S>(sq, occ),
    }
}

const fn between_and_line() -> ([[Bitboard; 81]; 81], [[Bitboard; 81]; 81]) {
    let rays = rays();
    let mut between = [[Bitboard::EMPTY; 81]; 81];
    let mut line = [[Bitboard::EMPTY; 81]; 81];
    let mut a = 0;
    while a < 81 {
        let mut d = 0;
        while d < 8 {
            let full = rays[d][a].0 | rays[opposite(d)][a].0 | 1u128 << a;
            let mut rest = rays[d][a].0;
            while rest != 0 {
                let b = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                between[a][b] = Bitboard(rays[d][a].0 & !rays[d][b].0 & !(1u128 << b));
                line[a][b] = Bitboard(full);
            }
            d += 1;
        }
        a += 1;
    }
    (between, line)
}

static BETWEEN_LINE: ([[Bitboard; 81]; 81], [[Bitboard; 81]; 81]) = between_and_line();

/// The squares strictly between `a` and `b` when they share a line, else empty.
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    BETWEEN_LINE.0[a.index()][b.index()]
}

/// The whole line (edge to edge) through `a` and `b` when they share one, else empty.
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    BETWEEN_LINE.1[a.index()][b.index()]
}

/// The direction from `a` to `b` when they share a line.
pub fn direction(a: Square, b: Square) -> Option<Dir> {
    let df = (b.file() as i8 - a.file() as i8).signum();
    let dr = (b.rank() as i8 - a.rank() as i8).signum();
    let d = DELTAS.iter().position(|&delta| delta == (df, dr))?;
    line(a, b).any().then_some(d)
}

/// The segment from `a` (exclusive) through `b` up to and including the first square of
/// `occ` beyond `b`, when `a` and `b` share a line: where a piece pinned on `b` to a king
/// on `a` may go.
#[inline]
pub fn pin_segment(a: Square, b: Square, occ: Bitboard) -> Bitboard {
    match direction(a, b) {
        Some(d) => between(a, b).with(b) | slide_dyn(d, b, occ),
        None => Bitboard::EMPTY,
    }
}

/// Whether `a`, `b` and `c` lie on one line.
#[inline(always)]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}

pub(crate) use crate::rng::splitmix;

/// Zobrist keys: one per (piece, square), one per (colour, hand slot), one for the side.
pub struct Zobrist {
    /// Keys xored in for a piece on a square, `[piece index][square]`.
    pub piece: [[u64; 81]; crate::Piece::COUNT],
    /// Keys added once per piece held, `[colour][hand slot]` (hand keys are additive).
    pub hand: [[u64; 8]; 2],
    /// Key xored in when gote is to move.
    pub side: u64,
}

const fn zobrist() -> Zobrist {
    let mut state = 0x6b6f_6d61_u64; // "koma"
    let mut z = Zobrist {
        piece: [[0; 81]; crate::Piece::COUNT],
        hand: [[0; 8]; 2],
        side: 0,
    };
    // The 9x9 family's pieces first, then the hands, then Chu's pieces (which never stand
    // on this frame): adding Chu's roles moved no key of the others.
    let family = crate::pieces::FRAME9_ROLES * 2;
    let mut p = 0;
    while p < family {
        let mut s = 0;
        while s < 81 {
            // Bit 0 is kept for the side to move.
            z.piece[p][s] = splitmix(&mut state) & !1;
            s += 1;
        }
        p += 1;
    }
    let mut c = 0;
    while c < 2 {
        let mut h = 0;
        while h < 8 {
            // Even keys: their sums never touch bit 0, which is the side to move.
            z.hand[c][h] = splitmix(&mut state) & !1;
            h += 1;
        }
        c += 1;
    }
    while p < crate::Piece::COUNT {
        let mut s = 0;
        while s < 81 {
            z.piece[p][s] = splitmix(&mut state) & !1;
            s += 1;
        }
        p += 1;
    }
    z.side = 1;
    z
}

/// The zobrist keys.
pub static ZOBRIST: Zobrist = zobrist();
