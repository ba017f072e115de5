//! `koma gensfen` and `koma train`: the learned evaluation's pipeline. `gensfen` has the
//! engine play itself and writes training positions (YaneuraOu's PackedSfenValue);
//! `train` fits a network to them and writes it quantised, ready for `EvalFile`.

use anyhow::{Context, bail};
use clap::Args;
use koma_engine::gensfen::{GenConfig, GenStats, generate};
use koma_game::matches::read_openings;
use koma_nnue::network::{EMBEDDED, Network};
use koma_rules::VariantKind;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The arguments of `koma gensfen`.
#[derive(Args)]
pub struct GensfenArgs {
    /// The file to append the 40-byte records to.
    #[arg(long)]
    out: PathBuf,
    /// Openings, one a line (`startpos moves ...` or SFEN), e.g. ../shared/data/openings.sfen.
    #[arg(long)]
    openings: PathBuf,
    /// Stop after this many positions.
    #[arg(long, default_value_t = 1_000_000)]
    positions: u64,
    /// Stop after this many seconds, if sooner.
    #[arg(long)]
    seconds: Option<u64>,
    /// Threads, each playing its own games (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// The node budget of each move's search.
    #[arg(long, default_value_t = 8_000)]
    nodes: u64,
    /// A depth limit of each search.
    #[arg(long)]
    depth: Option<u32>,
    /// At most this many random moves after the opening (uniformly 0..=N per game).
    #[arg(long, default_value_t = 8)]
    random_plies: u32,
    /// Draw a game after this many moves.
    #[arg(long, default_value_t = 320)]
    max_plies: u32,
    /// Adjudicate a game won once a search scores this many centipawns.
    #[arg(long, default_value_t = 3_000)]
    resign: i32,
    /// Keep no position scored beyond this many centipawns.
    #[arg(long, default_value_t = 2_500)]
    keep: i32,
    /// The seed of the games' random numbers.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Each thread's transposition table in megabytes.
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// Search with the embedded net instead of the hand-written evaluation.
    #[arg(long)]
    nnue: bool,
    /// Search with this net (a file `koma train` wrote) instead of the hand-written evaluation.
    #[arg(long, conflicts_with = "nnue")]
    eval_file: Option<PathBuf>,
}

/// Runs `koma gensfen`.
pub fn gensfen(args: GensfenArgs) -> anyhow::Result<()> {
    let openings = read_openings(&args.openings, VariantKind::Shogi)?;
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if threads == 0 {
        bail!("--threads must be at least 1");
    }
    let net = match (&args.eval_file, args.nnue) {
        (Some(path), _) => Some(Arc::new(
            Network::read_file(path).with_context(|| format!("reading {}", path.display()))?,
        )),
        (None, true) => Some(Arc::clone(&EMBEDDED)),
        (None, false) => None,
    };
    let config = GenConfig {
        openings,
        threads,
        nodes: args.nodes,
        depth: args.depth,
        random_plies: args.random_plies,
        max_plies: args.max_plies,
        resign_score: args.resign,
        keep_score: args.keep,
        positions: args.positions,
        time_limit: args.seconds.map(Duration::from_secs),
        seed: args.seed,
        hash_mb: args.hash,
        net,
    };
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.out)
        .with_context(|| format!("opening {}", args.out.display()))?;
    let mut out = BufWriter::with_capacity(1 << 20, file);
    let started = Instant::now();
    let last = std::sync::Mutex::new(Instant::now());
    let progress = |s: &GenStats| {
        let mut last = last.lock().unwrap_or_else(|e| e.into_inner());
        if last.elapsed() >= Duration::from_secs(10) {
            *last = Instant::now();
            eprintln!("{}", stats_line(s, started.elapsed()));
        }
    };
    let stats = generate(&config, &mut out, &progress)?;
    out.flush()?;
    println!("{}", stats_line(&stats, started.elapsed()));
    Ok(())
}

/// One line of totals and rates.
fn stats_line(s: &GenStats, elapsed: Duration) -> String {
    let secs = elapsed.as_secs_f64().max(1e-3);
    format!(
        "positions {} games {} searched {} nodes {} time {:.1}s positions/hour {:.0} nps {:.0}",
        s.positions,
        s.games,
        s.searched,
        s.nodes,
        secs,
        s.positions as f64 * 3600.0 / secs,
        s.nodes as f64 / secs,
    )
}

