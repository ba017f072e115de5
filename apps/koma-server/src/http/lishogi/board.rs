//! The board and bot game API (lishogi's `/api/board/game/...` and `/api/bot/game/...`):
//! a game's ND-JSON stream (`gameFull`, then `gameState` after every change, `chatLine`
//! for every line of the players' chat and `opponentGone` when the opponent leaves or comes
//! back, closed after the final state) and the player's requests, made as the account whose
//! seat it is. A bot account uses the bot paths only, any other account the board paths only,
//! as on lishogi.

use super::stream::{KEEP_ALIVE, ndjson};
use super::{Refusal, form, ok};
use crate::accounts::Player;
use crate::actor::Actor;
use crate::error::ApiError;
use crate::http::api::AppState;
use crate::lishogi::claim::{self, Told, Watch};
use crate::lishogi::json;
use crate::offers::Offer;
use axum::extract::rejection::FormRejection;
use axum::extract::{Form, Path, State};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use koma_store::GameId;
use koma_store::Room;
use serde::Deserialize;
use tokio::sync::broadcast;

/// How often a game stream looks whether the opponent is gone.
const LOOK: std::time::Duration = std::time::Duration::from_secs(1);

/// The routes of the board and bot game API.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/{api}/game/stream/{id}", get(game_stream))
        .route("/api/{api}/game/{id}/move/{usi}", post(play))
        .route("/api/{api}/game/{id}/resign", post(resign))
        .route("/api/{api}/game/{id}/abort", post(abort))
        .route("/api/{api}/game/{id}/draw/{answer}", post(draw))
        .route("/api/{api}/game/{id}/takeback/{answer}", post(takeback))
        .route("/api/{api}/game/{id}/chat", post(chat).get(chat_lines))
        .route("/api/{api}/game/{id}/claim-victory", post(claim_victory))
        .route("/api/{api}/game/{id}/berserk", post(berserk))
}

/// Whether `me` may use the `api` paths (`bot` for bots, `board` for others).
fn check_api(api: &str, me: &Player) -> Result<(), ApiError> {
    match (api, me.bot) {
        ("bot", true) | ("board", false) => Ok(()),
        ("bot", false) => Err(ApiError::Forbidden {
            reason: "the bot API is for bot accounts: upgrade with POST /api/bot/account/upgrade, or use /api/board/",
        }),
        ("board", true) => Err(ApiError::Forbidden {
            reason: "a bot account uses the bot API (/api/bot/), not the board API",
        }),
        _ => Err(ApiError::no_such("API", api)),
    }
}

/// `yes` or `no`, as the paths say it.
fn yes_no(answer: &str) -> Result<bool, ApiError> {
    match answer {
        "yes" | "accept" | "true" => Ok(true),
        "no" | "decline" | "false" => Ok(false),
        other => Err(ApiError::unknown("answer", other, "yes, no")),
    }
}

async fn game_stream(
    State(s): State<AppState>,
    Path((api, id)): Path<(String, GameId)>,
    me: Player,
    client: crate::http::limits::Client,
) -> Result<Response, Refusal> {
    check_api(&api, &me)?;
    let permit = s.connections.open_stream(&client.holder(Some(&me.id)))?;
    let key = id.clone();
    let tournament = s
        .hub
        .blocking(move |st| st.tournament_of_game(&key))
        .await
        .map_err(ApiError::from)?;
    let slot = s.hub.copy(&id).await?;
    let (full, mut updates, mut chat, over, mut watch) = {
        let mut live = slot.lock().await;
        let seat = Actor::Account(&me.id).seat(&live)?;
        let now = live.now();
        s.hub.settle_time(&mut live, now).await?;
        (
            json::game_full(&live, now, tournament.as_deref()),
            live.subscribe(),
            live.subscribe_chat(),
            live.is_over(),
            Watch::of(&live, seat),
        )
    };
    let held = s.hub.events().open_game_stream(&me.id)?;
    // The stream keeps the account's seat present while it is open, as lishogi's does.
    let here = s.hub.presence().arrive(&id, watch.seat);
    let hub = std::sync::Arc::clone(&s.hub);
    Ok(ndjson(
        s.shutdown.clone(),
        permit,
        move |lines| async move {
            // Counted while the stream lasts.
            let (_held, _here) = (held, here);
            if !lines.send(&full).await || over {
                return;
            }
            // The receiver was made with the state `full` shows: a change since is pending.
            let mut tick = tokio::time::interval(KEEP_ALIVE);
            tick.reset();
            // Whether the opponent is gone, looked at every second.
            let mut look = tokio::time::interval(LOOK);
            let mut told = Told::default();
            loop {
                tokio::select! {
                    changed = updates.changed() => {
                        if changed.is_err() {
                            return;
                        }
                        updates.borrow_and_update();
                        let (state, over) = {
                            let mut live = slot.lock().await;
                            let now = live.now();
                            watch = Watch::of(&live, watch.seat);
                            (json::game_state(&live, now), live.is_over())
                        };
                        if !lines.send(&state).await || over {
                            return;
                        }
                    }
                    // Gone: its seat's presence ends now, not at the next write.
                    () = lines.closed() => return,
                    _ = look.tick() => {
                        let line = claim::opponent_gone(&hub, &id, &watch, &mut told).await;
                        if let Some(line) = line
                            && !lines.send(&line).await
                        {
                            return;
                        }
                    }
                    line = chat.recv() => match line {
                        Ok(line) if line.room == Room::Players => {
                            if !lines.send(&json::chat_line(&line)).await {
                                return;
                            }
                        }
                        Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
                        Err(broadcast::error::RecvError::Closed) => return,
                    },
                    _ = tick.tick() => if !lines.keep_alive().await {
                        return;
                    },
                }
            }
        },
    ))
}

