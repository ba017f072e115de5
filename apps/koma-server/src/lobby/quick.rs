//! Quick pairing: who waits, and which two waiting players meet. The idea is lishogi's pool
//! (modules/pool, `MatchMaking`): two players meet when their ratings are close, and the
//! gap allowed grows with the time waited, so that nobody waits for ever in a thin pool.
//! koma's numbers: a window of ±[`BASE_WINDOW`] at once, [`WIDENING`] more for every
//! [`WAVE`] both players have waited (lishogi gives 12 points per missed pairing wave),
//! up to [`MAX_WIDENING`] more (lishogi's cap on that bonus, 460).

use std::time::Duration;

/// The rating gap two players may have at once.
pub const BASE_WINDOW: i64 = 200;
/// How much the gap grows every [`WAVE`] waited.
pub const WIDENING: i64 = 12;
/// How often the window grows.
pub const WAVE: Duration = Duration::from_secs(2);
/// The most the gap grows.
pub const MAX_WIDENING: i64 = 460;

/// The rating gap allowed between two players who have both waited at least `waited`.
pub fn window(waited: Duration) -> i64 {
    let waves = i64::try_from(waited.as_millis() / WAVE.as_millis()).unwrap_or(i64::MAX);
    BASE_WINDOW + waves.saturating_mul(WIDENING).min(MAX_WIDENING)
}

/// A player waiting, as the matching sees him.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Member {
    /// His rating in the pool.
    pub rating: i64,
    /// How long he has waited.
    pub waited: Duration,
}

/// Which of `members` (all of one pool) meet: pairs of indices, the closest ratings first,
/// each pair inside the window of the shorter wait of the two; nobody twice.
pub fn pairs(members: &[Member]) -> Vec<(usize, usize)> {
    let mut candidates: Vec<(i64, usize, usize)> = Vec::new();
    for (i, a) in members.iter().enumerate() {
        for (j, b) in members.iter().enumerate().skip(i + 1) {
            let gap = (a.rating - b.rating).abs();
            if gap <= window(a.waited.min(b.waited)) {
                candidates.push((gap, i, j));
            }
        }
    }
    candidates.sort_unstable();
    let mut taken = vec![false; members.len()];
    let mut out = Vec::new();
    for (_, i, j) in candidates {
        if !taken[i] && !taken[j] {
            taken[i] = true;
            taken[j] = true;
            out.push((i, j));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(rating: i64, secs: u64) -> Member {
        Member {
            rating,
            waited: Duration::from_secs(secs),
        }
    }

    #[test]
    fn the_window_widens_with_waiting() {
        assert_eq!(window(Duration::ZERO), 200);
        assert_eq!(window(Duration::from_secs(10)), 260);
        assert_eq!(window(Duration::from_secs(3600)), 660);
    }

    #[test]
    fn the_closest_meet_and_far_ones_wait() {
        // 1500 and 1650 meet at once; 2150 is too far from 1900 until both waited.
        let now = [
            member(1500, 0),
            member(2150, 0),
            member(1650, 0),
            member(1900, 0),
        ];
        assert_eq!(pairs(&now), vec![(0, 2)]);
        let later = [member(2150, 20), member(1900, 20)];
        assert_eq!(pairs(&later), vec![(0, 1)]);
        let far = [member(1000, 60), member(1450, 2)];
        assert!(pairs(&far).is_empty());
        let far = [member(1000, 60), member(1450, 60)];
        assert_eq!(pairs(&far), vec![(0, 1)]);
    }
}
