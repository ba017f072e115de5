//! `koma`: the command line of the koma shogi system.

use anyhow::{Context, anyhow, bail};
use clap::{Args, Parser, Subcommand};
use koma_notation::encoding::Encoding;
use koma_notation::formats::{self, Format, Notation};
use koma_notation::{diagram, sfen, usi};
use koma_rules::chu::ChuPosition;
use koma_rules::{AnyPosition, Color, GameKind, Handicap, VariantKind};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

#[macro_use]
mod output;

mod bot;
mod choices;
mod engines;
mod image;
mod matches;
mod nnue;
mod play;
mod records;
mod replay;
mod serve;
mod tsume;

use output::{error_text, io_failure, is_closed_pipe};

#[derive(Parser)]
#[command(
    name = "koma",
    version,
    about = "koma: the rules, records, engine and play of shogi and its family"
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
    /// Print the board with kanji pieces and both hands; with FILE, a record's moves too.
    Show {
        #[command(flatten)]
        position: PositionArgs,
        /// A record (KIF, KI2, CSA, JKF, USI or SFEN; `-` for standard input).
        file: Option<String>,
        /// Show the board after this many moves of the main line (default: all).
        #[arg(long)]
        ply: Option<usize>,
        /// Move notation: japanese, western or german.
        #[arg(long, default_value = "japanese")]
        notation: String,
        #[command(flatten)]
        image: image::ImageArgs,
    },
    /// Convert a record to another format.
    Convert {
        /// The record (`-` for standard input).
        file: String,
        /// Output format: kif, ki2, csa, jkf, usi, sfen or moves (a Western move list).
        #[arg(long, default_value = "kif")]
        to: String,
        /// Input format when the name and content do not tell.
        #[arg(long)]
        from: Option<String>,
        /// Variant of the record (default: shogi, or Chu shogi for a KIF as lishogi writes
        /// Chu). Chu's records are KIF, a USI position line or an SFEN, written as kif,
        /// usi or sfen.
        #[arg(long, ignore_case = true, value_parser = choices::game())]
        variant: Option<GameKind>,
        /// Output encoding: utf-8 or sjis (default: Shift_JIS for an output file named
        /// .kif or .ki2, as other programs expect; UTF-8 otherwise).
        #[arg(long)]
        encoding: Option<String>,
        /// With --to sfen: the position after this many moves of the main line.
        #[arg(long)]
        ply: Option<usize>,
        /// Output file (default: standard output).
        #[arg(short, long)]
        output: Option<String>,
    },
    /// Play a game in the terminal, against a USI engine or between two people; the record
    /// is saved as KIF at the end.
    Play {
        #[command(flatten)]
        position: PositionArgs,
        /// A USI engine to play against: its command line, split at spaces.
        #[arg(long)]
        engine: Option<String>,
        /// Your side against the engine: sente, gote or furigoma.
        #[arg(long, default_value = "furigoma")]
        color: String,
        /// Time control: 10m+30s (byoyomi), 10m+30sx3, fischer:5m+10s, sudden:15m (default:
        /// no clock).
        #[arg(long)]
        time: Option<String>,
        /// Rule set: professional, amateur, csa, try, tori, tori-fsf (default: amateur for
        /// shogi, tori for Tori Shogi).
        #[arg(long)]
        rules: Option<String>,
        /// An illegal move loses the game instead of being refused.
        #[arg(long)]
        illegal_loses: bool,
        /// Where to save the record (default: koma-DATE-TIME.kif here).
        #[arg(short, long)]
        output: Option<String>,
    },
    /// Play a match between two USI engines; the last line is the score.
    Match(matches::MatchArgs),
    /// Replay a record's main line through the rules; the last line is the result.
    Replay {
        /// The record (`-` for standard input).
        file: String,
        /// Rule set: professional, amateur, csa, try, tori, tori-fsf (default: what the
        /// record's ending calls for, else amateur for shogi and tori for Tori Shogi).
        #[arg(long)]
        rules: Option<String>,
        /// Variant of the record.
        #[arg(long, default_value = "shogi", ignore_case = true, value_parser = choices::variant())]
        variant: VariantKind,
    },
    /// Solve mate problems (tsume-shogi): the last line is `mate N <usi moves>`, `nomate`
    /// or `timeout`.
    Tsume(tsume::TsumeArgs),
    /// Have the engine play itself and write training positions (YaneuraOu's 40-byte
    /// PackedSfenValue records) for the learned evaluation.
    Gensfen(nnue::GensfenArgs),
    /// Train the learned evaluation on `gensfen` data and write the quantised network.
    Train(nnue::TrainArgs),
    /// Serve the web app (play a friend or the engine, review a game) over HTTP and
    /// WebSocket; games are kept in SQLite and survive a restart.
    Serve(Box<serve::ServeArgs>),
    /// Play a USI engine as a bot account through lishogi's bot API (koma serve's API):
    /// accept challenges, play the games. The account must already be a bot.
    Bot(bot::BotArgs),
}

