//! Feature planes for machine learning, as NumPy arrays, and the batch conversion of
//! records into training data (the GIL released, on every core).
//!
//! The layout, `FEATURES_NUM` = 104 planes of 9x9 (plane, file - 1, rank - 1):
//! - planes 0-13: the first side's pieces, one plane per kind in cshogi's order (pawn,
//!   lance, knight, silver, bishop, rook, gold, king, tokin, promoted lance, promoted
//!   knight, promoted silver, horse, dragon); 14-27: the other side's;
//! - planes 28-65: the first side's hand, 18 pawn planes, then 4 each for lance, knight,
//!   silver and gold, 2 each for bishop and rook; the first n planes of a kind are all ones
//!   when n are held; 66-103: the other side's hand.
//!
//! Without `rotate` the first side is sente, exactly cshogi's `piece_planes` (its 28 board
//! planes; cshogi leaves the hand planes it reserves empty). With `rotate` the first side is
//! the side to move and, when that is gote, the board is turned 180 degrees: cshogi's
//! `piece_planes_rotate`.

use crate::errors::{KomaError, SfenError};
use crate::record::{self, Source};
use koma_rules::variants::Shogi;
use koma_rules::{AnyPosition, Color, Move, Position, Role};
use numpy::{PyArray1, PyArrayDyn, PyArrayMethods};
use pyo3::prelude::*;

/// The number of planes.
pub const PLANES: usize = 2 * 14 + 2 * HAND_PLANES;
/// Hand planes a side: 18 + 4 x 4 + 2 x 2.
const HAND_PLANES: usize = 38;
/// The hand kinds in cshogi's order, with their planes.
const HAND_KINDS: [(Role, usize); 7] = [
    (Role::Pawn, 18),
    (Role::Lance, 4),
    (Role::Knight, 4),
    (Role::Silver, 4),
    (Role::Gold, 4),
    (Role::Bishop, 2),
    (Role::Rook, 2),
];
/// Values a position: planes x 81 squares.
const VALUES: usize = PLANES * 81;

/// The element type of the arrays.
#[derive(Clone, Copy)]
enum Dtype {
    F32,
    U8,
}

impl Dtype {
    fn parse(name: &str) -> PyResult<Dtype> {
        match name {
            "float32" | "f4" => Ok(Dtype::F32),
            "uint8" | "u1" => Ok(Dtype::U8),
            _ => Err(KomaError::new_err(format!(
                "unsupported dtype '{name}' (float32 or uint8)"
            ))),
        }
    }
}

/// Writes the planes of `pos` into `out` (zeroed, `VALUES` elements).
fn fill<T: Copy>(pos: &Position<Shogi>, rotate: bool, out: &mut [T], one: T) {
    let turn = rotate && pos.side_to_move() == Color::White;
    let first = if turn { Color::White } else { Color::Black };
    for (side, color) in [first, !first].into_iter().enumerate() {
        for role_index in 0..14 {
            let Some(role) = Role::from_index(role_index) else {
                continue;
            };
            let plane = &mut out[(side * 14 + role_index) * 81..][..81];
            for sq in pos.pieces(color, role) {
                let index = if turn { 80 - sq.index() } else { sq.index() };
                plane[index] = one;
            }
        }
        let hand = pos.hand(color);
        let mut plane = 28 + side * HAND_PLANES;
        for (role, planes) in HAND_KINDS {
            let held = usize::from(hand.count(role)).min(planes);
            out[plane * 81..(plane + held) * 81].fill(one);
            plane += planes;
        }
    }
}

/// Fills the planes of every position into `out` (zeroed first when `clear`: a caller's
/// buffer; a new array is zeroed already, and clearing gigabytes again costs as much as
/// the planes), spread over the machine's cores when there are enough of them to pay for
/// the threads.
fn fill_all<T: Copy + Send + Default>(
    positions: &[Position<Shogi>],
    rotate: bool,
    out: &mut [T],
    one: T,
    clear: bool,
) {
    let fill_chunk = move |chunk: &[Position<Shogi>], out: &mut [T]| {
        if clear {
            out.fill(T::default());
        }
        for (pos, slot) in chunk.iter().zip(out.chunks_mut(VALUES)) {
            fill(pos, rotate, slot, one);
        }
    };
    let Some(per) = batch_chunk(positions.len()) else {
        return fill_chunk(positions, out);
    };
    std::thread::scope(|scope| {
        for (chunk, out) in positions.chunks(per).zip(out.chunks_mut(per * VALUES)) {
            scope.spawn(move || fill_chunk(chunk, out));
        }
    });
}

/// Positions a thread at least: fewer are filled faster than a thread starts.
const PER_THREAD: usize = 256;

/// How many of `count` positions each thread takes when a batch of planes is spread over
/// the cores; `None` when one thread (the caller's) should do them all.
pub(crate) fn batch_chunk(count: usize) -> Option<usize> {
    if count <= PER_THREAD {
        return None;
    }
    // Asked only now: the machine's parallelism is read from the cgroup's files (tens of
    // microseconds), more than one position's planes take.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    Some(count.div_ceil(threads).max(PER_THREAD))
}

