//! The transposition table: entries keyed by the board (with side to move) and carrying the
//! attacker's hand, looked up with hand superiority, under a memory limit with garbage
//! collection of the least-searched entries.
//!
//! A proven entry holds its proof hand (the least the attacker needs): it proves every
//! position with the same board and an attacker hand that covers it. A disproven entry holds
//! its disproof hand (the most the attacker may have): it disproves every position with the
//! same board and an attacker hand it covers. Unknown entries hold the exact hand.
//!
//! Layout: a cluster of eight entries is 24 words (three cache lines). Its first line holds
//! the eight keys, so a lookup that finds nothing (the common case for a new child) reads
//! one line; each entry's other two words sit side by side in one of the next two.

use crate::hand::PackedHand;

/// Proof or disproof number of a proven or disproven node (infinite).
pub const INF: u32 = u32::MAX;
/// The largest proof or disproof number of an undecided node.
pub const MAX_UNDECIDED: u32 = u32::MAX - 1;

/// Entries per cluster: every entry of a board lives in the cluster its key selects.
const CLUSTER: usize = 8;
/// Words per cluster: the keys, then two words per entry.
const CLUSTER_WORDS: usize = CLUSTER * 3;
/// The clusters in use double when more than one slot in this many is taken.
const GROW_AT: usize = 16;
/// Clusters in use at first (768 KiB); they double as the table fills (see [`Table`]).
const FIRST_CLUSTERS: usize = 1 << 12;
/// The largest search effort an entry records (30 bits; two more hold its state).
const AMOUNT_MAX: u32 = (1 << 30) - 1;

/// What an entry says of its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Proof and disproof numbers.
    Undecided { pn: u32, dn: u32 },
    /// Mate in `len` plies with the entry's (proof) hand.
    Proven { len: u32 },
    /// No mate within `len` plies (`u32::MAX`: none) with the entry's (disproof) hand.
    Disproven { len: u32 },
}

/// One table entry. `amount == 0` marks an empty slot.
#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    hand: PackedHand,
    amount: u32,
    state: State,
}

/// What a lookup found for a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe {
    /// Proof number (0: proven).
    pub pn: u32,
    /// Disproof number (0: disproven).
    pub dn: u32,
    /// The proof hand of a proof, the disproof hand of a disproof, else the position's hand.
    pub hand: PackedHand,
    /// Mate length (plies) of a proof.
    pub len: u32,
    /// Whether an entry was found at all.
    pub found: bool,
}

impl Entry {
    /// The entry kept as `key` and the data words `a` (hand, amount, state) and `b`.
    #[inline(always)]
    fn unpack(key: u64, a: u64, b: u64) -> Entry {
        let state = match a >> 62 {
            0 => State::Undecided {
                pn: b as u32,
                dn: (b >> 32) as u32,
            },
            1 => State::Proven { len: b as u32 },
            _ => State::Disproven { len: b as u32 },
        };
        Entry {
            key,
            hand: PackedHand::from_bits(a as u32),
            amount: amount_of(a),
            state,
        }
    }

    /// The data words of the entry as the table keeps them.
    #[inline(always)]
    fn pack(self) -> (u64, u64) {
        let (tag, b) = match self.state {
            State::Undecided { pn, dn } => (0u64, pn as u64 | (dn as u64) << 32),
            State::Proven { len } => (1, len as u64),
            State::Disproven { len } => (2, len as u64),
        };
        let a = self.hand.bits() as u64 | (self.amount.min(AMOUNT_MAX) as u64) << 32 | tag << 62;
        (a, b)
    }
}

/// The amount (search effort) in an entry's first data word; 0 for an empty slot.
#[inline(always)]
fn amount_of(a: u64) -> u32 {
    (a >> 32) as u32 & AMOUNT_MAX
}

