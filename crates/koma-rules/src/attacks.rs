//! What each role attacks from a square, computed from the piece table
//! ([`crate::pieces::ROLES`]): its steps and jumps as tables, its slides by direction.

use crate::pieces::ROLES;
use crate::tables::{self, Dir, RAYS, RAYS2, dir_of, opposite, slide_dyn, steps};
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

/// Whether a piece of `role` slides (its attacks depend on what stands in the way): where
/// it does not, [`step`] is all of its [`attacks`], one table lookup.
#[inline(always)]
pub fn is_slider(role: Role) -> bool {
    SLIDES[role.index()][0] != [0, 0]
}

/// Whether a role has single steps or jumps (pure sliders have none).
const fn has_steps() -> [bool; Role::COUNT] {
    let mut t = [false; Role::COUNT];
    let mut r = 0;
    while r < Role::COUNT {
        let legs = ROLES[r].legs;
        let mut i = 0;
        while i < legs.len() {
            if !legs[i].is_slide() {
                t[r] = true;
            }
            i += 1;
        }
        r += 1;
    }
    t
}

const HAS_STEPS: [bool; Role::COUNT] = has_steps();

/// How far a role's one move may carry it, in king steps (files or ranks, whichever is
/// more); [`UNBOUNDED`] for a slide of any length.
const fn reaches() -> [u8; Role::COUNT] {
    let mut t = [0u8; Role::COUNT];
    let mut r = 0;
    while r < Role::COUNT {
        let legs = ROLES[r].legs;
        let mut i = 0;
        while i < legs.len() {
            let leg = legs[i];
            let step = if leg.df.abs() > leg.dr.abs() {
                leg.df.abs()
            } else {
                leg.dr.abs()
            } as u8;
            let far = match leg.range {
                0 => UNBOUNDED,
                n => step * n,
            };
            if far > t[r] {
                t[r] = far;
            }
            i += 1;
        }
        r += 1;
    }
    t
}

/// Whether role `s` covers role `w` (see [`covers`]), from the piece table.
const fn legs_cover(s: usize, w: usize) -> bool {
    let (s, w) = (ROLES[s].legs, ROLES[w].legs);
    let mut i = 0;
    while i < w.len() {
        let leg = w[i];
        let mut found = false;
        let mut j = 0;
        while j < s.len() {
            let other = s[j];
            if other.df == leg.df && other.dr == leg.dr {
                found |= other.range == 0 || (leg.range != 0 && other.range >= leg.range);
            }
            j += 1;
        }
        if !found {
            return false;
        }
        i += 1;
    }
    true
}

const fn cover_table() -> [[bool; Role::COUNT]; Role::COUNT] {
    let mut t = [[false; Role::COUNT]; Role::COUNT];
    let mut s = 0;
    while s < Role::COUNT {
        let mut w = 0;
        while w < Role::COUNT {
            t[s][w] = legs_cover(s, w);
            w += 1;
        }
        s += 1;
    }
    t
}

const COVERS: [[bool; Role::COUNT]; Role::COUNT] = cover_table();

/// Whether a piece of `strong` attacks every square a piece of `weak` on the same square
/// attacks, whatever stands on the board: each step or jump of `weak` is one of `strong`
/// or the first square of its slide that way, each slide of `weak` one of `strong` that
/// goes at least as far. A dragon covers a rook, a tokin a pawn; a gold no silver.
#[inline(always)]
pub fn covers(strong: Role, weak: Role) -> bool {
    COVERS[strong.index()][weak.index()]
}

/// The reach of a role that slides any distance.
pub const UNBOUNDED: u8 = u8::MAX;

const REACHES: [u8; Role::COUNT] = reaches();

/// How far one move of `role` may carry it, in king steps; [`UNBOUNDED`] for a slider.
#[inline(always)]
pub fn reach(role: Role) -> u8 {
    REACHES[role.index()]
}

/// [`attacks`] for the role with index `R` and the colour with index `C`, both known at
/// compile time, so that the table lookups fold into the code of that one piece. Not
/// forced inline: unoptimised builds would otherwise put every role's copy in the frame of
/// each caller (the move generator's frame outgrew a 2 MB thread stack).
#[inline]
fn attacks_of<const R: usize, const C: usize>(sq: Square, occ: Bitboard) -> Bitboard {
    let [far, near] = const { SLIDES[R][C] };
    let result = if const { HAS_STEPS[R] } {
        STEPS[R][C][sq.index()]
    } else {
        Bitboard::EMPTY
    };
    result | slides(far, near, sq, occ)
}

/// The squares a piece on `sq` slides to with `occ` on the board: up to the first piece
/// (included) in each direction of `far`, at most two squares in each of `near`. Inlined,
/// so that directions known at compile time fold away.
#[inline(always)]
fn slides(far: u8, near: u8, sq: Square, occ: Bitboard) -> Bitboard {
    let mut result = Bitboard::EMPTY;
    let rook = far & ROOK_DIRS == ROOK_DIRS;
    let bishop = far & BISHOP_DIRS == BISHOP_DIRS;
    if rook {
        result |= tables::rook_attacks(sq, occ);
    }
    if bishop {
        result |= tables::bishop_attacks(sq, occ);
    }
    let mut d = 0;
    while d < 8 {
        let in_rook = rook && ROOK_DIRS & 1 << d != 0;
        let in_bishop = bishop && BISHOP_DIRS & 1 << d != 0;
        if far & 1 << d != 0 && !in_rook && !in_bishop {
            result |= slide_dyn(d as Dir, sq, occ);
        }
        if near & 1 << d != 0 {
            result |= slide_dyn(d as Dir, sq, occ) & RAYS2[d as Dir][sq.index()];
        }
        d += 1;
    }
    result
}

