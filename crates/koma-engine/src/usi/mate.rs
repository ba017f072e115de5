//! `go mate`: the df-pn solver of `koma-tsume` on the search thread.
//!
//! The session runs [`solve`] exactly like a move search (with the stop flag set by `stop`,
//! `quit` or the time limit) and prints [`checkmate_line`] of its answer instead of a
//! `bestmove`. The solver plays shogi only: a Tori position answers `notimplemented`.

use koma_notation::usi::write_move;
use koma_rules::{AnyPosition, Move, VariantKind};
use koma_tsume::{Limits, Outcome};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The solver's table for `go mate`, in megabytes.
const MATE_HASH_MB: usize = 256;

/// How long `go mate` may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MateLimit {
    /// `go mate <ms>`.
    Millis(u64),
    /// `go mate infinite` (until `stop`).
    Infinite,
}

/// The answer to `go mate`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateAnswer {
    /// A mate: the moves of the solution from the root.
    Mate(Vec<Move>),
    /// Proven: there is no mate.
    NoMate,
    /// Out of time or stopped before a proof either way.
    Timeout,
    /// The engine has no mate solver for this variant.
    NotImplemented,
}

/// Looks for a mate by the side to move in `root` within `limit`, until `stop` is set (the
/// caller sets it when the time runs out); the shortest mate when time allows.
pub fn solve(root: &AnyPosition, limit: MateLimit, stop: &Arc<AtomicBool>) -> MateAnswer {
    let AnyPosition::Shogi(pos) = root else {
        return MateAnswer::NotImplemented;
    };
    let limits = Limits {
        time: match limit {
            MateLimit::Millis(ms) => Some(Duration::from_millis(ms)),
            MateLimit::Infinite => None,
        },
        hash_mb: MATE_HASH_MB,
        stop: Some(Arc::clone(stop)),
        ..Limits::default()
    };
    match koma_tsume::solve(pos, &limits).outcome {
        Outcome::Mate(line) => MateAnswer::Mate(line),
        Outcome::NoMate(_) => MateAnswer::NoMate,
        Outcome::Unknown(_) => MateAnswer::Timeout,
    }
}

/// The `checkmate ...` line for `answer`.
pub fn checkmate_line(answer: &MateAnswer, variant: VariantKind) -> String {
    match answer {
        MateAnswer::Mate(moves) if !moves.is_empty() => {
            let mut line = "checkmate".to_string();
            for &m in moves {
                line.push(' ');
                line.push_str(&write_move(variant, m));
            }
            line
        }
        // An empty solution means the root is already mate: nothing to play, no proof of
        // a mate *by* the side to move.
        MateAnswer::Mate(_) | MateAnswer::NoMate => "checkmate nomate".to_string(),
        MateAnswer::Timeout => "checkmate timeout".to_string(),
        MateAnswer::NotImplemented => "checkmate notimplemented".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_notation::usi::parse_move;

    #[test]
    fn lines() {
        let v = VariantKind::Shogi;
        let m = parse_move(v, "G*5b").unwrap();
        assert_eq!(
            checkmate_line(&MateAnswer::Mate(vec![m]), v),
            "checkmate G*5b"
        );
        assert_eq!(checkmate_line(&MateAnswer::NoMate, v), "checkmate nomate");
        assert_eq!(checkmate_line(&MateAnswer::Timeout, v), "checkmate timeout");
        assert_eq!(
            checkmate_line(&MateAnswer::NotImplemented, v),
            "checkmate notimplemented"
        );
        let stop = Arc::new(AtomicBool::new(false));
        assert_eq!(
            solve(&VariantKind::Tori.startpos(), MateLimit::Infinite, &stop),
            MateAnswer::NotImplemented
        );
        assert_eq!(
            solve(&v.startpos(), MateLimit::Millis(5000), &stop),
            MateAnswer::NoMate,
            "no check at all"
        );
    }
}
