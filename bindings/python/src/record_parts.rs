//! What `koma.Record` adds for programs that learn from records or write them: the winner
//! as koma-game judges it, Floodgate's scores, PVs and ratings, a record built from its
//! parts (`Record.build`, `Record.from_board`), and `Record.save` in the encoding the file
//! name calls for.

use koma_game::{Game, RuleSet};
use koma_notation::encoding::{self, Encoding, Unencodable};
use koma_notation::formats::{self, Format};
use koma_notation::record::{Entry, MoveTree, Record as Rec};
use koma_notation::{floodgate, usi};
use koma_rules::{AnyPosition, Position, Variant, VariantKind};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use std::path::Path;

/// The winner of the main line as koma-game's replay judges it (the moves, then the
/// ending where the players' word decides): 0 sente, 1 gote, `None` for a draw, an
/// unfinished game or a start position that is none.
pub fn winner(record: &Rec) -> Option<usize> {
    koma_game::replay::replay(record, None)
        .ok()?
        .outcome?
        .winner
        .map(|c| c.index())
}

/// Ends `record`, which names no ending, as the variant's default rules end its main line
/// when they do (a mate, a repetition, a declaration...: what `Board.outcome` says), in
/// the words koma-game's `Game::to_record` gives a finished game.
pub fn end_by_rules(record: &mut Rec) {
    let Some(judged) = koma_rules::dispatch!(record.variant, V => judged::<V>(record)) else {
        return;
    };
    let tree = &judged.tree;
    let Some(&last) = tree.main_line().last() else {
        return;
    };
    let node = tree.node(last);
    if let Some(Entry::End(end)) = &node.entry {
        let at = *record.tree.main_line().last().unwrap_or(&MoveTree::ROOT);
        let id = record.tree.add(at, Entry::End(end.clone()));
        record.tree.node_mut(id).comments = node.comments.clone();
    }
}

/// The record of `record`'s main line played as a game under the variant's default rules,
/// when that game is over after its last move.
fn judged<V: Variant>(record: &Rec) -> Option<Rec> {
    let setup = record.start.setup(record.variant);
    let start = Position::<V>::from_setup(&setup)
        .or_else(|_| Position::<V>::from_setup_lenient(&setup))
        .ok()?;
    let mut game = Game::new(start, RuleSet::default_for(record.variant));
    let moves = record.tree.main_moves();
    for (i, &m) in moves.iter().enumerate() {
        game.play(m).ok()?;
        if game.is_over() && i + 1 < moves.len() {
            return None;
        }
    }
    game.is_over().then(|| game.to_record())
}

/// Floodgate's score after each move of the main line (sente's point of view), as many as
/// the record's `moves`.
pub fn scores(record: &Rec, moves: usize) -> Vec<Option<i32>> {
    let mut scores = floodgate::move_scores(record);
    scores.truncate(moves);
    scores
}

/// Floodgate's PV after each move of the main line, in USI, played from the position after
/// the move up to its first move that is not legal there (empty where there is none, and
/// for records of other variants than shogi).
pub fn pvs(record: &Rec) -> Vec<Vec<String>> {
    let moves = record.legal_main_moves();
    let Ok(AnyPosition::Shogi(mut pos)) = record.start_position() else {
        return vec![Vec::new(); moves.len()];
    };
    let evaluations = floodgate::move_evaluations(record);
    moves
        .iter()
        .zip(evaluations)
        .map(|(&m, evaluation)| {
            // The moves are legal: the record's reader played them.
            let _ = pos.play(m);
            evaluation.map_or_else(Vec::new, |e| {
                e.pv_moves(&pos)
                    .into_iter()
                    .map(|m| usi::write_move(VariantKind::Shogi, m))
                    .collect()
            })
        })
        .collect()
}

/// Sente's and gote's Floodgate ratings.
pub fn ratings(record: &Rec) -> (Option<f64>, Option<f64>) {
    let r = floodgate::ratings(record);
    (r.black.map(|r| r.rate), r.white.map(|r| r.rate))
}

