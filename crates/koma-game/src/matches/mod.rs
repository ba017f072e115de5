//! Matches between two USI engines: games from a list of openings, each played twice with
//! colours swapped, every game judged by [`Game`](crate::Game), records written as KIF and
//! CSA, and the score with the Elo difference it implies.
//!
//! ```no_run
//! use koma_game::matches::{EngineSpec, Match, MatchConfig, MatchEvent};
//! use koma_rules::VariantKind;
//!
//! let a = EngineSpec::from_command_line("./engine-a")?;
//! let b = EngineSpec::from_command_line("./engine-b --threads 1")?;
//! let mut config = MatchConfig::new(a, b, VariantKind::Shogi);
//! config.games = 4;
//! config.time = "10s+1s".parse().unwrap();
//! let mut runner = Match::new(config)?;
//! let summary = runner.run(&mut |event: &MatchEvent| {
//!     if let MatchEvent::GameFinished(result) = event {
//!         println!("game {}: {}", result.number, result.outcome);
//!     }
//! })?;
//! println!("{summary}");
//! # Ok::<(), koma_game::matches::MatchError>(())
//! ```
//!
//! Any game of the family is played the same way, Chu included ([`Refereed`]). Game `n`
//! (from 1) plays opening `(n - 1) / 2` (cycling through the list), then as many random
//! moves as [`MatchConfig::random_plies`] asks, the same for both games of a pair; engine A
//! takes sente in odd games and gote in even ones. Engines are started once and reused
//! (`usinewgame` before each game, `gameover` after it); one that crashed, exited or stopped
//! answering is started again before the next game.
//!
//! [`ConcurrentMatch`] plays several games at once, each on its own pair of engines; game
//! `n` keeps its opening and colours whichever pair plays it.
//!
//! With [`MatchConfig::adjudication`] set, a game both engines agree is lost ends early
//! ([`Reason::Adjudication`](crate::Reason::Adjudication)): see [`Adjudication`].

mod adjudication;
mod concurrent;
mod elo;
mod openings;
pub(crate) mod records;
pub(crate) mod runner;
mod summary;
mod thoughts;

pub use adjudication::{Adjudication, AdjudicationError, ResignWatch};
pub use concurrent::ConcurrentMatch;
pub use elo::{Elo, Z_95, elo_difference};
pub use openings::{Opening, OpeningError, OpeningsError, parse_openings, read_openings};
pub use records::RecordHeader;
pub use runner::{Match, MatchEvent};
pub use summary::{GameResult, MatchSummary};

use crate::clock::TimeControl;
use crate::engine_turn::{FixedLimit, TurnLimits};
use crate::rules::RuleSet;
use crate::usi_client::{UsiError, UsiTimeouts};
use koma_rules::{GameKind, VariantKind};
use std::path::PathBuf;

#[cfg(doc)]
use crate::refereed::Refereed;

/// How to start one engine of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The name shown and written in records (default: the engine's `id name`).
    pub name: Option<String>,
    /// The program.
    pub command: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// The directory to run it in (default: the current one).
    pub working_dir: Option<PathBuf>,
    /// USI options to set after the handshake, in order (an empty value presses a button).
    pub options: Vec<(String, String)>,
}

impl EngineSpec {
    /// An engine from a command line split at whitespace (no quoting: a path must not hold
    /// spaces). A program given as a path (with a `/`) runs in its own directory, as
    /// shogi GUIs run engines, so that it finds its evaluation files and books.
    pub fn from_command_line(line: &str) -> Result<EngineSpec, MatchError> {
        let mut words = line.split_whitespace().map(str::to_string);
        let program = words.next().ok_or(MatchError::EmptyCommand)?;
        Ok(EngineSpec::from_program(&program, words.collect()))
    }

    /// An engine from its program and arguments (a path may hold spaces). A program given
    /// as a path (with a `/`) runs in its own directory, as shogi GUIs run engines, so that
    /// it finds its evaluation files and books.
    pub fn from_program(program: &str, args: Vec<String>) -> EngineSpec {
        let mut spec = EngineSpec {
            name: None,
            command: program.to_string(),
            args,
            working_dir: None,
            options: Vec::new(),
        };
        if program.contains('/') {
            if let Ok(path) = std::fs::canonicalize(program) {
                spec.working_dir = path.parent().map(PathBuf::from);
                spec.command = path.to_string_lossy().into_owned();
            }
        }
        spec
    }

