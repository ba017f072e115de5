//! USI `position` lines as records: `position startpos moves 7g7f 3c3d`,
//! `position sfen <SFEN> moves ...`, and the same without `position` or as a bare SFEN.

use crate::record::{Entry, Record, Start};
use crate::sfen::SfenErrorKind;
use crate::usi::UsiMoveErrorKind;
use crate::{sfen, usi};
use koma_rules::{Handicap, IllegalMove, SetupError, VariantKind};

/// A `position` line that cannot be read, with the 1-based character column.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("position line, column {column}: {kind}")]
pub struct UsiLineError {
    /// 1-based character column of the problem.
    pub column: usize,
    /// What is wrong.
    pub kind: UsiLineErrorKind,
}

/// What is wrong with a USI position line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UsiLineErrorKind {
    /// A malformed SFEN.
    #[error(transparent)]
    Sfen(SfenErrorKind),
    /// The start position is not a position.
    #[error("illegal start position: {0}")]
    BadStart(SetupError),
    /// A malformed USI move.
    #[error(transparent)]
    Move(UsiMoveErrorKind),
    /// A malformed Chu move.
    #[error(transparent)]
    ChuMove(crate::chu::ChuUsiError),
    /// A move that breaks a rule.
    #[error("{token}: {reason}")]
    IllegalMove {
        /// The move as written.
        token: String,
        /// The rule it breaks.
        reason: IllegalMove,
    },
}

fn err(column: usize, kind: UsiLineErrorKind) -> UsiLineError {
    UsiLineError { column, kind }
}

/// A `position` line taken apart: the start's SFEN (`None`: the even start) and the move
/// tokens, each with its 1-based character column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionLine<'a> {
    /// The start's SFEN text and its column, or `None` for `startpos` (or nothing).
    pub sfen: Option<(usize, &'a str)>,
    /// The moves as written, with their columns.
    pub moves: Vec<(usize, &'a str)>,
}

/// Takes a `position` line apart, whatever the game: `position startpos moves ...`,
/// `position sfen <SFEN> moves ...`, the same without `position` or `sfen`, or a bare
/// SFEN.
pub fn split(text: &str) -> PositionLine<'_> {
    let text = text.trim();
    let column_of = |part: &str| text[..text.len() - part.len()].chars().count() + 1;
    let rest = text
        .strip_prefix("position")
        .map(str::trim_start)
        .unwrap_or(text);
    let (start, moves_text) = match rest.split_once("moves") {
        Some((before, after)) => (before.trim(), Some(after)),
        None => (rest, None),
    };
    let sfen = (start != "startpos" && !start.is_empty()).then(|| {
        let sfen_text = start
            .strip_prefix("sfen")
            .map(str::trim_start)
            .unwrap_or(start);
        (
            column_of(&rest[rest.find(sfen_text).unwrap_or(0)..]),
            sfen_text,
        )
    });
    let mut moves = Vec::new();
    if let Some(moves_text) = moves_text {
        let mut offset = column_of(moves_text);
        for token in moves_text.split(' ') {
            if !token.is_empty() {
                moves.push((offset, token));
            }
            offset += token.chars().count() + 1;
        }
    }
    PositionLine { sfen, moves }
}

/// Reads a `position` line (main line only: USI has no variations or comments).
pub fn parse(variant: VariantKind, text: &str) -> Result<Record, UsiLineError> {
    let line = split(text);
    let mut record = Record::new(variant);
    record.start = match line.sfen {
        None => Start::Named(Handicap::Even),
        Some((col, sfen_text)) => Start::Custom(
            sfen::parse_setup(variant, sfen_text)
                .map_err(|e| err(col + e.column - 1, UsiLineErrorKind::Sfen(e.kind)))?,
        ),
    };
    let mut pos = record
        .start_position()
        .map_err(|e| err(1, UsiLineErrorKind::BadStart(e)))?;
    let mut node = crate::record::MoveTree::ROOT;
    for (offset, token) in line.moves {
        let m = usi::parse_move(variant, token)
            .map_err(|e| err(offset + e.column - 1, UsiLineErrorKind::Move(e.kind)))?;
        pos.play(m).map_err(|reason| {
            err(
                offset,
                UsiLineErrorKind::IllegalMove {
                    token: token.to_string(),
                    reason,
                },
            )
        })?;
        node = record.tree.add(node, Entry::Move(m));
    }
    Ok(record)
}

/// Writes the main line as `position startpos moves ...` or `position sfen ... moves ...`
/// (without a foul the record ends with).
pub fn write(record: &Record) -> String {
    let mut out = match &record.start {
        Start::Named(Handicap::Even) => "position startpos".to_string(),
        start => format!(
            "position sfen {}",
            sfen::write_setup(record.variant, &start.setup(record.variant))
        ),
    };
    // A foul the record ends with is left out: the line is a position for engines.
    let moves = record.legal_main_moves();
    if !moves.is_empty() {
        out.push_str(" moves");
        for m in moves {
            out.push(' ');
            out.push_str(&usi::write_move(record.variant, m));
        }
    }
    out
}
