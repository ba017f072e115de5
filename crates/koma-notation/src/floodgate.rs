//! What Floodgate (the computer-shogi server) writes into its CSA records as comments: each
//! engine's evaluation and principal variation after its move, the players' ratings in the
//! header, and the game's summary at the end.
//!
//! ```text
//! 'black_rate:Titanda_L+6b6e46d505f45eee12b22e90e0fd1e5d:3345.0
//! 'white_rate:HarrySan+c9f457ba94a46d05c651216233db6d00:3453.0
//! +7776FU
//! T0
//! '** 104 -3334FU +2726FU
//! ...
//! 'summary:toryo:Titanda_L lose:HarrySan win
//! ```
//!
//! Scores are as Floodgate writes them: from **sente's (black's) point of view**, positive
//! when sente stands better, whichever side moved (the server asks engines for that sign);
//! mate scores are whatever large number the engine sent (often ±100000). The CSA reader
//! keeps comments verbatim after the `'`, so these functions read the record's comments.
//!
//! ```
//! use koma_notation::{csa, floodgate};
//!
//! let text = "PI\n+\n'black_rate:a+x:1500.5\n+7776FU\n'** 35 -3334FU\n-3334FU\n+2726FU\n'** -12\n";
//! let record = csa::parse(text).unwrap();
//! assert_eq!(floodgate::move_scores(&record), vec![Some(35), None, Some(-12)]);
//! let ratings = floodgate::ratings(&record);
//! assert_eq!(ratings.black.map(|r| r.rate), Some(1500.5));
//! assert!(ratings.white.is_none());
//! ```

use crate::csa;
use crate::record::{Entry, GameEnd, MoveTree, NodeId, Record};
use koma_rules::variants::Shogi;
use koma_rules::{Color, Move, Position};

/// The prefix of an evaluation comment (after the `'` the reader drops).
const EVALUATION: &str = "**";

/// One engine's evaluation after its move: `'** <score> <pv>`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Evaluation {
    /// The score from sente's point of view (positive: sente better); `None` when the
    /// comment gives no integer there.
    pub score: Option<i32>,
    /// The principal variation as the comment writes it: CSA moves (`-3334FU`), the first
    /// one the opponent's reply to the commented move.
    pub pv: Vec<String>,
}

impl Evaluation {
    /// The evaluation a comment holds (`** 104 -3334FU +2726FU`, the text after the `'`),
    /// or `None` if the comment is not one.
    pub fn parse(comment: &str) -> Option<Evaluation> {
        let (score, pv) = split(comment)?;
        let pv = pv.split_whitespace().map(str::to_string).collect();
        Some(Evaluation { score, pv })
    }

    /// The score from `color`'s point of view (sente's negated for gote).
    pub fn score_for(&self, color: Color) -> Option<i32> {
        self.score.map(|s| match color {
            Color::Black => s,
            Color::White => s.saturating_neg(),
        })
    }

    /// The PV's moves, played from `pos` (the position after the commented move): the
    /// moves up to the first one that is not a legal CSA move there (engines' PVs are
    /// sometimes wrong or cut short).
    pub fn pv_moves(&self, pos: &Position<Shogi>) -> Vec<Move> {
        let mut pos = *pos;
        let mut moves = Vec::new();
        for text in &self.pv {
            let Ok(m) = csa::parse_move(&pos, text) else {
                break;
            };
            if pos.play(m).is_err() {
                break;
            }
            moves.push(m);
        }
        moves
    }
}

/// An evaluation comment's score and the text of its PV, without copying it; `None` if the
/// comment is not one.
fn split(comment: &str) -> Option<(Option<i32>, &str)> {
    let rest = comment.strip_prefix(EVALUATION)?;
    // `'**` alone, or followed by a space; `'***` and the like are other comments.
    if !(rest.is_empty() || rest.starts_with([' ', '\t'])) {
        return None;
    }
    let rest = rest.trim_start();
    let (first, after) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    match first.strip_prefix('+').unwrap_or(first).parse::<i32>() {
        Ok(score) => Some((Some(score), after)),
        // A first word that is no score may already be the PV.
        Err(_) => Some((None, rest)),
    }
}

/// The main line's move nodes (up to its ending).
fn move_nodes(tree: &MoveTree) -> impl Iterator<Item = NodeId> + '_ {
    tree.main_line()
        .into_iter()
        .take_while(|&id| matches!(tree.node(id).entry, Some(Entry::Move(_))))
}

/// The evaluation after each move of the main line (the first `'**` comment of the move),
/// `None` for a move without one: one entry per move of [`MoveTree::main_moves`].
pub fn move_evaluations(record: &Record) -> Vec<Option<Evaluation>> {
    move_nodes(&record.tree)
        .map(|id| {
            let comments = &record.tree.node(id).comments;
            comments.iter().find_map(|c| Evaluation::parse(c))
        })
        .collect()
}

