//! Ratings, ranks and handicaps: which handicap a rating difference calls for, and (in the
//! submodules) online Glicko-2 ratings ([`glicko`]) in pools by variant and speed ([`speed`]),
//! kyu/dan ranks ([`rank`]) and FESA's Elo for over-the-board results ([`fesa`]).
//!
//! # Source
//!
//! FESA (the Federation of European Shogi Associations) rates players with Elo and ties
//! grades to ratings: point 2 of its rating rules (fesashogi.eu, "Elo system") gives each
//! grade a band of ratings, 80 points wide up to 4 kyu, 100 for 3 and 2 kyu, 120 for 1 kyu
//! to 2 dan, 160 for 3 and 4 dan and 200 for 5 and 6 dan (4 kyu is 1280–1360, 1 dan
//! 1680–1800, 6 dan 2440–2640). The handicap rule built on it, as Shogi Berlin publishes it
//! for its tournaments (shogi-berlin.de, "Handicap Regeln", citing that FESA table), turns
//! each player's rating into a *fractional grade* (the grade plus how far through its band
//! the rating is, rounded to a tenth) and reads the handicap off the difference:
//!
//! | grade difference | handicap |
//! |---|---|
//! | 0 – 0.5 | even |
//! | 0.6 – 1.4 | lance |
//! | 1.5 – 2.0 | bishop |
//! | 2.1 – 2.6 | rook |
//! | 2.7 – 3.5 | rook and lance |
//! | 3.6 – 4.9 | two pieces |
//! | 5.0 – 6.4 | four pieces |
//! | 6.5 – 7.9 | five pieces |
//! | 8.0 and more | six pieces |
//!
//! [`suggest_for_ratings`] applies this exactly (extending FESA's grade bands below 14 kyu
//! at 80 points and above 6 dan at 200). A bare rating difference does not say which bands
//! it falls in, so [`suggest`] counts [`ELO_PER_GRADE`] = 100 points per grade: the width at
//! 3 and 2 kyu, the middle of FESA's range. Its thresholds are then lance from 55 points,
//! bishop 145, rook 205, rook and lance 265, two pieces 355, four pieces 495, five pieces 645
//! and six pieces 795. As a cross-check, the middles of these bands (see [`elo_equivalent`])
//! are close to the Elo table of the Mind Sports Olympiad 2000 shogi rules (lance 100,
//! bishop 200, rook 250, rook and lance 350, two pieces 450, four 550, five 750, six 1000).
//! For *rating* handicap games, USSF and FESA count handicaps in grades instead (from 2002:
//! lance 0.5, bishop 1.5, rook 2, rook and lance 2.5, two pieces 3.5, four 4.5, five 6,
//! six 7, per Larry Kaufman on shogi-l; since 2005 FESA's program uses this table's steps,
//! 0.6, 1.5, 2.1, 2.7, 3.6, 5.0, 6.5 and 8.0): see [`fesa::HandicapTable`].
//!
//! Handicaps outside the table (right lance, three pieces, left five, seven, eight and ten
//! pieces, three pawns, naked king) are never suggested and have no Elo equivalent here.
//!
//! # Tori Shogi
//!
//! No published rating table covers Tori Shogi's four handicaps, so they are placed by
//! analogy with shogi's pieces: the left quail, a piece ranging forward like a lance, where
//! shogi gives a lance (from 0.6 grades); the falcon, Tori's strongest piece after the
//! phoenix (its king), where shogi gives a bishop or a rook (1.5 to 2.6 grades); falcon and
//! left quail where shogi gives rook and lance (2.7 to 3.5); falcon and both quails, the
//! largest Tori handicap, from where shogi gives two pieces (3.6 and more).
//!
//! ```
//! use koma_game::rating::{elo_equivalent, suggest, suggest_for_ratings};
//! use koma_rules::{Handicap, VariantKind};
//!
//! assert_eq!(suggest(VariantKind::Shogi, 30), Handicap::Even);
//! assert_eq!(suggest(VariantKind::Shogi, 240), Handicap::Rook);
//! assert_eq!(suggest(VariantKind::Tori, 240), Handicap::ToriFalcon);
//! // Shogi Berlin's example: 1847 (2.4 dan) against 1355 (4 kyu) is 4.5 grades apart.
//! assert_eq!(suggest_for_ratings(VariantKind::Shogi, 1847, 1355), Handicap::TwoPiece);
//! assert_eq!(elo_equivalent(Handicap::Rook), Some(235));
//! ```

