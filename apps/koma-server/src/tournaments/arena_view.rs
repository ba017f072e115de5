//! An arena in the tournament's view: its `arena` field (end, each player's score, streak
//! and rank, and the games) and its standings, both from the arena rebuilt from its log.

use super::arena_log;
use super::model::Tournament;
use super::settings::Format;
use serde_json::{Value, json};

/// The `arena` field of `t`'s view (`null` for other formats).
pub fn json(t: &Tournament) -> Value {
    if t.settings.format != Format::Arena {
        return Value::Null;
    }
    let arena = match arena_log::replay(t) {
        Ok(arena) => arena,
        Err(e) => return json!({ "error": e.to_string() }),
    };
    let config = arena.config();
    let scores: Vec<Value> = arena
        .standings()
        .iter()
        .map(|s| {
            json!({
                "n": s.player + 1,
                "rank": s.rank,
                "score": s.score,
                "streak": s.on_fire,
                "games": s.games,
                "performance": s.performance,
                "active": s.active,
            })
        })
        .collect();
    let games: Vec<Value> = arena
        .games()
        .iter()
        .map(|g| {
            let rec = t.arena.games.get(g.id).cloned().unwrap_or_default();
            let result = t.arena.events.iter().find_map(|e| match e.event {
                arena_log::Logged::Finish {
                    game,
                    result,
                    plies,
                    ..
                } if game == g.id => Some((result, plies)),
                _ => None,
            });
            json!({
                "sente": g.sente + 1,
                "gote": g.gote + 1,
                "game": rec.game,
                "started_at": g.started_at,
                "result": result.map(|r| r.0),
                "plies": result.map(|r| r.1),
                "sente_berserk": rec.berserk[0],
                "gote_berserk": rec.berserk[1],
                "counts": arena.counts(g),
            })
        })
        .collect();
    json!({
        "starts_at": config.starts_at,
        "ends_at": config.ends_at,
        "berserk": config.berserk,
        "streaks": config.streaks,
        "scores": scores,
        "games": games,
    })
}

/// An arena's standings in the shape of the other formats' (points are the arena's).
pub fn standings(t: &Tournament) -> Value {
    let arena = match arena_log::replay(t) {
        Ok(arena) => arena,
        Err(e) => return json!({ "error": e.to_string() }),
    };
    let lines: Vec<Value> = arena
        .standings()
        .iter()
        .map(|s| {
            let i = s.player as usize;
            json!({
                "place": s.rank,
                "n": i + 1,
                "name": t.players.get(i).map(|p| p.name.as_str()),
                "points": s.score,
                "score": s.score.to_string(),
                "tiebreaks": {},
                "games": s.games,
            })
        })
        .collect();
    Value::Array(lines)
}
