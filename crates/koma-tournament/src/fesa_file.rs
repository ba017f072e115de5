//! FESA's tournament results file (`turnering.txt`), as an organiser sends it to FESA for
//! rating.
//!
//! # Sources
//!
//! The layout is the one of fesashogi.eu's "Tournament System User Guide" (fesashogi.eu/
//! tournament-system-user-guide, "Creating the tournament file"): the file is ISO 8859-1 text;
//! its first line is `[Tournament Name, City, Country, Date(range)]`, its second the last day
//! `[YYYY-MM-DD]`, its third (recommended) `[Time control: XXmin + YYsec]`, its fourth
//! (optional) column headings; then one line a player,
//! `<Placement> [<LastName>][<FirstName>][<Results>][<MacMahon>] <Points>`, and for a player not
//! yet in FESA's list `<Placement> N [<LastName>][<FirstName>] <Nationality> [<Results>]
//! [<MacMahon>] <Points>`, with a two-letter country code; results such as `2+ 3- 1=`.
//!
//! The guide's text available here stops before it spells out a round's token in full, so the
//! rest is taken from FESA's rating program, which reads this file (`turnering.lisp`,
//! github.com/kota/elo_rating, functions `les`, `parse-line`, `splitt-results`, `calculate`,
//! `get-single-elo-result-new`; its archives hold files of this form):
//! - a round is `<opponent><result>`, the opponent by *line number* in the file (the program
//!   counts player lines from 1, and the first must be numbered 1), the result `+`, `-` or `=`;
//! - opponent `0` is the program's dummy player: a round without a game. koma writes a bye as
//!   `0+` (a whole point) or `0=` (half a point), a forfeit as `0+` for the player present and
//!   `0-` for the absent one, and an absence or a game not played as `0-`; the program scores
//!   these but rates none of them;
//! - a handicap game adds `(<side><code>)`: side `+` for the player who received the handicap,
//!   `-` for the one who gave it (the program lowers the opponent's rating for `+`), and the
//!   codes L, B, R, RL, 2p, 4p, 5p, 6p ([`crate::handicap::fesa_code`]);
//! - the MacMahon bracket is optional (0 when missing) and is added to the points; koma writes
//!   it only when a start score is not 0. Text after the last bracket, the points, is for
//!   people; koma writes the McMahon start score plus the points of the rounds.
//!
//! Choices of koma's, where neither source says: the placement written is the line number
//! (players tied on everything share a rank, but the rounds name lines); points are written
//! `2.5` and `3`; a tournament of several days writes its dates as an ISO 8601 interval,
//! `2025-01-05/2025-01-06`; the column headings line is always written (it has no `+`, `-`
//! or `=`, so the program skips it); lines end with `\n`. FESA's program finds players by last
//! and first name (`find-player`): the file has no place for a FESA id.

use thiserror::Error;

use crate::crosstable::{handicap_note, points_text};
use crate::handicap::fesa_code;
use crate::record::{Pairing, Record};
use crate::standings::{StandingsError, TieBreak, standings};

/// A calendar date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    /// The year (1000 to 9999).
    pub year: u16,
    /// The month, 1 to 12.
    pub month: u8,
    /// The day of the month, from 1.
    pub day: u8,
}

impl Date {
    /// `YYYY-MM-DD`, if the date exists.
    fn text(self) -> Result<String, FesaFileError> {
        let leap = self.year % 4 == 0 && (self.year % 100 != 0 || self.year % 400 == 0);
        let days = match self.month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => 0,
        };
        if !(1000..=9999).contains(&self.year) || self.day == 0 || self.day > days {
            return Err(FesaFileError::BadDate(self));
        }
        Ok(format!(
            "{:04}-{:02}-{:02}",
            self.year, self.month, self.day
        ))
    }
}

/// A time control as the file's third line gives it: main time and byoyomi.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeControl {
    /// Main time in minutes.
    pub minutes: u32,
    /// Byoyomi in seconds.
    pub byoyomi_seconds: u32,
}

/// What the file says of the event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    /// The tournament's name.
    pub name: String,
    /// The city it was played in.
    pub city: String,
    /// The country it was played in.
    pub country: String,
    /// The first day.
    pub first_day: Date,
    /// The last day (the same as the first for a one-day event).
    pub last_day: Date,
    /// The time control, if it is to be written (the guide recommends it).
    pub time_control: Option<TimeControl>,
}

/// A player as FESA's list knows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FesaPlayer {
    /// Last name, as in FESA's list.
    pub last_name: String,
    /// First name, as in FESA's list.
    pub first_name: String,
    /// Two-letter country code (ISO 3166), written for new players.
    pub nationality: Option<String>,
    /// Not yet in FESA's list: marked `N`.
    pub new: bool,
}

