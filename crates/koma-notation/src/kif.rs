//! KIF (柿木 format): reading and writing records with variations, comments, bookmarks,
//! times, board diagrams and handicaps. Shift_JIS or UTF-8 (see [`crate::encoding`]).
//!
//! Leniencies for files real programs write, each with a [`Warning`] ([`read_variant`]):
//! move lines numbered out of order are read by position when their move fits there; a foul
//! ([`crate::record::is_foul`]) may end a line, kept and followed by
//! [`GameEnd::IllegalWin`] unless the file gives an ending (`反則負け` after it is read as the
//! mover's loss); `２四同歩` and `入` (for `上`) are read; a record with Tori Shogi pieces
//! that fails as standard shogi is read as Tori.
//!
//! The variant: lishogi's shogiops (`src/notation/game/kif.ts`) writes minishogi as
//! `手合割：5五将棋` and Kyoto shogi as `手合割：京都将棋`, before a board diagram too; koma
//! writes and reads them so ([`even_game_name`]). A record read as standard shogi (koma's
//! default) whose 手合割 names another variant, or a start of one (a Tori handicap), is
//! read as that variant; a 手合割 of another variant than one explicitly asked for is an
//! error ([`KifErrorKind::VariantMismatch`]), and so is a 手合割 koma does not know when no
//! other 手合割 or board diagram gives the start ([`KifErrorKind::UnknownHandicap`]): never
//! a silent shogi game. Dōbutsu has no KIF convention (shogiops writes its records with
//! `平手`, which reads back as shogi): [`KifErrorKind::Unsupported`].

use crate::diagram::{self, DiagramError};
use crate::encoding::decode;
use crate::movetext::{MoveTextError, japanese};
use crate::record::{Entry, GameEnd, MoveTime, MoveTree, NodeId, Record, SideNames, Start};
use crate::warning::{Reading, Warning, WarningKind};
use koma_rules::{
    Color, Handicap, IllegalMove, Position, Setup, SetupError, Square, Variant, VariantKind,
};
use std::fmt::Write;

/// A KIF or KI2 file that cannot be read (or a record that cannot be written), with the
/// line (1-based; 0 while writing) where reading stopped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{kind}", place(.line))]
pub struct KifError {
    /// 1-based line number; 0 for a problem found while writing.
    pub line: usize,
    /// What is wrong.
    pub kind: KifErrorKind,
}

/// The "KIF line N: " prefix of an error message ("KIF: " while writing).
fn place(line: &usize) -> String {
    if *line == 0 {
        "KIF: ".to_string()
    } else {
        format!("KIF line {line}: ")
    }
}

/// What is wrong with a KIF or KI2 file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KifErrorKind {
    /// A line that is nothing KIF knows.
    #[error("cannot read '{0}'")]
    Unreadable(String),
    /// A board diagram's rank line after the first move.
    #[error("a board diagram after the moves")]
    DiagramAfterMoves,
    /// A malformed board diagram rank or hand.
    #[error(transparent)]
    Diagram(#[from] DiagramError),
    /// A header line after the first move.
    #[error("header line '{0}' among the moves")]
    HeaderAmongMoves(String),
    /// The start position (a diagram, hands or a handicap) is not a position.
    #[error("illegal start position: {0}")]
    BadStart(SetupError),
    /// A move number too large to be one.
    #[error("bad move number '{0}'")]
    BadMoveNumber(String),
    /// A move line numbered out of order whose move does not fit its place either.
    #[error("move number {written}, expected {expected}")]
    MoveNumber {
        /// The number written.
        written: usize,
        /// The move's place in its line.
        expected: usize,
    },
    /// A move text that names no legal move.
    #[error(transparent)]
    MoveText(#[from] MoveTextError),
    /// A move that breaks a rule where the record goes on after it.
    #[error("{text}: {reason}")]
    IllegalMove {
        /// The move as written.
        text: String,
        /// The rule it breaks.
        reason: IllegalMove,
    },
    /// `変化` without a move number.
    #[error("a variation needs a move number")]
    VariationWithoutNumber,
    /// `変化：0手`.
    #[error("a variation starts at move 1 or later")]
    VariationAtZero,
    /// A variation of a move the line read last does not reach.
    #[error("the line read last has no move {0}")]
    NoMoveToVary(usize),
    /// A 手合割 koma does not know, with neither a known one nor a board diagram to give
    /// the start: the record's variant and start are unknown.
    #[error("unknown 手合割 '{0}': no variant or start of that name")]
    UnknownHandicap(String),
    /// A 手合割 naming another variant than the one asked for.
    #[error("the record is {found} (手合割：{name}), not {asked}")]
    VariantMismatch {
        /// The variant asked for.
        asked: &'static str,
        /// The variant the 手合割 names.
        found: &'static str,
        /// The 手合割 written.
        name: String,
    },
    /// A variant that the format has no convention for (lishogi's shogiops writes
    /// Dōbutsu records as SFEN and USI only).
    #[error("{format} has no convention for {variant} records")]
    Unsupported {
        /// The variant's name.
        variant: &'static str,
        /// The format (`KIF`, `KI2`).
        format: &'static str,
    },
}

fn err(line: usize, kind: impl Into<KifErrorKind>) -> KifError {
    KifError {
        line,
        kind: kind.into(),
    }
}

/// Reads a KIF file's bytes, detecting the encoding.
pub fn parse_bytes(bytes: &[u8]) -> Result<Record, KifError> {
    parse(&decode(bytes).0)
}

/// Reads a KIF record of standard shogi.
pub fn parse(text: &str) -> Result<Record, KifError> {
    parse_variant(VariantKind::Shogi, text)
}

/// Reads a KIF-style record of `variant` (the leniencies it needed are dropped: see
/// [`read_variant`]).
pub fn parse_variant(variant: VariantKind, text: &str) -> Result<Record, KifError> {
    read(variant, Dialect::Kif, text).map(|r| r.record)
}

/// Reads a KIF-style record of `variant`, with the leniencies its reading needed.
pub fn read_variant(variant: VariantKind, text: &str) -> Result<Reading, KifError> {
    read(variant, Dialect::Kif, text)
}

/// KIF and KI2 share everything but how moves and endings are written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Dialect {
    /// Numbered move lines with sources and times; endings as move lines.
    Kif,
    /// Several `▲７六歩` moves per line; the ending only in the `まで` summary.
    Ki2,
}