/// The score after each move of the main line, from sente's point of view (see the module
/// documentation); `None` for a move with no evaluation or no score in it.
pub fn move_scores(record: &Record) -> Vec<Option<i32>> {
    move_nodes(&record.tree)
        .map(|id| {
            let comments = &record.tree.node(id).comments;
            comments.iter().find_map(|c| split(c)).and_then(|(s, _)| s)
        })
        .collect()
}

/// A player's rating as the header gives it (`'black_rate:NAME:3210.5`).
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    /// The player's Floodgate name (with its `+hash` part, as written).
    pub player: String,
    /// The rating.
    pub rate: f64,
}

/// Both players' ratings, when the record gives them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Ratings {
    /// Sente's rating (`'black_rate:`).
    pub black: Option<Rating>,
    /// Gote's rating (`'white_rate:`).
    pub white: Option<Rating>,
}

impl Ratings {
    /// The rating of `color`.
    pub fn of(&self, color: Color) -> Option<&Rating> {
        match color {
            Color::Black => self.black.as_ref(),
            Color::White => self.white.as_ref(),
        }
    }
}

/// The rating a comment gives for `key` (`black_rate` or `white_rate`): the player is what
/// lies between the key and the last `:`, the rate what follows it.
fn rating(comment: &str, key: &str) -> Option<Rating> {
    let rest = comment.strip_prefix(key)?.strip_prefix(':')?;
    let (player, rate) = rest.rsplit_once(':')?;
    let rate: f64 = rate.trim().parse().ok()?;
    rate.is_finite().then(|| Rating {
        player: player.to_string(),
        rate,
    })
}

/// The players' ratings from the comments on the start position (the first of each).
pub fn ratings(record: &Record) -> Ratings {
    let comments = &record.tree.node(MoveTree::ROOT).comments;
    let first = |key| comments.iter().find_map(|c| rating(c, key));
    Ratings {
        black: first("black_rate"),
        white: first("white_rate"),
    }
}

/// The server's summary of the game (`'summary:toryo:Titanda_L lose:HarrySan win`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// How the game ended, in the server's word: `toryo`, `time up`, `illegal move`,
    /// `sennichite`, `oute_sennichite`, `jishogi`, `max_moves`, `abnormal`, ...
    pub reason: String,
    /// Each player with the server's verdict (`win`, `lose`, `draw`), in the order written.
    pub results: Vec<(String, String)>,
}

impl Summary {
    /// The summary a comment holds (the text after the `'`), if it is one.
    pub fn parse(comment: &str) -> Option<Summary> {
        let rest = comment.strip_prefix("summary:")?;
        let mut parts = rest.split(':');
        let reason = parts.next()?.trim().to_string();
        let results = parts
            .filter_map(|p| {
                let (player, verdict) = p.trim().rsplit_once(' ')?;
                Some((player.to_string(), verdict.to_string()))
            })
            .collect();
        Some(Summary { reason, results })
    }
}

impl Summary {
    /// The player the summary says lost (`lose`), if any.
    pub fn loser(&self) -> Option<&str> {
        self.results
            .iter()
            .find(|(_, verdict)| verdict == "lose")
            .map(|(player, _)| player.as_str())
    }

    /// The ending this summary stands for in a record that writes no end code, with
    /// `to_move` to move after the last move and the players named `names` (sente's,
    /// gote's): Floodgate writes none when a player's move was illegal (`illegal move`:
    /// the loser the summary names, else the side to move, lost by a foul) or the game
    /// reached the move limit (`max_moves`). Other summaries follow an end code of their
    /// own, and give `None`.
    pub fn ending(&self, to_move: Color, names: [Option<&str>; 2]) -> Option<GameEnd> {
        match self.reason.as_str() {
            "illegal move" => {
                let loser = self.loser().and_then(|l| {
                    Color::ALL
                        .into_iter()
                        .find(|c| names[c.index()].is_some_and(|n| n.trim() == l))
                });
                Some(if loser == Some(!to_move) {
                    GameEnd::IllegalWin
                } else {
                    GameEnd::IllegalLoss
                })
            }
            "max_moves" => Some(GameEnd::MaxMoves),
            _ => None,
        }
    }
}

