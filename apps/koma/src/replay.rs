//! `koma replay`: a record's main line through the game layer, and the result by the rules.

use crate::records::read_record;
use anyhow::{Context, anyhow};
use koma_game::RuleSet;
use koma_game::replay::replay;
use koma_rules::VariantKind;
use std::io::Write;

/// The rule set called `name`, or an error listing the known ones.
pub fn rule_set(name: &str) -> anyhow::Result<RuleSet> {
    RuleSet::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = RuleSet::ALL.iter().map(|r| r.name).collect();
        anyhow!("unknown rule set '{name}' (known: {})", names.join(", "))
    })
}

/// Replays `file` and prints what the rules say, the result last.
pub fn run(file: &str, rules: Option<&str>, variant: VariantKind) -> anyhow::Result<()> {
    let rules = rules.map(rule_set).transpose()?;
    let record = read_record(file, None, variant)?;
    let r = replay(&record, rules).with_context(|| file.to_string())?;
    outln!("rules: {}", r.rules.name);
    outln!("moves: {}", r.plies);
    if let Some(end) = &r.recorded {
        outln!("recorded ending: {}", end.japanese());
    }
    if let Some((ply, foul)) = r.illegal {
        // The loser of the outcome is the illegal move's mover.
        match r.outcome.and_then(|o| o.winner) {
            Some(winner) => {
                let mover = (!winner).name();
                outln!("illegal move at ply {ply} by {mover}: {foul}; {mover} loses by it");
            }
            None => outln!("illegal move at ply {ply}: {foul}"),
        }
    }
    for note in &r.notes {
        outln!("note: {note}");
    }
    match r.outcome {
        Some(outcome) => outln!("result: {outcome}"),
        None => outln!("result: none"),
    }
    Ok(())
}
