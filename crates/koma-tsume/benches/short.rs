//! Criterion benchmarks of the short mate search (`mate_within`, what the Python package's
//! `Board.mate_move` calls): mate in one and in three on the shared mate problems whose
//! shortest mate is known, and on the middle-game positions of the shared openings (cshogi's
//! `mate_move(3)` is measured beside it on the same positions by
//! bindings/python/bench/compare.py).
// criterion_group! defines an undocumented public function.
#![allow(missing_docs)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use koma_rules::{Position, variants::Shogi};
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

fn bench(c: &mut Criterion) {
    for (name, positions) in [("problems", problems()), ("openings", openings())] {
        let mut group = c.benchmark_group(format!("mate-within-{name}"));
        group.throughput(Throughput::Elements(positions.len() as u64));
        for plies in [1, 3] {
            group.bench_function(format!("{plies}"), |b| {
                b.iter(|| {
                    positions
                        .iter()
                        .filter(|p| mate_within(p, plies).is_some())
                        .count()
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
