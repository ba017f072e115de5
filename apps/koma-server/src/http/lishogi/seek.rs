//! `POST /api/board/seek`: a real-time seek of lishogi's board API, posted in koma's lobby
//! and kept while its answer stays open, as lishogi keeps it: the answer streams empty
//! lines; once the seek is accepted (the game reaches the account's event stream as
//! `gameStart`), cancelled or expired, the server closes it; once the client closes it, the
//! seek goes. A correspondence seek (`days`) is refused here: lishogi keeps one without a
//! stream, and koma takes correspondence by challenge or in the lobby.

use super::Refusal;
use super::stream::{KEEP_ALIVE, ndjson};
use crate::accounts::Player;
use crate::error::ApiError;
use crate::http::api::AppState;
use crate::lobby::seek::SeekRequest;
use axum::extract::rejection::FormRejection;
use axum::extract::{Form, State};
use axum::response::Response;
use serde::Deserialize;
use std::sync::Arc;

/// The form of `POST /api/board/seek` (lishogi's field names).
#[derive(Debug, Default, Deserialize)]
pub struct SeekForm {
    /// Whether the game is rated.
    pub rated: Option<bool>,
    /// Main time in minutes (0 to 180; fractions allowed, as lishogi's 0.5).
    pub time: Option<f64>,
    /// Fischer increment in seconds.
    pub increment: Option<u64>,
    /// Byoyomi in seconds.
    pub byoyomi: Option<u64>,
    /// Byoyomi periods.
    pub periods: Option<u32>,
    /// Days per move (correspondence): refused.
    pub days: Option<u32>,
    /// lishogi's variant key.
    pub variant: Option<String>,
    /// The seeker's colour: `sente`, `gote` or `random`.
    pub color: Option<String>,
    /// The opponent's rating range, `1500-1800`.
    #[serde(rename = "ratingRange")]
    pub rating_range: Option<String>,
}

impl SeekForm {
    /// The lobby's seek for this form.
    fn request(&self) -> Result<SeekRequest, ApiError> {
        let minutes = self.time.unwrap_or(0.0);
        if !(0.0..=180.0).contains(&minutes) {
            return Err(ApiError::BadParameter {
                name: "time",
                message: format!("{minutes} minutes: from 0 to 180"),
            });
        }
        if self.days.is_some() {
            // lishogi answers a correspondence seek at once and keeps it; this API's seek
            // lives while its answer streams, which no game of days per move should need.
            return Err(ApiError::BadParameter {
                name: "days",
                message: "this seek is real-time only: for correspondence (days per move) challenge a player, or post a seek of 0+3d in the lobby".into(),
            });
        }
        let limit = self.time.map(|m| (m * 60.0).round() as u64);
        let control = crate::lishogi::challenges::clock(
            limit,
            self.increment,
            self.byoyomi,
            self.periods,
            None,
        )?;
        let key = self.variant.as_deref().unwrap_or("standard");
        let variant = crate::lishogi::json::variant_of_key(key).ok_or_else(|| {
            ApiError::unknown("variant", key, &crate::lishogi::json::variant_keys())
        })?;
        let (rating_min, rating_max) = match self.rating_range.as_deref() {
            None | Some("") => (None, None),
            Some(range) => {
                let bad = || ApiError::BadParameter {
                    name: "ratingRange",
                    message: format!("'{range}': give the lowest and highest rating, as 1500-1800"),
                };
                let (low, high) = range.split_once('-').ok_or_else(bad)?;
                let low: i64 = low.trim().parse().map_err(|_| bad())?;
                let high: i64 = high.trim().parse().map_err(|_| bad())?;
                (Some(low), Some(high))
            }
        };
        Ok(SeekRequest {
            variant: Some(variant.name().to_string()),
            time_control: Some(control.to_string()),
            rated: self.rated,
            rating_min,
            rating_max,
            side: self.color.clone(),
            handicap: None,
        })
    }
}

/// `POST /api/board/seek`: posts the seek and keeps it while the answer is open.
pub async fn seek(
    State(s): State<AppState>,
    me: Player,
    client: crate::http::limits::Client,
    body: Result<Form<SeekForm>, FormRejection>,
) -> Result<Response, Refusal> {
    if me.bot {
        return Err(ApiError::Forbidden {
            reason: "a bot account cannot seek: bots are challenged",
        }
        .into());
    }
    let request = super::form(body, s.limiter.limits().body_bytes)?.request()?;
    let permit = s.connections.open_stream(&client.holder(Some(&me.id)))?;
    let added = s.lobby.add(&me, &request).await?;
    let lobby = Arc::clone(&s.lobby);
    let id = added.view.id;
    // The open answer counts as being in the lobby (a seek lapses once its poster leaves).
    lobby.arrive(&me.id).await;
    let user = me.id;
    let mut accepted = added.accepted;
    Ok(ndjson(
        s.shutdown.clone(),
        permit,
        move |lines| async move {
            let mut tick = tokio::time::interval(KEEP_ALIVE);
            loop {
                tokio::select! {
                    // Accepted, or cancelled, replaced or expired (the sender dropped).
                    _ = &mut accepted => break,
                    _ = tick.tick() => if !lines.keep_alive().await {
                        lobby.remove(id).await;
                        break;
                    },
                }
            }
            lobby.disconnect(&user).await;
        },
    ))
}
