//! An over-the-board tournament entered by hand, as a director would: seven players, three
//! rounds, a forfeit, two byes, an absence and a handicap game chosen by rating. Its FESA Elo
//! changes are checked against a calculation done by hand (below), and its FESA results file
//! and crosstable line by line.

use koma_game::rating::Score;
use koma_game::rating::fesa::{Entrant as ListEntry, FesaError, HandicapSide, Player, Rules};
use koma_rules::{Handicap, VariantKind};
use koma_tournament::crosstable::crosstable;
use koma_tournament::elo::{EloError, fesa_changes};
use koma_tournament::fesa_file::{
    Date, Event, FesaFileError, FesaPlayer, TimeControl, results_file, to_iso_8859_1,
};
use koma_tournament::handicap::handicap_by_rating;
use koma_tournament::record::{
    Board, Entrant, GameHandicap, GameResult, Pairing, Record, Round, WIN,
};
use koma_tournament::standings::TieBreak;

/// (first name, last name, FESA rating) of the field, entrant 0 to 6.
const FIELD: [(&str, &str, i32); 7] = [
    ("Anna", "Berg", 2050),
    ("Bruno", "Costa", 1890),
    ("Clara", "Dahl", 1720),
    ("David", "Eck", 1600),
    ("Eva", "Fink", 1450),
    ("Felix", "Gran", 1210),
    ("Greta", "Holm", 980),
];

const ORDER: [TieBreak; 2] = [TieBreak::Sos, TieBreak::Sodos];

fn game(board: Board, result: GameResult) -> Pairing {
    board.game(result)
}

fn b(sente: usize, gote: usize) -> Board {
    Board { sente, gote }
}

/// The tournament as the director entered it.
///
/// - Round 1: Anna (s) beats David; Eva (s) beats Bruno; Felix (s) draws Clara; Greta bye.
/// - Round 2: Anna (g) beats Eva; David gives Greta five pieces (his 1600 against her 980 is
///   7.0 FESA grades) and wins, as gote; Bruno wins by forfeit against Felix; Clara bye.
/// - Round 3: Anna (s) draws Bruno; Clara (s) beats Eva; Felix (g) beats David; Greta absent.
///
/// Byes are worth a whole point.
fn tournament() -> Record {
    let entrants = FIELD
        .iter()
        .map(|&(first, last, rating)| Entrant::new(format!("{first} {last}"), rating))
        .collect();
    let handicap = handicap_by_rating(VariantKind::Shogi, (3, 1600), (6, 980)).unwrap();
    assert_eq!(handicap.handicap, Handicap::FivePiece);
    let r2_handicap_board = handicap.board(3, 6).unwrap();
    assert_eq!(r2_handicap_board, b(6, 3));
    let rounds = vec![
        Round {
            pairings: vec![
                game(b(0, 3), GameResult::SenteWins),
                game(b(4, 1), GameResult::SenteWins),
                game(b(5, 2), GameResult::Draw),
                Pairing::Bye { player: 6 },
            ],
        },
        Round {
            pairings: vec![
                game(b(4, 0), GameResult::GoteWins),
                game(r2_handicap_board, GameResult::GoteWins),
                Pairing::Forfeit {
                    winner: 1,
                    loser: 5,
                },
                Pairing::Bye { player: 2 },
            ],
        },
        Round {
            pairings: vec![
                game(b(0, 1), GameResult::Draw),
                game(b(2, 4), GameResult::SenteWins),
                game(b(3, 5), GameResult::GoteWins),
            ],
        },
    ];
    Record::new(entrants, rounds, WIN)
        .unwrap()
        .with_handicaps(vec![handicap.note(1).unwrap()])
        .unwrap()
}

/// Everyone is on FESA's list, rated, with enough games to be established.
fn fesa_list() -> Vec<ListEntry> {
    FIELD
        .iter()
        .map(|&(_, _, rating)| ListEntry::Rated(Player::new(i64::from(rating), 40)))
        .collect()
}

