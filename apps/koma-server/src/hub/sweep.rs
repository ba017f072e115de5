//! The server's tick and stop: clocks and time-outs checked, quiet games forgotten.

use super::{Hub, Slot};
use koma_store::GameId;
use std::sync::Arc;
use std::sync::atomic::Ordering;

impl Hub {
    /// The server stops: no engine thinks or moves any more.
    pub async fn close(&self) {
        self.closing.store(true, Ordering::SeqCst);
        let slots: Vec<Slot> = self.slots().values().cloned().collect();
        for slot in slots {
            slot.lock().await.stop_thinking();
        }
        // The other servers on the database take its games at once.
        if let Err(e) = self.blocking(|s| s.release_all()).await {
            eprintln!("koma serve: giving the games back: {e}");
        }
    }

    /// Ends the games whose clock ran out and the games nobody played in time (see
    /// [`crate::games::LiveGame::expiry`]), and forgets the games that need no watching (the store keeps
    /// them): decided ones nobody watches and no rematch offer holds, or decided long ago,
    /// and started games without a clock or engine that nobody watches and nobody moved in
    /// for a while.
    pub async fn tick(&self) {
        self.adopt_orphans().await;
        let slots: Vec<(GameId, Slot)> = self
            .slots()
            .iter()
            .map(|(id, s)| (id.clone(), Arc::clone(s)))
            .collect();
        let keep_ms = u64::try_from(self.settings.keep_decided.as_millis()).unwrap_or(u64::MAX);
        for (id, slot) in slots {
            let Ok(mut live) = slot.try_lock() else {
                continue; // a request is working on it and checks the clock itself
            };
            // Another server's game: it watches the clocks; the copy stays for its watchers.
            let held = self.store.holds(&id);
            let now = live.now();
            if held {
                let settled = match live.clock_runs() {
                    true => self.settle_time(&mut live, now).await,
                    false => Ok(()),
                };
                if let Err(e) = settled.and(self.expire(&mut live, now).await) {
                    eprintln!("koma serve: game {id}: {e}");
                }
            }
            // Long enough since `since` and since the game came into memory (a game loaded
            // again for a watcher stays for the time, however old its end).
            let quiet = |since: u64| {
                now.saturating_sub(since) >= keep_ms
                    && live.loaded.elapsed() >= self.settings.keep_decided
            };
            let forget = if live.is_over() {
                // An offer of a rematch stands in memory only: the game stays for it (the
                // offer lapses with the game, once quiet), watched or not.
                (live.watchers() == 0 && live.offers.rematch.is_none())
                    || live.ended_ms.is_none_or(quiet)
            } else if !held {
                live.watchers() == 0
            } else {
                live.started_ms.is_some()
                    && live.game.clock().is_none()
                    && live.stored.engine.is_none()
                    && live.watchers() == 0
                    && quiet(live.last_move_ms)
            };
            if forget && self.forget_if_alone(&id, &slot) {
                drop(live);
                self.store.disown(&id, None);
            }
        }
    }

    /// Takes the game `id` out of memory unless a request has it in hand: one that took
    /// the copy from memory and waits for its lock would change a copy no longer there (a
    /// rematch offer made on it would be lost). Called with the copy locked, so that what
    /// decided to forget it still holds; the next tick tries again.
    fn forget_if_alone(&self, id: &GameId, slot: &Slot) -> bool {
        let mut slots = self.slots();
        // Held only by the map and by the tick's own list.
        let alone =
            Arc::strong_count(slot) == 2 && slots.get(id).is_some_and(|s| Arc::ptr_eq(s, slot));
        if alone {
            slots.remove(id);
        }
        alone
    }
}
