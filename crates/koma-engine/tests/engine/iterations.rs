//! Iterative deepening: a search stopped in the middle of an iteration answers with the
//! better move that iteration already found, not only with the last completed one's.

use koma_engine::bench::POSITIONS;
use koma_engine::{Limits, Searcher};
use koma_notation::sfen;
use koma_rules::variants::Shogi;
use koma_rules::{Move, MoveKind, Position, VariantKind};
use std::sync::atomic::AtomicBool;

/// The node limit's granularity: the search looks at its limits every 1024 nodes.
const STEP: u64 = 1024;

/// A fresh one-thread search of `pos`, to `depth` or until `nodes`.
fn search(
    pos: &Position<Shogi>,
    depth: u32,
    nodes: Option<u64>,
) -> (koma_engine::SearchResult, Vec<(u32, Move, u64)>) {
    let mut searcher = Searcher::new(16);
    let limits = Limits {
        depth: Some(depth),
        nodes,
        ..Limits::default()
    };
    let mut iterations = Vec::new();
    let result = searcher.search(pos, &[], &limits, &AtomicBool::new(false), &mut |info| {
        iterations.push((info.depth, info.pv[0], info.nodes));
    });
    (result, iterations)
}

#[test]
fn a_stopped_iteration_answers_the_better_move_it_found() {
    let mut shown = 0;
    for p in POSITIONS.iter().filter(|p| p.variant == VariantKind::Shogi) {
        let pos: Position<Shogi> = sfen::parse(p.sfen).expect("a bench position");
        let legal = pos.moves(MoveKind::Legal);
        let (_, iterations) = search(&pos, 7, None);
        for pair in iterations.windows(2) {
            let [(_, before, from), (depth, after, to)] = [pair[0], pair[1]];
            if before == after {
                continue;
            }
            // Stopped after iteration depth-1 and before iteration `depth` completes: the
            // answer is the old move, or a move of the unfinished iteration reported as
            // coming from it; the new best is answered early at some limit.
            let step = ((to - from) / 12).max(STEP) / STEP * STEP;
            let mut limit = (from / STEP + 1) * STEP;
            while limit < to {
                let (result, _) = search(&pos, 7, Some(limit));
                let best = result.best.expect("a move");
                assert!(legal.contains(&best), "{}: {best:?} illegal", p.source);
                if best != before {
                    assert_eq!(result.depth, depth, "{} at {limit} nodes", p.source);
                }
                if best == after && result.depth == depth {
                    shown += 1;
                }
                limit += step;
            }
        }
    }
    assert!(
        shown > 0,
        "no stopped iteration answered the move it had found"
    );
}
