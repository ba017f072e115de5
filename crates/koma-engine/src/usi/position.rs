//! Building the position of a `position` command: the start, the moves, and the history of
//! position keys the search needs for repetitions.

use super::command::{PositionCommand, StartSpec, echo};
use crate::search::PastPosition;
use koma_notation::sfen::{self, SfenError};
use koma_notation::usi::parse_move;
use koma_rules::{AnyPosition, Color, SetupError, VariantKind};

/// The position to search and how it was reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GamePosition {
    /// The position after the last legal move.
    pub root: AnyPosition,
    /// The positions before `root`, oldest first: the start position and the position
    /// after every move but the last (`root` itself is not included).
    pub history: Vec<PastPosition>,
}

impl GamePosition {
    /// The start position of `variant`, with no history.
    pub fn startpos(variant: VariantKind) -> GamePosition {
        GamePosition {
            root: variant.startpos(),
            history: Vec::new(),
        }
    }

    /// The side to move at the root.
    pub fn side_to_move(&self) -> Color {
        side_to_move(&self.root)
    }
}

/// The side to move in `pos`.
pub fn side_to_move(pos: &AnyPosition) -> Color {
    koma_rules::on_position!(pos, p => p.side_to_move())
}

/// Whether `color` has a king in `pos`.
pub fn has_king(pos: &AnyPosition, color: Color) -> bool {
    koma_rules::on_position!(pos, p => p.king(color).is_some())
}

/// A `position` command whose start cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The SFEN cannot be read.
    #[error("position: bad SFEN '{text}': {error}{hint}")]
    Sfen {
        /// The SFEN text (shortened).
        text: String,
        /// What is wrong.
        error: SfenError,
        /// A hint when the SFEN belongs to another variant.
        hint: String,
    },
    /// The SFEN is read but the position breaks a rule.
    #[error("position: illegal position '{text}': {error}")]
    Illegal {
        /// The SFEN text (shortened).
        text: String,
        /// What is wrong.
        error: SetupError,
    },
}

/// A position built from a command, with what was dropped on the way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Built {
    /// The position.
    pub position: GamePosition,
    /// Notes for `info string`: an illegal move and everything after it dropped, a missing
    /// king.
    pub warnings: Vec<String>,
}

/// Builds the position of `command` in `variant`. A bad start is an error (the caller
/// keeps its previous position); a bad move keeps the position after the last legal move
/// and says so in the warnings. A side without a king is accepted (tsume problems omit the
/// attacker's king) with a warning.
pub fn build(variant: VariantKind, command: &PositionCommand) -> Result<Built, PositionError> {
    let mut root = match &command.start {
        StartSpec::StartPos => variant.startpos(),
        StartSpec::Sfen(text) => start_from_sfen(variant, text)?,
    };
    let mut warnings = Vec::new();
    let mut history = Vec::with_capacity(command.moves.len());
    for (i, text) in command.moves.iter().enumerate() {
        let problem = match parse_move(variant, text) {
            Err(e) => Some(e.kind.to_string()),
            Ok(m) => {
                let before = PastPosition::of_any(&root);
                match root.play(m) {
                    Ok(()) => {
                        history.push(before);
                        None
                    }
                    Err(e) => Some(e.to_string()),
                }
            }
        };
        if let Some(problem) = problem {
            warnings.push(illegal_move_note(i, text, command.moves.len(), &problem));
            break;
        }
    }
    for color in Color::ALL {
        if !has_king(&root, color) {
            let who = color.name();
            warnings.push(format!("position: {who} has no king (a tsume problem?)"));
        }
    }
    Ok(Built {
        position: GamePosition { root, history },
        warnings,
    })
}

/// The note for move `i` (from 0) of `total`, `text`, refused for `problem`: the position
/// after the moves before it is used.
pub fn illegal_move_note(i: usize, text: &str, total: usize, problem: &str) -> String {
    format!(
        "position: move {} '{}' is illegal ({problem}); \
         using the position after move {} and ignoring the {} move(s) from there",
        i + 1,
        echo(text),
        i,
        total - i
    )
}

