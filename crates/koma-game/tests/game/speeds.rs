//! Speeds from time controls at every threshold, and rating pools.

use koma_game::clock::TimeControl;
use koma_game::rating::speed::estimated_ms;
use koma_game::rating::{Pool, PoolError, Speed};
use koma_rules::VariantKind;

fn speed(text: &str) -> Speed {
    Speed::of(&text.parse::<TimeControl>().unwrap())
}

#[test]
fn every_threshold_by_sudden_death() {
    // Sudden death is the main time alone: the bands' edges directly.
    let edges = [
        ("59s", Speed::UltraBullet),
        ("59s999ms", Speed::UltraBullet),
        ("60s", Speed::Bullet),
        ("4m59s", Speed::Bullet),
        ("5m", Speed::Blitz),
        ("9m59s", Speed::Blitz),
        ("10m", Speed::Rapid),
        ("24m59s", Speed::Rapid),
        ("25m", Speed::Classical),
        ("5h59m59s", Speed::Classical),
        ("6h", Speed::Correspondence),
    ];
    for (tc, expected) in edges {
        assert_eq!(speed(tc), expected, "{tc}");
    }
    assert_eq!(Speed::of(&TimeControl::Unlimited), Speed::Correspondence);
}

#[test]
fn increments_count_sixty_times() {
    // 1 s + 60 × 1 s = 61 s: bullet (a Fischer clock needs main time); 4 m + 60 × 0.999 s
    // = 299.94 s: still bullet.
    assert_eq!(speed("fischer:1s+1s"), Speed::Bullet);
    assert_eq!(speed("fischer:4m+999ms"), Speed::Bullet);
    // 4 m + 60 × 1 s = 300 s: blitz. 5 m + 60 × 3 s = 480 s: blitz. 5 m + 60 × 5 s = 600 s: rapid.
    assert_eq!(speed("fischer:4m+1s"), Speed::Blitz);
    assert_eq!(speed("fischer:5m+3s"), Speed::Blitz);
    assert_eq!(speed("fischer:5m+5s"), Speed::Rapid);
    // 15 m + 60 × 10 s = 1500 s: classical.
    assert_eq!(speed("fischer:15m+10s"), Speed::Classical);
    assert_eq!(
        estimated_ms(&"fischer:15m+10s".parse().unwrap()),
        Some(1_500_000)
    );
}

#[test]
fn byoyomi_counts_twenty_five_times_per_period() {
    // 0 + 25 × 2 s = 50 s: ultra-bullet; 0 + 25 × 3 s = 75 s: bullet.
    assert_eq!(speed("0+2s"), Speed::UltraBullet);
    assert_eq!(speed("0+3s"), Speed::Bullet);
    // 10 s + 25 × 2 s = 60 s: bullet, at the edge.
    assert_eq!(speed("10s+2s"), Speed::Bullet);
    // 3 m + 25 × 5 s = 305 s: blitz; 0 + 25 × 10 s × 2 periods = 500 s: blitz.
    assert_eq!(speed("3m+5s"), Speed::Blitz);
    assert_eq!(speed("0+10sx2"), Speed::Blitz);
    // 10 m + 25 × 30 s = 1350 s: rapid; 10 m + 25 × 36 s = 1500 s: classical.
    assert_eq!(speed("10m+30s"), Speed::Rapid);
    assert_eq!(speed("10m+36s"), Speed::Classical);
    // The WOSC's 45 m + 40 s: 2700 + 1000 s, classical; 5 h + 25 × 1 m: 19,500 s, classical;
    // 5 h + 25 × 1 m × 2 = 21,000 s still; × 3 = 22,500 s is correspondence-long.
    assert_eq!(speed("45m+40s"), Speed::Classical);
    assert_eq!(speed("5h+1m"), Speed::Classical);
    assert_eq!(speed("5h+1mx2"), Speed::Classical);
    assert_eq!(speed("5h+1mx3"), Speed::Correspondence);
    // A byoyomi clock with 0 periods counts as 1, as koma plays it.
    let zero = TimeControl::Byoyomi {
        main_ms: 0,
        period_ms: 3_000,
        periods: 0,
    };
    assert_eq!(estimated_ms(&zero), Some(75_000));
    // Huge clocks do not overflow.
    assert_eq!(
        Speed::of(&TimeControl::byoyomi_periods(u64::MAX, u64::MAX, u32::MAX)),
        Speed::Correspondence
    );
}

#[test]
fn speeds_keys_and_bands() {
    for s in Speed::ALL {
        assert_eq!(s.key().parse::<Speed>().unwrap(), s);
        assert_eq!(s.to_string(), s.key());
        assert!(s.name().eq_ignore_ascii_case(s.key()));
        // The band starts where its first second is.
        assert_eq!(
            Speed::by_estimate_ms(u128::from(s.from_seconds()) * 1000),
            s
        );
    }
    assert_eq!("ULTRABULLET".parse::<Speed>().unwrap(), Speed::UltraBullet);
    assert_eq!(
        "lightning".parse::<Speed>(),
        Err(PoolError::UnknownSpeed("lightning".into()))
    );
}

#[test]
fn pools_by_variant_and_speed() {
    let blitz: TimeControl = "5m".parse().unwrap();
    assert_eq!(Pool::of(VariantKind::Tori, &blitz).key(), "tori-blitz");
    assert_ne!(
        Pool::of(VariantKind::Tori, &blitz),
        Pool::of(VariantKind::Shogi, &blitz)
    );
    // Chu has pools of its own: its slow games are rated apart from shogi's.
    let classical: TimeControl = "2h+60s".parse().unwrap();
    assert_eq!(
        Pool::of(koma_rules::GameKind::Chu, &classical).key(),
        "chushogi-classical"
    );
    let all: Vec<Pool> = Pool::all().collect();
    assert_eq!(all.len(), 6 * koma_rules::GameKind::COUNT);
    for pool in all {
        assert_eq!(pool.key().parse::<Pool>().unwrap(), pool);
        assert_eq!(pool.to_string(), pool.key());
    }
    assert_eq!(
        "chess-blitz".parse::<Pool>(),
        Err(PoolError::UnknownVariant("chess".into()))
    );
    assert_eq!(
        "shogiblitz".parse::<Pool>(),
        Err(PoolError::Malformed("shogiblitz".into()))
    );
    assert_eq!(
        "shogi-slow".parse::<Pool>(),
        Err(PoolError::UnknownSpeed("slow".into()))
    );
}
