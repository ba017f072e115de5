//! YaneuraOu's training record, PackedSfenValue: 40 bytes a position, the format of the
//! shogi NNUE tools (YaneuraOu's `gensfen` and `learn`, nnue-pytorch's shogi forks, cshogi).
//!
//! Layout, little-endian: the position in 32 bytes (Huffman-coded, below), the search
//! score (i16, side to move's view), the best move (YaneuraOu's 16-bit move), the game ply
//! (u16), the game's result for the side to move (i8: 1 win, 0 draw, -1 loss), one byte of
//! padding.
//!
//! The position's 32 bytes are described in `crate::huffman`; YaneuraOu's codes are
//! `YANEURAOU`'s.

use crate::huffman::{self, Codes};
use koma_rules::variants::Shogi;
use koma_rules::{Position, Role, SetupError};

/// The size of one record in bytes.
pub const RECORD_BYTES: usize = 40;

/// One training position: the packed position, the search's score and move, when in the
/// game it came, and how the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackedSfenValue {
    /// The position, Huffman-coded ([`pack`], [`unpack`]).
    pub sfen: [u8; 32],
    /// The search score in centipawns, from the side to move's point of view.
    pub score: i16,
    /// The search's best move in YaneuraOu's 16-bit encoding ([`move16`]).
    pub move16: u16,
    /// The position's ply in its game (the start is 1).
    pub game_ply: u16,
    /// The game's result for the side to move: 1 win, 0 draw, -1 loss.
    pub result: i8,
}

impl PackedSfenValue {
    /// The record's 40 bytes.
    pub fn to_bytes(&self) -> [u8; RECORD_BYTES] {
        let mut out = [0u8; RECORD_BYTES];
        out[..32].copy_from_slice(&self.sfen);
        out[32..34].copy_from_slice(&self.score.to_le_bytes());
        out[34..36].copy_from_slice(&self.move16.to_le_bytes());
        out[36..38].copy_from_slice(&self.game_ply.to_le_bytes());
        out[38] = self.result as u8;
        out
    }

    /// The record held by `bytes`.
    pub fn from_bytes(bytes: &[u8; RECORD_BYTES]) -> PackedSfenValue {
        let mut sfen = [0u8; 32];
        sfen.copy_from_slice(&bytes[..32]);
        PackedSfenValue {
            sfen,
            score: i16::from_le_bytes([bytes[32], bytes[33]]),
            move16: u16::from_le_bytes([bytes[34], bytes[35]]),
            game_ply: u16::from_le_bytes([bytes[36], bytes[37]]),
            result: bytes[38] as i8,
        }
    }
}

/// Why a position cannot be packed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PackError {
    /// The format stores both kings' squares.
    #[error("{0} has no king: the packed format needs both")]
    NoKing(&'static str),
    /// More pieces of a kind than shogi's set has.
    #[error("more {0:?} than shogi's set holds")]
    TooMany(Role),
}

/// Why 32 bytes are not a packed position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UnpackError {
    /// The codes run past the 256 bits.
    #[error("the codes run past 256 bits (at square or hand piece {0})")]
    Overrun(usize),
    /// A king's square is off the board.
    #[error("{color}'s king square {index} is off the board")]
    KingSquare {
        /// Whose king.
        color: &'static str,
        /// The index read (0..=127).
        index: u8,
    },
    /// A piece's code is none of the table's.
    #[error("no piece has the code read at bit {0}")]
    BadCode(usize),
    /// More pieces of a kind than shogi's set has.
    #[error("more {0:?} than shogi's set holds")]
    TooMany(Role),
    /// The pieces read make no legal position.
    #[error("the pieces make no legal position: {0}")]
    Position(#[from] SetupError),
}

/// YaneuraOu's codes: on the board the code, the promotion bit, the colour bit; in hand
/// the board code less its first bit and a zero promotion bit; in the box the same with
/// the promotion bit set (and a zero after it).
const YANEURAOU: Codes = Codes {
    // pawn, lance, knight, silver, bishop, rook, gold
    board: [
        (0x01, 2),
        (0x03, 4),
        (0x0b, 4),
        (0x07, 4),
        (0x1f, 6),
        (0x3f, 6),
        (0x0f, 5),
    ],
    color_first: false,
    hand: [
        (0x00, 2),
        (0x01, 4),
        (0x05, 4),
        (0x03, 4),
        (0x0f, 6),
        (0x1f, 6),
        (0x07, 4),
    ],
    boxed: [
        (0x02, 3),
        (0x09, 5),
        (0x0d, 5),
        (0x0b, 5),
        (0x2f, 7),
        (0x3f, 7),
        (0x1b, 5),
    ],
};

/// `pos` in the 32-byte packed form. Positions with a piece missing from the board and
/// hands (a handicap) pack the missing pieces as the box.
pub fn pack(pos: &Position<Shogi>) -> Result<[u8; 32], PackError> {
    huffman::encode(&YANEURAOU, pos)
}

