//! The learned evaluation end to end: records to inputs, the trainer, quantisation, and
//! incremental accumulators against fresh ones.

use koma_nnue::features::{self, FEATURES};
use koma_nnue::network::{Accumulator, EMBEDDED, FILE_BYTES, HIDDEN, NetError, Network};
use koma_nnue::packed::{PackedSfenValue, move16, pack};
use koma_nnue::train::data::Dataset;
use koma_nnue::train::model::{Loss, Params, centipawns};
use koma_nnue::train::{TrainConfig, mean_loss, split, train};
use koma_rules::rng::SplitMix64;
use koma_rules::variants::Shogi;
use koma_rules::{MoveKind, Position};

/// Positions of random games as training records, scored by material (so a net can learn
/// something) with a result of the side ahead winning.
fn records(games: usize, seed: u64) -> Vec<u8> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::<Shogi>::startpos();
        for ply in 0..80 {
            let moves = pos.moves(MoveKind::Legal);
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len() as u64) as usize];
            let score = material(&pos);
            out.extend_from_slice(
                &PackedSfenValue {
                    sfen: pack(&pos).unwrap(),
                    score: score as i16,
                    move16: move16(m),
                    game_ply: ply + 1,
                    result: score.signum() as i8,
                }
                .to_bytes(),
            );
            pos.play(m).unwrap();
        }
    }
    out
}

/// Material for the side to move: pieces on the board and in hand, a pawn 100.
fn material(pos: &Position<Shogi>) -> i32 {
    let us = pos.side_to_move();
    let mut v = [0i32; 2];
    for c in koma_rules::Color::ALL {
        for sq in pos.color_bb(c) {
            let role = pos.piece_at(sq).unwrap().role();
            v[c.index()] += worth(role);
        }
        for &role in <Shogi as koma_rules::Variant>::HAND_ROLES {
            v[c.index()] += worth(role) * i32::from(pos.hand(c).count(role));
        }
    }
    v[us.index()] - v[(!us).index()]
}

fn worth(role: koma_rules::Role) -> i32 {
    use koma_rules::Role::*;
    match role {
        Pawn => 100,
        Lance | Knight => 300,
        Silver | Gold => 500,
        Bishop | Rook => 800,
        Horse | Dragon => 1000,
        King => 0,
        _ => 550,
    }
}

fn config(epochs: usize, threads: usize) -> TrainConfig {
    TrainConfig {
        epochs,
        batch: 256,
        lr: 0.002,
        lr_decay: 0.95,
        loss: Loss {
            scale: 600.0,
            lambda: 1.0,
        },
        threads,
        seed: 7,
        validation: 0.1,
        checkpoints: None,
    }
}

#[test]
fn the_trainer_learns_material_and_is_reproducible() {
    let mut data = Dataset::default();
    data.extend_from_records(&records(60, 1), 2, false);
    assert_eq!(data.len(), 60 * 80);
    assert_eq!(data.unreadable, 0);
    let (_, validation) = split(&data, 0.1, 7);
    let fresh = Params::random(7);
    let before = mean_loss(&fresh, &data, &validation, config(1, 1).loss, 2);
    let trained = train(&config(6, 2), &data, None, &mut |_| {}).unwrap();
    let after = mean_loss(&trained, &data, &validation, config(1, 1).loss, 2);
    assert!(after < before * 0.5, "validation loss {before} -> {after}");
    // The same seed and threads give the same net, bit for bit.
    let again = train(&config(6, 2), &data, None, &mut |_| {}).unwrap();
    assert_eq!(trained, again);

    // The quantised net agrees with the float net within a few centipawns.
    let net = trained.quantise();
    let mut worst = 0.0f32;
    for i in 0..200 {
        let (us, them) = data.inputs_of(i);
        let float = centipawns(&trained, us, them);
        let mut acc = Accumulator::default();
        let mut pos_inputs = [Vec::new(), Vec::new()];
        for (k, list) in [us, them].into_iter().enumerate() {
            pos_inputs[k] = list.iter().copied().filter(|&f| f != u16::MAX).collect();
        }
        for (side, list) in pos_inputs.iter().enumerate() {
            acc.sides[side].copy_from_slice(&net.input_bias);
            for &f in list {
                for j in 0..HIDDEN {
                    acc.sides[side][j] += net.input_weights[usize::from(f) * HIDDEN + j];
                }
            }
        }
        let quantised = net.evaluate(&acc, koma_rules::Color::Black) as f32;
        // The output weights' step is 1/64 (about 1.5% of the score), the inputs' 1/255.
        worst = worst.max((quantised - float).abs() - 0.02 * float.abs());
    }
    assert!(worst < 20.0, "quantised net off by {worst} cp beyond 2%");
}

#[test]
fn accumulators_kept_move_by_move_equal_fresh_ones() {
    let mut data = Dataset::default();
    data.extend_from_records(&records(10, 3), 1, true);
    assert_eq!(data.len(), 2 * 10 * 80);
    let net = train(&config(1, 1), &data, None, &mut |_| {})
        .unwrap()
        .quantise();
    let mut rng = SplitMix64::new(11);
    for _ in 0..30 {
        let mut pos = Position::<Shogi>::startpos();
        let mut acc = Accumulator::default();
        net.refresh(&pos, &mut acc);
        for _ in 0..160 {
            let moves = pos.moves(MoveKind::Legal);
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len() as u64) as usize];
            let child = pos.after(m);
            let mut next = Accumulator::default();
            net.update(&acc, &features::changes(&pos, m).unwrap(), &mut next);
            let mut fresh = Accumulator::default();
            net.refresh(&child, &mut fresh);
            assert_eq!(next, fresh);
            assert_eq!(
                net.evaluate(&next, child.side_to_move()),
                net.evaluate_position(&child)
            );
            pos = child;
            acc = next;
        }
    }
}

#[test]
fn network_files_round_trip_and_bad_ones_are_named() {
    let net = Params::random(5).quantise();
    let bytes = net.to_bytes();
    assert_eq!(bytes.len(), FILE_BYTES);
    assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
    assert_eq!(Network::from_bytes(b"hello"), Err(NetError::Magic));
    assert_eq!(
        Network::from_bytes(&bytes[..bytes.len() - 1]),
        Err(NetError::Size {
            found: FILE_BYTES - 1
        })
    );
    let mut other = bytes.clone();
    other[12] = 9;
    assert!(matches!(
        Network::from_bytes(&other),
        Err(NetError::Shape { hidden: 256, .. })
    ));
    let mut version = bytes;
    version[8] = 2;
    assert_eq!(Network::from_bytes(&version), Err(NetError::Version(2)));
    // The embedded net reads.
    assert_eq!(EMBEDDED.input_weights.len(), FEATURES * HIDDEN);
}
