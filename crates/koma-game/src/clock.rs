//! Clocks: time controls and a clock driven by time stamps.
//!
//! The [`Clock`] is a pure state machine. It never reads the system clock and never sleeps:
//! every call takes the current time as milliseconds from the caller, so any behaviour can
//! be tested without waiting. Time stamps only need a common origin; use wall-clock time
//! (such as Unix milliseconds) if a running clock is saved and restored across a restart,
//! or [`Clock::pause`] it before saving.
//!
//! A player runs out of time when the time used on the current move is *more* than the time
//! available: a move made exactly at the limit is in time.
//!
//! ```
//! use koma_game::clock::{Clock, TimeControl};
//! use koma_rules::Color;
//!
//! let mut clock = Clock::new("10m+30s".parse().unwrap());
//! clock.start(Color::Black, 0).unwrap();
//! assert_eq!(clock.press(4_000), Ok(4_000)); // sente's move took 4 s
//! assert_eq!(clock.to_move(), Color::White);
//! assert_eq!(clock.remaining(Color::Black, 4_000).unwrap().main_ms, 596_000);
//! assert_eq!(clock.usi_go(4_000).unwrap().to_string(), "btime 596000 wtime 600000 byoyomi 30000");
//! ```

mod control;
mod usi;

pub use control::{
    DAY_MS, DurationError, MAX_BYOYOMI_MS, Part, TimeControl, TimeControlError, parse_duration,
};
pub use usi::UsiTime;

use koma_rules::Color;

/// One player's time at the start of their turn.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct PlayerTime {
    /// Main time left, in milliseconds.
    pub main_ms: u64,
    /// Byoyomi periods left (0 for controls without byoyomi).
    pub periods: u32,
}

/// Whether the clock is running.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ClockState {
    /// Not started yet.
    NotStarted,
    /// Running for the side to move since this time stamp (milliseconds).
    Running {
        /// When the clock last started running.
        since_ms: u64,
    },
    /// Stopped by [`Clock::pause`].
    Paused,
}

/// A player's time at a given moment, as [`Clock::remaining`] reports it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Remaining {
    /// Main time left, in milliseconds.
    pub main_ms: u64,
    /// Byoyomi periods left, counting the current one (0 without byoyomi).
    pub periods: u32,
    /// Time left in the current byoyomi period; a whole period while main time lasts or for
    /// the player not to move; 0 without byoyomi or once out of time.
    pub period_ms: u64,
}

/// Why the clock refused a request; the clock is unchanged.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ClockError {
    /// The clock has not been started.
    #[error("the clock has not been started")]
    NotStarted,
    /// [`Clock::start`] on a clock already started.
    #[error("the clock has already been started")]
    AlreadyStarted,
    /// The clock is paused.
    #[error("the clock is paused")]
    Paused,
    /// [`Clock::resume`] on a clock that is not paused.
    #[error("the clock is not paused")]
    NotPaused,
    /// A time stamp earlier than the one the clock last started running at.
    #[error("time stamp {now_ms} ms is earlier than the clock's last one, {last_ms} ms")]
    TimeWentBack {
        /// The time stamp given.
        now_ms: u64,
        /// The clock's last time stamp.
        last_ms: u64,
    },
    /// The side to move had run out of time before pressing the clock.
    #[error("{} has run out of time ({over_ms} ms over)", Color::name(*.color))]
    Flagged {
        /// The side that ran out.
        color: Color,
        /// By how much the time available was exceeded, in milliseconds.
        over_ms: u64,
    },
}

/// A game clock for both players. All state is public so that it can be saved and restored.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Clock {
    /// The time control both players play under.
    pub control: TimeControl,
    /// Each player's time at the start of their turn, indexed by [`Color::index`].
    pub players: [PlayerTime; 2],
    /// The side whose clock runs (or would run).
    pub side_to_move: Color,
    /// Running, paused or not started.
    pub state: ClockState,
    /// Time the side to move used on this move before the clock last started running (the
    /// part of the move before a pause), in milliseconds.
    pub turn_used_ms: u64,
    /// Whether each side went berserk ([`Clock::go_berserk`]), indexed by [`Color::index`].
    pub berserk: [bool; 2],
}

