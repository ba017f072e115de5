//! `koma serve` for the tests that drive it from outside (the browser test, lishogi's API
//! client): a child on a free port and a scratch database, killed when the test ends.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// The server, killed when the test ends however it ends.
pub struct Served(pub Child);

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub fn root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    root.canonicalize().unwrap_or(root)
}

/// `koma serve` on a free port: the child, its URL and its scratch folder.
pub fn serve(name: &str) -> (Served, String, PathBuf) {
    serve_with(name, &[])
}

/// [`serve`] with more of `koma serve`'s flags (`--no-rate-limits` for a test that signs up
/// many accounts from one address).
pub fn serve_with(name: &str, flags: &[&str]) -> (Served, String, PathBuf) {
    let scratch = std::env::temp_dir().join(format!("koma-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("a scratch folder");
    let db = scratch.join("games.sqlite");
    let mut child = Command::new(env!("CARGO_BIN_EXE_koma"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(&db)
        .args(flags)
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
    (server, url, scratch)
}