impl Dialect {
    /// The format's name in messages.
    fn name(self) -> &'static str {
        match self {
            Dialect::Kif => "KIF",
            Dialect::Ki2 => "KI2",
        }
    }
}

/// The 手合割 of `variant`'s even game, as lishogi's shogiops writes it (`kif.ts`,
/// `defaultHandicap`): 平手 for shogi (and Tori), 5五将棋 for minishogi, 京都将棋 for
/// Kyoto; none for Dōbutsu, which shogiops does not write as KIF (it would say 平手, read
/// back as shogi), so koma neither writes nor reads it.
pub fn even_game_name(variant: VariantKind) -> Option<&'static str> {
    match variant {
        VariantKind::Shogi | VariantKind::Tori => Some("平手"),
        VariantKind::Minishogi => Some("5五将棋"),
        VariantKind::Kyoto => Some("京都将棋"),
        VariantKind::Dobutsu => None,
    }
}

/// The variant whose own 手合割 `name` is (5五将棋, also with a full-width digit, and
/// 京都将棋: the names that say the variant, not only the start).
fn variant_named(name: &str) -> Option<VariantKind> {
    let name = name.replace('５', "5");
    VariantKind::ALL
        .into_iter()
        .filter(|&v| v != VariantKind::Shogi && v != VariantKind::Tori)
        .find(|&v| even_game_name(v) == Some(name.as_str()))
}

/// The variant a 手合割 belongs to: the variant it names (5五将棋), else the one variant
/// with a start of that name (香落ち: shogi; 鷹落ち: Tori); none for 平手, every variant's.
fn variant_of_start(name: &str) -> Option<VariantKind> {
    variant_named(name).or_else(|| {
        let start = Handicap::from_name(name)?;
        let mut owners = VariantKind::ALL
            .into_iter()
            .filter(|&v| Handicap::of(v).contains(&start));
        match (owners.next(), owners.next()) {
            (Some(only), None) => Some(only),
            _ => None,
        }
    })
}

/// The variant a record is read as: the one its 手合割 belongs to (5五将棋, 京都将棋, a
/// Tori handicap) when the caller asked for standard shogi, koma's default; `asked`
/// otherwise. A 手合割 of another variant than a non-default `asked` one is an error.
fn header_variant(asked: VariantKind, text: &str) -> Result<VariantKind, KifError> {
    for (i, line) in text.lines().enumerate() {
        let Some((key, value)) = split_header(line.trim_start_matches('\u{feff}')) else {
            continue;
        };
        if key.trim() != "手合割" {
            continue;
        }
        let value = value.trim_matches(|c: char| c == '　' || c.is_whitespace());
        match variant_of_start(value) {
            Some(found) if asked == VariantKind::Shogi || asked == found => return Ok(found),
            Some(found) => {
                return Err(err(
                    i + 1,
                    KifErrorKind::VariantMismatch {
                        asked: asked.name(),
                        found: found.name(),
                        name: value.to_string(),
                    },
                ));
            }
            None => {}
        }
    }
    Ok(asked)
}

