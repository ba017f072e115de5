//! The clock as a game uses it: every kind of time control, limits, pauses and restoring.

use koma_game::clock::{Clock, ClockError, ClockState, PlayerTime, Remaining, TimeControl};
use koma_rules::Color::{Black, White};

fn started(control: &str, now_ms: u64) -> Clock {
    let mut clock = Clock::new(control.parse().unwrap());
    clock.start(Black, now_ms).unwrap();
    clock
}

fn remaining(main_ms: u64, periods: u32, period_ms: u64) -> Option<Remaining> {
    Some(Remaining {
        main_ms,
        periods,
        period_ms,
    })
}

#[test]
fn sudden_death_counts_down_and_flags() {
    let mut clock = started("1m", 1_000);
    assert_eq!(clock.press(11_000), Ok(10_000));
    assert_eq!(clock.remaining(Black, 11_000), remaining(50_000, 0, 0));
    assert_eq!(clock.to_move(), White);
    assert_eq!(clock.remaining(White, 31_000), remaining(40_000, 0, 0));
    assert_eq!(clock.flagged(71_000), None);
    assert_eq!(clock.flagged(71_001), Some(White));
    assert_eq!(clock.remaining(White, 71_001), remaining(0, 0, 0));
    let before = clock.clone();
    assert_eq!(
        clock.press(71_001),
        Err(ClockError::Flagged {
            color: White,
            over_ms: 1
        })
    );
    assert_eq!(clock, before, "a refused press changes nothing");
}

#[test]
fn a_move_exactly_at_the_limit_is_in_time() {
    let mut clock = started("10s", 0);
    assert_eq!(clock.flagged(10_000), None);
    assert_eq!(clock.press(10_000), Ok(10_000));
    assert_eq!(clock.remaining(Black, 10_000), remaining(0, 0, 0));

    let mut clock = started("0+5s", 0);
    assert_eq!(clock.press(5_000), Ok(5_000));
    assert_eq!(clock.press(10_000), Ok(5_000));
    assert_eq!(
        clock.press(15_001),
        Err(ClockError::Flagged {
            color: Black,
            over_ms: 1
        })
    );

    let mut clock = started("fischer:10s+2s", 0);
    assert_eq!(clock.press(10_000), Ok(10_000));
    assert_eq!(clock.remaining(Black, 10_000), remaining(2_000, 0, 0));
}

#[test]
fn main_time_runs_into_byoyomi_during_a_move() {
    let mut clock = started("10s+5s", 0);
    // 8 s of main time used: no byoyomi yet.
    assert_eq!(clock.remaining(Black, 8_000), remaining(2_000, 1, 5_000));
    // 12 s: main time gone, 2 s into the period.
    assert_eq!(clock.remaining(Black, 12_000), remaining(0, 1, 3_000));
    assert_eq!(clock.press(12_000), Ok(12_000));
    // The period starts afresh on sente's next move.
    assert_eq!(clock.remaining(Black, 12_000), remaining(0, 1, 5_000));
    assert_eq!(clock.press(13_000), Ok(1_000)); // gote
    assert_eq!(clock.remaining(Black, 17_000), remaining(0, 1, 1_000));
    assert_eq!(clock.press(18_000), Ok(5_000)); // exactly one period
    assert_eq!(clock.press(19_000), Ok(1_000)); // gote
    assert_eq!(clock.flagged(24_000), None);
    assert_eq!(clock.flagged(24_001), Some(Black));
    assert_eq!(
        clock.press(30_000),
        Err(ClockError::Flagged {
            color: Black,
            over_ms: 6_000
        })
    );
}

#[test]
fn several_byoyomi_periods() {
    let mut clock = started("0+10sx3", 0);
    assert_eq!(clock.remaining(Black, 0), remaining(0, 3, 10_000));
    // 15 s: the first period is used up, 5 s into the second.
    assert_eq!(clock.remaining(Black, 15_000), remaining(0, 2, 5_000));
    // 25 s: two used up; the move is made in the third and last.
    assert_eq!(clock.press(25_000), Ok(25_000));
    assert_eq!(clock.remaining(Black, 25_000), remaining(0, 1, 10_000));
    // A move within a period uses none up.
    assert_eq!(clock.press(34_000), Ok(9_000));
    assert_eq!(clock.remaining(White, 34_000), remaining(0, 3, 10_000));
    // Sente's last period: 10 s and not a millisecond more.
    assert_eq!(clock.flagged(44_000), None);
    assert_eq!(clock.flagged(44_001), Some(Black));

    // With main time first, then 3 periods of 30 s: 1 min 45 s into the move is 45 s into
    // byoyomi: one period used up, 15 s into the second.
    let clock = started("1m+30sx3", 0);
    assert_eq!(clock.remaining(Black, 105_000), remaining(0, 2, 15_000));
    // Every period exactly used: 1 min + 3 x 30 s.
    assert_eq!(clock.flagged(150_000), None);
    assert_eq!(clock.flagged(150_001), Some(Black));
}

