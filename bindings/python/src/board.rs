//! `koma.Board`: a position of any variant with the moves that led to it, and
//! `koma.perft`.

use crate::errors::{IllegalMoveError, KomaError, SfenError};
use crate::judge::Referee;
use crate::{features, moves, variant};
use koma_engine::PastPosition;
use koma_nnue::move16;
use koma_notation::formats::{self, Notation};
use koma_notation::letters::letters;
use koma_notation::movetext::parse_any;
use koma_notation::{diagram, sfen, usi_line};
use koma_rules::chu::ChuPosition;
use koma_rules::variants::Shogi;
use koma_rules::{AnyPosition, Color, GameKind, Move, Position, Square, Undo, on_position};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList, PyString};

/// A position with its move stack: what `push_usi` and `pop` walk.
#[pyclass(module = "koma")]
#[derive(Clone)]
pub struct Board {
    /// Where the moves start.
    start: AnyPosition,
    /// The current position. After `push` its checkers and pins wait for the next call
    /// that needs them (`checks_stale`): read them through `settle` or `position`.
    pos: AnyPosition,
    /// Whether `pos`'s checkers and pins are those before the last move: `push` leaves
    /// them so, for a move taken back at once (`pop` restores them) costs nothing more.
    checks_stale: bool,
    /// Each move played, with what taking it back needs.
    stack: Vec<Played>,
    /// The variant's move strings.
    strings: &'static moves::Table,
    /// The last `legal_moves` list given out, to recognise its strings when they are pushed.
    listed: Listed,
    /// The last `legal_moves16` list given out, by the moves' integers: pushing one of
    /// them in that position needs no legality check either.
    listed16: Listed,
    /// The game's judge, a prefix of the moves behind (`is_game_over`).
    referee: Referee,
}

/// A move on the stack: the move and what `unplay` needs (which also tells the key of the
/// position it was played from and whether that side was in check).
#[derive(Clone, Copy)]
struct Played {
    m: Move,
    undo: Undo,
}

/// The moves of the last `legal_moves` list, with the addresses of their strings (shared,
/// alive as long as the module: an address stands for one move) and the position's key.
/// Pushing a string of that list in that position needs neither reading nor checking it.
#[derive(Clone, Default)]
struct Listed {
    key: u64,
    moves: Vec<(usize, Move)>,
    /// Where the last search ended: loops push the moves in the list's order.
    cursor: usize,
}

impl Listed {
    /// The listed move whose string is at `address` (or whose integer is `address`).
    #[inline]
    fn find(&mut self, address: usize) -> Option<Move> {
        if let Some(&(a, m)) = self.moves.get(self.cursor) {
            if a == address {
                self.cursor += 1;
                return Some(m);
            }
        }
        let i = self.moves.iter().position(|&(a, _)| a == address)?;
        self.cursor = i + 1;
        Some(self.moves[i].1)
    }
}

impl Board {
    /// A board at `pos`, with no moves.
    pub fn at(py: Python<'_>, pos: AnyPosition) -> Board {
        Board {
            start: pos,
            pos,
            checks_stale: false,
            stack: Vec::new(),
            strings: moves::table(py, pos.variant()),
            listed: Listed::default(),
            listed16: Listed::default(),
            referee: Referee::new(&pos),
        }
    }

    /// The current position.
    pub fn position(&self) -> AnyPosition {
        let mut pos = self.pos;
        if self.checks_stale {
            on_position!(&mut pos, p => p.refresh_checks());
        }
        pos
    }

    /// Brings the position's checkers and pins up to date after `push`.
    #[inline]
    fn settle(&mut self) {
        if self.checks_stale {
            on_position!(&mut self.pos, p => p.refresh_checks());
            self.checks_stale = false;
        }
    }

