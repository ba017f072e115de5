//! The board as an SVG picture: kanji on five-sided pieces (the top player's upside down),
//! both hands with counts, the coordinates as Japanese boards write them (files 1-9 from
//! the right, ranks 一-九 downwards) and the last move's squares marked.
//!
//! The characters are the board diagram's ([`crate::diagram::board_kanji`]; Tori's quails
//! with their full names, a small 左 or 右 above 鶉). The output is deterministic: the same
//! position and options give the same bytes.
//!
//! ```
//! use koma_notation::svg::{self, Options};
//! use koma_rules::VariantKind;
//!
//! let pos = VariantKind::Shogi.startpos();
//! let picture = svg::write_any(&pos, &Options::default());
//! assert!(picture.starts_with("<?xml"));
//! assert_eq!(picture.matches("class=\"piece ").count(), 40);
//! ```

use crate::diagram::{board_kanji, hand_name, kanji_number};
use koma_rules::{AnyPosition, Color, Move, Piece, Role, Setup, Square, VariantKind};
use std::fmt::Write;

/// What to draw besides the position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Draw the board from gote's side: gote at the bottom, file 1 on the left.
    pub flip: bool,
    /// The move that led to the position: its destination (and origin) are marked.
    pub last_move: Option<Move>,
    /// The players' names, indexed by [`Color::index`]; without one the side's name (先手,
    /// 後手) is written. Names are XML-escaped and cut to [`NAME_WIDTH`].
    pub names: [Option<String>; 2],
}

/// The most a name may take, in half-width columns (a CJK character counts two); a longer
/// name is cut and ends with `…`.
pub const NAME_WIDTH: usize = 12;

/// Width of a square, in the picture's units (pixels at scale 1).
const SQ_W: i32 = 60;
/// Height of a square: shogi boards are taller than wide.
const SQ_H: i32 = 64;
/// Space around the picture.
const PAD: i32 = 10;
/// Width of a hand's stand.
const HAND_W: i32 = 110;
/// Space between a stand and the board.
const GAP: i32 = 14;
/// Width (right) and height (top) of the coordinate strips.
const COORD: i32 = 26;
/// Height of one row of a hand.
const ROW_H: i32 = 54;
/// Height of a stand's name line.
const LABEL_H: i32 = 30;
/// The size of a piece in hand, relative to one on the board.
const HAND_SCALE: f32 = 0.8;

/// The fonts a picture asks for, best first (then the generic `serif`): Japanese fonts, so
/// that the kanji take their Japanese forms.
pub const FONT_FAMILIES: [&str; 6] = [
    "Noto Serif CJK JP",
    "Noto Sans CJK JP",
    "IPAexMincho",
    "IPAMincho",
    "Hiragino Mincho ProN",
    "Yu Mincho",
];
const INK: &str = "#1a1a1a";
const RED: &str = "#c8102e";

/// The names written for a side without a player's name: sente's, gote's.
const SIDE_NAMES: [&str; 2] = ["先手", "後手"];

/// Every character a picture of `variant` may write besides players' names and hand
/// counts: the pieces', the coordinates', the side names' and the `…` of a cut name. A
/// font with them all draws any picture.
pub fn characters(variant: VariantKind) -> String {
    let mut chars: Vec<char> = Vec::new();
    for &role in variant.board_roles() {
        for color in Color::ALL {
            let (mark, main) = piece_characters(variant, Piece::new(color, role));
            chars.extend(mark);
            chars.push(main);
        }
    }
    for n in 1..=variant.files().max(variant.ranks()) as u32 {
        chars.extend(n.to_string().chars());
        chars.extend(kanji_number(n).chars());
    }
    chars.extend(SIDE_NAMES.concat().chars());
    chars.push('…');
    chars.sort_unstable();
    chars.dedup();
    chars.into_iter().collect()
}

/// The picture of `pos` (see [`write()`]).
pub fn write_any(pos: &AnyPosition, options: &Options) -> String {
    write(pos.variant(), &pos.to_setup(), options)
}

