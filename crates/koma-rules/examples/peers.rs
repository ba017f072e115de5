//! Perft speed of koma beside the fastest Rust shogi crates, measured in one run.
//!
//! `cargo run --release -p koma-rules --example peers -- [DEPTH] [SFEN]`
//! (add `RUSTFLAGS="-C target-cpu=native"` for the native build). Each library runs its
//! fastest perft: koma and haitaka bulk-count the last ply, rsshogi uses its built-in perft.

use koma_rules::{Position, perft::perft, variants::Shogi};
use std::time::Instant;

#[path = "../benches/peers/mod.rs"]
mod peers;
use peers::haitaka_perft;

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

fn time(name: &str, f: impl FnOnce() -> u64) -> f64 {
    let start = Instant::now();
    let nodes = f();
    let secs = start.elapsed().as_secs_f64();
    let nps = nodes as f64 / secs / 1e6;
    println!("{name:8} {nodes:>12} nodes {secs:>8.3} s {nps:>8.1} M nodes/s");
    nps
}

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(6);
    let sfen = args.next().unwrap_or_else(|| START.to_string());
    println!("perft {depth} of {sfen}");
    let koma_pos: Position<Shogi> =
        koma_notation::sfen::parse(&sfen).expect("koma parses the SFEN");
    let rs_pos = rsshogi::board::position_from_sfen(&sfen).expect("rsshogi parses the SFEN");
    let hai = haitaka::Board::from_sfen(&sfen).expect("haitaka parses the SFEN");
    let koma = time("koma", || perft(&koma_pos, depth));
    let rs = time("rsshogi", || {
        rsshogi::board::perft::perft(&rs_pos, depth as u8)
            .expect("perft")
            .nodes
    });
    let ha = time("haitaka", || haitaka_perft(&hai, depth));
    println!(
        "koma / rsshogi = {:.2}, koma / haitaka = {:.2}",
        koma / rs,
        koma / ha
    );
}