/// Why a record could not be saved.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The file name does not say the format, and none was given.
    #[error(
        "{0}: the extension does not say the format; pass format= (kif, kifu, ki2, csa, jkf, usi, sfen)"
    )]
    NoFormat(String),
    /// An encoding koma does not write.
    #[error("unknown encoding '{0}' (utf-8, sjis/cp932, euc-jp)")]
    UnknownEncoding(String),
    /// The writer refused the record.
    #[error("{path}: {error}")]
    Write {
        /// The file.
        path: String,
        /// The writer's error (boxed: it is large, and rare).
        error: Box<formats::RecordError>,
    },
    /// A character the encoding lacks.
    #[error("{path}: {error}; save as .kifu/.ki2u (UTF-8) or pass encoding='utf-8'")]
    Unencodable {
        /// The file.
        path: String,
        /// Which character, where.
        error: Unencodable,
    },
    /// The file could not be written.
    #[error("{path}: {error}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        error: std::io::Error,
    },
}

/// Writes `record` to `path` in `format` (else the one the extension names) and `encoding`
/// (else the one the extension calls for: Shift_JIS for `.kif`/`.ki2`, UTF-8 otherwise);
/// returns what the format could not keep, as `write_checked` says it.
pub fn save(
    record: &Rec,
    path: &Path,
    format: Option<Format>,
    encoding: Option<&str>,
) -> Result<Vec<String>, SaveError> {
    let name = path.display().to_string();
    let format = format
        .or_else(|| {
            let ext = path.extension()?.to_str()?;
            Format::from_path(&name).or_else(|| Format::from_name(ext))
        })
        .ok_or_else(|| SaveError::NoFormat(name.clone()))?;
    let encoding = match encoding {
        Some(e) => Encoding::from_name(e).ok_or_else(|| SaveError::UnknownEncoding(e.into()))?,
        None => encoding::for_file_name(&name),
    };
    let (text, losses) =
        formats::write_checked(record, format).map_err(|error| SaveError::Write {
            path: name.clone(),
            error: Box::new(error),
        })?;
    let bytes = encoding::file_bytes(&text, encoding).map_err(|error| SaveError::Unencodable {
        path: name.clone(),
        error,
    })?;
    std::fs::write(path, bytes).map_err(|error| SaveError::Io { path: name, error })?;
    Ok(losses.iter().map(|w| w.to_string()).collect())
}

/// The header entries a `header` argument gives: a dict or pairs, in order.
pub fn header_entries(header: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<(String, String)>> {
    let Some(header) = header else {
        return Ok(Vec::new());
    };
    if let Ok(dict) = header.cast::<PyDict>() {
        return dict
            .iter()
            .map(|(k, v)| Ok((k.extract()?, v.extract()?)))
            .collect();
    }
    header.extract()
}

/// A start time: a string as it is, or a `datetime` as `YYYY/MM/DD HH:MM:SS` (KIF's and
/// CSA's form).
pub fn start_time(value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<String>> {
    let Some(value) = value else {
        return Ok(None);
    };
    if let Ok(text) = value.cast::<PyString>() {
        return Ok(Some(text.to_cow()?.into_owned()));
    }
    let text = value.call_method1("strftime", ("%Y/%m/%d %H:%M:%S",))?;
    Ok(Some(text.extract()?))
}

/// Comments per place: each `None`, a string (one comment) or a list of strings.
pub fn comments(value: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Vec<String>>> {
    let Some(value) = value else {
        return Ok(Vec::new());
    };
    value
        .try_iter()?
        .map(|item| {
            let item = item?;
            if item.is_none() {
                Ok(Vec::new())
            } else if let Ok(text) = item.cast::<PyString>() {
                Ok(vec![text.to_cow()?.into_owned()])
            } else if let Ok(list) = item.cast::<PyList>() {
                list.extract()
            } else {
                item.extract()
            }
        })
        .collect()
}