/// The picture of `setup`, a position of `variant`, as an SVG document.
pub fn write(variant: VariantKind, setup: &Setup, options: &Options) -> String {
    let layout = Layout::new(variant, options.flip);
    let mut out = String::with_capacity(16 * 1024);
    let (w, h) = (layout.width(), layout.height());
    // Writing to a String cannot fail.
    let _ = writeln!(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\" font-family=\"'{}',serif\" data-variant=\"{}\">",
        FONT_FAMILIES.join("','"),
        variant.name()
    );
    let _ = writeln!(
        out,
        "<rect class=\"background\" width=\"{w}\" height=\"{h}\" fill=\"#f4efe4\"/>"
    );
    board(&mut out, &layout, options.last_move);
    for sq in layout.squares() {
        if let Some(piece) = setup.get(sq) {
            let (cx, cy) = layout.center(sq);
            let _ = writeln!(
                out,
                "<g class=\"piece {}\" data-square=\"{}{}\" transform=\"translate({cx} {cy}){}\">",
                piece.color().name(),
                sq.file(),
                sq.rank(),
                layout.turn(piece.color()),
            );
            piece_shape(&mut out, variant, piece, 1.0);
            out.push_str("</g>\n");
        }
    }
    for color in Color::ALL {
        hand(
            &mut out,
            &layout,
            setup,
            color,
            options.names[color.index()].as_deref(),
        );
    }
    out.push_str("</svg>\n");
    out
}

/// Where things go, for a variant's board and a point of view.
struct Layout {
    variant: VariantKind,
    flip: bool,
}

impl Layout {
    fn new(variant: VariantKind, flip: bool) -> Layout {
        Layout { variant, flip }
    }

    fn files(&self) -> i32 {
        self.variant.files() as i32
    }

    fn ranks(&self) -> i32 {
        self.variant.ranks() as i32
    }

    /// The board's top-left corner.
    fn board_x(&self) -> i32 {
        PAD + HAND_W + GAP
    }

    fn board_y(&self) -> i32 {
        PAD + COORD
    }

    fn width(&self) -> i32 {
        self.board_x() + self.files() * SQ_W + COORD + GAP + HAND_W + PAD
    }

    fn height(&self) -> i32 {
        self.board_y() + self.ranks() * SQ_H + PAD
    }

    /// The player drawn at the top.
    fn top(&self) -> Color {
        if self.flip {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The transform that turns the top player's pieces to face them.
    fn turn(&self, color: Color) -> &'static str {
        if color == self.top() {
            " rotate(180)"
        } else {
            ""
        }
    }

    /// Column (from the left) and row (from the top) of `sq`.
    fn cell(&self, sq: Square) -> (i32, i32) {
        let (file, rank) = (sq.file() as i32, sq.rank() as i32);
        if self.flip {
            (file - 1, self.ranks() - rank)
        } else {
            (self.files() - file, rank - 1)
        }
    }

    /// The file shown above column `col`, and the rank beside row `row`.
    fn file_at(&self, col: i32) -> i32 {
        if self.flip {
            col + 1
        } else {
            self.files() - col
        }
    }

    fn rank_at(&self, row: i32) -> i32 {
        if self.flip {
            self.ranks() - row
        } else {
            row + 1
        }
    }

    fn corner(&self, sq: Square) -> (i32, i32) {
        let (col, row) = self.cell(sq);
        (self.board_x() + col * SQ_W, self.board_y() + row * SQ_H)
    }

    fn center(&self, sq: Square) -> (i32, i32) {
        let (x, y) = self.corner(sq);
        (x + SQ_W / 2, y + SQ_H / 2)
    }

    /// The board's squares, rank by rank from the top right (as sente reads a diagram).
    fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (1..=self.variant.ranks()).flat_map(move |rank| {
            (1..=self.variant.files())
                .rev()
                .filter_map(move |file| Square::new(file, rank))
        })
    }
}

