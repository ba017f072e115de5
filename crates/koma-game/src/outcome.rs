//! How a game ended: the winner (or a draw) and the reason.

use crate::points::DeclarationFailure;
use koma_rules::{Color, IllegalMove};
use std::fmt;

/// Why a move was refused, or lost the game when it was played anyway.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum Foul {
    /// The rules of moving forbid it (二歩, 打ち歩詰め, leaving the king in check, ...).
    #[error("{0}")]
    Move(IllegalMove),
    /// Tori Shogi: the move would repeat a position for the third time.
    #[error("the move would repeat the position a third time, which Tori Shogi forbids")]
    Repetition,
    /// The move text does not name a move (an engine's garbled answer).
    #[error("not a move")]
    NotAMove,
    /// A record says a foul ended the game without giving the move.
    #[error("a foul named by the record")]
    Recorded,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The loser is in check and has no legal move (詰み).
    Checkmate,
    /// The loser is not in check but has no legal move.
    NoMoves,
    /// The loser resigned (投了).
    Resignation,
    /// The loser played an illegal move (反則).
    IllegalMove(Foul),
    /// The loser ran out of time (切れ負け).
    TimeForfeit,
    /// Fourfold repetition (千日手): a draw.
    Sennichite,
    /// The loser checked throughout a repetition (連続王手の千日手).
    PerpetualCheck,
    /// The loser completed a forbidden repetition (the Fairy-Stockfish Tori convention).
    Repetition,
    /// The winner declared an entering-king win (入玉宣言) that met every condition.
    Declaration,
    /// The loser declared an entering-king win that failed a condition.
    FailedDeclaration(DeclarationFailure),
    /// Impasse (持将棋) settled by the 24-point count: a draw, or a loss under 24 points.
    Impasse,
    /// The winner's king reached the opponent king's starting square (トライ), or, in
    /// Dōbutsu, the winner's lion stood unattacked on the far rank.
    Try,
    /// The winner took the loser's royal piece (Dōbutsu's lion, which is not royal in the
    /// sense of check: capturing it wins).
    RoyalCaptured,
    /// Chu shogi: the loser was left with a bare king against more (lishogi's conditions).
    BareKing,
    /// Chu shogi: only the two royals are left, neither attacked: a draw.
    BareRoyals,
    /// The move limit was reached: a draw.
    MaxPlies,
    /// The loser left the game: an engine that crashed or stopped answering the protocol,
    /// a player who disconnected for good.
    Abandoned,
    /// The loser's engine and its opponent's agreed for several moves that it was lost, and
    /// the match ended the game (as a resignation).
    Adjudication,
    /// Both players agreed to a draw (one offered it, the other accepted).
    Agreement,
}

impl Reason {
    /// The reason as one word, as `koma replay` prints it.
    pub fn name(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::NoMoves => "no-moves",
            Reason::Resignation => "resignation",
            Reason::IllegalMove(_) => "illegal-move",
            Reason::TimeForfeit => "time-forfeit",
            Reason::Sennichite => "sennichite",
            Reason::PerpetualCheck => "perpetual-check",
            Reason::Repetition => "repetition",
            Reason::Declaration => "declaration",
            Reason::FailedDeclaration(_) => "failed-declaration",
            Reason::Impasse => "impasse",
            Reason::Try => "try",
            Reason::RoyalCaptured => "royal-captured",
            Reason::BareKing => "bare-king",
            Reason::BareRoyals => "bare-royals",
            Reason::MaxPlies => "max-moves",
            Reason::Abandoned => "abandoned",
            Reason::Adjudication => "adjudication",
            Reason::Agreement => "agreement",
        }
    }
}

/// The result of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: Reason,
}

impl Outcome {
    /// `winner` won for `reason`.
    pub fn win(winner: Color, reason: Reason) -> Outcome {
        Outcome {
            winner: Some(winner),
            reason,
        }
    }

    /// `loser` lost for `reason`.
    pub fn loss(loser: Color, reason: Reason) -> Outcome {
        Outcome::win(!loser, reason)
    }

    /// A draw for `reason`.
    pub fn draw(reason: Reason) -> Outcome {
        Outcome {
            winner: None,
            reason,
        }
    }
}

/// `sente checkmate`, `draw sennichite`, `gote illegal-move (two pawns on a file)`: the
/// winner (or `draw`) and the reason, as `koma replay` prints it after `result: `.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = self.winner.map_or("draw", Color::name);
        write!(f, "{who} {}", self.reason.name())?;
        match self.reason {
            Reason::IllegalMove(foul) => write!(f, " ({foul})"),
            Reason::FailedDeclaration(why) => write!(f, " ({why})"),
            _ => Ok(()),
        }
    }
}
