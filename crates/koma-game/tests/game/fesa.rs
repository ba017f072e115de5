//! FESA's Elo against hand calculations.

use koma_game::rating::Score::{Draw, Loss, Win};
use koma_game::rating::fesa::{
    self, FesaError, FesaGame, HandicapSide, HandicapTable, Player, Rules, Status, expected,
    game_change, k_factor, lowered_by_handicap, tournament, tournament_with,
};
use koma_rules::Handicap;

fn close(actual: f64, expected: f64, tolerance: f64) {
    assert!(
        (actual - expected).abs() <= tolerance,
        "{actual} is not within {tolerance} of {expected}"
    );
}

#[test]
fn k_by_band() {
    let bands = [
        (3000.0, 16),
        (2240.0, 16),
        (2239.0, 20),
        (1920.0, 20),
        (1919.0, 24),
        (1560.0, 24),
        (1559.0, 28),
        (1280.0, 28),
        (1279.0, 32),
        (1040.0, 32),
        (1039.0, 36),
        (720.0, 36),
        (719.0, 40),
        (0.0, 40),
    ];
    for (rating, k) in bands {
        assert_eq!(k_factor(rating), k, "{rating}");
    }
    // Fractions count: 1559.9 is still below 1560.
    assert_eq!(k_factor(1559.9), 28);
}

#[test]
fn expected_score() {
    close(expected(1500.0, 1500.0), 0.5, 1e-12);
    // 400 points apart: 1/(1 + 10) and 1/(1 + 0.1).
    close(expected(1500.0, 1900.0), 1.0 / 11.0, 1e-12);
    close(expected(1900.0, 1500.0), 10.0 / 11.0, 1e-12);
}

#[test]
fn a_tournament_at_1700() {
    // A player at 1700 plays three games; the opponents end the tournament at 1800, 1600 and
    // 1900. K is 24 throughout (1560 ≤ pr < 1920).
    // Game 1, won against 1800: 10^((1800 − 1700)/400) = 10^0.25 = 1.778279,
    //   E = 1/2.778279 = 0.359935, change = 24 × (1 − 0.359935) = +15.361560.
    // Game 2, lost against 1600, from 1700 + 15.361560 = 1715.361560:
    //   10^((1600 − 1715.361560)/400) = 10^−0.288404 = 0.514750, E = 1/1.514750 = 0.660175,
    //   change = 24 × (0 − 0.660175) = −15.844202.
    // Game 3, drawn against 1900, from 1715.361560 − 15.844202 = 1699.517358:
    //   10^((1900 − 1699.517358)/400) = 10^0.501207 = 3.171076, E = 1/4.171076 = 0.239746,
    //   change = 24 × (0.5 − 0.239746) = +6.246089.
    // Sum: 15.361560 − 15.844202 + 6.246089 = 5.763447, rounded once: +6, new rating 1706.
    // (Rounding each game instead, as the older page did, would give 15 − 16 + 6 = +5.)
    let games = [
        FesaGame::even(1800.0, Win),
        FesaGame::even(1600.0, Loss),
        FesaGame::even(1900.0, Draw),
    ];
    let result = tournament(1700, &games).unwrap();
    for (actual, hand) in result
        .per_game
        .iter()
        .zip([15.361560, -15.844202, 6.246089])
    {
        close(*actual, hand, 0.000_001);
    }
    close(result.exact, 5.763447, 0.000_001);
    assert_eq!((result.change, result.rating), (6, 1706));
}

