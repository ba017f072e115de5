//! The tournaments' HTTP routes (see docs/tournaments.md).

use crate::accounts::Player;
use crate::error::ApiError;
use crate::http::api::{AppState, PageQuery, body};
use crate::http::body::JsonBody;
use crate::http::limits::{RateClass, limited};
use crate::tournaments::directing::ResultBody;
use crate::tournaments::entries::{JoinBody, PlayerBody};
use crate::tournaments::settings::Settings;
use crate::tournaments::{Refusal, view};
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use koma_store::{GameId, TournamentId};
use serde_json::Value;

/// The routes, merged into the API's router.
pub fn routes(state: &AppState) -> Router<AppState> {
    let limit = |class, route| limited(&state.limiter, class, route);
    Router::new()
        .route(
            "/api/tournaments",
            get(list).merge(limit(RateClass::Games, post(create))),
        )
        .route("/api/tournaments/{id}", get(show))
        .route("/api/tournaments/{id}/join", post(join))
        .route("/api/tournaments/{id}/withdraw", post(withdraw))
        .route("/api/tournaments/{id}/players", post(add_player))
        .route("/api/tournaments/{id}/start", post(start))
        .route("/api/tournaments/{id}/rounds", post(pair))
        .route("/api/tournaments/{id}/results", post(result))
        .route("/api/tournaments/{id}/stream", get(stream))
        .route("/api/tournaments/{id}/crosstable.csv", get(crosstable_csv))
        .route(
            "/api/tournaments/{id}/crosstable.html",
            get(crosstable_html),
        )
        .route("/api/tournaments/{id}/fesa.txt", get(fesa))
        .route("/api/tournaments/{id}/elo.csv", get(elo_csv))
        .route("/api/tournaments/{id}/berserk", post(berserk))
}

/// The account of a write, or 401.
fn account(player: Option<Player>) -> Result<Player, ApiError> {
    player.ok_or_else(|| Refusal::LoginRequired.into())
}

/// A tournament's view as the answer (built where it may take its time).
fn answer(status: StatusCode, t: &crate::tournaments::model::Tournament) -> Response {
    let view = crate::cpu::run(|| view::full(t));
    (status, Json(view)).into_response()
}

async fn list(
    State(s): State<AppState>,
    Query(query): Query<PageQuery>,
) -> Result<Response, ApiError> {
    let list = s.tournaments.list(query.page()).await?;
    let lines: Vec<Value> = list.iter().map(view::summary).collect();
    Ok(Json(lines).into_response())
}

async fn create(
    State(s): State<AppState>,
    player: Option<Player>,
    json: JsonBody,
) -> Result<Response, ApiError> {
    let director = account(player)?;
    let settings: Settings = body(&json.bytes)?;
    let t = s.tournaments.create(&director, settings).await?;
    Ok(answer(StatusCode::CREATED, &t))
}

async fn show(
    State(s): State<AppState>,
    Path(id): Path<TournamentId>,
) -> Result<Response, ApiError> {
    // Read and built on a blocking thread, as the streams' views are.
    let (_, line) = s
        .tournaments
        .view_line(&id, None)
        .await?
        .ok_or(crate::error::Internal::ViewWithoutVersion)?;
    Ok((
        [(header::CONTENT_TYPE, "application/json")],
        line.slice(..line.len().saturating_sub(1)),
    )
        .into_response())
}

async fn join(
    State(s): State<AppState>,
    Path(id): Path<TournamentId>,
    player: Option<Player>,
    json: crate::http::body::OptionalJsonBody,
) -> Result<Response, ApiError> {
    let player = account(player)?;
    let request: JoinBody = crate::http::api::body_or_default(&json.bytes)?;
    Ok(answer(
        StatusCode::OK,
        &s.tournaments.join(&id, &player, request).await?,
    ))
}

#[derive(Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct WithdrawBody {
    /// The player's number (the director withdrawing another).
    player: Option<usize>,
}

async fn withdraw(
    State(s): State<AppState>,
    Path(id): Path<TournamentId>,
    player: Option<Player>,
    json: JsonBody,
) -> Result<Response, ApiError> {
    let who = account(player)?;
    let request: WithdrawBody = if json.bytes.iter().all(u8::is_ascii_whitespace) {
        WithdrawBody::default()
    } else {
        body(&json.bytes)?
    };
    let t = s.tournaments.withdraw(&id, &who, request.player).await?;
    Ok(answer(StatusCode::OK, &t))
}

async fn add_player(
    State(s): State<AppState>,
    Path(id): Path<TournamentId>,
    player: Option<Player>,
    json: JsonBody,
) -> Result<Response, ApiError> {
    let director = account(player)?;
    let request: PlayerBody = body(&json.bytes)?;
    let t = s.tournaments.add_player(&id, &director, request).await?;
    Ok(answer(StatusCode::CREATED, &t))
}

async fn start(
    State(s): State<AppState>,
    Path(id): Path<TournamentId>,
    player: Option<Player>,
) -> Result<Response, ApiError> {
    let director = account(player)?;
    Ok(answer(
        StatusCode::OK,
        &s.tournaments.start(&id, &director).await?,
    ))
}

