//! Solves one mate problem given as an SFEN and prints the search figures.
//!
//! `cargo run --release -p koma-tsume --example solve -- "SFEN" [--time SECONDS]
//! [--hash MB] [--first]` (`--first` stops at the first proof, skipping the
//! shortest-mate refinement). The last line is `mate N <usi moves>`, `nomate` or `timeout`.

use koma_rules::Position;
use koma_rules::variants::Shogi;
use koma_tsume::{Limits, Outcome, line, solve};
use std::time::Duration;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut limits = Limits::default();
    let mut sfen = None;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--time" => {
                i += 1;
                let secs: f64 = args.get(i).and_then(|s| s.parse().ok()).unwrap_or(60.0);
                limits.time = Some(Duration::from_secs_f64(secs));
            }
            "--hash" => {
                i += 1;
                limits.hash_mb = args.get(i).and_then(|s| s.parse().ok()).unwrap_or(256);
            }
            "--first" => limits.shortest = false,
            other => sfen = Some(other.to_string()),
        }
        i += 1;
    }
    let Some(sfen) = sfen else {
        eprintln!("usage: solve SFEN [--time SECONDS] [--hash MB] [--first]");
        std::process::exit(2);
    };
    let pos: Position<Shogi> = match koma_tsume::parse_problem(&sfen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("solve: {e}");
            std::process::exit(2);
        }
    };
    let report = solve(&pos, &limits);
    let secs = report.elapsed.as_secs_f64();
    println!("nodes {}", report.nodes);
    println!("time {secs:.3}s");
    println!("nps {:.0}", report.nodes as f64 / secs.max(1e-9));
    if let Some((t, n)) = report.first_proof {
        println!("first proof {:.3}s {} nodes", t.as_secs_f64(), n);
    }
    println!("hashfull {} gc {}", report.hashfull, report.collections);
    match &report.outcome {
        Outcome::Mate(moves) => {
            println!("shortest {}", report.shortest);
            println!("japanese {}", line::japanese(&pos, moves));
            println!("mate {} {}", moves.len(), line::usi(moves));
        }
        Outcome::NoMate(why) => {
            println!("reason {why:?}");
            println!("nomate");
        }
        Outcome::Unknown(why) => {
            println!("reason {why:?}");
            println!("timeout");
        }
    }
}
