//! The CSA record format (CSA標準棋譜ファイル形式), versions 2.2 and 3.0, for standard shogi.
//!
//! ```
//! use koma_notation::csa;
//! use koma_notation::record::GameEnd;
//!
//! let text = "V2.2\nN+sente\nN-gote\nPI\n+\n+7776FU\nT3\n-3334FU,T5\n+8822UM\n%TORYO\n";
//! let record = csa::parse(text).unwrap();
//! assert_eq!(record.header.get("先手"), Some("sente"));
//! assert_eq!(record.tree.main_moves().len(), 3);
//! assert_eq!(record.tree.main_end(), Some(&GameEnd::Resign));
//! let again = csa::parse(&csa::write(&record).unwrap()).unwrap();
//! assert_eq!(again.tree.main_moves(), record.tree.main_moves());
//! assert!(csa::parse("PI\n+\n+7775FU\n").is_err());
//! ```
//!
//! Choices made where the format leaves room:
//! - Header keys use KIF's Japanese vocabulary: `N+` 先手, `N-` 後手, `$EVENT` 棋戦,
//!   `$SITE` 場所, `$START_TIME` 開始日時, `$END_TIME` 終了日時, `$TIME_LIMIT` and `$TIME`
//!   持ち時間, `$TIME+` 先手持ち時間, `$TIME-` 後手持ち時間, `$OPENING` 戦型, `$MAX_MOVES`
//!   最大手数, `$JISHOGI` 持将棋, `$NOTE` 備考; any other `$KEY` is kept as `$KEY`.
//! - Comments keep the text after the `'` verbatim, so Floodgate's `'* ...` and `'** ...`
//!   keep their stars and are written back unchanged. Comments before the first move
//!   (header comments included) belong to the root. The `'CSA encoding=...` (or
//!   `'encoding=...`) declaration in the first three lines is not a comment.
//! - A start position that equals a named one (even game or a handicap, gote to move) is
//!   [`Start::Named`], whether written with `PI` or `P1`..`P9`; anything else is
//!   [`Start::Custom`]. Kings may be missing (mate problems omit the attacker's king).
//!   Compositions koma's rules reject for dead pieces or pawns sharing a file (the
//!   corpus's `9fu.csa`, nine pawns on one file) are read too, with their moves checked
//!   for shape only (the piece is there, is the mover's, takes no own piece; drops come
//!   from the hand to an empty square); [`Record::start_position`] rejects them.
//! - Moves must be legal, with two exceptions. A foul a player can commit on the board
//!   ([`crate::record::is_foul`]: two pawns on a file, a pawn-drop mate, leaving the king in
//!   check, ...) may be the record's last move: it is kept, followed by
//!   [`GameEnd::IllegalWin`] (the side to move after it wins; `%ILLEGAL_MOVE` after it reads
//!   so too), with a warning ([`read_first`]). Any other illegal move followed directly by
//!   `%ILLEGAL_MOVE` (or the mover's `%±ILLEGAL_ACTION`) ends the record there with
//!   [`GameEnd::IllegalLoss`]; the move is not played, a comment names it.
//! - Several statements may share a line, separated by commas; a `'` after a comma starts a
//!   comment that runs to the end of the line (`+7776FU,T0,'a comment, still`).
//! - `%ILLEGAL_MOVE` means the side to move lost by a foul ([`GameEnd::IllegalLoss`]);
//!   `%+ILLEGAL_ACTION` with gote to move and `%-ILLEGAL_ACTION` with sente to move are
//!   [`GameEnd::IllegalWin`]; `%HIKIWAKE` is an agreed draw ([`GameEnd::Draw`]); other
//!   codes without a variant (`%MATTA`, `%ERROR`, unknown ones) are kept verbatim as
//!   [`GameEnd::Other`].
//! - Readers are lenient where real files are: no version line, header lines after the
//!   moves, a missing side-to-move line (the first move's sign decides), collapsed spaces
//!   in `P1`..`P9` rows, CRLF, a BOM. With a warning each ([`read_first`]): a `T` line
//!   after a comment before any move (the time of a move commented out, `'+2726FU` then
//!   `T1`) is ignored; a record without an end code whose last comments hold Floodgate's
//!   `'summary:illegal move:...` or `'summary:max_moves:...` (the server writes no end
//!   code for those) ends as the summary says ([`crate::floodgate::Summary::ending`]).

use crate::encoding;
use crate::floodgate;
use crate::record::{
    Entry, GameEnd, MoveTime, MoveTree, NodeId, Record, SideNames, Start, is_foul,
};
use crate::warning::{Reading, Warning, WarningKind};
use koma_rules::variants::Shogi;
use koma_rules::{
    Color, IllegalMove, Move, Piece, Position, Role, Setup, SetupError, Square, Variant,
    VariantKind,
};
use std::fmt::Write;

/// A CSA record that cannot be read or written, with the place of the problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{kind}", place(.line, .column))]
pub struct CsaError {
    /// 1-based line of the problem in the input; 0 for a problem found while writing.
    pub line: usize,
    /// 1-based character column of the problem in its line; 0 while writing.
    pub column: usize,
    /// What is wrong.
    pub kind: CsaErrorKind,
}

/// The "line L, column C: " prefix of an error message (empty while writing).
fn place(line: &usize, column: &usize) -> String {
    if *line == 0 {
        String::new()
    } else {
        format!("line {line}, column {column}: ")
    }
}

