//! `koma.read_record` and `koma.Record`: every record format koma reads (KIF, KI2, CSA,
//! JKF, USI, SFEN; UTF-8, Shift_JIS or EUC-JP), with variations, comments, times and the
//! ending, written back in any of them.

use crate::board::Board;
use crate::errors::{KomaError, RecordError};
use crate::record_parts::{self as parts, SaveError};
use crate::variant;
use koma_notation::builder::{self, Parts};
use koma_notation::formats::{self, Format};
use koma_notation::record::{Entry, MoveTree, NodeId, Record as Rec};
use koma_notation::warning::Reading;
use koma_notation::{jkf, sfen, usi};
use koma_rules::{Move, VariantKind};
use pyo3::exceptions::{PyFileNotFoundError, PyOSError};
use pyo3::prelude::*;
use pyo3::types::PyType;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyString};
use std::path::PathBuf;

/// Where a record comes from.
pub enum Source {
    /// A file.
    Path(PathBuf),
    /// The record's text.
    Text(String),
    /// The file's bytes (the encoding is detected).
    Bytes(Vec<u8>),
}

/// The largest file read as a record (CSA files holding a season of games run to a few
/// megabytes): a path to a device or a huge file is refused instead of read without end.
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// Reads at most [`MAX_FILE_BYTES`] of the file at `path`.
fn read_file(path: &std::path::Path) -> Result<Vec<u8>, LoadError> {
    use std::io::Read;
    let name = || path.display().to_string();
    let io = |error| LoadError::Io {
        path: name(),
        error,
    };
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .map_err(io)?
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(LoadError::TooLarge { path: name() });
    }
    Ok(bytes)
}

/// Why a record could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read.
    #[error("{path}: {error}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        error: std::io::Error,
    },
    /// The file is larger than any record ([`MAX_FILE_BYTES`]): a device, or not a record.
    #[error("{path}: larger than {MAX_FILE_BYTES} bytes, too large for a record file")]
    TooLarge {
        /// The file.
        path: String,
    },
    /// The record is not one of its format, in the reader's words (line and column).
    #[error("{name}: {error}")]
    Record {
        /// The file, or `<text>`.
        name: String,
        /// The reader's error (boxed: it is large, and rare).
        error: Box<formats::RecordError>,
    },
}

impl LoadError {
    /// The Python exception: `FileNotFoundError`/`OSError` for files, `RecordError` else.
    fn into_py(self) -> PyErr {
        match &self {
            LoadError::Io { error, .. } if error.kind() == std::io::ErrorKind::NotFound => {
                PyFileNotFoundError::new_err(self.to_string())
            }
            LoadError::Io { .. } => PyOSError::new_err(self.to_string()),
            LoadError::Record { .. } | LoadError::TooLarge { .. } => {
                RecordError::new_err(self.to_string())
            }
        }
    }
}

impl Source {
    /// A path (`str` naming a file, or `os.PathLike`), a record's text (`str` with a line
    /// break, a JKF object, a USI line or an SFEN) or its bytes.
    pub fn extract(obj: &Bound<'_, PyAny>) -> PyResult<Source> {
        if let Ok(bytes) = obj.cast::<PyBytes>() {
            return Ok(Source::Bytes(bytes.as_bytes().to_vec()));
        }
        if let Ok(bytes) = obj.cast::<PyByteArray>() {
            return Ok(Source::Bytes(bytes.to_vec()));
        }
        if let Ok(text) = obj.cast::<PyString>() {
            let text = text.to_cow()?.into_owned();
            // Text: a line break, or a line the format detector knows by its shape (a JKF
            // object, a USI line, an SFEN, CSA); anything else names a file (KIF, the
            // detector's fallback, always has lines).
            let is_text = text.contains(['\n', '\r']) || Format::detect(None, &text) != Format::Kif;
            return Ok(if is_text && !std::path::Path::new(&text).is_file() {
                Source::Text(text)
            } else {
                Source::Path(PathBuf::from(text))
            });
        }
        let path = obj.py().import("os")?.getattr("fspath")?.call1((obj,))?;
        Ok(Source::Path(PathBuf::from(path.extract::<String>()?)))
    }

