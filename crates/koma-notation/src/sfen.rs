//! SFEN: reading and writing positions, for every variant.

use crate::letters::{hand_role_of, letters, role_of};
use koma_rules::{
    AnyPosition, Color, Hand, Piece, Position, Role, Setup, SetupError, Square, Variant,
    VariantKind,
};
use std::fmt::Write;

/// A malformed or illegal SFEN, with the column (1-based, in characters) where it goes wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("SFEN column {column}: {kind}")]
pub struct SfenError {
    /// 1-based character column of the problem in the input.
    pub column: usize,
    /// What is wrong.
    pub kind: SfenErrorKind,
}

/// What is wrong with an SFEN.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SfenErrorKind {
    /// Nothing but white space.
    #[error("the SFEN is empty")]
    Empty,
    /// A field is missing.
    #[error("the {0} field is missing")]
    MissingField(&'static str),
    /// The board has the wrong number of ranks.
    #[error("the board has {found} ranks, {variant} has {expected}")]
    RankCount {
        /// Ranks found.
        found: usize,
        /// Ranks the variant has.
        expected: u8,
        /// The variant's name.
        variant: &'static str,
    },
    /// A rank has the wrong number of squares.
    #[error("rank {rank} has {found} squares, {variant} has {expected} files")]
    RankWidth {
        /// The rank (1 = a).
        rank: usize,
        /// Squares found so far.
        found: usize,
        /// Files of the variant.
        expected: u8,
        /// The variant's name.
        variant: &'static str,
    },
    /// A letter that is no piece of the variant.
    #[error("'{0}' is not a piece letter of {1}")]
    UnknownPiece(char, &'static str),
    /// `+` before a piece that cannot promote, or at the end.
    #[error("'+' must be followed by a piece that can promote")]
    BadPromotion,
    /// A character that has no place in the board field.
    #[error("unexpected character '{0}' in the board")]
    UnexpectedChar(char),
    /// The side to move is neither `b` nor `w`.
    #[error("the side to move must be 'b' or 'w', not '{0}'")]
    BadSide(String),
    /// A malformed hand.
    #[error("bad hand: {0}")]
    BadHand(String),
    /// The move number is not an integer from 1 to 2147483647.
    #[error("the move number must be an integer from 1 to 2147483647, not '{0}'")]
    BadPly(String),
    /// More fields than an SFEN has.
    #[error("unexpected text after the SFEN: '{0}'")]
    Trailing(String),
    /// The SFEN is well formed but the position breaks a rule.
    #[error("illegal position: {0}")]
    Illegal(SetupError),
    /// Chu's third field is neither `-` nor a square of the board.
    #[error("the lion-capture field must be '-' or a square like '7g', not '{0}'")]
    BadLionSquare(String),
    /// The Chu SFEN is well formed but the position breaks a rule.
    #[error("illegal Chu position: {0}")]
    IllegalChu(koma_rules::chu::ChuSetupError),
}

pub(crate) fn err(column: usize, kind: SfenErrorKind) -> SfenError {
    SfenError { column, kind }
}

/// Splits on white space, keeping each field's 1-based character column.
pub(crate) fn fields(s: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    let mut col = 0;
    for (byte, ch) in s.char_indices() {
        col += 1;
        match (ch.is_whitespace(), start) {
            (true, Some((c, b))) => {
                out.push((c, &s[b..byte]));
                start = None;
            }
            (false, None) => start = Some((col, byte)),
            _ => {}
        }
    }
    if let Some((c, b)) = start {
        out.push((c, &s[b..]));
    }
    out
}

/// The largest move number read: far beyond any game, and leaves room to play on
/// (at `u32::MAX` the position's move counter would overflow on the next move).
const MAX_MOVE_NUMBER: u32 = i32::MAX as u32; // 2147483647, as in the BadPly message

/// Reads an SFEN (`<board> <side> <hand> [<move number>]`) into an unvalidated setup.
pub fn parse_setup(variant: VariantKind, sfen: &str) -> Result<Setup, SfenError> {
    let f = fields(sfen);
    let Some(&(board_col, board)) = f.first() else {
        return Err(err(1, SfenErrorKind::Empty));
    };
    let end = sfen.chars().count() + 1;
    let mut setup = Setup::empty();
    parse_board(variant, board, board_col, &mut setup)?;
    setup.side = side_field(&f, end)?;
    let &(hand_col, hand) = f
        .get(2)
        .ok_or(err(end, SfenErrorKind::MissingField("hand")))?;
    parse_hands(variant, hand, hand_col, &mut setup)?;
    if let Some(ply) = ply_field(&f)? {
        setup.ply = ply;
    }
    Ok(setup)
}

/// The side to move, the second field (`end`: the column after the text, for a missing one).
pub(crate) fn side_field(f: &[(usize, &str)], end: usize) -> Result<Color, SfenError> {
    let &(side_col, side) = f
        .get(1)
        .ok_or(err(end, SfenErrorKind::MissingField("side to move")))?;
    match side {
        "b" => Ok(Color::Black),
        "w" => Ok(Color::White),
        _ => Err(err(side_col, SfenErrorKind::BadSide(side.to_string()))),
    }
}

/// The move number, the fourth field if there is one, and nothing after it.
pub(crate) fn ply_field(f: &[(usize, &str)]) -> Result<Option<u32>, SfenError> {
    if let Some(&(col, extra)) = f.get(4) {
        return Err(err(col, SfenErrorKind::Trailing(extra.to_string())));
    }
    let Some(&(ply_col, ply)) = f.get(3) else {
        return Ok(None);
    };
    match ply.parse::<u32>() {
        Ok(n) if (1..=MAX_MOVE_NUMBER).contains(&n) => Ok(Some(n)),
        _ => Err(err(ply_col, SfenErrorKind::BadPly(ply.to_string()))),
    }
}

fn parse_board(
    variant: VariantKind,
    board: &str,
    col0: usize,
    setup: &mut Setup,
) -> Result<(), SfenError> {
    let grid = Grid {
        files: variant.files(),
        ranks: variant.ranks(),
        name: variant.name(),
    };
    parse_grid(
        grid,
        board,
        col0,
        |token| role_of(variant, token),
        |file, rank, piece| {
            let sq = Square::new(file, rank).expect("inside the frame");
            setup.set(sq, Some(piece));
        },
    )
}

/// A board's size and its variant's name, as the board field needs them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Grid {
    /// Files.
    pub files: u8,
    /// Ranks.
    pub ranks: u8,
    /// The variant's name, for messages.
    pub name: &'static str,
}