/// An array of `shape` and `dtype` holding the planes of `positions` (a new one, or the
/// caller's `out` after checking that it fits), filled with the GIL released when there
/// are many.
fn planes<'py>(
    py: Python<'py>,
    positions: &[Position<Shogi>],
    rotate: bool,
    dtype: Dtype,
    shape: Vec<usize>,
    out: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let clear = out.is_some();
    let array = match out {
        Some(out) => out,
        None => match dtype {
            Dtype::F32 => PyArrayDyn::<f32>::zeros(py, shape.as_slice(), false).into_any(),
            Dtype::U8 => PyArrayDyn::<u8>::zeros(py, shape.as_slice(), false).into_any(),
        },
    };
    if let Ok(a) = array.cast::<PyArrayDyn<f32>>() {
        fill_array(py, a, positions, rotate, 1.0f32, clear)?;
    } else if let Ok(a) = array.cast::<PyArrayDyn<u8>>() {
        fill_array(py, a, positions, rotate, 1u8, clear)?;
    } else {
        return Err(KomaError::new_err(
            "out must be a NumPy array of float32 or uint8",
        ));
    }
    Ok(array)
}

/// Fills `array` (C-contiguous, of element `T`, with room for exactly the planes of
/// `positions`; cleared first when `clear`) with the planes of `positions`.
fn fill_array<T: numpy::Element + Copy + Send + Default>(
    py: Python<'_>,
    array: &Bound<'_, PyArrayDyn<T>>,
    positions: &[Position<Shogi>],
    rotate: bool,
    one: T,
    clear: bool,
) -> PyResult<()> {
    let mut view = array.try_readwrite()?;
    let out = view
        .as_slice_mut()
        .map_err(|_| KomaError::new_err("out must be a C-contiguous NumPy array"))?;
    if out.len() != positions.len() * VALUES {
        return Err(KomaError::new_err(format!(
            "out holds {} values where {} positions' planes need {} ({} x {PLANES} x 9 x 9)",
            out.len(),
            positions.len(),
            positions.len() * VALUES,
            positions.len()
        )));
    }
    if positions.len() <= 64 {
        fill_all(positions, rotate, out, one, clear);
    } else {
        py.detach(|| fill_all(positions, rotate, out, one, clear));
    }
    Ok(())
}

/// The standard-shogi position inside `pos`, or a `KomaError`.
fn shogi(pos: &AnyPosition) -> PyResult<Position<Shogi>> {
    match pos {
        AnyPosition::Shogi(p) => Ok(*p),
        other => Err(KomaError::new_err(format!(
            "feature planes are defined for standard shogi, not {}",
            other.variant().name()
        ))),
    }
}

/// The planes of one board, shape (104, 9, 9).
pub fn board_planes<'py>(
    py: Python<'py>,
    pos: &AnyPosition,
    rotate: bool,
    dtype: &str,
    out: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let dtype = Dtype::parse(dtype)?;
    let pos = shogi(pos)?;
    planes(py, &[pos], rotate, dtype, vec![PLANES, 9, 9], out)
}

/// The feature planes of many SFEN positions, shape (N, 104, 9, 9); the layout is in the
/// module's documentation (`help(koma)`). The GIL is released while they are computed.
#[pyfunction]
#[pyo3(signature = (sfens, rotate=false, dtype="float32", out=None))]
pub fn features_from_sfens<'py>(
    py: Python<'py>,
    sfens: Vec<String>,
    rotate: bool,
    dtype: &str,
    out: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let dtype = Dtype::parse(dtype)?;
    let positions = py
        .detach(|| {
            parallel_map(&sfens, |i, text| {
                koma_notation::sfen::parse::<Shogi>(text.trim())
                    .map_err(|e| format!("sfens[{i}]: {e}"))
            })
            .into_iter()
            .collect::<Result<Vec<_>, String>>()
        })
        .map_err(SfenError::new_err)?;
    planes(
        py,
        &positions,
        rotate,
        dtype,
        vec![positions.len(), PLANES, 9, 9],
        out,
    )
}

/// One training position: the position, the move played from it, the result for its side
/// to move, its game and ply.
pub(crate) struct Sample {
    pub(crate) pos: Position<Shogi>,
    pub(crate) mv: Move,
    pub(crate) result: i8,
    pub(crate) game: u32,
    pub(crate) ply: u32,
}

/// The samples of one record: every position of its main line with the move played there.
pub(crate) fn samples(
    game: u32,
    rec: &koma_notation::record::Record,
) -> Result<Vec<Sample>, String> {
    let mut pos = match rec.start_position().map_err(|e| e.to_string())? {
        AnyPosition::Shogi(p) => p,
        other => return Err(format!("a {} record", other.variant().name())),
    };
    let winner = koma_game::replay::replay(rec, None)
        .map_err(|e| e.to_string())?
        .outcome
        .and_then(|o| o.winner);
    // The main line up to a foul it ends with, as `Record::legal_main_moves` has it.
    let mut out = Vec::new();
    for (ply, m) in rec.tree.main_moves().into_iter().enumerate() {
        let before = pos;
        if pos.play(m).is_err() {
            break;
        }
        let result = match winner {
            None => 0,
            Some(w) if w == before.side_to_move() => 1,
            Some(_) => -1,
        };
        out.push(Sample {
            pos: before,
            mv: m,
            result,
            game,
            ply: ply as u32,
        });
    }
    Ok(out)
}

