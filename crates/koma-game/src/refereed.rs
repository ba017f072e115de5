//! What refereeing an engine's game needs of each member of the family beyond its notation:
//! the `position` line an engine's dialect reads, its moves read back, the entering-king
//! declaration, and the match's record files. The engine's turn
//! ([`engine_turn`](crate::engine_turn)) and the match runner ([`matches`](crate::matches))
//! are written once against it.

use crate::game::Game;
use crate::matches::{MatchError, RecordHeader};
use crate::points::DeclarationFailure;
use crate::usi_client::{Dialect, SearchInfo};
use koma_notation::family::Notation;
use koma_rules::Position;
use koma_rules::chu::Chu;
use std::path::{Path, PathBuf};

/// A game of the family as an engine's turn and a match referee it.
pub trait Refereed: Notation {
    /// The `position` command of `game` for an engine that speaks `dialect`.
    fn position_line(game: &Game<Self>, dialect: Dialect) -> String {
        let _ = dialect;
        game.usi_position()
    }

    /// The move `text` of the side to move in `game`, as an engine speaking `dialect`
    /// writes it (syntax only: the game judges whether it is legal).
    fn read_move(game: &Game<Self>, text: &str, dialect: Dialect) -> Result<Self::Move, String> {
        let _ = (game, dialect);
        Self::parse_usi(text).map_err(|e| e.to_string())
    }

    /// Whether the side to move at `pos` wins by declaring (入玉宣言), when the rule set
    /// has the declaration ([`Game::declare_judged`]).
    fn judge_declaration(pos: &Position<Self>) -> Result<(), DeclarationFailure>;

    /// Writes game `number` into `dir` as the record files this game has, under the
    /// match's `header`, with the engines' searches (`thoughts`, by move) where the format
    /// keeps them; the paths written.
    fn write_records(
        game: &Game<Self>,
        header: &RecordHeader,
        thoughts: &[Option<SearchInfo>],
        dir: &Path,
        number: usize,
    ) -> Result<Vec<PathBuf>, MatchError>;
}

/// The 9x9 variants: Fairy-Stockfish's dialect, the 27-point declaration, KIF and CSA.
macro_rules! refereed_on_the_nine_frame {
    ($d:tt $($kind:ident => $ty:ident),*) => {$(
        impl Refereed for koma_rules::variants::$ty {
            fn position_line(game: &Game<Self>, dialect: Dialect) -> String {
                crate::engine_turn::position_line(game, dialect)
            }

            fn read_move(
                game: &Game<Self>,
                text: &str,
                dialect: Dialect,
            ) -> Result<koma_rules::Move, String> {
                crate::engine_turn::read_move(game, text, dialect)
            }

            fn judge_declaration(pos: &Position<Self>) -> Result<(), DeclarationFailure> {
                crate::points::judge_declaration(pos)
            }

            fn write_records(
                game: &Game<Self>,
                header: &RecordHeader,
                thoughts: &[Option<SearchInfo>],
                dir: &Path,
                number: usize,
            ) -> Result<Vec<PathBuf>, MatchError> {
                crate::matches::records::family_records(game, header, thoughts, dir, number)
            }
        }
    )*};
}

koma_rules::with_variants!(refereed_on_the_nine_frame);

/// Chu: USI only, no declaration, KIF as lishogi writes it.
impl Refereed for Chu {
    /// Chu has no declaration.
    fn judge_declaration(_pos: &Position<Chu>) -> Result<(), DeclarationFailure> {
        Err(DeclarationFailure::NotInRules)
    }

    fn write_records(
        game: &Game<Chu>,
        header: &RecordHeader,
        _thoughts: &[Option<SearchInfo>],
        dir: &Path,
        number: usize,
    ) -> Result<Vec<PathBuf>, MatchError> {
        crate::matches::records::chu_records(game, header, dir, number)
    }
}