/// What is wrong with a CSA record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CsaErrorKind {
    /// A statement that is none of the CSA ones.
    #[error("{0}: unknown statement")]
    UnknownStatement(String),
    /// A statement of a known kind with the wrong shape.
    #[error("{statement}: expected {expected}")]
    Malformed {
        /// The statement.
        statement: String,
        /// What was expected.
        expected: &'static str,
    },
    /// Two characters that are not a square (file and rank 1..9).
    #[error("{statement}: '{square}' is not a square")]
    BadSquare {
        /// The statement.
        statement: String,
        /// The two characters.
        square: String,
    },
    /// Two characters that are no CSA piece code.
    #[error(
        "{statement}: '{code}' is not a piece code (FU KY KE GI KI KA HI OU TO NY NK NG UM RY)"
    )]
    UnknownPiece {
        /// The statement.
        statement: String,
        /// The two characters.
        code: String,
    },
    /// A piece that cannot be held in hand (a king or a promoted piece) put in or dropped
    /// from a hand.
    #[error("{statement}: {code} cannot be held in hand")]
    NotAHandPiece {
        /// The statement.
        statement: String,
        /// The piece code.
        code: String,
    },
    /// A move of the side not to move.
    #[error("{statement}: it is {side}'s turn")]
    WrongSide {
        /// The statement.
        statement: String,
        /// The side to move (`sente` or `gote`).
        side: &'static str,
    },
    /// A move from a square without a piece of the mover.
    #[error("{statement}: no {side} piece on {square}")]
    NoPiece {
        /// The statement.
        statement: String,
        /// The mover (`sente` or `gote`).
        side: &'static str,
        /// The square, as CSA writes it (`77`).
        square: String,
    },
    /// The piece code is neither the moving piece nor its promotion.
    #[error("{statement}: the piece on {square} is {found}, which cannot become {code}")]
    WrongPiece {
        /// The statement.
        statement: String,
        /// The origin square (`77`).
        square: String,
        /// The code of the piece found there.
        found: &'static str,
        /// The code the move gives.
        code: String,
    },
    /// A well-formed move that breaks a rule.
    #[error("{statement}: illegal move: {reason}")]
    IllegalMove {
        /// The statement.
        statement: String,
        /// The rule broken.
        reason: IllegalMove,
    },
    /// A `PI` removal of a piece the even-game position does not have there.
    #[error("{statement}: the even-game position has no {code} on {square}")]
    NothingToRemove {
        /// The statement.
        statement: String,
        /// The square (`82`).
        square: String,
        /// The piece code.
        code: String,
    },
    /// The start position is not a legal position.
    #[error("the start position is not legal: {0}")]
    BadSetup(SetupError),
    /// A `T` statement that is not a time.
    #[error("{0}: not a time (T followed by seconds, decimals allowed)")]
    BadTime(String),
    /// A `T` statement before any move.
    #[error("{0}: a time before the first move")]
    TimeBeforeMove(String),
    /// A position statement after the side to move or the first move.
    #[error("{0}: a position statement after the start position was complete")]
    PositionAfterStart(String),
    /// A move or end code after the end of the game.
    #[error("{0}: the game has already ended")]
    AfterEnd(String),
    /// A second end code that says another ending than the first one.
    #[error("{second}: the game already ended with {first}, which says otherwise")]
    ConflictingEnd {
        /// The end code that ended the game.
        first: String,
        /// The end code after it.
        second: String,
    },
    /// A `%` statement that is not an end code.
    #[error("{0}: not an end code (% and capital letters)")]
    BadEnd(String),
    /// The record is not of standard shogi (CSA has no Tori Shogi).
    #[error("CSA records are for standard shogi only, not {0}")]
    WrongVariant(&'static str),
    /// While writing: a move of the main line is not legal in its position.
    #[error("move {ply} of the main line is illegal: {reason}")]
    IllegalRecordMove {
        /// The move's ply (1 for the first move).
        ply: usize,
        /// The rule broken.
        reason: IllegalMove,
    },
}

/// The CSA version a writer produces.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Version {
    /// V2.2: whole seconds only, no encoding line.
    V22,
    /// V3.0: `'CSA encoding=UTF-8` first, times with milliseconds.
    #[default]
    V30,
}

/// How [`write_with`] writes a record.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct WriteOptions {
    /// The version written (V3.0 by default).
    pub version: Version,
}

/// The CSA code of a shogi role (`FU`, `UM`, ...), from the piece table; `None` for the
/// roles of other variants (CSA is standard shogi only).
pub fn piece_code(role: Role) -> Option<&'static str> {
    Shogi::BOARD_ROLES
        .contains(&role)
        .then(|| Shogi::face(role).csa)
        .filter(|code| !code.is_empty())
}

/// The role a CSA piece code stands for.
pub fn role_of_code(code: &str) -> Option<Role> {
    Shogi::BOARD_ROLES
        .iter()
        .copied()
        .find(|&r| Shogi::face(r).csa == code)
}

/// `+` or `-`.
fn sign(color: Color) -> char {
    match color {
        Color::Black => '+',
        Color::White => '-',
    }
}

/// The two digits CSA writes for a square.
fn square_text(sq: Square) -> String {
    format!("{}{}", sq.file(), sq.rank())
}

/// The digit value of an ASCII digit byte.
fn digit(b: u8) -> Option<u8> {
    b.is_ascii_digit().then(|| b - b'0')
}

/// Text of `bytes[range]` for messages (lossy: the bytes may split a character).
fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The position a CSA record is read on: validated leniently, so that a composition with
/// nine pawns on a file still reads (its moves are checked by the rules all the same).
type Board = Position<Shogi>;

/// Reads one CSA move (`+7776FU`, `-0055KA`) in `pos` and checks that it is legal. The
/// error's first value is the 0-based character offset of the problem in `text`.
fn read_move(pos: &Board, text: &str) -> Result<Move, (usize, CsaErrorKind)> {
    let m = read_shape(pos, text)?;
    pos.is_legal(m).map_err(|reason| {
        (
            0,
            CsaErrorKind::IllegalMove {
                statement: text.to_string(),
                reason,
            },
        )
    })?;
    Ok(m)
}

