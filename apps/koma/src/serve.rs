//! `koma serve`: the server for games in the browser (HTTP and WebSocket, games in SQLite
//! or PostgreSQL).

use anyhow::{Context, anyhow};
use clap::Args;
use koma_server::{Database, Limits, Rate, Settings};
use std::net::SocketAddr;
use std::time::Duration;

/// The arguments of `koma serve`.
#[derive(Args)]
pub struct ServeArgs {
    /// The address to listen on (port 0: any free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: String,
    /// Where the games are kept: a SQLite file (a path or sqlite:PATH, created on first
    /// start) or a PostgreSQL database (postgres://user:password@host/db).
    #[arg(long, default_value = "koma.sqlite")]
    db: Database,
    /// Engine searches at once, for games and reviews (default: the machine's cores).
    #[arg(long, value_name = "N")]
    searches: Option<usize>,
    /// The engine's hash tables in all, in MiB, shared by the searches (default 256).
    #[arg(long, value_name = "MIB")]
    hash_mb: Option<usize>,
    /// Engine moves that may wait for a search before new engine games are refused
    /// (default: 4 per search).
    #[arg(long, value_name = "N")]
    engine_queue: Option<usize>,
    /// Undecided games against the engine the server holds (default: 8 per search).
    #[arg(long, value_name = "N")]
    max_engine_games: Option<usize>,
    /// Undecided games against the engine one client (IP address) may hold (default 4).
    #[arg(long, value_name = "N")]
    engine_games_per_client: Option<usize>,
    /// Reviews waiting or running in all (default 32).
    #[arg(long, value_name = "N")]
    review_queue: Option<usize>,
    /// Reviews waiting or running per client (IP address) (default 2).
    #[arg(long, value_name = "N")]
    reviews_per_client: Option<usize>,
    /// The engine's time for a whole review, in seconds (default 600).
    #[arg(long, value_name = "SECONDS")]
    review_time: Option<u64>,
    /// Seconds an invitation waits for the other player before the game is aborted
    /// (default 1200).
    #[arg(long, value_name = "SECONDS")]
    invitation_ttl: Option<u64>,
    /// Seconds a started game between people waits for each side's first move before it
    /// is aborted (default 120); games against the engine wait for `--engine-idle-ttl`.
    #[arg(long, value_name = "SECONDS")]
    first_move_ttl: Option<u64>,
    /// Seconds a game against the engine keeps its place among the engine's games while its
    /// person does not move (default 120); then it stops counting until the next move.
    #[arg(long, value_name = "SECONDS")]
    engine_slot_idle: Option<u64>,
    /// Seconds a game against the engine without a clock waits for the person's move
    /// before it is aborted (no move of the person yet) or the person loses by
    /// abandonment (default 3600).
    #[arg(long, value_name = "SECONDS")]
    engine_idle_ttl: Option<u64>,
    /// Seconds a decided game stays in memory for its watchers (default 600).
    #[arg(long, value_name = "SECONDS")]
    keep_decided: Option<u64>,
    /// Seconds a player of a game with a clock may be gone (no connection to the game)
    /// before his opponent may claim the win (default 40).
    #[arg(long, value_name = "SECONDS")]
    gone_after: Option<u64>,
    /// Seconds a seek or quick pairing waits in the lobby (default 600).
    #[arg(long, value_name = "SECONDS")]
    seek_ttl: Option<u64>,
    /// Seconds a player's seeks stay after his last lobby connection closed (default 20).
    #[arg(long, value_name = "SECONDS")]
    lobby_absence: Option<u64>,
    /// Behind a reverse proxy: each client is the last address of X-Forwarded-For (without
    /// this flag the header is ignored, and behind a proxy all clients count as one).
    #[arg(long)]
    behind_proxy: bool,
    /// Requests of any kind per client: COUNT/min or COUNT/s, then ,BURST; or off
    /// [default: 3000/min,500].
    #[arg(long, value_name = "RATE", value_parser = rate)]
    limit_requests: Option<RateSetting>,
    /// New games, joins and rematches per client [default: 30/min,20].
    #[arg(long, value_name = "RATE", value_parser = rate)]
    limit_games: Option<RateSetting>,
    /// Reviews per client [default: 20/min,10].
    #[arg(long, value_name = "RATE", value_parser = rate)]
    limit_reviews: Option<RateSetting>,
    /// The engine's lines asked for on the analysis board per client [default: 240/min,60].
    #[arg(long, value_name = "RATE", value_parser = rate)]
    limit_analyses: Option<RateSetting>,
    /// Records read or written per client [default: 120/min,60].
    #[arg(long, value_name = "RATE", value_parser = rate)]
    limit_records: Option<RateSetting>,
    /// Logins, sign-ups, HTTP Basic checks and new API tokens per client [default: 30/min,30].
    #[arg(long, value_name = "RATE", value_parser = rate)]
    limit_logins: Option<RateSetting>,
    /// Logins, sign-ups, HTTP Basic checks and new API tokens per username tried from one
    /// client [default: 10/min,10].
    #[arg(long, value_name = "RATE", value_parser = rate, visible_alias = "limit-logins-per-name")]
    limit_logins_per_name_and_address: Option<RateSetting>,
    /// Chat lines per sender (address, and account if logged in) [default: 20/min,8].
    #[arg(long, value_name = "RATE", value_parser = rate)]
    limit_chat: Option<RateSetting>,
    /// Messages a client may send on one WebSocket; beyond, it is closed [default: 10/s,30].
    #[arg(long, value_name = "RATE", value_parser = rate)]
    limit_ws_messages: Option<RateSetting>,
    /// TCP connections at once from one client address, or off [default: 128] (not
    /// counted with --behind-proxy).
    #[arg(long, value_name = "N", value_parser = cap)]
    connections_per_address: Option<CapSetting>,
    /// WebSockets and streams at once from one client address, or off [default: 64].
    #[arg(long, value_name = "N", value_parser = cap)]
    streams_per_address: Option<CapSetting>,
    /// WebSockets and streams at once of one account, or off [default: 32].
    #[arg(long, value_name = "N", value_parser = cap)]
    streams_per_account: Option<CapSetting>,
    /// TCP connections served at once in all [default: 7/8 of the limit on open files,
    /// raised to its hard limit at start, at most 50000].
    #[arg(long, value_name = "N")]
    max_connections: Option<usize>,
    /// WebSockets and streams open at once in all [default: 16384].
    #[arg(long, value_name = "N")]
    max_streams: Option<usize>,
    /// Seconds a connection may take to send a request's head, and may stay idle between
    /// requests (default 15).
    #[arg(long, value_name = "SECONDS")]
    head_timeout: Option<u64>,
    /// Seconds a request's body may take to arrive (default 30).
    #[arg(long, value_name = "SECONDS")]
    body_timeout: Option<u64>,
    /// No rate limit and no cap per client of any kind (for a load test from one machine).
    #[arg(long)]
    no_rate_limits: bool,
}

