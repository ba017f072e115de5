//! The load benchmark of `examples/load.rs` in small, on a server in process: 5 games of
//! 10 plies over koma's API, 3 rated games of 8 plies over lishogi's; every move kept,
//! every game at its full length.

#[path = "../../examples/load/bench.rs"]
mod bench;

/// Runs `games` games of `moves` plies as fast as the server takes them over `api`.
async fn run(api: bench::Api, games: usize, moves: usize, seed: u64) -> bench::Report {
    let config = bench::Config {
        api,
        games,
        moves,
        seed,
        addr: None,
        think: std::time::Duration::ZERO,
        abuse: 0,
        reconnect: std::time::Duration::ZERO,
    };
    bench::run(&config)
        .await
        .unwrap_or_else(|e| panic!("the benchmark could not run: {e}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn five_games_of_ten_plies_lose_no_move() {
    let report = run(bench::Api::Koma, 5, 10, 1).await;
    let summary = report.summary();
    assert!(report.ok(), "{summary}");
    assert!(summary.contains("lost moves: 0"), "{summary}");
    assert_eq!(report.games.len(), 5);
    for game in &report.games {
        assert_eq!(game.stored.as_ref(), Some(&game.sent), "game {}", game.id);
        assert_eq!(game.sent.len(), 10, "game {}: {:?}", game.id, game.outcome);
    }
    assert_eq!(report.total_moves(), 50);
    assert_eq!(report.latencies.len(), 50, "one round trip per move");
    assert_eq!(
        report.opponent_latencies.len(),
        50,
        "each move seen by the other seat"
    );
    let p50 = bench::percentile(&report.latencies, 50.0);
    assert!(p50.is_some() && p50 <= bench::percentile(&report.latencies, 99.0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_rated_games_over_lishogis_api_lose_no_move() {
    let report = run(bench::Api::Lishogi, 3, 8, 2).await;
    let summary = report.summary();
    assert!(report.ok(), "{summary}");
    for game in &report.games {
        assert_eq!(game.stored.as_ref(), Some(&game.sent), "game {}", game.id);
        assert_eq!(game.sent.len(), 8, "game {}: {:?}", game.id, game.outcome);
    }
    assert_eq!(report.latencies.len(), 24, "one round trip per move");
    for line in [
        "rated games: 3 of 3 (3 resigned by the benchmark at the last ply)",
        "gameFinish events: 6 of 6 event streams",
        "ratings: 6 of 6 accounts show one rated game",
    ] {
        assert!(summary.contains(line), "{line:?} not in\n{summary}");
    }
}
