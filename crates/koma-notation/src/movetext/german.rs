//! The German club notation: K (König), T (Turm), L (Läufer), G, S, Sp (Springer),
//! La (Lanze), the pawn (Bauer, B) without a letter; promoted D (Drache), P (Pferd), +S, +Sp,
//! +La, To (Tokin). Examples: `K5i`, `G4i-5h`, `3f`, `Sp'4e`, `Sx3g+`, `Lx2b+#`.
//!
//! Choices made here, where the club rules leave room:
//! - the origin is written only when another piece of the same kind could legally move to
//!   the same square, as in Hodges (`G4i-5h`); `-` stands only between origin and
//!   destination, so an unambiguous quiet move is the piece and the square (`K5i`, `3f`);
//! - a capture is written `x` (`Sx3g+`, `G4ix5h`; the reader takes `:` too), a pawn capture
//!   without a letter (`x3d`);
//! - a drop is written `'` (`Sp'4e`); a pawn drop keeps the pawn letter out too (`'5e`); the
//!   reader takes `*` and an explicit `B` (`B'5e`, `B*5e`);
//! - `+` promotes, `=` declines a possible promotion, `#` ends a mating move (the reader
//!   ignores it);
//! - Tori Shogi uses the Western abbreviations (Ph, Fa, +Fa, Cr, Pt, LQ, RQ, Sw, +Sw), the
//!   swallow included.

use super::western::{TORI, read};
use super::{MoveTextError, facts, mates, name_of, promotion_mark, square_text};
use crate::sfen::kind_of;
use koma_rules::{Move, Position, Role, Variant, VariantKind};

/// Shogi piece letters; the first one of a role is the one written (the pawn's is not).
const SHOGI: &[(&str, Role)] = &[
    ("K", Role::King),
    ("T", Role::Rook),
    ("L", Role::Bishop),
    ("G", Role::Gold),
    ("S", Role::Silver),
    ("Sp", Role::Knight),
    ("La", Role::Lance),
    ("B", Role::Pawn),
    ("D", Role::Dragon),
    ("P", Role::Horse),
    ("+S", Role::PromotedSilver),
    ("+Sp", Role::PromotedKnight),
    ("+La", Role::PromotedLance),
    ("To", Role::Tokin),
];

/// The piece table of `V`, and the role written without a letter.
fn letters<V: Variant>() -> (&'static [(&'static str, Role)], Option<Role>) {
    match kind_of::<V>() {
        VariantKind::Tori => (TORI, None),
        _ => (SHOGI, Some(Role::Pawn)),
    }
}

/// Writes `m`, a move in `pos`, in the German notation.
pub fn write<V: Variant>(pos: &Position<V>, m: Move) -> String {
    let f = facts(pos, m);
    let (table, bare) = letters::<V>();
    let piece = if f.role.is_some() && f.role == bare {
        ""
    } else {
        name_of(table, f.role)
    };
    let to = square_text(m.to(), true);
    let mate = if f.legal && mates(pos, m) { "#" } else { "" };
    let Some(from) = m.from() else {
        return format!("{piece}'{to}{mate}");
    };
    let origin = if f.ambiguous(m) {
        square_text(from, true)
    } else {
        String::new()
    };
    let sep = match () {
        _ if f.capture => "x",
        _ if !origin.is_empty() => "-",
        _ => "",
    };
    let promotion = promotion_mark(f.promotion);
    format!("{piece}{origin}{sep}{to}{promotion}{mate}")
}

/// Reads a move in the German notation.
pub fn parse<V: Variant>(pos: &Position<V>, text: &str) -> Result<Move, MoveTextError> {
    let (table, bare) = letters::<V>();
    read(pos, text, table, bare).map_err(|k| k.at(text))
}
