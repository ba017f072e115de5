//! The 32-byte Huffman-coded position that YaneuraOu's PackedSfen and Apery's (cshogi's)
//! HuffmanCodedPos share, written and read once for both: they differ only in their code
//! tables ([`Codes`]).
//!
//! Bit by bit from the least significant bit of byte 0: the side to move (1 bit, 1 for
//! gote), sente's and gote's king squares (7 bits each, square index (file - 1) * 9 +
//! rank - 1), every other square in index order (empty `0`; a piece: its code, then its
//! colour and promotion bits in the format's order, gold without a promotion bit), the
//! hands, sente's then gote's, in the order pawn, lance, knight, silver, gold, bishop, rook
//! (each piece: its hand code and a colour bit), then the pieces in neither (the box, as
//! for a handicap), in the same order. 256 bits in all for any position with both kings.

use crate::bits::{Reader, Writer};
use crate::packed::{PackError, UnpackError};
use koma_rules::variants::Shogi;
use koma_rules::{Color, Hand, Piece, Position, Role, Setup, Square};

/// A format's codes, `(value, length)` with the first bit lowest, by koma's role index of
/// the unpromoted kind: pawn, lance, knight, silver, bishop, rook, gold.
pub(crate) struct Codes {
    /// A piece on the board: its code, the leading 1 (occupied) included.
    pub board: [(u32, u32); 7],
    /// Whether a board piece's colour bit comes before its promotion bit.
    pub color_first: bool,
    /// A piece in hand: its code up to the colour bit.
    pub hand: [(u32, u32); 7],
    /// A piece in the box: its whole code (its last bit is not looked at when read).
    pub boxed: [(u32, u32); 7],
}

/// The kinds in hand order (Apery's): pawn, lance, knight, silver, gold, bishop, rook.
const HAND_ORDER: [Role; 7] = [
    Role::Pawn,
    Role::Lance,
    Role::Knight,
    Role::Silver,
    Role::Gold,
    Role::Bishop,
    Role::Rook,
];

/// How many of each raw kind shogi's set holds.
fn set_count(role: Role) -> u8 {
    match role {
        Role::Pawn => 18,
        Role::Bishop | Role::Rook => 2,
        _ => 4,
    }
}

/// How many of each raw kind (by role index, pawn..gold) are in neither hand nor on the
/// board of `pos`.
fn box_pieces(pos: &Position<Shogi>) -> Result<[u8; 7], PackError> {
    let mut left = [0u8; 7];
    for raw in HAND_ORDER {
        let mut used = pos.hand(Color::Black).count(raw) + pos.hand(Color::White).count(raw);
        for color in Color::ALL {
            for role in [Some(raw), raw.promoted()].into_iter().flatten() {
                used = used.saturating_add(pos.pieces(color, role).count() as u8);
            }
        }
        left[raw.index()] = set_count(raw)
            .checked_sub(used)
            .ok_or(PackError::TooMany(raw))?;
    }
    Ok(left)
}

/// `pos` in the 32 bytes of `codes`.
pub(crate) fn encode(codes: &Codes, pos: &Position<Shogi>) -> Result<[u8; 32], PackError> {
    let left = box_pieces(pos)?;
    let mut w = Writer::new();
    w.bit(pos.side_to_move() == Color::White);
    for color in Color::ALL {
        let k = pos.king(color).ok_or(PackError::NoKing(color.name()))?;
        w.bits(k.index() as u32, 7);
    }
    for sq in Square::all() {
        match pos.piece_at(sq) {
            Some(p) if p.role() == Role::King => {}
            None => w.bit(false),
            Some(p) => {
                let raw = p.role().unpromoted();
                let (code, len) = codes.board[raw.index()];
                w.bits(code, len);
                let white = p.color() == Color::White;
                let promoted = (raw != Role::Gold).then_some(p.role().is_promoted());
                if codes.color_first {
                    w.bit(white);
                }
                if let Some(promoted) = promoted {
                    w.bit(promoted);
                }
                if !codes.color_first {
                    w.bit(white);
                }
            }
        }
    }
    for color in Color::ALL {
        for raw in HAND_ORDER {
            let (code, len) = codes.hand[raw.index()];
            for _ in 0..pos.hand(color).count(raw) {
                w.bits(code, len);
                w.bit(color == Color::White);
            }
        }
    }
    for raw in HAND_ORDER {
        let (code, len) = codes.boxed[raw.index()];
        for _ in 0..left[raw.index()] {
            w.bits(code, len);
        }
    }
    Ok(w.finish())
}

/// What a code after the board reads as.
enum Spare {
    /// A piece in a hand (its colour bit follows).
    Hand(Role),
    /// A piece in the box (one more bit follows).
    Boxed,
}

/// The position held in `data` by `codes` (its ply is 1: the records keep it apart).
pub(crate) fn decode(codes: &Codes, data: &[u8; 32]) -> Result<Position<Shogi>, UnpackError> {
    let mut r = Reader::new(data);
    let mut setup = Setup::empty();
    setup.side = if r.bit(0)? {
        Color::White
    } else {
        Color::Black
    };
    setup.ply = 1;
    let mut kings = [None; 2];
    for color in Color::ALL {
        let index = r.bits(7, 0)? as u8;
        let sq = Square::from_index(index.into()).ok_or(UnpackError::KingSquare {
            color: color.name(),
            index,
        })?;
        setup.set(sq, Some(Piece::new(color, Role::King)));
        kings[color.index()] = Some(sq);
    }
    let mut count = [0u8; 7];
    let mut tally = |raw: Role| -> Result<(), UnpackError> {
        count[raw.index()] += 1;
        if count[raw.index()] > set_count(raw) {
            return Err(UnpackError::TooMany(raw));
        }
        Ok(())
    };
    for sq in Square::all() {
        if kings.contains(&Some(sq)) {
            continue;
        }
        let at = sq.index();
        let raw = r.code(6, at, |code, len| {
            if (code, len) == (0, 1) {
                return Some(None);
            }
            let t = codes.board.iter().position(|&c| c == (code, len))?;
            Some(Role::from_index(t))
        })?;
        let Some(raw) = raw else { continue };
        tally(raw)?;
        let mut white = codes.color_first && r.bit(at)?;
        let promoted = raw != Role::Gold && r.bit(at)?;
        if !codes.color_first {
            white = r.bit(at)?;
        }
        let role = match raw.promoted() {
            Some(p) if promoted => p,
            _ => raw,
        };
        let color = if white { Color::White } else { Color::Black };
        setup.set(sq, Some(Piece::new(color, role)));
    }
    let mut hands = [Hand::default(), Hand::default()];
    let mut n = 81;
    while !r.done() {
        let spare = r.code(7, n, |code, len| {
            if let Some(t) = codes.hand.iter().position(|&c| c == (code, len)) {
                return Role::from_index(t).map(Spare::Hand);
            }
            codes
                .boxed
                .iter()
                .any(|&(c, l)| l - 1 == len && c & ((1 << len) - 1) == code)
                .then_some(Spare::Boxed)
        })?;
        match spare {
            Spare::Hand(raw) => {
                tally(raw)?;
                let white = r.bit(n)?;
                hands[usize::from(white)].add(raw);
            }
            Spare::Boxed => {
                r.bit(n)?;
            }
        }
        n += 1;
    }
    setup.hands = hands;
    Ok(Position::<Shogi>::from_setup(&setup)?)
}
