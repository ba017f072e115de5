//! `koma tsume`: solves mate problems (詰将棋) with the df-pn solver of `koma-tsume`, one
//! problem given as SFEN or a file of them; the answer is the last line.

use crate::records::read_input;
use anyhow::{Context, anyhow, bail};
use clap::Args;
use koma_notation::formats::{self, Format};
use koma_rules::variants::Shogi;
use koma_rules::{Position, VariantKind};
use koma_tsume::{
    Limits, NoMateReason, Outcome, Phase, ProblemError, Progress, Report, UnknownReason, line,
    parse_problem, solve,
};
use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The arguments of `koma tsume`.
#[derive(Args)]
pub struct TsumeArgs {
    /// Problems: a text file of SFEN lines (blank lines and `#` comments skipped; a line
    /// `ID<TAB>SFEN...` names its problem) or a KIF, KI2, CSA or JKF record whose start
    /// position is the problem (each record of a CSA file with `/` separators); `-` for
    /// standard input.
    #[arg(required_unless_present = "sfen", conflicts_with = "sfen")]
    file: Option<String>,
    /// One problem as SFEN: the side to move attacks, its king may be missing.
    #[arg(long)]
    sfen: Option<String>,
    /// Time limit per problem: 60s, 2m, 1m30s, 500ms, 1h, whole seconds, or `none`.
    #[arg(long, default_value = "60s")]
    time: String,
    /// Transposition table size: 1G, 512M, or a plain number of megabytes.
    #[arg(long, default_value = "256M")]
    hash: String,
    /// Search threads (the solver is single-threaded: more are accepted and noted).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    threads: u32,
    /// Stop at the first proof: skip the search for the shortest mate.
    #[arg(long)]
    first: bool,
    /// Give the defender every piece that is neither on the board nor in the attacker's
    /// hand (the composers' convention; a record that says 残り全部 or 00AL already does).
    #[arg(long)]
    rest_to_defender: bool,
    /// Also find the composer's length: futile interpositions (無駄合) not counted.
    #[arg(long)]
    composer_length: bool,
}

/// A problem to solve and the name its result line carries.
struct Problem {
    label: String,
    pos: Position<Shogi>,
}