/// Reads a board field of `grid`'s size, the roles' letters read by `role_of` (uppercase,
/// with `+`), each piece handed to `place(file, rank, piece)`. A run of digits is one
/// number (`12` empty squares in Chu).
pub(crate) fn parse_grid(
    grid: Grid,
    board: &str,
    col0: usize,
    role_of: impl Fn(&str) -> Option<Role>,
    mut place: impl FnMut(u8, u8, Piece),
) -> Result<(), SfenError> {
    let files = grid.files as usize;
    let ranks = grid.ranks as usize;
    let name = grid.name;
    let mut rank = 0usize; // 0-based
    let mut width = 0usize;
    let mut digits = 0usize; // the number read so far in a run of digits
    let mut promoted: Option<usize> = None;
    let width_error = |rank: usize, found: usize, col: usize| {
        err(
            col,
            SfenErrorKind::RankWidth {
                rank: rank + 1,
                found,
                expected: grid.files,
                variant: name,
            },
        )
    };
    for (i, ch) in board.chars().enumerate() {
        let col = col0 + i;
        if let Some(pcol) = promoted.filter(|_| !ch.is_ascii_alphabetic()) {
            return Err(err(pcol, SfenErrorKind::BadPromotion));
        }
        let run = digits;
        digits = 0;
        match ch {
            '/' => {
                if width != files {
                    return Err(width_error(rank, width, col));
                }
                rank += 1;
                width = 0;
                if rank >= ranks {
                    return Err(err(
                        col,
                        SfenErrorKind::RankCount {
                            found: rank + 1,
                            expected: grid.ranks,
                            variant: name,
                        },
                    ));
                }
            }
            '0'..='9' if ch != '0' || run > 0 => {
                digits = run * 10 + (ch as usize - '0' as usize);
                width = width - run + digits;
                if width > files {
                    return Err(width_error(rank, width, col));
                }
            }
            '+' => promoted = Some(col),
            _ if ch.is_ascii_alphabetic() => {
                let upper = ch.to_ascii_uppercase();
                let plain = role_of(upper.encode_utf8(&mut [0; 4]))
                    .ok_or(err(col, SfenErrorKind::UnknownPiece(ch, name)));
                let role = match promoted.take() {
                    Some(pcol) => role_of(&format!("+{upper}")).ok_or_else(|| {
                        plain
                            .clone()
                            .err()
                            .unwrap_or(err(pcol, SfenErrorKind::BadPromotion))
                    })?,
                    None => plain?,
                };
                if width >= files {
                    return Err(width_error(rank, width + 1, col));
                }
                let color = if ch.is_ascii_uppercase() {
                    Color::Black
                } else {
                    Color::White
                };
                place(
                    (files - width) as u8,
                    rank as u8 + 1,
                    Piece::new(color, role),
                );
                width += 1;
            }
            _ => return Err(err(col, SfenErrorKind::UnexpectedChar(ch))),
        }
    }
    let end = col0 + board.chars().count();
    if let Some(pcol) = promoted {
        return Err(err(pcol, SfenErrorKind::BadPromotion));
    }
    if width != files {
        return Err(width_error(rank, width, end));
    }
    if rank + 1 != ranks {
        return Err(err(
            end,
            SfenErrorKind::RankCount {
                found: rank + 1,
                expected: grid.ranks,
                variant: name,
            },
        ));
    }
    Ok(())
}

