//! The game record (棋譜) model shared by every format: header, start position, a tree of
//! moves with times, comments and bookmarks, and how the game ended.

use koma_rules::{AnyPosition, Color, Handicap, IllegalMove, Move, Setup, VariantKind};

/// Whether a move that breaks `reason` is a foul (反則) a player can commit on the board: two
/// pawns on a file, a pawn-drop mate, leaving the king in check, a piece left or dropped
/// where it can never move. Hand-entered records keep such a move as the last of its line,
/// lost by its mover; a move no piece can make at all is an error of the file instead.
pub fn is_foul(reason: IllegalMove) -> bool {
    matches!(
        reason,
        IllegalMove::TwoPawns
            | IllegalMove::DropPawnMate
            | IllegalMove::KingInCheck
            | IllegalMove::MustPromote
            | IllegalMove::DeadDrop
    )
}

/// A game record: what every reader produces and every writer consumes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The variant played.
    pub variant: VariantKind,
    /// Header entries (players, event, dates, ...), in file order, unknown keys kept.
    pub header: Header,
    /// Where the game starts.
    pub start: Start,
    /// The moves: main line and variations.
    pub tree: MoveTree,
}

impl Record {
    /// An empty record of `variant` from the even-game start position.
    pub fn new(variant: VariantKind) -> Record {
        Record {
            variant,
            header: Header::default(),
            start: Start::Named(Handicap::Even),
            tree: MoveTree::new(),
        }
    }

    /// The named start position (even game or a handicap), unless the record starts from
    /// a position of its own (a board diagram, a CSA position, an SFEN).
    pub fn handicap(&self) -> Option<Handicap> {
        match self.start {
            Start::Named(h) => Some(h),
            Start::Custom(_) => None,
        }
    }

    /// The moves of the main line before the first one the rules forbid: all of them but a
    /// foul the record ends with (all of them when the start is no position).
    pub fn legal_main_moves(&self) -> Vec<Move> {
        let mut moves = self.tree.main_moves();
        if let Ok(mut pos) = self.start_position() {
            let legal = moves.iter().take_while(|&&m| pos.play(m).is_ok()).count();
            moves.truncate(legal);
        }
        moves
    }

    /// The start position, validated leniently as record files need: a side may lack its
    /// king (tsume problems), and nifu or dead pieces in the start itself are accepted.
    pub fn start_position(&self) -> Result<AnyPosition, koma_rules::SetupError> {
        recorded_position(self.variant, &self.start.setup(self.variant))
    }
}

/// `setup` as a position of `variant`, validated leniently as record files need (see
/// [`Record::start_position`]); the strict validation's error when neither takes it.
pub fn recorded_position(
    variant: VariantKind,
    setup: &Setup,
) -> Result<AnyPosition, koma_rules::SetupError> {
    variant
        .position(setup)
        .or_else(|e| variant.position_lenient(setup).map_err(|_| e))
}

/// The header: key/value pairs in order. Keys are the formats' own (KIF's Japanese keys are
/// the common vocabulary: 先手, 後手, 棋戦, 開始日時, 持ち時間, ...).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    /// The entries in order.
    pub entries: Vec<(String, String)>,
}

impl Header {
    /// The first value stored under `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.entries
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Sets `key` (replacing the first entry with that key, else appending).
    pub fn set(&mut self, key: &str, value: &str) {
        match self.entries.iter_mut().find(|(k, _)| k == key) {
            Some(entry) => entry.1 = value.to_string(),
            None => self.entries.push((key.to_string(), value.to_string())),
        }
    }

    /// Appends an entry, keeping any earlier one with the same key.
    pub fn push(&mut self, key: &str, value: &str) {
        self.entries.push((key.to_string(), value.to_string()));
    }

    /// The player of `color`: 先手 / 後手, or in a handicap game 下手 (sente) / 上手 (gote).
    pub fn player(&self, color: Color) -> Option<&str> {
        match color {
            Color::Black => self.get("先手").or_else(|| self.get("下手")),
            Color::White => self.get("後手").or_else(|| self.get("上手")),
        }
    }

    /// The event or tournament (棋戦, CSA `$EVENT`).
    pub fn event(&self) -> Option<&str> {
        self.get("棋戦")
    }

