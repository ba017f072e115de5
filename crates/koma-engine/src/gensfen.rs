//! Training data: the engine plays itself from book openings and random moves at a fixed
//! node budget, on every core, and keeps quiet positions with the search's score and the
//! game's result as YaneuraOu's PackedSfenValue records ([`koma_nnue::packed`]).
//!
//! Game `g` is played from the seed and `g` alone (its own random numbers, a cleared
//! table), so a game's positions do not depend on the thread that played it; the order of
//! the games in the file does.

use crate::search::{Limits, PastPosition, Score, Searcher};
use koma_game::matches::Opening;
use koma_game::{Game, RuleSet};
use koma_nnue::network::Network;
use koma_nnue::packed::{self, PackedSfenValue, RECORD_BYTES};
use koma_rules::rng::SplitMix64;
use koma_rules::variants::Shogi;
use koma_rules::{Color, MoveKind, Position};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How the data is generated.
#[derive(Clone, Debug)]
pub struct GenConfig {
    /// The openings (each game starts from one, drawn at random).
    pub openings: Vec<Opening>,
    /// Search threads, each playing its own games.
    pub threads: usize,
    /// The node budget of each search.
    pub nodes: u64,
    /// A depth limit of each search, if any.
    pub depth: Option<u32>,
    /// At most this many random moves are played after the opening (uniformly 0..=n).
    pub random_plies: u32,
    /// A game is drawn after this many moves.
    pub max_plies: u32,
    /// A game is adjudicated won once a search scores this much (centipawns).
    pub resign_score: i32,
    /// Positions scored beyond this are not kept.
    pub keep_score: i32,
    /// Stop after this many positions are written.
    pub positions: u64,
    /// Stop after this time, if set.
    pub time_limit: Option<Duration>,
    /// The seed of every game's random numbers.
    pub seed: u64,
    /// Each thread's table, in megabytes.
    pub hash_mb: usize,
    /// The searches' evaluation: a learned net, or `None` for the hand-written one
    /// (explicit, so the data does not change with the engine's default).
    pub net: Option<Arc<Network>>,
}

/// What a run produced.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GenStats {
    /// Positions written.
    pub positions: u64,
    /// Games finished.
    pub games: u64,
    /// Positions searched (kept or not).
    pub searched: u64,
    /// Nodes searched.
    pub nodes: u64,
}

