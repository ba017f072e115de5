//! Short mates by plain search: every check, every evasion, to a fixed number of plies.
//! For the questions a program asks at every node or every position (is there a mate in
//! one here? in three?), where df-pn's table and threads cost more than the whole answer.
//! Any variant of the family; the same rules as the solver (the attacker checks with every
//! move, the defender has every legal evasion, a pawn-drop mate is no mate).

use koma_rules::{Move, MoveKind, Position, Role, Variant, attacks};

/// The longest search `mate_within` takes, in plies: beyond it the tree is the df-pn
/// solver's work.
pub const MAX_PLIES: u32 = 7;

/// The shortest mate of at most `plies` plies (odd counts; an even one is rounded down)
/// for the side to move of `pos`, as a line: the attacker's moves and, at each reply, the
/// evasion that holds out longest. `None` when there is none that short. `plies` above
/// [`MAX_PLIES`] searches [`MAX_PLIES`].
pub fn mate_within<V: Variant>(pos: &Position<V>, plies: u32) -> Option<Vec<Move>> {
    let plies = plies.min(MAX_PLIES);
    (1..=plies).step_by(2).find_map(|depth| attack(pos, depth))
}

/// A mate in exactly `depth` plies or fewer where shorter ones were looked for first by
/// the caller (`depth` odd).
fn attack<V: Variant>(pos: &Position<V>, depth: u32) -> Option<Vec<Move>> {
    for &m in pos.moves(MoveKind::Checks).iter() {
        let mut after = *pos;
        after.play_unchecked(m);
        if depth == 1 {
            if !king_steps_out(&after) && after.has_no_moves() {
                return Some(vec![m]);
            }
            continue;
        }
        if let Some(rest) = defend(&after, depth - 1) {
            let mut line = Vec::with_capacity(rest.len() + 1);
            line.push(m);
            line.extend(rest);
            return Some(line);
        }
    }
    None
}

/// Whether every evasion of `pos` (in check) is mated within `depth` - 1 more plies: the
/// line through the evasion that lasts longest, or `None` when one escapes.
fn defend<V: Variant>(pos: &Position<V>, depth: u32) -> Option<Vec<Move>> {
    let mut longest: Option<Vec<Move>> = None;
    let mut keep = |e: Move, rest: Vec<Move>| {
        if longest.as_ref().is_none_or(|l| rest.len() + 1 > l.len()) {
            let mut line = Vec::with_capacity(rest.len() + 1);
            line.push(e);
            line.extend(rest);
            longest = Some(line);
        }
    };
    // The king's steps to safe squares first, without listing the other evasions: they
    // are what most often gets away, and one that does ends the search here.
    let steps = safe_steps(pos);
    for &e in &steps {
        let mut after = *pos;
        after.play_unchecked(e);
        keep(e, mate_within(&after, depth - 1)?);
    }
    for &e in pos.legal_moves().iter() {
        if steps.contains(&e) {
            continue;
        }
        let mut after = *pos;
        after.play_unchecked(e);
        keep(e, mate_within(&after, depth - 1)?);
    }
    // No evasion at all: the check before was mate, which a shorter search has found.
    Some(longest.unwrap_or_default())
}

/// The king moves of the side to move to squares no enemy piece attacks (each one legal).
fn safe_steps<V: Variant>(pos: &Position<V>) -> Vec<Move> {
    let us = pos.side_to_move();
    let Some(ksq) = pos.king(us) else {
        return Vec::new();
    };
    let occ = pos.occupied().without(ksq);
    let steps = attacks(Role::King, us, ksq, occ) & V::BOARD & !pos.color_bb(us);
    steps
        .filter(|&sq| V::attackers_to(pos, sq, !us, occ).is_empty())
        .map(|sq| Move::normal(ksq, sq, false))
        .collect()
}

/// Whether the king of the side to move (in check) can step to a square no enemy piece
/// attacks: a legal move, so no mate. A quick test in front of counting every evasion.
fn king_steps_out<V: Variant>(pos: &Position<V>) -> bool {
    let us = pos.side_to_move();
    let Some(ksq) = pos.king(us) else {
        return false;
    };
    // Without the king on it the board lets a slider's attack run on past its square.
    let occ = pos.occupied().without(ksq);
    let steps = attacks(Role::King, us, ksq, occ) & V::BOARD & !pos.color_bb(us);
    // (Bitboard's own `any` asks whether it is empty: the iterator's is meant.)
    Iterator::any(&mut { steps }, |sq| {
        V::attackers_to(pos, sq, !us, occ).is_empty()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_notation::{sfen, usi};
    use koma_rules::VariantKind;
    use koma_rules::variants::{Minishogi, Shogi};

    fn line(moves: &[Move]) -> Vec<String> {
        moves
            .iter()
            .map(|&m| usi::write_move(VariantKind::Shogi, m))
            .collect()
    }

    #[test]
    fn the_shared_problems_of_one_and_three_plies_and_none_shorter() {
        let mut seen = [0usize; 3];
        for problem in koma_testdata::tsume_rows() {
            // Only the rows whose length is the shortest mate say what a short search finds.
            if !problem.min_length() {
                continue;
            }
            let pos = crate::parse_problem(&problem.sfen).expect("shared problem");
            let found = mate_within(&pos, 3);
            match problem.mate_plies {
                n @ (1 | 3) => {
                    let line = found.unwrap_or_else(|| panic!("{}: no mate", problem.id));
                    assert_eq!(line.len(), n as usize, "{}: {:?}", problem.id, line);
                    // The line is legal and ends in mate.
                    let mut p = pos;
                    for &m in &line {
                        p.play(m).unwrap_or_else(|e| panic!("{}: {e}", problem.id));
                    }
                    assert!(p.in_check() && p.has_no_moves(), "{}", problem.id);
                    seen[(n / 2) as usize] += 1;
                }
                _ => {
                    assert_eq!(found.map(|l| line(&l)), None, "{}", problem.id);
                    seen[2] += 1;
                }
            }
        }
        assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
    }

    #[test]
    fn a_pawn_drop_mate_is_no_mate_and_other_variants_are_searched_too() {
        // P*9b would mate (the gold guards it, gote's own pieces block 8a and 8b): the
        // rules forbid it, and nothing else mates.
        let pos: Position<Shogi> =
            sfen::parse("kn7/1s7/G8/9/9/9/9/9/4K4 b P 1").expect("test SFEN");
        let drop = usi::parse_move(VariantKind::Shogi, "P*9b").expect("test move");
        assert!(pos.is_legal(drop).is_err());
        assert_eq!(mate_within(&pos, 3).map(|l| line(&l)), None);
        // Minishogi: a gold drop in front of the king, guarded by a pawn.
        let mini: Position<Minishogi> = sfen::parse("2k2/5/2P2/5/K4 b G 1").expect("test SFEN");
        let line = mate_within(&mini, 3).expect("a mate");
        assert_eq!(line.len(), 1);
    }
}
