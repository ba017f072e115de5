//! The quantised network and its evaluation.
//!
//! Shape: [`FEATURES`] inputs a side into [`HIDDEN`] accumulators (one weight row per
//! input, shared by both sides), the squared clipped ReLU of the side to move's
//! accumulators then the opponent's, one output. Integers throughout: accumulator weights
//! scaled by [`QA`], output weights by [`QB`], the result in centipawns by [`SCALE`].
//!
//! File format (little-endian): `KOMANNUE`, version 1 (u32), inputs (u32), hidden (u32),
//! the input weights (i16, input-major), the accumulator biases (i16), the output weights
//! (i16, side to move first), the output bias (i32).

use crate::features::{self, Change, FEATURES};
use crate::simd;
use koma_rules::{Color, Position, Variant};
use std::sync::{Arc, LazyLock};

/// Accumulators a side.
pub const HIDDEN: usize = 256;
/// The scale of the input weights and accumulators (1.0 is `QA`).
pub const QA: i32 = 255;
/// The scale of the output weights.
pub const QB: i32 = 64;
/// Centipawns of an output of 1.0.
pub const SCALE: i32 = 400;
/// The largest weight the trainer gives (so that accumulators fit in i16 and products of
/// an activation and an output weight too).
pub const WEIGHT_CLIP: f32 = 1.98;

const MAGIC: &[u8; 8] = b"KOMANNUE";
const VERSION: u32 = 1;
const HEADER: usize = 8 + 4 * 3;
/// The size in bytes of a network file.
pub const FILE_BYTES: usize = HEADER + 2 * (FEATURES * HIDDEN + HIDDEN + 2 * HIDDEN) + 4;
// A net is committed to git: it must stay within 2 MB.
const _: () = assert!(FILE_BYTES <= 2 << 20);

/// The net committed with koma, built into the binaries (see docs/engine.md for how it
/// was trained).
pub static EMBEDDED_BYTES: &[u8] = include_bytes!("../nets/shogi.nnue");

/// The embedded net, read once (a test checks that it reads).
pub static EMBEDDED: LazyLock<Arc<Network>> = LazyLock::new(|| {
    Arc::new(
        Network::from_bytes(EMBEDDED_BYTES).unwrap_or_else(|e| panic!("the embedded net: {e}")),
    )
});

/// Why bytes are not a network.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NetError {
    /// The file does not start with `KOMANNUE`.
    #[error("not a koma network (no KOMANNUE header)")]
    Magic,
    /// A version this build does not read.
    #[error("network version {0}; this build reads version {VERSION}")]
    Version(u32),
    /// A shape this build does not evaluate.
    #[error(
        "network of {inputs} inputs and {hidden} hidden; this build needs {FEATURES} and {HIDDEN}"
    )]
    Shape {
        /// The file's inputs.
        inputs: u32,
        /// The file's hidden size.
        hidden: u32,
    },
    /// The file is not the size its shape needs.
    #[error("network file of {found} bytes; its shape needs {FILE_BYTES}")]
    Size {
        /// The size found.
        found: usize,
    },
    /// The file is longer than any network (reading stopped there).
    #[error("longer than a network file ({FILE_BYTES} bytes)")]
    TooLarge,
    /// The file could not be read.
    #[error("{0}")]
    Io(String),
}

/// A quantised network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// Input weights, one row of [`HIDDEN`] per input.
    pub input_weights: Vec<i16>,
    /// Accumulator biases.
    pub input_bias: Vec<i16>,
    /// Output weights: the side to move's [`HIDDEN`], then the opponent's.
    pub output_weights: Vec<i16>,
    /// The output bias, scaled by `QA * QB`.
    pub output_bias: i32,
}

/// The accumulators of both sides (indexed by colour) for one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Accumulator {
    /// Each side's accumulators.
    pub sides: [[i16; HIDDEN]; 2],
}

impl Default for Accumulator {
    fn default() -> Accumulator {
        Accumulator {
            sides: [[0; HIDDEN]; 2],
        }
    }
}

