//! Move text computed from the position: Japanese (KIF, KI2), Western (Hodges, Hosking)
//! and the German club notation.
//!
//! Every writer takes the position *before* the move and works out what the text must say
//! (which of several pieces moves, whether promotion was possible); every reader resolves
//! its text to the one legal move it names, or says what is wrong.
//!
//! ```
//! use koma_notation::movetext::{japanese, western, german, western::Style};
//! use koma_rules::{Move, Position, Square, variants::Shogi};
//!
//! let pos = Position::<Shogi>::startpos();
//! let m = Move::normal(Square::new(7, 7).unwrap(), Square::new(7, 6).unwrap(), false);
//! assert_eq!(japanese::kif(&pos, m, None), "７六歩(77)");
//! assert_eq!(japanese::text(&pos, m, None), "☗７六歩");
//! assert_eq!(western::write(&pos, m, Style::Hodges), "P-7f");
//! assert_eq!(german::write(&pos, m), "7f");
//! assert_eq!(japanese::parse_ki2(&pos, "▲７六歩", None), Ok(m));
//! assert_eq!(western::parse(&pos, "P-76"), Ok(m));
//! ```

pub mod german;
pub mod japanese;
pub mod western;

use koma_rules::pieces::Face;
use koma_rules::{IllegalMove, Move, Position, Role, Square, Variant};

/// A move text that does not name exactly one legal move, with the text and the reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move text '{text}': {kind}")]
pub struct MoveTextError {
    /// The text that was read.
    pub text: String,
    /// What is wrong with it.
    pub kind: MoveTextErrorKind,
}

/// What is wrong with a move text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveTextErrorKind {
    /// Nothing but white space.
    #[error("the text is empty")]
    Empty,
    /// No square of the board where one is expected.
    #[error("expected a square of the board at '{0}'")]
    BadSquare(String),
    /// `同` (same square) with no previous move to refer to.
    #[error("'同' needs a previous move")]
    NoPreviousMove,
    /// A square and `同` together (`２四同歩`) where the previous move went elsewhere.
    #[error("'同' says the previous move's square, {previous}, but the text names {named}")]
    NotSameSquare {
        /// The square the text names.
        named: String,
        /// The previous move's destination.
        previous: String,
    },
    /// No piece name of the variant where one is expected.
    #[error("unknown piece at '{0}'")]
    UnknownPiece(String),
    /// Text that has no place in the notation.
    #[error("unexpected '{0}'")]
    Unexpected(String),
    /// The text is well formed but no legal move fits it.
    #[error("no legal move fits the text")]
    NoSuchMove,
    /// Several legal moves fit the text.
    #[error("{0} legal moves fit the text: it is ambiguous")]
    Ambiguous(usize),
    /// The text names a move that breaks a rule.
    #[error("illegal move: {0}")]
    Illegal(IllegalMove),
}

impl MoveTextErrorKind {
    /// This reason attached to `text`.
    pub(crate) fn at(self, text: &str) -> MoveTextError {
        MoveTextError {
            text: text.to_string(),
            kind: self,
        }
    }
}

/// A move in any notation koma reads, tried in turn: USI, Western (Hodges or Hosking),
/// Japanese (KI2 or KIF style, `previous_to` being the previous move's destination for `同`)
/// and German. A USI move is only parsed, not checked against the position (the game checks
/// it); the others name a legal move. On failure the error is the Japanese reader's for text
/// with non-ASCII characters, the Western reader's otherwise.
pub fn parse_any<V: Variant>(
    pos: &Position<V>,
    text: &str,
    previous_to: Option<Square>,
) -> Result<Move, MoveTextError> {
    let text = text.trim();
    if let Ok(m) = crate::usi::parse_move(crate::sfen::kind_of::<V>(), text) {
        return Ok(m);
    }
    if !text.is_ascii() {
        return japanese::parse_ki2(pos, text, previous_to);
    }
    western::parse(pos, text)
        .or_else(|western_error| german::parse(pos, text).map_err(|_| western_error))
}

/// What a text says about its move; `None` leaves a point open for the position to settle.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Spec {
    /// The role that moves (the role on the board before the move, or the dropped role).
    pub role: Role,
    /// The destination.
    pub to: Square,
    /// The origin, when written.
    pub from: Option<Square>,
    /// Whether the move is a drop; `None`: a board move if one fits, else a drop.
    pub drop: Option<bool>,
    /// Whether the move promotes; `None`: without promotion if possible, else with.
    pub promote: Option<bool>,
}

