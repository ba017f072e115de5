//! `AnyPosition`: a position whose variant is chosen at run time (CLI, server, UI).

use crate::{
    Handicap, IllegalMove, Move, MoveList, Position, Setup, SetupError, perft, variants::*,
};
use alloc::vec::Vec;

/// The variants koma knows, as a run-time value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum VariantKind {
    /// Standard shogi.
    Shogi,
    /// Tori Shogi.
    Tori,
}

impl VariantKind {
    /// Every variant.
    pub const ALL: [VariantKind; 2] = [VariantKind::Shogi, VariantKind::Tori];

    /// The name (`shogi`, `tori`).
    pub const fn name(self) -> &'static str {
        match self {
            VariantKind::Shogi => "shogi",
            VariantKind::Tori => "tori",
        }
    }

    /// The variant called `name` (`shogi`, `standard`, `tori`, `torishogi`).
    pub fn from_name(name: &str) -> Option<VariantKind> {
        match name.to_ascii_lowercase().as_str() {
            "shogi" | "standard" => Some(VariantKind::Shogi),
            "tori" | "torishogi" => Some(VariantKind::Tori),
            _ => None,
        }
    }

    /// Number of files of the board.
    pub const fn files(self) -> u8 {
        match self {
            VariantKind::Shogi => <Shogi as crate::Variant>::FILES,
            VariantKind::Tori => <Tori as crate::Variant>::FILES,
        }
    }

    /// Number of ranks of the board.
    pub const fn ranks(self) -> u8 {
        match self {
            VariantKind::Shogi => <Shogi as crate::Variant>::RANKS,
            VariantKind::Tori => <Tori as crate::Variant>::RANKS,
        }
    }

    /// The roles that can be held in hand, in SFEN order.
    pub const fn hand_roles(self) -> &'static [crate::Role] {
        match self {
            VariantKind::Shogi => <Shogi as crate::Variant>::HAND_ROLES,
            VariantKind::Tori => <Tori as crate::Variant>::HAND_ROLES,
        }
    }

    /// The even-game start position.
    pub fn startpos(self) -> AnyPosition {
        match self {
            VariantKind::Shogi => AnyPosition::Shogi(Position::startpos()),
            VariantKind::Tori => AnyPosition::Tori(Position::startpos()),
        }
    }

    /// Validates `setup` as a position of this variant.
    pub fn position(self, setup: &Setup) -> Result<AnyPosition, SetupError> {
        Ok(match self {
            VariantKind::Shogi => AnyPosition::Shogi(Position::from_setup(setup)?),
            VariantKind::Tori => AnyPosition::Tori(Position::from_setup(setup)?),
        })
    }

    /// Validates `setup` allowing a side without its king (tsume problems).
    pub fn position_kingless(self, setup: &Setup) -> Result<AnyPosition, SetupError> {
        Ok(match self {
            VariantKind::Shogi => AnyPosition::Shogi(Position::from_setup_kingless(setup)?),
            VariantKind::Tori => AnyPosition::Tori(Position::from_setup_kingless(setup)?),
        })
    }

    /// Validates `setup` leniently (see [`Position::from_setup_lenient`]).
    pub fn position_lenient(self, setup: &Setup) -> Result<AnyPosition, SetupError> {
        Ok(match self {
            VariantKind::Shogi => AnyPosition::Shogi(Position::from_setup_lenient(setup)?),
            VariantKind::Tori => AnyPosition::Tori(Position::from_setup_lenient(setup)?),
        })
    }

    /// The named start position, if it belongs to this variant.
    pub fn handicap(self, handicap: Handicap) -> Option<AnyPosition> {
        let setup = match self {
            VariantKind::Shogi => handicap.setup_for::<Shogi>()?,
            VariantKind::Tori => handicap.setup_for::<Tori>()?,
        };
        self.position(&setup).ok()
    }
}

/// A position of any variant; forwards to the typed [`Position`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyPosition {
    /// A standard shogi position.
    Shogi(Position<Shogi>),
    /// A Tori Shogi position.
    Tori(Position<Tori>),
}

macro_rules! forward {
    ($self:expr, $p:ident => $e:expr) => {
        match $self {
            AnyPosition::Shogi($p) => $e,
            AnyPosition::Tori($p) => $e,
        }
    };
}

impl AnyPosition {
    /// Which variant this is.
    pub fn variant(&self) -> VariantKind {
        match self {
            AnyPosition::Shogi(_) => VariantKind::Shogi,
            AnyPosition::Tori(_) => VariantKind::Tori,
        }
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList {
        forward!(self, p => p.legal_moves())
    }

    /// Whether `m` is legal, and why not.
    pub fn is_legal(&self, m: Move) -> Result<(), IllegalMove> {
        forward!(self, p => p.is_legal(m))
    }

    /// Plays `m` if legal.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        forward!(self, p => p.play(m))
    }

    /// Perft to `depth`.
    pub fn perft(&self, depth: u32) -> u64 {
        forward!(self, p => perft::perft(p, depth))
    }

    /// Perft split by first move.
    pub fn perft_divide(&self, depth: u32) -> Vec<(Move, u64)> {
        forward!(self, p => perft::perft_divide(p, depth))
    }

    /// The unvalidated setup.
    pub fn to_setup(&self) -> Setup {
        forward!(self, p => p.to_setup())
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        forward!(self, p => p.in_check())
    }

    /// The zobrist hash.
    pub fn key(&self) -> u64 {
        forward!(self, p => p.key())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    #[test]
    fn every_typed_variant_knows_its_kind_and_name() {
        fn check<V: Variant>(kind: VariantKind) {
            assert_eq!(V::KIND, kind);
            assert_eq!(V::NAME, kind.name());
            assert_eq!(VariantKind::from_name(V::NAME), Some(kind));
            assert_eq!((V::FILES, V::RANKS), (kind.files(), kind.ranks()));
        }
        check::<Shogi>(VariantKind::Shogi);
        check::<Tori>(VariantKind::Tori);
        assert_eq!(VariantKind::from_name("chess"), None);
    }
}
