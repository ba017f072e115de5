//! The streams of a tournament's view (`GET /api/tournaments/{id}/stream`), which send
//! the bytes its feed built (`feed.rs`). A stream sends only the newest view (a client that
//! reads slowly skips views, it never queues them), and one account (signed in) or address
//! (anonymous) may hold only [`STREAMS_PER_ADDRESS`] streams of tournaments.

use crate::error::ApiError;
use crate::http::connections::StreamPermit;
use crate::http::limits::RateKey;
use crate::tournaments::feed::Feed;
use crate::tournaments::service::Tournaments;
use axum::body::{Body, Bytes};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use koma_store::TournamentId;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::watch;

/// The most tournament streams one signed-in account, or one address of anonymous viewers,
/// holds at once.
pub const STREAMS_PER_ADDRESS: usize = 4;

/// The tournament streams open, counted per account or address.
#[derive(Default)]
pub struct Streams(Mutex<HashMap<RateKey, usize>>);

/// One address's place among the tournament streams; given back when dropped.
struct Place {
    streams: Arc<Streams>,
    key: Option<RateKey>,
}

impl Drop for Place {
    fn drop(&mut self) {
        if let Some(key) = &self.key {
            let mut counts = lock(&self.streams.0);
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

/// A stream of the view of `id` (of `tournaments`) for the client `key` (a signed-in
/// viewer's account, else the address; holding `permit`, its place among all streams):
/// the view now, then each new one, an empty line every few seconds while nothing changes;
/// 404 for an unknown tournament, 429 beyond [`STREAMS_PER_ADDRESS`].
pub(super) async fn stream(
    tournaments: &Arc<Tournaments>,
    streams: &Arc<Streams>,
    id: &TournamentId,
    key: Option<RateKey>,
    permit: StreamPermit,
    keep_alive: Duration,
    mut shutdown: watch::Receiver<bool>,
) -> Result<Response, ApiError> {
    let place = (take_place(streams, key)?, permit);
    let mut feed = tournaments.feed(id);
    let first = feed
        .wait_for(|f| !matches!(f, Feed::Waiting))
        .await
        .map(|f| f.clone())
        .unwrap_or(Feed::Gone);
    if let Feed::Gone = first {
        return Err(crate::tournaments::Refusal::NoSuchTournament(id.clone()).into());
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
fn take_place(streams: &Arc<Streams>, key: Option<RateKey>) -> Result<Place, ApiError> {
    if let Some(key) = &key {
        let mut counts = lock(&streams.0);
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
        streams: Arc::clone(streams),
        key,
    })
}
