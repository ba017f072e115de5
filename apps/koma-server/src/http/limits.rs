//! Limits per client, enforced: the settings are [`Limits`] (`rates.rs`); [`Limiter`] keeps each client's count
//! (GCRA from `governor`: a burst, then a steady rate) and [`limit`] is the middleware that
//! answers 429 with `Retry-After` beyond it.

use crate::error::ApiError;
pub use crate::rates::{Limits, Rate};
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{Extensions, HeaderMap};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::MethodRouter;
use governor::clock::Clock;
use governor::{DefaultKeyedRateLimiter, Quota};
use koma_store::UserId;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Who a count is kept for: a client's address, an account, or a username tried at login
/// from an address.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RateKey {
    /// A client address; an IPv6 address is cut to its /64 (one client's network).
    Ip(IpAddr),
    /// A logged-in account (its id): its requests count here as well as per address, so
    /// that many addresses do not multiply one account's rate.
    Account(UserId),
    /// A username given to log in (lowercase, whether the account exists or not) by the
    /// client at an address (cut as for [`RateKey::Ip`]; `None` for a request made in
    /// process, not over a socket).
    UsernameFrom {
        /// The username, lowercase.
        username: String,
        /// The client's address.
        client: Option<IpAddr>,
    },
}

impl RateKey {
    /// The key of the client at `ip`.
    pub fn ip(ip: IpAddr) -> RateKey {
        RateKey::Ip(crate::rates::client_network(ip))
    }

    /// The key of a login to `username` (any case) from the client at `ip`.
    pub fn username_from(username: &str, ip: Option<IpAddr>) -> RateKey {
        RateKey::UsernameFrom {
            username: username.to_ascii_lowercase(),
            client: ip.map(crate::rates::client_network),
        }
    }
}

/// The kinds of request counted apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RateClass {
    /// Every request.
    Requests,
    /// New games, joins, rematches.
    Games,
    /// Reviews.
    Reviews,
    /// The engine's lines on a position (the analysis board's).
    Analyses,
    /// Records read or written.
    Records,
    /// Logins, sign-ups, HTTP Basic checks and new API tokens, per address.
    Logins,
    /// The same, per username tried from one address.
    LoginsPerNameAndAddress,
    /// Chat lines, per sender.
    Chat,
}

/// How many kinds of request are counted apart.
const CLASSES: usize = 8;

impl RateClass {
    const ALL: [RateClass; CLASSES] = [
        RateClass::Requests,
        RateClass::Games,
        RateClass::Reviews,
        RateClass::Analyses,
        RateClass::Records,
        RateClass::Logins,
        RateClass::LoginsPerNameAndAddress,
        RateClass::Chat,
    ];

    /// What the refusal says was asked too often.
    fn what(self) -> &'static str {
        match self {
            RateClass::Requests => "requests from this client",
            RateClass::Games => "new games from this client",
            RateClass::Reviews => "reviews from this client",
            RateClass::Analyses => "analyses from this client",
            RateClass::Records => "record conversions from this client",
            RateClass::Logins => "login attempts from this client",
            RateClass::LoginsPerNameAndAddress => {
                "login attempts for this username from this client"
            }
            RateClass::Chat => "chat lines from this sender",
        }
    }

    fn rate(self, limits: &Limits) -> Option<Rate> {
        match self {
            RateClass::Requests => limits.requests,
            RateClass::Games => limits.games,
            RateClass::Reviews => limits.reviews,
            RateClass::Analyses => limits.analyses,
            RateClass::Records => limits.records,
            RateClass::Logins => limits.logins,
            RateClass::LoginsPerNameAndAddress => limits.logins_per_name_and_address,
            RateClass::Chat => limits.chat,
        }
    }
}

/// How often the counts of quiet clients are dropped (they are full again anyway).
const SWEEP: Duration = Duration::from_secs(60);

