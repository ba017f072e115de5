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
//!   swallow included;
//! - the other variants use the faces' German abbreviations
//!   ([`koma_rules::pieces::Face::german_abbr`]): Kyoto's tokin `To`, every Kyoto move but
//!   the king's with `+` as in Western text; Dōbutsu's animals by their Western letters
//!   (Gi for the giraffe), the chick with its letter.

use super::western::read;
use super::{MoveTextError, facts, mates, name_of, piece_names, promotion_mark, square_text};
use koma_rules::pieces::info_of;
use koma_rules::{Move, Position, Role, Variant};

/// The German abbreviations of `V`'s pieces ([`koma_rules::pieces::Face::german_abbr`]), and the role written
/// without a letter: shogi's pawn (Bauer) where the variant calls it so.
fn letters<V: Variant>() -> (Vec<(&'static str, Role)>, Option<Role>) {
    let pawn = &info_of(Role::Pawn).face;
    let bare = V::BOARD_ROLES
        .contains(&Role::Pawn)
        .then_some(Role::Pawn)
        .filter(|&r| V::face(r) == pawn);
    (piece_names::<V>(|face| vec![face.german_abbr]), bare)
}

/// Writes `m`, a move in `pos`, in the German notation.
pub fn write<V: Variant>(pos: &Position<V>, m: Move) -> String {
    let f = facts(pos, m);
    let (_, bare) = letters::<V>();
    let piece = if f.role.is_some() && f.role == bare {
        ""
    } else {
        name_of::<V>(f.role, |face| face.german_abbr)
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
    read(pos, text, &table, bare).map_err(|k| k.at(text))
}