/// Solves the problems and prints the answers: for one problem the line and the figures with
/// `mate N <usi moves>`, `nomate` or `timeout` last; for several a line each and a summary.
pub fn run(args: TsumeArgs) -> anyhow::Result<()> {
    let time = parse_time(&args.time).with_context(|| format!("--time {}", args.time))?;
    let hash_mb = parse_hash(&args.hash).with_context(|| format!("--hash {}", args.hash))?;
    let (problems, single) = match (&args.sfen, &args.file) {
        (Some(text), _) => (vec![sfen_problem(text)?], true),
        (None, Some(file)) => {
            let problems = read_problems(file)?;
            let single = problems.len() == 1;
            (problems, single)
        }
        (None, None) => bail!("give a problem: FILE or --sfen SFEN"),
    };
    if args.threads > 1 {
        eprintln!(
            "koma: the mate solver is single-threaded: --threads {} ignored, searching with 1 thread",
            args.threads
        );
    }
    let limits = |label: Option<&str>| Limits {
        time,
        hash_mb,
        shortest: !args.first,
        progress: Some(progress_printer(label.map(str::to_string))),
        rest_to_defender: args.rest_to_defender,
        composer_length: args.composer_length,
        ..Limits::default()
    };
    if single {
        let p = &problems[0];
        let report = solve(&p.pos, &limits(None));
        return print_single(&p.pos, &report, args.first, args.composer_length);
    }
    let start = Instant::now();
    let (mut mates, mut nomates, mut unknowns, mut nodes) = (0, 0, 0, 0);
    for p in &problems {
        let report = solve(&p.pos, &limits(Some(&p.label)));
        nodes += report.nodes;
        match &report.outcome {
            Outcome::Mate(moves) => {
                mates += 1;
                if args.composer_length {
                    outln!("{}: {}", p.label, composer_text(report.composer_plies));
                }
                outln!("{}: mate {} {}", p.label, moves.len(), line::usi(moves));
            }
            Outcome::NoMate(_) => {
                nomates += 1;
                outln!("{}: nomate", p.label);
            }
            Outcome::Unknown(why) => {
                unknowns += 1;
                if *why != UnknownReason::Timeout {
                    eprintln!("koma: {}: {}", p.label, unknown_text(*why));
                }
                outln!("{}: timeout", p.label);
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    outln!(
        "problems {}: mate {mates}, nomate {nomates}, timeout {unknowns} ({nodes} nodes, {secs:.3} s)",
        problems.len()
    );
    Ok(())
}

/// Prints one problem's answer: line, figures, and the answer line last.
fn print_single(
    pos: &Position<Shogi>,
    report: &Report,
    first: bool,
    composer: bool,
) -> anyhow::Result<()> {
    if let Outcome::Mate(moves) = &report.outcome {
        outln!("{}", line::japanese(pos, moves));
        let shortest = if report.shortest {
            "yes"
        } else if first {
            "not searched (--first)"
        } else {
            "not proven within the limits"
        };
        outln!("shortest: {shortest}");
        if composer {
            outln!("{}", composer_text(report.composer_plies));
        }
        if let Some((t, n)) = report.first_proof {
            outln!("first proof: {:.3} s, {n} nodes", t.as_secs_f64());
        }
    }
    if let Outcome::NoMate(why) = &report.outcome {
        outln!("reason: {}", nomate_text(*why));
    }
    let secs = report.elapsed.as_secs_f64();
    outln!("nodes: {}", report.nodes);
    outln!("time: {secs:.3} s");
    outln!("nodes/s: {:.0}", report.nodes as f64 / secs.max(1e-9));
    outln!(
        "hash: {:.1}% full, {} collections",
        report.hashfull as f64 / 10.0,
        report.collections
    );
    match &report.outcome {
        Outcome::Mate(moves) => outln!("mate {} {}", moves.len(), line::usi(moves)),
        Outcome::NoMate(_) => outln!("nomate"),
        Outcome::Unknown(why) => {
            if *why != UnknownReason::Timeout {
                eprintln!("koma: {}", unknown_text(*why));
            }
            outln!("timeout");
        }
    }
    Ok(())
}

/// The composer's length of a mate, or why it is missing.
fn composer_text(plies: Option<usize>) -> String {
    match plies {
        Some(n) => format!("composer length: {n} (futile interpositions not counted)"),
        None => "composer length: not found within the limits".to_string(),
    }
}

/// Why there is no mate, in words.
fn nomate_text(why: NoMateReason) -> &'static str {
    match why {
        NoMateReason::NoChecks => "the attacker has no check",
        NoMateReason::Disproven => "every sequence of checks lets the king escape",
        NoMateReason::NoDefenderKing => "the defender has no king",
    }
}

/// Why the solver gave no answer, in words.
fn unknown_text(why: UnknownReason) -> &'static str {
    match why {
        UnknownReason::Timeout => "the time limit ran out",
        UnknownReason::NodeLimit => "no answer: the node limit ran out",
        UnknownReason::Stopped => "no answer: the search was stopped",
        UnknownReason::DepthLimit => "no answer: the search needed paths beyond its depth limit",
        UnknownReason::LineNotVerified => {
            "no answer: a mate was proven but no mating line could be read back and verified"
        }
    }
}

/// The progress callback: a `progress:` line on stderr (the solver calls it once a second).
fn progress_printer(label: Option<String>) -> koma_tsume::ProgressFn {
    Arc::new(move |p: &Progress| {
        let secs = p.elapsed.as_secs_f64();
        let phase = match p.phase {
            Phase::FirstProof => "looking for a mate".to_string(),
            Phase::Shortest { best, within } => {
                format!("mate in {best} found, looking for one within {within}")
            }
            Phase::ComposerLength { within } => {
                format!("composer length: looking for a mate within {within}")
            }
        };
        let label = label
            .as_deref()
            .map(|l| format!("{l}: "))
            .unwrap_or_default();
        eprintln!(
            "progress: {label}{secs:.0} s, {} nodes, {:.0} k nodes/s, hash {:.1}%, {phase}",
            p.nodes,
            p.nodes as f64 / secs.max(1e-9) / 1e3,
            p.hashfull as f64 / 10.0
        );
    })
}

/// The problem of `--sfen`.
fn sfen_problem(text: &str) -> anyhow::Result<Problem> {
    let pos = parse_sfen_text(text).context("--sfen")?;
    Ok(Problem {
        label: "1".into(),
        pos,
    })
}

/// A problem from an SFEN with an optional leading `sfen ` word.
fn parse_sfen_text(text: &str) -> Result<Position<Shogi>, ProblemError> {
    let text = text.trim();
    let text = text.strip_prefix("sfen ").unwrap_or(text);
    parse_problem(text)
}

/// The problems of `file`: SFEN lines, or the start position of each record.
fn read_problems(file: &str) -> anyhow::Result<Vec<Problem>> {
    let bytes = read_input(file)?;
    let text = koma_notation::encoding::decode(&bytes).0;
    let name = if file == "-" { "standard input" } else { file };
    if let Some(format) = record_format(file, &text) {
        // Each record's start position (a CSA file may hold several, separated by `/`).
        let records: Vec<_> = formats::read_all(&bytes, format, VariantKind::Shogi)
            .with_context(|| name.to_string())?
            .into_iter()
            .map(|reading| crate::records::warned(name, reading))
            .collect();
        let mut problems = Vec::new();
        for (i, record) in records.iter().enumerate() {
            let which = if records.len() > 1 {
                format!("{name}: record {}", i + 1)
            } else {
                name.to_string()
            };
            if record.variant != VariantKind::Shogi {
                bail!("{which}: the mate solver knows standard shogi only");
            }
            let setup = record.start.setup(record.variant);
            let pos = Position::from_setup_kingless(&setup)
                .with_context(|| format!("{which}: start position"))?;
            problems.push(Problem {
                label: (i + 1).to_string(),
                pos,
            });
        }
        return Ok(problems);
    }
    let mut problems = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let l = raw.trim().trim_start_matches('\u{feff}');
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = l.split('\t').collect();
        // A table such as shared/data/tsume.tsv: its header line, then `id<TAB>sfen...`.
        if fields.len() > 1 && fields[0].trim() == "id" && fields[1].trim() == "sfen" {
            continue;
        }
        let (label, sfen) = match fields.as_slice() {
            [id, sfen, ..] if !id.trim().is_empty() => (id.trim().to_string(), *sfen),
            _ => ((problems.len() + 1).to_string(), l),
        };
        let pos = parse_sfen_text(sfen).with_context(|| format!("{name}:{}", i + 1))?;
        problems.push(Problem { label, pos });
    }
    if problems.is_empty() {
        bail!("{name}: no problem in it (SFEN lines, or a KIF, KI2, CSA or JKF record)");
    }
    Ok(problems)
}