/// The outcome of spending time on one move.
enum Spend {
    /// In time: the player's time after the move (no increment yet) and the time left in the
    /// current byoyomi period.
    InTime { after: PlayerTime, period_ms: u64 },
    /// Out of time by `over_ms`.
    Flagged { over_ms: u64 },
}

/// Spends `elapsed` ms of one move from `before` under `control`.
fn spend(control: TimeControl, before: PlayerTime, elapsed: u64) -> Spend {
    let main_only = |before: PlayerTime| match before.main_ms.checked_sub(elapsed) {
        Some(main_ms) => Spend::InTime {
            after: PlayerTime { main_ms, ..before },
            period_ms: 0,
        },
        None => Spend::Flagged {
            over_ms: elapsed - before.main_ms,
        },
    };
    match control {
        TimeControl::Unlimited => Spend::InTime {
            after: before,
            period_ms: 0,
        },
        TimeControl::SuddenDeath { .. } | TimeControl::Fischer { .. } => main_only(before),
        TimeControl::Byoyomi { period_ms, .. } => {
            let Some(over) = elapsed.checked_sub(before.main_ms).filter(|&o| o > 0) else {
                let period_ms = if before.periods > 0 { period_ms } else { 0 };
                return Spend::InTime {
                    after: PlayerTime {
                        main_ms: before.main_ms - elapsed,
                        ..before
                    },
                    period_ms,
                };
            };
            let budget = period_ms.saturating_mul(u64::from(before.periods));
            if over > budget {
                return Spend::Flagged {
                    over_ms: over - budget,
                };
            }
            // 0 < over <= budget, so period_ms > 0 and fewer than `periods` are used up.
            // A move exactly at the end of a period is made in that period.
            let used_up = (over - 1) / period_ms;
            let into_current = over - used_up * period_ms;
            let used_up = u32::try_from(used_up).unwrap_or(before.periods);
            Spend::InTime {
                after: PlayerTime {
                    main_ms: 0,
                    periods: before.periods.saturating_sub(used_up),
                },
                period_ms: period_ms - into_current,
            }
        }
    }
}

impl Clock {
    /// A clock not yet started, both players with the full time of `control`.
    pub fn new(control: TimeControl) -> Clock {
        let start = match control {
            TimeControl::Unlimited => PlayerTime::default(),
            TimeControl::SuddenDeath { main_ms } | TimeControl::Fischer { main_ms, .. } => {
                PlayerTime {
                    main_ms,
                    periods: 0,
                }
            }
            TimeControl::Byoyomi {
                main_ms, periods, ..
            } => PlayerTime {
                main_ms,
                periods: periods.max(1),
            },
        };
        Clock {
            control,
            players: [start; 2],
            side_to_move: Color::Black,
            state: ClockState::NotStarted,
            turn_used_ms: 0,
            berserk: [false; 2],
        }
    }

    /// Whether `color` may go berserk ([`Clock::go_berserk`]): not yet berserk, under a
    /// control with main time (lishogi's `berserkable`).
    pub fn berserkable(&self, color: Color) -> bool {
        !self.berserk[color.index()] && self.main_time_ms() > 0
    }

    /// The main time of the control (0 when unlimited).
    fn main_time_ms(&self) -> u64 {
        match self.control {
            TimeControl::Unlimited => 0,
            TimeControl::SuddenDeath { main_ms }
            | TimeControl::Fischer { main_ms, .. }
            | TimeControl::Byoyomi { main_ms, .. } => main_ms,
        }
    }

    /// `color` goes berserk, as lishogi's shogi clock has it (scalashogi's `goBerserk`): half
    /// of the control's main time is taken from it, unless the main time is short beside the
    /// increment (under 60 of them) or the byoyomi (under 25 periods' length), and it plays on
    /// without increment or byoyomi. False, and nothing changes, if it may not
    /// ([`Clock::berserkable`]).
    pub fn go_berserk(&mut self, color: Color) -> bool {
        if !self.berserkable(color) {
            return false;
        }
        let main_ms = self.main_time_ms();
        let penalised = match self.control {
            TimeControl::Fischer { increment_ms, .. } => main_ms >= increment_ms.saturating_mul(60),
            TimeControl::Byoyomi { period_ms, .. } => main_ms >= period_ms.saturating_mul(25),
            TimeControl::SuddenDeath { .. } | TimeControl::Unlimited => true,
        };
        self.berserk[color.index()] = true;
        let player = &mut self.players[color.index()];
        if penalised {
            player.main_ms = player.main_ms.saturating_sub(main_ms / 2);
        }
        player.periods = 0;
        true
    }

