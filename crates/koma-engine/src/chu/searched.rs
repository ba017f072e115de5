//! Chu as the search plays it ([`Searched`]): captures generated first (the lion's double
//! captures counted twice), then the other moves; a side whose last royal was
//! taken has lost (moving into attack is legal), and a bare king loses.

use super::eval::{self, value};
use super::moved;
use crate::search::game::Searched;
use koma_nnue::features::Change;
use koma_nnue::network::{Accumulator, Network};
use koma_rules::chu::{Chu, ChuMove, ChuPosition, attacks};
use koma_rules::frame12::{Bitboard12, Square12};
use koma_rules::{Color, MoveKind, Repetition};

/// The worth of what stands on `sq` for the side to move's opponent.
fn taken(pos: &ChuPosition, sq: Square12) -> i32 {
    pos.piece_at(sq)
        .filter(|p| p.color() != pos.side_to_move())
        .map_or(0, |p| value(p.role()))
}

/// The board after `m`, as occupied squares.
fn occupied_after(pos: &ChuPosition, m: ChuMove) -> Bitboard12 {
    let mut occ = pos.occupied().without(m.from());
    if let Some(mid) = m.mid() {
        occ = occ.without(mid);
    }
    occ.with(m.to())
}

/// A game decided by a bare king or two bare royals (lishogi's rules), looked for once
/// few pieces are left.
fn bare(pos: &ChuPosition) -> Option<Option<Color>> {
    if pos.occupied().count() > 30 {
        return None;
    }
    for color in Color::ALL {
        if pos.bare_king(color) {
            return Some(Some(!color));
        }
    }
    pos.bare_royals().then_some(None)
}

impl Searched for Chu {
    type List = Vec<ChuMove>;
    /// The opponent's royals.
    type Checks<'a> = Bitboard12;
    const MOVES: usize = 1024;
    const ORIGINS: usize = Square12::COUNT;
    const TARGETS: usize = Square12::COUNT;
    const EXACT_CHECKS: bool = false;
    const LEARNED: bool = false;
    const REPETITION: Repetition = Repetition::AttackerLoses;

    fn play(pos: &mut ChuPosition, m: ChuMove) {
        pos.play_unchecked(m);
    }

    fn play_null(pos: &mut ChuPosition) {
        pos.play_null();
    }

    fn generate(pos: &ChuPosition, kind: MoveKind, out: &mut Vec<ChuMove>) {
        match kind {
            MoveKind::SearchCaptures | MoveKind::Captures => pos.generate_captures(out),
            MoveKind::SearchQuiets | MoveKind::Quiets => {
                pos.generate(out);
                out.retain(|&m| !Self::is_capture(pos, m));
            }
            MoveKind::Checks => {
                if let Some(royals) = Self::checks(pos) {
                    pos.generate(out);
                    out.retain(|&m| Self::gives_check(pos, &royals, m));
                }
            }
            _ => pos.generate(out),
        }
    }

    fn origin(m: ChuMove) -> usize {
        m.from().index()
    }

    fn target(m: ChuMove) -> usize {
        m.to().index()
    }

    fn is_capture(pos: &ChuPosition, m: ChuMove) -> bool {
        Self::gain(pos, m) > 0
    }

    fn gain(pos: &ChuPosition, m: ChuMove) -> i32 {
        taken(pos, m.to()) + m.mid().map_or(0, |mid| taken(pos, mid))
    }

    fn mover(pos: &ChuPosition, m: ChuMove) -> i32 {
        pos.piece_at(m.from()).map_or(0, |p| value(p.role()))
    }

    fn promotes(m: ChuMove) -> bool {
        m.is_promotion()
    }

    /// What the move takes, less the moved piece when the opponent attacks its square
    /// afterwards (one exchange deep).
    fn see(pos: &ChuPosition, m: ChuMove) -> i32 {
        let gain = Self::gain(pos, m);
        let them = !pos.side_to_move();
        let Some(piece) = moved(pos, m) else {
            return gain;
        };
        let mut after = *pos;
        after.play_unchecked(m);
        if after.attacked_by(m.to(), them, after.occupied()) {
            gain - value(piece.role())
        } else {
            gain
        }
    }

    fn checks(pos: &ChuPosition) -> Option<Bitboard12> {
        let royals = pos.royals(!pos.side_to_move());
        (!royals.is_empty()).then_some(royals)
    }