/// Why generation stopped early.
#[derive(Debug, thiserror::Error)]
pub enum GenError {
    /// Writing the records failed.
    #[error("writing the training data: {0}")]
    Io(#[from] std::io::Error),
    /// No opening starts a game.
    #[error("no opening starts a shogi game")]
    NoOpening,
}

/// One kept position, before the game's end is known.
struct Kept {
    sfen: [u8; 32],
    score: i16,
    move16: u16,
    ply: u16,
    side: Color,
}

/// Plays games until `config.positions` records are written to `out` or the time is up;
/// `progress` hears the totals after every game.
pub fn generate(
    config: &GenConfig,
    out: &mut (dyn Write + Send),
    progress: &(dyn Fn(&GenStats) + Sync),
) -> Result<GenStats, GenError> {
    if config.openings.is_empty() {
        return Err(GenError::NoOpening);
    }
    let started = Instant::now();
    let next_game = AtomicU64::new(0);
    let written = AtomicU64::new(0);
    let done = AtomicBool::new(false);
    let shared = Mutex::new((out, GenStats::default(), None::<std::io::Error>));
    std::thread::scope(|scope| {
        for _ in 0..config.threads.max(1) {
            scope.spawn(|| {
                let mut searcher = Searcher::new(config.hash_mb);
                searcher.set_net(config.net.clone());
                while !done.load(Ordering::Relaxed) {
                    let g = next_game.fetch_add(1, Ordering::Relaxed);
                    let Some((records, nodes, searched)) =
                        play_game(config, g, &mut searcher, &done)
                    else {
                        continue;
                    };
                    let mut guard = shared.lock().unwrap_or_else(|e| e.into_inner());
                    let (out, stats, error) = &mut *guard;
                    if error.is_some() {
                        done.store(true, Ordering::Relaxed);
                        break;
                    }
                    let room = config
                        .positions
                        .saturating_sub(written.load(Ordering::Relaxed));
                    let take = records.len().min(room as usize);
                    let mut bytes = Vec::with_capacity(take * RECORD_BYTES);
                    for r in &records[..take] {
                        bytes.extend_from_slice(&r.to_bytes());
                    }
                    if let Err(e) = out.write_all(&bytes) {
                        *error = Some(e);
                        done.store(true, Ordering::Relaxed);
                        break;
                    }
                    let total = written.fetch_add(take as u64, Ordering::Relaxed) + take as u64;
                    stats.positions = total;
                    stats.games += 1;
                    stats.nodes += nodes;
                    stats.searched += searched;
                    progress(stats);
                    let out_of_time = config.time_limit.is_some_and(|t| started.elapsed() >= t);
                    if total >= config.positions || out_of_time {
                        done.store(true, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    let (out, stats, error) = shared.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some(e) = error {
        return Err(e.into());
    }
    out.flush()?;
    Ok(stats)
}

/// Plays game `g`: its records, nodes and searched positions; `None` when its opening
/// cannot start a game or generation stopped during it.
fn play_game(
    config: &GenConfig,
    g: u64,
    searcher: &mut Searcher,
    done: &AtomicBool,
) -> Option<(Vec<PackedSfenValue>, u64, u64)> {
    let mut rng = SplitMix64::new(config.seed ^ g.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let opening = &config.openings[(rng.next_u64() % config.openings.len() as u64) as usize];
    let rules = RuleSet::CSA.with_max_plies(Some(config.max_plies));
    let mut game: Game<Shogi> = opening.game(rules).ok()?;
    let randoms = rng.next_u64() % (u64::from(config.random_plies) + 1);
    for _ in 0..randoms {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[(rng.next_u64() % moves.len() as u64) as usize];
        if game.play(m).ok()?.is_some() {
            // A random move that ends the game teaches nothing: start another.
            return None;
        }
    }
    searcher.clear();
    let limits = Limits {
        nodes: Some(config.nodes),
        depth: config.depth,
        ..Limits::default()
    };
    let never = AtomicBool::new(false);
    let mut history: Vec<PastPosition> = (0..game.moves().len())
        .map(|i| PastPosition::of(&game.position_after(i)))
        .collect();
    let mut kept: Vec<Kept> = Vec::new();
    let (mut nodes, mut searched) = (0, 0);
    let winner = loop {
        if done.load(Ordering::Relaxed) {
            return None;
        }
        let pos = *game.position();
        history.push(PastPosition::of(&pos));
        let result = searcher.search(&pos, &history, &limits, &never, &mut |_| {});
        nodes += result.nodes;
        searched += 1;
        let Some(best) = result.best else {
            break game.outcome().and_then(|o| o.winner);
        };
        let cp = match result.score {
            Score::Cp(cp) => cp,
            Score::Mate(n) if n > 0 => i32::from(i16::MAX),
            Score::Mate(_) => -i32::from(i16::MAX),
        };
        if cp.abs() >= config.resign_score {
            let us = pos.side_to_move();
            break Some(if cp > 0 { us } else { !us });
        }
        if keep(&pos, best, cp, config.keep_score)
            && let Ok(sfen) = packed::pack(&pos)
        {
            kept.push(Kept {
                sfen,
                score: cp as i16,
                move16: packed::move16(best),
                ply: (game.moves().len() + 1).min(usize::from(u16::MAX)) as u16,
                side: pos.side_to_move(),
            });
        }
        match game.play(best) {
            Ok(None) => {}
            Ok(Some(outcome)) => break outcome.winner,
            Err(_) => return None,
        }
    };
    let records = kept
        .into_iter()
        .map(|k| PackedSfenValue {
            sfen: k.sfen,
            score: k.score,
            move16: k.move16,
            game_ply: k.ply,
            result: match winner {
                None => 0,
                Some(c) if c == k.side => 1,
                Some(_) => -1,
            },
        })
        .collect();
    Some((records, nodes, searched))
}

/// Whether to keep `pos` with best move `best` scored `cp`: not in check, a quiet best
/// move, a score within `limit`.
fn keep(pos: &Position<Shogi>, best: koma_rules::Move, cp: i32, limit: i32) -> bool {
    let capture = best.from().is_some() && pos.piece_at(best.to()).is_some();
    !pos.in_check() && !capture && cp.abs() <= limit && {
        // A position with a single legal move teaches nothing about the evaluation.
        pos.moves(MoveKind::Legal).len() > 1
    }
}
