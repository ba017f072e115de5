//! Every record format behind one interface: detection, reading and writing.

use crate::record::{Record, Start};
use crate::warning::{Reading, Warning, WarningKind};
use crate::{csa, jkf, ki2, kif, sfen, usi_line};
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

impl Format {
    /// Every format.
    pub const ALL: [Format; 6] = [
        Format::Kif,
        Format::Ki2,
        Format::Csa,
        Format::Jkf,
        Format::Usi,
        Format::Sfen,
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
        }
    }

    /// Whether the format has a convention for records of `variant` (KIF and KI2: not
    /// Dōbutsu; CSA and JKF: standard shogi only); writing or reading another is an error.
    pub fn holds(self, variant: VariantKind) -> bool {
        match self {
            Format::Kif | Format::Ki2 => kif::even_game_name(variant).is_some(),
            Format::Csa | Format::Jkf => variant == VariantKind::Shogi,
            Format::Usi | Format::Sfen => true,
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
            _ => None,
        }
    }

    /// The format a file name settles by its extension alone: not `.sfen`, whose files may
    /// hold USI `position ...` lines (ShogiHome's book sources, engine logs) instead.
    pub fn from_path(path: &str) -> Option<Format> {
        let (_, ext) = path.rsplit_once('.')?;
        Format::from_name(ext).filter(|&f| f != Format::Sfen)
    }

    /// Guesses the format of a file from its name, else from its first lines.
    pub fn detect(path: Option<&str>, text: &str) -> Format {
        if let Some(f) = path.and_then(Format::from_path) {
            return f;
        }
        let t = text.trim_start_matches('\u{feff}').trim_start();
        let usi_line = t.starts_with("position") || t.starts_with("startpos");
        let named = path
            .and_then(|p| p.rsplit_once('.'))
            .and_then(|(_, ext)| Format::from_name(ext));
        if named == Some(Format::Sfen) && !usi_line {
            return Format::Sfen;
        }
        if t.starts_with('{') {
            return Format::Jkf;
        }
        if usi_line {
            return Format::Usi;
        }
        let has = |pred: &dyn Fn(&str) -> bool| t.lines().take(200).any(|l| pred(l.trim_start()));
        if has(&|l| {
            l.starts_with("V2")
                || l.starts_with("PI")
                || l.starts_with("P1")
                || l.starts_with("+7")
                || l.starts_with("N+")
        }) {
            return Format::Csa;
        }
        if has(&|l| l.starts_with(ki2::MARKS)) {
            return Format::Ki2;
        }
        if t.lines().count() == 1 && t.split_whitespace().count() >= 3 && t.contains('/') {
            return Format::Sfen;
        }
        Format::Kif
    }
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
/// inside it is ignored), with the leniencies its reading needed.
pub fn read_text(text: &str, format: Format, variant: VariantKind) -> Result<Reading, RecordError> {
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
    })
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
