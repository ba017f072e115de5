//! Glicko-2 ratings for online games, with lishogi's parameters.
//!
//! The algorithm is Glickman's ("Example of the Glicko-2 system", glicko.net/glicko/glicko2.pdf),
//! steps 1 to 8, written out in [`Glicko::period`]. How a server uses it follows lishogi
//! (github.com/WandererXII/lishogi, `modules/rating/src/main/` and
//! `modules/round/src/main/PerfsUpdater.scala`):
//!
//! - a new player starts at 1500, RD 350, volatility 0.06 (`Glicko.scala`, `Glicko.default`);
//! - τ is 0.75 (`Glicko.scala`, `tau`);
//! - every rated game is a rating period of its own, updated as soon as the game ends, with no
//!   RD growth inside the update (`PerfsUpdater.scala` calls `updateRatings(results, true)`,
//!   and `java/glicko2/RatingCalculator.java` then takes 0 elapsed periods);
//! - instead the RD grows with the time since the player's last rated game, at 0.21436 rating
//!   periods a day ("chosen so a typical player's RD goes from 60 to 110 in 1 year",
//!   `Glicko.scala`, `ratingPeriodsPerDay`), by Glickman's step 6: φ' = √(φ² + t·σ²) for t
//!   periods (`RatingCalculator.java`, `previewDeviation`), then kept between 45 and 500
//!   (`Glicko.scala`, `liveDeviation`); lishogi applies it whenever a rating is read
//!   (`Perf.scala`, the BSON reader), so the RD shown and the RD used in the next game both
//!   include the growth ([`Glicko::at`]);
//! - after a game the rating moves at most 700 points (`Glicko.scala`, `maxRatingDelta`;
//!   `Perf.scala`, `add`), and is then capped: rating at least 400, RD between 45 and 500,
//!   volatility at most 0.1 (`Glicko.scala`, `cap`, `minRating`, `minDeviation`,
//!   `maxDeviation`, `maxVolatility`); a rating below 400 enters the formula as 400
//!   (`Perf.scala`, `toRating`);
//! - a rating is provisional, shown with "?", while its RD is 130 or more (`Glicko.scala`,
//!   `provisionalDeviation`, `display`).
//!
//! One difference: lishogi leaves both ratings unchanged after a draw (`PerfsUpdater.scala`,
//! `updateRatings` skips `Glicko.Result.Draw`); koma rates a draw as Glickman does, a score of
//! ½. Shogi draws (sennichite replayed, impasse) are rare, and a draw between unequal players
//! says something about them.
//!
//! ```
//! use koma_game::rating::{Glicko, Score};
//!
//! let day = 86_400;
//! let (a, b) = (Glicko::default(), Glicko::default());
//! let a = a.after_game(&b, Score::Win, 10 * day).unwrap();
//! assert!(a.rating > 1500.0 && a.is_provisional());
//! assert_eq!(a.to_string(), format!("{}?", a.rating as i64));
//! // A year later the RD has grown back.
//! assert!(a.at(375 * day).deviation > a.deviation);
//! ```

use std::fmt;

use super::{Rank, Score};

/// Glicko-2's scale factor between the displayed and internal scales (Glickman, step 2).
const SCALE: f64 = 173.7178;

/// The rating every scale is centred on (Glickman, step 2).
const CENTRE: f64 = 1500.0;

/// Glickman's convergence tolerance ε for the volatility (step 5).
const TOLERANCE: f64 = 0.000_001;

/// Iterations of the volatility search before giving up (lishogi's `RatingCalculator.java`,
/// `ITERATION_MAX`).
const ITERATION_MAX: u32 = 3000;

