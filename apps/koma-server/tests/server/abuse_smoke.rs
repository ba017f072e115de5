//! The hostile client of `examples/abuse` in small: each attack for a second or so from two
//! loopback addresses, against a server in process whose caps are small, with what must
//! hold: the hostile client is refused or absorbed, the normal client beside it (on
//! 127.0.0.1) gets every answer, and the hostile addresses are served again afterwards.
//! The engine attack is left to `engine_pool.rs` (its searches would outlast the test).

#[allow(dead_code)] // the example's printing
#[path = "../../examples/abuse/kit.rs"]
mod kit;

#[allow(dead_code)] // the helpers of the engine attack, not run here
#[path = "../../examples/abuse/client.rs"]
mod client;

// The load benchmark's copy of this client is private to load_smoke.rs.
#[allow(dead_code, clippy::duplicate_mod)] // the load benchmark's part of the client
#[path = "../../examples/load/http.rs"]
mod http;

#[path = "../../examples/abuse/chat.rs"]
mod chat;
#[path = "../../examples/abuse/consent.rs"]
mod consent;
#[path = "../../examples/abuse/flood.rs"]
mod flood;
#[allow(dead_code)] // the helper processes' side
#[path = "../../examples/abuse/helpers.rs"]
mod helpers;
#[path = "../../examples/abuse/logins.rs"]
mod logins;
#[path = "../../examples/abuse/origin.rs"]
mod origin;
#[path = "../../examples/abuse/sockets.rs"]
mod sockets;
#[path = "../../examples/abuse/streams.rs"]
mod streams;
#[path = "../../examples/abuse/websockets.rs"]
mod websockets;

use crate::common::fresh_server_with;
use kit::{Opts, Report, Target};
use koma_server::{Limits, Rate, Settings};
use std::future::Future;
use std::net::SocketAddr;
use std::time::Duration;

/// A short run from two addresses.
fn quick() -> Opts {
    Opts {
        seconds: Duration::from_secs(1),
        addresses: 2,
        count: None,
        before: Duration::from_millis(200),
        settle: Duration::from_millis(200),
        pace: Duration::from_millis(50),
        max_rss_mib: f64::INFINITY,
        every: Some(Duration::from_millis(200)),
        players: 16,
        max_engine_games: 0,
        helper: None,
    }
}