/// Where the words live: an anonymous mapping (huge pages where the system has them),
/// or the heap when no mapping could be made.
enum Storage {
    Mapped(memmap2::MmapMut),
    Heap(Vec<u64>),
}

impl Storage {
    /// Zeroed room for `n` words, if the system grants it.
    fn new(n: usize) -> Option<Storage> {
        let bytes = n.checked_mul(std::mem::size_of::<u64>())?;
        let map = memmap2::MmapMut::map_anon(bytes).ok()?;
        // A hint: a table of gigabytes probed at random otherwise misses the TLB on almost
        // every lookup. Where it is refused, the table works as well, only slower.
        #[cfg(target_os = "linux")]
        let _ = map.advise(memmap2::Advice::HugePage);
        // A mapping is page-aligned, so the view as words always exists.
        bytemuck::try_cast_slice::<u8, u64>(&map[..]).ok()?;
        Some(Storage::Mapped(map))
    }
}

impl std::ops::Deref for Storage {
    type Target = [u64];
    #[inline(always)]
    fn deref(&self) -> &[u64] {
        match self {
            Storage::Mapped(map) => bytemuck::cast_slice(&map[..]),
            Storage::Heap(v) => v,
        }
    }
}

impl std::ops::DerefMut for Storage {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [u64] {
        match self {
            Storage::Mapped(map) => bytemuck::cast_slice_mut(&mut map[..]),
            Storage::Heap(v) => v,
        }
    }
}

/// The transposition table.
///
/// Only the first clusters are used at first, and their number doubles whenever one slot
/// in sixteen is taken, the entries placed again under the longer mask. A small
/// problem then touches a little of a large table: the system clears each page of an
/// anonymous mapping when it is first touched, which took a quarter of the time of a
/// 0.8 M-node solve with the table spread over 256 MiB, and 10 s of a 20 k-node one over
/// 4 GiB on a cold machine. (Doubling at a quarter's load instead overwrote entries in the
/// small table's crowded clusters: one 1.4 M-node problem was not solved in 60 s. Doubling
/// whenever a cluster was full grew the table to its whole size within seconds on a
/// problem with many hands per board.)
///
/// Every entry of a board starts in the cluster its key selects (its home); when that
/// cluster is full the entry goes to the next cluster with room, up to `CHAIN` clusters
/// on (linear probing by clusters), so a board may hold many hands. A lookup reads the
/// clusters from the home on and stops after the first one with an empty slot: no entry
/// lies past it. A slot freed in the middle of a chain is marked (`TOMB`) rather than
/// emptied, so the lookups that pass it still go on; garbage collection empties the marks
/// and moves the entries back towards their homes. Only when all `CHAIN` clusters are
/// full does a new entry overwrite the least-searched one. (With the eight slots of one
/// cluster as the limit, a problem whose search went round the same boards with a
/// hundred attacker hands evicted its own entries on every store and never came out:
/// Shogi Muso #1 stalled for minutes with the table at 51.6%.)
pub struct Table {
    words: Storage,
    /// The number of clusters in use (a power of two) less one.
    mask: usize,
    /// The number of clusters the table has room for (a power of two) less one.
    full_mask: usize,
    used: usize,
    gc_at: usize,
    collections: u32,
}

/// The most clusters one chain spans, its home included; the storage has this many
/// clusters past the last home, so that chains never wrap round.
const CHAIN: usize = 16;
/// The key of a slot freed inside a chain: free for a new entry, but not the end of the
/// chain for a lookup. (An empty slot's key is 0; [`stored`] keeps real keys off both.)
const TOMB: u64 = u64::MAX;

/// A board key as the table keeps it: never 0 (an empty slot) nor [`TOMB`].
#[inline(always)]
fn stored(key: u64) -> u64 {
    match key {
        0 => 1,
        TOMB => TOMB - 1,
        k => k,
    }
}

/// The position of one slot: its cluster's first word and its index in the cluster.
#[derive(Clone, Copy)]
struct Slot {
    base: usize,
    i: usize,
}

