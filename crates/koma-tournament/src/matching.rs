//! Minimum-cost perfect matching on a general graph: Edmonds' primal-dual blossom algorithm.
//!
//! The Swiss pairing of a round is a perfect matching of the field (plus a bye vertex in an
//! odd field) of least total cost; a graph with odd cycles needs blossoms, not the bipartite
//! Hungarian method. This is written from the algorithm as Edmonds (1965) and Galil, "Efficient
//! algorithms for finding maximum matching in graphs" (ACM Computing Surveys 18, 1986) describe
//! it, in the form of the odd-set (cut) linear programme:
//!
//! - every vertex `v` has a free dual `u(v)`, every odd set `B` that is a blossom a dual
//!   `z(B) ≥ 0`, and an edge `(i, j)` must have `u(i) + u(j) + Σ z(B) ≤ c(i, j)`, the sum over
//!   the blossoms that `(i, j)` leaves (one end inside, one outside);
//! - we keep, per vertex, `pi(v) = u(v) + Σ z(B)` over the blossoms holding `v`, so that the
//!   slack of an edge between two different outermost blossoms is `c - pi(i) - pi(j)`, and a
//!   change of an outermost blossom's dual moves the `pi` of all its vertices alike;
//! - each stage grows alternating trees from every unmatched outermost blossom (their roots,
//!   labelled even), changes the duals by the largest `delta` that keeps every slack and every
//!   `z` non-negative, and then acts on what became tight: an even–free edge grows a tree, an
//!   even–even edge between two trees augments (the stage ends), inside one tree shrinks a new
//!   blossom, and an odd blossom whose `z` reached 0 is expanded.
//!
//! Costs are doubled so that every `delta` is an integer: all vertices of all trees share the
//! parity of their `pi` (they are joined by tight edges of even cost, and every unmatched
//! vertex is a root whose dual moves with all other roots), so the slack of an even–even edge,
//! which is halved, is even. Each vertex keeps the even vertex whose edge to it has the least
//! slack, so a stage costs `O(n²)` and the whole matching `O(n³)`.

use thiserror::Error;

/// Why no matching was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum MatchingError {
    /// A perfect matching needs an even number of vertices.
    #[error("{0} vertices cannot all be matched: the number is odd")]
    OddVertexCount(usize),
    /// The edges given leave some vertex without a partner in every matching.
    #[error("the graph of {0} vertices has no perfect matching")]
    NoPerfectMatching(usize),
    /// A cost is out of the range the algorithm computes in.
    #[error("the cost {cost} of edge {i}-{j} is beyond ±2^60")]
    CostOutOfRange {
        /// One end.
        i: usize,
        /// The other end.
        j: usize,
        /// The cost given.
        cost: i64,
    },
    /// An edge joins a vertex to itself or to a vertex beyond the graph.
    #[error("edge {i}-{j} is not an edge of a graph of {n} vertices")]
    BadEdge {
        /// One end.
        i: usize,
        /// The other end.
        j: usize,
        /// The number of vertices.
        n: usize,
    },
}

/// The edges of a graph on `n` vertices and their costs, held as a dense matrix (Swiss fields
/// are nearly complete graphs).
#[derive(Debug, Clone)]
pub struct Costs {
    n: usize,
    cells: Vec<Option<i64>>,
}

/// The largest cost magnitude accepted.
const COST_LIMIT: i64 = 1 << 60;

impl Costs {
    /// A graph of `n` vertices and no edges.
    pub fn new(n: usize) -> Costs {
        Costs {
            n,
            cells: vec![None; n * n],
        }
    }

    /// Joins `i` and `j` by an edge of cost `cost` (replacing any edge between them).
    pub fn set(&mut self, i: usize, j: usize, cost: i64) -> Result<(), MatchingError> {
        if i == j || i >= self.n || j >= self.n {
            return Err(MatchingError::BadEdge { i, j, n: self.n });
        }
        if !(-COST_LIMIT..=COST_LIMIT).contains(&cost) {
            return Err(MatchingError::CostOutOfRange { i, j, cost });
        }
        self.cells[i * self.n + j] = Some(cost);
        self.cells[j * self.n + i] = Some(cost);
        Ok(())
    }

