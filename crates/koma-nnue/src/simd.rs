//! The two hot loops of inference, written once as plain loops that the compiler
//! vectorises, and compiled twice: for the baseline x86-64 (SSE2) and, behind a run-time
//! check, for AVX2 (twice the lanes).
//!
//! `unsafe` here, and only here: calling a function compiled for AVX2 is unsafe in Rust
//! because it would fault on a processor without AVX2. Each call is guarded by
//! `is_x86_feature_detected!("avx2")`, and the tests check that both compilations give
//! the same numbers as a scalar reference.
#![allow(unsafe_code)]

use crate::network::{HIDDEN, QA};

/// Adds the rows `adds` to `acc` and subtracts the rows `subs`.
#[inline]
pub fn add_rows(acc: &mut [i16; HIDDEN], adds: &[&[i16; HIDDEN]], subs: &[&[i16; HIDDEN]]) {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, checked just above.
        unsafe { add_rows_avx2(acc, adds, subs) };
        return;
    }
    add_rows_body(acc, adds, subs);
}

/// The sum over `i` of `clamp(x[i], 0, QA)² · w[i]`.
#[inline]
pub fn screlu_dot(x: &[i16; HIDDEN], w: &[i16; HIDDEN]) -> i64 {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, checked just above.
        return unsafe { screlu_dot_avx2(x, w) };
    }
    screlu_dot_body(x, w)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn add_rows_avx2(acc: &mut [i16; HIDDEN], adds: &[&[i16; HIDDEN]], subs: &[&[i16; HIDDEN]]) {
    add_rows_body(acc, adds, subs);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn screlu_dot_avx2(x: &[i16; HIDDEN], w: &[i16; HIDDEN]) -> i64 {
    screlu_dot_body(x, w)
}

#[inline(always)]
fn add_rows_body(acc: &mut [i16; HIDDEN], adds: &[&[i16; HIDDEN]], subs: &[&[i16; HIDDEN]]) {
    for row in adds {
        for (a, r) in acc.iter_mut().zip(row.iter()) {
            *a = a.wrapping_add(*r);
        }
    }
    for row in subs {
        for (a, r) in acc.iter_mut().zip(row.iter()) {
            *a = a.wrapping_sub(*r);
        }
    }
}

/// Lanes of i32 sum 128 products at most (each below 255 · 127 · 255) before they are
/// moved into an i64, so no sum can overflow.
#[inline(always)]
fn screlu_dot_body(x: &[i16; HIDDEN], w: &[i16; HIDDEN]) -> i64 {
    let mut total = 0i64;
    for (xc, wc) in x.chunks_exact(128).zip(w.chunks_exact(128)) {
        let mut sum = 0i32;
        for (&xi, &wi) in xc.iter().zip(wc) {
            let v = xi.clamp(0, QA as i16);
            // v ≤ 255 and |w| ≤ 127 (the trainer's clip): the product fits in i16.
            let vw = v.wrapping_mul(wi);
            sum = sum.wrapping_add(i32::from(vw) * i32::from(v));
        }
        total += i64::from(sum);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    fn random_row(state: &mut u64, range: i16) -> [i16; HIDDEN] {
        let mut row = [0i16; HIDDEN];
        for r in &mut row {
            *state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            *r = ((*state >> 33) % (2 * range as u64 + 1)) as i16 - range;
        }
        row
    }

    #[test]
    fn both_compilations_agree_with_a_scalar_reference() {
        let mut state = 42;
        for _ in 0..200 {
            let x = random_row(&mut state, 400);
            let w = random_row(&mut state, 127);
            let reference: i64 = x
                .iter()
                .zip(&w)
                .map(|(&x, &w)| {
                    let v = i64::from(x.clamp(0, 255));
                    v * v * i64::from(w)
                })
                .sum();
            assert_eq!(screlu_dot(&x, &w), reference);
            assert_eq!(screlu_dot_body(&x, &w), reference);
            let (a, b, c) = (
                random_row(&mut state, 500),
                random_row(&mut state, 500),
                random_row(&mut state, 500),
            );
            let mut acc = x;
            add_rows(&mut acc, &[&a, &b], &[&c]);
            for i in 0..HIDDEN {
                assert_eq!(acc[i], x[i] + a[i] + b[i] - c[i]);
            }
            let mut portable = x;
            add_rows_body(&mut portable, &[&a, &b], &[&c]);
            assert_eq!(portable, acc);
        }
    }

    #[test]
    fn the_worst_case_does_not_overflow() {
        let x = [i16::MAX; HIDDEN];
        let w = [127i16; HIDDEN];
        assert_eq!(screlu_dot(&x, &w), 255 * 255 * 127 * HIDDEN as i64);
    }
}
