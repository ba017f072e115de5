//! A Chu shogi game: moves judged by the rules, lishogi's endings, fourfold repetition and
//! perpetual attack; and matches between two USI engines ([`matches`](mod@matches)).

pub mod matches;

use crate::outcome::{Foul, Outcome, Reason};
use koma_notation::chu::{START_SFEN, parse_usi, write};
use koma_rules::Color;
use koma_rules::chu::{ChuEnding, ChuMove, ChuPosition, attacks};

/// Why a move cannot be played in a Chu game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChuGameError {
    /// The game is over.
    #[error("the game is over")]
    Over,
}

/// A Chu game from its start.
#[derive(Clone, Debug)]
pub struct ChuGame {
    start: ChuPosition,
    position: ChuPosition,
    moves: Vec<ChuMove>,
    /// The key of every position, the start's first.
    keys: Vec<u64>,
    /// How many attacking moves in a row each side has just made (a check, or the moved
    /// piece attacking an enemy piece), as lishogi counts for perpetual attack.
    attacks: [u32; 2],
    outcome: Option<Outcome>,
}

impl ChuGame {
    /// A game from `start`, judged at once (a position may already be over).
    pub fn new(start: ChuPosition) -> ChuGame {
        let mut game = ChuGame {
            start,
            position: start,
            moves: Vec::new(),
            keys: vec![start.key()],
            attacks: [0; 2],
            outcome: None,
        };
        game.outcome = game.judge();
        game
    }

    /// A game from the start position.
    pub fn startpos() -> ChuGame {
        ChuGame::new(ChuPosition::startpos())
    }

    /// The position now.
    pub fn position(&self) -> &ChuPosition {
        &self.position
    }

    /// The start position.
    pub fn start(&self) -> &ChuPosition {
        &self.start
    }

