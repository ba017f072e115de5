//! The other servers on the same database: telling them what changed here, following what
//! they tell, and taking in the games of servers gone.

use super::{BEAT, Hub, Slot};
use crate::error::ApiError;
use crate::games::LiveGame;
use koma_store::GameId;
use koma_store::Note;
use koma_store::UserId;
use std::sync::Arc;
use std::sync::atomic::Ordering;

impl Hub {
    /// Tells the other servers sharing the database that the game `id` between `players`
    /// started or ended, in the background.
    pub(crate) fn tell_others(&self, id: &GameId, finished: bool, players: &[Option<UserId>; 2]) {
        if !self.store.shared() {
            return;
        }
        let (store, id, players) = (Arc::clone(&self.store), id.clone(), players.clone());
        tokio::task::spawn_blocking(move || {
            if let Err(e) = store.announce(&id, finished, &players) {
                eprintln!("koma serve: game {id}: telling the other servers: {e}");
            }
        });
    }

    /// Follows what the other servers sharing the database do: a game taken from this one
    /// is given up (its copy kept, read again at each change, while someone watches it).
    pub fn follow_others(self: &Arc<Hub>) {
        let Some(mut notes) = self.store.notes() else {
            return;
        };
        let hub = Arc::downgrade(self);
        tokio::spawn(async move {
            while let Some(note) = notes.recv().await {
                let Some(hub) = hub.upgrade() else {
                    return;
                };
                hub.take_note(note).await;
            }
        });
    }

    /// Acts on what another server did.
    pub(super) async fn take_note(&self, note: Note) {
        match note {
            Note::Taken { game, epoch } => {
                if !self.store.holds(&game) {
                    return;
                }
                self.store.disown(&game, Some(epoch));
                if self.store.holds(&game) {
                    return; // an older lease than this server's own
                }
                let slot = self.slots().get(&game).cloned();
                if let Some(slot) = slot {
                    self.give_up(&mut *slot.lock().await);
                }
            }
            Note::Changed(game) => {
                let slot = self.slots().get(&game).cloned();
                if let Some(slot) = slot.filter(|_| !self.store.holds(&game)) {
                    self.reread(&slot).await;
                }
            }
            Note::Announced {
                game,
                finished,
                players,
            } => {
                let events = self.events();
                if !players.iter().flatten().any(|p| events.listens(p)) {
                    return;
                }
                match self.rebuilt(&game).await {
                    Ok(Some(live)) => {
                        let kind = if finished { "gameFinish" } else { "gameStart" };
                        self.announce_here(&live, kind);
                    }
                    Ok(None) => {}
                    Err(e) => eprintln!("koma serve: game {game}: announcing it: {e}"),
                }
            }
            Note::Challenge {
                id,
                status,
                challenger,
                dest,
            } => self.challenge_note(&id, &status, &challenger, &dest).await,
            Note::Room(_) | Note::Study(_) => {
                let _ = self.board_notes.send(note);
            }
            Note::Seeks | Note::Notice(_) => {
                let _ = self.lobby_notes.send(note);
            }
            Note::Resync => {
                let _ = self.lobby_notes.send(Note::Resync);
                let _ = self.board_notes.send(Note::Resync);
                // Notes were missed: a lease this server believes it holds may have been
                // taken meanwhile. The database says; a game lost is given up and read again.
                let slots: Vec<(GameId, Slot)> = self
                    .slots()
                    .iter()
                    .map(|(id, slot)| (id.clone(), Arc::clone(slot)))
                    .collect();
                for (id, slot) in slots {
                    if self.store.holds(&id) && !self.holds_now(&id).await.unwrap_or(true) {
                        self.give_up(&mut *slot.lock().await);
                    }
                    self.reread(&slot).await;
                }
            }
        }
    }

    /// Stops the engine of `live`, a game another server holds now: its copy here only
    /// shows it.
    pub(super) fn give_up(&self, live: &mut LiveGame) {
        live.stop_thinking();
        self.release_engine(live.id());
    }

    /// Reads again the copy `slot` of a game another server holds, for its watchers.
    pub(super) async fn reread(&self, slot: &Slot) {
        let mut live = slot.lock().await;
        if self.store.holds(live.id()) {
            return;
        }
        if let Err(e) = self.read_again(&mut live, false).await {
            eprintln!("koma serve: game {}: reading it again: {e}", live.id());
        }
    }

    /// Takes in, once a [`BEAT`], the games of the servers on the same database that are
    /// no longer alive (or that gave them back).
    pub(super) async fn adopt_orphans(&self) {
        if self.closing.load(Ordering::SeqCst) {
            return; // its games were given back
        }
        {
            let mut last = self.last_beat.lock().unwrap_or_else(|e| e.into_inner());
            if last.is_some_and(|at| at.elapsed() < BEAT) {
                return;
            }
            *last = Some(std::time::Instant::now());
        }
        let unsure: Vec<GameId> = self.unsure().drain().collect();
        for id in unsure {
            if let Err(e) = self.game(&id).await {
                eprintln!("koma serve: game {id}: reading it again: {e}");
                if matches!(&e, ApiError::Storage(e) if e.is_transient()) {
                    self.unsure().insert(id);
                }
            }
        }
        match self.blocking(|s| s.heartbeat()).await {
            Ok(ids) => {
                for id in ids {
                    if let Err(e) = self.adopt(&id).await {
                        eprintln!("koma serve: game {id}: taking it over: {e}");
                    }
                }
            }
            Err(e) => eprintln!("koma serve: taking over games: {e}"),
        }
    }
}
