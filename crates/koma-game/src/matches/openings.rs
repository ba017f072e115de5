//! Openings: start positions with moves, one a line, as USI writes them.

use crate::game::{Game, GameError};
use crate::outcome::Outcome;
use crate::rules::RuleSet;
use koma_notation::record::Record;
use koma_notation::usi_line;
use koma_rules::{Position, SetupError, Variant, VariantKind};
use std::path::{Path, PathBuf};

/// A start for a pair of games: a position and the moves already played from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// Its line in the file (from 1), if it came from one.
    pub line: Option<usize>,
    /// The start and the moves (the main line).
    pub record: Record,
}

/// Why an openings file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum OpeningsError {
    /// The file could not be read.
    #[error("openings file {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// A line is no opening.
    #[error("openings file {}line {line}: {source}", file_text(.path))]
    Line {
        /// The file, if the text came from one.
        path: Option<PathBuf>,
        /// The line (from 1).
        line: usize,
        /// What is wrong, with the column.
        source: usi_line::UsiLineError,
    },
    /// The file holds no opening.
    #[error("openings file {}holds no opening", file_text(.path))]
    Empty {
        /// The file, if the text came from one.
        path: Option<PathBuf>,
    },
}

/// Why an opening cannot start a game under a rule set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpeningError {
    /// The start position is not a legal position of the variant.
    #[error("illegal start position: {0}")]
    Start(#[source] SetupError),
    /// A move of the opening is refused by the rules.
    #[error("move {ply} ({usi}): {source}")]
    Move {
        /// The move's number in the opening (from 1).
        ply: usize,
        /// The move in USI.
        usi: String,
        /// Why the game refused it.
        source: GameError,
    },
    /// The game is already over after the opening's moves.
    #[error("the game is over after it ({0})")]
    Over(Outcome),
}

fn file_text(path: &Option<PathBuf>) -> String {
    match path {
        Some(path) => format!("{}, ", path.display()),
        None => String::new(),
    }
}

impl Opening {
    /// The variant's even start position, no moves.
    pub fn startpos(variant: VariantKind) -> Opening {
        Opening {
            line: None,
            record: Record::new(variant),
        }
    }

    /// Reads one opening: `startpos moves ...`, `sfen <SFEN> moves ...`, a bare SFEN, or
    /// any of these after `position`.
    pub fn parse(variant: VariantKind, text: &str) -> Result<Opening, usi_line::UsiLineError> {
        Ok(Opening {
            line: None,
            record: usi_line::parse(variant, text)?,
        })
    }

    /// How many moves the opening plays.
    pub fn plies(&self) -> usize {
        self.record.tree.main_moves().len()
    }

    /// A game from this opening under `rules`, its moves played; an error says why the
    /// opening cannot start a game (an illegal start, a move the rules refuse, a game over).
    pub fn game<V: Variant>(&self, rules: RuleSet) -> Result<Game<V>, OpeningError> {
        let setup = self.record.start.setup(self.record.variant);
        let start = Position::<V>::from_setup(&setup).map_err(OpeningError::Start)?;
        let mut game = Game::new(start, rules);
        for (i, m) in self.record.tree.main_moves().into_iter().enumerate() {
            game.play(m).map_err(|source| OpeningError::Move {
                ply: i + 1,
                usi: koma_notation::usi::write_move(self.record.variant, m),
                source,
            })?;
        }
        match game.outcome() {
            Some(outcome) => Err(OpeningError::Over(outcome)),
            None => Ok(game),
        }
    }
}

/// Reads openings from text, one a line; blank lines and lines starting with `#` are
/// skipped. An error names the line.
pub fn parse_openings(variant: VariantKind, text: &str) -> Result<Vec<Opening>, OpeningsError> {
    let mut openings = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let mut opening =
            Opening::parse(variant, trimmed).map_err(|source| OpeningsError::Line {
                path: None,
                line: i + 1,
                source,
            })?;
        opening.line = Some(i + 1);
        openings.push(opening);
    }
    if openings.is_empty() {
        return Err(OpeningsError::Empty { path: None });
    }
    Ok(openings)
}

/// Reads an openings file (see [`parse_openings`]).
pub fn read_openings(path: &Path, variant: VariantKind) -> Result<Vec<Opening>, OpeningsError> {
    let bytes = std::fs::read(path).map_err(|source| OpeningsError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let text = koma_notation::encoding::decode(&bytes).0;
    parse_openings(variant, &text).map_err(|e| match e {
        OpeningsError::Line { line, source, .. } => OpeningsError::Line {
            path: Some(path.to_path_buf()),
            line,
            source,
        },
        OpeningsError::Empty { .. } => OpeningsError::Empty {
            path: Some(path.to_path_buf()),
        },
        other => other,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_rules::variants::Shogi;

    #[test]
    fn reads_every_form_and_names_bad_lines() {
        let text = "# openings\n\nstartpos moves 7g7f 3c3d\n\
                    position startpos moves 2g2f\n\
                    sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f\n\
                    position sfen 4k4/9/9/9/9/9/9/9/4K4 b 2P 1\n";
        let openings = parse_openings(VariantKind::Shogi, text).unwrap();
        assert_eq!(openings.len(), 4);
        assert_eq!(openings[0].line, Some(3));
        assert_eq!(openings[0].plies(), 2);
        assert_eq!(openings[3].plies(), 0);
        let game = openings[0].game::<Shogi>(RuleSet::CSA).unwrap();
        assert_eq!(game.moves().len(), 2);

        let bad = "startpos moves 7g7f\nstartpos moves 7g7f 7g7f\n";
        let err = parse_openings(VariantKind::Shogi, bad).unwrap_err();
        assert!(
            err.to_string().starts_with("openings file line 2: "),
            "{err}"
        );
        assert!(matches!(
            err,
            OpeningsError::Line {
                line: 2,
                path: None,
                ..
            }
        ));
        assert!(matches!(
            parse_openings(VariantKind::Shogi, "# nothing\n"),
            Err(OpeningsError::Empty { .. })
        ));
    }

    #[test]
    fn an_opening_that_cannot_start_a_game_says_why() {
        let opening = |text: &str| Opening::parse(VariantKind::Shogi, text).unwrap();
        // Two sente pawns on file 5: a readable SFEN, but no legal start.
        let nifu = opening("sfen 4k4/9/9/9/9/4P4/4P4/9/4K4 b - 1");
        assert!(matches!(
            nifu.game::<Shogi>(RuleSet::CSA),
            Err(OpeningError::Start(SetupError::TooManyPawnsOnFile(..)))
        ));
        // The gold drop mates: the game is over before the match could start.
        let over = opening("sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1 moves G*5b");
        let err = over.game::<Shogi>(RuleSet::CSA).unwrap_err();
        assert!(matches!(err, OpeningError::Over(_)), "{err:?}");
        assert!(
            err.to_string().starts_with("the game is over after it"),
            "{err}"
        );
    }
}
