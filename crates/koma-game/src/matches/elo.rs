//! The Elo difference a match score implies, and its error bar.
//!
//! # Formula
//!
//! The logistic model: a player who scores the fraction `p` of the points is
//! `D(p) = -400 log10(1/p - 1)` Elo stronger than the opponent. The error bar is that of
//! the mean score: with `n` games of scores `x_i` (1 a win, ½ a draw, 0 a loss) and mean
//! `μ`, the per-game variance is `σ² = Σ (x_i - μ)² / n` (wins, draws and losses each
//! weighted by their share), the standard error of `μ` is `s = σ / √n`, and the 95%
//! interval of `μ` is `μ ± z·s` with `z` = 1.959964, the normal quantile of 0.975. The
//! bar is half the width of that interval carried to Elo: `(D(μ + z·s) - D(μ - z·s)) / 2`,
//! so it is not symmetric around `D(μ)` when `μ` is far from ½.
//!
//! This is the computation of cutechess-cli (`projects/lib/src/elo.cpp` in the cutechess
//! repository: `Elo::Elo` for `μ` and `s`, `Elo::errorMargin` for the bar), with the exact
//! quantile instead of its approximation of the inverse error function.

use std::fmt;

/// The normal quantile of 0.975: a two-sided 95% interval is `± Z_95` standard errors.
pub const Z_95: f64 = 1.959_963_984_540_054;

/// `D(p)`: the Elo difference that makes the expected score `p` (infinite at 0 and 1).
pub fn elo_difference(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// A match score as an Elo difference with its 95% error bar (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    /// The mean score per game, from 0 to 1.
    pub score: f64,
    /// The Elo difference (infinite for a score of 0 or 1).
    pub diff: f64,
    /// Half the width of the 95% interval, in Elo (infinite when the interval reaches a
    /// score of 0 or 1).
    pub error: f64,
}

impl Elo {
    /// The Elo difference of a player with these results, or `None` without games.
    pub fn from_results(wins: u32, losses: u32, draws: u32) -> Option<Elo> {
        let n = f64::from(wins) + f64::from(losses) + f64::from(draws);
        if n == 0.0 {
            return None;
        }
        let (w, l, d) = (
            f64::from(wins) / n,
            f64::from(losses) / n,
            f64::from(draws) / n,
        );
        let mu = w + d / 2.0;
        let variance = w * (1.0 - mu).powi(2) + l * mu.powi(2) + d * (0.5 - mu).powi(2);
        let margin = Z_95 * (variance / n).sqrt();
        let error = (elo_difference(mu + margin) - elo_difference(mu - margin)) / 2.0;
        Some(Elo {
            score: mu,
            // Adding 0 turns the -0 of an even score into +0.
            diff: elo_difference(mu) + 0.0,
            error: if error.is_nan() { f64::INFINITY } else { error },
        })
    }
}

/// `+147.2 ± 268.7`; infinite values as `+inf`, `-inf`, `± inf`.
impl fmt::Display for Elo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.diff.is_infinite() {
            f.write_str(if self.diff > 0.0 { "+inf" } else { "-inf" })?;
        } else {
            write!(f, "{:+.1}", self.diff)?;
        }
        if self.error.is_infinite() {
            f.write_str(" ± inf")
        } else {
            write!(f, " ± {:.1}", self.error)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 0.05
    }

    #[test]
    fn six_wins_two_losses_two_draws_by_hand() {
        // μ = (6 + 1) / 10 = 0.7; σ² = 0.6·0.3² + 0.2·0.7² + 0.2·0.2² = 0.16;
        // s = 0.4 / √10 = 0.126491; z·s = 0.247918; the interval is 0.452082 .. 0.947918.
        // D(0.7) = -400·log10(3/7) = 147.19; D(0.947918) = 504.03; D(0.452082) = -33.40;
        // the bar is (504.03 + 33.40) / 2 = 268.72.
        let elo = Elo::from_results(6, 2, 2).unwrap();
        assert!(close(elo.score, 0.7));
        assert!(close(elo.diff, 147.19), "{elo:?}");
        assert!(close(elo.error, 268.72), "{elo:?}");
        assert_eq!(elo.to_string(), "+147.2 ± 268.7");
    }

    #[test]
    fn even_and_extreme_scores() {
        // 10 - 10: σ = ½, s = ½/√20 = 0.111803, interval 0.280869 .. 0.719131;
        // D(0.719131) = 163.32, so the bar is 163.3.
        let elo = Elo::from_results(10, 10, 0).unwrap();
        assert!(close(elo.diff, 0.0));
        assert!(close(elo.error, 163.32), "{elo:?}");
        let all = Elo::from_results(5, 0, 0).unwrap();
        assert_eq!(all.to_string(), "+inf ± inf");
        let none = Elo::from_results(0, 3, 1).unwrap();
        assert!(none.diff.is_finite() && none.diff < 0.0);
        assert!(none.error.is_infinite(), "the interval reaches 0: {none:?}");
        assert_eq!(Elo::from_results(0, 0, 0), None);
        assert!(close(elo_difference(0.75), 190.85));
    }
}
