//! koma-engine plays a whole game of each small variant against itself through USI, every
//! move judged by koma-game's rules, to the game's end.

use koma_game::Reason;
use koma_game::matches::{EngineSpec, Match, MatchConfig, MatchSummary};
use koma_rules::{GameKind, VariantKind};
use std::path::Path;

/// `games` games of `variant` (each pair from `random` random moves), the engine against
/// itself at 20 ms a move, at most `plies` plies, records in `out` if given.
fn self_play(
    variant: impl Into<GameKind>,
    games: usize,
    random: usize,
    plies: u32,
    out: Option<&Path>,
) -> MatchSummary {
    let variant = variant.into();
    let engine = || EngineSpec::from_command_line(env!("CARGO_BIN_EXE_koma-engine")).unwrap();
    let mut config = MatchConfig::new(engine(), engine(), variant);
    config.games = games;
    config.random_plies = random;
    config.time = "0+20ms".parse().unwrap();
    config.rules = config.rules.with_max_plies(Some(plies));
    config.out_dir = out.map(Path::to_path_buf);
    // The engines aim at their 20 ms; the judge allows five seconds more for the pipes, as
    // a busy machine may keep a process from a core that long: with the browser tests'
    // Chromium in the other lane, a Dobutsu move once came after more than a second (a
    // fresh clone's suite, 2026-12-01). The test is about playing legal moves to the end,
    // not about the machine's scheduler.
    config.turn.margin_ms = 5_000;
    let mut runner = Match::new(config).unwrap();
    let summary = runner.run(&mut |_| {}).unwrap();
    for game in &summary.games {
        assert_eq!(game.note, None, "{variant:?}: an engine failed");
        let reason = game.outcome.reason;
        assert!(
            !matches!(
                reason,
                Reason::IllegalMove(_) | Reason::Abandoned | Reason::TimeForfeit
            ),
            "{variant:?} game {} ended by {reason:?} after {} plies",
            game.number,
            game.plies
        );
        assert!(
            game.plies > game.opening_plies,
            "{variant:?}: no move was played"
        );
    }
    summary
}

#[test]
fn minishogi_to_the_end() {
    self_play(VariantKind::Minishogi, 1, 0, 160, None);
}

#[test]
fn kyoto_to_the_end() {
    self_play(VariantKind::Kyoto, 1, 0, 160, None);
}

#[test]
fn dobutsu_to_the_end() {
    self_play(VariantKind::Dobutsu, 1, 0, 160, None);
}

/// Chu shogi through USI: the variant chosen, a position with moves, searches that answer
/// legal moves (a lion's double move among them), and a bad move reported.
#[test]
fn chu_shogi_over_usi() {
    use crate::common::Engine;
    use koma_notation::chu::{parse, parse_legal};
    use koma_rules::chu::ChuPosition;

    let mut e = Engine::start();
    e.handshake();
    e.send("setoption name USI_Variant value chushogi");
    e.send("isready");
    e.read_until_prefix("readyok");
    e.send("position startpos moves 7i7h 6d6e");
    e.send("go depth 3");
    let line = e.bestmove();
    let mut pos = ChuPosition::startpos();
    for m in ["7i7h", "6d6e"] {
        pos.play(parse_legal(&pos, m).unwrap()).unwrap();
    }
    let best = line.split_whitespace().nth(1).expect("a move");
    assert!(parse_legal(&pos, best).is_ok(), "{line}");

    // The lion on 6f takes the gold on 6e, which the silver guards (as the rook guards the
    // silver): it takes and comes back (igui) or steps aside, never staying on 6e.
    let sfen = "k5r5/p11/12/6s5/6g5/6N5/12/12/12/12/12/11K b - 1";
    assert!(parse(sfen).is_ok());
    e.send(&format!("position sfen {sfen}"));
    e.send("go depth 3");
    let line = e.bestmove();
    let best = line.split_whitespace().nth(1).unwrap_or("");
    assert!(
        ["6f6e6f", "6f6e5f", "6f6e7f"].contains(&best),
        "a double move through the gold: {line}"
    );

    e.send("position startpos moves 7i7h 1a1b");
    let lines = e.sync();
    assert!(
        lines.iter().any(|l| l.contains("move 2 '1a1b' is illegal")),
        "{lines:?}"
    );

    // No mate to solve in Chu, and the answer says why.
    e.send("position startpos");
    e.send("go mate 1000");
    let lines = e.read_until_prefix("checkmate");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("checkmate notimplemented")
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string go mate: Chu shogi is won by taking")),
        "{lines:?}"
    );
    e.send("quit");
    assert!(e.wait_exit(std::time::Duration::from_secs(5)));
}

/// Two Chu games of the engine against itself through USI (each colour once, after the
/// same four random moves), run by the family's match runner and judged by koma-game's Chu
/// rules: no illegal move, no crash, no loss on time; each record read back to the game.
#[test]
fn chu_self_play() {
    let out = std::env::temp_dir().join(format!("koma-chu-match-{}", std::process::id()));
    let summary = self_play(GameKind::Chu, 2, 4, 120, Some(&out));
    for game in &summary.games {
        assert_eq!(game.opening_plies, 4);
        assert_eq!(game.records.len(), 1, "one KIF a game");
        let bytes = std::fs::read(&game.records[0]).unwrap();
        let text = koma_notation::encoding::decode(&bytes).0;
        let read = koma_game::chu::record::read(&text).expect("the KIF reads back");
        assert_eq!(read.moves().len(), game.plies, "game {}", game.number);
        assert!(text.contains("先手："), "{text}");
    }
    let [first, second] = [0, 1].map(|i| {
        let bytes = std::fs::read(&summary.games[i].records[0]).unwrap();
        let text = koma_notation::encoding::decode(&bytes).0;
        let game = koma_game::chu::record::read(&text).unwrap();
        game.moves()[..4].to_vec()
    });
    assert_eq!(first, second, "both games of a pair open alike");
    let _ = std::fs::remove_dir_all(&out);
}
