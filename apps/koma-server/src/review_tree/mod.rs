//! A tree of moves as the kansōsen rooms, the studies' chapters and the analysis board's
//! export keep it: a game or a record as its main line, the variations played on it, the
//! comments and the marks (arrows and circled squares) on each node. Every move is checked
//! in its parent's position; nodes keep their numbers for the tree's life (a deleted move is
//! only cut from its parent, so that a client's message naming a node means the node it
//! saw). A tree of any game: a 9x9 variant's or Chu's, whose lion double moves are moves
//! like any other here; [`written`] writes it as a record.

use crate::anygame::{AnyGame, AnyMove};
use crate::line::Root;
use crate::records::{MAX_TREE_NODES, NodeView};

mod written;
use koma_notation::record::{Entry, GameEnd, MoveTime, MoveTree, NodeId, Record, Start};
use koma_rules::{AnyPosition, GameKind, IllegalMove};
use serde::{Deserialize, Serialize};

/// The most marks one node may hold.
pub const MAX_SHAPES: usize = 40;

/// The most characters of a node's comment.
pub const MAX_COMMENT: usize = 2000;

/// A mark on the board of a node: an arrow from one square to another, or a circled square
/// (`from` equal to `to`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shape {
    /// The square it starts from (USI: `7g`).
    pub from: String,
    /// The square it points at; the same square for a circle.
    pub to: String,
}

/// Why a change to the tree was refused (400 `invalid_review`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TreeChange {
    /// No such node, or one deleted.
    #[error("node {0} is not in the tree")]
    NoNode(usize),
    /// A move after an ending.
    #[error("node {0} is an ending: no move follows it")]
    AfterEnd(usize),
    /// The start cannot be deleted or promoted.
    #[error("the start position cannot be deleted or made a variation")]
    Start,
    /// A move that is not USI of the variant.
    #[error("'{0}' is not a move")]
    Unreadable(String),
    /// A move the rules forbid there.
    #[error("{usi} is illegal there: {source}")]
    Illegal {
        /// The move.
        usi: String,
        /// What the rules say.
        source: IllegalMove,
    },
    /// A square that is not one of the board's.
    #[error("'{0}' is not a square of the board")]
    Square(String),
    /// The tree is full.
    #[error("the tree holds {MAX_TREE_NODES} nodes already")]
    Full,
    /// Too many marks on one node.
    #[error("a node holds at most {MAX_SHAPES} marks")]
    Shapes,
    /// A comment too long.
    #[error("a comment has at most {MAX_COMMENT} characters")]
    Comment,
}

/// A tree of moves, each node with the position after it.
#[derive(Clone, Debug)]
pub struct ReviewTree {
    start: Root,
    nodes: Vec<NodeView>,
    /// The position after each node (the one before it for an ending).
    positions: Vec<Root>,
}

/// A node as the room keeps it in the store: its place, its move or ending, its notes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredNode {
    /// The node it follows (none for the start, and for a node read no more).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parent: Option<usize>,
    /// Its continuations, the main one first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<usize>,
    /// Its move in USI.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub usi: Option<String>,
    /// Its ending, in Japanese.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<String>,
    /// Its comments.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
    /// Its bookmark.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bookmark: Option<String>,
    /// The time its move took.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spent_ms: Option<u64>,
    /// Its marks.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shapes: Vec<Shape>,
}

impl StoredNode {
    /// The node `view` as the room keeps it.
    fn of(view: &NodeView) -> StoredNode {
        StoredNode {
            parent: view.parent,
            children: view.children.clone(),
            usi: view.entry.as_ref().map(|e| e.usi.clone()),
            end: view.end.clone(),
            comments: view.comments.clone(),
            bookmark: view.bookmark.clone(),
            spent_ms: view.spent_ms,
            shapes: view.shapes.clone(),
        }
    }
}

impl ReviewTree {
    /// The tree of a 9x9 record's moves, variations and comments from `start`.
    pub fn of_record(start: AnyPosition, tree: &MoveTree) -> ReviewTree {
        let (nodes, _) = crate::records::tree_view(tree, &start);
        let stored: Vec<StoredNode> = nodes.iter().map(StoredNode::of).collect();
        ReviewTree::of_stored(Root::Family(start), &stored)
    }

    /// The tree of a finished game of any kind: its moves with their times as the main
    /// line, then its ending as a record words it (with the record's note on it).
    pub fn of_game(game: &AnyGame) -> ReviewTree {
        let moves = game.moves();
        ReviewTree::of_line(
            game.start_root(),
            &moves,
            &game.times(),
            game.record_ending(),
        )
    }

