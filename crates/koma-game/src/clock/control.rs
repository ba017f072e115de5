//! Time controls and their text form: `15m`, `10m+30s`, `10m+30sx3`, `fischer:5m+10s`,
//! `unlimited`.
//!
//! A duration is a bare number of seconds (`90`) or numbers with units `d`, `h`, `m`, `s`,
//! `ms`, largest first, each at most once (`1h30m`, `1m30s`, `2s500ms`, `3d`). A time
//! control is
//!
//! - `none` or `unlimited`: no clock;
//! - `MAIN` or `sudden:MAIN`: sudden death;
//! - `MAIN+PERIOD` or `byoyomi:MAIN+PERIOD`, optionally `xN` for N periods: byoyomi
//!   (`0+10s` is byoyomi only; `0+3d`, days per move, is how correspondence is played:
//!   every move within three days);
//! - `fischer:MAIN+INCREMENT`: Fischer.
//!
//! [`TimeControl`]'s `Display` writes the shortest of these forms, which parses back to the
//! same value.
//!
//! The text must give each player some time and stay within sane bounds; anything else is
//! refused with a message that says what to write instead:
//!
//! - some time to move: sudden death needs main time above 0 (`sudden:0s` would lose at the
//!   first move), byoyomi needs a period above 0 (`0+10s`, byoyomi only, is fine; `0m+0s`
//!   gives no time at all), and Fischer needs main time above 0 (the increment comes only
//!   after a move made in time, so `fischer:0+10s` would lose at the first move);
//! - main time at most [`MAX_MAIN_MS`] (24 h: longer than the Meijin-sen's 9 h each), a byoyomi
//!   period at most [`MAX_BYOYOMI_MS`] (14 days, lishogi's longest correspondence time per
//!   move), an increment at most [`MAX_PERIOD_MS`] (1 h), at most [`MAX_PERIODS`] periods.
//!
//! lishogi's setup (modules/setup, `BaseConfig`) allows 0 to 180 minutes, 0 to 180 s of
//! increment or byoyomi and 0 to 5 periods, and refuses a clock whose time, increment and
//! byoyomi add up to 0; koma's bounds are wider because the same parser serves
//! over-the-board and engine matches, but refuse the same empty clocks. lishogi starts a
//! `0+inc` Fischer game with a few seconds on the clock; koma asks for the main time instead.

use std::fmt;
use std::str::FromStr;

/// How much time each player has, and what happens when it runs out.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// No clock: nobody can run out of time.
    Unlimited,
    /// Sudden death (切れ負け): main time only.
    SuddenDeath {
        /// Main time (持ち時間) in milliseconds.
        main_ms: u64,
    },
    /// Japanese byoyomi (秒読み): once main time is used up every move must be made within
    /// a period; overrunning a period uses it up and the next one starts afresh, and
    /// overrunning the last one runs out of time.
    Byoyomi {
        /// Main time (持ち時間) in milliseconds.
        main_ms: u64,
        /// Length of one byoyomi period in milliseconds.
        period_ms: u64,
        /// Number of periods (at least 1; 0 is treated as 1).
        periods: u32,
    },
    /// Fischer: main time, plus an increment after every move made in time.
    Fischer {
        /// Main time in milliseconds.
        main_ms: u64,
        /// Time added after each move made in time, in milliseconds.
        increment_ms: u64,
    },
}

/// The longest main time a time control may give: 24 hours.
pub const MAX_MAIN_MS: u64 = 24 * 3_600_000;
/// The longest Fischer increment: 1 hour.
pub const MAX_PERIOD_MS: u64 = 3_600_000;
/// The longest byoyomi period: 14 days, the most days per move lishogi's correspondence
/// games give (`0+14d`).
pub const MAX_BYOYOMI_MS: u64 = 14 * DAY_MS;
/// A day in milliseconds.
pub const DAY_MS: u64 = 86_400_000;
/// The most byoyomi periods.
pub const MAX_PERIODS: u32 = 10;

impl TimeControl {
    /// No clock.
    pub const fn unlimited() -> TimeControl {
        TimeControl::Unlimited
    }

    /// Sudden death with `main_ms` milliseconds each.
    pub const fn sudden_death(main_ms: u64) -> TimeControl {
        TimeControl::SuddenDeath { main_ms }
    }

    /// Main time then one byoyomi period of `period_ms` per move.
    pub const fn byoyomi(main_ms: u64, period_ms: u64) -> TimeControl {
        TimeControl::byoyomi_periods(main_ms, period_ms, 1)
    }

