//! Short mates by plain search: every check, every evasion, to a fixed number of plies.
//! For the questions a program asks at every node or every position (is there a mate in
//! one here? in three?), where df-pn's table and threads cost more than the whole answer.
//! Any variant of the family; the same rules as the solver (the attacker checks with every
//! move, the defender has every legal evasion, a pawn-drop mate is no mate).

mod one;

use koma_rules::{Bitboard, Move, Position, Role, Square, Variant, attacks};
use one::{Check, mate_in_one, ranked_checks};

/// The longest search `mate_within` takes, in plies: beyond it the tree is the df-pn
/// solver's work.
pub const MAX_PLIES: u32 = 7;

/// The shortest mate of at most `plies` plies (odd counts; an even one is rounded down)
/// for the side to move of `pos`, as a line: the attacker's moves and, at each reply, the
/// evasion that holds out longest. `None` when there is none that short. `plies` above
/// [`MAX_PLIES`] searches [`MAX_PLIES`].
pub fn mate_within<V: Variant>(pos: &Position<V>, plies: u32) -> Option<Vec<Move>> {
    let plies = plies.min(MAX_PLIES);
    if plies == 0 {
        return None;
    }
    if plies < 3 {
        return mate_in_one(pos).map(|m| vec![m]);
    }
    // One list of checks for every depth; without one, no mate.
    let ranked = match ranked_checks(pos) {
        Ok(m) => return Some(vec![m]),
        Err(ranked) if ranked.is_empty() => return None,
        Err(ranked) => ranked,
    };
    (3..=plies)
        .step_by(2)
        .find_map(|depth| attack(pos, &ranked, depth))
}

/// A mate in exactly `depth` plies (odd, at least 3) where shorter ones were looked for
/// first, trying `checks` (those of `pos`) in their order.
fn attack<V: Variant>(pos: &Position<V>, checks: &[Check], depth: u32) -> Option<Vec<Move>> {
    // One copy, each check played on it and taken back.
    let mut work = *pos;
    // The square the king last got away to: after the next check it is tried first.
    let mut refuge = None;
    for &Check { m, escape, .. } in checks.iter() {
        let undo = work.play_undoable_unkeyed(m);
        let found = defend(&mut work, depth - 1, escape, &mut refuge);
        work.unplay(m, undo);
        if let Some(rest) = found {
            let mut line = Vec::with_capacity(rest.len() + 1);
            line.push(m);
            line.extend(rest);
            return Some(line);
        }
    }
    None
}

/// Whether every evasion of `pos` (in check; its checkers and pins not yet worked out) is
/// mated within `depth` - 1 more plies: the line through the evasion that lasts longest,
/// or `None` when one escapes. The king's step to `safe` (a square known to be free of
/// guards) is tried first, then one to `refuge` (where he escaped the check before), and
/// the step that escapes is kept there. Each evasion is played on `pos` and taken back.
fn defend<V: Variant>(
    pos: &mut Position<V>,
    depth: u32,
    safe: Option<Square>,
    refuge: &mut Option<Square>,
) -> Option<Vec<Move>> {
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
    // are what most often gets away, and one that does ends the search here (before the
    // other steps are even looked at). They are told from the board alone.
    let us = pos.side_to_move();
    let ksq = pos.king(us);
    let mut stepped = Bitboard::EMPTY;
    if let Some(ksq) = ksq {
        // Without the king on it the board lets a slider's attack run on past its square.
        let occ = pos.occupied().without(ksq);
        let steps = attacks(Role::King, us, ksq, occ) & V::BOARD & !pos.color_bb(us);
        let safe = safe.filter(|&sq| steps.contains(sq));
        let first = safe.or_else(|| refuge.filter(|&sq| steps.contains(sq)));
        let rest = first.map_or(steps, |sq| steps.without(sq));
        for to in first.into_iter().chain(rest) {
            if Some(to) != safe && V::attackers_to(pos, to, !us, occ).any() {
                continue;
            }
            stepped = stepped.with(to);
            let e = Move::normal(ksq, to, false);
            let Some(line) = after_evasion(pos, e, depth - 1) else {
                *refuge = Some(to);
                return None;
            };
            keep(e, line);
        }
    }
    pos.refresh_checks();
    for &e in pos.legal_moves().iter() {
        if ksq.is_some_and(|k| e.from() == Some(k) && stepped.contains(e.to())) {
            continue;
        }
        keep(e, after_evasion(pos, e, depth - 1)?);
    }
    // No evasion at all: the check before was mate, which a shorter search has found.
    Some(longest.unwrap_or_default())
}

