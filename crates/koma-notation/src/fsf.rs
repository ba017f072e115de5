//! Fairy-Stockfish's dialect of the shogi family's notation: its FEN (hands in brackets,
//! `w` for sente), the SFEN its USI mode reads, and its USI moves.
//!
//! Fairy-Stockfish writes Kyoto's back faces as promotions (`+P` for the rook, `+S` the
//! bishop, `+N` the gold, `+L` the tokin) and Dōbutsu's animals by their initials (`L`,
//! `G`, `E`, `C`, `+C`); its USI mode reads and writes positions in those letters only
//! (checked against Fairy-Stockfish c19b5f6c: `position sfen` with lishogi's `T` or `G`
//! for Kyoto leaves those squares empty). A Kyoto move is written `+` when the piece
//! leaves from its pawn, silver, knight or lance face and `-` from the other face (a king
//! move has neither), and a drop names the face it lands on (`+P*3c` drops the rook); the
//! same facts are in lishogi's `FairyConversion.scala`. In the other variants the moves
//! are plain USI, drops in Fairy-Stockfish's letters (`C*2b` for Dōbutsu's chick).

use crate::letters::fsf_letters;
use crate::sfen::{push_colored, write_board, write_hands};
use crate::usi::{UsiMoveErrorKind, square};
use koma_rules::{AnyPosition, Color, IllegalMove, Move, Promotion, Role, Setup, VariantKind};
use std::fmt::Write;

/// A Fairy-Stockfish move that cannot be read in a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("Fairy-Stockfish move '{text}': {kind}")]
pub struct FsfMoveError {
    /// The text that was read.
    pub text: String,
    /// What is wrong.
    pub kind: FsfMoveErrorKind,
}

/// What is wrong with a Fairy-Stockfish move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FsfMoveErrorKind {
    /// Neither a board move nor a drop.
    #[error("a move is a board move (2c2b, 1e1d+, 2a2b-) or a drop (P*3c, +P*3c)")]
    Malformed,
    /// A square that is not on the board.
    #[error("{0}")]
    Square(UsiMoveErrorKind),
    /// Letters that name no piece that can be dropped.
    #[error("'{0}' is not a piece that can be dropped in {1}")]
    BadDropPiece(String, &'static str),
    /// Something other than `+`, `-` or the end after a board move.
    #[error("expected '+', '-' or the end after the squares, found '{0}'")]
    BadSuffix(String),
    /// The origin square is empty.
    #[error("there is no piece on {0}")]
    NoPiece(String),
    /// The suffix does not fit the piece (Kyoto's `+` and `-` name the face it leaves).
    #[error("the piece on {square} moves with {expected}, not '{found}'")]
    WrongSuffix {
        /// The origin square.
        square: String,
        /// What Fairy-Stockfish writes for this piece: `'+'`, `'-'` or no suffix.
        expected: &'static str,
        /// The suffix read.
        found: String,
    },
    /// Well written, but not a legal move in the position.
    #[error("not legal here: {0}")]
    Illegal(IllegalMove),
}

/// The letters Fairy-Stockfish gives a piece in hand: its board letters without the `+`
/// (it holds Kyoto's tokin and gold as the lance and knight they turn into).
fn hand_letters(variant: VariantKind, role: Role) -> &'static str {
    fsf_letters(variant, role).trim_start_matches('+')
}

/// Writes `setup` as a Fairy-Stockfish FEN: `rbsgk/4p/5/P4/KGSBR[] w - - 0 1` (hands in
/// brackets, each piece once per copy, in koma's hand order, which Fairy-Stockfish reads as
/// well as its own; `w` is sente, `b` gote).
pub fn write_fen_setup(variant: VariantKind, setup: &Setup) -> String {
    let mut out = String::new();
    write_board(variant, setup, |r| fsf_letters(variant, r), &mut out);
    out.push('[');
    for color in Color::ALL {
        for &role in variant.hand_roles() {
            for _ in 0..setup.hands[color.index()].count(role) {
                push_colored(&mut out, hand_letters(variant, role), color);
            }
        }
    }
    out.push(']');
    let side = if setup.side == Color::Black { 'w' } else { 'b' };
    let fullmove = setup.ply.div_ceil(2).max(1);
    let _ = write!(out, " {side} - - 0 {fullmove}");
    out
}

/// Writes a position as a Fairy-Stockfish FEN.
pub fn write_fen(pos: &AnyPosition) -> String {
    write_fen_setup(pos.variant(), &pos.to_setup())
}

