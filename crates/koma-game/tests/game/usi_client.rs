//! The USI client against `koma-fake-usi`, a scripted engine: handshake, moves, timeouts,
//! crashes, nonsense output, resignation and win declarations; and the line parser against
//! the real transcripts in `../shared/corpus/protocol`.

use crate::common::{FAKE, quick};
use koma_game::clock::UsiTime;
use koma_game::usi_client::{
    BestMove, EngineMessage, GameOver, GoLimits, LogKind, MateAnswer, OptionKind, QuitOutcome,
    Score, ScoreBound, UsiEngine, UsiError, UsiTimeouts, parse_engine_line,
};
use koma_notation::{usi, usi_line};
use koma_rules::{AnyPosition, VariantKind};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn fake(flags: &[&str]) -> UsiEngine {
    fake_with(flags, quick())
}

fn fake_with(flags: &[&str], timeouts: UsiTimeouts) -> UsiEngine {
    let args: Vec<String> = flags.iter().map(|s| s.to_string()).collect();
    let mut engine = UsiEngine::spawn(FAKE, &args, None, timeouts).expect("fake engine starts");
    engine.is_ready().expect("readyok");
    engine.new_game().expect("usinewgame");
    engine
}

fn limits() -> GoLimits {
    GoLimits::byoyomi(10_000, 10_000, 1_000)
}

const DEADLINE: Duration = Duration::from_secs(5);

/// The position a `position` line describes.
fn position_of(variant: VariantKind, line: &str) -> AnyPosition {
    let record = usi_line::parse(variant, line).expect("test position line reads");
    let mut pos = record
        .start_position()
        .expect("test start position is valid");
    for m in record.tree.main_moves() {
        pos.play(m).expect("test moves are legal");
    }
    pos
}

fn is_legal(variant: VariantKind, line: &str, text: &str) -> bool {
    let pos = position_of(variant, line);
    usi::parse_move(variant, text).is_ok_and(|m| pos.is_legal(m).is_ok())
}

/// Whether the process `pid` still exists (zombies included).
fn process_exists(pid: u32) -> bool {
    if cfg!(target_os = "linux") {
        Path::new(&format!("/proc/{pid}")).exists()
    } else {
        false
    }
}

#[test]
fn handshake_collects_id_and_options() {
    let engine = fake(&["--name", "Fake One", "--variant", "tori"]);
    let info = engine.info();
    assert_eq!(info.name.as_deref(), Some("Fake One"));
    assert_eq!(info.author.as_deref(), Some("the koma project"));
    let variant = info.option("USI_Variant").expect("USI_Variant declared");
    assert_eq!(variant.kind, OptionKind::Combo);
    assert_eq!(variant.default.as_deref(), Some("tori"));
    assert_eq!(variant.vars, ["shogi", "tori"]);
    let hash = info.option("USI_Hash").expect("USI_Hash declared");
    assert_eq!(
        (hash.kind.clone(), hash.min, hash.max),
        (OptionKind::Spin, Some(1), Some(1024))
    );
    assert_eq!(info.option("USI_Ponder").unwrap().kind, OptionKind::Check);
    let book = info.option("BookFile").unwrap();
    assert_eq!(book.kind, OptionKind::String);
    assert_eq!(book.default.as_deref(), Some("<empty>"));
    assert_eq!(info.option("EvalDir").unwrap().kind, OptionKind::Filename);
    let button = info.option("ClearHash").unwrap();
    assert_eq!(
        (button.kind.clone(), button.default.clone()),
        (OptionKind::Button, None)
    );
    assert_eq!(info.options.len(), 7);

    // Pondering is turned off right after usiok; the log holds the whole conversation.
    let sent: Vec<&str> = engine
        .log()
        .filter(|e| e.kind == LogKind::Sent)
        .map(|e| e.line.as_str())
        .collect();
    assert_eq!(
        sent,
        [
            "usi",
            "setoption name USI_Ponder value false",
            "isready",
            "usinewgame"
        ]
    );
    assert!(engine.unexpected_lines().next().is_none());
}

