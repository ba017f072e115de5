//! Searches one position and prints the iterations:
//! `cargo run --release -p koma-engine --example think -- [DEPTH] [SFEN]`.

use koma_engine::{Limits, Searcher};
use koma_notation::{sfen, usi};
use koma_rules::VariantKind;
use koma_rules::variants::Shogi;
use std::sync::atomic::AtomicBool;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth = args.first().and_then(|d| d.parse().ok()).unwrap_or(8);
    let text = args.get(1..).map(|a| a.join(" ")).filter(|t| !t.is_empty());
    let text = text.unwrap_or_else(|| {
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1".into()
    });
    let pos = sfen::parse::<Shogi>(&text).expect("an SFEN");
    let mut searcher = Searcher::new(64);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let result = searcher.search(&pos, &[], &limits, &stop, &mut |info| {
        let pv: Vec<String> = info
            .pv
            .iter()
            .map(|&m| usi::write_move(VariantKind::Shogi, m))
            .collect();
        let nps = info.nodes as f64 / info.time.as_secs_f64().max(1e-6);
        println!(
            "depth {} seldepth {} score {:?} nodes {} nps {:.0} time {} pv {}",
            info.depth,
            info.seldepth,
            info.score,
            info.nodes,
            nps,
            info.time.as_millis(),
            pv.join(" ")
        );
    });
    println!(
        "best {:?} nodes {}",
        result.best.map(|m| usi::write_move(VariantKind::Shogi, m)),
        result.nodes
    );
}
