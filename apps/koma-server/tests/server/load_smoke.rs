//! The load benchmark of `examples/load.rs` in small: 5 games of 10 plies on a server in
//! process, every move kept, every game at its full length.

#[path = "../../examples/load/bench.rs"]
mod bench;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn five_games_of_ten_plies_lose_no_move() {
    let config = bench::Config {
        games: 5,
        moves: 10,
        seed: 1,
        addr: None,
        think: std::time::Duration::ZERO,
        abuse: 0,
    };
    let report = bench::run(&config)
        .await
        .unwrap_or_else(|e| panic!("the benchmark could not run: {e}"));
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
