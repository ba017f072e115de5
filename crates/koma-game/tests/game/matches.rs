//! The match runner and the engine turn against `koma-fake-usi`, a scripted engine that
//! crashes, hangs, answers illegal moves, resigns, declares or answers slowly on demand:
//! every game is scored by the game layer and the runner goes on.

use crate::common::{FAKE, quick};
use koma_game::clock::{Clock, TimeControl};
use koma_game::engine_turn::{FixedLimit, TurnError, TurnLimits, engine_turn, engine_turn_with};
use koma_game::matches::{
    Adjudication, ConcurrentMatch, EngineSpec, Match, MatchConfig, MatchError, MatchEvent,
    MatchSummary, OpeningError, VariantRefusal, parse_openings,
};
use koma_game::usi_client::{BestMove, UsiEngine, UsiError};
use koma_game::{Foul, Game, GameError, Reason, RuleSet};
use koma_notation::formats::{self, Format};
use koma_rules::variants::Shogi;
use koma_rules::{Color, GameKind, VariantKind};
use std::cell::Cell;
use std::path::PathBuf;
use std::time::Instant;

fn fake(name: &str, flags: &[&str]) -> EngineSpec {
    let mut args = vec!["--name".to_string(), name.to_string()];
    args.extend(flags.iter().map(|s| s.to_string()));
    EngineSpec {
        name: None,
        command: FAKE.to_string(),
        args,
        working_dir: None,
        options: Vec::new(),
    }
}

/// A match of `games` games between fakes A and B at 0+300ms byoyomi, a draw at 40 moves.
fn config(a: &[&str], b: &[&str], games: usize) -> MatchConfig {
    let mut config = MatchConfig::new(fake("A", a), fake("B", b), VariantKind::Shogi);
    config.games = games;
    config.time = TimeControl::byoyomi(0, 300);
    config.rules = RuleSet::CSA.with_max_plies(Some(40));
    config.turn.margin_ms = 50;
    config.timeouts = quick();
    config
}

/// Plays the match; returns the totals and how often an engine was started again.
fn play(config: MatchConfig) -> (MatchSummary, usize) {
    let mut runner = Match::new(config).expect("the match starts");
    let mut restarts = 0;
    let summary = runner
        .run(&mut |event: &MatchEvent| {
            if let MatchEvent::Restarted { .. } = event {
                restarts += 1;
            }
        })
        .expect("the match runs to its end");
    (summary, restarts)
}

