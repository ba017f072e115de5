//! Who sits at each seat of the games: the connections open to a game for a seat (the game's
//! WebSocket with the seat, lishogi's game stream of the seat's account), and since when a
//! seat has had none. A player gone long enough ([`crate::Settings::gone_after`]) lets his
//! opponent claim the win (lishogi's `opponentGone` and `claim-victory`; see
//! [`crate::lishogi::claim`]).
//!
//! Each server knows the connections it serves. With servers sharing a database, each also
//! writes when a seat's connections here go from none to one and back
//! ([`koma_store::Store::note_seat`], the latest state of each seat, on a thread of its
//! own), so that a claim on one server sees a player connected to another
//! ([`koma_store::Store::seat_elsewhere`]).

use koma_rules::Color;
use koma_store::{GameId, Store};
use std::collections::HashMap;
use std::sync::{Arc, Condvar, Mutex};
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

/// The seats whose connections here changed since last written: whether each has one now
/// (only the latest counts, so the list holds at most one entry a seat however fast a
/// client opens and closes its connections), and whether the presence is gone.
#[derive(Default)]
struct Pending {
    state: Mutex<Changes>,
    changed: Condvar,
}

/// Each changed seat's latest state (by game id and seat), and whether the presence is gone.
type Changes = (HashMap<(String, Color), bool>, bool);

impl Pending {
    fn lock(&self) -> std::sync::MutexGuard<'_, Changes> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Writes the changes to `store` as they come, until the presence is gone.
    fn write(&self, store: &dyn Store) {
        loop {
            let changes = {
                let mut state = self.lock();
                while state.0.is_empty() && !state.1 {
                    state = self.changed.wait(state).unwrap_or_else(|e| e.into_inner());
                }
                if state.0.is_empty() {
                    return;
                }
                std::mem::take(&mut state.0)
            };
            for ((game, seat), here) in changes {
                if let Err(e) = store.note_seat(&GameId::new(&game), seat, here) {
                    eprintln!("koma serve: game {game}: telling where {seat:?} is: {e}");
                }
            }
        }
    }
}

/// The seats and where their changes are told.
#[derive(Default)]
struct Inner {
    /// Each game's seats, by game id.
    seats: Mutex<HashMap<String, [Seat; 2]>>,
    /// The changes to write, where servers share the database.
    tell: Option<Arc<Pending>>,
}

impl Inner {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, [Seat; 2]>> {
        self.seats.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Tells that `seat` of `game` has a connection here now (`here`) or none.
    fn tell(&self, game: &str, seat: Color, here: bool) {
        if let Some(pending) = &self.tell {
            pending.lock().0.insert((game.to_string(), seat), here);
            pending.changed.notify_one();
        }
    }
}

impl Drop for Inner {
    /// The writer writes what is left, then ends.
    fn drop(&mut self) {
        if let Some(pending) = &self.tell {
            pending.lock().1 = true;
            pending.changed.notify_one();
        }
    }
}

/// The seats' connections, by game id.
#[derive(Default)]
pub struct Presence {
    inner: Arc<Inner>,
}

/// One open connection of a seat, counted until dropped.
pub struct Here {
    inner: Arc<Inner>,
    game: String,
    seat: Color,
}

impl Drop for Here {
    fn drop(&mut self) {
        let mut seats = self.inner.lock();
        if let Some(pair) = seats.get_mut(&self.game) {
            let seat = &mut pair[self.seat.index()];
            seat.open = seat.open.saturating_sub(1);
            if seat.open == 0 {
                seat.left = Some(Instant::now());
                self.inner.tell(&self.game, self.seat, false);
            }
        }
    }
}

impl Presence {
    /// The seats of a server whose `store` other servers may share: each change is written
    /// to it by a thread of its own (which ends with the presence).
    pub fn shared(store: Arc<dyn Store>) -> Presence {
        let pending = Arc::new(Pending::default());
        let writer = Arc::clone(&pending);
        let started = std::thread::Builder::new()
            .name("koma-presence".to_string())
            .spawn(move || writer.write(store.as_ref()));
        if let Err(e) = started {
            eprintln!("koma serve: cannot tell the other servers who is connected: {e}");
            return Presence::default();
        }
        Presence {
            inner: Arc::new(Inner {
                seats: Mutex::default(),
                tell: Some(pending),
            }),
        }
    }

    /// Whether other servers are told of the seats here (and tell theirs).
    pub fn is_shared(&self) -> bool {
        self.inner.tell.is_some()
    }

    /// A connection of `seat` to `game` opens: the seat is here until it is dropped.
    pub fn arrive(&self, game: &str, seat: Color) -> Here {
        let mut seats = self.inner.lock();
        seats.retain(|_, pair| {
            pair.iter()
                .any(|s| s.open > 0 || s.left.is_some_and(|t| t.elapsed() < FORGET))
        });
        let open = &mut seats.entry(game.to_string()).or_default()[seat.index()].open;
        *open += 1;
        if *open == 1 {
            self.inner.tell(game, seat, true);
        }
        Here {
            inner: Arc::clone(&self.inner),
            game: game.to_string(),
            seat,
        }
    }

    /// How long `seat` of `game` has had no connection here: `None` while one is open; since
    /// `loaded` (when the game came into this server's memory) if it never had one here.
    pub fn absent_for(&self, game: &str, seat: Color, loaded: Instant) -> Option<Duration> {
        let seats = self.inner.lock();
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
    /// A correspondence game, whose players come back within their days per move.
    #[error("a correspondence game waits days for each move: its clock decides, not who is here")]
    Correspondence,
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
