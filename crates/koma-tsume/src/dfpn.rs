//! df-pn+ (depth-first proof-number search) over checks (OR nodes, the attacker) and
//! evasions (AND nodes, the defender).
//!
//! - Thresholds with the 1+ε trick: the best child may run until its number passes the
//!   second best by a quarter, so the search does not thrash between two siblings.
//! - Proof and disproof hands are computed as results back up, and the table uses them with
//!   hand superiority.
//! - A position that repeats on the current path, or comes back with an attacker hand no
//!   better than before (an inferior loop), is a failure for the attacker. A disproof that
//!   rests on such a loop through a position above the node is path-dependent: it is kept
//!   by the parents on this path only and never stored (the graph-history-interaction
//!   problem). Results are marked with the shallowest path depth they rest on.
//! - A length limit (`max_len`) turns the search into "is there a mate in at most N plies",
//!   which the shortest-mate refinement uses; disproofs caused by the limit are never stored.

use crate::budget::Budget;
use crate::delay::Delays;
use crate::hand::{HAND_ROLES, PackedHand};
use crate::result::{Limits, Phase, UnknownReason};
use crate::tt::{INF, MAX_UNDECIDED, Probe, Table};
use koma_rules::tables::{ZOBRIST, between};
use koma_rules::variants::Shogi;
use koma_rules::{
    Bitboard, Color, Move, MoveCounter, MoveKind, MoveList, MoveSink, Piece, Position, Role, Square,
};
use std::time::Instant;

/// A result that rests on no loop through the path above it.
pub(crate) const REP_NONE: i32 = i32::MAX;
/// A result cut by the depth limit: never stored, never final.
pub(crate) const DEPTH_CUT: i32 = -1;
/// The bound of a disproof that holds for mates of any length.
pub(crate) const NO_BOUND: u32 = u32::MAX;

/// What a search of one node found.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NodeResult {
    /// Proof number.
    pub pn: u32,
    /// Disproof number.
    pub dn: u32,
    /// Proof hand if proven, disproof hand if disproven, else the node's own hand.
    pub hand: PackedHand,
    /// Mate length in plies if proven; if disproven, the length within which there is
    /// surely no mate ([`NO_BOUND`]: none at all).
    pub len: u32,
    /// The shallowest path depth a disproof rests on ([`REP_NONE`] if none).
    pub rep: i32,
}

impl NodeResult {
    fn from_probe(p: Probe) -> NodeResult {
        NodeResult {
            pn: p.pn,
            dn: p.dn,
            hand: p.hand,
            len: p.len,
            rep: REP_NONE,
        }
    }

    fn failure(hand: PackedHand, rep: i32, bound: u32) -> NodeResult {
        NodeResult {
            pn: INF,
            dn: 0,
            hand,
            len: bound,
            rep,
        }
    }
}

/// A child of the node being searched, with what is known of it.
#[derive(Clone, Copy, Debug)]
struct Child {
    mv: Move,
    key: u64,
    hand: PackedHand,
    r: NodeResult,
    /// Whether the table knew the child when it was generated.
    found: bool,
    /// The index of the sibling that must fail for the side to move before this child is
    /// searched (see [`crate::delay`]).
    after: Option<u32>,
}

/// A position on the current path.
#[derive(Clone, Copy, Debug)]
struct PathItem {
    board: u64,
    hand: PackedHand,
    depth: u32,
}

/// The searcher: table, path, budget and counters.
pub(crate) struct Searcher {
    /// The transposition table.
    pub tt: Table,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Only mates of at most this many plies from the root count (`u32::MAX`: any).
    pub max_len: u32,
    /// Why the search stopped early, if it did.
    pub abort: Option<UnknownReason>,
    /// The stage of the solve, for progress reports.
    pub phase: Phase,
    max_depth: u32,
    attacker: Color,
    path: Vec<PathItem>,
    filter: Vec<u16>,
    children: Vec<Child>,
    /// Time, node limit, stop flag and progress reports of the solve.
    pub budget: Budget,
}

const FILTER_BITS: usize = 16;

impl Searcher {
    /// A searcher for problems where `attacker` is to move, within `limits`.
    pub fn new(attacker: Color, limits: &Limits, start: Instant) -> Searcher {
        Searcher {
            tt: Table::new(limits.hash_mb),
            nodes: 0,
            max_len: u32::MAX,
            abort: None,
            phase: Phase::FirstProof,
            max_depth: limits.max_depth,
            attacker,
            path: Vec::new(),
            filter: vec![0; 1 << FILTER_BITS],
            children: Vec::new(),
            budget: Budget::new(limits, start),
        }
    }

