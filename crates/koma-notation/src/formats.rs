//! Every record format behind one interface: detection, reading and writing.

use crate::record::{MoveTree, Record, Start};
use crate::warning::{Reading, Warning, WarningKind};
use crate::{csa, jkf, ki2, kif, move_list, sfen, usi_line};
use koma_rules::{AnyPosition, IllegalMove, SetupError, VariantKind};

/// A record or position format.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// KIF (`.kif`, `.kifu`).
    Kif,
    /// KI2 (`.ki2`, `.ki2u`).
    Ki2,
    /// CSA (`.csa`).
    Csa,
    /// JSON Kifu Format (`.jkf`, `.json`).
    Jkf,
    /// A USI `position ... moves ...` line.
    Usi,
    /// An SFEN position.
    Sfen,
    /// A list of moves in any notation from the start position (`1. P-7f P-3d`): see
    /// [`crate::move_list`].
    Moves,
}

/// A record that could not be read or written, in the words of its format.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// KIF or KI2.
    #[error(transparent)]
    Kif(#[from] kif::KifError),
    /// CSA.
    #[error(transparent)]
    Csa(#[from] csa::CsaError),
    /// JKF.
    #[error(transparent)]
    Jkf(#[from] jkf::JkfError),
    /// A USI position line.
    #[error(transparent)]
    Usi(#[from] usi_line::UsiLineError),
    /// An SFEN.
    #[error(transparent)]
    Sfen(#[from] sfen::SfenError),
    /// A move list.
    #[error(transparent)]
    MoveList(#[from] move_list::MoveListError),
    /// Text that reads as a record without a single move, though a line of it holds a
    /// move: read in the wrong format (a move list read as KIF), never an empty game.
    #[error(
        "read as {format}, the text gives no moves, yet line {line} holds the move '{word}': is it another format?"
    )]
    NoMovesRead {
        /// The format it was read in.
        format: &'static str,
        /// The 1-based line of the move.
        line: usize,
        /// The move as written.
        word: String,
    },
    /// A format that holds standard shogi only (CSA, JKF), asked to read or write
    /// another variant.
    #[error("{format} holds standard shogi only, not {variant}")]
    StandardOnly {
        /// The format (`CSA`, `JKF`).
        format: &'static str,
        /// The variant asked for.
        variant: &'static str,
    },
    /// The record's start position is not a position.
    #[error("illegal start position: {0}")]
    BadStart(SetupError),
    /// A move of the main line that breaks a rule.
    #[error("illegal move in the record (move {ply}): {reason}")]
    IllegalMove {
        /// The move's ply (1 for the first move).
        ply: usize,
        /// The rule it breaks.
        reason: IllegalMove,
    },
}

impl RecordError {
    /// The 1-based line of the text where the problem is, when the reader knows it (KIF,
    /// KI2, CSA and move lists do; JKF names a path in the document instead, USI and SFEN a
    /// column of their one line).
    pub fn line(&self) -> Option<usize> {
        let line = match self {
            RecordError::Kif(e) => e.line,
            RecordError::Csa(e) => e.line,
            RecordError::MoveList(e) => e.line,
            RecordError::NoMovesRead { line, .. } => *line,
            _ => 0,
        };
        (line > 0).then_some(line)
    }
}

impl Format {
    /// Every format.
    pub const ALL: [Format; 7] = [
        Format::Kif,
        Format::Ki2,
        Format::Csa,
        Format::Jkf,
        Format::Usi,
        Format::Sfen,
        Format::Moves,
    ];

    /// The name used on the command line (`kif`, `ki2`, `csa`, `jkf`, `usi`, `sfen`).
    pub const fn name(self) -> &'static str {
        match self {
            Format::Kif => "kif",
            Format::Ki2 => "ki2",
            Format::Csa => "csa",
            Format::Jkf => "jkf",
            Format::Usi => "usi",
            Format::Sfen => "sfen",
            Format::Moves => "moves",
        }
    }

    /// The format's name in messages (`KIF`, `CSA`, `JKF`).
    pub const fn label(self) -> &'static str {
        match self {
            Format::Kif => "KIF",
            Format::Ki2 => "KI2",
            Format::Csa => "CSA",
            Format::Jkf => "JKF",
            Format::Usi => "USI",
            Format::Sfen => "SFEN",
            Format::Moves => "move list",
        }
    }

    /// Whether the format has a convention for records of `variant` (KIF and KI2: not
    /// Dōbutsu; CSA and JKF: standard shogi only); writing or reading another is an error.
    pub fn holds(self, variant: VariantKind) -> bool {
        match self {
            Format::Kif | Format::Ki2 => kif::even_game_name(variant).is_some(),
            Format::Csa | Format::Jkf => variant == VariantKind::Shogi,
            Format::Usi | Format::Sfen | Format::Moves => true,
        }
    }

    /// The format called `name`, or with that file extension.
    pub fn from_name(name: &str) -> Option<Format> {
        match name.to_ascii_lowercase().as_str() {
            "kif" | "kifu" => Some(Format::Kif),
            "ki2" | "ki2u" => Some(Format::Ki2),
            "csa" => Some(Format::Csa),
            "jkf" | "json" => Some(Format::Jkf),
            "usi" => Some(Format::Usi),
            "sfen" => Some(Format::Sfen),
            "moves" => Some(Format::Moves),
            _ => None,
        }
    }

    /// The format a file name settles by its extension alone: not `.sfen`, whose files may
    /// hold USI `position ...` lines (ShogiHome's book sources, engine logs) instead.
    pub fn from_path(path: &str) -> Option<Format> {
        let (_, ext) = path.rsplit_once('.')?;
        Format::from_name(ext).filter(|&f| f != Format::Sfen)
    }

    /// Guesses the format of a file from its name, else from its first lines; KIF when
    /// nothing in them says (see [`Format::recognise`], which says so instead).
    pub fn detect(path: Option<&str>, text: &str) -> Format {
        Format::recognise(path, text).unwrap_or(Format::Kif)
    }

    /// The format of a file by its name, else by its first lines; `None` when no format's
    /// marks are in them. KIF is recognised by a line of its own (`key：value`, a numbered
    /// move line in Japanese, `*` comments, `変化`, a board diagram...), a move list by
    /// words shaped as moves (`P-7f`, `P7g-7f`, `7g7f`, `Sp'4e`, `7f`) making up most of
    /// its words (move numbers and `{...}` comments aside).
    pub fn recognise(path: Option<&str>, text: &str) -> Option<Format> {
        if let Some(f) = path.and_then(Format::from_path) {
            return Some(f);
        }
        let t = text.trim_start_matches('\u{feff}').trim_start();
        let usi_line = t.starts_with("position") || t.starts_with("startpos");
        let named = path
            .and_then(|p| p.rsplit_once('.'))
            .and_then(|(_, ext)| Format::from_name(ext));
        if named == Some(Format::Sfen) && !usi_line {
            return Some(Format::Sfen);
        }
        if t.starts_with('{') {
            return Some(Format::Jkf);
        }
        if usi_line {
            return Some(Format::Usi);
        }
        let has = |pred: &dyn Fn(&str) -> bool| t.lines().take(200).any(|l| pred(l.trim_start()));
        // `P1` starts a CSA board row (`P1-KY-KE...`, `P1 * ...`), not a long-form pawn
        // move (`P1g-1f`).
        let csa_row = |l: &str| {
            l.strip_prefix("P1")
                .is_some_and(|r| r.is_empty() || r.starts_with(['-', '+', ' ']))
        };
        if has(&|l| {
            l.starts_with("V2")
                || l.starts_with("PI")
                || csa_row(l)
                || l.starts_with("+7")
                || l.starts_with("N+")
        }) {
            return Some(Format::Csa);
        }
        if has(&|l| l.starts_with(ki2::MARKS)) {
            return Some(Format::Ki2);
        }
        if has(&kif_line) {
            return Some(Format::Kif);
        }
        if t.lines().count() == 1 && t.split_whitespace().count() >= 3 && t.contains('/') {
            return Some(Format::Sfen);
        }
        if looks_like_move_list(t) {
            return Some(Format::Moves);
        }
        None
    }
}

/// Whether a line (blanks in front trimmed) is one only KIF writes: a header `key：value`
/// (or `key:value` with a Japanese key), a numbered move line in Japanese, a comment,
/// bookmark, program comment, variation, summary, move-column title or board diagram line.
fn kif_line(l: &str) -> bool {
    const STARTS: [&str; 10] = [
        "#",
        "*",
        "&",
        "|",
        "+--",
        "手数",
        "変化",
        "まで",
        "先手番",
        "後手番",
    ];
    if STARTS.iter().any(|s| l.starts_with(s)) || l.starts_with("上手番") || l.starts_with("下手番")
    {
        return true;
    }
    if l.contains('：') {
        return true;
    }
    if let Some((key, _)) = l.split_once(':') {
        if !key.is_empty() && !key.is_ascii() {
            return true;
        }
    }
    let number = l.trim_start_matches(|c: char| c.is_ascii_digit());
    number.len() < l.len()
        && number.starts_with(char::is_whitespace)
        && number.trim_start().starts_with(|c: char| !c.is_ascii())
}

/// Whether `word` has the shape of a move in a notation a move list holds: USI (`7g7f`,
/// `P*5e`), Western in any style (`P-7f`, `+Rx3c`, `S2bx3c=`, `P7g-7f`, `P-76`, `P76`,
/// `S'34`) or German (`7f`, `Sp'4e`, `x3d`, `La1a+#`).
pub(crate) fn move_shaped(word: &str) -> bool {
    let w = word.strip_suffix('#').unwrap_or(word);
    let w = w.strip_suffix(['+', '=']).unwrap_or(w);
    let w = w.strip_prefix('+').unwrap_or(w);
    let mut chars = w.chars().peekable();
    // The piece: a capital, perhaps a second letter (Sp, La, To, LQ), never the capture x.
    let lettered = chars.next_if(char::is_ascii_uppercase).is_some();
    if lettered {
        chars.next_if(|&c| (c.is_ascii_lowercase() && c != 'x') || c == 'Q');
    }
    let rest: Vec<char> = chars.collect();
    // Unlettered words (USI, the German pawn) need letter ranks: `76` is no move.
    let square = |s: &[char]| {
        matches!(s, [file, rank] if ('1'..='9').contains(file)
            && (('a'..='i').contains(rank) || (lettered && ('1'..='9').contains(rank))))
    };
    let (origin, rest) = match rest.split_at_checked(2) {
        Some((first, rest)) if square(first) => (true, rest),
        _ => (false, rest.as_slice()),
    };
    let (sep, rest) = match rest.split_first() {
        Some((c, rest)) if "-x:*'".contains(*c) => (true, rest),
        _ => (false, rest),
    };
    if rest.is_empty() {
        // The origin was the destination (`7f`, `P76`, `K5i`).
        origin && !sep
    } else {
        square(rest)
    }
}

/// Whether `text` reads as a list of moves: among its first 60 words (move numbers and
/// `{...}` comments aside) at least one, and most, have a move's shape.
fn looks_like_move_list(text: &str) -> bool {
    let mut depth = 0usize;
    let mut words = 0;
    let mut moves = 0;
    for word in text.split_whitespace() {
        if words >= 60 {
            break;
        }
        if depth > 0 || word.starts_with('{') {
            depth += word.matches('{').count();
            depth = depth.saturating_sub(word.matches('}').count());
            continue;
        }
        let bare = without_number(word);
        if bare.is_empty() {
            continue;
        }
        words += 1;
        if move_shaped(bare) || move_list_ending(bare) {
            moves += 1;
        }
    }
    moves > 0 && moves * 2 > words
}

/// `word` without a move number: `12`, `12.` and `12...` give nothing, `1.P-7f` its move.
fn without_number(word: &str) -> &str {
    let digits = word.trim_start_matches(|c: char| c.is_ascii_digit());
    match digits.strip_prefix('.') {
        Some(after) if digits.len() < word.len() => after.trim_start_matches('.'),
        _ if digits.is_empty() => "",
        _ => word,
    }
}

/// Whether `word` is an ending word a move list ends with.
fn move_list_ending(word: &str) -> bool {
    matches!(
        word.to_ascii_lowercase().as_str(),
        "resign" | "resigns" | "resigned"
    )
}

/// Reads a record in `format` from file bytes (encodings detected), with the leniencies
/// its reading needed: an encoding declaration the bytes belie, and whatever the format's
/// reader accepted beyond the format (see [`crate::warning`]). Of a CSA file holding several
/// records the first is read, with a warning.
pub fn read(bytes: &[u8], format: Format, variant: VariantKind) -> Result<Reading, RecordError> {
    let decoded = crate::encoding::decode_checked(bytes);
    let mut reading = read_text(&decoded.text, format, variant)?;
    if let Some((declared, line)) = decoded.wrong_declaration {
        let kind = WarningKind::WrongEncoding {
            declared,
            found: decoded.encoding,
        };
        reading.warnings.insert(0, Warning::new(line, kind));
    }
    Ok(reading)
}

/// Reads a record in `format` from text that is already decoded (an encoding declaration
/// inside it is ignored), with the leniencies its reading needed. A record without moves
/// from text that holds one ([`RecordError::NoMovesRead`]) is an error: the text is in
/// another format.
pub fn read_text(text: &str, format: Format, variant: VariantKind) -> Result<Reading, RecordError> {
    let reading = read_format(text, format, variant)?;
    // JSON strings and an SFEN hold no move lines to look at.
    let lines = !matches!(format, Format::Sfen | Format::Jkf);
    if lines && reading.record.tree.main_moves().is_empty() {
        if let Some((line, word)) = move_in(text, &reading.record) {
            return Err(RecordError::NoMovesRead {
                format: format.label(),
                line,
                word,
            });
        }
    }
    Ok(reading)
}

/// The first word of `text` (after a move number) outside comment, header and diagram lines
/// that reads as a legal move from the record's start, with its 1-based line.
fn move_in(text: &str, record: &Record) -> Option<(usize, String)> {
    let start = record.start_position().ok()?;
    let comment = |l: &str| l.starts_with(['*', '\'', '#', '&', '|', '$']);
    // `key：value`, `key:value`: a header's value may name a move.
    let header = |l: &str| {
        l.split_once(['：', ':'])
            .is_some_and(|(key, _)| !key.is_empty() && !key.contains(char::is_whitespace))
    };
    text.lines()
        .enumerate()
        .take(200)
        .filter(|(_, l)| !comment(l.trim_start()) && !header(l.trim_start()))
        .find_map(|(i, l)| {
            l.split_whitespace()
                .map(without_number)
                .find(|w| {
                    move_shaped(w)
                        && koma_rules::on_position!(&start, p => {
                            crate::movetext::parse_any(p, w, None)
                                .is_ok_and(|m| p.is_legal(m).is_ok())
                        })
                })
                .map(|w| (i + 1, w.to_string()))
        })
}

/// Reads `text` in `format` (see [`read_text`]).
fn read_format(text: &str, format: Format, variant: VariantKind) -> Result<Reading, RecordError> {
    standard_only(format, variant)?;
    Ok(match format {
        Format::Kif => kif::read_variant(variant, text)?,
        Format::Ki2 => ki2::read_variant(variant, text)?,
        Format::Csa => csa::read_first(text)?,
        Format::Jkf => jkf::read(text)?,
        Format::Usi => {
            // One game a line: the first is read, as of a CSA file holding several.
            let mut lines = usi_lines(text);
            let first = lines.next().unwrap_or_default();
            let mut reading = Reading::clean(usi_line::parse(variant, first)?);
            let count = 1 + lines.count();
            if count > 1 {
                let kind = WarningKind::MoreRecords { count };
                reading.warnings.push(Warning::new(0, kind));
            }
            reading
        }
        Format::Sfen => {
            let mut record = Record::new(variant);
            record.start = Start::Custom(sfen::parse_setup(variant, text.trim())?);
            Reading::clean(record)
        }
        Format::Moves => Reading::clean(move_list::read(variant, text)?),
    })
}

/// CSA and JKF hold standard shogi only: no convention writes another variant in them
/// (lishogi's shogiops reads and writes CSA for standard shogi alone, and JKF has no
/// variant field), so reading or writing one of another variant is an error, never a
/// shogi file.
fn standard_only(format: Format, variant: VariantKind) -> Result<(), RecordError> {
    match format {
        Format::Csa | Format::Jkf if variant != VariantKind::Shogi => {
            Err(RecordError::StandardOnly {
                format: format.label(),
                variant: variant.name(),
            })
        }
        _ => Ok(()),
    }
}

/// Reads every record of a file in `format`: each of a CSA file's records separated by
/// `/` lines, each line of a file of USI `position` lines, else the one record [`read`]
/// gives.
pub fn read_all(
    bytes: &[u8],
    format: Format,
    variant: VariantKind,
) -> Result<Vec<Reading>, RecordError> {
    standard_only(format, variant)?;
    match format {
        Format::Csa => {
            let decoded = crate::encoding::decode_checked(bytes);
            let mut readings = csa::read_all(&decoded.text)?;
            if let (Some((declared, line)), Some(first)) =
                (decoded.wrong_declaration, readings.first_mut())
            {
                let kind = WarningKind::WrongEncoding {
                    declared,
                    found: decoded.encoding,
                };
                first.warnings.insert(0, Warning::new(line, kind));
            }
            Ok(readings)
        }
        Format::Usi => {
            let decoded = crate::encoding::decode(bytes).0;
            usi_lines(&decoded)
                .map(|line| Ok(Reading::clean(usi_line::parse(variant, line)?)))
                .collect()
        }
        _ => Ok(vec![read(bytes, format, variant)?]),
    }
}

/// The non-empty lines of a file of USI `position` lines.
fn usi_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines().map(str::trim).filter(|l| !l.is_empty())
}

