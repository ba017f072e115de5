//! The hostile client of the load benchmark: one client creating games in a loop, as fast
//! as the server answers, while the others play.

use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

/// What the hostile client got.
#[derive(Clone, Debug)]
pub struct AbuseReport {
    /// The address it sent from.
    pub from: Option<IpAddr>,
    /// How many answers of each status it got.
    pub statuses: BTreeMap<u16, usize>,
    /// Requests that got no answer, and the first reason.
    pub failures: (usize, Option<String>),
    /// How long its loop took.
    pub elapsed: Duration,
}

impl AbuseReport {
    /// One line: the statuses and the time.
    pub fn summary(&self) -> String {
        let statuses: Vec<String> = self
            .statuses
            .iter()
            .map(|(status, n)| format!("{status} x{n}"))
            .collect();
        let from = self
            .from
            .map_or("the same address".to_string(), |ip| ip.to_string());
        let mut line = format!(
            "abuse: game creations from {from} in {:.3} s: {}",
            self.elapsed.as_secs_f64(),
            statuses.join(", ")
        );
        if let (n, Some(first)) = &self.failures {
            line.push_str(&format!("; {n} without answer (first: {first})"));
        }
        line
    }
}

/// Creates `count` games one after the other on `addr`; from 127.0.0.2 when the server is
/// on an IPv4 loopback address (so that it is a client apart from the players on 127.0.0.1).
pub async fn create_in_a_loop(addr: SocketAddr, count: usize) -> AbuseReport {
    let from = (addr.ip().is_loopback() && addr.is_ipv4())
        .then_some(IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2)));
    let body = r#"{"side":"sente"}"#;
    let mut statuses = BTreeMap::new();
    let mut failures = (0, None);
    let start = Instant::now();
    for _ in 0..count {
        let answer = match from {
            Some(ip) => super::http::request_from(ip, addr, "POST", "/api/games", Some(body)).await,
            None => super::http::request(addr, "POST", "/api/games", Some(body)).await,
        };
        match answer {
            Ok((status, _)) => *statuses.entry(status).or_insert(0) += 1,
            Err(e) => {
                failures.0 += 1;
                failures.1.get_or_insert(e);
            }
        }
    }
    AbuseReport {
        from,
        statuses,
        failures,
        elapsed: start.elapsed(),
    }
}