use koma_rules::{Handicap, VariantKind};

pub mod fesa;
pub mod glicko;
pub mod rank;
mod score;
pub mod speed;

pub use glicko::{Glicko, GlickoError};
pub use rank::Rank;
pub use score::Score;
pub use speed::{Pool, PoolError, Speed};

/// Rating points counted as one grade by [`suggest`].
pub const ELO_PER_GRADE: u32 = 100;

/// Shogi's handicaps by the smallest grade difference (in tenths) that calls for each.
const SHOGI_LADDER: [(u32, Handicap); 9] = [
    (0, Handicap::Even),
    (6, Handicap::Lance),
    (15, Handicap::Bishop),
    (21, Handicap::Rook),
    (27, Handicap::RookLance),
    (36, Handicap::TwoPiece),
    (50, Handicap::FourPiece),
    (65, Handicap::FivePiece),
    (80, Handicap::SixPiece),
];

/// Tori Shogi's handicaps, placed by analogy with shogi's (see the module docs).
const TORI_LADDER: [(u32, Handicap); 5] = [
    (0, Handicap::Even),
    (6, Handicap::ToriLeftQuail),
    (15, Handicap::ToriFalcon),
    (27, Handicap::ToriFalconLeftQuail),
    (36, Handicap::ToriFalconBothQuails),
];

/// FESA's grade bands as (lowest rating, rating points per grade), from rating 0 up; the
/// last width goes on for ever.
const GRADE_BANDS: [(u32, u32); 5] = [(0, 80), (1360, 100), (1560, 120), (1920, 160), (2240, 200)];

fn ladder(variant: VariantKind) -> &'static [(u32, Handicap)] {
    match variant {
        VariantKind::Shogi => &SHOGI_LADDER,
        VariantKind::Tori => &TORI_LADDER,
        // The small variants have no handicaps: every game is even.
        VariantKind::Minishogi | VariantKind::Kyoto | VariantKind::Dobutsu => {
            &[(0, Handicap::Even)]
        }
    }
}

/// The handicap the stronger player gives for a rating difference of `rating_difference`
/// Elo points, counting [`ELO_PER_GRADE`] points a grade.
pub fn suggest(variant: VariantKind, rating_difference: u32) -> Handicap {
    let tenths = rating_difference / 10 + u32::from(rating_difference % 10 >= 5);
    suggest_for_grade_difference(variant, tenths)
}

/// The handicap between players rated `a` and `b` (either order), by FESA's fractional
/// grades.
pub fn suggest_for_ratings(variant: VariantKind, a: u32, b: u32) -> Handicap {
    suggest_for_grade_difference(variant, grade_difference_tenths(a, b))
}

/// The handicap for a difference of `tenths` tenths of a grade (the table in the module
/// docs).
pub fn suggest_for_grade_difference(variant: VariantKind, tenths: u32) -> Handicap {
    ladder(variant)
        .iter()
        .rev()
        .find(|&&(from, _)| tenths >= from)
        .map_or(Handicap::Even, |&(_, handicap)| handicap)
}

/// How many tenths of a grade apart players rated `a` and `b` are, each rating turned into a
/// fractional grade rounded to a tenth as FESA does.
pub fn grade_difference_tenths(a: u32, b: u32) -> u32 {
    grade_tenths(a).abs_diff(grade_tenths(b))
}

