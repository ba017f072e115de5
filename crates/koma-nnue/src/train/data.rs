//! Training positions read from PackedSfenValue files into the inputs the net sees.

use crate::features::{self, MAX_ACTIVE};
use crate::packed::{PackedSfenValue, RECORD_BYTES, unpack};
use koma_rules::variants::Shogi;
use koma_rules::{Position, Square};
use std::io::Read;
use std::path::{Path, PathBuf};

/// An unused input slot (a position with fewer than [`MAX_ACTIVE`] inputs).
pub const NONE: u16 = u16::MAX;

/// Positions ready for training: each one's inputs (the side to move's [`MAX_ACTIVE`], then
/// the opponent's), its search score and its game result, both for the side to move.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    /// `2 * MAX_ACTIVE` inputs a position, [`NONE`] where unused.
    pub inputs: Vec<u16>,
    /// Search scores in centipawns.
    pub scores: Vec<f32>,
    /// Results: 1 won, 0.5 drawn, 0 lost.
    pub results: Vec<f32>,
    /// Records that were no position (counted, skipped).
    pub unreadable: usize,
    /// Whether each position is followed by its mirror image (they stay together when
    /// the validation positions are held out).
    pub mirrored: bool,
}

/// Why training data cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// A file could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// A file's size is no whole number of records.
    #[error("{path}: {size} bytes is not a whole number of 40-byte records")]
    Partial {
        /// The file.
        path: PathBuf,
        /// Its size.
        size: u64,
    },
}

impl Dataset {
    /// How many positions it holds.
    pub fn len(&self) -> usize {
        self.scores.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.scores.is_empty()
    }

    /// The inputs of position `i`: the side to move's, then the opponent's.
    pub fn inputs_of(&self, i: usize) -> (&[u16], &[u16]) {
        let all = &self.inputs[i * 2 * MAX_ACTIVE..(i + 1) * 2 * MAX_ACTIVE];
        all.split_at(MAX_ACTIVE)
    }

    /// Adds the records of `bytes` (whole records), decoding them on `threads` threads;
    /// with `mirror`, each position's mirror image (files 1-9 swapped, the same score and
    /// result: shogi's rules are symmetric) comes right after it.
    pub fn extend_from_records(&mut self, bytes: &[u8], threads: usize, mirror: bool) {
        self.mirrored = mirror;
        let n = bytes.len() / RECORD_BYTES;
        let per = n.div_ceil(threads.max(1)).max(1);
        let parts: Vec<Dataset> = std::thread::scope(|scope| {
            let handles: Vec<_> = bytes[..n * RECORD_BYTES]
                .chunks(per * RECORD_BYTES)
                .map(|chunk| scope.spawn(move || decode(chunk, mirror)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_default())
                .collect()
        });
        for part in parts {
            self.inputs.extend_from_slice(&part.inputs);
            self.scores.extend_from_slice(&part.scores);
            self.results.extend_from_slice(&part.results);
            self.unreadable += part.unreadable;
        }
    }

    /// Reads the record files `paths` (each a whole number of records), with their
    /// mirror images if `mirror`.
    pub fn read(paths: &[PathBuf], threads: usize, mirror: bool) -> Result<Dataset, DataError> {
        let mut data = Dataset::default();
        for path in paths {
            read_file(path, threads, mirror, &mut data)?;
        }
        Ok(data)
    }
}

/// Reads one file into `data`, a block at a time.
fn read_file(
    path: &Path,
    threads: usize,
    mirror: bool,
    data: &mut Dataset,
) -> Result<(), DataError> {
    let io = |source| DataError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut file = std::fs::File::open(path).map_err(io)?;
    let size = file.metadata().map_err(io)?.len();
    if size % RECORD_BYTES as u64 != 0 {
        return Err(DataError::Partial {
            path: path.to_path_buf(),
            size,
        });
    }
    let mut block = vec![0u8; RECORD_BYTES * 262_144];
    loop {
        let mut filled = 0;
        while filled < block.len() {
            match file.read(&mut block[filled..]).map_err(io)? {
                0 => break,
                k => filled += k,
            }
        }
        if filled == 0 {
            return Ok(());
        }
        data.extend_from_records(&block[..filled], threads, mirror);
    }
}

/// `pos` with files 1-9 swapped.
fn mirrored(pos: &Position<Shogi>) -> Option<Position<Shogi>> {
    let setup = pos.to_setup();
    let mut flipped = setup;
    for sq in Square::all() {
        let image = Square::new(10 - sq.file(), sq.rank())?;
        flipped.set(image, setup.get(sq));
    }
    Position::<Shogi>::from_setup(&flipped).ok()
}

/// Decodes whole records (and their mirror images, if `mirror`).
fn decode(bytes: &[u8], mirror: bool) -> Dataset {
    let mut out = Dataset::default();
    let mut active = Vec::with_capacity(MAX_ACTIVE);
    for chunk in bytes.chunks_exact(RECORD_BYTES) {
        let record = PackedSfenValue::from_bytes(chunk.try_into().expect("40 bytes"));
        let Ok(pos) = unpack(&record.sfen) else {
            out.unreadable += 1;
            continue;
        };
        let image = if mirror { mirrored(&pos) } else { None };
        for pos in std::iter::once(pos).chain(image) {
            let us = pos.side_to_move();
            for persp in [us, !us] {
                active.clear();
                features::active(&pos, persp, &mut active);
                active.resize(MAX_ACTIVE, NONE);
                out.inputs.extend_from_slice(&active[..MAX_ACTIVE]);
            }
            out.scores.push(f32::from(record.score));
            out.results.push(match record.result {
                1.. => 1.0,
                0 => 0.5,
                _ => 0.0,
            });
        }
    }
    out
}