/// Reads one CSA move in `pos` as far as its text goes: the mover is to move, a piece of
/// theirs stands on the origin (or the dropped piece can be held) and becomes the piece
/// named; whether the rules allow the move is left to the caller.
fn read_shape(pos: &Board, text: &str) -> Result<Move, (usize, CsaErrorKind)> {
    let b = text.as_bytes();
    let malformed = || {
        (
            0,
            CsaErrorKind::Malformed {
                statement: text.to_string(),
                expected: "a move like +7776FU (sign, from, to, piece after the move)",
            },
        )
    };
    if b.len() != 7 || !text.is_ascii() {
        return Err(malformed());
    }
    let color = match b[0] {
        b'+' => Color::Black,
        b'-' => Color::White,
        _ => return Err(malformed()),
    };
    let digits = [digit(b[1]), digit(b[2]), digit(b[3]), digit(b[4])];
    let square_at = |i: usize| -> Result<Option<Square>, (usize, CsaErrorKind)> {
        let bad = || {
            (
                i,
                CsaErrorKind::BadSquare {
                    statement: text.to_string(),
                    square: lossy(&b[i..i + 2]),
                },
            )
        };
        match (digits[i - 1], digits[i]) {
            (Some(0), Some(0)) if i == 1 => Ok(None),
            (Some(f), Some(r)) => Square::new(f, r).map(Some).ok_or_else(bad),
            _ => Err(bad()),
        }
    };
    let from = square_at(1)?;
    let to = square_at(3)?.ok_or_else(|| {
        (
            3,
            CsaErrorKind::BadSquare {
                statement: text.to_string(),
                square: "00".to_string(),
            },
        )
    })?;
    let code = &text[5..7];
    let role = role_of_code(code).ok_or_else(|| {
        (
            5,
            CsaErrorKind::UnknownPiece {
                statement: text.to_string(),
                code: code.to_string(),
            },
        )
    })?;
    let us = pos.side_to_move();
    if color != us {
        return Err((
            0,
            CsaErrorKind::WrongSide {
                statement: text.to_string(),
                side: Color::name(us),
            },
        ));
    }
    let m = match from {
        None => {
            if !Shogi::HAND_ROLES.contains(&role) {
                return Err((
                    5,
                    CsaErrorKind::NotAHandPiece {
                        statement: text.to_string(),
                        code: code.to_string(),
                    },
                ));
            }
            Move::drop(role, to)
        }
        Some(from) => {
            let piece = pos
                .piece_at(from)
                .filter(|p| p.color() == us)
                .ok_or_else(|| {
                    (
                        0,
                        CsaErrorKind::NoPiece {
                            statement: text.to_string(),
                            side: Color::name(us),
                            square: square_text(from),
                        },
                    )
                })?;
            if piece.role() == role {
                Move::normal(from, to, false)
            } else if piece.role().promoted() == Some(role) {
                Move::normal(from, to, true)
            } else {
                return Err((
                    5,
                    CsaErrorKind::WrongPiece {
                        statement: text.to_string(),
                        square: square_text(from),
                        found: piece_code(piece.role()).unwrap_or("??"),
                        code: code.to_string(),
                    },
                ));
            }
        }
    };
    Ok(m)
}

/// Reads one CSA move (`+7776FU`, `-0055KA`, `+8822UM`) in `pos`, checking it is legal.
pub fn parse_move(pos: &Position<Shogi>, text: &str) -> Result<Move, CsaErrorKind> {
    read_move(pos, text).map_err(|(_, kind)| kind)
}

/// Writes `m` as CSA (`+7776FU`; the piece is the one after the move), or `None` when the
/// move is not legal in `pos`.
pub fn write_move(pos: &Position<Shogi>, m: Move) -> Option<String> {
    move_text(pos, m)
}

/// The CSA text of `m` on `pos`, if the move is legal there.
fn move_text(pos: &Board, m: Move) -> Option<String> {
    pos.is_legal(m).ok()?;
    shape_text(pos, m)
}

/// The CSA text of `m` on `pos`, legal or not, if its piece is there.
fn shape_text(pos: &Board, m: Move) -> Option<String> {
    let us = pos.side_to_move();
    let (from, role) = match (m.from(), m.drop_role()) {
        (Some(from), _) => {
            let role = pos.piece_at(from)?.role();
            let role = if m.is_promotion() {
                role.promoted()?
            } else {
                role
            };
            (square_text(from), role)
        }
        (None, Some(role)) => ("00".to_string(), role),
        (None, None) => return None,
    };
    Some(format!(
        "{}{}{}{}",
        sign(us),
        from,
        square_text(m.to()),
        piece_code(role)?
    ))
}

/// The end code for a `%` statement, with `side` to move.
fn end_of(code: &str, side: Color) -> GameEnd {
    match code {
        "%TORYO" => GameEnd::Resign,
        "%CHUDAN" => GameEnd::Interrupt,
        "%SENNICHITE" => GameEnd::Repetition,
        "%OUTE_SENNICHITE" => GameEnd::PerpetualCheck,
        "%JISHOGI" => GameEnd::Impasse,
        "%MAX_MOVES" => GameEnd::MaxMoves,
        "%HIKIWAKE" => GameEnd::Draw,
        "%KACHI" => GameEnd::EnteringKingWin,
        "%TSUMI" => GameEnd::Mate,
        "%FUZUMI" => GameEnd::NoMate,
        "%TIME_UP" => GameEnd::TimeUp,
        "%ILLEGAL_MOVE" => GameEnd::IllegalLoss,
        "%+ILLEGAL_ACTION" if side == Color::White => GameEnd::IllegalWin,
        "%-ILLEGAL_ACTION" if side == Color::Black => GameEnd::IllegalWin,
        other => GameEnd::Other(other.to_string()),
    }
}

/// Whether `code` has the shape of an end code: `%` and capitals, `_`, `+`, `-`.
fn is_end_code(code: &str) -> bool {
    code.strip_prefix('%').is_some_and(|rest| {
        !rest.is_empty()
            && rest
                .bytes()
                .all(|b| b.is_ascii_uppercase() || matches!(b, b'_' | b'+' | b'-'))
    })
}

/// The header key for a `$KEY`.
fn header_key(key: &str) -> String {
    match key {
        "EVENT" => "棋戦",
        "SITE" => "場所",
        "START_TIME" => "開始日時",
        "END_TIME" => "終了日時",
        "TIME_LIMIT" | "TIME" => "持ち時間",
        "TIME+" => "先手持ち時間",
        "TIME-" => "後手持ち時間",
        "OPENING" => "戦型",
        "MAX_MOVES" => "最大手数",
        "JISHOGI" => "持将棋",
        "NOTE" => "備考",
        other => return format!("${other}"),
    }
    .to_string()
}

/// An illegal move waiting for the end code that may excuse it.
struct Pending {
    /// The error to report if no fitting end code follows.
    error: CsaError,
    /// The move's mover.
    mover: Color,
    /// The comment the end node gets.
    note: String,
    /// A time given after the move.
    time: Option<u64>,
    /// Comments given after the move.
    comments: Vec<String>,
}

/// The reader's state.
struct Parser {
    record: Record,
    /// The position built by `PI`/`P1`..`P9`/`P+`/`P-`, if any was given.
    setup: Option<Setup>,
    /// The side given by a `+`/`-` line.
    side: Option<Color>,
    /// The position after the current node, once the start is complete.
    pos: Option<Board>,
    current: NodeId,
    /// The end code that ended the game, once one did.
    ended: Option<String>,
    pending: Option<Pending>,
    /// The line being read.
    line: usize,
    /// The last line that was not blank.
    last: usize,
    /// A foul kept as the last move, with the error a move after it gets.
    foul: Option<(NodeId, CsaError)>,
    /// The leniencies the read needed.
    warnings: Vec<Warning>,
    /// Whether the last line read was a comment (a `T` line after a commented-out move).
    after_comment: bool,
}

