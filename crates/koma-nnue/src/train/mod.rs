//! The trainer: mini-batches of sparse inputs, Adam, the batch split over threads in fixed
//! slices and their gradients summed in a fixed order (so a seed gives the same net on
//! any number of runs), a held-out validation set, and a checkpoint every epoch.

pub mod data;
pub mod model;

use data::Dataset;
use koma_rules::rng::SplitMix64;
use model::{Loss, Params, Target};
use std::path::PathBuf;

/// What the trainer does.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    /// Passes over the training positions.
    pub epochs: usize,
    /// Positions a step.
    pub batch: usize,
    /// Adam's step size at the start.
    pub lr: f32,
    /// The step size is multiplied by this after every epoch.
    pub lr_decay: f32,
    /// The loss.
    pub loss: Loss,
    /// Threads sharing each batch.
    pub threads: usize,
    /// The seed of the start and of the shuffles.
    pub seed: u64,
    /// The share of positions held out for validation.
    pub validation: f64,
    /// Where checkpoints go (`epoch-N.nnue` and `epoch-N.f32`), if anywhere.
    pub checkpoints: Option<PathBuf>,
}

/// One epoch's losses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EpochReport {
    /// The epoch, from 1.
    pub epoch: usize,
    /// Mean squared error over the training positions (during the epoch).
    pub train_loss: f64,
    /// Mean squared error over the held-out positions (after the epoch).
    pub validation_loss: f64,
    /// The step size used.
    pub lr: f32,
}

/// Why training stopped.
#[derive(Debug, thiserror::Error)]
pub enum TrainError {
    /// Too few positions to train and validate.
    #[error("{0} positions: too few to train on")]
    TooFew(usize),
    /// A checkpoint could not be written.
    #[error("writing checkpoint {path}: {source}")]
    Checkpoint {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
}

/// Adam's state.
struct Adam {
    m: Params,
    v: Params,
    t: i32,
    /// The gradients' sum, kept from step to step so no step allocates it.
    sum: Params,
}

impl Adam {
    /// One step with the sum of `grads` (summed in their order, so the result does not
    /// depend on how the parameters are shared out), on `threads` threads, each summing and
    /// stepping its own slice of the parameters. Done on one thread, the sum and the step
    /// were most of an epoch's time on 16 cores.
    fn step(&mut self, params: &mut Params, grads: &[Params], lr: f32, threads: usize) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        const EPS: f32 = 1e-8;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t);
        let c2 = 1.0 - B2.powi(self.t);
        let step = lr * c2.sqrt() / c1;
        let slice = model::COUNT.div_ceil(threads.max(1));
        std::thread::scope(|scope| {
            let parts = params
                .0
                .chunks_mut(slice)
                .zip(self.m.0.chunks_mut(slice))
                .zip(self.v.0.chunks_mut(slice))
                .zip(self.sum.0.chunks_mut(slice))
                .enumerate();
            for (k, (((p, m), v), sum)) in parts {
                scope.spawn(move || {
                    let start = k * slice;
                    sum.copy_from_slice(&grads[0].0[start..start + p.len()]);
                    for g in &grads[1..] {
                        for (s, x) in sum.iter_mut().zip(&g.0[start..]) {
                            *s += x;
                        }
                    }
                    for (((p, g), m), v) in p.iter_mut().zip(&*sum).zip(m).zip(v) {
                        *m = B1 * *m + (1.0 - B1) * g;
                        *v = B2 * *v + (1.0 - B2) * g * g;
                        *p -= step * *m / (v.sqrt() + EPS);
                    }
                    model::clip(p, start);
                });
            }
        });
    }
}

/// The positions of `data` in a seeded order, split into (training, validation). A
/// position and its mirror image fall on the same side.
pub fn split(data: &Dataset, validation: f64, seed: u64) -> (Vec<u32>, Vec<u32>) {
    let group = if data.mirrored { 2 } else { 1 };
    let groups = data.len() / group;
    let mut order: Vec<u32> = (0..groups as u32).collect();
    shuffle(&mut order, &mut SplitMix64::new(seed ^ 0x5eed));
    let held = ((groups as f64 * validation).round() as usize).clamp(1, groups.max(2) - 1);
    let expand = |ids: &[u32]| -> Vec<u32> {
        ids.iter()
            .flat_map(|&g| (0..group as u32).map(move |k| g * group as u32 + k))
            .collect()
    };
    (expand(&order[held..]), expand(&order[..held]))
}