impl Slot {
    /// The word of the slot's key.
    #[inline(always)]
    fn key(self) -> usize {
        self.base + self.i
    }
    /// The word of the slot's hand, effort and state.
    #[inline(always)]
    fn a(self) -> usize {
        self.base + CLUSTER + 2 * self.i
    }
    /// The word of the slot's numbers or length.
    #[inline(always)]
    fn b(self) -> usize {
        self.base + CLUSTER + 2 * self.i + 1
    }
}

/// The slot `i` of cluster `c`.
#[inline(always)]
fn slot(c: usize, i: usize) -> Slot {
    Slot {
        base: c * CLUSTER_WORDS,
        i,
    }
}

impl Table {
    /// A table of at most `mb` megabytes (at least one cluster).
    pub fn new(mb: usize) -> Table {
        let bytes = mb.max(1).saturating_mul(1 << 20);
        let want = (bytes / (CLUSTER_WORDS * 8)).max(1);
        // The largest power of two that fits: the cluster is then picked by a mask. (Picking
        // it by multiplying the key's high bits, which fits any count, was tried: on
        // Zukou #99 the solve then ran past 60 s at 1, 2, 3 and 8 GiB, where this way solves
        // it in 30 to 45 s at every size tried from 256 MiB to 4 GiB.)
        let mut clusters = 1usize << (usize::BITS - 1 - want.leading_zeros());
        // With less memory to be had than asked for, a smaller table.
        let words = loop {
            match Storage::new((clusters + CHAIN) * CLUSTER_WORDS) {
                Some(storage) => break storage,
                None if clusters > 1 => clusters /= 2,
                None => break Storage::Heap(vec![0; (1 + CHAIN) * CLUSTER_WORDS]),
            }
        };
        let clusters = words.len() / CLUSTER_WORDS - CHAIN;
        let n = clusters * CLUSTER;
        Table {
            words,
            mask: clusters.min(FIRST_CLUSTERS) - 1,
            full_mask: clusters - 1,
            used: 0,
            gc_at: n / 10 * 9,
            collections: 0,
        }
    }

    /// Removes every entry.
    pub fn clear(&mut self) {
        let span = self.span() * CLUSTER_WORDS;
        self.words[..span].fill(0);
        self.mask = self.mask.min(FIRST_CLUSTERS - 1);
        self.used = 0;
    }

    /// How full the table is, in permille.
    pub fn hashfull(&self) -> u32 {
        (self.used as u64 * 1000 / ((self.full_mask + 1) * CLUSTER) as u64) as u32
    }

    /// How many garbage collections have run.
    pub fn collections(&self) -> u32 {
        self.collections
    }

    /// The number of clusters in use as homes.
    #[inline(always)]
    fn clusters(&self) -> usize {
        self.mask + 1
    }

    /// The number of clusters entries may lie in: the homes and the chains past the last.
    #[inline(always)]
    fn span(&self) -> usize {
        self.clusters() + CHAIN
    }

    /// Every slot the table may use.
    fn slots(&self) -> impl Iterator<Item = Slot> + use<> {
        (0..self.span()).flat_map(|c| (0..CLUSTER).map(move |i| slot(c, i)))
    }

    /// The home cluster of `key` (a stored key).
    #[inline(always)]
    fn home(&self, key: u64) -> usize {
        (key >> 20) as usize & self.mask
    }

    /// The slots of cluster `c` whose key is `key`, as a bit mask, and whether the cluster
    /// has an empty slot (ending the chain).
    #[inline(always)]
    fn matches(&self, c: usize, key: u64) -> (u32, bool) {
        let base = c * CLUSTER_WORDS;
        let keys = &self.words[base..base + CLUSTER];
        let mut mask = 0;
        let mut open = false;
        for (i, &k) in keys.iter().enumerate() {
            mask |= ((k == key) as u32) << i;
            open |= k == 0;
        }
        (mask, open)
    }