/// The position packed in `data` (its ply is 1: the record keeps the ply apart).
pub fn unpack(data: &[u8; 32]) -> Result<Position<Shogi>, UnpackError> {
    huffman::decode(&YANEURAOU, data)
}

/// `m` in YaneuraOu's 16 bits, a PackedSfenValue's move ([`crate::move16::yaneuraou`]).
pub use crate::move16::yaneuraou as move16;

/// The move of YaneuraOu's 16 bits, `None` when they hold none
/// ([`crate::move16::decode_yaneuraou`]).
pub use crate::move16::decode_yaneuraou as from_move16;

#[cfg(test)]
mod tests {
    use super::*;
    use koma_rules::{Color, Move, Square};

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    fn shogi(sfen_moves: &[&str]) -> Position<Shogi> {
        let mut pos = Position::<Shogi>::startpos();
        for text in sfen_moves {
            let m = pos
                .moves(koma_rules::MoveKind::Legal)
                .iter()
                .copied()
                .find(|&m| usi(m) == *text)
                .expect("legal move");
            pos.play(m).unwrap();
        }
        pos
    }

    fn usi(m: Move) -> String {
        let sq = |s: Square| format!("{}{}", s.file(), (b'a' + s.rank() - 1) as char);
        match (m.from(), m.drop_role()) {
            (_, Some(r)) => format!("{}*{}", b"PLNSBRG"[r.index()] as char, sq(m.to())),
            (Some(f), None) => {
                format!(
                    "{}{}{}",
                    sq(f),
                    sq(m.to()),
                    if m.is_promotion() { "+" } else { "" }
                )
            }
            _ => String::new(),
        }
    }

    #[test]
    fn packs_as_cshogi_does() {
        // Bytes written by cshogi 1.1.0's Board.to_psfen (PyPI), the start position and
        // the position after 7g7f 3c3d 8h2b+ (a promoted bishop on the board, one in hand).
        let start = shogi(&[]);
        assert_eq!(
            hex(&pack(&start).unwrap()),
            "58a451220ceb67227e9653221caf447824c22b119e53221ceb6f223e9651220c"
        );
        let pos = shogi(&["7g7f", "3c3d", "8h2b+"]);
        let bytes = pack(&pos).unwrap();
        assert_eq!(
            hex(&bytes),
            "59a451220ceb57227e9693241caf447824c22b119e53121ceb6f222ca344181e"
        );
        let back = unpack(&bytes).unwrap();
        assert_eq!(back.to_setup().board, pos.to_setup().board);
        assert_eq!(back.hand(Color::Black), pos.hand(Color::Black));
        assert_eq!(back.side_to_move(), Color::White);
    }

    #[test]
    fn round_trips_random_games_and_moves() {
        crate::testing::random_walk(0x1234_5678_9abc_def1, 200, 120, |pos, m| {
            assert_eq!(from_move16(move16(m)), Some(m), "{}", usi(m));
            let back = unpack(&pack(pos).unwrap()).unwrap();
            assert_eq!(back.to_setup().board, pos.to_setup().board);
            assert_eq!(back.hand(Color::Black), pos.hand(Color::Black));
            assert_eq!(back.hand(Color::White), pos.hand(Color::White));
            assert_eq!(back.side_to_move(), pos.side_to_move());
        });
    }

    #[test]
    fn packs_a_handicap_with_its_box_and_reads_it_back() {
        // Two-piece handicap: the rook and bishop are in the box.
        let mut setup = Position::<Shogi>::startpos().to_setup();
        setup.set(Square::new(2, 8).unwrap(), None);
        setup.set(Square::new(8, 8).unwrap(), None);
        let pos = Position::<Shogi>::from_setup(&setup).unwrap();
        let back = unpack(&pack(&pos).unwrap()).unwrap();
        assert_eq!(back.to_setup().board, pos.to_setup().board);
        assert!(back.hand(Color::Black).is_empty() && back.hand(Color::White).is_empty());
    }

    #[test]
    fn refuses_garbage_without_panicking() {
        let mut state = 7u64;
        let mut refused = 0;
        for _ in 0..5_000 {
            let mut data = [0u8; 32];
            for b in &mut data {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                *b = (state >> 56) as u8;
            }
            refused += usize::from(unpack(&data).is_err());
        }
        assert!(refused > 4_900, "{refused}");
        assert!(matches!(
            unpack(&[0xff; 32]),
            Err(UnpackError::KingSquare { .. })
        ));
        let record = PackedSfenValue {
            sfen: [3; 32],
            score: -1234,
            move16: 0x8123,
            game_ply: 77,
            result: -1,
        };
        assert_eq!(PackedSfenValue::from_bytes(&record.to_bytes()), record);
        assert_eq!(from_move16(0), None);
        // cshogi.move16_to_psv of P*5e: the drop flag, the pawn (1) and 5e (40).
        let drop = Move::drop(Role::Pawn, Square::new(5, 5).unwrap());
        assert_eq!(move16(drop), 0x40a8);
    }
}
