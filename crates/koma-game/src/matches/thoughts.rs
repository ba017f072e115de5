//! The engines' searches in a match's records: each engine move gets a comment with its
//! depth, nodes, score and principal variation, in the forms GUIs read back (ShogiHome's
//! and ShogiGUI's KIF `**対局 深さ 8 ノード数 12345 評価値 -35 読み筋 ▲２五歩(26) ...`,
//! Floodgate's CSA `'** -35 +2625FU -8485FU`). As there, the variation starts with the
//! expected reply (the move itself is on the line already), and scores are from sente's
//! side (positive when sente is ahead); a mate in n plies is ±(32000 − n).

use crate::usi_client::{Score, SearchInfo};
use koma_notation::formats::Format;
use koma_notation::record::{Entry, Record};
use koma_notation::{csa, movetext::japanese, usi};
use koma_rules::variants::Shogi;
use koma_rules::{AnyPosition, Color, Move, Position, Square, Variant, on_position};

/// The most principal-variation moves a comment carries.
const PV_MOVES: usize = 16;

/// A mate's score, as YaneuraOu writes it: a mate in n plies is 32000 − n.
const MATE: i32 = 32000;

/// `record` with each move whose engine reported a search (`thoughts[i]` for the main
/// line's move `i`, from 0) commented in `format`'s convention; formats without one (USI)
/// get the record as it is.
pub(super) fn annotate(record: &Record, thoughts: &[Option<SearchInfo>], format: Format) -> Record {
    let mut record = record.clone();
    if !matches!(format, Format::Kif | Format::Csa) || thoughts.iter().all(Option::is_none) {
        return record;
    }
    let Ok(start) = record.start_position() else {
        return record;
    };
    let texts = match (format, start) {
        (Format::Csa, AnyPosition::Shogi(pos)) => comments(&record, pos, thoughts, csa_text),
        (Format::Csa, _) => return record,
        (_, start) => on_position!(start, pos => comments(&record, pos, thoughts, kif_text)),
    };
    let line = record.tree.main_line();
    for (ply, text) in texts {
        if let Some(&node) = line.get(ply) {
            record.tree.node_mut(node).comments.insert(0, text);
        }
    }
    record
}

/// The comment text of each thought, by main-line index, replaying the main line from
/// `pos`; stops at a move that cannot be played. A variation that does not start with the
/// move played is left out.
fn comments<V: Variant>(
    record: &Record,
    mut pos: Position<V>,
    thoughts: &[Option<SearchInfo>],
    text: fn(&Position<V>, &SearchInfo, &[String], Square) -> Option<String>,
) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (ply, node) in record.tree.main_line().into_iter().enumerate() {
        let Some(Entry::Move(m)) = record.tree.node(node).entry else {
            break;
        };
        if pos.play(m).is_err() {
            break;
        }
        if let Some(Some(info)) = thoughts.get(ply) {
            let played = usi::write_move(V::KIND, m);
            let reply = match info.pv.split_first() {
                Some((first, rest)) if *first == played => rest,
                _ => &[],
            };
            if let Some(text) = text(&pos, info, reply, m.to()) {
                out.push((ply, text));
            }
        }
    }
    out
}

/// The engine's score from sente's side, in centipawns (mates as ±(32000 − n)).
fn sente_score(score: Score, mover: Color) -> i32 {
    let own = match score {
        Score::Cp(cp) => cp,
        Score::Mate(n) if n >= 0 => MATE - n,
        Score::Mate(n) => -MATE - n,
        Score::MateUnknown(true) => MATE,
        Score::MateUnknown(false) => -MATE,
    };
    match mover {
        Color::Black => own,
        Color::White => -own,
    }
}

/// The legal prefix of the principal variation from `pos`, each move with the position
/// it is played in, at most [`PV_MOVES`].
fn pv_moves<V: Variant>(pos: &Position<V>, pv: &[String]) -> Vec<(Position<V>, Move)> {
    let mut pos = *pos;
    let mut out = Vec::new();
    for text in pv.iter().take(PV_MOVES) {
        let Ok(m) = usi::parse_move(V::KIND, text) else {
            break;
        };
        let before = pos;
        if pos.play(m).is_err() {
            break;
        }
        out.push((before, m));
    }
    out
}

/// ShogiHome's KIF comment (`*対局 深さ ... 読み筋 ...`, which KIF writes after a `*`) on
/// the move to `to` that led to `pos`, the variation `reply` from there.
fn kif_text<V: Variant>(
    pos: &Position<V>,
    info: &SearchInfo,
    reply: &[String],
    to: Square,
) -> Option<String> {
    let mut text = String::from("*対局");
    if let Some(depth) = info.depth {
        text += &format!(" 深さ {depth}");
    }
    if let Some(nodes) = info.nodes {
        text += &format!(" ノード数 {nodes}");
    }
    if let Some(score) = info.score {
        text += &format!(" 評価値 {}", sente_score(score, !pos.side_to_move()));
    }
    let pv = pv_moves(pos, reply);
    if !pv.is_empty() {
        text += " 読み筋";
        let mut to = Some(to);
        for (before, m) in pv {
            let mark = japanese::turn_mark(before.side_to_move());
            text += &format!(" {mark}{}", japanese::kif(&before, m, to));
            to = Some(m.to());
        }
    }
    (text.len() > "*対局".len()).then_some(text)
}