/// [`attacks_of`] on an empty board: its steps and every square of its slides, table
/// lookups only.
#[inline(always)]
fn empty_board_attacks_of<const R: usize, const C: usize>(sq: Square, _: ()) -> Bitboard {
    let [far, near] = const { SLIDES[R][C] };
    let mut result = if const { HAS_STEPS[R] } {
        STEPS[R][C][sq.index()]
    } else {
        Bitboard::EMPTY
    };
    let mut d = 0;
    while d < 8 {
        if far & 1 << d != 0 {
            result |= RAYS[d][sq.index()];
        } else if near & 1 << d != 0 {
            result |= RAYS2[d][sq.index()];
        }
        d += 1;
    }
    result
}

macro_rules! attacks_by_role {
    ($f:ident, $role:expr, $color:expr, $sq:expr, $occ:expr; $($r:literal)*) => {
        match ($role.index(), $color) {
            $(
                ($r, Color::Black) => $f::<$r, 0>($sq, $occ),
                ($r, Color::White) => $f::<$r, 1>($sq, $occ),
            )*
            _ => Bitboard::EMPTY,
        }
    };
}

/// The squares a piece of `role` and `color` on `sq` attacks, with `occ` blocking sliders.
///
/// Squares outside a smaller variant's board may be included: mask with the board.
/// Chu shogi's own roles never stand on the 9x9 frame: they attack nothing here.
#[inline(always)]
pub fn attacks(role: Role, color: Color, sq: Square, occ: Bitboard) -> Bitboard {
    const _: () = assert!(
        crate::pieces::FRAME9_ROLES == 24,
        "list every role index of the 9x9 frame below"
    );
    attacks_by_role!(attacks_of, role, color, sq, occ; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23)
}

/// [`attacks`] with nothing else on the board: every square the piece could reach, read
/// from tables alone (a cheap test before sliding along the board).
#[inline(always)]
pub fn empty_board_attacks(role: Role, color: Color, sq: Square) -> Bitboard {
    attacks_by_role!(empty_board_attacks_of, role, color, sq, (); 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23)
}

/// What a set of roles moves by, together: their steps and jumps from each square (by
/// colour) and the directions any of them slides, `[unlimited, at most two]` (by colour).
pub(crate) struct RoleUnion {
    steps: [[Bitboard; 81]; 2],
    slides: [[u8; 2]; 2],
}

impl RoleUnion {
    /// The union of `roles`' moves.
    pub(crate) const fn of(roles: &[Role]) -> RoleUnion {
        let mut u = RoleUnion {
            steps: [[Bitboard::EMPTY; 81]; 2],
            slides: [[0; 2]; 2],
        };
        let mut i = 0;
        while i < roles.len() {
            let r = roles[i].index();
            let mut c = 0;
            while c < 2 {
                let color = if c == 0 { Color::Black } else { Color::White };
                let role_steps = steps(ROLES[r].legs, color);
                let mut sq = 0;
                while sq < 81 {
                    u.steps[c][sq] = Bitboard(u.steps[c][sq].0 | role_steps[sq].0);
                    sq += 1;
                }
                u.slides[c][0] |= SLIDES[r][c][0];
                u.slides[c][1] |= SLIDES[r][c][1];
                c += 1;
            }
            i += 1;
        }
        u
    }

    /// The squares that any of the roles (of `color`) on `sq` would attack with `occ`,
    /// each direction slid once.
    #[inline(always)]
    pub(crate) fn attacks(&self, color: Color, sq: Square, occ: Bitboard) -> Bitboard {
        let [far, near] = self.slides[color.index()];
        self.steps[color.index()][sq.index()] | slides(far, near, sq, occ)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Square;

    /// `covers` against the attack sets themselves: on a board with blockers scattered
    /// at random, wherever it says yes the strong role attacks all the weak one does, and
    /// the pairs a player knows come out as they should.
    #[test]
    fn a_role_covers_another_exactly_where_it_attacks_all_it_does() {
        use Role::*;
        for (strong, weak, expected) in [
            (Dragon, Rook, true),
            (Horse, Bishop, true),
            (Tokin, Pawn, true),
            (Rook, Lance, true),
            (Gold, Silver, false),
            (Silver, Gold, false),
            (Rook, Bishop, false),
            (Gold, Knight, false),
        ] {
            assert_eq!(covers(strong, weak), expected, "{strong:?} over {weak:?}");
        }
        let mut rng = crate::rng::SplitMix64::new(0xc0fe);
        let roles = crate::pieces::FRAME9_ROLES;
        let mut checked = 0;
        for _ in 0..200 {
            let occ =
                Bitboard(u128::from(rng.next_u64()) & u128::from(rng.next_u64())) & Bitboard::FULL;
            let sq = Square::from_index(rng.below(81) as usize).expect("on the board");
            for s in 0..roles {
                for w in 0..roles {
                    let (strong, weak) = (Role::ALL[s], Role::ALL[w]);
                    if !covers(strong, weak) {
                        continue;
                    }
                    for color in [Color::Black, Color::White] {
                        let (a, b) = (
                            attacks(strong, color, sq, occ),
                            attacks(weak, color, sq, occ),
                        );
                        assert!((b & !a).is_empty(), "{strong:?} over {weak:?} on {sq:?}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}