/// The hand calculation, under the current "Elo system" page (fesashogi.eu): each game
/// changes the rating by K(pr) · (result − E), E = 1 / (1 + 10^((or − pr)/400)), pr the
/// player's running rating before the game, or the opponent's rating at the *end* of the
/// tournament; the sum is rounded once. K: 16 from 2240, 20 from 1920, 24 from 1560, 28 from
/// 1280, 32 from 1040, 36 from 720.
///
/// Byes (Greta R1, Clara R2), the forfeit (Bruno–Felix R2) and Greta's absence (R3) are not
/// rated. The final ratings depend on each other; worked to a fixed point (start from the
/// ratings before, rate everyone, repeat with the new finals until nothing moves) they are:
/// Anna 2047.2529, Bruno 1873.6506, Clara 1714.3356, David 1586.9437, Eva 1469.1148,
/// Felix 1252.8054, Greta 963.9590; each is the rating before plus the changes below.
///
/// The handicap game (2005 values: five pieces = 6.5 grades; grades on FESA's bands, 80
/// points each up to 1360, 100 to 1560, 120 to 1920):
/// - David gives: his running rating 1598.3010 is grade 17 + (1560−1360)/100 + 38.3010/120
///   = 19.31918; less 6.5 is 12.81918, i.e. 12.81918 · 80 = 1025.534. The opponent then
///   counts as 963.9590 + 1598.3010 − 1025.534 = 1536.726.
/// - Greta receives: David's final 1586.9437 is grade 19 + 26.9437/120 = 19.22453; less 6.5
///   is 12.72453 → 12.72453 · 80 = 1017.9625.
///
/// Game by game (pr, K, or, E, change = K · (s − E)):
/// - Anna:  2050      K20 v 1586.9437 E .934964 win  +1.3007; 2051.3007 K20 v 1469.1148
///   E .966148 win +0.6770; 2051.9778 K20 v 1873.6506 E .736243 draw −4.7249.
///   Sum −2.7471 → −3.
/// - Bruno: 1890 K24 v 1469.1148 E .918550 loss −22.0452; 1867.9548 K24 v 2047.2529
///   E .262673 draw +5.6959. Sum −16.3494 → −16.
/// - Clara: 1720 K24 v 1252.8054 E .936398 draw −10.4735; 1709.5265 K24 v 1469.1148
///   E .799620 win +4.8091. Sum −5.6644 → −6.
/// - David: 1600 K24 v 2047.2529 E .070791 loss −1.6990; 1598.3010 K24 v 1536.7260 (gave five
///   pieces) E .587697 win +9.8953; 1608.1963 K24 v 1252.8054 E .885522 loss −21.2525.
///   Sum −13.0563 → −13.
/// - Eva:   1450 K28 v 1873.6506 E .080267 win +25.7525; 1475.7525 K28 v 2047.2529
///   E .035922 loss −1.0058; 1474.7467 K28 v 1714.3356 E .201140 loss −5.6319.
///   Sum +19.1148 → +19.
/// - Felix: 1210 K32 v 1714.3356 E .051996 draw +14.3361; 1224.3361 K32 v 1586.9437
///   E .110334 win +28.4693. Sum +42.8054 → +43.
/// - Greta: 980 K36 v 1017.9625 (received five pieces) E .445584 loss −16.0410 → −16.
const HAND: [(&[f64], i64); 7] = [
    (&[1.3007, 0.6770, -4.7249], -3),
    (&[-22.0452, 5.6959], -16),
    (&[-10.4735, 4.8091], -6),
    (&[-1.6990, 9.8953, -21.2525], -13),
    (&[25.7525, -1.0058, -5.6319], 19),
    (&[14.3361, 28.4693], 43),
    (&[-16.0410], -16),
];

