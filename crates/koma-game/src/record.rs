//! A game as a record (棋譜): its start, moves, times and ending, ready for any format.

use crate::game::{Game, GameError};
use crate::outcome::{Foul, Outcome, Reason};
use koma_notation::family::Notation;
use koma_notation::record::{
    Entry, GameEnd, MoveTime, MoveTree, Record, SideNames, Start, is_foul,
};
use koma_notation::sfen;
use koma_rules::{Color, Rules, Variant};

impl<V: Rules> Game<V> {
    /// How the game ended, as a record says it: the ending's word (stated from the side to
    /// move) and a Japanese note when the word alone does not say everything, the sides
    /// named as `names` says; `None` while the game goes on.
    pub fn record_ending(&self, names: SideNames) -> Option<(GameEnd, Option<String>)> {
        (self.outcome()).map(|outcome| ending(outcome, self.side_to_move(), names))
    }
}

impl<V: Variant> Game<V> {
    /// The game as a record: the start (named when it is the even game or a handicap), the
    /// moves with their times and the ending; the header is left to the caller. A foul on
    /// the board that ended the game is its last move; any other illegal move is named in
    /// the ending's comment.
    pub fn to_record(&self) -> Record {
        let variant = sfen::kind_of::<V>();
        let mut record = Record::new(variant);
        record.start = Start::of(variant, &self.start().to_setup());
        let mut node = MoveTree::ROOT;
        let mut totals = [0u64; 2];
        let mut mover = self.start().side_to_move();
        for (i, &m) in self.moves().iter().enumerate() {
            node = record.tree.add(node, Entry::Move(m));
            if let Some(&Some(spent)) = self.times().get(i) {
                let total = &mut totals[mover.index()];
                *total += spent;
                record.tree.node_mut(node).time = Some(MoveTime {
                    spent_ms: spent,
                    total_ms: Some(*total),
                });
            }
            mover = !mover;
        }
        if let Some((mut end, note)) = self.record_ending(SideNames::of(&record)) {
            let mut comments = note.into_iter().collect::<Vec<_>>();
            match self.illegal_move() {
                // A foul on the board is kept as the last move, as hand-entered records
                // keep it, and the side after it wins by it (反則勝ち).
                Some((m, Foul::Move(reason))) if is_foul(reason) => {
                    node = record.tree.add(node, Entry::Move(m));
                    end = GameEnd::IllegalWin;
                }
                // A move no piece can make has no place in the moves: a comment says it.
                Some((m, foul)) => {
                    let text = koma_notation::usi::write_move(variant, m);
                    comments.insert(0, format!("illegal move {text}: {foul}"));
                }
                None => {}
            }
            let end_node = record.tree.add(node, Entry::End(end));
            record.tree.node_mut(end_node).comments = comments;
        }
        record
    }
}

/// A game of any member of the family as USI text.
impl<V: Notation> Game<V> {
    /// The game as a USI `position` command: `position startpos moves ...` from the even
    /// start, else `position sfen <start> moves ...` (without `moves` before the first).
    pub fn usi_position(&self) -> String {
        let mut line = if *self.start() == V::startpos() {
            "position startpos".to_string()
        } else {
            format!("position sfen {}", V::sfen(self.start()))
        };
        for (i, &m) in self.moves().iter().enumerate() {
            line.push_str(if i == 0 { " moves " } else { " " });
            line.push_str(&V::usi(m));
        }
        line
    }

    /// Plays the move written `text` in USI for the side to move as a match does: a move
    /// that is not legal, or no move at all, loses the game as a foul (see
    /// [`Game::play_or_forfeit`]).
    pub fn play_usi(&mut self, text: &str) -> Result<Option<Outcome>, GameError> {
        match V::parse_usi(text) {
            Ok(m) => self.play_or_forfeit(m),
            Err(_) if self.is_over() => Err(GameError::Over),
            Err(_) => {
                self.forfeit(Foul::NotAMove);
                Ok(self.outcome())
            }
        }
    }
}

