//! Starting a USI engine from a command line, for a game.

use koma_game::matches::EngineSpec;
use koma_game::usi_client::{UsiEngine, UsiTimeouts};
use koma_rules::VariantKind;

/// Starts the engine `command` (program and arguments split at whitespace) for a new game
/// of `variant`, as the match runner starts its engines.
pub fn start(command: &str, variant: VariantKind) -> Result<UsiEngine, String> {
    let spec = EngineSpec::from_command_line(command).map_err(|e| e.to_string())?;
    let mut engine = spec
        .start(variant, UsiTimeouts::default())
        .map_err(|e| e.to_string())?;
    engine
        .new_game()
        .map_err(|e| format!("engine '{command}': {e}"))?;
    Ok(engine)
}
