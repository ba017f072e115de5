//! A hostile client against `koma serve`, and a normal client beside it.
//!
//! ```sh
//! cargo build --release -p koma
//! cargo run --release -p koma-server --example abuse -- --server-bin target/release/koma \
//!     --attack NAME|all [--addresses 20] [--seconds 20] [--count N] [--before 3] \
//!     [--settle 5] [--pace-ms 150] [--every-ms 1000] [--players 1000] \
//!     [--max-engine-games 40] [--max-rss-mib 4096] [-- SERVE-FLAGS...]
//! ```
//!
//! For each attack it starts `SERVER-BIN serve` on a free port and a temporary SQLite file
//! (the flags after `--` go to `koma serve`), sets the attack up, then runs a normal client
//! on 127.0.0.1 (an ordinary `GET /api/games?per=1` and a move of a game between two
//! people, in turn, every `--pace-ms`) alone for `--before` seconds, during the attack
//! (at most `--seconds`, from `--addresses` source addresses 127.0.0.2 and up, at most
//! 100) and for `--settle` seconds after it. It prints what the hostile client got, the
//! normal client's latency in each phase, and the server's memory (VmRSS), descriptors and
//! threads from `/proc` before, at the peak during, and after the attack; then one
//! Markdown row per attack. An attack stops early once the server's memory passes
//! `--max-rss-mib`. Linux only (it reads `/proc`; the addresses are loopback's).
//!
//! The attacks (each in its own file, `--count` its size):
//! - `sockets`: bare TCP connections that never send a request (default 25,000).
//! - `websockets`: spectator WebSockets held on one game that goes on, a move every
//!   `--every-ms` (1 s) (default 20,000).
//! - `streams`: tournament streams (300) of a 1,000-player event (`--players`) whose
//!   director makes one change every `--every-ms` (1 s).
//! - `flood`: WebSockets that send messages as fast as they can (100).
//! - `chat`: spectators' chat lines as fast as answered, one loop per address.
//! - `origin`: the lobby socket and event stream with a victim's cookie from a page of
//!   another origin.
//! - `consent`: a director enters a victim into a rated online Swiss at 0+1s; a rated
//!   seek and challenge at 0+1s the victim accepts and never plays.
//! - `logins`: strangers guess the owner's password while the owner logs in every
//!   `--every-ms` (5 s).
//! - `engine`: games against the engine at its strongest and long reviews (16 requests at
//!   once, `--hostile` the same), until `--max-engine-games` were accepted.
//!
//! Without `--attack` it runs `engine`. Sockets beyond what this process may open (its
//! limit on open files) are held by helper processes, this program again (`--helper`, see
//! `helpers.rs`).

mod chat;
mod client;
mod consent;
mod engine;
mod flood;
mod helpers;
#[path = "../load/http.rs"]
mod http;
mod kit;
mod logins;
mod origin;
mod sockets;
mod streams;
mod websockets;

use kit::{Opts, Report, Target};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, ExitCode, Stdio};
use std::time::Duration;

/// The attacks in the order `all` runs them.
const ATTACKS: [&str; 9] = [
    "sockets",
    "websockets",
    "streams",
    "flood",
    "chat",
    "origin",
    "consent",
    "logins",
    "engine",
];

const USAGE: &str = "usage: abuse --server-bin PATH [--attack NAME|all] [--addresses N] \
[--seconds N] [--count N] [--before S] [--settle S] [--pace-ms N] [--every-ms N] \
[--players N] [--max-engine-games N] [--max-rss-mib N] [-- SERVE-FLAGS...]
attacks: sockets websockets streams flood chat origin consent logins engine";

/// What to run.
struct Config {
    /// The `koma` binary.
    server_bin: PathBuf,
    /// The attacks, in order.
    attacks: Vec<&'static str>,
    /// How each runs.
    opts: Opts,
    /// Flags for `koma serve`.
    serve_flags: Vec<String>,
}

/// Reads the arguments after the program name.
fn parse_args(args: impl IntoIterator<Item = String>) -> Result<Config, String> {
    let mut config = Config {
        server_bin: PathBuf::new(),
        attacks: vec!["engine"],
        opts: Opts {
            helper: std::env::current_exe().ok(),
            ..Opts::default()
        },
        serve_flags: Vec::new(),
    };
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        if arg == "--" {
            config.serve_flags = args.by_ref().collect();
            break;
        }
        if arg == "-h" || arg == "--help" {
            return Err(String::new());
        }
        let value = args.next().ok_or_else(|| format!("{arg} needs a value"))?;
        let number = || -> Result<u64, String> {
            value
                .parse()
                .map_err(|_| format!("{arg} wants a whole number, not {value:?}"))
        };
        let opts = &mut config.opts;
        match arg.as_str() {
            "--server-bin" => config.server_bin = PathBuf::from(&value),
            "--attack" => {
                config.attacks = match value.as_str() {
                    "all" => ATTACKS.to_vec(),
                    name => vec![
                        *ATTACKS
                            .iter()
                            .find(|a| **a == name)
                            .ok_or_else(|| format!("no attack {name:?}"))?,
                    ],
                }
            }
            "--addresses" => opts.addresses = number()?.clamp(1, 100) as u8,
            "--seconds" => opts.seconds = Duration::from_secs(number()?),
            "--count" | "--hostile" => opts.count = Some(number()?.max(1) as usize),
            "--before" => opts.before = Duration::from_secs(number()?),
            "--settle" => opts.settle = Duration::from_secs(number()?),
            "--pace-ms" => opts.pace = Duration::from_millis(number()?),
            "--every-ms" => opts.every = Some(Duration::from_millis(number()?.max(1))),
            "--players" => opts.players = number()?.clamp(2, 5000) as usize,
            "--max-engine-games" => opts.max_engine_games = number()? as usize,
            "--max-rss-mib" => opts.max_rss_mib = number()? as f64,
            _ => return Err(format!("unknown argument {arg:?}")),
        }
    }
    if config.server_bin.as_os_str().is_empty() {
        return Err("--server-bin is needed".to_string());
    }
    Ok(config)
}