fn le_u32(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

impl Network {
    /// Reads a network file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        if bytes.len() < HEADER || &bytes[..8] != MAGIC {
            return Err(NetError::Magic);
        }
        let version = le_u32(bytes, 8);
        if version != VERSION {
            return Err(NetError::Version(version));
        }
        let (inputs, hidden) = (le_u32(bytes, 12), le_u32(bytes, 16));
        if inputs as usize != FEATURES || hidden as usize != HIDDEN {
            return Err(NetError::Shape { inputs, hidden });
        }
        if bytes.len() != FILE_BYTES {
            return Err(NetError::Size { found: bytes.len() });
        }
        let mut at = HEADER;
        let mut take = |n: usize| -> Vec<i16> {
            let v = bytes[at..at + 2 * n]
                .chunks_exact(2)
                .map(|c| i16::from_le_bytes([c[0], c[1]]))
                .collect();
            at += 2 * n;
            v
        };
        let input_weights = take(FEATURES * HIDDEN);
        let input_bias = take(HIDDEN);
        let output_weights = take(2 * HIDDEN);
        let output_bias = le_u32(bytes, FILE_BYTES - 4) as i32;
        Ok(Network {
            input_weights,
            input_bias,
            output_weights,
            output_bias,
        })
    }

    /// Reads the network file at `path`, reading no more than a network's size (a path
    /// to an endless file such as `/dev/zero` is refused, not read to the end).
    pub fn read_file(path: &std::path::Path) -> Result<Network, NetError> {
        use std::io::Read;
        let file = std::fs::File::open(path).map_err(|e| NetError::Io(e.to_string()))?;
        let mut bytes = Vec::with_capacity(FILE_BYTES + 1);
        file.take(FILE_BYTES as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| NetError::Io(e.to_string()))?;
        if bytes.len() > FILE_BYTES {
            return Err(NetError::TooLarge);
        }
        Network::from_bytes(&bytes)
    }

    /// The network file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(FILE_BYTES);
        out.extend_from_slice(MAGIC);
        for n in [VERSION, FEATURES as u32, HIDDEN as u32] {
            out.extend_from_slice(&n.to_le_bytes());
        }
        for w in self
            .input_weights
            .iter()
            .chain(&self.input_bias)
            .chain(&self.output_weights)
        {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out.extend_from_slice(&self.output_bias.to_le_bytes());
        out
    }

    /// The weight row of input `f`.
    #[inline(always)]
    fn row(&self, f: u16) -> &[i16; HIDDEN] {
        let start = usize::from(f) * HIDDEN;
        self.input_weights[start..start + HIDDEN]
            .try_into()
            .expect("a row of HIDDEN weights")
    }

    /// The accumulators of `pos`, computed afresh.
    pub fn refresh<V: Variant>(&self, pos: &Position<V>, acc: &mut Accumulator) {
        let mut active = Vec::with_capacity(features::MAX_ACTIVE);
        let bias: &[i16; HIDDEN] = self.input_bias[..].try_into().expect("HIDDEN biases");
        for persp in Color::ALL {
            active.clear();
            features::active(pos, persp, &mut active);
            let side = &mut acc.sides[persp.index()];
            *side = *bias;
            for &f in &active {
                simd::add_rows(side, &[self.row(f)], &[]);
            }
        }
    }

    /// The accumulators after a move that makes `changes` (see [`features::changes`]),
    /// from those before it.
    pub fn update(&self, before: &Accumulator, changes: &[Change; 2], after: &mut Accumulator) {
        for (persp, c) in changes.iter().enumerate() {
            let mut adds = [self.row(0); 2];
            let mut subs = [self.row(0); 2];
            for (k, &f) in c.added().iter().enumerate() {
                adds[k] = self.row(f);
            }
            for (k, &f) in c.removed().iter().enumerate() {
                subs[k] = self.row(f);
            }
            after.sides[persp] = before.sides[persp];
            simd::add_rows(
                &mut after.sides[persp],
                &adds[..c.added().len()],
                &subs[..c.removed().len()],
            );
        }
    }

    /// The evaluation in centipawns for `side_to_move`, from the accumulators.
    pub fn evaluate(&self, acc: &Accumulator, side_to_move: Color) -> i32 {
        let us = &acc.sides[side_to_move.index()];
        let them = &acc.sides[(!side_to_move).index()];
        let (w_us, w_them) = self.output_weights.split_at(HIDDEN);
        let sum = simd::screlu_dot(us, w_us.try_into().expect("HIDDEN"))
            + simd::screlu_dot(them, w_them.try_into().expect("HIDDEN"));
        let out = sum / i64::from(QA) + i64::from(self.output_bias);
        (out * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }

    /// The evaluation of `pos` computed afresh, for the side to move.
    pub fn evaluate_position<V: Variant>(&self, pos: &Position<V>) -> i32 {
        let mut acc = Accumulator::default();
        self.refresh(pos, &mut acc);
        self.evaluate(&acc, pos.side_to_move())
    }
}