    /// The attacker's hand in `pos`.
    #[inline]
    pub fn hand_of(&self, pos: &Position<Shogi>) -> PackedHand {
        PackedHand::from_hand(pos.hand(self.attacker))
    }

    /// The longest mate (plies) that counts for a node at `depth`.
    #[inline]
    fn allowed(&self, depth: u32) -> u32 {
        if self.max_len == u32::MAX {
            u32::MAX
        } else {
            self.max_len.saturating_sub(depth)
        }
    }

    /// Looks `pos` up in the table as a node at `depth`.
    pub fn probe(&self, pos: &Position<Shogi>, depth: u32) -> Probe {
        self.tt
            .lookup(pos.board_key(), self.hand_of(pos), self.allowed(depth))
    }

    /// Puts `pos` (at `depth`) on the path.
    pub fn push_path(&mut self, pos: &Position<Shogi>, depth: u32) {
        let board = pos.board_key();
        self.filter[board as usize & ((1 << FILTER_BITS) - 1)] += 1;
        self.path.push(PathItem {
            board,
            hand: self.hand_of(pos),
            depth,
        });
    }

    /// Takes the last position off the path.
    pub fn pop_path(&mut self) {
        if let Some(item) = self.path.pop() {
            let slot = &mut self.filter[item.board as usize & ((1 << FILTER_BITS) - 1)];
            *slot = slot.saturating_sub(1);
        }
    }

    /// The deepest path position that `board`/`hand` repeats or is inferior to.
    #[inline]
    fn on_path(&self, board: u64, hand: PackedHand) -> Option<i32> {
        if self.filter[board as usize & ((1 << FILTER_BITS) - 1)] == 0 {
            return None;
        }
        self.path
            .iter()
            .rev()
            .find(|item| item.board == board && item.hand.covers(hand))
            .map(|item| item.depth as i32)
    }