/// A cap flag's value: a count, or none (`off`).
#[derive(Clone, Copy)]
struct CapSetting(Option<usize>);

/// Reads a count, or `off` for none.
fn cap(text: &str) -> Result<CapSetting, String> {
    if text == "off" {
        return Ok(CapSetting(None));
    }
    match text.parse::<usize>() {
        Ok(n) if n > 0 => Ok(CapSetting(Some(n))),
        _ => Err(format!("'{text}': write a count above 0, or off")),
    }
}

/// A rate flag's value: a rate, or none (`off`).
#[derive(Clone, Copy)]
struct RateSetting(Option<Rate>);

/// Reads a rate, or `off` for none.
fn rate(text: &str) -> Result<RateSetting, String> {
    if text == "off" {
        Ok(RateSetting(None))
    } else {
        text.parse()
            .map(|r| RateSetting(Some(r)))
            .map_err(|e| format!("{e}"))
    }
}

impl ServeArgs {
    /// The server's settings: the defaults, with what the flags set.
    fn settings(&self) -> Settings {
        // The queue and the most engine games follow the searches unless set themselves.
        let mut s = self
            .searches
            .map_or_else(Settings::default, Settings::for_searches);
        let count = |flag: Option<usize>, field: &mut usize| {
            if let Some(n) = flag {
                *field = n;
            }
        };
        count(self.hash_mb, &mut s.hash_mb);
        count(self.engine_queue, &mut s.engine_queue);
        count(self.max_engine_games, &mut s.max_engine_games);
        count(self.engine_games_per_client, &mut s.engine_games_per_client);
        count(self.review_queue, &mut s.review_queue);
        count(self.reviews_per_client, &mut s.reviews_per_client);
        let seconds = |flag: Option<u64>, field: &mut Duration| {
            if let Some(n) = flag {
                *field = Duration::from_secs(n);
            }
        };
        seconds(self.review_time, &mut s.review_time);
        seconds(self.invitation_ttl, &mut s.invitation_ttl);
        seconds(self.first_move_ttl, &mut s.first_move_ttl);
        seconds(self.engine_idle_ttl, &mut s.engine_idle_ttl);
        seconds(self.engine_slot_idle, &mut s.engine_slot_idle);
        seconds(self.head_timeout, &mut s.head_timeout);
        if self.max_connections.is_some() {
            s.max_connections = self.max_connections;
        }
        count(self.max_streams, &mut s.max_streams);
        seconds(self.keep_decided, &mut s.keep_decided);
        seconds(self.gone_after, &mut s.gone_after);
        seconds(self.seek_ttl, &mut s.seek_ttl);
        seconds(self.lobby_absence, &mut s.lobby_absence);
        s.limits = self.limits();
        s
    }

