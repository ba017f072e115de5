//! Kyu and dan ranks from ratings: lishogi's table for online (Glicko-2) ratings, FESA's grade
//! bands for over-the-board (FESA Elo) ratings.
//!
//! # Why two tables
//!
//! A rank only means something on the scale it was fitted to. Online ratings are Glicko-2 on
//! lishogi's scale (everyone starts at 1500, the floor is 400), and lishogi fitted its ranks to
//! that scale, so koma's online ranks use lishogi's table ([`Rank::of`], from
//! `modules/rating/src/main/Rank.scala`: from the rating floor 400, 15 kyu to 2 kyu 75 points
//! each, 1 kyu to 3 dan 100 each, 4 dan 125, 5 and 6 dan 150, 7 dan 225, 8 dan from 2500;
//! below 400 is 15 kyu). A rank is only shown once the rating is no longer provisional
//! (`Rank.fromPerf`, [`crate::rating::Glicko::rank`]).
//!
//! FESA's grades are tied to its own Elo list, fitted to European over-the-board play (point 2
//! of fesashogi.eu's "Elo system": 15 kyu 400–480 up to 6 dan 2440–2640), so an OTB rating
//! gets a FESA grade ([`Rank::fesa`]), from the same bands that
//! [`crate::rating::suggest_for_ratings`] uses, continued below 15 kyu at 80 points a grade
//! down to 20 kyu (0–80). The two scales do not agree: 1700 is 2 dan online and 1 dan in FESA.
//!
//! # Names
//!
//! English as FESA writes grades, `3 kyu`, `1 dan`. Japanese as lishogi writes ranks
//! (`Rank.scala`): kyu with Arabic digits, `3級`, `15級`; dan with kanji numerals and 初 for
//! the first, `初段`, `二段`, `八段`.
//!
//! ```
//! use koma_game::rating::Rank;
//!
//! assert_eq!(Rank::of(1500.0), Rank::Kyu(1));
//! assert_eq!(Rank::of(1500.0).to_string(), "1 kyu");
//! assert_eq!(Rank::of(1560.0).japanese(), "初段");
//! assert_eq!(Rank::fesa(1700), Rank::Dan(1));
//! assert_eq!(Rank::fesa(1359).japanese(), "4級");
//! ```

use std::fmt;

use super::GRADE_BANDS;

/// A kyu or dan rank.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Rank {
    /// `n` kyu (級), 1 the strongest; lishogi's ranks go down to 15, FESA's grades here to 20.
    Kyu(u8),
    /// `n` dan (段), 1 the weakest; lishogi's ranks go up to 8, FESA's grades to 6.
    Dan(u8),
}

/// lishogi's ranks, weakest first, with the rating each starts at (`Rank.scala`: the first at
/// `Glicko.minRating` = 400, then its widths 75 ×14, 100 ×4, 125, 150, 150, 225; 8 dan goes
/// up to `Glicko.maxRating`).
const ONLINE: [(i64, Rank); 23] = [
    (400, Rank::Kyu(15)),
    (475, Rank::Kyu(14)),
    (550, Rank::Kyu(13)),
    (625, Rank::Kyu(12)),
    (700, Rank::Kyu(11)),
    (775, Rank::Kyu(10)),
    (850, Rank::Kyu(9)),
    (925, Rank::Kyu(8)),
    (1000, Rank::Kyu(7)),
    (1075, Rank::Kyu(6)),
    (1150, Rank::Kyu(5)),
    (1225, Rank::Kyu(4)),
    (1300, Rank::Kyu(3)),
    (1375, Rank::Kyu(2)),
    (1450, Rank::Kyu(1)),
    (1550, Rank::Dan(1)),
    (1650, Rank::Dan(2)),
    (1750, Rank::Dan(3)),
    (1850, Rank::Dan(4)),
    (1975, Rank::Dan(5)),
    (2125, Rank::Dan(6)),
    (2275, Rank::Dan(7)),
    (2500, Rank::Dan(8)),
];

/// The weakest FESA grade koma gives (20 kyu, ratings 0–80).
const FESA_WEAKEST_KYU: u8 = 20;
/// The strongest FESA grade (6 dan, 2440–2640 and above).
const FESA_STRONGEST_DAN: u8 = 6;

