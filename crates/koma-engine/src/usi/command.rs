//! Reading one line of USI input into a [`Command`].
//!
//! Parsing is total: a line is a command, nothing (blank), or a [`CommandError`] saying what
//! is wrong. A `go` with anything it cannot read (an unknown keyword, a field without its
//! number, a number that is no number) is an error, not a guess: the session then starts
//! no search and prints no `bestmove`. Only `ponderhit` keeps going with a bad clock (its
//! [`GoError`] kept beside it), as a pondering search must still answer.

use super::mate::MateLimit;
use crate::time::GoParams;

/// The longest piece of input echoed back in a message.
const ECHO_CHARS: usize = 40;

/// `text`, cut to a readable length for a message.
pub fn echo(text: &str) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(ECHO_CHARS).collect();
    if chars.next().is_some() {
        format!("{head}...")
    } else {
        head
    }
}

/// A USI command from the GUI (plus `bench`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `usi`: identify and list the options.
    Usi,
    /// `isready`: finish initialising, answer `readyok`.
    IsReady,
    /// `setoption name <id> [value <x>]`.
    SetOption {
        /// The option's name (may contain spaces).
        name: String,
        /// The value, absent for buttons.
        value: Option<String>,
    },
    /// `usinewgame`.
    UsiNewGame,
    /// `position startpos|sfen ... [moves ...]`.
    Position(PositionCommand),
    /// `go ...`.
    Go(GoCommand),
    /// `stop`.
    Stop,
    /// `ponderhit`, with the clock fields some GUIs append (ShogiHome's early ponder).
    PonderHit {
        /// The clock fields, when given and readable.
        clock: Option<GoParams>,
        /// Why the fields after `ponderhit` were not read, if they were not.
        unread: Option<GoError>,
    },
    /// `gameover win|lose|draw`.
    GameOver(GameResult),
    /// `quit`.
    Quit,
    /// `bench [depth]`: the fixed node-count benchmark.
    Bench(Option<u32>),
}

/// The result sent with `gameover`, from the engine's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// `win`.
    Win,
    /// `lose`.
    Lose,
    /// `draw`.
    Draw,
    /// Anything else (accepted: the game is over either way).
    Unknown,
}

/// Where a `position` command starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartSpec {
    /// `startpos`: the variant's start position.
    StartPos,
    /// `sfen <fields>`: the SFEN text (fields joined by single spaces).
    Sfen(String),
}

/// A `position` command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionCommand {
    /// The start.
    pub start: StartSpec,
    /// The moves after `moves`, as text.
    pub moves: Vec<String>,
}

/// A `go` command.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoCommand {
    /// The clock and limit fields.
    pub params: GoParams,
    /// `ponder`: think on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// `mate <ms>|infinite`: a mate search instead of a move search.
    pub mate: Option<MateLimit>,
    /// `searchmoves m1 m2 ...` (read but not supported yet).
    pub searchmoves: Vec<String>,
}

/// What is wrong with the words after `go` (or after `ponderhit`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GoError {
    /// A word that is no `go` keyword.
    #[error("unknown keyword '{0}'")]
    UnknownKeyword(String),
    /// A field with nothing (or the next keyword) after it.
    #[error("{0} needs a value")]
    MissingValue(&'static str),
    /// A clock field whose value is not a number of milliseconds.
    #[error("{field} '{value}' is not a number of milliseconds")]
    NotMillis {
        /// The field.
        field: &'static str,
        /// The value, as sent (cut short).
        value: String,
    },
    /// `depth`, `nodes` or `movestogo` with a value that is not a number from 0 up.
    #[error("{field} '{value}' is not a number (0 or more)")]
    NotCount {
        /// The field.
        field: &'static str,
        /// The value, as sent (cut short).
        value: String,
    },
    /// `mate` with neither milliseconds nor `infinite`.
    #[error("mate '{0}' is neither milliseconds nor 'infinite'")]
    MateLimit(String),
}

