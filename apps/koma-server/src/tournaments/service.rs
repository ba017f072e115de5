//! The tournaments the server runs: each request reads the tournament, changes it and
//! writes it back if nobody wrote it meanwhile (else reads again and retries), then tells
//! its stream. Online rounds start their games through the hub, and the games' ends come
//! back as results.

use super::model::{Status, Tournament};
use super::refusal::Refusal;
use super::settings::Settings;
use crate::accounts::Player;
use crate::error::ApiError;
use crate::games::unix_ms;
use crate::hub::Hub;
use koma_store::Page;
use koma_store::TournamentId;
use koma_store::tournaments::TournamentRow;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// How many times a change is tried while others keep winning the race.
const TRIES: usize = 50;

/// The tournaments, over the hub's store.
pub struct Tournaments {
    pub(super) hub: Arc<Hub>,
    /// Each watched tournament's change counter, for its streams.
    changes: Mutex<HashMap<TournamentId, watch::Sender<u64>>>,
    /// When the tick last swept the running tournaments.
    pub(super) last_sweep: Mutex<Option<Instant>>,
    /// The views streamed, built once per change.
    pub(super) feeds: super::feed::Feeds,
}

impl Tournaments {
    /// The tournaments over `hub`'s store.
    pub fn new(hub: Arc<Hub>) -> Arc<Tournaments> {
        Arc::new(Tournaments {
            hub,
            changes: Mutex::new(HashMap::new()),
            last_sweep: Mutex::new(None),
            feeds: Default::default(),
        })
    }

    /// Writes each game's end into its tournament as it comes (a task, until the server
    /// stops).
    pub fn follow_games(self: &Arc<Tournaments>) {
        let mut ends = self.hub.tournament_hooks.listen();
        let me = Arc::clone(self);
        tokio::spawn(async move {
            while let Some(end) = ends.recv().await {
                me.game_ended(end).await;
            }
        });
    }

    fn changes(&self) -> std::sync::MutexGuard<'_, HashMap<TournamentId, watch::Sender<u64>>> {
        self.changes.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A receiver that changes whenever this server changes the tournament `id`.
    pub fn watch(&self, id: &TournamentId) -> watch::Receiver<u64> {
        self.changes()
            .entry(id.clone())
            .or_insert_with(|| watch::channel(0).0)
            .subscribe()
    }

    /// Tells the streams of `id` that it changed.
    fn changed(&self, id: &TournamentId) {
        let mut changes = self.changes();
        if let Some(tx) = changes.get(id) {
            if tx.receiver_count() == 0 {
                changes.remove(id);
            } else {
                tx.send_modify(|n| *n += 1);
            }
        }
    }

    /// The tournament `id` and its stored version.
    pub async fn read(&self, id: &TournamentId) -> Result<(Tournament, i64), ApiError> {
        let key = id.clone();
        // Read and parsed on a blocking thread: a field of a thousand players is half a
        // megabyte of JSON.
        let found = self
            .hub
            .blocking(move |s| {
                let Some(row) = s.tournament(&key)? else {
                    return Ok(None);
                };
                let t = serde_json::from_str(&row.body)
                    .map_err(|e| koma_store::Damage::json("tournament", &key, e))?;
                Ok(Some((t, row.version)))
            })
            .await?;
        Ok(found.ok_or_else(|| Refusal::NoSuchTournament(id.clone()))?)
    }

    /// Applies `f` to the tournament `id` and stores it, again from a fresh read while
    /// another write came first; tells its streams. Gives the tournament as stored and
    /// what `f` answered.
    pub(super) async fn change<T>(
        &self,
        id: &TournamentId,
        mut f: impl FnMut(&mut Tournament) -> Result<T, ApiError>,
    ) -> Result<(Tournament, T), ApiError> {
        for _ in 0..TRIES {
            let (mut t, version) = self.read(id).await?;
            // The change (a pairing of a thousand players takes a second or two), its check
            // and its JSON, where they may take their time.
            let (answer, row) = crate::cpu::run(|| -> Result<_, ApiError> {
                let answer = f(&mut t)?;
                // The record is checked before it is stored: nothing inconsistent is written.
                t.record()?;
                let row = TournamentRow {
                    id: t.id.clone(),
                    director: t.director.clone(),
                    status: t.status.name().to_string(),
                    created_ms: t.created_ms,
                    version,
                    body: serde_json::to_string(&t)
                        .map_err(crate::error::Internal::TournamentJson)?,
                };
                Ok((answer, row))
            })?;
            if self
                .hub
                .blocking(move |s| s.update_tournament(&row))
                .await?
            {
                self.changed(id);
                return Ok((t, answer));
            }
            // Lost the race: a short random pause, so that the racers spread out.
            let mut byte = [0u8; 1];
            getrandom::fill(&mut byte).map_err(ApiError::Random)?;
            tokio::time::sleep(Duration::from_millis(u64::from(byte[0] % 8))).await;
        }
        Err(Refusal::Busy.into())
    }

    /// Creates a tournament directed by `director`.
    pub async fn create(
        &self,
        director: &Player,
        settings: Settings,
    ) -> Result<Tournament, ApiError> {
        let settings = settings.checked()?;
        let now = unix_ms();
        let mut seed = [0u8; 8];
        getrandom::fill(&mut seed).map_err(ApiError::Random)?;
        let t = Tournament {
            id: TournamentId::new(koma_store::tokens::game_id().map_err(ApiError::Random)?),
            director: director.id.clone(),
            director_name: director.name.clone(),
            settings,
            status: Status::Entries,
            created_ms: now,
            seed: u64::from_le_bytes(seed),
            players: Vec::new(),
            rounds: Vec::new(),
            invited: Vec::new(),
            arena: Default::default(),
        };
        let row = TournamentRow {
            id: t.id.clone(),
            director: t.director.clone(),
            status: t.status.name().to_string(),
            created_ms: now,
            version: 0,
            body: serde_json::to_string(&t).map_err(crate::error::Internal::TournamentJson)?,
        };
        self.hub
            .blocking(move |s| s.create_tournament(&row))
            .await?;
        Ok(t)
    }

    /// One page of the tournaments, newest first.
    pub async fn list(&self, page: Page) -> Result<Vec<Tournament>, ApiError> {
        let rows = self.hub.blocking(move |s| s.list_tournaments(page)).await?;
        rows.iter()
            .map(|row| {
                serde_json::from_str(&row.body)
                    .map_err(|e| koma_store::Damage::json("tournament", &row.id, e).into())
            })
            .collect()
    }
}

/// 403 unless `who` directs `t`.
pub(super) fn check_director(t: &Tournament, who: &Player) -> Result<(), Refusal> {
    if t.director == who.id {
        Ok(())
    } else {
        Err(Refusal::NotDirector {
            director: t.director_name.clone(),
        })
    }
}

/// The refusal of a change to a finished tournament.
pub(super) fn finished(t: &Tournament) -> Refusal {
    Refusal::WrongState {
        status: t.status.name(),
        message: "it is over".into(),
    }
}