    /// Main time then `periods` byoyomi periods of `period_ms` (0 periods counts as 1).
    pub const fn byoyomi_periods(main_ms: u64, period_ms: u64, periods: u32) -> TimeControl {
        let periods = if periods == 0 { 1 } else { periods };
        TimeControl::Byoyomi {
            main_ms,
            period_ms,
            periods,
        }
    }

    /// Fischer: `main_ms`, plus `increment_ms` after each move made in time.
    pub const fn fischer(main_ms: u64, increment_ms: u64) -> TimeControl {
        TimeControl::Fischer {
            main_ms,
            increment_ms,
        }
    }

    /// The time each move gets in a correspondence game, which is played as a byoyomi
    /// period of a day or more (`0+3d`); `None` for a real-time control.
    pub const fn correspondence_per_move_ms(&self) -> Option<u64> {
        match *self {
            TimeControl::Byoyomi { period_ms, .. } if period_ms >= DAY_MS => Some(period_ms),
            _ => None,
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Unlimited => f.write_str("unlimited"),
            TimeControl::SuddenDeath { main_ms } => write_duration(f, main_ms),
            TimeControl::Byoyomi {
                main_ms,
                period_ms,
                periods,
            } => {
                write_duration(f, main_ms)?;
                f.write_str("+")?;
                write_duration(f, period_ms)?;
                if periods > 1 {
                    write!(f, "x{periods}")?;
                }
                Ok(())
            }
            TimeControl::Fischer {
                main_ms,
                increment_ms,
            } => {
                f.write_str("fischer:")?;
                write_duration(f, main_ms)?;
                f.write_str("+")?;
                write_duration(f, increment_ms)
            }
        }
    }
}

/// Which part of a time control a duration error is in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// The main time, before `+`.
    MainTime,
    /// The byoyomi period, after `+`.
    ByoyomiPeriod,
    /// The Fischer increment, after `+`.
    Increment,
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Part::MainTime => "main time",
            Part::ByoyomiPeriod => "byoyomi period",
            Part::Increment => "increment",
        })
    }
}

/// What is wrong with a duration such as `1h30m`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DurationError {
    /// Nothing was written.
    #[error("empty duration")]
    Empty,
    /// A unit with no number before it.
    #[error("unit `{0}` has no number before it")]
    MissingNumber(String),
    /// A unit that is not h, m, s or ms.
    #[error("unknown unit `{0}` (use h, m, s or ms)")]
    UnknownUnit(String),
    /// A number without a unit next to numbers with units.
    #[error("number `{0}` needs a unit (h, m, s or ms)")]
    MissingUnit(String),
    /// A unit used twice or after a smaller one.
    #[error("unit `{0}` repeated or out of order (largest first, as in 1h30m)")]
    UnitOrder(String),
    /// A character that is neither a digit nor a unit letter.
    #[error("unexpected character `{0}`")]
    UnexpectedChar(char),
    /// More milliseconds than fit in 64 bits.
    #[error("duration too long")]
    TooLong,
}

