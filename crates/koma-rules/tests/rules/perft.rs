//! Perft suites: `../shared/data/perft.tsv` (counts agreed by independent programs),
//! koma's own `tests/data/perft.tsv` and `tests/data/family-perft.tsv` (minishogi, Kyoto
//! and Dōbutsu positions from random games, counted by Fairy-Stockfish too), run by one
//! generic runner for every variant.

use koma_notation::sfen;
use koma_rules::VariantKind;
use std::path::PathBuf;

struct Case {
    source: String,
    variant: VariantKind,
    id: String,
    sfen: String,
    depth: u32,
    nodes: u64,
}

/// Variants of the shared table that koma does not play (yet); any other unknown name is
/// an error, so that a misspelt variant cannot hide its lines.
const NOT_PLAYED: &[&str] = &["chushogi"];

/// Reads a perft table: a header line naming the columns `variant`, `id`, `sfen`, `depth`
/// and `nodes` (others are ignored), then one case per line.
fn read_table(path: &PathBuf, only: VariantKind) -> Vec<Case> {
    let text =
        std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    let mut lines = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
    let header: Vec<&str> = lines.next().expect("a header line").split('\t').collect();
    let col = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .unwrap_or_else(|| panic!("no column {name}"))
    };
    let (v, i, s, d, n) = (
        col("variant"),
        col("id"),
        col("sfen"),
        col("depth"),
        col("nodes"),
    );
    let mut cases = Vec::new();
    for line in lines {
        let f: Vec<&str> = line.split('\t').collect();
        if NOT_PLAYED.contains(&f[v]) {
            continue;
        }
        let variant = VariantKind::from_name(f[v])
            .unwrap_or_else(|| panic!("{}: unknown variant {}", path.display(), f[v]));
        if variant != only {
            continue;
        }
        cases.push(Case {
            source: path.display().to_string(),
            variant,
            id: f[i].to_string(),
            sfen: f[s].to_string(),
            depth: f[d].parse().expect("depth"),
            nodes: f[n].parse().expect("nodes"),
        });
    }
    cases
}

fn tables(variant: VariantKind) -> Vec<Case> {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let shared = here.join("../../../shared/data/perft.tsv");
    let mut cases = read_table(&shared, variant);
    assert!(
        !cases.is_empty(),
        "no {} cases in {}",
        variant.name(),
        shared.display()
    );
    for own in ["tests/data/perft.tsv", "tests/data/family-perft.tsv"] {
        cases.extend(read_table(&here.join(own), variant));
    }
    cases
}

fn run(variant: VariantKind) {
    let mut failures = Vec::new();
    let cases = tables(variant);
    for case in &cases {
        let pos = sfen::parse_position(case.variant, &case.sfen)
            .unwrap_or_else(|e| panic!("{} {}: {e}", case.source, case.id));
        let got = pos.perft(case.depth);
        if got != case.nodes {
            failures.push(format!(
                "{} {} depth {}: expected {}, got {got}",
                case.source, case.id, case.depth, case.nodes
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} perft cases fail:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn shogi_perft_suite() {
    run(VariantKind::Shogi);
}

#[test]
fn tori_perft_suite() {
    run(VariantKind::Tori);
}

#[test]
fn minishogi_perft_suite() {
    run(VariantKind::Minishogi);
}

#[test]
fn kyoto_perft_suite() {
    run(VariantKind::Kyoto);
}

#[test]
fn dobutsu_perft_suite() {
    run(VariantKind::Dobutsu);
}