/// The first Tori Shogi piece name in `text` (no standard shogi record holds one).
fn tori_piece_in(text: &str) -> Option<&'static str> {
    let shogi = VariantKind::Shogi;
    let tori = VariantKind::Tori;
    let taken = |name: &str| {
        shogi.board_roles().iter().any(|&r| {
            let face = shogi.face(r);
            face.kanji == name || face.kanji_aliases.contains(&name)
        })
    };
    tori.board_roles()
        .iter()
        .flat_map(|&r| {
            let face = tori.face(r);
            std::iter::once(face.kanji).chain(face.kanji_aliases.iter().copied())
        })
        .filter(|name| !taken(name))
        .filter_map(|name| text.find(name).map(|at| (at, name)))
        .min()
        .map(|(_, name)| name)
}

/// The number of files of the record's board diagram when it is minishogi's 5x5 (five
/// lines between the frame's `|`, as KIF draws a board).
fn five_by_five_diagram(text: &str) -> Option<usize> {
    let rows: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with('|') && l.matches('|').count() >= 2)
        .collect();
    // A KIF cell is two characters wide: ` ・`, `v歩`, ` 歩`.
    let files = |row: &str| {
        row.trim_start_matches('|')
            .split('|')
            .next()
            .map_or(0, |cells| cells.chars().count() / 2)
    };
    (rows.len() == 5 && rows.iter().all(|r| files(r) == 5)).then_some(5)
}

/// Reads a KIF or KI2 record of `variant`, or of the variant its 手合割 names (see
/// [`header_variant`]). A standard shogi record that fails to read and holds Tori Shogi
/// pieces is read as Tori Shogi, and one whose board diagram is 5x5 as minishogi, with a
/// warning, when that succeeds.
pub(crate) fn read(
    variant: VariantKind,
    dialect: Dialect,
    text: &str,
) -> Result<Reading, KifError> {
    let variant = header_variant(variant, text)?;
    if even_game_name(variant).is_none() {
        return Err(err(
            0,
            KifErrorKind::Unsupported {
                variant: variant.name(),
                format: dialect.name(),
            },
        ));
    }
    let first = read_as(variant, dialect, text);
    if variant != VariantKind::Shogi || first.is_ok() {
        return first;
    }
    if let Some(files) = five_by_five_diagram(text) {
        return match read_as(VariantKind::Minishogi, dialect, text) {
            Ok(mut mini) => {
                let warning = Warning::new(0, WarningKind::UndeclaredMinishogi { files });
                mini.warnings.insert(0, warning);
                Ok(mini)
            }
            Err(_) => first,
        };
    }
    let Some(piece) = tori_piece_in(text) else {
        return first;
    };
    match read_as(VariantKind::Tori, dialect, text) {
        Ok(mut tori) => {
            tori.warnings.insert(
                0,
                Warning::new(
                    0,
                    WarningKind::UndeclaredTori {
                        piece: piece.to_string(),
                    },
                ),
            );
            Ok(tori)
        }
        Err(_) => first,
    }
}

/// Reads a KIF or KI2 record of `variant` and nothing else.
fn read_as(variant: VariantKind, dialect: Dialect, text: &str) -> Result<Reading, KifError> {
    koma_rules::dispatch!(variant, V => Reader::<V>::new(variant, dialect).read(text))
}

/// The state of a KIF read: the record so far and the position at every node.
struct Reader<V: Variant> {
    dialect: Dialect,
    record: Record,
    positions: Vec<Position<V>>,
    current: NodeId,
    board: Option<Setup>,
    board_rank: u8,
    moves_started: bool,
    /// The 手合割 value, while it is not known whether a board diagram follows.
    handicap_line: Option<String>,
    /// Whether a 手合割 koma knows was read.
    named_start: bool,
    /// The first 手合割 koma does not know, with its line.
    unknown_handicap: Option<(usize, String)>,
    /// The side whose hand is `残り全部` (every piece not on the board or in the other
    /// hand, as mate problems give the defender's hand).
    rest_of_set: Option<Color>,
    /// The leniencies the read needed.
    warnings: Vec<Warning>,
    /// The fouls kept as the last move of their line, with the error a move after one
    /// gets (the foul is then no last move).
    fouls: Vec<(NodeId, KifError)>,
}

impl<V: Variant> Reader<V> {
    fn new(variant: VariantKind, dialect: Dialect) -> Self {
        Reader {
            dialect,
            record: Record::new(variant),
            positions: Vec::new(),
            current: MoveTree::ROOT,
            board: None,
            board_rank: 0,
            moves_started: false,
            handicap_line: None,
            named_start: false,
            unknown_handicap: None,
            rest_of_set: None,
            warnings: Vec::new(),
            fouls: Vec::new(),
        }
    }