    /// The positions the game went through before the current one, oldest first, as the
    /// repetition rules see them.
    pub fn past(&self) -> impl Iterator<Item = PastPosition> + '_ {
        self.stack.iter().map(|p| PastPosition::before(&p.undo))
    }

    /// The moves played, oldest first.
    fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.stack.iter().map(|p| p.m)
    }

    /// The destination of the last move (for `同`, "same square").
    fn last_to(&self) -> Option<Square> {
        self.stack.last().map(|p| p.m.to())
    }

    /// The move `text` (USI, or Japanese, Western or German move text) as a legal move here.
    fn legal_move(&mut self, text: &str) -> PyResult<Move> {
        self.settle();
        let prev_to = self.last_to();
        let m = on_position!(&self.pos, p => parse_any(p, text, prev_to))
            .map_err(|e| IllegalMoveError::new_err(e.to_string()))?;
        self.pos
            .is_legal(m)
            .map_err(|reason| IllegalMoveError::new_err(format!("{}: {reason}", text.trim())))?;
        Ok(m)
    }

    /// The move `obj` names, legal here: an integer (cshogi's move16; one of the last
    /// `legal_moves16` list is recognised without a check), a string of the last
    /// `legal_moves` list (recognised by its address) or any text `legal_move` reads.
    fn legal_move_of(&mut self, obj: &Bound<'_, PyAny>) -> PyResult<Move> {
        if obj.is_instance_of::<PyInt>() {
            let bits: u16 = obj.extract().map_err(|_| {
                IllegalMoveError::new_err(format!("{obj} names no move (cshogi move16)"))
            })?;
            if self.listed16.key == self.pos.key() {
                if let Some(m) = self.listed16.find(usize::from(bits)) {
                    return Ok(m);
                }
            }
            return self.legal_move16(bits);
        }
        if self.listed.key == self.pos.key() {
            if let Some(m) = self.listed.find(obj.as_ptr() as usize) {
                return Ok(m);
            }
        }
        let text: std::borrow::Cow<'_, str> = obj.extract()?;
        self.legal_move(&text)
    }

    /// The standard-shogi position, for the calls that read cshogi's integer moves.
    fn shogi(&mut self) -> PyResult<&mut Position<Shogi>> {
        self.settle();
        match &mut self.pos {
            AnyPosition::Shogi(p) => Ok(p),
            other => Err(KomaError::new_err(format!(
                "integer moves are cshogi's move16, defined for standard shogi, not {}",
                other.variant().name()
            ))),
        }
    }

    /// The legal move cshogi's 16 bits `bits` name here.
    fn legal_move16(&mut self, bits: u16) -> PyResult<Move> {
        let pos = self.shogi()?;
        move16::from_cshogi(pos, bits).ok_or_else(|| match move16::decode_cshogi(bits) {
            None => IllegalMoveError::new_err(format!("{bits} names no move (cshogi move16)")),
            Some(m) => {
                let reason = pos
                    .is_legal(m)
                    .err()
                    .map_or(String::new(), |r| format!(": {r}"));
                IllegalMoveError::new_err(format!("{bits} (cshogi move16){reason}"))
            }
        })
    }

    /// Plays `m`, which the caller knows to be legal, leaving the new position's checks
    /// to `settle`.
    #[inline]
    pub fn push_legal(&mut self, m: Move) {
        let stale = std::mem::replace(&mut self.checks_stale, true);
        let undo = on_position!(&mut self.pos, p => {
            if stale {
                p.refresh_checks();
            }
            p.play_undoable_deferring_checks(m)
        });
        self.stack.push(Played { m, undo });
    }

    /// How the game stands by the variant's default rules (koma-game's `Game`), judged
    /// as in a game (repetitions, perpetual checks); only the moves the referee has not yet
    /// seen are played to it.
    fn game_outcome(&mut self) -> Option<koma_game::Outcome> {
        // Slicing skips the judged moves at once (an iterator's `skip` would walk them).
        let judged = self.referee.judged().min(self.stack.len());
        self.referee
            .outcome(self.stack[judged..].iter().map(|p| p.m))
    }
}