/// A new player's rating (lishogi, `Glicko.scala`, `Glicko.default`).
pub const DEFAULT_RATING: f64 = 1500.0;
/// A new player's rating deviation (lishogi, `Glicko.scala`, `Glicko.default`).
pub const DEFAULT_DEVIATION: f64 = 350.0;
/// A new player's volatility (lishogi, `Glicko.scala`, `Glicko.default`).
pub const DEFAULT_VOLATILITY: f64 = 0.06;
/// The system constant τ, how fast volatility may change (lishogi, `Glicko.scala`, `tau`).
pub const TAU: f64 = 0.75;
/// Rating periods per day without games, for RD growth (lishogi, `Glicko.scala`,
/// `ratingPeriodsPerDay`).
pub const RATING_PERIODS_PER_DAY: f64 = 0.21436;
/// The lowest rating (lishogi, `Glicko.scala`, `minRating`).
pub const MIN_RATING: f64 = 400.0;
/// The top of the rating scale, where lishogi's last rank ends (`Glicko.scala`, `maxRating`).
pub const MAX_RATING: f64 = 4000.0;
/// The lowest RD (lishogi, `Glicko.scala`, `minDeviation`).
pub const MIN_DEVIATION: f64 = 45.0;
/// The highest RD (lishogi, `Glicko.scala`, `maxDeviation`).
pub const MAX_DEVIATION: f64 = 500.0;
/// The highest volatility (lishogi, `Glicko.scala`, `maxVolatility`).
pub const MAX_VOLATILITY: f64 = 0.1;
/// From this RD up a rating is provisional (lishogi, `Glicko.scala`, `provisionalDeviation`).
pub const PROVISIONAL_DEVIATION: f64 = 130.0;
/// The most one game can move a rating (lishogi, `Glicko.scala`, `maxRatingDelta`).
pub const MAX_RATING_DELTA: f64 = 700.0;
/// Highest RD for leaderboards, standard shogi (lishogi, `Glicko.scala`,
/// `standardRankableDeviation`).
pub const STANDARD_RANKABLE_DEVIATION: f64 = 85.0;
/// Highest RD for leaderboards, other variants (lishogi, `Glicko.scala`,
/// `variantRankableDeviation`).
pub const VARIANT_RANKABLE_DEVIATION: f64 = 90.0;

const SECONDS_PER_DAY: f64 = 86_400.0;

/// Why a Glicko-2 update could not be made.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum GlickoError {
    /// A rating, RD or volatility is not a finite number, or an RD or volatility is not
    /// above 0.
    #[error("invalid Glicko-2 {what}: {value} (ratings must be finite, RD and volatility above 0)")]
    Invalid {
        /// Which value: "rating", "deviation" or "volatility".
        what: &'static str,
        /// The value given.
        value: f64,
    },
    /// τ is not a finite number above 0.
    #[error("invalid Glicko-2 system constant τ: {0}")]
    InvalidTau(f64),
    /// The elapsed rating periods are negative or not finite.
    #[error("invalid number of elapsed rating periods: {0}")]
    InvalidPeriods(f64),
    /// A rating period with no games (use [`Glicko::at`] for RD growth alone).
    #[error("a rating period needs at least one game")]
    NoGames,
    /// The volatility search of step 5 did not converge.
    #[error("the Glicko-2 volatility did not converge in {ITERATION_MAX} iterations")]
    NoConvergence,
    /// The new rating fails lishogi's sanity check (`Glicko.scala`, `sanityCheck`: rating in
    /// 0–4000, RD in 0–1000, volatility in 0–0.2); lishogi resets such a rating to the default.
    #[error(
        "Glicko-2 update gave an impossible rating {rating:.2}, RD {deviation:.2}, volatility {volatility:.5}"
    )]
    Insane {
        /// The rating computed.
        rating: f64,
        /// The RD computed.
        deviation: f64,
        /// The volatility computed.
        volatility: f64,
    },
}

/// A player's Glicko-2 rating in one pool, with what RD growth and game counts need.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Glicko {
    /// The rating μ on the displayed scale (1500 at the start).
    pub rating: f64,
    /// The rating deviation (RD) on the displayed scale, as of `latest`.
    pub deviation: f64,
    /// The volatility σ.
    pub volatility: f64,
    /// Rated games played in this pool.
    pub games: u32,
    /// When the last rated game ended, in Unix seconds; `None` before the first.
    pub latest: Option<u64>,
}

impl Default for Glicko {
    /// A new player: 1500, RD 350, volatility 0.06, no games.
    fn default() -> Glicko {
        Glicko {
            rating: DEFAULT_RATING,
            deviation: DEFAULT_DEVIATION,
            volatility: DEFAULT_VOLATILITY,
            games: 0,
            latest: None,
        }
    }
}

impl Glicko {
    /// A rating with no games or date, checked: finite, RD and volatility above 0.
    pub fn new(rating: f64, deviation: f64, volatility: f64) -> Result<Glicko, GlickoError> {
        let g = Glicko {
            rating,
            deviation,
            volatility,
            games: 0,
            latest: None,
        };
        g.check()?;
        Ok(g)
    }