/// What every notation needs to know about a move before writing it.
#[derive(Clone, Debug)]
pub(crate) struct Facts {
    /// The role that moves, if the move has a piece at all.
    pub role: Option<Role>,
    /// The distinct origins of the legal board moves of that role to the destination.
    pub origins: Vec<Square>,
    /// `Some(true)` promotes, `Some(false)` declines a legal promotion, `None`: no choice.
    pub promotion: Option<bool>,
    /// Whether the destination holds a piece (a capture).
    pub capture: bool,
    /// Whether `m` is legal in the position.
    pub legal: bool,
}

impl Facts {
    /// Whether another piece of the same role could also move to the destination.
    pub fn ambiguous(&self, m: Move) -> bool {
        self.origins.iter().any(|&o| Some(o) != m.from())
    }
}

/// The role that moves in `m`: the piece on the origin, or the dropped role.
pub(crate) fn mover<V: Variant>(pos: &Position<V>, m: Move) -> Option<Role> {
    match m.from() {
        Some(from) => pos.piece_at(from).map(|p| p.role()),
        None => m.drop_role(),
    }
}

/// The legal moves (all of them, as perft counts) of `role` to `to`.
fn moves_to<V: Variant>(pos: &Position<V>, role: Role, to: Square) -> Vec<Move> {
    pos.legal_moves()
        .iter()
        .copied()
        .filter(|&m| m.to() == to && mover(pos, m) == Some(role))
        .collect()
}

/// The distinct origins of the board moves among `moves`, in order of appearance.
fn origins(moves: &[Move]) -> Vec<Square> {
    let mut out: Vec<Square> = Vec::new();
    for from in moves.iter().filter_map(|m| m.from()) {
        if !out.contains(&from) {
            out.push(from);
        }
    }
    out
}

/// Works out the [`Facts`] of `m` in `pos`.
pub(crate) fn facts<V: Variant>(pos: &Position<V>, m: Move) -> Facts {
    let role = mover(pos, m);
    let moves = role.map_or_else(Vec::new, |r| moves_to(pos, r, m.to()));
    let promotion = match m.from() {
        _ if m.is_promotion() => Some(true),
        Some(from) => moves
            .contains(&Move::normal(from, m.to(), true))
            .then_some(false),
        None => None,
    };
    Facts {
        role,
        origins: origins(&moves),
        promotion,
        capture: m.from().is_some() && pos.piece_at(m.to()).is_some(),
        legal: moves.contains(&m),
    }
}

/// The Western suffix for a promotion: `+` taken, `=` declined, nothing when impossible.
pub(crate) fn promotion_mark(promotion: Option<bool>) -> &'static str {
    match promotion {
        Some(true) => "+",
        Some(false) => "=",
        None => "",
    }
}

/// Whether `m` (legal) mates the opponent.
pub(crate) fn mates<V: Variant>(pos: &Position<V>, m: Move) -> bool {
    let after = pos.after(m);
    after.in_check() && after.has_no_moves()
}

/// The one legal move `spec` names. `narrow` keeps the origins that the text's other words
/// (KI2's relative words) allow, given all origins that fit.
pub(crate) fn resolve<V: Variant>(
    pos: &Position<V>,
    spec: Spec,
    narrow: impl Fn(&[Square]) -> Vec<Square>,
) -> Result<Move, MoveTextErrorKind> {
    let all = moves_to(pos, spec.role, spec.to);
    let (drops, board): (Vec<Move>, Vec<Move>) = all.into_iter().partition(|m| m.is_drop());
    let use_drop = spec.drop.unwrap_or(board.is_empty() && spec.from.is_none());
    let mut found = if use_drop {
        drops
    } else {
        let mut from = origins(&board);
        from.retain(|&o| spec.from.is_none_or(|f| f == o));
        let from = narrow(&from);
        board
            .into_iter()
            .filter(|m| m.from().is_some_and(|o| from.contains(&o)))
            .collect()
    };
    let promote = spec
        .promote
        .unwrap_or(!found.iter().any(|m| !m.is_promotion()));
    found.retain(|m| m.is_promotion() == promote);
    match found.as_slice() {
        [m] => Ok(*m),
        [] => Err(explain(pos, spec, spec.promote.unwrap_or(false))),
        more => Err(MoveTextErrorKind::Ambiguous(more.len())),
    }
}