/// Reads `text` as an SFEN of `kind` (or `startpos`); no text is the start position.
fn parse_sfen(kind: koma_rules::VariantKind, text: Option<&str>) -> PyResult<AnyPosition> {
    let Some(text) = text else {
        return Ok(kind.startpos());
    };
    let text = text.trim();
    let text = text.strip_prefix("sfen ").unwrap_or(text).trim();
    if text == "startpos" {
        return Ok(kind.startpos());
    }
    // A side without its king is a mate problem's position: accepted, as records accept it.
    sfen::parse_position_kingless(kind, text).map_err(|e| SfenError::new_err(e.to_string()))
}

/// The square named in USI (`7g`, or `3c` on a small board).
fn parse_square(text: &str) -> PyResult<Square> {
    let bytes = text.as_bytes();
    let bad = || KomaError::new_err(format!("'{text}' is not a square (e.g. 7g)"));
    if bytes.len() != 2 || !bytes[0].is_ascii_digit() || !bytes[1].is_ascii_lowercase() {
        return Err(bad());
    }
    Square::new(bytes[0] - b'0', bytes[1] - b'a' + 1).ok_or_else(bad)
}

/// The notation called `name`.
fn parse_notation(name: &str) -> PyResult<Notation> {
    Notation::from_name(name).ok_or_else(|| {
        KomaError::new_err(format!(
            "unknown notation '{name}' (known: {})",
            Notation::NAMES
        ))
    })
}

#[pymethods]
impl Board {
    /// A board at `sfen` (default: the variant's start position; a side may lack its king,
    /// as in mate problems).
    #[new]
    #[pyo3(signature = (sfen=None, variant="shogi"))]
    fn new(py: Python<'_>, sfen: Option<&str>, variant: &str) -> PyResult<Board> {
        let pos = parse_sfen(variant::parse(variant)?, sfen)?;
        Ok(Board::at(py, pos))
    }

    /// Sets the board from a USI `position` command (`startpos moves 7g7f ...`, the word
    /// `position` optional), in this board's variant.
    fn set_position(&mut self, py: Python<'_>, command: &str) -> PyResult<()> {
        let kind = self.pos.variant();
        let record =
            usi_line::parse(kind, command).map_err(|e| SfenError::new_err(e.to_string()))?;
        let start = record
            .start_position()
            .map_err(|e| SfenError::new_err(e.to_string()))?;
        // The reader has played every move: they are legal.
        let mut board = Board::at(py, start);
        for m in record.tree.main_moves() {
            board.push_legal(m);
        }
        *self = board;
        Ok(())
    }