#[test]
fn k_follows_the_running_rating() {
    // 1550 (K 28) beats an equal player: 28 × 0.5 = +14, to 1564, where K is 24.
    // Game 2, won against 1700: 10^((1700 − 1564)/400) = 10^0.34 = 2.187762,
    //   E = 1/3.187762 = 0.313700, change = 24 × 0.686300 = +16.471206.
    // Game 3, lost against 1400, from 1580.471206: 10^((1400 − 1580.471206)/400) = 0.353852,
    //   E = 1/1.353852 = 0.738633, change = 24 × −0.738633 = −17.727193.
    // Sum 12.744013: +13, to 1563.
    let games = [
        FesaGame::even(1550.0, Win),
        FesaGame::even(1700.0, Win),
        FesaGame::even(1400.0, Loss),
    ];
    let result = tournament(1550, &games).unwrap();
    close(result.per_game[0], 14.0, 1e-9);
    close(result.per_game[1], 16.471206, 0.000_001);
    close(result.per_game[2], -17.727193, 0.000_001);
    assert_eq!((result.change, result.rating), (13, 1563));
    // No games, no change.
    assert_eq!(tournament(1550, &[]).unwrap().rating, 1550);
}

#[test]
fn handicap_games_lower_the_givers_rating() {
    // 1700 is 1 dan (1680–1800, 120 a grade): grade 20 + 20/120 = 20.1667 above rating 0.
    // With the 2002 values rook is 2 grades: 18.1667, which is 2 kyu (1460–1560, 100 a
    // grade): 1460 + 0.1667 × 100 = 1476.67. With FESA's 2005 values rook is 2.1 grades:
    // 18.0667, so 1460 + 6.67 = 1466.67.
    close(
        HandicapTable::Ussf2002
            .lowered(1700.0, Handicap::Rook)
            .unwrap(),
        1476.666667,
        0.000_001,
    );
    close(
        lowered_by_handicap(1700.0, Handicap::Rook).unwrap(),
        1466.666667,
        0.000_001,
    );
    // Within one band it is the band's width per grade: 1300 (4 kyu, 80 a grade) giving a
    // lance (0.6) counts as 1300 − 48 = 1252.
    close(
        lowered_by_handicap(1300.0, Handicap::Lance).unwrap(),
        1252.0,
        1e-9,
    );
    assert_eq!(lowered_by_handicap(1700.0, Handicap::Even).unwrap(), 1700.0);
    // The giver (1700, K 24) beats an opponent ending at 1400:
    // 10^((1400 − 1466.67)/400) = 0.681292, E = 1/1.681292 = 0.594781,
    // change = 24 × 0.405219 = +9.725264.
    let gave = FesaGame {
        opponent_final: 1400.0,
        score: Win,
        handicap: HandicapSide::Gave(Handicap::Rook),
    };
    close(game_change(1700.0, &gave).unwrap(), 9.725264, 0.000_001);
    // The receiver (1400, K 28) loses to a giver ending at 1700, counted as 1466.67:
    // E = 1 − 0.594781 = 0.405219, change = 28 × −0.405219 = −11.346142.
    let received = FesaGame {
        opponent_final: 1700.0,
        score: Loss,
        handicap: HandicapSide::Received(Handicap::Rook),
    };
    close(
        game_change(1400.0, &received).unwrap(),
        -11.346142,
        0.000_001,
    );
    // Handicaps without a grade value are refused, with the handicap named.
    let odd = FesaGame {
        handicap: HandicapSide::Gave(Handicap::ThreePiece),
        ..gave
    };
    let err = game_change(1700.0, &odd).unwrap_err();
    assert_eq!(err, FesaError::UnratedHandicap(Handicap::ThreePiece));
    assert!(err.to_string().contains("three"), "{err}");
    assert!(tournament(1700, &[odd]).is_err());
}