    /// The tree of the line `moves` from `start` (each with its time in `times`, where
    /// known), then `ending` with its note, if any.
    pub fn of_line(
        start: Root,
        moves: &[AnyMove],
        times: &[Option<u64>],
        ending: Option<(GameEnd, Option<String>)>,
    ) -> ReviewTree {
        let mut stored: Vec<StoredNode> = Vec::with_capacity(moves.len() + 2);
        stored.push(StoredNode::default());
        for (i, &m) in moves.iter().enumerate() {
            stored[i].children.push(i + 1);
            stored.push(StoredNode {
                parent: Some(i),
                usi: Some(start.usi(m)),
                spent_ms: times.get(i).copied().flatten(),
                ..StoredNode::default()
            });
        }
        if let Some((end, note)) = ending {
            let last = stored.len() - 1;
            stored[last].children.push(last + 1);
            stored.push(StoredNode {
                parent: Some(last),
                end: Some(end.japanese()),
                comments: note.into_iter().collect(),
                ..StoredNode::default()
            });
        }
        ReviewTree::of_stored(start, &stored)
    }

    /// The tree kept as `stored`, each move checked again; a node that is no longer one (a
    /// move the rules refuse, a parent out of order) is cut with what follows it.
    pub fn of_stored(start: Root, stored: &[StoredNode]) -> ReviewTree {
        ReviewTree::renumbered(start, stored).0
    }

    /// [`ReviewTree::of_stored`], with each stored node's number in the tree made (none for
    /// a node cut, or one deleted before it was kept): the nodes are numbered again from
    /// the start down, so that a node named by its stored number (the node a board shows)
    /// is found again.
    pub fn renumbered(start: Root, stored: &[StoredNode]) -> (ReviewTree, Vec<Option<usize>>) {
        let root = stored.first().cloned().unwrap_or_default();
        let mut tree = ReviewTree {
            start,
            nodes: vec![NodeView {
                parent: None,
                children: Vec::new(),
                ply: 0,
                entry: None,
                end: None,
                comments: root.comments,
                bookmark: root.bookmark,
                spent_ms: None,
                shapes: root.shapes,
            }],
            positions: vec![start],
        };
        // Stored number -> number here; nodes are rebuilt from the start down.
        let mut here: Vec<Option<usize>> = vec![None; stored.len().max(1)];
        here[0] = Some(0);
        let mut stack: Vec<usize> = root.children.iter().rev().copied().collect();
        while let Some(s) = stack.pop() {
            let Some(node) = stored.get(s) else { continue };
            let Some(parent) = node.parent.and_then(|p| here.get(p).copied().flatten()) else {
                continue;
            };
            if here[s].is_some() || tree.nodes.len() >= MAX_TREE_NODES {
                continue;
            }
            let id = match (&node.usi, &node.end) {
                (Some(text), None) => tree.play(parent, text).ok(),
                (None, Some(word)) => tree.end(parent, word),
                _ => None,
            };
            let Some(id) = id else { continue };
            here[s] = Some(id);
            let view = &mut tree.nodes[id];
            view.comments = node.comments.clone();
            view.bookmark = node.bookmark.clone();
            view.spent_ms = node.spent_ms;
            view.shapes = node.shapes.clone();
            stack.extend(node.children.iter().rev());
        }
        (tree, here)
    }

    /// The nodes as the room keeps them.
    pub fn stored(&self) -> Vec<StoredNode> {
        self.nodes.iter().map(StoredNode::of).collect()
    }

