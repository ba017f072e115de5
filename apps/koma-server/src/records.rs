//! Records in and out of any line: `POST /api/records/read` turns a record in any format
//! into a start position and USI moves, with its tree of variations and comments;
//! `POST /api/records/write` turns a line back into a record, and `POST /api/records/convert`
//! a record's text into another format, saying what that format could not keep. Formats are
//! koma-notation's; the result is judged by `koma_game::replay`.

use crate::anygame::AnyMove;
use crate::error::ApiError;
use crate::line;
use crate::review_tree::ReviewTree;
use crate::view::{HistoryEntry, OutcomeView};
use koma_game::chu;
use koma_game::replay::replay;
use koma_notation::formats::{self, Format};
use koma_notation::record::{Entry, Header, MoveTree, NodeId, Record, SideNames, Start};
use koma_notation::warning::{Reading, Warning, WarningKind};
use koma_notation::{sfen, usi};
use koma_rules::{AnyPosition, Color, GameKind, Square};
use serde::{Deserialize, Serialize};

/// The longest record text accepted, in bytes.
pub const MAX_TEXT_BYTES: usize = 1 << 20;

/// The most nodes of a record's tree a read answers (the start and the main line always
/// among them): the page steps through them all.
pub const MAX_TREE_NODES: usize = 5000;

/// A record to read.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReadRequest {
    /// The record's text.
    pub text: String,
    /// Its format (`kif`, `ki2`, `csa`, `jkf`, `usi`, `sfen`, `moves`); detected when not
    /// given.
    pub format: Option<String>,
    /// The variant for formats that do not say (default `shogi`).
    pub variant: Option<String>,
}

/// A record read: its line and what its header and ending say.
#[derive(Clone, Debug, Serialize)]
pub struct ReadAnswer {
    /// The format the text was read in (the one asked for, or the one detected).
    pub format: &'static str,
    /// `shogi` or `tori`.
    pub variant: &'static str,
    /// The start position as SFEN.
    pub start_sfen: String,
    /// The main line's moves in USI.
    pub moves: Vec<String>,
    /// The main line in every notation.
    pub history: Vec<HistoryEntry>,
    /// The players and the event.
    pub header: HeaderView,
    /// The result by the rules, winner first (`gote resignation`: sente resigned), if the
    /// record ends the game.
    pub result: Option<String>,
    /// The same result as winner and reason, for the page to word.
    pub outcome: Option<OutcomeView>,
    /// The whole tree, the start first, each node naming its parent and children: the
    /// main line (the first child from the start on) and every variation, with comments.
    pub tree: Vec<NodeView>,
    /// What the reader accepted beyond the format, and what the answer leaves out of the
    /// record (empty for a clean record).
    pub warnings: Vec<WarningView>,
}

/// One node of a record's tree: the start position (the first node), a move or an ending.
#[derive(Clone, Debug, Serialize)]
pub struct NodeView {
    /// The node this one follows, by its index (`None` for the start).
    pub parent: Option<usize>,
    /// The nodes that follow this one: its line's next first, then the variations that
    /// replace that move.
    pub children: Vec<usize>,
    /// The moves played before it and with it (0 for the start).
    pub ply: usize,
    /// The move, in every notation, with the position after it.
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pub entry: Option<HistoryEntry>,
    /// The ending, in the record's Japanese word (投了, 千日手...).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<String>,
    /// The comments on the move (on the start position for the first node).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
    /// A bookmark (KIF `&`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bookmark: Option<String>,
    /// The time the move took, in milliseconds, when the record gives it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spent_ms: Option<u64>,
    /// The marks drawn on the position after it (a kansōsen room's arrows and circles).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub shapes: Vec<crate::review_tree::Shape>,
}

/// Something said about a record: a leniency its reading needed, or something of it that an
/// answer (the tree shown, a conversion) leaves out; its code, line (0: the whole text) and
/// words.
#[derive(Clone, Debug, Serialize)]
pub struct WarningView {
    /// The kind, for programs (`move_number`, `variations_dropped`, `tree_cut`...).
    pub code: &'static str,
    /// 1-based line of the text; 0 when it concerns the whole text.
    pub line: usize,
    /// What was accepted or left out, in words.
    pub message: String,
}

impl WarningView {
    /// The view of a reader's or writer's warning.
    pub fn of(warning: &Warning) -> WarningView {
        WarningView {
            code: warning.kind.code(),
            line: warning.line,
            message: warning.kind.to_string(),
        }
    }
}

