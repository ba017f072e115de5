//! `bench`: a fixed set of positions searched to a fixed depth, one fresh single-threaded
//! [`Searcher`] each and no time limit, so the node count depends on the search code alone.
//! A change that should not alter the search (a refactoring, a speed-up) must leave the
//! total unchanged; nodes per second measure speed.
//!
//! ```
//! let mut lines = Vec::new();
//! let result = koma_engine::bench::run(1, &mut |l: &str| lines.push(l.to_string())).unwrap();
//! assert_eq!(lines.last().unwrap(), &format!("nodes {} nps {}", result.nodes, result.nps()));
//! ```

use crate::search::{Limits, Searcher};
use koma_notation::sfen;
use koma_notation::usi::write_move;
use koma_rules::{AnyPosition, VariantKind};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The depth searched when none is given.
pub const DEFAULT_DEPTH: u32 = 6;

/// The transposition table of each bench search, in MB.
pub const HASH_MB: usize = 16;

/// One bench position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchPosition {
    /// The variant.
    pub variant: VariantKind,
    /// The position.
    pub sfen: &'static str,
    /// Where it comes from.
    pub source: &'static str,
}

const fn shogi(sfen: &'static str, source: &'static str) -> BenchPosition {
    BenchPosition {
        variant: VariantKind::Shogi,
        sfen,
        source,
    }
}

const fn tori(sfen: &'static str, source: &'static str) -> BenchPosition {
    BenchPosition {
        variant: VariantKind::Tori,
        sfen,
        source,
    }
}

/// The positions: shogi openings, middlegames and endgames taken from the professional games
/// in `shared/corpus` at the ply named, a handicap start, and Tori Shogi positions.
pub const POSITIONS: &[BenchPosition] = &[
    shogi(
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "start",
    ),
    shogi(
        "lnsgk2nl/1r4g2/p1ppp1bsp/5ppp1/1p7/2P1P4/PPBP1PP1P/1S3S1R1/LN1GKG1NL b P 21",
        "kif/jt201409130101.kif ply 20",
    ),
    shogi(
        "lnsgk2nl/6gs1/p1ppppb1p/1r7/9/2P4R1/P2PPPP1P/1BG6/LNS1KGSNL b 3P2p 21",
        "kif/kiou201403160101.kif ply 20",
    ),
    shogi(
        "ln1gk2nl/1r4g2/pppsp1sp1/3p1pp1p/7P1/2P3PS1/PPSPPP2P/3K3R1/LN1G1G1NL b Bb 21",
        "kif/ryuou201409020101.kif ply 20",
    ),
    shogi(
        "l3b1knl/1r4g2/p1n2g1s1/2psp1ppp/1p1p1p3/2PPP1PS1/PPSG1PN1P/1KGB3R1/LN6L b P 51",
        "kif/jt201409130101.kif ply 50",
    ),
    shogi(
        "ln6l/2gsk1gs1/p1pppp2p/7R1/5nr2/1pP2S3/P2PPP2P/S1GK5/LN3+b1NL b B5Pg 51",
        "kif/kiou201403160101.kif ply 50",
    ),
    shogi(
        "l6nl/2gk1r3/1pn1p1gp1/p1p1ss2p/3p1p1P1/P1PPP4/1PSGBPS1P/1K1G2pR1/LN3b1NL b P 51",
        "kif/ryuou201409020101.kif ply 50",
    ),
    shogi(
        "kng4n1/ls1g3r1/pp1p1sbp1/2p1p1pP1/P4p2p/4P4/1PPPBPP2/LKS1G2R1/1NSG3NL w p 41",
        "kif/20081220kyoochi.kif ply 40 (lance handicap)",
    ),
    shogi(
        "l6+Pl/1r3kg2/p1n2gnp1/2pspbp1p/5p3/1PPSP1P2/P2G2+s1P/1KG6/LN5RL b BS3Pnp 81",
        "kif/jt201409130101.kif ply 80",
    ),
    shogi(
        "l7l/1S5g1/p+Sppp+BP1p/1k3N3/9/1pP6/P1KP1P2P/S3g4/LN+bs3NL w GN4P2rg2p 86",
        "kif/kiou201403160101.kif ply 110",
    ),
    shogi(
        "l6+Rl/2k6/4p1+P2/p7p/1R2bg3/P1P1s4/1PG5P/1K1+p1S3/LN1G1b1NL b N6Pg2sn3p 111",
        "kif/ryuou201409020101.kif ply 110",
    ),
    shogi(
        "1n2r3l/2k4+L1/1p1pngN2/1lp1p2Pp/BS1P1p3/P1PBPP+R2/1P2S3P/L1K1G4/3G4+p b G3P2sn 101",
        "csa/2005_GPS_K-SHOGI.csa ply 100",
    ),
    shogi(
        "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "two-piece handicap start",
    ),
    tori(
        "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR b - 1",
        "Tori start",
    ),
    tori(
        "rp1kcp1/2c3l/sssssf1/2SSSSs/sS1SS1S/1CSKCFR/LP3P1 b - 25",
        "Tori, 24 plies of a scripted game",
    ),
    tori(
        "rp2kps/2c1f1l/s1sSSSs/scsKS2/SCSF2S/1s1C2R/LP3P1 b Ss 51",
        "Tori, 50 plies of a scripted game",
    ),
];

