//! The composer's length of a mate: futile interpositions (無駄合) not counted.
//!
//! The defender is in check from one ranging piece (lance, bishop, rook, horse, dragon) that
//! stands at a distance. An *interposition* is an evasion that puts a piece on a square
//! between that checker and the king: a drop (合駒) or a move of another piece (移動合).
//! Every other evasion (a king move, a capture of the checker) is *ordinary*.
//!
//! Lengths in plies, the composer's way:
//!
//! - `C(A)`, the attacker to move: the least `1 + C(A·m)` over its checks `m` (no check
//!   that mates: no length).
//! - `C(D)`, the defender to move: 0 if it has no legal move. Otherwise `base(D)` is the
//!   most `1 + C(D·e)` over the ordinary evasions `e` (0 if there are none): the mate when
//!   the defender does not interpose. An interposition `i` is *futile* when the checker can
//!   take the interposed piece at once (a legal check, promoting or not), `x`, and
//!   `C(D·i·x) <= base(D)`: taking it still mates, no later than without the
//!   interposition. `C(D)` is the most of `base(D)` and of `1 + C(D·i)` over the
//!   interpositions `i` that are not futile.
//!
//! So a futile interposition and its capture are two plies the composer does not count, and
//! every other defence counts in full. `C` is never more than the real shortest mate, and
//! equals it when no interposition is futile. Only the checker's capture is tried (a capture
//! by another piece, which some composers also accept, leaves the interposition counted), and
//! an interposition whose capture lets the mate run longer than `base(D)` is counted even
//! where composers would call the captured piece unused (the recurring interpositions of a
//! horse see-saw, 馬鋸).
//!
//! The search: "is there a mate within `n` plies, composer's count?" for `n` = 1, 3, 5, …,
//! a depth-first search that proves or refutes each node completely, with a table of the
//! bounds known for each position (lengths do not depend on the path: without a repetition
//! rule a shortest mate never repeats a position, and a futility test moves a piece from the
//! defender to the attacker, so the recursion ends), which also asks the solve's df-pn table
//! (a real mate within `n` is a composer's one; no real mate at all, no composer's mate).
//! Without a limit it is exact; with one it answers only when it finished.

use crate::budget::Budget;
use crate::hand::PackedHand;
use crate::result::{Phase, UnknownReason};
use crate::tt::Table;
use koma_rules::tables::between;
use koma_rules::variants::Shogi;
use koma_rules::{Bitboard, Color, Move, MoveCounter, MoveKind, Position};
use std::collections::HashMap;

/// Table entries allowed per megabyte of the solve's table size.
const ENTRIES_PER_MB: usize = 1 << 15;

/// What is known of a position's length (composer's count): it lies in `lo..=hi`; and the
/// move that last decided it (the mating check, or the evasion that escaped), tried first
/// next time.
#[derive(Clone, Copy, Debug)]
struct Bounds {
    lo: u32,
    hi: u32,
    best: Option<Move>,
}

/// The composer-length search over one problem.
pub(crate) struct Composer<'a> {
    /// Nodes of the whole solve, this search's included.
    pub nodes: u64,
    /// Why the search stopped early, if it did.
    pub abort: Option<UnknownReason>,
    budget: &'a mut Budget,
    /// The df-pn table of the solve (real lengths, every interposition counted).
    tt: &'a Table,
    attacker: Color,
    memo: HashMap<u64, Bounds>,
    cap: usize,
    max_len: u32,
    within: u32,
}