/// What a read's answer leaves out of the record it read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShownLoss {
    /// A tree of more nodes than [`MAX_TREE_NODES`]: the variations past them are cut.
    #[error(
        "the record has {total} moves and endings; the {dropped} of its variations past the first {limit} are not shown"
    )]
    TreeCut {
        /// The most nodes shown.
        limit: usize,
        /// The nodes left out.
        dropped: usize,
        /// The nodes of the record.
        total: usize,
    },
}

impl ShownLoss {
    /// The warning the answer carries.
    pub fn view(&self) -> WarningView {
        let code = match self {
            ShownLoss::TreeCut { .. } => "tree_cut",
        };
        WarningView {
            code,
            line: 0,
            message: self.to_string(),
        }
    }
}

/// What the page shows of a record's header.
#[derive(Clone, Debug, Serialize)]
pub struct HeaderView {
    /// Sente's name.
    pub sente: Option<String>,
    /// Gote's name.
    pub gote: Option<String>,
    /// The event.
    pub event: Option<String>,
    /// Every entry of the header in the record's order, as `[key, value]` (KIF's Japanese
    /// keys: 先手, 棋戦, 開始日時, unknown ones as written).
    pub entries: Vec<[String; 2]>,
}

impl NodeView {
    /// A node of `ply` moves after `parent` (none: the start) holding `entry` or `end`,
    /// without children, comments, time or marks yet.
    pub fn bare(
        parent: Option<usize>,
        ply: usize,
        entry: Option<HistoryEntry>,
        end: Option<String>,
    ) -> NodeView {
        NodeView {
            parent,
            children: Vec::new(),
            ply,
            entry,
            end,
            comments: Vec::new(),
            bookmark: None,
            spent_ms: None,
            shapes: Vec::new(),
        }
    }
}

impl HeaderView {
    /// What `header` says.
    fn of(header: &Header) -> HeaderView {
        HeaderView {
            sente: header.player(Color::Black).map(str::to_string),
            gote: header.player(Color::White).map(str::to_string),
            event: header.event().map(str::to_string),
            entries: (header.entries.iter())
                .map(|(k, v)| [k.clone(), v.clone()])
                .collect(),
        }
    }
}

/// A line to write as a record.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WriteRequest {
    /// The game (`shogi` by default; any variant, `chushogi` included).
    pub variant: Option<String>,
    /// The start position (default: the variant's).
    pub start_sfen: Option<String>,
    /// The moves in USI.
    #[serde(default)]
    pub moves: Vec<String>,
    /// The format to write.
    pub format: String,
}

/// A record's text to write in another format.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConvertRequest {
    /// The record's text.
    pub text: String,
    /// Its format; detected when not given.
    pub format: Option<String>,
    /// The variant for formats that do not say (default `shogi`).
    pub variant: Option<String>,
    /// The format to write (`kif`, `ki2`, `csa`, `jkf`, `usi`, `sfen`, `moves`).
    pub to: String,
}

/// A record converted, with what the new format could not keep.
#[derive(Clone, Debug, Serialize)]
pub struct ConvertAnswer {
    /// The format written.
    pub format: &'static str,
    /// The record in it.
    pub text: String,
    /// What the format written could not keep of the record (`variations_dropped`...).
    pub warnings: Vec<WarningView>,
    /// What reading the text needed beyond its format, as a read answers it.
    pub read_warnings: Vec<WarningView>,
}

/// The names of the formats, for messages.
const FORMAT_NAMES: &str = "kif, ki2, csa, jkf, usi, sfen, moves";

/// The format called `name`, or 400 listing the known ones.
pub fn format_named(name: &str) -> Result<Format, ApiError> {
    Format::from_name(name).ok_or_else(|| ApiError::unknown("format", name, FORMAT_NAMES))
}

/// 413 for a record text longer than [`MAX_TEXT_BYTES`].
fn within_size(text: &str) -> Result<(), ApiError> {
    if text.len() > MAX_TEXT_BYTES {
        return Err(ApiError::RecordTooLarge {
            bytes: text.len(),
            limit: MAX_TEXT_BYTES,
        });
    }
    Ok(())
}

