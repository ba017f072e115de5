//! One search thread: principal variation search with the usual prunings, and quiescence.

use super::game::{MoveBuf, Searched};
use super::ordering::{Frame, MAX_PLY, Ordering};
use super::tt::{Bound, Hit, TranspositionTable};
use super::{Limits, MATE, MATE_BOUND, PastPosition};
use koma_nnue::network::{Accumulator, Network};
use koma_rules::{Color, MoveKind, Position, Repetition};
use std::sync::LazyLock;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering as Atomic};
use std::time::{Duration, Instant};

/// A decisive score short of mate: the side to move wins by the opponent's perpetual check.
const PERPETUAL_WIN: i32 = 20_000;

/// Late move reductions by depth and move number, in 1/1024 plies.
fn reduction(depth: i32, index: usize) -> i32 {
    let d = ln(depth.max(1) as usize);
    let i = ln(index.max(1));
    ((0.6 + d * i / 1.9) * 1024.0) as i32
}

/// The natural logarithm of `n`, from a table for the depths and move numbers a search
/// meets.
fn ln(n: usize) -> f64 {
    static TABLE: LazyLock<Vec<f64>> =
        LazyLock::new(|| (0..1024).map(|n| (n as f64).ln()).collect());
    TABLE.get(n).copied().unwrap_or_else(|| (n as f64).ln())
}

/// How far above beta a capture's shallower search must score for ProbCut.
const PROBCUT_MARGIN: i32 = 200;

/// The static evaluation of a node in check (none is computed).
const NO_EVAL: i32 = i32::MIN / 2;

/// The state of one search thread.
pub struct Worker<'a, V: Searched> {
    pub tt: &'a TranspositionTable,
    pub stop: &'a AtomicBool,
    pub limits: &'a Limits,
    pub started: Instant,
    /// When pondering ended (the start of the search's own time), once noticed.
    pub origin: Option<Duration>,
    pub ordering: &'a mut Ordering,
    pub nodes: u64,
    pub seldepth: usize,
    pub stopped: bool,
    /// Keys of the game's positions before the root, then of the root and the path.
    pub keys: Vec<u64>,
    /// Whether each position of `keys` has its side to move in check.
    pub checks: Vec<bool>,
    /// What repeating a position does: how [`Worker::repetition`] scores a repetition.
    pub rule: Repetition,
    /// The principal variation from each ply.
    pub pv: Vec<Vec<V::Move>>,
    /// The move played at each ply of the path.
    pub path: [Option<V::Move>; MAX_PLY + 2],
    /// The moves of the node at each ply.
    pub frames: Vec<Frame<V>>,
    /// The static evaluation at each ply of the path (`NO_EVAL` in check).
    pub evals: [i32; MAX_PLY + 2],
    /// The board terms of the evaluation at each ply of the path, kept move by move.
    boards: [i32; MAX_PLY + 2],
    /// Root moves not to search (the lines already found, for MultiPV).
    pub excluded: Vec<V::Move>,
    /// The best line the root found in the iteration under way and its score: a root
    /// move searched to the end that raised alpha (kept across the iteration's
    /// aspiration re-searches, emptied by `iterate` before each depth).
    pub partial: Option<(i32, Vec<V::Move>)>,
    /// Where a helper thread publishes its node count for the reports.
    pub published: Option<&'a AtomicU64>,
    /// The learned evaluation, when it evaluates this search ([`Searched::LEARNED`]).
    pub net: Option<&'a Network>,
    /// The net's accumulators at each ply of the path, kept move by move.
    accs: Vec<Accumulator>,
}

impl<V: Searched> Drop for Worker<'_, V> {
    /// Gives the move frames back to the thread's tables for the next search.
    fn drop(&mut self) {
        self.ordering.frames = Some(Box::new(std::mem::take(&mut self.frames)));
    }
}

