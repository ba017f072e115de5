//! `koma`: the command line of the koma shogi system.

use clap::{Args, Parser, Subcommand};
use koma_notation::{diagram, sfen, usi};
use koma_rules::{AnyPosition, Handicap, VariantKind};
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "koma",
    version,
    about = "koma: shogi and Tori Shogi rules, records, engine and play"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree to DEPTH (the last stdout line is the total).
    Perft {
        #[command(flatten)]
        position: PositionArgs,
        /// Print the count below each legal move first.
        #[arg(long)]
        divide: bool,
        /// Depth in plies.
        depth: u32,
    },
    /// Print every legal move in USI notation, one per line.
    Moves {
        #[command(flatten)]
        position: PositionArgs,
    },
    /// Print the board with kanji pieces and both hands.
    Show {
        #[command(flatten)]
        position: PositionArgs,
    },
}

#[derive(Args)]
struct PositionArgs {
    /// Variant: shogi or tori.
    #[arg(long, default_value = "shogi")]
    variant: String,
    /// The position as SFEN (default: the start position).
    #[arg(long, conflicts_with = "handicap")]
    sfen: Option<String>,
    /// A named start position: even, lance, right-lance, bishop, rook, rook-lance, two-piece,
    /// three-piece, four-piece, five-piece, left-five-piece, six-piece, left-seven-piece,
    /// right-seven-piece, eight-piece, ten-piece, three-pawns, naked-king; for Tori
    /// tori-left-quail, tori-falcon, tori-falcon-left-quail, tori-falcon-both-quails.
    #[arg(long)]
    handicap: Option<String>,
}

impl PositionArgs {
    fn position(&self) -> Result<AnyPosition, String> {
        let variant = VariantKind::from_name(&self.variant)
            .ok_or_else(|| format!("unknown variant '{}' (known: shogi, tori)", self.variant))?;
        if let Some(text) = &self.sfen {
            let text = text.trim();
            let text = text.strip_prefix("sfen ").unwrap_or(text);
            return sfen::parse_position(variant, text).map_err(|e| e.to_string());
        }
        if let Some(name) = &self.handicap {
            let h =
                Handicap::from_name(name).ok_or_else(|| format!("unknown handicap '{name}'"))?;
            return variant.handicap(h).ok_or_else(|| {
                format!(
                    "handicap '{name}' is not a {} start position",
                    variant.name()
                )
            });
        }
        Ok(variant.startpos())
    }
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Perft {
            position,
            divide,
            depth,
        } => {
            let pos = position.position()?;
            let start = Instant::now();
            let total = if divide {
                let variant = pos.variant();
                let mut total = 0;
                for (m, n) in pos.perft_divide(depth) {
                    println!("{}: {n}", usi::write_move(variant, m));
                    total += n;
                }
                total
            } else {
                pos.perft(depth)
            };
            let secs = start.elapsed().as_secs_f64();
            println!("{total}");
            eprintln!(
                "perft {depth}: {total} nodes in {secs:.3} s, {:.1} M nodes/s",
                total as f64 / secs.max(1e-9) / 1e6
            );
        }
        Command::Moves { position } => {
            let pos = position.position()?;
            for &m in pos.legal_moves().iter() {
                println!("{}", usi::write_move(pos.variant(), m));
            }
        }
        Command::Show { position } => {
            let pos = position.position()?;
            print!("{}", diagram::write(pos.variant(), &pos.to_setup()));
            println!("SFEN: {}", sfen::write_any(&pos));
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("koma: {message}");
            ExitCode::from(2)
        }
    }
}