/// Reads `text` in the format named, or the one recognised (400 when none is), for
/// `variant` (default shogi).
fn read_text(
    text: &str,
    format: Option<&str>,
    variant: Option<&str>,
) -> Result<(Format, Reading), ApiError> {
    within_size(text)?;
    let variant = line::variant(variant)?;
    let format = match format {
        Some(name) => format_named(name)?,
        None => Format::recognise(None, text).ok_or(ApiError::UnrecognisedRecord)?,
    };
    let reading = formats::read_text(text, format, variant)
        .map_err(|source| ApiError::UnreadableRecord { format, source })?;
    Ok((format, reading))
}

/// A record's text read, its start set up and its main line checked, as [`read`] takes it.
pub(crate) struct Checked {
    /// The format it was read in.
    pub format: Format,
    /// The record.
    pub record: Record,
    /// What reading it needed beyond its format.
    pub warnings: Vec<Warning>,
    /// Its start position.
    pub start: AnyPosition,
    /// Its main line's moves, each legal (a foul kept as the last one left out).
    pub moves: Vec<koma_rules::Move>,
}

/// Reads `text` (see [`read_text`]) and checks it as [`read`] does: its start set up, every
/// move of its main line legal but a foul kept as its last, which is left out.
pub(crate) fn read_checked(
    text: &str,
    format: Option<&str>,
    variant: Option<&str>,
) -> Result<Checked, ApiError> {
    let (format, Reading { record, warnings }) = read_text(text, format, variant)?;
    let start = record.start_position().map_err(ApiError::StartSetup)?;
    let mut moves = record.tree.main_moves();
    let foul_kept = warnings
        .iter()
        .any(|w| matches!(w.kind, WarningKind::IllegalLastMove { .. }));
    if foul_kept && line::check_moves(&start, &moves).is_err() {
        moves.pop();
    }
    line::check_moves(&start, &moves)?;
    Ok(Checked {
        format,
        record,
        warnings,
        start,
        moves,
    })
}

/// Reads the record of `request`: the format recognised unless given, every move of the
/// main line checked, the result judged by the rules. The text is already decoded: an
/// encoding declaration inside it is ignored. A foul kept as the record's last move (one of
/// the warnings) is left out of the moves and the tree, and the result says its mover lost.
/// Text in no format, or read without moves though it holds one, is refused.
pub fn read(request: &ReadRequest) -> Result<ReadAnswer, ApiError> {
    if is_chu(request.variant.as_deref(), &request.text)? {
        return read_chu(&request.text);
    }
    let Checked {
        format,
        record,
        warnings,
        start,
        moves,
    } = read_checked(
        &request.text,
        request.format.as_deref(),
        request.variant.as_deref(),
    )?;
    let outcome = replay(&record, None).ok().and_then(|r| r.outcome);
    let header = &record.header;
    let (tree, cut) = tree_view(&record.tree, &start);
    let mut warnings: Vec<WarningView> = warnings.iter().map(WarningView::of).collect();
    warnings.extend(cut.as_ref().map(ShownLoss::view));
    Ok(ReadAnswer {
        format: format.name(),
        variant: record.variant.name(),
        start_sfen: sfen::write_any(&start),
        moves: moves
            .iter()
            .map(|&m| usi::write_move(record.variant, m))
            .collect(),
        history: line::history(&start, &moves),
        header: HeaderView::of(header),
        result: outcome.map(|o| o.to_string()),
        outcome: outcome.map(OutcomeView::of),
        tree,
        warnings,
    })
}

/// [`read`] of a Chu record (a KIF as lishogi writes Chu, a USI `position` line or an
/// SFEN): its header, its moves, which are its whole tree (Chu records have no
/// variations), and its ending as the rules judge it (a resignation, a royal taken...).
fn read_chu(text: &str) -> Result<ReadAnswer, ApiError> {
    let chu::record::ChuRecord {
        game,
        header,
        format,
    } = read_chu_record(text)?;
    let start = line::Root::Chu(*game.start());
    let moves: Vec<AnyMove> = game.moves().iter().copied().map(AnyMove::Chu).collect();
    let history = start.history(&moves);
    let outcome = game.outcome();
    let ending = game.record_ending(SideNames::Even);
    let tree = ReviewTree::of_line(start, &moves, &[], ending)
        .nodes()
        .to_vec();
    Ok(ReadAnswer {
        format: format.name(),
        variant: GameKind::Chu.name(),
        start_sfen: start.sfen(),
        moves: moves.iter().map(|&m| start.usi(m)).collect(),
        history,
        header: HeaderView::of(&header),
        result: outcome.map(|o| o.to_string()),
        outcome: outcome.map(OutcomeView::of),
        tree,
        warnings: Vec::new(),
    })
}