    /// A 9x9 tree as a record keeps it: its start, and each move, ending, comment, bookmark
    /// and time (a move's total the sum of its mover's times along its line, while every
    /// move on it has one); the marks, which no format keeps, are left. `start` is the
    /// tree's own start (Chu's records keep no tree: see [`written`]).
    fn family_record(&self, start: &AnyPosition) -> Record {
        let mut record = Record::new(start.variant());
        record.start = Start::of(start.variant(), &start.to_setup());
        let tree = &mut record.tree;
        let root = tree.node_mut(MoveTree::ROOT);
        root.comments = self.nodes[0].comments.clone();
        root.bookmark = self.nodes[0].bookmark.clone();
        // (node here, its node in the record, each side's total time so far)
        let mut stack: Vec<(usize, NodeId, [Option<u64>; 2])> =
            vec![(0, MoveTree::ROOT, [Some(0), Some(0)])];
        while let Some((id, made, totals)) = stack.pop() {
            // Every continuation is added when its parent is taken: the record keeps their
            // order (the main one first).
            for &child in &self.nodes[id].children {
                let node = &self.nodes[child];
                let entry = match (&node.entry, &node.end) {
                    (Some(e), _) => (self.start.parse_move(&e.usi))
                        .and_then(|m| m.family())
                        .map(Entry::Move),
                    (None, Some(word)) => GameEnd::from_written(word).map(Entry::End),
                    (None, None) => None,
                };
                let Some(entry) = entry else { continue };
                let mut totals = totals;
                let time = match (&entry, node.spent_ms) {
                    (Entry::Move(_), Some(spent_ms)) => {
                        let side = self.positions[id].side_to_move().index();
                        totals[side] = totals[side].map(|t| t + spent_ms);
                        Some(MoveTime {
                            spent_ms,
                            total_ms: totals[side],
                        })
                    }
                    (Entry::Move(_), None) => {
                        let side = self.positions[id].side_to_move().index();
                        totals[side] = None;
                        None
                    }
                    (Entry::End(_), spent) => spent.map(|spent_ms| MoveTime {
                        spent_ms,
                        total_ms: None,
                    }),
                };
                let record_id = tree.add(made, entry);
                let kept = tree.node_mut(record_id);
                kept.comments = node.comments.clone();
                kept.bookmark = node.bookmark.clone();
                kept.time = time;
                stack.push((child, record_id, totals));
            }
        }
        record
    }

    /// The nodes as the page reads them.
    pub fn nodes(&self) -> &[NodeView] {
        &self.nodes
    }

    /// The position after node `id` (before it, for an ending).
    pub fn position(&self, id: usize) -> Option<&Root> {
        self.positions.get(id)
    }

    /// The game: a 9x9 variant or Chu.
    pub fn game(&self) -> GameKind {
        self.start.game()
    }

    /// The start position.
    pub fn start(&self) -> &Root {
        &self.start
    }

    /// Whether node `id` is reached from the start (not deleted, nor below a deleted one).
    pub fn attached(&self, id: usize) -> bool {
        let mut n = id;
        loop {
            let Some(node) = self.nodes.get(n) else {
                return false;
            };
            match node.parent {
                None => return n == 0,
                Some(p) if self.nodes[p].children.contains(&n) => n = p,
                Some(_) => return false,
            }
        }
    }

    fn node(&self, id: usize) -> Result<&NodeView, TreeChange> {
        match self.nodes.get(id) {
            Some(n) if self.attached(id) => Ok(n),
            _ => Err(TreeChange::NoNode(id)),
        }
    }

    /// Plays `text` (USI) after node `parent`: the continuation that plays it already, or a
    /// new one (its parent's main line if it had none, a variation otherwise).
    pub fn play(&mut self, parent: usize, text: &str) -> Result<usize, TreeChange> {
        let node = self.node(parent)?;
        if node.end.is_some() {
            return Err(TreeChange::AfterEnd(parent));
        }
        let text = text.trim();
        let m = (self.start.parse_move(text))
            .ok_or_else(|| TreeChange::Unreadable(text.chars().take(16).collect()))?;
        let written = self.start.usi(m);
        if let Some(&known) = node.children.iter().find(|&&c| {
            self.nodes[c]
                .entry
                .as_ref()
                .is_some_and(|e| e.usi == written)
        }) {
            return Ok(known);
        }
        if self.nodes.len() >= MAX_TREE_NODES {
            return Err(TreeChange::Full);
        }
        let before = self.positions[parent];
        let previous: Option<AnyMove> =
            (node.entry.as_ref()).and_then(|e| before.parse_move(&e.usi));
        let ply = node.ply + 1;
        before.play(m).map_err(|source| TreeChange::Illegal {
            usi: written.clone(),
            source,
        })?;
        let (entry, after) = before
            .entry(m, previous)
            .ok_or(TreeChange::Unreadable(written))?;
        Ok(self.push(parent, ply, Some(entry), None, after))
    }

    /// Ends the line after `parent` with the ending `word` (投了..., or one a record may
    /// write: see [`GameEnd::from_written`]), if it is one.
    fn end(&mut self, parent: usize, word: &str) -> Option<usize> {
        let end = GameEnd::from_written(word)?;
        let node = self.nodes.get(parent)?;
        let (ply, pos) = (node.ply, self.positions[parent]);
        Some(self.push(parent, ply, None, Some(end.japanese()), pos))
    }

