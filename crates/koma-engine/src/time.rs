//! Time management: how long to think for a move under byoyomi, Fischer or sudden death.
//!
//! [`limits`] turns the fields of a USI `go` command into search [`Limits`]: a *soft* time
//! (the target: the search starts no new iteration after it) and a *hard* time (the search
//! stops at once). Every figure is in milliseconds and every hard time stays within what
//! the clock allows minus the network-delay margin, so the engine does not lose on time
//! when the delay really is at most [`TimeOptions::network_delay`].
//!
//! The formulas, with `delay` the margin and `safe(t) = max(t - delay, t / 4)` (the most
//! that may be spent of `t` milliseconds; when `t` is below the margin nothing is safe, and a
//! quarter of it is the best guess):
//!
//! | control | soft | hard |
//! |---|---|---|
//! | `movetime M` | `safe(M)` | `safe(M)` |
//! | byoyomi `B`, main time gone | `safe(B)` | `safe(B)` |
//! | byoyomi `B`, main time `T` | `T/30 + B` | `T/8 + B` |
//! | Fischer, time `T`, increment `I` | `T/30 + 3I/4` | `T/6 + I` |
//! | sudden death, time `T` | `T / d(T)`, at least 50 ms | `T/10`, at least soft |
//!
//! with every soft and hard time capped at `safe(T + B)` under byoyomi and `safe(T)` under
//! Fischer and sudden death (the increment only arrives after the move), and
//! `d(T) = 40 + 20 * (1 - min(T, 10 min) / 10 min)`: 40 with ten minutes or more, rising to
//! 60 as the time runs out, so the fraction spent shrinks with the time left. The option
//! [`TimeOptions::minimum_thinking`] raises the soft time (and the hard time with it) but
//! never beyond the cap. Spending the whole byoyomi on every move while main time remains
//! is deliberate: main time that runs out sooner only means more moves get their own free
//! byoyomi.

use crate::search::Limits;
use koma_rules::Color;
use std::time::Duration;

/// The limit fields of a USI `go` command (times in milliseconds; `b` is sente, `w` gote).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// Sente's main time left.
    pub btime: Option<u64>,
    /// Gote's main time left.
    pub wtime: Option<u64>,
    /// Sente's Fischer increment.
    pub binc: Option<u64>,
    /// Gote's Fischer increment.
    pub winc: Option<u64>,
    /// The byoyomi period.
    pub byoyomi: Option<u64>,
    /// Think exactly this long.
    pub movetime: Option<u64>,
    /// Search to this depth.
    pub depth: Option<u32>,
    /// Search about this many nodes.
    pub nodes: Option<u64>,
    /// Search until `stop`.
    pub infinite: bool,
}

impl GoParams {
    /// Whether any clock field (`btime`, `wtime`, `binc`, `winc`, `byoyomi`) is present.
    pub fn has_clock(&self) -> bool {
        self.btime.is_some()
            || self.wtime.is_some()
            || self.binc.is_some()
            || self.winc.is_some()
            || self.byoyomi.is_some()
    }

    /// Whether the command limits the search at all (a clock, `movetime`, `depth`, `nodes`
    /// or `infinite`).
    pub fn has_limit(&self) -> bool {
        self.has_clock()
            || self.movetime.is_some()
            || self.depth.is_some()
            || self.nodes.is_some()
            || self.infinite
    }
}

/// The time-management settings (engine options).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeOptions {
    /// Milliseconds kept back for the delay between the engine and the clock
    /// (`NetworkDelay`, default 120).
    pub network_delay: u64,
    /// Think at least this long when the clock allows it (`MinimumThinkingTime`, default 0).
    pub minimum_thinking: u64,
}

impl Default for TimeOptions {
    fn default() -> TimeOptions {
        TimeOptions {
            network_delay: 120,
            minimum_thinking: 0,
        }
    }
}

/// The time control a `go` command describes, seen from the side to move (milliseconds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// No clock (`depth`, `nodes`, `infinite` or nothing).
    Unlimited,
    /// `movetime`.
    MoveTime(u64),
    /// Main time then a byoyomi period per move.
    Byoyomi {
        /// Main time left.
        time: u64,
        /// The period.
        byoyomi: u64,
    },
    /// Main time plus an increment after every move.
    Fischer {
        /// Time left.
        time: u64,
        /// The increment.
        increment: u64,
    },
    /// Main time only.
    SuddenDeath {
        /// Time left.
        time: u64,
    },
}

/// How long to think: the soft target and the hard limit, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Start no new iteration after this.
    pub soft: u64,
    /// Stop at once at this.
    pub hard: u64,
}

