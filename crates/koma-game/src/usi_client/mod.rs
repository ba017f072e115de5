//! A client for USI engines running as child processes.
//!
//! [`UsiEngine`] starts an engine, does the `usi` handshake, sets options, asks for moves
//! with a deadline and stops or kills engines that overrun it. It plays no game: the caller
//! builds `position` lines, keeps the clocks and judges the moves it gets back as raw text.
//! Every wait has a timeout, and nothing an engine prints can make the client panic.
//!
//! [`UsiEngine::go`] waits for the answer at once. Its halves serve callers that wait
//! otherwise: [`UsiEngine::start_go`] sends the search, [`UsiEngine::poll_go`] waits for
//! its answer up to a moment, [`UsiEngine::ponder_hit`] turns a `go ponder` into the real
//! search, [`UsiEngine::stop_go`] stops it. [`UsiEngine::go_mate`] asks for a mate search.
//!
//! ```no_run
//! use std::time::Duration;
//! use koma_game::usi_client::{BestMove, GameOver, GoLimits, UsiEngine, UsiTimeouts};
//!
//! let mut engine = UsiEngine::spawn("./my-engine", &[], None, UsiTimeouts::default())?;
//! engine.set_option("USI_Hash", "256")?;
//! engine.is_ready()?;
//! engine.new_game()?;
//! let limits = GoLimits::byoyomi(60_000, 60_000, 10_000);
//! let answer = engine.go("position startpos moves 7g7f", &limits, Duration::from_secs(71))?;
//! if let BestMove::Move(m) = &answer.best {
//!     println!("{m} after {:?}", answer.elapsed);
//! }
//! engine.game_over(GameOver::Draw)?;
//! engine.quit();
//! # Ok::<(), koma_game::usi_client::UsiError>(())
//! ```

mod engine;
mod message;
mod pipes;

pub use engine::{LogObserver, UsiEngine};
pub use message::{
    BestMove, EngineMessage, MateAnswer, OptionKind, Score, ScoreBound, SearchInfo, UsiOption,
    parse_engine_line,
};

use std::fmt;
use std::process::ExitStatus;

/// How an engine writes positions and moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// USI as koma and lishogi write it.
    #[default]
    Usi,
    /// Fairy-Stockfish's letters and moves ([`koma_notation::fsf`]): Kyoto's faces as
    /// promotions, Dōbutsu's animals by their initials.
    Fsf,
}

impl Dialect {
    /// The dialect of an engine that calls itself `name` (`id name`): Fairy-Stockfish's
    /// for Fairy-Stockfish, USI for every other.
    pub fn of_engine(name: Option<&str>) -> Dialect {
        match name {
            Some(n) if n.to_ascii_lowercase().contains("fairy-stockfish") => Dialect::Fsf,
            _ => Dialect::Usi,
        }
    }
}

/// The USI option by which koma-engine learns the repetition rule of the game it plays
/// (a combo of [`crate::REPETITION_NAMES`], or `variant` for the variant's own): a
/// match or a server sets it when the engine declares it.
pub const REPETITION_OPTION: &str = "RepetitionRule";
use std::time::Duration;

/// How long the client waits for each kind of answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UsiTimeouts {
    /// From `usi` to `usiok` (default 10 s).
    pub usiok: Duration,
    /// From `isready` to `readyok` (default 60 s: engines load evaluation files here).
    pub readyok: Duration,
    /// After a missed deadline, from `stop` to a late `bestmove` (default 1 s).
    pub stop_grace: Duration,
    /// From `quit` to the process's exit before it is killed (default 2 s).
    pub quit: Duration,
}

impl Default for UsiTimeouts {
    fn default() -> Self {
        UsiTimeouts {
            usiok: Duration::from_secs(10),
            readyok: Duration::from_secs(60),
            stop_grace: Duration::from_secs(1),
            quit: Duration::from_secs(2),
        }
    }
}

