//! koma-engine plays a whole game of each small variant against itself through USI, every
//! move judged by koma-game's rules, to the game's end.

use koma_game::Reason;
use koma_game::matches::{EngineSpec, Match, MatchConfig};
use koma_rules::VariantKind;

/// One game of `variant`, the engine against itself at 20 ms a move, at most `plies` plies.
fn self_play(variant: VariantKind, plies: u32) {
    let engine = || EngineSpec::from_command_line(env!("CARGO_BIN_EXE_koma-engine")).unwrap();
    let mut config = MatchConfig::new(engine(), engine(), variant);
    config.games = 1;
    config.time = "0+20ms".parse().unwrap();
    config.rules = config.rules.with_max_plies(Some(plies));
    let mut runner = Match::new(config).unwrap();
    let summary = runner.run(&mut |_| {}).unwrap();
    let game = &summary.games[0];
    assert_eq!(game.note, None, "{variant:?}: an engine failed");
    let reason = game.outcome.reason;
    assert!(
        !matches!(
            reason,
            Reason::IllegalMove(_) | Reason::Abandoned | Reason::TimeForfeit
        ),
        "{variant:?} ended by {reason:?} after {} plies",
        game.plies
    );
    assert!(game.plies > 0, "{variant:?}: no move was played");
}

#[test]
fn minishogi_to_the_end() {
    self_play(VariantKind::Minishogi, 160);
}

#[test]
fn kyoto_to_the_end() {
    self_play(VariantKind::Kyoto, 160);
}

#[test]
fn dobutsu_to_the_end() {
    self_play(VariantKind::Dobutsu, 160);
}