impl Parser {
    /// A parser at the start of a record.
    fn new() -> Parser {
        Parser {
            record: Record::new(VariantKind::Shogi),
            setup: None,
            side: None,
            pos: None,
            current: MoveTree::ROOT,
            ended: None,
            pending: None,
            line: 0,
            last: 1,
            foul: None,
            warnings: Vec::new(),
            after_comment: false,
        }
    }

    fn err(&self, column: usize, kind: CsaErrorKind) -> CsaError {
        CsaError {
            line: self.line,
            column,
            kind,
        }
    }

    /// Completes the start position (on the side line, the first move or end, or at the
    /// end of the input).
    fn begin(&mut self, column: usize, first_mover: Option<Color>) -> Result<(), CsaError> {
        if self.pos.is_some() {
            return Ok(());
        }
        let mut setup = self.setup.unwrap_or_else(Shogi::start);
        setup.side = self.side.or(first_mover).unwrap_or(Color::Black);
        setup.ply = 1;
        let pos = Position::<Shogi>::from_setup_lenient(&setup)
            .map_err(|e| self.err(column, CsaErrorKind::BadSetup(e)))?;
        self.record.start = Start::of(VariantKind::Shogi, &setup);
        self.pos = Some(pos);
        Ok(())
    }

    /// The setup the position statements add to (empty at first).
    fn setup_mut(&mut self, statement: &str, column: usize) -> Result<&mut Setup, CsaError> {
        if self.pos.is_some() {
            return Err(self.err(
                column,
                CsaErrorKind::PositionAfterStart(statement.to_string()),
            ));
        }
        Ok(self.setup.get_or_insert_with(Setup::empty))
    }

    fn comment(&mut self, text: &str) {
        let text = text.to_string();
        match &mut self.pending {
            Some(p) => p.comments.push(text),
            None => self.record.tree.node_mut(self.current).comments.push(text),
        }
    }

    fn statement(&mut self, s: &str, col: usize) -> Result<(), CsaError> {
        let b = s.as_bytes();
        match b[0] {
            b'V' => {
                let rest = &s[1..];
                if rest.is_empty() || !rest.bytes().all(|c| c.is_ascii_digit() || c == b'.') {
                    return Err(self.err(
                        col,
                        CsaErrorKind::Malformed {
                            statement: s.to_string(),
                            expected: "a version like V2.2 or V3.0",
                        },
                    ));
                }
            }
            b'N' => {
                let key = match b.get(1) {
                    Some(b'+') => "先手",
                    Some(b'-') => "後手",
                    _ => {
                        return Err(self.err(
                            col,
                            CsaErrorKind::Malformed {
                                statement: s.to_string(),
                                expected: "N+ or N- and a player's name",
                            },
                        ));
                    }
                };
                self.record.header.push(key, s[2..].trim());
            }
            b'$' => match s.split_once(':') {
                Some((key, value)) if key.len() > 1 => {
                    let key = header_key(&key[1..]);
                    self.record.header.push(&key, value.trim());
                }
                _ => {
                    return Err(self.err(
                        col,
                        CsaErrorKind::Malformed {
                            statement: s.to_string(),
                            expected: "$KEY:value",
                        },
                    ));
                }
            },
            b'P' => self.position(s, col)?,
            b'+' | b'-' if b.len() == 1 => {
                if self.pos.is_some() {
                    return Err(self.err(col, CsaErrorKind::PositionAfterStart(s.to_string())));
                }
                self.side = Some(if b[0] == b'+' {
                    Color::Black
                } else {
                    Color::White
                });
                self.begin(col, None)?;
            }
            b'+' | b'-' => self.play(s, col)?,
            b'T' => self.time(s, col)?,
            b'%' => self.end(s, col)?,
            _ => return Err(self.err(col, CsaErrorKind::UnknownStatement(s.to_string()))),
        }
        Ok(())
    }

    /// `PI...`, `P1`..`P9`, `P+...`, `P-...`.
    fn position(&mut self, s: &str, col: usize) -> Result<(), CsaError> {
        let b = s.as_bytes();
        match b.get(1) {
            Some(b'I') => {
                let line = self.line;
                let mut setup = Shogi::start();
                for (i, item) in b[2..].chunks(4).enumerate() {
                    let at = col + 2 + 4 * i;
                    let (sq, role) = self.item(s, item, at)?;
                    let Some(sq) = sq else {
                        return Err(self.err(
                            at,
                            CsaErrorKind::BadSquare {
                                statement: s.to_string(),
                                square: "00".to_string(),
                            },
                        ));
                    };
                    if setup.get(sq).map(|p| p.role()) != Some(role) {
                        return Err(CsaError {
                            line,
                            column: at,
                            kind: CsaErrorKind::NothingToRemove {
                                statement: s.to_string(),
                                square: square_text(sq),
                                code: lossy(&item[2..]),
                            },
                        });
                    }
                    setup.set(sq, None);
                }
                *self.setup_mut(s, col)? = setup;
            }
            Some(&r @ b'1'..=b'9') => {
                let rank = r - b'0';
                let cells = self.rank_cells(s, col)?;
                let setup = self.setup_mut(s, col)?;
                for (i, cell) in cells.into_iter().enumerate() {
                    // Cells run from file 9 to file 1.
                    if let Some(sq) = Square::new(9 - i as u8, rank) {
                        setup.set(sq, cell);
                    }
                }
            }
            Some(&c @ (b'+' | b'-')) => {
                let color = if c == b'+' {
                    Color::Black
                } else {
                    Color::White
                };
                self.setup_mut(s, col)?;
                for (i, item) in b[2..].chunks(4).enumerate() {
                    let at = col + 2 + 4 * i;
                    if item == b"00AL" {
                        let setup = self.setup_mut(s, col)?;
                        crate::diagram::all_to_hand::<Shogi>(setup, color);
                        continue;
                    }
                    let (sq, role) = self.item(s, item, at)?;
                    if sq.is_none() && !Shogi::HAND_ROLES.contains(&role) {
                        return Err(self.err(
                            at + 2,
                            CsaErrorKind::NotAHandPiece {
                                statement: s.to_string(),
                                code: lossy(&item[2..]),
                            },
                        ));
                    }
                    let setup = self.setup_mut(s, col)?;
                    match sq {
                        Some(sq) => setup.set(sq, Some(Piece::new(color, role))),
                        None => {
                            let hand = &mut setup.hands[color.index()];
                            hand.set(role, hand.count(role).saturating_add(1));
                        }
                    }
                }
            }
            _ => return Err(self.err(col, CsaErrorKind::UnknownStatement(s.to_string()))),
        }
        Ok(())
    }