/// A line that is no usable command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    /// The first word is no command.
    #[error("unknown command '{0}'")]
    Unknown(String),
    /// `setoption` without `name <id>`.
    #[error("setoption: expected 'setoption name <id> [value <x>]'")]
    SetOptionSyntax,
    /// `position` without `startpos` or `sfen`.
    #[error("position: expected 'startpos' or 'sfen <sfen>' after 'position'")]
    PositionStart,
    /// `position sfen` with nothing after it.
    #[error("position: 'sfen' needs the SFEN fields")]
    PositionEmptySfen,
    /// Something other than `moves` after the start.
    #[error("position: expected 'moves' after the start, found '{0}'")]
    PositionTrailing(String),
    /// A `go` that cannot be read: no search is started.
    #[error("go: {0}")]
    Go(GoError),
    /// `bench` with a depth that is no number.
    #[error("bench: '{0}' is not a depth (a number from 1 to 64)")]
    BenchDepth(String),
}

/// Reads one line: `Ok(None)` for a blank line.
pub fn parse(line: &str) -> Result<Option<Command>, CommandError> {
    let mut words = line.split_whitespace();
    let Some(head) = words.next() else {
        return Ok(None);
    };
    let rest: Vec<&str> = words.collect();
    let command = match head {
        "usi" => Command::Usi,
        "isready" => Command::IsReady,
        "usinewgame" => Command::UsiNewGame,
        "stop" => Command::Stop,
        "quit" => Command::Quit,
        "setoption" => parse_setoption(&rest)?,
        "position" => Command::Position(parse_position(&rest)?),
        "go" => Command::Go(parse_go(&rest).map_err(CommandError::Go)?),
        "ponderhit" => match parse_go(&rest) {
            Ok(go) => Command::PonderHit {
                clock: go.params.has_clock().then_some(go.params),
                unread: None,
            },
            Err(e) => Command::PonderHit {
                clock: None,
                unread: Some(e),
            },
        },
        "gameover" => Command::GameOver(match rest.first() {
            Some(&"win") => GameResult::Win,
            Some(&"lose") => GameResult::Lose,
            Some(&"draw") => GameResult::Draw,
            _ => GameResult::Unknown,
        }),
        "bench" => Command::Bench(match rest.first() {
            None => None,
            Some(d) => match d.parse::<u32>() {
                Ok(n) if (1..=64).contains(&n) => Some(n),
                _ => return Err(CommandError::BenchDepth(echo(d))),
            },
        }),
        other => return Err(CommandError::Unknown(echo(other))),
    };
    Ok(Some(command))
}