#[test]
fn go_returns_a_legal_move_with_its_info() {
    let mut engine = fake(&["--seed", "7", "--ponder"]);
    for line in [
        "position startpos",
        "position startpos moves 7g7f 3c3d 8h2b+",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves",
    ] {
        let result = engine.go(line, &limits(), DEADLINE).expect("a move");
        let BestMove::Move(m) = &result.best else {
            panic!("expected a move, got {:?}", result.best)
        };
        assert!(is_legal(VariantKind::Shogi, line, m), "{m} after `{line}`");
        let info = result.info.expect("info before bestmove");
        assert_eq!(info.depth, Some(2));
        assert!(matches!(info.score, Some(Score::Cp(-200..=200))));
        assert_eq!(info.pv.first(), Some(m));
        assert_eq!(result.ponder.as_ref(), info.pv.get(1));
        assert!(result.elapsed < DEADLINE);
    }
    let line = format!("position startpos moves {}", "7g7f");
    let again = engine.go(&line, &limits(), DEADLINE).unwrap().best;
    assert_eq!(
        engine.go(&line, &limits(), DEADLINE).unwrap().best,
        again,
        "seeded"
    );
    engine.game_over(GameOver::Draw).unwrap();
    assert!(matches!(engine.quit(), QuitOutcome::Exited(s) if s.success()));
    assert!(matches!(
        engine.go(&line, &limits(), DEADLINE),
        Err(UsiError::Exited { .. })
    ));
}

#[test]
fn a_game_of_fake_engines_plays_legal_moves_in_both_variants() {
    for (variant, flags) in [
        (VariantKind::Shogi, vec!["--seed", "1"]),
        (VariantKind::Tori, vec!["--variant", "tori"]),
    ] {
        let mut engine = fake(&flags);
        let mut moves: Vec<String> = Vec::new();
        for _ in 0..40 {
            let line = if moves.is_empty() {
                "position startpos".to_string()
            } else {
                format!("position startpos moves {}", moves.join(" "))
            };
            match engine.go(&line, &limits(), DEADLINE).unwrap().best {
                BestMove::Move(m) => {
                    assert!(is_legal(variant, &line, &m), "{m} after `{line}`");
                    moves.push(m);
                }
                other => panic!("unexpected {other:?}"),
            }
        }
    }
    // The variant can also be chosen with the USI_Variant option.
    let mut engine = UsiEngine::spawn(FAKE, &[], None, quick()).unwrap();
    engine.set_option("USI_Variant", "tori").unwrap();
    engine.is_ready().unwrap();
    let result = engine.go("position startpos", &limits(), DEADLINE).unwrap();
    let m = result.best.as_move().expect("a move").to_string();
    assert!(is_legal(VariantKind::Tori, "position startpos", &m), "{m}");
}

#[test]
fn no_legal_move_means_resign() {
    // Sente's king on 5i is mated by a gold on 5h that a silver on 5g protects.
    let line = "position sfen 8k/9/9/9/9/9/4s4/4g4/4K4 b - 1";
    assert!(
        position_of(VariantKind::Shogi, line)
            .legal_moves()
            .is_empty()
    );
    let mut engine = fake(&[]);
    let result = engine.go(line, &limits(), DEADLINE).unwrap();
    assert_eq!(result.best, BestMove::Resign);
}

#[test]
fn resign_and_win_are_mapped() {
    let mut engine = fake(&["--resign-after", "2"]);
    let first = engine.go("position startpos moves 7g7f", &limits(), DEADLINE);
    assert!(matches!(first.unwrap().best, BestMove::Move(_)));
    let second = engine.go("position startpos moves 7g7f 3c3d", &limits(), DEADLINE);
    assert_eq!(second.unwrap().best, BestMove::Resign);

    let mut engine = fake(&["--declare"]);
    let result = engine.go("position startpos", &limits(), DEADLINE).unwrap();
    assert_eq!(result.best, BestMove::Win);
    assert_eq!(result.best.as_move(), None);
}

#[test]
fn illegal_moves_come_back_as_text() {
    let mut engine = fake(&["--illegal"]);
    let result = engine.go("position startpos", &limits(), DEADLINE).unwrap();
    let m = result.best.as_move().expect("a move").to_string();
    assert!(
        usi::parse_move(VariantKind::Shogi, &m).is_ok(),
        "well-formed: {m}"
    );
    assert!(
        !is_legal(VariantKind::Shogi, "position startpos", &m),
        "illegal: {m}"
    );
}