/// Clock values are read up to this (about 31 years), so that every time computed from them
/// can be added to an `Instant` on any platform.
pub const MAX_CLOCK: u64 = 1_000_000_000_000;

/// Divisor of the main time for the soft time under byoyomi.
const BYOYOMI_SOFT_DIVISOR: u64 = 30;
/// Divisor of the main time for the hard time under byoyomi.
const BYOYOMI_HARD_DIVISOR: u64 = 8;
/// Divisor of the time left for the soft time under Fischer.
const FISCHER_SOFT_DIVISOR: u64 = 30;
/// Divisor of the time left for the hard time under Fischer.
const FISCHER_HARD_DIVISOR: u64 = 6;
/// Sudden death: the divisor with plenty of time ...
const SUDDEN_DIVISOR_MIN: u64 = 40;
/// ... rising by this much as the time runs out ...
const SUDDEN_DIVISOR_RISE: u64 = 20;
/// ... over this much time left (ten minutes).
const SUDDEN_HORIZON: u64 = 600_000;
/// Sudden death: divisor of the time left for the hard time.
const SUDDEN_HARD_DIVISOR: u64 = 10;
/// Sudden death: the soft time is at least this (when the cap allows it).
const SUDDEN_FLOOR: u64 = 50;

/// The control described by `go` for `side` (the side to move). `infinite` wins over
/// everything; then `movetime`; then an increment makes it Fischer, a byoyomi byoyomi, and
/// any other clock field sudden death (a missing time counts as 0; every value is capped at
/// [`MAX_CLOCK`]).
pub fn control(go: &GoParams, side: Color) -> Control {
    if go.infinite {
        return Control::Unlimited;
    }
    if let Some(ms) = go.movetime {
        return Control::MoveTime(ms.min(MAX_CLOCK));
    }
    if !go.has_clock() {
        return Control::Unlimited;
    }
    let (time, inc) = match side {
        Color::Black => (go.btime, go.binc),
        Color::White => (go.wtime, go.winc),
    };
    let time = time.unwrap_or(0).min(MAX_CLOCK);
    let inc = inc.unwrap_or(0).min(MAX_CLOCK);
    let byoyomi = go.byoyomi.unwrap_or(0).min(MAX_CLOCK);
    if inc > 0 {
        Control::Fischer {
            time,
            increment: inc,
        }
    } else if byoyomi > 0 {
        Control::Byoyomi { time, byoyomi }
    } else {
        Control::SuddenDeath { time }
    }
}

/// The most of `available` milliseconds that may be spent with `delay` kept back: all but
/// the delay, or a quarter when the delay would leave less.
pub fn safe(available: u64, delay: u64) -> u64 {
    available.saturating_sub(delay).max(available / 4)
}

/// The soft and hard times for `control` (`None` when unlimited).
pub fn budget(control: Control, options: &TimeOptions) -> Option<Budget> {
    let delay = options.network_delay;
    let (soft, hard, cap) = match control {
        Control::Unlimited => return None,
        Control::MoveTime(ms) => {
            let t = safe(ms, delay);
            (t, t, t)
        }
        Control::Byoyomi { time: 0, byoyomi } => {
            let t = safe(byoyomi, delay);
            (t, t, t)
        }
        Control::Byoyomi { time, byoyomi } => {
            let cap = safe(time.saturating_add(byoyomi), delay);
            (
                (time / BYOYOMI_SOFT_DIVISOR).saturating_add(byoyomi),
                (time / BYOYOMI_HARD_DIVISOR).saturating_add(byoyomi),
                cap,
            )
        }
        Control::Fischer { time, increment } => {
            let cap = safe(time, delay);
            (
                (time / FISCHER_SOFT_DIVISOR).saturating_add(increment / 4 * 3),
                (time / FISCHER_HARD_DIVISOR).saturating_add(increment),
                cap,
            )
        }
        Control::SuddenDeath { time } => {
            let cap = safe(time, delay);
            let used = time.min(SUDDEN_HORIZON);
            let divisor =
                SUDDEN_DIVISOR_MIN + SUDDEN_DIVISOR_RISE * (SUDDEN_HORIZON - used) / SUDDEN_HORIZON;
            let soft = (time / divisor).max(SUDDEN_FLOOR);
            (soft, (time / SUDDEN_HARD_DIVISOR).max(soft), cap)
        }
    };
    let soft = soft.max(options.minimum_thinking).min(cap);
    let hard = hard.max(soft).min(cap);
    Some(Budget { soft, hard })
}