fn parse_hands(
    variant: VariantKind,
    hand: &str,
    col0: usize,
    setup: &mut Setup,
) -> Result<(), SfenError> {
    if hand == "-" {
        return Ok(());
    }
    let mut count: Option<u32> = None;
    let mut counts = [[0u32; 8]; 2];
    for (i, ch) in hand.chars().enumerate() {
        let col = col0 + i;
        if let Some(d) = ch.to_digit(10) {
            let n = count.unwrap_or(0) * 10 + d;
            if n > 99 {
                return Err(err(
                    col,
                    SfenErrorKind::BadHand("a count has more than two digits".into()),
                ));
            }
            count = Some(n);
            continue;
        }
        let role = hand_role_of(variant, ch.to_ascii_uppercase().encode_utf8(&mut [0; 4]))
            .ok_or_else(|| {
                err(
                    col,
                    SfenErrorKind::BadHand(format!("'{ch}' cannot be held in {}", variant.name())),
                )
            })?;
        let n = count.take().unwrap_or(1);
        if n == 0 {
            return Err(err(col, SfenErrorKind::BadHand("a count of zero".into())));
        }
        let color = if ch.is_ascii_uppercase() {
            Color::Black
        } else {
            Color::White
        };
        let slot = role.hand_slot().expect("hand roles have slots");
        counts[color.index()][slot] += n;
    }
    if count.is_some() {
        let end = col0 + hand.chars().count();
        return Err(err(
            end,
            SfenErrorKind::BadHand("a count without a piece letter".into()),
        ));
    }
    for color in Color::ALL {
        let mut h = Hand::EMPTY;
        for &role in variant.hand_roles() {
            let n = counts[color.index()][role.hand_slot().expect("slot")];
            h.set(role, n.min(u8::MAX as u32) as u8);
        }
        setup.hands[color.index()] = h;
    }
    Ok(())
}

/// Reads and validates an SFEN as a position of `variant`.
pub fn parse_position(variant: VariantKind, sfen: &str) -> Result<AnyPosition, SfenError> {
    let setup = parse_setup(variant, sfen)?;
    variant
        .position(&setup)
        .map_err(|e| err(1, SfenErrorKind::Illegal(e)))
}

/// Reads an SFEN as [`parse_position`] does, also accepting a side without its king (a
/// mate problem's position). Where a king is missing, the error is why the position fails
/// as a problem too (the defender in check, say), not the missing king.
pub fn parse_position_kingless(variant: VariantKind, sfen: &str) -> Result<AnyPosition, SfenError> {
    let setup = parse_setup(variant, sfen)?;
    variant
        .position(&setup)
        .or_else(|e| {
            variant
                .position_kingless(&setup)
                .map_err(|kingless| match e {
                    SetupError::MissingKing(_) => kingless,
                    e => e,
                })
        })
        .map_err(|e| err(1, SfenErrorKind::Illegal(e)))
}

/// Reads and validates an SFEN as a typed position.
pub fn parse<V: Variant>(sfen: &str) -> Result<Position<V>, SfenError> {
    <V as crate::family::Notation>::parse_sfen(sfen)
}

/// The run-time variant of a typed one.
pub fn kind_of<V: Variant>() -> VariantKind {
    V::KIND
}