    /// Where the game was played (場所, CSA `$SITE`).
    pub fn site(&self) -> Option<&str> {
        self.get("場所")
    }

    /// When the game started, as the record writes it (開始日時, CSA `$START_TIME`).
    pub fn start_time(&self) -> Option<&str> {
        self.get("開始日時")
    }

    /// When the game ended, as the record writes it (終了日時, CSA `$END_TIME`).
    pub fn end_time(&self) -> Option<&str> {
        self.get("終了日時")
    }

    /// The time control, as the record writes it (持ち時間, CSA `$TIME_LIMIT`).
    pub fn time_control(&self) -> Option<&str> {
        self.get("持ち時間")
    }
}

/// The start position: a named one (even game or handicap) or any setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// A named start position.
    Named(Handicap),
    /// Any other position (a board diagram, a CSA P1..P9 block, an SFEN).
    Custom(Setup),
}

impl Start {
    /// The named start `setup` is in `variant` (the even game or a handicap), else a
    /// custom start.
    pub fn of(variant: VariantKind, setup: &Setup) -> Start {
        let named = Handicap::of(variant);
        named
            .iter()
            .find(|h| Start::Named(**h).setup(variant) == *setup)
            .map_or(Start::Custom(*setup), |&h| Start::Named(h))
    }

    /// The setup this start stands for.
    pub fn setup(&self, variant: VariantKind) -> Setup {
        match self {
            // The variant's own table, not a validated position: reading a record asks
            // for it to compare (`Start::of`), and validating took a tenth of a CSA read.
            Start::Named(Handicap::Even) => {
                koma_rules::dispatch!(variant, V => <V as koma_rules::Variant>::start())
            }
            Start::Named(h) => h.setup(),
            Start::Custom(setup) => *setup,
        }
    }
}

/// Index of a node in a [`MoveTree`].
pub type NodeId = usize;

/// How a game ended, or what a special line of a record says (投了, 千日手, ...). Relative to
/// the side to move at that point, as the formats define them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameEnd {
    /// The side to move resigned (投了, %TORYO).
    Resign,
    /// The side *not* to move resigned, on its opponent's turn: the side to move wins. No
    /// format has a word for it: KIF and KI2 write no 投了 line (it would name the side to
    /// move) but the `まで…手で<winner>の勝ち` summary and [`GameEnd::note`]; CSA writes the
    /// resigner's `%±ILLEGAL_ACTION` (the standard's one way to say the side to move won)
    /// and the note as a comment. Readers give this ending back from those.
    OpponentResigned,
    /// The game was interrupted (中断, %CHUDAN).
    Interrupt,
    /// Fourfold repetition (千日手, %SENNICHITE).
    Repetition,
    /// Perpetual check: the side to move wins, the opponent checked throughout.
    PerpetualCheck,
    /// Impasse, draw by the points rule (持将棋, %JISHOGI).
    Impasse,
    /// The side to move is mated (詰み, %TSUMI).
    Mate,
    /// No mate (不詰, %FUZUMI) in a mate problem.
    NoMate,
    /// The side to move lost on time (切れ負け, %TIME_UP).
    TimeUp,
    /// The previous move was illegal: the side to move wins (反則勝ち).
    IllegalWin,
    /// The side to move lost by a foul (反則負け, CSA %ILLEGAL_MOVE).
    IllegalLoss,
    /// The side to move declared an entering-king win (入玉勝ち, %KACHI).
    EnteringKingWin,
    /// Win by default (不戦勝).
    DefaultWin,
    /// Loss by default (不戦敗).
    DefaultLoss,
    /// Try rule win (トライ).
    Try,
    /// Sealed move (封じ手): the game is adjourned.
    SealedMove,
    /// Draw by the move limit (%MAX_MOVES).
    MaxMoves,
    /// The players agreed to a draw (引き分け, %HIKIWAKE).
    Draw,
    /// A word the reader did not know, kept verbatim.
    Other(String),
}

/// The most characters of an ending koma does not know by name (`先手の勝ち（後手の王将を取った）`).
pub const MAX_OTHER_END: usize = 64;

