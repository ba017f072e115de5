//! What a USI engine prints, read line by line. Reading never fails: a line that is not
//! understood becomes [`EngineMessage::Unknown`], and a field that does not parse is left out.

use std::fmt;

/// One line printed by an engine, as far as the client understands it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineMessage {
    /// `id name <rest of line>`.
    IdName(String),
    /// `id author <rest of line>`.
    IdAuthor(String),
    /// `option name ... type ...`.
    Option(UsiOption),
    /// `usiok`: the end of the answer to `usi`.
    UsiOk,
    /// `readyok`: the answer to `isready`.
    ReadyOk,
    /// `info ...`.
    Info(SearchInfo),
    /// `bestmove <move> [ponder <move>]`.
    BestMove {
        /// The move, `resign` or `win`.
        best: BestMove,
        /// The move the engine expects in reply, if it named one.
        ponder: Option<String>,
    },
    /// A `bestmove` line without a move.
    MalformedBestMove,
    /// `checkmate ...` (the answer to `go mate`), with the rest of the line.
    Checkmate(String),
    /// Anything else, empty lines included.
    Unknown,
}

/// The engine's answer to `go`: raw USI text, since parsing and legality are the game
/// layer's business.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum BestMove {
    /// A move in USI notation as the engine wrote it (`7g7f`, `8h2b+`, `P*5e`, or anything).
    Move(String),
    /// `bestmove resign`: the engine resigns (投了).
    Resign,
    /// `bestmove win`: the engine declares an entering-king win (入玉宣言).
    Win,
}

impl BestMove {
    /// Reads the move token of a `bestmove` line.
    pub fn from_token(token: &str) -> BestMove {
        match token {
            "resign" => BestMove::Resign,
            "win" => BestMove::Win,
            other => BestMove::Move(other.to_string()),
        }
    }

    /// The move text, if this is a move rather than a resignation or a declaration.
    pub fn as_move(&self) -> Option<&str> {
        match self {
            BestMove::Move(m) => Some(m),
            _ => None,
        }
    }
}

impl fmt::Display for BestMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BestMove::Move(m) => f.write_str(m),
            BestMove::Resign => f.write_str("resign"),
            BestMove::Win => f.write_str("win"),
        }
    }
}

/// The engine's answer to `go mate`: the rest of its `checkmate` line.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MateAnswer {
    /// `checkmate <moves>`: a mate, the moves in USI as the engine wrote them.
    Mate(Vec<String>),
    /// `checkmate nomate`: there is no mate.
    NoMate,
    /// `checkmate timeout`: none was found in the time.
    Timeout,
    /// `checkmate notimplemented`: the engine has no mate search.
    NotImplemented,
}

impl MateAnswer {
    /// Reads the words after `checkmate` (no words: an empty mate, which no position has,
    /// is read as [`MateAnswer::NoMate`]).
    pub fn from_text(text: &str) -> MateAnswer {
        match text.trim() {
            "" | "nomate" => MateAnswer::NoMate,
            "timeout" => MateAnswer::Timeout,
            "notimplemented" => MateAnswer::NotImplemented,
            moves => MateAnswer::Mate(moves.split_whitespace().map(str::to_string).collect()),
        }
    }
}

/// An engine option declared in the answer to `usi`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UsiOption {
    /// The option's name (`USI_Hash`, `Threads`, ...).
    pub name: String,
    /// Its type.
    pub kind: OptionKind,
    /// The default value as written (`<empty>` stands for the empty string), if given.
    pub default: Option<String>,
    /// The smallest value of a `spin` option.
    pub min: Option<i64>,
    /// The largest value of a `spin` option.
    pub max: Option<i64>,
    /// The choices of a `combo` option, in order.
    pub vars: Vec<String>,
}

/// The type of a USI option.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum OptionKind {
    /// `check`: `true` or `false`.
    Check,
    /// `spin`: an integer between `min` and `max`.
    Spin,
    /// `combo`: one of the `var` values.
    Combo,
    /// `button`: set without a value.
    Button,
    /// `string`: free text.
    #[default]
    String,
    /// `filename`: a path.
    Filename,
    /// A type this client does not know, as written.
    Other(String),
}

/// The fields of an `info` line; those the line did not carry (or that did not parse) are
/// `None` or empty.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchInfo {
    /// `depth`: nominal search depth.
    pub depth: Option<u32>,
    /// `seldepth`: selective depth.
    pub seldepth: Option<u32>,
    /// `time`: milliseconds searched.
    pub time_ms: Option<u64>,
    /// `nodes`: nodes searched.
    pub nodes: Option<u64>,
    /// `nps`: nodes per second.
    pub nps: Option<u64>,
    /// `hashfull`: hash table use in permille.
    pub hashfull: Option<u32>,
    /// `multipv`: which of several lines this is (1 = best).
    pub multipv: Option<u32>,
    /// `score`: the evaluation from the engine's side.
    pub score: Option<Score>,
    /// `lowerbound` / `upperbound` after the score.
    pub bound: Option<ScoreBound>,
    /// `currmove`: the move being searched.
    pub currmove: Option<String>,
    /// `pv`: the principal variation, its first move being the move to play.
    pub pv: Vec<String>,
    /// `string`: free text (the rest of the line).
    pub string: Option<String>,
}

impl SearchInfo {
    /// True if the line carries search results (depth, score, nodes or pv), not only a
    /// `string` or `currmove`.
    pub fn has_search_data(&self) -> bool {
        self.depth.is_some() || self.score.is_some() || self.nodes.is_some() || !self.pv.is_empty()
    }
}

/// An evaluation, from the point of view of the engine's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// `score cp N`: centipawns (a pawn is about 100).
    Cp(i32),
    /// `score mate N`: mate in N plies; negative when the engine is being mated.
    Mate(i32),
    /// `score mate +` / `score mate -`: a mate of unknown length, for the engine (`true`)
    /// or against it (`false`).
    MateUnknown(bool),
}

