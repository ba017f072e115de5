//! `koma match ENGINE_A ENGINE_B`: a match between two USI engines, a line per game and the
//! score with the Elo difference at the end.

use anyhow::{Context, anyhow, bail};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use koma_game::RuleSet;
use koma_game::matches::{
    Adjudication, ConcurrentMatch, EngineSpec, GameResult, MatchConfig, MatchEvent, read_openings,
};
use koma_rules::GameKind;
use std::io::Write;
use std::path::PathBuf;

/// The arguments of `koma match`.
#[derive(Args)]
pub struct MatchArgs {
    /// Engine A: its command line, split at whitespace (no quoting, so the program's path
    /// must hold no space; a path runs in its own directory). Scores are A's.
    engine_a: String,
    /// Engine B, likewise.
    engine_b: String,
    /// Number of games.
    #[arg(long, default_value_t = 20)]
    games: usize,
    /// Games played at once, each by its own pair of engine processes (like cutechess-cli's
    /// -concurrency); with one thread an engine, keep it to the cores for timed games.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    concurrency: u16,
    /// Time control: 1m+1s (byoyomi), 0+200ms, 10m+30sx3, fischer:2s+100ms, sudden:5m,
    /// unlimited (then 1 s a move).
    #[arg(long, default_value = "1m+1s")]
    time: String,
    /// Openings, one a line: `startpos moves ...`, `sfen ... moves ...` or `position ...`;
    /// each is played twice with colours swapped (default: the start position).
    #[arg(long)]
    openings: Option<PathBuf>,
    /// Rule set: professional, amateur, csa, try, tori, tori-fsf, chushogi (default: csa for
    /// shogi, each variant's own for the others; Chu's drawn at 500 moves).
    #[arg(long)]
    rules: Option<String>,
    /// Draw after this many moves (default: the rule set's limit, 256 under csa).
    #[arg(long)]
    max_moves: Option<u32>,
    /// Variant (shogi, tori, minishogi, kyotoshogi, dobutsu, chushogi).
    #[arg(long, default_value = "shogi", ignore_case = true, value_parser = crate::choices::game())]
    variant: GameKind,
    /// Random moves after each opening, the same for both games of a pair (default: 4 for
    /// Chu shogi, which has no openings file, 0 for the others).
    #[arg(long)]
    random_plies: Option<usize>,
    /// The seed of those moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Directory for the records, game-001.kif and game-001.csa (CSA for shogi only), each
    /// engine move with its search's score and principal variation as a comment (Chu's
    /// KIF as lishogi writes it, without them).
    #[arg(long)]
    out: Option<PathBuf>,
    /// A USI option for engine A, NAME=VALUE (NAME alone presses a button); repeatable.
    #[arg(long = "option-a", value_name = "NAME=VALUE")]
    option_a: Vec<String>,
    /// A USI option for engine B, likewise.
    #[arg(long = "option-b", value_name = "NAME=VALUE")]
    option_b: Vec<String>,
    /// Milliseconds an answer may come after the engine's time has run out (pipe delays).
    #[arg(long, default_value_t = 100)]
    margin: u64,
    /// Resign adjudication, MOVES:CENTIPAWNS (e.g. 4:1500): a side loses (by
    /// "adjudication", recorded as a resignation) once its engine scored -CENTIPAWNS or
    /// worse on each of its last MOVES turns while the opponent's scored +CENTIPAWNS or
    /// better on each of its own; mate scores count, a turn without a score breaks the run.
    /// Judged with the loser to move. Like cutechess-cli's -resign with twosided=true.
    #[arg(long, value_name = "MOVES:CENTIPAWNS")]
    adjudicate: Option<String>,
}