#[test]
fn fischer_adds_the_increment_only_to_moves_in_time() {
    let mut clock = started("fischer:1m+10s", 0);
    assert_eq!(clock.press(5_000), Ok(5_000));
    assert_eq!(clock.remaining(Black, 5_000), remaining(65_000, 0, 0));
    assert_eq!(clock.press(65_000), Ok(60_000)); // gote, exactly at the limit
    assert_eq!(clock.remaining(White, 65_000), remaining(10_000, 0, 0));
    assert_eq!(clock.press(70_000), Ok(5_000)); // sente
    // Gote overruns 10 s: flagged, no increment, nothing changes.
    assert_eq!(
        clock.press(80_001),
        Err(ClockError::Flagged {
            color: White,
            over_ms: 1
        })
    );
    assert_eq!(clock.players[White.index()].main_ms, 10_000);
    assert_eq!(clock.remaining(White, 80_001), remaining(0, 0, 0));
}

#[test]
fn unlimited_never_runs_out() {
    let mut clock = started("unlimited", 0);
    assert_eq!(clock.press(u64::MAX / 2), Ok(u64::MAX / 2));
    assert_eq!(clock.flagged(u64::MAX), None);
    assert_eq!(clock.remaining(Black, u64::MAX), None);
    assert_eq!(clock.press(u64::MAX), Ok(u64::MAX - u64::MAX / 2));
}

#[test]
fn pause_and_resume() {
    let mut clock = started("1m", 0);
    assert_eq!(clock.press(10_000), Ok(10_000));
    assert_eq!(clock.pause(15_000), Ok(()));
    assert!(!clock.is_running());
    // An hour with nobody connected costs gote nothing.
    assert_eq!(clock.elapsed(3_615_000), 5_000);
    assert_eq!(clock.flagged(3_615_000), None);
    assert_eq!(clock.press(3_615_000), Err(ClockError::Paused));
    assert_eq!(clock.pause(3_615_000), Err(ClockError::Paused));
    assert_eq!(clock.resume(3_615_000), Ok(()));
    assert_eq!(clock.resume(3_615_000), Err(ClockError::NotPaused));
    assert_eq!(clock.remaining(White, 3_620_000), remaining(50_000, 0, 0));
    // The move took 5 s before the pause and 7 s after it.
    assert_eq!(clock.press(3_622_000), Ok(12_000));
    assert_eq!(clock.remaining(White, 3_622_000), remaining(48_000, 0, 0));
    assert_eq!(clock.to_move(), Black);
}

#[test]
fn byoyomi_across_a_pause() {
    let mut clock = started("10s+10s", 0);
    clock.pause(15_000).unwrap(); // 5 s into byoyomi
    clock.resume(100_000).unwrap();
    assert_eq!(clock.remaining(Black, 104_000), remaining(0, 1, 1_000));
    assert_eq!(clock.flagged(105_001), Some(Black));
    assert_eq!(clock.press(105_000), Ok(20_000));
}

#[test]
fn misuse_is_refused() {
    let mut clock = Clock::new(TimeControl::sudden_death(60_000));
    assert_eq!(clock.press(0), Err(ClockError::NotStarted));
    assert_eq!(clock.pause(0), Err(ClockError::NotStarted));
    assert_eq!(clock.resume(0), Err(ClockError::NotStarted));
    assert_eq!(clock.flagged(u64::MAX), None);
    clock.start(White, 1_000).unwrap();
    assert_eq!(clock.to_move(), White);
    assert_eq!(clock.start(Black, 1_000), Err(ClockError::AlreadyStarted));
    let back = Err(ClockError::TimeWentBack {
        now_ms: 999,
        last_ms: 1_000,
    });
    assert_eq!(clock.press(999), back);
    assert_eq!(clock.pause(999), back.map(|_| ()));
    // Reading at an earlier time stamp counts no time rather than failing.
    assert_eq!(clock.elapsed(0), 0);
    assert_eq!(clock.remaining(White, 0), remaining(60_000, 0, 0));
}

