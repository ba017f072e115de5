//! Chu shogi's SFEN and USI moves, as lishogi writes them: a 12x12 board field (runs of
//! digits such as `12` are one number), the side to move, in place of a hand the square of
//! a lion just taken by a non-lion (`-` if none), and the move number; moves `7j7i`,
//! `7j7i+`, double moves `7j7i6h` and igui `6f6g6f`.

pub mod kif;
pub mod text;

use crate::sfen::{
    Grid, SfenError, SfenErrorKind, err, fields, parse_grid, ply_field, side_field, write_grid,
};
use koma_rules::chu::{BOARD_ROLES, ChuMove, ChuPosition, ChuSetup};
use koma_rules::frame12::Square12;
use koma_rules::pieces::info_of;
use koma_rules::{Color, Role};
use std::fmt::Write;

/// The variant's name, as lishogi and `USI_Variant` call it.
pub const NAME: &str = koma_rules::CHU_NAME;

/// The start position in lishogi's SFEN.
pub const START_SFEN: &str = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";

/// The letters of a Chu role as sente's piece is written (`N`, `+H`).
pub fn letters(role: Role) -> &'static str {
    info_of(role).face.usi
}

/// The Chu role written `token` (uppercase, with its `+` if any).
pub fn role_of(token: &str) -> Option<Role> {
    BOARD_ROLES.iter().copied().find(|&r| letters(r) == token)
}

const GRID: Grid = Grid {
    files: 12,
    ranks: 12,
    name: NAME,
};

/// Reads a Chu SFEN into an unvalidated setup.
pub fn parse_setup(sfen: &str) -> Result<ChuSetup, SfenError> {
    let f = fields(sfen);
    let Some(&(board_col, board)) = f.first() else {
        return Err(err(1, SfenErrorKind::Empty));
    };
    let end = sfen.chars().count() + 1;
    let mut setup = ChuSetup::EMPTY;
    parse_grid(GRID, board, board_col, role_of, |file, rank, piece| {
        let sq = Square12::new(file, rank).expect("inside the frame");
        setup.board[sq.index()] = Some(piece);
    })?;
    setup.side = side_field(&f, end)?;
    if let Some(&(col, lion)) = f.get(2) {
        if lion != "-" {
            let sq = Square12::parse(lion)
                .ok_or_else(|| err(col, SfenErrorKind::BadLionSquare(lion.to_string())))?;
            setup.last_lion_capture = Some(sq);
        }
    }
    if let Some(ply) = ply_field(&f)? {
        setup.ply = ply;
    }
    Ok(setup)
}

/// Reads and validates a Chu SFEN.
pub fn parse(sfen: &str) -> Result<ChuPosition, SfenError> {
    <koma_rules::chu::Chu as crate::family::Notation>::parse_sfen(sfen)
}

/// Writes a Chu setup as SFEN.
pub fn write_setup(setup: &ChuSetup) -> String {
    let mut out = String::new();
    let piece_at = |file, rank| {
        let sq = Square12::new(file, rank).expect("on the board");
        setup.board[sq.index()]
    };
    write_grid(12, 12, piece_at, letters, &mut out);
    out.push_str(if setup.side == Color::Black {
        " b "
    } else {
        " w "
    });
    match setup.last_lion_capture {
        Some(sq) => {
            let _ = write!(out, "{sq}");
        }
        None => out.push('-'),
    }
    let _ = write!(out, " {}", setup.ply);
    out
}

/// Writes a Chu position as SFEN.
pub fn write(pos: &ChuPosition) -> String {
    write_setup(&pos.to_setup())
}

/// Why a USI string is not a Chu move of the position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChuUsiError {
    /// Not two or three squares, with an optional `+`.
    #[error("'{0}' is not a Chu USI move (like 7j7i, 7j7i+, 7j7i6h)")]
    Malformed(String),
    /// Well formed, but not legal here.
    #[error("{0} is not a legal move in this position")]
    Illegal(String),
}

/// Reads a USI move (`7j7i`, `7j7i+`, `7j7i6h`) without looking at a position.
pub fn parse_usi(text: &str) -> Result<ChuMove, ChuUsiError> {
    let malformed = || ChuUsiError::Malformed(text.chars().take(40).collect());
    let (body, promote) = match text.strip_suffix('+') {
        Some(body) => (body, true),
        None => (text, false),
    };
    let mut squares = Vec::with_capacity(3);
    let mut start = 0;
    for (i, b) in body.bytes().enumerate() {
        if b.is_ascii_lowercase() {
            squares.push(Square12::parse(&body[start..=i]).ok_or_else(malformed)?);
            start = i + 1;
        } else if !b.is_ascii_digit() {
            return Err(malformed());
        }
    }
    match (squares.as_slice(), start == body.len(), promote) {
        (&[from, to], true, _) => Ok(ChuMove::normal(from, to, promote)),
        (&[from, mid, to], true, false) => Ok(ChuMove::double(from, mid, to)),
        _ => Err(malformed()),
    }
}

/// Reads a USI move and checks that it is legal in `pos`.
pub fn parse_legal(pos: &ChuPosition, text: &str) -> Result<ChuMove, ChuUsiError> {
    let m = parse_usi(text)?;
    if pos.legal_moves().contains(&m) {
        Ok(m)
    } else {
        Err(ChuUsiError::Illegal(m.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_reads_and_writes_back() {
        let pos = parse(START_SFEN).expect("the start");
        assert_eq!(write(&pos), START_SFEN);
        assert_eq!(pos, ChuPosition::startpos());
        assert_eq!(pos.legal_moves().len(), 36);
    }

    #[test]
    fn usi_moves_read_back() {
        for text in ["7j7i", "7j7i+", "7j7i6h", "6f6g6f", "12a1l", "10c11d+"] {
            assert_eq!(parse_usi(text).expect(text).to_string(), text);
        }
        for bad in [
            "", "7j", "7j7", "7j7i6h+", "13a1a", "7j7i6h5g", "7j+7i", "0a1a", "7J7i",
        ] {
            assert!(parse_usi(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn malformed_sfens_are_named() {
        let cases = [
            ("", "empty"),
            ("12/12/12 b - 1", "ranks"),
            ("13/12/12/12/12/12/12/12/12/12/12/12 b - 1", "rank 1"),
            (
                "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b 13m 1",
                "lion-capture",
            ),
            ("11k/12/12/12/12/12/12/12/12/12/12/11K x - 1", "side"),
            (
                "11z/12/12/12/12/12/12/12/12/12/12/11K b - 1",
                "piece letter",
            ),
            ("12/12/12/12/12/12/12/12/12/12/12/12 b - 1", "king"),
            (
                "11k/12/12/12/12/12/12/12/12/12/12/10NK b 2l 1",
                "lion-capture square",
            ),
        ];
        for (sfen, word) in cases {
            let e = parse(sfen).expect_err(sfen).to_string();
            assert!(e.contains(word), "{sfen}: {e}");
        }
    }
}
