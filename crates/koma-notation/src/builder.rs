//! A record made from its parts (moves, players, times, comments, ending) rather than read
//! from a file: what a program that played a game hands to the writers (Python's
//! `koma.Record.build`).
//!
//! ```
//! use koma_notation::builder::{build, Parts};
//! use koma_notation::formats::{self, Format};
//! use koma_rules::VariantKind;
//!
//! let parts = Parts {
//!     moves: vec!["7g7f".into(), "3c3d".into()],
//!     names: [Some("sente".into()), Some("gote".into())],
//!     times: vec![Some(1000), Some(2000)],
//!     ending: Some("TORYO".into()),
//!     ..Parts::default()
//! };
//! let record = build(VariantKind::Shogi, &parts).unwrap();
//! let kif = formats::write(&record, Format::Kif).unwrap();
//! assert!(kif.contains("先手：sente"));
//! assert!(kif.contains("投了"));
//! ```

use crate::jkf;
use crate::movetext::parse_any;
use crate::record::{Entry, GameEnd, MoveTime, MoveTree, Record, Start, recorded_position};
use crate::sfen;
use koma_rules::{Color, IllegalMove, VariantKind, on_position};

/// What a record is built from.
#[derive(Debug, Default)]
pub struct Parts {
    /// The moves, in any notation `Board.push` reads (USI first).
    pub moves: Vec<String>,
    /// The start position as SFEN; `None` for the variant's start.
    pub start: Option<String>,
    /// The players: sente's and gote's names.
    pub names: [Option<String>; 2],
    /// The time each move took, in milliseconds (`None` where unknown).
    pub times: Vec<Option<u64>>,
    /// The ending: a JKF or CSA word (`TORYO`, `%TORYO`) or a Japanese one (投了).
    pub ending: Option<String>,
    /// Header entries, in order, after the event, start time and players.
    pub header: Vec<(String, String)>,
    /// The event (棋戦).
    pub event: Option<String>,
    /// When the game started (開始日時), as the record writes it.
    pub start_time: Option<String>,
    /// Comments: `comments[0]` on the start position, `comments[i]` after move `i`.
    pub comments: Vec<Vec<String>>,
}

/// Why a record cannot be built.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// The start is not a position of the variant.
    #[error("start: {0}")]
    Start(String),
    /// A move that is no move, or an illegal one, at its ply.
    #[error("move {ply} ({text}): {reason}")]
    Move {
        /// The move's ply (1 for the first).
        ply: usize,
        /// The move as given.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// An ending word koma does not know.
    #[error(
        "ending '{0}': not an ending (TORYO, CHUDAN, SENNICHITE, TIME_UP, ILLEGAL_MOVE, \
         JISHOGI, KACHI, TSUMI, FUZUMI, MAX_MOVES, OUTE_SENNICHITE, HIKIWAKE, or 投了, ...)"
    )]
    Ending(String),
    /// More times or comments than the moves have places for.
    #[error("{what}: {given} given for {moves} moves")]
    TooMany {
        /// `times` or `comments`.
        what: &'static str,
        /// How many were given.
        given: usize,
        /// How many moves there are.
        moves: usize,
    },
}

/// The ending `word` names: JKF's words, CSA's codes (with or without `%`), Japanese ones.
pub fn ending(word: &str) -> Result<GameEnd, BuildError> {
    let trimmed = word.trim();
    let bare = trimmed.strip_prefix('%').unwrap_or(trimmed);
    jkf::known_end(&bare.to_ascii_uppercase())
        .or_else(|| jkf::known_end(bare))
        .ok_or_else(|| BuildError::Ending(word.to_string()))
}

