//! Glicko-2: Glickman's worked example, one game as the server rates it, RD growth, bounds.

use koma_game::rating::glicko::{MAX_DEVIATION, MIN_DEVIATION, MIN_RATING, PROVISIONAL_DEVIATION};
use koma_game::rating::{Glicko, GlickoError, Rank, Score};

const DAY: u64 = 86_400;

fn close(actual: f64, expected: f64, tolerance: f64) {
    assert!(
        (actual - expected).abs() <= tolerance,
        "{actual} is not within {tolerance} of {expected}"
    );
}

#[test]
fn glickmans_worked_example() {
    // glicko2.pdf, "Example of the Glicko-2 system": 1500/200/0.06, τ 0.5, one rating period
    // (step 6 adds one period of volatility) against 1400/30 (won), 1550/100 (lost) and
    // 1700/300 (lost).
    let player = Glicko::new(1500.0, 200.0, 0.06).unwrap();
    let results = [
        (Glicko::new(1400.0, 30.0, 0.06).unwrap(), Score::Win),
        (Glicko::new(1550.0, 100.0, 0.06).unwrap(), Score::Loss),
        (Glicko::new(1700.0, 300.0, 0.06).unwrap(), Score::Loss),
    ];
    let after = player.period(&results, 0.5, 1.0).unwrap();
    // The paper rounds μ' to −0.2069 before scaling: 173.7178 × −0.2069 + 1500 = 1464.06.
    // Unrounded it is 1464.0507, so the paper's figure holds to its two decimals ± 0.01.
    close(
        ((after.rating - 1500.0) / 173.7178 * 1e4).round() / 1e4,
        -0.2069,
        0.0,
    );
    close(after.rating, 1464.06, 0.01);
    close(after.deviation, 151.52, 0.005);
    close(after.volatility, 0.05999, 0.00001);
    assert_eq!(after.games, 3);
}

#[test]
fn one_game_between_new_players() {
    // Two new players (1500, RD 350) and one game, as lishogi rates it: no RD growth in the
    // update. By hand on Glicko-2's scale (÷ 173.7178): φ = 350/173.7178 = 2.01476,
    // g(φ) = 1/√(1 + 3φ²/π²) = 1/√(1 + 12.1779/9.8696) = 1/√2.23388 = 0.66907,
    // E = 0.5 (equal ratings), v = 1/(g² E (1 − E)) = 1/(0.44766 × 0.25) = 8.93535,
    // φ' = 1/√(1/φ² + 1/v) = 1/√(0.246357 + 0.111915) = 1.67068, so RD' = 290.23;
    // μ' = φ'² g (s − E) = 2.79117 × 0.66907 × ±0.5 = ±0.93375, so 1500 ± 162.21.
    let now = 1_000 * DAY;
    let new = Glicko::default();
    let winner = new.after_game(&new, Score::Win, now).unwrap();
    let loser = new.after_game(&new, Score::Loss, now).unwrap();
    close(winner.rating, 1662.21, 0.01);
    close(loser.rating, 1337.79, 0.01);
    close(winner.deviation, 290.23, 0.01);
    close(loser.deviation, 290.23, 0.01);
    assert_eq!((winner.games, winner.latest), (1, Some(now)));
    // Still provisional (RD ≥ 130): shown with "?" and no rank yet.
    assert!(winner.is_provisional());
    assert_eq!(winner.to_string(), "1662?");
    assert_eq!(winner.rank(), None);
    // A draw between equals moves neither rating but narrows both RDs.
    let drawn = new.after_game(&new, Score::Draw, now).unwrap();
    close(drawn.rating, 1500.0, 1e-9);
    close(drawn.deviation, 290.23, 0.01);
}

#[test]
fn many_games_make_a_rating_established() {
    let mut a = Glicko::default();
    let mut b = Glicko::default();
    let mut now = 0;
    while a.is_provisional() {
        now += 3_600;
        let (na, nb) = (
            a.after_game(&b, Score::Win, now).unwrap(),
            b.after_game(&a, Score::Loss, now).unwrap(),
        );
        let (na2, nb2) = (
            na.after_game(&nb, Score::Loss, now).unwrap(),
            nb.after_game(&na, Score::Win, now).unwrap(),
        );
        (a, b) = (na2, nb2);
        assert!(a.games < 200, "never established");
    }
    assert!(a.deviation < PROVISIONAL_DEVIATION);
    assert!(!a.to_string().ends_with('?'));
    assert_eq!(a.rank(), Some(Rank::of(a.rating)));
}

