//! Ranks: lishogi's table for online ratings, FESA's grades for OTB ratings.

use koma_game::rating::Rank::{self, Dan, Kyu};

#[test]
fn lishogi_table_matches_the_reference() {
    // shared/reference/players.md, from lishogi's Rank.scala: 15 kyu to 2 kyu from 400 in
    // steps of 75; 1 kyu 1450-1550; 1 dan 1550-1650; 2 dan 1650-1750; 3 dan 1750-1850;
    // 4 dan 1850-1975; 5 dan 1975-2125; 6 dan 2125-2275; 7 dan 2275-2500; 8 dan from 2500.
    let mut table: Vec<(i64, Rank)> = (2..=15u8)
        .rev()
        .map(|k| (400 + 75 * i64::from(15 - k), Kyu(k)))
        .collect();
    table.extend([
        (1450, Kyu(1)),
        (1550, Dan(1)),
        (1650, Dan(2)),
        (1750, Dan(3)),
        (1850, Dan(4)),
        (1975, Dan(5)),
        (2125, Dan(6)),
        (2275, Dan(7)),
        (2500, Dan(8)),
    ]);
    assert_eq!(table[13], (1375, Kyu(2)));
    for (i, &(from, rank)) in table.iter().enumerate() {
        assert_eq!(Rank::of(from as f64), rank, "{from}");
        let until = table.get(i + 1).map(|&(next, _)| next);
        if let Some(until) = until {
            assert_eq!(Rank::of(until as f64 - 0.5), rank, "just below {until}");
        }
        assert_eq!(rank.online_range(), Some((from, until)));
    }
    // Below the floor is still 15 kyu; far above is 8 dan.
    assert_eq!(Rank::of(0.0), Kyu(15));
    assert_eq!(Rank::of(-50.0), Kyu(15));
    assert_eq!(Rank::of(5000.0), Dan(8));
    assert_eq!(Rank::of(f64::NAN), Kyu(15));
    assert_eq!(Kyu(20).online_range(), None);
}

#[test]
fn fesa_grades_match_the_table() {
    // fesashogi.eu "Elo system", point 2, lower and upper bounds of each grade; below 15 kyu
    // extended at 80 points a grade to 20 kyu.
    let table = [
        (Dan(6), 2440, 2640),
        (Dan(5), 2240, 2440),
        (Dan(4), 2080, 2240),
        (Dan(3), 1920, 2080),
        (Dan(2), 1800, 1920),
        (Dan(1), 1680, 1800),
        (Kyu(1), 1560, 1680),
        (Kyu(2), 1460, 1560),
        (Kyu(3), 1360, 1460),
        (Kyu(4), 1280, 1360),
        (Kyu(5), 1200, 1280),
        (Kyu(6), 1120, 1200),
        (Kyu(7), 1040, 1120),
        (Kyu(8), 960, 1040),
        (Kyu(9), 880, 960),
        (Kyu(10), 800, 880),
        (Kyu(11), 720, 800),
        (Kyu(12), 640, 720),
        (Kyu(13), 560, 640),
        (Kyu(14), 480, 560),
        (Kyu(15), 400, 480),
        (Kyu(16), 320, 400),
        (Kyu(17), 240, 320),
        (Kyu(18), 160, 240),
        (Kyu(19), 80, 160),
        (Kyu(20), 0, 80),
    ];
    for (grade, from, until) in table {
        assert_eq!(Rank::fesa(from), grade, "{from}");
        assert_eq!(Rank::fesa(until - 1), grade, "{}", until - 1);
        assert_eq!(grade.fesa_range(), Some((from, until)), "{grade}");
    }
    assert_eq!(Rank::fesa(-10), Kyu(20));
    assert_eq!(Rank::fesa(3000), Dan(6));
    assert_eq!(Rank::fesa(i64::MAX), Dan(6));
    assert_eq!(Dan(7).fesa_range(), None);
    assert_eq!(Kyu(0).fesa_range(), None);
    // The two scales differ: 1700 is 2 dan online, 1 dan in FESA's list.
    assert_eq!((Rank::of(1700.0), Rank::fesa(1700)), (Dan(2), Dan(1)));
}

#[test]
fn names() {
    assert_eq!(Kyu(3).to_string(), "3 kyu");
    assert_eq!(Dan(1).to_string(), "1 dan");
    assert_eq!(Kyu(3).japanese(), "3級");
    assert_eq!(Kyu(15).japanese(), "15級");
    assert_eq!(Dan(1).japanese(), "初段");
    assert_eq!(Dan(2).japanese(), "二段");
    assert_eq!(Dan(8).japanese(), "八段");
    assert_eq!(Dan(0).japanese(), "0段");
    assert_eq!(Dan(12).japanese(), "12段");
}