#[test]
fn hang_times_out_and_stop_brings_a_late_move() {
    // A grace far longer than the fake needs to answer stop, so that a busy machine's
    // scheduling cannot make the late answer look like a wait for the whole grace.
    let timeouts = UsiTimeouts {
        stop_grace: Duration::from_secs(2),
        ..quick()
    };
    let mut engine = fake_with(&["--hang"], timeouts);
    let started = Instant::now();
    let deadline = Duration::from_millis(150);
    match engine.go("position startpos", &limits(), deadline) {
        Err(UsiError::Timeout { limit, late }) => {
            assert_eq!(limit, deadline);
            let late = late.expect("the fake answers stop");
            assert!(is_legal(
                VariantKind::Shogi,
                "position startpos",
                &late.to_string()
            ));
        }
        other => panic!("expected a timeout, got {other:?}"),
    }
    assert!(started.elapsed() < deadline + timeouts.stop_grace);
    assert!(
        engine
            .log()
            .any(|e| e.kind == LogKind::Sent && e.line == "stop")
    );
}

#[test]
fn ignored_stop_times_out_and_the_process_is_gone_after_quit_or_drop() {
    let mut engine = fake(&["--hang", "--ignore-stop"]);
    let started = Instant::now();
    let result = engine.go("position startpos", &limits(), Duration::from_millis(100));
    assert!(
        matches!(result, Err(UsiError::Timeout { late: None, .. })),
        "{result:?}"
    );
    assert!(started.elapsed() >= Duration::from_millis(100) + quick().stop_grace);
    // The next search first syncs with isready, so a stale answer is never taken for it.
    engine
        .go("position startpos", &limits(), Duration::from_millis(50))
        .unwrap_err();
    let pid = engine.pid();
    assert!(matches!(engine.quit(), QuitOutcome::Exited(_)));
    assert!(engine.has_exited());
    assert!(!process_exists(pid));

    // An engine that ignores quit is killed.
    let mut engine = fake(&["--hang", "--ignore-stop", "--ignore-quit"]);
    let pid = engine.pid();
    assert_eq!(engine.quit(), QuitOutcome::Killed);
    assert!(!process_exists(pid));

    // Dropping a busy engine kills it.
    let mut engine = fake(&["--hang", "--ignore-stop", "--ignore-quit"]);
    let pid = engine.pid();
    let _ = engine.go("position startpos", &limits(), Duration::from_millis(50));
    drop(engine);
    assert!(!process_exists(pid));
}

#[test]
fn infinite_search_is_stopped_at_the_deadline() {
    let mut engine = fake(&[]);
    let go = GoLimits {
        infinite: true,
        ..GoLimits::default()
    };
    let result = engine
        .go("position startpos", &go, Duration::from_millis(100))
        .unwrap();
    assert!(result.best.as_move().is_some());
    assert!(result.elapsed >= Duration::from_millis(100));
}

#[test]
fn ponder_search_waits_for_ponderhit_or_stop() {
    let mut engine = fake(&["--ponder"]);
    let ponder = GoLimits {
        ponder: true,
        ..limits()
    };
    assert!(ponder.command().starts_with("go ponder btime "));
    engine.start_go("position startpos", &ponder).unwrap();
    let soon = Instant::now() + Duration::from_millis(100);
    assert!(
        engine.poll_go(soon).unwrap().is_none(),
        "a ponder search waits"
    );
    // Timed from ponderhit: no longer than since just before it (from `go` it would be
    // 100 ms more), however slowly the machine answers.
    let hit = Instant::now();
    engine.ponder_hit().unwrap();
    let result = engine.wait_go(DEADLINE).unwrap();
    assert!(is_legal(
        VariantKind::Shogi,
        "position startpos",
        result.best.as_move().unwrap()
    ));
    assert!(result.elapsed <= hit.elapsed(), "timed from ponderhit");
    assert!(matches!(engine.poll_go(soon), Err(UsiError::NoSearch)));
    assert!(matches!(engine.ponder_hit(), Err(UsiError::NoSearch)));
    engine.start_go("position startpos", &ponder).unwrap();
    assert!(engine.stop_go().unwrap().best.as_move().is_some());
    assert!(matches!(engine.stop_go(), Err(UsiError::NoSearch)));
}