    /// The limits the flags ask for.
    fn limits(&self) -> Limits {
        let mut limits = if self.no_rate_limits {
            Limits::no_rate_limits()
        } else {
            Limits::default()
        };
        limits.behind_proxy = self.behind_proxy;
        for (flag, setting) in [
            (self.limit_requests, &mut limits.requests),
            (self.limit_games, &mut limits.games),
            (self.limit_reviews, &mut limits.reviews),
            (self.limit_analyses, &mut limits.analyses),
            (self.limit_records, &mut limits.records),
            (self.limit_logins, &mut limits.logins),
            (
                self.limit_logins_per_name_and_address,
                &mut limits.logins_per_name_and_address,
            ),
            (self.limit_chat, &mut limits.chat),
            (self.limit_ws_messages, &mut limits.ws_messages),
        ] {
            if let Some(RateSetting(rate)) = flag {
                *setting = rate;
            }
        }
        for (flag, setting) in [
            (
                self.connections_per_address,
                &mut limits.connections_per_address,
            ),
            (self.streams_per_address, &mut limits.streams_per_address),
            (self.streams_per_account, &mut limits.streams_per_account),
        ] {
            if let Some(CapSetting(n)) = flag {
                *setting = n;
            }
        }
        if let Some(n) = self.body_timeout {
            limits.body_timeout = Duration::from_secs(n);
        }
        limits
    }
}

/// Serves until Ctrl-C, logging each request on stderr (filtered by `RUST_LOG`; info by
/// default).
pub fn run(args: ServeArgs) -> anyhow::Result<()> {
    let addr: SocketAddr = args
        .addr
        .parse()
        .map_err(|e| anyhow!("--addr {}: {e} (e.g. 127.0.0.1:8080)", args.addr))?;
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    // Colours only on a terminal, not in a file or a pipe.
    let colours = std::io::IsTerminal::is_terminal(&std::io::stderr());
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(colours)
        .init();
    let settings = args.settings();
    koma_server::serve_blocking(addr, &args.db, settings).context("serve")
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        serve: ServeArgs,
    }

    fn settings(args: &[&str]) -> Settings {
        Cli::parse_from(std::iter::once("serve").chain(args.iter().copied()))
            .serve
            .settings()
    }

    #[test]
    fn flags_set_the_settings() {
        assert_eq!(settings(&[]), Settings::default());
        let s = settings(&[
            "--searches",
            "3",
            "--hash-mb",
            "96",
            "--invitation-ttl",
            "60",
        ]);
        // The queue and the game limit follow the searches unless set.
        assert_eq!(
            (s.searches, s.hash_mb, s.engine_queue, s.max_engine_games),
            (3, 96, 12, 24)
        );
        assert_eq!(s.invitation_ttl, Duration::from_secs(60));
        let s = settings(&[
            "--searches",
            "3",
            "--engine-queue",
            "1",
            "--keep-decided",
            "5",
            "--seek-ttl",
            "30",
            "--lobby-absence",
            "7",
            "--gone-after",
            "3",
        ]);
        assert_eq!((s.engine_queue, s.max_engine_games), (1, 24));
        assert_eq!(s.keep_decided, Duration::from_secs(5));
        assert_eq!(s.gone_after, Duration::from_secs(3));
        assert_eq!(
            (s.seek_ttl, s.lobby_absence),
            (Duration::from_secs(30), Duration::from_secs(7))
        );
        let s = settings(&[
            "--connections-per-address",
            "off",
            "--streams-per-account",
            "3",
            "--head-timeout",
            "4",
            "--body-timeout",
            "6",
            "--max-connections",
            "900",
            "--limit-ws-messages",
            "2/s,5",
        ]);
        assert_eq!(s.limits.connections_per_address, None);
        assert_eq!(s.limits.streams_per_account, Some(3));
        assert_eq!(
            s.limits.streams_per_address,
            Limits::default().streams_per_address
        );
        assert_eq!(s.head_timeout, Duration::from_secs(4));
        assert_eq!(s.limits.body_timeout, Duration::from_secs(6));
        assert_eq!(s.max_connections, Some(900));
        assert_eq!(s.limits.ws_messages, Some(Rate::new(120, 5)));
        assert!(cap("0").is_err() && cap("x").is_err());
    }
}
