//! Starting a USI engine from a command line, for a game.

use anyhow::Context;
use koma_game::RuleSet;
use koma_game::matches::EngineSpec;
use koma_game::usi_client::{UsiEngine, UsiTimeouts};
use koma_rules::VariantKind;

/// Starts the engine `command` (program and arguments split at whitespace) for a new game
/// of `variant` under `rules`, as the match runner starts its engines.
pub fn start(command: &str, variant: VariantKind, rules: RuleSet) -> anyhow::Result<UsiEngine> {
    let spec = EngineSpec::from_command_line(command)?;
    let mut engine = spec.start(variant, rules, UsiTimeouts::default())?;
    engine
        .new_game()
        .with_context(|| format!("engine '{command}'"))?;
    Ok(engine)
}