#[test]
fn state_saves_and_restores() {
    let mut clock = started("10m+30sx2", 0);
    // Main time and 50 s: the first period used up, the move made in the second.
    assert_eq!(clock.press(650_000), Ok(650_000));
    clock.pause(660_000).unwrap();
    let saved = clock.clone();
    let restored = Clock {
        control: saved.control,
        players: saved.players,
        side_to_move: saved.side_to_move,
        state: saved.state,
        turn_used_ms: saved.turn_used_ms,
        berserk: saved.berserk,
    };
    assert_eq!(restored, clock);
    assert_eq!(
        restored.players,
        [
            PlayerTime {
                main_ms: 0,
                periods: 1
            },
            PlayerTime {
                main_ms: 600_000,
                periods: 2
            }
        ]
    );
    assert_eq!(restored.state, ClockState::Paused);
    assert_eq!(restored.turn_used_ms, 10_000);
    // The restored clock carries on where the saved one stopped.
    let mut restored = restored;
    restored.resume(5_000_000).unwrap();
    assert_eq!(restored.press(5_005_000), Ok(15_000));
    assert_eq!(
        restored.remaining(White, 5_005_000),
        remaining(585_000, 2, 30_000)
    );
}

/// `color`'s main time once berserk under `control`, in seconds.
fn berserk_main_s(control: &str) -> u64 {
    let mut clock = Clock::new(control.parse().unwrap());
    assert!(clock.go_berserk(Black), "{control}");
    clock.players[Black.index()].main_ms / 1000
}

#[test]
fn berserk_halves_the_main_time_as_lishogis_clock_does() {
    // lishogi's cases (scalashogi's BerserkTest): half the main time, none when the main
    // time is under 60 increments or 25 byoyomi periods.
    assert_eq!(berserk_main_s("sudden:10m"), 300);
    assert_eq!(berserk_main_s("sudden:1m"), 30);
    assert_eq!(berserk_main_s("fischer:4m+4s"), 120);
    assert_eq!(berserk_main_s("fischer:10m+5s"), 300);
    assert_eq!(berserk_main_s("fischer:2m+10s"), 120);
    assert_eq!(berserk_main_s("fischer:1m+3s"), 60);
    assert_eq!(berserk_main_s("3m+2s"), 90);
    assert_eq!(berserk_main_s("5m+30s"), 300);
    assert_eq!(berserk_main_s("10m+30s"), 600);
    // The other side keeps its time; nobody goes berserk twice, nor without main time.
    let mut clock = Clock::new("10m+10sx3".parse().unwrap());
    assert!(clock.go_berserk(White));
    assert!(!clock.go_berserk(White));
    assert!(!clock.berserkable(White) && clock.berserkable(Black));
    assert_eq!(
        clock.players,
        [
            PlayerTime {
                main_ms: 600_000,
                periods: 3
            },
            PlayerTime {
                main_ms: 300_000,
                periods: 0
            }
        ]
    );
    assert!(!Clock::new(TimeControl::Unlimited).go_berserk(Black));
    assert!(!Clock::new("0+30s".parse().unwrap()).go_berserk(Black));
}

#[test]
fn a_berserk_player_has_no_increment_and_no_byoyomi() {
    // Fischer: sente berserk gets no increment, gote still does.
    let mut clock = started("fischer:10m+5s", 0);
    clock.go_berserk(Black);
    assert_eq!(
        (clock.increment_ms(Black), clock.increment_ms(White)),
        (0, 5_000)
    );
    clock.press(10_000).unwrap();
    assert_eq!(clock.remaining(Black, 10_000), remaining(290_000, 0, 0));
    clock.press(20_000).unwrap();
    assert_eq!(clock.remaining(White, 20_000), remaining(595_000, 0, 0));
    let go = clock.usi_go(20_000).unwrap();
    assert_eq!((go.binc, go.winc), (0, 5_000));
    // Byoyomi: the berserk side loses when its main time is gone.
    let mut clock = started("10m+10s", 0);
    clock.go_berserk(Black);
    assert_eq!(clock.remaining(Black, 0), remaining(300_000, 0, 0));
    assert_eq!(clock.flagged(300_000), None);
    assert_eq!(clock.flagged(300_001), Some(Black));
}
