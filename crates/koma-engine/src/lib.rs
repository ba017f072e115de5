//! koma-engine: alpha-beta search with a transposition table, a hand-written evaluation for
//! shogi and its family (Tori, minishogi, Kyoto, Dōbutsu), time management, and the USI
//! protocol.

pub mod bench;
pub mod chu;
pub mod eval;
pub mod gensfen;
pub mod search;
pub mod time;
pub mod usi;

pub use search::{Limits, PastPosition, Score, SearchInfo, SearchResult, Searched, Searcher};
