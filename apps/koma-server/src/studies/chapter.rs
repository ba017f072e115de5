//! A study's chapter: a position or a record with its tree of variations, comments and
//! marks, its header kept, read from any record koma reads and written as any record koma
//! writes.

use crate::anygame::AnyMove;
use crate::error::ApiError;
use crate::line::{self, Root};
use crate::records::{WarningView, format_named};
use crate::review_tree::{ReviewTree, StoredNode};
use koma_notation::formats::Format;
use koma_notation::record::{Header, SideNames};
use koma_rules::{GameKind, VariantKind};
use serde::{Deserialize, Serialize};

/// The most characters of a chapter's (and a study's) name.
pub const MAX_NAME: usize = 100;

/// One chapter of a study.
#[derive(Clone, Debug)]
pub struct Chapter {
    /// Its number in the study, kept for the study's life.
    pub number: u32,
    /// Its name.
    pub name: String,
    /// The record's header it was read from (`[key, value]`, KIF's Japanese keys).
    pub header: Vec<[String; 2]>,
    /// Its moves.
    pub tree: ReviewTree,
}

/// A chapter as the store keeps it.
#[derive(Serialize, Deserialize)]
struct Kept {
    name: String,
    variant: String,
    start_sfen: String,
    #[serde(default)]
    header: Vec<[String; 2]>,
    tree: Vec<StoredNode>,
}

/// A chapter as a socket and `GET` show it.
#[derive(Serialize)]
pub struct ChapterView<'a> {
    /// `chapter`, for a push.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// Its number in the study.
    pub number: u32,
    /// Its name.
    pub name: &'a str,
    /// Its variant.
    pub variant: &'static str,
    /// Its start position.
    pub start_sfen: String,
    /// Its record's header.
    pub header: &'a [[String; 2]],
    /// Its nodes, as the analysis board reads them.
    pub tree: &'a [crate::records::NodeView],
}

/// A chapter written as a record.
pub struct Written {
    /// The record's text.
    pub text: String,
    /// What the format could not keep (CSA: the variations).
    pub warnings: Vec<WarningView>,
}

/// A name as given, trimmed, or refused when blank or too long.
pub fn clean_name(name: &str) -> Result<String, super::StudyRefusal> {
    let name = name.trim();
    let count = name.chars().count();
    if count == 0 || count > MAX_NAME || name.chars().any(char::is_control) {
        return Err(super::StudyRefusal::Name);
    }
    Ok(name.to_string())
}

impl Chapter {
    /// A chapter of the position `sfen` (the game's start when none) of `variant`: any
    /// game, Chu included.
    pub fn of_position(
        number: u32,
        name: &str,
        variant: Option<&str>,
        sfen: Option<&str>,
    ) -> Result<Chapter, ApiError> {
        let start = Root::start_as_recorded(line::game_kind(variant)?, sfen)?;
        Ok(Chapter {
            number,
            name: clean_name(name)?,
            header: Vec::new(),
            tree: ReviewTree::of_stored(start, &[]),
        })
    }

    /// A chapter of the record `text` (its format recognised unless named), with its
    /// variations, comments and header; named `name`, else by its players or event.
    pub fn of_record(
        number: u32,
        name: Option<&str>,
        text: &str,
        format: Option<&str>,
        variant: Option<&str>,
    ) -> Result<Chapter, ApiError> {
        // Checked as the record screen checks a record: a main line with an illegal move
        // is refused naming it.
        let (header, tree) = if crate::records::is_chu(variant, text)? {
            let record = crate::records::read_chu_record(text)?;
            let game = &record.game;
            let moves: Vec<AnyMove> = game.moves().iter().map(|&m| AnyMove::Chu(m)).collect();
            let ending = game.record_ending(SideNames::Even);
            let tree = ReviewTree::of_line(Root::Chu(*game.start()), &moves, &[], ending);
            (record.header, tree)
        } else {
            let crate::records::Checked { record, start, .. } =
                crate::records::read_checked(text, format, variant)?;
            (record.header, ReviewTree::of_record(start, &record.tree))
        };
        let header = &header;
        let named = match (
            header.player(koma_rules::Color::Black),
            header.player(koma_rules::Color::White),
        ) {
            (Some(sente), Some(gote)) => format!("{sente} – {gote}"),
            _ => header
                .event()
                .map(str::to_string)
                .unwrap_or_else(|| format!("Chapter {}", number + 1)),
        };
        let name = match name.map(str::trim).filter(|n| !n.is_empty()) {
            Some(name) => clean_name(name)?,
            None => named.chars().take(MAX_NAME).collect(),
        };
        Ok(Chapter {
            number,
            name,
            header: header
                .entries
                .iter()
                .map(|(k, v)| [k.clone(), v.clone()])
                .collect(),
            tree,
        })
    }

    /// The chapter kept as `state` (JSON), each move checked again, with each kept node's
    /// number in it now (see [`ReviewTree::renumbered`]).
    pub fn of_kept(
        number: u32,
        state: &str,
    ) -> Result<(Chapter, Vec<Option<usize>>), serde_json::Error> {
        let kept: Kept = serde_json::from_str(state)?;
        let kind =
            GameKind::from_name(&kept.variant).unwrap_or(GameKind::Family(VariantKind::Shogi));
        // A start no longer read (it cannot be: it was written from a position) is the
        // game's.
        let start = Root::start_as_recorded(kind, Some(&kept.start_sfen))
            .or_else(|_| Root::start(kind, None))
            .map_err(|_| serde::de::Error::custom("no start position"))?;
        let (tree, numbers) = ReviewTree::renumbered(start, &kept.tree);
        let chapter = Chapter {
            number,
            name: kept.name,
            header: kept.header,
            tree,
        };
        Ok((chapter, numbers))
    }

    /// The chapter as the store keeps it (JSON).
    pub fn kept(&self) -> String {
        serde_json::to_string(&Kept {
            name: self.name.clone(),
            variant: self.tree.game().name().to_string(),
            start_sfen: self.tree.start().sfen(),
            header: self.header.clone(),
            tree: self.tree.stored(),
        })
        .unwrap_or_default()
    }

    /// The chapter as a socket shows it.
    pub fn view(&self) -> ChapterView<'_> {
        ChapterView {
            kind: "chapter",
            number: self.number,
            name: &self.name,
            variant: self.tree.game().name(),
            start_sfen: self.tree.start().sfen(),
            header: &self.header,
            tree: self.tree.nodes(),
        }
    }

    /// The chapter written in the format named `format`, after its header (a Chu
    /// chapter's main line, as Chu's records keep it).
    pub fn write(&self, format: &str) -> Result<Written, ApiError> {
        let format: Format = format_named(format)?;
        let mut header = Header::default();
        header.entries = (self.header.iter())
            .map(|[k, v]| (k.clone(), v.clone()))
            .collect();
        let (text, losses) = self.tree.write(format, &header)?;
        Ok(Written {
            text,
            warnings: losses.iter().map(WarningView::of).collect(),
        })
    }
}