    /// Counts a node and checks the budget.
    #[inline]
    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.budget.node_limit {
            self.abort = Some(UnknownReason::NodeLimit);
        }
        if self.nodes & 1023 == 0 {
            let tt = &self.tt;
            if let Some(why) = self.budget.poll(self.nodes, || tt.hashfull(), self.phase) {
                self.abort = Some(why);
            }
        }
    }

    /// The moves of a node: checks for the attacker, every evasion for the defender.
    pub fn node_moves(pos: &Position<Shogi>, or: bool) -> MoveList {
        pos.moves(if or {
            MoveKind::Checks
        } else {
            MoveKind::Evasions
        })
    }

    /// The attacker's hand after `m` is played in `pos` (whose attacker hand is `hand`).
    #[inline]
    fn hand_after(&self, pos: &Position<Shogi>, m: Move, hand: PackedHand) -> PackedHand {
        if pos.side_to_move() != self.attacker {
            return hand;
        }
        match m.drop_role() {
            Some(role) => hand.minus(role),
            None => match pos.piece_at(m.to()) {
                Some(p) => hand.plus(p.role()),
                None => hand,
            },
        }
    }

    /// Searches the node `pos` at `depth` until its proof number reaches `th_pn`, its
    /// disproof number reaches `th_dn`, it is decided, or the budget runs out.
    pub fn mid(&mut self, pos: &Position<Shogi>, depth: u32, th_pn: u32, th_dn: u32) -> NodeResult {
        self.tick();
        let or = pos.side_to_move() == self.attacker;
        let board = pos.board_key();
        let hand = self.hand_of(pos);
        if depth >= self.max_depth {
            return NodeResult::failure(hand, DEPTH_CUT, NO_BOUND);
        }
        if or && depth >= self.max_len {
            // No mate within no plies (a bound that is true everywhere, so not stored).
            return NodeResult::failure(hand, REP_NONE, 0);
        }
        let own = self.tt.lookup(board, hand, self.allowed(depth));
        if own.pn == 0 || own.dn == 0 || own.pn >= th_pn || own.dn >= th_dn {
            return NodeResult::from_probe(own);
        }
        self.expand_and_search(pos, depth, th_pn, th_dn)
    }

    /// Searches the node like [`Searcher::mid`] without first asking the table about the
    /// node itself: the children are expanded and looked up (re-proving a node whose
    /// children the table has lost).
    pub fn expand_and_search(
        &mut self,
        pos: &Position<Shogi>,
        depth: u32,
        th_pn: u32,
        th_dn: u32,
    ) -> NodeResult {
        let or = pos.side_to_move() == self.attacker;
        let board = pos.board_key();
        let hand = self.hand_of(pos);
        let start_nodes = self.nodes;
        let first = self.children.len();
        if let Some(done) = self.expand(pos, depth, or, hand) {
            self.children.truncate(first);
            return self.finish(pos, depth, board, hand, done, start_nodes);
        }
        let last = self.children.len();
        self.push_path(pos, depth);
        loop {
            let (pn, dn, best, second) = self.aggregate(first, last, or);
            if pn == 0 || dn == 0 || pn >= th_pn || dn >= th_dn || self.abort.is_some() {
                break;
            }
            let c = self.children[best];
            let (cth_pn, cth_dn) = if or {
                (th_pn.min(grow(second)), rest(th_dn, dn, c.r.dn))
            } else {
                (rest(th_pn, pn, c.r.pn), th_dn.min(grow(second)))
            };
            let child = pos.after(c.mv);
            let r = self.mid(&child, depth + 1, cth_pn, cth_dn);
            self.children[best].r = r;
        }
        self.pop_path();
        let result = self.settle(pos, first, last, or, hand);
        self.children.truncate(first);
        self.finish(pos, depth, board, hand, result, start_nodes)
    }

    /// Stores the node's result as far as it is path-independent and returns it.
    fn finish(
        &mut self,
        _pos: &Position<Shogi>,
        depth: u32,
        board: u64,
        hand: PackedHand,
        mut r: NodeResult,
        start_nodes: u64,
    ) -> NodeResult {
        let amount = (self.nodes - start_nodes).min(u32::MAX as u64) as u32;
        if r.pn == 0 {
            self.tt.store_proven(board, hand, r.hand, r.len, amount);
            r.rep = REP_NONE;
        } else if r.dn == 0 {
            if r.rep >= depth as i32 {
                if r.len > 0 {
                    self.tt.store_disproven(board, hand, r.hand, r.len, amount);
                }
                r.rep = REP_NONE;
            }
        } else {
            self.tt.store_undecided(board, hand, r.pn, r.dn, amount);
        }
        r
    }

    /// Generates the children into the arena with what the table and the path say of them.
    /// Returns the node's result at once when the node has no moves or a child decides it.
    fn expand(
        &mut self,
        pos: &Position<Shogi>,
        depth: u32,
        or: bool,
        hand: PackedHand,
    ) -> Option<NodeResult> {
        let moves = Self::node_moves(pos, or);
        if moves.is_empty() {
            return Some(if or {
                NodeResult::failure(no_check_disproof(hand), REP_NONE, NO_BOUND)
            } else {
                NodeResult {
                    pn: 0,
                    dn: INF,
                    hand: self.interposition(pos, PackedHand::EMPTY, hand),
                    len: 0,
                    rep: REP_NONE,
                }
            });
        }
        let allowed = self.allowed(depth + 1);
        let first = self.children.len();
        let mut delays = Delays::new(pos, or);
        for &m in moves.iter() {
            let after = delays.wait_for(pos, m, self.children.len() as u32);
            let key = child_key(pos, m);
            self.tt.prefetch(key);
            self.children.push(Child {
                mv: m,
                key,
                hand: self.hand_after(pos, m, hand),
                r: NodeResult::failure(hand, DEPTH_CUT, 0),
                found: true,
                after,
            });
        }
        let last = self.children.len();
        // All lookups first, in a tight loop: their cache misses overlap.
        for i in first..last {
            let c = self.children[i];
            let r = match self.on_path(c.key, c.hand) {
                Some(rep) => NodeResult::failure(c.hand, rep, NO_BOUND),
                None => {
                    let probe = self.tt.lookup(c.key, c.hand, allowed);
                    self.children[i].found = probe.found;
                    NodeResult::from_probe(probe)
                }
            };
            self.children[i].r = r;
            // A proven check proves an OR node; a refuting evasion disproves an AND node.
            if (or && r.pn == 0) || (!or && r.dn == 0) {
                self.children.truncate(i + 1);
                return None;
            }
        }
        for i in first..last {
            let c = self.children[i];
            if c.found {
                continue;
            }
            let child = pos.after(c.mv);
            let r = self.leaf(&child, c.key, c.hand, !or);
            self.children[i].r = r;
            if (or && r.pn == 0) || (!or && r.dn == 0) {
                self.children.truncate(i + 1);
                return None;
            }
        }
        None
    }

    /// First numbers of a new node, one ply of look-ahead: its moves are counted, so a mate
    /// or a position without checks is decided (and stored) at once; otherwise the count
    /// of the defender's replies is the proof number of an AND node (drops on one square
    /// counted once, as the search takes them up one at a time) and the count of checks
    /// the disproof number of an OR node (df-pn+).
    fn leaf(&mut self, pos: &Position<Shogi>, key: u64, hand: PackedHand, or: bool) -> NodeResult {
        let count = if or {
            let mut counter = MoveCounter::new();
            pos.generate(MoveKind::Checks, &mut counter);
            counter.count
        } else {
            let mut counter = EvasionCounter::new();
            pos.generate(MoveKind::Evasions, &mut counter);
            counter.moves.count
        };
        let n = count.min(MAX_UNDECIDED as u64 / 2) as u32;
        if n == 0 {
            let r = if or {
                NodeResult::failure(no_check_disproof(hand), REP_NONE, NO_BOUND)
            } else {
                NodeResult {
                    pn: 0,
                    dn: INF,
                    hand: self.interposition(pos, PackedHand::EMPTY, hand),
                    len: 0,
                    rep: REP_NONE,
                }
            };
            if or {
                self.tt.store_disproven(key, hand, r.hand, NO_BOUND, 1);
            } else {
                self.tt.store_proven(key, hand, r.hand, 0, 1);
            }
            return r;
        }
        let (pn, dn) = if or { (1, n) } else { (n, 1) };
        NodeResult {
            pn,
            dn,
            hand,
            len: 0,
            rep: REP_NONE,
        }
    }

    /// The node's numbers from its children, the best child and the second-best number.
    #[inline]
    fn aggregate(&self, first: usize, last: usize, or: bool) -> (u32, u32, usize, u32) {
        let mut best = first;
        let mut min = INF;
        let mut second = INF;
        let mut sum: u64 = 0;
        for (i, c) in self.children[first..last].iter().enumerate() {
            if let (Some(prev), u32::MAX) = (c.after, self.max_len) {
                // (Under a length limit interpositions are the usual refutations: no wait.)
                let prev = &self.children[prev as usize].r;
                if (or && prev.dn != 0) || (!or && prev.pn != 0) {
                    // Waits until the move before it in its chain has failed.
                    continue;
                }
            }
            let (select, add) = if or {
                (c.r.pn, c.r.dn)
            } else {
                (c.r.dn, c.r.pn)
            };
            if select < min {
                second = min;
                min = select;
                best = first + i;
            } else if select < second {
                second = select;
            }
            sum += add as u64;
        }
        let sum = if sum == 0 {
            0
        } else if sum >= INF as u64 {
            // An infinite term means a decided child, which `min` reports.
            MAX_UNDECIDED
        } else {
            (sum as u32).min(MAX_UNDECIDED)
        };
        if or {
            (min, if min == 0 { INF } else { sum }, best, second)
        } else {
            (if min == 0 { INF } else { sum }, min, best, second)
        }
    }

    /// The node's result from its children (proof or disproof hand, length, loop mark).
    fn settle(
        &self,
        pos: &Position<Shogi>,
        first: usize,
        last: usize,
        or: bool,
        hand: PackedHand,
    ) -> NodeResult {
        let (pn, dn, _, _) = self.aggregate(first, last, or);
        let children = &self.children[first..last];
        if pn == 0 {
            let (ph, len) = if or {
                let c = children
                    .iter()
                    .filter(|c| c.r.pn == 0)
                    .min_by_key(|c| c.r.len)
                    .copied();
                match c {
                    Some(c) => (self.proof_before(pos, c), c.r.len + 1),
                    None => (hand, 1),
                }
            } else {
                let mut ph = PackedHand::EMPTY;
                let mut len = 0;
                for c in children {
                    ph = ph.max(c.r.hand);
                    len = len.max(c.r.len + 1);
                }
                (self.interposition(pos, ph, hand), len)
            };
            return NodeResult {
                pn: 0,
                dn: INF,
                hand: ph.min(hand),
                len,
                rep: REP_NONE,
            };
        }
        if dn == 0 {
            if or {
                let mut dh = PackedHand::FULL;
                let mut rep = REP_NONE;
                let mut bound = NO_BOUND;
                for c in children {
                    dh = dh.min(disproof_before(pos, c));
                    rep = rep.min(c.r.rep);
                    bound = bound.min(c.r.len);
                }
                return NodeResult::failure(keep_empty_kinds(dh, hand), rep, longer(bound));
            }
            let c = children
                .iter()
                .filter(|c| c.r.dn == 0)
                .max_by_key(|c| (c.r.rep, c.r.len))
                .copied();
            return match c {
                Some(c) => {
                    let mut dh = c.r.hand;
                    if let Some(role) = c.mv.drop_role() {
                        // The defender must still hold the piece it drops.
                        if let Some(s) = role.hand_slot() {
                            dh = dh.with_slot(s, dh.slot(s).min(hand.slot(s)));
                        }
                    }
                    NodeResult::failure(dh.max(hand), c.r.rep, longer(c.r.len))
                }
                None => NodeResult::failure(hand, DEPTH_CUT, NO_BOUND),
            };
        }
        NodeResult {
            pn,
            dn,
            hand,
            len: 0,
            rep: REP_NONE,
        }
    }

    /// The proof hand of an OR node proven by child `c`: what the child needed, less what
    /// the move captured, plus what it dropped.
    fn proof_before(&self, pos: &Position<Shogi>, c: Child) -> PackedHand {
        let ph = c.r.hand;
        match c.mv.drop_role() {
            Some(role) => ph.plus(role),
            None => match pos.piece_at(c.mv.to()) {
                Some(p) => ph.minus(p.role()),
                None => ph,
            },
        }
    }

    /// Widens an AND node's proof hand: if the defender could block the check by a drop
    /// with a kind it does not hold, the attacker must keep every piece of that kind (with
    /// fewer, the defender would hold one).
    fn interposition(&self, pos: &Position<Shogi>, ph: PackedHand, hand: PackedHand) -> PackedHand {
        let defender = !self.attacker;
        let (Some(ksq), Some(checker)) = (pos.king(defender), pos.checkers().first()) else {
            return ph;
        };
        if pos.checkers().more_than_one() || between(ksq, checker).is_empty() {
            return ph;
        }
        let theirs = pos.hand(defender);
        let mut ph = ph;
        for (s, role) in HAND_ROLES.iter().enumerate() {
            if theirs.count(*role) == 0 {
                ph = ph.with_slot(s, ph.slot(s).max(hand.slot(s)));
            }
        }
        ph
    }

    /// The children of `pos` with the table's view of each (for reading lines back).
    pub fn probe_children(
        &self,
        pos: &Position<Shogi>,
        depth: u32,
    ) -> Vec<(Move, Position<Shogi>, Probe)> {
        let or = pos.side_to_move() == self.attacker;
        Self::node_moves(pos, or)
            .iter()
            .map(|&m| {
                let child = pos.after(m);
                let p = self.probe(&child, depth + 1);
                (m, child, p)
            })
            .collect()
    }
}

