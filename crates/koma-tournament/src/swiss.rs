//! Swiss and McMahon pairing of one round as a maximum-weight matching over the whole field.
//!
//! McMahon is Swiss with starting scores: the caller passes each player's score as start
//! score plus points, and pairing is the same.
//!
//! Every two players are joined by an edge, and an odd field gets one more vertex, the bye,
//! joined to every player who has had no bye (a second bye is never given: without any
//! candidate the round is an error). The pairing is the perfect matching of least total cost
//! ([`crate::matching`]). The cost of an edge has four parts, each weighted above any possible
//! sum of the parts below it, so they are decided in this order of priority:
//!
//! 1. **Repeat** (`R`): 1 when the two have met before. A repeat therefore happens only when
//!    no pairing without one exists (or without fewer repeats).
//! 2. **Bye** (`Y`, bye edges only): the number of score groups below the player's, 0 for the
//!    lowest group: the bye goes to a player of the lowest score group that allows the
//!    fewest repeats.
//! 3. **Float** (`F`): the square of the distance between the two players' score groups
//!    (groups are the distinct scores in the field, in order): players meet inside their
//!    group when they can, a float goes to the next group rather than further, and two
//!    floats of one group cost less than one float of two groups.
//! 4. **Strength** (`S`): each group is ordered by rating (then id); with `m` players and
//!    `h = m / 2`, players at places `i` and `j` of one group cost `| |i - j| - h |`, 0 when the
//!    top half meets the bottom half in order (1 v h+1, 2 v h+2, ...); between groups it is 0.
//!    On a bye edge it is the number of players rated below the player in its group, so the
//!    bye goes to the lowest rated of the group.
//!
//! With `P` games and byes, `n` players and `G` groups: `U_S = 1`, `U_F = P n + 1`,
//! `U_Y = U_F (P (G-1)² + 1)`, `U_R = U_Y G`, and `cost = R U_R + Y U_Y + F U_F + S`. A
//! field whose costs would pass 2^60 is an error (at worst, every player alone in a score
//! group, beyond about 500 players).
//!
//! Colours are not part of the weights: shogi decides them by furigoma, done here from a
//! seed so that a round can be paired again identically; or, for events that want it,
//! balanced (fewer sente so far gets sente; then whoever had gote last; then furigoma).

use crate::matching::{Costs, MatchingError, min_cost_perfect_matching};
use thiserror::Error;

/// A player's identifier, as the caller numbers them.
pub type PlayerId = u32;

/// Who moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Colour {
    /// First to move (black).
    Sente,
    /// Second to move (white).
    Gote,
}

/// One player to pair this round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwissPlayer {
    /// The player's id.
    pub id: PlayerId,
    /// Score in half points (for McMahon, start score plus points).
    pub score: u32,
    /// Rating, ordering players inside a score group.
    pub rating: i32,
    /// The ids already met (ids not in this round's field are ignored).
    pub met: Vec<PlayerId>,
    /// Whether the player has had a bye.
    pub had_bye: bool,
    /// The colours played so far, in order (used by [`ColourRule::Balanced`]).
    pub colours: Vec<Colour>,
}

/// How the colours of each pair are chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColourRule {
    /// Furigoma, drawn from this seed (the same seed gives the same colours).
    Furigoma {
        /// The seed of the draw.
        seed: u64,
    },
    /// Balanced colours, furigoma from this seed where history does not decide.
    Balanced {
        /// The seed of the draw for ties.
        seed: u64,
    },
}

/// One game of the round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pair {
    /// The player with sente.
    pub sente: PlayerId,
    /// The player with gote.
    pub gote: PlayerId,
}

/// The pairing of one round.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SwissRound {
    /// The games, top board first (highest score, then rating).
    pub pairs: Vec<Pair>,
    /// The player with the bye, in an odd field.
    pub bye: Option<PlayerId>,
}

/// Why a round cannot be paired.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SwissError {
    /// Two players share an id.
    #[error("player id {0} appears twice in the field")]
    DuplicateId(PlayerId),
    /// The field is odd and every player has had a bye.
    #[error("the field is odd and every one of its {0} players has already had a bye")]
    NoByeCandidate(usize),
    /// The field is too large for the weights to fit in 64 bits.
    #[error("a field of {0} players is too large to pair")]
    FieldTooLarge(usize),
    /// The matching found no pairing (cannot happen with a bye candidate; kept for safety).
    #[error("no pairing of the round exists: {0}")]
    Matching(#[from] MatchingError),
}

/// The weight units of the cost parts above strength, see the module documentation.
struct Units {
    float: i64,
    bye: i64,
    repeat: i64,
}

impl Units {
    fn new(n: usize, groups: usize) -> Option<Units> {
        let n = i64::try_from(n).ok()?;
        let g = i64::try_from(groups).ok()?;
        let pairs = (n + 1) / 2;
        let float = pairs.checked_mul(n)?.checked_add(1)?;
        let widest = (g - 1).max(0).checked_pow(2)?;
        let bye = float.checked_mul(pairs.checked_mul(widest)?.checked_add(1)?)?;
        let repeat = bye.checked_mul(g.max(1))?;
        let largest = repeat
            .checked_add(float.checked_mul(widest)?)?
            .checked_add(n)?;
        (largest <= 1 << 60).then_some(Units { float, bye, repeat })
    }
}

