//! Japanese move text: KIF (`７六歩(77)`, `同　歩(33)`, `５五角打`, `２一銀不成(32)`) and
//! KI2 (`５八金右`, `同銀`, `５六銀直`), for every variant: the piece names are the faces'
//! kanji ([`koma_rules::Variant::face`]): Tori Shogi's 鵬 鷹 鵰 鶴 雉 左鶉 右鶉 燕 鴈, and
//! Dōbutsu's ライオン きりん ぞう ひよこ にわとり as lishogi writes them.
//!
//! The small variants follow lishogi (its shogiops library, `src/notation/move/japanese.ts`
//! and `src/notation/game/kif.ts`): minishogi is written as shogi; in Kyoto shogi every
//! move of a piece but the king turns it over and is written as a promotion, `成`, captures
//! included (`１四歩成`: the pawn becomes a rook; `２二飛成`: the rook becomes a pawn), and
//! a drop names the face it is dropped as (`３三飛打` drops the pawn-rook piece rook up);
//! Dōbutsu's chick reaching the last rank is `成`.
//!
//! KI2 names the piece that moves as the JSA's rules for records do, when several pieces of
//! the same kind can legally reach the square: first a movement word (上 forward, 引 back,
//! 寄 sideways) if it alone singles the piece out; else 直 for a gold, silver or gold-moving
//! promoted piece going straight forward; else 右 or 左 (the rightmost or leftmost of the
//! pieces, from the mover's side), with the movement word after it when the position word
//! alone does not do (`右上`). 龍 and 馬 never use 直. In the rare case no words single the
//! piece out (possible only with several promoted Tori pieces), the origin is written as in
//! old records: `５五鵰上(53)`. `打` is written only when a board piece could also go there;
//! `成`/`不成` whenever promotion was possible.
//!
//! Both readers accept either style (real files mix them): an optional turn mark, `同` with
//! or without a space, ASCII or full-width digits, 玉/王, 龍/竜, 成銀/全, 成桂/圭, 成香/杏,
//! 生 for 不成, 行 and 入 for 上, and an origin `(77)` (`(00)` marks a drop).

use super::{
    MoveTextError, MoveTextErrorKind, Spec, board_square, facts, longest_prefix, name_of,
    piece_names, resolve, resolve_foul,
};
use koma_rules::pieces::info_of;
use koma_rules::{Color, IllegalMove, Move, Position, Role, Square, Variant};

/// The turn marks that may open a move: ▲△ and their variants ☗☖ and ▼▽.
pub const MARKS: [char; 6] = ['▲', '△', '☗', '☖', '▼', '▽'];

/// The mark written before a move of `color`: ▲ for sente, △ for gote.
pub fn turn_mark(color: Color) -> char {
    match color {
        Color::Black => '▲',
        Color::White => '△',
    }
}

/// Full-width file digits.
const FILES: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
/// Kanji rank numerals.
const RANKS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// The kanji names of `V`'s pieces ([`koma_rules::pieces::Face::kanji`], then its aliases: 王, 竜, 杏).
fn names<V: Variant>() -> Vec<(&'static str, Role)> {
    piece_names::<V>(|face| {
        let mut names = vec![face.kanji];
        names.extend_from_slice(face.kanji_aliases);
        names
    })
}

/// Whether `role` moves as a gold or a silver (gold, silver, the gold-moving promoted
/// pieces): the pieces for which 直 says "straight forward".
fn gold_like(role: Role) -> bool {
    let legs = info_of(role).legs;
    legs == info_of(Role::Gold).legs || legs == info_of(Role::Silver).legs
}

/// A move's direction as its mover sees it: 上, 引, 寄.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Motion {
    Up,
    Back,
    Side,
}

/// Which of the pieces moves: 右, 左, 直.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    Right,
    Left,
    Straight,
}

/// KI2's relative words.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Words {
    motion: Option<Motion>,
    place: Option<Place>,
}

/// A square as the relative words see it: its file and rank (the 9x9 frame's, Chu's).
pub(crate) trait FileRank: Copy + PartialEq {
    /// The file, from 1 (sente's right).
    fn file_no(self) -> u8;
    /// The rank, from 1 (gote's back rank).
    fn rank_no(self) -> u8;
}

impl FileRank for Square {
    fn file_no(self) -> u8 {
        self.file()
    }
    fn rank_no(self) -> u8 {
        self.rank()
    }
}

impl FileRank for koma_rules::frame12::Square12 {
    fn file_no(self) -> u8 {
        self.file()
    }
    fn rank_no(self) -> u8 {
        self.rank()
    }
}