/// The one move `spec` names that breaks only a rule of play (a foul, see
/// [`crate::record::is_foul`]), with that rule; for texts no legal move fits. Without a
/// promotion word, a move without promotion is preferred, as [`resolve`] does.
pub(crate) fn resolve_foul<V: Variant>(
    pos: &Position<V>,
    spec: Spec,
    narrow: impl Fn(&[Square]) -> Vec<Square>,
) -> Option<(Move, IllegalMove)> {
    let us = pos.side_to_move();
    let foul = |m: Move| {
        pos.is_legal(m)
            .err()
            .filter(|&e| crate::record::is_foul(e))
            .map(|e| (m, e))
    };
    let promotions: &[bool] = match spec.promote {
        Some(true) => &[true],
        Some(false) => &[false],
        None => &[false, true],
    };
    let mut found: Vec<(Move, IllegalMove)> = Vec::new();
    for &promote in promotions {
        if spec.drop != Some(true) {
            let board: Vec<(Move, IllegalMove)> = pos
                .pieces(us, spec.role)
                .filter(|&o| spec.from.is_none_or(|f| f == o) && o != spec.to)
                .filter_map(|o| foul(Move::normal(o, spec.to, promote)))
                .collect();
            let kept = narrow(
                &board
                    .iter()
                    .filter_map(|(m, _)| m.from())
                    .collect::<Vec<_>>(),
            );
            found.extend(
                board
                    .into_iter()
                    .filter(|(m, _)| m.from().is_some_and(|o| kept.contains(&o))),
            );
        }
        if spec.drop != Some(false) && spec.from.is_none() && !promote {
            found.extend(foul(Move::drop(spec.role, spec.to)));
        }
        if !found.is_empty() {
            break;
        }
    }
    match found.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// Why no legal move fits: the rule that the nearest candidate breaks, if there is one.
fn explain<V: Variant>(pos: &Position<V>, spec: Spec, promote: bool) -> MoveTextErrorKind {
    let us = pos.side_to_move();
    let mut attempts: Vec<Move> = Vec::new();
    if spec.drop != Some(true) {
        let ours = pos.pieces(us, spec.role);
        attempts.extend(
            ours.filter(|&o| spec.from.is_none_or(|f| f == o) && o != spec.to)
                .map(|o| Move::normal(o, spec.to, promote)),
        );
    }
    let in_hand = pos.hand(us).count(spec.role) > 0;
    if spec.drop == Some(true) || (spec.drop.is_none() && spec.from.is_none() && in_hand) {
        attempts.push(Move::drop(spec.role, spec.to));
    }
    attempts
        .into_iter()
        .filter_map(|m| pos.is_legal(m).err())
        .find(|&e| e != IllegalMove::NotAMoveOfThisPiece)
        .map_or(MoveTextErrorKind::NoSuchMove, MoveTextErrorKind::Illegal)
}

/// A square as Western notations write it: file digit, then rank letter (`7f`) or digit.
pub(crate) fn square_text(sq: Square, letter_rank: bool) -> String {
    let rank = if letter_rank {
        (b'a' + sq.rank() - 1) as char
    } else {
        (b'0' + sq.rank()) as char
    };
    format!("{}{rank}", sq.file())
}

/// The square of `V`'s board written as a file digit and a rank letter or digit.
pub(crate) fn parse_square<V: Variant>(file: char, rank: char) -> Option<Square> {
    let file = file.to_digit(10)?;
    let rank = match rank {
        'a'..='i' => rank as u32 - 'a' as u32 + 1,
        _ => rank.to_digit(10)?,
    };
    board_square::<V>(file, rank)
}

/// The square at (`file`, `rank`) if it is on `V`'s board.
pub(crate) fn board_square<V: Variant>(file: u32, rank: u32) -> Option<Square> {
    let on_board = (1..=V::FILES as u32).contains(&file) && (1..=V::RANKS as u32).contains(&rank);
    on_board
        .then(|| Square::new(file as u8, rank as u8))
        .flatten()
}

/// The longest name of `table` that `s` starts with, with its value and byte length.
pub(crate) fn longest_prefix<T: Copy>(s: &str, table: &[(&str, T)]) -> Option<(T, usize)> {
    table
        .iter()
        .filter(|(name, _)| s.starts_with(name))
        .max_by_key(|(name, _)| name.len())
        .map(|&(name, value)| (value, name.len()))
}

/// Every name that one notation gives `V`'s pieces, for reading: `names` lists the names
/// of a face (the one written first), from the piece table and the variant's own faces
/// ([`Variant::face`]).
pub(crate) fn piece_names<V: Variant>(
    names: impl Fn(&'static Face) -> Vec<&'static str>,
) -> Vec<(&'static str, Role)> {
    V::BOARD_ROLES
        .iter()
        .flat_map(|&role| names(V::face(role)).into_iter().map(move |n| (n, role)))
        .filter(|(name, _)| !name.is_empty())
        .collect()
}

/// The name `name` picks from the face of `role` in `V`, or `?` for a move without a
/// piece.
pub(crate) fn name_of<V: Variant>(
    role: Option<Role>,
    name: impl Fn(&'static Face) -> &'static str,
) -> &'static str {
    role.map_or("?", |r| name(V::face(r)))
}
