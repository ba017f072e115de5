//! The exports of a tournament: the crosstable (CSV and HTML), FESA's results file and the
//! FESA Elo changes, written by koma_tournament from the same record as the standings.

use super::model::Tournament;
use super::refusal::Refusal;
use koma_game::rating::fesa::{Entrant, Player, Rules};
use koma_tournament::crosstable::{crosstable, csv_text};
use koma_tournament::elo::fesa_changes;
use koma_tournament::fesa_file::{self, Date, Event, FesaPlayer, TimeControl};
use koma_tournament::standings::TieBreak;

/// The event's tie-breaks in its order.
fn order(t: &Tournament) -> Vec<TieBreak> {
    t.settings
        .tiebreaks
        .iter()
        .map(|tb| tb.tie_break())
        .collect()
}

/// The crosstable as CSV.
pub fn csv(t: &Tournament) -> Result<String, Refusal> {
    let table = crosstable(&t.record()?, &order(t)).map_err(|e| Refusal::Export(e.to_string()))?;
    Ok(table.to_csv())
}

/// The crosstable as a standalone HTML page.
pub fn html(t: &Tournament, lang: &str) -> Result<String, Refusal> {
    let table = crosstable(&t.record()?, &order(t)).map_err(|e| Refusal::Export(e.to_string()))?;
    let text = |id: &str| crate::i18n::text(lang, id, None);
    let mut headings: Vec<String> = ["number", "place", "name", "rating"]
        .map(|h| text(&format!("tournament-crosstable-{h}")))
        .to_vec();
    for round in 1..=table.rounds {
        let mut args = fluent_bundle::FluentArgs::new();
        args.set("round", round);
        headings.push(crate::i18n::text(
            lang,
            "tournament-crosstable-round",
            Some(&args),
        ));
    }
    headings.push(text("tournament-crosstable-points"));
    for tb in &table.tie_breaks {
        // The page's names of the tie-breaks (tournament.ftl).
        headings.push(text(match tb {
            TieBreak::Sos => "tournament-tiebreak-sos",
            TieBreak::Sosos => "tournament-tiebreak-sosos",
            TieBreak::Sodos => "tournament-tiebreak-sodos",
            TieBreak::MedianSos => "tournament-tiebreak-median-sos",
            TieBreak::DirectEncounter => "tournament-tiebreak-direct",
        }));
    }
    Ok(table.to_html(&t.settings.name, lang, Some(headings)))
}

/// The UTC date of Unix milliseconds.
fn date(ms: u64) -> Date {
    let days = i64::try_from(ms / 86_400_000).unwrap_or(0);
    let (year, month, day) = koma_game::datetime::civil(days);
    Date {
        year: u16::try_from(year).unwrap_or(0),
        month: u8::try_from(month).unwrap_or(0),
        day: u8::try_from(day).unwrap_or(0),
    }
}

/// A name as FESA's list has it: the last word the last name, the words before it the
/// first name; a player new to the list (no FESA id) with the nationality entered.
fn fesa_player(name: &str, fesa_id: Option<&str>, nationality: Option<&str>) -> FesaPlayer {
    let (first, last) = match name.trim().rsplit_once(' ') {
        Some((first, last)) => (first.trim(), last),
        None => ("", name.trim()),
    };
    match fesa_id {
        Some(_) => FesaPlayer::listed(last, first),
        None => FesaPlayer::new_player(last, first, nationality),
    }
}

/// FESA's results file in ISO 8859-1, the event played in `city`, `country`: dated by the
/// first and last rounds (UTC), players without a FESA id marked new.
pub fn fesa(t: &Tournament, city: &str, country: &str) -> Result<Vec<u8>, Refusal> {
    let paired =
        |r: Option<&super::model::RoundRec>| r.and_then(|r| r.started_at).unwrap_or(t.created_ms);
    let event = Event {
        name: t.settings.name.clone(),
        city: city.to_string(),
        country: country.to_string(),
        first_day: date(paired(t.rounds.first())),
        last_day: date(paired(t.rounds.last())),
        time_control: t.settings.clock.map(|c| TimeControl {
            minutes: u32::try_from(c.initial_s / 60).unwrap_or(u32::MAX),
            byoyomi_seconds: u32::try_from(c.byoyomi_s.max(c.increment_s)).unwrap_or(u32::MAX),
        }),
    };
    let players: Vec<FesaPlayer> = t
        .players
        .iter()
        .map(|p| fesa_player(&p.name, p.fesa_id.as_deref(), p.nationality.as_deref()))
        .collect();
    let text = fesa_file::results_file(&t.record()?, &order(t), &event, &players)
        .map_err(|e| Refusal::Export(e.to_string()))?;
    fesa_file::to_iso_8859_1(&text).map_err(|e| Refusal::Export(e.to_string()))
}

/// The FESA Elo changes as CSV, rated as FESA's rating program rates ([`Rules::PROGRAM`]): a
/// player with a FESA id is rated from the entry's rating and counted games (100 when not
/// given, so no bonus for few games); a player without one is new to the list and gets a
/// performance rating, starting from the entry's rating ([`Entrant::new_player`]: a win and
/// a loss against it, as the program counts a new player's national grade). Byes, forfeits and unplayed games are not rated. Names and ids are
/// text cells ([`csv_text`]), never formulas.
pub fn elo_csv(t: &Tournament) -> Result<String, Refusal> {
    let list: Vec<Entrant> = t
        .players
        .iter()
        .map(|p| match p.fesa_id {
            Some(_) => Entrant::Rated(Player::new(
                i64::from(p.rating),
                p.fesa_games.unwrap_or(100),
            )),
            None => Entrant::new_player(f64::from(p.rating)),
        })
        .collect();
    let elo = fesa_changes(&t.record()?, &list, &Rules::PROGRAM)
        .map_err(|e| Refusal::Export(e.to_string()))?;
    let mut out = String::from("No,Name,FESA id,Rating,Rated games,Change,New rating\n");
    for (i, (p, e)) in t.players.iter().zip(&elo).enumerate() {
        let change = e.change().map(|c| format!("{c:+}")).unwrap_or_default();
        out.push_str(&format!(
            "{},{},{},{},{},{},{}\n",
            i + 1,
            csv_text(&p.name),
            csv_text(p.fesa_id.as_deref().unwrap_or_default()),
            p.rating,
            e.games.len(),
            change,
            e.rating_after()
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_split_at_the_last_space_and_dates_are_utc_days() {
        let p = fesa_player("Taro  Yamada", Some("123"), Some("JP"));
        assert_eq!(
            (p.last_name.as_str(), p.first_name.as_str(), p.new),
            ("Yamada", "Taro", false)
        );
        let p = fesa_player("Madonna", None, Some("IT"));
        assert_eq!(
            (p.last_name.as_str(), p.first_name.as_str(), p.new),
            ("Madonna", "", true)
        );
        assert_eq!(p.nationality.as_deref(), Some("IT"));
        // 2026-11-26 00:00 UTC less one millisecond is still the 25th.
        let ms = 1_795_651_200_000;
        assert_eq!(
            date(ms),
            Date {
                year: 2026,
                month: 11,
                day: 26
            }
        );
        assert_eq!(
            date(ms - 1),
            Date {
                year: 2026,
                month: 11,
                day: 25
            }
        );
    }
}