    /// The variant's name (`shogi`, `tori`, ...).
    #[getter]
    fn variant(&self) -> &'static str {
        self.pos.variant().name()
    }

    /// The side to move: `koma.BLACK` (0, sente) or `koma.WHITE` (1, gote).
    #[getter]
    fn turn(&self) -> usize {
        on_position!(&self.pos, p => p.side_to_move().index())
    }

    /// The move number of the current position (the SFEN's last field).
    #[getter]
    fn move_number(&self) -> u32 {
        on_position!(&self.pos, p => p.ply())
    }

    /// Every legal move, in USI.
    #[getter]
    fn legal_moves<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.settle();
        let moves = self.pos.legal_moves();
        let strings = self.strings;
        self.listed.key = self.pos.key();
        self.listed.cursor = 0;
        self.listed.moves.clear();
        let listed = &mut self.listed.moves;
        PyList::new(
            py,
            moves.iter().map(|&m| {
                let s = strings.string(py, m);
                listed.push((s.as_ptr() as usize, m));
                s
            }),
        )
    }

    /// Every legal move as an integer: cshogi's 16-bit move (`cshogi.move16`, the
    /// `bestMove16` of an HCPE record, what dlshogi's labels take), standard shogi only.
    /// `push`, `is_legal` and `usi_of` take these integers too.
    #[getter]
    fn legal_moves16(&mut self) -> PyResult<Vec<u16>> {
        let pos = self.shogi()?;
        let moves = pos.legal_moves();
        let key = pos.key();
        self.listed16.key = key;
        self.listed16.cursor = 0;
        self.listed16.moves.clear();
        let listed = &mut self.listed16.moves;
        Ok(moves
            .iter()
            .map(|&m| {
                let bits = move16::cshogi(m);
                listed.push((usize::from(bits), m));
                bits
            })
            .collect())
    }

    /// cshogi's 16-bit integer for `usi` (any move text `push` takes, legal here).
    fn move16(&mut self, usi: &Bound<'_, PyAny>) -> PyResult<u16> {
        self.shogi()?;
        Ok(move16::cshogi(self.legal_move_of(usi)?))
    }

    /// The move `bits` (cshogi's 16-bit integer, legal here) in USI.
    fn usi_of<'py>(&mut self, py: Python<'py>, bits: u16) -> PyResult<Bound<'py, PyString>> {
        let m = self.legal_move16(bits)?;
        Ok(self.strings.string(py, m))
    }

    /// The last move played as cshogi's 16-bit integer, or `None`; standard shogi only.
    fn peek16(&mut self) -> PyResult<Option<u16>> {
        self.shogi()?;
        Ok(self.stack.last().map(|p| move16::cshogi(p.m)))
    }

    /// The moves played from the start, in USI.
    #[getter]
    fn move_stack<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.moves().map(|m| self.strings.string(py, m)))
    }

    /// The SFEN the moves start from.
    #[getter]
    fn start_sfen(&self) -> String {
        sfen::write_any(&self.start)
    }

    /// Plays `usi` (USI, or Japanese, Western or German move text naming one legal move);
    /// raises `IllegalMoveError` naming the rule it breaks. Returns the move in USI.
    fn push_usi<'py>(
        &mut self,
        py: Python<'py>,
        usi: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyString>> {
        let m = self.legal_move_of(usi)?;
        self.push_legal(m);
        Ok(self.strings.string(py, m))
    }

    /// Plays `usi` as `push_usi` does, returning nothing (python-shogi's `push`): the
    /// cheapest call for loops.
    fn push(&mut self, usi: &Bound<'_, PyAny>) -> PyResult<()> {
        let m = self.legal_move_of(usi)?;
        self.push_legal(m);
        Ok(())
    }

    /// Takes back the last move and returns it in USI; `IndexError` with no move to take.
    fn pop<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        let Played { m, undo, .. } = self
            .stack
            .pop()
            .ok_or_else(|| pyo3::exceptions::PyIndexError::new_err("pop from an empty board"))?;
        on_position!(&mut self.pos, p => p.unplay(m, undo));
        self.checks_stale = false;
        self.referee.truncate(self.stack.len());
        Ok(self.strings.string(py, m))
    }

    /// The last move played, in USI, or `None`.
    fn peek<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyString>> {
        self.stack.last().map(|p| self.strings.string(py, p.m))
    }

    /// Whether `usi` (any notation `push_usi` takes) is a legal move here.
    fn is_legal(&mut self, usi: &Bound<'_, PyAny>) -> bool {
        self.legal_move_of(usi).is_ok()
    }

    /// Whether the side to move is in check.
    fn is_check(&mut self) -> bool {
        self.settle();
        self.pos.in_check()
    }

    /// Whether the game has ended by the variant's default rules: mate, no legal move,
    /// the rules' own ends (Dōbutsu's try, a captured king), fourfold repetition or
    /// perpetual check. Kept move by move: a call after each move costs one move's judging.
    fn is_game_over(&mut self) -> bool {
        self.game_outcome().is_some()
    }

    /// How the game ended (`None` while it goes on); see `is_game_over`.
    fn outcome(&mut self) -> Option<Outcome> {
        self.game_outcome().map(|o| Outcome {
            winner: o.winner.map(Color::index),
            reason: o.reason.name().to_string(),
            text: o.to_string(),
        })
    }

    /// The position as SFEN.
    fn sfen(&self) -> String {
        sfen::write_any(&self.pos)
    }

    /// A copy of the board, its move stack included.
    fn copy(&self) -> Board {
        self.clone()
    }

    fn __copy__(&self) -> Board {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.clone()
    }

    /// The piece on `square` (USI name, `7g`) as an SFEN letter (`P`, `+r`), or `None`.
    fn piece_at(&self, square: &str) -> PyResult<Option<String>> {
        let sq = parse_square(square)?;
        let kind = self.pos.variant();
        Ok(self.pos.to_setup().board[sq.index()].map(|piece| {
            let text = letters(kind, piece.role());
            match piece.color() {
                Color::Black => text.to_string(),
                Color::White => text.to_ascii_lowercase(),
            }
        }))
    }

    /// The pieces `color` holds, as SFEN letters (upper case) and counts.
    fn pieces_in_hand(&self, color: i64) -> PyResult<Vec<(String, u8)>> {
        let color = match color {
            0 => Color::Black,
            1 => Color::White,
            _ => return Err(KomaError::new_err("color must be 0 (black) or 1 (white)")),
        };
        let kind = self.pos.variant();
        let hand = *on_position!(&self.pos, p => p.hand(color));
        Ok(kind
            .hand_roles()
            .iter()
            .filter(|&&r| hand.count(r) > 0)
            .map(|&r| (letters(kind, r).to_string(), hand.count(r)))
            .collect())
    }

    /// `usi` (a legal move here) in `notation`: `japanese` (☗７六歩), `western` (P-7f) or
    /// `german`.
    #[pyo3(signature = (usi, notation="japanese"))]
    fn move_text(&mut self, usi: &str, notation: &str) -> PyResult<String> {
        let notation = parse_notation(notation)?;
        let m = self.legal_move(usi)?;
        let prev_to = self.last_to();
        Ok(formats::move_text(&self.pos, m, prev_to, notation))
    }

    /// The moves played, each in `notation` (see `move_text`).
    #[pyo3(signature = (notation="japanese"))]
    fn move_stack_text(&self, notation: &str) -> PyResult<Vec<String>> {
        let notation = parse_notation(notation)?;
        let mut pos = self.start;
        let mut prev_to = None;
        Ok(self
            .moves()
            .map(|m| {
                let text = formats::move_text(&pos, m, prev_to, notation);
                on_position!(&mut pos, p => p.play_unchecked(m));
                prev_to = Some(m.to());
                text
            })
            .collect())
    }

    /// The number of leaf nodes of the legal move tree to `depth` (the GIL is released).
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let pos = self.position();
        py.detach(move || pos.perft(depth))
    }

    /// The first move of the shortest mate of at most `plies` plies (1, 3, 5 or 7) for the
    /// side to move, in USI, or `None`: a plain search over every check and evasion, with
    /// no table (microseconds for a mate in one or three); `koma.solve_mate` for longer.
    #[pyo3(signature = (plies=3))]
    fn mate_move<'py>(
        &mut self,
        py: Python<'py>,
        plies: u32,
    ) -> PyResult<Option<Bound<'py, PyString>>> {
        if plies > koma_tsume::short::MAX_PLIES {
            return Err(KomaError::new_err(format!(
                "mate_move searches at most {} plies (koma.solve_mate searches further)",
                koma_tsume::short::MAX_PLIES
            )));
        }
        self.settle();
        let line = on_position!(&self.pos, p => koma_tsume::short::mate_within(p, plies));
        Ok(line.and_then(|l| l.first().map(|&m| self.strings.string(py, m))))
    }

    /// The position as a HuffmanCodedPos (Apery's and cshogi's 32 bytes, an HCPE record's
    /// `hcp`): a (32,) uint8 array. Standard shogi only.
    fn to_hcp<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::training::to_hcp(py, &self.position())
    }

    /// Sets the board, with no moves, to the position of a HuffmanCodedPos (32 bytes:
    /// `bytes`, a uint8 array, or a record of `koma.HCP_DTYPE`).
    fn set_hcp(&mut self, py: Python<'_>, hcp: &Bound<'_, PyAny>) -> PyResult<()> {
        *self = Board::at(py, crate::training::from_hcp(hcp)?);
        Ok(())
    }

    /// The position as a PackedSfen (YaneuraOu's 32 bytes, a PackedSfenValue's `sfen`): a
    /// (32,) uint8 array. Standard shogi only.
    fn to_psfen<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::training::to_psfen(py, &self.position())
    }

    /// Sets the board, with no moves, to the position of a PackedSfen (32 bytes).
    fn set_psfen(&mut self, py: Python<'_>, psfen: &Bound<'_, PyAny>) -> PyResult<()> {
        *self = Board::at(py, crate::training::from_psfen(psfen)?);
        Ok(())
    }

    /// YaneuraOu's 16-bit integer for `usi` (a PackedSfenValue's `move`): not cshogi's
    /// `move16`, from which it differs on every drop and promotion. Standard shogi only.
    fn move16_yaneuraou(&mut self, usi: &Bound<'_, PyAny>) -> PyResult<u16> {
        self.shogi()?;
        Ok(move16::yaneuraou(self.legal_move_of(usi)?))
    }

    /// The move `bits` (YaneuraOu's 16-bit integer, legal here) in USI.
    fn usi_of_yaneuraou<'py>(
        &mut self,
        py: Python<'py>,
        bits: u16,
    ) -> PyResult<Bound<'py, PyString>> {
        let m = crate::training::legal_yaneuraou(&self.position(), bits)?;
        Ok(self.strings.string(py, m))
    }

    /// The position's Zobrist hash.
    fn zobrist_hash(&self) -> u64 {
        self.pos.key()
    }

    /// The feature planes of the position as a NumPy array (`FEATURES_NUM`, 9, 9); see
    /// `koma.features_from_sfens`. Standard shogi only.
    /// With `out` (a C-contiguous float32 or uint8 array of 104 x 81 values, such as one
    /// row of a batch) the planes are written there, over what it held, and it is returned.
    #[pyo3(signature = (rotate=false, dtype="float32", out=None))]
    fn features<'py>(
        &self,
        py: Python<'py>,
        rotate: bool,
        dtype: &str,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        features::board_planes(py, &self.pos, rotate, dtype, out)
    }

    /// The board with kanji pieces and both hands (KIF's diagram).
    fn __str__(&self) -> String {
        diagram::write(self.pos.variant(), &self.pos.to_setup())
    }

    fn __repr__(&self) -> String {
        format!(
            "koma.Board('{}', variant='{}')",
            sfen::write_any(&self.pos),
            self.pos.variant().name()
        )
    }

    fn __len__(&self) -> usize {
        self.stack.len()
    }
}

