//! The live views of the tournaments being watched: one feed per watched tournament reads
//! it once per change and builds its view's bytes once, off the async threads; the streams
//! of its page (`stream.rs`, HTTP) send those bytes to every viewer.

use super::service::Tournaments;
use super::view;
use crate::error::ApiError;
use bytes::Bytes;
use koma_store::TournamentId;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::watch;

/// How often a feed reads its tournament again for changes made by other servers.
const POLL: Duration = Duration::from_secs(2);

/// What a feed has to say.
#[derive(Clone, Debug)]
pub enum Feed {
    /// Nothing read yet.
    Waiting,
    /// The newest view as one ND-JSON line.
    View(Bytes),
    /// The tournament is not (or no longer) there.
    Gone,
}

/// The feeds of the tournaments watched now, by id.
#[derive(Default)]
pub struct Feeds(Mutex<HashMap<TournamentId, watch::Receiver<Feed>>>);

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Tournaments {
    /// The view of `id` as one ND-JSON line, read and built on a blocking thread, with the
    /// version it was built from; `None` if the stored version is still `seen`.
    pub(crate) async fn view_line(
        &self,
        id: &TournamentId,
        seen: Option<i64>,
    ) -> Result<Option<(i64, Bytes)>, ApiError> {
        let key = id.clone();
        let built = self
            .hub
            .blocking(move |s| {
                let Some(row) = s.tournament(&key)? else {
                    return Ok(Err(super::Refusal::NoSuchTournament(key)));
                };
                if seen == Some(row.version) {
                    return Ok(Ok(None));
                }
                let t = serde_json::from_str(&row.body)
                    .map_err(|e| koma_store::Damage::json("tournament", &key, e))?;
                let mut line = serde_json::to_vec(&view::full(&t))
                    .map_err(|e| koma_store::Damage::json("tournament", &key, e))?;
                line.push(b'\n');
                Ok(Ok(Some((row.version, Bytes::from(line)))))
            })
            .await?;
        Ok(built?)
    }

    /// The feed of `id`: started when its first stream comes, ended when its last goes.
    pub(crate) fn feed(self: &Arc<Self>, id: &TournamentId) -> watch::Receiver<Feed> {
        let mut feeds = lock(&self.feeds.0);
        if let Some(rx) = feeds.get(id)
            && rx.has_changed().is_ok()
        {
            return rx.clone();
        }
        let (tx, rx) = watch::channel(Feed::Waiting);
        feeds.insert(id.clone(), rx.clone());
        tokio::spawn(Arc::clone(self).publish(id.clone(), tx));
        rx
    }

    /// Reads `id` at each change (and every [`POLL`]) while anyone streams it, and gives each
    /// new version's view to the streams.
    async fn publish(self: Arc<Self>, id: TournamentId, tx: watch::Sender<Feed>) {
        let mut changes = self.watch(&id);
        let mut seen = None;
        loop {
            match self.view_line(&id, seen).await {
                Ok(Some((version, line))) => {
                    seen = Some(version);
                    tx.send_replace(Feed::View(line));
                }
                Ok(None) => {}
                Err(ApiError::Tournament(super::Refusal::NoSuchTournament(_))) => {
                    tx.send_replace(Feed::Gone);
                    break;
                }
                // A store that fails now may answer at the next poll.
                Err(e) => tracing::warn!("tournament {id}: {e}"),
            }
            tokio::select! {
                changed = changes.changed() => if changed.is_err() { break },
                () = tokio::time::sleep(POLL) => {}
            }
            // Only the map's receiver is left: nobody streams it any more.
            if tx.receiver_count() <= 1 {
                break;
            }
        }
        let mut feeds = lock(&self.feeds.0);
        if feeds
            .get(&id)
            .is_some_and(|rx| rx.same_channel(&tx.subscribe()))
        {
            feeds.remove(&id);
        }
    }
}
