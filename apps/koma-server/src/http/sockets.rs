//! What every WebSocket of the server keeps besides its subject: its place among the caps
//! of open connections, the throttle on the client's messages, and the pings that find a
//! peer gone silent (a phone that lost its network, a half-open connection), so that such
//! a socket gives its place back instead of holding it for ever.

use crate::error::ApiError;
use crate::http::connections::StreamPermit;
use crate::http::limits::Rate;
use axum::extract::WebSocketUpgrade;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket};
use governor::{DefaultDirectRateLimiter, Quota};
use std::time::{Duration, Instant};

/// How often the server pings a WebSocket.
pub const PING: Duration = Duration::from_secs(30);

/// How long a client may stay silent (no message, no answer to a ping) before its socket
/// is closed: three pings unanswered.
pub const SILENCE: Duration = Duration::from_secs(90);

/// One WebSocket's place and throttle.
pub struct Guard {
    throttle: Option<(DefaultDirectRateLimiter, u32)>,
    last_heard: Instant,
    _permit: StreamPermit,
}

impl Guard {
    /// The guard of a new socket of `client` (logged in as `account`): its place among the
    /// open streams (refused when his share or the server's are taken), and the server's
    /// rate on its messages.
    pub fn open(
        s: &crate::http::api::AppState,
        client: &crate::http::limits::Client,
        account: Option<&str>,
    ) -> Result<Guard, ApiError> {
        let permit = s.connections.open_stream(&client.holder(account))?;
        Ok(Guard::new(s.limiter.limits().ws_messages, permit))
    }

    /// The guard of a socket holding `permit`, its client's messages limited to `rate`.
    pub fn new(rate: Option<Rate>, permit: StreamPermit) -> Guard {
        let throttle = rate.map(|rate| {
            let quota = Quota::per_minute(rate.per_minute).allow_burst(rate.burst);
            let per_second = rate.per_minute.get().div_ceil(60);
            (DefaultDirectRateLimiter::direct(quota), per_second)
        });
        Guard {
            throttle,
            last_heard: Instant::now(),
            _permit: permit,
        }
    }

    /// Counts a frame from the client (a pong too: the peer lives); a message (`counts`)
    /// beyond the rate is refused, and the socket should close with the refusal.
    pub fn heard(&mut self, counts: bool) -> Result<(), ApiError> {
        self.last_heard = Instant::now();
        match &self.throttle {
            Some((limiter, per_second)) if counts && limiter.check().is_err() => {
                Err(ApiError::MessageFlood {
                    per_second: *per_second,
                })
            }
            _ => Ok(()),
        }
    }

    /// Whether the client has been silent longer than [`SILENCE`].
    pub fn gone_silent(&self) -> bool {
        self.last_heard.elapsed() >= SILENCE
    }
}

/// The time a push is spread over, per watcher: 6,400 spectators get a move within 0.64 s,
/// twenty within 2 ms.
const SPREAD_PER_WATCHER: Duration = Duration::from_micros(100);

/// The longest a spectator's push waits.
const MOST_SPREAD: Duration = Duration::from_secs(1);

/// A spectator's wait before a push of a game `watchers` sockets watch: at random within
/// a time that grows with their number, so that their sends come spread out rather than
/// all at once.
pub fn spread(watchers: usize) -> Duration {
    let span = SPREAD_PER_WATCHER
        .saturating_mul(u32::try_from(watchers).unwrap_or(u32::MAX))
        .min(MOST_SPREAD);
    let r = f64::from(getrandom::u32().unwrap_or(0)) / f64::from(u32::MAX);
    span.mul_f64(r)
}

/// The ticks at which a socket pings its client (the first after [`PING`]).
pub fn pings() -> tokio::time::Interval {
    let mut interval = tokio::time::interval_at(tokio::time::Instant::now() + PING, PING);
    interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    interval
}

/// `upgrade` with the sizes every socket of the server takes: messages are small JSON, so a
/// 16 KiB read buffer instead of the default 128 KiB (which is cleared before every read and
/// cost a fifth of the CPU under load), and a message no larger than `most` bytes (a
/// request's body, not tungstenite's 64 MiB).
pub fn sized(upgrade: WebSocketUpgrade, most: usize) -> WebSocketUpgrade {
    upgrade
        .read_buffer_size(16 * 1024)
        .max_message_size(most)
        .max_frame_size(most)
}

/// Pings the client at a tick of [`pings`]: false when the socket should close (the client
/// was silent too long, or the ping could not be sent).
pub async fn ping(socket: &mut WebSocket, guard: &Guard) -> bool {
    !guard.gone_silent() && socket.send(Message::Ping(Default::default())).await.is_ok()
}

/// A frame from the client, as a socket's loop takes it.
pub enum Heard {
    /// A text message, to carry out.
    Text(Utf8Bytes),
    /// A frame counted and let go (a pong, binary).
    Nothing,
    /// The client left, or went beyond its rate (told why): the socket closes.
    Close,
}