#[test]
fn go_mate_reads_the_checkmate_line() {
    let mut engine = fake(&[]);
    let (answer, _) = engine
        .go_mate(
            "position startpos",
            Some(Duration::from_millis(100)),
            DEADLINE,
        )
        .unwrap();
    assert_eq!(answer, MateAnswer::NotImplemented);
    assert!(engine.log().any(|e| e.line == "go mate 100"));
    assert_eq!(
        MateAnswer::from_text(" G*5b  5a4a G*4b "),
        MateAnswer::Mate(vec!["G*5b".into(), "5a4a".into(), "G*4b".into()])
    );
    assert_eq!(MateAnswer::from_text("nomate"), MateAnswer::NoMate);
    assert_eq!(MateAnswer::from_text("timeout"), MateAnswer::Timeout);
}

#[test]
fn slow_answers_within_and_past_the_deadline() {
    let mut engine = fake(&["--slow", "150"]);
    let result = engine.go("position startpos", &limits(), DEADLINE).unwrap();
    assert!(result.elapsed >= Duration::from_millis(150));
    match engine.go("position startpos", &limits(), Duration::from_millis(50)) {
        Err(UsiError::Timeout {
            late: Some(BestMove::Move(_)),
            ..
        }) => {}
        other => panic!("expected a timeout with a late move, got {other:?}"),
    }
    // The engine is still usable afterwards.
    assert!(engine.go("position startpos", &limits(), DEADLINE).is_ok());
}

#[test]
fn crash_is_reported_as_exited() {
    let mut engine = fake(&["--crash-after", "1"]);
    assert!(engine.go("position startpos", &limits(), DEADLINE).is_ok());
    match engine.go("position startpos moves 7g7f", &limits(), DEADLINE) {
        Err(UsiError::Exited { status }) => {
            assert_eq!(status.and_then(|s| s.code()), Some(3));
        }
        other => panic!("expected an exit, got {other:?}"),
    }
    assert!(engine.has_exited());
    assert!(matches!(engine.is_ready(), Err(UsiError::Exited { .. })));
    assert!(matches!(engine.quit(), QuitOutcome::Exited(_)));
    assert!(
        engine
            .log()
            .any(|e| e.kind == LogKind::Stderr && e.line.contains("crashing"))
    );
}