/// The nodes of `tree` from `start` as the page steps through them, in depth-first order
/// with each node's first child first (the whole main line comes right after the start),
/// at most [`MAX_TREE_NODES`]; a move the rules forbid (a foul kept as a line's last move)
/// is left out with what follows it. Says what was cut past the limit.
pub(crate) fn tree_view(
    tree: &MoveTree,
    start: &AnyPosition,
) -> (Vec<NodeView>, Option<ShownLoss>) {
    let root = tree.node(MoveTree::ROOT);
    let mut views = vec![NodeView {
        parent: None,
        children: Vec::new(),
        ply: 0,
        entry: None,
        end: None,
        comments: root.comments.clone(),
        bookmark: root.bookmark.clone(),
        spent_ms: None,
        shapes: Vec::new(),
    }];
    // (node, its parent's view, the position before it, the destination before it)
    type Pending = (NodeId, usize, AnyPosition, Option<Square>);
    let mut stack: Vec<Pending> = Vec::new();
    let push_children = |stack: &mut Vec<Pending>, id, view, pos, to| {
        let children: Vec<NodeId> = tree.children(id).collect();
        stack.extend(children.into_iter().rev().map(|c| (c, view, pos, to)));
    };
    push_children(&mut stack, MoveTree::ROOT, 0, *start, None);
    let mut dropped = 0;
    while let Some((id, parent, pos, prev_to)) = stack.pop() {
        if views.len() >= MAX_TREE_NODES {
            dropped += 1 + count_below(tree, id);
            continue;
        }
        let node = tree.node(id);
        let (entry, end, after, to) = match &node.entry {
            Some(Entry::Move(m)) => match line::entry(&pos, *m, prev_to) {
                Some((entry, after)) => (Some(entry), None, after, Some(m.to())),
                None => continue,
            },
            Some(Entry::End(end)) => (None, Some(end.japanese()), pos, prev_to),
            None => continue,
        };
        let index = views.len();
        views[parent].children.push(index);
        views.push(NodeView {
            parent: Some(parent),
            children: Vec::new(),
            ply: views[parent].ply + usize::from(entry.is_some()),
            entry,
            end,
            comments: node.comments.clone(),
            bookmark: node.bookmark.clone(),
            spent_ms: node.time.map(|t| t.spent_ms),
            shapes: Vec::new(),
        });
        push_children(&mut stack, id, index, after, to);
    }
    let cut = (dropped > 0).then(|| ShownLoss::TreeCut {
        limit: MAX_TREE_NODES,
        dropped,
        total: tree.len() - 1,
    });
    (views, cut)
}

/// The nodes below `id` in `tree`.
fn count_below(tree: &MoveTree, id: NodeId) -> usize {
    let mut count = 0;
    let mut stack: Vec<NodeId> = tree.children(id).collect();
    while let Some(next) = stack.pop() {
        count += 1;
        stack.extend(tree.children(next));
    }
    count
}

/// Converts the record of `request` into the format asked for, with what that format could
/// not keep (`formats::write_checked`) and the leniencies reading it needed.
pub fn convert(request: &ConvertRequest) -> Result<ConvertAnswer, ApiError> {
    let to = format_named(&request.to)?;
    if is_chu(request.variant.as_deref(), &request.text)? {
        return convert_chu(&request.text, to);
    }
    let (_, reading) = read_text(
        &request.text,
        request.format.as_deref(),
        request.variant.as_deref(),
    )?;
    let (text, losses) =
        formats::write_checked(&reading.record, to).map_err(ApiError::UnwritableRecord)?;
    Ok(ConvertAnswer {
        format: to.name(),
        text,
        warnings: losses.iter().map(WarningView::of).collect(),
        read_warnings: reading.warnings.iter().map(WarningView::of).collect(),
    })
}

/// A Chu record (a KIF as lishogi writes Chu, a USI `position` line or an SFEN) read, of
/// at most the size and the moves any record may have.
pub(crate) fn read_chu_record(text: &str) -> Result<chu::record::ChuRecord, ApiError> {
    within_size(text)?;
    let record = chu::record::read_record(text).map_err(ApiError::ChuRecord)?;
    line::check_length(record.game.moves().len())?;
    Ok(record)
}

