//! The board as text, in the style of a KIF board diagram (BOD): kanji pieces, gote's
//! pieces marked `v`, both hands.

use koma_rules::pieces::{Face, info_of};
use koma_rules::{Color, Hand, Role, Setup, Square, VariantKind};

/// The one-character kanji for a role on the board (gote's king 王, sente's 玉; the
/// variant's own glyph where it names the piece otherwise: Tori's phoenix 鵬).
pub fn board_kanji(variant: VariantKind, role: Role, color: Color) -> char {
    let face = variant.face(role);
    match (face.kanji_aliases.first(), color) {
        (Some(alias), Color::White) if role == Role::King => {
            alias.chars().next().unwrap_or(face.glyph)
        }
        _ => face.glyph,
    }
}

/// The kanji name of a role in a hand listing (Tori's quails get their full names).
pub fn hand_name(variant: VariantKind, role: Role) -> &'static str {
    variant.face(role).kanji
}

/// A number 1..=99 in kanji numerals (一, 十, 十八).
pub fn kanji_number(n: u32) -> String {
    const DIGITS: [char; 10] = ['〇', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
    let mut s = String::new();
    if n >= 10 {
        if n / 10 > 1 {
            s.push(DIGITS[(n / 10 % 10) as usize]);
        }
        s.push('十');
        if n % 10 != 0 {
            s.push(DIGITS[(n % 10) as usize]);
        }
    } else {
        s.push(DIGITS[n as usize]);
    }
    s
}

const FULLWIDTH_DIGITS: [char; 10] = ['０', '１', '２', '３', '４', '５', '６', '７', '８', '９'];

fn hand_text(variant: VariantKind, hand: &Hand) -> String {
    let parts: Vec<String> = variant
        .hand_roles()
        .iter()
        .filter(|&&r| hand.count(r) > 0)
        .map(|&r| {
            let n = hand.count(r) as u32;
            if n == 1 {
                hand_name(variant, r).to_string()
            } else {
                format!("{}{}", hand_name(variant, r), kanji_number(n))
            }
        })
        .collect();
    if parts.is_empty() {
        "なし".to_string()
    } else {
        parts.join("　")
    }
}

/// The position as a board diagram: gote's hand, the board, sente's hand, side to move.
pub fn write(variant: VariantKind, setup: &Setup) -> String {
    let files = variant.files();
    let mut out = String::new();
    out.push_str(&format!(
        "後手の持駒：{}\n",
        hand_text(variant, &setup.hands[Color::White.index()])
    ));
    out.push(' ');
    for file in (1..=files).rev() {
        out.push(' ');
        out.push(FULLWIDTH_DIGITS[file as usize]);
    }
    out.push('\n');
    let rule = format!("+{}+\n", "-".repeat(files as usize * 3));
    out.push_str(&rule);
    for rank in 1..=variant.ranks() {
        out.push('|');
        for file in (1..=files).rev() {
            match setup.get(Square::new(file, rank).expect("on the board")) {
                None => out.push_str(" ・"),
                Some(p) => {
                    out.push(if p.color() == Color::White { 'v' } else { ' ' });
                    out.push(board_kanji(variant, p.role(), p.color()));
                }
            }
        }
        out.push('|');
        out.push_str(&kanji_number(rank as u32));
        out.push('\n');
    }
    out.push_str(&rule);
    out.push_str(&format!(
        "先手の持駒：{}\n",
        hand_text(variant, &setup.hands[Color::Black.index()])
    ));
    out.push_str(if setup.side == Color::Black {
        "先手番\n"
    } else {
        "後手番\n"
    });
    out
}

/// What is wrong with a board diagram's rank line or a hand.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiagramError {
    /// A rank line that does not open with `|`.
    #[error("a rank line starts with '|'")]
    NoOpeningBar,
    /// A rank line without the closing `|` before the rank numeral.
    #[error("a rank line ends with '|' and the rank")]
    NoClosingBar,
    /// A rank line with the wrong number of cells.
    #[error("a rank has {files} cells of two characters, found {found} characters")]
    CellCount {
        /// The board's files (cells a rank must have).
        files: usize,
        /// The characters found between the bars.
        found: usize,
    },
    /// More rank lines than the board has ranks.
    #[error("rank {0} is outside the frame")]
    RankOutsideFrame(u8),
    /// The mark before a piece is neither ` ` (sente) nor `v` (gote).
    #[error("'{0}' before a piece must be ' ' or 'v'")]
    BadSideMark(char),
    /// A character that is no piece of the variant.
    #[error("'{0}' is not a piece")]
    NotAPiece(char),
    /// A hand listing naming something that cannot be held.
    #[error("'{0}' is not a piece that can be held")]
    NotAHandPiece(String),
}