#[derive(Args)]
struct PositionArgs {
    /// Variant.
    #[arg(long, default_value = "shogi", ignore_case = true, value_parser = choices::game())]
    variant: GameKind,
    /// The position as SFEN (default: the start position).
    #[arg(long, conflicts_with = "handicap")]
    sfen: Option<String>,
    /// A named start position of the variant (English or Japanese name).
    #[arg(long, value_parser = choices::handicap())]
    handicap: Option<String>,
}

impl PositionArgs {
    /// The variant of the 9x9 frame, for the commands that do not take Chu shogi yet.
    fn family(&self) -> anyhow::Result<VariantKind> {
        self.variant
            .family()
            .ok_or_else(|| anyhow!("this command does not take chushogi yet"))
    }

    /// The Chu position, when the variant is Chu shogi.
    fn chu(&self) -> Option<anyhow::Result<ChuPosition>> {
        if self.variant != GameKind::Chu {
            return None;
        }
        if self.handicap.is_some() {
            return Some(Err(anyhow!("Chu shogi has no handicaps in koma")));
        }
        Some(match &self.sfen {
            Some(text) => {
                let text = text.trim();
                let text = text.strip_prefix("sfen ").unwrap_or(text);
                koma_notation::chu::parse(text).context("--sfen")
            }
            None => Ok(ChuPosition::startpos()),
        })
    }

    fn position(&self) -> anyhow::Result<AnyPosition> {
        let variant = self.family()?;
        if let Some(text) = &self.sfen {
            let text = text.trim();
            let text = text.strip_prefix("sfen ").unwrap_or(text);
            return sfen::parse_position(variant, text).context("--sfen");
        }
        if let Some(name) = &self.handicap {
            return Handicap::named(variant, name)
                .and_then(|h| variant.handicap(h))
                .ok_or_else(|| {
                    anyhow!(
                        "handicap '{name}' is not a {} start position",
                        variant.name()
                    )
                });
        }
        Ok(variant.startpos())
    }
}

/// Runs `count` (perft to `depth`) and prints its total as `koma perft` does, last on
/// standard output, with the speed on standard error.
fn timed_perft(depth: u32, count: impl FnOnce() -> anyhow::Result<u64>) -> anyhow::Result<()> {
    let start = Instant::now();
    let total = count()?;
    let secs = start.elapsed().as_secs_f64();
    outln!("{total}");
    eprintln!(
        "perft {depth}: {total} nodes in {secs:.3} s, {:.1} M nodes/s",
        total as f64 / secs.max(1e-9) / 1e6
    );
    Ok(())
}

/// Prints each first move of a perft divide (as `write` writes it) with its count, and
/// returns their sum.
fn print_divide<M>(counts: Vec<(M, u64)>, write: impl Fn(M) -> String) -> anyhow::Result<u64> {
    let mut total = 0;
    for (m, n) in counts {
        outln!("{}: {n}", write(m));
        total += n;
    }
    Ok(total)
}

fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Perft {
            position,
            divide,
            depth,
        } if position.chu().is_some() => {
            let pos = position.chu().expect("a Chu position")?;
            timed_perft(depth, || {
                if divide {
                    print_divide(koma_rules::perft::perft_divide(&pos, depth), |m| {
                        m.to_string()
                    })
                } else {
                    Ok(koma_rules::perft::perft(&pos, depth))
                }
            })?;
        }
        Command::Moves { position } if position.chu().is_some() => {
            let pos = position.chu().expect("a Chu position")?;
            for m in pos.legal_moves() {
                outln!("{m}");
            }
        }
        Command::Perft {
            position,
            divide,
            depth,
        } => {
            let pos = position.position()?;
            timed_perft(depth, || {
                if divide {
                    print_divide(pos.perft_divide(depth), |m| {
                        usi::write_move(pos.variant(), m)
                    })
                } else {
                    Ok(pos.perft(depth))
                }
            })?;
        }
        Command::Moves { position } => {
            let pos = position.position()?;
            for &m in pos.legal_moves().iter() {
                outln!("{}", usi::write_move(pos.variant(), m));
            }
        }
        Command::Show {
            position,
            file: None,
            ply,
            image,
            ..
        } => {
            if ply.is_some() {
                bail!("--ply counts the moves of a record: give the record's file");
            }
            let pos = position.position()?;
            out!("{}", diagram::write(pos.variant(), &pos.to_setup()));
            outln!("SFEN: {}", sfen::write_any(&pos));
            image.write(&pos, None, [None, None])?;
        }
        Command::Show {
            position,
            file: Some(file),
            ply,
            notation,
            image,
        } => {
            let notation = Notation::from_name(&notation)
                .ok_or_else(|| anyhow!("unknown notation '{notation}' ({})", Notation::NAMES))?;
            let record = records::read_record(&file, None, position.family()?)?;
            let mut pos = record.start_position().with_context(|| file.clone())?;
            let moves = record.tree.main_moves();
            // A foul the record ends with is listed, but no board is shown after it.
            let legal = record.legal_main_moves().len();
            let shown = ply.unwrap_or(legal).min(legal);
            let mut prev_to = None;
            for (i, &m) in moves.iter().enumerate() {
                let text = formats::move_text(&pos, m, prev_to, notation);
                if i == legal {
                    let reason = pos.play(m).err().map_or(String::new(), |r| r.to_string());
                    outln!("{:>4} {text} (illegal: {reason})", i + 1);
                    break;
                }
                outln!("{:>4} {text}", i + 1);
                pos.play(m)
                    .with_context(|| format!("{file}: move {}", i + 1))?;
                prev_to = Some(m.to());
            }
            if let Some(end) = record.tree.main_end() {
                outln!("     {}", end.japanese());
            }
            let at = formats::position_at(&record, shown).with_context(|| file.clone())?;
            outln!();
            out!("{}", diagram::write(at.variant(), &at.to_setup()));
            outln!("SFEN: {}", sfen::write_any(&at));
            let last_move = shown.checked_sub(1).map(|i| moves[i]);
            let names = Color::ALL.map(|c| record.header.player(c).map(str::to_string));
            image.write(&at, last_move, names)?;
        }
        Command::Convert {
            file,
            to,
            from,
            variant,
            encoding,
            ply,
            output,
        } => {
            let to = Format::from_name(&to).ok_or_else(|| {
                anyhow!("unknown format '{to}' (kif, ki2, csa, jkf, usi, sfen, moves)")
            })?;
            let encoding = match encoding {
                Some(name) => Encoding::from_name(&name)
                    .ok_or_else(|| anyhow!("unknown encoding '{name}' (utf-8, sjis)"))?,
                None => output
                    .as_deref()
                    .map_or(Encoding::Utf8, koma_notation::encoding::for_file_name),
            };
            let from = from
                .map(|f| Format::from_name(&f).ok_or_else(|| anyhow!("unknown format '{f}'")))
                .transpose()?;
            let text = records::convert(&file, from, variant, to, ply)?;
            let bytes = koma_notation::encoding::file_bytes(&text, encoding)
                .with_context(|| format!("--encoding {encoding}"))?;
            match output {
                Some(path) => std::fs::write(&path, bytes).with_context(|| path.clone())?,
                None => std::io::stdout().write_all(&bytes).map_err(io_failure)?,
            }
        }
        Command::Play {
            position,
            engine,
            color,
            time,
            rules,
            illegal_loses,
            output,
        } => {
            let start = position.position()?;
            let rules = match rules {
                Some(name) => replay::rule_set(&name)?,
                None => koma_game::RuleSet::default_for(start.variant()),
            };
            let time = time
                .map(|t| t.parse().with_context(|| format!("--time {t}")))
                .transpose()?;
            play::run(play::PlayOptions {
                start,
                rules,
                time,
                engine,
                color,
                illegal_loses,
                out: output,
            })?
        }
        Command::Match(args) => matches::run(args)?,
        Command::Replay {
            file,
            rules,
            variant,
        } => replay::run(&file, rules.as_deref(), variant)?,
        Command::Tsume(args) => tsume::run(args)?,
        Command::Gensfen(args) => nnue::gensfen(args)?,
        Command::Train(args) => nnue::train(args)?,
        Command::Serve(args) => serve::run(*args)?,
        Command::Bot(args) => bot::run(args)?,
    }
    Ok(())
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe: the reader has all it wanted.
        Err(e) if is_closed_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("koma: {}", error_text(&e));
            ExitCode::from(2)
        }
    }
}