    /// Direct checks alone: the moved piece attacking a royal from its new square.
    fn gives_check(pos: &ChuPosition, royals: &Bitboard12, m: ChuMove) -> bool {
        moved(pos, m).is_some_and(|piece| {
            !(attacks(piece, m.to(), occupied_after(pos, m)) & *royals).is_empty()
        })
    }

    fn mate_in_one(_pos: &ChuPosition) -> Option<ChuMove> {
        None
    }

    fn decided(pos: &ChuPosition) -> Option<Option<Color>> {
        let us = pos.side_to_move();
        if pos.royals(us).is_empty() {
            return Some(Some(!us));
        }
        bare(pos)
    }

    fn board_terms(pos: &ChuPosition) -> i32 {
        eval::board_terms(pos)
    }

    fn board_delta(pos: &ChuPosition, m: ChuMove) -> Option<i32> {
        eval::board_delta(pos, m)
    }

    fn evaluate_from(pos: &ChuPosition, board: i32) -> i32 {
        eval::evaluate_from(pos, board)
    }

    /// The lions and royals of both sides, and how many pieces each side has.
    fn correction_keys(pos: &ChuPosition) -> [u64; 2] {
        const K: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut strong = 0u64;
        let mut counts = 0u64;
        for color in Color::ALL {
            for sq in pos.royals(color) | pos.lions(color) {
                let code = (sq.index() as u64 + 1) << (8 * color.index());
                strong = strong.rotate_left(9) ^ code.wrapping_mul(K);
            }
            counts = counts << 8 | u64::from(pos.color_bb(color).count());
        }
        [strong.wrapping_mul(K), counts.wrapping_mul(K)]
    }

    fn refresh(_net: &Network, _pos: &ChuPosition, _acc: &mut Accumulator) {}

    fn changes(_pos: &ChuPosition, _m: ChuMove) -> Option<[Change; 2]> {
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::search::{Limits, PastPosition, Score, SearchResult, Searcher};
    use koma_notation::chu::{parse, parse_usi, write};
    use koma_rules::chu::{ChuMove, ChuPosition};
    use std::sync::atomic::AtomicBool;

    fn search_after(pos: &ChuPosition, past: &[PastPosition], depth: u32) -> SearchResult<ChuMove> {
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        Searcher::new(4).search(pos, past, &limits, &AtomicBool::new(false), &mut |_| {})
    }

    fn search(sfen: &str, depth: u32) -> SearchResult<ChuMove> {
        search_after(&parse(sfen).unwrap(), &[], depth)
    }

    #[test]
    fn it_takes_the_last_royal() {
        // Sente's rook takes gote's king at once (gote's pawn keeps it from being bare).
        let r = search("kp10/12/12/12/12/12/12/12/12/12/12/R10K b - 1", 2);
        // Promoting or not: either way the king is taken.
        let takes = parse_usi("12l12a").unwrap();
        let best = r.best.expect("a move");
        assert_eq!((best.from(), best.to()), (takes.from(), takes.to()));
        assert_eq!(r.score, Score::Mate(1));
    }

    #[test]
    fn the_lion_takes_twice() {
        // The lion on 6f takes the pawn on 6e and the gold on 6d in one move.
        let r = search("k11/12/12/6g5/6p5/6N5/12/12/12/12/12/11K b - 1", 1);
        assert_eq!(r.best.map(|m| m.to_string()), Some("6f6e6d".to_string()));
    }

    #[test]
    fn it_keeps_its_royal_out_of_reach() {
        // Gote's rook on 1a would take the king on 1l were it left there: the king steps
        // aside (moving into attack is legal in Chu, and loses).
        let r = search("k10r/12/12/12/12/12/12/12/12/12/12/p4G5K b - 1", 3);
        let best = r.best.expect("a move");
        let mut after = parse("k10r/12/12/12/12/12/12/12/12/12/12/p4G5K b - 1").unwrap();
        after.play_unchecked(best);
        assert!(!after.in_check(koma_rules::Color::Black), "{best}");
    }

    #[test]
    fn the_start_gives_a_legal_move_deeper_with_the_table() {
        let start = ChuPosition::startpos();
        let r = search(&write(&start), 4);
        let best = r.best.expect("a move");
        assert!(start.legal_moves().contains(&best));
        assert_eq!(r.depth, 4);
        assert!(r.nodes > 0);
    }
}