impl FesaPlayer {
    /// A player already in FESA's list.
    pub fn listed(last_name: impl Into<String>, first_name: impl Into<String>) -> Self {
        FesaPlayer {
            last_name: last_name.into(),
            first_name: first_name.into(),
            nationality: None,
            new: false,
        }
    }

    /// A player new to FESA's list, from the country `nationality` if known.
    pub fn new_player(
        last_name: impl Into<String>,
        first_name: impl Into<String>,
        nationality: Option<&str>,
    ) -> Self {
        FesaPlayer {
            nationality: nationality.map(String::from),
            new: true,
            ..FesaPlayer::listed(last_name, first_name)
        }
    }
}

/// Why the results file could not be written.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FesaFileError {
    /// The players given do not match the field one for one.
    #[error("the record has {field} entrants but {given} FESA players were given")]
    FieldMismatch {
        /// Entrants in the record.
        field: usize,
        /// Players given.
        given: usize,
    },
    /// A text holds a bracket or a line break, which would break the file's layout.
    #[error("{what} {text:?} holds a bracket or a line break")]
    BadText {
        /// Which text (e.g. "last name of entrant 3").
        what: String,
        /// The text.
        text: String,
    },
    /// A text holds a character ISO 8859-1 cannot write.
    #[error("{what} holds {character:?}, which ISO 8859-1 cannot write")]
    NotLatin1 {
        /// Which text.
        what: String,
        /// The character.
        character: char,
    },
    /// A nationality that is not two capital letters.
    #[error("entrant {player}: nationality {code:?} is not a two-letter country code")]
    BadNationality {
        /// The entrant.
        player: usize,
        /// The code given.
        code: String,
    },
    /// A date that does not exist.
    #[error("{0:?} is not a date")]
    BadDate(Date),
    /// The last day before the first.
    #[error("the last day is before the first")]
    DatesReversed,
    /// A handicap FESA's program has no code for.
    #[error("round {round}: the {handicap} handicap has no code in FESA's results file")]
    UnknownHandicap {
        /// Round (1-based).
        round: usize,
        /// The handicap's name.
        handicap: &'static str,
    },
    /// A record without rounds: FESA's program reads no player line without a result.
    #[error("the record has no rounds to report")]
    NoRounds,
    /// The standings could not be computed.
    #[error(transparent)]
    Standings(#[from] StandingsError),
}

/// The results file of `record`, players placed by the standings with tie-breaks `order`;
/// `players[i]` is entrant `i` as FESA knows them. Returned as text: write it out with
/// [`to_iso_8859_1`] (every character has been checked to fit).
pub fn results_file(
    record: &Record,
    order: &[TieBreak],
    event: &Event,
    players: &[FesaPlayer],
) -> Result<String, FesaFileError> {
    if players.len() != record.entrants().len() {
        return Err(FesaFileError::FieldMismatch {
            field: record.entrants().len(),
            given: players.len(),
        });
    }
    if record.rounds().is_empty() {
        return Err(FesaFileError::NoRounds);
    }
    check_handicaps(record)?;
    let mut out = header(event)?;
    let table = standings(record, order)?;
    let mcmahon = record.entrants().iter().any(|e| e.start_score != 0);
    let rounds = record.rounds().len();
    out.push_str("Nr Name Nat");
    for r in 1..=rounds {
        out.push_str(&format!(" {r}"));
    }
    out.push_str(if mcmahon { " MM Pts\n" } else { " Pts\n" });
    let mut line_of = vec![0; players.len()];
    for (i, s) in table.iter().enumerate() {
        line_of[s.player] = i + 1;
    }
    let tokens = tokens(record, &line_of);
    for (i, s) in table.iter().enumerate() {
        let p = &players[s.player];
        let last = text(&p.last_name, || {
            format!("last name of entrant {}", s.player)
        })?;
        let first = text(&p.first_name, || {
            format!("first name of entrant {}", s.player)
        })?;
        let mut line = format!("{} ", i + 1);
        if p.new {
            line.push_str(&format!("N [{last}][{first}] "));
            if let Some(code) = &p.nationality {
                if code.len() != 2 || !code.bytes().all(|b| b.is_ascii_uppercase()) {
                    return Err(FesaFileError::BadNationality {
                        player: s.player,
                        code: code.clone(),
                    });
                }
                line.push_str(&format!("{code} "));
            }
        } else {
            line.push_str(&format!("[{last}][{first}]"));
        }
        line.push_str(&format!("[{}]", tokens[s.player].join(" ")));
        if mcmahon {
            let start = record.entrants()[s.player].start_score;
            line.push_str(&format!("[{}]", points_text(start, 2)));
        }
        line.push_str(&format!(" {}\n", points_text(s.score, 2)));
        out.push_str(&line);
    }
    Ok(out)
}

