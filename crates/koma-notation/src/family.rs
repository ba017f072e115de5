//! Notation told by type, for code written once for every game of the family
//! ([`Rules`]): a move of the 9x9 frame or of Chu read and written as USI, a setup of
//! either written as SFEN. A game's member needs no bound of its own: every member whose
//! move and setup types are these has [`Notation`].

use crate::sfen;
use crate::usi::{self, UsiMoveError};
use koma_rules::chu::{ChuMove, ChuSetup};
use koma_rules::{GameKind, Move, Position, Rules, Setup, VariantKind};

/// A move type that USI reads and writes.
pub trait UsiMove: Sized {
    /// Why a text is not such a move.
    type Error: std::error::Error + Send + Sync + 'static;
    /// The move in USI, as `game` writes it (`7g7f`, `P*5e`, Chu's `7j7i6h`).
    fn write_usi(self, game: GameKind) -> String;
    /// Reads a USI move of `game` (syntax only: legality is the position's business).
    fn parse_usi(game: GameKind, text: &str) -> Result<Self, Self::Error>;
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
}

impl UsiMove for ChuMove {
    type Error = crate::chu::ChuUsiError;

    fn write_usi(self, _game: GameKind) -> String {
        self.to_string()
    }

    fn parse_usi(_game: GameKind, text: &str) -> Result<ChuMove, Self::Error> {
        crate::chu::parse_usi(text)
    }
}

/// A setup type that SFEN writes.
pub trait SfenSetup {
    /// The setup as `game`'s SFEN.
    fn write_sfen(&self, game: GameKind) -> String;
}

impl SfenSetup for Setup {
    fn write_sfen(&self, game: GameKind) -> String {
        sfen::write_setup(nine(game), self)
    }
}

impl SfenSetup for ChuSetup {
    fn write_sfen(&self, _game: GameKind) -> String {
        crate::chu::write_setup(self)
    }
}

/// A member of the family whose moves and positions have text: every one of them.
pub trait Notation: Rules<Move: UsiMove, Setup: SfenSetup> {
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
}

impl<V: Rules<Move: UsiMove, Setup: SfenSetup>> Notation for V {}

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
