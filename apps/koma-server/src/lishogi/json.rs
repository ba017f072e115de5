//! The JSON shapes of lishogi's API (lishogi's `BotJsonView`, `GameJsonView.ownerPreview`
//! and the challenge `JsonView`), made from koma's games.

use crate::games::{LiveGame, unix_ms};
use koma_game::Outcome;
use koma_game::clock::TimeControl;
use koma_game::rating::Speed;
use koma_rules::{Color, GameKind, VariantKind};
use serde_json::{Value, json};

/// The most milliseconds lishogi reports for a side without a clock (`Int.MaxValue`).
const NO_CLOCK_MS: u64 = i32::MAX as u64;

/// lishogi's variant object (`key`, `name`, `short`) for a koma game. Tori Shogi is
/// not on lishogi: it gets a key of its own. Chu's is scalashogi's `Chushogi` variant.
pub fn variant(kind: GameKind) -> Value {
    let kind = match kind {
        GameKind::Family(v) => v,
        GameKind::Chu => {
            return json!({"key": "chushogi", "name": "Chushogi", "short": "Chushogi"});
        }
    };
    match kind {
        VariantKind::Shogi => json!({"key": "standard", "name": "Standard", "short": "Std"}),
        VariantKind::Tori => json!({"key": "torishogi", "name": "Tori Shogi", "short": "Tori"}),
        VariantKind::Minishogi => json!({"key": "minishogi", "name": "Minishogi", "short": "Mini"}),
        VariantKind::Kyoto => json!({"key": "kyotoshogi", "name": "Kyoto shogi", "short": "Kyoto"}),
        VariantKind::Dobutsu => json!({"key": "dobutsu", "name": "Dobutsu", "short": "Dobutsu"}),
    }
}

/// The koma game of lishogi's variant key `key`.
pub fn variant_of_key(key: &str) -> Option<GameKind> {
    GameKind::from_name(key)
}

/// Every game's lishogi key, comma separated (for messages that list what is known).
pub fn variant_keys() -> String {
    GameKind::ALL
        .map(|g| variant(g)["key"].as_str().unwrap_or_default().to_string())
        .join(", ")
}

/// The time control of a game (unlimited when none).
pub fn control_of(live: &LiveGame) -> TimeControl {
    live.stored
        .setup
        .time_control
        .unwrap_or(TimeControl::Unlimited)
}

/// The clock's parts in milliseconds: main, increment, byoyomi period, periods.
pub fn clock_parts(control: &TimeControl) -> Option<(u64, u64, u64, u32)> {
    match *control {
        TimeControl::Unlimited => None,
        TimeControl::SuddenDeath { main_ms } => Some((main_ms, 0, 0, 0)),
        TimeControl::Byoyomi {
            main_ms,
            period_ms,
            periods,
        } => Some((main_ms, 0, period_ms, periods.max(1))),
        TimeControl::Fischer {
            main_ms,
            increment_ms,
        } => Some((main_ms, increment_ms, 0, 0)),
    }
}

/// lishogi's status name and the winner of `live`'s game now.
pub fn status(live: &LiveGame) -> (&'static str, Option<Color>) {
    if live.aborted.is_some() {
        return ("aborted", None);
    }
    match live.game.outcome() {
        None if live.started_ms.is_some() => ("started", None),
        None => ("created", None),
        Some(outcome) => (status_name(outcome), outcome.winner),
    }
}

/// lishogi's status name (scalashogi's `Status`) for a koma ending.
fn status_name(outcome: Outcome) -> &'static str {
    status_of_reason(outcome.reason.name())
}

/// lishogi's status name (scalashogi's `Status`) for a koma reason, named as
/// `koma_game::Reason::name` names it (`checkmate`, `time-forfeit`...): the one table the
/// game streams and the game export share. A player who left (a claimed win) is lishogi's
/// `timeout`.
pub fn status_of_reason(reason: &str) -> &'static str {
    match reason {
        "checkmate" => "mate",
        "no-moves" => "stalemate",
        "resignation" | "adjudication" => "resign",
        "time-forfeit" => "outoftime",
        "sennichite" | "repetition" => "repetition",
        "perpetual-check" => "perpetualCheck",
        "declaration" | "failed-declaration" | "impasse" => "impasse27",
        "try" => "tryRule",
        "royal-captured" => "royalsLost",
        "bare-king" => "bareKing",
        "max-moves" | "agreement" | "bare-royals" => "draw",
        "abandoned" => "timeout",
        "illegal-move" => "illegalMove",
        _ => "unknownFinish",
    }
}

/// The number of lishogi's status `name` (scalashogi's `Status` ids: `created` 10,
/// `started` 20, `aborted` 25, `mate` 30 ... `illegalMove` 46).
pub fn status_id(name: &str) -> u32 {
    match name {
        "created" => 10,
        "started" => 20,
        "aborted" => 25,
        "mate" => 30,
        "resign" => 31,
        "stalemate" => 32,
        "timeout" => 33,
        "draw" => 34,
        "outoftime" => 35,
        "tryRule" => 39,
        "perpetualCheck" => 40,
        "impasse27" => 41,
        "royalsLost" => 42,
        "bareKing" => 43,
        "repetition" => 44,
        "illegalMove" => 46,
        _ => 38, // unknownFinish
    }
}

/// The speed of `control`, as lishogi names it.
pub fn speed(control: &TimeControl) -> Speed {
    Speed::of(control)
}

