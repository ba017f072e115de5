//! `koma serve`: the server for games in the browser (HTTP and WebSocket, games in SQLite).

use anyhow::{Context, anyhow};
use clap::Args;
use koma_server::{Limits, Rate};
use std::net::SocketAddr;
use std::path::PathBuf;

/// The arguments of `koma serve`.
#[derive(Args)]
pub struct ServeArgs {
    /// The address to listen on (port 0: any free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: String,
    /// The SQLite file the games are kept in (created on first start).
    #[arg(long, default_value = "koma.sqlite")]
    db: PathBuf,
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
    /// Records read or written per client [default: 120/min,60].
    #[arg(long, value_name = "RATE", value_parser = rate)]
    limit_records: Option<RateSetting>,
    /// No rate limit of any kind (for a load test from one machine).
    #[arg(long)]
    no_rate_limits: bool,
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
            (self.limit_records, &mut limits.records),
        ] {
            if let Some(RateSetting(rate)) = flag {
                *setting = rate;
            }
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
    koma_server::serve_blocking(addr, &args.db, args.limits()).context("serve")
}
