//! Criterion benchmarks: reading the shared corpus's KIF and CSA files.
// criterion_group! defines an undocumented public function.
#![allow(missing_docs)]

mod corpus;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use koma_notation::{csa, kif};

fn bench(c: &mut Criterion) {
    let kifs = corpus::texts("kif", &["kif", "kifu"]);
    let csas = corpus::texts("csa", &["csa"]);
    let mut group = c.benchmark_group("read-corpus");
    group.throughput(Throughput::Bytes(kifs.iter().map(|t| t.len() as u64).sum()));
    group.bench_function("kif", |b| {
        b.iter(|| kifs.iter().filter(|t| kif::parse(t).is_ok()).count())
    });
    group.throughput(Throughput::Bytes(csas.iter().map(|t| t.len() as u64).sum()));
    group.bench_function("csa", |b| {
        b.iter(|| csas.iter().filter(|t| csa::parse(t).is_ok()).count())
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