    /// One 4-character item `SSPP` of a `PI`/`P+`/`P-` statement: a square (`None` for
    /// `00`, the hand) and a role.
    fn item(&self, s: &str, item: &[u8], at: usize) -> Result<(Option<Square>, Role), CsaError> {
        let malformed = || {
            self.err(
                at,
                CsaErrorKind::Malformed {
                    statement: s.to_string(),
                    expected: "items of two digits and a piece code, like 82HI or 00FU",
                },
            )
        };
        if item.len() != 4 {
            return Err(malformed());
        }
        let sq = match (digit(item[0]), digit(item[1])) {
            (Some(0), Some(0)) => None,
            (Some(f), Some(r)) => Some(Square::new(f, r).ok_or_else(|| {
                self.err(
                    at,
                    CsaErrorKind::BadSquare {
                        statement: s.to_string(),
                        square: lossy(&item[..2]),
                    },
                )
            })?),
            _ => return Err(malformed()),
        };
        let code = lossy(&item[2..]);
        let role = role_of_code(&code).ok_or_else(|| {
            self.err(
                at + 2,
                CsaErrorKind::UnknownPiece {
                    statement: s.to_string(),
                    code,
                },
            )
        })?;
        Ok((sq, role))
    }

    /// The nine cells of a `P1`..`P9` row, file 9 first. Empty cells are ` * `; a run of
    /// empty cells whose spaces were collapsed (` * * `) and a missing trailing space are
    /// accepted.
    fn rank_cells(&self, s: &str, col: usize) -> Result<Vec<Option<Piece>>, CsaError> {
        let b = s.as_bytes();
        let mut i = 2;
        let mut cells = Vec::with_capacity(9);
        while cells.len() < 9 {
            let at = col + s[..i.min(s.len())].chars().count();
            match b.get(i) {
                Some(&c @ (b'+' | b'-')) => {
                    let code = b.get(i + 1..i + 3).map(lossy).unwrap_or_default();
                    let role = role_of_code(&code).ok_or_else(|| {
                        self.err(
                            at + 1,
                            CsaErrorKind::UnknownPiece {
                                statement: s.to_string(),
                                code: code.clone(),
                            },
                        )
                    })?;
                    let color = if c == b'+' {
                        Color::Black
                    } else {
                        Color::White
                    };
                    cells.push(Some(Piece::new(color, role)));
                    i += 3;
                }
                Some(b' ') if b.get(i + 1) == Some(&b'*') => {
                    cells.push(None);
                    i += 2;
                    if b.get(i) == Some(&b' ') && b.get(i + 1) != Some(&b'*') {
                        i += 1;
                    }
                }
                _ => {
                    return Err(self.err(
                        at,
                        CsaErrorKind::Malformed {
                            statement: s.to_string(),
                            expected: if b.get(i).is_none() {
                                "nine squares in the row"
                            } else {
                                "a square: ' * ' or a sign and a piece code"
                            },
                        },
                    ));
                }
            }
        }
        if b.len() > i && !s[i..].trim().is_empty() {
            return Err(self.err(
                col + s[..i].chars().count(),
                CsaErrorKind::Malformed {
                    statement: s.to_string(),
                    expected: "nothing after the ninth square",
                },
            ));
        }
        Ok(cells)
    }

    /// A move statement.
    fn play(&mut self, s: &str, col: usize) -> Result<(), CsaError> {
        if self.ended.is_some() {
            return Err(self.err(col, CsaErrorKind::AfterEnd(s.to_string())));
        }
        if let Some(p) = self.pending.take() {
            return Err(p.error);
        }
        if let Some((_, e)) = self.foul.take() {
            return Err(e);
        }
        let mover = if s.starts_with('+') {
            Color::Black
        } else {
            Color::White
        };
        self.begin(col, Some(mover))?;
        let Some(pos) = self.pos.as_mut() else {
            return Ok(());
        };
        let m = read_shape(pos, s).map_err(|(offset, kind)| CsaError {
            line: self.line,
            column: col + offset,
            kind,
        })?;
        let illegal = |reason| CsaErrorKind::IllegalMove {
            statement: s.to_string(),
            reason,
        };
        match pos.is_legal(m) {
            Ok(()) => {
                pos.play_unchecked(m);
                self.current = self.record.tree.add(self.current, Entry::Move(m));
            }
            Err(reason) if is_foul(reason) => {
                // A foul a player can commit: kept as the last move, lost by its mover.
                pos.play_unchecked(m);
                self.current = self.record.tree.add(self.current, Entry::Move(m));
                self.foul = Some((self.current, self.err(col, illegal(reason))));
                self.warnings.push(Warning::new(
                    self.line,
                    WarningKind::IllegalLastMove {
                        text: s.to_string(),
                        reason,
                    },
                ));
            }
            Err(reason) => {
                self.pending = Some(Pending {
                    error: self.err(col, illegal(reason)),
                    mover,
                    note: format!("illegal move {s} ({reason})"),
                    time: None,
                    comments: Vec::new(),
                });
            }
        }
        Ok(())
    }

    /// A `T` statement: seconds, with up to millisecond decimals (more are truncated).
    fn time(&mut self, s: &str, col: usize) -> Result<(), CsaError> {
        let ms = parse_seconds(&s[1..])
            .ok_or_else(|| self.err(col, CsaErrorKind::BadTime(s.to_string())))?;
        if let Some(p) = &mut self.pending {
            p.time = Some(ms);
            return Ok(());
        }
        if self.current == MoveTree::ROOT {
            if !self.after_comment {
                return Err(self.err(col, CsaErrorKind::TimeBeforeMove(s.to_string())));
            }
            // The time of a move someone commented out (`'+2726FU` then `T1`).
            let text = s.to_string();
            let warning = Warning::new(self.line, WarningKind::TimeWithoutMove { text });
            self.warnings.push(warning);
            return Ok(());
        }
        self.record.tree.node_mut(self.current).time = Some(MoveTime {
            spent_ms: ms,
            total_ms: None,
        });
        Ok(())
    }

