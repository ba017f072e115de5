//! YaneuraOu's training record, PackedSfenValue: 40 bytes a position, the format of the
//! shogi NNUE tools (YaneuraOu's `gensfen` and `learn`, nnue-pytorch's shogi forks, cshogi).
//!
//! Layout, little-endian: the position in 32 bytes (Huffman-coded, below), the search
//! score (i16, side to move's view), the best move (YaneuraOu's 16-bit move), the game ply
//! (u16), the game's result for the side to move (i8: 1 win, 0 draw, -1 loss), one byte of
//! padding.
//!
//! The position, bit by bit from the least significant bit of byte 0: the side to move (1
//! bit, 1 for gote), sente's and gote's king squares (7 bits each, square index
//! (file - 1) * 9 + rank - 1), then every other square in index order (empty `0`; a piece:
//! its code, a promotion bit except for gold, a colour bit), then the hands, sente's then
//! gote's, in the order pawn, lance, knight, silver, gold, bishop, rook (each piece: its code
//! less its first bit, a zero promotion bit except for gold, a colour bit), then the pieces
//! in neither (the piece box), in the same order, coded so that a reader takes them for
//! promoted pieces in hand. 256 bits in all for any position with kings.

use koma_rules::variants::Shogi;
use koma_rules::{Color, Hand, Move, Piece, Position, Role, Setup, SetupError, Square};

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
    /// The pieces read make no legal position.
    #[error("the pieces make no legal position: {0}")]
    Position(#[from] SetupError),
}

/// The Huffman code (value, length) of each raw piece kind on the board, by YaneuraOu's
/// piece type: none, pawn, lance, knight, silver, bishop, rook, gold.
const CODES: [(u32, u32); 8] = [
    (0x00, 1),
    (0x01, 2),
    (0x03, 4),
    (0x0b, 4),
    (0x07, 4),
    (0x1f, 6),
    (0x3f, 6),
    (0x0f, 5),
];

/// The codes of pieces in the box (in no hand and not on the board), same order.
const BOX_CODES: [(u32, u32); 8] = [
    (0x00, 1),
    (0x02, 2),
    (0x09, 4),
    (0x0d, 4),
    (0x0b, 4),
    (0x2f, 6),
    (0x3f, 6),
    (0x1b, 5),
];

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

/// YaneuraOu's piece type of an unpromoted role: pawn 1 ... rook 6, gold 7, which is
/// koma's role index plus one.
fn yane_type(raw: Role) -> usize {
    raw.index() + 1
}

/// The unpromoted role of YaneuraOu's piece type 1..=7.
fn role_of_type(t: usize) -> Role {
    Role::ALL[t - 1]
}

/// Bits written from the least significant bit of byte 0 up.
struct Writer {
    data: [u8; 32],
    cursor: usize,
}

impl Writer {
    fn bit(&mut self, b: bool) {
        if b && self.cursor < 256 {
            self.data[self.cursor / 8] |= 1 << (self.cursor % 8);
        }
        self.cursor += 1;
    }

    fn bits(&mut self, value: u32, n: u32) {
        for i in 0..n {
            self.bit(value >> i & 1 == 1);
        }
    }
}

/// Bits read in the order [`Writer`] wrote them.
struct Reader<'a> {
    data: &'a [u8; 32],
    cursor: usize,
}

impl Reader<'_> {
    fn bit(&mut self, at: usize) -> Result<bool, UnpackError> {
        if self.cursor >= 256 {
            return Err(UnpackError::Overrun(at));
        }
        let b = self.data[self.cursor / 8] >> (self.cursor % 8) & 1 == 1;
        self.cursor += 1;
        Ok(b)
    }

    fn bits(&mut self, n: u32, at: usize) -> Result<u32, UnpackError> {
        let mut v = 0;
        for i in 0..n {
            v |= u32::from(self.bit(at)?) << i;
        }
        Ok(v)
    }

    /// Reads a code of `table` (each code's first `skip` bits dropped); its index.
    fn code(
        &mut self,
        table: &[(u32, u32); 8],
        skip: u32,
        first: usize,
        at: usize,
    ) -> Result<usize, UnpackError> {
        let start = self.cursor;
        let (mut code, mut len) = (0u32, 0u32);
        loop {
            code |= u32::from(self.bit(at)?) << len;
            len += 1;
            if let Some(t) = (first..8).find(|&t| {
                let (c, l) = table[t];
                l - skip == len && c >> skip == code
            }) {
                return Ok(t);
            }
            if len >= 6 {
                return Err(UnpackError::BadCode(start));
            }
        }
    }
}

