//! The transposition table: entries keyed by the board (with side to move) and carrying the
//! attacker's hand, looked up with hand superiority, under a memory limit with garbage
//! collection of the least-searched entries.
//!
//! A proven entry holds its proof hand (the least the attacker needs): it proves every
//! position with the same board and an attacker hand that covers it. A disproven entry holds
//! its disproof hand (the most the attacker may have): it disproves every position with the
//! same board and an attacker hand it covers. Unknown entries hold the exact hand.

use crate::hand::PackedHand;

/// Proof or disproof number of a proven or disproven node (infinite).
pub const INF: u32 = u32::MAX;
/// The largest proof or disproof number of an undecided node.
pub const MAX_UNDECIDED: u32 = u32::MAX - 1;

/// Entries per cluster: every entry of a board lives in the cluster its key selects.
const CLUSTER: usize = 8;

/// One table entry (32 bytes). `amount == 0` marks an empty slot.
#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    hand: PackedHand,
    pn: u32,
    dn: u32,
    amount: u32,
    len: u32,
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
    /// The entry kept in `w`.
    #[inline(always)]
    fn unpack(w: Words) -> Entry {
        Entry {
            key: w[0],
            hand: PackedHand::from_bits(w[1] as u32),
            pn: (w[1] >> 32) as u32,
            dn: w[2] as u32,
            amount: (w[2] >> 32) as u32,
            len: w[3] as u32,
        }
    }

    /// The entry as the table keeps it.
    #[inline(always)]
    fn pack(self) -> Words {
        [
            self.key,
            self.hand.bits() as u64 | (self.pn as u64) << 32,
            self.dn as u64 | (self.amount as u64) << 32,
            self.len as u64,
        ]
    }
}

/// An entry as stored: plain words in a zeroed anonymous mapping, which the operating
/// system fills in lazily (a 4 GiB table costs nothing until it is used).
type Words = [u64; 4];

/// The amount (search effort) of a stored entry; 0 for an empty slot.
#[inline(always)]
fn amount_of(w: &Words) -> u32 {
    (w[2] >> 32) as u32
}

/// Where the entries live: an anonymous mapping (huge pages where the system has them),
/// or the heap when no mapping could be made.
enum Storage {
    Mapped(memmap2::MmapMut),
    Heap(Vec<Words>),
}

impl Storage {
    /// Zeroed room for `n` entries, if the system grants it.
    fn new(n: usize) -> Option<Storage> {
        let bytes = n.checked_mul(std::mem::size_of::<Words>())?;
        let map = memmap2::MmapMut::map_anon(bytes).ok()?;
        // A hint: a table of gigabytes probed at random otherwise misses the TLB on almost
        // every lookup. Where it is refused, the table works as well, only slower.
        #[cfg(target_os = "linux")]
        let _ = map.advise(memmap2::Advice::HugePage);
        // A mapping is page-aligned, so the view as entries always exists.
        bytemuck::try_cast_slice::<u8, Words>(&map[..]).ok()?;
        Some(Storage::Mapped(map))
    }
}

impl std::ops::Deref for Storage {
    type Target = [Words];
    #[inline(always)]
    fn deref(&self) -> &[Words] {
        match self {
            Storage::Mapped(map) => bytemuck::cast_slice(&map[..]),
            Storage::Heap(v) => v,
        }
    }
}

impl std::ops::DerefMut for Storage {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [Words] {
        match self {
            Storage::Mapped(map) => bytemuck::cast_slice_mut(&mut map[..]),
            Storage::Heap(v) => v,
        }
    }
}

/// The transposition table.
pub struct Table {
    entries: Storage,
    mask: usize,
    used: usize,
    gc_at: usize,
    collections: u32,
}

impl Table {
    /// A table of at most `mb` megabytes (at least one cluster).
    pub fn new(mb: usize) -> Table {
        let bytes = mb.max(1).saturating_mul(1 << 20);
        let want = (bytes / (std::mem::size_of::<Entry>() * CLUSTER)).max(1);
        // The largest power of two that fits.
        let mut clusters = 1usize << (usize::BITS - 1 - want.leading_zeros());
        // With less memory to be had than asked for, a smaller table.
        let entries = loop {
            match Storage::new(clusters * CLUSTER) {
                Some(storage) => break storage,
                None if clusters > 1 => clusters /= 2,
                None => break Storage::Heap(vec![[0; 4]; CLUSTER]),
            }
        };
        let n = clusters * CLUSTER;
        Table {
            entries,
            mask: clusters - 1,
            used: 0,
            gc_at: n / 10 * 9,
            collections: 0,
        }
    }

    /// Removes every entry.
    pub fn clear(&mut self) {
        self.entries.fill([0; 4]);
        self.used = 0;
    }

    /// How full the table is, in permille.
    pub fn hashfull(&self) -> u32 {
        (self.used as u64 * 1000 / self.entries.len() as u64) as u32
    }

    /// How many garbage collections have run.
    pub fn collections(&self) -> u32 {
        self.collections
    }

    #[inline(always)]
    fn cluster(&self, key: u64) -> usize {
        ((key >> 20) as usize & self.mask) * CLUSTER
    }

