//! USI move text: `7g7f`, `8h2b+`, `P*5e` (and Tori's `S*3d`).

use crate::letters::{letters, role_of};
use koma_rules::{Move, Square, VariantKind};

/// A malformed USI move, with the column (1-based) where it goes wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("USI move '{text}', column {column}: {kind}")]
pub struct UsiMoveError {
    /// The text that was read.
    pub text: String,
    /// 1-based character column of the problem.
    pub column: usize,
    /// What is wrong.
    pub kind: UsiMoveErrorKind,
}

/// What is wrong with a USI move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UsiMoveErrorKind {
    /// Too short or too long.
    #[error("a move has 4 or 5 characters (7g7f, 8h2b+, P*5e)")]
    Length,
    /// A square that is not a file digit and a rank letter.
    #[error("a square is a file digit and a rank letter (5e)")]
    SquareLength,
    /// Not a file digit of the board.
    #[error("'{0}' is not a file of the {1} board")]
    BadFile(char, &'static str),
    /// Not a rank letter of the board.
    #[error("'{0}' is not a rank of the {1} board")]
    BadRank(char, &'static str),
    /// Not a piece that can be dropped.
    #[error("'{0}' is not a piece that can be dropped in {1}")]
    BadDropPiece(char, &'static str),
    /// Something other than `+` after a board move.
    #[error("expected '+' or the end, found '{0}'")]
    BadSuffix(char),
    /// A move that goes nowhere.
    #[error("the origin and destination are the same square")]
    NullMove,
}

/// Reads the square written `file` `rank` (`5e`) on `variant`'s board; `col` is the file's
/// column, for the error.
pub(crate) fn square(
    variant: VariantKind,
    file: char,
    rank: char,
    col: usize,
) -> Result<Square, (usize, UsiMoveErrorKind)> {
    let f = file
        .to_digit(10)
        .filter(|&f| f >= 1 && f <= variant.files() as u32);
    let f = f.ok_or((col, UsiMoveErrorKind::BadFile(file, variant.name())))?;
    // Wrapping both ways: '`' (just below 'a') gives 0, which the lowercase check rejects.
    let r = (rank as u32).wrapping_sub('a' as u32).wrapping_add(1);
    if !rank.is_ascii_lowercase() || r > variant.ranks() as u32 {
        return Err((col + 1, UsiMoveErrorKind::BadRank(rank, variant.name())));
    }
    Ok(Square::new(f as u8, r as u8).expect("checked"))
}

/// Reads a square written as USI writes it (`5e`) on `variant`'s board.
pub fn parse_square(variant: VariantKind, text: &str) -> Result<Square, UsiMoveError> {
    let fail = |(column, kind): (usize, UsiMoveErrorKind)| UsiMoveError {
        text: text.to_string(),
        column,
        kind,
    };
    let mut chars = text.chars();
    match (chars.next(), chars.next(), chars.next()) {
        (Some(file), Some(rank), None) => square(variant, file, rank, 1).map_err(fail),
        _ => Err(fail((1, UsiMoveErrorKind::SquareLength))),
    }
}

/// Reads a USI move for `variant` (syntax only: legality is the position's business).
pub fn parse_move(variant: VariantKind, text: &str) -> Result<Move, UsiMoveError> {
    let fail = |(column, kind): (usize, UsiMoveErrorKind)| UsiMoveError {
        text: text.to_string(),
        column,
        kind,
    };
    // Four or five characters, read without allocating (engines send moves by the
    // million, Python's push loops too).
    let mut chars = ['\0'; 5];
    let mut len = 0;
    for ch in text.chars() {
        if len == chars.len() {
            return Err(fail((1, UsiMoveErrorKind::Length)));
        }
        chars[len] = ch;
        len += 1;
    }
    if len < 4 {
        return Err(fail((1, UsiMoveErrorKind::Length)));
    }
    let c = &chars[..len];
    if c[1] == '*' {
        if c.len() != 4 {
            return Err(fail((5, UsiMoveErrorKind::Length)));
        }
        let role = role_of(variant, c[0].encode_utf8(&mut [0; 4]))
            .filter(|&r| variant.hand_roles().contains(&variant.hand_role(r)))
            .filter(|&r| {
                variant.hand_role(r) == r || variant.promotion() == koma_rules::Promotion::Flip
            })
            .ok_or_else(|| fail((1, UsiMoveErrorKind::BadDropPiece(c[0], variant.name()))))?;
        let to = square(variant, c[2], c[3], 3).map_err(fail)?;
        return Ok(Move::drop(role, to));
    }
    let from = square(variant, c[0], c[1], 1).map_err(fail)?;
    let to = square(variant, c[2], c[3], 3).map_err(fail)?;
    let promote = match c.get(4) {
        None => false,
        Some('+') => true,
        Some(&other) => return Err(fail((5, UsiMoveErrorKind::BadSuffix(other)))),
    };
    if from == to {
        return Err(fail((1, UsiMoveErrorKind::NullMove)));
    }
    Ok(Move::normal(from, to, promote))
}

/// Writes a move in USI notation.
pub fn write_move(variant: VariantKind, m: Move) -> String {
    match (m.from(), m.drop_role()) {
        (Some(from), _) => format!(
            "{from}{}{}",
            m.to(),
            if m.is_promotion() { "+" } else { "" }
        ),
        (None, Some(role)) => format!("{}*{}", letters(variant, role), m.to()),
        (None, None) => "0000".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by the `usi_move` fuzz target: a rank character just below 'a' ('`')
    /// overflowed `wrapping_sub('a') + 1` instead of being reported as a bad rank.
    #[test]
    fn backtick_rank_is_an_error_not_an_overflow() {
        for variant in VariantKind::ALL {
            let e = parse_move(variant, "1`\u{4}f").unwrap_err();
            assert_eq!(
                (e.column, e.kind),
                (2, UsiMoveErrorKind::BadRank('`', variant.name()))
            );
            let e = parse_move(variant, "1a1`").unwrap_err();
            assert_eq!(
                (e.column, e.kind),
                (4, UsiMoveErrorKind::BadRank('`', variant.name()))
            );
            let e = parse_move(variant, "P*1`").unwrap_err();
            assert_eq!(
                (e.column, e.kind),
                (4, UsiMoveErrorKind::BadRank('`', variant.name()))
            );
        }
    }
}
