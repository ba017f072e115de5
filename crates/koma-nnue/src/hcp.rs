//! Apery's HuffmanCodedPos (HCP, 32 bytes a position, as cshogi's `Board.to_hcp` writes
//! it) and dlshogi's training record HuffmanCodedPosAndEval (HCPE, 38 bytes).
//!
//! The position's layout is `crate::huffman`'s, with Apery's codes (`APERY`): they
//! differ from YaneuraOu's PackedSfen in the knight's and silver's codes, in a board
//! piece's colour bit coming before its promotion bit, and in the bishop's and rook's hand
//! and box codes. Pieces in neither hand nor on the board (a handicap) are written to the
//! box as cshogi writes them.
//!
//! The HCPE record, little-endian: the position (32 bytes), the evaluation (i16, the side
//! to move's view), the best move (cshogi's 16 bits, [`crate::move16::cshogi`]), the game's
//! result (i8: [`GameResult`], from sente's side, not the side to move's), one byte of
//! padding.

use crate::huffman::{self, Codes};
use crate::packed::{PackError, UnpackError};
use koma_rules::variants::Shogi;
use koma_rules::{Color, Position};

/// The size of one HCPE record in bytes.
pub const HCPE_BYTES: usize = 38;

/// Apery's codes: on the board the code, the colour bit, the promotion bit; in hand and in
/// the box codes of their own.
const APERY: Codes = Codes {
    // pawn, lance, knight, silver, bishop, rook, gold
    board: [
        (0x01, 2),
        (0x03, 4),
        (0x07, 4),
        (0x0b, 4),
        (0x1f, 6),
        (0x3f, 6),
        (0x0f, 5),
    ],
    color_first: true,
    hand: [
        (0x00, 2),
        (0x01, 4),
        (0x03, 4),
        (0x05, 4),
        (0x1f, 6),
        (0x3f, 6),
        (0x07, 4),
    ],
    boxed: [
        (0x02, 3),
        (0x09, 5),
        (0x0b, 5),
        (0x0d, 5),
        (0x0f, 7),
        (0x2f, 7),
        (0x1d, 5),
    ],
};

/// `pos` as a HuffmanCodedPos. A handicap's missing pieces go to the box.
pub fn encode(pos: &Position<Shogi>) -> Result<[u8; 32], PackError> {
    huffman::encode(&APERY, pos)
}

/// The position of a HuffmanCodedPos (its ply is 1: the format has none).
pub fn decode(data: &[u8; 32]) -> Result<Position<Shogi>, UnpackError> {
    huffman::decode(&APERY, data)
}

/// How a game ended, as an HCPE record has it (cshogi's `DRAW`, `BLACK_WIN`, `WHITE_WIN`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// A draw, or no result: 0.
    Draw = 0,
    /// Sente won: 1.
    BlackWin = 1,
    /// Gote won: 2.
    WhiteWin = 2,
}

impl GameResult {
    /// The result with this winner (`None` a draw).
    pub fn of_winner(winner: Option<Color>) -> GameResult {
        match winner {
            None => GameResult::Draw,
            Some(Color::Black) => GameResult::BlackWin,
            Some(Color::White) => GameResult::WhiteWin,
        }
    }

    /// The result of the record's byte, `None` for a value no result has.
    pub fn from_code(code: i8) -> Option<GameResult> {
        match code {
            0 => Some(GameResult::Draw),
            1 => Some(GameResult::BlackWin),
            2 => Some(GameResult::WhiteWin),
            _ => None,
        }
    }
}

/// One HCPE record: a position, its evaluation and best move, and how the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HuffmanCodedPosAndEval {
    /// The position ([`encode`], [`decode`]).
    pub hcp: [u8; 32],
    /// The evaluation in centipawns, from the side to move's point of view.
    pub eval: i16,
    /// The best move (or the move played) in cshogi's 16 bits.
    pub best_move16: u16,
    /// How the game ended, from sente's side ([`GameResult`]'s codes; kept as read).
    pub game_result: i8,
}

impl HuffmanCodedPosAndEval {
    /// The record's 38 bytes (the padding byte zero).
    pub fn to_bytes(&self) -> [u8; HCPE_BYTES] {
        let mut out = [0u8; HCPE_BYTES];
        out[..32].copy_from_slice(&self.hcp);
        out[32..34].copy_from_slice(&self.eval.to_le_bytes());
        out[34..36].copy_from_slice(&self.best_move16.to_le_bytes());
        out[36] = self.game_result as u8;
        out
    }