/// Why a time control could not be read; names the part that is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// Nothing was written.
    #[error("empty time control")]
    Empty,
    /// The word before `:` is not a known kind.
    #[error("unknown time control kind `{0}` (use sudden, byoyomi or fischer)")]
    UnknownKind(String),
    /// A duration is malformed.
    #[error("{part} `{text}`: {problem}")]
    Duration {
        /// Which duration.
        part: Part,
        /// Its text.
        text: String,
        /// What is wrong with it.
        problem: DurationError,
    },
    /// `byoyomi:` without `+PERIOD`.
    #[error("byoyomi needs a period after `+`, as in 10m+30s")]
    MissingPeriod,
    /// `fischer:` without `+INCREMENT`.
    #[error("fischer needs an increment after `+`, as in fischer:5m+10s")]
    MissingIncrement,
    /// `sudden:` with a `+`.
    #[error("sudden death has main time only, but `{0}` has a `+`")]
    UnexpectedPlus(String),
    /// The count after `x` is not a whole number from 1 up.
    #[error("byoyomi period count `{0}` is not a whole number from 1 up")]
    BadPeriodCount(String),
    /// A period count on something other than byoyomi.
    #[error("a period count (`x{0}`) only goes with byoyomi")]
    PeriodCountWithoutByoyomi(String),
    /// A byoyomi period of zero length after some main time.
    #[error(
        "the byoyomi period must be longer than 0 (for sudden death write the main time alone, as in 10m)"
    )]
    ZeroPeriod,
    /// A clock that gives no time at all (`sudden:0s`, `0m+0s`).
    #[error(
        "`{0}` gives no time at all: give main time, a byoyomi period or both, as in 10m, 0+10s or 10m+30s"
    )]
    NoTime(String),
    /// Fischer without main time: the first move would already be late.
    #[error(
        "Fischer needs main time above 0 (the increment comes only after a move made in time); for time per move only write byoyomi, as in 0+10s"
    )]
    FischerWithoutMain,
    /// A duration beyond its bound.
    #[error("{part} `{text}` is longer than the limit of {limit}")]
    TooLong {
        /// Which duration.
        part: Part,
        /// Its text.
        text: String,
        /// The bound, as a time control writes it (`24h`).
        limit: String,
    },
    /// More byoyomi periods than `MAX_PERIODS`.
    #[error("at most {MAX_PERIODS} byoyomi periods, not {0}")]
    TooManyPeriods(u32),
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let text = text.trim().to_ascii_lowercase();
        if text.is_empty() {
            return Err(TimeControlError::Empty);
        }
        if text == "none" || text == "unlimited" {
            return Ok(TimeControl::Unlimited);
        }
        match text.split_once(':') {
            None if text.contains('+') => parse_byoyomi(&text),
            None => parse_sudden(&text),
            Some(("sudden", body)) => parse_sudden(body),
            Some(("byoyomi", body)) => parse_byoyomi(body),
            Some(("fischer", body)) => parse_fischer(body),
            Some((kind, _)) => Err(TimeControlError::UnknownKind(kind.to_string())),
        }
    }
}

fn parse_sudden(body: &str) -> Result<TimeControl, TimeControlError> {
    if body.contains('+') {
        return Err(TimeControlError::UnexpectedPlus(body.to_string()));
    }
    if let Some((_, count)) = body.split_once('x') {
        return Err(TimeControlError::PeriodCountWithoutByoyomi(
            count.to_string(),
        ));
    }
    let main_ms = duration(Part::MainTime, body)?;
    if main_ms == 0 {
        return Err(TimeControlError::NoTime(format!("sudden:{body}")));
    }
    Ok(TimeControl::SuddenDeath { main_ms })
}

fn parse_byoyomi(body: &str) -> Result<TimeControl, TimeControlError> {
    let (main, rest) = body
        .split_once('+')
        .ok_or(TimeControlError::MissingPeriod)?;
    let (period, periods) = match rest.split_once('x') {
        None => (rest, 1),
        Some((period, count)) => match count.parse::<u32>() {
            Ok(n) if n > MAX_PERIODS && count.bytes().all(|b| b.is_ascii_digit()) => {
                return Err(TimeControlError::TooManyPeriods(n));
            }
            Ok(n) if n >= 1 && count.bytes().all(|b| b.is_ascii_digit()) => (period, n),
            _ => return Err(TimeControlError::BadPeriodCount(count.to_string())),
        },
    };
    let main_ms = duration(Part::MainTime, main)?;
    let period_ms = duration(Part::ByoyomiPeriod, period)?;
    match (main_ms, period_ms) {
        (0, 0) => return Err(TimeControlError::NoTime(body.to_string())),
        (_, 0) => return Err(TimeControlError::ZeroPeriod),
        _ => {}
    }
    Ok(TimeControl::Byoyomi {
        main_ms,
        period_ms,
        periods,
    })
}

fn parse_fischer(body: &str) -> Result<TimeControl, TimeControlError> {
    let (main, increment) = body
        .split_once('+')
        .ok_or(TimeControlError::MissingIncrement)?;
    if let Some((_, count)) = increment.split_once('x') {
        return Err(TimeControlError::PeriodCountWithoutByoyomi(
            count.to_string(),
        ));
    }
    let main_ms = duration(Part::MainTime, main)?;
    let increment_ms = duration(Part::Increment, increment)?;
    if main_ms == 0 {
        return Err(TimeControlError::FischerWithoutMain);
    }
    Ok(TimeControl::Fischer {
        main_ms,
        increment_ms,
    })
}

