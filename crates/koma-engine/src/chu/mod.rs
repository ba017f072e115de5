//! Chu shogi's search and evaluation: the 12x12 game has its own position type
//! ([`koma_rules::chu::ChuPosition`]), no drops, 46 pieces a side and three-square lion
//! moves, so it gets a searcher of its own beside the 9x9 family's [`crate::Searcher`],
//! sharing its limits, scores and `info` lines.

mod eval;
mod search;

pub use eval::{evaluate, value};
pub use search::{ChuInfo, ChuResult, ChuSearcher};