    fn read(mut self, text: &str) -> Result<Reading, KifError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        for (i, raw) in text.lines().enumerate() {
            let raw = raw.trim_end_matches('\r');
            // Comments and bookmarks keep their text exactly, trailing spaces included.
            if let Some(comment) = raw.strip_prefix('*') {
                self.ensure_started(i + 1)?;
                self.record
                    .tree
                    .node_mut(self.current)
                    .comments
                    .push(comment.to_string());
                continue;
            }
            self.line(i + 1, raw.trim_end_matches([' ', '\u{3000}']))?;
        }
        if self.positions.is_empty() {
            self.start(text.lines().count().max(1))?;
        }
        // Endings that only their notes could say (see `GameEnd::note`).
        for id in 0..self.record.tree.len() {
            let to_move = self.positions[id].side_to_move();
            self.record.tree.settle_note(id, to_move);
        }
        // A line that ends with a foul and says nothing more ends as its mover's loss.
        for &(node, _) in &self.fouls {
            if self.record.tree.first_child(node).is_none() {
                self.record.tree.add(node, Entry::End(GameEnd::IllegalWin));
            }
        }
        Ok(Reading {
            record: self.record,
            warnings: self.warnings,
        })
    }

    fn line(&mut self, n: usize, line: &str) -> Result<(), KifError> {
        let trimmed = line.trim_start();
        if trimmed.is_empty() || line.starts_with('#') {
            return Ok(());
        }
        let variant = self.record.variant;
        if let Some(rest) = line.strip_prefix('|') {
            if self.moves_started {
                return Err(err(n, KifErrorKind::DiagramAfterMoves));
            }
            self.board_rank += 1;
            let setup = self.board.get_or_insert_with(Setup::empty);
            return diagram::parse_rank(variant, &format!("|{rest}"), self.board_rank, setup)
                .map_err(|e| err(n, e));
        }
        if is_diagram_frame(trimmed) {
            return Ok(());
        }
        if let Some(mark) = line.strip_prefix('&') {
            self.ensure_started(n)?;
            self.record.tree.node_mut(self.current).bookmark = Some(mark.to_string());
            return Ok(());
        }
        if trimmed.starts_with("手数") {
            return Ok(());
        }
        if let Some(summary) = trimmed.strip_prefix("まで") {
            return self.summary(n, summary);
        }
        if let Some(rest) = trimmed.strip_prefix("変化") {
            return self.variation(n, rest);
        }
        if matches!(trimmed, "先手番" | "下手番") {
            self.board.get_or_insert_with(Setup::empty).side = Color::Black;
            return Ok(());
        }
        if matches!(trimmed, "後手番" | "上手番") {
            self.board.get_or_insert_with(Setup::empty).side = Color::White;
            return Ok(());
        }
        if self.dialect == Dialect::Kif && trimmed.starts_with(|c: char| c.is_ascii_digit()) {
            return self.move_line(n, trimmed);
        }
        if self.dialect == Dialect::Ki2 && trimmed.starts_with(crate::ki2::MARKS) {
            return self.ki2_moves(n, trimmed);
        }
        if let Some((key, value)) = split_header(line) {
            if self.moves_started {
                return Err(err(n, KifErrorKind::HeaderAmongMoves(key.to_string())));
            }
            return self.header(n, key, value);
        }
        Err(err(n, KifErrorKind::Unreadable(line.to_string())))
    }

    fn header(&mut self, n: usize, key: &str, value: &str) -> Result<(), KifError> {
        let variant = self.record.variant;
        match key {
            "手合割" => {
                // A known name becomes the start position; it is kept in the header only
                // when a board diagram overrides it or koma does not know the name.
                let value = value.trim_matches(|c: char| c == '　' || c.is_whitespace());
                // A name of another variant's start is no start of this one. The
                // variant's own name (5五将棋) is the record's variant, kept there.
                if variant_named(value) == Some(V::KIND) {
                    self.record.start = Start::Named(Handicap::Even);
                    self.named_start = true;
                    return Ok(());
                }
                match Handicap::named(V::KIND, value) {
                    Some(h) => {
                        self.record.start = Start::Named(h);
                        self.handicap_line = Some(value.to_string());
                        self.named_start = true;
                    }
                    None => {
                        if self.unknown_handicap.is_none() {
                            self.unknown_handicap = Some((n, value.to_string()));
                        }
                        self.record.header.push(key, value);
                    }
                }
            }
            "先手の持駒" | "下手の持駒" | "後手の持駒" | "上手の持駒" => {
                let color = if key.starts_with("先手") || key.starts_with("下手") {
                    Color::Black
                } else {
                    Color::White
                };
                let board = self.board.get_or_insert_with(Setup::empty);
                if value.trim_matches(|c: char| c == '　' || c.is_whitespace()) == "残り全部" {
                    // Filled in once the board and the other hand are known.
                    self.rest_of_set = Some(color);
                } else {
                    board.hands[color.index()] =
                        diagram::parse_hand(variant, value).map_err(|e| err(n, e))?;
                }
            }
            _ => self.record.header.push(key, value),
        }
        Ok(())
    }

    /// Fixes the start position (once, before the first move or comment).
    fn ensure_started(&mut self, n: usize) -> Result<(), KifError> {
        if self.positions.is_empty() {
            self.start(n)
        } else {
            Ok(())
        }
    }

    fn start(&mut self, n: usize) -> Result<(), KifError> {
        if let (Some(color), Some(setup)) = (self.rest_of_set, self.board.as_mut()) {
            diagram::all_to_hand::<V>(setup, color);
        }
        if let Some((line, name)) = self.unknown_handicap.take() {
            // Neither a known name nor a diagram says where the game starts: reading on
            // from the even game would be a guess.
            if !self.named_start && self.board_rank == 0 {
                return Err(err(line, KifErrorKind::UnknownHandicap(name)));
            }
        }
        if let Some(setup) = self.board.take() {
            if self.board_rank != 0 {
                self.record.start = Start::Custom(setup);
                if let Some(name) = self.handicap_line.take() {
                    self.record.header.push("手合割", &name);
                }
            }
        }
        let setup = self.record.start.setup(self.record.variant);
        let pos = Position::<V>::from_setup(&setup)
            .or_else(|_| Position::<V>::from_setup_lenient(&setup))
            .map_err(|e| err(n, KifErrorKind::BadStart(e)))?;
        self.positions.push(pos);
        Ok(())
    }

    fn move_line(&mut self, n: usize, line: &str) -> Result<(), KifError> {
        self.ensure_started(n)?;
        self.moves_started = true;
        let (number, rest) = line.split_at(
            line.find(|c: char| !c.is_ascii_digit())
                .unwrap_or(line.len()),
        );
        let written: usize = number
            .parse()
            .map_err(|_| err(n, KifErrorKind::BadMoveNumber(number.to_string())))?;
        let expected = self.record.tree.ply(self.current) + 1;
        let rest = rest.trim_start();
        let (body, time) = match split_time(rest) {
            Some((body, time)) => (body, Some(time)),
            None => (rest, None),
        };
        let body = body.trim_end_matches(['+', ' ', '\u{3000}']).trim_end();
        let entry = match GameEnd::japanese_words()
            .find(|w| body.starts_with(w))
            .and_then(GameEnd::from_japanese)
        {
            Some(end) => Entry::End(end),
            None if body
                .chars()
                .next()
                .is_some_and(|c| "１２３４５６７８９同123456789".contains(c)) =>
            {
                let misnumbered = written != expected;
                match self.read_move(n, body, misnumbered) {
                    Ok(m) => Entry::Move(m),
                    // A misnumbered line whose move does not fit its place either: the
                    // number is the better clue to what went wrong.
                    Err(_) if misnumbered => {
                        return Err(err(n, KifErrorKind::MoveNumber { written, expected }));
                    }
                    Err(e) => return Err(e),
                }
            }
            None => Entry::End(GameEnd::Other(body.to_string())),
        };
        if written != expected {
            // Kifu for Windows leaves variations with repeated or skipped numbers; read by
            // position, as json-kifu-format does: the next line is the next move.
            self.warnings.push(Warning::new(
                n,
                WarningKind::MoveNumber { written, expected },
            ));
        }
        self.push_entry(n, entry, body);
        if let Some(t) = time {
            self.record.tree.node_mut(self.current).time = parse_time(t);
        }
        Ok(())
    }

    /// Reads one move's text at the current node: a legal move, or a foul kept as the last
    /// move of its line (not when `strict`), with a warning.
    fn read_move(
        &mut self,
        n: usize,
        text: &str,
        strict: bool,
    ) -> Result<koma_rules::Move, KifError> {
        if let Some((_, e)) = self.fouls.iter().find(|(id, _)| *id == self.current) {
            return Err(e.clone());
        }
        let pos = self.positions[self.current];
        let (m, foul) =
            japanese::parse_allowing_foul(&pos, text, self.prev_to()).map_err(|e| err(n, e))?;
        if let Some(reason) = foul {
            let error = err(
                n,
                KifErrorKind::IllegalMove {
                    text: text.to_string(),
                    reason,
                },
            );
            if strict {
                return Err(error);
            }
            // The node the move is about to become.
            self.fouls.push((self.record.tree.len(), error));
            self.warnings.push(Warning::new(
                n,
                WarningKind::IllegalLastMove {
                    text: text.to_string(),
                    reason,
                },
            ));
        }
        let bare = text.trim_start_matches(crate::ki2::MARKS);
        if !bare.starts_with('同') && bare.contains('同') {
            self.warnings.push(Warning::new(
                n,
                WarningKind::SquareBeforeSame {
                    text: text.to_string(),
                },
            ));
        }
        if text.contains('入') {
            self.warnings.push(Warning::new(
                n,
                WarningKind::EnterAsUp {
                    text: text.to_string(),
                },
            ));
        }
        Ok(m)
    }

    /// Adds `entry` (written as `text` on line `n`) after the current node. An ending after
    /// a foul that would make the innocent side lose (反則負け where the foul's mover is not
    /// to move) is read as the mover's loss, as its writer meant.
    fn push_entry(&mut self, n: usize, entry: Entry, text: &str) {
        let after_foul = self.fouls.iter().any(|(id, _)| *id == self.current);
        let entry = match entry {
            Entry::End(GameEnd::IllegalLoss) if after_foul => {
                self.warnings.push(Warning::new(
                    n,
                    WarningKind::EndingAfterIllegalMove {
                        written: text.to_string(),
                    },
                ));
                Entry::End(GameEnd::IllegalWin)
            }
            other => other,
        };
        self.push(entry);
    }

    /// Adds `entry` after the current node and moves there.
    fn push(&mut self, entry: Entry) {
        let pos = self.positions[self.current];
        let next = match &entry {
            Entry::Move(m) => pos.after(*m),
            Entry::End(_) => pos,
        };
        self.current = self.record.tree.add(self.current, entry);
        self.positions.push(next);
    }

    /// A KI2 line of moves: each starts with a turn mark.
    fn ki2_moves(&mut self, n: usize, line: &str) -> Result<(), KifError> {
        self.ensure_started(n)?;
        self.moves_started = true;
        for token in crate::ki2::tokens(line) {
            let m = self.read_move(n, &token, false)?;
            self.push(Entry::Move(m));
        }
        Ok(())
    }

    /// A summary (`まで…`): the ending of the line read last, unless a KIF move line gave
    /// one; then the summary only says more of the same word (連続王手の千日手 after 千日手).
    fn summary(&mut self, n: usize, text: &str) -> Result<(), KifError> {
        self.ensure_started(n)?;
        let side = self.positions[self.current].side_to_move();
        let Some(end) = crate::ki2::ending_of_summary(text, side) else {
            return Ok(());
        };
        match &self.record.tree.node(self.current).entry {
            Some(Entry::End(written)) if self.dialect == Dialect::Kif => {
                if *written != end && written.japanese() == end.japanese() {
                    self.record.tree.node_mut(self.current).entry = Some(Entry::End(end));
                }
            }
            _ => self.push_entry(n, Entry::End(end), text),
        }
        Ok(())
    }

    fn prev_to(&self) -> Option<Square> {
        self.record.tree.last_destination(self.current)
    }

    /// `変化：N手`: the next moves replace move N of the line read last.
    fn variation(&mut self, n: usize, rest: &str) -> Result<(), KifError> {
        let digits: String = rest.chars().filter(|c| c.is_ascii_digit()).collect();
        let ply: usize = digits
            .parse()
            .map_err(|_| err(n, KifErrorKind::VariationWithoutNumber))?;
        if ply == 0 {
            return Err(err(n, KifErrorKind::VariationAtZero));
        }
        let mut node = self.current;
        while let Some(parent) = self.record.tree.node(node).parent {
            if self.record.tree.ply(node) < ply {
                break;
            }
            node = parent;
        }
        if self.record.tree.ply(node) != ply - 1 {
            return Err(err(n, KifErrorKind::NoMoveToVary(ply - 1)));
        }
        self.current = node;
        Ok(())
    }
}