#[test]
fn garbage_lines_are_ignored_and_logged() {
    let mut engine = fake(&["--garbage", "--name", "Noisy"]);
    assert_eq!(engine.info().name.as_deref(), Some("Noisy"));
    assert_eq!(engine.info().options.len(), 7);
    let mut moves = Vec::new();
    for _ in 0..6 {
        let line = format!("position startpos moves {}", moves.join(" "));
        let m = engine
            .go(&line, &limits(), DEADLINE)
            .unwrap()
            .best
            .to_string();
        assert!(is_legal(VariantKind::Shogi, &line, &m), "{m}");
        moves.push(m);
    }
    let unexpected: Vec<&str> = engine.unexpected_lines().collect();
    assert!(unexpected.contains(&"hello, gui"));
    assert!(unexpected.contains(&"bestmoves 1a1b"));
    assert!(
        unexpected.iter().any(|l| l.contains('\u{fffd}')),
        "lossy UTF-8"
    );
    assert!(unexpected.iter().any(|l| l.len() == 10_000));
    // Stderr has its own pipe and reader thread: its line may come after stdout's. Give
    // it a few round trips under a loaded machine.
    let mut stderr_seen = false;
    for _ in 0..50 {
        stderr_seen = engine.log().any(|e| e.kind == LogKind::Stderr);
        if stderr_seen {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
        engine.is_ready().unwrap();
    }
    assert!(stderr_seen, "the engine's stderr line is logged");
}

#[test]
fn no_usiok_is_a_handshake_timeout() {
    let timeouts = UsiTimeouts {
        usiok: Duration::from_millis(200),
        ..quick()
    };
    let started = Instant::now();
    let result = UsiEngine::spawn(FAKE, &["--no-usiok".to_string()], None, timeouts);
    assert!(matches!(result, Err(UsiError::NoUsiOk(d)) if d == timeouts.usiok));
    assert!(started.elapsed() < Duration::from_secs(2));

    // start + observer shows what came before the timeout.
    let seen = Arc::new(Mutex::new(Vec::new()));
    let mut engine = UsiEngine::start(FAKE, &["--no-usiok".into()], None, timeouts).unwrap();
    let sink = Arc::clone(&seen);
    engine.set_observer(Some(Box::new(move |e| {
        sink.lock().unwrap().push(e.to_string())
    })));
    assert!(matches!(engine.usi(), Err(UsiError::NoUsiOk(_))));
    let seen = seen.lock().unwrap();
    assert!(seen.iter().any(|l| l.ends_with("> usi")), "{seen:?}");
    assert!(seen.iter().any(|l| l.ends_with("< id name koma-fake-usi")));
}

#[test]
fn slow_isready_is_a_ready_timeout() {
    let timeouts = UsiTimeouts {
        readyok: Duration::from_millis(100),
        ..quick()
    };
    let args = ["--slow-ready".to_string(), "400".to_string()];
    let mut engine = UsiEngine::spawn(FAKE, &args, None, timeouts).unwrap();
    assert!(matches!(engine.is_ready(), Err(UsiError::NoReadyOk(_))));
}

#[test]
fn spawn_errors_and_line_breaks() {
    let missing = UsiEngine::spawn("/nonexistent/koma-engine", &[], None, quick());
    assert!(matches!(missing, Err(UsiError::Spawn { .. })));
    let mut engine = fake(&[]);
    assert!(matches!(
        engine.set_option("Seed", "1\nquit"),
        Err(UsiError::LineBreak(_))
    ));
    assert!(matches!(
        engine.go("position startpos\nquit", &limits(), DEADLINE),
        Err(UsiError::LineBreak(_))
    ));
    assert!(engine.go("position startpos", &limits(), DEADLINE).is_ok());
}

#[test]
fn the_engine_handle_can_move_to_another_thread() {
    fn is_send<T: Send>() {}
    is_send::<UsiEngine>();
    let mut engine = fake(&[]);
    let handle = std::thread::spawn(move || {
        engine
            .go("position startpos", &limits(), DEADLINE)
            .map(|r| r.best)
    });
    assert!(handle.join().unwrap().is_ok());
}

#[test]
fn go_commands_follow_usi_order() {
    assert_eq!(
        GoLimits::byoyomi(60_000, 50_000, 10_000).command(),
        "go btime 60000 wtime 50000 byoyomi 10000"
    );
    assert_eq!(
        GoLimits::increment(33_000, 30_000, 5_000, 5_000).command(),
        "go btime 33000 wtime 30000 binc 5000 winc 5000"
    );
    let both = GoLimits {
        byoyomi: Some(1000),
        ..GoLimits::increment(1, 2, 3, 4)
    };
    assert_eq!(both.command(), "go btime 1 wtime 2 binc 3 winc 4");
    let search = GoLimits {
        depth: Some(5),
        nodes: Some(1000),
        movetime: Some(200),
        ..GoLimits::default()
    };
    assert_eq!(search.command(), "go movetime 200 depth 5 nodes 1000");
    assert_eq!(GoLimits::default().command(), "go");
    // From a clock's time fields: the same text as UsiTime writes.
    for time in [
        UsiTime {
            btime: 1,
            wtime: 2,
            byoyomi: 3,
            ..UsiTime::default()
        },
        UsiTime {
            btime: 1,
            wtime: 2,
            binc: 0,
            winc: 4,
            ..UsiTime::default()
        },
    ] {
        assert_eq!(GoLimits::from(time).command(), format!("go {time}"));
    }
}

#[test]
fn engine_lines_parse() {
    let info = match parse_engine_line(
        "info depth 8 seldepth 10 time 250 nodes 12345 nps 49380 hashfull 120 score cp 35 \
         multipv 1 pv 8c8d 2f2e 8d8e",
    ) {
        EngineMessage::Info(info) => info,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        (
            info.depth,
            info.seldepth,
            info.time_ms,
            info.nodes,
            info.nps
        ),
        (Some(8), Some(10), Some(250), Some(12345), Some(49380))
    );
    assert_eq!((info.hashfull, info.multipv), (Some(120), Some(1)));
    assert_eq!(info.score, Some(Score::Cp(35)));
    assert_eq!(info.pv, ["8c8d", "2f2e", "8d8e"]);

    let score = |line: &str| match parse_engine_line(line) {
        EngineMessage::Info(info) => (info.score, info.bound),
        other => panic!("{other:?}"),
    };
    assert_eq!(
        score("info score mate +"),
        (Some(Score::MateUnknown(true)), None)
    );
    assert_eq!(
        score("info score mate -"),
        (Some(Score::MateUnknown(false)), None)
    );
    assert_eq!(
        score("info score mate -10 pv 4b5c"),
        (Some(Score::Mate(-10)), None)
    );
    assert_eq!(score("info score mate +3"), (Some(Score::Mate(3)), None));
    assert_eq!(
        score("info score cp 120 lowerbound pv 7g7f"),
        (Some(Score::Cp(120)), Some(ScoreBound::Lower))
    );
    assert_eq!(score("info score cp 99999999999 depth 3"), (None, None));

    match parse_engine_line("info depth 3 pv 7g7f 3c3d string two  words ") {
        EngineMessage::Info(info) => {
            assert_eq!(info.pv, ["7g7f", "3c3d"]);
            assert_eq!(info.string.as_deref(), Some("two  words"));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        parse_engine_line("bestmove 3a3b ponder 5g5f\r"),
        EngineMessage::BestMove {
            best: BestMove::Move("3a3b".into()),
            ponder: Some("5g5f".into())
        }
    );
    assert_eq!(
        parse_engine_line("bestmove"),
        EngineMessage::MalformedBestMove
    );
    assert_eq!(parse_engine_line("  usiok  "), EngineMessage::UsiOk);
    assert_eq!(
        parse_engine_line("id name A B  C"),
        EngineMessage::IdName("A B  C".into())
    );
    assert_eq!(parse_engine_line("usiokay"), EngineMessage::Unknown);
    assert_eq!(parse_engine_line(""), EngineMessage::Unknown);
    match parse_engine_line(
        "option name BookMoveSelector type combo default default var default var random",
    ) {
        EngineMessage::Option(o) => {
            assert_eq!(
                (o.name.as_str(), o.kind),
                ("BookMoveSelector", OptionKind::Combo)
            );
            assert_eq!(o.default.as_deref(), Some("default"));
            assert_eq!(o.vars, ["default", "random"]);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        parse_engine_line("option type spin"),
        EngineMessage::Unknown
    );
}

/// Every line the engines sent in the ShogiHome transcripts parses as what it is.
#[test]
fn corpus_transcripts_parse() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/protocol");
    let mut files = 0;
    let mut counts = [0usize; 4];
    for entry in std::fs::read_dir(&dir).expect("shared corpus beside the project") {
        let path = entry.unwrap().path().join("usi.log");
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        files += 1;
        for line in text.lines().filter_map(|l| l.strip_prefix("send:")) {
            let word = line.split_whitespace().next().unwrap_or("");
            let message = parse_engine_line(line);
            let ok = match (word, &message) {
                ("info", EngineMessage::Info(_)) => 0,
                ("bestmove", EngineMessage::BestMove { .. }) => 1,
                ("option", EngineMessage::Option(o))
                    if o.kind != OptionKind::Other(String::new()) =>
                {
                    2
                }
                ("id" | "usiok" | "readyok", m) if *m != EngineMessage::Unknown => 3,
                ("", EngineMessage::Unknown) => 3,
                _ => panic!("{}: `{line}` read as {message:?}", path.display()),
            };
            counts[ok] += 1;
        }
    }
    assert!(files >= 17, "{files} transcripts");
    assert!(counts.iter().all(|&n| n > 0), "{counts:?}");
}
