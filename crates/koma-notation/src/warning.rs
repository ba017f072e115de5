//! Leniencies: what a reader accepted that its format does not allow, said aloud. Every
//! reader that bends a rule for a real file records a [`Warning`] next to the record, so
//! that the CLI (on standard error) and the server (in a `warnings` list) can show it.

use crate::encoding::Encoding;
use crate::record::Record;
use koma_rules::IllegalMove;
use std::fmt;

/// A record read, with the leniencies its reading needed (none for a clean file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The record.
    pub record: Record,
    /// What the reader accepted that the format does not allow, in file order.
    pub warnings: Vec<Warning>,
}

impl Reading {
    /// A reading without warnings.
    pub fn clean(record: Record) -> Reading {
        Reading {
            record,
            warnings: Vec::new(),
        }
    }
}

/// One leniency: where in the file (1-based line; 0 for the file as a whole) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// 1-based line of the text it concerns; 0 when it concerns the whole file.
    pub line: usize,
    /// What was accepted.
    pub kind: WarningKind,
}

impl Warning {
    /// A warning about line `line`.
    pub fn new(line: usize, kind: WarningKind) -> Warning {
        Warning { line, kind }
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.kind)
        } else {
            write!(f, "line {}: {}", self.line, self.kind)
        }
    }
}

/// What a reader accepted that the format does not allow.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WarningKind {
    /// The file declares an encoding its bytes are not in; it was read in the one found.
    #[error("the file declares encoding {declared}, but its bytes are {found}: read as {found}")]
    WrongEncoding {
        /// The encoding the declaration names.
        declared: Encoding,
        /// The encoding the bytes are in.
        found: Encoding,
    },
    /// A KIF move line numbered other than its place in the line: read as the next move.
    #[error("move numbered {written} where move {expected} comes: read as move {expected}")]
    MoveNumber {
        /// The number written.
        written: usize,
        /// The move's place in its line.
        expected: usize,
    },
    /// The line ends with a move the rules forbid: kept as the mover's loss.
    #[error("'{text}' is illegal ({reason}): kept as the last move, lost by its mover")]
    IllegalLastMove {
        /// The move as written.
        text: String,
        /// The rule it breaks.
        reason: IllegalMove,
    },
    /// An ending that, after an illegal move, would make the innocent side lose: read as
    /// the mover's loss.
    #[error("'{written}' after an illegal move: read as a loss of the illegal move's mover")]
    EndingAfterIllegalMove {
        /// The ending as written.
        written: String,
    },
    /// The square written before `同` (`２四同歩`), which says it twice.
    #[error("'{text}': the square and 同 both given; read as 同")]
    SquareBeforeSame {
        /// The move text.
        text: String,
    },
    /// An end code given again after the game ended (a match server's `%KACHI,T1` then
    /// `%KACHI`): the same ending, read once.
    #[error("'{code}' repeats the ending already given: read once")]
    RepeatedEnding {
        /// The end code as written.
        code: String,
    },
    /// `入` (an old word for moving forward) read as `上`.
    #[error("'{text}': 入 read as 上 (moving forward)")]
    EnterAsUp {
        /// The move text.
        text: String,
    },
    /// A record whose pieces are Tori Shogi's, read as Tori though it does not say so.
    #[error("the record holds Tori Shogi pieces ({piece}) without saying so: read as Tori Shogi")]
    UndeclaredTori {
        /// The first Tori piece found.
        piece: String,
    },
    /// A record whose board diagram is 5x5, read as minishogi though its 手合割 does not
    /// say so (shogiops tells the variant by the diagram's lines the same way).
    #[error("the board diagram has {files} files and no 手合割 names a variant: read as minishogi")]
    UndeclaredMinishogi {
        /// The diagram's number of files.
        files: usize,
    },
    /// A file holding several records, of which only the first was read.
    #[error("{count} records in the file; reading the first")]
    MoreRecords {
        /// How many records the file holds.
        count: usize,
    },
}