#[test]
fn the_programs_extras() {
    // FESA's program on two games of a 1500 player with 10 counted games (K 28):
    // Game 1, won against an opponent ending at 1800: 10^(300/400) = 5.623413,
    //   E = 1/6.623413 = 0.150980, normal gain 28 × 0.849020 = 23.772572; the upset gain
    //   28 × (1800 − 1500)/160 = 52.5 is more, so 52.5; weak bonus (1800 − 1500)/200 = 1.5;
    //   +54.0 in all.
    // Game 2, from 1554.0 (still K 28), lost against an opponent ending at 300, floored to 400:
    //   10^((400 − 1554)/400) = 0.001303, E = 1/1.001303 = 0.998699,
    //   28 × −0.998699 = −27.963559, weak bonus (1800 − 1554)/200 = 1.23: −26.733559.
    // Sum 27.266441: +27, to 1527.
    let games = [FesaGame::even(1800.0, Win), FesaGame::even(300.0, Loss)];
    let program = tournament_with(&Rules::PROGRAM, &Player::new(1500, 10), &games).unwrap();
    close(program.per_game[0], 54.0, 1e-9);
    close(program.per_game[1], -26.733559, 0.000_001);
    assert_eq!((program.change, program.rating), (27, 1527));
    // The weak bonus stops at 100 counted games: game 2 then lacks its 1.23.
    let veteran = tournament_with(&Rules::PROGRAM, &Player::new(1500, 99), &games).unwrap();
    close(veteran.per_game[0], 54.0, 1e-9);
    close(veteran.per_game[1], -27.963559, 0.000_001);
    // The page's rules give the plain formula: 23.772572, then from 1523.772572 against 300:
    // 10^((300 − 1523.772572)/400) = 0.000872, E = 1/1.000872 = 0.999129,
    // 28 × −0.999129 = −27.975602; sum −4.203030, rounded −4.
    let page = tournament_with(&Rules::PAGE, &Player::new(1500, 10), &games).unwrap();
    assert_eq!(page, tournament(1500, &games).unwrap());
    close(page.per_game[0], 23.772572, 0.000_001);
    close(page.per_game[1], -27.975602, 0.000_001);
    assert_eq!(page.rating, 1496);
    // Without a win there is no upset gain, even against a stronger player.
    let drawn = [FesaGame::even(1800.0, Draw)];
    let result = tournament_with(&Rules::PROGRAM, &Player::new(1900, 200), &drawn).unwrap();
    close(
        result.per_game[0],
        24.0 * (0.5 - expected(1900.0, 1800.0)),
        1e-9,
    );
    assert_eq!(Rules::default(), Rules::PAGE);
}

#[test]
fn bad_ratings_are_errors() {
    let game = FesaGame::even(f64::NAN, Win);
    assert!(matches!(
        game_change(1500.0, &game),
        Err(FesaError::NotFinite(_))
    ));
    assert!(fesa::lowered_by_handicap(f64::INFINITY, Handicap::Lance).is_err());
}

#[test]
fn status() {
    assert_eq!(Status::of(0, 0, 0), Status::Unrated);
    assert_eq!(Status::of(4, 0, 4), Status::Unrated); // 8 games
    assert_eq!(Status::of(5, 0, 4), Status::Provisional); // 9 games
    assert_eq!(Status::of(20, 0, 0), Status::Unrated); // only wins
    assert_eq!(Status::of(0, 0, 20), Status::Unrated); // only losses
    assert_eq!(Status::of(0, 20, 0), Status::Established); // draws are neither
    assert_eq!(Status::of(10, 0, 7), Status::Provisional); // 17 games
    assert_eq!(Status::of(10, 1, 7), Status::Established); // 18 games
    assert_eq!(Status::of(u32::MAX, u32::MAX, 1), Status::Established);
}