/// Writes `setup` as the SFEN that Fairy-Stockfish's USI mode reads (`position sfen`): an
/// SFEN in its letters.
pub fn write_sfen_setup(variant: VariantKind, setup: &Setup) -> String {
    let mut out = String::new();
    write_board(variant, setup, |r| fsf_letters(variant, r), &mut out);
    out.push_str(if setup.side == Color::Black {
        " b "
    } else {
        " w "
    });
    write_hands(variant, setup, |r| hand_letters(variant, r), &mut out);
    let _ = write!(out, " {}", setup.ply);
    out
}

/// Writes a position as the SFEN of Fairy-Stockfish's USI mode.
pub fn write_sfen(pos: &AnyPosition) -> String {
    write_sfen_setup(pos.variant(), &pos.to_setup())
}

/// The role on `from` in `pos`.
fn role_on(pos: &AnyPosition, from: koma_rules::Square) -> Option<Role> {
    pos.to_setup().get(from).map(|p| p.role())
}

/// The suffix Fairy-Stockfish writes after a move of `role` that promotes if `promote`.
fn suffix(variant: VariantKind, role: Option<Role>, promote: bool) -> &'static str {
    match (promote, variant.promotion(), role) {
        (false, _, _) => "",
        (true, Promotion::Flip, Some(r)) if fsf_letters(variant, r).starts_with('+') => "-",
        (true, _, _) => "+",
    }
}

/// Writes `m` (a move of `pos`) as Fairy-Stockfish writes it in USI mode.
pub fn write_move(pos: &AnyPosition, m: Move) -> String {
    let variant = pos.variant();
    match (m.from(), m.drop_role()) {
        (Some(from), _) => {
            let promote = m.is_promotion();
            let role = if promote { role_on(pos, from) } else { None };
            format!("{from}{}{}", m.to(), suffix(variant, role, promote))
        }
        (None, Some(role)) => format!("{}*{}", fsf_letters(variant, role), m.to()),
        (None, None) => "0000".to_string(),
    }
}

/// The role a drop written `letters` (Fairy-Stockfish's, sente's case) puts on the board.
fn drop_role(variant: VariantKind, letters: &str) -> Option<Role> {
    let role = *variant
        .board_roles()
        .iter()
        .find(|&&r| fsf_letters(variant, r) == letters)?;
    let held = variant.hand_role(role);
    let droppable = variant.hand_roles().contains(&held)
        && (held == role || variant.promotion() == Promotion::Flip);
    droppable.then_some(role)
}

/// Reads a Fairy-Stockfish USI move (`2c2b`, `1e1d+`, `2a2b-`, `+P*3c`, `C*2b`) as a
/// legal move of `pos`.
pub fn parse_move(pos: &AnyPosition, text: &str) -> Result<Move, FsfMoveError> {
    let fail = |kind| FsfMoveError {
        text: text.to_string(),
        kind,
    };
    let variant = pos.variant();
    let sq = |f: char, r: char| {
        square(variant, f, r, 1).map_err(|(_, k)| fail(FsfMoveErrorKind::Square(k)))
    };
    let m = if let Some((letters, dest)) = text.split_once('*') {
        let role = drop_role(variant, letters).ok_or_else(|| {
            fail(FsfMoveErrorKind::BadDropPiece(
                letters.to_string(),
                variant.name(),
            ))
        })?;
        let c: Vec<char> = dest.chars().collect();
        if c.len() != 2 {
            return Err(fail(FsfMoveErrorKind::Malformed));
        }
        Move::drop(role, sq(c[0], c[1])?)
    } else {
        let c: Vec<char> = text.chars().collect();
        if c.len() < 4 {
            return Err(fail(FsfMoveErrorKind::Malformed));
        }
        let (from, to) = (sq(c[0], c[1])?, sq(c[2], c[3])?);
        let found: String = c[4..].iter().collect();
        if !matches!(found.as_str(), "" | "+" | "-") {
            return Err(fail(FsfMoveErrorKind::BadSuffix(found)));
        }
        let role =
            role_on(pos, from).ok_or_else(|| fail(FsfMoveErrorKind::NoPiece(from.to_string())))?;
        let promote = if variant.promotion() == Promotion::Flip {
            variant.promote(role).is_some()
        } else {
            found == "+"
        };
        let expected = suffix(variant, Some(role), promote);
        if found != expected {
            return Err(fail(FsfMoveErrorKind::WrongSuffix {
                square: from.to_string(),
                expected: match expected {
                    "" => "no suffix",
                    "+" => "'+'",
                    _ => "'-'",
                },
                found,
            }));
        }
        Move::normal(from, to, promote)
    };
    pos.is_legal(m)
        .map_err(|e| fail(FsfMoveErrorKind::Illegal(e)))?;
    Ok(m)
}

#[cfg(test)]
mod tests;
