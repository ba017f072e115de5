//! A game's record header from what the server knows: the players (先手/後手, or 下手/上手 in
//! a handicap game), the event (棋戦: a tournament's name and round), the start (開始日時)
//! and the time control (持ち時間), each in the words of the format written.

use crate::games::LiveGame;
use koma_game::clock::TimeControl;
use koma_game::datetime;
use koma_notation::formats::Format;
use koma_notation::record::{Header, Record};
use koma_rules::{Color, Handicap};

/// The name written for the engine's seat.
const ENGINE_NAME: &str = "koma";

/// Fills `record`'s header for `format` from `live` and the tournament that started it.
pub fn fill(record: &mut Record, live: &LiveGame, format: Format, event: Option<String>) {
    let handicap = !matches!(record.handicap(), Some(Handicap::Even) | None);
    let lines = header(live, format, event, handicap);
    record.header.entries.extend(lines.entries);
}

/// The header of `live`'s record in `format`, the tournament that started it (`event`)
/// included; the players are 下手/上手 in a `handicap` game.
pub fn header(live: &LiveGame, format: Format, event: Option<String>, handicap: bool) -> Header {
    let mut header = Header::default();
    let keys = if handicap {
        ["下手", "上手"]
    } else {
        ["先手", "後手"]
    };
    for color in Color::ALL {
        let name = live.players[color.index()]
            .as_ref()
            .map(|p| p.name.clone())
            .or_else(|| {
                let engine = live.stored.engine.as_ref()?;
                (engine.seat == color).then(|| ENGINE_NAME.to_string())
            });
        if let Some(name) = name {
            header.push(keys[color.index()], &name);
        }
    }
    if let Some(event) = event {
        header.push("棋戦", &event);
    }
    let started = live.started_ms.unwrap_or(live.stored.created_ms);
    header.push("開始日時", &datetime::record_text(started / 1000));
    if let Some(control) = live.stored.setup.time_control {
        let text = match format {
            Format::Csa => csa_time(control),
            _ => japanese_time(control),
        };
        if let Some(text) = text {
            header.push("持ち時間", &text);
        }
    }
    header
}

/// `10分`, `90秒`: a duration as a KIF header writes it.
fn japanese_duration(ms: u64) -> String {
    match ms / 1000 {
        s if s >= 60 && s % 60 == 0 => format!("{}分", s / 60),
        s => format!("{s}秒"),
    }
}

/// 持ち時間 as KIF writes it: `各10分（秒読み30秒）`, `各5分（1手ごとに10秒加算）`.
fn japanese_time(control: TimeControl) -> Option<String> {
    Some(match control {
        TimeControl::Unlimited => return None,
        TimeControl::SuddenDeath { main_ms } => {
            format!("各{}（切れ負け）", japanese_duration(main_ms))
        }
        TimeControl::Byoyomi {
            main_ms,
            period_ms,
            periods,
        } => {
            let times = if periods > 1 {
                format!("×{periods}回")
            } else {
                String::new()
            };
            let (main, period) = (japanese_duration(main_ms), japanese_duration(period_ms));
            format!("各{main}（秒読み{period}{times}）")
        }
        TimeControl::Fischer {
            main_ms,
            increment_ms,
        } => {
            let (main, inc) = (japanese_duration(main_ms), japanese_duration(increment_ms));
            format!("各{main}（1手ごとに{inc}加算）")
        }
    })
}

/// Seconds as CSA V3 writes them (decimals only when needed).
fn csa_seconds(ms: u64) -> String {
    match ms % 1000 {
        0 => (ms / 1000).to_string(),
        frac => format!(
            "{}.{}",
            ms / 1000,
            format!("{frac:03}").trim_end_matches('0')
        ),
    }
}

/// CSA V3's `$TIME` value: `total+byoyomi+increment` in seconds (one byoyomi period: CSA
/// has no count of them).
fn csa_time(control: TimeControl) -> Option<String> {
    let (main, byoyomi, increment) = match control {
        TimeControl::Unlimited => return None,
        TimeControl::SuddenDeath { main_ms } => (main_ms, 0, 0),
        TimeControl::Byoyomi {
            main_ms, period_ms, ..
        } => (main_ms, period_ms, 0),
        TimeControl::Fischer {
            main_ms,
            increment_ms,
        } => (main_ms, 0, increment_ms),
    };
    let [m, b, i] = [main, byoyomi, increment].map(csa_seconds);
    Some(format!("{m}+{b}+{i}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_in_each_formats_words() {
        let byoyomi: TimeControl = "10m+30s".parse().unwrap();
        assert_eq!(japanese_time(byoyomi).unwrap(), "各10分（秒読み30秒）");
        assert_eq!(csa_time(byoyomi).unwrap(), "600+30+0");
        let fischer: TimeControl = "fischer:5m+10s".parse().unwrap();
        assert_eq!(
            japanese_time(fischer).unwrap(),
            "各5分（1手ごとに10秒加算）"
        );
        assert_eq!(csa_time(fischer).unwrap(), "300+0+10");
        assert_eq!(japanese_time(TimeControl::Unlimited), None);
    }
}
