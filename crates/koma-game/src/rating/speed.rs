//! Game speeds and rating pools: which ratings a game with a given time control counts for.
//!
//! A game's speed comes from its estimated length, as lishogi computed it: the main time, plus
//! 60 increments and 25 byoyomi periods of each period count, "estimate 60 moves/drops (per
//! player) per game" (scalashogi, `src/main/scala/Clock.scala`, `Config.estimateTotalSeconds`:
//! `limitSeconds + 60 * incrementSeconds + 25 * periodsTotal * byoyomiSeconds`, where
//! `periodsTotal` is at least 1 with byoyomi and 0 without). The bands are scalashogi's
//! `src/main/scala/Speed.scala` (as of commit 0cad44c; its commit 6cad22a of 2026-01-05
//! removed it when lishogi merged its real-time pools), which lishogi's API still reports
//! (`modules/bot/src/main/BotJsonView.scala`, `speedKeyBc`):
//!
//! | speed | estimated length |
//! |---|---|
//! | ultraBullet | under 60 s |
//! | bullet | 60 s to under 5 min |
//! | blitz | 5 to under 10 min |
//! | rapid | 10 to under 25 min |
//! | classical | 25 min to under 6 h |
//! | correspondence | 6 h and more, or no clock |
//!
//! koma's durations are in milliseconds; lishogi's were whole seconds, and the bands are
//! compared in milliseconds so that whole-second clocks fall exactly as on lishogi.
//!
//! A [`Pool`] is a variant and a speed: a player has one Glicko-2 rating per pool, as the
//! issue asks ("one pool per variant and speed"). lishogi today has fewer pools
//! (`modules/rating/src/main/PerfType.scala`: one `realTime` pool for standard shogi with a
//! clock, one `correspondence` pool, and one pool per other variant whatever its speed,
//! `PerfType.from`); koma keeps the older, finer split, which lishogi's API keys still name.
//!
//! ```
//! use koma_game::clock::TimeControl;
//! use koma_game::rating::{Pool, Speed};
//! use koma_rules::VariantKind;
//!
//! // 10 minutes and 30 s byoyomi: 600 + 25 × 30 = 1350 s, rapid.
//! let tc: TimeControl = "10m+30s".parse().unwrap();
//! assert_eq!(Speed::of(&tc), Speed::Rapid);
//! let pool = Pool::of(VariantKind::Shogi, &tc);
//! assert_eq!(pool.key(), "shogi-rapid");
//! assert_eq!("shogi-rapid".parse::<Pool>().unwrap(), pool);
//! ```

use std::fmt;
use std::str::FromStr;

use koma_rules::GameKind;

use crate::clock::TimeControl;

/// Increments counted in the estimated game length (scalashogi, `Clock.scala`).
const INCREMENTS_PER_GAME: u128 = 60;
/// Byoyomi periods counted per period in the estimated game length (scalashogi,
/// `Clock.scala`).
const PERIODS_PER_GAME: u128 = 25;

/// How fast a game is, from its estimated length (lishogi's speeds).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Speed {
    /// Under 60 seconds estimated.
    UltraBullet,
    /// 60 seconds to under 5 minutes.
    Bullet,
    /// 5 to under 10 minutes.
    Blitz,
    /// 10 to under 25 minutes.
    Rapid,
    /// 25 minutes to under 6 hours.
    Classical,
    /// 6 hours and more, or no clock.
    Correspondence,
}

/// Each speed with the estimated length, in seconds, from which it starts (scalashogi,
/// `Speed.scala`, the ranges `0 to 59`, `60 to 299`, `300 to 599`, `600 to 1499`,
/// `1500 to 21599`, `21600 to Int.MaxValue`).
const BANDS: [(u64, Speed); 6] = [
    (0, Speed::UltraBullet),
    (60, Speed::Bullet),
    (300, Speed::Blitz),
    (600, Speed::Rapid),
    (1500, Speed::Classical),
    (21_600, Speed::Correspondence),
];

/// A speed or pool name that koma does not know.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PoolError {
    /// Not one of lishogi's speed keys.
    #[error(
        "unknown speed `{0}` (use ultraBullet, bullet, blitz, rapid, classical or correspondence)"
    )]
    UnknownSpeed(String),
    /// Not a variant name.
    #[error(
        "unknown variant `{0}` in a rating pool (use a variant name: shogi, tori, minishogi, kyotoshogi, dobutsu)"
    )]
    UnknownVariant(String),
    /// A pool key without the `-` between variant and speed.
    #[error("rating pool `{0}` is not VARIANT-SPEED, as in shogi-blitz")]
    Malformed(String),
}

impl Speed {
    /// Every speed, fastest first.
    pub const ALL: [Speed; 6] = [
        Speed::UltraBullet,
        Speed::Bullet,
        Speed::Blitz,
        Speed::Rapid,
        Speed::Classical,
        Speed::Correspondence,
    ];