/// Every game ended for `reason`, lost by A.
fn all_lost_by_a(summary: &MatchSummary, games: usize, reason: &str) {
    assert_eq!(summary.games.len(), games, "{summary}");
    assert_eq!(
        (summary.wins, summary.losses, summary.draws),
        (0, games as u32, 0)
    );
    assert_eq!(summary.reasons[reason], [0, games as u32, 0], "{summary}");
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("koma-match-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn a_normal_match_plays_every_game_and_writes_records() {
    let dir = temp_dir("normal");
    let mut config = config(&["--seed", "1"], &["--seed", "2"], 4);
    config.openings = parse_openings(
        VariantKind::Shogi,
        "# two openings\nstartpos moves 7g7f 3c3d\n\nsfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 2g2f\n",
    )
    .unwrap();
    config.out_dir = Some(dir.clone());
    let (summary, restarts) = play(config);
    assert_eq!(restarts, 0);
    assert_eq!(summary.names, ["A", "B"]);
    assert_eq!(summary.games.len(), 4);
    assert_eq!(summary.played(), 4);
    let by_reason: u32 = summary.reasons.values().flatten().sum();
    assert_eq!(by_reason, 4);
    let sentes: Vec<usize> = summary.games.iter().map(|g| g.sente).collect();
    assert_eq!(sentes, [0, 1, 0, 1]);
    let lines: Vec<Option<usize>> = summary.games.iter().map(|g| g.opening_line).collect();
    assert_eq!(lines, [Some(2), Some(2), Some(4), Some(4)]);
    let points: f64 = summary.games.iter().map(|g| g.score_a()).sum();
    assert_eq!(points, summary.points());
    assert!(summary.elo().is_some());
    assert!(
        summary
            .to_string()
            .lines()
            .last()
            .unwrap()
            .starts_with("Score of A vs B: ")
    );
    for game in &summary.games {
        assert!(
            game.plies <= 40 && game.plies > game.opening_plies,
            "{game:?}"
        );
        assert_eq!(game.records.len(), 2);
        for path in &game.records {
            let bytes = std::fs::read(path).unwrap();
            let format = Format::detect(path.to_str(), &String::from_utf8_lossy(&bytes));
            let record = formats::read(&bytes, format, VariantKind::Shogi)
                .unwrap()
                .record;
            assert_eq!(
                record.tree.main_moves().len(),
                game.plies,
                "{}",
                path.display()
            );
            let sente = if game.sente == 0 { "A" } else { "B" };
            assert_eq!(record.header.player(Color::Black), Some(sente));
            assert_eq!(record.header.event(), Some("koma match"));
            assert!(record.header.start_time().is_some());
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn seats_playing_at_once_play_the_games_one_runner_plays() {
    let config = || {
        // A answers after 10 ms, so that a game lasts long enough to overlap another.
        let mut config = config(&["--seed", "3", "--slow", "10"], &["--seed", "4"], 6);
        // A second for the pipes: on a machine busy with other tests a fake may wait that
        // long for a core, and a loss on time would make the two runs differ for a reason
        // that is not theirs.
        config.turn.margin_ms = 1_000;
        config.openings = parse_openings(
            VariantKind::Shogi,
            "startpos moves 7g7f 3c3d\nstartpos moves 2g2f\n",
        )
        .unwrap();
        config
    };
    let (alone, _) = play(config());
    let runner = ConcurrentMatch::new(config(), 3).expect("the seats start");
    assert_eq!(runner.names(), &["A".to_string(), "B".to_string()]);
    let mut events = Vec::new();
    let together = runner
        .run(&mut |event: &MatchEvent| match event {
            MatchEvent::GameStarted { number, .. } => events.push((*number, "started")),
            MatchEvent::GameFinished(result) => events.push((result.number, "finished")),
            _ => {}
        })
        .expect("the match runs to its end");
    // Game n keeps its opening and colours whichever seat plays it, and the engines play
    // by position, so every game is the one the single runner played.
    let numbers: Vec<usize> = together.games.iter().map(|g| g.number).collect();
    assert_eq!(numbers, [1, 2, 3, 4, 5, 6]);
    for (one, other) in alone.games.iter().zip(&together.games) {
        let key = |g: &koma_game::matches::GameResult| {
            (g.sente, g.opening_line, g.outcome, g.plies, g.opening_plies)
        };
        assert_eq!(key(one), key(other), "game {}", one.number);
    }
    assert_eq!(
        (together.wins, together.losses, together.draws),
        (alone.wins, alone.losses, alone.draws)
    );
    assert_eq!(together.reasons, alone.reasons);
    // The seats played at once: games 2 and 3 started before game 1 ended.
    let at = |event: (usize, &str)| events.iter().position(|e| *e == event).unwrap();
    assert!(at((2, "started")) < at((1, "finished")), "{events:?}");
    assert!(at((3, "started")) < at((1, "finished")), "{events:?}");
    assert_eq!(events.len(), 12);
}

#[test]
fn the_stop_flag_set_on_a_finished_game_starts_no_more() {
    let runner =
        ConcurrentMatch::new(config(&["--resign-after", "0"], &[], 5), 1).expect("the seat starts");
    let stop = runner.stop_flag();
    let summary = runner
        .run(&mut |event: &MatchEvent| {
            if let MatchEvent::GameFinished(result) = event {
                if result.number == 2 {
                    stop.store(true, std::sync::atomic::Ordering::SeqCst);
                }
            }
        })
        .expect("the match ends early");
    assert_eq!(summary.games.len(), 2);
    assert_eq!((summary.wins, summary.losses), (0, 2));
}

#[test]
fn a_crashing_engine_loses_by_abandonment_and_is_restarted() {
    let (summary, restarts) = play(config(&["--crash-after", "10"], &[], 3));
    all_lost_by_a(&summary, 3, "abandoned");
    // A moved in every game before crashing: it was started again each time.
    assert_eq!(restarts, 2);
    for game in &summary.games {
        assert!((10..=11).contains(&game.plies), "{game:?}");
        assert!(game.note.as_deref().unwrap().contains("exited"), "{game:?}");
    }
}

#[test]
fn a_hanging_engine_loses_on_time_and_the_match_goes_on() {
    // It answers `stop`: lost on time, kept for the next game.
    let (summary, restarts) = play(config(&["--hang-after", "6"], &[], 2));
    all_lost_by_a(&summary, 2, "time-forfeit");
    assert_eq!(restarts, 0);
    // It ignores `stop` too: lost on time, started again.
    let (summary, restarts) = play(config(&["--hang-after", "6", "--ignore-stop"], &[], 2));
    all_lost_by_a(&summary, 2, "time-forfeit");
    assert_eq!(restarts, 1);
}

#[test]
fn an_illegal_move_loses() {
    let (summary, _) = play(config(&[], &["--illegal-after", "4"], 2));
    assert_eq!((summary.wins, summary.losses), (2, 0));
    assert_eq!(summary.reasons["illegal-move"], [2, 0, 0]);
    for game in &summary.games {
        assert!(matches!(
            game.outcome.reason,
            Reason::IllegalMove(Foul::Move(_))
        ));
    }
}

#[test]
fn a_slow_engine_loses_on_time() {
    let mut config = config(&["--slow", "400"], &[], 2);
    config.time = TimeControl::byoyomi(0, 150);
    config.turn.margin_ms = 20;
    let (summary, _) = play(config);
    all_lost_by_a(&summary, 2, "time-forfeit");
    for game in &summary.games {
        assert!(game.plies <= 1, "A's first move was late: {game:?}");
    }
}

#[test]
fn resignations_and_declarations_are_scored() {
    let (summary, _) = play(config(&["--resign-after", "6"], &[], 2));
    all_lost_by_a(&summary, 2, "resignation");
    // From the start position a declaration fails.
    let (summary, _) = play(config(&["--declare"], &[], 2));
    all_lost_by_a(&summary, 2, "failed-declaration");
    // Sente's king has entered with 28 points: its declaration wins; gote's then fails.
    let mut config = config(&["--declare"], &[], 2);
    config.openings = parse_openings(
        VariantKind::Shogi,
        "sfen +L+NSG1GS+N+L/1R2K2B1/PPPPPPPPP/9/9/9/9/9/4k4 b P 1",
    )
    .unwrap();
    let (summary, _) = play(config);
    assert_eq!((summary.wins, summary.losses), (1, 1), "{summary}");
    assert_eq!(summary.reasons["declaration"], [1, 0, 0]);
    assert_eq!(summary.reasons["failed-declaration"], [0, 1, 0]);
}

#[test]
fn agreed_lost_games_are_adjudicated_as_resignations() {
    let dir = temp_dir("adjudication");
    let mut config = config(&["--score", "-2000"], &["--mate", "5"], 2);
    config.adjudication = Some(Adjudication {
        moves: 3,
        score_cp: 1500,
    });
    config.out_dir = Some(dir.clone());
    let (summary, _) = play(config);
    all_lost_by_a(&summary, 2, "adjudication");
    assert!(
        summary
            .to_string()
            .contains("adjudication: 2 (won by B 2)\n")
    );
    // A's third turn ends the game when A is sente; when A is gote, B's fourth (with A to move).
    let plies: Vec<usize> = summary.games.iter().map(|g| g.plies).collect();
    assert_eq!(plies, [6, 7]);
    for game in &summary.games {
        let note = game.note.as_deref().unwrap();
        assert_eq!(
            note,
            "adjudicated 3:1500: A -2000 -2000 -2000, B mate 5 mate 5 mate 5"
        );
        for path in &game.records {
            let bytes = std::fs::read(path).unwrap();
            // The .kif in Shift_JIS, the .csa in UTF-8.
            let text = koma_notation::encoding::decode(&bytes).0;
            assert!(text.contains("の判定負け"), "{}:\n{text}", path.display());
            assert!(text.contains(note), "{}:\n{text}", path.display());
            let format = Format::detect(path.to_str(), &text);
            let record = formats::read(&bytes, format, VariantKind::Shogi)
                .unwrap()
                .record;
            let replay = koma_game::replay::replay(&record, None).unwrap();
            assert_eq!(
                replay.outcome.map(|o| o.winner),
                Some(Some(!game_a_color(game)))
            );
            assert_eq!(replay.outcome.map(|o| o.reason), Some(Reason::Resignation));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn one_sided_or_broken_streaks_are_not_adjudicated() {
    let rule = Some(Adjudication {
        moves: 2,
        score_cp: 1500,
    });
    // B's random scores stay within ±200: A's despair alone does not end the game.
    let mut one_sided = config(&["--score", "-2000"], &["--seed", "4"], 2);
    one_sided.adjudication = rule;
    // Scores just inside the threshold never count.
    let mut inside = config(&["--score", "-1499"], &["--score", "1499"], 2);
    inside.adjudication = rule;
    // Without a rule nothing is adjudicated.
    let agreed = config(&["--score", "-2000"], &["--score", "2000"], 2);
    for config in [one_sided, inside, agreed] {
        let (summary, _) = play(config);
        assert!(!summary.reasons.contains_key("adjudication"), "{summary}");
        assert!(summary.games.iter().all(|g| g.plies > 8), "{summary}");
    }
}

/// The colour engine A played in `game`.
fn game_a_color(game: &koma_game::matches::GameResult) -> Color {
    if game.sente == 0 {
        Color::Black
    } else {
        Color::White
    }
}

#[test]
fn bad_engines_and_openings_are_errors() {
    let mut missing = config(&[], &[], 1);
    missing.engines[1].command = "/nonexistent/engine".to_string();
    let err = Match::new(missing)
        .err()
        .expect("a missing engine is an error");
    assert!(err.to_string().contains("/nonexistent/engine"), "{err}");
    let mut over = config(&[], &[], 1);
    over.openings = parse_openings(VariantKind::Shogi, "startpos moves 2g2f 8c8d 2f2e\n").unwrap();
    over.rules = RuleSet::CSA.with_max_plies(Some(2));
    let err = Match::new(over)
        .err()
        .expect("an opening past the limit is an error");
    assert!(err.to_string().starts_with("opening on line 1: "), "{err}");
    assert!(
        matches!(
            err,
            MatchError::Opening {
                line: Some(1),
                // The draw at 2 plies ends the game before the opening's third move.
                source: OpeningError::Move {
                    ply: 3,
                    source: GameError::Over,
                    ..
                }
            }
        ),
        "{err:?}"
    );
    let err =
        parse_openings(VariantKind::Shogi, "startpos\nstartpos moves 7g7f 9z9z\n").unwrap_err();
    assert!(err.to_string().contains("line 2"), "{err}");
}

#[test]
fn a_variant_refusal_names_the_option_and_what_it_offers() {
    let refusal = |offered: &[&str]| VariantRefusal::NotOffered {
        option: "UCI_Variant".to_string(),
        offered: offered.iter().map(|v| v.to_string()).collect(),
        wanted: vec!["tori", "torishogi"],
    };
    assert_eq!(
        refusal(&["chess", "shogi"]).to_string(),
        "its UCI_Variant option offers chess, shogi, not tori or torishogi"
    );
    let many = ["chess"; 30];
    assert_eq!(
        refusal(&many).to_string(),
        "its UCI_Variant option offers 30 variants, not tori or torishogi"
    );
    let err = MatchError::Variant {
        command: "fsf".to_string(),
        variant: "tori",
        why: VariantRefusal::NoVariantOption,
    };
    assert_eq!(
        err.to_string(),
        "engine `fsf` cannot play tori: it has no USI_Variant option"
    );
    let source = std::error::Error::source(&err).expect("the refusal is the source");
    assert_eq!(source.to_string(), "it has no USI_Variant option");
    // The same refusal for Chu, from an engine that offers shogi and tori only.
    match fake("A", &[]).start(GameKind::Chu, RuleSet::CHU, quick()) {
        Err(MatchError::Variant { variant, why, .. }) => {
            assert_eq!(variant, "chushogi");
            assert_eq!(
                why.to_string(),
                "its USI_Variant option offers shogi, tori, not chushogi"
            );
        }
        other => panic!("{:?}", other.map(|_| "started")),
    }
}

fn spawn(flags: &[&str]) -> UsiEngine {
    let args: Vec<String> = flags.iter().map(|s| s.to_string()).collect();
    let mut engine = UsiEngine::spawn(FAKE, &args, None, quick()).expect("fake engine starts");
    engine.is_ready().expect("readyok");
    engine
}

#[test]
fn engine_turn_plays_and_reports() {
    let mut engine = spawn(&["--seed", "3"]);
    let mut game = Game::<Shogi>::standard(RuleSet::CSA)
        .with_clock(Clock::new(TimeControl::byoyomi(0, 2_000)));
    let origin = Instant::now();
    let now = || origin.elapsed().as_millis() as u64;
    let report = engine_turn(&mut engine, &mut game, &now, 100);
    assert!(report.error.is_none(), "{report}");
    assert_eq!(report.played, game.moves().first().copied());
    assert_eq!(report.side, Color::Black);
    assert!(
        report
            .info
            .as_ref()
            .is_some_and(|i| i.depth == Some(2) && !i.pv.is_empty())
    );
    assert!(report.to_string().starts_with("sente "), "{report}");
    assert_eq!(game.times().len(), 1);
    // Without a clock the fixed limit applies.
    let mut game = Game::<Shogi>::standard(RuleSet::CSA);
    let limits = TurnLimits {
        margin_ms: 0,
        unclocked: FixedLimit::Depth {
            depth: 1,
            timeout_ms: 2_000,
        },
    };
    let report = engine_turn_with(&mut engine, &mut game, &now, &limits);
    assert!(report.played.is_some(), "{report}");
}

#[test]
fn engine_turn_takes_time_from_the_callers_clock() {
    // The engine answers at once, but the caller's clock says 5 s went by: lost on time.
    let mut engine = spawn(&[]);
    let mut game = Game::<Shogi>::standard(RuleSet::CSA)
        .with_clock(Clock::new(TimeControl::byoyomi(0, 1_000)));
    let calls = Cell::new(0u64);
    let now = || {
        calls.set(calls.get() + 1);
        if calls.get() == 1 { 0 } else { 5_000 }
    };
    let report = engine_turn(&mut engine, &mut game, &now, 100);
    assert_eq!(report.used_ms, 5_000);
    assert!(report.played.is_none());
    assert_eq!(report.outcome.map(|o| o.reason), Some(Reason::TimeForfeit));
    // Within the margin a late move counts as made at the end of the period.
    let mut game = Game::<Shogi>::standard(RuleSet::CSA)
        .with_clock(Clock::new(TimeControl::byoyomi(0, 1_000)));
    let calls = Cell::new(0u64);
    let now = || {
        calls.set(calls.get() + 1);
        if calls.get() == 1 { 0 } else { 1_050 }
    };
    let report = engine_turn(&mut engine, &mut game, &now, 100);
    assert!(report.played.is_some(), "{report}");
    assert_eq!((report.used_ms, report.forgiven_ms), (1_050, 50));
    assert_eq!(game.times(), [Some(1_000)]);
}

#[test]
fn engine_turn_judges_resign_win_and_crash() {
    let origin = Instant::now();
    let now = || origin.elapsed().as_millis() as u64;
    let mut game = Game::<Shogi>::standard(RuleSet::CSA);
    let report = engine_turn(&mut spawn(&["--resign-after", "0"]), &mut game, &now, 0);
    assert_eq!(report.answer, Some(BestMove::Resign));
    assert_eq!(
        report.outcome.map(|o| (o.winner, o.reason)),
        Some((Some(Color::White), Reason::Resignation))
    );
    let mut game = Game::<Shogi>::standard(RuleSet::CSA);
    let report = engine_turn(&mut spawn(&["--declare"]), &mut game, &now, 0);
    assert_eq!(report.answer, Some(BestMove::Win));
    assert!(matches!(
        report.outcome.map(|o| o.reason),
        Some(Reason::FailedDeclaration(_))
    ));
    let mut game = Game::<Shogi>::standard(RuleSet::CSA);
    let report = engine_turn(&mut spawn(&["--crash-after", "0"]), &mut game, &now, 0);
    assert!(report.needs_restart());
    assert!(matches!(
        report.error,
        Some(TurnError::Engine(UsiError::Exited { .. }))
    ));
    assert_eq!(report.outcome.map(|o| o.reason), Some(Reason::Abandoned));
}

#[cfg(unix)]
#[test]
fn engine_turn_answer_that_is_no_move_loses() {
    let script = "while read -r cmd rest; do case \"$cmd\" in \
                  usi) echo 'id name shell'; echo usiok;; isready) echo readyok;; \
                  go) echo 'bestmove hello';; quit) exit 0;; esac; done";
    let args = ["-c".to_string(), script.to_string()];
    let mut engine = UsiEngine::spawn("sh", &args, None, quick()).expect("sh starts");
    let mut game = Game::<Shogi>::standard(RuleSet::CSA);
    let report = engine_turn(&mut engine, &mut game, &|| 0, 0);
    assert!(
        matches!(report.error, Some(TurnError::NotAMove { .. })),
        "{report}"
    );
    assert_eq!(report.move_text(), Some("hello"));
    assert_eq!(
        report.outcome.map(|o| o.reason),
        Some(Reason::IllegalMove(Foul::NotAMove))
    );
}
