//! USI `position` lines as records: `position startpos moves 7g7f 3c3d`,
//! `position sfen <SFEN> moves ...`, and the same without `position` or as a bare SFEN.

use crate::record::{Entry, Record, Start};
use crate::{sfen, usi};
use koma_rules::{Handicap, VariantKind};

/// A `position` line that cannot be read, with the 1-based character column.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("position line, column {column}: {message}")]
pub struct UsiLineError {
    /// 1-based character column.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

fn err(column: usize, message: impl Into<String>) -> UsiLineError {
    UsiLineError {
        column,
        message: message.into(),
    }
}

/// Reads a `position` line (main line only: USI has no variations or comments).
pub fn parse(variant: VariantKind, text: &str) -> Result<Record, UsiLineError> {
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
    let mut record = Record::new(variant);
    if start == "startpos" || start.is_empty() {
        record.start = Start::Named(Handicap::Even);
    } else {
        let sfen_text = start
            .strip_prefix("sfen")
            .map(str::trim_start)
            .unwrap_or(start);
        let col = column_of(&rest[rest.find(sfen_text).unwrap_or(0)..]);
        let setup = sfen::parse_setup(variant, sfen_text)
            .map_err(|e| err(col + e.column - 1, e.kind.to_string()))?;
        record.start = Start::Custom(setup);
    }
    let mut pos = record
        .start_position()
        .map_err(|e| err(1, format!("illegal start position: {e}")))?;
    let mut node = crate::record::MoveTree::ROOT;
    if let Some(moves_text) = moves_text {
        let mut offset = column_of(moves_text);
        for token in moves_text.split(' ') {
            if !token.is_empty() {
                let m = usi::parse_move(variant, token)
                    .map_err(|e| err(offset + e.column - 1, e.kind.to_string()))?;
                pos.play(m)
                    .map_err(|e| err(offset, format!("{token}: {e}")))?;
                node = record.tree.add(node, Entry::Move(m));
            }
            offset += token.chars().count() + 1;
        }
    }
    Ok(record)
}

/// Writes the main line as `position startpos moves ...` or `position sfen ... moves ...`.
pub fn write(record: &Record) -> String {
    let mut out = match &record.start {
        Start::Named(Handicap::Even) => "position startpos".to_string(),
        start => format!(
            "position sfen {}",
            sfen::write_setup(record.variant, &start.setup(record.variant))
        ),
    };
    let moves = record.tree.main_moves();
    if !moves.is_empty() {
        out.push_str(" moves");
        for m in moves {
            out.push(' ');
            out.push_str(&usi::write_move(record.variant, m));
        }
    }
    out
}