/// The counts of every client, by kind of request.
pub struct Limiter {
    limits: Limits,
    rates: [Option<DefaultKeyedRateLimiter<RateKey>>; CLASSES],
    last_sweep: Mutex<Instant>,
}

impl Limiter {
    /// Counts for the rates of `limits`.
    pub fn new(limits: Limits) -> Limiter {
        let rates = RateClass::ALL.map(|class| {
            class.rate(&limits).map(|rate| {
                let quota = Quota::per_minute(rate.per_minute).allow_burst(rate.burst);
                DefaultKeyedRateLimiter::keyed(quota)
            })
        });
        Limiter {
            limits,
            rates,
            last_sweep: Mutex::new(Instant::now()),
        }
    }

    /// The settings.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Counts one request of `class` from `key`: refused (429) beyond the rate.
    pub fn check(&self, class: RateClass, key: &RateKey) -> Result<(), ApiError> {
        let Some(limiter) = &self.rates[class as usize] else {
            return Ok(());
        };
        self.sweep();
        limiter.check_key(key).map_err(|not_until| {
            let wait = not_until.wait_time_from(limiter.clock().now());
            // Whole seconds, rounded up: a client that waits that long is accepted.
            let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
            ApiError::RateLimited {
                what: class.what(),
                retry_after_s: seconds.max(1),
            }
        })
    }

    /// Drops the counts of clients quiet long enough to be full again, once a minute, so
    /// that many clients (or forged addresses) do not fill the memory.
    fn sweep(&self) {
        let mut last = self.last_sweep.lock().unwrap_or_else(|e| e.into_inner());
        if last.elapsed() < SWEEP {
            return;
        }
        *last = Instant::now();
        for limiter in self.rates.iter().flatten() {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
    }

    /// The key of a request's client: its address, or with [`Limits::behind_proxy`] the
    /// last address of `X-Forwarded-For`. `None` without a peer address (a request made
    /// in process, not over a socket).
    pub fn key_of(&self, request: &Request) -> Option<RateKey> {
        self.client(request.extensions(), request.headers())
            .map(RateKey::ip)
    }

    /// The key of the client of a request's extensions and headers (see
    /// [`Limiter::key_of`]).
    pub fn key_from(&self, extensions: &Extensions, headers: &HeaderMap) -> Option<RateKey> {
        self.client(extensions, headers).map(RateKey::ip)
    }

    /// The address of a request's client (see [`Limiter::key_of`]).
    pub fn client(&self, extensions: &Extensions, headers: &HeaderMap) -> Option<IpAddr> {
        let peer = extensions.get::<ConnectInfo<SocketAddr>>()?.0.ip();
        if self.limits.behind_proxy {
            Some(forwarded_for(headers).unwrap_or(peer))
        } else {
            Some(peer)
        }
    }

    /// Counts a login attempt for `username` from the client of a request (its extensions
    /// and headers): per address, and per username (any case) from that address; refused
    /// (429) beyond either rate. Strangers guessing a name from their addresses use up
    /// their own counts, not its owner's.
    pub fn check_login(
        &self,
        extensions: &Extensions,
        headers: &HeaderMap,
        username: &str,
    ) -> Result<(), ApiError> {
        let client = self.client(extensions, headers);
        if let Some(ip) = client {
            self.check(RateClass::Logins, &RateKey::ip(ip))?;
        }
        let key = RateKey::username_from(username, client);
        self.check(RateClass::LoginsPerNameAndAddress, &key)
    }
}

impl Limiter {
    /// Counts a chat line of the sender `client` (its address) and `account` (if logged
    /// in): refused (429) beyond [`Limits::chat`] for either.
    pub fn check_chat(
        &self,
        client: Option<&RateKey>,
        account: Option<&UserId>,
    ) -> Result<(), ApiError> {
        if let Some(key) = client {
            self.check(RateClass::Chat, key)?;
        }
        if let Some(id) = account {
            self.check(RateClass::Chat, &RateKey::Account(id.clone()))?;
        }
        Ok(())
    }
}

/// The last address of the last `X-Forwarded-For` header: the one the proxy itself added
/// (those before it are the client's word).
fn forwarded_for(headers: &HeaderMap) -> Option<IpAddr> {
    let last = headers.get_all("x-forwarded-for").iter().next_back()?;
    let address = last.to_str().ok()?.rsplit(',').next()?.trim();
    address
        .parse::<IpAddr>()
        .ok()
        .or_else(|| address.parse::<SocketAddr>().ok().map(|a| a.ip()))
}

/// The client of a request, as the limits count it: its address (see [`Limiter::key_of`]),
/// `None` for a request made in process.
pub struct Client(pub Option<RateKey>);

impl axum::extract::FromRequestParts<crate::http::api::AppState> for Client {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &crate::http::api::AppState,
    ) -> Result<Client, std::convert::Infallible> {
        Ok(Client(
            state.limiter.key_from(&parts.extensions, &parts.headers),
        ))
    }
}

