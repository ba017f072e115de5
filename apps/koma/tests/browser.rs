//! The page in a real browser: `koma serve` on a free port, then `web/e2e/play.mjs` drives
//! headless Chromium (playwright-core) through games by clicks. `scripts/test` installs
//! Chromium and the script's npm packages; screenshots land in `target/e2e-artifacts`.

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
fn a_game_by_clicks_in_chromium() {
    let root = root();
    let e2e = root.join("web/e2e");
    assert!(
        e2e.join("node_modules/playwright-core").is_dir(),
        "web/e2e/node_modules is missing: run `npm ci` in web/e2e (scripts/test does)"
    );
    assert!(
        Path::new("/usr/bin/chromium").exists(),
        "/usr/bin/chromium is missing: `apt-get install chromium` (scripts/test does)"
    );
    let scratch = std::env::temp_dir().join(format!("koma-browser-{}", std::process::id()));
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

    let artifacts = root.join("target/e2e-artifacts");
    let status = Command::new("node")
        .arg(e2e.join("play.mjs"))
        .env("KOMA_URL", &url)
        .env("KOMA_ARTIFACTS", &artifacts)
        .current_dir(&e2e)
        .status()
        .expect("node runs");
    drop(server);
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(
        status.success(),
        "the browser test failed ({status}); screenshots in {}",
        artifacts.display()
    );
}