    /// A `%` statement.
    fn end(&mut self, s: &str, col: usize) -> Result<(), CsaError> {
        if !is_end_code(s) {
            return Err(self.err(col, CsaErrorKind::BadEnd(s.to_string())));
        }
        if let Some(first) = &self.ended {
            // Match servers write the ending twice (`%KACHI,T1` then `%KACHI`): the same
            // code again says nothing new; another one contradicts the first.
            if first != s {
                let kind = CsaErrorKind::ConflictingEnd {
                    first: first.clone(),
                    second: s.to_string(),
                };
                return Err(self.err(col, kind));
            }
            let code = s.to_string();
            self.warnings.push(Warning::new(
                self.line,
                WarningKind::RepeatedEnding { code },
            ));
            return Ok(());
        }
        self.begin(col, None)?;
        let side = self.pos.map_or(Color::Black, |p| p.side_to_move());
        let (end, pending) = match self.pending.take() {
            Some(p) => {
                let excused = match s {
                    "%ILLEGAL_MOVE" => true,
                    "%+ILLEGAL_ACTION" => p.mover == Color::Black,
                    "%-ILLEGAL_ACTION" => p.mover == Color::White,
                    _ => false,
                };
                if !excused {
                    return Err(p.error);
                }
                (GameEnd::IllegalLoss, Some(p))
            }
            // After a foul, CSA's "the side to move lost by a foul" means its mover.
            None if s == "%ILLEGAL_MOVE" && self.foul.is_some() => (GameEnd::IllegalWin, None),
            None => (end_of(s, side), None),
        };
        self.foul = None;
        self.current = self.record.tree.add(self.current, Entry::End(end));
        self.ended = Some(s.to_string());
        if let Some(p) = pending {
            let node = self.record.tree.node_mut(self.current);
            node.comments.push(p.note);
            node.comments.extend(p.comments);
            node.time = p.time.map(|ms| MoveTime {
                spent_ms: ms,
                total_ms: None,
            });
        }
        Ok(())
    }

    /// The ending a Floodgate summary after the last move gives a record without an end
    /// code (the server writes none for an illegal move or the move limit: see
    /// [`floodgate::Summary::ending`]).
    fn end_from_summary(&mut self) {
        let (Some(pos), Some(summary)) = (
            &self.pos,
            self.record
                .tree
                .node(self.current)
                .comments
                .iter()
                .find_map(|c| floodgate::Summary::parse(c)),
        ) else {
            return;
        };
        let names = Color::ALL.map(|c| self.record.header.player(c));
        let Some(end) = summary.ending(pos.side_to_move(), names) else {
            return;
        };
        let reason = summary.reason.clone();
        self.warnings.push(Warning::new(
            self.last,
            WarningKind::EndingFromSummary {
                reason,
                ending: crate::jkf::end_special(&end),
            },
        ));
        self.current = self.record.tree.add(self.current, Entry::End(end));
    }

    /// Closes the record: the start position, a dangling illegal move, the time totals.
    fn finish(mut self) -> Result<Reading, CsaError> {
        if let Some(p) = self.pending.take() {
            return Err(p.error);
        }
        self.line = self.last;
        self.begin(1, None)?;
        if let Some((node, _)) = self.foul.take() {
            self.record.tree.add(node, Entry::End(GameEnd::IllegalWin));
        } else if self.ended.is_none() {
            self.end_from_summary();
        }
        if let (Some(_), Some(pos)) = (&self.ended, &self.pos) {
            let to_move = pos.side_to_move();
            self.record.tree.settle_note(self.current, to_move);
        }
        let Parser {
            mut record,
            warnings,
            ..
        } = self;
        let mut mover = record.start.setup(VariantKind::Shogi).side;
        let mut totals = [0u64; 2];
        for id in record.tree.main_line() {
            let node = record.tree.node_mut(id);
            if let Some(time) = &mut node.time {
                let total = &mut totals[mover.index()];
                *total = total.saturating_add(time.spent_ms);
                time.total_ms = Some(*total);
            }
            mover = !mover;
        }
        Ok(Reading { record, warnings })
    }
}

/// Seconds with optional decimals (`12`, `12.345`) as milliseconds.
fn parse_seconds(text: &str) -> Option<u64> {
    let (whole, frac) = match text.split_once('.') {
        Some((w, f)) => (w, f),
        None => (text, ""),
    };
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let secs: u64 = whole.parse().ok()?;
    let mut ms = 0u64;
    for b in frac.bytes().chain(std::iter::repeat(b'0')).take(3) {
        ms = ms * 10 + u64::from(b - b'0');
    }
    secs.checked_mul(1000)?.checked_add(ms)
}

/// The lines of `text` split at `\n` (a `\r` before it stays on the line), found with a
/// vectorised search: CSA lines are a few bytes long, so finding them is much of the work.
fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let t = rest?;
        match memchr::memchr(b'\n', t.as_bytes()) {
            Some(i) => {
                rest = Some(&t[i + 1..]);
                Some(&t[..i])
            }
            None => {
                rest = None;
                Some(t)
            }
        }
    })
}

/// Reads a CSA record (V2.2 or V3.0, and older files without a version line).
///
/// A file holding several records separated by `/` lines yields the first one only; the
/// rest of the file is not read ([`parse_all`] reads them all). Errors name the line and
/// column of the problem.
pub fn parse(text: &str) -> Result<Record, CsaError> {
    Ok(read_first(text)?.record)
}

/// Reads every record of a CSA file: records are separated by lines holding `/` alone (a
/// `/` after the last record is allowed). Errors name the line and column in the file.
pub fn parse_all(text: &str) -> Result<Vec<Record>, CsaError> {
    Ok(read_all(text)?.into_iter().map(|r| r.record).collect())
}

/// Reads the first record of a CSA file with the leniencies its reading needed; a file
/// holding more records says so in a warning.
pub fn read_first(text: &str) -> Result<Reading, CsaError> {
    let mut reading = parse_records(text, false)?.swap_remove(0);
    let count = record_count(text);
    if count > 1 {
        reading
            .warnings
            .push(Warning::new(0, WarningKind::MoreRecords { count }));
    }
    Ok(reading)
}

/// Reads every record of a CSA file (see [`parse_all`]) with the leniencies each needed.
pub fn read_all(text: &str) -> Result<Vec<Reading>, CsaError> {
    parse_records(text, true)
}