    /// Looks up the position with board key `key` and attacker hand `hand`. A proof counts
    /// only if its mate length is at most `max_len`.
    #[inline]
    pub fn lookup(&self, key: u64, hand: PackedHand, max_len: u32) -> Probe {
        let base = self.cluster(key);
        let mut probe = Probe {
            pn: 1,
            dn: 1,
            hand,
            len: 0,
            found: false,
        };
        let mut proven = false;
        for w in &self.entries[base..base + CLUSTER] {
            let e = Entry::unpack(*w);
            if e.key != key || e.amount == 0 {
                continue;
            }
            if e.pn == 0 {
                if hand.covers(e.hand) && e.len <= max_len && (!proven || e.len < probe.len) {
                    proven = true;
                    probe = Probe {
                        pn: 0,
                        dn: INF,
                        hand: e.hand,
                        len: e.len,
                        found: true,
                    };
                }
            } else if e.dn == 0 {
                // `len` of a disproof: no mate within that many plies (`u32::MAX`: none).
                if e.hand.covers(hand) && (e.len == u32::MAX || e.len >= max_len) {
                    return Probe {
                        pn: INF,
                        dn: 0,
                        hand: e.hand,
                        len: e.len,
                        found: true,
                    };
                }
            } else if e.hand == hand && !proven {
                probe.pn = e.pn;
                probe.dn = e.dn;
                probe.found = true;
            }
        }
        probe
    }

    /// Stores the undecided numbers of a position, adding `amount` to its search effort.
    pub fn store_undecided(&mut self, key: u64, hand: PackedHand, pn: u32, dn: u32, amount: u32) {
        let base = self.cluster(key);
        for i in base..base + CLUSTER {
            let mut e = Entry::unpack(self.entries[i]);
            if e.key == key && e.amount != 0 && e.hand == hand && e.pn != 0 && e.dn != 0 {
                e.pn = pn;
                e.dn = dn;
                e.amount = e.amount.saturating_add(amount);
                self.entries[i] = e.pack();
                return;
            }
        }
        self.insert(Entry {
            key,
            hand,
            pn,
            dn,
            amount: amount.max(1),
            len: 0,
        });
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
        let base = self.cluster(key);
        let mut amount = amount.max(1);
        for i in base..base + CLUSTER {
            let e = Entry::unpack(self.entries[i]);
            if e.key != key || e.amount == 0 {
                continue;
            }
            let redundant = if e.pn == 0 {
                // A proof needing more pieces and no shorter mate.
                e.hand.covers(proof) && e.len >= len
            } else {
                e.dn != 0 && (e.hand == hand || e.hand.covers(proof))
            };
            if redundant {
                amount = amount.max(e.amount);
                self.entries[i] = [0; 4];
                self.used -= 1;
            } else if e.pn == 0 && proof.covers(e.hand) && e.len <= len {
                // An existing proof already covers this one.
                return;
            }
        }
        self.insert(Entry {
            key,
            hand: proof,
            pn: 0,
            dn: INF,
            amount,
            len,
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
        let base = self.cluster(key);
        let mut amount = amount.max(1);
        for i in base..base + CLUSTER {
            let e = Entry::unpack(self.entries[i]);
            if e.key != key || e.amount == 0 {
                continue;
            }
            let redundant = if e.dn == 0 {
                disproof.covers(e.hand) && e.len <= bound
            } else {
                e.pn != 0 && (e.hand == hand || (bound == u32::MAX && disproof.covers(e.hand)))
            };
            if redundant {
                amount = amount.max(e.amount);
                self.entries[i] = [0; 4];
                self.used -= 1;
            }
        }
        self.insert(Entry {
            key,
            hand: disproof,
            pn: INF,
            dn: 0,
            amount,
            len: bound,
        });
    }

    /// Puts `entry` in its cluster: an empty slot, else over the least-searched entry.
    fn insert(&mut self, entry: Entry) {
        let base = self.cluster(entry.key);
        let mut victim = base;
        let mut least = u32::MAX;
        for i in base..base + CLUSTER {
            let a = amount_of(&self.entries[i]);
            if a == 0 {
                victim = i;
                least = 0;
                break;
            }
            if a < least {
                least = a;
                victim = i;
            }
        }
        if least == 0 {
            self.used += 1;
        }
        self.entries[victim] = entry.pack();
        if self.used > self.gc_at {
            self.collect();
        }
    }

    /// Garbage collection: drops the least-searched entries until about half the table is
    /// free (by effort, in powers of two).
    pub fn collect(&mut self) {
        let mut histogram = [0usize; 33];
        for w in self.entries.iter() {
            let amount = amount_of(w);
            if amount != 0 {
                histogram[(32 - amount.leading_zeros()) as usize] += 1;
            }
        }
        let target = self.entries.len() / 2;
        let mut keep = self.used;
        let mut cut = 0;
        while cut < 32 && keep > target {
            keep -= histogram[cut];
            cut += 1;
        }
        // Entries whose effort needs fewer than `cut` bits go.
        for w in self.entries.iter_mut() {
            let amount = amount_of(w);
            if amount != 0 && ((32 - amount.leading_zeros()) as usize) < cut {
                *w = [0; 4];
            }
        }
        self.used = self.entries.iter().filter(|w| amount_of(w) != 0).count();
        self.collections += 1;
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
