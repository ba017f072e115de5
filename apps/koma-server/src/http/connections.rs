//! The connections a client may hold: TCP connections per address and in all, and the
//! long-lived ones (WebSockets and ND-JSON streams) per address, per account and in all.
//!
//! Each open connection holds a permit ([`ConnectionPermit`], [`StreamPermit`]) that gives
//! its place back when dropped, so that a count can never leak. The accept loop
//! (`listener.rs`) asks [`Connections::admit`] before it serves a connection; every
//! WebSocket upgrade and stream asks [`Connections::open_stream`] before it starts.

use crate::error::ApiError;
use crate::http::limits::RateKey;
use koma_store::UserId;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// The caps, from the settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Caps {
    /// TCP connections at once from one address (`None`: no cap, as behind a proxy).
    pub per_address: Option<usize>,
    /// TCP connections at once in all.
    pub total: usize,
    /// WebSockets and streams at once from one client address.
    pub streams_per_address: Option<usize>,
    /// WebSockets and streams at once of one account.
    pub streams_per_account: Option<usize>,
    /// WebSockets and streams at once in all.
    pub streams_total: usize,
}

/// Who holds a long-lived connection: its client's address, and its account if logged in.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Holder {
    /// The client (see [`crate::http::limits::Limiter::key_of`]); `None` for a request made in
    /// process.
    pub address: Option<RateKey>,
    /// The account's id.
    pub account: Option<UserId>,
}

/// The counts of open connections.
#[derive(Default)]
struct Counts {
    /// TCP connections per address.
    tcp: HashMap<IpAddr, usize>,
    tcp_total: usize,
    /// Long-lived connections per holder key (address or account).
    streams: HashMap<RateKey, usize>,
    streams_total: usize,
}

/// Every open connection, counted against [`Caps`].
pub struct Connections {
    caps: Caps,
    counts: Mutex<Counts>,
}

/// Why a TCP connection is not served.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// Its address holds as many connections as one may.
    Address(usize),
    /// The server holds as many connections as it may.
    Full(usize),
}

impl Refused {
    /// The API's error code.
    pub fn code(self) -> &'static str {
        match self {
            Refused::Address(_) => "too_many",
            Refused::Full(_) => "connections_full",
        }
    }

    /// The HTTP answer written on the connection before it is closed: 429 or 503, with the
    /// API's JSON error and `Retry-After`.
    pub fn response(self) -> String {
        let code = self.code();
        let (status, message) = match self {
            Refused::Address(n) => (
                "429 Too Many Requests",
                format!("this address has {n} connections open, the most one may"),
            ),
            Refused::Full(n) => (
                "503 Service Unavailable",
                format!("the server has {n} connections open, the most it takes"),
            ),
        };
        let body = serde_json::json!({
            "error": message,
            "code": code,
            "status": status[..3].parse::<u16>().unwrap_or(503),
        })
        .to_string();
        format!(
            "HTTP/1.1 {status}\r\ncontent-type: application/json\r\nretry-after: 5\r\n\
             connection: close\r\ncontent-length: {}\r\n\r\n{body}",
            body.len()
        )
    }
}

impl Connections {
    /// No connection open yet, under `caps`.
    pub fn new(caps: Caps) -> Arc<Connections> {
        Arc::new(Connections {
            caps,
            counts: Mutex::new(Counts::default()),
        })
    }

    /// The caps.
    pub fn caps(&self) -> Caps {
        self.caps
    }

    fn counts(&self) -> std::sync::MutexGuard<'_, Counts> {
        self.counts.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A place for a new TCP connection from `peer`, or why not.
    pub fn admit(self: &Arc<Self>, peer: IpAddr) -> Result<ConnectionPermit, Refused> {
        let key = address_of(peer);
        let mut counts = self.counts();
        if counts.tcp_total >= self.caps.total {
            return Err(Refused::Full(self.caps.total));
        }
        let held = counts.tcp.get(&key).copied().unwrap_or(0);
        if let Some(most) = self.caps.per_address
            && held >= most
        {
            return Err(Refused::Address(most));
        }
        counts.tcp_total += 1;
        *counts.tcp.entry(key).or_insert(0) += 1;
        Ok(ConnectionPermit {
            connections: Arc::clone(self),
            key,
        })
    }