    /// The command line as given (program and arguments).
    pub fn command_line(&self) -> String {
        std::iter::once(self.command.as_str())
            .chain(self.args.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Engine A and engine B; scores are A's.
    pub engines: [EngineSpec; 2],
    /// How many games.
    pub games: usize,
    /// The time control of every game.
    pub time: TimeControl,
    /// The rules every game is judged by.
    pub rules: RuleSet,
    /// The game played: a 9x9 variant or Chu.
    pub variant: GameKind,
    /// The openings, each played twice with colours swapped (none: the start position).
    pub openings: Vec<Opening>,
    /// Random legal moves played after each opening, the same in both games of a pair
    /// (fewer where one would end the game).
    pub random_plies: usize,
    /// The seed of those moves.
    pub seed: u64,
    /// Where the KIF and CSA records go (none: not written).
    pub out_dir: Option<PathBuf>,
    /// The margin for pipe delays and the limit for games without a clock.
    pub turn: TurnLimits,
    /// How long the engines may take to start and to get ready.
    pub timeouts: UsiTimeouts,
    /// Ends a game both engines agree is lost (none: every game is played out).
    pub adjudication: Option<Adjudication>,
}

impl MatchConfig {
    /// A match of 20 games at `1m+1s` from the start position under the default rules of
    /// `variant` ([`MatchConfig::default_rules`]), with a 100 ms margin and no random
    /// moves.
    pub fn new(a: EngineSpec, b: EngineSpec, variant: impl Into<GameKind>) -> MatchConfig {
        let variant = variant.into();
        MatchConfig {
            engines: [a, b],
            games: 20,
            time: TimeControl::byoyomi(60_000, 1_000),
            rules: MatchConfig::default_rules(variant),
            variant,
            openings: Vec::new(),
            random_plies: 0,
            seed: 1,
            out_dir: None,
            turn: TurnLimits {
                margin_ms: 100,
                unclocked: FixedLimit::MoveTime(1_000),
            },
            timeouts: UsiTimeouts::default(),
            adjudication: None,
        }
    }

    /// The rules of engine matches: CSA's for shogi (27-point declaration, a draw at 256
    /// moves), Chu's with a draw at [`CHU_MATCH_PLIES`] moves, for the other variants
    /// their own ([`RuleSet::default_for`]).
    pub fn default_rules(variant: impl Into<GameKind>) -> RuleSet {
        match variant.into() {
            GameKind::Family(VariantKind::Shogi) => RuleSet::CSA,
            GameKind::Chu => RuleSet::CHU.with_max_plies(Some(CHU_MATCH_PLIES)),
            other => RuleSet::default_for(other),
        }
    }
}

/// Where an engine match of Chu is drawn: Chu's rules set no limit, and a match must end.
/// koma-engine's self-play games last about 310 plies, so a lower limit draws many of them.
pub const CHU_MATCH_PLIES: u32 = 500;

impl MatchConfig {
    /// Whether `opening` can start this match's games; if not, why.
    pub(crate) fn check(&self, opening: &Opening) -> Result<(), MatchError> {
        let checked =
            koma_rules::dispatch_game!(self.variant, R => opening.game::<R>(self.rules).map(drop));
        checked.map_err(|source| MatchError::Opening {
            line: opening.line,
            source,
        })
    }
}

/// Why a match could not start or go on.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// An engine command line was empty.
    #[error("an engine command is empty")]
    EmptyCommand,
    /// An engine could not be started or set up.
    #[error("engine `{command}`: {source}")]
    Engine {
        /// Its command line.
        command: String,
        /// What went wrong.
        source: UsiError,
    },
    /// An engine cannot play the match's variant.
    #[error("engine `{command}` cannot play {variant}: {why}")]
    Variant {
        /// Its command line.
        command: String,
        /// The variant's name.
        variant: &'static str,
        /// Why not.
        #[source]
        why: VariantRefusal,
    },
    /// The openings file could not be read.
    #[error(transparent)]
    Openings(#[from] OpeningsError),
    /// An opening cannot be played under the match's rules.
    #[error("opening {}: {source}", opening_place(*.line))]
    Opening {
        /// Its line in the file, if it came from one.
        line: Option<usize>,
        /// What is wrong.
        source: OpeningError,
    },
    /// A record could not be written.
    #[error("{path}: {source}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// A game refused a request it should not have (a bug rather than an engine's fault).
    #[error("game {number}: {source}")]
    Game {
        /// The game's number.
        number: usize,
        /// What the game said.
        source: crate::GameError,
    },
}

/// Why an engine cannot play a variant, by the options it declares.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VariantRefusal {
    /// It declares no variant option, so it plays shogi only.
    #[error("it has no USI_Variant option")]
    NoVariantOption,
    /// Its variant option does not offer the variant under any of its names.
    #[error("its {option} option offers {}, not {}", offers_text(.offered), .wanted.join(" or "))]
    NotOffered {
        /// The option's name (`USI_Variant`, `UCI_Variant`).
        option: String,
        /// The values it offers.
        offered: Vec<String>,
        /// The variant's names looked for.
        wanted: Vec<&'static str>,
    },
}

/// The offered values, or their count when there are many (Fairy-Stockfish offers dozens).
fn offers_text(offered: &[String]) -> String {
    if offered.len() <= 8 {
        offered.join(", ")
    } else {
        format!("{} variants", offered.len())
    }
}

fn opening_place(line: Option<usize>) -> String {
    match line {
        Some(line) => format!("on line {line}"),
        None => "(start position)".to_string(),
    }
}