/// The arguments of a `go` command, all in milliseconds; only those set are written.
///
/// `b` is sente (black) and `w` gote (white), the reverse of chess's letters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GoLimits {
    /// `btime`: sente's remaining main time.
    pub btime: Option<u64>,
    /// `wtime`: gote's remaining main time.
    pub wtime: Option<u64>,
    /// `byoyomi`: time per move once main time is spent (left out if an increment is set).
    pub byoyomi: Option<u64>,
    /// `binc`: sente's Fischer increment.
    pub binc: Option<u64>,
    /// `winc`: gote's Fischer increment.
    pub winc: Option<u64>,
    /// `movetime`: a fixed time for this move (an extension some engines accept).
    pub movetime: Option<u64>,
    /// `depth`: search to this depth.
    pub depth: Option<u32>,
    /// `nodes`: search this many nodes.
    pub nodes: Option<u64>,
    /// `infinite`: search until `stop`; [`UsiEngine::go`] sends it at the deadline and
    /// returns the answer.
    pub infinite: bool,
    /// `ponder`: think on the opponent's time, until `ponderhit` ([`UsiEngine::ponder_hit`])
    /// or `stop`; written first, as `go ponder btime ...`.
    pub ponder: bool,
}

impl GoLimits {
    /// Main time and byoyomi: `go btime B wtime W byoyomi Y`.
    pub fn byoyomi(btime: u64, wtime: u64, byoyomi: u64) -> GoLimits {
        GoLimits {
            btime: Some(btime),
            wtime: Some(wtime),
            byoyomi: Some(byoyomi),
            ..GoLimits::default()
        }
    }

    /// Main time and Fischer increments: `go btime B wtime W binc I winc J`.
    pub fn increment(btime: u64, wtime: u64, binc: u64, winc: u64) -> GoLimits {
        GoLimits {
            btime: Some(btime),
            wtime: Some(wtime),
            binc: Some(binc),
            winc: Some(winc),
            ..GoLimits::default()
        }
    }

    /// The `go` command line, arguments in USI order. USI forbids `byoyomi` together with
    /// `binc`/`winc`, so `byoyomi` is left out when an increment is set.
    pub fn command(&self) -> String {
        let mut line = String::from(if self.ponder { "go ponder" } else { "go" });
        let mut put = |key: &str, value: Option<u64>| {
            if let Some(v) = value {
                line.push_str(&format!(" {key} {v}"));
            }
        };
        put("btime", self.btime);
        put("wtime", self.wtime);
        if self.binc.is_some() || self.winc.is_some() {
            put("binc", self.binc);
            put("winc", self.winc);
        } else {
            put("byoyomi", self.byoyomi);
        }
        put("movetime", self.movetime);
        put("depth", self.depth.map(u64::from));
        put("nodes", self.nodes);
        if self.infinite {
            line.push_str(" infinite");
        }
        line
    }
}

impl From<crate::clock::UsiTime> for GoLimits {
    /// The time fields a [`Clock`](crate::clock::Clock) gives: `byoyomi`, or `binc`/`winc`
    /// when either is non-zero.
    fn from(time: crate::clock::UsiTime) -> GoLimits {
        if time.binc > 0 || time.winc > 0 {
            GoLimits::increment(time.btime, time.wtime, time.binc, time.winc)
        } else {
            GoLimits::byoyomi(time.btime, time.wtime, time.byoyomi)
        }
    }
}

/// What the engine said in its answer to `usi`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineInfo {
    /// `id name`.
    pub name: Option<String>,
    /// `id author`.
    pub author: Option<String>,
    /// The declared options, in order.
    pub options: Vec<UsiOption>,
}

impl EngineInfo {
    /// The declared option called `name` (exact spelling).
    pub fn option(&self, name: &str) -> Option<&UsiOption> {
        self.options.iter().find(|o| o.name == name)
    }
}