/// How long a closing socket waits for its client's Close, reading and dropping whatever
/// the client still sends.
const CLOSE_WAIT: Duration = Duration::from_secs(1);

/// Closes `socket` as the WebSocket protocol asks (RFC 6455, 5.5.1): a Close, then what the
/// client still sends read and dropped until its Close, for [`CLOSE_WAIT`] at most. A
/// socket dropped with unread frames is reset by the system, and the client may then lose
/// what was sent it last (a refusal: why the socket closes).
pub async fn close(mut socket: WebSocket) {
    if socket.send(Message::Close(None)).await.is_err() {
        return;
    }
    let drain = async {
        while let Some(Ok(message)) = socket.recv().await {
            if matches!(message, Message::Close(_)) {
                break;
            }
        }
    };
    let _ = tokio::time::timeout(CLOSE_WAIT, drain).await;
}

/// The error message a socket sends for `e`: its JSON with `"type": "error"`.
pub fn error_message(e: &ApiError) -> String {
    let mut json = e.to_json();
    json["type"] = "error".into();
    json.to_string()
}

/// Reads `incoming` (what `socket.recv()` gave) for the loop, counting it against the
/// client's rate: a client beyond it is told so, and its socket closes.
pub async fn hear(
    socket: &mut WebSocket,
    guard: &mut Guard,
    incoming: Option<Result<Message, axum::Error>>,
) -> Heard {
    let message = match incoming {
        Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return Heard::Close,
        Some(Ok(message)) => message,
    };
    // A pong says the peer lives without counting against the rate.
    if let Err(e) = guard.heard(!matches!(message, Message::Pong(_))) {
        let _ = socket.send(Message::text(error_message(&e))).await;
        return Heard::Close;
    }
    match message {
        Message::Text(text) => Heard::Text(text),
        _ => Heard::Nothing,
    }
}

/// One reader's side of a shared board, as [`relay`] serves it.
pub trait Reader: Send + Sync {
    /// Carries out a message the reader sent; the board's push that follows is the answer.
    fn handle<'a>(
        &'a self,
        text: &'a str,
    ) -> impl std::future::Future<Output = Result<(), ApiError>> + Send + 'a;
    /// The board as it is now, for a socket too slow to read every change.
    fn catch_up(&self) -> Vec<std::sync::Arc<str>>;
}

/// Serves the socket of a shared board (a kansōsen room, a study) for `reader`: `first`
/// sent, then each of `pushes` (or the board whole when the socket fell behind), and each
/// message heard carried out (a refusal sent back to this socket), until either side
/// closes or the server stops.
pub async fn relay(
    mut socket: WebSocket,
    first: Vec<String>,
    mut pushes: tokio::sync::broadcast::Receiver<std::sync::Arc<str>>,
    reader: &impl Reader,
    mut guard: Guard,
    mut shutdown: tokio::sync::watch::Receiver<bool>,
) {
    use tokio::sync::broadcast::error::RecvError;
    for message in first {
        if socket.send(Message::text(message)).await.is_err() {
            return;
        }
    }
    let mut pings = pings();
    loop {
        tokio::select! {
            _ = pings.tick() => {
                if !ping(&mut socket, &guard).await {
                    break;
                }
            }
            push = pushes.recv() => {
                let messages = match push {
                    Ok(message) => vec![message],
                    Err(RecvError::Lagged(_)) => reader.catch_up(),
                    Err(RecvError::Closed) => break,
                };
                for message in messages {
                    if socket.send(Message::text(message.to_string())).await.is_err() {
                        return;
                    }
                }
            }
            incoming = socket.recv() => {
                let text = match hear(&mut socket, &mut guard, incoming).await {
                    Heard::Text(text) => text,
                    Heard::Nothing => continue,
                    Heard::Close => break,
                };
                if let Err(e) = reader.handle(text.as_str()).await
                    && socket.send(Message::text(error_message(&e))).await.is_err()
                {
                    break;
                }
            }
            _ = shutdown.changed() => break,
        }
    }
    close(socket).await;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::connections::{Caps, Connections, Holder};

    #[test]
    fn a_flood_is_refused_after_the_burst() {
        let connections = Connections::new(Caps {
            per_address: None,
            total: 10,
            streams_per_address: None,
            streams_per_account: None,
            streams_total: 10,
        });
        let permit = connections.open_stream(&Holder::default()).unwrap();
        let mut guard = Guard::new(Some(Rate::new(60, 3)), permit);
        for _ in 0..3 {
            guard.heard(true).unwrap();
        }
        // Pongs are not messages.
        guard.heard(false).unwrap();
        let refused = guard.heard(true).unwrap_err();
        assert_eq!(
            (refused.status().as_u16(), refused.code()),
            (429, "rate_limited")
        );
        assert!(!guard.gone_silent());
        assert_eq!(connections.open().1, 1);
        drop(guard);
        assert_eq!(connections.open().1, 0, "the place is given back");
    }
}
