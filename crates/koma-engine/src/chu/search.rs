//! Chu's alpha-beta search: iterative deepening, principal-variation search with a
//! transposition table, late-move reductions, killer and history ordering, and a capture
//! search (igui and the lion's double captures included) at the leaves.
//!
//! A side loses when its last royal is taken (moving into attack is legal in Chu), so a
//! position whose side to move has no royal scores as mated; repeating a position of the
//! path or of the game scores as a draw.

use super::eval::{evaluate, value};
use crate::search::{Limits, MATE, MATE_BOUND, Score, to_score};
use koma_rules::Color;
use koma_rules::chu::{ChuMove, ChuPosition};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The deepest ply searched (iterations and extensions stop short of it).
const MAX_PLY: usize = 96;
/// The capture search goes at most this many plies below the main search.
const QUIESCENCE_PLIES: usize = 10;

/// One report of the search's progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChuInfo {
    /// The completed iteration's depth.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// The score of the principal variation.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// The principal variation.
    pub pv: Vec<ChuMove>,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChuResult {
    /// The move to play; `None` when the side to move has none.
    pub best: Option<ChuMove>,
    /// The expected reply.
    pub ponder: Option<ChuMove>,
    /// The score of the best move.
    pub score: Score,
    /// The depth the move comes from.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

impl ChuResult {
    /// No move found yet.
    pub fn none() -> ChuResult {
        ChuResult {
            best: None,
            ponder: None,
            score: Score::Cp(0),
            depth: 0,
            nodes: 0,
        }
    }
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    best: u32,
    score: i32,
    depth: i16,
    bound: u8,
}

const EXACT: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 3;

/// The searcher: transposition table and ordering tables, kept between moves.
pub struct ChuSearcher {
    table: Vec<Entry>,
    killers: [[Option<ChuMove>; 2]; MAX_PLY],
    history: Vec<i32>,
}

/// One search's running state.
struct Run<'a> {
    searcher: &'a mut ChuSearcher,
    limits: &'a Limits,
    stop: &'a AtomicBool,
    started: Instant,
    nodes: u64,
    seldepth: usize,
    stopped: bool,
    /// Keys of the game before the root and of the path from it, the current last.
    keys: Vec<u64>,
}

impl ChuSearcher {
    /// A searcher with a table of about `mb` megabytes.
    pub fn new(mb: usize) -> ChuSearcher {
        let entries = (mb.max(1) << 20) / std::mem::size_of::<Entry>();
        let size = entries.next_power_of_two() / 2;
        ChuSearcher {
            table: vec![Entry::default(); size.max(1024)],
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; 2 * 144 * 144],
        }
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.table.fill(Entry::default());
        self.killers = [[None; 2]; MAX_PLY];
        self.history.fill(0);
    }

    /// Searches `root`, reached through the positions whose keys are `past` (oldest first,
    /// `root` left out), within `limits` or until `stop`; `report` hears every completed
    /// iteration.
    pub fn search(
        &mut self,
        root: &ChuPosition,
        past: &[u64],
        limits: &Limits,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&ChuInfo),
    ) -> ChuResult {
        let mut keys = past.to_vec();
        keys.push(root.key());
        let mut run = Run {
            searcher: self,
            limits,
            stop,
            started: Instant::now(),
            nodes: 0,
            seldepth: 0,
            stopped: false,
            keys,
        };
        let moves = root.legal_moves();
        let mut result = ChuResult {
            best: moves.first().copied(),
            ponder: None,
            score: Score::Cp(0),
            depth: 0,
            nodes: 0,
        };
        if moves.is_empty() {
            result.score = Score::Mate(0);
            return result;
        }
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 4)
            .min(MAX_PLY as u32 - 4);
        for depth in 1..=max_depth {
            let mut pv = Vec::new();
            let score = run.negamax(root, depth as i32, -MATE - 1, MATE + 1, 0, &mut pv);
            if run.stopped && depth > 1 {
                break;
            }
            if let Some(&best) = pv.first() {
                result.best = Some(best);
                result.ponder = pv.get(1).copied();
            }
            result.score = to_score(score);
            result.depth = depth;
            report(&ChuInfo {
                depth,
                seldepth: run.seldepth as u32,
                score: result.score,
                nodes: run.nodes,
                time: run.started.elapsed(),
                pv,
            });
            let mate_found = score.abs() >= MATE_BOUND && depth as i32 > (MATE - score.abs()) + 2;
            if run.stopped || mate_found || !run.time_for_another(depth) {
                break;
            }
        }
        result.nodes = run.nodes;
        result
    }
}