/// The record's word for `outcome`, `to_move` being the side to move when the game ended
/// (the formats state endings from that side), and a Japanese note when the word alone does
/// not say everything, the sides named as `names` says.
fn ending(outcome: Outcome, to_move: Color, names: SideNames) -> (GameEnd, Option<String>) {
    let loser_to_move = outcome.winner == Some(!to_move);
    let winner_to_move = outcome.winner == Some(to_move);
    let said = |end: GameEnd| (end, Some(describe(outcome, names)));
    // A player who gave up, in turn or out of it (see `GameEnd::OpponentResigned`).
    let given_up = if loser_to_move {
        GameEnd::Resign
    } else {
        GameEnd::OpponentResigned
    };
    match outcome.reason {
        Reason::Checkmate if loser_to_move => (GameEnd::Mate, None),
        // No legal move is lost as a mate is (the rules' 指し手なし): 詰み is the word.
        Reason::NoMoves if loser_to_move => said(GameEnd::Mate),
        Reason::Resignation if outcome.winner.is_some() => (given_up, None),
        Reason::Adjudication | Reason::Abandoned if outcome.winner.is_some() => said(given_up),
        Reason::TimeForfeit if loser_to_move => (GameEnd::TimeUp, None),
        Reason::IllegalMove(_) if loser_to_move => (GameEnd::IllegalLoss, None),
        Reason::IllegalMove(_) if winner_to_move => (GameEnd::IllegalWin, None),
        Reason::FailedDeclaration(_) if loser_to_move => said(GameEnd::IllegalLoss),
        Reason::Declaration if winner_to_move => (GameEnd::EnteringKingWin, None),
        Reason::PerpetualCheck if winner_to_move => (GameEnd::PerpetualCheck, None),
        Reason::Sennichite => (GameEnd::Repetition, None),
        Reason::Impasse if outcome.winner.is_none() => (GameEnd::Impasse, None),
        Reason::Impasse => said(GameEnd::Impasse),
        Reason::MaxPlies => (GameEnd::MaxMoves, None),
        Reason::Agreement if outcome.winner.is_none() => (GameEnd::Draw, None),
        Reason::Try => said(GameEnd::Try),
        _ => (GameEnd::Other(describe(outcome, names)), None),
    }
}

/// `先手の勝ち（後手の接続切れ）`, `引き分け（合意）`: the outcome in Japanese words a reader
/// of the record cannot misread, whoever is to move (`下手の勝ち（上手の接続切れ）` in a
/// handicap game).
fn describe(outcome: Outcome, names: SideNames) -> String {
    let why = |loser: Color| -> String {
        let loser = names.name(loser);
        match outcome.reason {
            Reason::Checkmate => format!("{loser}の詰み"),
            Reason::NoMoves => format!("{loser}に指し手なし"),
            Reason::Resignation => format!("{loser}の投了"),
            Reason::IllegalMove(_) => format!("{loser}の反則"),
            Reason::TimeForfeit => format!("{loser}の時間切れ"),
            Reason::Sennichite => "千日手".to_string(),
            Reason::PerpetualCheck => format!("{loser}の連続王手の千日手"),
            Reason::Repetition => format!("{loser}の同一局面"),
            Reason::Declaration => "入玉宣言".to_string(),
            Reason::FailedDeclaration(_) => format!("{loser}の入玉宣言の条件不足"),
            Reason::Impasse => "持将棋の点数".to_string(),
            Reason::Try => "トライ".to_string(),
            Reason::RoyalCaptured => format!("{loser}の王将を取った"),
            Reason::BareKing => format!("{loser}の裸玉"),
            Reason::BareRoyals => "双方の裸玉".to_string(),
            Reason::MaxPlies => "最大手数".to_string(),
            Reason::Abandoned => format!("{loser}の接続切れ"),
            Reason::Adjudication => format!("{loser}の判定負け"),
            Reason::Agreement => "合意".to_string(),
        }
    };
    match outcome.winner {
        Some(w) => format!("{}の勝ち（{}）", names.name(w), why(!w)),
        None => format!("引き分け（{}）", why(Color::Black)),
    }
}
