//! A tsume-shogi (詰将棋, mate problem) solver: df-pn+ with proof and disproof hands, hand
//! superiority, repetition-safe results, a garbage-collected transposition table and a
//! shortest-mate refinement after the first proof.
//!
//! ```
//! use koma_tsume::{solve, Limits, Outcome, line};
//! use koma_rules::{Position, variants::Shogi};
//!
//! // Gold drop on 5b, supported by the pawn: mate in one.
//! let pos: Position<Shogi> =
//!     koma_tsume::parse_problem("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1").unwrap();
//! let report = solve(&pos, &Limits::default());
//! assert_eq!(report.outcome, Outcome::Mate(line_of(&["G*5b"])));
//! assert!(report.shortest);
//! # fn line_of(moves: &[&str]) -> Vec<koma_rules::Move> {
//! #     moves.iter().map(|m| koma_notation::usi::parse_move(koma_rules::VariantKind::Shogi, m).unwrap()).collect()
//! # }
//! ```
//!
//! The attacker is the side to move and plays checks only; the defender plays every legal
//! evasion, every interposition and drop included. Pawn-drop mate (打ち歩詰め) is not a
//! mate (the rules core does not generate it), and a line that only repeats by checks
//! (perpetual check) proves nothing.
//!
//! Two composers' conventions are options: [`Limits::rest_to_defender`] gives the defender
//! every piece that is neither on the board nor in the attacker's hand, and
//! [`Limits::composer_length`] also reports the length with futile interpositions (無駄合)
//! not counted ([`Report::composer_plies`]); the mating line and its length stay the real
//! shortest mate, every ply counted.

mod budget;
mod composer;
mod delay;
mod dfpn;
pub mod hand;
pub mod line;
mod prefetch;
mod rest;
mod result;
pub mod short;
pub mod tt;

pub use rest::rest_to_defender;
pub use result::{
    Limits, NoMateReason, Outcome, Phase, Progress, ProgressFn, Report, UnknownReason,
};

use composer::Composer;
use dfpn::{NO_BOUND, REP_NONE, Searcher};
use koma_rules::variants::Shogi;
use koma_rules::{Move, MoveKind, Position};
use std::time::Instant;
use tt::INF;

/// Stack for the search thread: the search recurses once per ply of its path.
const STACK_BYTES: usize = 1 << 30;

/// Solves the mate problem `pos` (the side to move attacks) within `limits`.
pub fn solve(pos: &Position<Shogi>, limits: &Limits) -> Report {
    let start = Instant::now();
    let root = if limits.rest_to_defender {
        rest_to_defender(pos)
    } else {
        *pos
    };
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name("koma-tsume".into())
            .stack_size(STACK_BYTES)
            .spawn_scoped(scope, || run(&root, limits, start));
        match worker {
            Ok(handle) => handle
                .join()
                .unwrap_or_else(|_| report(Outcome::Unknown(UnknownReason::Stopped), start, None)),
            // No thread to be had: search on this one (deep problems may need its stack).
            Err(_) => run(&root, limits, start),
        }
    })
}

/// A report without search figures.
fn report(outcome: Outcome, start: Instant, s: Option<&Searcher>) -> Report {
    Report {
        outcome,
        shortest: false,
        nodes: s.map_or(0, |s| s.nodes),
        elapsed: start.elapsed(),
        first_proof: None,
        hashfull: s.map_or(0, |s| s.tt.hashfull()),
        collections: s.map_or(0, |s| s.tt.collections()),
        composer_plies: None,
    }
}

/// The whole solve on the current thread.
fn run(root: &Position<Shogi>, limits: &Limits, start: Instant) -> Report {
    let attacker = root.side_to_move();
    if root.king(!attacker).is_none() {
        return report(Outcome::NoMate(NoMateReason::NoDefenderKing), start, None);
    }
    if root.moves(MoveKind::Checks).is_empty() {
        return report(Outcome::NoMate(NoMateReason::NoChecks), start, None);
    }
    let mut s = Searcher::new(attacker, limits, start);
    let r = s.mid(root, 0, INF, INF);
    if r.dn == 0 {
        let outcome = if r.rep == REP_NONE && r.len == NO_BOUND {
            Outcome::NoMate(NoMateReason::Disproven)
        } else {
            Outcome::Unknown(UnknownReason::DepthLimit)
        };
        return report(outcome, start, Some(&s));
    }
    if r.pn != 0 {
        let why = s.abort.unwrap_or(UnknownReason::Timeout);
        return report(Outcome::Unknown(why), start, Some(&s));
    }
    let first_proof = Some((start.elapsed(), s.nodes));
    // The proof's own length: the forced mate is no longer.
    let first_len = r.len;
    let Some(mut best) = extract_verified(&mut s, root) else {
        let mut rep = report(
            Outcome::Unknown(UnknownReason::LineNotVerified),
            start,
            Some(&s),
        );
        rep.first_proof = first_proof;
        return rep;
    };
    let mut shortest = best.len() == 1;
    if limits.shortest {
        // The length is claimed shortest only when a mate within exactly the line's length
        // is proven and none within two plies fewer: a line read back with a weak defence
        // could otherwise look shorter than the forced mate.
        let mut proven_within = None;
        while !shortest && s.abort.is_none() {
            let len = best.len() as u32;
            if proven_within != Some(len) {
                s.phase = Phase::Shortest {
                    best: len,
                    within: len,
                };
                s.max_len = len;
                let r = s.mid(root, 0, INF, INF);
                if r.pn != 0 {
                    if r.dn == 0 && s.abort.is_none() {
                        // No mate within the line's length after all: the line read back
                        // lets the defender off early. The forced mate is longer.
                        if let Some(line) = longer_forced(&mut s, root, r.len, first_len) {
                            best = line;
                            shortest = true;
                        }
                    }
                    break;
                }
                proven_within = Some(len);
            }
            if len < 3 {
                shortest = true;
                break;
            }
            // Is there a mate at least two plies shorter?
            s.phase = Phase::Shortest {
                best: len,
                within: len - 2,
            };
            s.max_len = len - 2;
            let r = s.mid(root, 0, INF, INF);
            if s.abort.is_some() {
                break;
            }
            if r.dn == 0 {
                shortest = true;
            } else if r.pn == 0 {
                proven_within = Some(len - 2);
                // Read under the same limit, so that only the short proofs count.
                match extract_verified(&mut s, root) {
                    Some(line) if line.len() < best.len() => best = line,
                    _ => break,
                }
            } else {
                break;
            }
        }
    }
    s.max_len = u32::MAX;
    let plies = best.len() as u32;
    let mut rep = report(Outcome::Mate(best), start, Some(&s));
    rep.shortest = shortest;
    rep.first_proof = first_proof;
    if limits.composer_length && s.abort.is_none() {
        let mut c = Composer::new(
            &mut s.budget,
            &s.tt,
            attacker,
            s.nodes,
            limits.hash_mb,
            limits.max_depth,
        );
        rep.composer_plies = c
            .length(root, shortest.then_some(plies))
            .map(|n| n as usize);
        rep.nodes = c.nodes;
        rep.elapsed = start.elapsed();
    }
    rep
}

