//! A line of moves from a start position, as requests give it (a variant, a start SFEN, USI
//! moves): read and checked move by move, and shown in every notation (`history` entries).
//! The game state, records and reviews all go through here.

use crate::anygame::AnyMove;
use crate::error::ApiError;
use crate::view::HistoryEntry;
use koma_engine::PastPosition;
use koma_notation::formats::{Notation, move_text};
use koma_notation::{chu as chu_text, sfen, usi};
use koma_rules::chu::{ChuMove, ChuPosition};
use koma_rules::{AnyPosition, Color, GameKind, Move, Square, Square12, VariantKind};

/// The most plies a record, an export or a review may hold.
pub const MAX_PLIES: usize = 1000;

/// The variant called `name` (`shogi` when none is given).
pub fn variant(name: Option<&str>) -> Result<VariantKind, ApiError> {
    let name = name.unwrap_or("shogi");
    VariantKind::from_name(name)
        .ok_or_else(|| ApiError::unknown("variant", name, &VariantKind::known_names()))
}

/// The game called `name`, a 9x9 variant or Chu (`shogi` when none is given).
pub fn game_kind(name: Option<&str>) -> Result<GameKind, ApiError> {
    let name = name.unwrap_or("shogi");
    GameKind::from_name(name)
        .ok_or_else(|| ApiError::unknown("variant", name, &GameKind::known_names()))
}

/// The position of `text` (an SFEN, `sfen ` in front allowed), or the variant's start.
pub fn start(variant: VariantKind, text: Option<&str>) -> Result<AnyPosition, ApiError> {
    let Some(text) = text else {
        return Ok(variant.startpos());
    };
    let text = text.trim();
    let text = text.strip_prefix("sfen ").unwrap_or(text);
    sfen::parse_position(variant, text).map_err(ApiError::StartSfen)
}

/// The position of `text` (an SFEN, `sfen ` in front allowed), or the variant's start, as
/// records accept one: a side may lack its king (a mate problem), and two pawns on a file or
/// a piece that can never move in the position itself are let be, as the record readers do.
pub fn start_as_recorded(
    variant: VariantKind,
    text: Option<&str>,
) -> Result<AnyPosition, ApiError> {
    let Some(text) = text else {
        return Ok(variant.startpos());
    };
    let text = text.trim();
    let setup = sfen::parse_setup(variant, text.strip_prefix("sfen ").unwrap_or(text))
        .map_err(ApiError::StartSfen)?;
    koma_notation::record::recorded_position(variant, &setup).map_err(ApiError::StartSetup)
}

/// The Chu position of `text` (an SFEN, `sfen ` in front allowed).
pub fn chu_start(text: &str) -> Result<ChuPosition, ApiError> {
    let text = text.trim();
    chu_text::parse(text.strip_prefix("sfen ").unwrap_or(text)).map_err(ApiError::StartSfen)
}

/// A position of either frame, a 9x9 variant's or Chu's: where the engine moves, and the
/// positions a review goes through.
#[derive(Clone, Copy, Debug)]
pub enum Root {
    /// A 9x9 variant's position.
    Family(AnyPosition),
    /// A Chu position.
    Chu(ChuPosition),
}

impl Root {
    /// The start of a line of `kind`: the SFEN `text`, or the game's start.
    pub fn start(kind: GameKind, text: Option<&str>) -> Result<Root, ApiError> {
        match kind.family() {
            Some(variant) => start(variant, text).map(Root::Family),
            None => match text {
                Some(text) => chu_start(text).map(Root::Chu),
                None => Ok(Root::Chu(ChuPosition::startpos())),
            },
        }
    }

    /// The start of a line of `kind` as records accept one (see [`start_as_recorded`]):
    /// the SFEN `text`, or the game's start.
    pub fn start_as_recorded(kind: GameKind, text: Option<&str>) -> Result<Root, ApiError> {
        match kind.family() {
            Some(variant) => start_as_recorded(variant, text).map(Root::Family),
            None => Root::start(kind, text),
        }
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        match self {
            Root::Family(p) => side_to_move(p),
            Root::Chu(p) => p.side_to_move(),
        }
    }