fn motion<S: FileRank>(color: Color, from: S, to: S) -> Motion {
    let forward = match color {
        Color::Black => to.rank_no() < from.rank_no(),
        Color::White => to.rank_no() > from.rank_no(),
    };
    match () {
        _ if forward => Motion::Up,
        _ if to.rank_no() == from.rank_no() => Motion::Side,
        _ => Motion::Back,
    }
}

/// How far right `sq` is, as `color` sees the board.
fn rightness<S: FileRank>(color: Color, sq: S) -> i32 {
    match color {
        Color::Black => -i32::from(sq.file_no()),
        Color::White => i32::from(sq.file_no()),
    }
}

fn straight<S: FileRank>(color: Color, from: S, to: S) -> bool {
    from.file_no() == to.file_no() && motion(color, from, to) == Motion::Up
}

impl Words {
    /// The origins among `origins` (moves of `color` to `to`) that these words allow.
    fn narrow<S: FileRank>(self, color: Color, to: S, origins: &[S]) -> Vec<S> {
        let mut set: Vec<S> = origins
            .iter()
            .copied()
            .filter(|&o| self.motion.is_none_or(|mo| motion(color, o, to) == mo))
            .collect();
        match self.place {
            None => {}
            Some(Place::Straight) => set.retain(|&o| straight(color, o, to)),
            Some(side) => {
                let sign = if side == Place::Right { 1 } else { -1 };
                let key = |o: S| sign * rightness(color, o);
                if let Some(best) = set.iter().map(|&o| key(o)).max() {
                    set.retain(|&o| key(o) == best);
                }
            }
        }
        set
    }

    fn text(self) -> String {
        let place = self.place.map(|p| match p {
            Place::Right => '右',
            Place::Left => '左',
            Place::Straight => '直',
        });
        let motion = self.motion.map(|m| match m {
            Motion::Up => '上',
            Motion::Back => '引',
            Motion::Side => '寄',
        });
        place.into_iter().chain(motion).collect()
    }
}

/// The fewest words that single out a move of `role` from `from` to `to` among the
/// pieces on `origins` that could go there too, if any do (empty when none other could).
fn relative<S: FileRank>(color: Color, from: S, to: S, role: Role, origins: &[S]) -> Option<Words> {
    if origins.iter().all(|&o| o == from) {
        return Some(Words::default());
    }
    let motion = Some(motion(color, from, to));
    let mut tries = vec![Words {
        motion,
        place: None,
    }];
    if gold_like(role) && straight(color, from, to) {
        tries.push(Words {
            motion: None,
            place: Some(Place::Straight),
        });
    }
    for motion in [None, motion] {
        for place in [Place::Right, Place::Left] {
            tries.push(Words {
                motion,
                place: Some(place),
            });
        }
    }
    tries
        .into_iter()
        .find(|w| w.narrow(color, to, origins) == [from])
}

/// KI2's relative words for a move of `role` from `from` to `to` by `color`, the pieces on
/// `origins` (`from` among them) able to go there: `右`, `引`, `直`... (empty when alone).
pub(crate) fn relative_words<S: FileRank>(
    color: Color,
    from: S,
    to: S,
    role: Role,
    origins: &[S],
) -> String {
    relative(color, from, to, role, origins).map_or(String::new(), Words::text)
}

/// The destination: `同` + `same` when it repeats the previous move's, else `７六`.
fn destination(to: Square, prev_to: Option<Square>, same: &str) -> String {
    if prev_to == Some(to) {
        return format!("同{same}");
    }
    let file = FILES.get(usize::from(to.file()) - 1).unwrap_or(&'?');
    let rank = RANKS.get(usize::from(to.rank()) - 1).unwrap_or(&'?');
    format!("{file}{rank}")
}

fn promotion_text(promotion: Option<bool>) -> &'static str {
    match promotion {
        Some(true) => "成",
        Some(false) => "不成",
        None => "",
    }
}

/// KIF move text: `７六歩(77)`, `同　歩(33)`, `５五角打`, `２二角成(88)`, `２一銀(32)`.
///
/// A declined promotion is written without `不成`, as Kifu for Windows writes it (the source
/// square already says which move it is, and readers such as cshogi do not accept `不成`);
/// [`parse_kif`] reads `不成` as well. Only a foul that declines a promotion the rules
/// require (a record's illegal last move) says `不成`, which it then needs.
pub fn kif<V: Variant>(pos: &Position<V>, m: Move, prev_to: Option<Square>) -> String {
    let f = facts(pos, m);
    let mut s = destination(m.to(), prev_to, "\u{3000}");
    s += name_of::<V>(f.role, |face| face.kanji);
    match m.from() {
        None => s += "打",
        Some(from) => {
            if f.promotion == Some(true) {
                s += "成";
            } else if f.promotion == Some(false) && !f.legal {
                s += "不成";
            }
            s += &format!("({}{})", from.file(), from.rank());
        }
    }
    s
}