/// The board: wood, the last move's squares, the grid, star points and coordinates.
fn board(out: &mut String, layout: &Layout, last_move: Option<Move>) {
    let (bx, by) = (layout.board_x(), layout.board_y());
    let (bw, bh) = (layout.files() * SQ_W, layout.ranks() * SQ_H);
    let _ = writeln!(
        out,
        "<rect class=\"board\" x=\"{bx}\" y=\"{by}\" width=\"{bw}\" height=\"{bh}\" \
         fill=\"#e9c582\" stroke=\"#5a3a12\" stroke-width=\"2\"/>"
    );
    if let Some(m) = last_move {
        let marks = [
            (m.from(), "last-move-from", "0.28"),
            (Some(m.to()), "last-move", "0.55"),
        ];
        for (sq, class, opacity) in marks {
            if let Some(sq) = sq.filter(|&s| on_board(layout.variant, s)) {
                let (x, y) = layout.corner(sq);
                let _ = writeln!(
                    out,
                    "<rect class=\"{class}\" data-square=\"{}{}\" x=\"{x}\" y=\"{y}\" \
                     width=\"{SQ_W}\" height=\"{SQ_H}\" fill=\"#e8891c\" fill-opacity=\"{opacity}\"/>",
                    sq.file(),
                    sq.rank()
                );
            }
        }
    }
    let mut grid = String::new();
    for col in 1..layout.files() {
        let x = bx + col * SQ_W;
        let _ = write!(grid, "M{x} {by}V{} ", by + bh);
    }
    for row in 1..layout.ranks() {
        let y = by + row * SQ_H;
        let _ = write!(grid, "M{bx} {y}H{} ", bx + bw);
    }
    let _ = writeln!(
        out,
        "<path class=\"grid\" d=\"{}\" stroke=\"#5a3a12\" stroke-width=\"1\" fill=\"none\"/>",
        grid.trim_end()
    );
    // The star points of the 9x9 board mark the camps; the point-symmetric set is the same
    // from either side.
    if layout.files() == 9 && layout.ranks() == 9 {
        for (col, row) in [(3, 3), (6, 3), (3, 6), (6, 6)] {
            let _ = writeln!(
                out,
                "<circle class=\"star\" cx=\"{}\" cy=\"{}\" r=\"3.5\" fill=\"#5a3a12\"/>",
                bx + col * SQ_W,
                by + row * SQ_H
            );
        }
    }
    for col in 0..layout.files() {
        let _ = writeln!(
            out,
            "<text class=\"file\" x=\"{}\" y=\"{}\" font-size=\"17\" fill=\"{INK}\" \
             text-anchor=\"middle\">{}</text>",
            bx + col * SQ_W + SQ_W / 2,
            by - 8,
            layout.file_at(col)
        );
    }
    for row in 0..layout.ranks() {
        let _ = writeln!(
            out,
            "<text class=\"rank\" x=\"{}\" y=\"{}\" font-size=\"17\" fill=\"{INK}\" \
             text-anchor=\"middle\">{}</text>",
            bx + bw + COORD / 2 + 1,
            by + row * SQ_H + SQ_H / 2 + 6,
            kanji_number(layout.rank_at(row) as u32)
        );
    }
}

fn on_board(variant: VariantKind, sq: Square) -> bool {
    (1..=variant.files()).contains(&sq.file()) && (1..=variant.ranks()).contains(&sq.rank())
}

/// A piece's characters: a small mark above (Tori's quails: 左, 右) and the main one.
fn piece_characters(variant: VariantKind, piece: Piece) -> (Option<char>, char) {
    let glyph = board_kanji(variant, piece.role(), piece.color());
    let mut full = hand_name(variant, piece.role()).chars();
    match (full.next(), full.next(), full.next()) {
        (Some(mark), Some(main), None) if mark == glyph => (Some(mark), main),
        _ => (None, board_kanji(variant, piece.role(), piece.color())),
    }
}

