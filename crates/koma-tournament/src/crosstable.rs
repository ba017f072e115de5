//! The crosstable of a tournament, from its standings: one line per player in standings order,
//! with each round's opponent, result and colour, the points and the tie-breaks, as CSV or as a
//! standalone HTML page.
//!
//! Each line has a number (1, 2, ... in standings order) and a place (the rank, shared by
//! players tied on everything); a round names the opponent by their line number. A round's
//! cell is:
//!
//! | cell | meaning |
//! |---|---|
//! | `5+b`, `5-w`, `5=b` | a game against line 5 won, lost or drawn, as sente (`b`, black) or gote (`w`, white) |
//! | `5+w(-L)`, `5-b(+L)` | a handicap game: `-L` the player gave a lance, `+L` received it (the codes of FESA's results file, [`crate::fesa_file`]) |
//! | `5?b` | paired against line 5, no result (not entered yet, or not played) |
//! | `5+f`, `5-f` | a forfeit won or lost against line 5 |
//! | `bye` | a bye |
//! | `-` | not paired that round (absent, not yet entered, withdrawn) |
//!
//! Points and tie-breaks are written in points, with `.5` or `.25` where they have halves or
//! quarters.

use koma_rules::Handicap;

use crate::handicap::fesa_code;
use crate::record::{Pairing, Record};
use crate::standings::{StandingsError, TieBreak, standings};

/// The column of the names in [`Crosstable::headings`]: the one text a person typed.
const NAME_COLUMN: usize = 2;

/// A crosstable, ready to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Crosstable {
    /// The tie-breaks shown, in order.
    pub tie_breaks: Vec<TieBreak>,
    /// The number of rounds.
    pub rounds: usize,
    /// The lines, in standings order.
    pub rows: Vec<Row>,
}

/// One player's line of a crosstable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The line number (1-based), by which the other lines name this player.
    pub number: usize,
    /// The place (rank), shared by players tied on everything.
    pub place: usize,
    /// The entrant's index in the record.
    pub player: usize,
    /// The player's name.
    pub name: String,
    /// The rating the field was seeded by.
    pub rating: i32,
    /// Each round's cell (see the module docs).
    pub cells: Vec<String>,
    /// Points (McMahon start score included), as text.
    pub points: String,
    /// The tie-breaks' values, as text, in the order of [`Crosstable::tie_breaks`].
    pub tie_breaks: Vec<String>,
}

/// The crosstable of `record` with the tie-breaks `order`.
pub fn crosstable(record: &Record, order: &[TieBreak]) -> Result<Crosstable, StandingsError> {
    let table = standings(record, order)?;
    let mut line_of = vec![0; record.entrants().len()];
    for (i, s) in table.iter().enumerate() {
        line_of[s.player] = i + 1;
    }
    let cells = cells(record, &line_of);
    let rows = table
        .iter()
        .enumerate()
        .map(|(i, s)| Row {
            number: i + 1,
            place: s.rank,
            player: s.player,
            name: record.entrants()[s.player].name.clone(),
            rating: record.entrants()[s.player].rating,
            cells: cells[s.player].clone(),
            points: points_text(s.score, 2),
            tie_breaks: order
                .iter()
                .zip(&s.tie_breaks)
                .map(|(tb, &v)| points_text(v, tb.units_per_point()))
                .collect(),
        })
        .collect();
    Ok(Crosstable {
        tie_breaks: order.to_vec(),
        rounds: record.rounds().len(),
        rows,
    })
}

/// Every player's cell in every round: `cells[player][round]`.
fn cells(record: &Record, line_of: &[usize]) -> Vec<Vec<String>> {
    let rounds = record.rounds().len();
    let mut cells = vec![vec!["-".to_string(); rounds]; line_of.len()];
    for (r, round) in record.rounds().iter().enumerate() {
        for pairing in &round.pairings {
            match *pairing {
                Pairing::Game {
                    sente,
                    gote,
                    result,
                } => {
                    let (s, g) = result.marks().unwrap_or(('?', '?'));
                    let handicap = record.handicap_in(r, sente);
                    cells[sente][r] =
                        game_cell(line_of[gote], s, 'b', handicap_note(handicap, sente));
                    cells[gote][r] =
                        game_cell(line_of[sente], g, 'w', handicap_note(handicap, gote));
                }
                Pairing::Forfeit { winner, loser } => {
                    cells[winner][r] = format!("{}+f", line_of[loser]);
                    cells[loser][r] = format!("{}-f", line_of[winner]);
                }
                Pairing::Bye { player } => cells[player][r] = "bye".to_string(),
            }
        }
    }
    cells
}

