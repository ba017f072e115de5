//! Chu shogi (中将棋) on the 12x12 frame, as lishogi plays it (shogiops
//! `position/rules/chushogi.ts`, scalashogi `Chushogi.scala`): 46 pieces a side, no drops,
//! the lion moving twice in a turn, the lion-trading rules, promotion by entering or
//! capturing in the far four ranks, and the game won by taking the last royal.
//!
//! Chu is the family member ([`Chu`]) on the 12x12 frame ([`crate::frame::Twelve`]:
//! [`Square12`], [`Bitboard12`]); its position is the family's [`crate::Position`]
//! ([`ChuPosition`]), its moves are three-square [`ChuMove`]s, so that the variants up to
//! 9x9 keep their `u128` frame and 16-bit moves. Its pieces are the shared piece table's
//! ([`crate::pieces::ROLES`]).

mod movegen;
mod moves;
mod outcome;
mod position;
mod tables;

pub use movegen::attacks;
pub use moves::ChuMove;
pub use position::{Chu, ChuPosition, ChuSetup, ChuSetupError, IllegalChuMove};

use crate::frame12::{Bitboard12, Square12};
use crate::pieces::{LionPower, info_of};
use crate::{Color, Role};

/// Every role that can stand on a Chu board, the royals first.
pub const BOARD_ROLES: &[Role] = &[
    Role::King,
    Role::Prince,
    Role::Pawn,
    Role::GoBetween,
    Role::Copper,
    Role::Silver,
    Role::Gold,
    Role::Leopard,
    Role::BlindTiger,
    Role::DrunkElephant,
    Role::Kirin,
    Role::Phoenix,
    Role::Lance,
    Role::ReverseChariot,
    Role::SideMover,
    Role::VerticalMover,
    Role::Bishop,
    Role::Rook,
    Role::DragonHorse,
    Role::DragonKing,
    Role::FreeKing,
    Role::Lion,
    Role::Tokin,
    Role::Horse,
    Role::Dragon,
    Role::FlyingStag,
    Role::WhiteHorse,
    Role::Whale,
    Role::FreeBoar,
    Role::FlyingOx,
    Role::HornedFalcon,
    Role::SoaringEagle,
    Role::PromotedGoBetween,
    Role::PromotedCopper,
    Role::ChuPromotedSilver,
    Role::ChuPromotedGold,
    Role::PromotedLeopard,
    Role::PromotedKirin,
    Role::PromotedPhoenix,
];

/// Where Chu promotes shogi's pieces otherwise than shogi: the silver to a vertical mover,
/// the gold to a rook, the lance to a white horse (each a role of its own, never promoting
/// again). Every other promotion is the piece table's.
const PROMOTIONS: [(Role, Role); 3] = [
    (Role::Silver, Role::ChuPromotedSilver),
    (Role::Gold, Role::ChuPromotedGold),
    (Role::Lance, Role::WhiteHorse),
];

/// What `role` becomes when it promotes in Chu shogi, if it can.
pub const fn promote(role: Role) -> Option<Role> {
    let mut i = 0;
    while i < PROMOTIONS.len() {
        if PROMOTIONS[i].0 as u8 == role as u8 {
            return Some(PROMOTIONS[i].1);
        }
        i += 1;
    }
    info_of(role).promotes_to
}

/// What a promoted Chu `role` was before it promoted; itself otherwise.
pub fn unpromote(role: Role) -> Role {
    BOARD_ROLES
        .iter()
        .copied()
        .find(|&r| promote(r) == Some(role))
        .unwrap_or(role)
}

/// Whether `role` is a lion for the lion-trading rules (the lion and the promoted kirin).
#[inline(always)]
pub const fn is_lion(role: Role) -> bool {
    matches!(info_of(role).lion, LionPower::Lion)
}

/// Whether `role` is royal: the king, and the prince (a promoted drunk elephant).
#[inline(always)]
pub const fn is_royal(role: Role) -> bool {
    matches!(role, Role::King | Role::Prince)
}

/// The up to eight squares one king step from `sq`.
#[inline]
pub fn neighbours(sq: Square12) -> Bitboard12 {
    tables::NEIGHBOURS[sq.index()]
}

/// The four far ranks where `color`'s pieces promote.
pub const fn zone(color: Color) -> Bitboard12 {
    let mut b = Bitboard12::EMPTY;
    let mut file = 1;
    while file <= 12 {
        let mut k = 0;
        while k < 4 {
            let rank = match color {
                Color::Black => 1 + k,
                Color::White => 12 - k,
            };
            if let Some(sq) = Square12::new(file, rank) {
                b = b.with(sq);
            }
            k += 1;
        }
        file += 1;
    }
    b
}

/// Whether `sq` is on the last rank for `color` (where a pawn or lance may promote
/// whatever it did, and stays as a piece that cannot move if it does not).
#[inline(always)]
pub const fn last_rank(color: Color, sq: Square12) -> bool {
    sq.rank()
        == match color {
            Color::Black => 1,
            Color::White => 12,
        }
}

/// The start position, sente's camp from its back rank forwards, each rank from file 12
/// to file 1 as SFEN writes it; gote's camp is the same turned around.
const SENTE_CAMP: [[Option<Role>; 12]; 5] = {
    use Role::*;
    const E: Option<Role> = None;
    [
        [
            Some(Lance),
            Some(Leopard),
            Some(Copper),
            Some(Silver),
            Some(Gold),
            Some(King),
            Some(DrunkElephant),
            Some(Gold),
            Some(Silver),
            Some(Copper),
            Some(Leopard),
            Some(Lance),
        ],
        [
            Some(ReverseChariot),
            E,
            Some(Bishop),
            E,
            Some(BlindTiger),
            Some(Kirin),
            Some(Phoenix),
            Some(BlindTiger),
            E,
            Some(Bishop),
            E,
            Some(ReverseChariot),
        ],
        [
            Some(SideMover),
            Some(VerticalMover),
            Some(Rook),
            Some(DragonHorse),
            Some(DragonKing),
            Some(Lion),
            Some(FreeKing),
            Some(DragonKing),
            Some(DragonHorse),
            Some(Rook),
            Some(VerticalMover),
            Some(SideMover),
        ],
        [Some(Pawn); 12],
        [
            E,
            E,
            E,
            Some(GoBetween),
            E,
            E,
            E,
            E,
            Some(GoBetween),
            E,
            E,
            E,
        ],
    ]
};

/// The start position of a game.
pub const START: ChuSetup = {
    let mut setup = ChuSetup::EMPTY;
    let mut row = 0;
    while row < 5 {
        let mut col = 0;
        while col < 12 {
            if let Some(role) = SENTE_CAMP[row][col] {
                let file = 12 - col as u8;
                let rank = 12 - row as u8;
                let (Some(ours), Some(theirs)) = (
                    Square12::new(file, rank),
                    Square12::new(13 - file, 13 - rank),
                ) else {
                    panic!("the camps lie on the board");
                };
                setup.board[ours.index()] = Some(crate::Piece::new(Color::Black, role));
                setup.board[theirs.index()] = Some(crate::Piece::new(Color::White, role));
            }
            col += 1;
        }
        row += 1;
    }
    setup
};
