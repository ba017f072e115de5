//! Records in and out of any line: `POST /api/records/read` turns a record in any format
//! into a start position and USI moves, `POST /api/records/write` turns those back into a
//! record. Formats are koma-notation's; the result is judged by `koma_game::replay`.

use crate::error::ApiError;
use crate::line;
use crate::view::{HistoryEntry, OutcomeView};
use koma_game::replay::replay;
use koma_notation::formats::{self, Format};
use koma_notation::record::{Entry, MoveTree, Record, Start};
use koma_notation::warning::{Reading, WarningKind};
use koma_notation::{sfen, usi};
use koma_rules::Color;
use serde::{Deserialize, Serialize};

/// The longest record text accepted, in bytes.
pub const MAX_TEXT_BYTES: usize = 1 << 20;

/// A record to read.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReadRequest {
    /// The record's text.
    pub text: String,
    /// Its format (`kif`, `ki2`, `csa`, `jkf`, `usi`, `sfen`); detected when not given.
    pub format: Option<String>,
    /// The variant for formats that do not say (default `shogi`).
    pub variant: Option<String>,
}

/// A record read: its line and what its header and ending say.
#[derive(Clone, Debug, Serialize)]
pub struct ReadAnswer {
    /// `shogi` or `tori`.
    pub variant: &'static str,
    /// The start position as SFEN.
    pub start_sfen: String,
    /// The main line's moves in USI.
    pub moves: Vec<String>,
    /// The main line in every notation.
    pub history: Vec<HistoryEntry>,
    /// The players and the event.
    pub header: HeaderView,
    /// The result by the rules, winner first (`gote resignation`: sente resigned), if the
    /// record ends the game.
    pub result: Option<String>,
    /// The same result as winner and reason, for the page to word.
    pub outcome: Option<OutcomeView>,
    /// What the reader accepted beyond the format (empty for a clean record).
    pub warnings: Vec<WarningView>,
}

/// A leniency the reader needed: its line (0: the whole text) and what it was.
#[derive(Clone, Debug, Serialize)]
pub struct WarningView {
    /// 1-based line of the text; 0 when it concerns the whole text.
    pub line: usize,
    /// What was accepted, in words.
    pub message: String,
}

/// What the page shows of a record's header.
#[derive(Clone, Debug, Serialize)]
pub struct HeaderView {
    /// Sente's name.
    pub sente: Option<String>,
    /// Gote's name.
    pub gote: Option<String>,
    /// The event.
    pub event: Option<String>,
}

/// A line to write as a record.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WriteRequest {
    /// `shogi` (default) or `tori`.
    pub variant: Option<String>,
    /// The start position (default: the variant's).
    pub start_sfen: Option<String>,
    /// The moves in USI.
    #[serde(default)]
    pub moves: Vec<String>,
    /// The format to write.
    pub format: String,
}

/// The format called `name`, or 400 listing the known ones.
pub fn format_named(name: &str) -> Result<Format, ApiError> {
    Format::from_name(name)
        .ok_or_else(|| ApiError::unknown("format", name, "kif, ki2, csa, jkf, usi, sfen"))
}

/// Reads the record of `request`: the format detected unless given, every move of the main
/// line checked, the result judged by the rules. The text is already decoded: an encoding
/// declaration inside it is ignored. A foul kept as the record's last move (one of the
/// warnings) is left out of the moves, and the result says its mover lost.
pub fn read(request: &ReadRequest) -> Result<ReadAnswer, ApiError> {
    if request.text.len() > MAX_TEXT_BYTES {
        return Err(ApiError::RecordTooLarge {
            bytes: request.text.len(),
            limit: MAX_TEXT_BYTES,
        });
    }
    let variant = line::variant(request.variant.as_deref())?;
    let format = match &request.format {
        Some(name) => format_named(name)?,
        None => Format::detect(None, &request.text),
    };
    let Reading { record, warnings } = formats::read_text(&request.text, format, variant)
        .map_err(|source| ApiError::UnreadableRecord { format, source })?;
    let start = record.start_position().map_err(ApiError::StartSetup)?;
    let mut moves = record.tree.main_moves();
    let foul_kept = warnings
        .iter()
        .any(|w| matches!(w.kind, WarningKind::IllegalLastMove { .. }));
    if foul_kept && line::check_moves(&start, &moves).is_err() {
        moves.pop();
    }
    line::check_moves(&start, &moves)?;
    let outcome = replay(&record, None).ok().and_then(|r| r.outcome);
    let header = &record.header;
    Ok(ReadAnswer {
        variant: record.variant.name(),
        start_sfen: sfen::write_any(&start),
        moves: moves
            .iter()
            .map(|&m| usi::write_move(record.variant, m))
            .collect(),
        history: line::history(&start, &moves),
        header: HeaderView {
            sente: header.player(Color::Black).map(str::to_string),
            gote: header.player(Color::White).map(str::to_string),
            event: header.event().map(str::to_string),
        },
        result: outcome.map(|o| o.to_string()),
        outcome: outcome.map(OutcomeView::of),
        warnings: warnings
            .iter()
            .map(|w| WarningView {
                line: w.line,
                message: w.kind.to_string(),
            })
            .collect(),
    })
}

/// Writes the line of `request` as a record in its format.
pub fn write(request: &WriteRequest) -> Result<String, ApiError> {
    let format = format_named(&request.format)?;
    let variant = line::variant(request.variant.as_deref())?;
    let start = line::start(variant, request.start_sfen.as_deref())?;
    let moves = line::read_moves(&start, &request.moves)?;
    let mut record = Record::new(variant);
    record.start = Start::of(variant, &start.to_setup());
    let mut node = MoveTree::ROOT;
    for m in moves {
        node = record.tree.add(node, Entry::Move(m));
    }
    formats::write(&record, format).map_err(ApiError::UnwritableRecord)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write_request(moves: &[&str], format: &str) -> WriteRequest {
        WriteRequest {
            variant: None,
            start_sfen: None,
            moves: moves.iter().map(|m| m.to_string()).collect(),
            format: format.to_string(),
        }
    }

    #[test]
    fn a_line_goes_out_and_back_in_every_format() {
        let line = ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"];
        for format in ["kif", "ki2", "csa", "jkf", "usi"] {
            let text = write(&write_request(&line, format)).unwrap();
            let back = read(&ReadRequest {
                text,
                format: None,
                variant: None,
            })
            .unwrap_or_else(|e| panic!("{format}: {e}"));
            assert_eq!(back.moves, line, "{format}");
            assert_eq!(back.history.len(), 5);
        }
    }

    #[test]
    fn bad_records_are_refused() {
        assert!(matches!(
            write(&write_request(&["7g7f", "7g7f"], "kif")),
            Err(ApiError::IllegalInLine { ply: 2, .. })
        ));
        assert!(matches!(
            write(&write_request(&[], "pdf")),
            Err(ApiError::Unknown { what: "format", .. })
        ));
        let long = ReadRequest {
            text: " ".repeat(MAX_TEXT_BYTES + 1),
            format: None,
            variant: None,
        };
        let e = read(&long).unwrap_err();
        assert!(matches!(e, ApiError::RecordTooLarge { .. }), "{e:?}");
        assert!(e.to_string().contains("at most"), "{e}");
    }
}