fn game_cell(opponent: usize, result: char, colour: char, note: String) -> String {
    format!("{opponent}{result}{colour}{note}")
}

/// `(-L)` if `player` gave the handicap, `(+L)` if they received it, empty for an even game.
/// A handicap without a FESA code is written by its English name.
pub(crate) fn handicap_note(handicap: Option<(usize, Handicap)>, player: usize) -> String {
    match handicap {
        None => String::new(),
        Some((giver, h)) => {
            let side = if giver == player { '-' } else { '+' };
            format!("({side}{})", fesa_code(h).unwrap_or(h.name()))
        }
    }
}

/// `value` counted in `units` a point, as points: `5` in halves is `2.5`, `9` in quarters
/// `2.25`, `4` in halves `2`.
pub(crate) fn points_text(value: i32, units: i32) -> String {
    let sign = if value < 0 { "-" } else { "" };
    let (whole, part) = (value.abs() / units, value.abs() % units);
    match (part * 100 / units, part) {
        (_, 0) => format!("{sign}{whole}"),
        (hundredths, _) if hundredths % 10 == 0 => {
            format!("{sign}{whole}.{}", hundredths / 10)
        }
        (hundredths, _) => format!("{sign}{whole}.{hundredths:02}"),
    }
}

/// The short name of a tie-break as a column heading.
pub fn tie_break_heading(tb: TieBreak) -> &'static str {
    match tb {
        TieBreak::Sos => "SOS",
        TieBreak::Sosos => "SOSOS",
        TieBreak::Sodos => "SODOS",
        TieBreak::MedianSos => "MedianSOS",
        TieBreak::DirectEncounter => "DE",
    }
}

impl Crosstable {
    /// The headings: `No`, `Place`, `Name`, `Rating`, `R1` ... `Rn`, `Points`, the tie-breaks.
    pub fn headings(&self) -> Vec<String> {
        let mut h: Vec<String> = ["No", "Place", "Name", "Rating"].map(String::from).to_vec();
        h.extend((1..=self.rounds).map(|r| format!("R{r}")));
        h.push("Points".to_string());
        h.extend(
            self.tie_breaks
                .iter()
                .map(|&tb| tie_break_heading(tb).to_string()),
        );
        h
    }

    /// Each line's fields, in the order of [`Crosstable::headings`].
    fn fields(&self) -> impl Iterator<Item = Vec<String>> + '_ {
        self.rows.iter().map(|row| {
            let mut f = vec![
                row.number.to_string(),
                row.place.to_string(),
                row.name.clone(),
                row.rating.to_string(),
            ];
            f.extend(row.cells.iter().cloned());
            f.push(row.points.clone());
            f.extend(row.tie_breaks.iter().cloned());
            f
        })
    }

    /// The crosstable as CSV (RFC 4180: comma-separated, CRLF line ends, a field quoted when
    /// it holds a comma, a quote or a line break), headings first; a name is a text cell
    /// ([`csv_text`]), never a formula.
    pub fn to_csv(&self) -> String {
        let mut out = String::new();
        for line in std::iter::once(self.headings()).chain(self.fields()) {
            let quoted: Vec<String> = line
                .iter()
                .enumerate()
                .map(|(i, f)| {
                    if i == NAME_COLUMN {
                        csv_text(f)
                    } else {
                        csv_field(f)
                    }
                })
                .collect();
            out.push_str(&quoted.join(","));
            out.push_str("\r\n");
        }
        out
    }

    /// The crosstable as a standalone HTML page titled `title`, in the language `lang` (a
    /// BCP 47 tag) with `headings` in the order of [`Crosstable::headings`] (theirs, in
    /// English, where none are given).
    pub fn to_html(&self, title: &str, lang: &str, headings: Option<Vec<String>>) -> String {
        let title = koma_notation::svg::escape(title);
        let lang = koma_notation::svg::escape(lang);
        let mut out = format!(
            "<!DOCTYPE html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n\
             <title>{title}</title>\n<style>\n\
             table {{ border-collapse: collapse; font-family: sans-serif; }}\n\
             th, td {{ border: 1px solid #999; padding: 0.2em 0.5em; text-align: center; }}\n\
             td.name {{ text-align: left; }}\n\
             @media print {{ th, td {{ border-color: #000; }} }}\n\
             </style>\n</head>\n<body>\n<h1>{title}</h1>\n<table>\n<thead>\n<tr>"
        );
        for h in headings.unwrap_or_else(|| self.headings()) {
            out.push_str(&format!("<th>{}</th>", koma_notation::svg::escape(&h)));
        }
        out.push_str("</tr>\n</thead>\n<tbody>\n");
        for line in self.fields() {
            out.push_str("<tr>");
            for (i, f) in line.iter().enumerate() {
                let class = if i == NAME_COLUMN {
                    " class=\"name\""
                } else {
                    ""
                };
                out.push_str(&format!(
                    "<td{class}>{}</td>",
                    koma_notation::svg::escape(f)
                ));
            }
            out.push_str("</tr>\n");
        }
        out.push_str("</tbody>\n</table>\n</body>\n</html>\n");
        out
    }
}