/// Whether a score is exact or only a bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScoreBound {
    /// `lowerbound`: the true score is at least this.
    Lower,
    /// `upperbound`: the true score is at most this.
    Upper,
}

/// Reads one line printed by an engine (trailing `\r` and blanks ignored).
pub fn parse_engine_line(line: &str) -> EngineMessage {
    let line = line.trim();
    let (head, rest) = split_word(line);
    match head {
        "usiok" => EngineMessage::UsiOk,
        "readyok" => EngineMessage::ReadyOk,
        "id" => {
            let (key, value) = split_word(rest);
            match key {
                "name" => EngineMessage::IdName(value.to_string()),
                "author" => EngineMessage::IdAuthor(value.to_string()),
                _ => EngineMessage::Unknown,
            }
        }
        "option" => parse_option(rest).map_or(EngineMessage::Unknown, EngineMessage::Option),
        "info" => EngineMessage::Info(parse_info(rest)),
        "bestmove" => {
            let mut words = rest.split_whitespace();
            match words.next() {
                None => EngineMessage::MalformedBestMove,
                Some(token) => {
                    let ponder = match (words.next(), words.next()) {
                        (Some("ponder"), Some(p)) => Some(p.to_string()),
                        _ => None,
                    };
                    EngineMessage::BestMove {
                        best: BestMove::from_token(token),
                        ponder,
                    }
                }
            }
        }
        "checkmate" => EngineMessage::Checkmate(rest.to_string()),
        _ => EngineMessage::Unknown,
    }
}

/// Splits off the first whitespace-separated word; the rest is trimmed at its start.
fn split_word(text: &str) -> (&str, &str) {
    let text = text.trim_start();
    match text.find(char::is_whitespace) {
        Some(i) => (&text[..i], text[i..].trim_start()),
        None => (text, ""),
    }
}

/// Reads the part of an `option` line after `option`; `None` without a name.
fn parse_option(text: &str) -> Option<UsiOption> {
    const KEYS: [&str; 6] = ["name", "type", "default", "min", "max", "var"];
    let mut option = UsiOption::default();
    let mut has_name = false;
    let mut rest = text;
    while !rest.is_empty() {
        let (key, after) = split_word(rest);
        // The value is at least one word (`default default` is a combo default), then runs
        // up to the next keyword, so names and defaults may hold spaces.
        let mut value_end = after.len();
        let mut scan = split_word(after).1;
        while !scan.is_empty() {
            let (word, next) = split_word(scan);
            if KEYS.contains(&word) {
                value_end = after.len() - scan.len();
                break;
            }
            scan = next;
        }
        let value = after[..value_end].trim();
        rest = &after[value_end..];
        match key {
            "name" if !value.is_empty() => {
                option.name = value.to_string();
                has_name = true;
            }
            "type" => {
                option.kind = match value {
                    "check" => OptionKind::Check,
                    "spin" => OptionKind::Spin,
                    "combo" => OptionKind::Combo,
                    "button" => OptionKind::Button,
                    "string" => OptionKind::String,
                    "filename" => OptionKind::Filename,
                    other => OptionKind::Other(other.to_string()),
                }
            }
            "default" => option.default = Some(value.to_string()),
            "min" => option.min = value.parse().ok(),
            "max" => option.max = value.parse().ok(),
            "var" => option.vars.push(value.to_string()),
            _ => {}
        }
    }
    has_name.then_some(option)
}

/// Reads the part of an `info` line after `info`.
fn parse_info(text: &str) -> SearchInfo {
    const KEYS: [&str; 15] = [
        "depth",
        "seldepth",
        "time",
        "nodes",
        "nps",
        "hashfull",
        "multipv",
        "score",
        "lowerbound",
        "upperbound",
        "currmove",
        "currmovenumber",
        "cpuload",
        "pv",
        "string",
    ];
    let mut info = SearchInfo::default();
    let mut rest = text;
    loop {
        let (key, after) = split_word(rest);
        if key.is_empty() {
            break;
        }
        rest = after;
        let mut value = || {
            let (word, after) = split_word(rest);
            rest = after;
            word
        };
        match key {
            "depth" => info.depth = value().parse().ok(),
            "seldepth" => info.seldepth = value().parse().ok(),
            "time" => info.time_ms = value().parse().ok(),
            "nodes" => info.nodes = value().parse().ok(),
            "nps" => info.nps = value().parse().ok(),
            "hashfull" => info.hashfull = value().parse().ok(),
            "multipv" => info.multipv = value().parse().ok(),
            "currmove" => info.currmove = Some(value().to_string()).filter(|m| !m.is_empty()),
            "currmovenumber" | "cpuload" => {
                value();
            }
            "score" => {
                let kind = value();
                let number = value();
                info.score = match (kind, number) {
                    ("cp", n) => n.parse().ok().map(Score::Cp),
                    ("mate", "+") => Some(Score::MateUnknown(true)),
                    ("mate", "-") => Some(Score::MateUnknown(false)),
                    ("mate", n) => n.parse().ok().map(Score::Mate),
                    _ => None,
                };
            }
            "lowerbound" => info.bound = Some(ScoreBound::Lower),
            "upperbound" => info.bound = Some(ScoreBound::Upper),
            "pv" => {
                info.pv.clear();
                loop {
                    let (word, after) = split_word(rest);
                    if word.is_empty() || KEYS.contains(&word) {
                        break;
                    }
                    info.pv.push(word.to_string());
                    rest = after;
                }
            }
            "string" => {
                info.string = Some(rest.to_string());
                break;
            }
            _ => {}
        }
    }
    info
}
