//! Handicap by rating, as an event option: which handicap two players' ratings call for, and
//! who gives it.
//!
//! The handicap comes from [`koma_game::rating::suggest_for_ratings`] (FESA's grade bands and
//! the handicap table Shogi Berlin publishes from them; see [`koma_game::rating`]). The stronger
//! player, the one rated higher, is uwate (上手): they give the handicap and, in shogi, move
//! first. On the board koma writes the giver as gote and the receiver as sente, as SFEN and
//! KIF do ([`Board`]). An even game has no uwate: its colours are decided by furigoma.

use koma_game::rating::suggest_for_ratings;
use koma_rules::{Handicap, VariantKind};
use thiserror::Error;

use crate::record::{Board, GameHandicap};

/// A rating that cannot be placed on FESA's grade bands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("rating {0} is negative; handicaps by rating need ratings of 0 or more")]
pub struct NegativeRating(pub i32);

/// The handicap two players' ratings call for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RatingHandicap {
    /// The handicap ([`Handicap::Even`] when the ratings are close).
    pub handicap: Handicap,
    /// The giver (上手), as one of the two players passed in; `None` for an even game.
    pub uwate: Option<usize>,
}

impl RatingHandicap {
    /// The board of a handicap game (the giver as gote, moving first); `None` for an even
    /// game, whose colours furigoma decides.
    pub fn board(&self, a: usize, b: usize) -> Option<Board> {
        let giver = self.uwate?;
        let receiver = if giver == a { b } else { a };
        Some(Board {
            sente: receiver,
            gote: giver,
        })
    }

    /// The record's note of this handicap for a game in `round` (0-based); `None` for an even
    /// game.
    pub fn note(&self, round: usize) -> Option<GameHandicap> {
        Some(GameHandicap {
            round,
            giver: self.uwate?,
            handicap: self.handicap,
        })
    }
}

/// The letters FESA's rating program reads for `handicap` in a results file (`turnering.lisp`,
/// `get-single-elo-result-new`: L, B, R, RL, 2p, 4p, 5p, 6p); `None` for an even game and for
/// handicaps the program has no value for.
pub fn fesa_code(handicap: Handicap) -> Option<&'static str> {
    Some(match handicap {
        Handicap::Lance => "L",
        Handicap::Bishop => "B",
        Handicap::Rook => "R",
        Handicap::RookLance => "RL",
        Handicap::TwoPiece => "2p",
        Handicap::FourPiece => "4p",
        Handicap::FivePiece => "5p",
        Handicap::SixPiece => "6p",
        _ => return None,
    })
}

/// The handicap for a game between player `a` rated `rating_a` and player `b` rated
/// `rating_b` (entrant indices, in either order), and who gives it.
pub fn handicap_by_rating(
    variant: VariantKind,
    (a, rating_a): (usize, i32),
    (b, rating_b): (usize, i32),
) -> Result<RatingHandicap, NegativeRating> {
    let unsigned = |r: i32| u32::try_from(r).map_err(|_| NegativeRating(r));
    let handicap = suggest_for_ratings(variant, unsigned(rating_a)?, unsigned(rating_b)?);
    let uwate = match handicap {
        Handicap::Even => None,
        _ if rating_a > rating_b => Some(a),
        _ => Some(b),
    };
    Ok(RatingHandicap { handicap, uwate })
}

#[cfg(test)]
mod tests {
    use super::*;
    use VariantKind::{Shogi, Tori};

    #[test]
    fn the_stronger_gives_and_plays_gote() {
        // Shogi Berlin's example: 1847 (2.4 dan) against 1355 (0.9 through 4 kyu) is 4.5
        // grades: two pieces.
        let h = handicap_by_rating(Shogi, (3, 1355), (7, 1847)).unwrap();
        assert_eq!(h.handicap, Handicap::TwoPiece);
        assert_eq!(h.uwate, Some(7));
        assert_eq!(h.board(3, 7), Some(Board { sente: 3, gote: 7 }));
        assert_eq!(h.board(7, 3), Some(Board { sente: 3, gote: 7 }));
        assert_eq!(
            h.note(4),
            Some(GameHandicap {
                round: 4,
                giver: 7,
                handicap: Handicap::TwoPiece
            })
        );
        // The same pair the other way round: the same giver.
        let h = handicap_by_rating(Shogi, (7, 1847), (3, 1355)).unwrap();
        assert_eq!((h.handicap, h.uwate), (Handicap::TwoPiece, Some(7)));
    }

    #[test]
    fn close_ratings_are_an_even_game_without_uwate() {
        // 1500 and 1540 are both 2 kyu (100 points a grade there): 0.4 grades, even.
        let h = handicap_by_rating(Shogi, (0, 1500), (1, 1540)).unwrap();
        assert_eq!(
            h,
            RatingHandicap {
                handicap: Handicap::Even,
                uwate: None
            }
        );
        assert_eq!(h.board(0, 1), None);
        assert_eq!(h.note(0), None);
        let same = handicap_by_rating(Tori, (0, 1700), (1, 1700)).unwrap();
        assert_eq!(same.uwate, None);
    }

    #[test]
    fn one_grade_is_a_lance_and_tori_has_its_own_ladder() {
        // 1680 is 1 dan's start, 1560 1 kyu's: one grade, a lance.
        let h = handicap_by_rating(Shogi, (0, 1680), (1, 1560)).unwrap();
        assert_eq!((h.handicap, h.uwate), (Handicap::Lance, Some(0)));
        let t = handicap_by_rating(Tori, (0, 1680), (1, 1560)).unwrap();
        assert_eq!((t.handicap, t.uwate), (Handicap::ToriLeftQuail, Some(0)));
    }

    #[test]
    fn a_negative_rating_is_refused() {
        assert_eq!(
            handicap_by_rating(Shogi, (0, -5), (1, 1500)),
            Err(NegativeRating(-5))
        );
    }
}
