//! Notation told by type, for code written once for every game of the family
//! ([`Rules`]): a move of the 9x9 frame or of Chu read and written as USI, a setup of
//! either written as SFEN. A game's member needs no bound of its own: every member whose
//! move and setup types are these has [`Notation`].

use crate::sfen::{self, SfenError, SfenErrorKind};
use crate::usi::{self, UsiMoveError};
use crate::usi_line::{UsiLineError, UsiLineErrorKind};
use koma_rules::chu::{ChuMove, ChuSetup, ChuSetupError};
use koma_rules::{GameKind, Move, Position, Rules, Setup, SetupError, VariantKind};

/// A move type that USI reads and writes.
pub trait UsiMove: Sized {
    /// Why a text is not such a move.
    type Error: std::error::Error + Send + Sync + 'static;
    /// The move in USI, as `game` writes it (`7g7f`, `P*5e`, Chu's `7j7i6h`).
    fn write_usi(self, game: GameKind) -> String;
    /// Reads a USI move of `game` (syntax only: legality is the position's business).
    fn parse_usi(game: GameKind, text: &str) -> Result<Self, Self::Error>;
    /// What `error` says, as a `position` line's error: the 1-based column in the move's
    /// text where it goes wrong, and the kind.
    fn line_fault(error: Self::Error) -> (usize, UsiLineErrorKind);
}

/// The 9x9 variant a 9x9 move is read or written for (a [`Move`] never comes with
/// [`GameKind::Chu`]: Chu's moves are [`ChuMove`]s).
fn nine(game: GameKind) -> VariantKind {
    game.family().unwrap_or(VariantKind::Shogi)
}

impl UsiMove for Move {
    type Error = UsiMoveError;

    fn write_usi(self, game: GameKind) -> String {
        usi::write_move(nine(game), self)
    }

    fn parse_usi(game: GameKind, text: &str) -> Result<Move, UsiMoveError> {
        usi::parse_move(nine(game), text)
    }

    fn line_fault(error: UsiMoveError) -> (usize, UsiLineErrorKind) {
        (error.column, UsiLineErrorKind::Move(error.kind))
    }
}

impl UsiMove for ChuMove {
    type Error = crate::chu::ChuUsiError;

    fn write_usi(self, _game: GameKind) -> String {
        self.to_string()
    }

    fn parse_usi(_game: GameKind, text: &str) -> Result<ChuMove, Self::Error> {
        crate::chu::parse_usi(text)
    }

    fn line_fault(error: crate::chu::ChuUsiError) -> (usize, UsiLineErrorKind) {
        (1, UsiLineErrorKind::ChuMove(error))
    }
}

/// A setup type that SFEN writes.
pub trait SfenSetup: Sized {
    /// The setup as `game`'s SFEN.
    fn write_sfen(&self, game: GameKind) -> String;
    /// Reads `game`'s SFEN as a setup, not yet checked against the rules.
    fn read_sfen(game: GameKind, text: &str) -> Result<Self, SfenError>;
}

impl SfenSetup for Setup {
    fn write_sfen(&self, game: GameKind) -> String {
        sfen::write_setup(nine(game), self)
    }

    fn read_sfen(game: GameKind, text: &str) -> Result<Setup, SfenError> {
        sfen::parse_setup(nine(game), text)
    }
}

impl SfenSetup for ChuSetup {
    fn write_sfen(&self, _game: GameKind) -> String {
        crate::chu::write_setup(self)
    }

    fn read_sfen(_game: GameKind, text: &str) -> Result<ChuSetup, SfenError> {
        crate::chu::parse_setup(text)
    }
}

/// A rule a setup breaks, as an SFEN error names it.
pub trait SetupFault {
    /// The SFEN error's kind for this fault.
    fn sfen_kind(self) -> SfenErrorKind;
}

impl SetupFault for SetupError {
    fn sfen_kind(self) -> SfenErrorKind {
        SfenErrorKind::Illegal(self)
    }
}

impl SetupFault for ChuSetupError {
    fn sfen_kind(self) -> SfenErrorKind {
        SfenErrorKind::IllegalChu(self)
    }
}

/// A member of the family whose moves and positions have text: every one of them.
pub trait Notation: Rules<Move: UsiMove, Setup: SfenSetup, SetupError: SetupFault> {
    /// `m` in USI.
    fn usi(m: Self::Move) -> String {
        m.write_usi(Self::GAME)
    }

    /// Reads a USI move of this game (syntax only).
    fn parse_usi(text: &str) -> Result<Self::Move, <Self::Move as UsiMove>::Error> {
        Self::Move::parse_usi(Self::GAME, text)
    }

    /// `pos` as SFEN.
    fn sfen(pos: &Position<Self>) -> String {
        Self::to_setup(pos).write_sfen(Self::GAME)
    }

    /// Reads an SFEN of this game, checked against its rules.
    fn parse_sfen(text: &str) -> Result<Position<Self>, SfenError> {
        let setup = Self::Setup::read_sfen(Self::GAME, text)?;
        Self::from_setup(&setup).map_err(|e| sfen::err(1, e.sfen_kind()))
    }

    /// Reads a `position` line of this game (see [`usi_line::split`](crate::usi_line::split)):
    /// its start, checked against the rules, and its moves, each legal where it is played.
    fn parse_line(text: &str) -> Result<(Position<Self>, Vec<Self::Move>), UsiLineError> {
        let line = crate::usi_line::split(text);
        let fault = |column: usize, kind: UsiLineErrorKind| UsiLineError { column, kind };
        let mut pos = match line.sfen {
            None => Self::startpos(),
            Some((column, text)) => Self::parse_sfen(text)
                .map_err(|e| fault(column + e.column - 1, UsiLineErrorKind::Sfen(e.kind)))?,
        };
        let start = pos;
        let mut moves = Vec::with_capacity(line.moves.len());
        for (column, token) in line.moves {
            let m = Self::parse_usi(token).map_err(|e| {
                let (at, kind) = Self::Move::line_fault(e);
                fault(column + at - 1, kind)
            })?;
            Self::is_legal(&pos, m).map_err(|reason| {
                let token = token.to_string();
                fault(column, UsiLineErrorKind::IllegalMove { token, reason })
            })?;
            Self::play_undoable(&mut pos, m);
            moves.push(m);
        }
        Ok((start, moves))
    }
}

impl<V: Rules<Move: UsiMove, Setup: SfenSetup, SetupError: SetupFault>> Notation for V {}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_rules::chu::Chu;
    use koma_rules::variants::{Shogi, Tori};

    /// Written once, for any member: the start's SFEN and a move read back.
    fn start_and_move<V: Notation>(text: &str) -> (String, String) {
        let m = V::parse_usi(text).expect("a move");
        (V::sfen(&V::startpos()), V::usi(m))
    }

    #[test]
    fn every_member_reads_and_writes_through_one_trait() {
        let (sfen, m) = start_and_move::<Shogi>("P*5e");
        assert_eq!(sfen, crate::sfen::write(&Position::<Shogi>::startpos()));
        assert_eq!(m, "P*5e");
        // Tori writes its swallow drop with its own letter.
        assert_eq!(start_and_move::<Tori>("S*3d").1, "S*3d");
        let (sfen, m) = start_and_move::<Chu>("7j7i6h");
        assert_eq!(
            (sfen.as_str(), m.as_str()),
            (crate::chu::START_SFEN, "7j7i6h")
        );
        assert!(Chu::parse_usi("7j7").is_err() && Shogi::parse_usi("7g7").is_err());
    }
}
