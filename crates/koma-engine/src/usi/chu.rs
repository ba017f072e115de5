//! Chu shogi over USI (`setoption name USI_Variant value chushogi`): its `position`
//! command (lishogi's SFEN, moves like `7j7i6h`), its `info` lines and its `bestmove`.

use super::answer::info_words;
use super::command::{PositionCommand, StartSpec, echo};
use super::position::{PositionError, illegal_move_note};
use crate::search::{PastPosition, SearchInfo};
use koma_notation::chu::{parse, parse_legal};
use koma_rules::chu::{ChuMove, ChuPosition};

/// A Chu game's position: the position after the last legal move and those before it,
/// oldest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChuGame {
    /// The position after the last legal move.
    pub root: ChuPosition,
    /// The positions before `root`, then `root`'s own entry, as the repetition rules need
    /// them (empty: none before).
    pub history: Vec<PastPosition>,
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
    let start = match &command.start {
        StartSpec::StartPos => ChuPosition::startpos(),
        StartSpec::Sfen(text) => parse(text).map_err(|error| PositionError::Sfen {
            text: echo(text),
            error,
            hint: String::new(),
        })?,
    };
    let (mut root, mut moves) = (start, Vec::with_capacity(command.moves.len()));
    let mut warnings = Vec::new();
    for (i, text) in command.moves.iter().enumerate() {
        match parse_legal(&root, text) {
            Ok(m) => {
                root.play_unchecked(m);
                moves.push(m);
            }
            Err(e) => {
                let note = illegal_move_note(i, text, command.moves.len(), &e.to_string());
                warnings.push(note);
                break;
            }
        }
    }
    let history = PastPosition::line(&start, &moves);
    Ok((ChuGame { root, history }, warnings))
}

/// The `info` line of one Chu report.
pub fn info_line(info: &SearchInfo<ChuMove>) -> String {
    info_words(info, |m| m.to_string())
}

/// The `bestmove` line after a Chu search of `root` that found `best` and expects `ponder`:
/// the search's move if legal (else the first legal move), `resign` with none.
pub fn bestmove_line(root: &ChuPosition, best: Option<ChuMove>, ponder: Option<ChuMove>) -> String {
    let legal = root.legal_moves();
    let Some(&first) = legal.first() else {
        return "bestmove resign".to_string();
    };
    let best = best.filter(|m| legal.contains(m)).unwrap_or(first);
    let mut line = format!("bestmove {best}");
    if let Some(p) = ponder {
        let mut after = *root;
        after.play_unchecked(best);
        if after.legal_moves().contains(&p) {
            line.push_str(&format!(" ponder {p}"));
        }
    }
    line
}