#[test]
fn elo_changes_equal_the_hand_calculation() {
    let record = tournament();
    let elo = fesa_changes(&record, &fesa_list(), &Rules::PAGE).unwrap();
    for (p, (player, &(per_game, total))) in elo.iter().zip(HAND.iter()).enumerate() {
        let changes: Vec<f64> = player.games.iter().map(|g| g.change.unwrap()).collect();
        assert_eq!(changes.len(), per_game.len(), "player {p}'s rated games");
        for (got, want) in changes.iter().zip(per_game) {
            assert!((got - want).abs() < 1e-4, "player {p}: {got} v {want}");
        }
        assert_eq!(player.change(), Some(total), "player {p}");
        assert_eq!(
            player.rating_after(),
            i64::from(FIELD[p].2) + total,
            "player {p}"
        );
    }
    // The games are the played ones, by round, with the handicap seen from each side.
    let rounds = |p: usize| elo[p].games.iter().map(|g| g.round).collect::<Vec<_>>();
    assert_eq!(rounds(1), vec![0, 2], "Bruno's forfeit win is not rated");
    assert_eq!(rounds(5), vec![0, 2], "Felix's forfeit loss is not rated");
    assert_eq!(rounds(2), vec![0, 2], "Clara's bye is not rated");
    assert_eq!(rounds(6), vec![1], "Greta's bye and absence are not rated");
    assert_eq!(
        elo[3].games[1].handicap,
        HandicapSide::Gave(Handicap::FivePiece)
    );
    assert_eq!(
        elo[6].games[0].handicap,
        HandicapSide::Received(Handicap::FivePiece)
    );
    assert_eq!(elo[6].games[0].score, Score::Loss);
    assert_eq!(elo[6].games[0].opponent, 3);
    assert_eq!(elo[0].games[1].handicap, HandicapSide::Even);
}

#[test]
fn elo_input_errors_are_named() {
    let record = tournament();
    let mut short = fesa_list();
    short.pop();
    assert_eq!(
        fesa_changes(&record, &short, &Rules::PAGE),
        Err(EloError::FieldMismatch { field: 7, given: 6 })
    );
    // A handicap with no value in FESA's table cannot be rated.
    let three = Record::new(record.entrants().to_vec(), record.rounds().to_vec(), WIN)
        .unwrap()
        .with_handicaps(vec![GameHandicap {
            round: 1,
            giver: 3,
            handicap: Handicap::ThreePiece,
        }])
        .unwrap();
    assert_eq!(
        fesa_changes(&three, &fesa_list(), &Rules::PAGE),
        Err(EloError::Fesa(FesaError::UnratedHandicap(
            Handicap::ThreePiece
        )))
    );
    assert_eq!(
        results_file(&three, &ORDER, &event(), &players()),
        Err(FesaFileError::UnknownHandicap {
            round: 2,
            handicap: "three-piece"
        })
    );
}

fn event() -> Event {
    Event {
        name: "Koma Spring Open".to_string(),
        city: "Göttingen".to_string(),
        country: "Germany".to_string(),
        first_day: Date {
            year: 2026,
            month: 3,
            day: 14,
        },
        last_day: Date {
            year: 2026,
            month: 3,
            day: 15,
        },
        time_control: Some(TimeControl {
            minutes: 30,
            byoyomi_seconds: 30,
        }),
    }
}

fn players() -> Vec<FesaPlayer> {
    FIELD
        .iter()
        .map(|&(first, last, _)| FesaPlayer::listed(last, first))
        .collect()
}

