//! The server's settings: the limits that keep one client from taking the server down, each
//! with a default that `koma serve` can change by a flag.
//!
//! One struct for every setting, so that `koma serve` builds it once and the server reads
//! its part of it where it needs it.

use crate::rates::Limits;
use std::time::Duration;

/// How the server is run: its limits and time-outs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// How many engine searches run at once (a game's turn or a review's position), each
    /// on a thread of its own. Default: the machine's cores.
    pub searches: usize,
    /// The engine's transposition tables in all, in MiB, split evenly among the searches.
    /// Default [`DEFAULT_HASH_MB`].
    pub hash_mb: usize,
    /// How many engine turns may wait for a search; while as many wait, new games against
    /// the engine are refused (503). Default: 4 per search.
    pub engine_queue: usize,
    /// How many undecided games against the engine the server holds; more are refused
    /// (503). Default: 8 per search.
    pub max_engine_games: usize,
    /// How many undecided games against the engine one client may hold, counted per IP
    /// address and per account; more are refused (429). Default: one per search, at least
    /// two, so that it takes eight clients to fill [`Settings::max_engine_games`].
    pub engine_games_per_client: usize,
    /// How long a game against the engine whose person does not move keeps its place among
    /// the engine's games; then it no longer counts for the limits above until the person
    /// moves again. Default [`DEFAULT_ENGINE_SLOT_IDLE`].
    pub engine_slot_idle: Duration,
    /// How many reviews may wait or run in all; more are refused (503). Default
    /// [`DEFAULT_REVIEW_QUEUE`].
    pub review_queue: usize,
    /// How many reviews one client (IP address) may have waiting or running; more are
    /// refused (429). Default [`DEFAULT_REVIEWS_PER_CLIENT`].
    pub reviews_per_client: usize,
    /// The engine's time for a whole review: the time per position is cut so that the
    /// positions together take at most this. Default [`DEFAULT_REVIEW_TIME`].
    pub review_time: Duration,
    /// How long an invitation waits for the other player; then the game is aborted.
    /// Default [`DEFAULT_INVITATION_TTL`].
    pub invitation_ttl: Duration,
    /// How long a started game between people waits for each side's first move (the
    /// first move after the start, the second after the first); then the game is aborted.
    /// Games against the engine do not have it (see `engine_idle_ttl`). Default
    /// [`DEFAULT_FIRST_MOVE_TTL`].
    pub first_move_ttl: Duration,
    /// How long a game against the engine without a clock waits for the person's move:
    /// then it is aborted if the person never moved, else the person loses by
    /// abandonment (a clock ends such a game by time). Default [`DEFAULT_ENGINE_IDLE_TTL`].
    pub engine_idle_ttl: Duration,
    /// How long a decided game stays in memory for its watchers; then it is read from the
    /// store again when asked for. Default [`DEFAULT_KEEP_DECIDED`].
    pub keep_decided: Duration,
    /// How long a challenge of lishogi's API waits for an answer (refreshed while its
    /// creator keeps its stream open); then it is gone. Default [`DEFAULT_CHALLENGE_TTL`].
    pub challenge_ttl: Duration,
    /// How long a player of a game between people with a clock may be gone (no connection
    /// to the game open: its WebSocket, lishogi's game stream) before his opponent may claim
    /// the win, while it is his move. Default [`DEFAULT_GONE_AFTER`].
    pub gone_after: Duration,
    /// How long a seek or a quick pairing waits in the lobby for an opponent; then it is
    /// removed. Default [`DEFAULT_SEEK_TTL`].
    pub seek_ttl: Duration,
    /// How long a player's seek and quick pairing stay once his last lobby connection
    /// closed (a page closed or gone offline). Default [`DEFAULT_LOBBY_ABSENCE`].
    pub lobby_absence: Duration,
    /// TCP connections served at once in all; beyond, a new one is answered 503 and
    /// closed. `None` (the default): seven eighths of the limit on open files, which the
    /// server raises to its hard limit at start, and at most 50,000.
    pub max_connections: Option<usize>,
    /// WebSockets and ND-JSON streams open at once in all; beyond, 503. Default
    /// [`DEFAULT_MAX_STREAMS`] (never more than the connections).
    pub max_streams: usize,
    /// The longest wait for a request's head: the first one on a new connection and each
    /// next one on a kept-alive connection (an idle connection closes then). Default
    /// [`DEFAULT_HEAD_TIMEOUT`].
    pub head_timeout: Duration,
    /// The limits per client (requests, new games, reviews, records, connections) and on
    /// request bodies.
    pub limits: Limits,
}

/// The default of [`Settings::max_streams`].
pub const DEFAULT_MAX_STREAMS: usize = 16_384;
/// The default of [`Settings::head_timeout`]: fifteen seconds.
pub const DEFAULT_HEAD_TIMEOUT: Duration = Duration::from_secs(15);

