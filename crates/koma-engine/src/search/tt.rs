//! The transposition table: lock-free entries of two 64-bit words, the first holding the key
//! xor the second, so that a torn write by another thread reads as a miss. A move wider than
//! 16 bits (Chu's) keeps its upper half in the low 16 bits of the first word, where the key
//! is then not checked.

use super::game::SearchMove;
use koma_rules::Move;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value.
    Exact,
    /// At least this (a beta cutoff).
    Lower,
    /// At most this (no move raised alpha).
    Upper,
}

/// A table entry, as read or to store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit<M = Move> {
    /// The best move found, if any.
    pub mv: Option<M>,
    /// The score, relative to the node (mate scores adjusted by the caller).
    pub score: i32,
    /// The static evaluation of the node.
    pub eval: i32,
    /// The depth searched.
    pub depth: i32,
    /// What the score bounds.
    pub bound: Bound,
    /// Whether the position was on a principal variation when stored.
    pub pv: bool,
}

struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// A transposition table shared by the search threads.
pub struct TranspositionTable {
    slots: Box<[Slot]>,
    generation: AtomicU8,
}

impl TranspositionTable {
    /// A table of about `mb` megabytes (at least one).
    pub fn new(mb: usize) -> TranspositionTable {
        let count = (mb.max(1) << 20) / std::mem::size_of::<Slot>();
        let slots = (0..count)
            .map(|_| Slot {
                check: AtomicU64::new(0),
                data: AtomicU64::new(0),
            })
            .collect();
        TranspositionTable {
            slots,
            generation: AtomicU8::new(0),
        }
    }

    /// Empties the table.
    pub fn clear(&self) {
        for slot in self.slots.iter() {
            slot.check.store(0, Ordering::Relaxed);
            slot.data.store(0, Ordering::Relaxed);
        }
    }

    /// Starts a new search: older entries become easier to replace.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    fn slot(&self, key: u64) -> &Slot {
        let index = ((u128::from(key) * self.slots.len() as u128) >> 64) as usize;
        &self.slots[index]
    }

    /// The entry for `key`, if stored.
    pub fn probe<M: SearchMove>(&self, key: u64) -> Option<Hit<M>> {
        let slot = self.slot(key);
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.check.load(Ordering::Relaxed);
        let high = upper_half::<M>(check ^ data, key)?;
        if data == 0 {
            return None;
        }
        Some(unpack(data, high))
    }

    /// Stores `entry` for `key`, replacing the slot's entry unless it is a deeper result of
    /// the current search for another position; an entry without a move keeps the move
    /// stored for the same key.
    pub fn store<M: SearchMove>(&self, key: u64, mut entry: Hit<M>) {
        let slot = self.slot(key);
        let generation = self.generation();
        let old = slot.data.load(Ordering::Relaxed);
        let old_high = upper_half::<M>(slot.check.load(Ordering::Relaxed) ^ old, key);
        if let (None, Some(high)) = (entry.mv, old_high) {
            entry.mv = unpack::<M>(old, high).mv;
        }
        if old != 0 && old_high.is_none() {
            let old_depth = ((old >> 48) & 0xff) as i32;
            if generation_of(old) == generation
                && old_depth > entry.depth + 2
                && entry.bound != Bound::Exact
            {
                return;
            }
        }
        let (data, high) = pack(entry, generation);
        slot.check
            .store(key ^ data ^ u64::from(high), Ordering::Relaxed);
        slot.data.store(data, Ordering::Relaxed);
    }

    /// The current search's generation, as entries keep it.
    fn generation(&self) -> u8 {
        self.generation.load(Ordering::Relaxed) & GENERATION_MASK
    }

    /// Permille of a sample of slots holding an entry of the current search.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation();
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample]
            .iter()
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                d != 0 && generation_of(d) == generation
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

/// The bits of the generation an entry keeps (the top bit marks principal variations).
const GENERATION_MASK: u8 = 0x7f;

/// The generation of a stored entry.
fn generation_of(data: u64) -> u8 {
    (data >> 56) as u8 & GENERATION_MASK
}

