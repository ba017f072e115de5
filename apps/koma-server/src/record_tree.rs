//! The analysis board's trees: `POST /api/line` answers a line's moves in every notation with
//! the moves the last position allows (the board takes a move off any line with them), and
//! `POST /api/records/export` writes a tree of moves, variations and comments the page made
//! as a record, saying what the format could not keep (CSA has no variations, Chu's records
//! keep the main line alone). Both take Chu.

use crate::anygame::AnyMove;
use crate::error::ApiError;
use crate::line::{self, Root};
use crate::records::{MAX_TREE_NODES, WarningView, format_named};
use crate::view::HistoryEntry;
use koma_game::{Game, RuleSet, chu};
use koma_notation::formats::{self, Format};
use koma_notation::record::{Entry, GameEnd, Header, MoveTree, NodeId, Record, Start};
use koma_notation::warning::{Warning, WarningKind};
use koma_rules::chu::ChuPosition;
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
    let kind = line::game_kind(request.variant.as_deref())?;
    let start = Root::start_as_recorded(kind, request.start_sfen.as_deref())?;
    let nodes = checked(&request.tree, start)?;
    let header = || {
        let mut header = Header::default();
        header.entries = (request.header.iter())
            .map(|[k, v]| (k.clone(), v.clone()))
            .collect();
        header
    };
    let (text, losses) = match start {
        Root::Family(start) => {
            let variant = start.variant();
            let mut record = Record::new(variant);
            record.start = Start::of(variant, &start.to_setup());
            record.header = header();
            record.tree = tree(&request.tree, &nodes);
            formats::write_checked(&record, format).map_err(ApiError::UnwritableRecord)?
        }
        Root::Chu(start) => chu_line(&request.tree, &nodes, start, format, &header())?,
    };
    Ok(ExportAnswer {
        format: format.name(),
        text,
        warnings: losses.iter().map(WarningView::of).collect(),
    })
}

/// What a node sent holds, checked: the start, a move legal in its parent's position, or
/// an ending.
#[derive(Clone, Debug)]
enum Checked {
    /// The start position.
    Start,
    /// A move.
    Move(AnyMove),
    /// An ending.
    End(GameEnd),
}

/// Each node of `nodes` from `start`: its parent an earlier node that is not an ending,
/// its move legal in the parent's position, or its ending a known word.
fn checked(nodes: &[NodeIn], start: Root) -> Result<Vec<Checked>, ApiError> {
    match nodes.first() {
        Some(n) if n.parent.is_none() && n.mv.is_none() && n.end.is_none() => {}
        _ => return Err(TreeRefusal::NoStart.into()),
    }
    if nodes.len() > MAX_TREE_NODES {
        return Err(TreeRefusal::TooLarge(nodes.len()).into());
    }
    // Each node's content and the position after it (none for an ending).
    let mut made: Vec<(Checked, Option<Root>)> = vec![(Checked::Start, Some(start))];
    for (i, node) in nodes.iter().enumerate().skip(1) {
        let Some(pos) = (node.parent).filter(|&p| p < i).and_then(|p| made[p].1) else {
            return Err(TreeRefusal::BadParent(i).into());
        };
        made.push(match (&node.mv, &node.end) {
            (Some(mv), None) => {
                let text = mv.usi.trim();
                let m = pos
                    .parse_move(text)
                    .ok_or_else(|| TreeRefusal::Unreadable {
                        node: i,
                        usi: text.to_string(),
                    })?;
                let after = pos.play(m).map_err(|source| TreeRefusal::Illegal {
                    node: i,
                    usi: text.to_string(),
                    source,
                })?;
                (Checked::Move(m), Some(after))
            }
            (None, Some(word)) => {
                let end = GameEnd::from_japanese(word).ok_or_else(|| TreeRefusal::UnknownEnd {
                    node: i,
                    word: word.clone(),
                })?;
                (Checked::End(end), None)
            }
            _ => return Err(TreeRefusal::Empty(i).into()),
        });
    }
    Ok(made.into_iter().map(|(node, _)| node).collect())
}

/// The 9x9 tree of `nodes`, checked as `checked`.
fn tree(nodes: &[NodeIn], checked: &[Checked]) -> MoveTree {
    let mut tree = MoveTree::new();
    tree.node_mut(MoveTree::ROOT).comments = nodes[0].comments.clone();
    tree.node_mut(MoveTree::ROOT).bookmark = nodes[0].bookmark.clone();
    let mut ids: Vec<NodeId> = vec![MoveTree::ROOT];
    for (i, node) in nodes.iter().enumerate().skip(1) {
        let parent = ids[node.parent.unwrap_or(0)];
        let entry = match &checked[i] {
            Checked::Move(AnyMove::Family(m)) => Entry::Move(*m),
            Checked::End(end) => Entry::End(end.clone()),
            // A 9x9 tree's moves are all 9x9 ones, and only the first node is the start.
            _ => {
                ids.push(parent);
                continue;
            }
        };
        let id = tree.add(parent, entry);
        tree.node_mut(id).comments = node.comments.clone();
        tree.node_mut(id).bookmark = node.bookmark.clone();
        ids.push(id);
    }
    tree
}

/// A Chu tree written as `format`: its main line (each node's first child), ended by a
/// resignation if it says so; the variations, comments, bookmarks and other endings,
/// which Chu's records have no place for, are said to be left out.
fn chu_line(
    nodes: &[NodeIn],
    checked: &[Checked],
    start: ChuPosition,
    format: Format,
    header: &Header,
) -> Result<(String, Vec<Warning>), ApiError> {
    let mut game = Game::new(start, RuleSet::CHU);
    let mut on_line = vec![false; nodes.len()];
    on_line[0] = true;
    let mut current = 0;
    // Moves after the rules ended the game (a fourth repetition): no record keeps them.
    let mut after_end = 0;
    while let Some(next) = (current + 1..nodes.len()).find(|&i| nodes[i].parent == Some(current)) {
        on_line[next] = true;
        match &checked[next] {
            &Checked::Move(AnyMove::Chu(m)) if game.is_over() || game.play(m).is_err() => {
                after_end += 1;
            }
            Checked::End(GameEnd::Resign) if !game.is_over() => {
                let _ = game.resign(game.side_to_move());
            }
            _ => {}
        }
        current = next;
    }
    let text = chu::record::write(&game, format, None, header).map_err(ApiError::ChuRecord)?;
    let name = format.label();
    let variations = (1..nodes.len())
        .filter(|&i| !on_line[i] && nodes[i].parent.is_some_and(|p| on_line[p]))
        .count();
    let comments: usize = nodes.iter().map(|n| n.comments.len()).sum();
    let bookmarks = nodes.iter().filter(|n| n.bookmark.is_some()).count();
    let mut losses = Vec::new();
    let moves = game.moves().len();
    if format == Format::Sfen && moves > 0 {
        let kind = WarningKind::PositionOnly {
            format: name,
            moves,
        };
        losses.push(Warning { line: 0, kind });
    }
    for (count, kind) in [
        (
            variations,
            WarningKind::VariationsDropped {
                format: name,
                count: variations,
            },
        ),
        (
            comments,
            WarningKind::CommentsDropped {
                format: name,
                count: comments,
            },
        ),
        (
            bookmarks,
            WarningKind::BookmarksDropped {
                format: name,
                count: bookmarks,
            },
        ),
        (
            after_end,
            WarningKind::MovesDropped {
                format: name,
                count: after_end,
            },
        ),
    ] {
        if count > 0 {
            losses.push(Warning { line: 0, kind });
        }
    }
    Ok((text, losses))
}