async fn play(
    State(s): State<AppState>,
    Path((api, id, usi)): Path<(String, GameId, String)>,
    me: Player,
) -> Result<Response, Refusal> {
    check_api(&api, &me)?;
    s.hub.play(&id, Actor::Account(&me.id), &usi).await?;
    Ok(ok())
}

async fn resign(
    State(s): State<AppState>,
    Path((api, id)): Path<(String, GameId)>,
    me: Player,
) -> Result<Response, Refusal> {
    check_api(&api, &me)?;
    s.hub.resign(&id, Actor::Account(&me.id)).await?;
    Ok(ok())
}

async fn abort(
    State(s): State<AppState>,
    Path((api, id)): Path<(String, GameId)>,
    me: Player,
) -> Result<Response, Refusal> {
    check_api(&api, &me)?;
    s.hub.abort_by(&id, Actor::Account(&me.id)).await?;
    Ok(ok())
}

async fn offer(
    s: &AppState,
    api: &str,
    id: &GameId,
    answer: &str,
    me: &Player,
    offer: Offer,
) -> Result<Response, Refusal> {
    check_api(api, me)?;
    let yes = yes_no(answer)?;
    match s.hub.offer(id, Actor::Account(&me.id), offer, yes).await {
        // Declining when nothing stands is no error on lishogi.
        Ok(_) | Err(ApiError::NoOffer(_)) if !yes => Ok(ok()),
        Ok(_) => Ok(ok()),
        Err(e) => Err(e.into()),
    }
}

async fn draw(
    State(s): State<AppState>,
    Path((api, id, answer)): Path<(String, GameId, String)>,
    me: Player,
) -> Result<Response, Refusal> {
    offer(&s, &api, &id, &answer, &me, Offer::Draw).await
}

async fn takeback(
    State(s): State<AppState>,
    Path((api, id, answer)): Path<(String, GameId, String)>,
    me: Player,
) -> Result<Response, Refusal> {
    offer(&s, &api, &id, &answer, &me, Offer::Takeback).await
}

async fn claim_victory(
    State(s): State<AppState>,
    Path((api, id)): Path<(String, GameId)>,
    me: Player,
) -> Result<Response, Refusal> {
    check_api(&api, &me)?;
    s.hub.claim_victory(&id, Actor::Account(&me.id)).await?;
    Ok(ok())
}

async fn berserk(
    State(s): State<AppState>,
    Path((api, id)): Path<(String, GameId)>,
    me: Player,
) -> Result<Response, Refusal> {
    check_api(&api, &me)?;
    arena_berserk(&s, &id, &me).await?;
    Ok(ok())
}

#[derive(Deserialize)]
struct ChatForm {
    room: String,
    text: String,
}

async fn chat(
    State(s): State<AppState>,
    Path((api, id)): Path<(String, GameId)>,
    me: Player,
    client: crate::http::limits::Client,
    body: Result<Form<ChatForm>, FormRejection>,
) -> Result<Response, Refusal> {
    check_api(&api, &me)?;
    let request = form(body, s.limiter.limits().body_bytes)?;
    s.limiter.check_chat(client.0.as_ref(), Some(&me.id))?;
    if request.room != "player" {
        return Err(ApiError::unknown(
            "room",
            &request.room,
            "player (koma keeps the players out of the spectators' room)",
        )
        .into());
    }
    s.hub
        .chat(&id, Some(Actor::Account(&me.id)), &request.text)
        .await?;
    Ok(ok())
}

async fn chat_lines(
    State(s): State<AppState>,
    Path((api, id)): Path<(String, GameId)>,
    me: Player,
) -> Result<Response, Refusal> {
    check_api(&api, &me)?;
    {
        let slot = s.hub.copy(&id).await?;
        let live = slot.lock().await;
        Actor::Account(&me.id).seat(&live)?;
    }
    let (lines, _) = s.hub.chat_since_start(&id, Room::Players).await?;
    let lines: Vec<_> = lines
        .iter()
        .map(|l| serde_json::json!({"user": l.username, "text": l.text}))
        .collect();
    Ok(Json(lines).into_response())
}

/// `POST /api/{board,bot}/game/{id}/berserk` for `me`: the berserk of the arena that
/// started the game (see `tournaments::arena_berserk`); a game of no arena is refused.
async fn arena_berserk(s: &AppState, id: &GameId, me: &Player) -> Result<(), ApiError> {
    {
        let slot = s.hub.copy(id).await?;
        let live = slot.lock().await;
        Actor::Account(&me.id).seat(&live)?;
    }
    let key = id.clone();
    let tournament = s
        .hub
        .blocking(move |st| st.tournament_of_game(&key))
        .await?
        .ok_or_else(|| ApiError::NotArenaGame {
            game: id.to_string(),
        })?;
    s.tournaments.berserk(&tournament, me, id).await?;
    Ok(())
}
