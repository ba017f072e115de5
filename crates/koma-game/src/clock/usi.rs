//! The time fields of a USI `go` command, taken from a [`Clock`].

use super::{Clock, TimeControl};
use koma_rules::Color;
use std::fmt;

/// The time fields of USI `go`, in milliseconds. Under byoyomi `btime`/`wtime` are the main
/// time left and `byoyomi` the period; under Fischer `binc`/`winc` are the increment.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct UsiTime {
    /// Sente's main time left.
    pub btime: u64,
    /// Gote's main time left.
    pub wtime: u64,
    /// Byoyomi period for the side to move (0 without byoyomi).
    pub byoyomi: u64,
    /// Sente's increment (0 without Fischer).
    pub binc: u64,
    /// Gote's increment (0 without Fischer).
    pub winc: u64,
}

impl fmt::Display for UsiTime {
    /// The fields as they follow `go`: `btime B wtime W byoyomi Y`, or `btime B wtime W binc
    /// I winc J` when there is an increment.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "btime {} wtime {}", self.btime, self.wtime)?;
        if self.binc > 0 || self.winc > 0 {
            write!(f, " binc {} winc {}", self.binc, self.winc)
        } else {
            write!(f, " byoyomi {}", self.byoyomi)
        }
    }
}

impl Clock {
    /// The USI `go` time fields for the side to move at `now_ms` (`None` under an unlimited
    /// control, where the caller has to choose a limit such as `movetime` itself). The side to
    /// move's figures are what is left at `now_ms`, so a `go` sent in the middle of a move
    /// (after a pause, say) is right; when its main time is gone, `byoyomi` is what is left of
    /// the current period. USI knows only one period, so with several the engine is told of
    /// the current one.
    pub fn usi_go(&self, now_ms: u64) -> Option<UsiTime> {
        let black = self.remaining(Color::Black, now_ms)?;
        let white = self.remaining(Color::White, now_ms)?;
        let mover = if self.side_to_move == Color::Black {
            black
        } else {
            white
        };
        let mut time = UsiTime {
            btime: black.main_ms,
            wtime: white.main_ms,
            ..UsiTime::default()
        };
        match self.control {
            TimeControl::Byoyomi { .. } => time.byoyomi = mover.period_ms,
            TimeControl::Fischer { .. } => {
                time.binc = self.increment_ms(Color::Black);
                time.winc = self.increment_ms(Color::White);
            }
            TimeControl::SuddenDeath { .. } | TimeControl::Unlimited => {}
        }
        Some(time)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_per_control() {
        let mut clock = Clock::new(TimeControl::fischer(300_000, 10_000));
        clock.start(Color::Black, 0).unwrap();
        clock.press(20_000).unwrap();
        let time = clock.usi_go(21_000).unwrap();
        assert_eq!(
            time,
            UsiTime {
                btime: 290_000,
                wtime: 299_000,
                byoyomi: 0,
                binc: 10_000,
                winc: 10_000,
            }
        );
        assert_eq!(
            time.to_string(),
            "btime 290000 wtime 299000 binc 10000 winc 10000"
        );

        let mut clock = Clock::new(TimeControl::sudden_death(60_000));
        clock.start(Color::White, 5).unwrap();
        assert_eq!(
            clock.usi_go(5).unwrap().to_string(),
            "btime 60000 wtime 60000 byoyomi 0"
        );

        assert_eq!(Clock::new(TimeControl::Unlimited).usi_go(0), None);
    }

    #[test]
    fn byoyomi_field_is_the_period_left() {
        let mut clock = Clock::new(TimeControl::byoyomi(10_000, 30_000));
        clock.start(Color::Black, 0).unwrap();
        assert_eq!(clock.usi_go(0).unwrap().byoyomi, 30_000);
        // Sente is 4 s into byoyomi: main time 0, 26 s of the period left.
        let time = clock.usi_go(14_000).unwrap();
        assert_eq!((time.btime, time.wtime, time.byoyomi), (0, 10_000, 26_000));
        clock.press(14_000).unwrap();
        // Gote still has main time; the full period follows it.
        assert_eq!(
            clock.usi_go(14_000).unwrap().to_string(),
            "btime 0 wtime 10000 byoyomi 30000"
        );
    }
}
