//! Records per second and MB per second reading the shared corpus's KIF and CSA files
//! (decoded text in memory), for comparison with other readers in one run:
//! `cargo run --release -p koma-notation --example read_speed -- [ROUNDS] [kif|csa]`.

#[path = "../benches/corpus/mod.rs"]
mod corpus;

use koma_notation::{csa, kif};
use std::time::Instant;

fn measure(name: &str, texts: &[String], rounds: usize, read: impl Fn(&str) -> bool) {
    let bytes: usize = texts.iter().map(String::len).sum();
    let start = Instant::now();
    let mut ok = 0;
    for _ in 0..rounds {
        for t in texts {
            ok += usize::from(read(t));
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let records = (texts.len() * rounds) as f64;
    println!(
        "koma {name}: {} files, {ok} reads, {:.0} records/s, {:.1} MB/s",
        texts.len(),
        records / secs,
        (bytes * rounds) as f64 / secs / 1e6
    );
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|r| r.parse().ok())
        .unwrap_or(200);
    let only = std::env::args().nth(2);
    let wanted = |format: &str| only.as_deref().is_none_or(|o| o == format);
    if wanted("kif") {
        let kifs = corpus::texts("kif", &["kif", "kifu"]);
        measure("KIF", &kifs, rounds, |t| kif::parse(t).is_ok());
    }
    if wanted("csa") {
        let csas = corpus::texts("csa", &["csa"]);
        measure("CSA", &csas, rounds, |t| csa::parse(t).is_ok());
    }
}