    /// The file's name, or `<text>`.
    pub fn name(&self) -> String {
        match self {
            Source::Path(p) => p.display().to_string(),
            Source::Text(_) | Source::Bytes(_) => "<text>".to_string(),
        }
    }
}

/// Reads the record of `source` in `format` (detected from the name and content unless
/// given): the first of a CSA file holding several, as the `koma` command does.
pub fn load(
    source: &Source,
    format: Option<Format>,
    variant: VariantKind,
) -> Result<Reading, LoadError> {
    load_with(source, format, |bytes, format| {
        formats::read(bytes, format, variant)
    })
}

/// Reads every record of `source` (each game of a multi-game CSA file, each line of a file
/// of USI `position` lines; one record for the other formats), as `load` reads one.
pub fn load_all(
    source: &Source,
    format: Option<Format>,
    variant: VariantKind,
) -> Result<Vec<Reading>, LoadError> {
    load_with(source, format, |bytes, format| {
        formats::read_all(bytes, format, variant)
    })
}

/// The bytes of `source` in `format` (detected unless given), read by `read`.
fn load_with<T>(
    source: &Source,
    format: Option<Format>,
    read: impl FnOnce(&[u8], Format) -> Result<T, formats::RecordError>,
) -> Result<T, LoadError> {
    let (bytes, path) = match source {
        Source::Path(p) => {
            let bytes = read_file(p)?;
            (
                std::borrow::Cow::Owned(bytes),
                Some(p.display().to_string()),
            )
        }
        Source::Text(t) => (std::borrow::Cow::Borrowed(t.as_bytes()), None),
        Source::Bytes(b) => (std::borrow::Cow::Borrowed(b.as_slice()), None),
    };
    // The file name settles most formats; only content sniffing needs the text decoded
    // (then decoded again by the reader: `formats::read` takes the bytes).
    let by_name = path.as_deref().and_then(Format::from_path);
    let format = format.or(by_name).unwrap_or_else(|| {
        let text = koma_notation::encoding::decode(&bytes).0;
        Format::detect(path.as_deref(), &text)
    });
    read(&bytes, format).map_err(|error| LoadError::Record {
        name: source.name(),
        error: Box::new(error),
    })
}

/// The format called `name` (`kif`, `ki2`, `csa`, `jkf`, `usi`, `sfen`, `moves`).
fn parse_format(name: &str) -> PyResult<Format> {
    Format::from_name(name).ok_or_else(|| {
        crate::errors::KomaError::new_err(format!(
            "unknown format '{name}' (known: kif, ki2, csa, jkf, usi, sfen, moves)"
        ))
    })
}

/// Reads a game record: a path (`str` or `os.PathLike`), the record's text, or its bytes.
/// The format is detected from the file name and content unless `format` names it; the
/// encoding (UTF-8, Shift_JIS, EUC-JP) from the bytes. Raises `RecordError` with the
/// reader's line and column, as the `koma` command reports them. Of a CSA file holding
/// several games, the first, with a warning saying how many (`read_records` reads all).
#[pyfunction]
#[pyo3(signature = (source, format=None, variant="shogi"))]
pub fn read_record(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    format: Option<&str>,
    variant: &str,
) -> PyResult<Record> {
    let kind = variant::parse(variant)?;
    let format = format.map(parse_format).transpose()?;
    let source = Source::extract(source)?;
    let reading = py
        .detach(|| load(&source, format, kind))
        .map_err(LoadError::into_py)?;
    Ok(Record::from(reading))
}

/// Reads every record of a file: each game of a CSA file holding several (separated by
/// `/` lines), each line of a file of USI `position` lines; a list of one record for the
/// other formats. Same arguments and errors as `read_record`.
#[pyfunction]
#[pyo3(signature = (source, format=None, variant="shogi"))]
pub fn read_records(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    format: Option<&str>,
    variant: &str,
) -> PyResult<Vec<Record>> {
    let kind = variant::parse(variant)?;
    let format = format.map(parse_format).transpose()?;
    let source = Source::extract(source)?;
    let readings = py
        .detach(|| load_all(&source, format, kind))
        .map_err(LoadError::into_py)?;
    Ok(readings.into_iter().map(Record::from).collect())
}

impl From<Reading> for Record {
    fn from(reading: Reading) -> Record {
        Record {
            warnings: reading.warnings.iter().map(|w| w.to_string()).collect(),
            record: reading.record,
        }
    }
}

