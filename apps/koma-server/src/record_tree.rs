//! The analysis board's trees: `POST /api/line` answers a line's moves in every notation with
//! the moves the last position allows (the board takes a move off any line with them), and
//! `POST /api/records/export` writes a tree of moves, variations and comments the page made
//! as a record, saying what the format could not keep (CSA has no variations).

use crate::error::ApiError;
use crate::line::{self, Root};
use crate::records::{MAX_TREE_NODES, WarningView, format_named};
use crate::view::HistoryEntry;
use koma_notation::formats;
use koma_notation::record::{Entry, GameEnd, MoveTree, NodeId, Record, Start};
use koma_notation::usi;
use koma_rules::AnyPosition;
use serde::{Deserialize, Serialize};

/// A line to show on the board (`POST /api/line`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LineRequest {
    /// The variant (`shogi` by default).
    pub variant: Option<String>,
    /// The start position (default: the variant's).
    pub start_sfen: Option<String>,
    /// The moves in USI.
    #[serde(default)]
    pub moves: Vec<String>,
}

/// A line as the board shows it.
#[derive(Clone, Debug, Serialize)]
pub struct LineState {
    /// Each move in every notation, with the position after it.
    pub history: Vec<HistoryEntry>,
    /// The position after the last move.
    pub sfen: String,
    /// Its side to move.
    pub side: &'static str,
    /// Whether that side is in check.
    pub in_check: bool,
    /// The moves that side may play, in USI.
    pub legal: Vec<String>,
}

/// The line of `request`, each move checked, and what may follow it: for any game, Chu's
/// double moves included.
pub fn line_state(request: &LineRequest) -> Result<LineState, ApiError> {
    let kind = line::game_kind(request.variant.as_deref())?;
    let start = Root::start_as_recorded(kind, request.start_sfen.as_deref())?;
    let moves = start.read_moves(&request.moves)?;
    let end = start.positions(&moves).pop().unwrap_or(start);
    Ok(LineState {
        history: start.history(&moves),
        sfen: end.sfen(),
        side: end.side_to_move().name(),
        in_check: end.in_check(),
        legal: end.legal_usi(),
    })
}

/// A tree to write as a record (`POST /api/records/export`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExportRequest {
    /// The variant (`shogi` by default).
    pub variant: Option<String>,
    /// The start position (default: the variant's).
    pub start_sfen: Option<String>,
    /// The header's entries in order (`["先手", "Alice"]`...).
    #[serde(default)]
    pub header: Vec<[String; 2]>,
    /// The nodes as `/api/records/read` answers them: the start first, every other node
    /// after its parent, siblings in their order (the line's next move first).
    pub tree: Vec<NodeIn>,
    /// The format to write.
    pub format: String,
}

/// A node of a tree sent (the fields of a read's node that a record keeps; the others, such
/// as `children` and `ply`, are ignored).
#[derive(Clone, Debug, Deserialize)]
pub struct NodeIn {
    /// The node it follows, by index (`null` for the start).
    pub parent: Option<usize>,
    /// Its move (only `usi` is read).
    #[serde(rename = "move")]
    pub mv: Option<MoveIn>,
    /// An ending, by its Japanese word (投了, 千日手...).
    pub end: Option<String>,
    /// Comments on the move (on the start position for the start).
    #[serde(default)]
    pub comments: Vec<String>,
    /// A bookmark.
    pub bookmark: Option<String>,
}

/// A node's move.
#[derive(Clone, Debug, Deserialize)]
pub struct MoveIn {
    /// The move in USI.
    pub usi: String,
}

/// A tree written, with what the format could not keep.
#[derive(Clone, Debug, Serialize)]
pub struct ExportAnswer {
    /// The format written.
    pub format: &'static str,
    /// The record.
    pub text: String,
    /// What the format could not keep (`variations_dropped`...).
    pub warnings: Vec<WarningView>,
}

