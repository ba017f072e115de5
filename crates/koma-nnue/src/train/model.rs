//! The network in floating point, as the trainer sees it: forward, backward, and the
//! quantisation into [`Network`].

use super::data::NONE;
use crate::features::FEATURES;
use crate::network::{HIDDEN, Network, QA, QB, SCALE, WEIGHT_CLIP};
use koma_rules::rng::SplitMix64;

/// The parameters (or their gradients, or Adam's moments), all in one vector: input
/// weights, accumulator biases, output weights, output bias.
#[derive(Clone, Debug, PartialEq)]
pub struct Params(pub Vec<f32>);

/// Where each part starts in [`Params`].
pub const W1: usize = 0;
/// The accumulator biases.
pub const B1: usize = FEATURES * HIDDEN;
/// The output weights (side to move's, then the opponent's).
pub const W2: usize = B1 + HIDDEN;
/// The output bias.
pub const B2: usize = W2 + 2 * HIDDEN;
/// How many parameters.
pub const COUNT: usize = B2 + 1;

impl Params {
    /// All zero (for gradients and moments).
    pub fn zeros() -> Params {
        Params(vec![0.0; COUNT])
    }

    /// A fresh network from `seed`: small uniform weights, zero biases.
    pub fn random(seed: u64) -> Params {
        let mut rng = SplitMix64::new(seed);
        let mut p = Params::zeros();
        let mut uniform = |scale: f64| ((rng.unit() * 2.0 - 1.0) * scale) as f32;
        for w in &mut p.0[W1..B1] {
            *w = uniform(0.1);
        }
        for w in &mut p.0[W2..B2] {
            *w = uniform(0.1);
        }
        p
    }

    /// The quantised network.
    pub fn quantise(&self) -> Network {
        let q = |x: f32, scale: i32| (x * scale as f32).round() as i16;
        Network {
            input_weights: self.0[W1..B1].iter().map(|&w| q(w, QA)).collect(),
            input_bias: self.0[B1..W2].iter().map(|&w| q(w, QA)).collect(),
            output_weights: self.0[W2..B2].iter().map(|&w| q(w, QB)).collect(),
            output_bias: (self.0[B2] * (QA * QB) as f32).round() as i32,
        }
    }

    /// The parameters as little-endian f32 bytes (a checkpoint).
    pub fn to_bytes(&self) -> Vec<u8> {
        self.0.iter().flat_map(|w| w.to_le_bytes()).collect()
    }

    /// The parameters of a checkpoint, if it has the right size.
    pub fn from_bytes(bytes: &[u8]) -> Option<Params> {
        (bytes.len() == COUNT * 4).then(|| {
            Params(
                bytes
                    .chunks_exact(4)
                    .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                    .collect(),
            )
        })
    }
}

/// Keeps the weights among `part` (the parameters from index `start` on) within what the
/// quantised net can hold; the output's bias is not clipped.
pub fn clip(part: &mut [f32], start: usize) {
    let from = W1.saturating_sub(start).min(part.len());
    let to = B2.saturating_sub(start).min(part.len());
    for w in &mut part[from..to] {
        *w = w.clamp(-WEIGHT_CLIP, WEIGHT_CLIP);
    }
}

/// One side's accumulators for `inputs`.
#[inline]
fn accumulate(p: &[f32], inputs: &[u16], acc: &mut [f32; HIDDEN]) {
    acc.copy_from_slice(&p[B1..W2]);
    for &f in inputs.iter().take_while(|&&f| f != NONE) {
        let row = &p[W1 + usize::from(f) * HIDDEN..][..HIDDEN];
        for (a, w) in acc.iter_mut().zip(row) {
            *a += w;
        }
    }
}

/// The network's output (in units of [`SCALE`] centipawns) for a position's inputs, and
/// both sides' accumulators.
#[inline]
fn forward(p: &[f32], us: &[u16], them: &[u16], acc: &mut [[f32; HIDDEN]; 2]) -> f32 {
    accumulate(p, us, &mut acc[0]);
    accumulate(p, them, &mut acc[1]);
    let mut out = p[B2];
    for (side, a) in acc.iter().enumerate() {
        let w = &p[W2 + side * HIDDEN..][..HIDDEN];
        for (x, w) in a.iter().zip(w) {
            let c = x.clamp(0.0, 1.0);
            out += c * c * w;
        }
    }
    out
}

/// The logistic function.
#[inline]
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// What one sample is trained towards: `lambda` of the score's win probability, the rest
/// the game's result.
#[derive(Clone, Copy, Debug)]
pub struct Target {
    /// The search score, centipawns.
    pub score: f32,
    /// The result, 1 won, 0.5 drawn, 0 lost.
    pub result: f32,
}

/// The loss settings: centipawns per unit of the win-probability logit, and the blend.
#[derive(Clone, Copy, Debug)]
pub struct Loss {
    /// The score's scale in the sigmoid (600: sigmoid(score / 600)).
    pub scale: f32,
    /// The weight of the score's probability; 1 - lambda goes to the result.
    pub lambda: f32,
}

impl Loss {
    /// The target win probability.
    fn target(&self, t: Target) -> f32 {
        self.lambda * sigmoid(t.score / self.scale) + (1.0 - self.lambda) * t.result
    }

    /// The squared error of a sample, without gradients.
    pub fn error(&self, p: &[f32], us: &[u16], them: &[u16], t: Target) -> f32 {
        let mut acc = [[0.0; HIDDEN]; 2];
        let out = forward(p, us, them, &mut acc);
        let prob = sigmoid(out * SCALE as f32 / self.scale);
        (prob - self.target(t)).powi(2)
    }

    /// The squared error of a sample, its gradient added to `grad` (times `weight`).
    pub fn backward(
        &self,
        p: &[f32],
        us: &[u16],
        them: &[u16],
        t: Target,
        weight: f32,
        grad: &mut [f32],
    ) -> f32 {
        let mut acc = [[0.0; HIDDEN]; 2];
        let out = forward(p, us, them, &mut acc);
        let k = SCALE as f32 / self.scale;
        let prob = sigmoid(out * k);
        let diff = prob - self.target(t);
        let g = 2.0 * diff * prob * (1.0 - prob) * k * weight;
        grad[B2] += g;
        for (side, inputs) in [us, them].into_iter().enumerate() {
            let a = &acc[side];
            let mut dacc = [0.0f32; HIDDEN];
            let w = &p[W2 + side * HIDDEN..][..HIDDEN];
            let gw = &mut grad[W2 + side * HIDDEN..][..HIDDEN];
            for j in 0..HIDDEN {
                let c = a[j].clamp(0.0, 1.0);
                gw[j] += g * c * c;
                dacc[j] = if a[j] > 0.0 && a[j] < 1.0 {
                    g * w[j] * 2.0 * c
                } else {
                    0.0
                };
            }
            for (gb, d) in grad[B1..W2].iter_mut().zip(&dacc) {
                *gb += d;
            }
            for &f in inputs.iter().take_while(|&&f| f != NONE) {
                let row = &mut grad[W1 + usize::from(f) * HIDDEN..][..HIDDEN];
                for (r, d) in row.iter_mut().zip(&dacc) {
                    *r += d;
                }
            }
        }
        diff * diff
    }
}

/// The float network's evaluation in centipawns for a position's inputs (the trainer's
/// view, to check the quantised net against).
pub fn centipawns(p: &Params, us: &[u16], them: &[u16]) -> f32 {
    let mut acc = [[0.0; HIDDEN]; 2];
    forward(&p.0, us, them, &mut acc) * SCALE as f32
}
