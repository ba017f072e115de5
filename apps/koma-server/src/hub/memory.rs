//! The games in memory: read from the store on demand, each behind its own lock, and
//! which server holds each (its lease, where servers share a database); every write off the
//! async threads.

use super::{Hub, Slot};
use crate::error::ApiError;
use crate::games::{self, LiveGame};
use koma_store::GameId;
use koma_store::{Store, StoreError, StoredGame};
use std::sync::Arc;
use tokio::sync::Mutex;

impl Hub {
    /// Runs a store call off the async threads.
    pub(crate) async fn blocking<T, F>(&self, f: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&dyn Store) -> Result<T, StoreError> + Send + 'static,
    {
        let store = Arc::clone(&self.store);
        tokio::task::spawn_blocking(move || f(store.as_ref()))
            .await
            .unwrap_or_else(|e| Err(koma_store::Unavailable::Worker(e).into()))
    }

    /// Runs a write of the game `id` off the async threads. If its outcome is unknown (the
    /// database went away before it answered: the write may have been committed), this
    /// server's copy is no longer trusted: it leaves memory, and the game is read again.
    pub(crate) async fn write<T, F>(&self, id: &GameId, f: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&dyn Store) -> Result<T, StoreError> + Send + 'static,
    {
        let done = self.blocking(f).await;
        if let Err(e) = &done
            && e.is_transient()
            && self.store.shared()
        {
            // Nobody reads this copy again: its watchers are cut off, and reconnect to the
            // game as stored.
            self.store.disown(id, None);
            self.slots().remove(id);
            self.unsure().insert(id.clone());
        }
        done
    }

    /// Loads the undecided games this server holds (every one, unless other servers share
    /// the database), so that their clocks are watched from the start.
    pub async fn load_unfinished(&self) -> Result<usize, StoreError> {
        let list = self.blocking(|s| s.unfinished_to_hold()).await?;
        for id in &list {
            self.adopt(id).await?;
        }
        Ok(list.len())
    }

    /// Takes the game `id` into memory from the store, its lease held already, or reads a
    /// copy in memory again.
    pub(super) async fn adopt(&self, id: &GameId) -> Result<Option<Slot>, StoreError> {
        let existing = self.slots().get(id).cloned();
        let Some(slot) = existing else {
            return self.load(id, false).await;
        };
        let found = self.read_again(&mut *slot.lock().await, false).await?;
        Ok(found.then_some(slot))
    }

    /// Loads a game from the store into memory (`None` if unknown), taking its lease first
    /// if `claim`; the engine resumes thinking if it is its turn.
    pub(super) async fn load(&self, id: &GameId, claim: bool) -> Result<Option<Slot>, StoreError> {
        let Some(stored) = self.stored(id, claim).await? else {
            return Ok(None);
        };
        let live = games::rebuild(stored)?;
        // Locked before it is put in `slots`, so that no other task sees it before it is
        // ready (its players read, its state pushed).
        let mine = Arc::new(Mutex::new(live));
        let mut live = Arc::clone(&mine).lock_owned().await;
        let slot = Arc::clone(
            self.slots()
                .entry(id.clone())
                .or_insert_with(|| Arc::clone(&mine)),
        );
        if !Arc::ptr_eq(&slot, &mine) {
            // Another task loaded it first: its copy is the one in memory.
            drop(live);
            let mut theirs = slot.lock().await;
            self.wake_engine(&mut theirs);
            drop(theirs);
            return Ok(Some(slot));
        }
        // A change another server made after the read above, if its note came before the
        // copy was in `slots`, found no copy there (`take_note` drops it) and nothing would
        // read it for this copy's watchers: read once more, now that every later note finds
        // the copy (the second read prepares it, so the first is not). A game this server
        // holds needs it not: another server takes the lease (a note that disowns it here)
        // before it writes.
        let copy = self.store.shared() && !self.store.holds(id);
        let plies = live.game.plies();
        let ready = if copy {
            self.read_again(&mut live, false).await.map(drop)
        } else {
            self.prepare(&mut live).await
        };
        if let Err(e) = ready {
            // Not left in memory as it may be: the next request reads it again.
            drop(live);
            let mut slots = self.slots();
            if slots.get(id).is_some_and(|s| Arc::ptr_eq(s, &slot)) {
                slots.remove(id);
            }
            return Err(e);
        }
        if copy && live.game.plies() != plies {
            eprintln!(
                "koma serve: game {id}: changed while it was loaded ({plies} to {} plies)",
                live.game.plies()
            );
        }
        self.wake_engine(&mut live);
        drop(live);
        Ok(Some(slot))
    }

