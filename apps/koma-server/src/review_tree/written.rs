//! A tree written as a record, for any game: a 9x9 tree whole, in a format of the notation
//! crate (which says what the format loses: CSA's variations...), a Chu tree's main line as
//! Chu's records keep it (a KIF as lishogi writes Chu, a `position` line, an SFEN), saying
//! what was left out. The analysis board's export and a study's chapter both write here.

use super::ReviewTree;
use crate::error::ApiError;
use crate::line::Root;
use koma_game::{Game, RuleSet, chu};
use koma_notation::formats::{self, Format};
use koma_notation::record::{GameEnd, Header};
use koma_notation::warning::{Warning, WarningKind};
use koma_rules::chu::ChuPosition;

impl ReviewTree {
    /// The tree written as `format` after `header`'s entries, with what the format could
    /// not keep.
    pub fn write(
        &self,
        format: Format,
        header: &Header,
    ) -> Result<(String, Vec<Warning>), ApiError> {
        match *self.start() {
            Root::Family(start) => {
                let mut record = self.family_record(&start);
                record.header = header.clone();
                formats::write_checked(&record, format).map_err(ApiError::UnwritableRecord)
            }
            Root::Chu(start) => self.write_chu(start, format, header),
        }
    }

    /// A Chu tree's main line (each node's first continuation), ended by a resignation if
    /// it says so, written as `format`; its variations, comments, bookmarks, and moves
    /// after the rules ended the game, which Chu's records have no place for, are said to
    /// be left out.
    fn write_chu(
        &self,
        start: ChuPosition,
        format: Format,
        header: &Header,
    ) -> Result<(String, Vec<Warning>), ApiError> {
        let nodes = self.nodes();
        let mut game = Game::new(start, RuleSet::CHU);
        let mut on_line = vec![false; nodes.len()];
        on_line[0] = true;
        let mut after_end = 0;
        let mut at = 0;
        while let Some(&next) = nodes[at].children.first() {
            on_line[next] = true;
            let node = &nodes[next];
            let played = (node.entry.as_ref())
                .and_then(|e| self.start().parse_move(&e.usi))
                .and_then(|m| m.chu());
            match (played, node.end.as_deref()) {
                (Some(m), _) if game.is_over() || game.play(m).is_err() => after_end += 1,
                (None, Some(word))
                    if GameEnd::from_written(word) == Some(GameEnd::Resign) && !game.is_over() =>
                {
                    let _ = game.resign(game.side_to_move());
                }
                _ => {}
            }
            at = next;
        }
        let text = chu::record::write(&game, format, None, header).map_err(ApiError::ChuRecord)?;
        // What the tree holds beyond the main line: only nodes still reached from the start.
        let (mut variations, mut comments, mut bookmarks) = (0, 0, 0);
        let mut stack = vec![0];
        while let Some(id) = stack.pop() {
            let node = &nodes[id];
            variations += usize::from(!on_line[id] && node.parent.is_some_and(|p| on_line[p]));
            comments += node.comments.len();
            bookmarks += usize::from(node.bookmark.is_some());
            stack.extend(&node.children);
        }
        let name = format.label();
        let moves = game.moves().len();
        let mut losses = Vec::new();
        if format == Format::Sfen && moves > 0 {
            losses.push(WarningKind::PositionOnly {
                format: name,
                moves,
            });
        }
        let counted = [
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
        ];
        losses.extend(
            counted
                .into_iter()
                .filter(|(n, _)| *n > 0)
                .map(|(_, kind)| kind),
        );
        let losses = (losses.into_iter())
            .map(|kind| Warning { line: 0, kind })
            .collect();
        Ok((text, losses))
    }
}