/// The duration `text` of `part`, within the part's bound.
fn duration(part: Part, text: &str) -> Result<u64, TimeControlError> {
    let limit = match part {
        Part::MainTime => MAX_MAIN_MS,
        Part::ByoyomiPeriod => MAX_BYOYOMI_MS,
        Part::Increment => MAX_PERIOD_MS,
    };
    let too_long = || TimeControlError::TooLong {
        part,
        text: text.to_string(),
        limit: DurationText(limit).to_string(),
    };
    match parse_duration(text) {
        Ok(ms) if ms > limit => Err(too_long()),
        Ok(ms) => Ok(ms),
        Err(DurationError::TooLong) => Err(too_long()),
        Err(problem) => Err(TimeControlError::Duration {
            part,
            text: text.to_string(),
            problem,
        }),
    }
}

/// A duration in milliseconds, displayed as [`parse_duration`] reads it.
struct DurationText(u64);

impl fmt::Display for DurationText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_duration(f, self.0)
    }
}

/// Units from largest to smallest, with their length in milliseconds.
const UNITS: [(&str, u64); 5] = [
    ("d", DAY_MS),
    ("h", 3_600_000),
    ("m", 60_000),
    ("s", 1_000),
    ("ms", 1),
];

/// Reads `90` (seconds), `1h30m`, `2s500ms`, ... into milliseconds.
pub fn parse_duration(text: &str) -> Result<u64, DurationError> {
    if text.is_empty() {
        return Err(DurationError::Empty);
    }
    if text.bytes().all(|b| b.is_ascii_digit()) {
        return number(text)?
            .checked_mul(1_000)
            .ok_or(DurationError::TooLong);
    }
    let mut total: u64 = 0;
    // Index into UNITS of the next unit allowed: each must be smaller than the last.
    let mut next_unit = 0;
    let mut rest = text;
    while !rest.is_empty() {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let (num, after) = rest.split_at(digits);
        let letters = after.bytes().take_while(u8::is_ascii_alphabetic).count();
        let (unit, after) = after.split_at(letters);
        if unit.is_empty() {
            return match after.chars().next() {
                Some(c) => Err(DurationError::UnexpectedChar(c)),
                None => Err(DurationError::MissingUnit(num.to_string())),
            };
        }
        if num.is_empty() {
            return Err(DurationError::MissingNumber(unit.to_string()));
        }
        let index = UNITS
            .iter()
            .position(|&(name, _)| name == unit)
            .ok_or_else(|| DurationError::UnknownUnit(unit.to_string()))?;
        if index < next_unit {
            return Err(DurationError::UnitOrder(unit.to_string()));
        }
        next_unit = index + 1;
        total = number(num)?
            .checked_mul(UNITS[index].1)
            .and_then(|ms| total.checked_add(ms))
            .ok_or(DurationError::TooLong)?;
        rest = after;
    }
    Ok(total)
}

fn number(digits: &str) -> Result<u64, DurationError> {
    digits.parse().map_err(|_| DurationError::TooLong)
}