/// The Japanese words for endings, as KIF writes them on a move line (the first word of an
/// ending is the one written; later ones are other writers' words, read as well).
const JAPANESE_ENDINGS: [(&str, GameEnd); 17] = [
    ("投了", GameEnd::Resign),
    ("中断", GameEnd::Interrupt),
    ("千日手", GameEnd::Repetition),
    ("持将棋", GameEnd::Impasse),
    ("詰み", GameEnd::Mate),
    ("不詰", GameEnd::NoMate),
    ("切れ負け", GameEnd::TimeUp),
    ("反則勝ち", GameEnd::IllegalWin),
    ("反則負け", GameEnd::IllegalLoss),
    ("入玉勝ち", GameEnd::EnteringKingWin),
    ("不戦勝", GameEnd::DefaultWin),
    ("不戦敗", GameEnd::DefaultLoss),
    ("トライ", GameEnd::Try),
    ("封じ手", GameEnd::SealedMove),
    ("時間切れ", GameEnd::TimeUp),
    ("引き分け", GameEnd::Draw),
    // koma's own word, for JKF's `special` (KIF and KI2 write the summary and note).
    ("手番外の投了", GameEnd::OpponentResigned),
];

impl GameEnd {
    /// The ending a Japanese word (投了, 千日手, ...) stands for, if koma knows it.
    pub fn from_japanese(word: &str) -> Option<GameEnd> {
        JAPANESE_ENDINGS
            .iter()
            .find(|(w, _)| *w == word)
            .map(|(_, e)| e.clone())
    }

    /// The ending a record's word stands for: a known word's (see
    /// [`GameEnd::from_japanese`]), else the word itself ([`GameEnd::Other`]) when it can
    /// stand on a record's line: one line of at most [`MAX_OTHER_END`] characters, not blank.
    pub fn from_written(word: &str) -> Option<GameEnd> {
        if let Some(known) = GameEnd::from_japanese(word) {
            return Some(known);
        }
        let fits = word.chars().count() <= MAX_OTHER_END && !word.chars().any(char::is_control);
        (fits && !word.trim().is_empty()).then(|| GameEnd::Other(word.to_string()))
    }

    /// The Japanese word for this ending (unknown words as they were read; perpetual check
    /// and the move limit, which KIF has no words for, as 千日手 and 持将棋).
    pub fn japanese(&self) -> String {
        match self {
            GameEnd::Other(word) => word.clone(),
            GameEnd::PerpetualCheck => "千日手".to_string(),
            GameEnd::MaxMoves => "持将棋".to_string(),
            known => JAPANESE_ENDINGS
                .iter()
                .find(|(_, e)| e == known)
                .map_or("中断", |(w, _)| w)
                .to_string(),
        }
    }

    /// The Japanese note that says who ended the game where the format's own words cannot,
    /// `to_move` being the side to move and the sides named as `names` says: `後手の投了`
    /// (`上手の投了` in a handicap game) for [`GameEnd::OpponentResigned`]. Writers put it
    /// as the ending's first comment; readers take it back.
    pub fn note(&self, to_move: Color, names: SideNames) -> Option<String> {
        match self {
            GameEnd::OpponentResigned => Some(format!("{}の投了", names.name(!to_move))),
            _ => None,
        }
    }

    /// The ending whose [`GameEnd::note`] `comment` is (with either naming of the sides),
    /// when `written` (what the format's own words said, with `to_move` to move) is how
    /// that ending is written.
    pub fn from_note(written: &GameEnd, comment: &str, to_move: Color) -> Option<GameEnd> {
        let candidate = match written {
            GameEnd::IllegalWin | GameEnd::OpponentResigned => GameEnd::OpponentResigned,
            _ => return None,
        };
        SideNames::ALL
            .iter()
            .any(|&names| candidate.note(to_move, names).as_deref() == Some(comment))
            .then_some(candidate)
    }

    /// The known Japanese words, longest first (for matching the start of a line).
    pub fn japanese_words() -> impl Iterator<Item = &'static str> {
        let mut words: Vec<&'static str> = JAPANESE_ENDINGS.iter().map(|(w, _)| *w).collect();
        words.sort_by_key(|w| std::cmp::Reverse(w.len()));
        words.into_iter()
    }
}

/// How the Japanese formats name the sides: 先手 and 後手, or in a handicap game 下手
/// (sente, who receives the handicap) and 上手 (gote, who gives it), as Kifu for Windows
/// writes them (`まで142手で下手の勝ち`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SideNames {
    /// 先手 and 後手.
    #[default]
    Even,
    /// 下手 and 上手.
    Handicap,
}