    /// The record held by `bytes`.
    pub fn from_bytes(bytes: &[u8; HCPE_BYTES]) -> HuffmanCodedPosAndEval {
        let mut hcp = [0u8; 32];
        hcp.copy_from_slice(&bytes[..32]);
        HuffmanCodedPosAndEval {
            hcp,
            eval: i16::from_le_bytes([bytes[32], bytes[33]]),
            best_move16: u16::from_le_bytes([bytes[34], bytes[35]]),
            game_result: bytes[36] as i8,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_rules::{Role, Square};

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    fn same(a: &Position<Shogi>, b: &Position<Shogi>) -> bool {
        a.to_setup().board == b.to_setup().board
            && a.hand(Color::Black) == b.hand(Color::Black)
            && a.hand(Color::White) == b.hand(Color::White)
            && a.side_to_move() == b.side_to_move()
    }

    #[test]
    fn encodes_as_cshogi_does() {
        // Bytes written by cshogi 1.1.0's Board.to_hcp: the start position, the bishop
        // handicap (gote to move) and the two kings alone (everything else in the box).
        let start = Position::<Shogi>::startpos();
        assert_eq!(
            hex(&encode(&start).unwrap()),
            "58a449210cd757217e8e4d212caf427814c2ab109e4d212cd75f213e8e49210c"
        );
        let mut setup = start.to_setup();
        setup.set(Square::new(2, 2).unwrap(), None);
        setup.side = Color::White;
        let handicap = Position::<Shogi>::from_setup(&setup).unwrap();
        let bytes = encode(&handicap).unwrap();
        assert_eq!(
            hex(&bytes),
            "59a449210c9742fc1c9b42585e85f0288457213c9b4258aebf427c1c9342181e"
        );
        assert!(same(&decode(&bytes).unwrap(), &handicap));
        let mut kings = koma_rules::Setup::empty();
        kings.set(
            Square::new(5, 9).unwrap(),
            Some(koma_rules::Piece::new(Color::Black, Role::King)),
        );
        kings.set(
            Square::new(5, 1).unwrap(),
            Some(koma_rules::Piece::new(Color::White, Role::King)),
        );
        let kings = Position::<Shogi>::from_setup(&kings).unwrap();
        let bytes = encode(&kings).unwrap();
        assert_eq!(
            hex(&bytes),
            "58240000000000000000008024499224499294524a6badd55a6bbdf7fe78bc5e"
        );
        assert!(same(&decode(&bytes).unwrap(), &kings));
    }

    #[test]
    fn round_trips_random_games_unlike_packed_sfen() {
        let mut differ = 0;
        crate::testing::random_walk(0x4843_5045, 100, 150, |pos, _| {
            let bytes = encode(pos).unwrap();
            assert!(same(&decode(&bytes).unwrap(), pos));
            differ += usize::from(bytes != crate::packed::pack(pos).unwrap());
            // YaneuraOu's reader refuses Apery's bytes or reads another position.
            if let Ok(other) = crate::packed::unpack(&bytes) {
                assert!(!same(&other, pos));
            }
        });
        assert!(differ > 10_000, "{differ}");
    }

    #[test]
    fn refuses_garbage() {
        let mut state = 11u64;
        let mut refused = 0;
        for _ in 0..5_000 {
            let mut data = [0u8; 32];
            for b in &mut data {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                *b = (state >> 56) as u8;
            }
            refused += usize::from(decode(&data).is_err());
        }
        assert!(refused > 4_900, "{refused}");
        let record = HuffmanCodedPosAndEval {
            hcp: [7; 32],
            eval: -3210,
            best_move16: 0x6634,
            game_result: GameResult::WhiteWin as i8,
        };
        let bytes = record.to_bytes();
        assert_eq!(bytes[36], 2);
        assert_eq!(HuffmanCodedPosAndEval::from_bytes(&bytes), record);
        assert_eq!(
            GameResult::from_code(record.game_result),
            Some(GameResult::WhiteWin)
        );
        assert_eq!(GameResult::from_code(3), None);
    }
}