/// The arguments of `koma train`.
#[derive(Args)]
pub struct TrainArgs {
    /// Training data: files of 40-byte PackedSfenValue records (from `koma gensfen`).
    #[arg(required = true)]
    data: Vec<PathBuf>,
    /// Where to write the trained, quantised network (for `EvalFile`).
    #[arg(long)]
    out: PathBuf,
    /// Passes over the data.
    #[arg(long, default_value_t = 20)]
    epochs: usize,
    /// Positions a step.
    #[arg(long, default_value_t = 16_384)]
    batch: usize,
    /// Adam's step size at the start.
    #[arg(long, default_value_t = 0.001)]
    lr: f32,
    /// The step size is multiplied by this after each epoch.
    #[arg(long, default_value_t = 0.9)]
    lr_decay: f32,
    /// The weight of the search score in the target (the rest is the game result).
    #[arg(long, default_value_t = 0.75)]
    lambda: f32,
    /// Centipawns per unit of win-probability logit: sigmoid(score / SCALE).
    #[arg(long, default_value_t = 600.0)]
    scale: f32,
    /// Threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// The seed of the start and the shuffles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The share of positions held out for validation.
    #[arg(long, default_value_t = 0.02)]
    validation: f64,
    /// A folder for a checkpoint after every epoch.
    #[arg(long)]
    checkpoints: Option<PathBuf>,
    /// Train on each position's mirror image too (files 1-9 swapped): twice the data.
    #[arg(long)]
    mirror: bool,
    /// Start from this checkpoint (`epoch-N.f32`) instead of a fresh net.
    #[arg(long)]
    resume: Option<PathBuf>,
}

/// Runs `koma train`.
pub fn train(args: TrainArgs) -> anyhow::Result<()> {
    use koma_nnue::train::{TrainConfig, data::Dataset, model::Loss, model::Params};
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let started = Instant::now();
    let data = Dataset::read(&args.data, threads, args.mirror)?;
    println!(
        "positions {} unreadable {} read in {:.1}s",
        data.len(),
        data.unreadable,
        started.elapsed().as_secs_f64()
    );
    let start = match &args.resume {
        Some(path) => {
            let bytes = read_bounded(path, koma_nnue::train::model::COUNT * 4)?;
            Some(Params::from_bytes(&bytes).with_context(|| {
                format!(
                    "{} is not a checkpoint of this network's shape",
                    path.display()
                )
            })?)
        }
        None => None,
    };
    let config = TrainConfig {
        epochs: args.epochs,
        batch: args.batch,
        lr: args.lr,
        lr_decay: args.lr_decay,
        loss: Loss {
            scale: args.scale,
            lambda: args.lambda,
        },
        threads,
        seed: args.seed,
        validation: args.validation,
        checkpoints: args.checkpoints.clone(),
    };
    let mut last = Instant::now();
    let params = koma_nnue::train::train(&config, &data, start, &mut |r| {
        println!(
            "epoch {} train {:.6} validation {:.6} lr {:.6} time {:.1}s",
            r.epoch,
            r.train_loss,
            r.validation_loss,
            r.lr,
            last.elapsed().as_secs_f64()
        );
        last = Instant::now();
    })?;
    std::fs::write(&args.out, params.quantise().to_bytes())
        .with_context(|| format!("writing {}", args.out.display()))?;
    println!("wrote {}", args.out.display());
    Ok(())
}

/// The bytes of `path`, refused when longer than `limit` (without reading past it).
fn read_bounded(path: &std::path::Path, limit: usize) -> anyhow::Result<Vec<u8>> {
    use std::io::Read;
    let file = std::fs::File::open(path).with_context(|| format!("reading {}", path.display()))?;
    let mut bytes = Vec::new();
    file.take(limit as u64 + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("reading {}", path.display()))?;
    if bytes.len() > limit {
        bail!(
            "{} is longer than a checkpoint ({limit} bytes)",
            path.display()
        );
    }
    Ok(bytes)
}
