//! Training data for Python: the positions of HCP, HCPE, PackedSfen and PackedSfenValue
//! records (koma-nnue's `hcp` and `packed`), dlshogi's input planes and move labels
//! (koma-nnue's `dlshogi`) filled into a caller's NumPy buffers, records turned into HCPE
//! records, and the two 16-bit move encodings.
//!
//! The record arrays arrive as C-contiguous `uint8` arrays of shape (N, record size):
//! `koma/training.py` views the structured arrays (`HCPE_DTYPE`, ...) that way, so a
//! memory-mapped file is read in place.

use crate::errors::{IllegalMoveError, KomaError, RecordError};
use crate::features::{Sample, parallel_map, samples};
use crate::record::{self, Source};
use koma_nnue::dlshogi::{self, FEATURES1_NUM, FEATURES2_NUM, FEATURES2_NYUGYOKU_NUM};
use koma_nnue::hcp::{self, GameResult, HCPE_BYTES, HuffmanCodedPosAndEval};
use koma_nnue::{move16, packed};
use koma_rules::variants::Shogi;
use koma_rules::{AnyPosition, Color, Position};
use numpy::{PyArray1, PyArrayDyn, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// Records left out with `skip_errors`: (index, message).
type Skipped = Vec<(usize, String)>;

/// Which record a row of bytes holds: its 32-byte position's code and where its move is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    /// HuffmanCodedPos, 32 bytes.
    Hcp,
    /// HuffmanCodedPosAndEval, 38 bytes, cshogi's move at 34.
    Hcpe,
    /// PackedSfen, 32 bytes.
    Psfen,
    /// PackedSfenValue, 40 bytes, YaneuraOu's move at 34.
    Psv,
}

impl Format {
    fn parse(name: &str) -> PyResult<Format> {
        match name {
            "hcp" => Ok(Format::Hcp),
            "hcpe" => Ok(Format::Hcpe),
            "psfen" => Ok(Format::Psfen),
            "psv" => Ok(Format::Psv),
            _ => Err(KomaError::new_err(format!(
                "unknown record format '{name}' (hcp, hcpe, psfen or psv)"
            ))),
        }
    }

    /// The bytes of one record.
    fn size(self) -> usize {
        match self {
            Format::Hcp | Format::Psfen => 32,
            Format::Hcpe => HCPE_BYTES,
            Format::Psv => packed::RECORD_BYTES,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Format::Hcp => "HuffmanCodedPos",
            Format::Hcpe => "HuffmanCodedPosAndEval",
            Format::Psfen => "PackedSfen",
            Format::Psv => "PackedSfenValue",
        }
    }

    /// The position of `record` (its first 32 bytes); the message names row `i`.
    fn position(self, i: usize, record: &[u8]) -> Result<Position<Shogi>, String> {
        let mut bytes = [0u8; 32];
        bytes.copy_from_slice(&record[..32]);
        let read = match self {
            Format::Hcp | Format::Hcpe => hcp::decode(&bytes),
            Format::Psfen | Format::Psv => packed::unpack(&bytes),
        };
        read.map_err(|e| format!("record {i} is no {}: {e}", self.name()))
    }

    /// The move of `record` in cshogi's 16 bits (HCPE's as stored, PSV's converted).
    fn move16(self, i: usize, record: &[u8]) -> Result<u16, String> {
        let bits = u16::from_le_bytes([record[34], record[35]]);
        match self {
            Format::Hcpe => Ok(bits),
            Format::Psv => move16::yaneuraou_to_cshogi(bits)
                .ok_or_else(|| format!("record {i}'s move {bits:#06x} names no move")),
            Format::Hcp | Format::Psfen => Err(format!("a {} has no move", self.name())),
        }
    }
}

/// The rows of `data` (N, size), checked against `format`.
fn rows<'a>(data: &'a PyReadonlyArray2<'_, u8>, format: Format) -> PyResult<&'a [u8]> {
    let width = data.shape()[1];
    if width != format.size() {
        return Err(KomaError::new_err(format!(
            "a {} record is {} bytes, not {width}",
            format.name(),
            format.size()
        )));
    }
    data.as_slice()
        .map_err(|_| KomaError::new_err("the records must be C-contiguous"))
}

