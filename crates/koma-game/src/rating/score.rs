//! A game's result from one player's side, as rating formulas count it.

use koma_rules::Color;

/// A game's result for one player: 1 for a win, ½ for a draw, 0 for a loss.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// The player won.
    Win,
    /// Neither won.
    Draw,
    /// The player lost.
    Loss,
}

impl Score {
    /// The points the result is worth: 1, ½ or 0.
    pub const fn value(self) -> f64 {
        match self {
            Score::Win => 1.0,
            Score::Draw => 0.5,
            Score::Loss => 0.0,
        }
    }

    /// The same game seen from the opponent's side.
    pub const fn opposite(self) -> Score {
        match self {
            Score::Win => Score::Loss,
            Score::Draw => Score::Draw,
            Score::Loss => Score::Win,
        }
    }

    /// The result for `player` of a game that `winner` won (`None`: a draw).
    pub fn for_player(winner: Option<Color>, player: Color) -> Score {
        match winner {
            None => Score::Draw,
            Some(w) if w == player => Score::Win,
            Some(_) => Score::Loss,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_from_both_sides() {
        assert_eq!(
            Score::for_player(Some(Color::Black), Color::Black),
            Score::Win
        );
        assert_eq!(
            Score::for_player(Some(Color::Black), Color::White),
            Score::Loss
        );
        assert_eq!(Score::for_player(None, Color::White), Score::Draw);
        for s in [Score::Win, Score::Draw, Score::Loss] {
            assert_eq!(s.value() + s.opposite().value(), 1.0);
            assert_eq!(s.opposite().opposite(), s);
        }
    }
}