/// The upper half of the stored move, when the slot holds `key` (its first word xor its
/// second being `stored`): 16-bit moves check the whole key; wider ones all but the low 16
/// bits, which hold their upper half.
#[inline(always)]
fn upper_half<M: SearchMove>(stored: u64, key: u64) -> Option<u16> {
    let diff = stored ^ key;
    if M::WIDE {
        (diff >> 16 == 0).then_some(diff as u16)
    } else {
        (diff == 0).then_some(0)
    }
}

// Layout from the low bits: 0-15 move (its lower half), 16-31 score, 32-45 eval (14 bits),
// 46-47 bound, 48-55 depth + 1 (so a stored entry is never all zero), 56-62 generation,
// 63 pv. The move's upper half is returned beside.
fn pack<M: SearchMove>(entry: Hit<M>, generation: u8) -> (u64, u16) {
    let bits = entry.mv.map_or(0, M::bits);
    let mv = u64::from(bits as u16);
    let score = u64::from(entry.score.clamp(-32_000, 32_000) as i16 as u16);
    let eval = u64::from(entry.eval.clamp(-8_000, 8_000) as i16 as u16) & 0x3fff;
    let bound = match entry.bound {
        Bound::Exact => 1u64,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    let depth = u64::from((entry.depth + 1).clamp(0, 255) as u8);
    let top = u64::from(generation & GENERATION_MASK) | u64::from(entry.pv) << 7;
    let data = mv | score << 16 | (eval | bound << 14) << 32 | depth << 48 | top << 56;
    (data, (bits >> 16) as u16)
}

fn unpack<M: SearchMove>(data: u64, high: u16) -> Hit<M> {
    let eval_field = (data >> 32) & 0xffff;
    let eval14 = (eval_field & 0x3fff) as i32;
    let eval = if eval14 >= 0x2000 {
        eval14 - 0x4000
    } else {
        eval14
    };
    let bits = u32::from(data as u16) | u32::from(high) << 16;
    Hit {
        mv: M::from_bits(bits).filter(|_| bits != 0),
        score: i32::from((data >> 16) as u16 as i16),
        eval,
        depth: ((data >> 48) & 0xff) as i32 - 1,
        bound: match eval_field >> 14 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        },
        pv: data >> 63 != 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip() {
        let tt = TranspositionTable::new(1);
        let sq = |i| koma_rules::Square::from_index(i).unwrap();
        let m = Move::normal(sq(10), sq(20), true);
        let entry = Hit {
            mv: Some(m),
            score: -31_990,
            eval: -7_999,
            depth: 17,
            bound: Bound::Lower,
            pv: true,
        };
        tt.store(42, entry);
        let hit = tt.probe(42).expect("stored");
        assert_eq!(hit.mv, Some(m));
        assert_eq!((hit.score, hit.eval, hit.depth), (-31_990, -7_999, 17));
        assert_eq!(hit.bound, Bound::Lower);
        assert!(hit.pv);
        assert_eq!(tt.probe::<Move>(43), None);
        let without_move: Hit = Hit {
            mv: None,
            score: 5,
            eval: 6,
            depth: 0,
            bound: Bound::Exact,
            pv: false,
        };
        tt.store(42, without_move);
        assert_eq!(tt.probe(42).unwrap().mv, Some(m), "a move is kept");
    }

    #[test]
    fn a_chu_double_move_round_trips_and_keys_are_told_apart() {
        use koma_rules::chu::ChuMove;
        use koma_rules::frame12::Square12;
        let tt = TranspositionTable::new(1);
        let sq = |i| Square12::from_index(i).unwrap();
        let double = ChuMove::double(sq(100), sq(101), sq(113));
        let promoting = ChuMove::normal(sq(143), sq(0), true);
        for (key, m) in [(7u64 << 40, double), (9u64 << 40, promoting)] {
            let entry = Hit {
                mv: Some(m),
                score: 12,
                eval: -3,
                depth: 5,
                bound: Bound::Exact,
                pv: false,
            };
            tt.store(key, entry);
            assert_eq!(tt.probe::<ChuMove>(key).and_then(|h| h.mv), Some(m));
            assert_eq!(tt.probe::<ChuMove>(key ^ (1 << 20)), None);
            // A 16-bit move's table checks the whole key: the upper half is not its own.
            assert_eq!(tt.probe::<Move>(key), None);
        }
    }
}