    fn check(&self) -> Result<(), GlickoError> {
        let bad = |what, value: f64, positive: bool| {
            if !value.is_finite() || (positive && value <= 0.0) {
                Err(GlickoError::Invalid { what, value })
            } else {
                Ok(())
            }
        };
        bad("rating", self.rating, false)?;
        bad("deviation", self.deviation, true)?;
        bad("volatility", self.volatility, true)
    }

    /// The rating truncated to a whole number, as lishogi shows it (`Glicko.scala`,
    /// `intRating`).
    pub fn int_rating(&self) -> i64 {
        self.rating as i64
    }

    /// Whether the rating is provisional (RD of 130 or more), shown with "?"; ask it of
    /// [`Glicko::at`] for the RD as of now.
    pub fn is_provisional(&self) -> bool {
        self.deviation >= PROVISIONAL_DEVIATION
    }

    /// Whether the rating is sure enough for a leaderboard (`Glicko.scala`, `rankable`).
    pub fn is_rankable(&self, standard_shogi: bool) -> bool {
        let limit = if standard_shogi {
            STANDARD_RANKABLE_DEVIATION
        } else {
            VARIANT_RANKABLE_DEVIATION
        };
        self.deviation <= limit
    }

    /// The kyu/dan rank of the rating, `None` while it is provisional (lishogi, `Rank.scala`,
    /// `fromPerf`); ask it of [`Glicko::at`] for the RD as of now.
    pub fn rank(&self) -> Option<Rank> {
        (!self.is_provisional()).then(|| Rank::of(self.rating))
    }

    /// The RD at `now` (Unix seconds): grown by Glickman's step 6 for the rating periods since
    /// the last game, kept between 45 and 500 (lishogi, `Glicko.scala`, `liveDeviation`).
    pub fn live_deviation(&self, now: u64) -> f64 {
        let days = self.latest.map_or(0.0, |latest| {
            now.saturating_sub(latest) as f64 / SECONDS_PER_DAY
        });
        grown_deviation(
            self.deviation,
            self.volatility,
            days * RATING_PERIODS_PER_DAY,
        )
        .clamp(MIN_DEVIATION, MAX_DEVIATION)
    }

    /// This rating as of `now`: the RD grown with the idle time, as shown and as used in the
    /// next game (the date of the last game is kept).
    pub fn at(&self, now: u64) -> Glicko {
        Glicko {
            deviation: self.live_deviation(now),
            ..*self
        }
    }

    /// The rating after one rated game against `opponent` ending at `now` (Unix seconds),
    /// scored `score`, as lishogi updates it: both RDs grown to `now`, one rating period with
    /// no further growth, the change limited to 700 points, then capped.
    pub fn after_game(
        &self,
        opponent: &Glicko,
        score: Score,
        now: u64,
    ) -> Result<Glicko, GlickoError> {
        self.check()?;
        opponent.check()?;
        let floored = |g: &Glicko| Glicko {
            rating: g.rating.max(MIN_RATING),
            ..g.at(now)
        };
        let me = floored(self);
        let raw = me.period(&[(floored(opponent), score)], TAU, 0.0)?;
        let rating = raw.rating.clamp(
            self.rating - MAX_RATING_DELTA,
            self.rating + MAX_RATING_DELTA,
        );
        let sane = rating > 0.0
            && rating < MAX_RATING
            && raw.deviation > 0.0
            && raw.deviation < 1000.0
            && raw.volatility > 0.0
            && raw.volatility < 2.0 * MAX_VOLATILITY;
        if !sane {
            return Err(GlickoError::Insane {
                rating,
                deviation: raw.deviation,
                volatility: raw.volatility,
            });
        }
        Ok(Glicko {
            rating: rating.max(MIN_RATING),
            deviation: raw.deviation.clamp(MIN_DEVIATION, MAX_DEVIATION),
            volatility: raw.volatility.min(MAX_VOLATILITY),
            games: self.games.saturating_add(1),
            latest: Some(now),
        })
    }

    /// Both players' ratings after a rated game between them: `self` scored `score` against
    /// `opponent`; each is updated from the other's rating before the game.
    pub fn rate_game(
        &self,
        opponent: &Glicko,
        score: Score,
        now: u64,
    ) -> Result<(Glicko, Glicko), GlickoError> {
        Ok((
            self.after_game(opponent, score, now)?,
            opponent.after_game(self, score.opposite(), now)?,
        ))
    }

