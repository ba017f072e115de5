//! Chu records: a game read from KIF as lishogi writes Chu, from a USI `position` line or
//! from an SFEN, and written back in any of the three (the formats lishogi and the
//! engines have for Chu).

use super::summary;
use crate::game::{Game, GameError};
use crate::outcome::{Foul, Reason};
use crate::rules::RuleSet;
use koma_notation::chu::kif::{self, ChuKifError};
use koma_notation::chu::{self, ChuUsiError};
use koma_notation::formats::Format;
use koma_notation::movetext::japanese::turn_mark;
use koma_notation::record::Header;
use koma_notation::sfen::SfenError;
use koma_notation::usi_line;
use koma_rules::IllegalMove;
use koma_rules::chu::{Chu, ChuMove, ChuPosition};

/// Why a Chu record cannot be read or written.
#[derive(Debug, thiserror::Error)]
pub enum ChuRecordError {
    /// A KIF that cannot be read.
    #[error(transparent)]
    Kif(#[from] ChuKifError),
    /// A start position that cannot be read.
    #[error(transparent)]
    Sfen(#[from] SfenError),
    /// A move of a `position` line that is not a Chu move.
    #[error("move {ply} (column {column}): {source}")]
    Move {
        /// Its number, from 1.
        ply: usize,
        /// Its 1-based character column.
        column: usize,
        /// What is wrong.
        source: ChuUsiError,
    },
    /// A move the rules forbid where it is played.
    #[error("move {ply} ({text}): {reason}")]
    Illegal {
        /// Its number, from 1.
        ply: usize,
        /// The move in USI.
        text: String,
        /// The rule it breaks.
        reason: IllegalMove,
    },
    /// A format Chu records are not written in.
    #[error("Chu records are written as kif, usi or sfen, not {0}")]
    Format(&'static str),
    /// A position asked for after more moves than the record has.
    #[error("the position after move {ply} was asked for: the record has {moves} moves")]
    Ply {
        /// The moves asked for.
        ply: usize,
        /// The moves there are.
        moves: usize,
    },
}

/// Whether `text` is a USI `position` line or an SFEN rather than a KIF: its first word
/// is `position`, `startpos` or `sfen`, or twelve ranks.
fn is_position_line(text: &str) -> bool {
    let first = text.split_whitespace().next().unwrap_or("");
    matches!(first, "position" | "startpos" | "sfen") || first.matches('/').count() == 11
}

/// Whether `text` is a KIF as lishogi writes Chu: a move line that names its origin with
/// an arrow (`1手目 ▲7八歩兵 （←7九）`), which no 9x9 KIF does.
pub fn is_chu_kif(text: &str) -> bool {
    text.lines()
        .any(|line| line.contains("手目") && (line.contains("（←") || line.contains("(←")))
}

/// A Chu record as read: the game, the header's lines and the format.
#[derive(Clone, Debug)]
pub struct ChuRecord {
    /// The game, its moves checked by the rules (ended when the record says who resigned).
    pub game: Game<Chu>,
    /// A KIF's header lines (`先手：name`); none for a `position` line or an SFEN.
    pub header: Header,
    /// What the text was: KIF, a USI `position` line, or an SFEN.
    pub format: Format,
}

/// Reads a Chu game from a KIF (lishogi's), a USI `position` line or an SFEN.
pub fn read(text: &str) -> Result<Game<Chu>, ChuRecordError> {
    read_record(text).map(|record| record.game)
}

/// Reads a Chu record, its header and format too (see [`read`]).
pub fn read_record(text: &str) -> Result<ChuRecord, ChuRecordError> {
    if !is_position_line(text) {
        let kif = kif::read(text)?;
        let mut game = replay(kif.start, kif.moves)?;
        if kif.resigned {
            // Over by the rules already, the game keeps that ending.
            let _ = game.resign(game.side_to_move());
        }
        return Ok(ChuRecord {
            game,
            header: kif.header,
            format: Format::Kif,
        });
    }
    let line = usi_line::split(text);
    let start = match line.sfen {
        None => ChuPosition::startpos(),
        Some((_, sfen)) => chu::parse(sfen)?,
    };
    let mut moves = Vec::with_capacity(line.moves.len());
    for (i, &(column, token)) in line.moves.iter().enumerate() {
        let m = chu::parse_usi(token).map_err(|source| ChuRecordError::Move {
            ply: i + 1,
            column,
            source,
        })?;
        moves.push(m);
    }
    // A position without moves, not written as a command, is an SFEN.
    let first = text.split_whitespace().next().unwrap_or("");
    let format = if matches!(first, "position" | "startpos") || !moves.is_empty() {
        Format::Usi
    } else {
        Format::Sfen
    };
    Ok(ChuRecord {
        game: replay(start, moves)?,
        header: Header::default(),
        format,
    })
}

/// The game of `moves` from `start`, each checked by the rules.
fn replay(start: ChuPosition, moves: Vec<ChuMove>) -> Result<Game<Chu>, ChuRecordError> {
    let mut game = Game::new(start, RuleSet::CHU);
    for (i, m) in moves.into_iter().enumerate() {
        game.play(m).map_err(|e| ChuRecordError::Illegal {
            ply: i + 1,
            text: m.to_string(),
            reason: match e {
                GameError::Illegal(Foul::Move(reason)) => reason,
                _ => IllegalMove::GameOver,
            },
        })?;
    }
    Ok(game)
}

/// Writes `game` as `format` (KIF as lishogi writes Chu, after `header`'s lines; a
/// `position` line or an SFEN), each ending with a line break; an SFEN is of the position
/// after `ply` moves if given, else of the last.
pub fn write(
    game: &Game<Chu>,
    format: Format,
    ply: Option<usize>,
    header: &Header,
) -> Result<String, ChuRecordError> {
    match format {
        Format::Kif => Ok(kif_text(game, header)),
        Format::Usi => Ok(format!("{}\n", game.usi_position())),
        Format::Sfen => {
            let moves = game.moves().len();
            let ply = ply.unwrap_or(moves);
            if ply > moves {
                return Err(ChuRecordError::Ply { ply, moves });
            }
            Ok(format!("{}\n", chu::write(&game.position_after(ply))))
        }
        other => Err(ChuRecordError::Format(other.name())),
    }
}

/// `game` as KIF, as lishogi writes Chu: `header`'s lines, the moves, then how the game
/// ended.
pub fn kif_text(game: &Game<Chu>, header: &Header) -> String {
    kif::write(
        header,
        game.start(),
        game.moves(),
        kif_ending(game).as_deref(),
    )
}

/// The KIF's last lines: a resignation as a move line of its own (`8手目 △投了`), then
/// the summary.
fn kif_ending(game: &Game<Chu>) -> Option<String> {
    let summary = summary(game)?;
    if game.outcome().map(|o| o.reason) != Some(Reason::Resignation) {
        return Some(summary);
    }
    let mark = turn_mark(game.side_to_move());
    Some(format!(
        "{}手目 {mark}投了\n{summary}",
        game.moves().len() + 1
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_rules::Color;

    #[test]
    fn a_line_goes_to_kif_and_back_with_its_lion_moves() {
        // The lion's two steps (7j7i6h) and a capture-and-return (igui) later.
        let line = "position startpos moves 7i7h 6d6e 7j7i6h 7d7e 6h6g 6e6f 6g6f6g";
        let game = read(line).expect("a legal line");
        assert_eq!(game.moves().len(), 7);
        let kif = write(&game, Format::Kif, None, &Header::default()).expect("KIF");
        assert!(kif.contains("一歩目") && kif.contains("居食い"), "{kif}");
        assert!(is_chu_kif(&kif));
        let again = read(&kif).expect("the KIF back");
        assert_eq!(again.moves(), game.moves());
        assert_eq!(
            write(&again, Format::Usi, None, &Header::default()).unwrap(),
            format!("{line}\n")
        );
        let sfen = write(&again, Format::Sfen, Some(0), &Header::default()).unwrap();
        assert_eq!(sfen, format!("{}\n", chu::START_SFEN));
        // The SFEN of the end reads back as a start with no moves.
        let end = write(&again, Format::Sfen, None, &Header::default()).unwrap();
        assert_eq!(read(&end).unwrap().position(), again.position());
    }

    #[test]
    fn a_resignation_in_a_kif_is_kept() {
        let kif = "1手目 ▲7八歩兵 （←7九）\n2手目 △投了\nまで1手で先手の勝ち\n";
        let game = read(kif).unwrap();
        assert_eq!(
            game.outcome().map(|o| (o.winner, o.reason)),
            Some((Some(Color::Black), Reason::Resignation))
        );
        let again = write(&game, Format::Kif, None, &Header::default()).unwrap();
        assert!(
            again.ends_with("2手目 △投了\nまで1手で先手の勝ち\n"),
            "{again}"
        );
        assert_eq!(read(&again).unwrap().outcome(), game.outcome());
    }

    #[test]
    fn what_cannot_be_read_or_written_is_named() {
        let e = read("position startpos moves 7i7h 7i7h").unwrap_err();
        assert!(matches!(e, ChuRecordError::Illegal { ply: 2, .. }), "{e}");
        let e = read("position startpos moves 7i7h zz").unwrap_err();
        assert!(
            matches!(
                e,
                ChuRecordError::Move {
                    ply: 2,
                    column: 30,
                    ..
                }
            ),
            "{e}"
        );
        assert!(matches!(
            read("sfen 12/12 b - 1"),
            Err(ChuRecordError::Sfen(_))
        ));
        assert!(matches!(read("1手目 ▲ほげ\n"), Err(ChuRecordError::Kif(_))));
        let game = read("startpos").unwrap();
        let e = write(&game, Format::Csa, None, &Header::default()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "Chu records are written as kif, usi or sfen, not csa"
        );
        assert!(matches!(
            write(&game, Format::Sfen, Some(3), &Header::default()),
            Err(ChuRecordError::Ply { ply: 3, moves: 0 })
        ));
    }
}