    /// The Fischer increment `color` gets after each move, in milliseconds (none once
    /// berserk).
    pub fn increment_ms(&self, color: Color) -> u64 {
        match self.control {
            TimeControl::Fischer { increment_ms, .. } if !self.berserk[color.index()] => {
                increment_ms
            }
            _ => 0,
        }
    }

    /// Starts the clock of `side_to_move` at `now_ms`.
    pub fn start(&mut self, side_to_move: Color, now_ms: u64) -> Result<(), ClockError> {
        if self.state != ClockState::NotStarted {
            return Err(ClockError::AlreadyStarted);
        }
        self.side_to_move = side_to_move;
        self.turn_used_ms = 0;
        self.state = ClockState::Running { since_ms: now_ms };
        Ok(())
    }

    /// The side whose clock runs.
    pub fn to_move(&self) -> Color {
        self.side_to_move
    }

    /// Whether the clock is running (started and not paused).
    pub fn is_running(&self) -> bool {
        matches!(self.state, ClockState::Running { .. })
    }

    /// Time the side to move has used on this move by `now_ms` (pauses excluded). A time
    /// stamp earlier than the last one counts as no time.
    pub fn elapsed(&self, now_ms: u64) -> u64 {
        match self.state {
            ClockState::Running { since_ms } => self
                .turn_used_ms
                .saturating_add(now_ms.saturating_sub(since_ms)),
            ClockState::Paused => self.turn_used_ms,
            ClockState::NotStarted => 0,
        }
    }

    /// Ends the turn of the side to move at `now_ms`: returns the time the move took, applies
    /// the byoyomi or increment rules and starts the other side's clock. If the side to move
    /// had already run out, returns [`ClockError::Flagged`] and changes nothing: whether that
    /// loses the game is the caller's decision.
    pub fn press(&mut self, now_ms: u64) -> Result<u64, ClockError> {
        let since_ms = match self.state {
            ClockState::NotStarted => return Err(ClockError::NotStarted),
            ClockState::Paused => return Err(ClockError::Paused),
            ClockState::Running { since_ms } => since_ms,
        };
        if now_ms < since_ms {
            return Err(ClockError::TimeWentBack {
                now_ms,
                last_ms: since_ms,
            });
        }
        let elapsed = self.elapsed(now_ms);
        let side = self.side_to_move;
        match spend(self.control, self.players[side.index()], elapsed) {
            Spend::Flagged { over_ms } => Err(ClockError::Flagged {
                color: side,
                over_ms,
            }),
            Spend::InTime { mut after, .. } => {
                after.main_ms = after.main_ms.saturating_add(self.increment_ms(side));
                self.players[side.index()] = after;
                self.side_to_move = !side;
                self.turn_used_ms = 0;
                self.state = ClockState::Running { since_ms: now_ms };
                Ok(elapsed)
            }
        }
    }

    /// Stops the clock at `now_ms`, keeping the time used so far on this move.
    pub fn pause(&mut self, now_ms: u64) -> Result<(), ClockError> {
        match self.state {
            ClockState::NotStarted => Err(ClockError::NotStarted),
            ClockState::Paused => Err(ClockError::Paused),
            ClockState::Running { since_ms } if now_ms < since_ms => {
                Err(ClockError::TimeWentBack {
                    now_ms,
                    last_ms: since_ms,
                })
            }
            ClockState::Running { .. } => {
                self.turn_used_ms = self.elapsed(now_ms);
                self.state = ClockState::Paused;
                Ok(())
            }
        }
    }

    /// Restarts a paused clock at `now_ms`.
    pub fn resume(&mut self, now_ms: u64) -> Result<(), ClockError> {
        match self.state {
            ClockState::NotStarted => Err(ClockError::NotStarted),
            ClockState::Running { .. } => Err(ClockError::NotPaused),
            ClockState::Paused => {
                self.state = ClockState::Running { since_ms: now_ms };
                Ok(())
            }
        }
    }