/// The server under attack: the child process and its temporary folder.
struct Served {
    /// The `koma serve` process.
    child: Child,
    /// Where it listens.
    addr: SocketAddr,
    /// Its database's folder.
    dir: PathBuf,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Starts `koma serve` on a free port and a fresh database and waits until it answers.
async fn serve(config: &Config) -> Result<Served, String> {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map_err(|e| format!("no free port: {e}"))?
        .port();
    let addr = SocketAddr::from(([127, 0, 0, 1], port));
    let dir = std::env::temp_dir().join(format!("koma-abuse-{}-{port}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let child = Command::new(&config.server_bin)
        .arg("serve")
        .arg("--addr")
        .arg(addr.to_string())
        .arg("--db")
        .arg(dir.join("koma.sqlite"))
        .args(&config.serve_flags)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("{}: {e}", config.server_bin.display()))?;
    let served = Served { child, addr, dir };
    for _ in 0..100 {
        if let Ok((200, _)) = http::request(addr, "GET", "/api/games?per=1", None).await {
            return Ok(served);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Err("the server did not answer in 10 s".to_string())
}

/// The server's limit on open files, from `/proc/PID/limits`.
fn open_files_limit(pid: u32) -> String {
    std::fs::read_to_string(format!("/proc/{pid}/limits"))
        .ok()
        .and_then(|limits| {
            let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
            line.split_whitespace().nth(3).map(str::to_string)
        })
        .unwrap_or_else(|| "?".to_string())
}

/// Runs the attack `name` against `target`.
async fn attack(name: &str, target: Target, opts: &Opts) -> Result<Report, String> {
    match name {
        "sockets" => sockets::run(target, opts).await,
        "websockets" => websockets::run(target, opts).await,
        "streams" => streams::run(target, opts).await,
        "flood" => flood::run(target, opts).await,
        "chat" => chat::run(target, opts).await,
        "origin" => origin::run(target, opts).await,
        "consent" => consent::run(target, opts).await,
        "logins" => logins::run(target, opts).await,
        "engine" => engine::run(target, opts).await,
        other => Err(format!("no attack {other:?}")),
    }
}

/// Runs every attack of `config` against a fresh server each, printing each report; the
/// Markdown rows of those that ran.
async fn run(config: &Config) -> Result<Vec<String>, String> {
    let mut rows = Vec::new();
    for name in &config.attacks {
        let served = serve(config).await?;
        let pid = served.child.id();
        println!(
            "server: {} serve {} (pid {pid}, open files at most {}), {} source addresses",
            config.server_bin.display(),
            config.serve_flags.join(" "),
            open_files_limit(pid),
            config.opts.addresses,
        );
        let target = Target {
            addr: served.addr,
            pid: Some(pid),
        };
        match attack(name, target, &config.opts).await {
            Ok(report) => {
                println!("{}", report.text());
                rows.push(report.row());
            }
            Err(e) => {
                println!("== {name}: could not run: {e}\n");
                rows.push(format!("| {name} | could not run: {e} | | | | |"));
            }
        }
    }
    Ok(rows)
}

/// A helper process (see `helpers.rs`): holds the sockets of the share in `args` until its
/// standard input closes, then prints what it got.
async fn helper(args: &[String]) -> ExitCode {
    let share = match helpers::Share::parse(args) {
        Ok(share) => share,
        Err(e) => {
            eprintln!("abuse: {e}");
            return ExitCode::from(2);
        }
    };
    let _room = client::Descriptors::reserve(share.count);
    let stop = helpers::stop_at_end_of_input();
    let tally = kit::Tally::new();
    match share.attack.as_str() {
        "sockets" => sockets::hold(&share, &tally, stop).await,
        "websockets" => websockets::hold(&share, &tally, stop).await,
        other => {
            eprintln!("abuse: no helper for {other:?}");
            return ExitCode::from(2);
        }
    }
    helpers::print(&tally);
    ExitCode::SUCCESS
}

#[tokio::main]
async fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "--helper") {
        return helper(&args[1..]).await;
    }
    let config = match parse_args(args) {
        Ok(config) => config,
        Err(e) if e.is_empty() => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("abuse: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(&config).await {
        Ok(rows) => {
            println!("{}", Report::TABLE_HEAD);
            for row in rows {
                println!("{row}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("abuse: {e}");
            ExitCode::FAILURE
        }
    }
}