/// Reads a problem from SFEN: the side to move attacks, and may lack a king (tsume
/// problems usually omit the attacker's king).
pub fn parse_problem(sfen: &str) -> Result<Position<Shogi>, ProblemError> {
    let setup = koma_notation::sfen::parse_setup(koma_rules::VariantKind::Shogi, sfen)
        .map_err(ProblemError::Sfen)?;
    Position::from_setup_kingless(&setup).map_err(ProblemError::Position)
}

/// Why a problem could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProblemError {
    /// The text is no SFEN: the notation's error says where and why.
    #[error("bad problem: {0}")]
    Sfen(#[source] koma_notation::sfen::SfenError),
    /// The SFEN is well formed, but its position breaks a rule of shogi (two pawns on a
    /// file, a piece that can never move, the defender's king in check...).
    #[error("bad problem: illegal position: {0}")]
    Position(#[source] koma_rules::SetupError),
}

/// The forced mate when there is none within `bound` plies: the first odd length above
/// the bound (and no more than `most`, the first proof's length) with a mate is searched
/// for, and its line read so that the defender resists to the end. `None` if the budget
/// runs out or no such line can be read.
fn longer_forced(
    s: &mut Searcher,
    root: &Position<Shogi>,
    mut bound: u32,
    most: u32,
) -> Option<Vec<Move>> {
    let found = loop {
        // Mates have odd lengths: the attacker moves first and last.
        let within = (bound + 1) | 1;
        if within > most || s.abort.is_some() {
            break None;
        }
        s.phase = Phase::Shortest { best: most, within };
        s.max_len = within;
        let r = s.mid(root, 0, INF, INF);
        if r.pn == 0 {
            break line::extract_forced(s, root, within).filter(|l| line::verify(root, l).is_ok());
        }
        if r.dn != 0 {
            break None;
        }
        bound = r.len.max(within);
    };
    s.max_len = u32::MAX;
    found
}

/// The mating line read back from the table, if it replays as a mate.
fn extract_verified(s: &mut Searcher, root: &Position<Shogi>) -> Option<Vec<Move>> {
    let line = line::extract(s, root)?;
    line::verify(root, &line).ok().map(|_| line)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Zukou #5 (tests/data/named-problems.tsv): a forced mate of 21 plies.
    const ZUKOU_5: &str = "n+B1sS4/1R1g5/1Ls6/2k6/2n6/3L5/R8/9/9 b B2P3gs2n2l16p 1";

    #[test]
    fn a_longer_forced_mate_is_read_with_the_defence_to_the_end() {
        let root = parse_problem(ZUKOU_5).expect("SFEN");
        let limits = Limits {
            hash_mb: 16,
            ..Limits::default()
        };
        let mut s = Searcher::new(root.side_to_move(), &limits, Instant::now());
        let r = s.mid(&root, 0, INF, INF);
        assert_eq!(r.pn, 0, "proven");
        // As after a line of 19 plies read back with a weak defence, when a search showed
        // no mate within 19 (or 20): the mate of 21 plies and a line of that length.
        for bound in [19, 20] {
            let line = longer_forced(&mut s, &root, bound, r.len).expect("the forced mate");
            assert_eq!(line.len(), 21, "bound {bound}");
            assert_eq!(line::verify(&root, &line), Ok(()));
        }
        // Asked for a mate of exactly 23 plies where there is one of 21: no reply holds off
        // a mate within 21, and no line is made up.
        assert_eq!(s.max_len, u32::MAX, "the limit is lifted again");
        assert_eq!(line::extract_forced(&mut s, &root, 23), None);
        assert_eq!(s.max_len, u32::MAX, "the caller's limit is restored");
    }
}
