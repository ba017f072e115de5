//! KI2: KIF's sibling for print, with several `▲７六歩` moves per line, the official
//! relative notation instead of sources, no times, and the ending only in the `まで`
//! summary. Reading and writing share [`crate::kif`]'s machinery.

use crate::kif::{Dialect, KifError, read, write_dialect};
use crate::movetext::japanese;
use crate::record::{GameEnd, Record, SideNames};
use crate::warning::Reading;
use koma_rules::{Color, Move, Position, Square, Variant, VariantKind};

pub use crate::movetext::japanese::MARKS;

/// Reads a KI2 record's bytes, detecting the encoding.
pub fn parse_bytes(bytes: &[u8]) -> Result<Record, KifError> {
    parse(&crate::encoding::decode(bytes).0)
}

/// Reads a KI2 record of standard shogi.
pub fn parse(text: &str) -> Result<Record, KifError> {
    parse_variant(VariantKind::Shogi, text)
}

/// Reads a KI2-style record of `variant` (the leniencies it needed are dropped: see
/// [`read_variant`]).
pub fn parse_variant(variant: VariantKind, text: &str) -> Result<Record, KifError> {
    read(variant, Dialect::Ki2, text).map(|r| r.record)
}

/// Reads a KI2-style record of `variant`, with the leniencies its reading needed.
pub fn read_variant(variant: VariantKind, text: &str) -> Result<Reading, KifError> {
    read(variant, Dialect::Ki2, text)
}

/// Writes a record as KI2 (times are not part of KI2 and are dropped).
pub fn write(record: &Record) -> Result<String, KifError> {
    write_dialect(record, Dialect::Ki2)
}

/// The moves of a KI2 line, each with its mark (`▲７六歩`, `△同銀`); the space inside
/// `同　銀` is dropped.
pub(crate) fn tokens(line: &str) -> Vec<String> {
    let mut tokens: Vec<String> = Vec::new();
    for ch in line.chars() {
        if MARKS.contains(&ch) {
            tokens.push(String::new());
        }
        if let Some(t) = tokens.last_mut() {
            if !ch.is_whitespace() {
                t.push(ch);
            }
        }
    }
    tokens
}

/// One move as KI2 writes it, with the mover's mark.
pub(crate) fn token<V: Variant>(pos: &Position<V>, m: Move, prev_to: Option<Square>) -> String {
    let mark = japanese::turn_mark(pos.side_to_move());
    format!("{mark}{}", japanese::ki2(pos, m, prev_to))
}

/// The summary after `まで` for an ending after `plies` moves with `to_move` to move, the
/// sides named as `names` says. `carried`: a KIF move line already says the ending, so the
/// summary names the winner as Kifu for Windows does (`77手で先手の勝ち` after 詰み); in
/// KI2 the summary is all there is, and keeps the words that read back as the same ending.
pub(crate) fn summary(
    end: &GameEnd,
    plies: usize,
    to_move: Color,
    carried: bool,
    names: SideNames,
) -> String {
    let (mover, other) = (names.name(to_move), names.name(!to_move));
    let what = match end {
        GameEnd::Resign => format!("{other}の勝ち"),
        GameEnd::Mate if carried => format!("{other}の勝ち"),
        GameEnd::OpponentResigned => format!("{mover}の勝ち"),
        GameEnd::TimeUp => format!("時間切れにより{other}の勝ち"),
        GameEnd::IllegalWin => format!("{mover}の反則勝ち"),
        GameEnd::IllegalLoss => format!("{mover}の反則負け"),
        GameEnd::EnteringKingWin => format!("{mover}の入玉勝ち"),
        GameEnd::PerpetualCheck => "連続王手の千日手".to_string(),
        GameEnd::MaxMoves => "最大手数".to_string(),
        GameEnd::Mate => "詰み".to_string(),
        other_end => other_end.japanese(),
    };
    format!("{plies}手で{what}")
}

/// The ending a summary (the text after `まで`) stands for, `to_move` being the side to
/// move after the last move; unknown summaries are kept verbatim.
pub(crate) fn ending_of_summary(text: &str, to_move: Color) -> Option<GameEnd> {
    let what = text.split_once('で').map_or(text, |(_, w)| w).trim();
    if what.is_empty() {
        return None;
    }
    let mover_named = |w: &str| {
        SideNames::ALL
            .iter()
            .any(|names| w.starts_with(names.name(to_move)))
    };
    Some(match what {
        w if w.starts_with("時間切れにより") => GameEnd::TimeUp,
        // The side named may be either: 反則 is judged from the side to move.
        w if w.ends_with("の反則勝ち") && mover_named(w) => GameEnd::IllegalWin,
        w if w.ends_with("の反則勝ち") => GameEnd::IllegalLoss,
        w if w.ends_with("の反則負け") && !mover_named(w) => GameEnd::IllegalWin,
        w if w.ends_with("の反則負け") => GameEnd::IllegalLoss,
        w if w.ends_with("の入玉勝ち") => GameEnd::EnteringKingWin,
        w if w.ends_with("の勝ち") && !mover_named(w) => GameEnd::Resign,
        // The side to move won without a word for how: its opponent resigned out of turn.
        w if w.ends_with("の勝ち") => GameEnd::OpponentResigned,
        "連続王手の千日手" => GameEnd::PerpetualCheck,
        "最大手数" => GameEnd::MaxMoves,
        "詰" | "詰み" => GameEnd::Mate,
        w if w.ends_with("手詰") => GameEnd::Mate,
        w => GameEnd::from_japanese(w).unwrap_or_else(|| GameEnd::Other(w.to_string())),
    })
}