#[test]
fn an_event_finds_the_final_ratings_together() {
    use fesa::{Entrant, EventGame, EventResult, TournamentChange, rate_event};
    let rated = |r: i64| Entrant::Rated(Player::new(r, 100));
    let change = |r: &EventResult| -> TournamentChange {
        match r {
            EventResult::Rated(c) => c.clone(),
            EventResult::Unrated(_) => panic!("rated players get a change"),
        }
    };
    // Two players at 1500, A beats B. Each is rated against the other's *final* rating, so by
    // symmetry A gains x and B loses x where x = 28 × (1 − 1/(1 + 10^(−x/400))). From x = 14:
    // 10^(−14/400) = 0.922571, x = 28 × (1 − 1/1.922571) = 13.436; again: 10^(−13.436/400) =
    // 0.925577, x = 28 × (1 − 1/1.925577) = 13.459; it settles at x = 13.458, rounded 13.
    let game = EventGame {
        a: 0,
        b: 1,
        score_a: Win,
        handicap: None,
    };
    let pair = [rated(1500), rated(1500)];
    let results = rate_event(&Rules::PAGE, &pair, &[game]).unwrap();
    close(change(&results[0]).exact, 13.457, 0.001);
    close(change(&results[1]).exact, -13.457, 0.001);
    assert_eq!((results[0].rating(), results[1].rating()), (1513, 1487));
    // The program iterates on rounded finals: from 1500/1500, ±14 to 1514/1486; then each
    // against the other's new final, 28 × (1 − 1/(1 + 10^(−14/400))) = 13.436, ±13 to
    // 1513/1487; then against 1487 and 1513, 28 × (1 − 1/(1 + 10^(−13/400))) = 13.476,
    // still ±13: settled.
    let program = rate_event(&Rules::PROGRAM, &pair, &[game]).unwrap();
    close(change(&program[0]).exact, 13.476406, 0.000_001);
    assert_eq!((program[0].rating(), program[1].rating()), (1513, 1487));

    // A round robin of three: each player's result is what `tournament` gives against the
    // others' final (unrounded) ratings.
    let before = [1700, 1450, 1200];
    let players = before.map(rated);
    let games = [
        EventGame {
            a: 0,
            b: 1,
            score_a: Win,
            handicap: None,
        },
        EventGame {
            a: 1,
            b: 2,
            score_a: Draw,
            handicap: None,
        },
        EventGame {
            a: 2,
            b: 0,
            score_a: Win,
            handicap: Some((0, Handicap::Bishop)),
        },
    ];
    let results = rate_event(&Rules::PAGE, &players, &games).unwrap();
    let finals: Vec<f64> = before
        .iter()
        .zip(&results)
        .map(|(&b, r)| b as f64 + change(r).exact)
        .collect();
    let check = tournament(
        1700,
        &[
            FesaGame::even(finals[1], Win),
            FesaGame {
                opponent_final: finals[2],
                score: Loss,
                handicap: HandicapSide::Gave(Handicap::Bishop),
            },
        ],
    )
    .unwrap();
    close(check.exact, change(&results[0]).exact, 1e-6);
    assert_eq!(change(&results[0]).per_game.len(), 2);

    // Games that name no one, or the same player twice, or a giver not in the game.
    let bad = |g: EventGame| rate_event(&Rules::PAGE, &players, &[g]).unwrap_err();
    let base = games[0];
    assert!(matches!(
        bad(EventGame { b: 3, ..base }),
        FesaError::UnknownPlayer {
            player: 3,
            players: 3,
            ..
        }
    ));
    assert_eq!(bad(EventGame { b: 0, ..base }), FesaError::BadGame(0));
    assert_eq!(
        bad(EventGame {
            handicap: Some((2, Handicap::Lance)),
            ..base
        }),
        FesaError::BadGame(0)
    );
}

