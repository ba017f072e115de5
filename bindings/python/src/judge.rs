//! How a board's game stands, kept move by move: a `koma_game::Game` beside the board's
//! own stack, brought up to date only when asked (`Board.is_game_over`, `outcome`), so
//! that a loop asking after every move pays for one move each time, not the whole game.

use koma_game::{Game, Outcome, RuleSet};
use koma_rules::{AnyPosition, Move, Position, Variant, on_position};

/// A game of any variant as its judge sees it (a `Game<V>` behind a vtable).
trait Judge: Send + Sync {
    /// The number of moves the judge has played.
    fn len(&self) -> usize;
    /// Plays `m`; false when the game refuses it (it is over, or a rule forbids it).
    fn play(&mut self, m: Move) -> bool;
    /// Takes back the last move.
    fn unplay(&mut self);
    /// The outcome, once the game has ended.
    fn outcome(&self) -> Option<Outcome>;
    /// A copy.
    fn boxed(&self) -> Box<dyn Judge>;
}

impl<V: Variant> Judge for Game<V> {
    fn len(&self) -> usize {
        self.moves().len()
    }

    fn play(&mut self, m: Move) -> bool {
        Game::play(self, m).is_ok()
    }

    fn unplay(&mut self) {
        Game::unplay(self);
    }

    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }

    fn boxed(&self) -> Box<dyn Judge> {
        Box::new(self.clone())
    }
}

/// The game of a board under its variant's default rules (koma-game's `RuleSet`), kept a
/// prefix of the board's moves.
pub struct Referee(Box<dyn Judge>);

impl Clone for Referee {
    fn clone(&self) -> Referee {
        Referee(self.0.boxed())
    }
}

/// A judge for a game from `start`.
fn judge_from<V: Variant>(start: &Position<V>) -> Box<dyn Judge> {
    Box::new(Game::new(*start, RuleSet::default_for(V::KIND)))
}

impl Referee {
    /// A referee for a game from `start`.
    pub fn new(start: &AnyPosition) -> Referee {
        Referee(on_position!(start, p => judge_from(p)))
    }

    /// Forgets the moves past the board's `len` (the board took them back).
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        while self.0.len() > len {
            self.0.unplay();
        }
    }

    /// The number of the board's moves the referee has played (a prefix of its stack).
    pub fn judged(&self) -> usize {
        self.0.len()
    }

    /// The outcome once the referee has also played `rest`, the board's moves after the
    /// first [`Referee::judged`]: plays them until the game ends or refuses a move.
    pub fn outcome(&mut self, rest: impl Iterator<Item = Move>) -> Option<Outcome> {
        for m in rest {
            if self.0.outcome().is_some() || !self.0.play(m) {
                break;
            }
        }
        self.0.outcome()
    }
}
