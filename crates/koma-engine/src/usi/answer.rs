//! What the engine says about a search: `info` lines and the `bestmove` decision.

use crate::search::{Score, SearchInfo, SearchResult};
use koma_notation::usi::write_move;
use koma_rules::{AnyPosition, Move, VariantKind};
use std::time::Duration;

/// A mate score against the engine makes it resign only when the search completed at least
/// this depth: shallower mate scores may come from pruning rather than proof.
pub const RESIGN_MIN_DEPTH: u32 = 4;

/// Whether `line` is one the USI protocol lets an engine send (`id`, `option`, `usiok`,
/// `readyok`, `info`, `bestmove`, `checkmate`): what the engine writes must always be.
pub fn is_engine_line(line: &str) -> bool {
    [
        "id ",
        "option ",
        "usiok",
        "readyok",
        "info ",
        "bestmove ",
        "checkmate ",
    ]
    .iter()
    .any(|p| line.starts_with(p))
}

/// The engine's answer to a `go`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// `bestmove <move> [ponder <move>]`.
    Move {
        /// The move.
        best: Move,
        /// The expected reply.
        ponder: Option<Move>,
    },
    /// `bestmove resign`.
    Resign,
    /// `bestmove win`: the entering-king declaration.
    Win,
}

/// The `bestmove ...` line.
pub fn bestmove_line(answer: &Answer, variant: VariantKind) -> String {
    match *answer {
        Answer::Move { best, ponder } => {
            let mut line = format!("bestmove {}", write_move(variant, best));
            if let Some(p) = ponder {
                line.push_str(" ponder ");
                line.push_str(&write_move(variant, p));
            }
            line
        }
        Answer::Resign => "bestmove resign".to_string(),
        Answer::Win => "bestmove win".to_string(),
    }
}

/// Nodes per second: `nodes` over `time` (0 for no time measured).
pub fn nps(nodes: u64, time: Duration) -> u64 {
    let micros = time.as_micros();
    if micros == 0 {
        return 0;
    }
    u64::try_from(u128::from(nodes) * 1_000_000 / micros).unwrap_or(u64::MAX)
}

/// The `depth seldepth time nodes nps` words of an `info` line (seldepth at least depth).
pub fn progress_words(depth: u32, seldepth: u32, time: Duration, nodes: u64) -> String {
    format!(
        "depth {depth} seldepth {} time {} nodes {nodes} nps {}",
        seldepth.max(depth),
        time.as_millis(),
        nps(nodes, time)
    )
}

/// The `score ...` words: `cp x`, or `mate n` with n positive when the engine mates and
/// negative when it is mated (in plies, as USI counts).
pub fn score_words(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(0) => "mate -0".to_string(),
        Score::Mate(n) => format!("mate {n}"),
    }
}

/// The `info` line for one report, fields in USI order:
/// `depth seldepth time nodes nps hashfull multipv score pv`.
pub fn info_line(info: &SearchInfo, variant: VariantKind) -> String {
    info_words(info, |m| write_move(variant, m))
}

/// The `info` line of one report of any game's search, its moves written by `write`.
pub fn info_words<M: Copy>(info: &SearchInfo<M>, write: impl Fn(M) -> String) -> String {
    let mut line = format!(
        "info {} hashfull {} multipv {} score {}",
        progress_words(info.depth, info.seldepth, info.time, info.nodes),
        info.hashfull.min(1000),
        info.multipv,
        score_words(info.score),
    );
    if !info.pv.is_empty() {
        line.push_str(" pv");
        for &m in &info.pv {
            line.push(' ');
            line.push_str(&write(m));
        }
    }
    line
}

/// Why the answer is not simply the search's move (for `info string`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The answer.
    pub answer: Answer,
    /// A note when the search's move was replaced or dropped.
    pub note: Option<String>,
}