/// The standings, worked by hand (scores in points; SOS counts an unplayed round as the
/// player's own score; SODOS a defeated opponent's score, half a drawn one's):
///
/// | player | R1 | R2 | R3 | points | SOS | SODOS |
/// |---|---|---|---|---|---|---|
/// | Anna | beat David | beat Eva | drew Bruno | 2.5 | 1 + 1 + 1.5 = 3.5 | 1 + 1 + 0.75 = 2.75 |
/// | Bruno | lost Eva | forfeit won | drew Anna | 1.5 | 1 + 1.5 + 2.5 = 5 | 1.25 |
/// | Clara | drew Felix | bye | beat Eva | 2.5 | 1.5 + 2.5 + 1 = 5 | 0.75 + 1 = 1.75 |
/// | David | lost Anna | beat Greta | lost Felix | 1 | 2.5 + 1 + 1.5 = 5 | 1 |
/// | Eva | beat Bruno | lost Anna | lost Clara | 1 | 1.5 + 2.5 + 2.5 = 6.5 | 1.5 |
/// | Felix | drew Clara | forfeit lost | beat David | 1.5 | 2.5 + 1.5 + 1 = 5 | 1.25 + 1 = 2.25 |
/// | Greta | bye | lost David | absent | 1 | 1 + 1 + 1 = 3 | 0 |
///
/// Order by points, SOS, SODOS: Clara, Anna (2.5; SOS 5 > 3.5), Felix, Bruno (1.5, SOS 5;
/// SODOS 2.25 > 1.25), Eva, David, Greta (1; SOS 6.5 > 5 > 3). So the lines are Clara 1,
/// Anna 2, Felix 3, Bruno 4, Eva 5, David 6, Greta 7, and the rounds name those numbers.
#[test]
fn the_fesa_results_file_line_by_line() {
    let text = results_file(&tournament(), &ORDER, &event(), &players()).unwrap();
    let expected = [
        "[Koma Spring Open, Göttingen, Germany, 2026-03-14/2026-03-15]",
        "[2026-03-15]",
        "[Time control: 30min + 30sec]",
        "Nr Name Nat 1 2 3 Pts",
        "1 [Dahl][Clara][3= 0+ 5+] 2.5",
        "2 [Berg][Anna][6+ 5+ 4=] 2.5",
        "3 [Gran][Felix][1= 0- 6+] 1.5",
        "4 [Costa][Bruno][5- 0+ 2=] 1.5",
        "5 [Fink][Eva][4+ 2- 1-] 1",
        "6 [Eck][David][2- 7+(-5p) 3-] 1",
        "7 [Holm][Greta][0+ 6-(+5p) 0-] 1",
    ];
    let lines: Vec<&str> = text.lines().collect();
    for (i, (got, want)) in lines.iter().zip(expected).enumerate() {
        assert_eq!(*got, want, "line {}", i + 1);
    }
    assert_eq!(lines.len(), expected.len());
    assert!(text.ends_with('\n'));
    // ISO 8859-1 on disk: ö is one byte, 0xF6.
    let bytes = to_iso_8859_1(&text).unwrap();
    assert_eq!(bytes.len(), text.chars().count());
    assert!(bytes.windows(3).any(|w| w == b"G\xf6t"));
}

#[test]
fn new_players_nationality_and_mcmahon_columns() {
    // Two players, one round; the second is new to FESA's list, from Poland; a McMahon start
    // score of 1 point for the first.
    let mut entrants = vec![
        Entrant::new("Anna Berg", 2050),
        Entrant::new("Jan Kowalski", 1500),
    ];
    entrants[0].start_score = 2;
    let rounds = vec![Round {
        pairings: vec![b(1, 0).game(GameResult::Draw)],
    }];
    let record = Record::new(entrants, rounds, WIN).unwrap();
    let one_day = Event {
        last_day: event().first_day,
        time_control: None,
        ..event()
    };
    let players = vec![
        FesaPlayer::listed("Berg", "Anna"),
        FesaPlayer::new_player("Kowalski", "Jan", Some("PL")),
    ];
    let text = results_file(&record, &ORDER, &one_day, &players).unwrap();
    assert_eq!(
        text,
        "[Koma Spring Open, Göttingen, Germany, 2026-03-14]\n\
         [2026-03-14]\n\
         Nr Name Nat 1 MM Pts\n\
         1 [Berg][Anna][2=][1] 1.5\n\
         2 N [Kowalski][Jan] PL [1=][0] 0.5\n"
    );
    // Bad input is named.
    let mut bad = players.clone();
    bad[1].nationality = Some("Poland".to_string());
    assert_eq!(
        results_file(&record, &ORDER, &one_day, &bad),
        Err(FesaFileError::BadNationality {
            player: 1,
            code: "Poland".to_string()
        })
    );
    let mut bad = players.clone();
    bad[0].last_name = "Berg [A]".to_string();
    assert!(matches!(
        results_file(&record, &ORDER, &one_day, &bad),
        Err(FesaFileError::BadText { .. })
    ));
    let mut bad = players.clone();
    bad[0].last_name = "羽生".to_string();
    assert!(matches!(
        results_file(&record, &ORDER, &one_day, &bad),
        Err(FesaFileError::NotLatin1 {
            character: '羽',
            ..
        })
    ));
    assert_eq!(
        results_file(&record, &ORDER, &one_day, &players[..1]),
        Err(FesaFileError::FieldMismatch { field: 2, given: 1 })
    );
    let no_rounds = Record::new(record.entrants().to_vec(), vec![], WIN).unwrap();
    assert_eq!(
        results_file(&no_rounds, &ORDER, &one_day, &players),
        Err(FesaFileError::NoRounds)
    );
    let reversed = Event {
        first_day: event().last_day,
        last_day: event().first_day,
        ..event()
    };
    assert_eq!(
        results_file(&record, &ORDER, &reversed, &players),
        Err(FesaFileError::DatesReversed)
    );
}

