//! `AnyPosition`: a position whose variant is chosen at run time (CLI, server, UI).

use crate::pieces::Face;
use crate::{
    Bitboard, Color, Handicap, IllegalMove, Move, MoveList, Position, Promotion, Repetition, Role,
    Setup, SetupError, Variant, perft, variants::*,
};
use alloc::vec::Vec;

/// The one list of variants: the run-time kind, [`AnyPosition`] and the [`dispatch!`]
/// macro that other crates use to reach the typed variant are all generated from it.
macro_rules! registry {
    ($d:tt $($kind:ident => $ty:ident, $name:literal, [$($alias:literal),*], $doc:literal;)*) => {
        /// The variants koma knows, as a run-time value.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum VariantKind {
            $(#[doc = $doc] $kind,)*
        }

        impl VariantKind {
            /// How many variants there are.
            pub const COUNT: usize = [$(stringify!($kind)),*].len();

            /// Every variant.
            pub const ALL: [VariantKind; Self::COUNT] = [$(VariantKind::$kind),*];

            /// The name used on the command line, in `USI_Variant` and by lishogi.
            pub const fn name(self) -> &'static str {
                match self {
                    $(VariantKind::$kind => $name,)*
                }
            }

            /// The variant's other accepted names (`standard`, `kyoto`).
            pub const fn aliases(self) -> &'static [&'static str] {
                match self {
                    $(VariantKind::$kind => &[$($alias),*],)*
                }
            }

            /// The variant's name for people (`Minishogi (5五将棋)`), its registry line's.
            pub fn title(self) -> &'static str {
                match self {
                    $(VariantKind::$kind => $doc.trim_end_matches('.'),)*
                }
            }

            /// The variant called `name` or one of its other names (`standard`, `kyoto`).
            pub fn from_name(name: &str) -> Option<VariantKind> {
                let lower = name.to_ascii_lowercase();
                match lower.as_str() {
                    $($name $(| $alias)* => Some(VariantKind::$kind),)*
                    _ => None,
                }
            }
        }

        /// A position of any variant; forwards to the typed [`Position`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum AnyPosition {
            $(#[doc = $doc] $kind(Position<$ty>),)*
        }

        impl AnyPosition {
            /// Which variant this is.
            pub fn variant(&self) -> VariantKind {
                match self {
                    $(AnyPosition::$kind(_) => VariantKind::$kind,)*
                }
            }
        }

        /// Runs `body` with `p` bound to the typed position inside an [`AnyPosition`]:
        /// `on_position!(&pos, p => p.legal_moves().len())`.
        #[macro_export]
        macro_rules! on_position {
            ($d pos_:expr, $d p:ident => $d body:expr) => {
                match $d pos_ {
                    $($crate::AnyPosition::$kind($d p) => $d body,)*
                }
            };
        }

        /// Runs `body` with `V` bound to the typed variant of a [`VariantKind`]:
        /// `dispatch!(kind, V => Position::<V>::startpos().legal_moves().len())`.
        #[macro_export]
        macro_rules! dispatch {
            ($d kind_:expr, $d v:ident => $d body:expr) => {
                match $d kind_ {
                    $($crate::VariantKind::$kind => {
                        #[allow(unused)]
                        type $d v = $crate::variants::$ty;
                        $d body
                    })*
                }
            };
        }

        /// Calls `callback! { $ Kind => Type, ... }` with every variant of the registry, so
        /// that other crates generate their run-time dispatch (the server's `AnyGame`)
        /// from this one list; the leading `$` lets the callback define macros of its own.
        #[macro_export]
        macro_rules! with_variants {
            ($d callback:ident) => {
                $d callback! { $d $($kind => $ty),* }
            };
        }

        /// Wraps a typed position of the variant `V` (one of the registry's) as an
        /// [`AnyPosition`]: what `dispatch!` bodies return.
        pub trait IntoAny {
            /// The position as an [`AnyPosition`].
            fn into_any(self) -> AnyPosition;
        }
        $(impl IntoAny for Position<$ty> {
            fn into_any(self) -> AnyPosition {
                AnyPosition::$kind(self)
            }
        })*
    };
}

registry! {$
    Shogi => Shogi, "shogi", ["standard"], "Standard shogi (本将棋).";
    Tori => Tori, "tori", ["torishogi"], "Tori Shogi (禽将棋).";
    Minishogi => Minishogi, "minishogi", ["mini", "5x5"], "Minishogi (5五将棋).";
    Kyoto => Kyoto, "kyotoshogi", ["kyoto"], "Kyoto shogi (京都将棋).";
    Dobutsu => Dobutsu, "dobutsu", ["dobutsushogi", "dōbutsu"], "Dōbutsu shogi (どうぶつしょうぎ).";
}

/// Runs `body` with `R` bound to the typed game of a [`GameKind`](crate::GameKind): one of
/// the registry's variants, or [`Chu`](crate::chu::Chu). For code written once against
/// [`Rules`](crate::Rules): `dispatch_game!(kind, R => R::legal_moves(&R::startpos()).len())`.
#[macro_export]
macro_rules! dispatch_game {
    ($kind:expr, $r:ident => $body:expr) => {
        match $kind {
            $crate::GameKind::Family(kind) => $crate::dispatch!(kind, $r => $body),
            $crate::GameKind::Chu => {
                #[allow(unused)]
                type $r = $crate::chu::Chu;
                $body
            }
        }
    };
}