    /// Whether the side to move is in check (in Chu: a royal of it attacked).
    pub fn in_check(&self) -> bool {
        match self {
            Root::Family(p) => p.in_check(),
            Root::Chu(p) => p.in_check(p.side_to_move()),
        }
    }

    /// The position as SFEN.
    pub fn sfen(&self) -> String {
        match self {
            Root::Family(p) => sfen::write_any(p),
            Root::Chu(p) => chu_text::write(p),
        }
    }

    /// The moves the side to move may play, in USI.
    pub fn legal_usi(&self) -> Vec<String> {
        match self {
            Root::Family(p) => (p.legal_moves().iter())
                .map(|&m| usi::write_move(p.variant(), m))
                .collect(),
            Root::Chu(p) => p.legal_moves().iter().map(ToString::to_string).collect(),
        }
    }

    /// The `history` entries of `moves` from here (stopping at one that is not legal).
    pub fn history(&self, moves: &[AnyMove]) -> Vec<HistoryEntry> {
        let mut history = History::new(*self);
        history.append_any(moves);
        history.entries
    }

    /// The `history` entry of `m` played here (`previous`: the move before it, for 同),
    /// with the position after it; `None` when `m` is not legal here.
    pub fn entry(&self, m: AnyMove, previous: Option<AnyMove>) -> Option<(HistoryEntry, Root)> {
        match (self, m) {
            (Root::Family(p), AnyMove::Family(m)) => {
                let prev_to = previous.and_then(|m| m.family()).map(Move::to);
                entry(p, m, prev_to).map(|(entry, after)| (entry, Root::Family(after)))
            }
            (Root::Chu(p), AnyMove::Chu(m)) => {
                let mut after = *p;
                let prev_to = previous.and_then(|m| m.chu()).map(ChuMove::to);
                chu_entry(&mut after, m, prev_to).map(|entry| (entry, Root::Chu(after)))
            }
            _ => None,
        }
    }

    /// The square of this board that `text` names in USI (`5e`; `12a` in Chu), written as
    /// USI writes it; `None` when it names none.
    pub fn square(&self, text: &str) -> Option<String> {
        match self {
            Root::Family(p) => (usi::parse_square(p.variant(), text).ok()).map(|sq| sq.to_string()),
            Root::Chu(_) => Square12::parse(text).map(|sq| sq.to_string()),
        }
    }

    /// Reads the USI move `text` of this game (syntax only); `None` when it is none.
    pub fn parse_move(&self, text: &str) -> Option<AnyMove> {
        match self {
            Root::Family(p) => usi::parse_move(p.variant(), text).ok().map(AnyMove::Family),
            Root::Chu(_) => chu_text::parse_usi(text).ok().map(AnyMove::Chu),
        }
    }

    /// The position after `m`, or the rule it breaks here (a move of the other frame is
    /// none of this position's).
    pub fn play(&self, m: AnyMove) -> Result<Root, koma_rules::IllegalMove> {
        use koma_rules::Rules;
        match (self, m) {
            (Root::Family(p), AnyMove::Family(m)) => {
                let mut next = *p;
                next.play(m).map(|()| Root::Family(next))
            }
            (Root::Chu(p), AnyMove::Chu(m)) => {
                koma_rules::chu::Chu::is_legal(p, m)?;
                let mut next = *p;
                next.play_unchecked(m);
                Ok(Root::Chu(next))
            }
            _ => Err(koma_rules::IllegalMove::NoPiece),
        }
    }

    /// The position after `m`; `None` when `m` is of the other frame or not legal here.
    pub fn after(&self, m: AnyMove) -> Option<Root> {
        self.play(m).ok()
    }

