//! The undecided games against the engine, and who holds each: the client's address and
//! its account. A new game is admitted while the server holds fewer than its most and its
//! creator (by address, and by account when logged in) fewer than a client's share. A game
//! whose person has not moved for [`Settings::engine_slot_idle`] gives its place back (it
//! goes on, and counts again from the person's next move), so that a few clients cannot
//! keep the engine full with games nobody plays.

use crate::error::ApiError;
use crate::settings::Settings;
use koma_store::GameId;
use koma_store::UserId;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

/// Who created a game against the engine.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Creator {
    /// The client's address (none for a game loaded from the store).
    pub address: Option<IpAddr>,
    /// The account, when logged in.
    pub account: Option<UserId>,
}

/// One undecided game against the engine.
#[derive(Clone, Debug)]
struct Held {
    creator: Creator,
    /// When the person last moved (or the game started).
    active: Instant,
}

/// The undecided games against the engine.
#[derive(Default)]
pub struct EngineSeats {
    games: Mutex<HashMap<GameId, Held>>,
}

impl EngineSeats {
    fn games(&self) -> std::sync::MutexGuard<'_, HashMap<GameId, Held>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Admits the game `id` of `creator` under `settings`: refused (429) when its address
    /// or its account holds as many active games as a client may, 503 when the server
    /// does. Games idle longer than [`Settings::engine_slot_idle`] are not counted.
    pub fn admit(
        &self,
        id: &GameId,
        creator: Creator,
        settings: &Settings,
    ) -> Result<(), ApiError> {
        let mut games = self.games();
        let idle = settings.engine_slot_idle;
        let active: Vec<&Held> = games
            .values()
            .filter(|h| h.active.elapsed() < idle)
            .collect();
        let most = settings.engine_games_per_client;
        let held_by =
            |same: &dyn Fn(&Creator) -> bool| active.iter().filter(|h| same(&h.creator)).count();
        if let Some(ip) = creator.address
            && held_by(&|c| c.address == Some(ip)) >= most
        {
            return Err(ApiError::TooManyEngineGames { limit: most });
        }
        if let Some(account) = &creator.account
            && held_by(&|c| c.account.as_ref() == Some(account)) >= most
        {
            return Err(ApiError::TooManyEngineGames { limit: most });
        }
        if active.len() >= settings.max_engine_games {
            return Err(ApiError::EngineGamesFull {
                limit: settings.max_engine_games,
            });
        }
        games.insert(
            id.clone(),
            Held {
                creator,
                active: Instant::now(),
            },
        );
        Ok(())
    }

    /// Counts the game `id`, loaded from the store, if it is not counted yet (its creator
    /// unknown).
    pub fn hold_loaded(&self, id: &GameId) {
        self.games().entry(id.clone()).or_insert(Held {
            creator: Creator::default(),
            active: Instant::now(),
        });
    }

    /// The person of game `id` moved: it counts as active again.
    pub fn touch(&self, id: &GameId) {
        if let Some(held) = self.games().get_mut(id) {
            held.active = Instant::now();
        }
    }

    /// The game `id` is decided (or gone): it no longer counts.
    pub fn release(&self, id: &GameId) {
        self.games().remove(id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn from(ip: &str, account: Option<&str>) -> Creator {
        Creator {
            address: Some(ip.parse().unwrap()),
            account: account.map(Into::into),
        }
    }

    #[test]
    fn each_client_has_its_share_and_idle_games_give_it_back() {
        let settings = Settings {
            max_engine_games: 3,
            engine_games_per_client: 1,
            engine_slot_idle: Duration::from_millis(50),
            ..Settings::for_searches(1)
        };
        let seats = EngineSeats::default();
        seats
            .admit(&GameId::from("a1"), from("192.0.2.1", None), &settings)
            .unwrap();
        let refused = seats.admit(&GameId::from("a2"), from("192.0.2.1", None), &settings);
        assert_eq!(refused.unwrap_err().code(), "too_many");
        // One account over two addresses is one client.
        seats
            .admit(
                &GameId::from("b1"),
                from("192.0.2.2", Some("bob")),
                &settings,
            )
            .unwrap();
        let refused = seats.admit(
            &GameId::from("b2"),
            from("192.0.2.3", Some("bob")),
            &settings,
        );
        assert_eq!(refused.unwrap_err().code(), "too_many");
        seats
            .admit(&GameId::from("c1"), from("192.0.2.4", None), &settings)
            .unwrap();
        let full = seats.admit(&GameId::from("d1"), from("192.0.2.5", None), &settings);
        assert_eq!(full.unwrap_err().code(), "engine_games_full");
        // Nobody moves: the places come back, and a moving game takes its own again.
        std::thread::sleep(Duration::from_millis(60));
        seats.touch(&GameId::from("a1"));
        seats
            .admit(&GameId::from("d1"), from("192.0.2.5", None), &settings)
            .unwrap();
        assert!(
            seats
                .admit(&GameId::from("a2"), from("192.0.2.1", None), &settings)
                .is_err()
        );
        seats.release(&GameId::from("a1"));
        seats
            .admit(&GameId::from("a2"), from("192.0.2.1", None), &settings)
            .unwrap();
    }
}
