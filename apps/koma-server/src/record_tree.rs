//! The analysis board's trees: `POST /api/line` answers a line's moves in every notation with
//! the moves the last position allows (the board takes a move off any line with them), and
//! `POST /api/records/export` writes a tree of moves, variations and comments the page made
//! as a record, saying what the format could not keep (CSA has no variations, Chu's records
//! keep the main line alone). Both take Chu.

use crate::error::ApiError;
use crate::line::{self, Root};
use crate::records::{MAX_TREE_NODES, WarningView, format_named};
use crate::review_tree::{ReviewTree, StoredNode};
use crate::view::HistoryEntry;
use koma_notation::record::{GameEnd, Header, MAX_OTHER_END};
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
    /// An ending's word that no record may write (blank, more than one line, too long).
    #[error("node {node}: '{word}' is not an ending a record may write")]
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
    let kind = line::game_kind(request.variant.as_deref())?;
    let start = Root::start_as_recorded(kind, request.start_sfen.as_deref())?;
    check(&request.tree, start)?;
    let mut header = Header::default();
    header.entries = (request.header.iter())
        .map(|[k, v]| (k.clone(), v.clone()))
        .collect();
    let (text, losses) =
        ReviewTree::of_stored(start, &stored(&request.tree)).write(format, &header)?;
    Ok(ExportAnswer {
        format: format.name(),
        text,
        warnings: losses.iter().map(WarningView::of).collect(),
    })
}

/// Checks each node of `nodes` from `start`: its parent an earlier node that is not an
/// ending, its move legal in the parent's position, or its ending a word a record may
/// write; the first error is named with its node.
fn check(nodes: &[NodeIn], start: Root) -> Result<(), ApiError> {
    match nodes.first() {
        Some(n) if n.parent.is_none() && n.mv.is_none() && n.end.is_none() => {}
        _ => return Err(TreeRefusal::NoStart.into()),
    }
    if nodes.len() > MAX_TREE_NODES {
        return Err(TreeRefusal::TooLarge(nodes.len()).into());
    }
    // The position after each node (none for an ending).
    let mut after: Vec<Option<Root>> = vec![Some(start)];
    for (i, node) in nodes.iter().enumerate().skip(1) {
        let Some(pos) = (node.parent).filter(|&p| p < i).and_then(|p| after[p]) else {
            return Err(TreeRefusal::BadParent(i).into());
        };
        after.push(match (&node.mv, &node.end) {
            (Some(mv), None) => {
                let text = mv.usi.trim();
                let m = pos
                    .parse_move(text)
                    .ok_or_else(|| TreeRefusal::Unreadable {
                        node: i,
                        usi: text.to_string(),
                    })?;
                let next = pos.play(m).map_err(|source| TreeRefusal::Illegal {
                    node: i,
                    usi: text.to_string(),
                    source,
                })?;
                Some(next)
            }
            (None, Some(word)) => {
                GameEnd::from_written(word).ok_or_else(|| TreeRefusal::UnknownEnd {
                    node: i,
                    word: word.chars().take(MAX_OTHER_END).collect(),
                })?;
                None
            }
            _ => return Err(TreeRefusal::Empty(i).into()),
        });
    }
    Ok(())
}

/// The nodes sent as a tree keeps them: each after its parent, in the order sent.
fn stored(nodes: &[NodeIn]) -> Vec<StoredNode> {
    let mut stored: Vec<StoredNode> = (nodes.iter())
        .map(|n| StoredNode {
            parent: n.parent,
            usi: n.mv.as_ref().map(|m| m.usi.trim().to_string()),
            end: n.end.clone(),
            comments: n.comments.clone(),
            bookmark: n.bookmark.clone(),
            ..StoredNode::default()
        })
        .collect();
    for i in 1..stored.len() {
        if let Some(parent) = stored[i].parent {
            stored[parent].children.push(i);
        }
    }
    stored
}