impl VariantKind {
    /// Every variant's name, comma separated (for messages that list what is known).
    pub fn known_names() -> alloc::string::String {
        VariantKind::ALL.map(VariantKind::name).join(", ")
    }

    /// Number of files of the board.
    pub const fn files(self) -> u8 {
        dispatch!(self, V => V::FILES)
    }

    /// Number of ranks of the board.
    pub const fn ranks(self) -> u8 {
        dispatch!(self, V => V::RANKS)
    }

    /// The roles that can be held in hand, in SFEN order.
    pub const fn hand_roles(self) -> &'static [Role] {
        dispatch!(self, V => V::HAND_ROLES)
    }

    /// Every role that can stand on the board, the king first.
    pub const fn board_roles(self) -> &'static [Role] {
        dispatch!(self, V => V::BOARD_ROLES)
    }

    /// How pieces promote.
    pub const fn promotion(self) -> Promotion {
        dispatch!(self, V => V::PROMOTION)
    }

    /// What repeating a position does by the variant's own rules.
    pub const fn repetition(self) -> Repetition {
        dispatch!(self, V => V::REPETITION)
    }

    /// The promotion zone of `color`.
    pub const fn zone(self, color: Color) -> Bitboard {
        dispatch!(self, V => V::ZONE[color.index()])
    }

    /// What `role` becomes when it promotes (turns over in Kyoto), if it can.
    pub fn promote(self, role: Role) -> Option<Role> {
        dispatch!(self, V => V::promote(role))
    }

    /// What a promoted `role` was before it promoted; itself otherwise.
    pub fn demote(self, role: Role) -> Role {
        dispatch!(self, V => V::demote(role))
    }

    /// The role a captured `role` goes to the hand as.
    pub fn hand_role(self, role: Role) -> Role {
        dispatch!(self, V => V::hand_role(role))
    }

    /// How `role` is written and called in this variant.
    pub fn face(self, role: Role) -> &'static Face {
        dispatch!(self, V => V::face(role))
    }

    /// The even-game start position.
    pub fn startpos(self) -> AnyPosition {
        dispatch!(self, V => Position::<V>::startpos().into_any())
    }

    /// Validates `setup` as a position of this variant.
    pub fn position(self, setup: &Setup) -> Result<AnyPosition, SetupError> {
        dispatch!(self, V => Ok(Position::<V>::from_setup(setup)?.into_any()))
    }

    /// Validates `setup` allowing a side without its king (tsume problems).
    pub fn position_kingless(self, setup: &Setup) -> Result<AnyPosition, SetupError> {
        dispatch!(self, V => Ok(Position::<V>::from_setup_kingless(setup)?.into_any()))
    }

    /// Validates `setup` leniently (see [`Position::from_setup_lenient`]).
    pub fn position_lenient(self, setup: &Setup) -> Result<AnyPosition, SetupError> {
        dispatch!(self, V => Ok(Position::<V>::from_setup_lenient(setup)?.into_any()))
    }

    /// The named start position, if it belongs to this variant.
    pub fn handicap(self, handicap: Handicap) -> Option<AnyPosition> {
        let setup = dispatch!(self, V => handicap.setup_for::<V>()?);
        self.position(&setup).ok()
    }
}

impl AnyPosition {
    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList {
        on_position!(self, p => p.legal_moves())
    }

    /// Whether `m` is legal, and why not.
    pub fn is_legal(&self, m: Move) -> Result<(), IllegalMove> {
        on_position!(self, p => p.is_legal(m))
    }

    /// Plays `m` if legal.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        on_position!(self, p => p.play(m))
    }

    /// Perft to `depth`.
    pub fn perft(&self, depth: u32) -> u64 {
        on_position!(self, p => perft::perft(p, depth))
    }

    /// Perft split by first move.
    pub fn perft_divide(&self, depth: u32) -> Vec<(Move, u64)> {
        on_position!(self, p => perft::perft_divide(p, depth))
    }

    /// The unvalidated setup.
    pub fn to_setup(&self) -> Setup {
        on_position!(self, p => p.to_setup())
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        on_position!(self, p => p.in_check())
    }

    /// The zobrist hash.
    pub fn key(&self) -> u64 {
        on_position!(self, p => p.key())
    }

    /// Whether the rules have ended the game whatever the moves (see
    /// [`Position::is_decided`]).
    pub fn is_decided(&self) -> bool {
        on_position!(self, p => p.is_decided())
    }

    /// Who has won by the rules alone (see [`Position::winner`]).
    pub fn winner(&self) -> Option<Option<Color>> {
        on_position!(self, p => p.winner())
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
        check::<Minishogi>(VariantKind::Minishogi);
        check::<Kyoto>(VariantKind::Kyoto);
        check::<Dobutsu>(VariantKind::Dobutsu);
        assert_eq!(VariantKind::from_name("chess"), None);
    }
}