/// Whether a record is Chu's: its variant says so, or none is named and the text is a KIF
/// as lishogi writes Chu.
pub(crate) fn is_chu(variant: Option<&str>, text: &str) -> Result<bool, ApiError> {
    match variant {
        Some(name) => line::game_kind(Some(name)).map(|kind| kind == GameKind::Chu),
        None => Ok(chu::record::is_chu_kif(text)),
    }
}

/// [`convert`] of a Chu record: KIF as lishogi writes Chu, a USI `position` line or an
/// SFEN, written as kif, usi or sfen.
fn convert_chu(text: &str, to: Format) -> Result<ConvertAnswer, ApiError> {
    within_size(text)?;
    let record = chu::record::read_record(text).map_err(ApiError::ChuRecord)?;
    Ok(ConvertAnswer {
        format: to.name(),
        text: chu::record::write(&record.game, to, None, &record.header)
            .map_err(ApiError::ChuRecord)?,
        warnings: Vec::new(),
        read_warnings: Vec::new(),
    })
}

/// Writes the line of `request` as a record in its format.
pub fn write(request: &WriteRequest) -> Result<String, ApiError> {
    let format = format_named(&request.format)?;
    if is_chu(request.variant.as_deref(), "")? {
        return write_chu(request, format);
    }
    let variant = line::variant(request.variant.as_deref())?;
    let start = line::start(variant, request.start_sfen.as_deref())?;
    let moves = line::read_moves(&start, &request.moves)?;
    let mut record = Record::new(variant);
    record.start = Start::of(variant, &start.to_setup());
    let mut node = MoveTree::ROOT;
    for m in moves {
        node = record.tree.add(node, Entry::Move(m));
    }
    formats::write(&record, format).map_err(ApiError::UnwritableRecord)
}