/// How a game ended.
#[pyclass(module = "koma", frozen, get_all)]
pub struct Outcome {
    /// The winner (`koma.BLACK` or `koma.WHITE`), `None` for a draw.
    winner: Option<usize>,
    /// Why, in koma-game's words: `checkmate`, `sennichite`, `perpetual-check`, `try`, ...
    reason: String,
    /// The whole verdict as koma writes it (`sente checkmate`).
    text: String,
}

#[pymethods]
impl Outcome {
    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("<koma.Outcome {}>", self.text)
    }
}

/// The number of leaf nodes of the legal move tree from `sfen` (default: the start
/// position) to `depth`, in any variant koma plays, Chu shogi (`chushogi`) included. The
/// GIL is released while it counts.
#[pyfunction]
#[pyo3(signature = (sfen=None, depth=1, variant="shogi"))]
pub fn perft(py: Python<'_>, sfen: Option<&str>, depth: u32, variant: &str) -> PyResult<u64> {
    if GameKind::from_name(variant) == Some(GameKind::Chu) {
        let pos = match sfen.map(str::trim) {
            None | Some("startpos") => ChuPosition::startpos(),
            Some(text) => {
                koma_notation::chu::parse(text).map_err(|e| SfenError::new_err(e.to_string()))?
            }
        };
        return Ok(py.detach(move || koma_rules::perft::perft(&pos, depth)));
    }
    let pos = parse_sfen(variant::parse(variant)?, sfen)?;
    Ok(py.detach(move || pos.perft(depth)))
}
