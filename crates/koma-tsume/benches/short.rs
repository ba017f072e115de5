//! Criterion benchmarks of the short mate search (`mate_within`, what the Python package's
//! `Board.mate_move` calls): mate in one and in three on the shared mate problems whose
//! shortest mate is known, and on the middle-game positions of the shared openings (cshogi's
//! `mate_move(3)` is measured beside it on the same positions by
//! bindings/python/bench/compare.py). Two parts of the middle-game run apart, where its time
//! goes: the positions with no check at all (half of them; the search ends after listing
//! none), and the mate in one asked at a mate in three's leaves (each check, then the king's
//! first legal step out of it).
// criterion_group! defines an undocumented public function.
#![allow(missing_docs)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use koma_rules::{MoveKind, Position, variants::Shogi};
use koma_tsume::short::mate_within;

fn problems() -> Vec<Position<Shogi>> {
    koma_testdata::tsume_rows()
        .iter()
        .filter(|row| row.min_length())
        .map(|row| koma_tsume::parse_problem(&row.sfen).expect("shared problem"))
        .collect()
}

fn openings() -> Vec<Position<Shogi>> {
    let path = koma_testdata::shared_dir().join("data/openings-positions.sfen");
    let text = std::fs::read_to_string(&path).expect("shared openings");
    text.lines()
        .filter_map(|line| line.strip_prefix("sfen "))
        .map(|sfen| koma_tsume::parse_problem(sfen).expect("shared opening"))
        .collect()
}

/// After each check of `roots`, the king's first legal step out of it: positions of the kind
/// a mate in three asks a mate in one of (its own step is the one its verdict saw escape,
/// not always this first one).
fn leaves(roots: &[Position<Shogi>]) -> Vec<Position<Shogi>> {
    let mut leaves = Vec::new();
    for root in roots {
        for &check in root.moves(MoveKind::Checks).iter() {
            let after = root.after(check);
            let Some(king) = after.king(after.side_to_move()) else {
                continue;
            };
            let moves = after.legal_moves();
            if let Some(&step) = moves.iter().find(|m| m.from() == Some(king)) {
                leaves.push(after.after(step));
            }
        }
    }
    leaves
}

/// How many of `positions` have a mate within `plies`: the work each benchmark times.
fn mates(positions: &[Position<Shogi>], plies: u32) -> usize {
    positions
        .iter()
        .filter(|p| mate_within(p, plies).is_some())
        .count()
}

fn bench(c: &mut Criterion) {
    let openings = openings();
    let no_check: Vec<_> = openings
        .iter()
        .filter(|p| p.moves(MoveKind::Checks).is_empty())
        .copied()
        .collect();
    let leaves = leaves(&openings);
    let mut group = c.benchmark_group("mate-within-openings-parts");
    for (name, positions, plies) in [("no-check-3", &no_check, 3), ("leaves-1", &leaves, 1)] {
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function(name, |b| b.iter(|| mates(positions, plies)));
    }
    group.finish();
    for (name, positions) in [("problems", problems()), ("openings", openings)] {
        let mut group = c.benchmark_group(format!("mate-within-{name}"));
        group.throughput(Throughput::Elements(positions.len() as u64));
        for plies in [1, 3] {
            group.bench_function(format!("{plies}"), |b| b.iter(|| mates(&positions, plies)));
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
