//! The game layer: a game of any member of the family (shogi, its small variants, Chu) from
//! its start to its result under a named rule set, with clocks, furigoma, handicap choice, a
//! client for USI engines and matches between them.
//!
//! ```
//! use koma_game::{Game, Reason, RuleSet};
//! use koma_notation::usi;
//! use koma_rules::{variants::Shogi, Color, VariantKind};
//!
//! // The fool's mate of shogi does not exist, but a quick resignation does.
//! let mut game = Game::<Shogi>::standard(RuleSet::AMATEUR);
//! game.play(usi::parse_move(VariantKind::Shogi, "7g7f").unwrap()).unwrap();
//! let outcome = game.resign(Color::White).unwrap();
//! assert_eq!(outcome.winner, Some(Color::Black));
//! assert_eq!(outcome.reason, Reason::Resignation);
//! assert_eq!(outcome.to_string(), "sente resignation");
//! ```

pub mod chu;
pub mod clock;
pub mod datetime;
pub mod engine_turn;
pub mod furigoma;
mod game;
mod history;
pub mod matches;
mod outcome;
pub mod points;
pub mod rating;
mod record;
pub mod refereed;
pub mod replay;
mod rules;
pub mod usi_client;

pub use game::{Game, GameError};
pub use outcome::{Foul, Outcome, Reason};
pub use rules::{REPETITION_NAMES, Repetition, RuleSet, repetition_from_name, repetition_name};