/// Writes `ms` as `parse_duration` reads it: `1h30m`, `30s`, `1s500ms`, `0`.
fn write_duration(f: &mut fmt::Formatter<'_>, ms: u64) -> fmt::Result {
    if ms == 0 {
        return f.write_str("0");
    }
    let mut left = ms;
    for (name, length) in UNITS {
        let count = left / length;
        if count > 0 {
            write!(f, "{count}{name}")?;
        }
        left %= length;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<TimeControl, TimeControlError> {
        text.parse()
    }

    #[test]
    fn a_period_of_a_day_or_more_is_correspondence() {
        let per_move = |text: &str| {
            text.parse::<TimeControl>()
                .expect("test control")
                .correspondence_per_move_ms()
        };
        assert_eq!(per_move("0+3d"), Some(3 * DAY_MS));
        assert_eq!(per_move("10m+1d"), Some(DAY_MS));
        assert_eq!(per_move("0+23h"), None);
        assert_eq!(per_move("1d"), None);
        assert_eq!(per_move("fischer:1d+1h"), None);
    }

    #[test]
    fn every_kind_parses() {
        assert_eq!(parse("15m"), Ok(TimeControl::sudden_death(900_000)));
        assert_eq!(parse("sudden:15m"), Ok(TimeControl::sudden_death(900_000)));
        assert_eq!(parse("10m+30s"), Ok(TimeControl::byoyomi(600_000, 30_000)));
        assert_eq!(
            parse("byoyomi:10m+30s"),
            Ok(TimeControl::byoyomi(600_000, 30_000))
        );
        assert_eq!(
            parse("10m+30sx3"),
            Ok(TimeControl::byoyomi_periods(600_000, 30_000, 3))
        );
        assert_eq!(parse("0+10s"), Ok(TimeControl::byoyomi(0, 10_000)));
        assert_eq!(
            parse("fischer:5m+10s"),
            Ok(TimeControl::fischer(300_000, 10_000))
        );
        assert_eq!(parse("none"), Ok(TimeControl::Unlimited));
        assert_eq!(parse("unlimited"), Ok(TimeControl::Unlimited));
        assert_eq!(
            parse(" Fischer:5M+10S "),
            Ok(TimeControl::fischer(300_000, 10_000))
        );
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("90"), Ok(90_000));
        assert_eq!(parse_duration("0"), Ok(0));
        assert_eq!(parse_duration("1h30m"), Ok(5_400_000));
        assert_eq!(parse_duration("1m30s"), Ok(90_000));
        assert_eq!(parse_duration("2s500ms"), Ok(2_500));
        assert_eq!(parse_duration("1h2m3s4ms"), Ok(3_723_004));
        assert_eq!(parse_duration("750ms"), Ok(750));
    }

    #[test]
    fn display_round_trips() {
        for text in [
            "15m",
            "1h30m",
            "1m30s",
            "10m+30s",
            "10m+30sx3",
            "0+10s",
            "fischer:5m+10s",
            "fischer:1s+2s",
            "fischer:5m+0",
            "1s500ms+250ms",
            "0+3d",
            "1h+1d12h",
            "unlimited",
        ] {
            let control = parse(text).unwrap();
            assert_eq!(control.to_string(), text);
            assert_eq!(parse(&control.to_string()), Ok(control));
        }
        // Other spellings come out in the canonical form.
        for (text, canonical) in [
            ("sudden:15m", "15m"),
            ("byoyomi:10m+30s", "10m+30s"),
            ("10m+30sx1", "10m+30s"),
            ("90", "1m30s"),
            ("none", "unlimited"),
            ("60m+60s", "1h+1m"),
        ] {
            assert_eq!(parse(text).unwrap().to_string(), canonical);
        }
        // Values at the edges still round trip through Display.
        for control in [
            TimeControl::sudden_death(1),
            TimeControl::sudden_death(MAX_MAIN_MS),
            TimeControl::byoyomi_periods(3_599_999, 59_999, 10),
            TimeControl::byoyomi_periods(MAX_MAIN_MS, MAX_PERIOD_MS, MAX_PERIODS),
            TimeControl::fischer(1, MAX_PERIOD_MS),
        ] {
            assert_eq!(parse(&control.to_string()), Ok(control));
        }
        assert_eq!(
            TimeControl::byoyomi_periods(0, 1_000, 0).to_string(),
            "0+1s"
        );
    }

    #[test]
    fn errors_name_the_wrong_part() {
        let duration = |part, text: &str, problem| {
            Err(TimeControlError::Duration {
                part,
                text: text.to_string(),
                problem,
            })
        };
        assert_eq!(parse(""), Err(TimeControlError::Empty));
        assert_eq!(
            parse("blitz:5m"),
            Err(TimeControlError::UnknownKind("blitz".into()))
        );
        assert_eq!(
            parse("10q+30s"),
            duration(
                Part::MainTime,
                "10q",
                DurationError::UnknownUnit("q".into())
            )
        );
        assert_eq!(
            parse("10m+"),
            duration(Part::ByoyomiPeriod, "", DurationError::Empty)
        );
        assert_eq!(
            parse("fischer:5m+s"),
            duration(
                Part::Increment,
                "s",
                DurationError::MissingNumber("s".into())
            )
        );
        assert_eq!(
            parse("30m1h"),
            duration(
                Part::MainTime,
                "30m1h",
                DurationError::UnitOrder("h".into())
            )
        );
        assert_eq!(
            parse("1m1m"),
            duration(Part::MainTime, "1m1m", DurationError::UnitOrder("m".into()))
        );
        assert_eq!(
            parse("1m30"),
            duration(
                Part::MainTime,
                "1m30",
                DurationError::MissingUnit("30".into())
            )
        );
        assert_eq!(
            parse("1.5m"),
            duration(Part::MainTime, "1.5m", DurationError::UnexpectedChar('.'))
        );
        let too_long = |part, text: &str, limit: &str| {
            Err(TimeControlError::TooLong {
                part,
                text: text.to_string(),
                limit: limit.to_string(),
            })
        };
        // Past 64 bits or merely past the bound: the same error, naming the bound.
        for text in ["99999999999999999999", "5124095576031h", "24h1ms", "25h"] {
            assert_eq!(parse(text), too_long(Part::MainTime, text, "1d"));
        }
        assert_eq!(
            parse("99999999999h+30s"),
            too_long(Part::MainTime, "99999999999h", "1d")
        );
        assert_eq!(
            parse("0+14d1s"),
            too_long(Part::ByoyomiPeriod, "14d1s", "14d")
        );
        assert_eq!(
            parse("fischer:5m+2h"),
            too_long(Part::Increment, "2h", "1h")
        );
        assert_eq!(
            parse("10m+30sx11"),
            Err(TimeControlError::TooManyPeriods(11))
        );
        // No time at all, or none before the first move.
        assert_eq!(
            parse("sudden:0s"),
            Err(TimeControlError::NoTime("sudden:0s".into()))
        );
        assert_eq!(parse("0"), Err(TimeControlError::NoTime("sudden:0".into())));
        assert_eq!(
            parse("0m+0s"),
            Err(TimeControlError::NoTime("0m+0s".into()))
        );
        assert_eq!(
            parse("0+0x3"),
            Err(TimeControlError::NoTime("0+0x3".into()))
        );
        assert_eq!(
            parse("fischer:0+10s"),
            Err(TimeControlError::FischerWithoutMain)
        );
        assert_eq!(
            parse("fischer:0+0"),
            Err(TimeControlError::FischerWithoutMain)
        );
        // Byoyomi only, and the bounds themselves, are fine.
        assert_eq!(parse("0m+10s"), Ok(TimeControl::byoyomi(0, 10_000)));
        assert_eq!(parse("24h"), Ok(TimeControl::sudden_death(MAX_MAIN_MS)));
        // Correspondence: days per move, as byoyomi without main time.
        assert_eq!(parse("0+3d"), Ok(TimeControl::byoyomi(0, 3 * DAY_MS)));
        assert_eq!(parse("0+14d"), Ok(TimeControl::byoyomi(0, MAX_BYOYOMI_MS)));
        assert_eq!(parse("1d"), Ok(TimeControl::sudden_death(DAY_MS)));
        assert_eq!(
            parse("fischer:1ms+1h"),
            Ok(TimeControl::fischer(1, MAX_PERIOD_MS))
        );
        assert_eq!(parse("byoyomi:10m"), Err(TimeControlError::MissingPeriod));
        assert_eq!(parse("fischer:5m"), Err(TimeControlError::MissingIncrement));
        assert_eq!(
            parse("sudden:10m+30s"),
            Err(TimeControlError::UnexpectedPlus("10m+30s".into()))
        );
        for count in ["0", "", "two", "+3", "99999999999"] {
            assert_eq!(
                parse(&format!("10m+30sx{count}")),
                Err(TimeControlError::BadPeriodCount(count.into()))
            );
        }
        assert_eq!(
            parse("fischer:5m+10sx3"),
            Err(TimeControlError::PeriodCountWithoutByoyomi("3".into()))
        );
        assert_eq!(
            parse("15mx3"),
            Err(TimeControlError::PeriodCountWithoutByoyomi("3".into()))
        );
        assert_eq!(parse("10m+0"), Err(TimeControlError::ZeroPeriod));
    }

    #[test]
    fn error_messages_read_well() {
        assert_eq!(
            parse("10m+3z").unwrap_err().to_string(),
            "byoyomi period `3z`: unknown unit `z` (use h, m, s or ms)"
        );
        assert_eq!(
            parse("10m+30sx0").unwrap_err().to_string(),
            "byoyomi period count `0` is not a whole number from 1 up"
        );
        assert_eq!(
            parse("99999999999h+30s").unwrap_err().to_string(),
            "main time `99999999999h` is longer than the limit of 1d"
        );
        assert_eq!(
            parse("sudden:0s").unwrap_err().to_string(),
            "`sudden:0s` gives no time at all: give main time, a byoyomi period or both, as in 10m, 0+10s or 10m+30s"
        );
        assert_eq!(
            parse("0m+0s").unwrap_err().to_string(),
            "`0m+0s` gives no time at all: give main time, a byoyomi period or both, as in 10m, 0+10s or 10m+30s"
        );
        assert!(
            parse("fischer:0+5s")
                .unwrap_err()
                .to_string()
                .starts_with("Fischer needs main time above 0")
        );
    }
}
