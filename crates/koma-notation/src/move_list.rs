//! Move lists: a game written as its moves alone, from the variant's start position, in any
//! notation [`crate::movetext::parse_any`] reads: Western (`1. P-7f P-3d 2. P-2f`, the long
//! form `P7g-7f`, numeric ranks `P-76`, Hosking `P76`), German (`7f 3d Sp'4e`), USI
//! (`7g7f 3c3d`) or Japanese (`７六歩`).
//!
//! ```
//! use koma_notation::move_list;
//! use koma_rules::VariantKind;
//!
//! let record = move_list::read(VariantKind::Shogi, "1. P-7f P-3d 2. P-2f {a plan} resign").unwrap();
//! assert_eq!(record.tree.main_moves().len(), 3);
//! assert_eq!(move_list::write(&record).unwrap(), "1. P-7f P-3d 2. P-2f {a plan} resign\n");
//! let e = move_list::read(VariantKind::Shogi, "1. P-7f P-7f").unwrap_err();
//! assert_eq!((e.line, e.column), (1, 9));
//! ```
//!
//! Reading: move numbers are skipped (`1.`, `1...`, `12.P-7f`, and a bare number when it is
//! the next move's or the next pair's); `{...}` is a comment on the move before it (on the
//! start position before the first move); an ending word (`resign`, or a KIF one: 投了,
//! 千日手, ...) ends the line. Every move must be legal; an error names the line and column
//! of the word that is not.
//!
//! Writing: the main line in Western (Hodges) text numbered by pairs, eight pairs a line,
//! comments in braces (a brace inside one becomes a parenthesis), the ending as `resign` or
//! its KIF word. Variations, times, bookmarks and the header have no place in a move list,
//! nor has a start other than the even game's (an error); a foul the line ends with is left
//! out, as USI leaves it ([`crate::formats::write_checked`] says what was lost).

use crate::movetext::{MoveTextError, parse_any, western};
use crate::record::{Entry, GameEnd, MoveTree, Record, Start};
use koma_rules::{Handicap, IllegalMove, Position, Variant, VariantKind};
use std::fmt::Write;

/// A move list that cannot be read (or a record that cannot be written as one), with the
/// place: 1-based line and character column (both 0 while writing).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{kind}", place(*.line, *.column))]
pub struct MoveListError {
    /// 1-based line; 0 for a problem found while writing.
    pub line: usize,
    /// 1-based character column in the line; 0 while writing.
    pub column: usize,
    /// What is wrong.
    pub kind: MoveListErrorKind,
}

/// The "move list line N, column C: " prefix of an error message.
fn place(line: usize, column: usize) -> String {
    if line == 0 {
        "move list: ".to_string()
    } else {
        format!("move list line {line}, column {column}: ")
    }
}

/// What is wrong with a move list.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveListErrorKind {
    /// A word that is no move of the position it comes in.
    #[error(transparent)]
    Move(#[from] MoveTextError),
    /// A well-formed move that breaks a rule.
    #[error("'{text}' is illegal: {reason}")]
    Illegal {
        /// The move as written.
        text: String,
        /// The rule it breaks.
        reason: IllegalMove,
    },
    /// A `{` without its `}`.
    #[error("the comment opened here is not closed with '}}'")]
    UnclosedComment,
    /// A word after the ending.
    #[error("'{0}' after the ending")]
    AfterEnd(String),
    /// Text without a single move or ending.
    #[error("no moves in the text")]
    NoMoves,
    /// A record whose start is not the variant's even game: a move list cannot say it.
    #[error("a move list starts from the even game; this record starts elsewhere")]
    NotFromStart,
}

fn err(line: usize, column: usize, kind: impl Into<MoveListErrorKind>) -> MoveListError {
    MoveListError {
        line,
        column,
        kind: kind.into(),
    }
}

/// One piece of a move list: a word, or a comment's text, with its place.
#[derive(Debug)]
enum Piece<'a> {
    /// A word between blanks.
    Word(&'a str, usize, usize),
    /// A comment's text (between `{` and `}`, trimmed).
    Comment(&'a str),
}

/// The words and comments of `text`, in order.
fn pieces(text: &str) -> Result<Vec<Piece<'_>>, MoveListError> {
    let mut out = Vec::new();
    let (mut line, mut column) = (1, 0);
    // Where the current word or comment starts: byte, line, column.
    let mut word: Option<(usize, usize, usize)> = None;
    let mut comment: Option<(usize, usize, usize)> = None;
    for (i, c) in text.char_indices() {
        column += 1;
        if let Some((start, _, _)) = comment {
            if c == '}' {
                out.push(Piece::Comment(text[start..i].trim()));
                comment = None;
            }
        } else if c == '{' || c.is_whitespace() {
            if let Some((start, l, k)) = word.take() {
                out.push(Piece::Word(&text[start..i], l, k));
            }
            if c == '{' {
                comment = Some((i + 1, line, column));
            }
        } else if word.is_none() {
            word = Some((i, line, column));
        }
        if c == '\n' {
            line += 1;
            column = 0;
        }
    }
    if let Some((_, l, k)) = comment {
        return Err(err(l, k, MoveListErrorKind::UnclosedComment));
    }
    if let Some((start, l, k)) = word {
        out.push(Piece::Word(&text[start..], l, k));
    }
    Ok(out)
}