    /// The cost of the edge between `i` and `j`, if there is one.
    pub fn get(&self, i: usize, j: usize) -> Option<i64> {
        self.cells.get(i * self.n + j).copied().flatten()
    }

    /// The number of vertices.
    pub fn vertices(&self) -> usize {
        self.n
    }
}

/// A perfect matching of least total cost: `result[v]` is the vertex matched to `v`.
pub fn min_cost_perfect_matching(costs: &Costs) -> Result<Vec<usize>, MatchingError> {
    let n = costs.n;
    if n % 2 == 1 {
        return Err(MatchingError::OddVertexCount(n));
    }
    if n == 0 {
        return Ok(Vec::new());
    }
    let mut solver = Solver::new(costs);
    solver.run()?;
    Ok(solver.mate)
}

/// No vertex or blossom.
const NONE: usize = usize::MAX;

/// The cost matrix's mark of a missing edge (no doubled cost reaches it).
const NO_EDGE: i64 = i64::MIN;

/// The label of an outermost blossom in the current stage's forest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Label {
    /// Not in any tree.
    Free,
    /// At an even distance from its tree's root (the root included).
    Even,
    /// At an odd distance from its tree's root.
    Odd,
}

/// What the dual change made tight, to act on next.
#[derive(Debug, Clone, Copy)]
enum Event {
    /// An edge from an even vertex to a free blossom.
    Grow(usize, usize),
    /// An edge between two even vertices of different outermost blossoms.
    Join(usize, usize),
    /// An odd blossom whose dual reached zero.
    Expand(usize),
}

/// The algorithm's state. Ids below `n` are vertices (trivial blossoms); ids from `n` to
/// `2n` are blossoms.
struct Solver {
    n: usize,
    /// Doubled costs (within ±2^61), [`NO_EDGE`] where there is no edge: 8 bytes a cell
    /// where `Option<i128>` took 32, so that a 200-player field's matrix stays in cache
    /// while `became_even` scans it.
    cost: Vec<i64>,
    /// `pi` of each vertex (see the module documentation).
    pi: Vec<i128>,
    /// `z` of each blossom id.
    z: Vec<i128>,
    /// The blossom directly holding each id, `NONE` when outermost.
    parent: Vec<usize>,
    /// A blossom's sub-blossoms around its odd cycle, the one holding its base first.
    kids: Vec<Vec<usize>>,
    /// `links[b][k]` is the edge `(x, y)` with `x` in `kids[b][k]` and `y` in the next kid.
    links: Vec<Vec<(usize, usize)>>,
    /// Each id's base vertex.
    base: Vec<usize>,
    /// Each vertex's outermost blossom.
    top: Vec<usize>,
    /// Each vertex's partner, `NONE` if unmatched.
    mate: Vec<usize>,
    /// Each outermost id's label.
    label: Vec<Label>,
    /// For an odd outermost id: the tree edge `(x, y)` that reached it, `x` even, `y` inside.
    reached_by: Vec<(usize, usize)>,
    /// For each vertex, the even vertex outside its outermost blossom with the least slack
    /// edge to it (possibly stale after a shrink: checked before use).
    best: Vec<usize>,
    /// For each vertex `j` with a best edge from `i`: `c(i, j) - pi(i) + rise`, which stays
    /// put while the duals move (an even vertex stays even until the stage ends, and its
    /// `pi` rises with `rise`), so that the slack is `best_key[j] - rise - pi(j)` without
    /// reading the cost matrix again.
    best_key: Vec<i128>,
    /// The sum of the dual changes so far: how far the `pi` of every even vertex has risen.
    rise: i128,
    /// Blossom ids not in use.
    spare: Vec<usize>,
}

