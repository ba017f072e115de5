//! A match between two USI engines without the CLI's dependencies (`koma match` needs the
//! server's): `cargo run --release -p koma-game --example match -- VARIANT GAMES TIME
//! ENGINE_A ENGINE_B [openings=FILE] [a:NAME=VALUE]... [b:NAME=VALUE]...`, a line per game and
//! the score with its Elo interval at the end. Openings and options are as `koma match`'s
//! `--openings`, `--option-a` and `--option-b`.

use koma_game::matches::{EngineSpec, Match, MatchConfig, MatchEvent, read_openings};
use koma_rules::VariantKind;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: match VARIANT GAMES TIME ENGINE_A ENGINE_B [openings=FILE] \
                 [a:NAME=VALUE]... [b:NAME=VALUE]...";
    let [variant, games, time, a, b, extra @ ..] = args.as_slice() else {
        return Err(usage.into());
    };
    let variant = VariantKind::from_name(variant).ok_or("unknown variant")?;
    let (mut a, mut b) = (
        EngineSpec::from_command_line(a)?,
        EngineSpec::from_command_line(b)?,
    );
    let mut openings = None;
    for arg in extra {
        if let Some(path) = arg.strip_prefix("openings=") {
            openings = Some(read_openings(path.as_ref(), variant)?);
            continue;
        }
        let (engine, option) = match arg.split_once(':') {
            Some(("a", option)) => (&mut a, option),
            Some(("b", option)) => (&mut b, option),
            _ => return Err(format!("{arg}: {usage}").into()),
        };
        let (name, value) = option.split_once('=').unwrap_or((option, ""));
        engine.options.push((name.to_string(), value.to_string()));
    }
    let mut config = MatchConfig::new(a, b, variant);
    if let Some(openings) = openings {
        config.openings = openings;
    }
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