/// The error `Record.save` raises: `OSError` for the file, `RecordError` else.
fn save_error(error: SaveError) -> PyErr {
    match error {
        SaveError::Io { .. } => PyOSError::new_err(error.to_string()),
        _ => RecordError::new_err(error.to_string()),
    }
}

/// A game record.
#[pyclass(module = "koma", frozen)]
pub struct Record {
    record: Rec,
    warnings: Vec<String>,
}

/// The USI text of the moves of the nodes `line` (up to the first ending).
fn usi_moves(variant: VariantKind, tree: &MoveTree, line: &[NodeId]) -> Vec<String> {
    line.iter()
        .map_while(|&id| match &tree.node(id).entry {
            Some(Entry::Move(m)) => Some(usi::write_move(variant, *m)),
            _ => None,
        })
        .collect()
}

/// The path of moves from the root to `id`, `id` excluded.
fn moves_before(tree: &MoveTree, id: NodeId) -> Vec<Move> {
    let mut moves = Vec::new();
    let mut cur = tree.node(id).parent;
    while let Some(node) = cur {
        if let Some(Entry::Move(m)) = tree.node(node).entry {
            moves.push(m);
        }
        cur = tree.node(node).parent;
    }
    moves.reverse();
    moves
}

#[pymethods]
impl Record {
    /// The variant's name.
    #[getter]
    fn variant(&self) -> &'static str {
        self.record.variant.name()
    }

    /// The header as a dict (the first value of a repeated key); keys are KIF's Japanese
    /// ones (先手, 後手, 棋戦, 開始日時, ...), whatever the format.
    #[getter]
    fn header<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (k, v) in &self.record.header.entries {
            if !dict.contains(k)? {
                dict.set_item(k, v)?;
            }
        }
        Ok(dict)
    }

    /// Every header entry in file order, repeated keys included.
    #[getter]
    fn header_entries(&self) -> Vec<(String, String)> {
        self.record.header.entries.clone()
    }

    /// The start position as SFEN.
    #[getter]
    fn start_sfen(&self) -> String {
        sfen::write_setup(
            self.record.variant,
            &self.record.start.setup(self.record.variant),
        )
    }

    /// The moves of the main line in USI, up to a foul the record ends with (see
    /// `illegal_move`): what `koma convert --to usi` writes.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.record
            .legal_main_moves()
            .into_iter()
            .map(|m| usi::write_move(self.record.variant, m))
            .collect()
    }

    /// A foul the main line ends with (kept by hand-entered records): the move in USI and
    /// the rule it breaks, else `None`.
    #[getter]
    fn illegal_move(&self) -> Option<(String, String)> {
        let all = self.record.tree.main_moves();
        let legal = self.record.legal_main_moves();
        let m = *all.get(legal.len())?;
        let mut pos = self.record.start_position().ok()?;
        for &l in &legal {
            pos.play(l).ok()?;
        }
        let reason = pos.is_legal(m).err()?;
        Some((usi::write_move(self.record.variant, m), reason.to_string()))
    }

    /// How the game ended, in JKF's words (CSA's without `%`): `TORYO`, `SENNICHITE`,
    /// `TSUMI`, `KACHI`, `TIME_UP`, ...; the Japanese word for endings JKF lacks; `None`
    /// when the record names no ending.
    #[getter]
    fn ending(&self) -> Option<String> {
        self.record.tree.main_end().map(jkf::end_special)
    }

    /// The comments of the main line: `comments[0]` on the start position, `comments[i]`
    /// after move i.
    #[getter]
    fn comments(&self) -> Vec<Vec<String>> {
        let tree = &self.record.tree;
        std::iter::once(MoveTree::ROOT)
            .chain(self.main_move_nodes())
            .map(|id| tree.node(id).comments.clone())
            .collect()
    }

    /// The time each move of the main line took, in milliseconds (`None` where the record
    /// gives none).
    #[getter]
    fn times(&self) -> Vec<Option<u64>> {
        self.main_move_nodes()
            .map(|id| self.record.tree.node(id).time.map(|t| t.spent_ms))
            .collect()
    }

    /// The variations (変化), in file order, nested ones included.
    #[getter]
    fn variations(&self) -> Vec<Variation> {
        let tree = &self.record.tree;
        let variant = self.record.variant;
        (1..tree.len())
            .filter(|&id| tree.node(id).parent.and_then(|p| tree.first_child(p)) != Some(id))
            .filter(|&id| matches!(tree.node(id).entry, Some(Entry::Move(_))))
            .map(|id| {
                let before: Vec<String> = moves_before(tree, id)
                    .into_iter()
                    .map(|m| usi::write_move(variant, m))
                    .collect();
                let mut line = vec![id];
                line.extend(tree.line_from(id));
                Variation {
                    ply: before.len() + 1,
                    before,
                    moves: usi_moves(variant, tree, &line),
                }
            })
            .collect()
    }

    /// The winner as koma-game judges the main line and its ending (a resignation, a
    /// mate on the board, a declaration checked by the rules...): `koma.BLACK`,
    /// `koma.WHITE`, or `None` for a draw or a game the record leaves unfinished.
    #[getter]
    fn winner(&self) -> Option<usize> {
        parts::winner(&self.record)
    }

    /// Floodgate's score after each move (`'** 123 ...` comments), from sente's point of
    /// view as the server writes it; `None` for a move without one. As long as `moves`.
    #[getter]
    fn scores(&self) -> Vec<Option<i32>> {
        parts::scores(&self.record, self.__len__())
    }

    /// Floodgate's principal variation after each move, in USI, from the position after
    /// it (empty where there is none); cut at its first move that is not legal.
    #[getter]
    fn pvs(&self) -> Vec<Vec<String>> {
        parts::pvs(&self.record)
    }

    /// The players' Floodgate ratings (`'black_rate:` and `'white_rate:` header
    /// comments): `(sente, gote)`, `None` for one the record does not give.
    #[getter]
    fn ratings(&self) -> (Option<f64>, Option<f64>) {
        parts::ratings(&self.record)
    }

    /// Writes the record to the file `path` in `format` (default: from the extension:
    /// `.kif`/`.kifu` KIF, `.ki2`/`.ki2u` KI2, `.csa`, `.jkf`/`.json`, `.usi`, `.sfen`) and
    /// `encoding` (default: Shift_JIS for `.kif` and `.ki2`, UTF-8 otherwise). A character
    /// the encoding lacks raises `RecordError`. Returns what the format could not keep
    /// (variations in CSA, times in KI2...), as warnings.
    #[pyo3(signature = (path, format=None, encoding=None))]
    fn save(
        &self,
        py: Python<'_>,
        path: &Bound<'_, PyAny>,
        format: Option<&str>,
        encoding: Option<&str>,
    ) -> PyResult<Vec<String>> {
        let path: PathBuf = path.extract()?;
        let format = format.map(parse_format).transpose()?;
        py.detach(|| parts::save(&self.record, &path, format, encoding))
            .map_err(save_error)
    }

    /// A record made from its parts: `moves` (USI, or any notation `Board.push` reads)
    /// from `start` (SFEN; default the variant's start), the players, each move's time in
    /// milliseconds, the ending (`TORYO`, `%TORYO`, 投了, ...), more header entries (KIF's
    /// keys: 持ち時間, 場所, ...), the event (棋戦), the start time (開始日時: a string or a
    /// `datetime`) and comments (`comments[0]` on the start, `comments[i]` after move i;
    /// each a string, a list of them or None). Raises `IllegalMoveError` naming the ply of
    /// a move that is not legal, `KomaError` for other bad parts.
    #[classmethod]
    #[pyo3(signature = (moves, start=None, variant="shogi", sente=None, gote=None,
        times=None, ending=None, header=None, event=None, start_time=None, comments=None))]
    #[allow(clippy::too_many_arguments)]
    fn build(
        _cls: &Bound<'_, PyType>,
        moves: Vec<String>,
        start: Option<String>,
        variant: &str,
        sente: Option<String>,
        gote: Option<String>,
        times: Option<Vec<Option<u64>>>,
        ending: Option<String>,
        header: Option<&Bound<'_, PyAny>>,
        event: Option<String>,
        start_time: Option<&Bound<'_, PyAny>>,
        comments: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Record> {
        let kind = variant::parse(variant)?;
        let parts = Parts {
            moves,
            start,
            names: [sente, gote],
            times: times.unwrap_or_default(),
            ending,
            header: parts::header_entries(header)?,
            event,
            start_time: parts::start_time(start_time)?,
            comments: parts::comments(comments)?,
        };
        let record = builder::build(kind, &parts).map_err(|e| match e {
            builder::BuildError::Move { .. } => {
                crate::errors::IllegalMoveError::new_err(e.to_string())
            }
            _ => KomaError::new_err(e.to_string()),
        })?;
        Ok(Record {
            record,
            warnings: Vec::new(),
        })
    }

    /// A record of `board`'s game: its start position and the moves on its stack, with
    /// the other parts as `Record.build` takes them. Without `ending`, a game the rules
    /// have ended (`board.outcome()`: a mate, a repetition...) gets its ending (`TSUMI`,
    /// `SENNICHITE`, ...).
    #[classmethod]
    #[pyo3(signature = (board, sente=None, gote=None, times=None, ending=None,
        header=None, event=None, start_time=None, comments=None))]
    #[allow(clippy::too_many_arguments)]
    fn from_board(
        cls: &Bound<'_, PyType>,
        board: &Bound<'_, Board>,
        sente: Option<String>,
        gote: Option<String>,
        times: Option<Vec<Option<u64>>>,
        ending: Option<String>,
        header: Option<&Bound<'_, PyAny>>,
        event: Option<String>,
        start_time: Option<&Bound<'_, PyAny>>,
        comments: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Record> {
        let moves: Vec<String> = board.getattr("move_stack")?.extract()?;
        let start: String = board.getattr("start_sfen")?.extract()?;
        let variant: String = board.getattr("variant")?.extract()?;
        let judge = ending.is_none();
        let mut built = Record::build(
            cls,
            moves,
            Some(start),
            &variant,
            sente,
            gote,
            times,
            ending,
            header,
            event,
            start_time,
            comments,
        )?;
        if judge {
            parts::end_by_rules(&mut built.record);
        }
        Ok(built)
    }

    /// What the reader accepted beyond the format (the CLI's warnings).
    #[getter]
    fn warnings(&self) -> Vec<String> {
        self.warnings.clone()
    }

    /// The record in `format` (`kif`, `ki2`, `csa`, `jkf`, `usi`, `sfen`), as text.
    #[pyo3(signature = (format="kif"))]
    fn write(&self, format: &str) -> PyResult<String> {
        formats::write(&self.record, parse_format(format)?)
            .map_err(|e| RecordError::new_err(e.to_string()))
    }

    /// A board after `ply` moves of the main line (default: all), with those moves on its
    /// stack.
    #[pyo3(signature = (ply=None))]
    fn board(&self, py: Python<'_>, ply: Option<usize>) -> PyResult<Board> {
        let start = self
            .record
            .start_position()
            .map_err(|e| RecordError::new_err(format!("illegal start position: {e}")))?;
        let mut board = Board::at(py, start);
        let moves = self.record.legal_main_moves();
        for m in moves.iter().take(ply.unwrap_or(moves.len())) {
            board.push_legal(*m);
        }
        Ok(board)
    }

    fn __len__(&self) -> usize {
        self.record.legal_main_moves().len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<koma.Record {} moves, {}>",
            self.__len__(),
            self.record.variant.name()
        )
    }
}

impl Record {
    /// The main line's move nodes.
    fn main_move_nodes(&self) -> impl Iterator<Item = NodeId> + '_ {
        let tree = &self.record.tree;
        tree.main_line()
            .into_iter()
            .take_while(|&id| matches!(tree.node(id).entry, Some(Entry::Move(_))))
    }
}

/// A variation: moves that replace the move at `ply` of the line they branch from.
#[pyclass(module = "koma", frozen, get_all)]
pub struct Variation {
    /// The ply of the variation's first move (1 for the first move of the game).
    ply: usize,
    /// The moves leading to the variation, in USI (`ply - 1` of them).
    before: Vec<String>,
    /// The variation's moves, in USI.
    moves: Vec<String>,
}

#[pymethods]
impl Variation {
    fn __repr__(&self) -> String {
        format!(
            "<koma.Variation at ply {}: {}>",
            self.ply,
            self.moves.join(" ")
        )
    }
}
