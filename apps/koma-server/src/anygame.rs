//! `AnyGame`: a `koma_game::Game` whose variant is chosen at run time. Every call forwards
//! to the game layer; nothing here knows a rule.

use koma_game::clock::Clock;
use koma_game::{Game, GameError, Outcome, RuleSet};
use koma_notation::movetext::{self, MoveTextError};
use koma_notation::record::Record;
use koma_notation::{sfen, usi};
use koma_rules::{AnyPosition, Color, IntoAny, Move, VariantKind};

macro_rules! any_game {
    ($d:tt $($kind:ident => $ty:ident),*) => {
        /// A game of any variant.
        #[derive(Clone, Debug)]
        pub enum AnyGame {
            $(#[doc = concat!("A game of ", stringify!($kind), ".")] $kind(Game<koma_rules::variants::$ty>),)*
        }

        macro_rules! forward {
            ($d self_:expr, $d g:ident => $d e:expr) => {
                match $d self_ {
                    $(AnyGame::$kind($d g) => $d e,)*
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

            /// The variant.
            pub fn variant(&self) -> VariantKind {
                match self {
                    $(AnyGame::$kind(_) => VariantKind::$kind,)*
                }
            }
        }
    };
}

koma_rules::with_variants!(any_game);

impl AnyGame {
    /// Reads a USI move of this variant (syntax only; [`AnyGame::play_at`] judges it).
    pub fn parse_move(&self, text: &str) -> Result<Move, usi::UsiMoveError> {
        usi::parse_move(self.variant(), text)
    }

    /// A move as USI text.
    pub fn usi(&self, m: Move) -> String {
        usi::write_move(self.variant(), m)
    }

    /// Starts the clock (if any) for the side to move.
    pub fn start_clock(&mut self, now_ms: u64) -> Result<(), GameError> {
        forward!(self, g => g.start_clock(now_ms))
    }

    /// Plays `m` at `now_ms` (see `Game::play_at`).
    pub fn play_at(&mut self, m: Move, now_ms: u64) -> Result<Option<Outcome>, GameError> {
        forward!(self, g => g.play_at(m, now_ms))
    }

    /// Plays `m` off the clock (see `Game::play`).
    pub fn play(&mut self, m: Move) -> Result<Option<Outcome>, GameError> {
        forward!(self, g => g.play(m))
    }

    /// Whether `m` may be played now, and if not, why.
    pub fn check(&self, m: Move) -> Result<(), GameError> {
        forward!(self, g => g.check(m))
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

    /// The side to move declares an entering-king win at `now_ms`.
    pub fn declare_at(&mut self, now_ms: u64) -> Result<Outcome, GameError> {
        forward!(self, g => g.declare_at(now_ms))
    }

    /// The players agree to a draw.
    pub fn agree_draw(&mut self) -> Result<Outcome, GameError> {
        forward!(self, g => g.agree_draw())
    }

    /// Reads a move in any notation koma reads (USI, Western, Japanese, German), the
    /// Japanese `同` referring to the last move played.
    pub fn parse_text(&self, text: &str) -> Result<Move, MoveTextError> {
        forward!(self, g => movetext::parse_any(g.position(), text, g.moves().last().map(|m| m.to())))
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

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        forward!(self, g => g.position().in_check())
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

    /// The start position as SFEN.
    pub fn start_sfen(&self) -> String {
        forward!(self, g => sfen::write(g.start()))
    }

    /// The current position as SFEN.
    pub fn sfen(&self) -> String {
        forward!(self, g => sfen::write(g.position()))
    }

    /// The start position.
    pub fn start_position(&self) -> AnyPosition {
        forward!(self, g => (*g.start()).into_any())
    }

    /// The moves played.
    pub fn moves(&self) -> Vec<Move> {
        forward!(self, g => g.moves().to_vec())
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
    pub fn moves_since(&self, ply: usize) -> Vec<Move> {
        forward!(self, g => g.moves().get(ply..).unwrap_or_default().to_vec())
    }

    /// How many moves have been played.
    pub fn plies(&self) -> usize {
        forward!(self, g => g.moves().len())
    }

    /// The moves the side to move may play (none once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        forward!(self, g => g.legal_moves().iter().copied().collect())
    }

    /// The moves the side to move may play, in USI (none once the game is over).
    pub fn legal_moves_usi(&self) -> Vec<String> {
        self.legal_moves()
            .into_iter()
            .map(|m| self.usi(m))
            .collect()
    }

    /// The game as a record (header left empty).
    pub fn to_record(&self) -> Record {
        forward!(self, g => g.to_record())
    }
}

fn with_clock<V: koma_rules::Variant>(game: Game<V>, clock: Option<Clock>) -> Game<V> {
    match clock {
        Some(clock) => game.with_clock(clock),
        None => game,
    }
}
