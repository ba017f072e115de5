//! A load benchmark for `koma serve`: many games played at once over WebSockets.
//!
//! ```sh
//! cargo run --release -p koma-server --example load -- [--api koma|lishogi] [--games 200] [--moves 40] [--addr HOST:PORT] [--seed 1] [--think-ms 0] [--reconnect-s 0] [--abuse 0]
//! ```
//!
//! With `--api koma` (the default) the players are guests on koma's own API and play over
//! WebSockets; with `--api lishogi` each is an account with a token, each game a rated
//! challenge accepted over lishogi's API, played on its ND-JSON streams by `POST`s (a
//! running server must then be started with `--no-rate-limits`: the run signs up two
//! accounts a game from one address). Without `--addr` it starts its own server in process on a temporary SQLite file (removed
//! afterwards); with `--addr` it loads a running `koma serve`. It prints the moves played,
//! the wall time, moves per second and the round-trip latency percentiles, then checks that
//! the server kept every move sent and that each socket's pushes came in order; it exits
//! with status 1 if not, 2 on bad arguments or a failed setup.

#[path = "load/bench.rs"]
mod bench;

use std::process::ExitCode;

const USAGE: &str =
    "usage: load [--api koma|lishogi] [--games N] [--moves N] [--addr HOST:PORT] [--seed N] [--think-ms N]
  --api NAME        koma (guests, WebSockets; the default) or lishogi (accounts, tokens,
                    rated challenges, ND-JSON streams, moves by POST)
  --games N         games played at once (default 200)
  --moves N         plies per game, fewer if a game ends first (default 40)
  --addr HOST:PORT  a running koma serve (default: one started here on a temporary database)
  --seed N          the seed the move choices derive from (default 1)
  --think-ms N      each player waits N ms before each move (default 0: as fast as possible)
  --reconnect-s N   a seat whose socket closes tries N seconds to open it again (koma API;
                    default 0: a closed socket is a problem), so that the server can be
                    killed and started again mid-run; meanwhile a request or a move that
                    the server answers with \"try again\" (its store unreachable; 502, 503
                    or 504 from a balancer) is tried again, and counted
  --abuse N         meanwhile a hostile client creates N games in a loop (from 127.0.0.2 on a
                    loopback server); the server in process then keeps its default limits";

/// Reads the arguments after the program name.
fn parse_args(args: impl IntoIterator<Item = String>) -> Result<bench::Config, String> {
    let mut config = bench::Config {
        api: bench::Api::Koma,
        games: 200,
        moves: 40,
        seed: 1,
        addr: None,
        think: std::time::Duration::ZERO,
        abuse: 0,
        reconnect: std::time::Duration::ZERO,
    };
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) => (n.to_string(), Some(v.to_string())),
            None => (arg.clone(), None),
        };
        if name == "-h" || name == "--help" {
            return Err(String::new());
        }
        let Some(value) = inline.or_else(|| args.next()) else {
            return Err(format!("{name} needs a value"));
        };
        let number = |what: &str| -> Result<u64, String> {
            value
                .parse::<u64>()
                .map_err(|_| format!("{what} wants a whole number, not {value:?}"))
        };
        match name.as_str() {
            "--games" => config.games = to_count(number("--games")?, "--games")?,
            "--moves" => config.moves = to_count(number("--moves")?, "--moves")?,
            "--seed" => config.seed = number("--seed")?,
            "--think-ms" => {
                config.think = std::time::Duration::from_millis(number("--think-ms")?);
            }
            "--addr" => config.addr = Some(value.clone()),
            "--api" => {
                config.api = match value.as_str() {
                    "koma" => bench::Api::Koma,
                    "lishogi" => bench::Api::Lishogi,
                    other => return Err(format!("--api is koma or lishogi, not {other:?}")),
                }
            }
            "--reconnect-s" => {
                config.reconnect = std::time::Duration::from_secs(number("--reconnect-s")?);
            }
            "--abuse" => config.abuse = usize::try_from(number("--abuse")?).unwrap_or(usize::MAX),
            _ => return Err(format!("unknown argument {arg:?}")),
        }
    }
    Ok(config)
}

/// A positive count that fits in memory.
fn to_count(n: u64, what: &str) -> Result<usize, String> {
    match usize::try_from(n) {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(format!("{what} wants a number from 1 up, not {n}")),
    }
}

#[tokio::main]
async fn main() -> ExitCode {
    let config = match parse_args(std::env::args().skip(1)) {
        Ok(config) => config,
        Err(e) if e.is_empty() => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("load: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match bench::run(&config).await {
        Ok(report) => {
            println!("{}", report.summary());
            if report.ok() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Err(e) => {
            eprintln!("load: {e}");
            ExitCode::from(2)
        }
    }
}