/// Chooses the answer after a search of `root`: `resign` with no legal move, or when the
/// search proved a mate against us at depth [`RESIGN_MIN_DEPTH`] or more (never while
/// `analysing`, where the GUI wants a move to show); else the search's move if it is legal
/// (the first legal move otherwise), with the ponder move from the result or the last PV when
/// it is legal after it.
pub fn decide(
    root: &AnyPosition,
    result: &SearchResult,
    last_pv: &[Move],
    analysing: bool,
) -> Decision {
    let legal = root.legal_moves();
    let Some(&first) = legal.first() else {
        return Decision {
            answer: Answer::Resign,
            note: None,
        };
    };
    if let Score::Mate(n) = result.score
        && n < 0
        && result.depth >= RESIGN_MIN_DEPTH
        && !analysing
    {
        return Decision {
            answer: Answer::Resign,
            note: Some(format!("mated in {} plies: resigning", -n)),
        };
    }
    let (best, note) = match result.best {
        Some(m) if legal.contains(&m) => (m, None),
        Some(m) => (
            first,
            Some(format!(
                "the search returned an illegal move {}; playing {} instead",
                write_move(root.variant(), m),
                write_move(root.variant(), first)
            )),
        ),
        None => (
            first,
            Some(format!(
                "the search returned no move; playing {}",
                write_move(root.variant(), first)
            )),
        ),
    };
    let candidate = result.ponder.or_else(|| match last_pv {
        [m, reply, ..] if *m == best => Some(*reply),
        _ => None,
    });
    let ponder = candidate.filter(|&p| {
        let mut after = *root;
        after.play(best).is_ok() && after.is_legal(p).is_ok()
    });
    Decision {
        answer: Answer::Move { best, ponder },
        note,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_notation::{sfen, usi::parse_move};

    fn mv(text: &str) -> Move {
        parse_move(VariantKind::Shogi, text).unwrap()
    }

    fn result(best: Option<Move>, ponder: Option<Move>, score: Score, depth: u32) -> SearchResult {
        SearchResult {
            best,
            ponder,
            score,
            depth,
            nodes: 100,
        }
    }

    #[test]
    fn info_lines() {
        let info = SearchInfo {
            depth: 5,
            seldepth: 9,
            multipv: 1,
            score: Score::Cp(-31),
            nodes: 12_345,
            time: Duration::from_millis(250),
            pv: vec![mv("7g7f"), mv("3c3d")],
            hashfull: 12,
        };
        assert_eq!(
            info_line(&info, VariantKind::Shogi),
            "info depth 5 seldepth 9 time 250 nodes 12345 nps 49380 hashfull 12 multipv 1 \
             score cp -31 pv 7g7f 3c3d"
        );
        let info = SearchInfo {
            score: Score::Mate(-4),
            pv: vec![],
            time: Duration::ZERO,
            ..info
        };
        assert_eq!(
            info_line(&info, VariantKind::Shogi),
            "info depth 5 seldepth 9 time 0 nodes 12345 nps 0 hashfull 12 multipv 1 \
             score mate -4"
        );
        assert_eq!(score_words(Score::Mate(3)), "mate 3");
        assert_eq!(score_words(Score::Mate(0)), "mate -0");
    }

    #[test]
    fn bestmove_lines() {
        let v = VariantKind::Shogi;
        let a = Answer::Move {
            best: mv("8h2b+"),
            ponder: Some(mv("3a2b")),
        };
        assert_eq!(bestmove_line(&a, v), "bestmove 8h2b+ ponder 3a2b");
        let a = Answer::Move {
            best: mv("P*5e"),
            ponder: None,
        };
        assert_eq!(bestmove_line(&a, v), "bestmove P*5e");
        assert_eq!(bestmove_line(&Answer::Resign, v), "bestmove resign");
        assert_eq!(bestmove_line(&Answer::Win, v), "bestmove win");
    }

    #[test]
    fn decisions() {
        let root = VariantKind::Shogi.startpos();
        // The search's move and ponder move.
        let d = decide(
            &root,
            &result(Some(mv("7g7f")), Some(mv("3c3d")), Score::Cp(10), 3),
            &[],
            false,
        );
        assert_eq!(
            d.answer,
            Answer::Move {
                best: mv("7g7f"),
                ponder: Some(mv("3c3d"))
            }
        );
        assert!(d.note.is_none());
        // The ponder move from the PV; an illegal one dropped.
        let d = decide(
            &root,
            &result(Some(mv("7g7f")), None, Score::Cp(10), 3),
            &[mv("7g7f"), mv("8c8d")],
            false,
        );
        assert_eq!(
            d.answer,
            Answer::Move {
                best: mv("7g7f"),
                ponder: Some(mv("8c8d"))
            }
        );
        let d = decide(
            &root,
            &result(Some(mv("7g7f")), Some(mv("2g2f")), Score::Cp(10), 3),
            &[],
            false,
        );
        assert_eq!(
            d.answer,
            Answer::Move {
                best: mv("7g7f"),
                ponder: None
            }
        );
        // No move or an illegal one: the first legal move, with a note.
        let d = decide(&root, &result(None, None, Score::Cp(0), 0), &[], false);
        assert!(matches!(d.answer, Answer::Move { .. }) && d.note.is_some());
        let d = decide(
            &root,
            &result(Some(mv("5e5d")), None, Score::Cp(0), 1),
            &[],
            false,
        );
        assert!(matches!(d.answer, Answer::Move { best, .. } if best != mv("5e5d")));
        // Mated: resign only when deep enough and not analysing.
        let mated = result(Some(mv("7g7f")), None, Score::Mate(-3), RESIGN_MIN_DEPTH);
        assert_eq!(decide(&root, &mated, &[], false).answer, Answer::Resign);
        assert!(matches!(
            decide(&root, &mated, &[], true).answer,
            Answer::Move { .. }
        ));
        let shallow = result(
            Some(mv("7g7f")),
            None,
            Score::Mate(-1),
            RESIGN_MIN_DEPTH - 1,
        );
        assert!(matches!(
            decide(&root, &shallow, &[], false).answer,
            Answer::Move { .. }
        ));
        let bad = result(Some(mv("7g7f")), None, Score::Cp(-5000), 20);
        assert!(matches!(
            decide(&root, &bad, &[], false).answer,
            Answer::Move { .. }
        ));
        // No legal move at all.
        let mated_pos =
            sfen::parse_position(VariantKind::Shogi, "4k4/4G4/4G4/9/9/9/9/9/4K4 w - 1").unwrap();
        assert_eq!(
            decide(&mated_pos, &result(None, None, Score::Cp(0), 0), &[], true).answer,
            Answer::Resign
        );
    }
}