impl<'a, V: Searched> Worker<'a, V> {
    /// A worker searching with `tt` and `ordering` within `limits` until `stop`; `past`
    /// are the game's positions before the root, then the root.
    pub fn new(
        tt: &'a TranspositionTable,
        ordering: &'a mut Ordering,
        limits: &'a Limits,
        stop: &'a AtomicBool,
        started: Instant,
        past: Vec<PastPosition>,
    ) -> Worker<'a, V> {
        let keys = past.iter().map(|p| p.key).collect();
        let checks = past.iter().map(|p| p.in_check).collect();
        let mut frames: Vec<Frame<V>> = ordering
            .frames
            .take()
            .and_then(|kept| kept.downcast().ok())
            .map(|kept| *kept)
            .unwrap_or_default();
        frames.resize_with(MAX_PLY + 2, Frame::default);
        Worker {
            tt,
            stop,
            limits,
            started,
            origin: None,
            ordering,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            keys,
            checks,
            rule: Repetition::Sennichite,
            pv: vec![Vec::new(); MAX_PLY + 2],
            path: [None; MAX_PLY + 2],
            frames,
            evals: [0; MAX_PLY + 2],
            boards: [0; MAX_PLY + 2],
            excluded: Vec::new(),
            partial: None,
            published: None,
            net: None,
            accs: Vec::new(),
        }
    }

    /// The static evaluation of `pos` at `ply`, from the evaluation cache when it was seen
    /// before.
    fn evaluate(&mut self, pos: &Position<V>, ply: usize) -> i32 {
        let key = pos.key();
        let cache = &mut self.ordering.eval_cache;
        let mask = cache.len() - 1;
        let slot = &mut cache[(key as usize) & mask];
        if *slot >> 32 == key >> 32 && *slot != 0 {
            return *slot as u32 as i32;
        }
        let score = match self.net {
            Some(net) => {
                debug_assert!(
                    self.nodes % 64 != 0 || {
                        let mut fresh = Accumulator::default();
                        V::refresh(net, pos, &mut fresh);
                        fresh == self.accs[ply]
                    },
                    "accumulators"
                );
                net.evaluate(&self.accs[ply], pos.side_to_move())
            }
            None => {
                let board = self.boards[ply];
                debug_assert_eq!(board, V::board_terms(pos), "board terms");
                V::evaluate_from(pos, board)
            }
        };
        *slot = (key & !0xffff_ffff) | u64::from(score as u32);
        score
    }

    /// The uncorrected static evaluation of `pos` at `ply`: the table's when it has the
    /// position (`hit`), `NO_EVAL` in check.
    fn raw_eval(
        &mut self,
        pos: &Position<V>,
        hit: Option<Hit<V::Move>>,
        in_check: bool,
        ply: usize,
    ) -> i32 {
        if in_check {
            NO_EVAL
        } else {
            hit.map_or_else(|| self.evaluate(pos, ply), |h| h.eval)
        }
    }

    /// The static evaluation `raw` of `pos` with the learnt correction (`NO_EVAL` stays).
    fn corrected(&self, pos: &Position<V>, raw: i32) -> i32 {
        if raw == NO_EVAL {
            return NO_EVAL;
        }
        (raw + self.ordering.correction.of(pos)).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// Whether the search is still pondering; notes the moment it stops.
    pub fn pondering(&mut self) -> bool {
        if self.limits.ponder.is_none() {
            return false;
        }
        if self.limits.pondering() {
            return true;
        }
        if self.origin.is_none() {
            self.origin = Some(self.started.elapsed());
        }
        false
    }

    /// The time the search has been thinking on its own clock (since the ponderhit when
    /// it pondered).
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed() - self.origin.unwrap_or_default()
    }

    /// Whether to stop now: the stop flag, the hard time or the node limit.
    fn check_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes & 1023 == 0 {
            if let Some(p) = self.published {
                p.store(self.nodes, Atomic::Relaxed);
            }
            let timed = !self.limits.infinite && !self.pondering();
            let out_of_time = timed && self.limits.hard_time.is_some_and(|t| self.elapsed() >= t);
            let out_of_nodes = self.limits.nodes.is_some_and(|n| self.nodes >= n);
            if self.stop.load(Atomic::Relaxed) || out_of_time || out_of_nodes {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// The score of a repetition of the current position, if it repeats one on the path or
    /// in the game, by [`Worker::rule`]: a perpetual check loses for the checker (but where
    /// the third occurrence draws whatever the checks); otherwise a draw, or under the rules
    /// where repeating is decisive, the result the rule gives (treated as final at its first
    /// repetition, as a side that could avoid it would).
    fn repetition(&self, us: Color) -> Option<i32> {
        let last = self.keys.len() - 1;
        let key = self.keys[last];
        let limit = last.saturating_sub(64);
        let mut earlier = (limit..last).rev().skip(1).step_by(2);
        let i = earlier.find(|&i| self.keys[i] == key)?;
        if self.rule == Repetition::ThirdDraws {
            return Some(0);
        }
        // Positions after the moves of the side not to move now: last, last-2, ...
        let them_checking = (i + 2..=last).step_by(2).all(|j| self.checks[j]);
        let us_checking = (i + 1..last).step_by(2).all(|j| self.checks[j]);
        if them_checking {
            return Some(PERPETUAL_WIN);
        }
        if us_checking {
            return Some(-PERPETUAL_WIN);
        }
        Some(match self.rule {
            // The move that got here made a third occurrence, which is forbidden.
            Repetition::ToriThird if earlier.any(|j| self.keys[j] == key) => PERPETUAL_WIN,
            // The opponent completed the repetition.
            Repetition::FourthLoses => PERPETUAL_WIN,
            Repetition::FourthSenteLoses if us == Color::Black => -PERPETUAL_WIN,
            Repetition::FourthSenteLoses => PERPETUAL_WIN,
            _ => 0,
        })
    }

    fn push_position(&mut self, pos: &Position<V>, pressed: bool) {
        self.keys.push(pos.key());
        self.checks.push(pressed);
    }

    /// Keeps the evaluation's board terms for `child`, reached from `pos` at `ply` by `m`.
    fn update_board(&mut self, pos: &Position<V>, m: V::Move, child: &Position<V>, ply: usize) {
        if let Some(net) = self.net {
            let (before, after) = self.accs.split_at_mut(ply + 1);
            match V::changes(pos, m) {
                Some(changes) => net.update(&before[ply], &changes, &mut after[0]),
                None => V::refresh(net, child, &mut after[0]),
            }
            return;
        }
        self.boards[ply + 1] = match V::board_delta(pos, m) {
            Some(delta) => self.boards[ply] + delta,
            None => V::board_terms(child),
        };
    }

    /// Records `m`, which leads from `pos` at `ply` to `child`, on the path, before
    /// searching `child`.
    fn enter(&mut self, pos: &Position<V>, m: V::Move, child: &Position<V>, ply: usize) {
        self.path[ply + 1] = Some(m);
        self.update_board(pos, m, child, ply);
        self.push_position(child, V::presses(child, m));
    }

    fn pop_position(&mut self) {
        self.keys.pop();
        self.checks.pop();
    }

    /// Principal variation search of `pos` (already on the key stack) to `depth`.
    pub fn search(
        &mut self,
        pos: &Position<V>,
        mut alpha: i32,
        mut beta: i32,
        depth: i32,
        ply: usize,
        null_ok: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        self.pv[ply].clear();
        if ply == 0 {
            match self.net {
                Some(net) => {
                    self.accs.resize(MAX_PLY + 2, Accumulator::default());
                    V::refresh(net, pos, &mut self.accs[0]);
                }
                None => self.boards[0] = V::board_terms(pos),
            }
        }
        if ply > 0 {
            if let Some(score) = self.repetition(pos.side_to_move()) {
                return score;
            }
            if let Some(score) = decided(pos, ply) {
                return score;
            }
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let in_check = V::in_check(pos);
        if depth <= 0 && !in_check {
            return self.qsearch(pos, alpha, beta, ply);
        }
        let depth = depth.max(1);
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.check_stop() || ply >= MAX_PLY {
            return self.evaluate(pos, ply);
        }
        let key = pos.key();
        let hit = self.tt.probe::<V::Move>(key);
        let hash_move = hit.and_then(|h| h.mv);
        // On a principal variation now or when last searched: reduced less.
        let tt_pv = pv_node || hit.is_some_and(|h| h.pv);
        if let Some(h) = hit.filter(|h| !pv_node && h.depth >= depth) {
            if let Some(score) = tt_cutoff(h, alpha, beta, ply) {
                return score;
            }
        }
        // A mate in one ends the node (the search would find it, later and dearer).
        if !in_check && ply > 0 && depth >= 3 {
            if let Some(m) = V::mate_in_one(pos) {
                let score = MATE - ply as i32 - 1;
                let entry = Hit {
                    mv: Some(m),
                    score: to_tt(score, ply),
                    eval: 0,
                    depth: depth.max(1) + 4,
                    bound: Bound::Exact,
                    pv: tt_pv,
                };
                self.tt.store(key, entry);
                self.pv[ply].push(m);
                return score;
            }
        }
        let raw_eval = self.raw_eval(pos, hit, in_check, ply);
        let static_eval = self.corrected(pos, raw_eval);
        self.evals[ply] = static_eval;
        // Better than two plies ago (or four, when in check then): prune less.
        let improving = !in_check && {
            let before = match ply {
                0 | 1 => NO_EVAL,
                2 | 3 => self.evals[ply - 2],
                _ if self.evals[ply - 2] == NO_EVAL => self.evals[ply - 4],
                _ => self.evals[ply - 2],
            };
            before == NO_EVAL || static_eval > before
        };
        if !in_check && !pv_node && beta.abs() < MATE_BOUND {
            // Reverse futility: far above beta at a low depth.
            if depth <= 8 && static_eval - 100 * (depth - i32::from(improving)) >= beta {
                return static_eval;
            }
            // Razoring: far below alpha, see whether a capture saves it.
            if depth <= 2 && static_eval + 350 * depth < alpha {
                let score = self.qsearch(pos, alpha, beta, ply);
                if score < alpha {
                    return score;
                }
            }
            // Null move.
            if null_ok && depth >= 3 && static_eval >= beta {
                let r = 3 + depth / 3 + ((static_eval - beta) / 200).min(3);
                let mut child = *pos;
                V::play_null(&mut child);
                self.path[ply + 1] = None;
                self.boards[ply + 1] = self.boards[ply];
                if self.net.is_some() {
                    self.accs[ply + 1] = self.accs[ply];
                }
                self.push_position(&child, false);
                let score = -self.search(&child, -beta, -beta + 1, depth - 1 - r, ply + 1, false);
                self.pop_position();
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
        }
        // ProbCut: a capture whose shallower search beats beta by a margin cuts off.
        if !pv_node && !in_check && depth >= 5 && beta.abs() < MATE_BOUND {
            let raised = beta + PROBCUT_MARGIN;
            self.frames[ply].fill(pos, MoveKind::SearchCaptures, self.ordering, ply);
            let mut picked = 0;
            while let Some(m) = self.frames[ply].pick(picked) {
                picked += 1;
                if V::see(pos, m) < raised - static_eval {
                    continue;
                }
                let mut child = *pos;
                V::play(&mut child, m);
                self.enter(pos, m, &child, ply);
                let mut score = -self.qsearch(&child, -raised, -raised + 1, ply + 1);
                if score >= raised {
                    score = -self.search(&child, -raised, -raised + 1, depth - 4, ply + 1, true);
                }
                self.pop_position();
                if self.stopped {
                    return 0;
                }
                if score >= raised {
                    let entry = Hit {
                        mv: Some(m),
                        score: to_tt(score, ply),
                        eval: raw_eval,
                        depth: depth - 3,
                        bound: Bound::Lower,
                        pv: tt_pv,
                    };
                    self.tt.store(key, entry);
                    return score;
                }
            }
        }
        // No hash move at a high depth: this node was not searched before, search it
        // shallower (internal iterative reduction).
        let depth = if depth >= 4 && hash_move.is_none() {
            depth - 1
        } else {
            depth
        };
        // The hash move is tried before any generation: it often cuts off at once.
        let hash_move = hash_move.filter(|&m| V::is_legal(pos, m).is_ok());
        let previous = self.path[ply];
        let us = pos.side_to_move();
        let mut best = -MATE - 1;
        let mut best_move = None;
        let original_alpha = alpha;
        self.frames[ply].start(hash_move, in_check);
        let mut check_squares = None;
        let mut index = 0;
        while let Some(m) = self.frames[ply].next(pos, self.ordering, ply, previous) {
            if ply == 0 && self.excluded.contains(&m) {
                continue;
            }
            let index_now = index;
            index += 1;
            let index = index_now;
            let capture = V::is_capture(pos, m);
            let quiet = !capture && !V::promotes(m);
            // Whether it checks, told without playing it: most moves here are pruned. Where
            // the royal piece is an ordinary one (Dōbutsu), nothing is a check.
            let gives_check = check_squares
                .get_or_insert_with(|| V::checks(pos))
                .as_ref()
                .is_some_and(|c| V::gives_check(pos, c, m));
            let history = if quiet {
                self.ordering.history::<V>(us, m)
            } else {
                0
            };
            // The late move reduction the move would get, in 1/1024 plies (less for quiet
            // killers and quiet moves with a good history).
            let mut r1024 = reduction(depth, index);
            r1024 -= 1024 * i32::from(tt_pv);
            r1024 += 1024 * i32::from(!improving);
            if quiet {
                if self.ordering.is_killer(ply, m) {
                    r1024 -= 1024;
                }
                r1024 -= history / 8;
            }
            // Quiet moves are pruned by the depth they would be searched to.
            let pruning_depth = if quiet {
                depth - (r1024 / 1024).clamp(0, depth - 1)
            } else {
                depth
            };
            if !pv_node && !in_check && quiet && !gives_check && best > -MATE_BOUND {
                // Late move pruning and futility for quiet moves near the leaves.
                let late = (4 + 2 * depth * depth) as usize / (2 - usize::from(improving));
                if depth <= 5 && index >= late {
                    // So are all the quiet moves after it, but for the checks: drop them
                    // now rather than one by one.
                    match &check_squares {
                        Some(Some(c)) => {
                            self.frames[ply].retain_rest(|m| V::gives_check(pos, c, m));
                        }
                        _ => self.frames[ply].retain_rest(|_| false),
                    }
                    continue;
                }
                // What the move could bring stays an upper bound on the node's result.
                let futile = static_eval + 120 + 150 * pruning_depth;
                if pruning_depth <= 4 && futile <= alpha {
                    best = best.max(futile);
                    continue;
                }
            }
            // The move's static exchange, computed once when first wanted.
            let mut exchange = None;
            let mut see = || *exchange.get_or_insert_with(|| V::see(pos, m));
            // Near the leaves, moves that lose material in the exchange are not tried
            // (checks included: in shogi most are drops that only give the piece away).
            if !pv_node && !in_check && pruning_depth <= 6 && best > -MATE_BOUND {
                let margin = if quiet {
                    50 * pruning_depth * pruning_depth
                } else {
                    150 * depth
                };
                if see() < -margin {
                    continue;
                }
            }
            // Checks that do not lose material are extended (a drop check that only gives
            // the piece away is not).
            let extension = i32::from(gives_check && ply < 2 * depth as usize + 8 && see() >= 0);
            let new_depth = depth - 1 + extension;
            let mut child = *pos;
            V::play(&mut child, m);
            debug_assert!(
                !V::EXACT_CHECKS || V::in_check(&child) == gives_check,
                "gives_check {m:?}"
            );
            self.enter(pos, m, &child, ply);
            let mut score;
            if index == 0 {
                score = -self.search(&child, -beta, -alpha, new_depth, ply + 1, true);
            } else {
                let mut r = 0;
                // Quiet moves, and captures that lose the exchange, are reduced.
                if depth >= 2
                    && !in_check
                    && (!gives_check || see() < 0)
                    && index > usize::from(pv_node)
                    && (quiet || see() < 0)
                {
                    r = (r1024 / 1024).clamp(0, new_depth - 1);
                }
                score = -self.search(&child, -alpha - 1, -alpha, new_depth - r, ply + 1, true);
                if score > alpha && r > 0 {
                    score = -self.search(&child, -alpha - 1, -alpha, new_depth, ply + 1, true);
                }
                if score > alpha && score < beta {
                    score = -self.search(&child, -beta, -alpha, new_depth, ply + 1, true);
                }
            }
            self.pop_position();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    let line = &mut head[ply];
                    line.clear();
                    line.push(m);
                    line.extend_from_slice(&tail[0]);
                    if ply == 0 {
                        self.partial = Some((score, line.clone()));
                    }
                }
            }
            if alpha >= beta {
                if quiet {
                    let tried = &self.frames[ply].quiets;
                    self.ordering
                        .reward::<V>(us, m, tried, depth, ply, previous);
                }
                break;
            }
            if quiet {
                self.frames[ply].quiets.push(m);
            }
        }
        if hash_move.is_none() && self.frames[ply].no_moves() {
            // Mated, or no move at all: a loss in every variant koma plays.
            return -MATE + ply as i32;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // The evaluation's error where the result is known to lie beyond it, and no capture
        // (which the evaluation does not see) made it.
        if !in_check
            && (ply > 0 || self.excluded.is_empty())
            && best.abs() < MATE_BOUND
            && !best_move.is_some_and(|m| V::is_capture(pos, m))
            && !(bound == Bound::Lower && best <= static_eval)
            && !(bound == Bound::Upper && best >= static_eval)
        {
            self.ordering
                .correction
                .learn(pos, depth, best, static_eval);
        }
        // A root searched without some moves (MultiPV) is not the root's true result.
        if ply > 0 || self.excluded.is_empty() {
            let stored_eval = if in_check { 0 } else { raw_eval };
            let entry = Hit {
                mv: best_move,
                score: to_tt(best, ply),
                eval: stored_eval,
                depth,
                bound,
                pv: tt_pv,
            };
            self.tt.store(key, entry);
        }
        best
    }

    /// Quiescence: captures (all evasions when in check) until the position is quiet.
    pub fn qsearch(&mut self, pos: &Position<V>, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        self.pv[ply].clear();
        if let Some(score) = decided(pos, ply) {
            return score;
        }
        if self.check_stop() || ply >= MAX_PLY {
            return self.evaluate(pos, ply);
        }
        let in_check = V::in_check(pos);
        let key = pos.key();
        let hit = self.tt.probe::<V::Move>(key);
        let tt_pv = beta - alpha > 1 || hit.is_some_and(|h| h.pv);
        if let Some(score) = hit.and_then(|h| tt_cutoff(h, alpha, beta, ply)) {
            return score;
        }
        let raw_eval = self.raw_eval(pos, hit, in_check, ply);
        let stand_pat = if in_check {
            -MATE
        } else {
            self.corrected(pos, raw_eval)
        };
        if stand_pat >= beta {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        let kind = if in_check {
            MoveKind::SearchEvasions
        } else {
            MoveKind::SearchCaptures
        };
        self.frames[ply].fill(pos, kind, self.ordering, ply);
        if in_check && self.frames[ply].moves.is_empty() {
            return -MATE + ply as i32;
        }
        let mut best = stand_pat;
        let mut picked = 0;
        while let Some(m) = self.frames[ply].pick(picked) {
            picked += 1;
            if !in_check {
                let gain = V::gain(pos, m);
                // Like futility above: what the capture could bring bounds the result.
                let futile = stand_pat + gain + 250;
                if futile < alpha {
                    best = best.max(futile);
                    continue;
                }
                // Captures that lose material in the exchange are not worth a look here.
                if V::see(pos, m) < 0 {
                    continue;
                }
            }
            let mut child = *pos;
            V::play(&mut child, m);
            self.update_board(pos, m, &child, ply);
            let score = -self.qsearch(&child, -beta, -alpha, ply + 1);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else {
            Bound::Upper
        };
        let stored_eval = if in_check { 0 } else { raw_eval };
        let entry: Hit<V::Move> = Hit {
            mv: None,
            score: to_tt(best, ply),
            eval: stored_eval,
            depth: 0,
            bound,
            pv: tt_pv,
        };
        self.tt.store(key, entry);
        best
    }
}

/// The score of a position the rules have decided before any move (Dōbutsu: a lion taken
/// or a try; Chu: the last royal taken, a bare king), `ply` plies from the root: won or
/// lost like a mate, or drawn; `None` for a game that goes on.
#[inline(always)]
fn decided<V: Searched>(pos: &Position<V>, ply: usize) -> Option<i32> {
    let winner = V::decided(pos)?;
    Some(match winner {
        Some(color) if color == pos.side_to_move() => MATE - ply as i32,
        Some(_) => -MATE + ply as i32,
        None => 0,
    })
}

/// The stored score of `hit` at `ply`, when its bound settles the window `alpha..beta`.
fn tt_cutoff<M>(hit: Hit<M>, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
    let score = from_tt(hit.score, ply);
    let cut = match hit.bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    };
    cut.then_some(score)
}

/// A score as stored: mates counted from this node, not from the root.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score back at a node `ply` plies from the root.
fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