/// `gameState`: the moves, the clocks, the draw offers and the status.
pub fn game_state(live: &LiveGame, now_ms: u64) -> Value {
    let over = live.is_over();
    let at = live.ended_ms.filter(|_| over).unwrap_or(now_ms);
    let control = control_of(live);
    let (_, _, byo, _) = clock_parts(&control).unwrap_or_default();
    // Each side's increment: none for a side gone berserk.
    let inc = |c: Color| live.game.clock().map_or(0, |clock| clock.increment_ms(c));
    let time = |c: Color| {
        live.game
            .clock()
            .and_then(|clock| clock.remaining(c, at))
            .map_or(NO_CLOCK_MS, |r| r.main_ms)
    };
    let (status, winner) = status(live);
    let mut state = json!({
        "type": "gameState",
        "moves": live.game.moves_usi().join(" "),
        "btime": time(Color::Black),
        "wtime": time(Color::White),
        "binc": inc(Color::Black),
        "winc": inc(Color::White),
        "byo": byo,
        "sdraw": live.offers.draw == Some(Color::Black),
        "gdraw": live.offers.draw == Some(Color::White),
        "status": status,
    });
    if let Some(w) = winner {
        state["winner"] = w.name().into();
    }
    if let Some(rematch) = &live.rematch {
        state["rematch"] = rematch.as_str().into();
    }
    state
}

/// A seat's player in `gameFull` (an empty object for a guest or the engine).
fn seat_player(live: &LiveGame, seat: Color) -> Value {
    if live.stored.engine.is_some_and(|e| e.seat == seat) {
        return json!({"aiLevel": 1});
    }
    match &live.players[seat.index()] {
        None => json!({}),
        Some(p) => {
            json!({
                "id": p.id,
                "name": p.name,
                "title": p.bot.then_some("BOT"),
                "rating": p.before.int_rating(),
                "provisional": p.before.is_provisional(),
            })
        }
    }
}

/// `gameFull`: what does not change, and the state now; `tournament` the id of the
/// tournament that started the game, if one did. lishogi's fields kept for older clients
/// (`white`, `black`, `initialFen`: lishogi-bot reads `initialFen`) are there too.
pub fn game_full(live: &LiveGame, now_ms: u64, tournament: Option<&str>) -> Value {
    let control = control_of(live);
    let speed = speed(&control);
    let clock = clock_parts(&control).map(|(main, inc, byo, periods)| {
        json!({"initial": main, "increment": inc, "byoyomi": byo, "periods": periods})
    });
    let start = &live.stored.setup.start_sfen;
    let initial = if live.game.starts_at_default() {
        "startpos".to_string()
    } else {
        start.clone()
    };
    let (sente, gote) = (
        seat_player(live, Color::Black),
        seat_player(live, Color::White),
    );
    let mut full = json!({
        "type": "gameFull",
        "id": live.id(),
        "variant": variant(live.game.variant()),
        "clock": clock,
        "speed": speed.key(),
        "perf": {"name": speed.name()},
        "rated": live.stored.rated,
        "createdAt": live.stored.created_ms,
        "sente": sente.clone(),
        "white": sente,
        "gote": gote.clone(),
        "black": gote,
        "initialSfen": initial.clone(),
        "initialFen": initial,
        "state": game_state(live, now_ms),
    });
    if let Some(id) = tournament {
        full["tournamentId"] = id.into();
    }
    full
}

/// A `chatLine` of the game stream.
pub fn chat_line(line: &koma_store::ChatLine) -> Value {
    let view = crate::chat::ChatView::of(line);
    json!({"type": "chatLine", "room": view.room, "username": view.username, "text": view.text})
}

/// An event of the account stream about `live` as `user` sees it: `kind` is `gameStart` or
/// `gameFinish` (lishogi's `ownerPreview` with `id` and `compat`).
pub fn game_event(live: &LiveGame, user: &str, kind: &str) -> Value {
    let color = Color::ALL
        .into_iter()
        .find(|c| live.stored.players[c.index()].as_deref() == Some(user))
        .unwrap_or(Color::Black);
    let opponent = !color;
    let is_bot = live.players[color.index()].as_ref().is_some_and(|p| p.bot);
    let control = control_of(live);
    let speed = speed(&control);
    let (status, winner) = status(live);
    let opponent_json = match &live.players[opponent.index()] {
        Some(p) => json!({
            "id": p.id,
            "username": p.name,
            "rating": p.before.int_rating(),
            "title": p.bot.then_some("BOT"),
        }),
        None if live.stored.engine.is_some() => json!({"id": null, "username": "koma", "ai": 1}),
        None => json!({"id": null, "username": "Anonymous"}),
    };
    let now = unix_ms();
    let seconds_left = live
        .game
        .clock()
        .and_then(|c| c.remaining(color, now))
        .map(|r| r.main_ms / 1000);
    let moves = live.game.moves_usi();
    let over = live.is_over();
    let mut game = json!({
        "gameId": live.id(),
        "fullId": live.id(),
        "id": live.id(),
        "color": color.name(),
        "sfen": live.game.sfen(),
        "lastMove": moves.last().cloned().unwrap_or_default(),
        "source": "friend",
        "status": {"id": status_id(status), "name": status},
        "variant": variant(live.game.variant()),
        "speed": speed.key(),
        "perf": speed.key(),
        "rated": live.stored.rated,
        "hasMoved": moves.len() >= 2 || (moves.len() == 1 && live.game.side_to_move() != color),
        "opponent": opponent_json,
        "isMyTurn": !over && live.started_ms.is_some() && live.game.side_to_move() == color,
        // As lishogi's event stream: the bot API for a bot's games, the board API for all.
        "compat": {"bot": is_bot, "board": true},
    });
    if let Some(s) = seconds_left {
        game["secondsLeft"] = s.into();
    }
    if let Some(w) = winner {
        game["winner"] = w.name().into();
    }
    json!({"type": kind, "game": game})
}
