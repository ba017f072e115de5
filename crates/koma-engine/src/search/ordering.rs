//! Move ordering: the hash move, captures by the victim's value, killers, the counter-move,
//! and the history of quiet moves that cut off; with them, the other tables a search thread
//! keeps across a game's moves: the evaluation's correction history and the evaluation
//! cache.

use super::correction::Correction;
use koma_rules::{Color, Move, MoveKind, MoveList, Position, Promotion, Variant};

/// Plies a search can reach.
pub const MAX_PLY: usize = 128;

/// The index of a move's origin in the history tables: the square, or 81 + the dropped
/// role.
fn origin(m: Move) -> usize {
    match (m.from(), m.drop_role()) {
        (Some(from), _) => from.index(),
        (None, Some(role)) => 81 + role.index(),
        (None, None) => 0,
    }
}

const ORIGINS: usize = 81 + koma_rules::Role::COUNT;

/// The tables that order moves, kept across the moves of a game.
pub struct Ordering {
    /// Quiet moves that cut off, by side, origin and destination.
    history: Vec<i32>,
    /// Two quiet moves that cut off at each ply.
    pub killers: [[Option<Move>; 2]; MAX_PLY + 1],
    /// The quiet move that refuted each previous move, by its origin and destination.
    counter: Vec<Option<Move>>,
    /// The evaluation's corrections learnt by the search.
    pub correction: Correction,
    /// Evaluations already computed: the key's high half and the score, by the key's low
    /// bits (a power of two entries; positions recur from one move's search to the next).
    pub eval_cache: Vec<u64>,
    /// The move frames of each ply, kept while no search runs (a search borrows them), so
    /// that each search does not build them afresh; empty until the first search.
    pub frames: Vec<Frame>,
}

/// Entries of the evaluation cache.
const EVAL_CACHE_SIZE: usize = 1 << 18;

impl Default for Ordering {
    fn default() -> Self {
        Ordering::new()
    }
}

impl Ordering {
    /// Empty tables.
    pub fn new() -> Ordering {
        Ordering {
            history: vec![0; 2 * ORIGINS * 81],
            killers: [[None; 2]; MAX_PLY + 1],
            counter: vec![None; ORIGINS * 81],
            correction: Correction::default(),
            eval_cache: vec![0; EVAL_CACHE_SIZE],
            frames: Vec::new(),
        }
    }

    /// Forgets the killers (a new search); history is halved so it adapts.
    pub fn new_search(&mut self) {
        self.killers = [[None; 2]; MAX_PLY + 1];
        for h in &mut self.history {
            *h /= 2;
        }
        self.correction.age();
    }

    fn history_index(color: Color, m: Move) -> usize {
        (color.index() * ORIGINS + origin(m)) * 81 + m.to().index()
    }

    /// The history score of a quiet move.
    pub fn history(&self, color: Color, m: Move) -> i32 {
        self.history[Ordering::history_index(color, m)]
    }

    /// The counter-move to `previous`.
    pub fn counter(&self, previous: Option<Move>) -> Option<Move> {
        previous.and_then(|p| self.counter[origin(p) * 81 + p.to().index()])
    }

    /// A quiet move `m` cut off at `ply` after `depth` plies of search; `tried` are the
    /// quiet moves searched before it, which did not.
    pub fn reward(
        &mut self,
        color: Color,
        m: Move,
        tried: &[Move],
        depth: i32,
        ply: usize,
        previous: Option<Move>,
    ) {
        // Linear in depth: the shallow cut-offs, most of them, teach the table as well.
        let bonus = (280 * depth - 180).min(3700);
        let update = |h: &mut i32, delta: i32| {
            *h += delta - *h * delta.abs() / 16_384;
        };
        update(&mut self.history[Ordering::history_index(color, m)], bonus);
        for &other in tried {
            update(
                &mut self.history[Ordering::history_index(color, other)],
                -bonus,
            );
        }
        let killers = &mut self.killers[ply.min(MAX_PLY)];
        if killers[0] != Some(m) {
            killers[1] = killers[0];
            killers[0] = Some(m);
        }
        if let Some(p) = previous {
            self.counter[origin(p) * 81 + p.to().index()] = Some(m);
        }
    }
}