fn parse_setoption(rest: &[&str]) -> Result<Command, CommandError> {
    if rest.first() != Some(&"name") {
        return Err(CommandError::SetOptionSyntax);
    }
    let rest = &rest[1..];
    let value_at = rest.iter().position(|w| *w == "value");
    let (name, value) = match value_at {
        Some(i) => (&rest[..i], Some(rest[i + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(CommandError::SetOptionSyntax);
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

fn parse_position(rest: &[&str]) -> Result<PositionCommand, CommandError> {
    let moves_at = rest.iter().position(|w| *w == "moves");
    let (start_words, moves) = match moves_at {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &[][..]),
    };
    let start = match start_words.split_first() {
        Some((&"startpos", trailing)) => {
            if let Some(word) = trailing.first() {
                return Err(CommandError::PositionTrailing(echo(word)));
            }
            StartSpec::StartPos
        }
        Some((&"sfen", fields)) => {
            if fields.is_empty() {
                return Err(CommandError::PositionEmptySfen);
            }
            StartSpec::Sfen(fields.join(" "))
        }
        _ => return Err(CommandError::PositionStart),
    };
    Ok(PositionCommand {
        start,
        moves: moves.iter().map(|m| m.to_string()).collect(),
    })
}

/// The keywords `go` understands (a `searchmoves` list ends at one of them).
const GO_KEYWORDS: &[&str] = &[
    "ponder",
    "btime",
    "wtime",
    "binc",
    "winc",
    "byoyomi",
    "movetime",
    "depth",
    "nodes",
    "infinite",
    "mate",
    "searchmoves",
    "movestogo",
];

/// Reads the words after `go` (or after `ponderhit`). Any field that cannot be read makes
/// the whole command an error: a `go` must say exactly what it asks for, or start nothing.
fn parse_go(rest: &[&str]) -> Result<GoCommand, GoError> {
    let mut go = GoCommand::default();
    let mut i = 0;
    while i < rest.len() {
        let word = rest[i];
        i += 1;
        // The word after a field is its value unless it is the next keyword.
        let mut value = |field: &'static str| {
            // (`infinite` is both a keyword and the value of `mate`.)
            let v = rest
                .get(i)
                .copied()
                .filter(|v| !GO_KEYWORDS.contains(v) || (field == "mate" && *v == "infinite"));
            if v.is_some() {
                i += 1;
            }
            v.ok_or(GoError::MissingValue(field))
        };
        match word {
            "ponder" => go.ponder = true,
            "infinite" => go.params.infinite = true,
            "btime" | "wtime" | "binc" | "winc" | "byoyomi" | "movetime" => {
                let (field, slot) = match word {
                    "btime" => ("btime", &mut go.params.btime),
                    "wtime" => ("wtime", &mut go.params.wtime),
                    "binc" => ("binc", &mut go.params.binc),
                    "winc" => ("winc", &mut go.params.winc),
                    "byoyomi" => ("byoyomi", &mut go.params.byoyomi),
                    _ => ("movetime", &mut go.params.movetime),
                };
                *slot = Some(millis(field, value(field)?)?);
            }
            "depth" => {
                let n = count("depth", value("depth")?)?;
                go.params.depth = Some(u32::try_from(n).unwrap_or(u32::MAX));
            }
            "nodes" => go.params.nodes = Some(count("nodes", value("nodes")?)?),
            // movestogo (UCI): not used in shogi; read, so a bad one is still refused.
            "movestogo" => {
                count("movestogo", value("movestogo")?)?;
            }
            "mate" => {
                let v = value("mate")?;
                go.mate = Some(if v == "infinite" {
                    MateLimit::Infinite
                } else {
                    MateLimit::Millis(whole_number(v).ok_or_else(|| GoError::MateLimit(echo(v)))?)
                });
            }
            "searchmoves" => {
                while i < rest.len() && !GO_KEYWORDS.contains(&rest[i]) {
                    go.searchmoves.push(rest[i].to_string());
                    i += 1;
                }
            }
            other => return Err(GoError::UnknownKeyword(echo(other))),
        }
    }
    Ok(go)
}

/// A run of ASCII digits as a number (saturating: more digits than fit is the largest).
fn whole_number(v: &str) -> Option<u64> {
    all_digits(v).then(|| v.parse::<u64>().unwrap_or(u64::MAX))
}

/// The milliseconds of `field`: a number, where a negative one counts as 0 (a GUI may send
/// a clock that has run past zero).
fn millis(field: &'static str, v: &str) -> Result<u64, GoError> {
    match v.strip_prefix('-') {
        Some(digits) if all_digits(digits) => Ok(0),
        _ => whole_number(v).ok_or_else(|| GoError::NotMillis {
            field,
            value: echo(v),
        }),
    }
}

/// The count of `field` (`depth`, `nodes`): a number, 0 or more.
fn count(field: &'static str, v: &str) -> Result<u64, GoError> {
    whole_number(v).ok_or_else(|| GoError::NotCount {
        field,
        value: echo(v),
    })
}

fn all_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(line: &str) -> GoCommand {
        match parse(line) {
            Ok(Some(Command::Go(g))) => g,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn simple_commands() {
        assert_eq!(parse("usi"), Ok(Some(Command::Usi)));
        assert_eq!(parse("  isready \r"), Ok(Some(Command::IsReady)));
        assert_eq!(parse(""), Ok(None));
        assert_eq!(parse(" \t "), Ok(None));
        assert_eq!(parse("stop"), Ok(Some(Command::Stop)));
        assert_eq!(parse("quit"), Ok(Some(Command::Quit)));
        assert_eq!(parse("usinewgame"), Ok(Some(Command::UsiNewGame)));
        assert_eq!(
            parse("gameover lose"),
            Ok(Some(Command::GameOver(GameResult::Lose)))
        );
        assert_eq!(
            parse("gameover"),
            Ok(Some(Command::GameOver(GameResult::Unknown)))
        );
        assert_eq!(parse("bench"), Ok(Some(Command::Bench(None))));
        assert_eq!(parse("bench 3"), Ok(Some(Command::Bench(Some(3)))));
        assert!(matches!(parse("bench x"), Err(CommandError::BenchDepth(_))));
        assert_eq!(
            parse("xyzzy 1 2"),
            Err(CommandError::Unknown("xyzzy".to_string()))
        );
    }

    #[test]
    fn unknown_commands_are_echoed_short() {
        let long = "a".repeat(1000);
        let Err(CommandError::Unknown(w)) = parse(&long) else {
            panic!()
        };
        assert_eq!(w.len(), ECHO_CHARS + 3);
    }

    #[test]
    fn setoption_names_and_values() {
        assert_eq!(
            parse("setoption name USI_Hash value 32"),
            Ok(Some(Command::SetOption {
                name: "USI_Hash".into(),
                value: Some("32".into())
            }))
        );
        assert_eq!(
            parse("setoption name Clear Hash"),
            Ok(Some(Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            }))
        );
        assert_eq!(
            parse("setoption name BookFile value my  book.db"),
            Ok(Some(Command::SetOption {
                name: "BookFile".into(),
                value: Some("my book.db".into())
            }))
        );
        assert_eq!(
            parse("setoption name X value"),
            Ok(Some(Command::SetOption {
                name: "X".into(),
                value: Some(String::new())
            }))
        );
        assert_eq!(parse("setoption"), Err(CommandError::SetOptionSyntax));
        assert_eq!(
            parse("setoption USI_Hash 3"),
            Err(CommandError::SetOptionSyntax)
        );
        assert_eq!(
            parse("setoption name value 3"),
            Err(CommandError::SetOptionSyntax)
        );
    }

    #[test]
    fn positions() {
        assert_eq!(
            parse("position startpos moves 7g7f 3c3d"),
            Ok(Some(Command::Position(PositionCommand {
                start: StartSpec::StartPos,
                moves: vec!["7g7f".into(), "3c3d".into()]
            })))
        );
        assert_eq!(
            parse("position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1 moves"),
            Ok(Some(Command::Position(PositionCommand {
                start: StartSpec::Sfen("4k4/9/9/9/9/9/9/9/4K4 b - 1".into()),
                moves: vec![]
            })))
        );
        assert_eq!(parse("position"), Err(CommandError::PositionStart));
        assert_eq!(
            parse("position moves 7g7f"),
            Err(CommandError::PositionStart)
        );
        assert_eq!(parse("position sfen"), Err(CommandError::PositionEmptySfen));
        assert_eq!(
            parse("position startpos 7g7f"),
            Err(CommandError::PositionTrailing("7g7f".into()))
        );
    }

    fn go_error(line: &str) -> GoError {
        match parse(line) {
            Err(CommandError::Go(e)) => e,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn go_fields() {
        let g = go("go btime 30000 wtime 20000 byoyomi 10000");
        assert_eq!(g.params.btime, Some(30_000));
        assert_eq!(g.params.wtime, Some(20_000));
        assert_eq!(g.params.byoyomi, Some(10_000));
        assert!(!g.ponder);
        let g = go("go ponder btime 1 wtime 2 binc 3 winc 4");
        assert!(g.ponder);
        assert_eq!((g.params.binc, g.params.winc), (Some(3), Some(4)));
        let g = go("go depth 3 nodes 1000 movetime 50 infinite movestogo 40");
        assert_eq!(g.params.depth, Some(3));
        assert_eq!(g.params.nodes, Some(1000));
        assert_eq!(g.params.movetime, Some(50));
        assert!(g.params.infinite);
        assert_eq!(go("go mate 1000").mate, Some(MateLimit::Millis(1000)));
        assert_eq!(go("go mate infinite").mate, Some(MateLimit::Infinite));
        let g = go("go searchmoves 7g7f 2g2f depth 2");
        assert_eq!(g.searchmoves, vec!["7g7f", "2g2f"]);
        assert_eq!(g.params.depth, Some(2));
        assert_eq!(go("go").params, GoParams::default());
    }

    #[test]
    fn go_numbers_at_their_edges() {
        // A clock past zero is none left; more digits than fit is the most there is.
        let g = go("go btime -300 wtime 0");
        assert_eq!((g.params.btime, g.params.wtime), (Some(0), Some(0)));
        assert_eq!(
            go("go btime 99999999999999999999").params.btime,
            Some(u64::MAX)
        );
        assert_eq!(
            go("go depth 99999999999999999999").params.depth,
            Some(u32::MAX)
        );
        assert_eq!(go("go depth 0").params.depth, Some(0));
    }

    #[test]
    fn a_malformed_go_is_an_error() {
        assert_eq!(
            go_error("go sideways"),
            GoError::UnknownKeyword("sideways".into())
        );
        assert_eq!(
            go_error("go btime x"),
            GoError::NotMillis {
                field: "btime",
                value: "x".into()
            }
        );
        assert_eq!(
            go_error("go depth -3"),
            GoError::NotCount {
                field: "depth",
                value: "-3".into()
            }
        );
        assert_eq!(go_error("go movetime"), GoError::MissingValue("movetime"));
        assert_eq!(
            go_error("go btime wtime 1000"),
            GoError::MissingValue("btime")
        );
        assert_eq!(go_error("go mate"), GoError::MissingValue("mate"));
        assert_eq!(go_error("go mate soon"), GoError::MateLimit("soon".into()));
        assert_eq!(
            go_error("go nodes 1.5"),
            GoError::NotCount {
                field: "nodes",
                value: "1.5".into()
            }
        );
        assert_eq!(
            go_error("go byoyomi +100"),
            GoError::NotMillis {
                field: "byoyomi",
                value: "+100".into()
            }
        );
        assert!(matches!(
            go_error("go movestogo many"),
            GoError::NotCount { .. }
        ));
        // A good field does not excuse a bad one after it.
        assert_eq!(
            go_error("go btime 1000 wtime 1000 byoyomi 100 frobnicate"),
            GoError::UnknownKeyword("frobnicate".into())
        );
        let message = parse("go depth -3").unwrap_err().to_string();
        assert_eq!(message, "go: depth '-3' is not a number (0 or more)");
    }

    #[test]
    fn ponderhit_may_carry_a_clock() {
        assert_eq!(
            parse("ponderhit"),
            Ok(Some(Command::PonderHit {
                clock: None,
                unread: None
            }))
        );
        let Ok(Some(Command::PonderHit {
            clock: Some(p),
            unread: None,
        })) = parse("ponderhit btime 1000 wtime 2000 byoyomi 3000")
        else {
            panic!()
        };
        assert_eq!(p.byoyomi, Some(3000));
        // A bad clock is kept as the reason it was not read: the ponderhit itself holds.
        assert_eq!(
            parse("ponderhit btime soon"),
            Ok(Some(Command::PonderHit {
                clock: None,
                unread: Some(GoError::NotMillis {
                    field: "btime",
                    value: "soon".into()
                })
            }))
        );
    }
}