fn shuffle(v: &mut [u32], rng: &mut SplitMix64) {
    for i in (1..v.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        v.swap(i, j);
    }
}

/// The mean loss of `params` over the positions `which`.
pub fn mean_loss(
    params: &Params,
    data: &Dataset,
    which: &[u32],
    loss: Loss,
    threads: usize,
) -> f64 {
    let per = which.len().div_ceil(threads.max(1)).max(1);
    let sums: Vec<f64> = std::thread::scope(|scope| {
        let handles: Vec<_> = which
            .chunks(per)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .map(|&i| {
                            let (us, them) = data.inputs_of(i as usize);
                            f64::from(loss.error(&params.0, us, them, target(data, i)))
                        })
                        .sum::<f64>()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or(0.0))
            .collect()
    });
    sums.iter().sum::<f64>() / which.len().max(1) as f64
}

fn target(data: &Dataset, i: u32) -> Target {
    Target {
        score: data.scores[i as usize],
        result: data.results[i as usize],
    }
}

/// Trains from `start` (or a fresh net from the seed) on `data`; `report` hears of every
/// epoch. Returns the trained parameters.
pub fn train(
    config: &TrainConfig,
    data: &Dataset,
    start: Option<Params>,
    report: &mut dyn FnMut(&EpochReport),
) -> Result<Params, TrainError> {
    if data.len() < 100 {
        return Err(TrainError::TooFew(data.len()));
    }
    let threads = config.threads.max(1);
    let (mut train_set, validation) = split(data, config.validation, config.seed);
    let mut params = start.unwrap_or_else(|| Params::random(config.seed));
    let mut adam = Adam {
        m: Params::zeros(),
        v: Params::zeros(),
        t: 0,
        sum: Params::zeros(),
    };
    let mut grads: Vec<Params> = (0..threads).map(|_| Params::zeros()).collect();
    let mut rng = SplitMix64::new(config.seed);
    let mut lr = config.lr;
    for epoch in 1..=config.epochs {
        shuffle(&mut train_set, &mut rng);
        let mut loss_sum = 0.0f64;
        for batch in train_set.chunks(config.batch.max(1)) {
            let weight = 1.0 / batch.len() as f32;
            let per = batch.len().div_ceil(threads);
            let losses: Vec<f64> = std::thread::scope(|scope| {
                let handles: Vec<_> = batch
                    .chunks(per)
                    .zip(grads.iter_mut())
                    .map(|(part, grad)| {
                        let params = &params;
                        scope.spawn(move || {
                            grad.0.fill(0.0);
                            let mut sum = 0.0f64;
                            for &i in part {
                                let (us, them) = data.inputs_of(i as usize);
                                sum += f64::from(config.loss.backward(
                                    &params.0,
                                    us,
                                    them,
                                    target(data, i),
                                    weight,
                                    &mut grad.0,
                                ));
                            }
                            sum
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().unwrap_or(0.0))
                    .collect()
            });
            loss_sum += losses.iter().sum::<f64>();
            let used = batch.len().div_ceil(per);
            adam.step(&mut params, &grads[..used], lr, threads);
        }
        let validation_loss = mean_loss(&params, data, &validation, config.loss, threads);
        report(&EpochReport {
            epoch,
            train_loss: loss_sum / train_set.len() as f64,
            validation_loss,
            lr,
        });
        if let Some(dir) = &config.checkpoints {
            save(dir, epoch, &params)?;
        }
        lr *= config.lr_decay;
    }
    Ok(params)
}

/// Writes `epoch-N.nnue` (quantised) and `epoch-N.f32` (to resume from) into `dir`.
fn save(dir: &std::path::Path, epoch: usize, params: &Params) -> Result<(), TrainError> {
    let write = |name: String, bytes: Vec<u8>| {
        let path = dir.join(name);
        std::fs::create_dir_all(dir)
            .and_then(|()| std::fs::write(&path, bytes))
            .map_err(|source| TrainError::Checkpoint { path, source })
    };
    write(format!("epoch-{epoch}.nnue"), params.quantise().to_bytes())?;
    write(format!("epoch-{epoch}.f32"), params.to_bytes())
}