/// [`write`] of a Chu line: KIF as lishogi writes Chu, a USI `position` line or an SFEN.
fn write_chu(request: &WriteRequest, format: Format) -> Result<String, ApiError> {
    let start = match request.start_sfen.as_deref() {
        Some(text) => line::chu_start(text)?,
        None => koma_rules::chu::ChuPosition::startpos(),
    };
    let moves = line::Root::Chu(start).read_moves(&request.moves)?;
    let mut game = koma_game::Game::new(start, koma_game::RuleSet::CHU);
    for m in moves.iter().filter_map(AnyMove::chu) {
        if game.play(m).is_err() {
            break;
        }
    }
    chu::record::write(&game, format, None, &Header::default()).map_err(ApiError::ChuRecord)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write_request(moves: &[&str], format: &str) -> WriteRequest {
        WriteRequest {
            variant: None,
            start_sfen: None,
            moves: moves.iter().map(|m| m.to_string()).collect(),
            format: format.to_string(),
        }
    }

    #[test]
    fn a_line_goes_out_and_back_in_every_format() {
        let line = ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"];
        for format in ["kif", "ki2", "csa", "jkf", "usi", "moves"] {
            let text = write(&write_request(&line, format)).unwrap();
            let back = read(&ReadRequest {
                text,
                format: None,
                variant: None,
            })
            .unwrap_or_else(|e| panic!("{format}: {e}"));
            assert_eq!(back.moves, line, "{format}");
            assert_eq!(back.history.len(), 5);
        }
    }

    fn read_kif(text: &str) -> ReadAnswer {
        read(&ReadRequest {
            text: text.to_string(),
            format: None,
            variant: None,
        })
        .unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn the_tree_has_the_main_line_first_then_the_variations() {
        let kif = "*start\n1 ７六歩(77)\n*first\n2 ３四歩(33)\n3 投了\n\n変化：2手\n\
                   2 ８四歩(83)\n*other\n3 ２六歩(27)\n";
        let answer = read_kif(kif);
        assert_eq!(answer.format, "kif");
        let tree = &answer.tree;
        // The start, 7g7f, 3c3d, the ending, then the variation 8c8d 2g2f.
        assert_eq!(tree.len(), 6);
        assert_eq!(tree[0].comments, ["start"]);
        assert_eq!(tree[0].children, [1]);
        assert_eq!(tree[1].children, [2, 4]);
        assert_eq!(tree[1].comments, ["first"]);
        assert_eq!(tree[3].end.as_deref(), Some("投了"));
        assert_eq!(tree[3].ply, 2);
        let other = &tree[4];
        assert_eq!(other.entry.as_ref().unwrap().usi, "8c8d");
        assert_eq!((other.parent, other.ply), (Some(1), 2));
        assert_eq!(other.comments, ["other"]);
        assert_eq!(tree[5].entry.as_ref().unwrap().japanese, "☗２六歩");
        // The main line's moves are the history's.
        assert_eq!(tree[1].entry.as_ref().unwrap().sfen, answer.history[0].sfen);
        assert!(answer.warnings.is_empty());
    }

    #[test]
    fn a_tree_too_large_to_show_is_cut_with_a_warning() {
        // The main line of 2 moves, and 3000 variations of two moves each at move 1... of
        // which only the legal ones count: a king's shuffle repeated is legal everywhere.
        let mut record = Record::new(koma_rules::VariantKind::Shogi);
        let m = |t: &str| usi::parse_move(koma_rules::VariantKind::Shogi, t).unwrap();
        let first = record.tree.add(MoveTree::ROOT, Entry::Move(m("7g7f")));
        record.tree.add(first, Entry::Move(m("3c3d")));
        for _ in 0..3000 {
            let alt = record.tree.add(MoveTree::ROOT, Entry::Move(m("2g2f")));
            record.tree.add(alt, Entry::Move(m("8c8d")));
        }
        let start = record.start_position().unwrap();
        let (tree, cut) = tree_view(&record.tree, &start);
        assert_eq!(tree.len(), MAX_TREE_NODES);
        assert_eq!(tree[2].entry.as_ref().unwrap().usi, "3c3d");
        let cut = cut.unwrap();
        assert_eq!(
            cut,
            ShownLoss::TreeCut {
                limit: MAX_TREE_NODES,
                dropped: 6002 - (MAX_TREE_NODES - 1),
                total: 6002,
            }
        );
        assert_eq!(cut.view().code, "tree_cut");
    }

    #[test]
    fn a_conversion_says_what_the_format_cannot_keep() {
        let kif = "対局ID：7\n1 ７六歩(77)   ( 0:03/00:00:03)\n*first\n2 ３四歩(33)\n\n\
                   変化：2手\n2 ８四歩(83)\n";
        let request = |to: &str| ConvertRequest {
            text: kif.to_string(),
            format: None,
            variant: None,
            to: to.to_string(),
        };
        let kif_back = convert(&request("kif")).unwrap();
        assert!(kif_back.warnings.is_empty(), "{:?}", kif_back.warnings);
        assert!(kif_back.text.contains("変化：2手"), "{}", kif_back.text);
        let csa = convert(&request("csa")).unwrap();
        let codes: Vec<&str> = csa.warnings.iter().map(|w| w.code).collect();
        assert_eq!(codes, ["variations_dropped", "header_dropped"]);
        assert_eq!(
            csa.warnings[0].message,
            "1 variation dropped: CSA has no variations"
        );
        assert!(csa.text.contains("'first"), "{}", csa.text);
        let e = convert(&request("pdf")).unwrap_err();
        assert!(matches!(e, ApiError::Unknown { .. }), "{e:?}");
    }

    #[test]
    fn bad_records_are_refused() {
        assert!(matches!(
            write(&write_request(&["7g7f", "7g7f"], "kif")),
            Err(ApiError::IllegalInLine { ply: 2, .. })
        ));
        assert!(matches!(
            write(&write_request(&[], "pdf")),
            Err(ApiError::Unknown { what: "format", .. })
        ));
        let long = ReadRequest {
            text: " ".repeat(MAX_TEXT_BYTES + 1),
            format: None,
            variant: None,
        };
        let e = read(&long).unwrap_err();
        assert!(matches!(e, ApiError::RecordTooLarge { .. }), "{e:?}");
        assert!(e.to_string().contains("at most"), "{e}");
        let nothing = ReadRequest {
            text: "Dear friend, here is my game.".to_string(),
            format: None,
            variant: None,
        };
        let e = read(&nothing).unwrap_err();
        assert!(matches!(e, ApiError::UnrecognisedRecord), "{e:?}");
        // Named as KIF, a move list reads without moves: refused, naming the move's line.
        let as_kif = ReadRequest {
            text: "1. P-7f P-3d".to_string(),
            format: Some("kif".to_string()),
            variant: None,
        };
        let e = read(&as_kif).unwrap_err();
        assert_eq!(e.line(), Some(1), "{e}");
        assert_eq!(e.to_json()["line"], 1);
    }
}
