//! The performance rating FESA's program gives an unrated player.

use super::{FesaError, expected, finite};
use crate::rating::Score;

/// The lowest performance rating (the program's `innsats2` and its 0 % rule, new rules).
pub const LOWEST_PERFORMANCE: i64 = 1;

/// The rating at which `results` (opponent ratings and scores) are exactly what the formula
/// expects, Σ (score − f(R, opponent)) = 0, rounded, at least 1: how FESA's program rates an
/// unrated player (`all-players` and `innsats2`; the program finds it by Newton's method, koma
/// by bisection, the same root). Only losses give 1; only wins first add a draw against the
/// strongest opponent, as the program does. The program also counts an unrated player's earlier
/// rated games, and gives a new player with a national grade a win and a loss against that
/// grade's midpoint: pass those in `results` too.
pub fn performance_rating(results: &[(f64, Score)]) -> Result<i64, FesaError> {
    let Some(strongest) = results.iter().map(|&(r, _)| r).reduce(f64::max) else {
        return Err(FesaError::NoResults);
    };
    for &(rating, _) in results {
        finite(rating)?;
    }
    if results.iter().all(|&(_, s)| s == Score::Loss) {
        return Ok(LOWEST_PERFORMANCE);
    }
    let mut results = results.to_vec();
    if results.iter().all(|&(_, s)| s == Score::Win) {
        results.push((strongest, Score::Draw));
    }
    // Σ (s − f(R, o)) falls as R rises: bisect between ratings far outside the opponents'.
    let surplus = |r: f64| -> f64 {
        results
            .iter()
            .map(|&(o, s)| s.value() - expected(r, o))
            .sum()
    };
    let weakest = results
        .iter()
        .map(|&(r, _)| r)
        .fold(f64::INFINITY, f64::min);
    let (mut low, mut high) = (weakest - 4000.0, strongest + 4000.0);
    for _ in 0..200 {
        let mid = (low + high) / 2.0;
        if surplus(mid) > 0.0 {
            low = mid;
        } else {
            high = mid;
        }
    }
    Ok((((low + high) / 2.0).round() as i64).max(LOWEST_PERFORMANCE))
}