    fn push(
        &mut self,
        parent: usize,
        ply: usize,
        entry: Option<crate::view::HistoryEntry>,
        end: Option<String>,
        after: Root,
    ) -> usize {
        let id = self.nodes.len();
        self.nodes[parent].children.push(id);
        self.nodes
            .push(NodeView::bare(Some(parent), ply, entry, end));
        self.positions.push(after);
        id
    }

    /// Makes the variation node `id` is on the main one from where it branches: the first
    /// node before it (or itself) that is not its parent's first continuation goes first.
    pub fn promote(&mut self, id: usize) -> Result<(), TreeChange> {
        self.node(id)?;
        let mut n = id;
        while let Some(parent) = self.nodes[n].parent {
            if self.nodes[parent].children.first() != Some(&n) {
                let children = &mut self.nodes[parent].children;
                children.retain(|&c| c != n);
                children.insert(0, n);
                return Ok(());
            }
            n = parent;
        }
        Ok(())
    }

    /// Moves node `id` one place earlier (`up`) or later among the moves that may stand
    /// where it does (the first place is the main line's); at the end, it stays.
    pub fn shift(&mut self, id: usize, up: bool) -> Result<(), TreeChange> {
        let parent = self.node(id)?.parent.ok_or(TreeChange::Start)?;
        let siblings = &mut self.nodes[parent].children;
        let Some(i) = siblings.iter().position(|&c| c == id) else {
            return Err(TreeChange::NoNode(id));
        };
        let j = if up { i.checked_sub(1) } else { Some(i + 1) };
        if let Some(j) = j.filter(|&j| j < siblings.len()) {
            siblings.swap(i, j);
        }
        Ok(())
    }

    /// Deletes node `id` and what follows it; answers the node before it.
    pub fn remove(&mut self, id: usize) -> Result<usize, TreeChange> {
        let parent = self.node(id)?.parent.ok_or(TreeChange::Start)?;
        self.nodes[parent].children.retain(|&c| c != id);
        Ok(parent)
    }

    /// Sets the comment of node `id` (its lines; none when blank).
    pub fn comment(&mut self, id: usize, text: &str) -> Result<(), TreeChange> {
        self.node(id)?;
        if text.chars().count() > MAX_COMMENT {
            return Err(TreeChange::Comment);
        }
        self.nodes[id].comments = match text.trim() {
            "" => Vec::new(),
            _ => text.lines().map(|l| l.trim_end().to_string()).collect(),
        };
        Ok(())
    }