/// A piece centred on (0, 0), upright, at `scale` of a board piece.
fn piece_shape(out: &mut String, variant: VariantKind, piece: Piece, scale: f32) {
    let w = SQ_W as f32 * 0.84 * scale;
    let h = SQ_H as f32 * 0.86 * scale;
    let (top, bottom) = (-h / 2.0, h / 2.0);
    let shoulder = top + 0.2 * h;
    let _ = writeln!(
        out,
        "<polygon points=\"0,{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1}\" \
         fill=\"#f6dfa9\" stroke=\"#6e4a1e\" stroke-width=\"1.2\" stroke-linejoin=\"round\"/>",
        top,
        0.39 * w,
        shoulder,
        0.5 * w,
        bottom,
        -0.5 * w,
        bottom,
        -0.39 * w,
        shoulder
    );
    // A promoted piece (Kyoto: a back face) is red: one that goes to the hand as another.
    let role = piece.role();
    let ink = if variant.hand_role(role) != role {
        RED
    } else {
        INK
    };
    let (mark, main) = piece_characters(variant, piece);
    // Baselines put the em box of a CJK glyph (about 0.88 em above the baseline, 0.12
    // below) where the piece's face is: no renderer's `dominant-baseline` is needed.
    match mark {
        Some(mark) => {
            kanji(out, mark, -0.2 * h, 0.28 * w, ink);
            kanji(out, main, 0.18 * h, 0.48 * w, ink);
        }
        None => kanji(out, main, 0.06 * h, 0.62 * w, ink),
    }
}

/// One character centred at (0, `cy`).
fn kanji(out: &mut String, ch: char, cy: f32, size: f32, ink: &str) {
    let _ = writeln!(
        out,
        "<text y=\"{:.1}\" font-size=\"{size:.1}\" font-weight=\"bold\" fill=\"{ink}\" \
         text-anchor=\"middle\">{ch}</text>",
        cy + 0.38 * size
    );
}

/// A player's stand: the name line, and each role held with its count. The top player's
/// stand is on the left at the top, the bottom player's on the right at the bottom.
fn hand(out: &mut String, layout: &Layout, setup: &Setup, color: Color, name: Option<&str>) {
    let variant = layout.variant;
    let rows = variant.hand_roles().len() as i32;
    let stand_h = LABEL_H + rows * ROW_H;
    let at_top = color == layout.top();
    let (x, y) = if at_top {
        (PAD, layout.board_y())
    } else {
        (
            layout.width() - PAD - HAND_W,
            layout.board_y() + layout.ranks() * SQ_H - stand_h,
        )
    };
    let _ = writeln!(out, "<g class=\"hand {}\">", color.name());
    let _ = writeln!(
        out,
        "<rect x=\"{x}\" y=\"{y}\" width=\"{HAND_W}\" height=\"{stand_h}\" rx=\"6\" \
         fill=\"#dcb56e\" stroke=\"#5a3a12\" stroke-width=\"1\"/>"
    );
    // The name line: at the top of the top stand, at the bottom of the bottom one.
    let label_y = if at_top { y } else { y + stand_h - LABEL_H };
    side_mark(out, x + 14, label_y + LABEL_H / 2, color);
    let default = SIDE_NAMES[color.index()];
    let _ = writeln!(
        out,
        "<text class=\"name\" x=\"{}\" y=\"{}\" font-size=\"13\" fill=\"{INK}\">{}</text>",
        x + 26,
        label_y + LABEL_H / 2 + 5,
        escape(&cut(name.unwrap_or(default), NAME_WIDTH))
    );
    let held: Vec<(Role, u8)> = variant
        .hand_roles()
        .iter()
        .map(|&r| (r, setup.hands[color.index()].count(r)))
        .filter(|&(_, n)| n > 0)
        .collect();
    let first_y = if at_top {
        y + LABEL_H
    } else {
        label_y - held.len() as i32 * ROW_H
    };
    for (i, &(role, n)) in held.iter().enumerate() {
        let cx = x + 40;
        let cy = first_y + i as i32 * ROW_H + ROW_H / 2;
        let _ = writeln!(
            out,
            "<g class=\"piece {}\" data-hand=\"{}\" data-count=\"{n}\" \
             transform=\"translate({cx} {cy}){}\">",
            color.name(),
            hand_name(variant, role),
            layout.turn(color)
        );
        piece_shape(out, variant, Piece::new(color, role), HAND_SCALE);
        out.push_str("</g>\n");
        if n > 1 {
            let _ = writeln!(
                out,
                "<text class=\"count\" x=\"{}\" y=\"{}\" font-size=\"20\" font-weight=\"bold\" \
                 fill=\"{INK}\">{n}</text>",
                cx + 30,
                cy + 7
            );
        }
    }
    out.push_str("</g>\n");
}