#[test]
fn the_crosstable_line_by_line() {
    let table = crosstable(&tournament(), &ORDER).unwrap();
    // The same order and tie-breaks as the hand-worked standings above.
    let csv = table.to_csv();
    let expected = [
        "No,Place,Name,Rating,R1,R2,R3,Points,SOS,SODOS",
        "1,1,Clara Dahl,1720,3=w,bye,5+b,2.5,5,1.75",
        "2,2,Anna Berg,2050,6+b,5+w,4=b,2.5,3.5,2.75",
        "3,3,Felix Gran,1210,1=b,4-f,6+w,1.5,5,2.25",
        "4,4,Bruno Costa,1890,5-w,3+f,2=w,1.5,5,1.25",
        "5,5,Eva Fink,1450,4+b,2-b,1-w,1,6.5,1.5",
        "6,6,David Eck,1600,2-w,7+w(-5p),3-b,1,5,1",
        "7,7,Greta Holm,980,bye,6-b(+5p),-,1,3,0",
    ];
    let lines: Vec<&str> = csv.split_terminator("\r\n").collect();
    for (i, (got, want)) in lines.iter().zip(expected).enumerate() {
        assert_eq!(*got, want, "CSV line {}", i + 1);
    }
    assert_eq!(lines.len(), expected.len());

    let html = table.to_html("Koma Spring Open <2026>", "en", None);
    assert!(html.starts_with("<!DOCTYPE html>\n"));
    assert!(html.contains("<title>Koma Spring Open &lt;2026&gt;</title>"));
    let rows: Vec<&str> = html.lines().filter(|l| l.starts_with("<tr>")).collect();
    assert_eq!(rows.len(), 8);
    assert_eq!(
        rows[0],
        "<tr><th>No</th><th>Place</th><th>Name</th><th>Rating</th><th>R1</th><th>R2</th>\
         <th>R3</th><th>Points</th><th>SOS</th><th>SODOS</th></tr>"
    );
    assert_eq!(
        rows[6],
        "<tr><td>6</td><td>6</td><td class=\"name\">David Eck</td><td>1600</td><td>2-w</td>\
         <td>7+w(-5p)</td><td>3-b</td><td>1</td><td>5</td><td>1</td></tr>"
    );
    assert!(html.ends_with("</table>\n</body>\n</html>\n"));
}

#[test]
fn crosstable_quotes_names_and_shares_places() {
    // Two players who drew each other are tied on everything: the same place, their own lines.
    let entrants = vec![Entrant::new("Berg, Anna", 2050), Entrant::new("Bo", 1500)];
    let rounds = vec![Round {
        pairings: vec![b(0, 1).game(GameResult::Draw)],
    }];
    let record = Record::new(entrants, rounds, WIN).unwrap();
    let csv = crosstable(&record, &[]).unwrap().to_csv();
    assert_eq!(
        csv,
        "No,Place,Name,Rating,R1,Points\r\n1,1,\"Berg, Anna\",2050,2=b,0.5\r\n2,1,Bo,1500,1=w,0.5\r\n"
    );
}