/// Writes a record in `format` (SFEN: the position after the main line). A foul the record
/// ends with is written by the record formats; USI and SFEN, which are positions for
/// engines, stop before it.
pub fn write(record: &Record, format: Format) -> Result<String, RecordError> {
    Ok(match format {
        Format::Kif => kif::write(record)?,
        Format::Ki2 => ki2::write(record)?,
        Format::Csa | Format::Jkf => {
            standard_only(format, record.variant)?;
            match format {
                Format::Csa => csa::write(record)?,
                _ => jkf::write(record)?,
            }
        }
        Format::Usi => usi_line::write(record) + "\n",
        Format::Sfen => {
            let plies = record.legal_main_moves().len();
            sfen::write_any(&position_at(record, plies)?) + "\n"
        }
        Format::Moves => move_list::write(record)?,
    })
}

/// Writes a record in `format` as [`write()`] does, with what the output does not keep of
/// it: the text is read back and compared with the record (variations, the main line's
/// moves, comments, bookmarks and times, header entries, the ending), each loss a
/// [`Warning`] on line 0 (a CSA export of a record with variations: "2 variations dropped:
/// CSA has no variations").
pub fn write_checked(
    record: &Record,
    format: Format,
) -> Result<(String, Vec<Warning>), RecordError> {
    let text = write(record, format)?;
    let label = format.label();
    let kinds = match read_format(&text, format, record.variant) {
        Ok(back) => losses(record, &back.record, format),
        Err(e) => vec![WarningKind::Unchecked {
            format: label,
            reason: e.to_string(),
        }],
    };
    Ok((
        text,
        kinds.into_iter().map(|k| Warning::new(0, k)).collect(),
    ))
}