    /// Reads the USI moves `texts` from here, each checked for legality (at most
    /// [`MAX_PLIES`]); an error names the move and its number.
    pub fn read_moves(&self, texts: &[String]) -> Result<Vec<AnyMove>, ApiError> {
        let pos = match self {
            Root::Family(p) => {
                return Ok(read_moves(p, texts)?
                    .into_iter()
                    .map(AnyMove::Family)
                    .collect());
            }
            Root::Chu(p) => p,
        };
        check_length(texts.len())?;
        let mut pos = *pos;
        let mut moves = Vec::with_capacity(texts.len());
        for (i, text) in texts.iter().enumerate() {
            let illegal = |source| ApiError::IllegalChuMove { ply: i + 1, source };
            let m = chu_text::parse_legal(&pos, text.trim()).map_err(illegal)?;
            pos.play_unchecked(m);
            moves.push(AnyMove::Chu(m));
        }
        Ok(moves)
    }

    /// The positions of the line of `moves` from here: this one, then the one after each
    /// move (stopping at one that is not legal).
    pub fn positions(&self, moves: &[AnyMove]) -> Vec<Root> {
        let mut all = vec![*self];
        for &m in moves {
            match all.last().and_then(|p| p.after(m)) {
                Some(next) => all.push(next),
                None => break,
            }
        }
        all
    }

    /// The game this is a position of.
    pub fn game(&self) -> GameKind {
        match self {
            Root::Family(p) => p.variant().into(),
            Root::Chu(_) => GameKind::Chu,
        }
    }

    /// `m` in USI.
    pub fn usi(&self, m: AnyMove) -> String {
        m.usi(self.game())
    }

    /// `moves` from here in Japanese, the first after `previous` (for 同); stops at a move
    /// that is not legal.
    pub fn japanese(&self, moves: &[AnyMove], previous: Option<AnyMove>) -> Vec<String> {
        match self {
            Root::Family(p) => {
                let family: Vec<Move> = moves.iter().map_while(AnyMove::family).collect();
                let prev_to = previous.and_then(|m| m.family()).map(Move::to);
                japanese(p, &family, prev_to)
            }
            Root::Chu(p) => {
                let mut pos = *p;
                let mut prev_to = previous.and_then(|m| m.chu()).map(ChuMove::to);
                let mut texts = Vec::with_capacity(moves.len());
                for m in moves.iter().map_while(AnyMove::chu) {
                    let text = chu_text::text::japanese(&pos, m, prev_to);
                    if pos.play(m).is_err() {
                        break;
                    }
                    texts.push(text);
                    prev_to = Some(m.to());
                }
                texts
            }
        }
    }
}

/// The search's history of the line through `positions`, reached by `moves`: each position
/// with whether the move that led to it pressed its side to move.
pub fn past(positions: &[Root], moves: &[AnyMove]) -> Vec<PastPosition> {
    positions
        .iter()
        .enumerate()
        .map(|(i, pos)| match (pos, i.checked_sub(1).map(|k| moves[k])) {
            (Root::Family(p), _) => PastPosition::of_any(p),
            (Root::Chu(p), Some(AnyMove::Chu(m))) => PastPosition::after(p, m),
            (Root::Chu(p), _) => PastPosition::of(p),
        })
        .collect()
}

/// The side to move in `pos`.
pub fn side_to_move(pos: &AnyPosition) -> Color {
    koma_rules::on_position!(pos, p => p.side_to_move())
}

/// Reads the USI moves `texts` from `start`, each checked for legality (at most
/// [`MAX_PLIES`]); an error names the move and its number.
pub fn read_moves(start: &AnyPosition, texts: &[String]) -> Result<Vec<Move>, ApiError> {
    check_length(texts.len())?;
    let mut pos = *start;
    let mut moves = Vec::with_capacity(texts.len());
    for (i, text) in texts.iter().enumerate() {
        let m = usi::parse_move(pos.variant(), text.trim()).map_err(|source| {
            ApiError::UnreadableMove {
                ply: Some(i + 1),
                source,
            }
        })?;
        pos.play(m).map_err(|source| ApiError::IllegalInLine {
            ply: i + 1,
            usi: text.trim().to_string(),
            source,
        })?;
        moves.push(m);
    }
    Ok(moves)
}