/// KI2 move text with the JSA's relative words: `７六歩`, `同　銀`, `５八金右`, `５五角打`
/// (`同` followed by an ideographic space, as printed records and KI2 files write it).
pub fn ki2<V: Variant>(pos: &Position<V>, m: Move, prev_to: Option<Square>) -> String {
    let f = facts(pos, m);
    let mut s = destination(m.to(), prev_to, "\u{3000}");
    s += name_of::<V>(f.role, |face| face.kanji);
    match m.from() {
        None if f.origins.is_empty() => {}
        None => s += "打",
        Some(from) => {
            // A foul (a record's illegal last move) has no relative words that would read
            // back as itself: its origin is written instead.
            let words = f
                .role
                .filter(|_| f.legal)
                .and_then(|r| relative(pos.side_to_move(), m.from()?, m.to(), r, &f.origins));
            s += &words.map(Words::text).unwrap_or_default();
            s += promotion_text(f.promotion);
            if words.is_none() {
                s += &format!("({}{})", from.file(), from.rank());
            }
        }
    }
    s
}

/// The move for people: the side's mark and the KI2 text, `☗７六歩`, `☖同銀`.
pub fn text<V: Variant>(pos: &Position<V>, m: Move, prev_to: Option<Square>) -> String {
    let mark = match pos.side_to_move() {
        Color::Black => '☗',
        Color::White => '☖',
    };
    format!("{mark}{}", ki2(pos, m, prev_to))
}

/// Reads KIF move text (`７六歩(77)`, `同　歩(33)`, `５五角打`); KI2 forms are accepted too.
pub fn parse_kif<V: Variant>(
    pos: &Position<V>,
    text: &str,
    prev_to: Option<Square>,
) -> Result<Move, MoveTextError> {
    parse(pos, text, prev_to).map_err(|k| k.at(text))
}

/// Reads KI2 move text (`▲５八金右`, `△同　銀`, `５五角打`, `２二角成`); KIF forms too.
pub fn parse_ki2<V: Variant>(
    pos: &Position<V>,
    text: &str,
    prev_to: Option<Square>,
) -> Result<Move, MoveTextError> {
    parse(pos, text, prev_to).map_err(|k| k.at(text))
}

/// A digit (ASCII or full-width) or kanji numeral 1..9.
fn number(c: char) -> Option<u32> {
    c.to_digit(10)
        .or_else(|| FILES.iter().position(|&f| f == c).map(|i| i as u32 + 1))
        .or_else(|| RANKS.iter().position(|&r| r == c).map(|i| i as u32 + 1))
}

/// Reads two numerals as a square of `V`.
fn square_at<V: Variant>(s: &str) -> Option<(Square, &str)> {
    let mut chars = s.chars();
    let file = chars.next().and_then(number)?;
    let rank = chars.next().and_then(number)?;
    Some((board_square::<V>(file, rank)?, chars.as_str()))
}

fn parse<V: Variant>(
    pos: &Position<V>,
    text: &str,
    prev_to: Option<Square>,
) -> Result<Move, MoveTextErrorKind> {
    let (spec, words) = read_spec::<V>(text, prev_to)?;
    let color = pos.side_to_move();
    resolve(pos, spec, |o| words.narrow(color, spec.to, o))
}

/// Reads Japanese move text (KIF or KI2 forms) as [`parse_kif`] does, but a text that names
/// a foul (a move the rules forbid that a player can make on the board: two pawns on a file,
/// a pawn-drop mate, leaving the king in check; see [`crate::record::is_foul`]) gives that
/// move and the rule it breaks instead of an error.
pub fn parse_allowing_foul<V: Variant>(
    pos: &Position<V>,
    text: &str,
    prev_to: Option<Square>,
) -> Result<(Move, Option<IllegalMove>), MoveTextError> {
    let (spec, words) = read_spec::<V>(text, prev_to).map_err(|k| k.at(text))?;
    let color = pos.side_to_move();
    let narrow = |o: &[Square]| words.narrow(color, spec.to, o);
    match resolve(pos, spec, narrow) {
        Ok(m) => Ok((m, None)),
        Err(kind @ MoveTextErrorKind::Illegal(_)) => resolve_foul(pos, spec, narrow)
            .map(|(m, reason)| (m, Some(reason)))
            .ok_or_else(|| kind.at(text)),
        Err(kind) => Err(kind.at(text)),
    }
}

