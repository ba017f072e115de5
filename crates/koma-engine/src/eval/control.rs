//! Control of the board: how many times each side attacks every square, and what that is
//! worth by the square's distance to each king (guarding one's own king, pressing the
//! enemy's), with less for each further attacker of a square; and the threats the same
//! counts show (pieces attacked by pawns, pieces left undefended).

use super::{Params, for_sente};
use koma_rules::{Bitboard, Color, Position, Role, Square, Variant, attacks};

/// How many pieces of one side attack each square, bit-sliced: `ones` and `twos` count up
/// to three, `fours` marks four and more. Kings are left out.
#[derive(Clone, Copy, Default)]
pub(super) struct AttackCounts {
    ones: Bitboard,
    twos: Bitboard,
    fours: Bitboard,
    /// The squares the side's pawns (swallows) attack, counted with the rest above.
    pawns: Bitboard,
}

impl AttackCounts {
    /// Counts one more attack on each square of `squares`.
    #[inline(always)]
    fn add(&mut self, squares: Bitboard) {
        let carry = self.ones & squares;
        self.ones ^= squares;
        let carry2 = self.twos & carry;
        self.twos ^= carry;
        self.fours |= carry2;
    }

    /// The squares attacked at least `n` times, `n` in 1..=4.
    #[inline(always)]
    pub(super) fn at_least(&self, n: usize) -> Bitboard {
        match n {
            1 => self.ones | self.twos | self.fours,
            2 => self.twos | self.fours,
            3 => (self.ones & self.twos) | self.fours,
            _ => self.fours,
        }
    }

    /// The number of attacks on the squares of `zone` (each square counted up to four).
    pub(super) fn count_in(&self, zone: Bitboard) -> i32 {
        (1..=4)
            .map(|n| (self.at_least(n) & zone).count() as i32)
            .sum()
    }
}

/// Both sides' attack counts in `pos`, by colour index, within the variant's board.
pub(super) fn attack_counts<V: Variant>(pos: &Position<V>) -> [AttackCounts; 2] {
    let occ = pos.occupied();
    let mut counts = [AttackCounts::default(); 2];
    for color in [Color::Black, Color::White] {
        let count = &mut counts[color.index()];
        for &role in V::BOARD_ROLES {
            if role == Role::King {
                continue;
            }
            let pieces = pos.pieces(color, role);
            if role == V::PAWN {
                // Pawns (and swallows) attack the square ahead; none stands on the last
                // rank, so the whole set shifts by a rank at once.
                count.pawns = pawns_ahead(color, pieces);
                count.add(count.pawns);
                continue;
            }
            for sq in pieces {
                count.add(attacks(role, color, sq, occ));
            }
        }
        count.ones &= V::BOARD;
        count.twos &= V::BOARD;
        count.fours &= V::BOARD;
    }
    counts
}

/// The squares ahead of `pawns` of `color` (ranks count from gote's side, file-major).
#[inline(always)]
fn pawns_ahead(color: Color, pawns: Bitboard) -> Bitboard {
    match color {
        Color::Black => Bitboard(pawns.0 >> 1),
        Color::White => Bitboard(pawns.0 << 1),
    }
}

/// The rings around each square: the squares at one, two, three and four king steps, then
/// all those farther away.
static RINGS: [[Bitboard; 5]; 81] = {
    let mut rings = [[Bitboard::EMPTY; 5]; 81];
    let mut a: usize = 0;
    while a < 81 {
        let mut b: usize = 0;
        while b < 81 {
            let d = super::DISTANCE[a][b] as usize;
            if d > 0 {
                let ring = if d > 5 { 5 } else { d };
                rings[a][ring - 1].0 |= 1 << b;
            }
            b += 1;
        }
        a += 1;
    }
    rings
};

/// `squares` weighed by their distance to `king`: `weights[d - 1]` for each square `d`
/// steps away (the last weight for five and more).
#[inline(always)]
fn weighed(squares: Bitboard, king: Square, weights: &[i32; 5]) -> i32 {
    let rings = &RINGS[king.index()];
    (0..5)
        .map(|d| weights[d] * (squares & rings[d]).count() as i32)
        .sum()
}

/// The control and threat terms from sente's point of view.
pub(super) fn control_and_threats<V: Variant>(
    pos: &Position<V>,
    counts: &[AttackCounts; 2],
    params: &Params,
) -> i32 {
    let (mut control, mut threats) = (0, 0);
    for color in [Color::Black, Color::White] {
        control += for_sente(
            color,
            control_of(pos, &counts[color.index()], color, params),
        );
        threats -= for_sente(color, threats_to(pos, counts, color, params));
    }
    control / 100 + threats / 100
}

