//! Resign adjudication: a game both engines agree is lost ends early, as cutechess-cli's
//! `-resign movecount=N score=S twosided=true` ends it.

use crate::usi_client::Score;
use koma_rules::Color;
use std::fmt;
use std::str::FromStr;

/// The rule: a side loses once, for its engine's last `moves` turns, that engine scored
/// `-score_cp` or worse and the opponent's engine `+score_cp` or better over its own last
/// `moves` turns (mate scores count as beyond any threshold, with their sign).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Adjudication {
    /// How many consecutive turns of each engine (at least 1).
    pub moves: u32,
    /// The threshold in centipawns (not negative).
    pub score_cp: i32,
}

/// Why a text is not an adjudication rule `MOVES:CENTIPAWNS`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AdjudicationError {
    /// The text has no `:`.
    #[error("`{0}` is not MOVES:CENTIPAWNS (e.g. 4:1500)")]
    Form(String),
    /// The move count is not a whole number of at least 1.
    #[error("`{0}` is not a move count of at least 1")]
    Moves(String),
    /// The threshold is not a whole number of centipawns, 0 or more.
    #[error("`{0}` is not a score in centipawns of 0 or more")]
    Score(String),
}

/// `4:1500`: four turns of each engine, 1500 centipawns.
impl FromStr for Adjudication {
    type Err = AdjudicationError;

    fn from_str(text: &str) -> Result<Adjudication, AdjudicationError> {
        let (moves, score) = text
            .split_once(':')
            .ok_or_else(|| AdjudicationError::Form(text.to_string()))?;
        let moves = moves
            .trim()
            .parse()
            .ok()
            .filter(|&n: &u32| n >= 1)
            .ok_or_else(|| AdjudicationError::Moves(moves.to_string()))?;
        let score_cp = score
            .trim()
            .parse()
            .ok()
            .filter(|&cp: &i32| cp >= 0)
            .ok_or_else(|| AdjudicationError::Score(score.to_string()))?;
        Ok(Adjudication { moves, score_cp })
    }
}

/// `4:1500`, the form the rule is parsed from.
impl fmt::Display for Adjudication {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.moves, self.score_cp)
    }
}

/// `score` in centipawns, a mate as far beyond any threshold as an `i64` goes. `mate 0`
/// (or `mate -0`) is the reporting engine mated.
fn centipawns(score: Score) -> i64 {
    match score {
        Score::Cp(cp) => i64::from(cp),
        Score::Mate(n) if n > 0 => i64::MAX,
        Score::Mate(_) => i64::MIN,
        Score::MateUnknown(winning) if winning => i64::MAX,
        Score::MateUnknown(_) => i64::MIN,
    }
}

/// `+1500`, `-320`, `mate 5`, `mate -4`, `mate +`: a score as the note prints it.
fn score_text(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("{cp:+}"),
        Score::Mate(n) => format!("mate {n}"),
        Score::MateUnknown(winning) => format!("mate {}", if winning { '+' } else { '-' }),
    }
}

/// One side's latest scores: how many turns in a row were losing and winning ones.
#[derive(Clone, Debug, Default)]
struct Streak {
    losing: u32,
    winning: u32,
    /// The last `moves` scores, oldest first.
    recent: Vec<Score>,
}

/// Follows both engines' scores through a game and says when one side has lost.
#[derive(Clone, Debug)]
pub struct ResignWatch {
    rule: Adjudication,
    /// Sente's streak, then gote's.
    streaks: [Streak; 2],
}

impl ResignWatch {
    /// A game with no turns yet under `rule`.
    pub fn new(rule: Adjudication) -> ResignWatch {
        ResignWatch {
            rule,
            streaks: Default::default(),
        }
    }

    /// Counts a turn of `side`'s engine that reported `score` (none: its streaks restart).
    pub fn record(&mut self, side: Color, score: Option<Score>) {
        let streak = &mut self.streaks[side.index()];
        let Some(score) = score else {
            *streak = Streak::default();
            return;
        };
        let cp = centipawns(score);
        let threshold = i64::from(self.rule.score_cp);
        let count = |hit: bool, n: u32| if hit { n.saturating_add(1) } else { 0 };
        streak.losing = count(cp <= -threshold, streak.losing);
        streak.winning = count(cp >= threshold, streak.winning);
        streak.recent.push(score);
        let keep = self.rule.moves.max(1) as usize;
        if streak.recent.len() > keep {
            streak.recent.drain(..streak.recent.len() - keep);
        }
    }

    /// The side whose loss both engines agree on, if there is one.
    pub fn loser(&self) -> Option<Color> {
        let needed = self.rule.moves.max(1);
        [Color::Black, Color::White].into_iter().find(|&side| {
            self.streaks[side.index()].losing >= needed
                && self.streaks[(!side).index()].winning >= needed
        })
    }