/// What a Japanese move text says: the move's [`Spec`] and its relative words.
fn read_spec<V: Variant>(
    text: &str,
    prev_to: Option<Square>,
) -> Result<(Spec, Words), MoveTextErrorKind> {
    use MoveTextErrorKind as E;
    let s = text.trim();
    let s = s.strip_prefix(MARKS).unwrap_or(s);
    if s.trim().is_empty() {
        return Err(E::Empty);
    }
    let (to, rest) = match s.trim_start().strip_prefix('同') {
        Some(rest) => (prev_to.ok_or(E::NoPreviousMove)?, rest.trim_start()),
        None => {
            let (to, rest) =
                square_at::<V>(s.trim_start()).ok_or_else(|| E::BadSquare(s.into()))?;
            // Some writers give the square and `同` both (`２四同歩`).
            match (rest.trim_start().strip_prefix('同'), prev_to) {
                (Some(_), Some(previous)) if previous != to => {
                    return Err(E::NotSameSquare {
                        named: to.to_string(),
                        previous: previous.to_string(),
                    });
                }
                (Some(after), _) => (to, after.trim_start()),
                (None, _) => (to, rest),
            }
        }
    };
    let (role, n) =
        longest_prefix(rest, &names::<V>()).ok_or_else(|| E::UnknownPiece(rest.into()))?;
    let (words, rest) = read_words(&rest[n..])?;
    let mut spec = Spec {
        role,
        to,
        from: None,
        drop: words.map(|_| false),
        promote: None,
    };
    let rest = if let Some(r) = rest.strip_prefix("不成").or(rest.strip_prefix('生')) {
        spec.promote = Some(false);
        r
    } else if let Some(r) = rest.strip_prefix('成') {
        spec.promote = Some(true);
        r
    } else if let Some(r) = rest.strip_prefix('打').filter(|_| words.is_none()) {
        spec.drop = Some(true);
        r
    } else {
        rest
    };
    let rest = read_origin::<V>(rest.trim_start(), &mut spec)?;
    if !rest.trim().is_empty() {
        return Err(E::Unexpected(rest.trim().into()));
    }
    Ok((spec, words.unwrap_or_default()))
}

/// Reads relative words, if any (at most one movement and one position word).
fn read_words(s: &str) -> Result<(Option<Words>, &str), MoveTextErrorKind> {
    let mut w = Words::default();
    let mut rest = s;
    while let Some(c) = rest.chars().next() {
        let place = match c {
            '右' => Some(Place::Right),
            '左' => Some(Place::Left),
            '直' => Some(Place::Straight),
            _ => None,
        };
        let motion = match c {
            '上' | '行' | '入' => Some(Motion::Up),
            '引' => Some(Motion::Back),
            '寄' => Some(Motion::Side),
            _ => None,
        };
        let taken = match (place, motion) {
            (Some(p), _) => w.place.replace(p).is_some(),
            (_, Some(m)) => w.motion.replace(m).is_some(),
            _ => break,
        };
        if taken {
            return Err(MoveTextErrorKind::Unexpected(rest.into()));
        }
        rest = &rest[c.len_utf8()..];
    }
    Ok(((w != Words::default()).then_some(w), rest))
}

/// Reads an origin `(77)` (`(00)`: a drop) into `spec`, if there is one.
fn read_origin<'a, V: Variant>(s: &'a str, spec: &mut Spec) -> Result<&'a str, MoveTextErrorKind> {
    let Some(inner) = s.strip_prefix(['(', '（']) else {
        return Ok(s);
    };
    let bad = || MoveTextErrorKind::Unexpected(s.into());
    let close = inner.find([')', '）']).ok_or_else(bad)?;
    let (digits, rest) = inner.split_at(close);
    let rest = rest.strip_prefix([')', '）']).unwrap_or(rest);
    let zeros = digits.chars().filter(|&c| c == '0' || c == '０').count();
    if zeros == 2 && digits.chars().count() == 2 {
        if spec.drop == Some(false) {
            return Err(bad());
        }
        spec.drop = Some(true);
        return Ok(rest);
    }
    match square_at::<V>(digits) {
        Some((from, "")) if spec.drop != Some(true) => {
            spec.from = Some(from);
            spec.drop = Some(false);
            Ok(rest)
        }
        _ => Err(bad()),
    }
}
