//! `Game`: a game from its start position to its result under a rule set.

use crate::clock::{Clock, ClockError};
use crate::history::History;
use crate::outcome::{Foul, Outcome, Reason};
use crate::points::{self, DeclarationFailure};
use crate::rules::{Repetition, RuleSet};
use koma_rules::{Color, Ended, Ending, Handicap, MoveList, Position, Rules, Variant};

/// Why a request to the game was refused; the game is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The game has already ended.
    #[error("the game is over")]
    Over,
    /// The move is not allowed.
    #[error("illegal move: {0}")]
    Illegal(Foul),
    /// An impasse needs both kings in their enemy camps.
    #[error("an impasse needs both kings in the enemy camp")]
    NotAnImpasse,
    /// The rule set does not settle impasses by the 24-point count.
    #[error("the rules in force do not settle an impasse by points")]
    NoImpasseRule,
    /// The clock refused the time stamp (not started, paused, or time went back).
    #[error("clock: {0}")]
    Clock(ClockError),
}

/// A game: the start position, the moves with the positions they lead to, the rule set and,
/// once decided, the outcome.
///
/// Any game of the family ([`Rules`]): the 9x9 variants, and Chu on its own frame with its
/// own moves. Declarations, impasses and handicaps are the 9x9 variants' alone.
#[derive(Clone, Debug)]
pub struct Game<V: Rules> {
    rules: RuleSet,
    start: Position<V>,
    position: Position<V>,
    moves: Vec<V::Move>,
    /// What taking back each move needs ([`Game::unplay`]).
    undos: Vec<V::Undo>,
    /// The time each move took, for the moves played on the clock.
    times: Vec<Option<u64>>,
    history: History,
    clock: Option<Clock>,
    outcome: Option<Outcome>,
    /// A move kept although it broke the rules (a record read leniently), with the reason.
    illegal: Option<(V::Move, Foul)>,
}

impl<V: Rules> Game<V> {
    /// A game from `start` under `rules`, without a clock. A start the rules have ended
    /// already (Chu's bare king, Dōbutsu's lion taken) or with no legal move for the side
    /// to move is decided at once.
    pub fn new(start: Position<V>, rules: RuleSet) -> Game<V> {
        let mut game = Game {
            rules,
            start,
            position: start,
            moves: Vec::new(),
            undos: Vec::new(),
            times: Vec::new(),
            history: History::new(start.key(), start.side_to_move()),
            clock: None,
            outcome: None,
            illegal: None,
        };
        game.outcome = game.start_outcome();
        game
    }

    /// The same game played on `clock` (not started yet: see [`Game::start_clock`]).
    pub fn with_clock(mut self, clock: Clock) -> Game<V> {
        self.clock = Some(clock);
        self
    }

    /// A game from the even start position.
    pub fn standard(rules: RuleSet) -> Game<V> {
        Game::new(V::startpos(), rules)
    }

