//! Western move text: Hodges (`P-7f`, `Sx3c+`, `S2bx3c`, `G*5b`, `+Rx3c`, `S-4d=`), its
//! numeric-rank form (`P-76`, `G69-58`, `S*34`) and a long form that always writes the
//! origin (`S4h-3g`).
//!
//! The origin is written only when another piece of the same kind could legally move to
//! the same square; `x` marks a capture, `*` a drop; `+` a promotion and `=` a promotion
//! that was possible and declined. The reader takes every style, Hosking's too (`P76`,
//! `S'34`), and `:` as a capture mark. Tori Shogi pieces: Ph (phoenix), Fa (falcon),
//! +Fa (eagle), Cr (crane), Pt (pheasant), LQ and RQ (quails), Sw (swallow), +Sw (goose).
//! The letters are the faces' ([`koma_rules::Variant::face`]); the small variants' are
//! lishogi's (shogiops' `roleToWestern`): Kyoto's tokin `T`, every Kyoto move but the
//! king's a promotion (`P-1d+`, `R-2b+`), a drop by the face dropped (`R*3c`); Dōbutsu's
//! L (lion), G (giraffe), E (elephant), C (chick), H (hen).

use super::{
    MoveTextError, MoveTextErrorKind, Spec, facts, longest_prefix, name_of, parse_square,
    piece_names, promotion_mark, resolve, square_text,
};
use koma_rules::{Move, Position, Role, Square, Variant};

/// A Western notation style.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Style {
    /// Letter ranks, origin only when ambiguous: `P-7f`, `S2bx3c`, `G*5b`.
    #[default]
    Hodges,
    /// Digit ranks, origin only when ambiguous: `P-76`, `G69-58`, `S*34`.
    Numeric,
    /// Letter ranks, origin always written: `P7g-7f`, `S4h-3g`, `G*5b`.
    Long,
}

/// The Western abbreviations of `V`'s pieces ([`koma_rules::pieces::Face::western`]).
fn letters<V: Variant>() -> Vec<(&'static str, Role)> {
    piece_names::<V>(|face| vec![face.western])
}

/// Writes `m`, a move in `pos`, in `style`.
pub fn write<V: Variant>(pos: &Position<V>, m: Move, style: Style) -> String {
    let f = facts(pos, m);
    let letter_rank = style != Style::Numeric;
    let piece = name_of::<V>(f.role, |face| face.western);
    let to = square_text(m.to(), letter_rank);
    let Some(from) = m.from() else {
        return format!("{piece}*{to}");
    };
    let origin = if style == Style::Long || f.ambiguous(m) {
        square_text(from, letter_rank)
    } else {
        String::new()
    };
    let sep = if f.capture { 'x' } else { '-' };
    format!("{piece}{origin}{sep}{to}{}", promotion_mark(f.promotion))
}

/// Reads a move in any Western style (Hodges, numeric, long, Hosking).
pub fn parse<V: Variant>(pos: &Position<V>, text: &str) -> Result<Move, MoveTextError> {
    read(pos, text, &letters::<V>(), None).map_err(|k| k.at(text))
}

/// Reads `piece [origin] [separator] destination [+|=] [#]` with the piece names of
/// `table`; `bare` is the role meant when the piece is left out (the German pawn).
pub(crate) fn read<V: Variant>(
    pos: &Position<V>,
    text: &str,
    table: &[(&str, Role)],
    bare: Option<Role>,
) -> Result<Move, MoveTextErrorKind> {
    use MoveTextErrorKind as E;
    let s = text.trim();
    let s = s.strip_suffix('#').unwrap_or(s);
    if s.is_empty() {
        return Err(E::Empty);
    }
    let (role, rest) = match (longest_prefix(s, table), bare) {
        (Some((role, n)), _) => (role, &s[n..]),
        (None, Some(role))
            if s.starts_with(|c: char| c.is_ascii_digit() || "-x:*'".contains(c)) =>
        {
            (role, s)
        }
        _ => return Err(E::UnknownPiece(s.into())),
    };
    let (promote, mut rest) = match (rest.strip_suffix('+'), rest.strip_suffix('=')) {
        (Some(r), _) => (Some(true), r),
        (_, Some(r)) => (Some(false), r),
        _ => (None, rest),
    };
    let first = take_square::<V>(&mut rest)?;
    let sep = rest.chars().next().filter(|&c| "-x:*'".contains(c));
    rest = &rest[sep.map_or(0, char::len_utf8)..];
    let second = take_square::<V>(&mut rest)?;
    if !rest.is_empty() {
        return Err(E::Unexpected(rest.into()));
    }
    let (from, to) = match (first, second) {
        (Some(from), Some(to)) => (Some(from), to),
        (Some(to), None) if sep.is_none() => (None, to),
        (None, Some(to)) => (None, to),
        _ => return Err(E::BadSquare(s.into())),
    };
    let drop = match sep {
        Some('*' | '\'') if from.is_some() => return Err(E::Unexpected(s.into())),
        Some('*' | '\'') => Some(true),
        Some(_) => Some(false),
        None => from.map(|_| false),
    };
    let spec = Spec {
        role,
        to,
        from,
        drop,
        promote,
    };
    resolve(pos, spec, <[Square]>::to_vec)
}

/// Takes a square (file digit, rank letter or digit) off the front of `s`, if one starts it.
fn take_square<V: Variant>(s: &mut &str) -> Result<Option<Square>, MoveTextErrorKind> {
    let mut chars = s.chars();
    let (Some(file), rank) = (chars.next(), chars.next()) else {
        return Ok(None);
    };
    if !file.is_ascii_digit() {
        return Ok(None);
    }
    let sq = rank
        .and_then(|r| parse_square::<V>(file, r))
        .ok_or_else(|| MoveTextErrorKind::BadSquare((*s).into()))?;
    *s = chars.as_str();
    Ok(Some(sq))
}