/// Writes a setup as SFEN, hands in canonical order.
pub fn write_setup(variant: VariantKind, setup: &Setup) -> String {
    let letter = |role| letters(variant, role);
    let mut out = String::new();
    write_board(variant, setup, letter, &mut out);
    out.push(' ');
    out.push(if setup.side == Color::Black { 'b' } else { 'w' });
    out.push(' ');
    write_hands(variant, setup, letter, &mut out);
    let _ = write!(out, " {}", setup.ply);
    out
}

/// Writes the board field of `setup`, each piece in the letters `letter` gives
/// (sente's, lowercased for gote).
pub(crate) fn write_board(
    variant: VariantKind,
    setup: &Setup,
    letter: impl Fn(Role) -> &'static str,
    out: &mut String,
) {
    let piece_at = |file, rank| setup.get(Square::new(file, rank).expect("on the board"));
    write_grid(variant.files(), variant.ranks(), piece_at, letter, out);
}

/// Writes the board field of a `files` x `ranks` board whose pieces `piece_at(file, rank)`
/// gives, in the letters `letter` gives (sente's, lowercased for gote).
pub(crate) fn write_grid(
    files: u8,
    ranks: u8,
    piece_at: impl Fn(u8, u8) -> Option<Piece>,
    letter: impl Fn(Role) -> &'static str,
    out: &mut String,
) {
    for rank in 1..=ranks {
        if rank > 1 {
            out.push('/');
        }
        let mut empty = 0;
        for file in (1..=files).rev() {
            match piece_at(file, rank) {
                None => empty += 1,
                Some(piece) => {
                    if empty > 0 {
                        let _ = write!(out, "{empty}");
                        empty = 0;
                    }
                    push_colored(out, letter(piece.role()), piece.color());
                }
            }
        }
        if empty > 0 {
            let _ = write!(out, "{empty}");
        }
    }
}

/// Writes the hands field of `setup` (`-` when both are empty), sente's first, counts
/// before letters, in the letters `letter` gives.
pub(crate) fn write_hands(
    variant: VariantKind,
    setup: &Setup,
    letter: impl Fn(Role) -> &'static str,
    out: &mut String,
) {
    let start = out.len();
    for color in Color::ALL {
        for &role in variant.hand_roles() {
            let n = setup.hands[color.index()].count(role);
            if n == 0 {
                continue;
            }
            if n > 1 {
                let _ = write!(out, "{n}");
            }
            push_colored(out, letter(role), color);
        }
    }
    if out.len() == start {
        out.push('-');
    }
}

/// Appends `letters` as sente's (as written) or gote's (lowercase) piece.
pub(crate) fn push_colored(out: &mut String, letters: &str, color: Color) {
    if color == Color::Black {
        out.push_str(letters);
    } else {
        out.push_str(&letters.to_ascii_lowercase());
    }
}

/// Writes a position as SFEN.
pub fn write<V: Variant>(pos: &Position<V>) -> String {
    write_setup(kind_of::<V>(), &pos.to_setup())
}

/// Writes a run-time-variant position as SFEN.
pub fn write_any(pos: &AnyPosition) -> String {
    write_setup(pos.variant(), &pos.to_setup())
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - ";

    /// Reproduced with the `sfen` fuzz target (a hand-written input): move number
    /// 4294967295 (u32::MAX) was accepted, and generating moves overflowed the move counter.
    #[test]
    fn move_number_near_u32_max_is_rejected() {
        for ply in ["4294967295", "4294967294", "2147483648"] {
            let e = parse_position(VariantKind::Shogi, &format!("{START}{ply}")).unwrap_err();
            assert_eq!(e.column, START.len() + 1);
            assert_eq!(e.kind, SfenErrorKind::BadPly(ply.to_string()));
        }
        let pos = parse_position(VariantKind::Shogi, &format!("{START}2147483647")).unwrap();
        assert_eq!(pos.perft(2), 900);
        assert_eq!(write_any(&pos), format!("{START}2147483647"));
    }

    /// A problem whose defender is already in check was refused as "Black has no king"
    /// (the error of the first reading, which wants both kings).
    #[test]
    fn a_problem_is_refused_for_its_own_fault() {
        let e =
            parse_position_kingless(VariantKind::Shogi, "4k4/4R4/9/9/9/9/9/9/9 b - 1").unwrap_err();
        assert_eq!(e.kind, SfenErrorKind::Illegal(SetupError::OpponentInCheck));
        assert!(parse_position_kingless(VariantKind::Shogi, "4k4/9/9/9/9/9/9/9/9 b G 1").is_ok());
    }
}
