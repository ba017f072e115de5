//! Reading the mating line back from the table (the attacker takes the shortest proven
//! mate, the defender the longest), checking a line by replaying it, and writing it.

use crate::dfpn::Searcher;
use crate::tt::INF;
use koma_notation::movetext::japanese;
use koma_notation::usi::write_move;
use koma_rules::variants::Shogi;
use koma_rules::{Move, MoveKind, Position, VariantKind};
use std::collections::HashMap;

/// Why a line is not a mate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    /// Move `ply` (0-based) is illegal in its position.
    Illegal(usize),
    /// Attacker move `ply` does not give check.
    NotCheck(usize),
    /// The line ends in a position that is not mate.
    NotMate,
    /// The line has an even number of plies (the defender moved last).
    EvenLength,
    /// A position of the line repeats (a perpetual-check line proves nothing).
    Repetition(usize),
}

/// Checks that `line` is a tsume line from `root`: every move legal, every attacker move a
/// check, no position repeated, and the defender mated at the end.
pub fn verify(root: &Position<Shogi>, line: &[Move]) -> Result<(), LineError> {
    if line.len() % 2 == 0 {
        return Err(LineError::EvenLength);
    }
    let mut pos = *root;
    let mut seen = vec![pos.key()];
    for (ply, &m) in line.iter().enumerate() {
        pos.play(m).map_err(|_| LineError::Illegal(ply))?;
        if ply % 2 == 0 && !pos.in_check() {
            return Err(LineError::NotCheck(ply));
        }
        if seen.contains(&pos.key()) {
            return Err(LineError::Repetition(ply));
        }
        seen.push(pos.key());
    }
    if pos.in_check() && pos.moves(MoveKind::Evasions).is_empty() {
        Ok(())
    } else {
        Err(LineError::NotMate)
    }
}