impl Solver {
    fn new(costs: &Costs) -> Solver {
        let n = costs.n;
        // `Costs::set` keeps every cost within ±2^60, so doubled it fits in an i64 and is
        // never NO_EDGE.
        let cost: Vec<i64> = costs
            .cells
            .iter()
            .map(|c| c.map_or(NO_EDGE, |c| 2 * c))
            .collect();
        // Every `pi` starts at half the least doubled cost: all slacks are non-negative and even.
        let least = cost
            .iter()
            .filter(|&&c| c != NO_EDGE)
            .min()
            .map_or(0, |&c| i128::from(c));
        let ids = 2 * n;
        Solver {
            n,
            cost,
            pi: vec![least / 2; n],
            z: vec![0; ids],
            parent: vec![NONE; ids],
            kids: vec![Vec::new(); ids],
            links: vec![Vec::new(); ids],
            base: (0..ids).map(|b| if b < n { b } else { NONE }).collect(),
            top: (0..n).collect(),
            mate: vec![NONE; n],
            label: vec![Label::Free; ids],
            reached_by: vec![(NONE, NONE); ids],
            best: vec![NONE; n],
            best_key: vec![0; n],
            rise: 0,
            spare: (n..ids).rev().collect(),
        }
    }

    /// The vertices inside blossom `b` (itself when a vertex).
    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &k in &self.kids[b] {
                self.leaves(k, out);
            }
        }
    }

    fn vertices_of(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.leaves(b, &mut out);
        out
    }

    /// The outermost blossoms in use.
    fn outermost(&self) -> Vec<usize> {
        let mut tops: Vec<usize> = self.top.clone();
        tops.sort_unstable();
        tops.dedup();
        tops
    }

    fn run(&mut self) -> Result<(), MatchingError> {
        while self.mate.contains(&NONE) {
            self.start_stage();
            loop {
                let (delta, event) = self
                    .next_event()
                    .ok_or(MatchingError::NoPerfectMatching(self.n))?;
                self.move_duals(delta);
                match event {
                    Event::Grow(i, j) => self.grow(i, j),
                    Event::Expand(b) => self.expand_odd(b),
                    Event::Join(i, j) => {
                        if self.join(i, j) {
                            break;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Clears the forest, opens blossoms whose dual is zero, and roots a tree at every
    /// unmatched outermost blossom.
    fn start_stage(&mut self) {
        let mut open: Vec<usize> = self.outermost();
        while let Some(b) = open.pop() {
            self.label[b] = Label::Free;
            if b >= self.n && self.z[b] == 0 {
                let kids = std::mem::take(&mut self.kids[b]);
                for &k in &kids {
                    self.parent[k] = NONE;
                    for v in self.vertices_of(k) {
                        self.top[v] = k;
                    }
                }
                open.extend(kids);
                self.links[b].clear();
                self.base[b] = NONE;
                self.spare.push(b);
            }
        }
        self.best.fill(NONE);
        for b in self.outermost() {
            if self.mate[self.base[b]] == NONE {
                self.label[b] = Label::Even;
                for v in self.vertices_of(b) {
                    self.became_even(v);
                }
            }
        }
    }

    /// Offers the edges of `v`, newly even, as the best edges of the vertices outside its
    /// outermost blossom.
    fn became_even(&mut self, v: usize) {
        let n = self.n;
        let offset = self.rise - self.pi[v];
        let own = self.top[v];
        let row = &self.cost[v * n..(v + 1) * n];
        for (j, &c) in row.iter().enumerate() {
            if c == NO_EDGE || self.top[j] == own {
                continue;
            }
            let key = i128::from(c) + offset;
            if self.best[j] == NONE || key < self.best_key[j] {
                self.best[j] = v;
                self.best_key[j] = key;
            }
        }
    }

    /// Finds the best edge of vertex `j` from scratch.
    fn refresh_best(&mut self, j: usize) {
        self.best[j] = NONE;
        for i in 0..self.n {
            if self.top[i] == self.top[j] || self.label[self.top[i]] != Label::Even {
                continue;
            }
            let c = self.cost[i * self.n + j];
            if c == NO_EDGE {
                continue;
            }
            let key = i128::from(c) + self.rise - self.pi[i];
            if self.best[j] == NONE || key < self.best_key[j] {
                self.best[j] = i;
                self.best_key[j] = key;
            }
        }
    }

    /// The slack of the best edge of `j` (which has one).
    fn best_slack(&self, j: usize) -> i128 {
        self.best_key[j] - self.rise - self.pi[j]
    }

    /// The largest dual change allowed and what it makes happen; `None` when nothing can
    /// (no perfect matching exists).
    fn next_event(&mut self) -> Option<(i128, Event)> {
        let mut found: Option<(i128, Event)> = None;
        let mut offer = |delta: i128, event: Event| {
            if found.is_none_or(|(d, _)| delta < d) {
                found = Some((delta, event));
            }
        };
        for j in 0..self.n {
            let mut i = self.best[j];
            if i == NONE {
                continue;
            }
            match self.label[self.top[j]] {
                Label::Free => offer(self.best_slack(j), Event::Grow(i, j)),
                Label::Even => {
                    if self.top[i] == self.top[j] {
                        self.refresh_best(j);
                        i = self.best[j];
                        if i == NONE {
                            continue;
                        }
                    }
                    // Both ends' `pi` share a parity, so the slack is even.
                    offer(self.best_slack(j) / 2, Event::Join(i, j));
                }
                Label::Odd => {}
            }
        }
        for b in self.outermost() {
            if b >= self.n && self.label[b] == Label::Odd {
                offer(self.z[b], Event::Expand(b));
            }
        }
        found
    }

    /// Raises the duals of even outermost blossoms by `delta` and lowers the odd ones'.
    fn move_duals(&mut self, delta: i128) {
        if delta == 0 {
            return;
        }
        self.rise += delta;
        for v in 0..self.n {
            match self.label[self.top[v]] {
                Label::Even => self.pi[v] += delta,
                Label::Odd => self.pi[v] -= delta,
                Label::Free => {}
            }
        }
        for b in self.outermost() {
            if b >= self.n {
                match self.label[b] {
                    Label::Even => self.z[b] += delta,
                    Label::Odd => self.z[b] -= delta,
                    Label::Free => {}
                }
            }
        }
    }

    /// The tight edge `(i, j)` from even `i` reaches free `j`: `j`'s blossom becomes odd and
    /// the blossom matched to its base even.
    fn grow(&mut self, i: usize, j: usize) {
        let odd = self.top[j];
        self.label[odd] = Label::Odd;
        self.reached_by[odd] = (i, j);
        let partner = self.mate[self.base[odd]];
        let even = self.top[partner];
        self.label[even] = Label::Even;
        for v in self.vertices_of(even) {
            self.became_even(v);
        }
    }

    /// The outermost blossoms from `b` (even) up to its tree's root: even, odd, even, ...
    fn path_to_root(&self, mut b: usize) -> Vec<usize> {
        let mut path = vec![b];
        loop {
            let partner = self.mate[self.base[b]];
            if partner == NONE {
                return path;
            }
            let odd = self.top[partner];
            b = self.top[self.reached_by[odd].0];
            path.push(odd);
            path.push(b);
        }
    }

    /// The tight edge `(i, j)` joins two even vertices: augments if they are in different
    /// trees (returns true), else shrinks the cycle they close into a blossom.
    fn join(&mut self, i: usize, j: usize) -> bool {
        let from_i = self.path_to_root(self.top[i]);
        let from_j = self.path_to_root(self.top[j]);
        let common = from_i
            .iter()
            .position(|b| from_j.contains(b))
            .map(|p| (p, from_j.iter().position(|b| *b == from_i[p]).unwrap_or(0)));
        match common {
            None => {
                self.augment_from(i, j);
                self.augment_from(j, i);
                true
            }
            Some((p, q)) => {
                self.shrink(i, j, &from_i[..=p], &from_j[..=q]);
                false
            }
        }
    }

    /// The edge of the tree that joins outermost `child` to its parent: `(in parent, in child)`.
    fn tree_edge(&self, child: usize) -> (usize, usize) {
        if self.label[child] == Label::Odd {
            self.reached_by[child]
        } else {
            let b = self.base[child];
            (self.mate[b], b)
        }
    }

    /// Makes a blossom of the cycle through `(i, j)`: the two paths go up from `i`'s and
    /// `j`'s blossoms to their common ancestor, the last entry of both.
    fn shrink(&mut self, i: usize, j: usize, up_i: &[usize], up_j: &[usize]) {
        let ancestor = up_i[up_i.len() - 1];
        let mut kids = vec![ancestor];
        let mut links = Vec::with_capacity(up_i.len() + up_j.len());
        for &child in up_i[..up_i.len() - 1].iter().rev() {
            links.push(self.tree_edge(child));
            kids.push(child);
        }
        links.push((i, j));
        for &child in &up_j[..up_j.len() - 1] {
            kids.push(child);
            let (in_parent, in_child) = self.tree_edge(child);
            links.push((in_child, in_parent));
        }
        let Some(b) = self.spare.pop() else {
            unreachable!("a graph of n vertices never holds more than n blossoms at once");
        };
        let mut newly_even = Vec::new();
        for &k in &kids {
            self.parent[k] = b;
            if self.label[k] == Label::Odd {
                self.leaves(k, &mut newly_even);
            }
        }
        self.base[b] = self.base[ancestor];
        self.kids[b] = kids;
        self.links[b] = links;
        self.z[b] = 0;
        self.parent[b] = NONE;
        self.label[b] = Label::Even;
        for v in self.vertices_of(b) {
            self.top[v] = b;
        }
        for v in newly_even {
            self.became_even(v);
        }
    }

    /// Opens odd blossom `b` (its dual is zero): the even-length way round its cycle from
    /// the kid that was reached to the base kid stays in the tree, odd and even in turn; the
    /// other kids leave the tree.
    fn expand_odd(&mut self, b: usize) {
        let (x, y) = self.reached_by[b];
        let entered = self.kid_holding(b, y);
        let kids = std::mem::take(&mut self.kids[b]);
        let links = std::mem::take(&mut self.links[b]);
        for &k in &kids {
            self.parent[k] = NONE;
            self.label[k] = Label::Free;
            for v in self.vertices_of(k) {
                self.top[v] = k;
            }
        }
        let len = kids.len();
        // The way from the entered kid to the base kid, and each step's edge (from, to).
        let mut way = vec![(entered, (x, y))];
        if entered % 2 == 0 {
            for k in (0..entered).rev() {
                let (a, c) = links[k];
                way.push((k, (c, a)));
            }
        } else {
            for (k, &link) in links.iter().enumerate().skip(entered) {
                way.push(((k + 1) % len, link));
            }
        }
        for (step, &(k, edge)) in way.iter().enumerate() {
            let kid = kids[k];
            if step % 2 == 0 {
                self.label[kid] = Label::Odd;
                self.reached_by[kid] = edge;
            } else {
                self.label[kid] = Label::Even;
                for v in self.vertices_of(kid) {
                    self.became_even(v);
                }
            }
        }
        self.base[b] = NONE;
        self.spare.push(b);
    }

    /// The index among `b`'s kids of the one holding vertex `v`.
    fn kid_holding(&self, b: usize, v: usize) -> usize {
        let mut k = v;
        while self.parent[k] != b {
            k = self.parent[k];
        }
        self.kids[b].iter().position(|&c| c == k).unwrap_or(0)
    }

    /// Matches even vertex `v` to `w` and flips the tree path from `v`'s blossom to its root.
    fn augment_from(&mut self, mut v: usize, mut w: usize) {
        loop {
            let blossom = self.top[v];
            let partner = self.mate[self.base[blossom]];
            self.rebase(blossom, v);
            self.mate[v] = w;
            if partner == NONE {
                return;
            }
            let odd = self.top[partner];
            let (x, y) = self.reached_by[odd];
            self.rebase(odd, y);
            self.mate[y] = x;
            v = x;
            w = y;
        }
    }

    /// Makes vertex `v` the base of blossom `b`, flipping the matched edges on the
    /// even-length way round each cycle from `v`'s kid to the old base kid. `v`'s own partner
    /// is left to the caller.
    fn rebase(&mut self, b: usize, v: usize) {
        if b < self.n {
            return;
        }
        let k = self.kid_holding(b, v);
        let kid = self.kids[b][k];
        self.rebase(kid, v);
        let len = self.kids[b].len();
        let newly_matched: Vec<usize> = if k % 2 == 0 {
            (0..k).step_by(2).collect()
        } else {
            (k + 1..len).step_by(2).collect()
        };
        for m in newly_matched {
            let (x, y) = self.links[b][m];
            let (kx, ky) = (self.kids[b][m], self.kids[b][(m + 1) % len]);
            self.rebase(kx, x);
            self.rebase(ky, y);
            self.mate[x] = y;
            self.mate[y] = x;
        }
        self.kids[b].rotate_left(k);
        self.links[b].rotate_left(k);
        self.base[b] = v;
    }
}
