//! ESC events played out: a knockout of 8 and of 32 with drawn games under both of the
//! director's rules, and the Swiss of the players knocked out, checked against a tally kept
//! by the test itself.

use crate::common::Rng;
use koma_tournament::esc::{EscError, state, swiss_field, swiss_standings};
use koma_tournament::knockout::KnockoutMatch;
use koma_tournament::knockout_games::{ArmageddonSente, DrawRule, MatchStep, as_pairing, step};
use koma_tournament::record::{Board, Entrant, GameResult, Pairing, Record, Round, WIN};
use koma_tournament::standings::TieBreak;
use koma_tournament::swiss::Colour;

/// A random game result: draws one time in three.
fn result(rng: &mut Rng) -> GameResult {
    match rng.below(3) {
        0 => GameResult::Draw,
        1 => GameResult::SenteWins,
        _ => GameResult::GoteWins,
    }
}

/// What the test itself keeps of each player.
#[derive(Default, Clone)]
struct Tally {
    points: i32,
    met: Vec<usize>,
    bye: bool,
    out_in: Option<usize>,
}

/// Counts of what the matches went through.
#[derive(Default)]
struct Drawn {
    first_games: usize,
    armageddon_draws: usize,
    replays: usize,
}

/// Plays one match out under `rule`, checking each step; returns its record entry.
fn play_match(rng: &mut Rng, first: Board, rule: DrawRule, drawn: &mut Drawn) -> Pairing {
    let mut games = Vec::new();
    loop {
        match step(first, rule, &games).expect("the match's games are consistent") {
            MatchStep::Play { board, armageddon } => {
                if games.is_empty() {
                    assert_eq!(board, first);
                } else if let DrawRule::Rematch { .. } = rule {
                    drawn.replays += 1;
                    let Some(Pairing::Game { sente, gote, .. }) = games.last() else {
                        unreachable!()
                    };
                    assert_eq!(
                        (board.sente, board.gote),
                        (*gote, *sente),
                        "colours reverse"
                    );
                    assert!(!armageddon);
                } else {
                    assert!(armageddon, "a drawn game under armageddon asks for one");
                }
                let r = result(rng);
                if games.is_empty() && r == GameResult::Draw {
                    drawn.first_games += 1;
                }
                if armageddon && r == GameResult::Draw {
                    drawn.armageddon_draws += 1;
                    let decided = step(first, rule, &[games.clone(), vec![board.game(r)]].concat());
                    assert_eq!(
                        decided,
                        Ok(MatchStep::Decided {
                            winner: board.gote,
                            loser: board.sente
                        }),
                        "a drawn armageddon goes to gote"
                    );
                }
                games.push(board.game(r));
            }
            MatchStep::Decided { .. } => {
                return as_pairing(first, rule, &games).expect("decided");
            }
        }
    }
}

/// A plain Swiss pairing for the test: by score then rating, each with the next one not met
/// (else the next one), the bye to the lowest without one.
fn pair_swiss(
    field: &[koma_tournament::swiss::SwissPlayer],
) -> (Vec<(usize, usize)>, Option<usize>) {
    let mut order: Vec<_> = field.iter().collect();
    order.sort_by(|a, b| {
        (b.score, b.rating)
            .cmp(&(a.score, a.rating))
            .then(a.id.cmp(&b.id))
    });
    let mut bye = None;
    if order.len() % 2 == 1 {
        let at = order
            .iter()
            .rposition(|e| !e.had_bye)
            .unwrap_or(order.len() - 1);
        bye = Some(order.remove(at).id as usize);
    }
    let mut pairs = Vec::new();
    while let Some(a) = order.first().copied() {
        order.remove(0);
        let at = order
            .iter()
            .position(|b| !a.met.contains(&b.id))
            .unwrap_or(0);
        let b = order.remove(at);
        pairs.push((a.id as usize, b.id as usize));
    }
    (pairs, bye)
}

