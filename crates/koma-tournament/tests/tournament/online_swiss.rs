//! A small Swiss with players new to FESA's list, as a director types it in: five players,
//! two on the list (rated from the typed ratings) and three new ones, whose typed ratings
//! stand for a national grade. Its FESA Elo outcome, as FESA's program rates
//! ([`Rules::PROGRAM`]), equals the hand calculation below.

use koma_game::rating::fesa::{Entrant as ListEntry, Player, Rules};
use koma_tournament::elo::fesa_changes;
use koma_tournament::record::{Board, Entrant, GameResult, Pairing, Record, Round, WIN};

/// (name, typed rating, on FESA's list) of entrants 0 to 4.
const FIELD: [(&str, i32, bool); 5] = [
    ("Anna", 1850, true),
    ("Ben", 1620, true),
    ("Carl", 1500, false),
    ("Dora", 1300, false),
    ("Emil", 1100, false),
];

/// Three rounds, a bye each (worth a point, never rated):
/// - R1: Anna (s) beats Dora; Carl (s) beats Ben; Emil bye.
/// - R2: Carl (s) loses to Anna; Ben (s) beats Emil; Dora bye.
/// - R3: Anna (s) loses to Emil; Dora (s) draws Carl; Ben bye.
fn swiss() -> Record {
    let entrants = FIELD
        .iter()
        .map(|&(name, rating, _)| Entrant::new(name, rating))
        .collect();
    let game = |sente, gote, result| Board { sente, gote }.game(result);
    let round = |pairings| Round { pairings };
    let rounds = vec![
        round(vec![
            game(0, 3, GameResult::SenteWins),
            game(2, 1, GameResult::SenteWins),
            Pairing::Bye { player: 4 },
        ]),
        round(vec![
            game(2, 0, GameResult::GoteWins),
            game(1, 4, GameResult::SenteWins),
            Pairing::Bye { player: 3 },
        ]),
        round(vec![
            game(0, 4, GameResult::GoteWins),
            game(3, 2, GameResult::Draw),
            Pairing::Bye { player: 1 },
        ]),
    ];
    Record::new(entrants, rounds, WIN).unwrap()
}

/// FESA's program rates this event as follows (fesashogi.eu "Elo system", and the program
/// `turnering.lisp`, `all-players`, `diff`, `innsats2`, `get-single-elo-result-new`):
///
/// - A listed player: each game K(pr) · (s − E), E = 1 / (1 + 10^((or − pr)/400)), pr the
///   running rating (from the typed one), or the opponent's final rating (at least 400), a
///   win over a higher-rated player at least K · (or − pr)/160; the sum rounded once.
///   Counted games 100: no weak bonus.
/// - A new player: the performance P with Σ (s − E(P, or)) = 0 over the event's games and,
///   first, a win and a loss against the typed rating (the program's national-grade rule),
///   rounded; P is then the player's final rating for the opponents.
///
/// The finals depend on each other; worked to the fixed point (rounded finals, as the
/// program): Anna 1833, Ben 1611, Carl 1556, Dora 1365, Emil 1399. Check:
/// - Anna 1850, K 24: v Dora 1365 E .942236 win +1.3863; 1851.3863 v Carl 1556
///   E .845584 win +3.7060; 1855.0923 v Emil 1399 E .932483 loss −22.3796.
///   Sum −17.2873 → −17, 1833.
/// - Ben 1620, K 24: v Carl 1556 E .591076 loss −14.1858; 1605.8142 v Emil 1399 E .766834
///   win +5.5960. Sum −8.5898 → −9, 1611.
/// - Carl: 1500 +, 1500 −, Ben 1611 +, Anna 1833 −, Dora 1365 = → P 1555.97 → 1556.
/// - Dora: 1300 +, 1300 −, Anna 1833 −, Carl 1556 = → P 1365.45 → 1365.
/// - Emil: 1100 +, 1100 −, Ben 1611 −, Anna 1833 + → P 1398.86 → 1399.
///   (At P the expected score equals the score: Emil at 1398.86 expects .8482 twice against
///   1100, .2277 against Ben and .0759 against Anna, 2.0000, and scored 2.)
///
/// Before the typed ratings counted, the new players were rated from nothing (no earlier
/// results): 1674, 1558 and 1737, Emil (typed 1100) above Carl (typed 1500) and Dora
/// (typed 1300, half a point in two games) at 1558; a field of new players only never
/// settled at all.
const HAND: [(Option<i64>, i64); 5] = [
    (Some(-17), 1833),
    (Some(-9), 1611),
    (None, 1556),
    (None, 1365),
    (None, 1399),
];

fn fesa_list() -> Vec<ListEntry> {
    FIELD
        .iter()
        .map(|&(_, rating, listed)| match listed {
            true => ListEntry::Rated(Player::new(i64::from(rating), 100)),
            false => ListEntry::new_player(f64::from(rating)),
        })
        .collect()
}

#[test]
fn new_players_start_from_their_typed_ratings() {
    let elo = fesa_changes(&swiss(), &fesa_list(), &Rules::PROGRAM).unwrap();
    let got: Vec<(Option<i64>, i64)> = elo.iter().map(|e| (e.change(), e.rating_after())).collect();
    assert_eq!(got, HAND);
    let games: Vec<usize> = elo.iter().map(|e| e.games.len()).collect();
    assert_eq!(games, [3, 2, 3, 2, 2], "byes are not rated");
}

#[test]
fn a_field_of_new_players_settles_at_their_typed_ratings() {
    // Everyone new (an online Swiss without FESA ids): the event is anchored by the typed
    // ratings, and the order follows the results. Anna won twice and lost to Emil; Dora
    // scored half a point in two games.
    let list: Vec<ListEntry> = FIELD
        .iter()
        .map(|&(_, rating, _)| ListEntry::new_player(f64::from(rating)))
        .collect();
    let elo = fesa_changes(&swiss(), &list, &Rules::PROGRAM).unwrap();
    let after: Vec<i64> = elo.iter().map(|e| e.rating_after()).collect();
    for (a, &(name, typed, _)) in after.iter().zip(&FIELD) {
        assert!((a - i64::from(typed)).abs() < 400, "{name}: {after:?}");
    }
    assert!(after[0] > after[2] && after[2] > after[3], "{after:?}");
    assert!(elo.iter().all(|e| e.change().is_none()));
}