/// `pos` in the 32-byte packed form. Positions with a piece missing from the board and
/// hands (a handicap) pack the missing pieces as the box.
pub fn pack(pos: &Position<Shogi>) -> Result<[u8; 32], PackError> {
    let mut w = Writer {
        data: [0; 32],
        cursor: 0,
    };
    w.bit(pos.side_to_move() == Color::White);
    for color in Color::ALL {
        let k = pos.king(color).ok_or(PackError::NoKing(color.name()))?;
        w.bits(k.index() as u32, 7);
    }
    let mut left = HAND_ORDER.map(set_count);
    let mut take = |raw: Role| -> Result<(), PackError> {
        let slot = HAND_ORDER.iter().position(|&r| r == raw).unwrap_or(0);
        left[slot] = left[slot].checked_sub(1).ok_or(PackError::TooMany(raw))?;
        Ok(())
    };
    for sq in Square::all() {
        match pos.piece_at(sq) {
            Some(p) if p.role() == Role::King => {}
            None => w.bits(CODES[0].0, CODES[0].1),
            Some(p) => {
                let raw = p.role().unpromoted();
                take(raw)?;
                let (code, len) = CODES[yane_type(raw)];
                w.bits(code, len);
                if raw != Role::Gold {
                    w.bit(p.role().is_promoted());
                }
                w.bit(p.color() == Color::White);
            }
        }
    }
    for color in Color::ALL {
        for raw in HAND_ORDER {
            for _ in 0..pos.hand(color).count(raw) {
                take(raw)?;
                let (code, len) = CODES[yane_type(raw)];
                w.bits(code >> 1, len - 1);
                if raw != Role::Gold {
                    w.bit(false);
                }
                w.bit(color == Color::White);
            }
        }
    }
    for (slot, raw) in HAND_ORDER.into_iter().enumerate() {
        for _ in 0..left[slot] {
            let (code, len) = BOX_CODES[yane_type(raw)];
            w.bits(code, len);
            if raw != Role::Gold {
                w.bit(false);
            }
        }
    }
    Ok(w.data)
}

/// The position packed in `data` (its ply is 1: the record keeps the ply apart).
pub fn unpack(data: &[u8; 32]) -> Result<Position<Shogi>, UnpackError> {
    let mut r = Reader { data, cursor: 0 };
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
    for sq in Square::all() {
        if kings.contains(&Some(sq)) {
            continue;
        }
        let at = sq.index();
        let t = r.code(&CODES, 0, 0, at)?;
        if t == 0 {
            continue;
        }
        let raw = role_of_type(t);
        let promoted = raw != Role::Gold && r.bit(at)?;
        let color = if r.bit(at)? {
            Color::White
        } else {
            Color::Black
        };
        let role = match raw.promoted() {
            Some(p) if promoted => p,
            _ => raw,
        };
        setup.set(sq, Some(Piece::new(color, role)));
    }
    let mut hands = [Hand::default(), Hand::default()];
    let mut n = 81;
    while r.cursor < 256 {
        let t = r.code(&CODES, 1, 1, n)?;
        let raw = role_of_type(t);
        let boxed = raw != Role::Gold && r.bit(n)?;
        if boxed {
            // A box piece: its code's last bit stands where a colour bit would.
            r.bit(n)?;
        } else {
            let color = r.bit(n)?;
            hands[usize::from(color)].add(raw);
        }
        n += 1;
    }
    setup.hands = hands;
    Ok(Position::from_setup(&setup)?)
}

/// `m` in YaneuraOu's 16 bits: the destination in bits 0-6, the origin in bits 7-13 (for
/// a drop the piece type, pawn 1 ... rook 6, gold 7), bit 14 for a drop, bit 15 for a
/// promotion.
pub fn move16(m: Move) -> u16 {
    let to = m.to().index() as u16;
    match (m.from(), m.drop_role()) {
        (_, Some(role)) => to | (yane_type(role) as u16) << 7 | 1 << 14,
        (Some(from), None) => to | (from.index() as u16) << 7 | u16::from(m.is_promotion()) << 15,
        (None, None) => 0,
    }
}

/// The move of YaneuraOu's 16 bits (see [`move16`]), `None` when they hold none.
pub fn from_move16(bits: u16) -> Option<Move> {
    let to = Square::from_index((bits & 0x7f).into())?;
    let origin = usize::from(bits >> 7 & 0x7f);
    if bits & 1 << 14 != 0 {
        if !(1..=7).contains(&origin) {
            return None;
        }
        return Some(Move::drop(role_of_type(origin), to));
    }
    let from = Square::from_index(origin)?;
    (from != to).then(|| Move::normal(from, to, bits & 1 << 15 != 0))
}

#[cfg(test)]
mod tests {
    use super::*;

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