/// What `back` (`record` written in `format` and read again) lacks of `record`.
fn losses(record: &Record, back: &Record, format: Format) -> Vec<WarningKind> {
    let label = format.label();
    let mut out = Vec::new();
    let moves = record.tree.main_moves().len();
    if format == Format::Sfen {
        if moves > 0 {
            out.push(WarningKind::PositionOnly {
                format: label,
                moves,
            });
        }
    } else if back.tree.main_moves().len() < moves {
        out.push(WarningKind::MovesDropped {
            format: label,
            count: moves - back.tree.main_moves().len(),
        });
    }
    let variations = |r: &Record| {
        (1..r.tree.len())
            .filter(|&id| r.tree.node(id).parent.and_then(|p| r.tree.first_child(p)) != Some(id))
            .count()
    };
    let (ours, theirs) = (variations(record), variations(back));
    if ours > theirs {
        out.push(WarningKind::VariationsDropped {
            format: label,
            count: ours - theirs,
        });
    }
    // The main lines side by side, while their entries agree; past that, what the record
    // has is lost (the moves and ending are counted above).
    let line = |r: &Record| {
        let mut l = vec![MoveTree::ROOT];
        l.extend(r.tree.main_line());
        l
    };
    let (ours, theirs) = (line(record), line(back));
    let (mut comments, mut bookmarks, mut times) = (0, 0, 0);
    for (i, &id) in ours.iter().enumerate() {
        let node = record.tree.node(id);
        let other = theirs
            .get(i)
            .map(|&t| back.tree.node(t))
            .filter(|o| o.entry == node.entry);
        let kept =
            |f: &dyn Fn(&crate::record::Node) -> String| other.is_some_and(|o| f(o) == f(node));
        if !node.comments.is_empty() && !kept(&|n| n.comments.join("\n")) {
            comments += node.comments.len();
        }
        if node.bookmark.is_some() && !kept(&|n| n.bookmark.clone().unwrap_or_default()) {
            bookmarks += 1;
        }
        if node.time.is_some() && other.is_none_or(|o| o.time.is_none()) {
            times += 1;
        }
    }
    if comments > 0 {
        out.push(WarningKind::CommentsDropped {
            format: label,
            count: comments,
        });
    }
    if bookmarks > 0 {
        out.push(WarningKind::BookmarksDropped {
            format: label,
            count: bookmarks,
        });
    }
    if times > 0 {
        out.push(WarningKind::TimesDropped {
            format: label,
            count: times,
        });
    }
    let mut keys: Vec<String> = Vec::new();
    for (key, value) in &record.header.entries {
        // A handicap game's 下手 and 上手 may come back as 先手 and 後手 (CSA's N+ and N-).
        let player = match key.as_str() {
            "下手" => back.header.player(koma_rules::Color::Black),
            "上手" => back.header.player(koma_rules::Color::White),
            _ => None,
        };
        let kept = back.header.get(key).is_some() || player == Some(value.as_str());
        if !kept && !keys.contains(key) {
            keys.push(key.clone());
        }
    }
    if !keys.is_empty() {
        out.push(WarningKind::HeaderDropped {
            format: label,
            keys,
        });
    }
    if let Some(end) = record.tree.main_end() {
        if back.tree.main_end() != Some(end) && format != Format::Sfen {
            out.push(WarningKind::EndingDropped {
                format: label,
                ending: end.japanese(),
            });
        }
    }
    out
}

