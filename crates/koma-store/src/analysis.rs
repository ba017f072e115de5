//! The engine's lines on positions, kept so that a position already searched answers at
//! once, for every user and every server on the database: one row per position, the
//! deepest search of it.

use crate::StoreError;
use koma_rules::GameKind;
use serde::{Deserialize, Serialize};

/// A score as the engine gives it, from the side to move's point of view (USI's `score`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LineScore {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many plies: positive when the side to move mates.
    Mate(i32),
}

/// One line of a search: its score and its moves in USI.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredLine {
    /// The line's score.
    pub score: LineScore,
    /// The moves, the line's first move first.
    pub pv: Vec<String>,
}

/// The engine's search of one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredAnalysis {
    /// The game (a 9x9 variant or Chu), kept by its name.
    pub variant: GameKind,
    /// The position: its SFEN without the move number.
    pub position: String,
    /// The depth of the search's last completed iteration.
    pub depth: u32,
    /// The lines, best first (as many as the search was asked for, or fewer moves).
    pub lines: Vec<StoredLine>,
    /// How many lines the search was asked for.
    pub multipv: u32,
    /// When it was stored (Unix milliseconds).
    pub at_ms: u64,
}

impl StoredAnalysis {
    /// Whether this search answers a request for `depth` and `multipv` lines: at least as
    /// deep, with at least as many lines.
    pub fn answers(&self, depth: u32, multipv: u32) -> bool {
        self.depth >= depth && self.multipv >= multipv
    }
}

/// Where the searches of positions are kept. Blocking, like [`crate::Store`].
pub trait AnalysisStore: Send + Sync {
    /// The search kept for `position` of `variant`, if any.
    fn analysis(
        &self,
        variant: GameKind,
        position: &str,
    ) -> Result<Option<StoredAnalysis>, StoreError>;
    /// Keeps `a` in place of the position's search unless that one is deeper, or as deep
    /// with as many lines or more.
    fn keep_analysis(&self, a: &StoredAnalysis) -> Result<(), StoreError>;
    /// Forgets the oldest searches beyond the `keep` newest.
    fn forget_analyses(&self, keep: usize) -> Result<(), StoreError>;
}