impl Rank {
    /// The rank of an online (Glicko-2) rating by lishogi's table; the rating is truncated to
    /// a whole number first, as lishogi does.
    pub fn of(rating: f64) -> Rank {
        let rating = rating as i64;
        ONLINE
            .iter()
            .rev()
            .find(|&&(from, _)| rating >= from)
            .map_or(Rank::Kyu(15), |&(_, rank)| rank)
    }

    /// The online ratings of this rank in lishogi's table, `from..until` (`None` for 8 dan,
    /// open above); `None` for a rank not in the table.
    pub fn online_range(self) -> Option<(i64, Option<i64>)> {
        let i = ONLINE.iter().position(|&(_, r)| r == self)?;
        Some((ONLINE[i].0, ONLINE.get(i + 1).map(|&(from, _)| from)))
    }

    /// The FESA grade of an over-the-board (FESA Elo) rating: 20 kyu to 6 dan, from FESA's
    /// grade bands (extended below 15 kyu at 80 points a grade).
    pub fn fesa(elo: i64) -> Rank {
        let index = fesa_grade_index(elo);
        let weakest = u32::from(FESA_WEAKEST_KYU);
        match u8::try_from(index) {
            Ok(i) if index < weakest => Rank::Kyu(FESA_WEAKEST_KYU - i),
            Ok(i) => Rank::Dan((i - FESA_WEAKEST_KYU + 1).min(FESA_STRONGEST_DAN)),
            Err(_) => Rank::Dan(FESA_STRONGEST_DAN),
        }
    }

    /// The FESA Elo ratings of this grade, `from..until` (6 dan: 2440–2640, where FESA's
    /// table ends); `None` for a grade outside 20 kyu – 6 dan.
    pub fn fesa_range(self) -> Option<(i64, i64)> {
        let index = match self {
            Rank::Kyu(n) if (1..=FESA_WEAKEST_KYU).contains(&n) => FESA_WEAKEST_KYU - n,
            Rank::Dan(n) if (1..=FESA_STRONGEST_DAN).contains(&n) => FESA_WEAKEST_KYU + n - 1,
            _ => return None,
        };
        let from = rating_of_grade_index(u32::from(index));
        Some((from, rating_of_grade_index(u32::from(index) + 1)))
    }

    /// The Japanese name: `3級`, `15級`, `初段`, `二段`.
    pub fn japanese(self) -> String {
        const KANJI: [&str; 10] = ["初", "二", "三", "四", "五", "六", "七", "八", "九", "十"];
        match self {
            Rank::Kyu(n) => format!("{n}級"),
            Rank::Dan(n) => match KANJI.get(usize::from(n).wrapping_sub(1)) {
                Some(k) => format!("{k}段"),
                None => format!("{n}段"),
            },
        }
    }
}

impl fmt::Display for Rank {
    /// `3 kyu`, `1 dan`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rank::Kyu(n) => write!(f, "{n} kyu"),
            Rank::Dan(n) => write!(f, "{n} dan"),
        }
    }
}

/// Which grade a rating is in, counting whole FESA grades from 0 (20 kyu, ratings 0–80).
fn fesa_grade_index(elo: i64) -> u32 {
    let Ok(elo) = u32::try_from(elo.max(0)) else {
        return u32::MAX;
    };
    let mut grades = 0;
    for (i, &(start, width)) in GRADE_BANDS.iter().enumerate() {
        match GRADE_BANDS.get(i + 1) {
            Some(&(end, _)) if elo >= end => grades += (end - start) / width,
            _ => return grades + (elo - start) / width,
        }
    }
    grades
}

/// The lowest rating of grade `index` (0 is 20 kyu), inverse of [`fesa_grade_index`].
fn rating_of_grade_index(index: u32) -> i64 {
    let mut grades = 0;
    for (i, &(start, width)) in GRADE_BANDS.iter().enumerate() {
        let in_band = GRADE_BANDS
            .get(i + 1)
            .map_or(u32::MAX, |&(end, _)| (end - start) / width);
        if index - grades < in_band {
            return i64::from(start) + i64::from(index - grades) * i64::from(width);
        }
        grades += in_band;
    }
    i64::MAX
}