/// Whether a line is a board diagram's frame (`+-----+`) or file numbers (`９ ８ ... １`).
fn is_diagram_frame(line: &str) -> bool {
    let frame = line.starts_with('+') && line.chars().all(|c| c == '+' || c == '-');
    let files = line
        .chars()
        .all(|c| ('１'..='９').contains(&c) || c.is_whitespace());
    frame || files
}

/// Splits `key：value` (full-width or ASCII colon).
pub(crate) fn split_header(line: &str) -> Option<(&str, &str)> {
    let at = line.find(['：', ':'])?;
    let colon = line[at..].chars().next()?.len_utf8();
    Some((&line[..at], &line[at + colon..]))
}

/// Splits a move text from its time column `( m:ss/hh:mm:ss)`, if it has one.
fn split_time(rest: &str) -> Option<(&str, &str)> {
    let at = rest.rfind('(')?;
    let time = &rest[at..];
    time.contains(':').then_some((&rest[..at], time))
}

/// Reads `( 0:16/00:00:16)` (minutes may pass 59; spaces anywhere).
fn parse_time(text: &str) -> Option<MoveTime> {
    let inner: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '(' && *c != ')' && *c != '+')
        .collect();
    let (spent, total) = match inner.split_once('/') {
        Some((s, t)) => (s, Some(t)),
        None => (inner.as_str(), None),
    };
    let seconds = |s: &str| -> Option<u64> {
        s.split(':').try_fold(0u64, |acc, part| {
            acc.checked_mul(60)?.checked_add(part.parse::<u64>().ok()?)
        })
    };
    let ms = |s: &str| seconds(s)?.checked_mul(1000);
    Some(MoveTime {
        spent_ms: ms(spent)?,
        total_ms: total.and_then(ms),
    })
}

