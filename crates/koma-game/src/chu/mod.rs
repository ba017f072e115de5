//! Chu shogi games: the family's [`Game`] on Chu's frame (lishogi's endings, fourfold
//! repetition with the attacker losing: [`RuleSet::CHU`](crate::RuleSet::CHU)) and its
//! records ([`record`]). Matches between engines are the family's
//! ([`matches`](crate::matches)).

pub mod record;

use crate::game::Game;
use koma_rules::Color;
use koma_rules::chu::Chu;

/// The KIF's last line once the game is over: `まで64手で先手の勝ち`, `まで90手で引き分け`.
pub fn summary(game: &Game<Chu>) -> Option<String> {
    let outcome = game.outcome()?;
    let plies = game.moves().len();
    Some(match outcome.winner {
        Some(Color::Black) => format!("まで{plies}手で先手の勝ち"),
        Some(Color::White) => format!("まで{plies}手で後手の勝ち"),
        None => format!("まで{plies}手で引き分け"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameError;
    use crate::outcome::{Foul, Outcome, Reason};
    use crate::rules::RuleSet;
    use koma_notation::chu::parse;
    use koma_rules::IllegalMove;
    use koma_rules::chu::ChuPosition;

    /// A game from `start` under lishogi's rules.
    fn game(start: ChuPosition) -> Game<Chu> {
        Game::new(start, RuleSet::CHU)
    }

    #[test]
    fn a_foul_loses_and_taking_the_king_wins() {
        let mut g = game(ChuPosition::startpos());
        assert_eq!(g.play_usi("7i7h"), Ok(None));
        let o = g.play_usi("7i7h").unwrap().unwrap();
        assert_eq!(
            o,
            Outcome::win(
                Color::Black,
                Reason::IllegalMove(Foul::Move(IllegalMove::NoPiece))
            )
        );
        assert_eq!(g.play_usi("6d6e"), Err(GameError::Over));
        let mut g = game(ChuPosition::startpos());
        let o = g.play_usi("zz").unwrap().unwrap();
        assert_eq!(o.reason, Reason::IllegalMove(Foul::NotAMove));

        let mut g = game(parse("kp10/12/12/12/12/12/12/12/12/12/12/R10K b - 1").unwrap());
        let o = g.play_usi("12l12a").unwrap().unwrap();
        assert_eq!(o, Outcome::win(Color::Black, Reason::RoyalCaptured));
        assert!(g.usi_position().ends_with("b - 1 moves 12l12a"));
    }

    #[test]
    fn an_illegal_move_is_named_by_the_rule_it_breaks_and_moves_are_taken_back() {
        // Gote's lion on 6f is guarded by the pawn on 6e: sente's lion on 6h may not take
        // it from two squares away.
        let start = parse("k11/12/12/12/6p5/6n5/12/6N5/12/12/12/K11 b - 1").unwrap();
        let reason = |text: &str| {
            let mut g = game(start);
            match g.play_usi(text).unwrap().map(|o| o.reason) {
                Some(Reason::IllegalMove(Foul::Move(why))) => Some(why),
                _ => None,
            }
        };
        assert_eq!(reason("6h6f"), Some(IllegalMove::LionTrade));
        assert_eq!(reason("6f6g"), Some(IllegalMove::NotOwnPiece));
        assert_eq!(reason("9c9d"), Some(IllegalMove::NoPiece));
        assert_eq!(reason("12l11k+"), Some(IllegalMove::CannotPromote));
        assert_eq!(reason("12l10j"), Some(IllegalMove::NotAMoveOfThisPiece));
        assert_eq!(reason("6h6g"), None);

        // Played and taken back: the game is where it was, and goes on.
        let mut g = game(start);
        g.play_usi("6h6g").unwrap();
        g.play_usi("12a11b").unwrap();
        assert_eq!(g.moves().len(), 2);
        assert!(g.unplay().is_some() && g.unplay().is_some());
        assert_eq!(
            (g.position(), g.moves().len(), g.outcome()),
            (&start, 0, None)
        );
        assert_eq!(g.play_usi("6h6g"), Ok(None));
    }

    #[test]
    fn a_bare_king_loses() {
        let g = game(parse("k11/12/12/12/12/12/12/12/12/12/12/R10K b - 1").unwrap());
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Color::Black, Reason::BareKing))
        );
    }

    #[test]
    fn the_fourth_repetition_draws_unless_one_side_attacked_throughout() {
        // Both lions step out and back: nobody attacks anything.
        let mut g = game(ChuPosition::startpos());
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
        let mut g = game(start);
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
