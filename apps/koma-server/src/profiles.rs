//! Players' games: a player's games with their seats' players, a game in lishogi's export
//! shape, and the counts of games the profile shows (the routes: `crate::http::profiles`).

use crate::players::{self, SeatPlayer};
use crate::ratings::shown_key;
use crate::view::OutcomeView;
use koma_game::clock::TimeControl;
use koma_game::rating::speed::estimated_ms;
use koma_rules::{Color, VariantKind};
use koma_store::profiles::{GameCounts, PlayerQuery};
use koma_store::{GameSummary, StoreError, StoredGame};
use serde_json::{Value, json};

/// The list's line of a stored game (as `GET /api/games` shows every game).
pub(crate) fn summary_of(stored: &StoredGame) -> GameSummary {
    GameSummary {
        id: stored.game.id.clone(),
        setup: stored.game.setup.clone(),
        created_ms: stored.game.created_ms,
        started: stored.started_ms.is_some(),
        plies: stored.moves.len(),
        result: stored.outcome.as_ref().map(|o| o.result.clone()),
        rated: stored.game.rated,
        players: stored.game.players.clone(),
    }
}

/// The seats' players of the game `summary` lists (none read for a game of guests and the
/// engine).
pub(crate) fn seats_of(
    store: &dyn crate::Store,
    summary: &GameSummary,
    now_s: u64,
) -> Result<[Option<SeatPlayer>; 2], StoreError> {
    if summary.players.iter().all(Option::is_none) {
        return Ok([None, None]);
    }
    let s = summary;
    players::load(store, &s.id, &s.setup, s.rated, &s.players, now_s)
}

/// A game and its seats' players.
pub(crate) type WithPlayers = (StoredGame, [Option<SeatPlayer>; 2]);

/// The games `query` asks for, each with its seats' players, from the store at `now_s`.
pub(crate) fn games_with_players(
    store: &dyn crate::Store,
    query: &PlayerQuery,
    now_s: u64,
) -> Result<Vec<WithPlayers>, StoreError> {
    let games = store.player_games(query)?;
    games
        .into_iter()
        .map(|g| {
            let seats = seats_of(store, &summary_of(&g), now_s)?;
            Ok((g, seats))
        })
        .collect()
}

/// lishogi's status of a game (scalashogi's `Status` names).
fn status(stored: &StoredGame) -> &'static str {
    let Some(outcome) = &stored.outcome else {
        return if stored.started_ms.is_some() {
            "started"
        } else {
            "created"
        };
    };
    if outcome.result.starts_with("aborted") {
        return "aborted";
    }
    OutcomeView::parse(&outcome.result).map_or("unknownFinish", |v| {
        crate::lishogi::json::status_of_reason(&v.reason)
    })
}

/// lishogi's `clock` of a time control (seconds), `None` without a clock.
fn clock(control: Option<TimeControl>) -> Option<Value> {
    let control = control?;
    let s = |ms: u64| ms / 1000;
    let (initial, increment, byoyomi, periods) = match control {
        TimeControl::Unlimited => return None,
        TimeControl::SuddenDeath { main_ms } => (s(main_ms), 0, 0, 0),
        TimeControl::Byoyomi {
            main_ms,
            period_ms,
            periods,
        } => (s(main_ms), 0, s(period_ms), periods),
        TimeControl::Fischer {
            main_ms,
            increment_ms,
        } => (s(main_ms), s(increment_ms), 0, 0),
    };
    let total = estimated_ms(&control).map_or(0, |ms| ms / 1000);
    Some(json!({
        "initial": initial, "increment": increment, "byoyomi": byoyomi,
        "periods": periods, "totalTime": total,
    }))
}

/// A seat's player as lishogi's `GameUser`: the account, its rating before the game and,
/// once rated, the change; `{}` for a guest or the engine.
fn game_user(seat: Option<&SeatPlayer>) -> Value {
    let Some(p) = seat else {
        return json!({});
    };
    let mut v = json!({
        "user": { "name": p.name, "id": p.id },
        "rating": p.before.int_rating(),
    });
    if let Some(after) = p.after {
        v["ratingDiff"] = json!(after.int_rating() - p.before.int_rating());
    }
    if p.before.is_provisional() {
        v["provisional"] = json!(true);
    }
    v
}

/// A game in lishogi's game export JSON, as far as koma has the data.
pub fn export_json(
    stored: &StoredGame,
    seats: &[Option<SeatPlayer>; 2],
    with_moves: bool,
) -> Result<Value, StoreError> {
    let game = &stored.game;
    let setup = &game.setup;
    let pool = setup.pool();
    let variant = if setup.variant == VariantKind::Shogi.into() {
        "standard"
    } else {
        setup.variant.name()
    };
    let last_move = stored
        .moves
        .last()
        .map(|m| m.at_ms)
        .or(stored.started_ms)
        .unwrap_or(game.created_ms);
    let mut v = json!({
        "id": game.id,
        "rated": game.rated,
        "variant": variant,
        "speed": pool.speed.key(),
        "perf": shown_key(&pool.key()),
        "createdAt": game.created_ms,
        "lastMoveAt": last_move,
        "status": status(stored),
        "players": {
            "sente": game_user(seats[Color::Black.index()].as_ref()),
            "gote": game_user(seats[Color::White.index()].as_ref()),
        },
        "initialSfen": setup.start_sfen,
    });
    if let Some(winner) = stored
        .outcome
        .as_ref()
        .and_then(|o| OutcomeView::parse(&o.result))
        .and_then(|o| o.winner)
    {
        v["winner"] = json!(winner);
    }
    if with_moves {
        let moves: Vec<&str> = stored.moves.iter().map(|m| m.usi.as_str()).collect();
        v["moves"] = json!(moves.join(" "));
    }
    if let Some(clock) = clock(setup.time_control) {
        v["clock"] = clock;
    }
    Ok(v)
}

/// lishogi's `count` of a user: `all`, `rated` and `playing` games.
pub fn counts_json(counts: GameCounts) -> Value {
    json!({ "all": counts.all, "rated": counts.rated, "playing": counts.playing })
}
