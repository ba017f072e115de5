//! What the tests of the USI client and of matches share: the scripted engine and short
//! timeouts.

use koma_game::usi_client::UsiTimeouts;
use std::time::Duration;

/// The scripted engine built with koma-game (`src/bin/koma-fake-usi.rs`).
pub const FAKE: &str = env!("CARGO_BIN_EXE_koma-fake-usi");

/// Short timeouts so that the failure cases stay fast.
pub fn quick() -> UsiTimeouts {
    UsiTimeouts {
        usiok: Duration::from_secs(5),
        readyok: Duration::from_secs(5),
        stop_grace: Duration::from_millis(300),
        quit: Duration::from_millis(500),
    }
}