#[test]
fn rd_grows_with_idle_days() {
    // lishogi: "chosen so a typical player's RD goes from 60 -> 110 in 1 year":
    // √(60² + 365 × 0.21436 × (0.06 × 173.7178)²) = √(3600 + 78.2414 × 108.643) = 110.00.
    let start = 10 * DAY;
    let g = Glicko {
        rating: 1800.0,
        deviation: 60.0,
        volatility: 0.06,
        games: 100,
        latest: Some(start),
    };
    close(g.live_deviation(start + 365 * DAY), 110.0, 0.01);
    // No time, no growth; more days, more growth; the rating itself does not move.
    close(g.live_deviation(start), 60.0, 1e-9);
    let mut last = 60.0;
    for days in [1, 7, 30, 100, 1000] {
        let rd = g.live_deviation(start + days * DAY);
        assert!(rd > last, "{days} days");
        last = rd;
    }
    assert_eq!(g.at(start + 1000 * DAY).rating, 1800.0);
    // A clock running backwards (a game dated before the last) does not shrink the RD.
    close(g.live_deviation(start - DAY), 60.0, 1e-9);
    // A player who never played keeps the starting RD.
    assert_eq!(Glicko::default().live_deviation(start), 350.0);
}

#[test]
fn bounds() {
    // RD never grows past 500, however long the player is away.
    let idle = Glicko {
        latest: Some(0),
        ..Glicko::default()
    };
    assert_eq!(idle.live_deviation(100 * 365 * DAY), MAX_DEVIATION);
    // ... and never falls below 45, however many games.
    let settled = Glicko {
        rating: 1500.0,
        deviation: MIN_DEVIATION,
        volatility: 0.06,
        games: 1000,
        latest: Some(0),
    };
    let after = settled.after_game(&settled, Score::Win, 0).unwrap();
    assert_eq!(after.deviation, MIN_DEVIATION);
    // The rating floor: a player at 400 who loses stays at 400.
    let bottom = Glicko {
        rating: MIN_RATING,
        ..settled
    };
    assert_eq!(
        bottom.after_game(&settled, Score::Loss, 0).unwrap().rating,
        MIN_RATING
    );
    // One game moves a rating at most 700 points: a very uncertain 1500 beating a sure 2500
    // would gain about 1400 by the formula.
    let unsure = Glicko {
        deviation: MAX_DEVIATION,
        ..Glicko::default()
    };
    let strong = Glicko {
        rating: 2500.0,
        ..settled
    };
    assert_eq!(
        unsure.after_game(&strong, Score::Win, 0).unwrap().rating,
        2200.0
    );
    // Volatility is capped at 0.1 ...
    let wild = Glicko {
        volatility: 0.15,
        ..settled
    };
    assert_eq!(
        wild.after_game(&settled, Score::Win, 0).unwrap().volatility,
        0.1
    );
    // ... and a result that fails lishogi's sanity check (volatility 0.2 or more) is an error,
    // where lishogi would reset the rating.
    let insane = Glicko {
        volatility: 0.5,
        ..settled
    };
    assert!(matches!(
        insane.after_game(&settled, Score::Win, 0),
        Err(GlickoError::Insane { .. })
    ));
}

#[test]
fn bad_numbers_are_errors() {
    assert!(matches!(
        Glicko::new(f64::NAN, 100.0, 0.06),
        Err(GlickoError::Invalid { what: "rating", .. })
    ));
    assert!(matches!(
        Glicko::new(1500.0, 0.0, 0.06),
        Err(GlickoError::Invalid {
            what: "deviation",
            ..
        })
    ));
    assert!(matches!(
        Glicko::new(1500.0, 100.0, -1.0),
        Err(GlickoError::Invalid {
            what: "volatility",
            ..
        })
    ));
    let g = Glicko::default();
    let broken = Glicko {
        deviation: f64::INFINITY,
        ..g
    };
    assert!(g.after_game(&broken, Score::Win, 0).is_err());
    assert_eq!(g.period(&[], 0.5, 1.0), Err(GlickoError::NoGames));
    assert_eq!(
        g.period(&[(g, Score::Win)], 0.0, 1.0),
        Err(GlickoError::InvalidTau(0.0))
    );
    assert_eq!(
        g.period(&[(g, Score::Win)], 0.5, -1.0),
        Err(GlickoError::InvalidPeriods(-1.0))
    );
}

#[test]
fn both_glicko_ratings_from_one_call() {
    let (a, b) = (Glicko::default(), Glicko::new(1600.0, 80.0, 0.06).unwrap());
    let (a2, b2) = a.rate_game(&b, Score::Win, 0).unwrap();
    assert_eq!(a2, a.after_game(&b, Score::Win, 0).unwrap());
    assert_eq!(b2, b.after_game(&a, Score::Loss, 0).unwrap());
}

#[test]
fn a_human_against_a_bot_moves_half_as_far() {
    let (human, bot) = (Glicko::default(), Glicko::default());
    let after = human.after_game(&bot, Score::Win, 5).unwrap();
    let halved = after.halfway_from(&human);
    // 1500 + 162.21 / 2 = 1581.11; RD (290.23 + 350) / 2 = 320.12.
    close(halved.rating, 1581.11, 0.01);
    close(halved.deviation, 320.12, 0.01);
    assert_eq!((halved.games, halved.latest), (1, Some(5)));
}