/// Why a tree sent cannot be a record (400 `invalid_tree`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TreeRefusal {
    /// No node, or the first is not the start.
    #[error("the tree must start with the start position's node (parent null)")]
    NoStart,
    /// More nodes than a record's tree may have.
    #[error("the tree has {0} nodes, more than {MAX_TREE_NODES}")]
    TooLarge(usize),
    /// A node whose parent is not an earlier node, or is an ending.
    #[error("node {0}: its parent must be an earlier node that is not an ending")]
    BadParent(usize),
    /// A node with neither a move nor an ending, or both.
    #[error("node {0}: a node holds a move or an ending")]
    Empty(usize),
    /// A move that is not USI of the variant.
    #[error("node {node}: '{usi}' is not a move")]
    Unreadable {
        /// The node.
        node: usize,
        /// What it holds.
        usi: String,
    },
    /// A move the rules forbid in its parent's position.
    #[error("node {node}: {usi} is illegal there: {source}")]
    Illegal {
        /// The node.
        node: usize,
        /// The move.
        usi: String,
        /// What the rules say.
        source: koma_rules::IllegalMove,
    },
    /// An ending's word not known.
    #[error("node {node}: '{word}' is not an ending")]
    UnknownEnd {
        /// The node.
        node: usize,
        /// The word.
        word: String,
    },
}

/// The record the tree of `request` makes, written in its format.
pub fn export(request: &ExportRequest) -> Result<ExportAnswer, ApiError> {
    let format = format_named(&request.format)?;
    let variant = line::variant(request.variant.as_deref())?;
    let start = line::start_as_recorded(variant, request.start_sfen.as_deref())?;
    let mut record = Record::new(variant);
    record.start = Start::of(variant, &start.to_setup());
    record.header.entries = request
        .header
        .iter()
        .map(|[k, v]| (k.clone(), v.clone()))
        .collect();
    record.tree = tree(&request.tree, &start)?;
    let (text, losses) =
        formats::write_checked(&record, format).map_err(ApiError::UnwritableRecord)?;
    Ok(ExportAnswer {
        format: format.name(),
        text,
        warnings: losses.iter().map(WarningView::of).collect(),
    })
}

/// The tree of `nodes` from `start`, each move checked from its parent's position.
fn tree(nodes: &[NodeIn], start: &AnyPosition) -> Result<MoveTree, ApiError> {
    let root = match nodes.first() {
        Some(n) if n.parent.is_none() && n.mv.is_none() && n.end.is_none() => n,
        _ => return Err(TreeRefusal::NoStart.into()),
    };
    if nodes.len() > MAX_TREE_NODES {
        return Err(TreeRefusal::TooLarge(nodes.len()).into());
    }
    let mut tree = MoveTree::new();
    tree.node_mut(MoveTree::ROOT).comments = root.comments.clone();
    tree.node_mut(MoveTree::ROOT).bookmark = root.bookmark.clone();
    // Each node sent: its node in the tree and the position after it (none for an ending).
    let mut made: Vec<(NodeId, Option<AnyPosition>)> = vec![(MoveTree::ROOT, Some(*start))];
    for (i, node) in nodes.iter().enumerate().skip(1) {
        let (parent, Some(pos)) = node
            .parent
            .filter(|&p| p < i)
            .and_then(|p| made.get(p).copied())
            .ok_or(TreeRefusal::BadParent(i))?
        else {
            return Err(TreeRefusal::BadParent(i).into());
        };
        let (entry, after) = match (&node.mv, &node.end) {
            (Some(mv), None) => {
                let text = mv.usi.trim();
                let m =
                    usi::parse_move(pos.variant(), text).map_err(|_| TreeRefusal::Unreadable {
                        node: i,
                        usi: text.to_string(),
                    })?;
                let mut after = pos;
                after.play(m).map_err(|source| TreeRefusal::Illegal {
                    node: i,
                    usi: text.to_string(),
                    source,
                })?;
                (Entry::Move(m), Some(after))
            }
            (None, Some(word)) => {
                let end = GameEnd::from_japanese(word).ok_or_else(|| TreeRefusal::UnknownEnd {
                    node: i,
                    word: word.clone(),
                })?;
                (Entry::End(end), None)
            }
            _ => return Err(TreeRefusal::Empty(i).into()),
        };
        let id = tree.add(parent, entry);
        tree.node_mut(id).comments = node.comments.clone();
        tree.node_mut(id).bookmark = node.bookmark.clone();
        made.push((id, after));
    }
    Ok(tree)
}