impl Client {
    /// The holder of a WebSocket or stream this client opens, for `account` if logged in.
    pub fn holder(&self, account: Option<&str>) -> crate::http::connections::Holder {
        crate::http::connections::Holder {
            address: self.0.clone(),
            account: account.map(UserId::from),
        }
    }
}

/// A request of this class still to be counted for its account: the middleware leaves it
/// in the request's extensions, and the [`crate::accounts::Player`] extractor counts
/// it (once) when it finds who the request comes from.
#[derive(Clone, Copy, Debug)]
pub struct AccountCount(pub RateClass);

/// The middleware: counts the request in its class for its client; 429 beyond the rate.
/// The class is left in the request for the account's count ([`AccountCount`]).
pub async fn limit(
    State((limiter, class)): State<(Arc<Limiter>, RateClass)>,
    mut request: Request,
    next: Next,
) -> Response {
    if let Some(key) = limiter.key_of(&request) {
        if let Err(refused) = limiter.check(class, &key) {
            return refused.into_response();
        }
    }
    if class != RateClass::Requests {
        request.extensions_mut().insert(AccountCount(class));
    }
    next.run(request).await
}

/// `route` with its requests counted in `class`.
pub fn limited<S: Clone + Send + Sync + 'static>(
    limiter: &Arc<Limiter>,
    class: RateClass,
    route: MethodRouter<S>,
) -> MethodRouter<S> {
    route.route_layer(axum::middleware::from_fn_with_state(
        (Arc::clone(limiter), class),
        limit,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_read_and_print() {
        assert_eq!("30/min,20".parse(), Ok(Rate::new(30, 20)));
        assert_eq!("5/s".parse(), Ok(Rate::new(300, 5)));
        assert_eq!(" 7 / min ".parse(), Ok(Rate::new(7, 7)));
        for bad in ["", "30", "30/h", "0/min", "30/min,0", "x/min", "30/min,y"] {
            let e = bad.parse::<Rate>().unwrap_err();
            assert!(e.to_string().contains(bad), "{e}");
        }
        assert_eq!(Rate::new(30, 20).to_string(), "30/min,20");
    }

    #[test]
    fn a_client_is_refused_after_its_burst_and_others_are_not() {
        let limiter = Limiter::new(Limits {
            games: Some(Rate::new(1, 3)),
            ..Limits::default()
        });
        let a = RateKey::ip("192.0.2.1".parse().unwrap());
        let b = RateKey::ip("192.0.2.2".parse().unwrap());
        for _ in 0..3 {
            limiter.check(RateClass::Games, &a).unwrap();
        }
        let refused = limiter.check(RateClass::Games, &a).unwrap_err();
        // One a minute: the next in (nearly) 60 s.
        let wait = refused.retry_after().unwrap();
        assert!((55..=60).contains(&wait), "{wait}");
        assert!(limiter.check(RateClass::Games, &b).is_ok());
        // Another kind of request is counted apart.
        assert!(limiter.check(RateClass::Records, &a).is_ok());
        // No rate: no limit.
        let open = Limiter::new(Limits::no_rate_limits());
        for _ in 0..1000 {
            open.check(RateClass::Games, &a).unwrap();
        }
    }

    /// The extensions of a request from `ip`.
    fn from(ip: &str) -> Extensions {
        let mut extensions = Extensions::new();
        extensions.insert(ConnectInfo(SocketAddr::new(ip.parse().unwrap(), 40_000)));
        extensions
    }

    #[test]
    fn logins_count_per_username_in_any_case_and_address() {
        let limiter = Limiter::new(Limits {
            logins_per_name_and_address: Some(Rate::new(1, 2)),
            ..Limits::default()
        });
        let headers = HeaderMap::new();
        let (here, there) = (from("192.0.2.1"), from("192.0.2.2"));
        limiter.check_login(&here, &headers, "Alice").unwrap();
        limiter.check_login(&here, &headers, "alice").unwrap();
        let refused = limiter.check_login(&here, &headers, "ALICE").unwrap_err();
        assert_eq!(refused.code(), "rate_limited");
        assert!(
            refused
                .to_string()
                .contains("for this username from this client"),
            "{refused}"
        );
        // Another name from that address, and the name from another, count apart.
        limiter.check_login(&here, &headers, "bob").unwrap();
        limiter.check_login(&there, &headers, "alice").unwrap();
        // An IPv6 client is its /64 network, for names as for addresses.
        let (v6, same_network) = (from("2001:db8::1"), from("2001:db8::2"));
        limiter.check_login(&v6, &headers, "alice").unwrap();
        limiter.check_login(&v6, &headers, "alice").unwrap();
        assert!(
            limiter
                .check_login(&same_network, &headers, "alice")
                .is_err()
        );
        // No address (a request made in process): the name alone counts.
        let nowhere = Extensions::new();
        limiter.check_login(&nowhere, &headers, "alice").unwrap();
        limiter.check_login(&nowhere, &headers, "alice").unwrap();
        assert!(limiter.check_login(&nowhere, &headers, "alice").is_err());
        // An account's count is its own, apart from an address's and a name's.
        let games = Limiter::new(Limits {
            games: Some(Rate::new(1, 1)),
            ..Limits::default()
        });
        let account = RateKey::Account("alice".into());
        games.check(RateClass::Games, &account).unwrap();
        assert!(games.check(RateClass::Games, &account).is_err());
        assert!(
            games
                .check(RateClass::Games, &RateKey::username_from("alice", None))
                .is_ok()
        );
    }

    #[test]
    fn an_ipv6_client_is_its_64_bit_network() {
        let key = |s: &str| RateKey::ip(s.parse().unwrap());
        assert_eq!(key("2001:db8:1:2:aaaa::1"), key("2001:db8:1:2:bbbb::2"));
        assert_ne!(key("2001:db8:1:2::1"), key("2001:db8:1:3::1"));
        assert_eq!(key("::ffff:192.0.2.1"), key("192.0.2.1"));
    }

    #[test]
    fn the_forwarded_address_is_the_last_one() {
        let mut headers = HeaderMap::new();
        assert_eq!(forwarded_for(&headers), None);
        headers.append(
            "x-forwarded-for",
            "203.0.113.9, 198.51.100.7".parse().unwrap(),
        );
        assert_eq!(forwarded_for(&headers), "198.51.100.7".parse().ok());
        headers.append("x-forwarded-for", "[2001:db8::1]:443".parse().unwrap());
        assert_eq!(forwarded_for(&headers), "2001:db8::1".parse().ok());
        headers.insert("x-forwarded-for", "not an address".parse().unwrap());
        assert_eq!(forwarded_for(&headers), None);
    }
}
