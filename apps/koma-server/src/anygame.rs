//! `AnyGame`: a `koma_game::Game` of any game of the family, chosen at run time: a 9x9
//! variant or Chu on its own frame. Every call forwards to the game layer; nothing here
//! knows a rule. The moves of the two frames differ, so a move is an [`AnyMove`].

use crate::error::ApiError;
use koma_game::clock::Clock;
use koma_game::points::DeclarationFailure;
use koma_game::{Foul, Game, GameError, Outcome, Reason, RuleSet};
use koma_notation::family::UsiMove;
use koma_notation::movetext;
use koma_notation::record::{GameEnd, Record, SideNames};
use koma_notation::{chu as chu_text, sfen, usi};
use koma_rules::chu::{Chu, ChuMove, ChuPosition};
use koma_rules::{AnyPosition, Color, GameKind, IllegalMove, IntoAny, Move};

/// A move of any game: the 9x9 frame's or Chu's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyMove {
    /// A move of a 9x9 variant.
    Family(Move),
    /// A Chu move (a lion's double move included).
    Chu(ChuMove),
}

impl AnyMove {
    /// The move in USI, as `game` writes it (`7g7f`, `P*5e`, Chu's `7j7i6h`).
    pub fn usi(self, game: GameKind) -> String {
        match self {
            AnyMove::Family(m) => m.write_usi(game),
            AnyMove::Chu(m) => m.write_usi(game),
        }
    }

    /// The 9x9 move, if it is one.
    pub fn family(&self) -> Option<Move> {
        match self {
            AnyMove::Family(m) => Some(*m),
            AnyMove::Chu(_) => None,
        }
    }

    /// The Chu move, if it is one.
    pub fn chu(&self) -> Option<ChuMove> {
        match self {
            AnyMove::Chu(m) => Some(*m),
            AnyMove::Family(_) => None,
        }
    }
}

/// The refusal of a move of the other frame: its squares are on another board. Only a
/// mistake in the server's own code can bring one (every move is read by its game).
const OTHER_FRAME: GameError = GameError::Illegal(Foul::Move(IllegalMove::OffBoard));