/// The worth of `color`'s control, in hundredths of a centipawn: the squares it attacks
/// once, twice, three and four times (`count`), each weighed by its distance to the side's
/// own king and to the enemy king.
fn control_of<V: Variant>(
    pos: &Position<V>,
    count: &AttackCounts,
    color: Color,
    params: &Params,
) -> i32 {
    let own = pos.king(color);
    let their = pos.king(!color);
    let mut side = 0;
    for (n, &multi) in params.control_multi.iter().enumerate() {
        let squares = count.at_least(n + 1);
        if squares.is_empty() {
            // The levels nest: no square has more attackers either.
            break;
        }
        let mut worth = 0;
        if let Some(k) = own {
            worth += weighed(squares, k, &params.control_own);
        }
        if let Some(k) = their {
            worth += weighed(squares, k, &params.control_their);
        }
        side += worth * multi;
    }
    side
}

/// What the threats to `color` cost it, in hundredths of a centipawn: its pieces (not its
/// king or pawns) that an enemy pawn attacks, and those the enemy attacks and no own piece
/// defends, cost a share of their worth.
fn threats_to<V: Variant>(
    pos: &Position<V>,
    counts: &[AttackCounts; 2],
    color: Color,
    params: &Params,
) -> i32 {
    let (own, enemy) = (&counts[color.index()], &counts[(!color).index()]);
    let pieces = pos.color_bb(color) & !pos.role_bb(Role::King);
    let by_pawns = pieces & enemy.pawns & !pos.role_bb(V::PAWN);
    let loose = pieces & enemy.at_least(1) & !own.at_least(1);
    let mut cost = 0;
    for (squares, percent) in [(by_pawns, params.threat_pawn), (loose, params.threat_loose)] {
        for sq in squares {
            if let Some(piece) = pos.piece_at(sq) {
                cost += params.piece[piece.role().index()] * percent;
            }
        }
    }
    cost
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_rules::variants::{Shogi, Tori};

    /// The attack counts of every square match a count of each piece's attacks, in
    /// positions of random games of `V`.
    fn counts_match<V: Variant>(seed: u64) {
        let mut pos = Position::<V>::startpos();
        let mut state = seed;
        for _ in 0..100 {
            let counts = attack_counts(&pos);
            for color in [Color::Black, Color::White] {
                let mut by_square = [0; 81];
                for sq in pos.color_bb(color) {
                    let role = pos.piece_at(sq).unwrap().role();
                    if role == Role::King {
                        continue;
                    }
                    for target in attacks(role, color, sq, pos.occupied()) & V::BOARD {
                        by_square[target.index()] += 1;
                    }
                }
                for (i, &n) in by_square.iter().enumerate() {
                    let sq = Square::from_index(i).unwrap();
                    for level in 1..=4 {
                        let want = n >= level;
                        let got = counts[color.index()].at_least(level).contains(sq);
                        assert_eq!(got, want, "{color:?} {sq:?} {n} attacks, level {level}");
                    }
                }
            }
            let moves = pos.legal_moves();
            if moves.is_empty() {
                return;
            }
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let m = moves
                .iter()
                .copied()
                .nth((state >> 33) as usize % moves.len());
            pos.play_unchecked(m.unwrap());
        }
    }

    #[test]
    fn attack_counts_match_each_pieces_attacks() {
        for seed in 1..=4 {
            counts_match::<Shogi>(seed);
            counts_match::<Tori>(seed);
        }
    }

    #[test]
    fn a_rook_a_pawn_attacks_and_nothing_defends_costs_both_threats() {
        // Sente's rook on 5e faces gote's pawn on 5d; neither is defended.
        let pos: Position<Shogi> =
            koma_notation::sfen::parse("4k4/9/9/4p4/4R4/9/9/9/4K4 b - 1").unwrap();
        let p = &super::super::PARAMS;
        let rook = p.piece[Role::Rook.index()] * (p.threat_pawn + p.threat_loose);
        let pawn = p.piece[Role::Pawn.index()] * p.threat_loose;
        let counts = attack_counts(&pos);
        assert_eq!(threats_to(&pos, &counts, Color::Black, p), rook);
        assert_eq!(threats_to(&pos, &counts, Color::White, p), pawn);
    }

    #[test]
    fn rings_partition_the_board() {
        for (a, rings) in RINGS.iter().enumerate() {
            let mut all = Bitboard::from_square(Square::from_index(a).unwrap());
            for ring in rings {
                assert!((all & *ring).is_empty());
                all |= *ring;
            }
            assert_eq!(all, Bitboard::FULL);
        }
    }
}