/// Pairs one round of a Swiss or McMahon tournament; see the module documentation for the
/// rules and their weights.
pub fn pair_round(players: &[SwissPlayer], colours: ColourRule) -> Result<SwissRound, SwissError> {
    let n = players.len();
    let mut ids: Vec<PlayerId> = players.iter().map(|p| p.id).collect();
    ids.sort_unstable();
    if let Some(w) = ids.windows(2).find(|w| w[0] == w[1]) {
        return Err(SwissError::DuplicateId(w[0]));
    }
    if n == 0 {
        return Ok(SwissRound::default());
    }
    if n % 2 == 1 && players.iter().all(|p| p.had_bye) {
        return Err(SwissError::NoByeCandidate(n));
    }
    // Score groups, highest first, and each player's place in its group by rating.
    let mut scores: Vec<u32> = players.iter().map(|p| p.score).collect();
    scores.sort_unstable_by(|a, b| b.cmp(a));
    scores.dedup();
    let group: Vec<usize> = players
        .iter()
        .map(|p| scores.iter().position(|&s| s == p.score).unwrap_or(0))
        .collect();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| (group[i], -i64::from(players[i].rating), players[i].id));
    let mut place = vec![0usize; n];
    let mut size = vec![0usize; scores.len()];
    for &i in &order {
        place[i] = size[group[i]];
        size[group[i]] += 1;
    }
    let units = Units::new(n, scores.len()).ok_or(SwissError::FieldTooLarge(n))?;

    let vertices = n + n % 2;
    let mut costs = Costs::new(vertices);
    for i in 0..n {
        for j in i + 1..n {
            let met =
                players[i].met.contains(&players[j].id) || players[j].met.contains(&players[i].id);
            let distance = group[i].abs_diff(group[j]) as i64;
            let strength = if distance == 0 {
                let half = size[group[i]] / 2;
                place[i].abs_diff(place[j]).abs_diff(half) as i64
            } else {
                0
            };
            let cost = i64::from(met) * units.repeat + distance * distance * units.float + strength;
            costs.set(i, j, cost)?;
        }
    }
    if n % 2 == 1 {
        for i in (0..n).filter(|&i| !players[i].had_bye) {
            let below = (scores.len() - 1 - group[i]) as i64;
            let rated_below = (size[group[i]] - 1 - place[i]) as i64;
            costs.set(i, n, below * units.bye + rated_below)?;
        }
    }
    let mates = min_cost_perfect_matching(&costs)?;

    let mut round = SwissRound::default();
    let mut games = Vec::new();
    for (i, &m) in mates.iter().enumerate().take(n) {
        if m == n {
            round.bye = Some(players[i].id);
        } else if m > i {
            games.push((i, m));
        }
    }
    games.sort_by_key(|&(i, j)| {
        let top = |k: usize| (players[k].score, players[k].rating);
        std::cmp::Reverse(top(i).max(top(j)))
    });
    round.pairs = games
        .into_iter()
        .map(|(i, j)| colour_pair(&players[i], &players[j], colours))
        .collect();
    Ok(round)
}

/// Sente and gote for two players under the colour rule.
fn colour_pair(a: &SwissPlayer, b: &SwissPlayer, rule: ColourRule) -> Pair {
    let a_sente = Pair {
        sente: a.id,
        gote: b.id,
    };
    let b_sente = Pair {
        sente: b.id,
        gote: a.id,
    };
    let seed = match rule {
        ColourRule::Furigoma { seed } => seed,
        ColourRule::Balanced { seed } => {
            let balance = |p: &SwissPlayer| {
                p.colours
                    .iter()
                    .map(|&c| if c == Colour::Sente { 1i64 } else { -1 })
                    .sum::<i64>()
            };
            match balance(a).cmp(&balance(b)) {
                std::cmp::Ordering::Less => return a_sente,
                std::cmp::Ordering::Greater => return b_sente,
                std::cmp::Ordering::Equal => {}
            }
            match (a.colours.last(), b.colours.last()) {
                (Some(Colour::Gote), Some(Colour::Sente)) => return a_sente,
                (Some(Colour::Sente), Some(Colour::Gote)) => return b_sente,
                _ => {}
            }
            seed
        }
    };
    // Furigoma: a coin from the seed and the two ids, whatever their order.
    let (low, high) = (a.id.min(b.id), a.id.max(b.id));
    let coin = splitmix64(seed ^ (u64::from(low) << 32 | u64::from(high))) & 1 == 1;
    if coin == (a.id == low) {
        a_sente
    } else {
        b_sente
    }
}

/// SplitMix64 (Steele, Lea and Flood, 2014): one well-mixed 64-bit value from another.
fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