/// Training data from records: see `features_from_records`.
#[pyclass(module = "koma", frozen, get_all)]
pub struct TrainingData {
    /// The planes of every position, (N, 104, 9, 9).
    features: Py<PyAny>,
    /// The move played from each position in cshogi's 16 bits (`cshogi.move16`, HCPE's
    /// `bestMove16`, what `koma.dlshogi.make_move_label` takes), (N,) uint16.
    moves: Py<PyAny>,
    /// The same moves in YaneuraOu's 16 bits (PackedSfenValue's `move`; it differs from
    /// cshogi's on every drop and promotion), (N,) uint16.
    moves_yaneuraou: Py<PyAny>,
    /// dlshogi's policy label of each move for its side to move
    /// (`cshogi.dlshogi.make_move_label`), (N,) int64.
    labels: Py<PyAny>,
    /// The game's result for the side to move of each position: 1 won, -1 lost, 0 drawn or
    /// undecided, (N,) int8.
    results: Py<PyAny>,
    /// The index, in the list given, of each position's record, (N,) int32.
    games: Py<PyAny>,
    /// Each position's ply in its game (0 for the start), (N,) int32.
    plies: Py<PyAny>,
    /// Records left out with `skip_errors`: (index, message).
    skipped: Vec<(usize, String)>,
}

#[pymethods]
impl TrainingData {
    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        self.results.bind(py).len()
    }
}

/// Reads every record of `records` (paths, or record texts) and returns the main lines'
/// positions as `TrainingData`: planes (with `rotate`, the side to move's view), the move
/// played, the result for the side to move. Reading and conversion run on every core with
/// the GIL released. A record that cannot be read raises `RecordError` naming it, unless
/// `skip_errors` (then it is listed in `skipped`). Standard shogi only.
#[pyfunction]
#[pyo3(signature = (records, rotate=true, dtype="float32", skip_errors=false))]
pub fn features_from_records(
    py: Python<'_>,
    records: Vec<Bound<'_, PyAny>>,
    rotate: bool,
    dtype: &str,
    skip_errors: bool,
) -> PyResult<TrainingData> {
    let dtype = Dtype::parse(dtype)?;
    let sources = records
        .iter()
        .map(Source::extract)
        .collect::<PyResult<Vec<_>>>()?;
    let (samples, skipped) = py.detach(|| {
        let read = parallel_map(&sources, |i, source| {
            let rec = record::load(source, None, koma_rules::VariantKind::Shogi)
                .map_err(|e| e.to_string())?;
            samples(i as u32, &rec.record).map_err(|e| format!("{}: {e}", source.name()))
        });
        let mut all = Vec::new();
        let mut skipped = Vec::new();
        for (i, result) in read.into_iter().enumerate() {
            match result {
                Ok(s) => all.extend(s),
                Err(message) if skip_errors => skipped.push((i, message)),
                Err(message) => return Err(crate::errors::RecordError::new_err(message)),
            }
        }
        Ok((all, skipped))
    })?;
    let n = samples.len();
    let positions: Vec<Position<Shogi>> = samples.iter().map(|s| s.pos).collect();
    let features = planes(py, &positions, rotate, dtype, vec![n, PLANES, 9, 9], None)?;
    Ok(TrainingData {
        features: features.unbind(),
        moves: column(py, samples.iter().map(|s| koma_nnue::move16::cshogi(s.mv))),
        moves_yaneuraou: column(
            py,
            samples.iter().map(|s| koma_nnue::move16::yaneuraou(s.mv)),
        ),
        labels: column(
            py,
            samples.iter().map(|s| {
                koma_nnue::dlshogi::move_label(s.mv, s.pos.side_to_move()).map_or(-1, |l| l as i64)
            }),
        ),
        results: column(py, samples.iter().map(|s| s.result)),
        games: column(py, samples.iter().map(|s| s.game as i32)),
        plies: column(py, samples.iter().map(|s| s.ply as i32)),
        skipped,
    })
}

/// A one-dimensional NumPy array of `values`.
fn column<T: numpy::Element>(py: Python<'_>, values: impl Iterator<Item = T>) -> Py<PyAny> {
    PyArray1::from_vec(py, values.collect()).into_any().unbind()
}

/// `f` over `items` on every core, the results in order.
pub(crate) fn parallel_map<T: Sync, R: Send>(
    items: &[T],
    f: impl Fn(usize, &T) -> R + Sync,
) -> Vec<R> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let per = items.len().div_ceil(threads).max(1);
    let f = &f;
    std::thread::scope(|scope| {
        let handles: Vec<_> = items
            .chunks(per)
            .enumerate()
            .map(|(c, chunk)| {
                scope.spawn(move || {
                    chunk
                        .iter()
                        .enumerate()
                        .map(|(i, item)| f(c * per + i, item))
                        .collect::<Vec<R>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}