    /// The time `color` has left at `now_ms` (`None` under an unlimited control). Only the
    /// side to move's time runs; once out of time everything reads 0.
    pub fn remaining(&self, color: Color, now_ms: u64) -> Option<Remaining> {
        let player = self.players[color.index()];
        let period_ms = match self.control {
            TimeControl::Unlimited => return None,
            TimeControl::Byoyomi { period_ms, .. } if player.periods > 0 => period_ms,
            _ => 0,
        };
        if color != self.side_to_move {
            return Some(Remaining {
                main_ms: player.main_ms,
                periods: player.periods,
                period_ms,
            });
        }
        Some(match spend(self.control, player, self.elapsed(now_ms)) {
            Spend::InTime { after, period_ms } => Remaining {
                main_ms: after.main_ms,
                periods: after.periods,
                period_ms,
            },
            Spend::Flagged { .. } => Remaining::default(),
        })
    }

    /// The player whose time has run out at `now_ms`, if any (only the side to move's time
    /// runs, so only they can be out of time).
    pub fn flagged(&self, now_ms: u64) -> Option<Color> {
        if self.state == ClockState::NotStarted {
            return None;
        }
        let side = self.side_to_move;
        match spend(
            self.control,
            self.players[side.index()],
            self.elapsed(now_ms),
        ) {
            Spend::Flagged { .. } => Some(side),
            Spend::InTime { .. } => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn byoyomi(main_ms: u64, period_ms: u64, periods: u32) -> TimeControl {
        TimeControl::byoyomi_periods(main_ms, period_ms, periods)
    }

    fn after(main_ms: u64, periods: u32) -> PlayerTime {
        PlayerTime { main_ms, periods }
    }

    fn in_time(spend: Spend) -> (PlayerTime, u64) {
        match spend {
            Spend::InTime { after, period_ms } => (after, period_ms),
            Spend::Flagged { over_ms } => panic!("flagged by {over_ms} ms"),
        }
    }

    fn over(spend: Spend) -> u64 {
        match spend {
            Spend::InTime { after, .. } => panic!("in time: {after:?}"),
            Spend::Flagged { over_ms } => over_ms,
        }
    }

    #[test]
    fn spend_byoyomi_periods() {
        let control = byoyomi(10_000, 5_000, 3);
        let start = after(10_000, 3);
        assert_eq!(in_time(spend(control, start, 0)), (after(10_000, 3), 5_000));
        assert_eq!(in_time(spend(control, start, 10_000)), (after(0, 3), 5_000));
        assert_eq!(in_time(spend(control, start, 10_001)), (after(0, 3), 4_999));
        assert_eq!(in_time(spend(control, start, 15_000)), (after(0, 3), 0));
        assert_eq!(in_time(spend(control, start, 15_001)), (after(0, 2), 4_999));
        assert_eq!(in_time(spend(control, start, 25_000)), (after(0, 1), 0));
        assert_eq!(over(spend(control, start, 25_001)), 1);
        assert_eq!(over(spend(control, after(0, 1), 5_007)), 7);
    }

    #[test]
    fn spend_zero_period_and_no_periods() {
        // Values the parser refuses but a restored state may hold: no panic, sane answers.
        let control = byoyomi(1_000, 0, 1);
        assert_eq!(
            in_time(spend(control, after(1_000, 1), 1_000)),
            (after(0, 1), 0)
        );
        assert_eq!(over(spend(control, after(1_000, 1), 1_001)), 1);
        let control = byoyomi(1_000, 5_000, 1);
        assert_eq!(over(spend(control, after(0, 0), 1)), 1);
        assert_eq!(in_time(spend(control, after(0, 0), 0)), (after(0, 0), 0));
    }

    #[test]
    fn spend_huge_values() {
        let control = byoyomi(u64::MAX, u64::MAX, u32::MAX);
        let start = after(u64::MAX, u32::MAX);
        assert_eq!(
            in_time(spend(control, start, u64::MAX)).0,
            after(0, u32::MAX)
        );
        let control = byoyomi(0, 1, u32::MAX);
        let (time, period) = in_time(spend(control, after(0, u32::MAX), u64::from(u32::MAX)));
        assert_eq!((time, period), (after(0, 1), 0));
    }

    #[test]
    fn errors_read_well() {
        let flagged = ClockError::Flagged {
            color: Color::White,
            over_ms: 12,
        };
        assert_eq!(flagged.to_string(), "gote has run out of time (12 ms over)");
    }
}