/// The 32 bytes of `obj` (bytes, bytearray, or a NumPy array or record with `tobytes`).
fn bytes32(obj: &Bound<'_, PyAny>) -> PyResult<[u8; 32]> {
    let bytes: Vec<u8> = if let Ok(b) = obj.cast::<PyBytes>() {
        b.as_bytes().to_vec()
    } else if obj.hasattr("tobytes")? {
        obj.call_method0("tobytes")?.extract()?
    } else {
        obj.extract()?
    };
    bytes.as_slice().try_into().map_err(|_| {
        KomaError::new_err(format!(
            "a packed position is 32 bytes, not {}",
            bytes.len()
        ))
    })
}

/// The standard-shogi position inside `pos`, or a `KomaError` naming `what`.
fn shogi(pos: &AnyPosition, what: &str) -> PyResult<Position<Shogi>> {
    match pos {
        AnyPosition::Shogi(p) => Ok(*p),
        other => Err(KomaError::new_err(format!(
            "{what} is defined for standard shogi, not {}",
            other.variant().name()
        ))),
    }
}

/// A (32,) `uint8` array of `bytes`.
fn array32<'py>(py: Python<'py>, bytes: [u8; 32]) -> Bound<'py, PyAny> {
    PyArray1::from_slice(py, &bytes).into_any()
}

/// `Board.to_hcp`: the position as a HuffmanCodedPos.
pub fn to_hcp<'py>(py: Python<'py>, pos: &AnyPosition) -> PyResult<Bound<'py, PyAny>> {
    let bytes = hcp::encode(&shogi(pos, "HCP")?).map_err(|e| KomaError::new_err(e.to_string()))?;
    Ok(array32(py, bytes))
}

/// `Board.to_psfen`: the position as a PackedSfen.
pub fn to_psfen<'py>(py: Python<'py>, pos: &AnyPosition) -> PyResult<Bound<'py, PyAny>> {
    let bytes =
        packed::pack(&shogi(pos, "PackedSfen")?).map_err(|e| KomaError::new_err(e.to_string()))?;
    Ok(array32(py, bytes))
}

/// `Board.set_hcp`: the position of a HuffmanCodedPos.
pub fn from_hcp(obj: &Bound<'_, PyAny>) -> PyResult<AnyPosition> {
    hcp::decode(&bytes32(obj)?)
        .map(AnyPosition::Shogi)
        .map_err(|e| KomaError::new_err(format!("no HuffmanCodedPos: {e}")))
}

/// `Board.set_psfen`: the position of a PackedSfen.
pub fn from_psfen(obj: &Bound<'_, PyAny>) -> PyResult<AnyPosition> {
    packed::unpack(&bytes32(obj)?)
        .map(AnyPosition::Shogi)
        .map_err(|e| KomaError::new_err(format!("no PackedSfen: {e}")))
}

/// `Board.usi_of_yaneuraou`'s move: the legal move of `pos` YaneuraOu's `bits` name.
pub fn legal_yaneuraou(pos: &AnyPosition, bits: u16) -> PyResult<koma_rules::Move> {
    let pos = shogi(pos, "YaneuraOu's move16")?;
    move16::from_yaneuraou(&pos, bits).ok_or_else(|| {
        IllegalMoveError::new_err(format!(
            "{bits} (YaneuraOu's move16) names no legal move here"
        ))
    })
}

/// cshogi's 16-bit move of YaneuraOu's (PackedSfenValue's) `move` (`cshogi.move16_from_psv`).
#[pyfunction]
pub fn move16_from_psv(psv_move: u16) -> PyResult<u16> {
    move16::yaneuraou_to_cshogi(psv_move).ok_or_else(|| {
        IllegalMoveError::new_err(format!("{psv_move} names no move (YaneuraOu's move16)"))
    })
}

/// YaneuraOu's 16-bit move (PackedSfenValue's) of cshogi's `move16` (`cshogi.move16_to_psv`).
#[pyfunction]
pub fn move16_to_psv(move16: u16) -> PyResult<u16> {
    move16::cshogi_to_yaneuraou(move16)
        .ok_or_else(|| IllegalMoveError::new_err(format!("{move16} names no move (cshogi move16)")))
}