/// How many records a CSA file holds: one, and one more for each `/` line that something
/// other than blank lines and comments follows.
fn record_count(text: &str) -> usize {
    let mut count = 1;
    let mut after_separator = false;
    for line in lines(text) {
        let line = line.trim();
        if line == "/" {
            after_separator = true;
        } else if after_separator && !line.is_empty() && !line.starts_with('\'') {
            count += 1;
            after_separator = false;
        }
    }
    count
}

/// The records of `text`: the first one only, or with `all` every one (at least one).
fn parse_records(text: &str, all: bool) -> Result<Vec<Reading>, CsaError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut records = Vec::new();
    let mut parser = Parser::new();
    // Whether the record being read holds anything besides comments.
    let mut started = false;
    for (index, raw) in lines(text).enumerate() {
        parser.line = index + 1;
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        if let Some(comment) = line.strip_prefix('\'') {
            parser.last = parser.line;
            let bare = comment.trim();
            let declaration = bare.starts_with("CSA encoding=") || bare.starts_with("encoding=");
            if !(declaration && index < 3) {
                parser.comment(comment);
                parser.after_comment = true;
            }
            continue;
        }
        let line = line.trim_end();
        if line.trim_start().is_empty() {
            continue;
        }
        parser.last = parser.line;
        if line == "/" {
            if !all {
                break;
            }
            let next = Parser {
                line: parser.line,
                last: parser.line,
                ..Parser::new()
            };
            records.push(std::mem::replace(&mut parser, next).finish()?);
            started = false;
            continue;
        }
        started = true;
        let after_comment = std::mem::take(&mut parser.after_comment);
        if line.starts_with('T') {
            parser.after_comment = after_comment;
        }
        if line.starts_with('N') || line.starts_with('$') {
            parser.statement(line, 1)?;
            continue;
        }
        if memchr::memchr(b',', line.as_bytes()).is_none() {
            let statement = line.trim_start();
            let column = line[..line.len() - statement.len()].chars().count() + 1;
            parser.statement(statement, column)?;
            continue;
        }
        let mut start = 0;
        for part in line.split(',') {
            let offset = part.len() - part.trim_start().len();
            let statement = part.trim();
            if statement.starts_with('\'') {
                // A comment after a comma (`+7776FU,T0,'a comment`) runs to the end of the
                // line, commas included.
                parser.comment(&raw.strip_suffix('\r').unwrap_or(raw)[start + offset + 1..]);
                break;
            }
            if !statement.is_empty() {
                let column = line[..start + offset].chars().count() + 1;
                parser.statement(statement, column)?;
            }
            start += part.len() + 1;
        }
    }
    if started || records.is_empty() {
        records.push(parser.finish()?);
    }
    Ok(records)
}

/// Reads a CSA record from bytes in UTF-8, Shift_JIS (cp932) or EUC-JP (see
/// [`encoding::decode`]); otherwise as [`parse`].
pub fn parse_bytes(bytes: &[u8]) -> Result<Record, CsaError> {
    parse(&encoding::decode(bytes).0)
}

/// Writes `record` as CSA V3.0 (see [`write_with`]).
pub fn write(record: &Record) -> Result<String, CsaError> {
    write_with(record, &WriteOptions::default())
}

/// The error for a problem found while writing.
fn write_error(kind: CsaErrorKind) -> CsaError {
    CsaError {
        line: 0,
        column: 0,
        kind,
    }
}

/// Whether a 持ち時間 value is in the V3 `$TIME` form (`600+10+0`).
fn is_v3_time(value: &str) -> bool {
    let parts: Vec<&str> = value.split('+').collect();
    parts.len() == 3
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
}

/// The CSA header line for a header entry, or `None` when CSA has no place for it.
fn header_line(key: &str, value: &str, has_names: [bool; 2]) -> Option<String> {
    let value = value.replace(['\r', '\n'], " ");
    let csa = match key {
        "先手" => return Some(format!("N+{value}")),
        "後手" => return Some(format!("N-{value}")),
        "下手" if !has_names[0] => return Some(format!("N+{value}")),
        "上手" if !has_names[1] => return Some(format!("N-{value}")),
        "棋戦" => "EVENT",
        "場所" => "SITE",
        "開始日時" => "START_TIME",
        "終了日時" => "END_TIME",
        "持ち時間" if is_v3_time(&value) => "TIME",
        "持ち時間" => "TIME_LIMIT",
        "先手持ち時間" => "TIME+",
        "後手持ち時間" => "TIME-",
        "戦型" => "OPENING",
        "最大手数" => "MAX_MOVES",
        "持将棋" => "JISHOGI",
        "備考" => "NOTE",
        other => match other.strip_prefix('$') {
            Some(k) if !k.is_empty() && !k.contains(':') => k,
            _ => return None,
        },
    };
    Some(format!("${csa}:{value}"))
}

/// The CSA code of `role` for writing (the board only ever holds shogi roles here).
fn code(role: Role) -> &'static str {
    piece_code(role).unwrap_or("??")
}

/// The start position as `PI...` (named starts without pieces in hand) or `P1`..`P9`
/// rows with `P+`/`P-` hands, then the side to move.
fn write_start(out: &mut String, start: &Start, setup: &Setup) {
    let even = Shogi::start();
    let removable = setup.hands.iter().all(|h| h.is_empty())
        && Square::all().all(|sq| setup.get(sq).is_none() || setup.get(sq) == even.get(sq));
    if matches!(start, Start::Named(_)) && removable {
        out.push_str("PI");
        for rank in 1..=9 {
            for file in (1..=9).rev() {
                let Some(sq) = Square::new(file, rank) else {
                    continue;
                };
                if let (None, Some(p)) = (setup.get(sq), even.get(sq)) {
                    let _ = write!(out, "{}{}", square_text(sq), code(p.role()));
                }
            }
        }
        out.push('\n');
    } else {
        for rank in 1..=9 {
            let _ = write!(out, "P{rank}");
            for file in (1..=9).rev() {
                match Square::new(file, rank).and_then(|sq| setup.get(sq)) {
                    Some(p) => {
                        let _ = write!(out, "{}{}", sign(p.color()), code(p.role()));
                    }
                    None => out.push_str(" * "),
                }
            }
            out.push('\n');
        }
        for color in Color::ALL {
            let hand = &setup.hands[color.index()];
            if hand.is_empty() {
                continue;
            }
            let _ = write!(out, "P{}", sign(color));
            for &role in <Shogi as koma_rules::Variant>::HAND_ROLES {
                for _ in 0..hand.count(role) {
                    let _ = write!(out, "00{}", code(role));
                }
            }
            out.push('\n');
        }
    }
    out.push(sign(setup.side));
    out.push('\n');
}

