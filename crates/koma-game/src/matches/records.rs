//! The records of a match's games: KIF and CSA files with the match's header (Chu's as
//! KIF the way lishogi writes it).

use super::{MatchError, thoughts};
use crate::clock::TimeControl;
use crate::game::Game;
use crate::rules::RuleSet;
use crate::usi_client::SearchInfo;
use koma_notation::formats::{self, Format};
use koma_notation::record::{self, Record};
use koma_rules::Variant;
use koma_rules::chu::Chu;
use std::path::{Path, PathBuf};

/// What goes in a game record's header besides the moves.
#[derive(Clone, Copy, Debug)]
pub struct RecordHeader<'a> {
    /// Sente's and gote's names.
    pub players: [&'a str; 2],
    /// When the game started, as records write it.
    pub started: &'a str,
    /// The time control.
    pub time: TimeControl,
    /// The rules.
    pub rules: RuleSet,
    /// A remark for the end of the game (an engine's failure).
    pub note: Option<&'a str>,
}

/// The game as a record with the match's header (the opening's moves, played off the
/// clock, carry no time).
fn game_record<V: Variant>(game: &Game<V>, header: &RecordHeader) -> Record {
    let mut record = game.to_record();
    set_header(&mut record.header, header);
    let line = record.tree.main_line();
    if let (Some(note), Some(&last)) = (header.note, line.last()) {
        record.tree.node_mut(last).comments.push(note.to_string());
    }
    record
}

/// The match's lines of a record's header: start, event, time control, the rules'
/// limits, the players.
fn set_header(h: &mut record::Header, header: &RecordHeader) {
    h.set("開始日時", header.started);
    h.set("棋戦", "koma match");
    if let Some(time) = csa_time(header.time) {
        h.set("持ち時間", &time);
    }
    if let Some(plies) = header.rules.max_plies {
        h.set("最大手数", &plies.to_string());
    }
    if header.rules.declaration {
        h.set("持将棋", "27");
    }
    h.set("先手", header.players[0]);
    h.set("後手", header.players[1]);
}

/// The time control in CSA V3's `$TIME` form, seconds `main+byoyomi+increment`, which KIF
/// readers take as it is; `None` when unlimited.
fn csa_time(time: TimeControl) -> Option<String> {
    let secs = |ms: u64| {
        if ms % 1000 == 0 {
            (ms / 1000).to_string()
        } else {
            format!("{}", ms as f64 / 1000.0)
        }
    };
    Some(match time {
        TimeControl::Unlimited => return None,
        TimeControl::SuddenDeath { main_ms } => format!("{}+0+0", secs(main_ms)),
        TimeControl::Byoyomi {
            main_ms, period_ms, ..
        } => format!("{}+{}+0", secs(main_ms), secs(period_ms)),
        TimeControl::Fischer {
            main_ms,
            increment_ms,
        } => format!("{}+0+{}", secs(main_ms), secs(increment_ms)),
    })
}

/// Writes game `number` of a 9x9 variant into `dir` as `game-NNN.kif` (Shift_JIS, as
/// other programs read it) and `game-NNN.csa` for shogi, each move with its engine's
/// search (`thoughts`, by main-line index) as that format's comment; a variant that KIF
/// has no convention for (Dōbutsu) as `game-NNN.usi`.
pub(crate) fn family_records<V: Variant>(
    game: &Game<V>,
    header: &RecordHeader,
    thoughts: &[Option<SearchInfo>],
    dir: &Path,
    number: usize,
) -> Result<Vec<PathBuf>, MatchError> {
    let record = game_record(game, header);
    let formats: Vec<(Format, &str)> = [(Format::Kif, "kif"), (Format::Csa, "csa")]
        .into_iter()
        .filter(|(format, _)| format.holds(record.variant))
        .collect();
    let formats = if formats.is_empty() {
        vec![(Format::Usi, "usi")]
    } else {
        formats
    };
    let mut written = Vec::new();
    for (format, ext) in formats {
        let path = dir.join(format!("game-{number:03}.{ext}"));
        let record = thoughts::annotate(&record, thoughts, format);
        let text = formats::write(&record, format).map_err(|e| MatchError::Io {
            path: path.clone(),
            source: std::io::Error::other(e.to_string()),
        })?;
        save(&path, &text)?;
        written.push(path);
    }
    Ok(written)
}

/// Writes Chu game `number` into `dir` as `game-NNN.kif`, as lishogi writes Chu; an
/// engine's failure goes in the header's remark (備考).
pub(crate) fn chu_records(
    game: &Game<Chu>,
    header: &RecordHeader,
    dir: &Path,
    number: usize,
) -> Result<Vec<PathBuf>, MatchError> {
    let mut lines = record::Header::default();
    set_header(&mut lines, header);
    if let Some(note) = header.note {
        lines.set("備考", note);
    }
    let path = dir.join(format!("game-{number:03}.kif"));
    save(&path, &crate::chu::record::kif_text(game, &lines))?;
    Ok(vec![path])
}

/// Writes a record's text to `path`, in the encoding its name calls for.
fn save(path: &Path, text: &str) -> Result<(), MatchError> {
    let bytes = koma_notation::encoding::record_file_bytes(text, &path.to_string_lossy());
    std::fs::write(path, bytes).map_err(|source| MatchError::Io {
        path: path.to_path_buf(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_in_csa_form() {
        assert_eq!(
            csa_time(TimeControl::byoyomi(600_000, 10_000)).unwrap(),
            "600+10+0"
        );
        assert_eq!(csa_time(TimeControl::byoyomi(0, 200)).unwrap(), "0+0.2+0");
        assert_eq!(
            csa_time(TimeControl::fischer(2_000, 100)).unwrap(),
            "2+0+0.1"
        );
        assert_eq!(
            csa_time(TimeControl::sudden_death(60_000)).unwrap(),
            "60+0+0"
        );
        assert_eq!(csa_time(TimeControl::Unlimited), None);
    }
}