/// The SFEN of each record's position (its move number 1).
#[pyfunction]
pub fn _training_sfens(
    py: Python<'_>,
    data: PyReadonlyArray2<'_, u8>,
    format: &str,
) -> PyResult<Vec<String>> {
    let format = Format::parse(format)?;
    let rows = rows(&data, format)?;
    py.detach(|| {
        rows.chunks(format.size())
            .enumerate()
            .map(|(i, r)| {
                let pos = format.position(i, r)?;
                Ok(koma_notation::sfen::write(&pos))
            })
            .collect::<Result<Vec<_>, String>>()
    })
    .map_err(KomaError::new_err)
}

/// A writable C-contiguous view of `array`'s values, float32 or uint8.
enum Planes<'py> {
    F32(numpy::PyReadwriteArrayDyn<'py, f32>),
    U8(numpy::PyReadwriteArrayDyn<'py, u8>),
}

impl<'py> Planes<'py> {
    fn of(array: &Bound<'py, PyAny>, name: &str, planes: usize, n: usize) -> PyResult<Self> {
        let view = if let Ok(a) = array.cast::<PyArrayDyn<f32>>() {
            Planes::F32(a.try_readwrite()?)
        } else if let Ok(a) = array.cast::<PyArrayDyn<u8>>() {
            Planes::U8(a.try_readwrite()?)
        } else {
            return Err(KomaError::new_err(format!(
                "{name} must be a NumPy array of float32 or uint8"
            )));
        };
        let len = match &view {
            Planes::F32(v) => v.len(),
            Planes::U8(v) => v.len(),
        };
        if len != n * planes * 81 {
            return Err(KomaError::new_err(format!(
                "{name} holds {len} values where {n} positions need {} ({n} x {planes} x 9 x 9)",
                n * planes * 81
            )));
        }
        Ok(view)
    }
}

/// Fills the planes of `count` positions, `position(i)` giving the i-th, into `f1` and `f2`
/// (one element type), on several threads when there are many.
fn fill_features<T: Copy + Send + Sync>(
    count: usize,
    position: &(dyn Fn(usize) -> Result<Position<Shogi>, String> + Sync),
    nyugyoku: bool,
    f1: &mut [T],
    f2: &mut [T],
    (zero, one): (T, T),
) -> Result<(), String> {
    if count == 0 {
        return Ok(());
    }
    let p1 = FEATURES1_NUM * 81;
    let p2 = f2.len() / count;
    let fill = |start: usize, f1: &mut [T], f2: &mut [T]| -> Result<(), String> {
        for (k, (a, b)) in f1.chunks_mut(p1).zip(f2.chunks_mut(p2)).enumerate() {
            dlshogi::write_features(&position(start + k)?, nyugyoku, a, b, zero, one);
        }
        Ok(())
    };
    let Some(per) = crate::features::batch_chunk(count) else {
        return fill(0, f1, f2);
    };
    let fill = &fill;
    std::thread::scope(|scope| {
        let handles: Vec<_> = f1
            .chunks_mut(per * p1)
            .zip(f2.chunks_mut(per * p2))
            .enumerate()
            .map(|(c, (a, b))| scope.spawn(move || fill(c * per, a, b)))
            .collect();
        handles
            .into_iter()
            .try_for_each(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
    })
}

/// Fills `features1` and `features2` with the planes of `count` positions.
fn features_into(
    py: Python<'_>,
    count: usize,
    position: &(dyn Fn(usize) -> Result<Position<Shogi>, String> + Sync),
    features1: &Bound<'_, PyAny>,
    features2: &Bound<'_, PyAny>,
    nyugyoku: bool,
) -> PyResult<()> {
    let planes2 = if nyugyoku {
        FEATURES2_NYUGYOKU_NUM
    } else {
        FEATURES2_NUM
    };
    let mut f1 = Planes::of(features1, "features1", FEATURES1_NUM, count)?;
    let mut f2 = Planes::of(features2, "features2", planes2, count)?;
    match (&mut f1, &mut f2) {
        (Planes::F32(a), Planes::F32(b)) => {
            fill_in(py, count, position, nyugyoku, a, b, (0.0, 1.0))
        }
        (Planes::U8(a), Planes::U8(b)) => fill_in(py, count, position, nyugyoku, a, b, (0, 1)),
        _ => Err(KomaError::new_err(
            "features1 and features2 must have the same dtype",
        )),
    }
}

/// Fills the contiguous arrays `a` and `b` with the planes of `count` positions, the GIL
/// released for a batch (one position is filled faster than the GIL is handed over).
fn fill_in<T: Copy + Send + Sync + numpy::Element>(
    py: Python<'_>,
    count: usize,
    position: &(dyn Fn(usize) -> Result<Position<Shogi>, String> + Sync),
    nyugyoku: bool,
    a: &mut numpy::PyReadwriteArrayDyn<'_, T>,
    b: &mut numpy::PyReadwriteArrayDyn<'_, T>,
    values: (T, T),
) -> PyResult<()> {
    let contiguous = || KomaError::new_err("features1 and features2 must be C-contiguous");
    let a = a.as_slice_mut().map_err(|_| contiguous())?;
    let b = b.as_slice_mut().map_err(|_| contiguous())?;
    let result = if count <= 1 {
        fill_features(count, position, nyugyoku, a, b, values)
    } else {
        py.detach(|| fill_features(count, position, nyugyoku, a, b, values))
    };
    result.map_err(KomaError::new_err)
}

/// dlshogi's planes of one board into `features1` (62, 9, 9) and `features2` (57 or 119,
/// 9, 9).
#[pyfunction]
pub fn _dlshogi_board_features(
    py: Python<'_>,
    board: PyRef<'_, crate::board::Board>,
    features1: &Bound<'_, PyAny>,
    features2: &Bound<'_, PyAny>,
    nyugyoku: bool,
) -> PyResult<()> {
    let pos = shogi(&board.position(), "dlshogi's features")?;
    drop(board);
    features_into(py, 1, &|_| Ok(pos), features1, features2, nyugyoku)
}

/// dlshogi's planes of every record of `data` into `features1` (N, 62, 9, 9) and
/// `features2` (N, 57 or 119, 9, 9), the GIL released.
#[pyfunction]
pub fn _dlshogi_features(
    py: Python<'_>,
    data: PyReadonlyArray2<'_, u8>,
    format: &str,
    features1: &Bound<'_, PyAny>,
    features2: &Bound<'_, PyAny>,
    nyugyoku: bool,
) -> PyResult<()> {
    let format = Format::parse(format)?;
    let rows = rows(&data, format)?;
    let size = format.size();
    let position = |i: usize| format.position(i, &rows[i * size..(i + 1) * size]);
    features_into(
        py,
        rows.len() / size,
        &position,
        features1,
        features2,
        nyugyoku,
    )
}

/// dlshogi's label of cshogi's `move16` played by `color` (0 sente, 1 gote).
#[pyfunction]
pub fn _dlshogi_move_label(move16: u16, color: usize) -> PyResult<usize> {
    let color = match color {
        0 => Color::Black,
        1 => Color::White,
        _ => return Err(KomaError::new_err(format!("color {color} (0 or 1)"))),
    };
    move16::decode_cshogi(move16)
        .and_then(|m| dlshogi::move_label(m, color))
        .ok_or_else(|| IllegalMoveError::new_err(format!("{move16} names no move (cshogi move16)")))
}

/// dlshogi's label of each record's move (HCPE or PSV) for its side to move, (N,) int64.
#[pyfunction]
pub fn _dlshogi_move_labels<'py>(
    py: Python<'py>,
    data: PyReadonlyArray2<'py, u8>,
    format: &str,
) -> PyResult<Bound<'py, PyArray1<i64>>> {
    let format = Format::parse(format)?;
    let rows = rows(&data, format)?;
    let labels = py
        .detach(|| {
            rows.chunks(format.size())
                .enumerate()
                .map(|(i, r)| {
                    let color = if r[0] & 1 == 1 {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let bits = format.move16(i, r)?;
                    move16::decode_cshogi(bits)
                        .and_then(|m| dlshogi::move_label(m, color))
                        .map(|l| l as i64)
                        .ok_or_else(|| format!("record {i}'s move {bits} names no move"))
                })
                .collect::<Result<Vec<i64>, String>>()
        })
        .map_err(KomaError::new_err)?;
    Ok(PyArray1::from_vec(py, labels))
}

/// The HCPE records of one record's main line: the evaluation from Floodgate's comments
/// (the side to move's view, 0 without one), the move played, how the game ended.
fn hcpe_of(game: u32, rec: &koma_notation::record::Record) -> Result<Vec<[u8; 38]>, String> {
    let scores = koma_notation::floodgate::move_scores(rec);
    samples(game, rec)?
        .iter()
        .map(|s: &Sample| {
            let mover = s.pos.side_to_move();
            let winner = match s.result {
                1 => Some(mover),
                -1 => Some(!mover),
                _ => None,
            };
            let score = scores
                .get(s.ply as usize)
                .copied()
                .flatten()
                .map_or(0, |v| if mover == Color::Black { v } else { -v });
            Ok(HuffmanCodedPosAndEval {
                hcp: hcp::encode(&s.pos).map_err(|e| e.to_string())?,
                eval: score.clamp(-i32::from(i16::MAX), i32::from(i16::MAX)) as i16,
                best_move16: move16::cshogi(s.mv),
                game_result: GameResult::of_winner(winner) as i8,
            }
            .to_bytes())
        })
        .collect()
}

/// Every position of the main line of each record (paths or texts; each game of a file
/// holding several) as HCPE records,
/// (N, 38) `uint8`, and the records left out with `skip_errors`. The records are read on
/// every core with the GIL released.
#[pyfunction]
#[pyo3(signature = (records, skip_errors=false))]
pub fn _records_to_hcpe<'py>(
    py: Python<'py>,
    records: Vec<Bound<'py, PyAny>>,
    skip_errors: bool,
) -> PyResult<(Bound<'py, PyAny>, Skipped)> {
    let sources = records
        .iter()
        .map(Source::extract)
        .collect::<PyResult<Vec<_>>>()?;
    let (bytes, skipped) = py
        .detach(|| {
            // Every game of a CSA file holding several, as dlshogi's csa_to_hcpe reads it.
            let read = parallel_map(&sources, |i, source| {
                record::load_all(source, None, koma_rules::VariantKind::Shogi)
                    .map_err(|e| e.to_string())
                    .and_then(|games| {
                        let rows = games.iter().map(|rec| hcpe_of(i as u32, &rec.record));
                        rows.collect::<Result<Vec<_>, _>>()
                    })
                    .map(|games| games.concat())
                    .map_err(|e| format!("{}: {e}", source.name()))
            });
            let mut bytes: Vec<u8> = Vec::new();
            let mut skipped = Vec::new();
            for (i, read) in read.into_iter().enumerate() {
                match read {
                    Ok(rows) => bytes.extend(rows.iter().flatten()),
                    Err(message) if skip_errors => skipped.push((i, message)),
                    Err(message) => return Err(message),
                }
            }
            Ok((bytes, skipped))
        })
        .map_err(RecordError::new_err)?;
    let n = bytes.len() / HCPE_BYTES;
    let array = PyArray1::from_vec(py, bytes).reshape([n, HCPE_BYTES])?;
    Ok((array.into_any(), skipped))
}

/// Adds the training-data functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(move16_from_psv, m)?)?;
    m.add_function(wrap_pyfunction!(move16_to_psv, m)?)?;
    m.add_function(wrap_pyfunction!(_training_sfens, m)?)?;
    m.add_function(wrap_pyfunction!(_dlshogi_board_features, m)?)?;
    m.add_function(wrap_pyfunction!(_dlshogi_features, m)?)?;
    m.add_function(wrap_pyfunction!(_dlshogi_move_label, m)?)?;
    m.add_function(wrap_pyfunction!(_dlshogi_move_labels, m)?)?;
    m.add_function(wrap_pyfunction!(_records_to_hcpe, m)?)?;
    m.add("DLSHOGI_FEATURES1_NUM", FEATURES1_NUM)?;
    m.add("DLSHOGI_FEATURES2_NUM", FEATURES2_NUM)?;
    m.add("DLSHOGI_FEATURES2_NYUGYOKU_NUM", FEATURES2_NYUGYOKU_NUM)?;
    m.add("DLSHOGI_MOVE_LABELS", dlshogi::MOVE_LABELS)?;
    Ok(())
}