/// The shortest mate within `plies` after the evasion `e` of `pos`, played on `pos` and
/// taken back. A mate in one is told without working out the checks `e` leaves.
fn after_evasion<V: Variant>(pos: &mut Position<V>, e: Move, plies: u32) -> Option<Vec<Move>> {
    let undo = pos.play_undoable_unkeyed(e);
    let line = if plies < 3 {
        mate_in_one(pos).map(|m| vec![m])
    } else {
        pos.refresh_checks();
        mate_within(pos, plies)
    };
    pos.unplay(e, undo);
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_notation::{sfen, usi};
    use koma_rules::VariantKind;
    use koma_rules::rng::SplitMix64;
    use koma_rules::variants::{Kyoto, Minishogi, Shogi, Tori};

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

    /// Whether the side to move mates within `plies` by trying every legal move: the
    /// definition, with none of the search's shortcuts.
    fn plain_attack<V: Variant>(pos: &Position<V>, plies: u32) -> bool {
        pos.legal_moves().iter().any(|&m| {
            let after = pos.after(m);
            after.in_check() && plain_defend(&after, plies - 1)
        })
    }

    fn plain_defend<V: Variant>(pos: &Position<V>, plies: u32) -> bool {
        let evasions = pos.legal_moves();
        evasions.is_empty()
            || (plies >= 2
                && evasions
                    .iter()
                    .all(|&e| plain_attack(&pos.after(e), plies - 1)))
    }

    /// The positions of a random game to its end or `plies` plies, each with a legal move
    /// and not decided by the rules: checks and captures are preferred two times in three,
    /// so that games end in mates. For the tests of the short search that walk games.
    pub(super) fn sharp_game<V: Variant>(rng: &mut SplitMix64, plies: usize) -> Vec<Position<V>> {
        let mut pos = Position::<V>::startpos();
        let mut seen = Vec::new();
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.is_decided() {
                break;
            }
            seen.push(pos);
            let sharp: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| pos.piece_at(m.to()).is_some() || pos.after(m).in_check())
                .collect();
            let pick = if !sharp.is_empty() && rng.below(3) > 0 {
                sharp[rng.below(sharp.len() as u64) as usize]
            } else {
                moves[rng.below(moves.len() as u64) as usize]
            };
            pos.play_unchecked(pick);
        }
        seen
    }

    /// Random games to their end ([`sharp_game`]), and the search's shortest mate against
    /// the plain definition in the positions of each game's last plies.
    fn agrees_with_plain_search<V: Variant>(games: u64) -> [usize; 2] {
        let mut rng = SplitMix64::new(0x5eed + games);
        let mut mates = [0; 2];
        for _ in 0..games {
            let seen = sharp_game::<V>(&mut rng, 400);
            // Mate in one (told mostly without playing) in every position of the game.
            for p in &seen {
                assert_eq!(
                    mate_within(p, 1).is_some(),
                    plain_attack(p, 1),
                    "{} {}",
                    V::NAME,
                    koma_notation::sfen::write(p)
                );
            }
            for p in seen.iter().rev().take(12) {
                let plain = [1, 3].into_iter().find(|&d| plain_attack(p, d));
                let found = mate_within(p, 3);
                assert_eq!(
                    found.as_ref().map(|l| l.len() as u32),
                    plain,
                    "{} {}: {:?}",
                    V::NAME,
                    koma_notation::sfen::write(p),
                    found
                );
                if let Some(d) = plain {
                    mates[(d / 2) as usize] += 1;
                }
            }
        }
        mates
    }

    /// Dōbutsu is left out: its lion is taken, never in check, so it has no mates.
    #[test]
    fn the_shortest_mate_is_the_one_a_plain_search_finds_in_every_variant() {
        let mates = [
            agrees_with_plain_search::<Shogi>(40),
            agrees_with_plain_search::<Minishogi>(60),
            agrees_with_plain_search::<Kyoto>(60),
            agrees_with_plain_search::<Tori>(40),
        ];
        // Each variant's games gave mates in one and in three to find.
        assert!(mates.iter().flatten().all(|&n| n > 0), "{mates:?}");
    }
}
