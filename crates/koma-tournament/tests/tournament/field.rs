//! The Swiss field read from a record: scores with McMahon start scores, meetings, colours,
//! byes and forfeits, late entries and withdrawals; and a McMahon event paired from it.

use koma_tournament::field::swiss_field;
use koma_tournament::mcmahon::McMahon;
use koma_tournament::record::{Entrant, GameResult, Pairing, Record, Round, WIN};
use koma_tournament::swiss::{Colour, ColourRule, pair_round};

#[test]
fn the_field_reads_scores_meetings_colours_and_byes() {
    let mcmahon = McMahon::new(2000, 100, 3).unwrap();
    let mut entrants: Vec<Entrant> = [2100, 1950, 1850, 1700, 1600, 1500]
        .iter()
        .enumerate()
        .map(|(i, &r)| {
            let mut e = Entrant::new(format!("P{i}"), r);
            e.start_score = mcmahon.start_score(r) as i32;
            e
        })
        .collect();
    entrants[5].first_round = 1;
    entrants[4].withdrawn_from = Some(2);
    let round = |pairings| Round { pairings };
    let rounds = vec![
        round(vec![
            Pairing::Game {
                sente: 0,
                gote: 1,
                result: GameResult::SenteWins,
            },
            Pairing::Forfeit {
                winner: 2,
                loser: 3,
            },
            Pairing::Bye { player: 4 },
        ]),
        round(vec![
            Pairing::Game {
                sente: 3,
                gote: 0,
                result: GameResult::Draw,
            },
            Pairing::Game {
                sente: 1,
                gote: 5,
                result: GameResult::Unplayed,
            },
            Pairing::Game {
                sente: 4,
                gote: 2,
                result: GameResult::GoteWins,
            },
        ]),
    ];
    let record = Record::new(entrants, rounds, WIN).unwrap();
    let field = swiss_field(&record, 2);
    let ids: Vec<u32> = field.iter().map(|p| p.id).collect();
    assert_eq!(ids, vec![0, 1, 2, 3, 5], "player 4 withdrew from round 3");
    let by = |id: u32| field.iter().find(|p| p.id == id).unwrap();
    // Start scores (half points) 4 at the bar, 2 one group below, 0 from two groups below;
    // then the two rounds.
    assert_eq!(by(0).score, 4 + 2 + 1);
    assert_eq!(by(1).score, 2);
    assert_eq!(by(2).score, 2 + 2);
    assert_eq!(by(3).score, 1);
    assert_eq!(by(5).score, 0);
    assert_eq!(by(0).met, vec![1, 3]);
    assert_eq!(by(3).met, vec![0], "a forfeit is no meeting");
    assert_eq!(by(1).met, vec![0], "an unplayed game is no meeting");
    assert_eq!(by(0).colours, vec![Colour::Sente, Colour::Gote]);
    assert!(
        by(2).had_bye,
        "a forfeit win counts as a point without playing"
    );
    assert!(!by(3).had_bye && !by(0).had_bye);
    assert_eq!(
        swiss_field(&record, 0).len(),
        5,
        "the late entry is not in round 1"
    );

    let paired = pair_round(&field, ColourRule::Furigoma { seed: 4 }).unwrap();
    assert_eq!(paired.pairs.len(), 2);
    let bye = paired.bye.expect("five players: one bye");
    assert_ne!(bye, 2, "player 2 had a forfeit win");
    for p in &paired.pairs {
        assert!(
            !by(p.sente).met.contains(&p.gote),
            "a repeat that could be avoided"
        );
    }
}