/// The position after the first `ply` moves of the main line (all of them if it is shorter).
pub fn position_at(record: &Record, ply: usize) -> Result<AnyPosition, RecordError> {
    let mut pos = record.start_position().map_err(RecordError::BadStart)?;
    for (i, m) in record.tree.main_moves().into_iter().take(ply).enumerate() {
        pos.play(m)
            .map_err(|reason| RecordError::IllegalMove { ply: i + 1, reason })?;
    }
    Ok(pos)
}

/// A move notation for display.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Notation {
    /// Japanese: `☗７六歩`, `☖同銀`.
    #[default]
    Japanese,
    /// Western (Hodges): `P-7f`.
    Western,
    /// German club notation: `Sp'4e`.
    German,
}

impl Notation {
    /// The names people ask for notations by.
    pub const NAMES: &'static str = "japanese, western, german";

    /// The notation called `name` (`japanese`/`ja`, `western`/`hodges`, `german`/`de`).
    pub fn from_name(name: &str) -> Option<Notation> {
        match name.to_ascii_lowercase().as_str() {
            "japanese" | "ja" => Some(Notation::Japanese),
            "western" | "hodges" => Some(Notation::Western),
            "german" | "de" => Some(Notation::German),
            _ => None,
        }
    }
}

/// A move as text in `notation`; `prev_to` is the previous move's destination (for 同).
pub fn move_text(
    pos: &AnyPosition,
    m: koma_rules::Move,
    prev_to: Option<koma_rules::Square>,
    notation: Notation,
) -> String {
    use crate::movetext::{german, japanese, western};
    macro_rules! with {
        ($p:ident) => {
            match notation {
                Notation::Japanese => japanese::text($p, m, prev_to),
                Notation::Western => western::write($p, m, western::Style::Hodges),
                Notation::German => german::write($p, m),
            }
        };
    }
    koma_rules::on_position!(pos, p => with!(p))
}