/// Plays the match and prints a line per game, then the endings and the score line last.
pub fn run(args: MatchArgs) -> anyhow::Result<()> {
    let config = config(&args)?;
    let games = config.games;
    let runner = ConcurrentMatch::new(config, usize::from(args.concurrency))?;
    let names = runner.names().clone();
    outln!("A: {}", names[0]);
    outln!("B: {}", names[1]);
    let bar = ProgressBar::new(games as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games  {msg}  [{elapsed_precise}]")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut failure = None;
    let result = runner.run(&mut |event: &MatchEvent| match event {
        MatchEvent::GameStarted { number, .. } => bar.set_message(format!("game {number}")),
        MatchEvent::Moved { number, plies } => {
            bar.set_message(format!("game {number}, move {plies}"));
        }
        MatchEvent::Restarted { engine } => {
            let name = &names[*engine];
            bar.suspend(|| eprintln!("koma: engine {name} started again"));
        }
        MatchEvent::GameFinished(result) => {
            let line = game_line(result, &names);
            bar.suspend(|| {
                if let Err(e) = writeln!(std::io::stdout(), "{line}") {
                    failure.get_or_insert(e);
                }
            });
            bar.inc(1);
        }
    });
    bar.finish_and_clear();
    if let Some(e) = failure {
        return Err(crate::output::io_failure(e));
    }
    let summary = result?;
    outln!("{summary}");
    Ok(())
}

/// `game 3  ☗ A  ☖ B  1-0 checkmate 87 plies`, the result from sente's side, then what went
/// wrong with an engine, if anything did.
fn game_line(result: &GameResult, names: &[String; 2]) -> String {
    let score = match result.outcome.winner {
        Some(koma_rules::Color::Black) => "1-0",
        Some(koma_rules::Color::White) => "0-1",
        None => "½-½",
    };
    let mut line = format!(
        "game {}  ☗ {}  ☖ {}  {score} {} {} plies",
        result.number,
        names[result.sente],
        names[1 - result.sente],
        outcome_reason(result),
        result.plies
    );
    if let Some(note) = &result.note {
        line.push_str(&format!("  ({note})"));
    }
    line
}

/// The reason's name, with the foul or the failed condition when there is one.
fn outcome_reason(result: &GameResult) -> String {
    let text = result.outcome.to_string();
    // `sente checkmate` / `draw max-moves`: the reason and its detail follow the first word.
    text.split_once(' ')
        .map_or(text.clone(), |(_, rest)| rest.to_string())
}

/// The two engines of the command line, with their options.
fn engine_specs(args: &MatchArgs) -> anyhow::Result<[EngineSpec; 2]> {
    let mut engines = Vec::new();
    for (line, options, flag) in [
        (&args.engine_a, &args.option_a, "--option-a"),
        (&args.engine_b, &args.option_b, "--option-b"),
    ] {
        let mut spec = EngineSpec::from_command_line(line)?;
        for option in options {
            let (name, value) = option.split_once('=').unwrap_or((option.as_str(), ""));
            if name.trim().is_empty() {
                bail!("{flag} {option}: no option name (NAME=VALUE)");
            }
            spec.options
                .push((name.trim().to_string(), value.trim().to_string()));
        }
        engines.push(spec);
    }
    let b = engines.pop().context("no engine B")?;
    let a = engines.pop().context("no engine A")?;
    Ok([a, b])
}

/// The match's configuration from the command line.
fn config(args: &MatchArgs) -> anyhow::Result<MatchConfig> {
    let variant = args.variant;
    let [a, b] = engine_specs(args)?;
    let mut config = MatchConfig::new(a, b, variant);
    config.random_plies = args
        .random_plies
        .unwrap_or(if variant == GameKind::Chu { 4 } else { 0 });
    config.seed = args.seed;
    config.games = args.games;
    config.time = args
        .time
        .parse()
        .with_context(|| format!("--time {}", args.time))?;
    if let Some(name) = &args.rules {
        config.rules = RuleSet::named_for(variant, name).ok_or_else(|| {
            anyhow!(
                "unknown rule set '{name}' for {} (known: {})",
                variant.name(),
                RuleSet::names_for(variant).join(", ")
            )
        })?;
    }
    if let Some(plies) = args.max_moves {
        config.rules = config.rules.with_max_plies(Some(plies));
    }
    if let Some(path) = &args.openings {
        config.openings = read_openings(path, variant)?;
    }
    config.out_dir = args.out.clone();
    config.turn.margin_ms = args.margin;
    if let Some(text) = &args.adjudicate {
        let rule: Adjudication = text
            .parse()
            .with_context(|| format!("--adjudicate {text}"))?;
        config.adjudication = Some(rule);
    }
    Ok(config)
}