/// Writes `header`'s entries to `out` as KIF header lines (`先手：name`), each on one line:
/// a line break in an entry would start lines of its own (moves).
pub fn write_header(out: &mut String, header: &crate::record::Header) {
    for (key, value) in &header.entries {
        let one = |text: &str| text.replace(['\r', '\n'], " ");
        let _ = writeln!(out, "{}：{}", one(key), one(value));
    }
}

/// Writes a record as KIF (UTF-8 text, declared in the first line).
pub fn write(record: &Record) -> Result<String, KifError> {
    write_dialect(record, Dialect::Kif)
}

/// Writes a record as KIF or KI2.
pub(crate) fn write_dialect(record: &Record, dialect: Dialect) -> Result<String, KifError> {
    koma_rules::dispatch!(record.variant, V => write_typed::<V>(record, dialect))
}

fn write_typed<V: Variant>(record: &Record, dialect: Dialect) -> Result<String, KifError> {
    let Some(even_name) = even_game_name(V::KIND) else {
        return Err(err(
            0,
            KifErrorKind::Unsupported {
                variant: V::NAME,
                format: dialect.name(),
            },
        ));
    };
    // The small variants say so in the 手合割, before a diagram too, as shogiops does.
    let own_name = variant_named(even_name).is_some();
    let mut out = String::new();
    // The declaration comes first, so that no header text can pass for one when the
    // output is read back from bytes.
    out.push_str(match dialect {
        Dialect::Kif => "#KIF version=2.0 encoding=UTF-8\n",
        Dialect::Ki2 => "#KI2 version=2.0 encoding=UTF-8\n",
    });
    // Header entries are kept verbatim; with a board diagram, the diagram decides the start.
    write_header(&mut out, &record.header);
    match &record.start {
        Start::Named(Handicap::Even) if own_name => {
            let _ = writeln!(out, "手合割：{even_name}");
        }
        Start::Named(h) if own_name => {
            // A small variant's handicap has no 手合割 of its own: the variant's name and
            // the board, as shogiops writes it.
            let _ = writeln!(out, "手合割：{even_name}");
            out.push_str(&diagram::write(record.variant, &h.setup()));
        }
        Start::Named(h) => {
            // A 手合割 the header keeps is one koma did not know: the start's own name
            // follows it, so that the start reads back.
            if record.header.get("手合割").and_then(Handicap::from_name) != Some(*h) {
                let _ = writeln!(out, "手合割：{}", h.japanese());
            }
        }
        Start::Custom(setup) => {
            if own_name {
                let _ = writeln!(out, "手合割：{even_name}");
            }
            out.push_str(&diagram::write(record.variant, setup));
        }
    }
    let setup = record.start.setup(record.variant);
    let start = Position::<V>::from_setup(&setup)
        .or_else(|_| Position::<V>::from_setup_lenient(&setup))
        .map_err(|e| err(0, KifErrorKind::BadStart(e)))?;
    if dialect == Dialect::Kif {
        out.push_str("手数----指手---------消費時間--\n");
    }
    let tree = &record.tree;
    let root = tree.node(MoveTree::ROOT);
    write_notes(&mut out, &root.comments, &root.bookmark);
    if let Some(first) = tree.first_child(MoveTree::ROOT) {
        let mut writer = LineWriter {
            out: &mut out,
            dialect,
            row: 0,
            names: SideNames::of(record),
        };
        writer.line::<V>(tree, first, start);
    }
    Ok(out)
}

