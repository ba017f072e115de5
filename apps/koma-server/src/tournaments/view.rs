//! The public view of a tournament (`GET /api/tournaments/{id}` and every push of its
//! stream), with the standings and, for a knockout, the bracket. Players are numbered from
//! 1 (`n`), in order of entry.

use super::model::{Slot, Tournament};
use super::settings::Format;
use koma_tournament::standings::{TieBreak, standings};
use serde_json::{Value, json};

/// Half points (or quarter points, `units` = 4) as text: `3.5`, `12`, `7.25`.
pub fn points_text(value: i32, units: i32) -> String {
    let units = units.max(1);
    let whole = value.div_euclid(units);
    let part = value.rem_euclid(units);
    match (part, units) {
        (0, _) => whole.to_string(),
        (p, 2) => format!("{whole}.{}", p * 5),
        (p, _) => {
            let text = format!("{:02}", p * 100 / units);
            format!("{whole}.{}", text.trim_end_matches('0'))
        }
    }
}

/// The 1-based number of entrant `i`.
fn n(i: usize) -> usize {
    i + 1
}

/// A line of the list of tournaments.
pub fn summary(t: &Tournament) -> Value {
    json!({
        "id": t.id,
        "name": t.settings.name,
        "format": t.settings.format.name(),
        "status": t.status.name(),
        "players": t.players.len(),
        "starts_at": t.settings.starts_at,
        "online": t.settings.online,
        "director": t.director_name,
    })
}

/// The full public view.
pub fn full(t: &Tournament) -> Value {
    let players: Vec<Value> = t
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            json!({
                "n": n(i),
                "name": p.name,
                "username": p.username,
                "rating": p.rating,
                "start_score": p.start_score,
                "fesa_id": p.fesa_id,
                "nationality": p.nationality,
                "withdrawn": p.withdrawn_from.is_some(),
            })
        })
        .collect();
    let rounds: Vec<Value> = t
        .rounds
        .iter()
        .enumerate()
        .map(|(r, round)| {
            let boards: Vec<Value> = round
                .boards
                .iter()
                .enumerate()
                .map(|(i, b)| {
                    json!({
                        "board": i + 1,
                        "sente": n(b.sente),
                        "gote": n(b.gote),
                        "result": b.result,
                        "game": b.game,
                        "handicap": b.handicap,
                        "drawn": b.drawn.iter().map(|d| json!({
                            "sente": n(d.sente),
                            "gote": n(d.gote),
                            "game": d.game,
                            "result": d.result,
                        })).collect::<Vec<_>>(),
                    })
                })
                .collect();
            json!({
                "number": r + 1,
                "started_at": round.started_at,
                "boards": boards,
                "bye": round.bye.map(n),
            })
        })
        .collect();
    json!({
        "id": t.id,
        "name": t.settings.name,
        "format": t.settings.format.name(),
        "status": t.status.name(),
        "director": t.director_name,
        "online": t.settings.online,
        "clock": t.settings.clock,
        "rounds_planned": t.rounds_planned(),
        "settings": t.settings,
        "players": players,
        // Accounts the director invited that have not accepted (never paired).
        "invited": t.invited.iter().map(|p| json!({
            "name": p.name,
            "username": p.username,
            "rating": p.rating,
        })).collect::<Vec<_>>(),
        "rounds": rounds,
        "standings": if t.settings.format == Format::Arena {
            super::arena_view::standings(t)
        } else {
            standings_json(t)
        },
        "knockout": knockout_json(t),
        "arena": super::arena_view::json(t),
    })
}

/// The standings with the event's tie-breaks, in its order.
fn standings_json(t: &Tournament) -> Value {
    let order: Vec<TieBreak> = t
        .settings
        .tiebreaks
        .iter()
        .map(|tb| tb.tie_break())
        .collect();
    let table = match t.record().map(|record| standings(&record, &order)) {
        Ok(Ok(table)) => table,
        // The settings refuse repeated tie-breaks and every write checks the record: an
        // error here is damage, shown rather than hidden.
        Ok(Err(e)) => return json!({ "error": e.to_string() }),
        Err(e) => return json!({ "error": e.to_string() }),
    };
    let games: Vec<usize> = (0..t.players.len())
        .map(|i| {
            t.rounds
                .iter()
                .flat_map(|r| &r.boards)
                .filter(|b| (b.sente == i || b.gote == i) && b.result.is_some())
                .count()
        })
        .collect();
    let lines: Vec<Value> = table
        .iter()
        .map(|s| {
            let mut tiebreaks = serde_json::Map::new();
            for (name, (tb, v)) in t
                .settings
                .tiebreaks
                .iter()
                .zip(order.iter().zip(&s.tie_breaks))
            {
                tiebreaks.insert(
                    name.name().to_string(),
                    Value::String(points_text(*v, tb.units_per_point())),
                );
            }
            json!({
                "place": s.rank,
                "n": n(s.player),
                "name": t.players[s.player].name,
                "points": s.score,
                "score": points_text(s.score, 2),
                "tiebreaks": tiebreaks,
                "games": games[s.player],
            })
        })
        .collect();
    Value::Array(lines)
}

/// A knockout's bracket: each round's matches in bracket order, a bye as a match with one
/// player that the player wins.
fn knockout_json(t: &Tournament) -> Value {
    if t.settings.format != Format::Knockout {
        return Value::Null;
    }
    let rounds: Vec<Value> = t
        .rounds
        .iter()
        .map(|round| {
            let matches: Vec<Value> = round
                .bracket
                .iter()
                .map(|slot| match *slot {
                    Slot::Bye(p) => json!({"a": n(p), "b": null, "winner": n(p)}),
                    Slot::Board(i) => {
                        let b = &round.boards[i];
                        json!({"a": n(b.sente), "b": n(b.gote), "winner": b.winner().map(n)})
                    }
                })
                .collect();
            Value::Array(matches)
        })
        .collect();
    json!({ "bracket": rounds })
}

#[cfg(test)]
mod tests {
    use super::points_text;

    #[test]
    fn points_are_written_without_rounding() {
        assert_eq!(points_text(7, 2), "3.5");
        assert_eq!(points_text(6, 2), "3");
        assert_eq!(points_text(0, 2), "0");
        assert_eq!(points_text(29, 4), "7.25");
        assert_eq!(points_text(30, 4), "7.5");
        assert_eq!(points_text(31, 4), "7.75");
    }
}