    /// The moves played.
    pub fn moves(&self) -> &[ChuMove] {
        &self.moves
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.position.side_to_move()
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The KIF's last line once the game is over: `まで64手で先手の勝ち`, `まで90手で引き分け`.
    pub fn summary(&self) -> Option<String> {
        let outcome = self.outcome?;
        let plies = self.moves().len();
        Some(match outcome.winner {
            Some(Color::Black) => format!("まで{plies}手で先手の勝ち"),
            Some(Color::White) => format!("まで{plies}手で後手の勝ち"),
            None => format!("まで{plies}手で引き分け"),
        })
    }

    /// Ends the game (a resignation, a loss on time, an adjudication).
    pub fn end(&mut self, outcome: Outcome) {
        if self.outcome.is_none() {
            self.outcome = Some(outcome);
        }
    }

    /// Plays the move written `text` for the side to move: a move that is not legal (or not
    /// a move) loses the game, as a foul.
    pub fn play_usi(&mut self, text: &str) -> Result<Option<Outcome>, ChuGameError> {
        if self.is_over() {
            return Err(ChuGameError::Over);
        }
        let mover = self.side_to_move();
        let foul = match parse_usi(text) {
            Err(_) => Foul::NotAMove,
            Ok(m) if self.position.legal_moves().contains(&m) => return self.play(m),
            Ok(_) => Foul::NotLegal,
        };
        let outcome = Outcome::win(!mover, Reason::IllegalMove(foul));
        self.outcome = Some(outcome);
        Ok(Some(outcome))
    }

    /// Plays `m`, which must be legal, and judges the position it leads to.
    pub fn play(&mut self, m: ChuMove) -> Result<Option<Outcome>, ChuGameError> {
        if self.is_over() {
            return Err(ChuGameError::Over);
        }
        let mover = self.side_to_move();
        self.position.play_unchecked(m);
        self.moves.push(m);
        self.keys.push(self.position.key());
        let attacking = self.is_attacking(m);
        let a = &mut self.attacks[mover.index()];
        *a = if attacking { *a + 1 } else { 0 };
        self.outcome = self.judge();
        Ok(self.outcome)
    }

    /// Whether the move just played checks, or leaves the moved piece attacking an enemy
    /// piece (lishogi's `isAttacking` for Chu, its raw attacks standing in for its moves).
    fn is_attacking(&self, m: ChuMove) -> bool {
        let pos = &self.position;
        let them = pos.side_to_move();
        if pos.in_check(them) {
            return true;
        }
        let Some(piece) = pos.piece_at(m.to()) else {
            return false;
        };
        !(attacks(piece, m.to(), pos.occupied()) & pos.color_bb(them)).is_empty()
    }

    /// The rules' verdict on the position now: lishogi's endings, then fourfold
    /// repetition (lost by a side that attacked throughout it, else a draw).
    fn judge(&self) -> Option<Outcome> {
        if let Some(o) = self.position.outcome() {
            let reason = match o.ending {
                ChuEnding::RoyalsLost => Reason::RoyalCaptured,
                ChuEnding::NoMoves => Reason::NoMoves,
                ChuEnding::BareKing => Reason::BareKing,
                ChuEnding::BareRoyals => Reason::BareRoyals,
            };
            return Some(match o.winner {
                Some(w) => Outcome::win(w, reason),
                None => Outcome::draw(reason),
            });
        }
        let last = self.keys.len() - 1;
        let key = self.keys[last];
        let same: Vec<usize> = (0..=last)
            .rev()
            .step_by(2)
            .filter(|&i| self.keys[i] == key)
            .collect();
        if same.len() < 4 {
            return None;
        }
        let first = *same.last().expect("four occurrences");
        let distance = ((last - first) / 2) as u32;
        let attacked = Color::ALL.map(|c| self.attacks[c.index()] >= distance);
        Some(match attacked {
            [true, false] => Outcome::win(Color::White, Reason::PerpetualCheck),
            [false, true] => Outcome::win(Color::Black, Reason::PerpetualCheck),
            _ => Outcome::draw(Reason::Sennichite),
        })
    }

    /// The USI `position` command of the game so far.
    pub fn usi_position(&self) -> String {
        let sfen = write(&self.start);
        let mut line = if sfen == START_SFEN {
            "position startpos".to_string()
        } else {
            format!("position sfen {sfen}")
        };
        if !self.moves.is_empty() {
            line.push_str(" moves");
            for m in &self.moves {
                line.push_str(&format!(" {m}"));
            }
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_notation::chu::parse;

    #[test]
    fn a_foul_loses_and_taking_the_king_wins() {
        let mut g = ChuGame::startpos();
        assert_eq!(g.play_usi("7i7h"), Ok(None));
        let o = g.play_usi("7i7h").unwrap().unwrap();
        assert_eq!(
            o,
            Outcome::win(Color::Black, Reason::IllegalMove(Foul::NotLegal))
        );
        assert_eq!(g.play_usi("6d6e"), Err(ChuGameError::Over));
        let mut g = ChuGame::startpos();
        let o = g.play_usi("zz").unwrap().unwrap();
        assert_eq!(o.reason, Reason::IllegalMove(Foul::NotAMove));

        let mut g = ChuGame::new(parse("kp10/12/12/12/12/12/12/12/12/12/12/R10K b - 1").unwrap());
        let o = g.play_usi("12l12a").unwrap().unwrap();
        assert_eq!(o, Outcome::win(Color::Black, Reason::RoyalCaptured));
        assert!(g.usi_position().ends_with("b - 1 moves 12l12a"));
    }

    #[test]
    fn a_bare_king_loses() {
        let g = ChuGame::new(parse("k11/12/12/12/12/12/12/12/12/12/12/R10K b - 1").unwrap());
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Color::Black, Reason::BareKing))
        );
    }

    #[test]
    fn the_fourth_repetition_draws_unless_one_side_attacked_throughout() {
        // Both lions step out and back: nobody attacks anything.
        let mut g = ChuGame::startpos();
        let cycle = ["7j9k", "6c4b", "9k7j", "4b6c"];
        let mut plays = 0;
        while g.outcome().is_none() {
            g.play_usi(cycle[plays % 4]).unwrap();
            plays += 1;
        }
        assert_eq!(plays, 12, "the start's fourth occurrence");
        assert_eq!(g.outcome(), Some(Outcome::draw(Reason::Sennichite)));

        // Gote's king steps aside and back; sente's rook follows it, checking every time.
        let start = parse("k2p8/12/12/12/12/12/12/12/12/12/12/R3P6K w - 1").unwrap();
        let mut g = ChuGame::new(start);
        let cycle = ["12a11a", "12l11l", "11a12a", "11l12l"];
        let mut plays = 0;
        while g.outcome().is_none() && plays < 40 {
            g.play_usi(cycle[plays % 4]).unwrap();
            plays += 1;
        }
        let o = g.outcome().unwrap();
        assert_eq!(o.reason, Reason::PerpetualCheck, "{o:?} after {plays}");
        assert_eq!(o.winner, Some(Color::White));
    }
}