/// A side's mark: a small piece shape, black for sente, white for gote.
fn side_mark(out: &mut String, cx: i32, cy: i32, color: Color) {
    let fill = match color {
        Color::Black => INK,
        Color::White => "#ffffff",
    };
    let _ = writeln!(
        out,
        "<polygon class=\"side-mark\" points=\"{cx},{} {},{} {},{} {},{} {},{}\" \
         fill=\"{fill}\" stroke=\"{INK}\" stroke-width=\"1.2\"/>",
        cy - 8,
        cx + 5,
        cy - 5,
        cx + 7,
        cy + 8,
        cx - 7,
        cy + 8,
        cx - 5,
        cy - 5
    );
}

/// `text` cut to `width` columns (a character outside ASCII counts two), with `…` when
/// cut; characters XML 1.0 cannot hold (control characters) are left out.
fn cut(text: &str, width: usize) -> String {
    let kept: Vec<char> = text
        .chars()
        .filter(|&c| !c.is_control() && c != '\u{FFFE}' && c != '\u{FFFF}')
        .collect();
    let cols = |c: char| if c.is_ascii() { 1 } else { 2 };
    if kept.iter().map(|&c| cols(c)).sum::<usize>() <= width {
        return kept.into_iter().collect();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in kept {
        if used + cols(c) > width - 1 {
            break;
        }
        used += cols(c);
        out.push(c);
    }
    out.push('…');
    out
}

/// `text` with the characters that XML (and HTML) give a meaning escaped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_cut_by_columns_and_lose_control_characters() {
        assert_eq!(cut("koma", 14), "koma");
        assert_eq!(cut("a\u{0}b\u{7}c\n", 14), "abc");
        assert_eq!(cut("abcdefghijklmnopq", 14), "abcdefghijklm…");
        assert_eq!(cut("羽生善治永世七冠の棋譜", 14), "羽生善治永世…");
        assert_eq!(cut("", 14), "");
    }

    #[test]
    fn markup_characters_are_escaped() {
        assert_eq!(
            escape(r#"<a href="x">&'</a>"#),
            "&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;"
        );
    }

    #[test]
    fn quails_have_a_mark_and_other_pieces_one_character() {
        let v = VariantKind::Tori;
        let quail = Piece::new(Color::White, Role::LeftQuail);
        assert_eq!(piece_characters(v, quail), (Some('左'), '鶉'));
        let right = Piece::new(Color::Black, Role::RightQuail);
        assert_eq!(piece_characters(v, right), (Some('右'), '鶉'));
        let phoenix = Piece::new(Color::Black, Role::King);
        assert_eq!(piece_characters(v, phoenix), (None, '鵬'));
        let king = Piece::new(Color::White, Role::King);
        assert_eq!(piece_characters(VariantKind::Shogi, king), (None, '王'));
        let tokin = Piece::new(Color::Black, Role::Tokin);
        assert_eq!(piece_characters(VariantKind::Shogi, tokin), (None, 'と'));
    }

    #[test]
    fn the_characters_cover_every_piece_and_coordinate() {
        let shogi = characters(VariantKind::Shogi);
        for c in "歩香桂銀金角飛玉王と杏圭全馬龍一九123456789先後手…".chars()
        {
            assert!(shogi.contains(c), "{c} in {shogi}");
        }
        assert!(!shogi.contains('鵬'));
        let tori = characters(VariantKind::Tori);
        for c in "鵬燕鷹鶴雉鶉左右鴈鵰七".chars() {
            assert!(tori.contains(c), "{c} in {tori}");
        }
        assert!(!tori.contains('歩') && !tori.contains('八'));
    }
}
