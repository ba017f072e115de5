//! The page in a real browser: `koma serve` on a free port, then a script of `web/e2e`
//! drives headless Chromium (playwright-core): `play.mjs` through games by clicks,
//! `tournament.mjs` through tournaments run from the page while scripted players play their
//! games over the API, `variants.mjs` through every variant's board and a game of each small
//! variant against the engine, `chu.mjs` through Chu shogi's board and its lion's moves,
//! `pieces.mjs` through every piece of every variant drawn by the page's own code,
//! `records.mjs` through imported records' comments, variations, exports and refusals,
//! `room.mjs` through a kansōsen room on a laptop and a phone, `study.mjs` through a study's
//! lesson with a leader and three followers.
//! `scripts/test` installs Chromium and the scripts' npm packages;
//! screenshots land in `target/e2e-artifacts`.

use std::path::Path;
use std::process::Command;

mod served;

use served::{root, serve, serve_with};

/// The browser the scripts drive unless `KOMA_CHROMIUM` names another
/// (`web/e2e/harness.mjs` names the same): Debian's Chromium headless shell.
const CHROMIUM: &str = "/usr/lib/chromium/chromium-headless-shell";

/// Runs `web/e2e/{script}` against a server started with `flags`; fails if the script does.
fn drive(script: &str, flags: &[&str]) {
    let root = root();
    let e2e = root.join("web/e2e");
    assert!(
        e2e.join("node_modules/playwright-core").is_dir(),
        "web/e2e/node_modules is missing: run `npm ci` in web/e2e (scripts/test does)"
    );
    let chromium = std::env::var("KOMA_CHROMIUM").unwrap_or_else(|_| CHROMIUM.to_string());
    assert!(
        Path::new(&chromium).exists(),
        "{chromium} is missing: `apt-get install chromium-headless-shell` (scripts/test does)"
    );
    let name = script.trim_end_matches(".mjs");
    let (server, url, scratch) = if flags.is_empty() {
        serve(&format!("browser-{name}"))
    } else {
        serve_with(&format!("browser-{name}"), flags)
    };

    let artifacts = root.join("target/e2e-artifacts");
    let status = Command::new("node")
        .arg(e2e.join(script))
        .env("KOMA_URL", &url)
        .env("KOMA_CHROMIUM", &chromium)
        .env("KOMA_ARTIFACTS", &artifacts)
        .current_dir(&e2e)
        .status()
        .expect("node runs");
    drop(server);
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(
        status.success(),
        "the browser test {script} failed ({status}); screenshots in {}",
        artifacts.display()
    );
}

#[test]
fn a_game_by_clicks_in_chromium() {
    drive("play.mjs", &[]);
}

/// A 40-player McMahon of 7 rounds, an 8-player knockout and an over-the-board Swiss, each
/// directed from the page, an arena joined and gone berserk in from a phone, and an online
/// Swiss whose players reach and play their games on the page (its records exported to
/// `target/e2e-artifacts/exports`); some 60 accounts sign up from one address, hence no rate limits.
#[test]
fn tournaments_directed_in_chromium() {
    drive("tournament.mjs", &["--no-rate-limits"]);
}

/// A round of an online Swiss directed in German on a laptop, played by a Japanese reader on
/// a laptop and a German one on a phone, each reaching his game from the tournament page:
/// greeted, played, resigned with 負けました, thanked; the result, the standings and the
/// printable pairings in each reader's words as the served catalogs say, and nothing wider
/// than the window nor a table cut off, at both sizes.
#[test]
fn a_tournament_round_in_japanese_and_german_in_chromium() {
    drive("i18n-tournament.mjs", &["--no-rate-limits"]);
}

/// Every variant drawn as the rules say (squares, start pieces, the beginner style's move
/// marks), and minishogi, Kyoto and Dōbutsu each played against the engine to a result on
/// a phone, then reviewed.
#[test]
fn small_variants_against_the_engine_in_chromium() {
    drive("variants.mjs", &[]);
}

/// Imports on the review screen: a KIF's comments and variations shown with their moves
/// and followed by click and keys, exported as KIF with them and as CSA with what it
/// dropped said; a Western move list read; text in no format refused with the reason.
#[test]
fn records_imported_in_chromium() {
    drive("records.mjs", &[]);
}

/// The kansōsen room: two players (a laptop, a phone) finish a rated game and go over it
/// with a guest watching: variations and marks seen live, the engine's lines for everyone,
/// the room reopened from the game page and exported as KIF.
#[test]
fn the_kansosen_room_in_chromium() {
    drive("room.mjs", &[]);
}

/// A study made from a KIF on the page, with members; a lesson whose leader's steps,
/// variations and chapters every follower's board (a laptop, a phone, a guest) follows; the
/// study exported as a ZIP of KIF files and its chapter as KIF.
#[test]
fn a_study_lesson_in_chromium() {
    drive("study.mjs", &[]);
}

/// Chu shogi's 12x12 board on a laptop and a phone, then against the engine by clicks: a
/// lion's double move from the start, igui and another double move from a set position.
#[test]
fn chu_against_the_engine_in_chromium() {
    drive("chu.mjs", &[]);
}

/// Every piece of every variant (Chu's too), both colours and piece styles, and the
/// furigoma box's pawns, drawn by the page's code as the rules' piece table says: animal
/// tiles for Dōbutsu's animals only, wedges with their glyph (と, 杏, 圭, 全) for the rest.
#[test]
fn every_piece_drawn_as_its_table_says_in_chromium() {
    drive("pieces.mjs", &[]);
}

/// The page in its languages: every screen in the pseudo-language shows only catalog text
/// outside `translate="no"`; a browser set to Japanese gets the Japanese page; a player's
/// language chosen on one device follows him to another once he logs in.
#[test]
fn the_page_in_its_languages_in_chromium() {
    // One client walks every language: more games against the engine and sign-ups than one
    // address is allowed.
    drive(
        "i18n.mjs",
        &[
            "--no-rate-limits",
            "--engine-games-per-client",
            "32",
            "--max-engine-games",
            "64",
        ],
    );
}

/// The page's colours, the board and the piece sets (one kanji, two carved kanji, letters)
/// chosen in a game's settings on a laptop, drawn so, and found again on a phone once the
/// player logs in there.
#[test]
fn looks_follow_the_player_in_chromium() {
    drive("looks.mjs", &[]);
}

/// Premoves between two people (a laptop by clicks, a phone by taps): made while the other
/// thinks, shown in their colour, played at once when legal (a promotion asked beforehand, a
/// drop), dropped when the opponent's move takes the piece, cancelled by a click, a tap or a
/// right-click, and impossible with the setting off.
#[test]
fn premoves_in_chromium() {
    drive("premove.mjs", &[]);
}

/// The game's sounds (a move's click, a capture's, a check's tone, low time, the end) and the
/// byoyomi counted aloud in each player's language, or as tones without a voice; nothing with
/// the sounds off or the volume at 0.
#[test]
fn sounds_and_the_byoyomi_count_in_chromium() {
    drive("sound.mjs", &[]);
}

/// The pieces set up one by one before a game in the order chosen in the settings: 大橋流 or
/// 伊藤流 as the sources give them, at the normal pace; a click skips to the whole board, and
/// with the setting off the board is whole at once.
#[test]
fn the_setting_up_orders_in_chromium() {
    drive("setup-order.mjs", &[]);
}