    /// A place for a new WebSocket or stream of `holder`: refused (429) when its address or
    /// its account holds as many as one may, 503 when the server does.
    pub fn open_stream(self: &Arc<Self>, holder: &Holder) -> Result<StreamPermit, ApiError> {
        let mut counts = self.counts();
        if counts.streams_total >= self.caps.streams_total {
            return Err(ApiError::StreamsFull {
                limit: self.caps.streams_total,
            });
        }
        let mut keys = Vec::with_capacity(2);
        if let (Some(key), Some(most)) = (&holder.address, self.caps.streams_per_address) {
            if counts.streams.get(key).copied().unwrap_or(0) >= most {
                return Err(ApiError::TooManyOpen {
                    holder: "this address",
                    limit: most,
                });
            }
            keys.push(key.clone());
        }
        if let (Some(id), Some(most)) = (&holder.account, self.caps.streams_per_account) {
            let key = RateKey::Account(id.clone());
            if counts.streams.get(&key).copied().unwrap_or(0) >= most {
                return Err(ApiError::TooManyOpen {
                    holder: "this account",
                    limit: most,
                });
            }
            keys.push(key);
        }
        counts.streams_total += 1;
        for key in &keys {
            *counts.streams.entry(key.clone()).or_insert(0) += 1;
        }
        Ok(StreamPermit {
            connections: Arc::clone(self),
            keys,
        })
    }

    /// How many TCP connections and how many WebSockets and streams are open now.
    pub fn open(&self) -> (usize, usize) {
        let counts = self.counts();
        (counts.tcp_total, counts.streams_total)
    }
}

/// The address a connection counts for: an IPv6 client's /64 network, as the rates count
/// it.
fn address_of(peer: IpAddr) -> IpAddr {
    match RateKey::ip(peer) {
        RateKey::Ip(ip) => ip,
        _ => peer,
    }
}

/// A served TCP connection's place; given back when dropped.
pub struct ConnectionPermit {
    connections: Arc<Connections>,
    key: IpAddr,
}

impl Drop for ConnectionPermit {
    fn drop(&mut self) {
        let mut counts = self.connections.counts();
        counts.tcp_total = counts.tcp_total.saturating_sub(1);
        if let Some(n) = counts.tcp.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                counts.tcp.remove(&self.key);
            }
        }
    }
}

/// An open WebSocket's or stream's place; given back when dropped.
pub struct StreamPermit {
    connections: Arc<Connections>,
    keys: Vec<RateKey>,
}

impl Drop for StreamPermit {
    fn drop(&mut self) {
        let mut counts = self.connections.counts();
        counts.streams_total = counts.streams_total.saturating_sub(1);
        for key in &self.keys {
            if let Some(n) = counts.streams.get_mut(key) {
                *n -= 1;
                if *n == 0 {
                    counts.streams.remove(key);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn caps() -> Caps {
        Caps {
            per_address: Some(2),
            total: 3,
            streams_per_address: Some(2),
            streams_per_account: Some(1),
            streams_total: 3,
        }
    }

    #[test]
    fn an_address_gets_its_share_and_places_come_back() {
        let c = Connections::new(caps());
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let b: IpAddr = "192.0.2.2".parse().unwrap();
        let first = c.admit(a).unwrap();
        let _second = c.admit(a).unwrap();
        assert_eq!(c.admit(a).err(), Some(Refused::Address(2)));
        let _third = c.admit(b).unwrap();
        assert_eq!(c.admit(b).err(), Some(Refused::Full(3)));
        drop(first);
        assert!(c.admit(a).is_ok());
        assert!(Refused::Address(2).response().starts_with("HTTP/1.1 429 "));
        // One IPv6 client is its /64 network.
        let v6 = Connections::new(caps());
        let _x = v6.admit("2001:db8::1".parse().unwrap()).unwrap();
        let _y = v6.admit("2001:db8::2".parse().unwrap()).unwrap();
        assert!(v6.admit("2001:db8::3".parse().unwrap()).is_err());
    }

    #[test]
    fn streams_count_per_address_and_per_account() {
        let c = Connections::new(caps());
        let here = |account: Option<&str>| Holder {
            address: Some(RateKey::ip("192.0.2.1".parse().unwrap())),
            account: account.map(Into::into),
        };
        let alice = c.open_stream(&here(Some("alice"))).unwrap();
        let refused = c.open_stream(&here(Some("alice"))).err().unwrap();
        assert_eq!(refused.code(), "too_many");
        let _guest = c.open_stream(&here(None)).unwrap();
        assert!(c.open_stream(&here(None)).is_err(), "the address is full");
        drop(alice);
        let _again = c.open_stream(&here(Some("alice"))).unwrap();
        let elsewhere = Holder {
            address: Some(RateKey::ip("192.0.2.9".parse().unwrap())),
            account: None,
        };
        assert_eq!(c.open(), (0, 2));
        let _third = c.open_stream(&elsewhere).unwrap();
        let full = c.open_stream(&elsewhere).err().unwrap();
        assert_eq!(full.code(), "streams_full");
    }
}
