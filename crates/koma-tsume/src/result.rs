//! What the solver is asked (limits) and what it answers (outcome and report).

use koma_rules::Move;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// How much the solver may spend, whom it tells how it goes, and which composers'
/// conventions it applies.
#[derive(Clone)]
pub struct Limits {
    /// Wall-clock limit for the whole solve (first proof and shortest-mate refinement).
    pub time: Option<Duration>,
    /// Node limit for the whole solve.
    pub nodes: Option<u64>,
    /// Transposition table size in megabytes.
    pub hash_mb: usize,
    /// After the first proof, search for the shortest mate as long as the limits allow.
    pub shortest: bool,
    /// The longest path the search follows (plies); deeper paths count as unknown.
    pub max_depth: u32,
    /// Set from another thread to stop the search (answers `Unknown(Stopped)` if undecided).
    pub stop: Option<Arc<AtomicBool>>,
    /// Called on the search thread about once a second with the search's figures (the
    /// clock is read every 1024 nodes); keep it short.
    pub progress: Option<ProgressFn>,
    /// Give the defender every piece that is neither on the board nor in the attacker's
    /// hand before solving (the composers' convention, KIF's 残り全部, CSA's `00AL`).
    pub rest_to_defender: bool,
    /// After a mate, also find its composer's length ([`Report::composer_plies`]): futile
    /// interpositions (無駄合) not counted, as `docs/tsume.md` defines them.
    pub composer_length: bool,
}

/// A progress callback: see [`Limits::progress`].
pub type ProgressFn = Arc<dyn Fn(&Progress) + Send + Sync>;

impl fmt::Debug for Limits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Limits")
            .field("time", &self.time)
            .field("nodes", &self.nodes)
            .field("hash_mb", &self.hash_mb)
            .field("shortest", &self.shortest)
            .field("max_depth", &self.max_depth)
            .field("stop", &self.stop)
            .field("progress", &self.progress.as_ref().map(|_| "Fn(&Progress)"))
            .field("rest_to_defender", &self.rest_to_defender)
            .field("composer_length", &self.composer_length)
            .finish()
    }
}

/// How a running search goes, as the progress callback sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Nodes searched so far in the whole solve.
    pub nodes: u64,
    /// Wall-clock time since the solve began.
    pub elapsed: Duration,
    /// Transposition table fill, permille.
    pub hashfull: u32,
    /// What the search is doing.
    pub phase: Phase,
}

/// The stage of a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Looking for the first proof or disproof.
    FirstProof,
    /// After a proof: a mate of `best` plies is known, and the search asks whether there
    /// is one within `within` plies (the shortest-mate refinement).
    Shortest {
        /// Length of the best mate found so far (plies).
        best: u32,
        /// The length limit being searched (plies).
        within: u32,
    },
    /// After the mate: is there one within `within` plies when futile interpositions are
    /// not counted (the composer's length, [`Limits::composer_length`])?
    ComposerLength {
        /// The length limit being searched (plies, composer's count).
        within: u32,
    },
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            time: None,
            nodes: None,
            hash_mb: 256,
            shortest: true,
            max_depth: 6000,
            stop: None,
            progress: None,
            rest_to_defender: false,
            composer_length: false,
        }
    }
}

/// Why there is no mate.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NoMateReason {
    /// The attacker (side to move) has no checking move.
    NoChecks,
    /// Every sequence of checks lets the defender escape (or only repeats: perpetual check).
    Disproven,
    /// The defender has no king to mate.
    NoDefenderKing,
}

/// Why the solver gave no answer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum UnknownReason {
    /// The time limit ran out.
    Timeout,
    /// The node limit ran out.
    NodeLimit,
    /// The stop flag was set.
    Stopped,
    /// The search needed paths longer than the depth limit.
    DepthLimit,
    /// A proof was found but no mating line could be read back and verified.
    LineNotVerified,
}

/// The solver's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A forced mate: the verified mating line from the root (attacker first), odd length.
    Mate(Vec<Move>),
    /// Proven: no forced mate.
    NoMate(NoMateReason),
    /// Undecided within the limits.
    Unknown(UnknownReason),
}

/// The answer with the search's figures.
#[derive(Clone, Debug)]
pub struct Report {
    /// The answer.
    pub outcome: Outcome,
    /// Whether a mate's length is proven to be the shortest (no mate in fewer plies).
    pub shortest: bool,
    /// Nodes (positions expanded) in the whole solve.
    pub nodes: u64,
    /// Wall-clock time of the whole solve.
    pub elapsed: Duration,
    /// Time and nodes when the root was first proven, for a mate.
    pub first_proof: Option<(Duration, u64)>,
    /// Transposition table fill at the end, permille.
    pub hashfull: u32,
    /// Garbage collections of the transposition table.
    pub collections: u32,
    /// With [`Limits::composer_length`], for a mate: its length with futile interpositions
    /// (無駄合) not counted, when the limits allowed finding it.
    pub composer_plies: Option<usize>,
}

impl Report {
    /// The mate length in plies, for a mate.
    pub fn mate_plies(&self) -> Option<usize> {
        match &self.outcome {
            Outcome::Mate(line) => Some(line.len()),
            _ => None,
        }
    }
}