/// The answer to a `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move, resignation or win declaration.
    pub best: BestMove,
    /// The expected reply, if the engine named one.
    pub ponder: Option<String>,
    /// The last `info` line with search data (depth, score, nodes or pv) for the best line
    /// (`multipv` 1 or absent), if the engine sent one.
    pub info: Option<SearchInfo>,
    /// Time from sending `go` to receiving `bestmove`.
    pub elapsed: Duration,
}

/// A game's result from the engine's point of view, as sent by `gameover`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameOver {
    /// `gameover win`: the engine won.
    Win,
    /// `gameover lose`: the engine lost.
    Lose,
    /// `gameover draw`: a draw (sennichite, impasse, move limit).
    Draw,
}

impl GameOver {
    /// The USI word: `win`, `lose` or `draw`.
    pub fn as_str(self) -> &'static str {
        match self {
            GameOver::Win => "win",
            GameOver::Lose => "lose",
            GameOver::Draw => "draw",
        }
    }
}

/// How [`UsiEngine::quit`] ended the process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuitOutcome {
    /// The engine exited by itself, with this status.
    Exited(ExitStatus),
    /// The engine did not exit in time and was killed.
    Killed,
}

/// The kind of a line in the conversation log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LogKind {
    /// Sent by the client to the engine.
    Sent,
    /// Received from the engine and understood.
    Received,
    /// Received from the engine but not understood or not expected then (ignored).
    Unexpected,
    /// Printed by the engine on its standard error.
    Stderr,
    /// A remark by the client (timeouts, exits, kills).
    Note,
}

/// One line of the conversation with an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogEntry {
    /// Time since the engine was started.
    pub at: Duration,
    /// Who said it and how the client took it.
    pub kind: LogKind,
    /// The text, without line ending.
    pub line: String,
}

impl fmt::Display for LogEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mark = match self.kind {
            LogKind::Sent => ">",
            LogKind::Received => "<",
            LogKind::Unexpected => "?",
            LogKind::Stderr => "!",
            LogKind::Note => "#",
        };
        let ms = self.at.as_millis();
        write!(f, "{}.{:03} {mark} {}", ms / 1000, ms % 1000, self.line)
    }
}

/// What went wrong talking to an engine.
#[derive(Debug, thiserror::Error)]
pub enum UsiError {
    /// The engine could not be started.
    #[error("cannot start engine `{command}`: {source}")]
    Spawn {
        /// The command as given.
        command: String,
        /// Why.
        source: std::io::Error,
    },
    /// No `usiok` came within the handshake timeout.
    #[error("engine sent no `usiok` within {0:?}")]
    NoUsiOk(Duration),
    /// No `readyok` came within the timeout.
    #[error("engine sent no `readyok` within {0:?}")]
    NoReadyOk(Duration),
    /// No `bestmove` came before the deadline; the caller scores a time loss.
    #[error("engine sent no `bestmove` within {limit:?}{}", late_text(.late))]
    Timeout {
        /// The deadline that was missed.
        limit: Duration,
        /// The move the engine sent after `stop`, within the grace period, if any.
        late: Option<BestMove>,
    },
    /// The engine answered `go` with a `bestmove` line that names no move.
    #[error("engine sent a `bestmove` without a move: `{0}`")]
    MalformedBestMove(String),
    /// The engine exited or closed its output.
    #[error("engine exited{}", status_text(.status))]
    Exited {
        /// Its exit status, if it is known.
        status: Option<ExitStatus>,
    },
    /// A command to send held a line break, which would have split it into two commands.
    #[error("command holds a line break: {0:?}")]
    LineBreak(String),
    /// A search was to be waited for, stopped or hit, but none is running (no `go` was sent,
    /// or its `bestmove` has come).
    #[error("no search is running (no `go` sent, or it was answered)")]
    NoSearch,
}

fn late_text(late: &Option<BestMove>) -> String {
    match late {
        Some(m) => format!(" (`bestmove {m}` came after `stop`)"),
        None => String::new(),
    }
}

fn status_text(status: &Option<ExitStatus>) -> String {
    match status {
        Some(s) => format!(" ({s})"),
        None => " (closed its output)".to_string(),
    }
}