/// A `T` line: whole seconds in V2.2, milliseconds when there are any in V3.0.
fn write_time(out: &mut String, ms: u64, version: Version) {
    let (secs, frac) = (ms / 1000, ms % 1000);
    if version == Version::V30 && frac != 0 {
        let decimals = format!("{frac:03}");
        let _ = writeln!(out, "T{secs}.{}", decimals.trim_end_matches('0'));
    } else {
        let _ = writeln!(out, "T{secs}");
    }
}

/// Comment lines, one `'` line per line of each comment.
fn write_comments(out: &mut String, comments: &[String]) {
    for comment in comments {
        for line in comment.split('\n') {
            let _ = writeln!(out, "'{}", line.trim_end_matches('\r'));
        }
    }
}

/// The end code for `end` with `side` to move, or `None` when CSA has none (the end is
/// then written as a comment).
fn end_code(end: &GameEnd, side: Color) -> Option<&str> {
    Some(match end {
        GameEnd::Resign => "%TORYO",
        GameEnd::Interrupt => "%CHUDAN",
        GameEnd::Repetition => "%SENNICHITE",
        GameEnd::PerpetualCheck => "%OUTE_SENNICHITE",
        GameEnd::Impasse => "%JISHOGI",
        GameEnd::Mate => "%TSUMI",
        GameEnd::NoMate => "%FUZUMI",
        GameEnd::TimeUp => "%TIME_UP",
        GameEnd::IllegalLoss => "%ILLEGAL_MOVE",
        // The standard's way to say the side to move won: the other side's illegal action
        // (a resignation out of turn says so in its note, the comment after).
        GameEnd::IllegalWin | GameEnd::OpponentResigned if side == Color::Black => {
            "%-ILLEGAL_ACTION"
        }
        GameEnd::IllegalWin | GameEnd::OpponentResigned => "%+ILLEGAL_ACTION",
        GameEnd::EnteringKingWin => "%KACHI",
        GameEnd::MaxMoves => "%MAX_MOVES",
        GameEnd::Draw => "%HIKIWAKE",
        GameEnd::Other(code) if is_end_code(code) => code.as_str(),
        _ => return None,
    })
}

/// A word for an end that CSA cannot express, written as a comment instead.
fn end_word(end: &GameEnd) -> &str {
    match end {
        GameEnd::DefaultWin => "不戦勝",
        GameEnd::DefaultLoss => "不戦敗",
        GameEnd::Try => "トライ",
        GameEnd::SealedMove => "封じ手",
        GameEnd::Other(word) => word,
        _ => "",
    }
}

/// Writes `record` as CSA: version line (V3.0 with its `'CSA encoding=UTF-8` line, or
/// V2.2), header, start position, the main line's moves with `T` times and comments, and
/// the end code.
///
/// CSA has no variations: only the main line is written, variations are dropped. Header
/// entries CSA has no key for (other than `$KEY` ones) are dropped; ends CSA has no code
/// for (不戦勝, トライ, unknown words) become a comment. V2.2 times are whole seconds. Fails
/// on a Tori Shogi record, an illegal start position or an illegal move in the main line.
pub fn write_with(record: &Record, options: &WriteOptions) -> Result<String, CsaError> {
    if record.variant != VariantKind::Shogi {
        return Err(write_error(CsaErrorKind::WrongVariant(
            record.variant.name(),
        )));
    }
    let setup = record.start.setup(VariantKind::Shogi);
    let mut pos = Position::<Shogi>::from_setup_lenient(&setup)
        .map_err(|e| write_error(CsaErrorKind::BadSetup(e)))?;
    // How the ending's note names the sides.
    let sides = SideNames::of(record);
    let mut out = String::new();
    match options.version {
        Version::V30 => out.push_str("'CSA encoding=UTF-8\nV3.0\n"),
        Version::V22 => out.push_str("V2.2\n"),
    }
    let header = &record.header;
    let has_names = [header.get("先手").is_some(), header.get("後手").is_some()];
    let names = ["先手", "後手", "下手", "上手"];
    let ordered = header
        .entries
        .iter()
        .filter(|(k, _)| names.contains(&k.as_str()))
        .chain(
            header
                .entries
                .iter()
                .filter(|(k, _)| !names.contains(&k.as_str())),
        );
    for (key, value) in ordered {
        if let Some(line) = header_line(key, value, has_names) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    write_start(&mut out, &record.start, &setup);
    let tree = &record.tree;
    write_comments(&mut out, &tree.node(MoveTree::ROOT).comments);
    let line = tree.main_line();
    for (i, &id) in line.iter().enumerate() {
        let node = tree.node(id);
        match &node.entry {
            Some(Entry::Move(m)) => {
                // A foul is written as the last move of the line (then its ending).
                let last = !matches!(
                    line.get(i + 1)
                        .and_then(|&next| tree.node(next).entry.as_ref()),
                    Some(Entry::Move(_))
                );
                match pos.is_legal(*m) {
                    Ok(()) => {}
                    Err(reason) if last && is_foul(reason) => {}
                    Err(reason) => {
                        return Err(write_error(CsaErrorKind::IllegalRecordMove {
                            ply: i + 1,
                            reason,
                        }));
                    }
                }
                let text = shape_text(&pos, *m).unwrap_or_default();
                out.push_str(&text);
                out.push('\n');
                pos.play_unchecked(*m);
            }
            Some(Entry::End(end)) => match end_code(end, pos.side_to_move()) {
                Some(code) => {
                    out.push_str(code);
                    out.push('\n');
                }
                None => {
                    let _ = writeln!(out, "'{}", end_word(end).replace(['\r', '\n'], " "));
                    write_comments(&mut out, &node.comments);
                    break;
                }
            },
            None => {}
        }
        if let Some(time) = node.time {
            write_time(&mut out, time.spent_ms, options.version);
        }
        if let Some(Entry::End(end)) = &node.entry {
            write_comments(&mut out, end.note(pos.side_to_move(), sides).as_slice());
        }
        write_comments(&mut out, &node.comments);
        if matches!(node.entry, Some(Entry::End(_))) {
            break;
        }
    }
    Ok(out)
}