/// A move's comments, one `*` line per line of each (a line break in a comment would
/// otherwise start a line of the record's own), and its bookmark on one line.
fn write_notes(out: &mut String, comments: &[String], bookmark: &Option<String>) {
    for comment in comments {
        for line in comment.split('\n') {
            let _ = writeln!(out, "*{}", line.trim_end_matches('\r'));
        }
    }
    if let Some(mark) = bookmark {
        let _ = writeln!(out, "&{}", mark.replace(['\r', '\n'], " "));
    }
}

/// Writes lines of moves in the KIF or KI2 way.
struct LineWriter<'a> {
    out: &'a mut String,
    dialect: Dialect,
    /// KI2 moves on the current output line.
    row: usize,
    /// How the summaries and notes name the sides.
    names: SideNames,
}

impl LineWriter<'_> {
    /// Ends a KI2 row of moves.
    fn flush(&mut self) {
        if self.row > 0 {
            self.out.push('\n');
            self.row = 0;
        }
    }

    /// Writes the line that starts with `first` (following first children), then the
    /// variations branching off it, deepest first, as Kifu for Windows does: a reader goes
    /// back from the last line read to the branch point, which is then always on that line.
    fn line<V: Variant>(&mut self, tree: &MoveTree, first: NodeId, before: Position<V>) {
        let mut line = vec![first];
        line.extend(tree.line_from(first));
        let mut positions = Vec::with_capacity(line.len());
        let mut pos = before;
        let mut prev_to = tree.destination_before(first);
        for &id in &line {
            positions.push(pos);
            self.node(tree, id, &pos, prev_to);
            if let Some(Entry::Move(m)) = &tree.node(id).entry {
                pos = pos.after(*m);
                prev_to = Some(m.to());
            }
        }
        self.flush();
        for (i, &id) in line.iter().enumerate().rev() {
            // An alternative itself has none: its siblings belong to the caller's loop.
            for alt in tree.alternatives(id) {
                let _ = writeln!(self.out, "\n変化：{}手", tree.ply(alt));
                self.line::<V>(tree, alt, positions[i]);
            }
        }
    }

    /// The `まで` summary of `end` after `plies` moves, then its note (see
    /// [`GameEnd::note`]); `carried` as [`crate::ki2::summary`] takes it.
    fn summary(&mut self, end: &GameEnd, plies: usize, to_move: Color, carried: bool) {
        let summary = crate::ki2::summary(end, plies, to_move, carried, self.names);
        let _ = writeln!(self.out, "まで{summary}");
        if let Some(note) = end.note(to_move, self.names) {
            let _ = writeln!(self.out, "*{note}");
        }
    }

    fn node<V: Variant>(
        &mut self,
        tree: &MoveTree,
        id: NodeId,
        pos: &Position<V>,
        prev_to: Option<Square>,
    ) {
        let node = tree.node(id);
        let branches = tree.alternatives(id).next().is_some();
        match (self.dialect, &node.entry) {
            // No KIF word says that the side not to move resigned: the summary and the note
            // say it (see `GameEnd::OpponentResigned`).
            (Dialect::Kif, Some(Entry::End(end @ GameEnd::OpponentResigned))) => {
                self.summary(end, tree.ply(id) - 1, pos.side_to_move(), false);
            }
            (Dialect::Kif, Some(entry)) => {
                let text = match entry {
                    Entry::Move(m) => japanese::kif(pos, *m, prev_to),
                    Entry::End(end) => end.japanese(),
                };
                let _ = write!(self.out, "{:>4} {}", tree.ply(id), text);
                if let Some(t) = node.time {
                    let spent = t.spent_ms / 1000;
                    let _ = write!(self.out, "   ({:>2}:{:02}", spent / 60, spent % 60);
                    if let Some(total) = t.total_ms {
                        let total = total / 1000;
                        let _ = write!(
                            self.out,
                            "/{:02}:{:02}:{:02}",
                            total / 3600,
                            total / 60 % 60,
                            total % 60
                        );
                    }
                    self.out.push(')');
                }
                if branches {
                    self.out.push('+');
                }
                self.out.push('\n');
                if let Entry::End(end) = entry {
                    // The summary line, as Kifu for Windows writes it (readers that do not
                    // know variations stop there).
                    self.summary(end, tree.ply(id) - 1, pos.side_to_move(), true);
                }
            }
            (Dialect::Ki2, Some(Entry::Move(m))) => {
                if self.row == 6 {
                    self.flush();
                }
                if self.row > 0 {
                    self.out.push_str("    ");
                }
                self.out.push_str(&crate::ki2::token(pos, *m, prev_to));
                self.row += 1;
            }
            (Dialect::Ki2, Some(Entry::End(end))) => {
                self.flush();
                self.summary(end, tree.ply(id) - 1, pos.side_to_move(), false);
            }
            (_, None) => {}
        }
        if !node.comments.is_empty() || node.bookmark.is_some() {
            self.flush();
            write_notes(self.out, &node.comments, &node.bookmark);
        }
    }
}
