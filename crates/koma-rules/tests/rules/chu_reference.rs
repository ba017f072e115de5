//! The Chu shogi reference generator (the `chu_oracle` example) against lishogi's counts:
//! the published start-position perft and the own lines of `tests/data/chu-perft.tsv`,
//! which shogiops counted. It is the oracle the real Chu generator (issue 33) will be
//! compared with, so it is kept right here. Depth-3 lines of the table (33M nodes through a
//! slow mailbox) are left to `cargo run --release -p koma-rules --example chu_oracle`.

#[allow(dead_code)]
#[path = "../../examples/chu_oracle.rs"]
pub mod chu_oracle;

use chu_oracle::{Pos, START, perft};

#[test]
fn the_start_as_published() {
    let start = Pos::parse(START);
    for (depth, nodes) in [(1, 36), (2, 1_296), (3, 52_599)] {
        assert_eq!(perft(&start, depth, false), nodes, "depth {depth}");
    }
}

#[test]
fn shogiops_counts_of_own_positions() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/chu-perft.tsv");
    let text = std::fs::read_to_string(path).expect("the Chu perft table");
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')).skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let (sfen, depth, nodes): (&str, u32, u64) =
            (f[0], f[1].parse().unwrap(), f[2].parse().unwrap());
        if depth > 2 {
            continue;
        }
        assert_eq!(
            perft(&Pos::parse(sfen), depth, false),
            nodes,
            "{sfen} depth {depth}"
        );
        checked += 1;
    }
    assert_eq!(checked, 140, "70 positions at depths 1 and 2");
}