/// The record format of `file` if it is a record rather than a list of SFEN lines: by its
/// extension, else by its content.
fn record_format(file: &str, text: &str) -> Option<Format> {
    let ext = std::path::Path::new(file)
        .extension()
        .and_then(|e| e.to_str());
    match ext.and_then(Format::from_name) {
        Some(Format::Sfen) => return None,
        Some(format) => return Some(format),
        None => {}
    }
    match Format::detect(None, text) {
        Format::Sfen => None,
        // KIF is detection's fallback: only a file with KIF's marks is taken as one.
        Format::Kif => {
            let kif = text
                .lines()
                .filter(|l| !l.trim_start().starts_with('#'))
                .any(|l| {
                    ["手数", "持駒", "手合割", "+---", "開始日時"]
                        .iter()
                        .any(|mark| l.contains(mark))
                });
            kif.then_some(Format::Kif)
        }
        format => Some(format),
    }
}

/// The time limit: a duration as clocks take it (`60s`, `2m`, `1h30m`, `500ms`, `90`
/// seconds), or `none` for no limit.
fn parse_time(text: &str) -> anyhow::Result<Option<Duration>> {
    let t = text.trim().to_ascii_lowercase();
    if matches!(t.as_str(), "none" | "inf" | "infinite" | "unlimited") {
        return Ok(None);
    }
    let ms = koma_game::clock::parse_duration(&t)?;
    Ok(Some(Duration::from_millis(ms)))
}