/// Floodgate's CSA comment (`** score move...`, written after a `'`) on the move that led
/// to `pos`, the variation `reply` from there; only with a score.
fn csa_text(
    pos: &Position<Shogi>,
    info: &SearchInfo,
    reply: &[String],
    _: Square,
) -> Option<String> {
    let score = sente_score(info.score?, !pos.side_to_move());
    let mut text = format!("** {score}");
    for (before, m) in pv_moves(pos, reply) {
        match csa::write_move(&before, m) {
            Some(csa) => text += &format!(" {csa}"),
            None => break,
        }
    }
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_notation::record::MoveTree;
    use koma_rules::VariantKind;

    /// A shogi record of `moves` (USI) from the start.
    fn record(moves: &[&str]) -> Record {
        let mut record = Record::new(VariantKind::Shogi);
        let mut node = MoveTree::ROOT;
        for text in moves {
            let m = usi::parse_move(VariantKind::Shogi, text).unwrap();
            node = record.tree.add(node, Entry::Move(m));
        }
        record
    }

    fn info(score: Score, pv: &[&str]) -> SearchInfo {
        SearchInfo {
            depth: Some(12),
            nodes: Some(3456),
            score: Some(score),
            pv: pv.iter().map(|m| m.to_string()).collect(),
            ..SearchInfo::default()
        }
    }

    /// The first comment of each main-line move.
    fn first_comments(record: &Record) -> Vec<Option<String>> {
        let tree = &record.tree;
        let line = tree.main_line();
        line.iter()
            .map(|&n| tree.node(n).comments.first().cloned())
            .collect()
    }

    #[test]
    fn gote_scores_turn_to_sente_side_and_the_reply_follows_the_move() {
        let game = record(&["7g7f", "3c3d", "8h2b+", "3a2b"]);
        let thoughts = vec![
            // A variation that does not start with the move played is left out.
            Some(info(Score::Cp(10), &["2g2f", "8c8d"])),
            Some(info(Score::Cp(25), &["3c3d", "8h2b+", "3a2b"])),
            Some(info(Score::Mate(-3), &["8h2b+", "3a2b", "zz", "2i3g"])),
        ];
        let kif = annotate(&game, &thoughts, Format::Kif);
        assert_eq!(
            first_comments(&kif),
            [
                Some("*対局 深さ 12 ノード数 3456 評価値 10".into()),
                Some(
                    "*対局 深さ 12 ノード数 3456 評価値 -25 読み筋 ▲２二角成(88) △同　銀(31)"
                        .into()
                ),
                Some("*対局 深さ 12 ノード数 3456 評価値 -31997 読み筋 △同　銀(31)".into()),
                None,
            ]
        );
        let csa = annotate(&game, &thoughts, Format::Csa);
        assert_eq!(
            first_comments(&csa),
            [
                Some("** 10".into()),
                Some("** -25 +8822UM -3122GI".into()),
                Some("** -31997 -3122GI".into()),
                None,
            ]
        );
        // USI has no comments; the record is unchanged.
        assert_eq!(annotate(&game, &thoughts, Format::Usi), game);
    }

    #[test]
    fn a_search_comment_comes_before_the_game_note() {
        let mut game = record(&["7g7f"]);
        let last = game.tree.main_line()[0];
        game.tree.node_mut(last).comments.push("adjudicated".into());
        let pv_only = SearchInfo {
            pv: vec!["7g7f".into(), "3c3d".into()],
            ..SearchInfo::default()
        };
        let kif = annotate(&game, &[Some(pv_only.clone())], Format::Kif);
        assert_eq!(
            kif.tree.node(last).comments,
            ["*対局 読み筋 △３四歩(33)", "adjudicated"]
        );
        // CSA's comment needs a score.
        assert_eq!(annotate(&game, &[Some(pv_only)], Format::Csa), game);
        let mate = Some(info(Score::MateUnknown(true), &["7g7f"]));
        let kif = formats_text(&annotate(&game, &[mate], Format::Kif));
        assert!(
            kif.contains("\n**対局 深さ 12 ノード数 3456 評価値 32000\n"),
            "{kif}"
        );
    }

    fn formats_text(record: &Record) -> String {
        koma_notation::formats::write(record, Format::Kif).unwrap()
    }
}