/// The board key of the position after `m` (without playing it).
#[inline]
pub(crate) fn child_key(pos: &Position<Shogi>, m: Move) -> u64 {
    let z = &ZOBRIST;
    let us = pos.side_to_move();
    let to = m.to().index();
    let mut k = pos.board_key() ^ z.side;
    match m.from() {
        None => {
            let role = m.drop_role().unwrap_or(Role::Pawn);
            k ^= z.piece[Piece::new(us, role).index()][to];
        }
        Some(from) => {
            if let Some(p) = pos.piece_at(from) {
                let role = match (m.is_promotion(), p.role().promoted()) {
                    (true, Some(promoted)) => promoted,
                    _ => p.role(),
                };
                k ^= z.piece[p.index()][from.index()] ^ z.piece[Piece::new(us, role).index()][to];
            }
            if let Some(captured) = pos.piece_at(m.to()) {
                k ^= z.piece[captured.index()][to];
            }
        }
    }
    k
}

/// A child's disproof bound seen from its parent: one ply more.
#[inline]
fn longer(bound: u32) -> u32 {
    if bound == NO_BOUND {
        NO_BOUND
    } else {
        bound + 1
    }
}

/// Counts evasions as the search will take them up: the defender's drops on one square
/// wait for each other (see [`crate::delay`]), so each square counts once.
struct EvasionCounter {
    /// Counts the moves the sink is given (drops already reduced to new squares).
    moves: MoveCounter,
    dropped_on: Bitboard,
}

