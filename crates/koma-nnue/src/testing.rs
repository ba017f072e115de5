//! Random games for the unit tests.

use koma_rules::rng::SplitMix64;
use koma_rules::variants::Shogi;
use koma_rules::{Move, MoveKind, Position};

/// Plays `games` games of up to `plies` random legal moves from the start, calling `visit`
/// with each position and the move about to be played from it.
pub fn random_walk(
    seed: u64,
    games: usize,
    plies: usize,
    mut visit: impl FnMut(&Position<Shogi>, Move),
) {
    let mut rng = SplitMix64::new(seed);
    for _ in 0..games {
        let mut pos = Position::<Shogi>::startpos();
        for _ in 0..plies {
            let moves = pos.moves(MoveKind::Legal);
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len() as u64) as usize];
            visit(&pos, m);
            pos.play_unchecked(m);
        }
    }
}
