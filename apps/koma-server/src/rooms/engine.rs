//! A room's engine: while a player has it on, one search of the position the board shows,
//! on the analyses' pool and cache (a position searched before answers at once), its lines
//! sent to everyone in the room. A search stops when the board moves on, the engine is
//! turned off, or the room empties; a full engine queue is waited out.

use super::Room;
use crate::analysis::{Analyses, AnalysisRequest};
use crate::error::ApiError;
use koma_rules::GameKind;
use serde_json::json;
use std::sync::{Arc, Weak};
use std::time::Duration;

/// How many lines a room's engine shows.
pub const LINES: u32 = 3;

/// How deep a room's engine searches.
pub const DEPTH: u32 = crate::analysis::DEFAULT_DEPTH;

/// How long a room waits before it asks again when the engine is busy.
const WAIT: Duration = Duration::from_secs(2);

/// A room's search, stopped when dropped.
pub struct Search(tokio::task::JoinHandle<()>);

impl Drop for Search {
    fn drop(&mut self) {
        // The task's request future is dropped with it: the analysis stops its search.
        self.0.abort();
    }
}

/// The engine's message when it is off.
pub fn off_message() -> Arc<str> {
    Arc::from(json!({ "type": "lines", "status": "off" }).to_string())
}

impl Search {
    /// Searches `sfen` (node `node` of `room`'s tree) and sends its lines to the room.
    pub fn start(
        room: Weak<Room>,
        analyses: Arc<Analyses>,
        node: usize,
        variant: GameKind,
        sfen: String,
    ) -> Search {
        Search(tokio::spawn(async move {
            let request = AnalysisRequest {
                variant: Some(variant.name().to_string()),
                sfen,
                multipv: Some(LINES),
                depth: Some(DEPTH),
                nodes: None,
            };
            let say = |message: serde_json::Value| {
                if let Some(room) = room.upgrade() {
                    room.publish_lines(Some(Arc::from(message.to_string())));
                }
            };
            say(json!({ "type": "lines", "status": "searching", "node": node }));
            loop {
                // The room has one search at a time already (a new one replaces it).
                match analyses.analyse(&request, Vec::new()).await {
                    Ok(view) => {
                        say(json!({
                            "type": "lines", "status": "done", "node": node, "analysis": view,
                        }));
                        return;
                    }
                    Err(e @ (ApiError::EngineBusy { .. } | ApiError::Analysis(_))) => {
                        say(json!({
                            "type": "lines", "status": "busy", "node": node, "error": e.to_string(),
                        }));
                        tokio::time::sleep(WAIT).await;
                    }
                    Err(e) => {
                        say(json!({
                            "type": "lines", "status": "failed", "node": node, "error": e.to_string(),
                        }));
                        return;
                    }
                }
            }
        }))
    }
}
