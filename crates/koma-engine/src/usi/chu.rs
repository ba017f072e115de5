//! Chu shogi over USI (`setoption name USI_Variant value chushogi`): its `position`
//! command (lishogi's SFEN, moves like `7j7i6h`), its `info` lines and its `bestmove`.

use super::answer::{progress_words, score_words};
use super::command::{PositionCommand, StartSpec, echo};
use super::position::{PositionError, illegal_move_note};
use crate::chu::{ChuInfo, ChuResult};
use koma_notation::chu::{parse, parse_legal};
use koma_rules::chu::ChuPosition;

/// A Chu game's position: the position after the last legal move and the keys of those
/// before it, oldest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChuGame {
    /// The position after the last legal move.
    pub root: ChuPosition,
    /// The keys of the positions before `root`.
    pub history: Vec<u64>,
}

impl ChuGame {
    /// The start position, with no history.
    pub fn startpos() -> ChuGame {
        ChuGame {
            root: ChuPosition::startpos(),
            history: Vec::new(),
        }
    }
}

/// Builds the Chu position of `command`: a bad start is an error; a bad move keeps the
/// position before it, with a warning.
pub fn build(command: &PositionCommand) -> Result<(ChuGame, Vec<String>), PositionError> {
    let mut root = match &command.start {
        StartSpec::StartPos => ChuPosition::startpos(),
        StartSpec::Sfen(text) => parse(text).map_err(|error| PositionError::Sfen {
            text: echo(text),
            error,
            hint: String::new(),
        })?,
    };
    let mut history = Vec::with_capacity(command.moves.len());
    let mut warnings = Vec::new();
    for (i, text) in command.moves.iter().enumerate() {
        match parse_legal(&root, text) {
            Ok(m) => {
                history.push(root.key());
                root.play_unchecked(m);
            }
            Err(e) => {
                let note = illegal_move_note(i, text, command.moves.len(), &e.to_string());
                warnings.push(note);
                break;
            }
        }
    }
    Ok((ChuGame { root, history }, warnings))
}

/// The `info` line of one Chu report.
pub fn info_line(info: &ChuInfo) -> String {
    let mut line = format!(
        "info {} score {}",
        progress_words(info.depth, info.seldepth, info.time, info.nodes),
        score_words(info.score),
    );
    if !info.pv.is_empty() {
        line.push_str(" pv");
        for m in &info.pv {
            line.push_str(&format!(" {m}"));
        }
    }
    line
}

/// The `bestmove` line after a Chu search of `root`: the search's move if legal (else the
/// first legal move), `resign` with none.
pub fn bestmove_line(root: &ChuPosition, result: &ChuResult) -> String {
    let legal = root.legal_moves();
    let Some(&first) = legal.first() else {
        return "bestmove resign".to_string();
    };
    let best = result.best.filter(|m| legal.contains(m)).unwrap_or(first);
    let mut line = format!("bestmove {best}");
    if let Some(p) = result.ponder {
        let mut after = *root;
        after.play_unchecked(best);
        if after.legal_moves().contains(&p) {
            line.push_str(&format!(" ponder {p}"));
        }
    }
    line
}
