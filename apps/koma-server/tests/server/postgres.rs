//! A throwaway PostgreSQL for the tests: one cluster for the whole test binary, started on
//! first use on a free port of 127.0.0.1 in a fresh temporary directory (deploy/postgres.sh), and a
//! fresh database for each test, so that tests stay independent and run in parallel.
//!
//! The cluster goes away with the test process however that ends (a panic, a kill): the
//! script waits on a pipe whose writing end only this process holds. A cluster that cannot
//! start fails every test that asks for it, with the reason; nothing is skipped.

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Mutex, OnceLock};

/// The script that starts, then stops and removes, the cluster (shared with
/// deploy/cluster.sh).
const SCRIPT: &str = include_str!("../../../../deploy/postgres.sh");

/// The running cluster.
struct Cluster {
    port: u16,
    /// The script, holding the server; its standard input stays open while this lives.
    _script: Child,
    /// A connection to the `postgres` database, to create the tests' databases.
    admin: Mutex<postgres::Client>,
}

static CLUSTER: OnceLock<Result<Cluster, String>> = OnceLock::new();
static NEXT: AtomicU32 = AtomicU32::new(0);

/// Whether this process runs as root (initdb refuses to).
fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status").is_ok_and(|s| {
        s.lines()
            .find_map(|l| l.strip_prefix("Uid:"))
            .and_then(|l| l.split_whitespace().next())
            == Some("0")
    })
}

/// A port nobody listens on now.
fn free_port() -> Result<u16, String> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    Ok(listener.local_addr().map_err(|e| e.to_string())?.port())
}

/// Starts the cluster; tried again on another port if one was taken meanwhile.
fn start() -> Result<Cluster, String> {
    let mut failure = String::new();
    for _ in 0..3 {
        match start_on(free_port()?) {
            Ok(cluster) => return Ok(cluster),
            Err(e) => failure = e,
        }
    }
    Err(failure)
}

fn start_on(port: u16) -> Result<Cluster, String> {
    let mut command = if is_root() {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--", "sh"]);
        c
    } else {
        Command::new("sh")
    };
    let mut script = command
        .args(["-c", SCRIPT, "postgres.sh", &port.to_string()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run the PostgreSQL script: {e}"))?;
    let mut line = String::new();
    let stdout = script.stdout.take().ok_or("no stdout")?;
    BufReader::new(stdout)
        .read_line(&mut line)
        .map_err(|e| e.to_string())?;
    if line.trim() != "ready" {
        let mut err = String::new();
        if let Some(mut stderr) = script.stderr.take() {
            let _ = stderr.read_to_string(&mut err);
        }
        let _ = script.wait();
        return Err(err);
    }
    let url = format!("postgres://koma@127.0.0.1:{port}/postgres");
    let admin = postgres::Client::connect(&url, postgres::NoTls)
        .map_err(|e| format!("cannot connect to {url}: {e}"))?;
    Ok(Cluster {
        port,
        _script: script,
        admin: Mutex::new(admin),
    })
}

/// The URL of a new, empty database on the tests' cluster (started on first use); panics
/// with the reason if PostgreSQL cannot start.
pub fn fresh_database() -> String {
    // On a thread of its own: the sync client refuses to run inside a test's tokio runtime.
    std::thread::spawn(create_database)
        .join()
        .unwrap_or_else(|e| std::panic::resume_unwind(e))
}

fn create_database() -> String {
    let cluster = match CLUSTER.get_or_init(start) {
        Ok(cluster) => cluster,
        Err(e) => panic!("the tests' PostgreSQL did not start: {e}"),
    };
    let name = format!(
        "koma_test_{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    );
    cluster
        .admin
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .unwrap_or_else(|e| panic!("CREATE DATABASE {name}: {e}"));
    format!("postgres://koma@127.0.0.1:{}/{name}", cluster.port)
}

#[test]
fn each_test_gets_a_database_of_its_own() {
    let (a, b) = (fresh_database(), fresh_database());
    assert_ne!(a, b);
    for url in [a, b] {
        let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
        let tables: i64 = client
            .query_one(
                "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = 'public'",
                &[],
            )
            .unwrap()
            .get(0);
        assert_eq!(tables, 0, "{url} is not empty");
        client.batch_execute("CREATE TABLE t (x INT)").unwrap();
    }
}