impl Run<'_> {
    fn pondering(&self) -> bool {
        self.limits.pondering()
    }

    /// Whether to stop now: the stop flag, the hard time or the node limit.
    fn check_stop(&mut self) -> bool {
        if !self.stopped && self.nodes & 1023 == 0 {
            let timed = !self.limits.infinite && !self.pondering();
            let elapsed = self.started.elapsed();
            let out_of_time = timed && self.limits.hard_time.is_some_and(|t| elapsed >= t);
            let out_of_nodes = self.limits.nodes.is_some_and(|n| self.nodes >= n);
            self.stopped = self.stop.load(Ordering::Relaxed) || out_of_time || out_of_nodes;
        }
        self.stopped
    }

    /// Whether another iteration after `depth` may start.
    fn time_for_another(&self, depth: u32) -> bool {
        if self.limits.depth.is_some_and(|d| depth >= d) {
            return false;
        }
        if self.limits.infinite || self.pondering() {
            return true;
        }
        match self.limits.soft_time {
            Some(soft) => self.started.elapsed() < soft,
            None => true,
        }
    }

    fn entry(&self, key: u64) -> Entry {
        let e = self.searcher.table[key as usize & (self.searcher.table.len() - 1)];
        if e.key == key { e } else { Entry::default() }
    }

    fn store(&mut self, key: u64, best: Option<ChuMove>, score: i32, depth: i32, bound: u8) {
        let len = self.searcher.table.len();
        let slot = &mut self.searcher.table[key as usize & (len - 1)];
        if slot.key != key || depth as i16 >= slot.depth || bound == EXACT {
            *slot = Entry {
                key,
                best: best.map_or(0, ChuMove::bits),
                score,
                depth: depth as i16,
                bound,
            };
        }
    }

    /// Whether the current position (the last key) occurred before on the path or in the
    /// game with the same side to move.
    fn repeats(&self) -> bool {
        let last = self.keys.len() - 1;
        let key = self.keys[last];
        (0..last)
            .rev()
            .skip(1)
            .step_by(2)
            .take(50)
            .any(|i| self.keys[i] == key)
    }

    /// The value of what `m` takes in `pos` (both squares of a double move).
    fn victims(pos: &ChuPosition, m: ChuMove) -> i32 {
        let at = |sq| {
            pos.piece_at(sq)
                .filter(|p| p.color() != pos.side_to_move())
                .map_or(0, |p| value(p.role()))
        };
        at(m.to()) + m.mid().map_or(0, at)
    }

    /// Move ordering scores: the table's move, captures by victim and attacker, killers,
    /// history.
    fn order(&self, pos: &ChuPosition, moves: &[ChuMove], tt: u32, ply: usize) -> Vec<i32> {
        let us = pos.side_to_move().index();
        moves
            .iter()
            .map(|&m| {
                if m.bits() == tt {
                    return 1 << 30;
                }
                let taken = Self::victims(pos, m);
                if taken > 0 {
                    let attacker = pos.piece_at(m.from()).map_or(0, |p| value(p.role()));
                    return (1 << 28) + taken * 16 - attacker / 16;
                }
                if self.searcher.killers[ply].contains(&Some(m)) {
                    return 1 << 27;
                }
                let promo = if m.is_promotion() { 5_000 } else { 0 };
                promo + self.searcher.history[history_index(us, m)]
            })
            .collect()
    }

    fn negamax(
        &mut self,
        pos: &ChuPosition,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        pv: &mut Vec<ChuMove>,
    ) -> i32 {
        pv.clear();
        let us = pos.side_to_move();
        if pos.royals(us).is_empty() {
            return -(MATE - ply as i32);
        }
        if ply > 0 && self.repeats() {
            return 0;
        }
        if let Some(score) = bare_ending(pos, ply) {
            return score;
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(pos, alpha, beta, ply, 0);
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.check_stop() {
            return 0;
        }
        let key = pos.key();
        let entry = self.entry(key);
        if ply > 0 && entry.bound != 0 && entry.depth as i32 >= depth {
            let s = entry.score;
            let fits = match entry.bound {
                EXACT => true,
                LOWER => s >= beta,
                _ => s <= alpha,
            };
            if fits {
                return s;
            }
        }
        let mut moves = pos.legal_moves();
        if moves.is_empty() {
            return -(MATE - ply as i32);
        }
        let mut scores = self.order(pos, &moves, entry.best, ply);
        let original_alpha = alpha;
        let mut best_score = -MATE - 1;
        let mut best_move = None;
        let mut child_pv = Vec::new();
        for i in 0..moves.len() {
            // Selection sort: the best remaining move next.
            let j = (i..moves.len()).max_by_key(|&j| scores[j]).unwrap_or(i);
            moves.swap(i, j);
            scores.swap(i, j);
            let m = moves[i];
            let quiet = scores[i] < 1 << 27;
            let mut next = *pos;
            next.play_unchecked(m);
            self.keys.push(next.key());
            let mut score;
            if i == 0 {
                score = -self.negamax(&next, depth - 1, -beta, -alpha, ply + 1, &mut child_pv);
            } else {
                let reduction = if quiet && depth >= 3 && i >= 4 {
                    1 + (i >= 16) as i32
                } else {
                    0
                };
                score = -self.negamax(
                    &next,
                    depth - 1 - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    &mut child_pv,
                );
                if score > alpha && (reduction > 0 || score < beta) {
                    score = -self.negamax(&next, depth - 1, -beta, -alpha, ply + 1, &mut child_pv);
                }
            }
            self.keys.pop();
            if self.stopped {
                return best_score.max(alpha);
            }
            if score > best_score {
                best_score = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    pv.clear();
                    pv.push(m);
                    pv.extend_from_slice(&child_pv);
                }
            }
            if alpha >= beta {
                if quiet {
                    let killers = &mut self.searcher.killers[ply];
                    if killers[0] != Some(m) {
                        killers[1] = killers[0];
                        killers[0] = Some(m);
                    }
                    let h = &mut self.searcher.history[history_index(us.index(), m)];
                    *h = (*h + depth * depth).min(1 << 20);
                }
                break;
            }
        }
        let bound = if best_score >= beta {
            LOWER
        } else if best_score > original_alpha {
            EXACT
        } else {
            UPPER
        };
        self.store(key, best_move, best_score, depth, bound);
        best_score
    }

    /// The capture search: stand pat on the evaluation, or take something.
    fn quiesce(
        &mut self,
        pos: &ChuPosition,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
    ) -> i32 {
        let us = pos.side_to_move();
        if pos.royals(us).is_empty() {
            return -(MATE - ply as i32);
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.check_stop() {
            return 0;
        }
        let stand = evaluate(pos);
        if stand >= beta || qply >= QUIESCENCE_PLIES || ply >= MAX_PLY - 1 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut captures: Vec<(i32, ChuMove)> = pos
            .legal_moves()
            .into_iter()
            .filter_map(|m| {
                let taken = Self::victims(pos, m);
                (taken > 0).then(|| {
                    let attacker = pos.piece_at(m.from()).map_or(0, |p| value(p.role()));
                    (taken * 16 - attacker / 16, m)
                })
            })
            .collect();
        captures.sort_unstable_by_key(|c| std::cmp::Reverse(c.0));
        let mut best = stand;
        for (_, m) in captures {
            // A capture that cannot lift the score to alpha even if nothing is lost back.
            if stand + Self::victims(pos, m) + 200 < alpha && Self::victims(pos, m) < 4_000 {
                continue;
            }
            let mut next = *pos;
            next.play_unchecked(m);
            let score = -self.quiesce(&next, -beta, -alpha, ply + 1, qply + 1);
            if self.stopped {
                return best;
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
        best
    }
}

/// The score of a game already decided by a bare king or two bare royals.
fn bare_ending(pos: &ChuPosition, ply: usize) -> Option<i32> {
    if pos.occupied().count() > 30 {
        return None;
    }
    let us = pos.side_to_move();
    let mated = -(MATE - ply as i32);
    for color in [Color::Black, Color::White] {
        if pos.bare_king(color) {
            return Some(if color == us { mated } else { -mated });
        }
    }
    match pos.outcome() {
        Some(o) if o.winner.is_none() => Some(0),
        _ => None,
    }
}

fn history_index(color: usize, m: ChuMove) -> usize {
    (color * 144 + m.from().index()) * 144 + m.to().index()
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_notation::chu::{parse, parse_usi};

    fn search(sfen: &str, depth: u32) -> ChuResult {
        let pos = parse(sfen).unwrap();
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        ChuSearcher::new(4).search(&pos, &[], &limits, &AtomicBool::new(false), &mut |_| {})
    }

    #[test]
    fn it_takes_the_last_royal() {
        // Sente's rook takes gote's king at once (gote's pawn keeps it from being bare).
        let r = search("kp10/12/12/12/12/12/12/12/12/12/12/R10K b - 1", 2);
        assert_eq!(r.best, Some(parse_usi("12l12a").unwrap()));
        assert_eq!(r.score, Score::Mate(1));
    }

    #[test]
    fn the_lion_takes_twice() {
        // The lion on 6f takes the pawn on 6e and the gold on 6d in one move.
        let r = search("k11/12/12/6g5/6p5/6N5/12/12/12/12/12/11K b - 1", 1);
        assert_eq!(r.best.map(|m| m.to_string()), Some("6f6e6d".to_string()));
    }

    #[test]
    fn the_start_gives_a_move_at_depth_three() {
        let start = ChuPosition::startpos();
        let r = search(&koma_notation::chu::write(&start), 3);
        let best = r.best.expect("a move");
        assert!(start.legal_moves().contains(&best));
        assert!(r.nodes > 0);
    }
}