    /// `adjudicated 4:1500: gote -1620 -1700 -1800 -1910, sente +1550 +1600 +1720 +1800`:
    /// the rule and the last scores of each side, the loser's first (names as given).
    pub fn note(&self, loser: Color, names: [&str; 2]) -> String {
        let scores = |side: Color| {
            let texts: Vec<String> = self.streaks[side.index()]
                .recent
                .iter()
                .map(|&s| score_text(s))
                .collect();
            format!("{} {}", names[side.index()], texts.join(" "))
        };
        format!(
            "adjudicated {}: {}, {}",
            self.rule,
            scores(loser),
            scores(!loser)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULE: Adjudication = Adjudication {
        moves: 3,
        score_cp: 1000,
    };

    /// Plays alternating turns from sente, each `(sente's score, gote's score)`.
    fn watch(turns: &[(Option<Score>, Option<Score>)]) -> ResignWatch {
        let mut watch = ResignWatch::new(RULE);
        for &(black, white) in turns {
            watch.record(Color::Black, black);
            watch.record(Color::White, white);
        }
        watch
    }

    fn cp(n: i32) -> Option<Score> {
        Some(Score::Cp(n))
    }

    #[test]
    fn parses_moves_and_centipawns() {
        let rule: Adjudication = "4:1500".parse().unwrap();
        assert_eq!(
            rule,
            Adjudication {
                moves: 4,
                score_cp: 1500
            }
        );
        assert_eq!(rule.to_string(), "4:1500");
        assert_eq!(
            " 1 : 0 ".parse::<Adjudication>().unwrap(),
            Adjudication {
                moves: 1,
                score_cp: 0
            }
        );
        for (text, err) in [
            ("4", AdjudicationError::Form("4".into())),
            ("0:1500", AdjudicationError::Moves("0".into())),
            ("x:1500", AdjudicationError::Moves("x".into())),
            ("4:-5", AdjudicationError::Score("-5".into())),
            ("4:15.5", AdjudicationError::Score("15.5".into())),
            ("4:", AdjudicationError::Score("".into())),
        ] {
            assert_eq!(text.parse::<Adjudication>(), Err(err), "{text}");
        }
    }

    #[test]
    fn both_engines_must_agree_for_the_whole_streak() {
        let lost = (cp(-1000), cp(1000));
        assert_eq!(watch(&[lost, lost]).loser(), None);
        assert_eq!(watch(&[lost, lost, lost]).loser(), Some(Color::Black));
        assert_eq!(
            watch(&[(cp(2000), cp(-1500)); 3]).loser(),
            Some(Color::White)
        );
        // One side alone thinks it is lost: no adjudication.
        assert_eq!(watch(&[(cp(-3000), cp(999)); 5]).loser(), None);
        assert_eq!(watch(&[(cp(-999), cp(3000)); 5]).loser(), None);
        // A turn inside the threshold breaks the streak.
        let mid = (cp(-999), cp(1000));
        assert_eq!(watch(&[lost, lost, mid, lost, lost]).loser(), None);
        assert_eq!(
            watch(&[lost, lost, mid, lost, lost, lost]).loser(),
            Some(Color::Black)
        );
    }

    #[test]
    fn a_turn_without_a_score_restarts_the_streak() {
        let lost = (cp(-1500), cp(1500));
        assert_eq!(watch(&[lost, (None, cp(1500)), lost, lost]).loser(), None);
        assert_eq!(watch(&[lost, (cp(-1500), None), lost, lost]).loser(), None);
        let w = watch(&[lost, (None, cp(1500)), lost, lost, lost]);
        assert_eq!(w.loser(), Some(Color::Black));
    }

    #[test]
    fn mates_are_beyond_any_threshold() {
        let mated = (Some(Score::Mate(-5)), Some(Score::Mate(4)));
        assert_eq!(watch(&[mated; 3]).loser(), Some(Color::Black));
        let unknown = (
            Some(Score::MateUnknown(true)),
            Some(Score::MateUnknown(false)),
        );
        assert_eq!(watch(&[unknown; 3]).loser(), Some(Color::White));
        let zero = (Some(Score::Mate(0)), cp(1000));
        assert_eq!(watch(&[zero; 3]).loser(), Some(Color::Black));
        // A mate for the side that should be lost breaks its streak.
        let wrong = (Some(Score::Mate(3)), cp(1000));
        assert_eq!(
            watch(&[(cp(-1000), cp(1000)), wrong, (cp(-1000), cp(1000))]).loser(),
            None
        );
    }

    #[test]
    fn the_note_gives_the_last_scores() {
        let w = watch(&[
            (cp(50), cp(-40)),
            (cp(-1200), cp(1100)),
            (cp(-1300), Some(Score::Mate(7))),
            (Some(Score::Mate(-6)), Some(Score::Mate(5))),
        ]);
        assert_eq!(w.loser(), Some(Color::Black));
        assert_eq!(
            w.note(Color::Black, ["A", "B"]),
            "adjudicated 3:1000: A -1200 -1300 mate -6, B +1100 mate 7 mate 5"
        );
    }
}