/// Runs an ESC of `n` players over `rounds` rounds under `rule`, checking the Swiss field of
/// every round against the test's own tally; returns the final record and the draw counts.
fn run(
    n: usize,
    rounds: usize,
    rule: impl Fn(Board) -> DrawRule,
    seed: u64,
) -> (Record, Vec<Tally>, Drawn) {
    let mut rng = Rng(seed);
    let entrants: Vec<Entrant> = (0..n)
        .map(|i| Entrant::new(format!("P{i}"), 1200 + 37 * ((i * 7) % n) as i32))
        .collect();
    let mut tally = vec![Tally::default(); n];
    let mut drawn = Drawn::default();
    let mut table: Vec<Round> = Vec::new();
    for r in 0..rounds {
        let record = Record::new(entrants.clone(), table.clone(), WIN).unwrap();
        let esc = state(&record, r).unwrap();
        // The Swiss field is exactly the players out before this round, with their tallies.
        let field = swiss_field(&record, r).unwrap();
        let expected: Vec<usize> = (0..n)
            .filter(|&p| tally[p].out_in.is_some_and(|o| o < r))
            .collect();
        assert_eq!(
            field.iter().map(|e| e.id as usize).collect::<Vec<_>>(),
            expected,
            "round {}",
            r + 1
        );
        for e in &field {
            let t = &tally[e.id as usize];
            assert_eq!(
                e.score as i32, t.points,
                "player {} keeps their points",
                e.id
            );
            let met: Vec<usize> = e.met.iter().map(|&m| m as usize).collect();
            assert_eq!(met, t.met);
            assert_eq!(e.had_bye, t.bye);
        }
        let mut pairings = Vec::new();
        if let Some(matches) = esc.bracket.get(r).filter(|_| esc.champion.is_none()) {
            for m in matches {
                let KnockoutMatch::Game(first) = *m else {
                    panic!("a field of {n} has no byes")
                };
                for p in [first.sente, first.gote] {
                    assert!(
                        tally[p].out_in.is_none(),
                        "{p} is out but still in the knockout"
                    );
                }
                let entry = play_match(&mut rng, first, rule(first), &mut drawn);
                let Pairing::Game {
                    sente,
                    gote,
                    result,
                } = entry
                else {
                    panic!("no forfeits here")
                };
                let (w, l) = if result == GameResult::SenteWins {
                    (sente, gote)
                } else {
                    (gote, sente)
                };
                tally[w].points += WIN;
                tally[l].out_in = Some(r);
                tally[w].met.push(l);
                tally[l].met.push(w);
                pairings.push(entry);
            }
        }
        let (pairs, bye) = pair_swiss(&field);
        for (a, b) in pairs {
            let res = result(&mut rng);
            let (pa, pb) = match res {
                GameResult::SenteWins => (WIN, 0),
                GameResult::GoteWins => (0, WIN),
                _ => (1, 1),
            };
            tally[a].points += pa;
            tally[b].points += pb;
            tally[a].met.push(b);
            tally[b].met.push(a);
            pairings.push(Pairing::Game {
                sente: a,
                gote: b,
                result: res,
            });
        }
        if let Some(p) = bye {
            tally[p].points += WIN;
            tally[p].bye = true;
            pairings.push(Pairing::Bye { player: p });
        }
        table.push(Round { pairings });
    }
    let record = Record::new(entrants, table, WIN).unwrap();
    (record, tally, drawn)
}

/// The checks common to every run once all rounds are played.
fn check_end(n: usize, record: &Record, tally: &[Tally]) {
    let end = state(record, record.rounds().len()).unwrap();
    let champion = end.champion.expect("the knockout is decided");
    assert!(tally[champion].out_in.is_none());
    assert_eq!(tally[champion].points, WIN * n.trailing_zeros() as i32);
    for (p, t) in tally.iter().enumerate() {
        assert_eq!(end.knocked_out[p], t.out_in, "player {p}");
    }
    // Knocked out in round r (0-based) after r wins: half the field in round 0, and so on.
    for r in 0..n.trailing_zeros() as usize {
        let out = (0..n).filter(|&p| tally[p].out_in == Some(r)).count();
        assert_eq!(out, n >> (r + 1));
    }
    let table = swiss_standings(record, &[TieBreak::Sos, TieBreak::Sodos]).unwrap();
    let mut players: Vec<usize> = table.iter().map(|s| s.player).collect();
    players.sort();
    assert_eq!(
        players,
        (0..n).filter(|&p| p != champion).collect::<Vec<_>>()
    );
    for w in table.windows(2) {
        assert!((w[0].score, &w[0].tie_breaks) >= (w[1].score, &w[1].tie_breaks));
        assert!(w[0].rank <= w[1].rank);
    }
    for s in &table {
        assert_eq!(s.score, tally[s.player].points);
    }
}

#[test]
fn eight_players_with_armageddon() {
    let mut totals = Drawn::default();
    for seed in 0..40 {
        // Even seeds draw armageddon sente by furigoma; odd ones give it to the lower seed.
        let rule = move |first: Board| {
            DrawRule::Armageddon(if seed % 2 == 0 {
                ArmageddonSente::Furigoma {
                    seed: seed * 31 + first.sente as u64,
                }
            } else {
                ArmageddonSente::Given(first.gote)
            })
        };
        let (record, tally, drawn) = run(8, 5, rule, seed);
        check_end(8, &record, &tally);
        totals.first_games += drawn.first_games;
        totals.armageddon_draws += drawn.armageddon_draws;
    }
    assert!(totals.first_games > 10 && totals.armageddon_draws > 3);
}