#[test]
fn an_unrated_newcomer_gets_a_performance_rating() {
    use fesa::{Entrant, EventGame, EventResult, rate_event};
    // A newcomer beats A (1500, K 28) and loses to B (1700, K 24). The newcomer's rating P is
    // the performance against A's and B's finals: with one win and one loss, f(P, a) +
    // f(P, b) = 1, so P is their midpoint. A's final is 1500 − 28 f(1500, P), B's is
    // 1700 + 24 (1 − f(1700, P)). At P = 1599: 10^(99/400) = 1.768, f(1500, 1599) = 0.361260,
    // A's final 1500 − 10.115 = 1489.885; 10^(−101/400) = 0.559, f(1700, 1599) = 0.641314,
    // B's final 1700 + 24 × 0.358686 = 1708.608; midpoint 1599.25, which rounds to 1599 again.
    let players = [
        Entrant::Unrated(Vec::new()),
        Entrant::Rated(Player::new(1500, 100)),
        Entrant::Rated(Player::new(1700, 100)),
    ];
    let games = [
        EventGame {
            a: 0,
            b: 1,
            score_a: Win,
            handicap: None,
        },
        EventGame {
            a: 0,
            b: 2,
            score_a: Loss,
            handicap: None,
        },
    ];
    let results = rate_event(&Rules::PAGE, &players, &games).unwrap();
    assert_eq!(results[0], EventResult::Unrated(1599));
    let ratings: Vec<i64> = results.iter().map(EventResult::rating).collect();
    assert_eq!(ratings, [1599, 1490, 1709]);
    // Earlier results count: a newcomer who had already lost twice to 1100 players rates lower.
    let players = [
        Entrant::Unrated(vec![(1100.0, Loss), (1100.0, Loss)]),
        players[1].clone(),
        players[2].clone(),
    ];
    let results = rate_event(&Rules::PAGE, &players, &games).unwrap();
    assert!(results[0].rating() < 1599, "{:?}", results[0]);
    // Two newcomers who only met each other: the loser has only losses, 1; the winner only
    // wins, so a draw against the loser is added: 1 + 400 log10 3 = 191.85, 192.
    let pair = [Entrant::Unrated(Vec::new()), Entrant::Unrated(Vec::new())];
    let game = [EventGame {
        a: 0,
        b: 1,
        score_a: Win,
        handicap: None,
    }];
    assert_eq!(
        rate_event(&Rules::PAGE, &pair, &game),
        Ok(vec![EventResult::Unrated(192), EventResult::Unrated(1)])
    );
    // Unrated players with a win each against the other stay where the calculation starts.
    let games = [
        game[0],
        EventGame {
            a: 1,
            b: 0,
            score_a: Win,
            handicap: None,
        },
    ];
    let results = rate_event(&Rules::PAGE, &pair, &games).unwrap();
    assert_eq!((results[0].rating(), results[1].rating()), (1500, 1500));
}

#[test]
fn performance_ratings_of_unrated_players() {
    use fesa::performance_rating;
    // A win against 1400 and a loss against 1600: at 1500 the expected scores are
    // 1/(1 + 10^(−100/400)) = 0.640065 and 1/(1 + 10^(100/400)) = 0.359935, summing to the
    // 1 point scored: 1500.
    assert_eq!(
        performance_rating(&[(1400.0, Win), (1600.0, Loss)]),
        Ok(1500)
    );
    // Only wins, one against 1500: a draw against 1500 is added, so 1.5 of 2 against 1500,
    // f = 0.75, 10^((1500 − R)/400) = 1/3, R = 1500 + 400 log10 3 = 1690.85: 1691.
    assert_eq!(performance_rating(&[(1500.0, Win)]), Ok(1691));
    // Only losses: 1.
    assert_eq!(performance_rating(&[(1500.0, Loss), (900.0, Loss)]), Ok(1));
    // An even score against equal opponents is their rating.
    assert_eq!(
        performance_rating(&[(1200.0, Draw), (1200.0, Win), (1200.0, Loss)]),
        Ok(1200)
    );
    // A draw and three losses against 400: 0.5 of 4, f = 0.125, 10^((400 − R)/400) = 7,
    // R = 400 − 400 log10 7 = 400 − 338.04 = 61.96: 62.
    let weak = [(400.0, Draw), (400.0, Loss), (400.0, Loss), (400.0, Loss)];
    assert_eq!(performance_rating(&weak), Ok(62));
    // A draw and 39 losses against 400: f = 0.0125, R = 400 − 400 log10 79 = −359: floored at 1.
    let mut weaker = vec![(400.0, Draw)];
    weaker.extend([(400.0, Loss); 39]);
    assert_eq!(performance_rating(&weaker), Ok(1));
    assert_eq!(performance_rating(&[]), Err(FesaError::NoResults));
    assert!(matches!(
        performance_rating(&[(f64::NAN, Win), (1500.0, Loss)]),
        Err(FesaError::NotFinite(_))
    ));
}