/// The line in USI notation, moves separated by spaces.
pub fn usi(line: &[Move]) -> String {
    line.iter()
        .map(|&m| write_move(VariantKind::Shogi, m))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The line in Japanese (KI2) notation with side marks: `☗２二金 ☖同玉 ...`.
pub fn japanese(root: &Position<Shogi>, line: &[Move]) -> String {
    let mut pos = *root;
    let mut prev = None;
    let mut out = Vec::with_capacity(line.len());
    for &m in line {
        out.push(japanese::text(&pos, m, prev));
        if pos.play(m).is_err() {
            break;
        }
        prev = Some(m.to());
    }
    out.join(" ")
}

/// Evaluations of the proof tree allowed per line read-back.
const TREE_BUDGET: u32 = 300_000;

/// Reads the line back: the attacker's shortest proven mate against the defender's longest
/// resistance, lengths recomputed from the table where the budget allows. Children the
/// table has lost are proven again. `None` if no line could be read.
pub(crate) fn extract(s: &mut Searcher, root: &Position<Shogi>) -> Option<Vec<Move>> {
    let mut memo: HashMap<u64, Option<u32>> = HashMap::new();
    let mut budget = TREE_BUDGET;
    walk(s, root, |s, pos, depth| {
        if depth > 20_000 {
            return Step::Fail;
        }
        let or = depth % 2 == 0;
        let mut children = s.probe_children(pos, depth);
        if children.is_empty() {
            return if or { Step::Fail } else { Step::Mate };
        }
        if or && children.iter().all(|(_, _, p)| p.pn != 0) {
            // The table lost the proven check: search the node again.
            let r = s.expand_and_search(pos, depth, INF, INF);
            if r.pn != 0 {
                return Step::Fail;
            }
            children = s.probe_children(pos, depth);
        }
        let mut best: Option<(Move, u32)> = None;
        let mut failed = false;
        for (m, child, probe) in children {
            let len = if probe.pn == 0 {
                tree_len(s, &child, depth + 1, &mut memo, &mut budget).unwrap_or(probe.len)
            } else if or {
                continue;
            } else {
                // The table lost this evasion's proof: prove it again.
                s.push_path(pos, depth);
                let r = s.mid(&child, depth + 1, INF, INF);
                s.pop_path();
                if r.pn != 0 {
                    failed = true;
                    break;
                }
                r.len
            };
            let better = match best {
                None => true,
                Some((_, l)) => (or && len < l) || (!or && len > l),
            };
            if better {
                best = Some((m, len));
            }
        }
        match best.filter(|_| !failed) {
            Some((m, _)) => Step::Play(m),
            None => Step::Fail,
        }
    })
}

/// What a line reader does at a position of the line.
enum Step {
    /// Plays this move.
    Play(Move),
    /// The position is mate: the line ends.
    Mate,
    /// No move fits: no line.
    Fail,
}

/// Reads a line down from `root`, `choose` deciding at each position (given with its
/// depth); the line's positions are on the search path while it is read.
fn walk(
    s: &mut Searcher,
    root: &Position<Shogi>,
    mut choose: impl FnMut(&mut Searcher, &Position<Shogi>, u32) -> Step,
) -> Option<Vec<Move>> {
    let mut pos = *root;
    let mut line = Vec::new();
    let result = loop {
        let depth = line.len() as u32;
        match choose(s, &pos, depth) {
            Step::Play(m) => {
                s.push_path(&pos, depth);
                line.push(m);
                pos.play_unchecked(m);
            }
            Step::Mate => break Some(()),
            Step::Fail => break None,
        }
    };
    for _ in 0..line.len() {
        s.pop_path();
    }
    result.map(|_| line)
}

/// Reads the line of a mate of exactly `n` plies, when there is a mate within `n` plies
/// and none within `n - 2`: the attacker plays checks proven within `n`, the defender
/// replies after which there is no mate within `n - 2` (so every reply resists to the
/// end). The table answers where it can; a position it has lost is searched again.
/// `None` if a step finds no such move.
pub(crate) fn extract_forced(
    s: &mut Searcher,
    root: &Position<Shogi>,
    n: u32,
) -> Option<Vec<Move>> {
    let limit = s.max_len;
    let line = walk(s, root, |s, pos, depth| {
        let or = depth % 2 == 0;
        let moves = Searcher::node_moves(pos, or);
        if moves.is_empty() {
            return if or { Step::Fail } else { Step::Mate };
        }
        // The attacker keeps a mate within `n`; the defender holds off any within `n - 2`.
        s.max_len = if or { n } else { n.saturating_sub(2) };
        let wanted = |pn: u32, dn: u32| if or { pn == 0 } else { dn == 0 };
        let mut pick = moves.iter().copied().find(|&m| {
            let p = s.probe(&pos.after(m), depth + 1);
            wanted(p.pn, p.dn)
        });
        if pick.is_none() {
            // The table has lost the answer: search each move again until one does.
            s.push_path(pos, depth);
            pick = moves.iter().copied().find(|&m| {
                let r = s.mid(&pos.after(m), depth + 1, INF, INF);
                wanted(r.pn, r.dn)
            });
            s.pop_path();
        }
        pick.map_or(Step::Fail, Step::Play)
    });
    s.max_len = limit;
    line
}

/// The length of the mate the table proves from `pos` (the attacker's shortest proven
/// check, the defender's longest evasion), computed afresh but never above the stored
/// length (a proof's length bounds the shortest mate); the stored length when the budget
/// is spent or the table lacks part of the tree.
fn tree_len(
    s: &Searcher,
    pos: &Position<Shogi>,
    depth: u32,
    memo: &mut HashMap<u64, Option<u32>>,
    budget: &mut u32,
) -> Option<u32> {
    let probe = s.probe(pos, depth);
    if probe.pn != 0 {
        return None;
    }
    let key = pos.key();
    if let Some(&known) = memo.get(&key) {
        // `None` here is a position still being evaluated: a loop, not a proof.
        return known;
    }
    if *budget == 0 {
        return Some(probe.len);
    }
    *budget -= 1;
    memo.insert(key, None);
    let or = depth % 2 == 0;
    let mut result: Option<u32> = None;
    let mut complete = true;
    for (_, child, _) in s.probe_children(pos, depth) {
        match tree_len(s, &child, depth + 1, memo, budget) {
            Some(l) => {
                let l = l + 1;
                result = Some(match result {
                    None => l,
                    Some(r) if or => r.min(l),
                    Some(r) => r.max(l),
                });
            }
            None if !or => {
                complete = false;
                break;
            }
            None => {}
        }
    }
    let len = if !or && result.is_none() && complete {
        0
    } else if complete {
        // The stored length bounds the recomputed one: a child cut off as a loop (it was
        // on the way here) can leave only longer mates in view, and that value, kept in
        // `memo`, would mislead the reading on other paths.
        result.map_or(probe.len, |r| r.min(probe.len))
    } else {
        probe.len
    };
    memo.insert(key, Some(len));
    Some(len)
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_notation::sfen;
    use koma_notation::usi::parse_move;

    fn mv(text: &str) -> Move {
        parse_move(VariantKind::Shogi, text).unwrap()
    }

    #[test]
    fn verify_names_the_fault() {
        let pos: Position<Shogi> = sfen::parse("k8/9/PK7/9/9/9/9/9/9 b 2r2b4g4s4n4l17p 1").unwrap();
        assert_eq!(verify(&pos, &[mv("9c9b+")]), Ok(()));
        assert_eq!(verify(&pos, &[mv("8c7c")]), Err(LineError::NotCheck(0)));
        assert_eq!(verify(&pos, &[mv("9c9a")]), Err(LineError::Illegal(0)));
        assert_eq!(verify(&pos, &[]), Err(LineError::EvenLength));
        assert_eq!(usi(&[mv("9c9b+")]), "9c9b+");
        assert!(japanese(&pos, &[mv("9c9b+")]).starts_with('☗'));
    }
}