macro_rules! any_game {
    ($d:tt $($kind:ident => $ty:ident),*) => {
        /// A game of any variant, Chu included.
        #[derive(Clone, Debug)]
        pub enum AnyGame {
            $(#[doc = concat!("A game of ", stringify!($kind), ".")] $kind(Game<koma_rules::variants::$ty>),)*
            /// A game of Chu shogi.
            Chu(Game<Chu>),
        }

        /// `$e` for the game `$g` whatever its frame: for what every member's game has
        /// with the same signature.
        macro_rules! forward {
            ($d self_:expr, $d g:ident => $d e:expr) => {
                match $d self_ {
                    $(AnyGame::$kind($d g) => $d e,)*
                    AnyGame::Chu($d g) => $d e,
                }
            };
        }

        /// `$e` for a 9x9 game `$g`, `$chu` for a Chu game `$c`.
        macro_rules! by_frame {
            ($d self_:expr, $d g:ident => $d e:expr, $d c:ident => $d chu:expr) => {
                match $d self_ {
                    $(AnyGame::$kind($d g) => $d e,)*
                    AnyGame::Chu($d c) => $d chu,
                }
            };
        }

        /// `$e` for a 9x9 game `$g` and its move `$m` (both of one frame), `$chu` for a
        /// Chu game `$c` and its move `$cm`; a move of the other frame is refused.
        macro_rules! with_move {
            ($d self_:expr, $d mv:expr, $d g:ident, $d m:ident => $d e:expr, $d c:ident, $d cm:ident => $d chu:expr) => {
                match ($d self_, $d mv) {
                    $((AnyGame::$kind($d g), AnyMove::Family($d m)) => $d e,)*
                    (AnyGame::Chu($d c), AnyMove::Chu($d cm)) => $d chu,
                    _ => Err(OTHER_FRAME),
                }
            };
        }

        impl AnyGame {
            /// A game from `start` under `rules`, on `clock` if given (not started).
            pub fn new(start: AnyPosition, rules: RuleSet, clock: Option<Clock>) -> AnyGame {
                match start {
                    $(AnyPosition::$kind(p) => AnyGame::$kind(with_clock(Game::new(p, rules), clock)),)*
                }
            }

            /// The game played.
            pub fn variant(&self) -> GameKind {
                match self {
                    $(AnyGame::$kind(_) => koma_rules::VariantKind::$kind.into(),)*
                    AnyGame::Chu(_) => GameKind::Chu,
                }
            }
        }
    };
}

koma_rules::with_variants!(any_game);

impl AnyGame {
    /// A Chu game from `start` under `rules`, on `clock` if given (not started).
    pub fn new_chu(start: ChuPosition, rules: RuleSet, clock: Option<Clock>) -> AnyGame {
        AnyGame::Chu(with_clock(Game::new(start, rules), clock))
    }

    /// The Chu game, if this is one.
    pub fn chu(&self) -> Option<&Game<Chu>> {
        match self {
            AnyGame::Chu(g) => Some(g),
            _ => None,
        }
    }

    /// Reads a USI move of this game (syntax only; [`AnyGame::play_at`] judges it).
    pub fn parse_move(&self, text: &str) -> Result<AnyMove, ApiError> {
        match self {
            AnyGame::Chu(_) => chu_text::parse_usi(text)
                .map(AnyMove::Chu)
                .map_err(ApiError::UnreadableChuMove),
            _ => usi::parse_move(self.variant_of_frame(), text)
                .map(AnyMove::Family)
                .map_err(|source| ApiError::UnreadableMove { ply: None, source }),
        }
    }

    /// The 9x9 variant, for the 9x9 frame's readers (shogi for a Chu game, which never
    /// reaches them).
    fn variant_of_frame(&self) -> koma_rules::VariantKind {
        self.variant()
            .family()
            .unwrap_or(koma_rules::VariantKind::Shogi)
    }

    /// A move as USI text.
    pub fn usi(&self, m: AnyMove) -> String {
        m.usi(self.variant())
    }

    /// Reads a move in any notation koma reads (USI, Western, Japanese, German), the
    /// Japanese `同` referring to the last move played. A Chu move is read as USI.
    pub fn parse_text(&self, text: &str) -> Result<AnyMove, ApiError> {
        by_frame!(self,
            g => movetext::parse_any(g.position(), text, g.moves().last().map(|m| m.to()))
                .map(AnyMove::Family)
                .map_err(ApiError::UnreadableMoveText),
            _c => self.parse_move(text))
    }

    /// Starts the clock (if any) for the side to move.
    pub fn start_clock(&mut self, now_ms: u64) -> Result<(), GameError> {
        forward!(self, g => g.start_clock(now_ms))
    }

    /// Plays `m` at `now_ms` (see `Game::play_at`).
    pub fn play_at(&mut self, m: AnyMove, now_ms: u64) -> Result<Option<Outcome>, GameError> {
        with_move!(self, m, g, m => g.play_at(m, now_ms), c, m => c.play_at(m, now_ms))
    }

    /// Plays `m` off the clock (see `Game::play`).
    pub fn play(&mut self, m: AnyMove) -> Result<Option<Outcome>, GameError> {
        with_move!(self, m, g, m => g.play(m), c, m => c.play(m))
    }

    /// Whether `m` may be played now, and if not, why.
    pub fn check(&self, m: AnyMove) -> Result<(), GameError> {
        with_move!(self, m, g, m => g.check(m), c, m => c.check(m))
    }

    /// Ends the game if the side to move's time ran out at `now_ms`; the outcome, if over.
    pub fn check_time(&mut self, now_ms: u64) -> Option<Outcome> {
        forward!(self, g => g.check_time(now_ms))
    }

    /// `color` resigns.
    pub fn resign(&mut self, color: Color) -> Result<Outcome, GameError> {
        forward!(self, g => g.resign(color))
    }

    /// `color` loses on time.
    pub fn time_forfeit(&mut self, color: Color) -> Result<Outcome, GameError> {
        forward!(self, g => g.time_forfeit(color))
    }

    /// The side to move declares an entering-king win at `now_ms`. Chu has no
    /// declaration: there, as in a 9x9 game whose rules have none, declaring loses.
    pub fn declare_at(&mut self, now_ms: u64) -> Result<Outcome, GameError> {
        by_frame!(self, g => g.declare_at(now_ms), c => {
            let loser = c.side_to_move();
            c.end(Outcome::loss(
                loser,
                Reason::FailedDeclaration(DeclarationFailure::NotInRules),
            ))
        })
    }

    /// The players agree to a draw.
    pub fn agree_draw(&mut self) -> Result<Outcome, GameError> {
        forward!(self, g => g.agree_draw())
    }

    /// Ends the game with `outcome`, decided outside the board (an abandoned game).
    pub fn end(&mut self, outcome: Outcome) -> Result<Outcome, GameError> {
        forward!(self, g => g.end(outcome))
    }

    /// The outcome, once decided.
    pub fn outcome(&self) -> Option<Outcome> {
        forward!(self, g => g.outcome())
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        forward!(self, g => g.side_to_move())
    }

    /// Whether the side to move is in check (in Chu: a royal of his attacked).
    pub fn in_check(&self) -> bool {
        by_frame!(self, g => g.position().in_check(),
            c => c.position().in_check(c.side_to_move()))
    }

    /// The clock, if the game has one.
    pub fn clock(&self) -> Option<&Clock> {
        forward!(self, g => g.clock())
    }

    /// `color` goes berserk on the game's clock (an arena's: see
    /// [`Clock::go_berserk`]); false, and nothing changes, without a clock or if it may not.
    pub fn go_berserk(&mut self, color: Color) -> bool {
        let Some(mut clock) = self.clock().cloned() else {
            return false;
        };
        if !clock.go_berserk(color) {
            return false;
        }
        forward!(self, g => *g = g.clone().with_clock(clock));
        true
    }

    /// The rule set.
    pub fn rules(&self) -> RuleSet {
        forward!(self, g => g.rules())
    }

    /// The start position as SFEN (lishogi's 12x12 SFEN for Chu).
    pub fn start_sfen(&self) -> String {
        by_frame!(self, g => sfen::write(g.start()), c => chu_text::write(c.start()))
    }

    /// The current position as SFEN.
    pub fn sfen(&self) -> String {
        by_frame!(self, g => sfen::write(g.position()), c => chu_text::write(c.position()))
    }

    /// Whether the game starts from its variant's own start position (not a handicap or
    /// a position of its own).
    pub fn starts_at_default(&self) -> bool {
        forward!(self, g => at_start(g))
    }

    /// The current position, of either frame.
    pub fn root(&self) -> crate::line::Root {
        by_frame!(self,
            g => crate::line::Root::Family((*g.position()).into_any()),
            c => crate::line::Root::Chu(*c.position()))
    }

    /// The start position, of either frame.
    pub fn start_root(&self) -> crate::line::Root {
        by_frame!(self,
            g => crate::line::Root::Family((*g.start()).into_any()),
            c => crate::line::Root::Chu(*c.start()))
    }

    /// The search's history of the game: every position from the start to the current
    /// one, each pressed as the move that led to it pressed.
    pub fn past(&self) -> Vec<koma_engine::PastPosition> {
        forward!(self, g => koma_engine::PastPosition::of_game(g))
    }

    /// The start position of a 9x9 game (`None` for Chu, whose positions are not
    /// `AnyPosition`s).
    pub fn start_position(&self) -> Option<AnyPosition> {
        by_frame!(self, g => Some((*g.start()).into_any()), _c => None)
    }

    /// The history of the game's line, no entry made yet.
    pub fn new_history(&self) -> crate::line::History {
        crate::line::History::new(self.start_root())
    }

    /// The moves of a 9x9 game (`None` for Chu).
    pub fn family_moves(&self) -> Option<Vec<Move>> {
        by_frame!(self, g => Some(g.moves().to_vec()), _c => None)
    }

    /// The moves played.
    pub fn moves(&self) -> Vec<AnyMove> {
        self.moves_since(0)
    }

    /// The moves played, in USI.
    pub fn moves_usi(&self) -> Vec<String> {
        self.moves_usi_since(0)
    }

    /// The moves played after the first `ply` (none if there are fewer), in USI.
    pub fn moves_usi_since(&self, ply: usize) -> Vec<String> {
        self.moves_since(ply)
            .into_iter()
            .map(|m| self.usi(m))
            .collect()
    }

    /// The moves played after the first `ply` (none if there are fewer).
    pub fn moves_since(&self, ply: usize) -> Vec<AnyMove> {
        by_frame!(self,
            g => g.moves().get(ply..).unwrap_or_default().iter().map(|&m| AnyMove::Family(m)).collect(),
            c => c.moves().get(ply..).unwrap_or_default().iter().map(|&m| AnyMove::Chu(m)).collect())
    }

    /// The time each move took, in milliseconds, where the clock timed it.
    pub fn times(&self) -> Vec<Option<u64>> {
        forward!(self, g => g.times().to_vec())
    }

    /// How the game ended as its record words it, with the record's note (`None` while it
    /// goes on): a 9x9 handicap game's sides named 下手 and 上手.
    pub fn record_ending(&self) -> Option<(GameEnd, Option<String>)> {
        by_frame!(self,
            g => g.record_ending(SideNames::of(&g.to_record())),
            c => c.record_ending(SideNames::Even))
    }

    /// How many moves have been played.
    pub fn plies(&self) -> usize {
        forward!(self, g => g.moves().len())
    }

    /// The moves the side to move may play (none once the game is over).
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        by_frame!(self,
        g => g.legal_moves().iter().map(|&m| AnyMove::Family(m)).collect(),
        c => if c.is_over() {
            Vec::new()
        } else {
            c.position().legal_moves().into_iter().map(AnyMove::Chu).collect()
        })
    }

    /// The moves the side to move may play, in USI (none once the game is over).
    pub fn legal_moves_usi(&self) -> Vec<String> {
        self.legal_moves()
            .into_iter()
            .map(|m| self.usi(m))
            .collect()
    }

    /// A 9x9 game as a record (header left empty); a Chu game is given back, as its
    /// records are `koma_game::chu::record`'s.
    pub fn to_record(&self) -> Result<Record, &Game<Chu>> {
        by_frame!(self, g => Ok(g.to_record()), c => Err(c))
    }
}

/// Whether `game` starts from its rules' own start position.
fn at_start<V: koma_rules::Rules>(game: &Game<V>) -> bool {
    *game.start() == V::startpos()
}

fn with_clock<V: koma_rules::Rules>(game: Game<V>, clock: Option<Clock>) -> Game<V> {
    match clock {
        Some(clock) => game.with_clock(clock),
        None => game,
    }
}
