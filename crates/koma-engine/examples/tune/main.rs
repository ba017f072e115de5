//! Texel tuning of an evaluation's numbers on game records: shogi's or Chu's.
//!
//! `cargo run --release -p koma-engine --example tune -- [--variant chushogi] DIR...
//! [--passes N]` reads every record in the directories (shogi's `.csa`, Chu's `.kif`, as
//! `koma match --out` writes them; games with a result), keeps the quiet positions (side
//! to move not in check, no capture that wins material by static exchange, from the 16th
//! ply on) with the game's result, fits the scale `k` of
//! `result ~ 1 / (1 + 10^(-k * eval / 400))`, then changes one number at a time by a step
//! while the mean squared error falls. It prints the tuned numbers as Rust to paste into
//! the evaluation (`src/eval/tables.rs`, `src/chu/eval.rs`). The records are test data:
//! keep them out of the tree.

mod chu;
mod shogi;

use koma_engine::search::Searched;
use koma_rules::{Color, MoveKind, Position};
use std::path::Path;

/// A quiet position and the game's result for sente (1, 0.5 or 0).
struct Sample<P> {
    pos: P,
    result: f64,
}

/// One number the tuner may change: where it is, and by how much a step.
#[derive(Clone, Copy)]
struct Slot {
    /// Which table, for the game's own `slot`.
    table: usize,
    /// The index in it (a role, a distance...).
    index: usize,
    /// The second index, where the table has two.
    inner: usize,
    /// A step's size.
    step: i32,
}

/// What tuning needs of a game: its records, its evaluation with given numbers, and those
/// numbers one by one.
trait Tuned: Searched {
    /// The evaluation's numbers.
    type Params: Clone;
    /// The records' file extension.
    const EXTENSION: &'static str;
    /// The numbers the engine plays with.
    fn playing() -> Self::Params;
    /// The record at `path`: its start, its moves and the result for sente.
    fn read(path: &Path) -> Option<(Position<Self>, Vec<Self::Move>, f64)>;
    /// The score of `pos` for the side to move with `params`.
    fn evaluate(pos: &Position<Self>, params: &Self::Params) -> i32;
    /// The numbers tuned.
    fn slots() -> Vec<Slot>;
    /// The number `slot` names in `params`.
    fn slot(params: &mut Self::Params, slot: Slot) -> &mut i32;
    /// Prints `params` as the evaluation's source writes them.
    fn print(params: &Self::Params);
}

fn main() {
    let mut dirs = Vec::new();
    let mut passes = 4;
    let mut chu = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--passes" => passes = args.next().and_then(|n| n.parse().ok()).unwrap_or(passes),
            "--variant" => chu = args.next().is_some_and(|v| v.starts_with("chu")),
            _ => dirs.push(a),
        }
    }
    if chu {
        tune::<koma_rules::chu::Chu>(&dirs, passes);
    } else {
        tune::<koma_rules::variants::Shogi>(&dirs, passes);
    }
}

/// Loads the samples of `dirs`, fits `k`, tunes, prints.
fn tune<G: Tuned>(dirs: &[String], passes: usize) {
    let samples = load::<G>(dirs);
    eprintln!("{} quiet positions", samples.len());
    if samples.is_empty() {
        eprintln!(
            "usage: tune [--variant chushogi] DIR... [--passes N] (directories of .{} records)",
            G::EXTENSION
        );
        std::process::exit(2);
    }
    let mut params = G::playing();
    let k = fit_k::<G>(&samples, &params);
    let mut best = error::<G>(&samples, &params, k);
    eprintln!("k = {k:.3}, error {best:.6}");
    let slots = G::slots();
    for pass in 1..=passes {
        let mut improved = 0;
        for &slot in &slots {
            for delta in [slot.step, -slot.step] {
                let mut trial = params.clone();
                *G::slot(&mut trial, slot) += delta;
                let e = error::<G>(&samples, &trial, k);
                if e < best {
                    best = e;
                    params = trial;
                    improved += 1;
                    break;
                }
            }
        }
        eprintln!("pass {pass}: {improved} numbers changed, error {best:.6}");
        if improved == 0 {
            break;
        }
    }
    G::print(&params);
}

fn load<G: Tuned>(dirs: &[String]) -> Vec<Sample<Position<G>>> {
    let mut samples = Vec::new();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(dir) else {
            eprintln!("{dir}: cannot read");
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == G::EXTENSION) {
                if let Some((start, moves, result)) = G::read(&path) {
                    add_game::<G>(start, &moves, result, &mut samples);
                }
            }
        }
    }
    samples
}

/// The quiet positions of a game, from its 16th ply on.
fn add_game<G: Tuned>(
    mut pos: Position<G>,
    moves: &[G::Move],
    result: f64,
    samples: &mut Vec<Sample<Position<G>>>,
) {
    for (ply, &m) in moves.iter().enumerate() {
        if ply >= 16 && quiet::<G>(&pos) {
            samples.push(Sample { pos, result });
        }
        if G::is_legal(&pos, m).is_err() {
            break;
        }
        G::play(&mut pos, m);
    }
}

/// Not in check, and no capture wins material by static exchange.
fn quiet<G: Tuned>(pos: &Position<G>) -> bool {
    let mut captures = G::List::default();
    G::generate(pos, MoveKind::Captures, &mut captures);
    !G::in_check(pos) && captures.iter().all(|&m| G::see(pos, m) <= 0)
}

/// The evaluation from sente's point of view.
fn sente_eval<G: Tuned>(pos: &Position<G>, params: &G::Params) -> f64 {
    let e = f64::from(G::evaluate(pos, params));
    if pos.side_to_move() == Color::Black {
        e
    } else {
        -e
    }
}

fn error<G: Tuned>(samples: &[Sample<Position<G>>], params: &G::Params, k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = 1.0 / (1.0 + 10f64.powf(-k * sente_eval::<G>(&s.pos, params) / 400.0));
            (s.result - p).powi(2)
        })
        .sum();
    total / samples.len() as f64
}

/// The scale that fits the current numbers best (golden-section search on 0.01..3).
fn fit_k<G: Tuned>(samples: &[Sample<Position<G>>], params: &G::Params) -> f64 {
    let (mut lo, mut hi) = (0.01f64, 3.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..30 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if error::<G>(samples, params, a) < error::<G>(samples, params, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}