    /// The rule set.
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The start position.
    pub fn start(&self) -> &Position<V> {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position<V> {
        &self.position
    }

    /// The moves played, in order (an illegal move kept by [`Game::play_or_forfeit`] is not
    /// among them: see [`Game::illegal_move`]).
    pub fn moves(&self) -> &[V::Move] {
        &self.moves
    }

    /// The position after the first `ply` moves (the start for 0, the current position
    /// for `ply` at or past the number of moves).
    pub fn position_after(&self, ply: usize) -> Position<V> {
        let mut pos = self.start;
        for &m in self.moves.iter().take(ply) {
            pos = V::after(&pos, m);
        }
        pos
    }

    /// The illegal move that ended the game, if one did, and why it was illegal.
    pub fn illegal_move(&self) -> Option<(V::Move, Foul)> {
        self.illegal
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.position.side_to_move()
    }

    /// The outcome, once the game has ended.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// How often the current position has occurred, this time included.
    pub fn repetitions(&self) -> usize {
        self.history.occurrences(self.position.key())
    }

    /// The time each move took, move by move: `None` for moves played off the clock (an
    /// opening, a game without one).
    pub fn times(&self) -> &[Option<u64>] {
        &self.times
    }

    /// The clock, if the game has one.
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// Starts the clock for the side to move at `now_ms`.
    pub fn start_clock(&mut self, now_ms: u64) -> Result<(), GameError> {
        let side = self.side_to_move();
        match &mut self.clock {
            Some(clock) => clock.start(side, now_ms).map_err(GameError::Clock),
            None => Ok(()),
        }
    }

    /// Ends the game on time if the side to move has run out at `now_ms`; returns the
    /// outcome if the game is (now) over.
    pub fn check_time(&mut self, now_ms: u64) -> Option<Outcome> {
        if self.outcome.is_none() {
            if let Some(loser) = self.clock.as_ref().and_then(|c| c.flagged(now_ms)) {
                self.outcome = Some(Outcome::loss(loser, Reason::TimeForfeit));
            }
        }
        self.outcome
    }

    /// Plays `m` at `now_ms` on the clock: a player out of time loses instead of moving,
    /// otherwise as [`Game::play`].
    pub fn play_at(&mut self, m: V::Move, now_ms: u64) -> Result<Option<Outcome>, GameError> {
        if self.check_time(now_ms).is_some() {
            return Ok(self.outcome);
        }
        self.check(m)?;
        let spent = self.press_clock(now_ms)?;
        self.push(m, spent);
        Ok(self.outcome)
    }

    /// Plays `m` at `now_ms` on the clock: a player out of time loses instead of moving,
    /// otherwise as [`Game::play_or_forfeit`].
    pub fn play_or_forfeit_at(
        &mut self,
        m: V::Move,
        now_ms: u64,
    ) -> Result<Option<Outcome>, GameError> {
        if self.check_time(now_ms).is_some() {
            return Ok(self.outcome);
        }
        if self.check(m).is_err() {
            return self.play_or_forfeit(m);
        }
        let spent = self.press_clock(now_ms)?;
        self.push(m, spent);
        Ok(self.outcome)
    }

    /// Presses the clock, if there is one: the time the move took.
    fn press_clock(&mut self, now_ms: u64) -> Result<Option<u64>, GameError> {
        match &mut self.clock {
            Some(clock) => clock.press(now_ms).map(Some).map_err(GameError::Clock),
            None => Ok(None),
        }
    }

    /// Whether `m` may be played now, and if not, why.
    pub fn check(&self, m: V::Move) -> Result<(), GameError> {
        if self.outcome.is_some() {
            return Err(GameError::Over);
        }
        V::is_legal(&self.position, m).map_err(|e| GameError::Illegal(Foul::Move(e)))?;
        match self.repetition_foul(m) {
            Some(foul) => Err(GameError::Illegal(foul)),
            None => Ok(()),
        }
    }

    /// Plays `m` if it is allowed and returns the outcome if the move ended the game; an
    /// illegal move is refused and leaves the game as it was.
    pub fn play(&mut self, m: V::Move) -> Result<Option<Outcome>, GameError> {
        self.check(m)?;
        self.push(m, None);
        Ok(self.outcome)
    }

    /// Plays `m` as a record or a match does: an illegal move is not refused but loses the
    /// game for its mover, and is kept with its reason. Returns the outcome, if any.
    pub fn play_or_forfeit(&mut self, m: V::Move) -> Result<Option<Outcome>, GameError> {
        match self.check(m) {
            Ok(()) => {
                self.push(m, None);
                Ok(self.outcome)
            }
            Err(GameError::Illegal(foul)) => {
                self.forfeit(foul);
                self.illegal = Some((m, foul));
                Ok(self.outcome)
            }
            Err(e) => Err(e),
        }
    }

    /// Ends the game: the side to move lost by `foul` (e.g. an engine's answer that is not
    /// a move at all).
    pub fn forfeit(&mut self, foul: Foul) {
        if self.outcome.is_none() {
            self.outcome = Some(Outcome::loss(
                self.side_to_move(),
                Reason::IllegalMove(foul),
            ));
        }
    }

    /// `color` resigns (either player may, at any time).
    pub fn resign(&mut self, color: Color) -> Result<Outcome, GameError> {
        self.end(Outcome::loss(color, Reason::Resignation))
    }

    /// `color` ran out of time.
    pub fn time_forfeit(&mut self, color: Color) -> Result<Outcome, GameError> {
        self.end(Outcome::loss(color, Reason::TimeForfeit))
    }

    /// Both players agree to a draw (the offer and its acceptance are the caller's).
    pub fn agree_draw(&mut self) -> Result<Outcome, GameError> {
        self.end(Outcome::draw(Reason::Agreement))
    }

    /// Ends the game with `outcome` (an ending decided outside the board).
    pub fn end(&mut self, outcome: Outcome) -> Result<Outcome, GameError> {
        if self.outcome.is_some() {
            return Err(GameError::Over);
        }
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    /// Takes back the last move, for a caller that walks a tree of moves (a search, a
    /// Python board's `pop`): the game goes on from the position before it, and an ending
    /// or a kept foul that came after it is forgotten. Refused (`None`) with no move to
    /// take back or on a clock, whose times cannot be taken back.
    pub fn unplay(&mut self) -> Option<V::Move> {
        if self.clock.is_some() {
            return None;
        }
        let m = self.moves.pop()?;
        let undo = self.undos.pop()?;
        V::unplay(&mut self.position, m, undo);
        self.times.pop();
        self.history.pop();
        // Only the start can have been decided before a move.
        self.outcome = if self.moves.is_empty() {
            self.start_outcome()
        } else {
            None
        };
        self.illegal = None;
        Some(m)
    }

    /// Plays a move already checked and decides whether it ended the game.
    fn push(&mut self, m: V::Move, spent: Option<u64>) {
        let mover = self.side_to_move();
        self.undos.push(V::play_undoable(&mut self.position, m));
        self.moves.push(m);
        self.times.push(spent);
        self.history
            .push(self.position.key(), V::presses(&self.position, m));
        self.outcome = self
            .try_outcome(mover)
            .or_else(|| self.decided_outcome())
            .or_else(|| self.no_move_outcome())
            .or_else(|| self.repetition_outcome(mover))
            .or_else(|| self.move_limit_outcome());
    }

    /// The side to move declares at `now_ms` as [`Game::declare_judged`] does; his time
    /// must not have run out.
    pub fn declare_at_judged(
        &mut self,
        now_ms: u64,
        judge: impl FnOnce(&Position<V>) -> Result<(), DeclarationFailure>,
    ) -> Result<Outcome, GameError> {
        let side = self.side_to_move();
        let flagged = self.clock.as_ref().and_then(|c| c.flagged(now_ms)) == Some(side);
        self.declare_judged(!flagged, judge)
    }

    /// The side to move declares an entering-king win: it wins if the rule set has the
    /// declaration, its clock still runs (`has_time`) and `judge` finds the position a
    /// winning one (the 27-point rule in the 9x9 variants; Chu has none); it loses
    /// otherwise.
    pub fn declare_judged(
        &mut self,
        has_time: bool,
        judge: impl FnOnce(&Position<V>) -> Result<(), DeclarationFailure>,
    ) -> Result<Outcome, GameError> {
        let us = self.side_to_move();
        let verdict = if !self.rules.declaration {
            Err(DeclarationFailure::NotInRules)
        } else if !has_time {
            Err(DeclarationFailure::NoTime)
        } else {
            judge(&self.position)
        };
        self.end(match verdict {
            Ok(()) => Outcome::win(us, Reason::Declaration),
            Err(why) => Outcome::loss(us, Reason::FailedDeclaration(why)),
        })
    }

    /// How a game stands at its start: already ended by the rules, or without a move.
    fn start_outcome(&self) -> Option<Outcome> {
        self.decided_outcome().or_else(|| self.no_move_outcome())
    }

    /// The try rule: the mover's king on the opponent king's starting square wins.
    fn try_outcome(&self, mover: Color) -> Option<Outcome> {
        (self.rules.try_rule && V::made_try(&self.position, mover))
            .then(|| Outcome::win(mover, Reason::Try))
    }

    /// The rules' own endings ([`Rules::ended`]): Dōbutsu's lion taken or try made (both
    /// tries at once: a draw, as shogiops has it), Chu's royals taken, bare king and more.
    fn decided_outcome(&self) -> Option<Outcome> {
        let Ended { ending, winner } = V::ended(&self.position)?;
        let reason = match ending {
            Ending::RoyalsLost => Reason::RoyalCaptured,
            Ending::Try => Reason::Try,
            Ending::NoMoves => Reason::NoMoves,
            Ending::BareKing => Reason::BareKing,
            Ending::BareRoyals => Reason::BareRoyals,
        };
        Some(match winner {
            Some(w) => Outcome::win(w, reason),
            None => Outcome::draw(reason),
        })
    }

    /// The side to move has no move: mated if in check, else it loses all the same.
    fn no_move_outcome(&self) -> Option<Outcome> {
        // Counting is cheaper than listing, and only Tori's rule forbids a legal move.
        if self.rules.repetition != Repetition::ToriThird {
            if !V::has_no_moves(&self.position) {
                return None;
            }
        } else if (V::legal_moves(&self.position).iter())
            .any(|&m| self.repetition_foul(m).is_none())
        {
            return None;
        }
        let reason = if V::in_check(&self.position) {
            Reason::Checkmate
        } else {
            Reason::NoMoves
        };
        Some(Outcome::loss(self.side_to_move(), reason))
    }

    /// What the repetition rule says now that `mover` has moved.
    fn repetition_outcome(&self, mover: Color) -> Option<Outcome> {
        let occurrences = self.history.occurrences(self.position.key());
        let perpetual = || {
            self.history
                .perpetual_checker()
                .map(|checker| Outcome::loss(checker, Reason::PerpetualCheck))
        };
        match (self.rules.repetition, occurrences) {
            (Repetition::Sennichite, 4) => {
                Some(perpetual().unwrap_or(Outcome::draw(Reason::Sennichite)))
            }
            // Only a perpetual check gets this far: other third repetitions are refused.
            (Repetition::ToriThird, 3) => perpetual(),
            (Repetition::FourthLoses, 4) => {
                Some(perpetual().unwrap_or(Outcome::loss(mover, Reason::Repetition)))
            }
            (Repetition::FourthSenteLoses, 4) => {
                Some(perpetual().unwrap_or(Outcome::loss(Color::Black, Reason::Repetition)))
            }
            (Repetition::ThirdDraws, 3) => Some(Outcome::draw(Reason::Sennichite)),
            (Repetition::AttackerLoses, 4) => {
                let first = self.history.first(self.position.key())?;
                let pressed = Color::ALL.map(|c| self.history.checked_throughout(c, first, None));
                Some(match pressed {
                    [true, false] => Outcome::loss(Color::Black, Reason::PerpetualCheck),
                    [false, true] => Outcome::loss(Color::White, Reason::PerpetualCheck),
                    _ => Outcome::draw(Reason::Sennichite),
                })
            }
            _ => None,
        }
    }

    /// Tori's rulebook: a move that would make a position occur for the third time is not
    /// allowed, unless it is a perpetual check (which then loses for the checker).
    fn repetition_foul(&self, m: V::Move) -> Option<Foul> {
        if self.rules.repetition != Repetition::ToriThird {
            return None;
        }
        let after = V::after(&self.position, m);
        if self.history.occurrences(after.key()) < 2 {
            return None;
        }
        let first = self.history.first(after.key())?;
        let mover = self.side_to_move();
        let check = Some(V::in_check(&after));
        let perpetual = self.history.checked_throughout(mover, first, check)
            || self.history.checked_throughout(!mover, first, check);
        (!perpetual).then_some(Foul::Repetition)
    }

    /// The draw at the rule set's move limit.
    fn move_limit_outcome(&self) -> Option<Outcome> {
        let limit = self.rules.max_plies? as usize;
        (self.moves.len() >= limit).then(|| Outcome::draw(Reason::MaxPlies))
    }
}

/// What only the 9x9 variants' games have: handicap starts, a move list, the entering
/// king's declaration and the impasse count.
impl<V: Variant> Game<V> {
    /// A game from a named handicap start of this variant (the handicap giver, gote, moves
    /// first), or `None` if the handicap is not one of this variant's.
    pub fn handicap(handicap: Handicap, rules: RuleSet) -> Option<Game<V>> {
        let setup = handicap.setup_for::<V>()?;
        let start = Position::<V>::from_setup(&setup).ok()?;
        Some(Game::new(start, rules))
    }

    /// The moves the side to move may play: the legal moves, less those the rule set's
    /// repetition rule forbids. Empty once the game is over.
    pub fn legal_moves(&self) -> MoveList {
        if self.outcome.is_some() {
            return MoveList::new();
        }
        let mut list = self.position.legal_moves();
        list.retain(|m| self.repetition_foul(m).is_none());
        list
    }

    /// The side to move declares at `now_ms` (see [`Game::declare`]); his time must not
    /// have run out.
    pub fn declare_at(&mut self, now_ms: u64) -> Result<Outcome, GameError> {
        self.declare_at_judged(now_ms, points::judge_declaration)
    }

    /// The side to move declares an entering-king win (入玉宣言) under the 27-point rule:
    /// it wins if every condition holds, and loses otherwise (also when the rule set has no
    /// declaration). `has_time` says whether the declarer's clock still runs.
    pub fn declare(&mut self, has_time: bool) -> Result<Outcome, GameError> {
        self.declare_judged(has_time, points::judge_declaration)
    }

    /// Both players agree that the game is an impasse (持将棋): the 24-point count decides.
    /// A player with fewer than 24 points loses; otherwise it is a draw.
    pub fn agree_impasse(&mut self) -> Result<Outcome, GameError> {
        if !self.rules.impasse_24 {
            return Err(GameError::NoImpasseRule);
        }
        if !points::both_kings_entered(&self.position) {
            return Err(GameError::NotAnImpasse);
        }
        let outcome = self.impasse_count();
        self.end(outcome)
    }

    /// What the 24-point count says of the current position, whatever the kings' places:
    /// a player with fewer than 24 points loses, otherwise a draw.
    pub fn impasse_count(&self) -> Outcome {
        let short = [Color::Black, Color::White]
            .into_iter()
            .find(|&c| points::impasse_points(&self.position, c) < 24);
        match short {
            Some(loser) => Outcome::loss(loser, Reason::Impasse),
            None => Outcome::draw(Reason::Impasse),
        }
    }
}