/// Plays `moves` from `start`, each checked (at most [`MAX_PLIES`]); an illegal one is
/// named with its number and USI text.
pub fn check_moves(start: &AnyPosition, moves: &[Move]) -> Result<(), ApiError> {
    check_length(moves.len())?;
    let mut pos = *start;
    for (i, &m) in moves.iter().enumerate() {
        pos.play(m).map_err(|source| ApiError::IllegalInLine {
            ply: i + 1,
            usi: usi::write_move(pos.variant(), m),
            source,
        })?;
    }
    Ok(())
}

/// 413 for a line longer than [`MAX_PLIES`].
pub fn check_length(plies: usize) -> Result<(), ApiError> {
    if plies > MAX_PLIES {
        return Err(ApiError::TooManyMoves {
            plies,
            limit: MAX_PLIES,
        });
    }
    Ok(())
}

/// One entry per move of `moves` from `start`: USI, the three notations, the SFEN after it.
/// Stops at a move that is not legal (the callers have checked them).
pub fn history(start: &AnyPosition, moves: &[Move]) -> Vec<HistoryEntry> {
    let mut history = History::new(Root::Family(*start));
    history.append(moves);
    history.entries
}

/// The `history` entries of a growing line, each move's texts made once: a game's state is
/// built after every move, and remaking every entry each time cost O(plies) per move. A
/// line of either frame: the 9x9 variants' or Chu's.
#[derive(Clone, Debug)]
pub struct History {
    entries: Vec<HistoryEntry>,
    /// The position after the last entry, with that entry's move (for 同).
    after: Root,
    previous: Option<AnyMove>,
    /// Set once a move was not legal: nothing is added after it.
    stuck: bool,
}

impl History {
    /// No entries yet, from `start`.
    pub fn new(start: Root) -> History {
        History {
            entries: Vec::new(),
            after: start,
            previous: None,
            stuck: false,
        }
    }

    /// How many entries are made.
    pub fn made(&self) -> usize {
        self.entries.len()
    }

    /// Adds the entries of `moves`, the 9x9 moves that follow those already made.
    pub fn append(&mut self, moves: &[Move]) {
        for &m in moves {
            self.push(AnyMove::Family(m));
        }
    }

    /// Adds the entries of `moves`, the moves of the game that follow those already made.
    pub fn append_any(&mut self, moves: &[AnyMove]) {
        for &m in moves {
            self.push(m);
        }
    }

    fn push(&mut self, m: AnyMove) {
        if self.stuck {
            return;
        }
        match self.after.entry(m, self.previous) {
            Some((entry, after)) => {
                self.entries.push(entry);
                self.after = after;
                self.previous = Some(m);
            }
            None => self.stuck = true,
        }
    }

    /// The entries made so far.
    pub fn entries(&self) -> &[HistoryEntry] {
        &self.entries
    }
}

/// The `history` entry of the Chu move `m` played in `pos` (`prev_to` for 同), which it
/// plays; `None` when `m` is not legal there. Chu has no German notation of its own: the
/// German entry is the Western text.
fn chu_entry(pos: &mut ChuPosition, m: ChuMove, prev_to: Option<Square12>) -> Option<HistoryEntry> {
    let western = chu_text::text::western(pos, m);
    let japanese = chu_text::text::japanese(pos, m, prev_to);
    pos.play(m).ok()?;
    Some(HistoryEntry {
        usi: m.to_string(),
        japanese,
        german: western.clone(),
        western,
        sfen: chu_text::write(pos),
        check: pos.in_check(pos.side_to_move()),
    })
}