/// The default of [`Settings::hash_mb`]: 256 MiB for every table together.
pub const DEFAULT_HASH_MB: usize = 256;
/// The default of [`Settings::engine_slot_idle`]: two minutes.
pub const DEFAULT_ENGINE_SLOT_IDLE: Duration = Duration::from_secs(120);
/// The default of [`Settings::review_queue`].
pub const DEFAULT_REVIEW_QUEUE: usize = 32;
/// The default of [`Settings::reviews_per_client`].
pub const DEFAULT_REVIEWS_PER_CLIENT: usize = 2;
/// The default of [`Settings::review_time`]: ten minutes of engine time.
pub const DEFAULT_REVIEW_TIME: Duration = Duration::from_secs(600);
/// The default of [`Settings::challenge_ttl`]: twenty seconds, as lishogi's API lets a
/// challenge live without its `keepAliveStream`.
pub const DEFAULT_CHALLENGE_TTL: Duration = Duration::from_secs(20);

/// The default of [`Settings::invitation_ttl`]: twenty minutes, as lishogi keeps a
/// real-time challenge open.
pub const DEFAULT_INVITATION_TTL: Duration = Duration::from_secs(20 * 60);
/// The default of [`Settings::first_move_ttl`]: lishogi aborts a game whose player does
/// not make a first move within about half a minute; koma gives a person two minutes,
/// since a game by invitation link starts while the friend may still be reading it.
pub const DEFAULT_FIRST_MOVE_TTL: Duration = Duration::from_secs(120);
/// The default of [`Settings::engine_idle_ttl`]: an hour.
pub const DEFAULT_ENGINE_IDLE_TTL: Duration = Duration::from_secs(3600);
/// The default of [`Settings::keep_decided`]: ten minutes.
pub const DEFAULT_KEEP_DECIDED: Duration = Duration::from_secs(600);

/// The default of [`Settings::gone_after`]: forty seconds, lishogi's `disconnectTimeout`
/// for a real-time game.
pub const DEFAULT_GONE_AFTER: Duration = Duration::from_secs(40);

/// The default of [`Settings::seek_ttl`]: ten minutes.
pub const DEFAULT_SEEK_TTL: Duration = Duration::from_secs(600);
/// The default of [`Settings::lobby_absence`]: twenty seconds, time for a page to reload
/// and reconnect.
pub const DEFAULT_LOBBY_ABSENCE: Duration = Duration::from_secs(20);

impl Default for Settings {
    fn default() -> Settings {
        Settings::for_searches(std::thread::available_parallelism().map_or(1, |n| n.get()))
    }
}

impl Settings {
    /// The defaults for `searches` searches at once: the engine's queue and its most games
    /// grow with them.
    pub fn for_searches(searches: usize) -> Settings {
        Settings {
            searches,
            hash_mb: DEFAULT_HASH_MB,
            engine_queue: 4 * searches,
            max_engine_games: 8 * searches,
            engine_games_per_client: searches.max(2),
            engine_slot_idle: DEFAULT_ENGINE_SLOT_IDLE,
            review_queue: DEFAULT_REVIEW_QUEUE,
            reviews_per_client: DEFAULT_REVIEWS_PER_CLIENT,
            review_time: DEFAULT_REVIEW_TIME,
            invitation_ttl: DEFAULT_INVITATION_TTL,
            challenge_ttl: DEFAULT_CHALLENGE_TTL,
            first_move_ttl: DEFAULT_FIRST_MOVE_TTL,
            engine_idle_ttl: DEFAULT_ENGINE_IDLE_TTL,
            keep_decided: DEFAULT_KEEP_DECIDED,
            gone_after: DEFAULT_GONE_AFTER,
            seek_ttl: DEFAULT_SEEK_TTL,
            lobby_absence: DEFAULT_LOBBY_ABSENCE,
            max_connections: None,
            max_streams: DEFAULT_MAX_STREAMS,
            head_timeout: DEFAULT_HEAD_TIMEOUT,
            limits: Limits::default(),
        }
    }

    /// The settings with every count at least 1 (a count of 0 would refuse everything or
    /// split the tables by zero).
    pub fn sane(mut self) -> Settings {
        for n in [
            &mut self.searches,
            &mut self.hash_mb,
            &mut self.engine_queue,
            &mut self.max_engine_games,
            &mut self.engine_games_per_client,
            &mut self.review_queue,
            &mut self.reviews_per_client,
            &mut self.max_streams,
        ] {
            *n = (*n).max(1);
        }
        self
    }

    /// The transposition table of each search, in MiB (at least 1).
    pub fn hash_mb_per_search(&self) -> usize {
        (self.hash_mb / self.searches.max(1)).max(1)
    }

    /// How many reviews are analysed at once: half the searches (at least one), so that
    /// reviews never take every search from the games.
    pub fn review_workers(&self) -> usize {
        (self.searches / 2).max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_are_split_and_counts_kept_positive() {
        let s = Settings {
            searches: 0,
            hash_mb: 256,
            engine_queue: 0,
            ..Settings::default()
        }
        .sane();
        assert_eq!((s.searches, s.engine_queue), (1, 1));
        assert_eq!(s.hash_mb_per_search(), 256);
        let four = Settings { searches: 4, ..s };
        assert_eq!((four.hash_mb_per_search(), four.review_workers()), (64, 2));
        let tiny = Settings { hash_mb: 2, ..four };
        assert_eq!(tiny.hash_mb_per_search(), 1);
    }
}
