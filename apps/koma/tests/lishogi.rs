//! lishogi's API from a client written from lishogi's documentation: `koma serve` on a free
//! port, then `web/e2e/lishogi.mjs` (Node, no browser) creates two accounts and tokens,
//! challenges, accepts, streams both sides and plays a rated game to resignation.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// The server, killed when the test ends however it ends.
struct Served(Child);

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    root.canonicalize().unwrap_or(root)
}

#[test]
fn a_client_written_for_lishogi_plays_a_rated_game() {
    let root = root();
    let scratch = std::env::temp_dir().join(format!("koma-lishogi-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("a scratch folder");
    let db = scratch.join("games.sqlite");
    let mut child = Command::new(env!("CARGO_BIN_EXE_koma"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(&db)
        .env_remove("KOMA_WEB_DIR")
        .stderr(Stdio::piped())
        .spawn()
        .expect("koma serve starts");
    let stderr = child.stderr.take().expect("piped");
    let server = Served(child);
    // The first line names the address: "koma serve: http://127.0.0.1:PORT (games in ...)".
    let mut lines = BufReader::new(stderr).lines();
    let first = lines
        .next()
        .expect("koma serve says where it listens")
        .expect("UTF-8");
    let url = first
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in {first:?}"))
        .to_string();
    // Keep draining the server's stderr so that it never blocks on a full pipe.
    std::thread::spawn(move || lines.for_each(drop));

    let status = Command::new("node")
        .arg(root.join("web/e2e/lishogi.mjs"))
        .env("KOMA_URL", &url)
        .status()
        .expect("node runs");
    drop(server);
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(status.success(), "web/e2e/lishogi.mjs failed ({status})");
}
