//! How the rules alone end a game of the family, whatever its frame: a royal taken, a
//! try, a side without moves, Chu's bare king. Mates, repetitions and the clock are the
//! game's to tell (koma-game).

use crate::Color;

/// Why the rules alone have ended a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// The side to move has lost its last royal piece (Dōbutsu's lion, Chu's king and
    /// prince).
    RoyalsLost,
    /// A king reached the far rank unattacked (Dōbutsu's try).
    Try,
    /// The side to move has no legal move (Chu).
    NoMoves,
    /// A side is left with a bare king against more (Chu, lishogi's conditions: see
    /// [`crate::chu::ChuPosition::bare_king`]).
    BareKing,
    /// Only the two royals are left (Chu; pawns and lances on their last rank not counted),
    /// neither attacked: a draw.
    BareRoyals,
}

/// A game the rules alone have ended: why, and who won.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ended {
    /// Why it is over.
    pub ending: Ending,
    /// Who won; `None`: a draw.
    pub winner: Option<Color>,
}