async fn pair(
    State(s): State<AppState>,
    Path(id): Path<TournamentId>,
    player: Option<Player>,
) -> Result<Response, ApiError> {
    let director = account(player)?;
    Ok(answer(
        StatusCode::CREATED,
        &s.tournaments.pair(&id, &director).await?,
    ))
}

async fn result(
    State(s): State<AppState>,
    Path(id): Path<TournamentId>,
    player: Option<Player>,
    json: JsonBody,
) -> Result<Response, ApiError> {
    let director = account(player)?;
    let request: ResultBody = body(&json.bytes)?;
    let t = s.tournaments.enter_result(&id, &director, request).await?;
    Ok(answer(StatusCode::OK, &t))
}

/// `GET /api/tournaments/{id}/stream`: the full view, then again at every change (see
/// `feed.rs`).
async fn stream(
    State(s): State<AppState>,
    Path(id): Path<TournamentId>,
    client: crate::http::limits::Client,
    me: Option<Player>,
) -> Result<Response, ApiError> {
    let account = me.as_ref().map(|p| p.id.as_str());
    let permit = s.connections.open_stream(&client.holder(account))?;
    // A signed-in viewer's tournament streams count for his account, an anonymous one's
    // for his address: the players of a club's event in one hall share one address.
    let key = match me {
        Some(me) => Some(crate::http::limits::RateKey::Account(me.id)),
        None => client.0,
    };
    crate::http::tournament_stream::stream(
        &s.tournaments,
        &s.tournament_streams,
        &id,
        key,
        permit,
        crate::http::lishogi::stream::KEEP_ALIVE,
        s.shutdown.clone(),
    )
    .await
}

async fn crosstable_csv(
    State(s): State<AppState>,
    Path(id): Path<TournamentId>,
) -> Result<Response, ApiError> {
    let (t, _) = s.tournaments.read(&id).await?;
    let text = crate::cpu::run(|| crate::tournaments::export::csv(&t))?;
    Ok(([(header::CONTENT_TYPE, "text/csv; charset=utf-8")], text).into_response())
}

async fn elo_csv(
    State(s): State<AppState>,
    Path(id): Path<TournamentId>,
) -> Result<Response, ApiError> {
    let (t, _) = s.tournaments.read(&id).await?;
    let text = crate::cpu::run(|| crate::tournaments::export::elo_csv(&t))?;
    Ok(([(header::CONTENT_TYPE, "text/csv; charset=utf-8")], text).into_response())
}

/// `?lang=` of a page the server writes (a crosstable's).
#[derive(serde::Deserialize)]
struct LangQuery {
    lang: Option<String>,
}

/// The crosstable as a page in the reader's language: `?lang=`, else the browser's
/// (`Accept-Language`), else English.
async fn crosstable_html(
    State(s): State<AppState>,
    Path(id): Path<TournamentId>,
    Query(query): Query<LangQuery>,
    headers: axum::http::HeaderMap,
) -> Result<Response, ApiError> {
    let asked = query.lang.or_else(|| {
        let accept = headers.get(header::ACCEPT_LANGUAGE)?;
        accept.to_str().ok().map(str::to_string)
    });
    let lang = crate::i18n::language(asked.as_deref());
    let (t, _) = s.tournaments.read(&id).await?;
    let page = crate::cpu::run(|| crate::tournaments::export::html(&t, lang))?;
    Ok(([(header::CONTENT_TYPE, "text/html; charset=utf-8")], page).into_response())
}

/// Where the event was played, for FESA's file (the tournament does not store it).
#[derive(serde::Deserialize)]
struct FesaQuery {
    city: Option<String>,
    country: Option<String>,
}

async fn fesa(
    State(s): State<AppState>,
    Path(id): Path<TournamentId>,
    Query(query): Query<FesaQuery>,
) -> Result<Response, ApiError> {
    let (t, _) = s.tournaments.read(&id).await?;
    let bytes = crate::cpu::run(|| {
        crate::tournaments::export::fesa(
            &t,
            query.city.as_deref().unwrap_or_default(),
            query.country.as_deref().unwrap_or_default(),
        )
    })?;
    Ok((
        [(header::CONTENT_TYPE, "text/plain; charset=iso-8859-1")],
        bytes,
    )
        .into_response())
}

/// The body of a berserk.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct BerserkBody {
    /// The game (the server's id).
    game: GameId,
}

/// `POST /api/tournaments/{id}/berserk`.
async fn berserk(
    State(s): State<AppState>,
    Path(id): Path<TournamentId>,
    player: Option<Player>,
    json: JsonBody,
) -> Result<Response, ApiError> {
    let who = player.ok_or(Refusal::LoginRequired)?;
    let request: BerserkBody = body(&json.bytes)?;
    let t = s.tournaments.berserk(&id, &who, &request.game).await?;
    Ok(Json(view::full(&t)).into_response())
}