    /// Draws the mark from `from` to `to` on node `id`, or takes it away if it is there.
    pub fn toggle_shape(&mut self, id: usize, from: &str, to: &str) -> Result<(), TreeChange> {
        self.node(id)?;
        let square = |text: &str| {
            (self.start.square(text))
                .ok_or_else(|| TreeChange::Square(text.chars().take(8).collect()))
        };
        let shape = Shape {
            from: square(from)?,
            to: square(to)?,
        };
        let shapes = &mut self.nodes[id].shapes;
        if let Some(i) = shapes.iter().position(|s| *s == shape) {
            shapes.remove(i);
        } else if shapes.len() >= MAX_SHAPES {
            return Err(TreeChange::Shapes);
        } else {
            shapes.push(shape);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_rules::Color;

    fn game() -> ReviewTree {
        let start = koma_rules::VariantKind::Shogi.startpos();
        let mut tree = MoveTree::new();
        let mut node = MoveTree::ROOT;
        for text in ["7g7f", "3c3d"] {
            let m = koma_notation::usi::parse_move(start.variant(), text).unwrap();
            node = tree.add(node, Entry::Move(m));
        }
        ReviewTree::of_record(start, &tree)
    }

    #[test]
    fn a_move_off_the_line_is_a_variation_and_survives_the_store() {
        let mut tree = game();
        assert_eq!(tree.nodes().len(), 3);
        // The game's own move is the node already there.
        assert_eq!(tree.play(1, "3c3d").unwrap(), 2);
        let v = tree.play(1, "8c8d").unwrap();
        assert_eq!(tree.nodes()[1].children, vec![2, v]);
        let after = tree.play(v, "2g2f").unwrap();
        assert_eq!(tree.nodes()[after].ply, 3);
        tree.comment(v, "居飛車に").unwrap();
        tree.toggle_shape(v, "2g", "2f").unwrap();
        tree.toggle_shape(v, "5e", "5e").unwrap();
        tree.toggle_shape(v, "2g", "2f").unwrap();
        assert_eq!(
            tree.nodes()[v].shapes,
            vec![Shape {
                from: "5e".into(),
                to: "5e".into()
            }]
        );
        let again = ReviewTree::of_stored(*tree.start(), &tree.stored());
        assert_eq!(again.stored(), tree.stored());
        // Moved among the moves after 7g7f: down and back up.
        tree.shift(v, true).unwrap();
        assert_eq!(tree.nodes()[1].children, vec![v, 2]);
        tree.shift(v, true).unwrap();
        assert_eq!(
            tree.nodes()[1].children,
            vec![v, 2],
            "the first stays first"
        );
        tree.shift(v, false).unwrap();
        assert_eq!(tree.nodes()[1].children, vec![2, v]);
        // Promoted from its last move: the whole variation goes first.
        tree.promote(after).unwrap();
        assert_eq!(tree.nodes()[1].children, vec![v, 2]);
        assert_eq!(tree.remove(v).unwrap(), 1);
        assert!(!tree.attached(after));
        assert_eq!(tree.play(after, "3c3d"), Err(TreeChange::NoNode(after)));
    }

    #[test]
    fn what_the_rules_or_the_board_refuse_is_named() {
        let mut tree = game();
        assert!(matches!(
            tree.play(2, "7f7d"),
            Err(TreeChange::Illegal { .. })
        ));
        assert_eq!(tree.play(2, "zz"), Err(TreeChange::Unreadable("zz".into())));
        assert_eq!(tree.play(99, "7g7f"), Err(TreeChange::NoNode(99)));
        assert_eq!(
            tree.toggle_shape(0, "0a", "5e"),
            Err(TreeChange::Square("0a".into()))
        );
        assert_eq!(
            tree.toggle_shape(0, "5j", "5e"),
            Err(TreeChange::Square("5j".into()))
        );
        assert_eq!(tree.remove(0), Err(TreeChange::Start));
        assert_eq!(
            tree.comment(0, &"x".repeat(MAX_COMMENT + 1)),
            Err(TreeChange::Comment)
        );
        for i in 0..MAX_SHAPES {
            let to = format!("{}{}", i % 9 + 1, (b'a' + (i / 9) as u8) as char);
            tree.toggle_shape(0, "5e", &to).unwrap();
        }
        assert_eq!(tree.toggle_shape(0, "1i", "1i"), Err(TreeChange::Shapes));
    }

    #[test]
    fn a_chu_game_is_a_tree_with_its_lion_moves_and_its_twelve_files() {
        use koma_rules::chu::ChuPosition;
        let mut game = AnyGame::new_chu(ChuPosition::startpos(), koma_game::RuleSet::CHU, None);
        for text in ["7i7h", "6d6e", "7j7i6h"] {
            let m = game.parse_move(text).unwrap();
            game.play(m).unwrap();
        }
        game.resign(Color::White).unwrap();
        let mut tree = ReviewTree::of_game(&game);
        assert_eq!(tree.game(), GameKind::Chu);
        let views = tree.nodes();
        assert_eq!(views.len(), 5);
        let lion = views[3].entry.as_ref().unwrap();
        assert_eq!(
            (lion.usi.as_str(), lion.japanese.as_str()),
            ("7j7i6h", "７九・６八獅")
        );
        assert_eq!(views[4].end.as_deref(), Some("投了"));
        // Another double move of the lion, as a variation; a drop is no Chu move, and a
        // move from an empty square none of the rules'.
        let v = tree.play(2, "7j7i8h").unwrap();
        assert_eq!(tree.nodes()[2].children, vec![3, v]);
        assert_eq!(tree.position(v).unwrap().side_to_move(), Color::White);
        assert_eq!(
            tree.play(2, "P*5e"),
            Err(TreeChange::Unreadable("P*5e".into()))
        );
        assert!(matches!(
            tree.play(2, "7g7f+"),
            Err(TreeChange::Illegal { .. })
        ));
        assert!(matches!(
            tree.play(v, "6d6c"),
            Err(TreeChange::Illegal { .. })
        ));
        // Marks on every file and rank of the 12x12 board, and none off it.
        tree.toggle_shape(v, "12a", "1l").unwrap();
        assert_eq!(
            tree.toggle_shape(v, "13a", "1l"),
            Err(TreeChange::Square("13a".into()))
        );
        assert_eq!(
            tree.toggle_shape(v, "1m", "1l"),
            Err(TreeChange::Square("1m".into()))
        );
        // Kept and read back as it was; a Chu tree is written as Chu's records, not as CSA.
        let again = ReviewTree::of_stored(*tree.start(), &tree.stored());
        assert_eq!(again.stored(), tree.stored());
        let header = koma_notation::record::Header::default();
        assert!(
            tree.write(koma_notation::formats::Format::Csa, &header)
                .is_err()
        );
    }
}