/// The summary among the record's comments (on the start position, where Floodgate's
/// trailing comments land when no move precedes them, or on any node of the main line).
pub fn summary(record: &Record) -> Option<Summary> {
    let tree = &record.tree;
    std::iter::once(MoveTree::ROOT)
        .chain(tree.main_line())
        .flat_map(|id| tree.node(id).comments.iter())
        .find_map(|c| Summary::parse(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_evaluation_has_a_score_and_a_pv() {
        let e = Evaluation::parse("** -85 +4857GI -6364FU").unwrap();
        assert_eq!(e.score, Some(-85));
        assert_eq!(e.pv, ["+4857GI", "-6364FU"]);
        assert_eq!(e.score_for(Color::White), Some(85));
        assert_eq!(Evaluation::parse("** 0").unwrap().score, Some(0));
        assert_eq!(Evaluation::parse("** +7").unwrap().score, Some(7));
        assert_eq!(Evaluation::parse("**").unwrap(), Evaluation::default());
    }

    #[test]
    fn other_comments_are_no_evaluation() {
        assert_eq!(Evaluation::parse("* 30 -3334FU"), None);
        assert_eq!(Evaluation::parse("***"), None);
        assert_eq!(Evaluation::parse("a comment"), None);
        let odd = Evaluation::parse("** -3334FU +2726FU").unwrap();
        assert_eq!(odd.score, None);
        assert_eq!(odd.pv, ["-3334FU", "+2726FU"]);
        assert_eq!(Evaluation::parse("** 99999999999").unwrap().score, None);
    }

    #[test]
    fn the_pv_is_played_up_to_its_first_wrong_move() {
        let record =
            csa::parse("PI\n+\n+7776FU\n'** 50 -3334FU +8822UM -9999XX +1111FU\n").unwrap();
        let e = move_evaluations(&record)[0].clone().unwrap();
        let mut pos = Position::<Shogi>::startpos();
        pos.play(record.tree.main_moves()[0]).unwrap();
        let pv = e.pv_moves(&pos);
        assert_eq!(pv.len(), 2);
    }

    #[test]
    fn ratings_come_from_the_header_comments() {
        let text = "N+a\nN-b\n'black_rate:a+0f:3345.0\n'white_rate:b+1e:3453.5\nPI\n+\n+7776FU\n";
        let r = ratings(&csa::parse(text).unwrap());
        assert_eq!(r.of(Color::Black).map(|r| r.rate), Some(3345.0));
        assert_eq!(r.white.as_ref().map(|r| r.player.as_str()), Some("b+1e"));
        assert_eq!(r.white.map(|r| r.rate), Some(3453.5));
        assert_eq!(rating("black_rate:a:x", "black_rate"), None);
        assert_eq!(rating("black_rate:a:NaN", "black_rate"), None);
    }

    #[test]
    fn the_summary_names_the_reason_and_the_verdicts() {
        let text = "PI\n+\n+7776FU\n%TORYO\n'summary:toryo:Titanda_L lose:HarrySan win\n";
        let s = summary(&csa::parse(text).unwrap()).unwrap();
        assert_eq!(s.reason, "toryo");
        assert_eq!(
            s.results,
            [
                ("Titanda_L".to_string(), "lose".to_string()),
                ("HarrySan".to_string(), "win".to_string())
            ]
        );
        let t = Summary::parse("summary:time up:x win:y lose").unwrap();
        assert_eq!(t.reason, "time up");
        assert_eq!(t.loser(), Some("y"));
        assert_eq!(t.ending(Color::Black, [Some("x"), Some("y")]), None);
    }

    #[test]
    fn an_illegal_move_summary_ends_the_game_for_its_loser() {
        let s = Summary::parse("summary:illegal move:a lose:b win").unwrap();
        let names = [Some("a"), Some("b")];
        assert_eq!(s.ending(Color::Black, names), Some(GameEnd::IllegalLoss));
        assert_eq!(s.ending(Color::White, names), Some(GameEnd::IllegalWin));
        // Names the header lacks: the side to move lost, as cshogi reads it.
        assert_eq!(
            s.ending(Color::White, [None, None]),
            Some(GameEnd::IllegalLoss)
        );
        let m = Summary::parse("summary:max_moves:a draw:b draw").unwrap();
        assert_eq!(m.ending(Color::Black, names), Some(GameEnd::MaxMoves));
    }

    #[test]
    fn the_corpus_floodgate_record_has_a_score_per_move() {
        let path = koma_testdata::shared_dir().join("corpus/csa/v2.csa");
        let text = std::fs::read_to_string(&path).expect("the shared corpus's v2.csa");
        let record = csa::parse(&text).unwrap();
        let scores = move_scores(&record);
        assert_eq!(scores.len(), record.tree.main_moves().len());
        assert_eq!(&scores[..3], &[Some(104), Some(0), Some(85)]);
        assert_eq!(scores.last(), Some(&Some(-100000)));
        assert_eq!(ratings(&record).black.map(|r| r.rate), Some(3345.0));
    }
}
