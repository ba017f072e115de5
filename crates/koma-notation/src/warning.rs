//! Leniencies and losses, said aloud: what a reader accepted that its format does not
//! allow, and what a writer's format could not keep of a record
//! ([`crate::formats::write_checked`]). Every reader that bends a rule for a real file
//! records a [`Warning`] next to the record, so that the CLI (on standard error) and the
//! server (in a `warnings` list, each with its [`WarningKind::code`]) can show it.

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

/// What a reader accepted that the format does not allow, or what a written format could
/// not keep.
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
    /// A CSA `T` line after a comment with no move before it (the time of a move that was
    /// commented out): ignored.
    #[error("'{text}' times no move (a move commented out before it?): ignored")]
    TimeWithoutMove {
        /// The statement as written.
        text: String,
    },
    /// A CSA record without an end code whose Floodgate summary says how it ended.
    #[error("no end code; Floodgate's summary '{reason}' read as the ending {ending}")]
    EndingFromSummary {
        /// The summary's reason (`illegal move`, `max_moves`).
        reason: String,
        /// The ending read, in JKF's word (`ILLEGAL_MOVE`, `MAX_MOVES`; 反則勝ち).
        ending: String,
    },
    /// A file holding several records, of which only the first was read.
    #[error("{count} records in the file; reading the first")]
    MoreRecords {
        /// How many records the file holds.
        count: usize,
    },
    /// Variations (変化) that the written format has no place for, left out.
    #[error("{} dropped: {format} has no variations", count_of(*.count, "variation"))]
    VariationsDropped {
        /// The format written (`CSA`, `USI`).
        format: &'static str,
        /// How many variations the record has that the output lacks.
        count: usize,
    },
    /// Comments that the written format has no place for, left out.
    #[error("{} dropped: {format} cannot keep them", count_of(*.count, "comment"))]
    CommentsDropped {
        /// The format written.
        format: &'static str,
        /// How many comments of the main line the output lacks.
        count: usize,
    },
    /// Bookmarks (KIF `&`) that the written format has no place for, left out.
    #[error("{} dropped: {format} has no bookmarks", count_of(*.count, "bookmark"))]
    BookmarksDropped {
        /// The format written.
        format: &'static str,
        /// How many bookmarks of the main line the output lacks.
        count: usize,
    },
    /// Times of moves that the written format has no place for, left out.
    #[error("the times of {} dropped: {format} has no times", count_of(*.count, "move"))]
    TimesDropped {
        /// The format written.
        format: &'static str,
        /// How many moves of the main line lose their time.
        count: usize,
    },
    /// Header entries (players, event, unknown keys...) that the written format has no
    /// place for, left out.
    #[error("header {} dropped: {format} has no place for {}", keys.join(", "), if keys.len() == 1 { "it" } else { "them" })]
    HeaderDropped {
        /// The format written.
        format: &'static str,
        /// The keys of the entries left out, in record order.
        keys: Vec<String>,
    },
    /// An ending that the written format has no word for: left out, or written as a comment.
    #[error("the ending {ending} is not kept: {format} has no word for it")]
    EndingDropped {
        /// The format written.
        format: &'static str,
        /// The ending, in Japanese (投了, 不戦勝...).
        ending: String,
    },
    /// Moves of the main line that the written format does not keep (a foul the line ends
    /// with, which USI and move lists leave out).
    #[error("the last {} of the main line dropped: {format} keeps legal moves only", count_of(*.count, "move"))]
    MovesDropped {
        /// The format written.
        format: &'static str,
        /// How many moves are left out.
        count: usize,
    },
    /// A format that holds one position: the moves are not written, the position after
    /// them is.
    #[error("{format} holds one position: the position after the main line's {} is written, not the moves", count_of(*.moves, "move"))]
    PositionOnly {
        /// The format written (`SFEN`).
        format: &'static str,
        /// How many moves the record's main line has.
        moves: usize,
    },
    /// The written text did not read back, so what it lost is not known.
    #[error("the {format} written does not read back ({reason}): what it lost is not known")]
    Unchecked {
        /// The format written.
        format: &'static str,
        /// Why it did not read back.
        reason: String,
    },
}

/// `1 move`, `3 moves`.
fn count_of(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

impl WarningKind {
    /// A stable name for the kind, for programs (`move_number`, `variations_dropped`...).
    pub fn code(&self) -> &'static str {
        match self {
            WarningKind::WrongEncoding { .. } => "wrong_encoding",
            WarningKind::MoveNumber { .. } => "move_number",
            WarningKind::IllegalLastMove { .. } => "illegal_last_move",
            WarningKind::EndingAfterIllegalMove { .. } => "ending_after_illegal_move",
            WarningKind::SquareBeforeSame { .. } => "square_before_same",
            WarningKind::RepeatedEnding { .. } => "repeated_ending",
            WarningKind::EnterAsUp { .. } => "enter_as_up",
            WarningKind::UndeclaredTori { .. } => "undeclared_tori",
            WarningKind::UndeclaredMinishogi { .. } => "undeclared_minishogi",
            WarningKind::TimeWithoutMove { .. } => "time_without_move",
            WarningKind::EndingFromSummary { .. } => "ending_from_summary",
            WarningKind::MoreRecords { .. } => "more_records",
            WarningKind::VariationsDropped { .. } => "variations_dropped",
            WarningKind::CommentsDropped { .. } => "comments_dropped",
            WarningKind::BookmarksDropped { .. } => "bookmarks_dropped",
            WarningKind::TimesDropped { .. } => "times_dropped",
            WarningKind::HeaderDropped { .. } => "header_dropped",
            WarningKind::EndingDropped { .. } => "ending_dropped",
            WarningKind::MovesDropped { .. } => "moves_dropped",
            WarningKind::PositionOnly { .. } => "position_only",
            WarningKind::Unchecked { .. } => "unchecked",
        }
    }
}
