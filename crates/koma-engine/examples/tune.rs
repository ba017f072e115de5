//! Texel tuning of the evaluation's numbers on game records.
//!
//! `cargo run --release -p koma-engine --example tune -- DIR... [--passes N]` reads every
//! `.csa` record in the directories (shogi games with a result, e.g. the output of
//! `koma match`), keeps the quiet positions (side to move not in check, no capture that
//! wins material by static exchange, from the 16th ply on) with the game's result, fits
//! the scale `k` of `result ~ 1 / (1 + 10^(-k * eval / 400))`, then changes one number at
//! a time by a step while the mean squared error falls. It prints the tuned tables as Rust
//! to paste into `src/eval/tables.rs`. The records are test data: keep them out of the tree.

use koma_engine::eval::{PARAMS, Params, evaluate_with};
use koma_engine::search::see::see;
use koma_game::replay::replay;
use koma_notation::formats::{Format, read};
use koma_notation::record::Entry;
use koma_rules::variants::Shogi;
use koma_rules::{Color, MoveKind, Position, Role, VariantKind};
use std::path::Path;

/// A quiet position and the game's result for sente (1, 0.5 or 0).
struct Sample {
    pos: Position<Shogi>,
    result: f64,
}

fn main() {
    let mut dirs = Vec::new();
    let mut passes = 4;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--passes" {
            passes = args.next().and_then(|n| n.parse().ok()).unwrap_or(passes);
        } else {
            dirs.push(a);
        }
    }
    let samples = load(&dirs);
    eprintln!("{} quiet positions", samples.len());
    if samples.is_empty() {
        eprintln!("usage: tune DIR... [--passes N] (directories of .csa records)");
        std::process::exit(2);
    }
    let mut params = PARAMS.clone();
    let k = fit_k(&samples, &params);
    let mut best = error(&samples, &params, k);
    eprintln!("k = {k:.3}, error {best:.6}");
    for pass in 1..=passes {
        let mut improved = 0;
        for index in 0..count(&params) {
            let step = step_of(&params, index);
            for delta in [step, -step] {
                let mut trial = params.clone();
                *slot(&mut trial, index) += delta;
                let e = error(&samples, &trial, k);
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
    print_params(&params);
}

fn load(dirs: &[String]) -> Vec<Sample> {
    let mut samples = Vec::new();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(dir) else {
            eprintln!("{dir}: cannot read");
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "csa") {
                load_game(&path, &mut samples);
            }
        }
    }
    samples
}

fn load_game(path: &Path, samples: &mut Vec<Sample>) {
    let Ok(bytes) = std::fs::read(path) else {
        return;
    };
    let Ok(record) = read(&bytes, Format::Csa, VariantKind::Shogi).map(|r| r.record) else {
        return;
    };
    let Some(outcome) = replay(&record, None).ok().and_then(|r| r.outcome) else {
        return;
    };
    let result = match outcome.winner {
        Some(Color::Black) => 1.0,
        Some(Color::White) => 0.0,
        None => 0.5,
    };
    let Ok(mut pos) = Position::<Shogi>::from_setup(&record.start.setup(VariantKind::Shogi)) else {
        return;
    };
    let moves =
        record
            .tree
            .main_line()
            .into_iter()
            .filter_map(|id| match record.tree.node(id).entry {
                Some(Entry::Move(m)) => Some(m),
                _ => None,
            });
    for (ply, m) in moves.enumerate() {
        if ply >= 16 && quiet(&pos) {
            samples.push(Sample { pos, result });
        }
        if pos.play(m).is_err() {
            break;
        }
    }
}

/// Not in check, and no capture wins material by static exchange.
fn quiet(pos: &Position<Shogi>) -> bool {
    !pos.in_check()
        && pos
            .moves(MoveKind::Captures)
            .iter()
            .all(|&m| see(pos, m) <= 0)
}

/// The evaluation from sente's point of view.
fn sente_eval(pos: &Position<Shogi>, params: &Params) -> f64 {
    let e = f64::from(evaluate_with(pos, params));
    if pos.side_to_move() == Color::Black {
        e
    } else {
        -e
    }
}

fn error(samples: &[Sample], params: &Params, k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = 1.0 / (1.0 + 10f64.powf(-k * sente_eval(&s.pos, params) / 400.0));
            (s.result - p).powi(2)
        })
        .sum();
    total / samples.len() as f64
}

/// The scale that fits the current numbers best (golden-section search on 0.01..3).
fn fit_k(samples: &[Sample], params: &Params) -> f64 {
    let (mut lo, mut hi) = (0.01f64, 3.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..30 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if error(samples, params, a) < error(samples, params, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// The tunable numbers (those not zero in `params`), in order: piece values, hand values, defence and attack bonuses
/// (distances 1 to 3), the danger units, the danger scale.
fn tunable(params: &Params) -> Vec<(usize, usize, usize)> {
    let mut list = Vec::new();
    for r in 0..Role::COUNT {
        if params.piece[r] != 0 {
            list.push((0, r, 0));
        }
        if params.hand[r] != 0 {
            list.push((1, r, 0));
        }
        for d in 1..4 {
            if params.defence[r][1] != 0 {
                list.push((2, r, d));
            }
            if params.attack[r][1] != 0 {
                list.push((3, r, d));
            }
        }
    }
    for u in 0..3 {
        list.push((4, u, 0));
    }
    list.push((5, 0, 0));
    list
}

fn count(_params: &Params) -> usize {
    tunable(&PARAMS).len()
}

fn slot(params: &mut Params, index: usize) -> &mut i32 {
    let (table, a, b) = tunable(&PARAMS)[index];
    match table {
        0 => &mut params.piece[a],
        1 => &mut params.hand[a],
        2 => &mut params.defence[a][b],
        3 => &mut params.attack[a][b],
        4 => &mut params.units[a],
        _ => &mut params.danger_square,
    }
}

fn step_of(_params: &Params, index: usize) -> i32 {
    match tunable(&PARAMS)[index].0 {
        0 | 1 => 10,
        2 | 3 => 5,
        _ => 1,
    }
}

fn print_params(p: &Params) {
    let roles: Vec<Role> = (0..Role::COUNT)
        .filter_map(|i| Role::ALL.iter().copied().find(|r| r.index() == i))
        .collect();
    println!("// Tuned by examples/tune.rs.");
    for (name, table) in [("PIECE_VALUE", &p.piece), ("HAND_VALUE", &p.hand)] {
        println!("{name}:");
        for &r in &roles {
            if table[r.index()] != 0 {
                println!("    (Role::{r:?}, {}),", table[r.index()]);
            }
        }
    }
    for (name, table) in [("DEFENCE", &p.defence), ("ATTACK", &p.attack)] {
        println!("{name}:");
        for &r in &roles {
            let t = table[r.index()];
            if t[1..4].iter().any(|&v| v != 0) {
                println!("    (Role::{r:?}, [0, {}, {}, {}]),", t[1], t[2], t[3]);
            }
        }
    }
    println!("units: {:?}", p.units);
    println!("danger_square: {}", p.danger_square);
}
