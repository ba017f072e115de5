//! Criterion benchmarks of perft: koma beside rsshogi and haitaka on the same positions.
// criterion_group! defines an undocumented public function.
#![allow(missing_docs)]

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use koma_rules::{Position, perft::perft, variants::Shogi, variants::Tori};

mod peers;
use peers::haitaka_perft;

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1";
const TORI: &str = "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR b - 1";

fn bench(c: &mut Criterion) {
    for (name, sfen, depth, nodes) in [
        ("startpos", START, 4u32, 719_731u64),
        ("matsuri", MATSURI, 3, 4_809_015),
    ] {
        let mut group = c.benchmark_group(format!("perft-{name}-{depth}"));
        group.sample_size(10);
        group.throughput(Throughput::Elements(nodes));
        let koma: Position<Shogi> = koma_notation::sfen::parse(sfen).expect("sfen");
        group.bench_function(BenchmarkId::new("koma", depth), |b| {
            b.iter(|| assert_eq!(perft(&koma, depth), nodes))
        });
        let rs = rsshogi::board::position_from_sfen(sfen).expect("sfen");
        group.bench_function(BenchmarkId::new("rsshogi", depth), |b| {
            b.iter(|| {
                assert_eq!(
                    rsshogi::board::perft::perft(&rs, depth as u8)
                        .expect("perft")
                        .nodes,
                    nodes
                )
            })
        });
        let hai = haitaka::Board::from_sfen(sfen).expect("sfen");
        group.bench_function(BenchmarkId::new("haitaka", depth), |b| {
            b.iter(|| assert_eq!(haitaka_perft(&hai, depth), nodes))
        });
        group.finish();
    }
    let mut group = c.benchmark_group("perft-tori-5");
    group.sample_size(10);
    group.throughput(Throughput::Elements(2_179_749));
    let tori: Position<Tori> = koma_notation::sfen::parse(TORI).expect("sfen");
    group.bench_function("koma", |b| {
        b.iter(|| assert_eq!(perft(&tori, 5), 2_179_749))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