impl EvasionCounter {
    /// A counter at zero.
    fn new() -> EvasionCounter {
        EvasionCounter {
            moves: MoveCounter::new(),
            dropped_on: Bitboard::EMPTY,
        }
    }
}

impl MoveSink for EvasionCounter {
    #[inline(always)]
    fn board_moves(&mut self, from: Square, plain: Bitboard, both: Bitboard, promote: Bitboard) {
        self.moves.board_moves(from, plain, both, promote);
    }
    #[inline(always)]
    fn drops(&mut self, role: Role, to: Bitboard) {
        self.moves.drops(role, to & !self.dropped_on);
        self.dropped_on |= to;
    }
    #[inline(always)]
    fn shifted_moves(&mut self, delta: i8, plain: Bitboard, both: Bitboard, promote: Bitboard) {
        self.moves.shifted_moves(delta, plain, both, promote);
    }
}

/// The child threshold from the second-best sibling: 1+ε with ε = 1/4.
#[inline]
fn grow(second: u32) -> u32 {
    if second >= MAX_UNDECIDED {
        INF
    } else {
        (second as u64 + second as u64 / 4 + 1).min(MAX_UNDECIDED as u64) as u32
    }
}

/// The threshold left for one child of a summed number: `th - (total - own)`.
#[inline]
fn rest(th: u32, total: u32, own: u32) -> u32 {
    if th == INF {
        INF
    } else {
        (th as u64 + own as u64 - total as u64).min(MAX_UNDECIDED as u64) as u32
    }
}

