//! Chu shogi's move generator (`koma_rules::chu`) against lishogi's counts and against the
//! plain reference generator of `examples/chu_oracle.rs`.

use crate::chu_reference::chu_oracle::{Pos, START};
use koma_notation::chu::{parse, write};
use koma_rules::chu::ChuPosition;
use koma_rules::perft::perft;
use koma_testdata::Rng;

/// The table's lines: SFEN, depth, nodes (counted by shogiops with its helper fixed).
fn table() -> Vec<(String, u32, u64)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/chu-perft.tsv");
    let text = std::fs::read_to_string(path).expect("the Chu perft table");
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .skip(1)
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            (
                f[0].to_string(),
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn the_start_as_published() {
    let start = ChuPosition::startpos();
    assert_eq!(write(&start), START);
    for (depth, nodes) in [(1, 36), (2, 1_296), (3, 52_599)] {
        assert_eq!(perft(&start, depth), nodes, "depth {depth}");
    }
}

#[test]
fn shogiops_counts_of_own_positions_to_depth_three() {
    let lines = table();
    assert_eq!(lines.len(), 210, "70 positions at depths 1 to 3");
    for (sfen, depth, nodes) in lines {
        let pos = parse(&sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
        assert_eq!(write(&pos), sfen, "written back");
        assert_eq!(perft(&pos, depth), nodes, "{sfen} depth {depth}");
    }
}

/// Plays random games from the start and from the table's positions, comparing the legal
/// moves (as USI strings) and whether the game is over with the reference at every ply.
#[test]
fn every_move_agrees_with_the_reference_along_random_games() {
    let mut rng = Rng(0x0063_6875);
    let mut starts: Vec<String> = table().into_iter().map(|l| l.0).collect();
    starts.dedup();
    starts.push(START.to_string());
    let mut plies = 0;
    for (game, sfen) in starts.iter().enumerate() {
        let mut ours = parse(sfen).unwrap();
        let mut theirs = Pos::parse(sfen);
        for ply in 0..60 {
            let mut expected: Vec<(String, Pos)> = theirs.moves();
            let mut got: Vec<String> = ours.legal_moves().iter().map(|m| m.to_string()).collect();
            expected.sort_by(|a, b| a.0.cmp(&b.0));
            got.sort();
            let names: Vec<&str> = expected.iter().map(|e| e.0.as_str()).collect();
            assert_eq!(got, names, "game {game} ply {ply}: {}", write(&ours));
            assert_eq!(
                ours.outcome().is_some(),
                theirs.is_end(),
                "game {game} ply {ply}: {}",
                write(&ours)
            );
            if expected.is_empty() || theirs.is_end() {
                break;
            }
            let i = rng.below(expected.len());
            let m = ours
                .legal_moves()
                .into_iter()
                .find(|m| m.to_string() == expected[i].0)
                .unwrap();
            ours.play(m).unwrap();
            theirs = expected.swap_remove(i).1;
            plies += 1;
        }
    }
    assert!(plies > 2_000, "{plies} plies compared");
}

#[test]
fn the_capture_generator_gives_the_legal_moves_that_take() {
    let mut rng = Rng(0x6361_7074);
    let mut compared = 0;
    for sfen in table().into_iter().map(|l| l.0).chain([START.to_string()]) {
        let mut pos = parse(&sfen).unwrap();
        for _ in 0..80 {
            let legal = pos.legal_moves();
            let us = pos.side_to_move();
            let takes = |sq| pos.piece_at(sq).is_some_and(|p| p.color() != us);
            let mut expected: Vec<String> = legal
                .iter()
                .filter(|m| takes(m.to()) || m.mid().is_some_and(takes))
                .map(|m| m.to_string())
                .collect();
            let mut got = Vec::new();
            pos.generate_captures(&mut got);
            let mut got: Vec<String> = got.iter().map(|m| m.to_string()).collect();
            expected.sort();
            got.sort();
            assert_eq!(got, expected, "{}", write(&pos));
            compared += expected.len();
            if legal.is_empty() || pos.outcome().is_some() {
                break;
            }
            pos.play(legal[rng.below(legal.len())]).unwrap();
        }
    }
    assert!(compared > 1_000, "{compared} captures compared");
}