/// Builds the record `parts` describe in `variant`: every move must be legal in turn.
pub fn build(variant: VariantKind, parts: &Parts) -> Result<Record, BuildError> {
    let moves = parts.moves.len();
    let too_many = |what, given| BuildError::TooMany { what, given, moves };
    if parts.times.len() > moves {
        return Err(too_many("times", parts.times.len()));
    }
    if parts.comments.len() > moves + 1 {
        return Err(too_many("comments", parts.comments.len()));
    }
    let mut record = Record::new(variant);
    let setup = match &parts.start {
        Some(text) => {
            sfen::parse_setup(variant, text.trim()).map_err(|e| BuildError::Start(e.to_string()))?
        }
        None => Start::Named(koma_rules::Handicap::Even).setup(variant),
    };
    let mut pos =
        recorded_position(variant, &setup).map_err(|e| BuildError::Start(e.to_string()))?;
    record.start = Start::of(variant, &setup);
    let header = &mut record.header;
    for (key, value) in [("開始日時", &parts.start_time), ("棋戦", &parts.event)] {
        if let Some(value) = value {
            header.push(key, value);
        }
    }
    for (color, name) in Color::ALL.into_iter().zip(&parts.names) {
        if let Some(name) = name {
            header.push(
                if color == Color::Black {
                    "先手"
                } else {
                    "後手"
                },
                name,
            );
        }
    }
    for (key, value) in &parts.header {
        header.set(key, value);
    }
    let tree = &mut record.tree;
    let mut node = MoveTree::ROOT;
    let mut totals = [0u64; 2];
    for (i, text) in parts.moves.iter().enumerate() {
        let bad = |reason: String| BuildError::Move {
            ply: i + 1,
            text: text.clone(),
            reason,
        };
        let prev_to = tree.last_destination(node);
        let m =
            on_position!(&pos, p => parse_any(p, text, prev_to)).map_err(|e| bad(e.to_string()))?;
        let mover = on_position!(&pos, p => p.side_to_move());
        pos.play(m)
            .map_err(|reason: IllegalMove| bad(reason.to_string()))?;
        node = tree.add(node, Entry::Move(m));
        if let Some(Some(ms)) = parts.times.get(i) {
            let total = &mut totals[mover.index()];
            *total = total.saturating_add(*ms);
            tree.node_mut(node).time = Some(MoveTime {
                spent_ms: *ms,
                total_ms: Some(*total),
            });
        }
    }
    for (i, comments) in parts.comments.iter().enumerate() {
        let id = if i == 0 {
            MoveTree::ROOT
        } else {
            tree.main_line()[i - 1]
        };
        tree.node_mut(id).comments.extend(comments.iter().cloned());
    }
    if let Some(word) = &parts.ending {
        let end = ending(word)?;
        tree.add(node, Entry::End(end));
    }
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_built_record_has_its_parts() {
        let parts = Parts {
            moves: ["7g7f", "3c3d", "２二角成"].map(String::from).to_vec(),
            names: [Some("a".into()), Some("b".into())],
            times: vec![Some(1000), None, Some(2500)],
            ending: Some("%TORYO".into()),
            comments: vec![vec![], vec!["first".into()]],
            ..Parts::default()
        };
        let r = build(VariantKind::Shogi, &parts).unwrap();
        assert_eq!(r.tree.main_moves().len(), 3);
        assert_eq!(r.header.player(Color::White), Some("b"));
        assert_eq!(r.tree.main_end(), Some(&GameEnd::Resign));
        let third = r.tree.main_line()[2];
        assert_eq!(r.tree.node(third).time.unwrap().total_ms, Some(3500));
        assert_eq!(r.tree.node(r.tree.main_line()[0]).comments, ["first"]);
    }

    #[test]
    fn bad_parts_are_refused_by_name() {
        let parts = |moves: &[&str]| Parts {
            moves: moves.iter().map(|s| s.to_string()).collect(),
            ..Parts::default()
        };
        let e = build(VariantKind::Shogi, &parts(&["7g7f", "7g7f"])).unwrap_err();
        assert!(matches!(e, BuildError::Move { ply: 2, .. }), "{e}");
        let mut p = parts(&["7g7f"]);
        p.ending = Some("RESIGNED".into());
        assert!(matches!(
            build(VariantKind::Shogi, &p),
            Err(BuildError::Ending(_))
        ));
        p.ending = Some("投了".into());
        assert!(build(VariantKind::Shogi, &p).is_ok());
        p.times = vec![None, None];
        assert!(matches!(
            build(VariantKind::Shogi, &p),
            Err(BuildError::TooMany { what: "times", .. })
        ));
    }
}
