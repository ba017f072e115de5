//! Who sits at each seat of the games: the connections open to a game for a seat (the game's
//! WebSocket with the seat, lishogi's game stream of the seat's account), and since when a
//! seat has had none. A player gone long enough ([`crate::Settings::gone_after`]) lets his
//! opponent claim the win (lishogi's `opponentGone` and `claim-victory`; see
//! [`crate::lishogi::claim`]).
//!
//! Each server knows the connections it serves: with servers sharing a database, a player
//! connected to another server counts as gone here.

use koma_rules::Color;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a seat without connections is remembered: longer gone, it counts as gone since
/// the game came into memory, which is earlier still.
const FORGET: Duration = Duration::from_secs(3600);

/// One seat's connections here.
#[derive(Clone, Copy, Debug, Default)]
struct Seat {
    /// How many are open.
    open: usize,
    /// When the last one closed, once one has.
    left: Option<Instant>,
}

type Seats = Arc<Mutex<HashMap<String, [Seat; 2]>>>;

/// The seats' connections, by game id.
#[derive(Default)]
pub struct Presence {
    seats: Seats,
}

/// One open connection of a seat, counted until dropped.
pub struct Here {
    seats: Seats,
    game: String,
    seat: Color,
}

impl Drop for Here {
    fn drop(&mut self) {
        let mut seats = lock(&self.seats);
        if let Some(pair) = seats.get_mut(&self.game) {
            let seat = &mut pair[self.seat.index()];
            seat.open = seat.open.saturating_sub(1);
            if seat.open == 0 {
                seat.left = Some(Instant::now());
            }
        }
    }
}

fn lock(seats: &Seats) -> std::sync::MutexGuard<'_, HashMap<String, [Seat; 2]>> {
    seats.lock().unwrap_or_else(|e| e.into_inner())
}

impl Presence {
    /// A connection of `seat` to `game` opens: the seat is here until it is dropped.
    pub fn arrive(&self, game: &str, seat: Color) -> Here {
        let mut seats = lock(&self.seats);
        seats.retain(|_, pair| {
            pair.iter()
                .any(|s| s.open > 0 || s.left.is_some_and(|t| t.elapsed() < FORGET))
        });
        seats.entry(game.to_string()).or_default()[seat.index()].open += 1;
        Here {
            seats: Arc::clone(&self.seats),
            game: game.to_string(),
            seat,
        }
    }

    /// How long `seat` of `game` has had no connection here: `None` while one is open; since
    /// `loaded` (when the game came into this server's memory) if it never had one here.
    pub fn absent_for(&self, game: &str, seat: Color, loaded: Instant) -> Option<Duration> {
        let seats = lock(&self.seats);
        let since = match seats.get(game).map(|pair| pair[seat.index()]) {
            Some(s) if s.open > 0 => return None,
            Some(Seat { left: Some(t), .. }) => t,
            _ => loaded,
        };
        Some(since.elapsed())
    }
}

/// Why a claim of victory is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoClaim {
    /// The opponent has a connection to the game open.
    #[error("your opponent is connected to the game")]
    OpponentHere,
    /// The opponent left `gone_s` seconds ago; the win may be claimed after `after_s`.
    #[error("your opponent left {gone_s} s ago: the win may be claimed once gone {after_s} s")]
    TooSoon {
        /// Seconds since the opponent's last connection closed.
        gone_s: u64,
        /// Seconds gone after which the win may be claimed.
        after_s: u64,
    },
    /// It is the claimer's own move.
    #[error("it is your move: the win is claimed while your opponent is to move")]
    YourMove,
    /// Not both sides have moved yet.
    #[error("both sides have not moved yet: abort the game instead")]
    NotBothMoved,
    /// A game without a clock, which waits for its players as long as they like.
    #[error("a game without a clock waits for its players: no win is claimed in it")]
    NoClock,
    /// A game against the engine, which never leaves.
    #[error("the engine never leaves its games: no win is claimed against it")]
    Engine,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_is_gone_once_its_last_connection_closes() {
        let presence = Presence::default();
        let loaded = Instant::now() - Duration::from_secs(100);
        // Never here: gone since the game was loaded.
        let never = presence.absent_for("g", Color::White, loaded).unwrap();
        assert!(never >= Duration::from_secs(100), "{never:?}");
        let first = presence.arrive("g", Color::Black);
        let second = presence.arrive("g", Color::Black);
        assert_eq!(presence.absent_for("g", Color::Black, loaded), None);
        drop(first);
        assert_eq!(presence.absent_for("g", Color::Black, loaded), None);
        drop(second);
        let gone = presence.absent_for("g", Color::Black, loaded).unwrap();
        assert!(gone < Duration::from_secs(5), "{gone:?}");
        // Back again: here.
        let _back = presence.arrive("g", Color::Black);
        assert_eq!(presence.absent_for("g", Color::Black, loaded), None);
        // Another game's seats are its own.
        assert!(presence.absent_for("h", Color::Black, loaded).is_some());
    }
}