#[test]
fn thirty_two_players_with_rematches() {
    let mut replays = 0;
    for seed in 0..20 {
        let (record, tally, drawn) =
            run(32, 7, |_| DrawRule::Rematch { max_games: 12 }, 100 + seed);
        check_end(32, &record, &tally);
        replays += drawn.replays;
    }
    assert!(replays > 50, "{replays} replays");
}

#[test]
fn thirty_two_players_with_armageddon_and_eight_with_rematches() {
    for seed in 0..10 {
        let rule = |_| DrawRule::Armageddon(ArmageddonSente::Furigoma { seed });
        let (record, tally, _) = run(32, 6, rule, 200 + seed);
        check_end(32, &record, &tally);
        let (record, tally, _) = run(8, 3, |_| DrawRule::Rematch { max_games: 12 }, 300 + seed);
        check_end(8, &record, &tally);
    }
}

#[test]
fn a_loser_enters_the_swiss_with_the_points_won() {
    // 8 players, ratings by index: seeds 1..8 are players 0..7. Round 1: the favourites win.
    // Round 2: player 0 beats 3 and player 1 loses to 2. In round 3 the Swiss holds the four
    // first-round losers (no points) and 1 and 3, who each won a match (one point).
    let entrants: Vec<Entrant> = (0..8)
        .map(|i| Entrant::new(format!("P{i}"), 2000 - 10 * i))
        .collect();
    let won = |s, g| Pairing::Game {
        sente: s,
        gote: g,
        result: GameResult::SenteWins,
    };
    let r1 = Round {
        pairings: vec![won(0, 7), won(3, 4), won(1, 6), won(2, 5)],
    };
    let r2 = Round {
        pairings: vec![
            won(0, 3),
            Pairing::Game {
                sente: 1,
                gote: 2,
                result: GameResult::GoteWins,
            },
            won(7, 4),
            won(6, 5),
        ],
    };
    let record = Record::new(entrants.clone(), vec![r1.clone(), r2.clone()], WIN).unwrap();
    let field = swiss_field(&record, 2).unwrap();
    let scores: Vec<(usize, i32)> = field
        .iter()
        .map(|e| (e.id as usize, e.score as i32))
        .collect();
    assert_eq!(scores, vec![(1, 2), (3, 2), (4, 0), (5, 0), (6, 2), (7, 2)]);
    assert_eq!(field[1].met, vec![4, 0]);
    assert_eq!(field[1].colours, vec![Colour::Sente, Colour::Gote]);
    let esc = state(&record, 2).unwrap();
    assert_eq!(
        esc.bracket[2],
        vec![KnockoutMatch::Game(Board { sente: 0, gote: 2 })]
    );

    // A knockout match recorded drawn, and a knockout player set against a Swiss player.
    let drawn = Round {
        pairings: vec![Pairing::Game {
            sente: 0,
            gote: 2,
            result: GameResult::Draw,
        }],
    };
    let record = Record::new(entrants.clone(), vec![r1.clone(), r2.clone(), drawn], WIN).unwrap();
    assert_eq!(
        state(&record, 3),
        Err(EscError::Undecided {
            round: 3,
            a: 0,
            b: 2
        })
    );
    let wrong = Round {
        pairings: vec![won(0, 1), won(2, 3)],
    };
    let record = Record::new(entrants.clone(), vec![r1, r2, wrong], WIN).unwrap();
    assert_eq!(
        state(&record, 3),
        Err(EscError::NotTheirMatch {
            round: 3,
            player: 0,
            opponent: 2,
            found: Some(won(0, 1))
        })
    );
    assert_eq!(
        swiss_field(&record, 4),
        Err(EscError::RoundOutOfRange {
            round: 4,
            rounds: 3
        })
    );
}

#[test]
fn a_withdrawn_knockout_player_loses_by_walkover() {
    let mut entrants: Vec<Entrant> = (0..4)
        .map(|i| Entrant::new(format!("P{i}"), 2000 - 10 * i))
        .collect();
    entrants[3].withdrawn_from = Some(0);
    // Seed 1 (player 0) meets seed 4 (player 3), who has withdrawn: 0 goes on without a game.
    let r1 = Round {
        pairings: vec![Pairing::Game {
            sente: 1,
            gote: 2,
            result: GameResult::GoteWins,
        }],
    };
    let record = Record::new(entrants, vec![r1], WIN).unwrap();
    let esc = state(&record, 1).unwrap();
    assert_eq!(esc.knocked_out, vec![None, Some(0), None, Some(0)]);
    assert_eq!(
        esc.bracket[1],
        vec![KnockoutMatch::Game(Board { sente: 0, gote: 2 })]
    );
    // The withdrawn player is not in the Swiss; the loser of the game is.
    let field = swiss_field(&record, 1).unwrap();
    assert_eq!(
        field.iter().map(|e| e.id as usize).collect::<Vec<_>>(),
        vec![1]
    );
}
