//! `koma serve`: the server for games in the browser (HTTP and WebSocket, games in SQLite).

use anyhow::{Context, anyhow};
use clap::Args;
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
}

/// Serves until Ctrl-C.
pub fn run(args: ServeArgs) -> anyhow::Result<()> {
    let addr: SocketAddr = args
        .addr
        .parse()
        .map_err(|e| anyhow!("--addr {}: {e} (e.g. 127.0.0.1:8080)", args.addr))?;
    koma_server::serve_blocking(addr, &args.db).context("serve")
}