/// A rating as tenths of a grade above rating 0, on FESA's bands.
fn grade_tenths(rating: u32) -> u32 {
    let rating = u64::from(rating);
    let mut tenths: u64 = 0;
    for (i, &(start, width)) in GRADE_BANDS.iter().enumerate() {
        let (start, width) = (u64::from(start), u64::from(width));
        let end = GRADE_BANDS
            .get(i + 1)
            .map_or(u64::MAX, |&(next, _)| u64::from(next));
        let top = rating.min(end);
        tenths += (10 * (top - start) + width / 2) / width;
        if rating <= end {
            break;
        }
    }
    // At most u32::MAX / 8 tenths: it fits.
    u32::try_from(tenths).unwrap_or(u32::MAX)
}

/// The rating difference `handicap` stands for: the middle of the differences [`suggest`]
/// gives it for (the last, open band taken as wide as the one before it); 0 for an even game;
/// `None` for a handicap [`suggest`] never gives.
pub fn elo_equivalent(handicap: Handicap) -> Option<u32> {
    if handicap == Handicap::Even {
        return Some(0);
    }
    // The smallest rating difference whose rounded tenths reach `tenths`.
    let start = |tenths: u32| (tenths * ELO_PER_GRADE / 10).saturating_sub(ELO_PER_GRADE / 20);
    [&SHOGI_LADDER[..], &TORI_LADDER[..]]
        .into_iter()
        .find_map(|ladder| {
            let i = ladder.iter().position(|&(_, h)| h == handicap)?;
            let low = start(ladder[i].0);
            let high = match ladder.get(i + 1) {
                Some(&(next, _)) => start(next),
                None => low + (low - start(ladder[i.saturating_sub(1)].0)),
            };
            Some((low + high) / 2)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_rules::VariantKind::{Shogi, Tori};

    fn step(variant: VariantKind, handicap: Handicap) -> usize {
        ladder(variant)
            .iter()
            .position(|&(_, h)| h == handicap)
            .expect("suggested handicaps are on the ladder")
    }

    #[test]
    fn no_difference_is_an_even_game() {
        for variant in VariantKind::ALL {
            assert_eq!(suggest(variant, 0), Handicap::Even);
            assert_eq!(suggest_for_ratings(variant, 1500, 1500), Handicap::Even);
            assert_eq!(suggest_for_grade_difference(variant, 0), Handicap::Even);
        }
    }

    #[test]
    fn a_bigger_difference_never_gives_less() {
        for variant in VariantKind::ALL {
            let mut last = 0;
            for difference in 0..3_000 {
                let now = step(variant, suggest(variant, difference));
                assert!(now >= last, "{variant:?} at {difference}");
                last = now;
            }
            assert_eq!(
                suggest(variant, u32::MAX),
                ladder(variant).last().unwrap().1
            );
            for weaker in [0, 400, 1000, 1500, 2000] {
                let mut last = 0;
                for stronger in weaker..3_500 {
                    let now = step(variant, suggest_for_ratings(variant, stronger, weaker));
                    assert!(now >= last, "{variant:?} {stronger} v {weaker}");
                    last = now;
                }
            }
        }
    }

    #[test]
    fn shogi_table_boundaries() {
        let table = [
            (5, 6, Handicap::Lance),
            (14, 15, Handicap::Bishop),
            (20, 21, Handicap::Rook),
            (26, 27, Handicap::RookLance),
            (35, 36, Handicap::TwoPiece),
            (49, 50, Handicap::FourPiece),
            (64, 65, Handicap::FivePiece),
            (79, 80, Handicap::SixPiece),
        ];
        for (below, from, handicap) in table {
            assert_ne!(suggest_for_grade_difference(Shogi, below), handicap);
            assert_eq!(suggest_for_grade_difference(Shogi, from), handicap);
        }
        let elo = [
            (54, 55, Handicap::Lance),
            (144, 145, Handicap::Bishop),
            (204, 205, Handicap::Rook),
            (264, 265, Handicap::RookLance),
            (354, 355, Handicap::TwoPiece),
            (494, 495, Handicap::FourPiece),
            (644, 645, Handicap::FivePiece),
            (794, 795, Handicap::SixPiece),
        ];
        for (below, from, handicap) in elo {
            assert_ne!(suggest(Shogi, below), handicap);
            assert_eq!(suggest(Shogi, from), handicap);
        }
        assert_eq!(suggest(Shogi, 54), Handicap::Even);
    }

    #[test]
    fn tori_table_boundaries() {
        let elo = [
            (54, 55, Handicap::ToriLeftQuail),
            (144, 145, Handicap::ToriFalcon),
            (264, 265, Handicap::ToriFalconLeftQuail),
            (354, 355, Handicap::ToriFalconBothQuails),
        ];
        for (below, from, handicap) in elo {
            assert_ne!(suggest(Tori, below), handicap);
            assert_eq!(suggest(Tori, from), handicap);
        }
        assert_eq!(suggest(Tori, 5_000), Handicap::ToriFalconBothQuails);
        for d in 0..5_000 {
            assert!(Handicap::TORI.contains(&suggest(Tori, d)));
            assert!(Handicap::SHOGI.contains(&suggest(Shogi, d)));
        }
    }

    #[test]
    fn fesa_fractional_grades() {
        // Band edges: 4 kyu's top, 2 kyu's top, 2 dan's top, 4 dan's top, 6 dan's top.
        assert_eq!(grade_tenths(0), 0);
        assert_eq!(grade_tenths(1360), 170);
        assert_eq!(grade_tenths(1560), 190);
        assert_eq!(grade_tenths(1920), 220);
        assert_eq!(grade_tenths(2240), 240);
        assert_eq!(grade_tenths(2640), 260);
        assert_eq!(grade_tenths(2840), 270);
        // One grade is one grade wherever it is: 1 kyu to 1 dan, 5 kyu to 4 kyu, 5 to 6 dan.
        assert_eq!(grade_difference_tenths(1680, 1560), 10);
        assert_eq!(grade_difference_tenths(1200, 1280), 10);
        assert_eq!(grade_difference_tenths(2640, 2440), 10);
        // Shogi Berlin's worked example: 1847 is 2.4 dan, 1355 is 0.9 through 4 kyu.
        assert_eq!(grade_difference_tenths(1847, 1355), 45);
        assert_eq!(suggest_for_ratings(Shogi, 1355, 1847), Handicap::TwoPiece);
        // The same 240 points are rook and lance among kyu players, a lance among high dan.
        assert_eq!(suggest_for_ratings(Shogi, 1040, 800), Handicap::RookLance);
        assert_eq!(suggest_for_ratings(Shogi, 2640, 2400), Handicap::Lance);
        assert!(grade_tenths(u32::MAX) > grade_tenths(2840));
    }

    #[test]
    fn elo_equivalent_is_the_inverse() {
        for variant in VariantKind::ALL {
            let mut last = None;
            for &(_, handicap) in ladder(variant) {
                let elo = elo_equivalent(handicap).unwrap();
                assert_eq!(suggest(variant, elo), handicap, "{handicap:?}");
                assert!(last < Some(elo));
                last = Some(elo);
            }
        }
        let shogi = [0, 100, 175, 235, 310, 425, 570, 720, 870];
        for (&(_, handicap), elo) in SHOGI_LADDER.iter().zip(shogi) {
            assert_eq!(elo_equivalent(handicap), Some(elo), "{handicap:?}");
        }
        let tori = [0, 100, 205, 310, 400];
        for (&(_, handicap), elo) in TORI_LADDER.iter().zip(tori) {
            assert_eq!(elo_equivalent(handicap), Some(elo), "{handicap:?}");
        }
        for handicap in [
            Handicap::RightLance,
            Handicap::ThreePiece,
            Handicap::LeftFivePiece,
            Handicap::LeftSevenPiece,
            Handicap::RightSevenPiece,
            Handicap::EightPiece,
            Handicap::TenPiece,
            Handicap::ThreePawns,
            Handicap::NakedKing,
        ] {
            assert_eq!(elo_equivalent(handicap), None, "{handicap:?}");
        }
    }
}