impl<'a> Composer<'a> {
    /// A search spending `budget`, after `nodes` already spent, with a table of about
    /// `hash_mb` megabytes, for mates of at most `max_len` plies; `tt` is the df-pn table
    /// of the same problem, whose `attacker` is to move at the root.
    pub fn new(
        budget: &'a mut Budget,
        tt: &'a Table,
        attacker: Color,
        nodes: u64,
        hash_mb: usize,
        max_len: u32,
    ) -> Composer<'a> {
        Composer {
            nodes,
            abort: None,
            budget,
            tt,
            attacker,
            memo: HashMap::new(),
            cap: hash_mb.max(1).saturating_mul(ENTRIES_PER_MB),
            max_len,
            within: 1,
        }
    }

    /// The composer's length of `root`, whose attacker has a forced mate, when the limits
    /// allow finding it. `shortest` is the real shortest mate's length where it is proven
    /// (the composer's is never longer, so the search stops there).
    pub fn length(&mut self, root: &Position<Shogi>, shortest: Option<u32>) -> Option<u32> {
        let mut n = 1;
        loop {
            if shortest.is_some_and(|l| n >= l) {
                return shortest;
            }
            if n > self.max_len {
                self.abort = Some(UnknownReason::DepthLimit);
                return None;
            }
            self.within = n;
            let found = self.mates_within(root, n);
            if self.abort.is_some() {
                return None;
            }
            if found {
                return Some(n);
            }
            n += 2;
        }
    }

    /// Counts a node and checks the budget.
    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.budget.node_limit {
            self.abort = Some(UnknownReason::NodeLimit);
        }
        if self.nodes & 1023 == 0 {
            let fill = (self.memo.len() * 1000 / self.cap) as u32;
            let phase = Phase::ComposerLength {
                within: self.within,
            };
            if let Some(why) = self.budget.poll(self.nodes, || fill, phase) {
                self.abort = Some(why);
            }
        }
    }

    /// What the tables know of "length at most `n`" for `pos`: this search's own, then the
    /// df-pn table's real results. A real mate within `n` is one for the composer too (the
    /// composer counts fewer plies), and where there is no real mate at all there is no
    /// composer's mate either (futile interpositions are taken, so they lead to real mates).
    fn known(&self, pos: &Position<Shogi>, n: u32) -> Option<bool> {
        if let Some(b) = self.memo.get(&pos.key()) {
            if b.hi <= n {
                return Some(true);
            }
            if b.lo > n {
                return Some(false);
            }
        }
        let hand = PackedHand::from_hand(pos.hand(self.attacker));
        let real = self.tt.lookup(pos.board_key(), hand, u32::MAX);
        if real.pn == 0 && real.len <= n {
            Some(true)
        } else if real.dn == 0 {
            Some(false)
        } else {
            None
        }
    }

    /// Stores "length at most `n`" (`ok`) or "more than `n`" for the position `key`, with
    /// the move that decided it; nothing once the search is stopping (its answers are then
    /// no answers).
    fn record(&mut self, key: u64, n: u32, ok: bool, best: Option<Move>) {
        if self.abort.is_some() {
            return;
        }
        if self.memo.len() >= self.cap {
            self.memo.clear();
        }
        let b = self.memo.entry(key).or_insert(Bounds {
            lo: 0,
            hi: u32::MAX,
            best: None,
        });
        if ok {
            b.hi = b.hi.min(n);
        } else {
            b.lo = b.lo.max(n + 1);
        }
        if best.is_some() {
            b.best = best;
        }
    }

    /// The move that decided `key` last time, if any.
    fn best(&self, key: u64) -> Option<Move> {
        self.memo.get(&key).and_then(|b| b.best)
    }

    /// Whether the attacker, to move in `pos`, mates within `n` plies (composer's count).
    fn mates_within(&mut self, pos: &Position<Shogi>, n: u32) -> bool {
        if n == 0 || self.abort.is_some() {
            return false;
        }
        let key = pos.key();
        if let Some(known) = self.known(pos, n) {
            return known;
        }
        self.tick();
        // The check that mated last time, then those leaving the fewest replies; one that
        // leaves none mates.
        let best = self.best(key);
        let mut checks: Vec<(u64, Move)> = Vec::new();
        for &m in pos.moves(MoveKind::Checks).iter() {
            let mut replies = MoveCounter::new();
            pos.after(m).generate(MoveKind::Evasions, &mut replies);
            if replies.count == 0 {
                self.record(key, 1, true, Some(m));
                return true;
            }
            let rank = if Some(m) == best { 0 } else { replies.count };
            checks.push((rank, m));
        }
        checks.sort_by_key(|&(rank, _)| rank);
        let mut mate = None;
        for &(_, m) in &checks {
            if self.mated_within(&pos.after(m), n - 1) {
                mate = Some(m);
                break;
            }
            if self.abort.is_some() {
                return false;
            }
        }
        self.record(key, n, mate.is_some(), mate);
        mate.is_some()
    }

    /// Whether the defender, to move (in check) in `pos`, is mated within `n` plies
    /// (composer's count).
    fn mated_within(&mut self, pos: &Position<Shogi>, n: u32) -> bool {
        if self.abort.is_some() {
            return false;
        }
        let key = pos.key();
        if let Some(known) = self.known(pos, n) {
            return known;
        }
        self.tick();
        let line = interposition_squares(pos);
        let (interpositions, mut ordinary): (Vec<Move>, Vec<Move>) = pos
            .moves(MoveKind::Evasions)
            .iter()
            .partition(|m| line.contains(m.to()));
        // The evasion that escaped last time first.
        let escape = self.best(key);
        if let Some(i) = ordinary.iter().position(|&m| Some(m) == escape) {
            ordinary.swap(0, i);
        }
        let escape = self.escape(pos, n, &ordinary, &interpositions);
        self.record(key, n, escape.is_none(), escape);
        escape.is_none()
    }

    /// An evasion of `pos` that escapes a mate within `n` plies: one that is not mated
    /// within `n - 1`, unless it is a futile interposition. `None` if every evasion is
    /// answered (or the search stopped).
    fn escape(
        &mut self,
        pos: &Position<Shogi>,
        n: u32,
        ordinary: &[Move],
        interpositions: &[Move],
    ) -> Option<Move> {
        for &e in ordinary {
            if n == 0 || !self.mates_within(&pos.after(e), n - 1) {
                return Some(e);
            }
        }
        let mut base = None;
        for &i in interpositions {
            let child = pos.after(i);
            // Counted in full and still within the limit: futile or not, it is answered.
            if n > 0 && self.mates_within(&child, n - 1) {
                continue;
            }
            if self.abort.is_some() {
                return Some(i);
            }
            let b = match base {
                Some(b) => b,
                None => match self.base(pos, ordinary, n) {
                    Some(b) => *base.insert(b),
                    None => return Some(i),
                },
            };
            if !self.futile(pos, &child, i, b) {
                return Some(i);
            }
        }
        None
    }

    /// `base(pos)`: the length of the mate when the defender does not interpose, given
    /// that every ordinary evasion is mated within `n - 1` plies. `None` if the search
    /// stopped.
    fn base(&mut self, pos: &Position<Shogi>, ordinary: &[Move], n: u32) -> Option<u32> {
        let mut base = 0;
        for &e in ordinary {
            let child = pos.after(e);
            // The least odd length (the attacker moves last) the child is mated within.
            let lo = self.memo.get(&child.key()).map_or(1, |b| b.lo.max(1));
            let mut k = lo | 1;
            while !self.mates_within(&child, k) {
                if self.abort.is_some() || k + 2 >= n {
                    return None;
                }
                k += 2;
            }
            base = base.max(k + 1);
        }
        Some(base)
    }

    /// Whether the interposition `i` of `pos` (giving `child`) is futile: the checker takes
    /// the piece at once with a check, and the defender is then mated within `base` plies.
    fn futile(
        &mut self,
        pos: &Position<Shogi>,
        child: &Position<Shogi>,
        i: Move,
        base: u32,
    ) -> bool {
        let Some(checker) = pos.checkers().first() else {
            return false;
        };
        for promote in [false, true] {
            let take = Move::normal(checker, i.to(), promote);
            if child.is_legal(take).is_err() {
                continue;
            }
            let taken = child.after(take);
            if taken.in_check() && self.mated_within(&taken, base) {
                return true;
            }
        }
        false
    }
}

/// The squares between the king of the side to move and its one checker, where an
/// interposition stands; empty for a double check or a checker next to the king.
fn interposition_squares(pos: &Position<Shogi>) -> Bitboard {
    let checkers = pos.checkers();
    match (pos.king(pos.side_to_move()), checkers.first()) {
        (Some(ksq), Some(checker)) if !checkers.more_than_one() => between(ksq, checker),
        _ => Bitboard::EMPTY,
    }
}
