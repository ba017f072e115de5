//! The streams of a tournament's view (`GET /api/tournaments/{id}/stream`): one feed per
//! watched tournament reads it once per change and builds its view's bytes once, off the
//! async threads; every stream of it sends those bytes. A stream sends only the newest
//! view (a client that reads slowly skips views, it never queues them), and one account
//! (signed in) or address (anonymous) may hold only [`STREAMS_PER_ADDRESS`] streams of
//! tournaments.

use super::service::Tournaments;
use super::view;
use crate::connections::StreamPermit;
use crate::error::ApiError;
use crate::limits::RateKey;
use axum::body::{Body, Bytes};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use koma_store::StoreError;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::watch;

/// How often a feed reads its tournament again for changes made by other servers.
const POLL: Duration = Duration::from_secs(2);

/// The most tournament streams one signed-in account, or one address of anonymous viewers,
/// holds at once.
pub const STREAMS_PER_ADDRESS: usize = 4;

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

/// The feeds and the streams' counts per address.
#[derive(Default)]
pub struct Feeds {
    feeds: Mutex<HashMap<String, watch::Receiver<Feed>>>,
    per_address: Mutex<HashMap<RateKey, usize>>,
}

/// One address's place among the tournament streams; given back when dropped.
struct Place {
    tournaments: Arc<Tournaments>,
    key: Option<RateKey>,
}

impl Drop for Place {
    fn drop(&mut self) {
        if let Some(key) = &self.key {
            let mut counts = lock(&self.tournaments.feeds.per_address);
            if let Some(n) = counts.get_mut(key) {
                *n -= 1;
                if *n == 0 {
                    counts.remove(key);
                }
            }
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Tournaments {
    /// The view of `id` as one ND-JSON line, read and built on a blocking thread, with the
    /// version it was built from; `None` if the stored version is still `seen`.
    pub(super) async fn view_line(
        &self,
        id: &str,
        seen: Option<i64>,
    ) -> Result<Option<(i64, Bytes)>, ApiError> {
        let key = id.to_string();
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
                    .map_err(|e| StoreError::Damaged(format!("tournament {key}: {e}")))?;
                let mut line = serde_json::to_vec(&view::full(&t))
                    .map_err(|e| StoreError::Damaged(format!("tournament {key}: {e}")))?;
                line.push(b'\n');
                Ok(Ok(Some((row.version, Bytes::from(line)))))
            })
            .await?;
        Ok(built?)
    }

    /// The feed of `id`: started when its first stream comes, ended when its last goes.
    fn feed(self: &Arc<Self>, id: &str) -> watch::Receiver<Feed> {
        let mut feeds = lock(&self.feeds.feeds);
        if let Some(rx) = feeds.get(id)
            && rx.has_changed().is_ok()
        {
            return rx.clone();
        }
        let (tx, rx) = watch::channel(Feed::Waiting);
        feeds.insert(id.to_string(), rx.clone());
        tokio::spawn(Arc::clone(self).publish(id.to_string(), tx));
        rx
    }

    /// Reads `id` at each change (and every [`POLL`]) while anyone streams it, and gives each
    /// new version's view to the streams.
    async fn publish(self: Arc<Self>, id: String, tx: watch::Sender<Feed>) {
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
        let mut feeds = lock(&self.feeds.feeds);
        if feeds
            .get(&id)
            .is_some_and(|rx| rx.same_channel(&tx.subscribe()))
        {
            feeds.remove(&id);
        }
    }

    /// A stream of `id`'s view for the client `key` (a signed-in viewer's account, else
    /// the address; holding `permit`, its place among all streams): the view now, then
    /// each new one, an
    /// empty line every few seconds while nothing changes; 404 for an unknown tournament,
    /// 429 beyond [`STREAMS_PER_ADDRESS`].
    pub async fn stream(
        self: &Arc<Self>,
        id: &str,
        key: Option<RateKey>,
        permit: StreamPermit,
        keep_alive: Duration,
        mut shutdown: watch::Receiver<bool>,
    ) -> Result<Response, ApiError> {
        let place = (self.take_place(key)?, permit);
        let mut feed = self.feed(id);
        let first = feed
            .wait_for(|f| !matches!(f, Feed::Waiting))
            .await
            .map(|f| f.clone())
            .unwrap_or(Feed::Gone);
        if let Feed::Gone = first {
            return Err(super::Refusal::NoSuchTournament(id.to_string()).into());
        }
        feed.mark_changed();
        let lines = futures_util::stream::unfold(
            (feed, place, shutdown.clone()),
            move |(mut feed, place, mut stop)| async move {
                let line = tokio::select! {
                    changed = feed.changed() => {
                        changed.ok()?;
                        match &*feed.borrow_and_update() {
                            Feed::View(line) => line.clone(),
                            Feed::Gone => return None,
                            Feed::Waiting => Bytes::new(),
                        }
                    }
                    () = tokio::time::sleep(keep_alive) => Bytes::from_static(b"\n"),
                    _ = stop.wait_for(|&s| s) => return None,
                };
                Some((Ok::<_, std::convert::Infallible>(line), (feed, place, stop)))
            },
        );
        // Checked now rather than at the first poll: a stopping server opens no stream.
        if *shutdown.borrow_and_update() {
            return Err(ApiError::ShuttingDown);
        }
        Ok((
            [(header::CONTENT_TYPE, "application/x-ndjson")],
            Body::from_stream(lines),
        )
            .into_response())
    }

    /// A place among the tournament streams for the client `key`.
    fn take_place(self: &Arc<Self>, key: Option<RateKey>) -> Result<Place, ApiError> {
        if let Some(key) = &key {
            let mut counts = lock(&self.feeds.per_address);
            let n = counts.entry(key.clone()).or_insert(0);
            if *n >= STREAMS_PER_ADDRESS {
                return Err(ApiError::TooManyOpen {
                    holder: match key {
                        RateKey::Account(_) => "this account",
                        _ => "this address",
                    },
                    limit: STREAMS_PER_ADDRESS,
                });
            }
            *n += 1;
        }
        Ok(Place {
            tournaments: Arc::clone(self),
            key,
        })
    }
}
