//! The results of a match: each game's, and the totals for engine A.

use super::elo::Elo;
use crate::outcome::Outcome;
use koma_rules::Color;
use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;

/// How one game of a match went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The game's number, from 1.
    pub number: usize,
    /// The line of its opening in the openings file, if it had one from a file.
    pub opening_line: Option<usize>,
    /// Which engine played sente: 0 for A, 1 for B.
    pub sente: usize,
    /// How the game ended.
    pub outcome: Outcome,
    /// The moves played in the game, the opening's included.
    pub plies: usize,
    /// The moves played before the engines took over: the opening's and the random ones.
    pub opening_plies: usize,
    /// What went wrong with an engine, if anything did (`B: engine exited`).
    pub note: Option<String>,
    /// The records written.
    pub records: Vec<PathBuf>,
}

impl GameResult {
    /// The engine (0 for A, 1 for B) playing `color`.
    pub fn engine_of(&self, color: Color) -> usize {
        match color {
            Color::Black => self.sente,
            Color::White => 1 - self.sente,
        }
    }

    /// The winning engine (0 for A, 1 for B), or `None` for a draw.
    pub fn winner(&self) -> Option<usize> {
        self.outcome.winner.map(|c| self.engine_of(c))
    }

    /// Engine A's points: 1 for a win, ½ for a draw, 0 for a loss.
    pub fn score_a(&self) -> f64 {
        match self.winner() {
            Some(0) => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

/// The totals of a match, from engine A's side.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchSummary {
    /// The engines' names, A first.
    pub names: [String; 2],
    /// A's wins.
    pub wins: u32,
    /// A's losses.
    pub losses: u32,
    /// Draws.
    pub draws: u32,
    /// Games by how they ended (the reason's name), each as [won by A, won by B, drawn].
    pub reasons: BTreeMap<&'static str, [u32; 3]>,
    /// Every game, in order.
    pub games: Vec<GameResult>,
}

impl MatchSummary {
    /// No games yet between engines named `names` (A first).
    pub fn new(names: [String; 2]) -> MatchSummary {
        MatchSummary {
            names,
            ..MatchSummary::default()
        }
    }

    /// Counts a finished game.
    pub fn add(&mut self, result: GameResult) {
        let column = match result.winner() {
            Some(0) => {
                self.wins += 1;
                0
            }
            Some(_) => {
                self.losses += 1;
                1
            }
            None => {
                self.draws += 1;
                2
            }
        };
        self.reasons
            .entry(result.outcome.reason.name())
            .or_default()[column] += 1;
        self.games.push(result);
    }

    /// Games played.
    pub fn played(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// A's points (a win 1, a draw ½).
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// A's Elo advantage over B with its 95% error bar, once a game has been played.
    pub fn elo(&self) -> Option<Elo> {
        Elo::from_results(self.wins, self.losses, self.draws)
    }

    /// The score line: `Score of A vs B: 12 - 5 - 3 [0.675] 20 games, Elo +127.0 ± 150.3`
    /// (A's wins, losses, draws, its mean score, and the Elo difference with its 95% bar).
    pub fn score_line(&self) -> String {
        let mut line = format!(
            "Score of {} vs {}: {} - {} - {}",
            self.names[0], self.names[1], self.wins, self.losses, self.draws
        );
        match self.elo() {
            Some(elo) => line.push_str(&format!(
                " [{:.3}] {} games, Elo difference {elo} (95%)",
                elo.score,
                self.played()
            )),
            None => line.push_str(" (no games)"),
        }
        line
    }
}

/// The endings, one line per reason (`checkmate: 7 (A 4, B 3)`), then the score line.
impl fmt::Display for MatchSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (reason, [a, b, draws]) in &self.reasons {
            let total = a + b + draws;
            write!(f, "{reason}: {total}")?;
            let mut parts = Vec::new();
            if *a > 0 {
                parts.push(format!("won by A {a}"));
            }
            if *b > 0 {
                parts.push(format!("won by B {b}"));
            }
            if *draws > 0 && (*a > 0 || *b > 0) {
                parts.push(format!("drawn {draws}"));
            }
            if !parts.is_empty() {
                write!(f, " ({})", parts.join(", "))?;
            }
            writeln!(f)?;
        }
        f.write_str(&self.score_line())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::Reason;

    fn result(number: usize, sente: usize, outcome: Outcome) -> GameResult {
        GameResult {
            number,
            opening_line: None,
            sente,
            outcome,
            plies: 10,
            opening_plies: 0,
            note: None,
            records: Vec::new(),
        }
    }

    #[test]
    fn totals_follow_the_colours() {
        let mut s = MatchSummary::new(["A".into(), "B".into()]);
        s.add(result(1, 0, Outcome::win(Color::Black, Reason::Checkmate)));
        s.add(result(2, 1, Outcome::win(Color::Black, Reason::Checkmate)));
        s.add(result(
            3,
            0,
            Outcome::loss(Color::Black, Reason::TimeForfeit),
        ));
        s.add(result(4, 1, Outcome::draw(Reason::MaxPlies)));
        assert_eq!((s.wins, s.losses, s.draws), (1, 2, 1));
        assert_eq!(s.points(), 1.5);
        assert_eq!(s.reasons["checkmate"], [1, 1, 0]);
        assert_eq!(s.reasons["time-forfeit"], [0, 1, 0]);
        let text = s.to_string();
        assert!(
            text.contains("checkmate: 2 (won by A 1, won by B 1)\n"),
            "{text}"
        );
        assert!(text.contains("max-moves: 1\n"), "{text}");
        assert!(
            text.lines()
                .last()
                .unwrap()
                .starts_with("Score of A vs B: 1 - 2 - 1 [0.375] 4 games, Elo difference -88.7 ± "),
            "{text}"
        );
    }
}