/// The role a board diagram's kanji stands for: a glyph or one-character alias of the
/// variant's face of a role on its board (both 玉 and 王 are kings; 竜 and 龍), else of the
/// piece table's face (Tori's phoenix may be written 玉).
pub fn role_of_kanji(variant: VariantKind, ch: char) -> Option<Role> {
    let names = |face: &Face| {
        face.glyph == ch
            || face
                .kanji_aliases
                .iter()
                .any(|alias| alias.chars().eq([ch]))
    };
    let roles = variant.board_roles().iter().copied();
    roles
        .clone()
        .find(|&r| names(variant.face(r)))
        .or_else(|| roles.clone().find(|&r| names(&info_of(r).face)))
}

/// Reads one rank line of a diagram (`|v香v桂 ・ ...|一`) into `setup` at `rank`.
pub fn parse_rank(
    variant: VariantKind,
    text: &str,
    rank: u8,
    setup: &mut Setup,
) -> Result<(), DiagramError> {
    let inner = text
        .trim_end()
        .strip_prefix('|')
        .ok_or(DiagramError::NoOpeningBar)?;
    let end = inner.find('|').ok_or(DiagramError::NoClosingBar)?;
    let cells: Vec<char> = inner[..end].chars().collect();
    let files = variant.files() as usize;
    if cells.len() != files * 2 {
        return Err(DiagramError::CellCount {
            files,
            found: cells.len(),
        });
    }
    if rank > variant.ranks() {
        return Err(DiagramError::RankOutsideFrame(rank));
    }
    for (i, cell) in cells.chunks(2).enumerate() {
        let file = (files - i) as u8;
        let sq = Square::new(file, rank).ok_or(DiagramError::RankOutsideFrame(rank))?;
        let color = match cell[0] {
            'v' | 'V' => Color::White,
            ' ' | '　' | '^' => Color::Black,
            other => return Err(DiagramError::BadSideMark(other)),
        };
        if cell[1] == '・' {
            setup.set(sq, None);
            continue;
        }
        let role = role_of_kanji(variant, cell[1]).ok_or(DiagramError::NotAPiece(cell[1]))?;
        setup.set(sq, Some(koma_rules::Piece::new(color, role)));
    }
    Ok(())
}

/// Reads a hand as diagrams and KIF headers write it (`飛二　角　歩十八`, `なし`).
pub fn parse_hand(variant: VariantKind, text: &str) -> Result<Hand, DiagramError> {
    let mut hand = Hand::EMPTY;
    let text = text.trim();
    if text.is_empty() || text == "なし" {
        return Ok(hand);
    }
    for item in text
        .split(|c: char| c == '　' || c.is_whitespace())
        .filter(|s| !s.is_empty())
    {
        let (name, count) = split_count(item);
        let role = variant
            .hand_roles()
            .iter()
            .copied()
            .find(|&r| {
                let face = variant.face(r);
                face.kanji == name || face.kanji_aliases.contains(&name)
            })
            .ok_or_else(|| DiagramError::NotAHandPiece(name.to_string()))?;
        hand.set(
            role,
            hand.count(role)
                .saturating_add(count.min(u8::MAX as u32) as u8),
        );
    }
    Ok(hand)
}

/// Splits `歩十八` into (`歩`, 18); a name without a number counts 1.
fn split_count(item: &str) -> (&str, u32) {
    let digits = item
        .char_indices()
        .find(|(_, c)| kanji_digit(*c).is_some() || *c == '十' || c.is_ascii_digit());
    match digits {
        None => (item, 1),
        Some((at, _)) => (&item[..at], parse_kanji_number(&item[at..]).unwrap_or(1)),
    }
}

fn kanji_digit(c: char) -> Option<u32> {
    "〇一二三四五六七八九"
        .chars()
        .position(|d| d == c)
        .map(|d| d as u32)
}

/// A number written in kanji (`十八`, `三`) or ASCII digits.
pub fn parse_kanji_number(text: &str) -> Option<u32> {
    if let Ok(n) = text.parse::<u32>() {
        return Some(n);
    }
    let mut total = 0;
    let mut digit: Option<u32> = None;
    for c in text.chars() {
        if c == '十' {
            total += digit.take().unwrap_or(1) * 10;
        } else {
            digit = Some(kanji_digit(c)?);
        }
    }
    Some(total + digit.unwrap_or(0))
}

/// Puts every piece of a full set not on the board and not in a hand into `color`'s hand
/// (CSA's `00AL`, KIF's `残り全部`: how mate problems give the defender's hand).
pub fn all_to_hand<V: koma_rules::Variant>(setup: &mut Setup, color: Color) {
    for &role in V::HAND_ROLES {
        let on_board = setup
            .board
            .iter()
            .flatten()
            .filter(|p| p.role().unpromoted() == role)
            .count();
        let held: usize = setup.hands.iter().map(|h| h.count(role) as usize).sum();
        let rest = (V::piece_total(role) as usize).saturating_sub(on_board + held);
        let hand = &mut setup.hands[color.index()];
        let n = (hand.count(role) as usize + rest).min(u8::MAX as usize) as u8;
        hand.set(role, n);
    }
}
