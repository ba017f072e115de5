//! Criterion benchmark of Swiss pairing: a 200-player field in its fifth round (the issue
//! asks for under one second).
// criterion_group! defines an undocumented public function.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use koma_tournament::swiss::{ColourRule, SwissPlayer, pair_round};
use std::hint::black_box;

/// A 200-player field after four rounds paired by `pair_round`, results by a fixed rule
/// (the higher rating wins, one game in five drawn).
fn field_after_four_rounds() -> Vec<SwissPlayer> {
    let mut field: Vec<SwissPlayer> = (0..200)
        .map(|i| SwissPlayer {
            id: i,
            score: 0,
            rating: 1000 + ((i as i32 * 7919) % 1500),
            met: vec![],
            had_bye: false,
            colours: vec![],
        })
        .collect();
    for round in 0..4u64 {
        let paired = pair_round(&field, ColourRule::Furigoma { seed: round }).expect("pairs");
        for (k, pair) in paired.pairs.iter().enumerate() {
            let i = field
                .iter()
                .position(|p| p.id == pair.sente)
                .expect("sente");
            let j = field.iter().position(|p| p.id == pair.gote).expect("gote");
            let (si, sj) = if k % 5 == 0 {
                (1, 1)
            } else if field[i].rating >= field[j].rating {
                (2, 0)
            } else {
                (0, 2)
            };
            field[i].score += si;
            field[j].score += sj;
            let (a, b) = (field[i].id, field[j].id);
            field[i].met.push(b);
            field[j].met.push(a);
        }
    }
    field
}

fn bench(c: &mut Criterion) {
    let later = field_after_four_rounds();
    let mut odd = later.clone();
    odd.pop();
    let first: Vec<SwissPlayer> = later
        .iter()
        .map(|p| SwissPlayer {
            score: 0,
            met: vec![],
            ..p.clone()
        })
        .collect();
    let mut group = c.benchmark_group("swiss");
    group.sample_size(20);
    for (name, field) in [
        ("pair-200-round-1", &first),
        ("pair-200-round-5", &later),
        ("pair-199-round-5-bye", &odd),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| {
                pair_round(black_box(field), ColourRule::Furigoma { seed: 5 }).expect("pairs")
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