/// What a bench run counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchResult {
    /// Nodes over all positions.
    pub nodes: u64,
    /// Time over all searches.
    pub time: Duration,
}

impl BenchResult {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        crate::usi::answer::nps(self.nodes, self.time)
    }
}

/// A bench position that cannot be read (a bug in [`POSITIONS`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bench position {index}: {message}")]
pub struct BenchError {
    /// 1-based index into [`POSITIONS`].
    pub index: usize,
    /// What is wrong.
    pub message: String,
}

/// The positions, read.
pub fn positions() -> Result<Vec<AnyPosition>, BenchError> {
    POSITIONS
        .iter()
        .enumerate()
        .map(|(i, p)| {
            sfen::parse_position(p.variant, p.sfen).map_err(|e| BenchError {
                index: i + 1,
                message: e.to_string(),
            })
        })
        .collect()
}

/// Searches every position to `depth`, calling `line` with one line per position
/// (`position i/n <variant> nodes N bestmove M`), then `time T ms` and last the total
/// `nodes N nps M`.
pub fn run(depth: u32, line: &mut dyn FnMut(&str)) -> Result<BenchResult, BenchError> {
    let positions = positions()?;
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let mut total = BenchResult {
        nodes: 0,
        time: Duration::ZERO,
    };
    for (i, pos) in positions.iter().enumerate() {
        let mut searcher = Searcher::new(HASH_MB);
        let started = Instant::now();
        let mut report = |_: &crate::search::SearchInfo| {};
        let result = koma_rules::on_position!(pos, p => searcher.search(p, &[], &limits, &stop, &mut report));
        total.time += started.elapsed();
        total.nodes += result.nodes;
        let best = result
            .best
            .map(|m| write_move(pos.variant(), m))
            .unwrap_or_else(|| "none".to_string());
        line(&format!(
            "position {}/{} {} nodes {} bestmove {}",
            i + 1,
            positions.len(),
            pos.variant().name(),
            result.nodes,
            best
        ));
    }
    line(&format!("time {} ms", total.time.as_millis()));
    line(&format!("nodes {} nps {}", total.nodes, total.nps()));
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_position_is_legal_and_has_moves() {
        let positions = positions().unwrap();
        assert!(positions.len() >= 12);
        assert!(
            positions
                .iter()
                .filter(|p| p.variant() == VariantKind::Tori)
                .count()
                >= 2
        );
        for (p, bp) in positions.iter().zip(POSITIONS) {
            assert!(!p.legal_moves().is_empty(), "{}", bp.sfen);
            assert_eq!(sfen::write_any(p), bp.sfen, "canonical SFEN");
        }
    }

    #[test]
    fn node_counts_repeat() {
        let mut a = Vec::new();
        let mut b = Vec::new();
        let ra = run(2, &mut |l: &str| a.push(l.to_string())).unwrap();
        let rb = run(2, &mut |l: &str| b.push(l.to_string())).unwrap();
        assert_eq!(ra.nodes, rb.nodes);
        let per_position = |v: &[String]| v[..POSITIONS.len()].to_vec();
        assert_eq!(per_position(&a), per_position(&b));
        assert_eq!(a.len(), POSITIONS.len() + 2);
    }
}