/// A CSV field (RFC 4180), quoted when it holds a comma, a quote or a line break.
pub fn csv_field(field: &str) -> String {
    if field.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_string()
    }
}

/// A text cell of a CSV (a name, an id: what a person typed): [`csv_field`], with a `'`
/// before a first character that makes a spreadsheet read a formula (`=`, `+`, `-`, `@`,
/// a tab, a carriage return), as OWASP advises against CSV injection. Not for numbers: a
/// negative one would become text.
pub fn csv_text(field: &str) -> String {
    if field.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        csv_field(&format!("'{field}"))
    } else {
        csv_field(field)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_are_written_with_their_fractions() {
        assert_eq!(points_text(0, 2), "0");
        assert_eq!(points_text(4, 2), "2");
        assert_eq!(points_text(5, 2), "2.5");
        assert_eq!(points_text(9, 4), "2.25");
        assert_eq!(points_text(10, 4), "2.5");
        assert_eq!(points_text(11, 4), "2.75");
        assert_eq!(points_text(-3, 2), "-1.5");
        assert_eq!(points_text(-1, 4), "-0.25");
    }

    /// A name a spreadsheet would read as a formula is written as text (a leading `'`);
    /// the cells koma writes itself, numbers and `-` included, are left as they are.
    #[test]
    fn a_name_is_never_a_formula_in_the_csv() {
        let row = |number: usize, name: &str| Row {
            number,
            place: number,
            player: number - 1,
            name: name.to_string(),
            rating: 1500,
            cells: vec!["-".to_string()],
            points: "-1.5".to_string(),
            tie_breaks: Vec::new(),
        };
        let table = Crosstable {
            tie_breaks: Vec::new(),
            rounds: 1,
            rows: vec![
                row(1, "=HYPERLINK(\"http://x\",\"y\")"),
                row(2, "@SUM(A1)"),
                row(3, "+81"),
                row(4, "-Minus"),
                row(5, "Plain"),
            ],
        };
        let lines: Vec<String> = table.to_csv().lines().map(String::from).collect();
        assert_eq!(
            lines[1..],
            [
                "1,1,\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",1500,-,-1.5",
                "2,2,'@SUM(A1),1500,-,-1.5",
                "3,3,'+81,1500,-,-1.5",
                "4,4,'-Minus,1500,-,-1.5",
                "5,5,Plain,1500,-,-1.5",
            ]
        );
        // The page shows the names as they are.
        assert!(
            table
                .to_html("t", "en", None)
                .contains("<td class=\"name\">+81</td>")
        );
    }

    #[test]
    fn csv_and_html_escape_what_they_must() {
        assert_eq!(csv_field("Smith, John"), "\"Smith, John\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("plain"), "plain");
        assert_eq!(csv_field("-12"), "-12");
        assert_eq!(csv_text("plain"), "plain");
        assert_eq!(csv_text("a=b-c"), "a=b-c");
        for (text, cell) in [
            ("=1+2", "'=1+2"),
            ("+81", "'+81"),
            ("-12", "'-12"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\tx", "'\tx"),
            ("\rx", "\"'\rx\""),
            ("=A1,B1", "\"'=A1,B1\""),
            ("=\"x\"", "\"'=\"\"x\"\"\""),
        ] {
            assert_eq!(csv_text(text), cell, "{text:?}");
        }
        assert_eq!(
            koma_notation::svg::escape("<b>&'\""),
            "&lt;b&gt;&amp;&apos;&quot;"
        );
    }
}
