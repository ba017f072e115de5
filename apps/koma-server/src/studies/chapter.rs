//! A study's chapter: a position or a record with its tree of variations, comments and
//! marks, its header kept, read from any record koma reads and written as any record koma
//! writes.

use crate::error::ApiError;
use crate::line::{self, Root};
use crate::records::{WarningView, format_named};
use crate::rooms::{ReviewTree, StoredNode};
use koma_notation::formats::{self, Format};
use koma_notation::record::Record;
use koma_rules::VariantKind;
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
    /// A chapter of the position `sfen` (the variant's start when none) of `variant`.
    pub fn of_position(
        number: u32,
        name: &str,
        variant: Option<&str>,
        sfen: Option<&str>,
    ) -> Result<Chapter, ApiError> {
        let variant = line::variant(variant)?;
        let start = line::start_as_recorded(variant, sfen)?;
        Ok(Chapter {
            number,
            name: clean_name(name)?,
            header: Vec::new(),
            tree: ReviewTree::of_record(start, &Default::default()),
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
        let crate::records::Checked { record, start, .. } =
            crate::records::read_checked(text, format, variant)?;
        let header = &record.header;
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
            tree: ReviewTree::of_record(start, &record.tree),
        })
    }

    /// The chapter kept as `state` (JSON), each move checked again, with each kept node's
    /// number in it now (see [`ReviewTree::renumbered`]).
    pub fn of_kept(
        number: u32,
        state: &str,
    ) -> Result<(Chapter, Vec<Option<usize>>), serde_json::Error> {
        let kept: Kept = serde_json::from_str(state)?;
        let variant = VariantKind::from_name(&kept.variant).unwrap_or(VariantKind::Shogi);
        // A start no longer read (it cannot be: it was written from a position) is the
        // variant's.
        let start = line::start_as_recorded(variant, Some(&kept.start_sfen))
            .unwrap_or_else(|_| variant.startpos());
        let (tree, numbers) = ReviewTree::renumbered(Root::Family(start), &kept.tree);
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

    /// The chapter as a record: its start, header and tree (a study's chapters are 9x9
    /// games).
    pub fn record(&self) -> Result<Record, ApiError> {
        let mut record = (self.tree.to_record()).ok_or(ApiError::NotInChu("study chapters"))?;
        record.header.entries = self
            .header
            .iter()
            .map(|[k, v]| (k.clone(), v.clone()))
            .collect();
        Ok(record)
    }

    /// The chapter written in the format named `format`.
    pub fn write(&self, format: &str) -> Result<Written, ApiError> {
        let format: Format = format_named(format)?;
        let (text, losses) =
            formats::write_checked(&self.record()?, format).map_err(ApiError::UnwritableRecord)?;
        Ok(Written {
            text,
            warnings: losses.iter().map(WarningView::of).collect(),
        })
    }
}