    /// Halfway between this rating (after a game) and `before` it, in rating, RD and
    /// volatility, keeping this one's games and date: lishogi halves a human's change in a
    /// game against a bot (`PerfsUpdater.scala`, `isHumanVsMachine` and `averageGlicko`;
    /// `Glicko.scala`, `average`).
    pub fn halfway_from(&self, before: &Glicko) -> Glicko {
        Glicko {
            rating: (self.rating + before.rating) / 2.0,
            deviation: (self.deviation + before.deviation) / 2.0,
            volatility: (self.volatility + before.volatility) / 2.0,
            ..*self
        }
    }

    /// One rating period of Glickman's algorithm (steps 1–8) against `results`, with system
    /// constant `tau` and `elapsed_periods` of RD growth in step 6 (Glickman: 1; lishogi: 0).
    /// No caps or floors; `games` grows by the number of results, `latest` is kept.
    pub fn period(
        &self,
        results: &[(Glicko, Score)],
        tau: f64,
        elapsed_periods: f64,
    ) -> Result<Glicko, GlickoError> {
        self.check()?;
        if !(tau.is_finite() && tau > 0.0) {
            return Err(GlickoError::InvalidTau(tau));
        }
        if !(elapsed_periods.is_finite() && elapsed_periods >= 0.0) {
            return Err(GlickoError::InvalidPeriods(elapsed_periods));
        }
        if results.is_empty() {
            return Err(GlickoError::NoGames);
        }
        // Step 2: to the Glicko-2 scale.
        let mu = (self.rating - CENTRE) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        // Steps 3 and 4: the estimated variance v and improvement Δ.
        let mut v_inverse = 0.0;
        let mut sum = 0.0;
        for (opponent, score) in results {
            opponent.check()?;
            let mu_j = (opponent.rating - CENTRE) / SCALE;
            let g = g(opponent.deviation / SCALE);
            let e = 1.0 / (1.0 + (-g * (mu - mu_j)).exp());
            v_inverse += g * g * e * (1.0 - e);
            sum += g * (score.value() - e);
        }
        let v = 1.0 / v_inverse;
        let delta = v * sum;
        // Step 5: the new volatility.
        let sigma = new_volatility(delta, phi, v, sigma, tau)?;
        // Steps 6 and 7: the new RD and rating.
        let phi_star = (phi * phi + elapsed_periods * sigma * sigma).sqrt();
        let phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu = mu + phi * phi * sum;
        // Step 8: back to the displayed scale.
        let games = u32::try_from(results.len()).unwrap_or(u32::MAX);
        Ok(Glicko {
            rating: mu * SCALE + CENTRE,
            deviation: phi * SCALE,
            volatility: sigma,
            games: self.games.saturating_add(games),
            latest: self.latest,
        })
    }
}

impl fmt::Display for Glicko {
    /// The whole rating, with "?" when provisional: `1500?`, `1723` (`Glicko.scala`, `display`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.int_rating())?;
        if self.is_provisional() {
            f.write_str("?")?;
        }
        Ok(())
    }
}

/// Glickman's g(φ), which discounts a result against an uncertain opponent.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// An RD (displayed scale) after `periods` rating periods without games (Glickman, step 6).
fn grown_deviation(deviation: f64, volatility: f64, periods: f64) -> f64 {
    let phi = deviation / SCALE;
    (phi * phi + periods * volatility * volatility).sqrt() * SCALE
}

/// Glickman's step 5: the new volatility, by the Illinois algorithm.
fn new_volatility(delta: f64, phi: f64, v: f64, sigma: f64, tau: f64) -> Result<f64, GlickoError> {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
            if k > f64::from(ITERATION_MAX) {
                return Err(GlickoError::NoConvergence);
            }
        }
        a - k * tau
    };
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    let mut iterations = 0;
    while (big_b - big_a).abs() > TOLERANCE {
        iterations += 1;
        if iterations > ITERATION_MAX {
            return Err(GlickoError::NoConvergence);
        }
        let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(big_c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
    }
    let sigma = (big_a / 2.0).exp();
    if sigma.is_finite() && sigma > 0.0 {
        Ok(sigma)
    } else {
        Err(GlickoError::NoConvergence)
    }
}