    /// Starts loading the cluster of `key` into the cache (a lookup of it follows soon).
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        let c = self.home(stored(key));
        crate::prefetch::prefetch(&self.words[c * CLUSTER_WORDS]);
    }

    /// The entry in `slot`, if the slot is in use.
    #[inline(always)]
    fn read(&self, slot: Slot) -> Option<Entry> {
        let a = self.words[slot.a()];
        (amount_of(a) != 0).then(|| Entry::unpack(self.words[slot.key()], a, self.words[slot.b()]))
    }

    /// Puts `e` in `slot`.
    #[inline(always)]
    fn write(&mut self, slot: Slot, e: Entry) {
        let (a, b) = e.pack();
        self.words[slot.key()] = e.key;
        self.words[slot.a()] = a;
        self.words[slot.b()] = b;
    }

    /// Frees `slot`, leaving the mark that keeps its chain going.
    fn erase(&mut self, slot: Slot) {
        self.words[slot.key()] = TOMB;
        self.words[slot.a()] = 0;
        self.words[slot.b()] = 0;
        self.used -= 1;
    }

    /// The entries of `key` (a stored key) along its chain, with their slots.
    #[inline(always)]
    fn entries_of(&self, key: u64) -> impl Iterator<Item = (Slot, Entry)> + '_ {
        let home = self.home(key);
        let mut c = home;
        let (mut mask, mut open) = self.matches(c, key);
        std::iter::from_fn(move || {
            loop {
                while mask != 0 {
                    let i = mask.trailing_zeros() as usize;
                    mask &= mask - 1;
                    let slot = slot(c, i);
                    if let Some(e) = self.read(slot) {
                        return Some((slot, e));
                    }
                }
                if open || c + 1 == home + CHAIN {
                    return None;
                }
                c += 1;
                (mask, open) = self.matches(c, key);
            }
        })
    }

    /// Looks up the position with board key `key` and attacker hand `hand`. A proof counts
    /// only if its mate length is at most `max_len`.
    #[inline]
    pub fn lookup(&self, key: u64, hand: PackedHand, max_len: u32) -> Probe {
        let mut probe = Probe {
            pn: 1,
            dn: 1,
            hand,
            len: 0,
            found: false,
        };
        let mut proven = false;
        for (_, e) in self.entries_of(stored(key)) {
            match e.state {
                State::Proven { len } => {
                    if hand.covers(e.hand) && len <= max_len && (!proven || len < probe.len) {
                        proven = true;
                        probe = Probe {
                            pn: 0,
                            dn: INF,
                            hand: e.hand,
                            len,
                            found: true,
                        };
                    }
                }
                State::Disproven { len } => {
                    // No mate within `len` plies (`u32::MAX`: none).
                    if e.hand.covers(hand) && (len == u32::MAX || len >= max_len) {
                        return Probe {
                            pn: INF,
                            dn: 0,
                            hand: e.hand,
                            len,
                            found: true,
                        };
                    }
                }
                State::Undecided { pn, dn } => {
                    if e.hand == hand && !proven {
                        probe.pn = pn;
                        probe.dn = dn;
                        probe.found = true;
                    }
                }
            }
        }
        probe
    }

    /// Stores the undecided numbers of a position, adding `amount` to its search effort.
    pub fn store_undecided(&mut self, key: u64, hand: PackedHand, pn: u32, dn: u32, amount: u32) {
        debug_assert!(
            pn != 0 && dn != 0,
            "an undecided entry with a decided number"
        );
        let key = stored(key);
        let state = State::Undecided { pn, dn };
        let found = self
            .entries_of(key)
            .find(|(_, e)| e.hand == hand && matches!(e.state, State::Undecided { .. }));
        if let Some((slot, mut e)) = found {
            e.state = state;
            e.amount = e.amount.saturating_add(amount);
            self.write(slot, e);
            return;
        }
        self.insert(Entry {
            key,
            hand,
            amount: amount.max(1),
            state,
        });
    }

    /// Frees every entry of `key` that `redundant` picks, returning the most effort among
    /// them (at least `amount`).
    fn erase_where(&mut self, key: u64, amount: u32, redundant: impl Fn(&Entry) -> bool) -> u32 {
        let mut amount = amount.max(1);
        loop {
            let found = self.entries_of(key).find(|(_, e)| redundant(e));
            let Some((slot, e)) = found else {
                return amount;
            };
            amount = amount.max(e.amount);
            self.erase(slot);
        }
    }

    /// Stores a proof of the position (`hand` its attacker hand) with proof hand `proof`
    /// and mate length `len`; entries it makes redundant are dropped.
    pub fn store_proven(
        &mut self,
        key: u64,
        hand: PackedHand,
        proof: PackedHand,
        len: u32,
        amount: u32,
    ) {
        let key = stored(key);
        // A proof needing more pieces and no shorter mate is redundant.
        let worse = |h: PackedHand, l: u32| h.covers(proof) && l >= len;
        let better = self.entries_of(key).any(|(_, e)| match e.state {
            State::Proven { len: l } => proof.covers(e.hand) && l <= len && !worse(e.hand, l),
            _ => false,
        });
        if better {
            // An existing proof already covers this one.
            return;
        }
        let amount = self.erase_where(key, amount, |e| match e.state {
            State::Proven { len: l } => worse(e.hand, l),
            State::Undecided { .. } => e.hand == hand || e.hand.covers(proof),
            State::Disproven { .. } => false,
        });
        self.insert(Entry {
            key,
            hand: proof,
            amount,
            state: State::Proven { len },
        });
    }

    /// Stores a disproof of the position (`hand` its attacker hand) with disproof hand
    /// `disproof`, true for mates up to `bound` plies (`u32::MAX`: any); entries it makes
    /// redundant are dropped.
    pub fn store_disproven(
        &mut self,
        key: u64,
        hand: PackedHand,
        disproof: PackedHand,
        bound: u32,
        amount: u32,
    ) {
        let key = stored(key);
        let amount = self.erase_where(key, amount, |e| match e.state {
            State::Disproven { len } => disproof.covers(e.hand) && len <= bound,
            State::Undecided { .. } => {
                e.hand == hand || (bound == u32::MAX && disproof.covers(e.hand))
            }
            State::Proven { .. } => false,
        });
        self.insert(Entry {
            key,
            hand: disproof,
            amount,
            state: State::Disproven { len: bound },
        });
    }

    /// Puts `entry` in the first free slot of its chain, else over the least-searched
    /// entry of the chain.
    fn insert(&mut self, entry: Entry) {
        let (a, b) = entry.pack();
        self.place(entry.key, a, b);
        if self.used > self.clusters() * CLUSTER / GROW_AT && self.mask < self.full_mask {
            self.grow();
        }
        if self.used > self.gc_at {
            self.collect();
        }
    }

    /// Writes the entry words `key`, `a`, `b` into the first free slot of the key's chain,
    /// else over the chain's least-searched entry.
    fn place(&mut self, key: u64, a: u64, b: u64) {
        let home = self.home(key);
        let mut victim = slot(home, 0);
        let mut least = u32::MAX;
        'chain: for c in home..home + CHAIN {
            for i in 0..CLUSTER {
                let s = slot(c, i);
                let amount = amount_of(self.words[s.a()]);
                if amount < least {
                    least = amount;
                    victim = s;
                    if amount == 0 {
                        break 'chain;
                    }
                }
            }
        }
        if least == 0 {
            self.used += 1;
        }
        self.words[victim.key()] = key;
        self.words[victim.a()] = a;
        self.words[victim.b()] = b;
    }

    /// Doubles the clusters in use, placing every entry again under the longer mask.
    fn grow(&mut self) {
        let span = self.span();
        let mut live = Vec::with_capacity(self.used);
        for s in (0..span).flat_map(|c| (0..CLUSTER).map(move |i| slot(c, i))) {
            let a = self.words[s.a()];
            if amount_of(a) != 0 {
                live.push((self.words[s.key()], a, self.words[s.b()]));
            }
        }
        self.words[..span * CLUSTER_WORDS].fill(0);
        self.mask = 2 * self.clusters() - 1;
        self.used = 0;
        for (key, a, b) in live {
            self.place(key, a, b);
        }
    }

    /// Garbage collection: drops the least-searched entries until about half the table is
    /// free (by effort, in powers of two), then moves the entries left back towards their
    /// homes so that the chains stay unbroken.
    pub fn collect(&mut self) {
        let bits = |a: u64| 32 - amount_of(a).leading_zeros() as usize;
        let mut histogram = [0usize; 33];
        for slot in self.slots() {
            let a = self.words[slot.a()];
            if amount_of(a) != 0 {
                histogram[bits(a)] += 1;
            }
        }
        let target = self.clusters() * CLUSTER / 2;
        let mut keep = self.used;
        let mut cut = 0;
        while cut < 32 && keep > target {
            keep -= histogram[cut];
            cut += 1;
        }
        // Entries whose effort needs fewer than `cut` bits go, and so do the marks.
        for slot in self.slots() {
            let a = self.words[slot.a()];
            if amount_of(a) == 0 || bits(a) < cut {
                for w in [slot.key(), slot.a(), slot.b()] {
                    self.words[w] = 0;
                }
            }
        }
        self.compact();
        self.collections += 1;
    }

    /// Moves each entry to the first cluster of its chain with an empty slot, going up
    /// the table: afterwards every cluster between an entry's home and the entry is full,
    /// as the lookups need. (A move only empties a slot in the cluster being gone
    /// through, never before it.)
    fn compact(&mut self) {
        let mut used = 0;
        for c in 0..self.span() {
            for i in 0..CLUSTER {
                let from = slot(c, i);
                if amount_of(self.words[from.a()]) == 0 {
                    continue;
                }
                used += 1;
                let home = self.home(self.words[from.key()]);
                let to = (home..c).find_map(|k| {
                    (0..CLUSTER)
                        .map(|j| slot(k, j))
                        .find(|s| self.words[s.key()] == 0)
                });
                if let Some(to) = to {
                    for (f, t) in [
                        (from.key(), to.key()),
                        (from.a(), to.a()),
                        (from.b(), to.b()),
                    ] {
                        self.words[t] = self.words[f];
                        self.words[f] = 0;
                    }
                }
            }
        }
        self.used = used;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_rules::Role;

    fn hand(roles: &[Role]) -> PackedHand {
        roles.iter().fold(PackedHand::EMPTY, |h, &r| h.plus(r))
    }

    #[test]
    fn proof_with_fewer_pieces_proves_more() {
        let mut t = Table::new(1);
        let key = 0x1234_5678_9abc_def0;
        let gold = hand(&[Role::Gold]);
        t.store_proven(key, hand(&[Role::Gold, Role::Pawn]), gold, 3, 10);
        let more = hand(&[Role::Gold, Role::Silver]);
        assert_eq!(t.lookup(key, more, u32::MAX).pn, 0);
        assert_eq!(t.lookup(key, more, u32::MAX).len, 3);
        assert_eq!(
            t.lookup(key, more, 1).pn,
            1,
            "a 3-ply proof is not a 1-ply one"
        );
        assert_eq!(t.lookup(key, hand(&[Role::Silver]), u32::MAX).pn, 1);
        assert_eq!(t.lookup(key ^ 1, more, u32::MAX).pn, 1, "another board");
    }

    #[test]
    fn entries_stay_found_as_the_table_grows() {
        let mut t = Table::new(64);
        let first = t.clusters();
        assert_eq!(first, FIRST_CLUSTERS);
        // Keys spread over every bit the cluster index may use.
        let key = |n: u64| n.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let n = (first * CLUSTER) as u64;
        for k in 0..n {
            t.store_undecided(key(k), PackedHand::EMPTY, 2, 3, 1);
        }
        assert!(t.clusters() >= 4 * first, "grew: {} clusters", t.clusters());
        assert_eq!(t.used, n as usize, "nothing lost");
        for k in 0..n {
            let p = t.lookup(key(k), PackedHand::EMPTY, u32::MAX);
            assert_eq!((p.found, p.pn, p.dn), (true, 2, 3), "entry {k}");
        }
        assert!(t.hashfull() < 1000);
        t.clear();
        assert_eq!((t.clusters(), t.used), (first, 0));
        assert!(!t.lookup(key(1), PackedHand::EMPTY, u32::MAX).found);
    }

    /// `n` attacker hands none of which covers another: the same number of pieces in each,
    /// spread differently over pawns, lances, knights and silvers.
    fn incomparable_hands(n: usize) -> Vec<PackedHand> {
        let mut hands = Vec::new();
        for l in 0..=4 {
            for k in 0..=4 {
                for s in 0..=4 {
                    let counts = [(Role::Lance, l), (Role::Knight, k), (Role::Silver, s)];
                    let mut h =
                        (0..12 - l - k - s).fold(PackedHand::EMPTY, |h, _| h.plus(Role::Pawn));
                    for (role, c) in counts {
                        h = (0..c).fold(h, |h, _| h.plus(role));
                    }
                    hands.push(h);
                }
            }
        }
        assert!(hands.len() >= n);
        hands.truncate(n);
        hands
    }

    #[test]
    fn one_board_keeps_far_more_hands_than_a_cluster() {
        // The search of a problem can come back to one board with dozens of attacker hands;
        // each needs its own entry, or the search re-expands what it just stored.
        let mut t = Table::new(64);
        let key = 0x5eed_0000_0000_0001u64;
        let hands = incomparable_hands(38);
        for (n, &h) in hands.iter().enumerate() {
            t.store_undecided(key, h, 2 + n as u32, 3, 1 + n as u32);
        }
        // Other boards fill the clusters after the home, which the chain then passes.
        for k in 1..200u64 {
            t.store_undecided(key + (k << 20), hands[0], 5, 5, 1);
        }
        for (n, &h) in hands.iter().enumerate() {
            let p = t.lookup(key, h, u32::MAX);
            assert_eq!((p.found, p.pn), (true, 2 + n as u32), "hand {n}");
        }
        assert_eq!(t.used, 38 + 199);
    }

    #[test]
    fn chains_survive_erasures_and_collections() {
        let mut t = Table::new(1);
        let key = 0x0bad_cafe_0000_0001u64;
        let hands = incomparable_hands(30);
        for (n, &h) in hands.iter().enumerate() {
            // The first entries are searched least: the collection takes them first.
            let amount = if n < 10 { 1 } else { 1 << 20 };
            t.store_undecided(key, h, 7, 7, amount);
        }
        // A proof with one hand drops that hand's undecided entry in the middle of the
        // chain; the entries past it are still found.
        t.store_proven(key, hands[15], hands[15], 9, 1);
        for (n, &h) in hands.iter().enumerate() {
            let p = t.lookup(key, h, u32::MAX);
            assert!(p.found, "hand {n} after the erasure");
            assert_eq!(p.pn, if n == 15 { 0 } else { 7 }, "hand {n}");
        }
        // Other boards, searched least, fill the table until it collects.
        let mut k = 1u64;
        while t.collections() == 0 {
            t.store_undecided(k.wrapping_mul(0x9e37_79b9_7f4a_7c15), hands[0], 1, 1, 1);
            k += 1;
        }
        for (n, &h) in hands.iter().enumerate() {
            let p = t.lookup(key, h, u32::MAX);
            let expected = match n {
                15 => (true, 0),
                0..10 => (false, 1),
                _ => (true, 7),
            };
            assert_eq!((p.found, p.pn), expected, "hand {n} after the collection");
        }
        // Every entry left sits where its chain reaches it: past full clusters only.
        let kept = t.slots().filter(|s| t.read(*s).is_some()).count();
        assert_eq!(kept, t.used);
        for s in t.slots() {
            if let Some(e) = t.read(s) {
                let c = s.base / CLUSTER_WORDS;
                for k in t.home(e.key)..c {
                    assert!(t.matches(k, 0).0 == 0, "an empty slot before {c}");
                }
            }
        }
    }

    #[test]
    fn disproof_with_more_pieces_disproves_fewer() {
        let mut t = Table::new(1);
        let key = 0xfeed_beef_0000_0001;
        let two = hand(&[Role::Gold, Role::Silver]);
        t.store_disproven(key, two, two, u32::MAX, 5);
        assert_eq!(t.lookup(key, hand(&[Role::Gold]), u32::MAX).dn, 0);
        assert_eq!(t.lookup(key, PackedHand::EMPTY, u32::MAX).dn, 0);
        assert_eq!(
            t.lookup(key, hand(&[Role::Gold, Role::Gold]), u32::MAX).dn,
            1
        );
        let other = key ^ (1 << 40);
        t.store_disproven(other, two, two, 9, 5);
        assert_eq!(t.lookup(other, two, 9).dn, 0, "no mate within 9 plies");
        assert_eq!(t.lookup(other, two, 7).dn, 0, "so none within 7");
        assert_eq!(t.lookup(other, two, 11).dn, 1, "but maybe within 11");
        assert_eq!(t.lookup(other, two, u32::MAX).dn, 1);
    }

    #[test]
    fn entries_keep_their_state_hand_and_amount() {
        let h = hand(&[Role::Gold, Role::Pawn, Role::Pawn]);
        let states = [
            State::Undecided { pn: 1, dn: 7 },
            State::Undecided {
                pn: MAX_UNDECIDED,
                dn: MAX_UNDECIDED,
            },
            State::Proven { len: 0 },
            State::Proven { len: 1525 },
            State::Disproven { len: 0 },
            State::Disproven { len: u32::MAX },
        ];
        for state in states {
            for amount in [1, 77, AMOUNT_MAX] {
                let e = Entry {
                    key: 0xdead_beef,
                    hand: h,
                    amount,
                    state,
                };
                let (a, b) = e.pack();
                let back = Entry::unpack(e.key, a, b);
                assert_eq!((back.hand, back.amount, back.state), (h, amount, state));
            }
        }
        // Effort past 30 bits is kept at the most, not wrapped round to an empty slot.
        let big = Entry {
            key: 1,
            hand: h,
            amount: u32::MAX,
            state: State::Proven { len: 3 },
        };
        let (a, b) = big.pack();
        assert_eq!(Entry::unpack(1, a, b).amount, AMOUNT_MAX);
    }

    #[test]
    fn undecided_entries_are_exact_and_collected() {
        let mut t = Table::new(1);
        let h = hand(&[Role::Rook]);
        t.store_undecided(42 << 20, h, 7, 9, 1);
        let p = t.lookup(42 << 20, h, u32::MAX);
        assert_eq!((p.pn, p.dn, p.found), (7, 9, true));
        assert!(!t.lookup(42 << 20, PackedHand::EMPTY, u32::MAX).found);
        for i in 0..100_000u64 {
            t.store_undecided(
                i.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                h,
                1,
                1,
                (i % 50) as u32,
            );
        }
        assert!(t.collections() > 0);
        assert!(t.hashfull() < 950);
    }
}