/// Whether `m` captures in `pos`.
pub fn is_capture<V: Variant>(pos: &Position<V>, m: Move) -> bool {
    m.from().is_some() && pos.piece_at(m.to()).is_some()
}

/// Whether `m` promotes in the sense that matters to the search: a change of the piece the
/// player chose. Not in Kyoto shogi, where every move turns its piece over.
#[inline(always)]
pub fn promotes<V: Variant>(m: Move) -> bool {
    V::PROMOTION != Promotion::Flip && m.is_promotion()
}

/// The stages in which a node's moves are handed out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Stage {
    /// The hash move, before anything is generated.
    #[default]
    Hash,
    /// Captures (every evasion when in check).
    Captures,
    /// Non-captures, drops included.
    Quiets,
    /// Every move was handed out.
    Done,
}

/// The moves of one node with their ordering scores, handed out best first and generated
/// in stages (the hash move, captures, then quiet moves) so that a node cut off early
/// never generates its quiet moves; kept per ply so that no list is allocated or cleared
/// during the search.
pub struct Frame {
    /// The moves of the current stage.
    pub moves: MoveList,
    /// The moves being searched with their ranks (see [`rank`]); `len` of them are valid.
    scored: [(i64, Move); MoveList::CAPACITY],
    len: usize,
    /// How many moves were handed out by selection before the rest were sorted.
    picked: usize,
    /// The next index of `scored` to hand out.
    cursor: usize,
    /// The stage being handed out, and whether its moves are generated yet.
    stage: Stage,
    filled: bool,
    /// The hash move (searched first, skipped when generated) and whether the node is in
    /// check (all its moves are evasions, generated at once).
    hash: Option<Move>,
    in_check: bool,
    /// How many legal moves were generated at this node.
    generated: usize,
    /// The quiet moves searched at this node (their history is lowered on a cut-off).
    pub quiets: MoveList,
}

/// A move's place in the order: its ordering `score`, ties broken by the move itself, so
/// that the order does not depend on how the list was arranged.
#[inline(always)]
fn rank(score: i32, m: Move) -> i64 {
    (i64::from(score) << 16) | i64::from(m.bits())
}

/// Moves handed out by selection before the rest is sorted at once: most cut-offs come
/// from the first few moves.
const SELECTED: usize = 6;

impl Default for Frame {
    fn default() -> Frame {
        Frame {
            moves: MoveList::new(),
            scored: [(0, Move::NULL); MoveList::CAPACITY],
            len: 0,
            picked: 0,
            cursor: 0,
            stage: Stage::Done,
            filled: false,
            hash: None,
            in_check: false,
            generated: 0,
            quiets: MoveList::new(),
        }
    }
}

impl Frame {
    /// Starts handing out a node's moves: `hash` (legal, or none) first, then the
    /// generated ones.
    pub fn start(&mut self, hash: Option<Move>, in_check: bool) {
        self.stage = Stage::Hash;
        self.filled = false;
        self.hash = hash;
        self.in_check = in_check;
        self.generated = 0;
        self.quiets.clear();
    }