fn start_from_sfen(variant: VariantKind, text: &str) -> Result<AnyPosition, PositionError> {
    let setup = sfen::parse_setup(variant, text).map_err(|error| {
        let other = VariantKind::ALL.iter().copied().find(|&v| {
            v != variant
                && sfen::parse_setup(v, text).is_ok_and(|setup| v.position_kingless(&setup).is_ok())
        });
        PositionError::Sfen {
            text: echo(text),
            error,
            hint: other
                .map(|v| {
                    format!(
                        " (it reads as {0}: setoption name USI_Variant value {0})",
                        v.name()
                    )
                })
                .unwrap_or_default(),
        }
    })?;
    variant
        .position_kingless(&setup)
        .map_err(|error| PositionError::Illegal {
            text: echo(text),
            error,
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::usi::command::{Command, parse};

    fn command(line: &str) -> PositionCommand {
        match parse(line) {
            Ok(Some(Command::Position(p))) => p,
            other => panic!("{other:?}"),
        }
    }

    fn built(variant: VariantKind, line: &str) -> Result<Built, PositionError> {
        build(variant, &command(line))
    }

    #[test]
    fn startpos_and_moves_with_history() {
        let b = built(VariantKind::Shogi, "position startpos moves 7g7f 3c3d").unwrap();
        assert!(b.warnings.is_empty());
        let mut p = VariantKind::Shogi.startpos();
        let k0 = p.key();
        p.play(parse_move(VariantKind::Shogi, "7g7f").unwrap())
            .unwrap();
        let k1 = p.key();
        let keys: Vec<u64> = b.position.history.iter().map(|h| h.key).collect();
        assert!(b.position.history.iter().all(|h| !h.in_check));
        p.play(parse_move(VariantKind::Shogi, "3c3d").unwrap())
            .unwrap();
        assert_eq!(keys, vec![k0, k1]);
        assert_eq!(b.position.root, p);
        assert_eq!(b.position.side_to_move(), Color::Black);
    }

    #[test]
    fn an_illegal_move_keeps_the_position_before_it() {
        let b = built(VariantKind::Shogi, "position startpos moves 7g7f zzzz 3c3d").unwrap();
        assert_eq!(b.warnings.len(), 1, "{:?}", b.warnings);
        assert!(b.warnings[0].contains("move 2 'zzzz'"), "{:?}", b.warnings);
        assert_eq!(b.position.history.len(), 1);
        assert_eq!(b.position.side_to_move(), Color::White);
        // Well-formed but illegal: a sente move on gote's turn.
        let b = built(VariantKind::Shogi, "position startpos moves 7g7f 2g2f").unwrap();
        assert_eq!(b.warnings.len(), 1);
        assert_eq!(b.position.history.len(), 1);
    }

    #[test]
    fn sfen_starts() {
        let b = built(
            VariantKind::Shogi,
            "position sfen 4k4/5r3/9/9/9/9/9/9/4K4 w - 1 moves 4b5b 5i4i",
        )
        .unwrap();
        assert!(b.warnings.is_empty());
        assert_eq!(b.position.side_to_move(), Color::White);
        // A tsume problem: no sente king.
        let b = built(
            VariantKind::Shogi,
            "position sfen 6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1",
        )
        .unwrap();
        assert_eq!(b.warnings.len(), 1, "{:?}", b.warnings);
        assert!(matches!(
            built(VariantKind::Shogi, "position sfen xyz b - 1"),
            Err(PositionError::Sfen { .. })
        ));
        // Two sente kings.
        assert!(matches!(
            built(
                VariantKind::Shogi,
                "position sfen 4k4/9/9/9/9/9/9/9/3KK4 b - 1"
            ),
            Err(PositionError::Illegal { .. })
        ));
    }

    #[test]
    fn a_sfen_of_the_other_variant_gets_a_hint() {
        let Err(e) = built(
            VariantKind::Shogi,
            "position sfen rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR b - 1",
        ) else {
            panic!()
        };
        assert!(e.to_string().contains("USI_Variant value tori"), "{e}");
        let b = built(
            VariantKind::Tori,
            "position sfen rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR b - 1 moves 4e4d",
        )
        .unwrap();
        assert!(b.warnings.is_empty(), "{:?}", b.warnings);
        assert_eq!(b.position.root.variant(), VariantKind::Tori);
    }
}
