//! Limits per client, as set: how many requests of each kind one client may make, and how
//! large a request body may be (the HTTP layer enforces them: `limits.rs`).

use std::net::{IpAddr, Ipv6Addr};
use std::num::NonZeroU32;
use std::str::FromStr;
use std::time::Duration;

/// A rate: `burst` requests at once, then one more every minute / `per_minute`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rate {
    /// Requests per minute in the long run.
    pub per_minute: NonZeroU32,
    /// Requests accepted at once from a client that has been quiet.
    pub burst: NonZeroU32,
}

impl Rate {
    /// `per_minute` requests a minute after a burst of `burst` (a zero counts as one).
    pub const fn new(per_minute: u32, burst: u32) -> Rate {
        Rate {
            per_minute: nonzero(per_minute),
            burst: nonzero(burst),
        }
    }
}

const fn nonzero(n: u32) -> NonZeroU32 {
    match NonZeroU32::new(n) {
        Some(n) => n,
        None => NonZeroU32::MIN,
    }
}

/// Why a rate's text cannot be read.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("rate '{0}': write COUNT/min or COUNT/s, then optionally ,BURST (e.g. 30/min,20), or off")]
pub struct RateError(String);

impl FromStr for Rate {
    type Err = RateError;

    /// Reads `30/min`, `5/s` or `30/min,20` (a burst of 20; without it, the count).
    fn from_str(text: &str) -> Result<Rate, RateError> {
        let wrong = || RateError(text.to_string());
        let (rate, burst) = match text.split_once(',') {
            Some((rate, burst)) => (rate, Some(burst)),
            None => (text, None),
        };
        let (count, unit) = rate.trim().split_once('/').ok_or_else(wrong)?;
        let count: u32 = count.trim().parse().map_err(|_| wrong())?;
        let per_minute = match unit.trim() {
            "min" | "m" => count,
            "s" | "sec" => count.checked_mul(60).ok_or_else(wrong)?,
            _ => return Err(wrong()),
        };
        let burst = match burst {
            Some(b) => b.trim().parse().map_err(|_| wrong())?,
            None => count,
        };
        let per_minute = NonZeroU32::new(per_minute).ok_or_else(wrong)?;
        let burst = NonZeroU32::new(burst).ok_or_else(wrong)?;
        Ok(Rate { per_minute, burst })
    }
}

impl std::fmt::Display for Rate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/min,{}", self.per_minute, self.burst)
    }
}

/// The limits of `koma serve`; `None` for a rate is no limit of that kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Every request (pages, API, WebSocket connections), per client.
    pub requests: Option<Rate>,
    /// New games, joins and rematches, per client.
    pub games: Option<Rate>,
    /// Reviews asked for, per client.
    pub reviews: Option<Rate>,
    /// The engine's lines asked for (the analysis board's), per client: most are answered
    /// from the searches kept, and a client has one search at a time.
    pub analyses: Option<Rate>,
    /// Records read or written, per client.
    pub records: Option<Rate>,
    /// Logins, sign-ups, HTTP Basic checks and new API tokens, per client address.
    pub logins: Option<Rate>,
    /// The same, per username tried from one client address (a failed login counts): one
    /// address cannot guess an account's password faster than this, and strangers guessing
    /// from their addresses do not lock the owner out of hers.
    pub logins_per_name_and_address: Option<Rate>,
    /// Chat lines, per sender: the client's address, and its account when logged in.
    pub chat: Option<Rate>,
    /// Whether the server is behind a reverse proxy whose `X-Forwarded-For` names the
    /// client (its last address is the one the proxy saw). Off, the header is ignored: any
    /// client could write it.
    pub behind_proxy: bool,
    /// The largest JSON body of a request, in bytes (moves, new games, lines of moves).
    pub body_bytes: usize,
    /// The largest JSON body of a record to read (`/api/records/read`), in bytes.
    pub record_body_bytes: usize,
    /// The longest a request's body may take to arrive once its head has (in all, and
    /// between two of its pieces); then 408 `body_timeout`.
    pub body_timeout: Duration,
    /// TCP connections open at once from one client address (not counted with
    /// [`Limits::behind_proxy`]: every connection then comes from the proxy).
    pub connections_per_address: Option<usize>,
    /// WebSockets and ND-JSON streams open at once from one client address.
    pub streams_per_address: Option<usize>,
    /// WebSockets and ND-JSON streams open at once of one account, whatever its addresses.
    pub streams_per_account: Option<usize>,
    /// Messages a client may send on one WebSocket; beyond, the socket is closed.
    pub ws_messages: Option<Rate>,
}

impl Default for Limits {
    /// Loose enough for a person, a page that polls, and the test suite (all from one
    /// loopback address); tight enough that a loop of creations is refused after the burst.
    fn default() -> Limits {
        Limits {
            requests: Some(Rate::new(3000, 500)),
            games: Some(Rate::new(30, 20)),
            reviews: Some(Rate::new(20, 10)),
            analyses: Some(Rate::new(240, 60)),
            records: Some(Rate::new(120, 60)),
            logins: Some(Rate::new(30, 30)),
            logins_per_name_and_address: Some(Rate::new(10, 10)),
            chat: Some(Rate::new(20, 8)),
            behind_proxy: false,
            body_bytes: 64 * 1024,
            // A record text may be 1 MiB (`records::MAX_TEXT_BYTES`); JSON escapes make it
            // longer.
            record_body_bytes: 3 * 1024 * 1024,
            body_timeout: Duration::from_secs(30),
            connections_per_address: Some(128),
            streams_per_address: Some(64),
            streams_per_account: Some(32),
            ws_messages: Some(Rate::new(600, 30)),
        }
    }
}

impl Limits {
    /// No rate limit and no cap per client at all (the body sizes and the server's totals
    /// stay): for a benchmark that plays many games from one address.
    pub fn no_rate_limits() -> Limits {
        Limits {
            requests: None,
            games: None,
            reviews: None,
            analyses: None,
            records: None,
            logins: None,
            logins_per_name_and_address: None,
            chat: None,
            connections_per_address: None,
            streams_per_address: None,
            streams_per_account: None,
            ws_messages: None,
            ..Limits::default()
        }
    }
}

/// The address that stands for the client at `ip`: an IPv6 address's /64 (one client's
/// network), an IPv4-mapped one as IPv4.
pub fn client_network(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(Ipv6Addr::from(u128::from(v6) & !((1u128 << 64) - 1))),
        },
        v4 => v4,
    }
}