/// The disproof hand of an OR node with no check: any number of the kinds it holds (more
/// of them adds no move), none of the kinds it lacks (one could give a new check).
fn no_check_disproof(hand: PackedHand) -> PackedHand {
    keep_empty_kinds(PackedHand::FULL, hand)
}

/// Zeroes the kinds `hand` lacks: holding one could add a checking drop.
fn keep_empty_kinds(dh: PackedHand, hand: PackedHand) -> PackedHand {
    let mut dh = dh;
    for s in 0..7 {
        if hand.slot(s) == 0 {
            dh = dh.with_slot(s, 0);
        }
    }
    dh
}

/// A child's disproof hand seen from the OR node before the move.
fn disproof_before(pos: &Position<Shogi>, c: &Child) -> PackedHand {
    let dh = c.r.hand;
    match c.mv.drop_role() {
        Some(role) => dh.plus(role),
        None => match pos.piece_at(c.mv.to()) {
            Some(p) => dh.minus(p.role()),
            None => dh,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_and_node_counts_each_drop_square_once() {
        // Gote in check down the file with every piece in hand: seven pieces could be
        // dropped on each of 5b, 5c and 5d, and the search takes them one at a time.
        let sfen = "4k4/9/9/9/4R4/9/9/9/4K4 w r2b4g4s4n4l18p 1";
        let pos: Position<Shogi> = koma_notation::sfen::parse(sfen).unwrap();
        let moves = pos.moves(MoveKind::Evasions);
        let board = moves.iter().filter(|m| m.drop_role().is_none()).count();
        let mut squares: Vec<_> = moves
            .iter()
            .filter(|m| m.drop_role().is_some())
            .map(|m| m.to())
            .collect();
        squares.sort_by_key(|sq| sq.index());
        squares.dedup();
        assert_eq!(squares.len(), 3);
        assert!(
            moves.len() > board + 3 * 6,
            "drops of many pieces on each square"
        );
        let mut counter = EvasionCounter::new();
        pos.generate(MoveKind::Evasions, &mut counter);
        assert_eq!(counter.moves.count, (board + squares.len()) as u64);
    }

    #[test]
    fn child_keys_match_played_moves() {
        let sfens = [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "l2s3nl/3g1p+R+R1/p1k5p/2pPp4/1p1p5/5Sp2/PPP1PP2P/3G5/L1K4NL b BG2S2Pbg2np 1",
            "ln7/2gk1S+S2/2+rpPp2G/2p5p/PP4P2/3B4P/K1SP3PN/1Sg2P+np1/L+r6L w L2Pbgn3p 1",
        ];
        for sfen in sfens {
            let pos: Position<Shogi> = koma_notation::sfen::parse(sfen).unwrap();
            for &m in pos.legal_moves().iter() {
                assert_eq!(
                    child_key(&pos, m),
                    pos.after(m).board_key(),
                    "{m:?} in {sfen}"
                );
            }
        }
    }
}