/// A table size in megabytes: `1G`, `512M`, `1.5GB`, or a plain number of megabytes.
fn parse_hash(text: &str) -> anyhow::Result<usize> {
    let t = text.trim().to_ascii_lowercase();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let value: f64 = number
        .parse()
        .map_err(|_| anyhow!("expected a size such as 1G, 512M or 256"))?;
    let scale = match unit.trim() {
        "" | "m" | "mb" | "mib" => 1.0,
        "g" | "gb" | "gib" => 1024.0,
        "t" | "tb" | "tib" => 1024.0 * 1024.0,
        other => bail!("unknown unit '{other}' (M, G)"),
    };
    let mb = value * scale;
    if mb < 1.0 {
        bail!("the table needs at least 1 MB");
    }
    if mb > (1u64 << 24) as f64 {
        bail!("too large");
    }
    let mb = mb as usize;
    if let Some(total) = memory_mb() {
        if mb > total {
            bail!("more than this machine's memory ({total} MB)");
        }
    }
    Ok(mb)
}

/// The machine's memory in megabytes, where the system tells (Linux).
fn memory_mb() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        let time = |text: &str| parse_time(text).unwrap();
        assert_eq!(time("60s"), Some(Duration::from_secs(60)));
        assert_eq!(time("2m"), Some(Duration::from_secs(120)));
        assert_eq!(time("500ms"), Some(Duration::from_millis(500)));
        assert_eq!(time("1m30s"), Some(Duration::from_secs(90)));
        assert_eq!(time("90"), Some(Duration::from_secs(90)));
        assert_eq!(time("1h"), Some(Duration::from_secs(3600)));
        assert_eq!(time("none"), None);
        assert!(parse_time("fast").is_err());
        assert!(parse_time("3x").is_err());
        assert!(parse_time("").is_err());
    }

    #[test]
    fn hash_sizes() {
        assert_eq!(parse_hash("512M").unwrap(), 512);
        assert_eq!(parse_hash("64").unwrap(), 64);
        assert_eq!(parse_hash("1mb").unwrap(), 1);
        assert!(parse_hash("0").is_err());
        assert!(parse_hash("lots").is_err());
        assert!(parse_hash("5Q").is_err());
        assert!(parse_hash("1000000G").is_err());
        if memory_mb().is_some_and(|m| m >= 1024) {
            assert_eq!(parse_hash("1G").unwrap(), 1024);
        }
    }

    #[test]
    fn records_by_name_and_content() {
        assert_eq!(record_format("a.kif", ""), Some(Format::Kif));
        assert_eq!(record_format("a.csa", ""), Some(Format::Csa));
        assert_eq!(record_format("a.sfen", "P1"), None);
        let sfen_lines = "# problems\n4k4/9/4P4/9/9/9/9/9/9 b G 1\n9/9/9/9/9/9/9/9/9 b - 1\n";
        assert_eq!(record_format("p.txt", sfen_lines), None);
        assert_eq!(record_format("-", "V2.2\nPI\n+\n"), Some(Format::Csa));
        assert_eq!(
            record_format("-", "手合割：平手\n手数----指手--\n"),
            Some(Format::Kif)
        );
        assert_eq!(record_format("-", "hello\nworld\n"), None);
    }
}