/// The `history` entry of `m` played in `before` (`prev_to`: the previous move's
/// destination, for 同), with the position after it; `None` when `m` is not legal there.
pub fn entry(
    before: &AnyPosition,
    m: Move,
    prev_to: Option<Square>,
) -> Option<(HistoryEntry, AnyPosition)> {
    let mut after = *before;
    after.play(m).ok()?;
    let entry = HistoryEntry {
        usi: usi::write_move(after.variant(), m),
        japanese: move_text(before, m, prev_to, Notation::Japanese),
        western: move_text(before, m, prev_to, Notation::Western),
        german: move_text(before, m, prev_to, Notation::German),
        sfen: sfen::write_any(&after),
        check: after.in_check(),
    };
    Some((entry, after))
}

/// `moves` from `pos` in Japanese (the first after a move to `prev_to`, for 同); stops at a
/// move that is not legal.
pub fn japanese(pos: &AnyPosition, moves: &[Move], mut prev_to: Option<Square>) -> Vec<String> {
    let mut pos = *pos;
    let mut texts = Vec::with_capacity(moves.len());
    for &m in moves {
        let before = pos;
        if pos.play(m).is_err() {
            break;
        }
        texts.push(move_text(&before, m, prev_to, Notation::Japanese));
        prev_to = Some(m.to());
    }
    texts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(texts: &[&str]) -> Vec<String> {
        texts.iter().map(|t| t.to_string()).collect()
    }

    #[test]
    fn history_in_every_notation_with_dou() {
        let start = VariantKind::Shogi.startpos();
        let moves = read_moves(&start, &line(&["7g7f", "3c3d", "8h2b+", "3a2b"])).unwrap();
        let h = history(&start, &moves);
        assert_eq!(h.len(), 4);
        assert_eq!(h[0].japanese, "☗７六歩");
        assert_eq!(h[0].western, "P-7f");
        assert_eq!(h[3].usi, "3a2b");
        assert!(h[3].japanese.contains('同'), "{}", h[3].japanese);
        assert!(
            h[1].sfen
                .starts_with("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/")
        );
        assert!(h.iter().all(|e| !e.check));
        let any: Vec<AnyMove> = moves.iter().copied().map(AnyMove::Family).collect();
        assert_eq!(Root::Family(start).positions(&any).len(), 5);
        assert_eq!(japanese(&start, &moves[..2], None), ["☗７六歩", "☖３四歩"]);
    }

    #[test]
    fn a_checking_move_is_marked() {
        let start =
            sfen::parse_position(VariantKind::Shogi, "4k4/9/9/9/9/9/9/9/4K4 b R 1").unwrap();
        let moves = read_moves(&start, &line(&["R*5e", "5a4a"])).unwrap();
        let h = history(&start, &moves);
        assert!(h[0].check, "R*5e checks the king on 5a");
        assert!(!h[1].check);
    }

    #[test]
    fn bad_moves_are_named() {
        let pos = VariantKind::Shogi.startpos();
        let e = read_moves(&pos, &line(&["7g7f", "7f7e"])).unwrap_err();
        assert!(
            matches!(&e, ApiError::IllegalInLine { ply: 2, usi, .. } if usi == "7f7e"),
            "{e:?}"
        );
        assert!(
            e.to_string().starts_with("move 2 '7f7e' is illegal: "),
            "{e}"
        );
        let e = read_moves(&pos, &line(&["7g7"])).unwrap_err();
        assert!(
            matches!(e, ApiError::UnreadableMove { ply: Some(1), .. }),
            "{e:?}"
        );
        assert!(e.to_string().starts_with("move 1 '7g7': "), "{e}");
        let long = vec!["7g7f".to_string(); MAX_PLIES + 1];
        let e = read_moves(&pos, &long).unwrap_err();
        assert!(
            matches!(
                e,
                ApiError::TooManyMoves {
                    plies: 1001,
                    limit: 1000
                }
            ),
            "{e:?}"
        );
        assert_eq!(e.code(), "too_large");
        assert!(matches!(
            start(VariantKind::Shogi, Some("9/9 b - 1")),
            Err(ApiError::StartSfen(_))
        ));
        let e = variant(Some("chess")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown variant 'chess' (shogi, tori, minishogi, kyotoshogi, dobutsu)"
        );
        assert_eq!(e.code(), "unknown_name");
    }
}