    /// `live` as `stored` (the same game read again): the state taken, the subscribers
    /// kept, the state pushed; the engine thinks if it is its move and this server holds
    /// the game.
    pub(super) async fn refresh(
        &self,
        live: &mut LiveGame,
        stored: StoredGame,
    ) -> Result<(), StoreError> {
        live.stop_thinking();
        live.take_state(games::rebuild(stored)?);
        self.prepare(live).await?;
        self.wake_engine(live);
        Ok(())
    }

    /// A game just read from the store, made ready to show: counted among the games
    /// against the engine while undecided, its players' ratings read, its state pushed.
    pub(super) async fn prepare(&self, live: &mut LiveGame) -> Result<(), StoreError> {
        if live.stored.engine.is_some() && !live.is_over() {
            self.engine_games.hold_loaded(live.id());
        } else {
            self.release_engine(live.id());
        }
        self.refresh_players(live).await?;
        live.in_tournament = self.started_by_tournament(live).await?;
        live.publish();
        Ok(())
    }

    /// Whether a tournament started `live`. Only a game between two accounts may be one,
    /// and only such a game costs a look in the store.
    pub(super) async fn started_by_tournament(&self, live: &LiveGame) -> Result<bool, StoreError> {
        if live.stored.engine.is_some() || live.stored.players.iter().any(Option::is_none) {
            return Ok(false);
        }
        let id = live.id().clone();
        let tournament = self.blocking(move |s| s.tournament_of_game(&id)).await?;
        Ok(tournament.is_some())
    }

    /// The game `id` as stored, its lease taken first if `claim`.
    pub(super) async fn stored(
        &self,
        id: &GameId,
        claim: bool,
    ) -> Result<Option<StoredGame>, StoreError> {
        let key = id.clone();
        self.blocking(move |s| {
            if claim {
                s.claim(&key)?;
            }
            s.load_game(&key)
        })
        .await
    }

    /// Reads `live` again from the store (its lease taken first if `claim`); false if the
    /// store does not know the game.
    pub(super) async fn read_again(
        &self,
        live: &mut LiveGame,
        claim: bool,
    ) -> Result<bool, StoreError> {
        let Some(stored) = self.stored(live.id(), claim).await? else {
            return Ok(false);
        };
        self.refresh(live, stored).await?;
        Ok(true)
    }

    /// The game `id`, from memory or the store, its lease held: a game another server held
    /// is taken over and read again.
    pub(crate) async fn game(&self, id: &GameId) -> Result<Slot, ApiError> {
        let existing = self.slots().get(id).cloned();
        let Some(slot) = existing else {
            return self
                .load(id, true)
                .await?
                .ok_or_else(|| ApiError::not_found(id));
        };
        if !self.holds_now(id).await? {
            let mut live = slot.lock().await;
            if !self.holds_now(id).await? && !self.read_again(&mut live, true).await? {
                return Err(ApiError::not_found(id));
            }
        }
        Ok(slot)
    }

    /// Whether this server holds the game `id` now: as it knows, and where other servers
    /// share the database, as the database says.
    pub(super) async fn holds_now(&self, id: &GameId) -> Result<bool, StoreError> {
        if !self.store.holds(id) {
            return Ok(false);
        }
        if !self.store.shared() {
            return Ok(true);
        }
        let key = id.clone();
        self.blocking(move |s| s.confirm(&key)).await
    }

    /// The game `id` to read: this server's copy, held or not (another server's is kept up
    /// to date by its notes), else read from the store, its lease left where it is.
    pub(crate) async fn copy(&self, id: &GameId) -> Result<Slot, ApiError> {
        if let Some(slot) = self.slots().get(id).cloned() {
            return Ok(slot);
        }
        let claim = !self.store.shared();
        self.load(id, claim)
            .await?
            .ok_or_else(|| ApiError::not_found(id))
    }

    /// Puts a new game in memory; the engine starts thinking if it is its move.
    pub(crate) async fn insert(&self, live: LiveGame) {
        let id = live.id().clone();
        self.announce_start(&live);
        let slot = Arc::new(Mutex::new(live));
        self.slots().insert(id, Arc::clone(&slot));
        self.wake_engine(&mut *slot.lock().await);
    }

    /// The game `id` if it is in memory here.
    pub(crate) fn in_memory_game(&self, id: &GameId) -> Option<Slot> {
        self.slots().get(id).cloned()
    }

    /// The game `id` as stored, rebuilt with its players' ratings, without holding it (a
    /// game of another server, to show): `None` if the store does not know it.
    pub(crate) async fn rebuilt(&self, id: &GameId) -> Result<Option<LiveGame>, StoreError> {
        let Some(stored) = self.stored(id, false).await? else {
            return Ok(None);
        };
        let mut live = games::rebuild(stored)?;
        self.refresh_players(&mut live).await?;
        Ok(Some(live))
    }

    /// How many games are in memory.
    pub fn in_memory(&self) -> usize {
        self.slots().len()
    }
}