impl SideNames {
    /// Both namings.
    pub const ALL: [SideNames; 2] = [SideNames::Even, SideNames::Handicap];

    /// The naming of `record`: a handicap's when it starts from a named handicap or its
    /// header names its players 下手 and 上手 (a handicap set up on a board diagram).
    pub fn of(record: &Record) -> SideNames {
        let named = record.handicap().is_some_and(|h| h != Handicap::Even);
        let header = ["下手", "上手"]
            .iter()
            .any(|key| record.header.get(key).is_some());
        if named || header {
            SideNames::Handicap
        } else {
            SideNames::Even
        }
    }

    /// The name of `color`'s side.
    pub fn name(self, color: Color) -> &'static str {
        match (self, color) {
            (SideNames::Even, Color::Black) => "先手",
            (SideNames::Even, Color::White) => "後手",
            (SideNames::Handicap, Color::Black) => "下手",
            (SideNames::Handicap, Color::White) => "上手",
        }
    }
}

/// What a node holds: a move or an ending.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A move.
    Move(Move),
    /// An ending (a record's last node on its line).
    End(GameEnd),
}

/// The time a move took and the mover's total so far, in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MoveTime {
    /// Time spent on this move.
    pub spent_ms: u64,
    /// The mover's total time used after this move, when the record gives it.
    pub total_ms: Option<u64>,
}

/// One node of the tree: the root (no entry), a move, or an ending.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Node {
    /// The move or ending; `None` only at the root.
    pub entry: Option<Entry>,
    /// The parent node; `None` at the root.
    pub parent: Option<NodeId>,
    /// The first continuation (the main one); the others follow through `next_sibling`.
    first_child: Option<NodeId>,
    /// The next alternative to this node (a variation), in the parent's order.
    next_sibling: Option<NodeId>,
    /// Time information.
    pub time: Option<MoveTime>,
    /// Comments after this move (at the root: comments on the start position).
    pub comments: Vec<String>,
    /// A bookmark name (KIF `&`).
    pub bookmark: Option<String>,
}

/// The moves of a record as a tree: each node's first child continues its line, the others
/// are variations (変化) that replace that move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveTree {
    nodes: Vec<Node>,
}

impl Default for MoveTree {
    fn default() -> Self {
        MoveTree::new()
    }
}

impl MoveTree {
    /// The root node.
    pub const ROOT: NodeId = 0;

    /// A tree with only the root.
    pub fn new() -> MoveTree {
        MoveTree {
            nodes: vec![Node::default()],
        }
    }

