//! A match between two USI engines without the CLI's dependencies (`koma match` needs the
//! server's): `cargo run --release -p koma-game --example match -- VARIANT GAMES TIME
//! ENGINE_A ENGINE_B`, a line per game and the score with its Elo interval at the end.

use koma_game::matches::{EngineSpec, Match, MatchConfig, MatchEvent};
use koma_rules::VariantKind;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [variant, games, time, a, b] = args.as_slice() else {
        return Err("usage: match VARIANT GAMES TIME ENGINE_A ENGINE_B".into());
    };
    let variant = VariantKind::from_name(variant).ok_or("unknown variant")?;
    let mut config = MatchConfig::new(
        EngineSpec::from_command_line(a)?,
        EngineSpec::from_command_line(b)?,
        variant,
    );
    config.games = games.parse()?;
    config.time = time.parse().map_err(|e| format!("{e:?}"))?;
    let mut runner = Match::new(config)?;
    let summary = runner.run(&mut |event: &MatchEvent| {
        if let MatchEvent::GameFinished(r) = event {
            println!(
                "game {} A {} {} {} plies{}",
                r.number,
                if r.sente == 0 { "sente" } else { "gote" },
                r.outcome,
                r.plies,
                r.note
                    .as_deref()
                    .map(|n| format!(" ({n})"))
                    .unwrap_or_default()
            );
        }
    })?;
    println!("{summary}");
    Ok(())
}