/// Runs `attack` against a fresh server under `settings`: its report, printed, after the
/// checks every attack must pass.
async fn run<F, A>(settings: Settings, attack: A) -> Report
where
    A: FnOnce(Target) -> F,
    F: Future<Output = Result<Report, String>>,
{
    let (_dir, server, addr): (_, _, SocketAddr) = fresh_server_with(settings).await;
    let report = attack(Target { addr, pid: None })
        .await
        .unwrap_or_else(|e| panic!("the attack could not run: {e}"));
    println!("{}", report.text());
    for (phase, latency) in ["before", "during", "after"].iter().zip(&report.normal) {
        assert!(latency.requests > 0, "the normal client ran {phase}");
        assert_eq!(latency.errors, 0, "the normal client {phase}: {latency:?}");
    }
    assert_eq!(
        report.hostile_after, "200",
        "the hostile address is served again"
    );
    server.shutdown().await.expect("the server stops");
    report
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_sockets_get_a_share_and_a_time_limit() {
    let settings = Settings {
        head_timeout: Duration::from_millis(400),
        limits: Limits {
            connections_per_address: Some(8),
            ..Limits::default()
        },
        ..Settings::default()
    };
    let opts = Opts {
        count: Some(40),
        ..quick()
    };
    let report = run(settings, |target| async move {
        sockets::run(target, &opts).await
    })
    .await;
    // 16 places in all; a place given back may come a moment after its socket closed.
    assert!(report.count("answered 429") >= 40 - 16);
    assert!(
        report.count("closed without an answer") >= 1,
        "timed out and opened again"
    );
    assert_eq!(
        report.count("connect"),
        report.count("connected"),
        "every connect done"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spectator_sockets_get_a_share_and_the_game_goes_on() {
    let settings = Settings {
        limits: Limits {
            streams_per_address: Some(4),
            ..Limits::default()
        },
        ..Settings::default()
    };
    let opts = Opts {
        count: Some(20),
        ..quick()
    };
    let report = run(settings, |target| async move {
        websockets::run(target, &opts).await
    })
    .await;
    assert_eq!(report.count("accepted"), 8);
    assert_eq!(report.count("refused 429"), 12);
    assert!(
        report.count("pushes received") > 8,
        "the moves reach the spectators"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tournament_streams_get_a_share_and_the_director_is_answered() {
    let opts = Opts {
        count: Some(12),
        ..quick()
    };
    let report = run(Settings::default(), |target| async move {
        streams::run(target, &opts).await
    })
    .await;
    assert_eq!(report.count("streams opened"), 8, "four per address");
    assert_eq!(report.count("streams refused 429"), 4);
    assert!(report.count("the director's results: 200") >= 1);
    let start = report.notes.iter().find(|n| n.contains("start"));
    assert!(start.is_some_and(|n| n.contains(": 200 in")), "{start:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_flood_closes_each_socket_again_and_again() {
    let settings = Settings {
        limits: Limits {
            ws_messages: Some(Rate::new(60, 5)),
            ..Limits::default()
        },
        ..Settings::default()
    };
    let opts = Opts {
        count: Some(4),
        ..quick()
    };
    let report = run(
        settings,
        |target| async move { flood::run(target, &opts).await },
    )
    .await;
    // Each client floods a socket until it is closed, then opens another.
    assert!(report.count("accepted") >= 4);
    assert!(report.count("closed by the server") >= 4);
    assert!(report.count("open to the end") <= 4);
    assert!(report.count("answers rate_limited") >= 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chat_flood_is_limited_and_a_bystander_still_talks() {
    let settings = Settings {
        limits: Limits {
            chat: Some(Rate::new(6, 4)),
            ..Limits::default()
        },
        ..Settings::default()
    };
    let report = run(settings, |target| async move {
        chat::run(target, &quick()).await
    })
    .await;
    assert!(report.count("lines answered 429 rate_limited") > 0);
    assert_eq!(report.count("the bystander's line: 200"), 4);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_of_another_origin_gets_no_seat_token() {
    let report = run(Settings::default(), |target| async move {
        origin::run(target, &quick()).await
    })
    .await;
    assert_eq!(
        report.count("lobby socket from another origin: refused 403"),
        2
    );
    assert_eq!(
        report.count("event stream from another origin: refused 403"),
        1
    );
    assert_eq!(report.count("pages of another origin"), 0);
    let own = "the victim's own page got its seat token: yes".to_string();
    assert!(report.notes.contains(&own), "{:?}", report.notes);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_the_victim_never_plays_cost_no_rating() {
    let settings = Settings {
        first_move_ttl: Duration::from_secs(1),
        ..Settings::default()
    };
    let opts = Opts {
        seconds: Duration::from_secs(5),
        ..quick()
    };
    let report = run(settings, |target| async move {
        consent::run(target, &opts).await
    })
    .await;
    assert_eq!(report.count("the director enters the victim: 201"), 1);
    assert_eq!(report.count("the director starts the event: 409"), 1);
    let games: Vec<&String> = report
        .notes
        .iter()
        .filter(|n| n.contains(" game "))
        .collect();
    assert_eq!(games.len(), 2, "{games:?}");
    assert!(games.iter().all(|n| n.contains("aborted")), "{games:?}");
    let after = "the victim's rating after: no rated game".to_string();
    assert!(report.notes.contains(&after), "{:?}", report.notes);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn password_guesses_are_refused_and_the_owner_logs_in() {
    // A burst of 4 per name and address: the owner's sign-up, his token and one login (the
    // attack is shorter than the pause between two of his logins) fit in it, and each
    // stranger's address passes it after a few guesses however slowly a loaded machine
    // hashes them.
    let settings = Settings {
        limits: Limits {
            logins_per_name_and_address: Some(Rate::new(10, 4)),
            ..Limits::default()
        },
        ..Settings::default()
    };
    let opts = Opts {
        count: Some(4),
        seconds: Duration::from_secs(3),
        every: None,
        ..quick()
    };
    let report = run(settings, |target| async move {
        logins::run(target, &opts).await
    })
    .await;
    assert!(report.count("guesses answered 429") > 0);
    let tries = report.count("the owner's logins");
    assert!(tries >= 1);
    assert_eq!(report.count("the owner's logins: 200"), tries);
}