/// The search limits for `go` with `side` to move: the budget's times plus `depth`,
/// `nodes` and `infinite` as given.
pub fn limits(go: &GoParams, side: Color, options: &TimeOptions) -> Limits {
    let budget = budget(control(go, side), options);
    Limits {
        depth: go.depth,
        nodes: go.nodes,
        soft_time: budget.map(|b| Duration::from_millis(b.soft)),
        hard_time: budget.map(|b| Duration::from_millis(b.hard)),
        infinite: go.infinite,
        ponder: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OPTIONS: TimeOptions = TimeOptions {
        network_delay: 120,
        minimum_thinking: 0,
    };

    fn go(fields: &[(&str, u64)]) -> GoParams {
        let mut go = GoParams::default();
        for &(name, v) in fields {
            match name {
                "btime" => go.btime = Some(v),
                "wtime" => go.wtime = Some(v),
                "binc" => go.binc = Some(v),
                "winc" => go.winc = Some(v),
                "byoyomi" => go.byoyomi = Some(v),
                "movetime" => go.movetime = Some(v),
                _ => unreachable!("test field {name}"),
            }
        }
        go
    }

    fn budget_of(fields: &[(&str, u64)], side: Color) -> Budget {
        budget(control(&go(fields), side), &OPTIONS).expect("a clock")
    }

    fn b(soft: u64, hard: u64) -> Budget {
        Budget { soft, hard }
    }

    #[test]
    fn safe_keeps_the_delay_or_three_quarters() {
        assert_eq!(safe(10_000, 120), 9_880);
        assert_eq!(safe(160, 120), 40);
        assert_eq!(safe(100, 120), 25);
        assert_eq!(safe(0, 120), 0);
    }

    #[test]
    fn controls_are_read_for_the_side_to_move() {
        let g = go(&[("btime", 1000), ("wtime", 2000), ("binc", 0), ("winc", 500)]);
        assert_eq!(
            control(&g, Color::Black),
            Control::SuddenDeath { time: 1000 }
        );
        assert_eq!(
            control(&g, Color::White),
            Control::Fischer {
                time: 2000,
                increment: 500
            }
        );
        let g = go(&[("btime", 0), ("wtime", 0), ("byoyomi", 0)]);
        assert_eq!(control(&g, Color::Black), Control::SuddenDeath { time: 0 });
        assert_eq!(
            control(&GoParams::default(), Color::Black),
            Control::Unlimited
        );
        let mut g = go(&[("btime", 5000), ("movetime", 300)]);
        assert_eq!(control(&g, Color::Black), Control::MoveTime(300));
        g.infinite = true;
        assert_eq!(control(&g, Color::Black), Control::Unlimited);
    }

    #[test]
    fn byoyomi_only_uses_the_period_minus_the_delay() {
        // 10 s byoyomi, main time gone: 9880 ms, soft = hard.
        let bb = budget_of(
            &[("btime", 0), ("wtime", 60_000), ("byoyomi", 10_000)],
            Color::Black,
        );
        assert_eq!(bb, b(9_880, 9_880));
        // A 100 ms period below the 120 ms margin: a quarter of it.
        let bb = budget_of(
            &[("btime", 0), ("wtime", 0), ("byoyomi", 100)],
            Color::White,
        );
        assert_eq!(bb, b(25, 25));
    }

    #[test]
    fn byoyomi_with_main_time_spends_a_share_plus_the_period() {
        // 10 min + 30 s: soft 600000/30 + 30000 = 50000, hard 600000/8 + 30000 = 105000.
        let bb = budget_of(
            &[("btime", 600_000), ("wtime", 600_000), ("byoyomi", 30_000)],
            Color::Black,
        );
        assert_eq!(bb, b(50_000, 105_000));
        // 1 s of main time left + 10 s: soft 33 + 10000, hard 125 + 10000; cap 10880.
        let bb = budget_of(
            &[("btime", 1_000), ("wtime", 1_000), ("byoyomi", 10_000)],
            Color::White,
        );
        assert_eq!(bb, b(10_033, 10_125));
        assert!(bb.hard <= 1_000 + 10_000 - 120);
    }

    #[test]
    fn fischer_spends_a_share_plus_most_of_the_increment() {
        // 30 s + 5 s (scenario 1's first go, gote): soft 1000 + 3750, hard 5000 + 5000.
        let bb = budget_of(
            &[
                ("btime", 33_000),
                ("wtime", 30_000),
                ("binc", 5_000),
                ("winc", 5_000),
            ],
            Color::White,
        );
        assert_eq!(bb, b(4_750, 10_000));
        // 3 s left, 5 s increment: the increment comes after the move, so both stop at
        // 3000 - 120 = 2880.
        let bb = budget_of(
            &[
                ("btime", 3_000),
                ("wtime", 3_000),
                ("binc", 5_000),
                ("winc", 5_000),
            ],
            Color::Black,
        );
        assert_eq!(bb, b(2_880, 2_880));
        // 5 min + 10 s: soft 10000 + 7500, hard 50000 + 10000.
        let bb = budget_of(
            &[
                ("btime", 300_000),
                ("wtime", 1),
                ("binc", 10_000),
                ("winc", 10_000),
            ],
            Color::Black,
        );
        assert_eq!(bb, b(17_500, 60_000));
    }

    #[test]
    fn sudden_death_spends_a_shrinking_fraction_with_a_floor() {
        // 10 min: divisor 40 -> soft 15000, hard 60000.
        let bb = budget_of(&[("btime", 600_000), ("wtime", 600_000)], Color::Black);
        assert_eq!(bb, b(15_000, 60_000));
        // 1 min: divisor 40 + 20*540000/600000 = 58 -> soft 1034, hard 6000.
        let bb = budget_of(&[("btime", 60_000), ("wtime", 60_000)], Color::Black);
        assert_eq!(bb, b(1_034, 6_000));
        // 10 s: divisor 59 -> 169, hard 1000.
        let bb = budget_of(&[("btime", 10_000), ("wtime", 10_000)], Color::Black);
        assert_eq!(bb, b(169, 1_000));
        // 1 s: 1000/59 = 16, below the 50 ms floor -> 50; hard 100.
        let bb = budget_of(&[("btime", 1_000), ("wtime", 1_000)], Color::Black);
        assert_eq!(bb, b(50, 100));
        // 150 ms: cap safe(150) = 37 beats the floor.
        let bb = budget_of(&[("btime", 150), ("wtime", 150)], Color::Black);
        assert_eq!(bb, b(37, 37));
        // The fraction shrinks as time runs out.
        let frac = |t: u64| budget_of(&[("btime", t)], Color::Black).soft as f64 / t as f64;
        assert!(frac(600_000) > frac(60_000) && frac(60_000) > frac(10_000));
    }

    #[test]
    fn movetime_keeps_the_delay() {
        assert_eq!(budget_of(&[("movetime", 1_000)], Color::Black), b(880, 880));
        assert_eq!(budget_of(&[("movetime", 100)], Color::Black), b(25, 25));
    }

    #[test]
    fn minimum_thinking_time_never_passes_the_cap() {
        let options = TimeOptions {
            network_delay: 120,
            minimum_thinking: 2_000,
        };
        let c = control(&go(&[("btime", 60_000)]), Color::Black);
        assert_eq!(budget(c, &options), Some(b(2_000, 6_000)));
        let c = control(&go(&[("btime", 1_000)]), Color::Black);
        assert_eq!(budget(c, &options), Some(b(880, 880)));
    }

    #[test]
    fn hard_never_exceeds_the_clock_minus_the_delay() {
        for time in [
            0, 1, 50, 119, 120, 121, 500, 1_000, 10_000, 600_000, 36_000_000,
        ] {
            for extra in [0, 100, 1_000, 30_000] {
                for (fields, avail) in [
                    (vec![("btime", time), ("byoyomi", extra)], time + extra),
                    (vec![("btime", time), ("binc", extra)], time),
                    (vec![("btime", time)], time),
                ] {
                    let bb = budget_of(&fields, Color::Black);
                    assert!(bb.soft <= bb.hard, "{fields:?}: {bb:?}");
                    assert!(bb.hard <= safe(avail, 120), "{fields:?}: {bb:?}");
                    if avail > 240 {
                        assert!(bb.hard + 120 <= avail, "{fields:?}: {bb:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn limits_carry_depth_nodes_and_infinite() {
        let mut g = go(&[("btime", 60_000), ("wtime", 60_000), ("byoyomi", 10_000)]);
        g.depth = Some(7);
        g.nodes = Some(1000);
        let l = limits(&g, Color::White, &OPTIONS);
        assert_eq!(l.depth, Some(7));
        assert_eq!(l.nodes, Some(1000));
        assert_eq!(l.soft_time, Some(Duration::from_millis(12_000)));
        assert_eq!(l.hard_time, Some(Duration::from_millis(17_500)));
        assert!(!l.infinite);
        let l = limits(
            &GoParams {
                infinite: true,
                ..GoParams::default()
            },
            Color::Black,
            &OPTIONS,
        );
        assert!(l.infinite && l.soft_time.is_none() && l.hard_time.is_none());
    }
}
