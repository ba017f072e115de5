//! `Setup`: an unvalidated position, and its validation into a `Position<V>`.

use crate::{Bitboard, Color, Hand, Piece, Position, Role, Square, Variant};

/// An unvalidated position: what a parser produces. [`Position::from_setup`] checks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The piece on each square of the 9x9 frame, by square index.
    pub board: [Option<Piece>; 81],
    /// Pieces in hand, sente's then gote's.
    pub hands: [Hand; 2],
    /// The side to move.
    pub side: Color,
    /// The move number (1 for a new game).
    pub ply: u32,
}

/// Why a setup is not a legal position of a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A piece stands outside the variant's board.
    #[error("square {0} is outside the {1} board")]
    OffBoard(Square, &'static str),
    /// A piece of another variant.
    #[error("{0:?} is not a piece of {1}")]
    ForeignRole(Role, &'static str),
    /// A hand holds a piece that cannot be held in this variant.
    #[error("{0:?} cannot be held in hand in {1}")]
    ForeignHandRole(Role, &'static str),
    /// A side has no king.
    #[error("{0:?} has no king")]
    MissingKing(Color),
    /// A side has more than one king.
    #[error("{0:?} has more than one king")]
    TooManyKings(Color),
    /// Two unpromoted pawns of one side on a file (nifu), or three swallows in Tori.
    #[error("{0:?} has too many pawns on file {1} (二歩)")]
    TooManyPawnsOnFile(Color, u8),
    /// A piece stands where it could never move again.
    #[error("the piece on {0} could never move (行き所のない駒)")]
    DeadPiece(Square),
    /// The side that is not to move is in check: the side to move could take the king.
    #[error("the side not to move is in check")]
    OpponentInCheck,
    /// More pieces of a kind than a set holds.
    #[error("too many pieces of kind {0:?}")]
    TooManyPieces(Role),
    /// The move number is zero.
    #[error("the move number must be at least 1")]
    BadPly,
}

impl Setup {
    /// An empty board, empty hands, sente to move, move number 1.
    pub const fn empty() -> Setup {
        Setup {
            board: [None; 81],
            hands: [Hand::EMPTY; 2],
            side: Color::Black,
            ply: 1,
        }
    }

    /// The piece on `sq`.
    pub fn get(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Puts `piece` on `sq` (or clears it with `None`).
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        self.board[sq.index()] = piece;
    }

    /// Places a sente `role` on (`file`, `rank`) and a gote one on the point-symmetric square.
    pub(crate) const fn place_pair<V: Variant>(&mut self, file: u8, rank: u8, role: Role) {
        let Some(sq) = Square::new(file, rank) else {
            panic!("a start square off the frame");
        };
        self.board[sq.index()] = Some(Piece::new(Color::Black, role));
        self.board[sq.rotate(V::FILES, V::RANKS).index()] = Some(Piece::new(Color::White, role));
    }

    /// How many pieces of `role` stand on the board, both sides together.
    pub const fn count_on_board(&self, role: Role) -> u32 {
        let mut n = 0;
        let mut i = 0;
        while i < self.board.len() {
            if let Some(p) = self.board[i] {
                if p.role() as u8 == role as u8 {
                    n += 1;
                }
            }
            i += 1;
        }
        n
    }
}

impl Default for Setup {
    fn default() -> Self {
        Setup::empty()
    }
}

impl<V: Variant> Position<V> {
    /// Validates `setup` as a position of `V`; every problem has its own [`SetupError`].
    pub fn from_setup(setup: &Setup) -> Result<Position<V>, SetupError> {
        Self::validate(setup, true)
    }

    /// As [`Position::from_setup`], but a side may lack its king (tsume problems omit the
    /// attacker's king). Such a side can never be in check.
    pub fn from_setup_kingless(setup: &Setup) -> Result<Position<V>, SetupError> {
        Self::validate(setup, false)
    }

    /// As [`Position::from_setup_kingless`], but also accepting two pawns on a file and
    /// pieces that can never move: for record files that start from such a position (a
    /// parser test file has nine pawns on one file). Moves from it are still checked.
    pub fn from_setup_lenient(setup: &Setup) -> Result<Position<V>, SetupError> {
        match Self::validate(setup, false) {
            Err(SetupError::TooManyPawnsOnFile(..) | SetupError::DeadPiece(_)) => {
                Self::validate_with(setup, false, false)
            }
            other => other,
        }
    }

    fn validate(setup: &Setup, require_kings: bool) -> Result<Position<V>, SetupError> {
        Self::validate_with(setup, require_kings, true)
    }

    fn validate_with(
        setup: &Setup,
        require_kings: bool,
        rules: bool,
    ) -> Result<Position<V>, SetupError> {
        if setup.ply == 0 {
            return Err(SetupError::BadPly);
        }
        let mut pos = Position::<V>::empty();
        let mut counts = [0u32; Role::COUNT];
        for sq in Square::all() {
            let Some(piece) = setup.board[sq.index()] else {
                continue;
            };
            let (color, role) = (piece.color(), piece.role());
            if !V::BOARD.contains(sq) {
                return Err(SetupError::OffBoard(sq, V::NAME));
            }
            if !V::BOARD_ROLES.contains(&role) {
                return Err(SetupError::ForeignRole(role, V::NAME));
            }
            if rules && V::dead_squares(role, color).contains(sq) {
                return Err(SetupError::DeadPiece(sq));
            }
            if role == Role::King {
                if pos.kings[color.index()].is_some() {
                    return Err(SetupError::TooManyKings(color));
                }
                pos.kings[color.index()] = Some(sq);
            }
            counts[V::hand_role(role).index()] += 1;
            pos.put(piece, sq);
        }
        for color in Color::ALL {
            for &role in V::HAND_ROLES {
                let n = setup.hands[color.index()].count(role);
                for _ in 0..n {
                    pos.hand_add(color, role);
                }
                counts[role.index()] += n as u32;
            }
            if pos.hands[color.index()] != setup.hands[color.index()] {
                let stray = Role::ALL
                    .into_iter()
                    .find(|r| {
                        setup.hands[color.index()].count(*r) != pos.hands[color.index()].count(*r)
                    })
                    .unwrap_or(Role::King);
                return Err(SetupError::ForeignHandRole(stray, V::NAME));
            }
            // Where the royal piece can be taken (Dōbutsu's lion), the side to move may
            // have lost it on the move before: the game is over, as lishogi and
            // Fairy-Stockfish read such a position.
            let just_taken = V::ROYAL_CAPTURE && color == setup.side;
            if require_kings && pos.kings[color.index()].is_none() && !just_taken {
                return Err(SetupError::MissingKing(color));
            }
            let pawns = pos.pieces(color, V::PAWN);
            for file in 1..=V::FILES {
                if rules
                    && V::PAWNS_PER_FILE > 0
                    && (pawns & Bitboard::file(file)).count() > V::PAWNS_PER_FILE
                {
                    return Err(SetupError::TooManyPawnsOnFile(color, file));
                }
            }
        }
        let mut totals = [0u32; Role::COUNT];
        for piece in V::start().board.iter().flatten() {
            totals[V::hand_role(piece.role()).index()] += 1;
        }
        for role in Role::ALL {
            if counts[role.index()] > totals[role.index()] {
                return Err(SetupError::TooManyPieces(role));
            }
        }
        pos.side = setup.side;
        pos.ply = setup.ply;
        if setup.side == Color::White {
            pos.board_key ^= crate::tables::ZOBRIST.side;
        }
        if V::ROYAL_CAPTURE {
            // Nothing is in check in a game where the royal piece can be taken.
        } else if let Some(their_king) = pos.kings[(!pos.side).index()] {
            if pos.attackers_to(their_king, pos.side).any() {
                return Err(SetupError::OpponentInCheck);
            }
        }
        pos.update_check_info();
        Ok(pos)
    }

    /// The position as an unvalidated setup.
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            hands: self.hands,
            side: self.side,
            ply: self.ply,
        }
    }
}
