//! Openings: start positions with moves, one a line, as USI writes them, for any game of
//! the family; and the random moves a match may add after them.

use crate::game::{Game, GameError};
use crate::outcome::Outcome;
use crate::refereed::Refereed;
use crate::rules::RuleSet;
use koma_notation::family::Notation;
use koma_notation::usi_line::{self, UsiLineError};
use koma_rules::GameKind;
use koma_rules::rng::SplitMix64;
use std::path::{Path, PathBuf};

/// A start for a pair of games: a position and the moves already played from it, as a
/// USI `position` line of its game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// Its line in the file (from 1), if it came from one.
    pub line: Option<usize>,
    /// The game it is an opening of.
    pub game: GameKind,
    /// The `position` line, as read.
    pub text: String,
    /// How many moves it plays.
    plies: usize,
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
    /// The opening is of another game than the one asked for.
    #[error("an opening of {opening} cannot start a game of {wanted}")]
    OtherGame {
        /// The opening's game.
        opening: &'static str,
        /// The game asked for.
        wanted: &'static str,
    },
    /// The line does not read as a position of the game with legal moves.
    #[error(transparent)]
    Line(UsiLineError),
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
    /// The game's even start position, no moves.
    pub fn startpos(game: impl Into<GameKind>) -> Opening {
        Opening {
            line: None,
            game: game.into(),
            text: "startpos".to_string(),
            plies: 0,
        }
    }

    /// Reads one opening of `game`: `startpos moves ...`, `sfen <SFEN> moves ...`, a bare
    /// SFEN, or any of these after `position`. The start must be a legal position of the
    /// game and every move legal where it is played.
    pub fn parse(game: impl Into<GameKind>, text: &str) -> Result<Opening, UsiLineError> {
        let game = game.into();
        let plies = koma_rules::dispatch_game!(game, R => R::parse_line(text)?.1.len());
        Ok(Opening {
            line: None,
            game,
            text: text.trim().to_string(),
            plies,
        })
    }

    /// How many moves the opening plays.
    pub fn plies(&self) -> usize {
        self.plies
    }

    /// A game from this opening under `rules`, its moves played; an error says why the
    /// opening cannot start a game (another game's opening, a move the rules refuse, a
    /// game over).
    pub fn game<R: Refereed>(&self, rules: RuleSet) -> Result<Game<R>, OpeningError> {
        if R::GAME != self.game {
            return Err(OpeningError::OtherGame {
                opening: self.game.name(),
                wanted: R::GAME.name(),
            });
        }
        let (start, moves) = R::parse_line(&self.text).map_err(OpeningError::Line)?;
        let mut game = Game::new(start, rules);
        for (i, m) in moves.into_iter().enumerate() {
            game.play(m).map_err(|source| OpeningError::Move {
                ply: i + 1,
                usi: R::usi(m),
                source,
            })?;
        }
        match game.outcome() {
            Some(outcome) => Err(OpeningError::Over(outcome)),
            None => Ok(game),
        }
    }
}

/// Plays up to `plies` random legal moves on `game`, drawn from `seed` and `pair` (the
/// same moves for both games of a pair); stops before a move that would end the game.
pub(crate) fn random_moves<R: Refereed>(game: &mut Game<R>, seed: u64, pair: usize, plies: usize) {
    let mut rng = SplitMix64::new(seed ^ (pair as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    for _ in 0..plies {
        let moves = R::legal_moves(game.position());
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len() as u64) as usize];
        let mut trial = game.clone();
        if !matches!(trial.play(m), Ok(None)) {
            break;
        }
        *game = trial;
    }
}

/// Reads openings from text, one a line; blank lines and lines starting with `#` are
/// skipped. An error names the line.
pub fn parse_openings(
    game: impl Into<GameKind>,
    text: &str,
) -> Result<Vec<Opening>, OpeningsError> {
    let game = game.into();
    let mut openings = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let mut opening = Opening::parse(game, trimmed).map_err(|source| OpeningsError::Line {
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
pub fn read_openings(
    path: &Path,
    game: impl Into<GameKind>,
) -> Result<Vec<Opening>, OpeningsError> {
    let bytes = std::fs::read(path).map_err(|source| OpeningsError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let text = koma_notation::encoding::decode(&bytes).0;
    parse_openings(game, &text).map_err(|e| match e {
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
    use koma_notation::sfen::SfenErrorKind;
    use koma_notation::usi_line::UsiLineErrorKind;
    use koma_rules::chu::Chu;
    use koma_rules::variants::{Shogi, Tori};
    use koma_rules::{Color, SetupError, VariantKind};

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
        // Two sente pawns on file 5: a readable SFEN, but no legal start.
        let nifu = Opening::parse(VariantKind::Shogi, "sfen 4k4/9/9/9/9/4P4/4P4/9/4K4 b - 1");
        let err = nifu.unwrap_err();
        assert_eq!(
            (err.column, err.kind),
            (
                6,
                UsiLineErrorKind::Sfen(SfenErrorKind::Illegal(SetupError::TooManyPawnsOnFile(
                    Color::Black,
                    5
                )))
            )
        );
        let opening = |text: &str| Opening::parse(VariantKind::Shogi, text).unwrap();
        // The gold drop mates: the game is over before the match could start.
        let over = opening("sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1 moves G*5b");
        let err = over.game::<Shogi>(RuleSet::CSA).unwrap_err();
        assert!(matches!(err, OpeningError::Over(_)), "{err:?}");
        assert!(
            err.to_string().starts_with("the game is over after it"),
            "{err}"
        );
        // An opening of one game does not start another.
        let err = opening("startpos").game::<Tori>(RuleSet::TORI).unwrap_err();
        assert_eq!(
            err.to_string(),
            "an opening of shogi cannot start a game of tori"
        );
    }

    #[test]
    fn chu_openings_read_with_the_lions_double_moves() {
        let openings = parse_openings(
            GameKind::Chu,
            "startpos moves 7i7h 6d6e 7j7i6h\nposition startpos moves 7i7h 5d5e\n",
        )
        .unwrap();
        assert_eq!(
            openings.iter().map(Opening::plies).collect::<Vec<_>>(),
            [3, 2]
        );
        let game = openings[0].game::<Chu>(RuleSet::CHU).unwrap();
        assert!(game.usi_position().ends_with("moves 7i7h 6d6e 7j7i6h"));
        // A move no Chu piece can make there, named by its column.
        let err = parse_openings(GameKind::Chu, "startpos moves 7i7h 6d6e 7h7f\n").unwrap_err();
        assert!(
            err.to_string()
                .starts_with("openings file line 1: position line, column 26: 7h7f"),
            "{err}"
        );
        let err = Opening::parse(GameKind::Chu, "startpos moves 7i7").unwrap_err();
        assert!(matches!(err.kind, UsiLineErrorKind::ChuMove(_)), "{err:?}");
    }

    #[test]
    fn random_moves_are_the_same_for_a_pair_and_differ_between_pairs() {
        let line = |pair: usize| {
            let mut game = Opening::startpos(GameKind::Chu)
                .game::<Chu>(RuleSet::CHU)
                .unwrap();
            random_moves(&mut game, 7, pair, 6);
            assert_eq!(game.moves().len(), 6);
            game.usi_position()
        };
        assert_eq!(line(0), line(0));
        assert_ne!(line(0), line(1));
    }
}
