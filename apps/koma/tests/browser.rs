//! The page in a real browser: `koma serve` on a free port, then `web/e2e/play.mjs` drives
//! headless Chromium (playwright-core) through games by clicks. `scripts/test` installs
//! Chromium and the script's npm packages; screenshots land in `target/e2e-artifacts`.

use std::path::Path;
use std::process::Command;

mod served;

use served::{root, serve};

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
    let (server, url, scratch) = serve("browser");

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