    /// lishogi's key: `ultraBullet`, `bullet`, `blitz`, `rapid`, `classical`,
    /// `correspondence`.
    pub const fn key(self) -> &'static str {
        match self {
            Speed::UltraBullet => "ultraBullet",
            Speed::Bullet => "bullet",
            Speed::Blitz => "blitz",
            Speed::Rapid => "rapid",
            Speed::Classical => "classical",
            Speed::Correspondence => "correspondence",
        }
    }

    /// The name shown to players, as lishogi's: `UltraBullet`, `Bullet`, `Blitz`, `Rapid`,
    /// `Classical`, `Correspondence` (scalashogi, `Speed.scala`).
    pub const fn name(self) -> &'static str {
        match self {
            Speed::UltraBullet => "UltraBullet",
            Speed::Bullet => "Bullet",
            Speed::Blitz => "Blitz",
            Speed::Rapid => "Rapid",
            Speed::Classical => "Classical",
            Speed::Correspondence => "Correspondence",
        }
    }

    /// The speed of a game played under `control`.
    pub fn of(control: &TimeControl) -> Speed {
        estimated_ms(control).map_or(Speed::Correspondence, Speed::by_estimate_ms)
    }

    /// The speed of a game estimated to last `ms` milliseconds (per player).
    pub fn by_estimate_ms(ms: u128) -> Speed {
        BANDS
            .iter()
            .rev()
            .find(|&&(from, _)| ms >= u128::from(from) * 1000)
            .map_or(Speed::UltraBullet, |&(_, speed)| speed)
    }

    /// The shortest estimated length, in seconds, of a game of this speed.
    pub fn from_seconds(self) -> u64 {
        BANDS
            .iter()
            .find(|&&(_, s)| s == self)
            .map_or(0, |&(from, _)| from)
    }
}

/// A game's estimated length per player in milliseconds (main time, 60 increments, 25 times
/// each byoyomi period); `None` without a clock.
pub fn estimated_ms(control: &TimeControl) -> Option<u128> {
    match *control {
        TimeControl::Unlimited => None,
        TimeControl::SuddenDeath { main_ms } => Some(u128::from(main_ms)),
        TimeControl::Fischer {
            main_ms,
            increment_ms,
        } => Some(u128::from(main_ms) + INCREMENTS_PER_GAME * u128::from(increment_ms)),
        TimeControl::Byoyomi {
            main_ms,
            period_ms,
            periods,
        } => {
            let periods = if period_ms == 0 { 0 } else { periods.max(1) };
            Some(
                u128::from(main_ms)
                    + PERIODS_PER_GAME * u128::from(periods) * u128::from(period_ms),
            )
        }
    }
}

impl fmt::Display for Speed {
    /// lishogi's key, as [`Speed::key`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl FromStr for Speed {
    type Err = PoolError;

    /// A speed from lishogi's key (case-insensitive).
    fn from_str(s: &str) -> Result<Speed, PoolError> {
        Speed::ALL
            .into_iter()
            .find(|speed| speed.key().eq_ignore_ascii_case(s))
            .ok_or_else(|| PoolError::UnknownSpeed(s.to_owned()))
    }
}

/// A rating pool: one Glicko-2 rating per variant and speed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pool {
    /// The game played (a 9x9 variant or Chu).
    pub variant: GameKind,
    /// The game's speed.
    pub speed: Speed,
}

impl Pool {
    /// The pool of a `variant` game played under `control`.
    pub fn of(variant: impl Into<GameKind>, control: &TimeControl) -> Pool {
        Pool {
            variant: variant.into(),
            speed: Speed::of(control),
        }
    }

    /// Every pool, variant by variant, fastest first.
    pub fn all() -> impl Iterator<Item = Pool> {
        GameKind::ALL.iter().copied().flat_map(|variant| {
            Speed::ALL
                .into_iter()
                .map(move |speed| Pool { variant, speed })
        })
    }

    /// The key to store it under: `VARIANT-SPEED`, as `shogi-blitz` or `tori-ultraBullet`.
    pub fn key(self) -> String {
        format!("{}-{}", self.variant.name(), self.speed.key())
    }
}

impl fmt::Display for Pool {
    /// The key, as [`Pool::key`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.variant.name(), self.speed.key())
    }
}

impl FromStr for Pool {
    type Err = PoolError;

    /// A pool from its key, `VARIANT-SPEED`.
    fn from_str(s: &str) -> Result<Pool, PoolError> {
        let (variant, speed) = s
            .split_once('-')
            .ok_or_else(|| PoolError::Malformed(s.to_owned()))?;
        let variant = GameKind::from_name(variant)
            .ok_or_else(|| PoolError::UnknownVariant(variant.to_owned()))?;
        Ok(Pool {
            variant,
            speed: speed.parse()?,
        })
    }
}
