//! A small seeded generator for everything in koma that needs reproducible random
//! numbers: the zobrist keys, furigoma, training games, the trainer's start and shuffles.

/// One SplitMix64 step: advances `state` by the odd constant 2^64 / golden ratio, then
/// scrambles it (a variant of the MurmurHash3 finaliser) so that nearby seeds give
/// unrelated outputs.
pub const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// SplitMix64 (Steele, Lea and Flood, 2014; the constants of Vigna's public-domain C
/// version): a tiny pseudo-random generator whose output is fixed by its definition.
///
/// It is written out here rather than taken from the `rand` crate because `rand` does not
/// promise that a seed gives the same numbers on every platform and in every version, and a
/// recorded furigoma seed must replay to the same toss forever. SplitMix64 is pure 64-bit
/// wrapping arithmetic, so it gives the same sequence everywhere. It is not cryptographic:
/// if the players must not be able to predict the toss, choose the seed where they cannot
/// see or influence it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator started from `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        splitmix(&mut self.state)
    }
}

impl SplitMix64 {
    /// A number in `0..n` (`n` > 0; the bias is below 2^-40 for the sizes koma draws from).
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// A number in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}