    /// The node `id`.
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id]
    }

    /// The node `id`, mutably.
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id]
    }

    /// The number of nodes, root included.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree has only its root.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    /// Adds `entry` as the last child of `parent` and returns the new node.
    pub fn add(&mut self, parent: NodeId, entry: Entry) -> NodeId {
        let id = self.nodes.len();
        self.nodes.push(Node {
            entry: Some(entry),
            parent: Some(parent),
            ..Node::default()
        });
        match self.nodes[parent].first_child {
            None => self.nodes[parent].first_child = Some(id),
            Some(mut last) => {
                while let Some(next) = self.nodes[last].next_sibling {
                    last = next;
                }
                self.nodes[last].next_sibling = Some(id);
            }
        }
        id
    }

    /// The first continuation of `id`: the next move of its line.
    pub fn first_child(&self, id: NodeId) -> Option<NodeId> {
        self.nodes[id].first_child
    }

    /// The continuations of `id`, the main one first, then the variations.
    pub fn children(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        let mut next = self.nodes[id].first_child;
        std::iter::from_fn(move || {
            let cur = next?;
            next = self.nodes[cur].next_sibling;
            Some(cur)
        })
    }

    /// The variations that replace `id`, if `id` is its parent's first continuation (a
    /// variation's own siblings are listed from the first one); empty otherwise.
    pub fn alternatives(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        let first = self.nodes[id]
            .parent
            .and_then(|p| self.nodes[p].first_child)
            == Some(id);
        let mut next = if first {
            self.nodes[id].next_sibling
        } else {
            None
        };
        std::iter::from_fn(move || {
            let cur = next?;
            next = self.nodes[cur].next_sibling;
            Some(cur)
        })
    }

    /// The main line: the nodes reached by following first children from the root.
    pub fn main_line(&self) -> Vec<NodeId> {
        self.line_from(MoveTree::ROOT)
    }

    /// The nodes reached by following first children below `id` (excluding `id`).
    pub fn line_from(&self, id: NodeId) -> Vec<NodeId> {
        let mut line = Vec::new();
        let mut cur = id;
        while let Some(next) = self.nodes[cur].first_child {
            line.push(next);
            cur = next;
        }
        line
    }

    /// What `同` refers to when `id` is written: the destination of the last move before it
    /// on its path (endings in between skipped, as the writers' lines skip them).
    pub fn destination_before(&self, id: NodeId) -> Option<koma_rules::Square> {
        self.last_destination(self.nodes[id].parent?)
    }

    /// The destination of the last move at or above `id` (endings skipped): what `同`
    /// refers to in the move after `id`.
    pub fn last_destination(&self, id: NodeId) -> Option<koma_rules::Square> {
        let mut cur = id;
        loop {
            match &self.nodes[cur].entry {
                Some(Entry::Move(m)) => return Some(m.to()),
                Some(Entry::End(_)) => cur = self.nodes[cur].parent?,
                None => return None,
            }
        }
    }

    /// The destination of node `id`'s move, if it is a move.
    pub fn destination(&self, id: NodeId) -> Option<koma_rules::Square> {
        match &self.nodes[id].entry {
            Some(Entry::Move(m)) => Some(m.to()),
            _ => None,
        }
    }

    /// The path from the root to `id` (excluding the root).
    pub fn path_to(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = Vec::new();
        let mut cur = id;
        while let Some(parent) = self.nodes[cur].parent {
            path.push(cur);
            cur = parent;
        }
        path.reverse();
        path
    }

    /// The ply of node `id` (the root is 0, the first move 1).
    pub fn ply(&self, id: NodeId) -> usize {
        self.path_to(id).len()
    }

    /// The moves of the main line, up to its first ending.
    pub fn main_moves(&self) -> Vec<Move> {
        self.main_line()
            .into_iter()
            .map_while(|id| match &self.nodes[id].entry {
                Some(Entry::Move(m)) => Some(*m),
                _ => None,
            })
            .collect()
    }

    /// Takes an ending's note back (see [`GameEnd::note`]): when node `id` is an ending,
    /// written as the format allows with `to_move` to move, whose first comment is the note
    /// of another ending, the node becomes that ending and the comment goes.
    pub fn settle_note(&mut self, id: NodeId, to_move: Color) {
        let node = &mut self.nodes[id];
        let (Some(Entry::End(written)), Some(first)) = (&node.entry, node.comments.first()) else {
            return;
        };
        if let Some(end) = GameEnd::from_note(written, first, to_move) {
            node.entry = Some(Entry::End(end));
            node.comments.remove(0);
        }
    }

    /// How the main line ends, if it does.
    pub fn main_end(&self) -> Option<&GameEnd> {
        self.main_line()
            .into_iter()
            .find_map(|id| match &self.nodes[id].entry {
                Some(Entry::End(end)) => Some(end),
                _ => None,
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_even_start_is_each_variants_start_position() {
        for variant in VariantKind::ALL {
            let named = Start::Named(Handicap::Even).setup(variant);
            assert_eq!(named, variant.startpos().to_setup(), "{}", variant.name());
            assert_eq!(Start::of(variant, &named), Start::Named(Handicap::Even));
        }
    }

    #[test]
    fn an_ending_is_its_known_word_or_a_short_line_kept_as_written() {
        assert_eq!(GameEnd::from_written("投了"), Some(GameEnd::Resign));
        let captured = "先手の勝ち（後手の王将を取った）";
        assert_eq!(
            GameEnd::from_written(captured),
            Some(GameEnd::Other(captured.to_string()))
        );
        assert_eq!(
            GameEnd::from_written(captured).unwrap().japanese(),
            captured
        );
        for refused in ["", "  ", "投了\n1 ７六歩", &"字".repeat(MAX_OTHER_END + 1)] {
            assert_eq!(GameEnd::from_written(refused), None, "{refused:?}");
        }
    }
}