/// `word` without a move number in front (`1.`, `12...`); `None` when it is only a
/// number: one with dots, or a bare one that is the next move's (`ply + 1`) or the next
/// pair's.
fn without_number(word: &str, ply: usize) -> Option<&str> {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return Some(word);
    }
    let rest = &word[digits..];
    if rest.starts_with('.') {
        let rest = rest.trim_start_matches('.');
        return (!rest.is_empty()).then_some(rest);
    }
    let number: Option<usize> = word.parse().ok();
    match number {
        Some(n) if rest.is_empty() && (n == ply + 1 || n == ply / 2 + 1) => None,
        _ => Some(word),
    }
}

/// The ending a word names: `resign` (and `resigns`, `resigned`) or a KIF word.
fn ending(word: &str) -> Option<GameEnd> {
    let lower = word.to_ascii_lowercase();
    if matches!(lower.as_str(), "resign" | "resigns" | "resigned") {
        return Some(GameEnd::Resign);
    }
    GameEnd::from_japanese(word)
}

/// Reads a move list of `variant` from its start position.
pub fn read(variant: VariantKind, text: &str) -> Result<Record, MoveListError> {
    koma_rules::dispatch!(variant, V => read_typed::<V>(variant, text))
}

fn read_typed<V: Variant>(variant: VariantKind, text: &str) -> Result<Record, MoveListError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut record = Record::new(variant);
    let mut pos = Position::<V>::startpos();
    let mut current = MoveTree::ROOT;
    let mut ended = false;
    let mut plies = 0;
    for piece in pieces(text)? {
        let (word, line, column) = match piece {
            Piece::Comment(comment) => {
                record
                    .tree
                    .node_mut(current)
                    .comments
                    .push(comment.to_string());
                continue;
            }
            Piece::Word(word, line, column) => (word, line, column),
        };
        let Some(word) = without_number(word, plies) else {
            continue;
        };
        if ended {
            return Err(err(line, column, MoveListErrorKind::AfterEnd(word.into())));
        }
        if let Some(end) = ending(word) {
            current = record.tree.add(current, Entry::End(end));
            ended = true;
            continue;
        }
        let prev_to = record.tree.last_destination(current);
        let m = parse_any(&pos, word, prev_to).map_err(|e| err(line, column, e))?;
        // parse_any leaves a USI move's legality to the caller.
        pos.play(m).map_err(|reason| {
            let text = word.to_string();
            err(line, column, MoveListErrorKind::Illegal { text, reason })
        })?;
        current = record.tree.add(current, Entry::Move(m));
        plies += 1;
    }
    if record.tree.is_empty() {
        return Err(err(1, 1, MoveListErrorKind::NoMoves));
    }
    Ok(record)
}

/// Writes the main line of `record` as a move list (see the module's notes).
pub fn write(record: &Record) -> Result<String, MoveListError> {
    if record.start != Start::Named(Handicap::Even) {
        return Err(err(0, 0, MoveListErrorKind::NotFromStart));
    }
    Ok(koma_rules::dispatch!(record.variant, V => write_typed::<V>(record)))
}

/// A comment as a move list writes it: in braces, braces inside it as parentheses.
fn braced(comment: &str) -> String {
    format!("{{{}}}", comment.replace('{', "(").replace('}', ")"))
}

fn write_typed<V: Variant>(record: &Record) -> String {
    let tree = &record.tree;
    let mut out = String::new();
    let mut words: Vec<String> = tree
        .node(MoveTree::ROOT)
        .comments
        .iter()
        .map(|c| braced(c))
        .collect();
    let mut pos = Position::<V>::startpos();
    // Whether the next gote move needs its number (`2...`): after a comment or a new line.
    let mut numbered = true;
    let mut pairs_on_line = 0;
    for (i, id) in tree.main_line().into_iter().enumerate() {
        let node = tree.node(id);
        match &node.entry {
            Some(Entry::Move(m)) => {
                if pos.is_legal(*m).is_err() {
                    break;
                }
                let pair = i / 2 + 1;
                let text = western::write(&pos, *m, western::Style::Hodges);
                if i % 2 == 0 {
                    if pairs_on_line == 8 {
                        flush(&mut out, &mut words);
                        pairs_on_line = 0;
                    }
                    pairs_on_line += 1;
                    words.push(format!("{pair}."));
                } else if numbered {
                    words.push(format!("{pair}..."));
                }
                words.push(text);
                numbered = false;
                pos.play_unchecked(*m);
            }
            Some(Entry::End(GameEnd::Resign)) => words.push("resign".to_string()),
            Some(Entry::End(end @ GameEnd::Other(_))) => words.push(braced(&end.japanese())),
            Some(Entry::End(end)) => words.push(end.japanese()),
            None => {}
        }
        for comment in &node.comments {
            words.push(braced(comment));
            numbered = true;
        }
        if matches!(node.entry, Some(Entry::End(_))) {
            break;
        }
    }
    flush(&mut out, &mut words);
    out
}

/// Ends a line of words.
fn flush(out: &mut String, words: &mut Vec<String>) {
    if !words.is_empty() {
        let _ = writeln!(out, "{}", words.join(" "));
        words.clear();
    }
}