    /// The next move to search in `pos`, stage by stage; `None` once all were handed out.
    pub fn next<V: Variant>(
        &mut self,
        pos: &Position<V>,
        tables: &Ordering,
        ply: usize,
        previous: Option<Move>,
    ) -> Option<Move> {
        loop {
            let kind = match self.stage {
                Stage::Hash => {
                    self.stage = Stage::Captures;
                    if self.hash.is_some() {
                        return self.hash;
                    }
                    continue;
                }
                Stage::Captures if self.in_check => MoveKind::SearchEvasions,
                Stage::Captures => MoveKind::SearchCaptures,
                Stage::Quiets => MoveKind::SearchQuiets,
                Stage::Done => return None,
            };
            if !self.filled {
                self.filled = true;
                self.moves.clear();
                pos.generate(kind, &mut self.moves);
                self.generated += self.moves.len();
                self.score(pos, self.hash, tables, ply, previous);
                self.cursor = 0;
            }
            if let Some(m) = self.pick(self.cursor) {
                self.cursor += 1;
                return Some(m);
            }
            self.filled = false;
            self.stage = match self.stage {
                Stage::Captures if !self.in_check => Stage::Quiets,
                _ => Stage::Done,
            };
        }
    }

    /// Generates the moves of `kind` in `pos` at `ply` and scores them, all at once (for
    /// handing out with [`Frame::pick`], outside the staged order of [`Frame::next`]).
    pub fn fill<V: Variant>(
        &mut self,
        pos: &Position<V>,
        kind: MoveKind,
        tables: &Ordering,
        ply: usize,
    ) {
        self.moves.clear();
        pos.generate(kind, &mut self.moves);
        self.score(pos, None, tables, ply, None);
    }

    /// Whether the node has no legal move at all (known once `next` returned `None`).
    pub fn no_moves(&self) -> bool {
        self.generated == 0
    }

    /// Scores `self.moves` for searching in `pos`; `skip` (the hash move, already searched)
    /// is left out.
    pub fn score<V: Variant>(
        &mut self,
        pos: &Position<V>,
        skip: Option<Move>,
        tables: &Ordering,
        ply: usize,
        previous: Option<Move>,
    ) {
        let us = pos.side_to_move();
        let value = &crate::eval::params::<V>().piece;
        let killers = tables.killers[ply.min(MAX_PLY)];
        let counter = tables.counter(previous);
        let mut n = 0;
        for &m in self.moves.iter() {
            if Some(m) == skip {
                continue;
            }
            let score = if let Some(victim) = pos.piece_at(m.to()).filter(|_| m.from().is_some()) {
                let attacker = m
                    .from()
                    .and_then(|f| pos.piece_at(f))
                    .map_or(0, |p| value[p.role().index()]);
                (1 << 20) + value[victim.role().index()] * 16 - attacker / 16
                    + i32::from(promotes::<V>(m)) * 256
            } else if promotes::<V>(m) {
                (1 << 19) + 100
            } else if Some(m) == killers[0] {
                (1 << 18) + 2
            } else if Some(m) == killers[1] {
                (1 << 18) + 1
            } else if Some(m) == counter {
                1 << 18
            } else {
                tables.history(us, m)
            };
            self.scored[n] = (rank(score, m), m);
            n += 1;
        }
        self.len = n;
        self.picked = 0;
    }

    /// The move at `index` in best-first order (indices are asked for in sequence).
    pub fn pick(&mut self, index: usize) -> Option<Move> {
        if index >= self.len {
            return None;
        }
        if index < SELECTED {
            let rest = &mut self.scored[index..self.len];
            let mut best = 0;
            for (i, entry) in rest.iter().enumerate().skip(1) {
                if entry.0 > rest[best].0 {
                    best = i;
                }
            }
            rest.swap(0, best);
            self.picked = index + 1;
        } else if index == self.picked {
            self.scored[index..self.len].sort_unstable_by_key(|e| std::cmp::Reverse(e.0));
            self.picked = self.len;
        }
        Some(self.scored[index].1)
    }

    /// Keeps, of the current stage's moves that [`Frame::next`] has not handed out yet,
    /// only those `keep` accepts, in the same order (when the caller knows the others
    /// would all be pruned).
    pub fn retain_rest(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut kept = self.cursor;
        for i in self.cursor..self.len {
            if keep(self.scored[i].1) {
                self.scored[kept] = self.scored[i];
                kept += 1;
            }
        }
        self.len = kept;
        self.picked = self.picked.min(self.len);
    }
}