/// The header lines: name and place, the last day, the time control.
fn header(event: &Event) -> Result<String, FesaFileError> {
    let (first, last) = (event.first_day.text()?, event.last_day.text()?);
    if event.last_day < event.first_day {
        return Err(FesaFileError::DatesReversed);
    }
    let dates = if first == last {
        first
    } else {
        format!("{first}/{last}")
    };
    let name = text(&event.name, || "the tournament's name".to_string())?;
    let city = text(&event.city, || "the city".to_string())?;
    let country = text(&event.country, || "the country".to_string())?;
    let mut out = format!("[{name}, {city}, {country}, {dates}]\n[{last}]\n");
    if let Some(tc) = event.time_control {
        out.push_str(&format!(
            "[Time control: {}min + {}sec]\n",
            tc.minutes, tc.byoyomi_seconds
        ));
    }
    Ok(out)
}

/// Every handicap noted has a code in the file.
fn check_handicaps(record: &Record) -> Result<(), FesaFileError> {
    for h in record.handicaps() {
        if fesa_code(h.handicap).is_none() {
            return Err(FesaFileError::UnknownHandicap {
                round: h.round + 1,
                handicap: h.handicap.name(),
            });
        }
    }
    Ok(())
}

/// Every player's round tokens: `tokens[player][round]`.
fn tokens(record: &Record, line_of: &[usize]) -> Vec<Vec<String>> {
    let mut tokens = vec![vec!["0-".to_string(); record.rounds().len()]; line_of.len()];
    let bye = if record.bye_points() == crate::record::WIN {
        "0+"
    } else {
        "0="
    };
    for (r, round) in record.rounds().iter().enumerate() {
        for pairing in &round.pairings {
            match *pairing {
                Pairing::Game {
                    sente,
                    gote,
                    result,
                } => {
                    let Some((s, g)) = result.marks() else {
                        continue;
                    };
                    let h = record.handicap_in(r, sente);
                    tokens[sente][r] = format!("{}{s}{}", line_of[gote], handicap_note(h, sente));
                    tokens[gote][r] = format!("{}{g}{}", line_of[sente], handicap_note(h, gote));
                }
                Pairing::Forfeit { winner, .. } => tokens[winner][r] = "0+".to_string(),
                Pairing::Bye { player } => tokens[player][r] = bye.to_string(),
            }
        }
    }
    tokens
}

/// `value` checked to fit in the file: no bracket or line break, ISO 8859-1 only.
fn text(value: &str, what: impl Fn() -> String) -> Result<&str, FesaFileError> {
    if value.contains(['[', ']', '\n', '\r']) {
        return Err(FesaFileError::BadText {
            what: what(),
            text: value.to_string(),
        });
    }
    if let Some(character) = value.chars().find(|&c| u32::from(c) > 0xFF) {
        return Err(FesaFileError::NotLatin1 {
            what: what(),
            character,
        });
    }
    Ok(value)
}

/// `text` encoded as ISO 8859-1, the file's encoding; the first character it cannot write is
/// an error.
pub fn to_iso_8859_1(text: &str) -> Result<Vec<u8>, FesaFileError> {
    text.chars()
        .map(|c| {
            u8::try_from(u32::from(c)).map_err(|_| FesaFileError::NotLatin1 {
                what: "the text".to_string(),
                character: c,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_checked() {
        let d = |year, month, day| Date { year, month, day };
        assert_eq!(d(2024, 2, 29).text().unwrap(), "2024-02-29");
        assert_eq!(
            d(2025, 2, 29).text(),
            Err(FesaFileError::BadDate(d(2025, 2, 29)))
        );
        assert_eq!(
            d(1900, 2, 29).text(),
            Err(FesaFileError::BadDate(d(1900, 2, 29)))
        );
        assert_eq!(d(2000, 2, 29).text().unwrap(), "2000-02-29");
        assert_eq!(
            d(2025, 13, 1).text(),
            Err(FesaFileError::BadDate(d(2025, 13, 1)))
        );
        assert_eq!(
            d(2025, 4, 31).text(),
            Err(FesaFileError::BadDate(d(2025, 4, 31)))
        );
    }

    #[test]
    fn latin1_encoding() {
        assert_eq!(to_iso_8859_1("Müller").unwrap(), b"M\xfcller".to_vec());
        assert!(matches!(
            to_iso_8859_1("羽生"),
            Err(FesaFileError::NotLatin1 {
                character: '羽',
                ..
            })
        ));
    }
}
