//! Chu shogi for the search: its hand-written evaluation and what the family's search
//! ([`crate::Searcher`]) asks of it ([`crate::search::Searched`]): the 12x12 game has no
//! drops, 46 pieces a side and three-square lion moves.

mod eval;
mod searched;

pub use eval::{evaluate, value};
