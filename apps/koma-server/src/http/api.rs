//! The HTTP API: routes and request bodies (the page's own routes are in `assets`).

use crate::accounts::Player;
use crate::accounts::{self, Accounts};
use crate::actor::Speaker;
use crate::error::{ApiError, off_thread};
use crate::games::CreateRequest;
use crate::http::assets;
use crate::http::body::{JsonBody, RecordSize};
use crate::http::image;
use crate::http::limits::{Client, Limiter, RateClass, limited};
use crate::http::ws;
use crate::hub::Hub;
use crate::offers::Offer;
use crate::record_tree::{self, ExportRequest, LineRequest};
use crate::records::{self, ConvertRequest, ReadRequest, WriteRequest};
use crate::rematch::Rematch;
use crate::review::{ReviewRequest, Reviews};
use crate::view::OutcomeView;
use axum::Json;
use axum::Router;
use axum::body::Bytes;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use koma_store::GameId;
use koma_store::{GameSummary, Page};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::sync::watch;

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    /// The games.
    pub hub: Arc<Hub>,
    /// The reviews.
    pub reviews: Arc<Reviews>,
    /// The engine's lines on positions (the analysis board's).
    pub analyses: Arc<crate::analysis::Analyses>,
    /// The kansōsen rooms of finished games.
    pub rooms: Arc<crate::rooms::Rooms>,
    /// The studies.
    pub studies: Arc<crate::studies::Studies>,
    /// Flips to true when the server stops (WebSockets close).
    pub shutdown: watch::Receiver<bool>,
    /// The accounts, their sessions and tokens.
    pub accounts: Arc<Accounts>,
    /// The limits per client and their counts.
    pub limiter: Arc<Limiter>,
    /// The lobby: seeks and quick pairings.
    pub lobby: Arc<crate::lobby::Lobby>,
    /// The tournaments.
    pub tournaments: Arc<crate::tournaments::Tournaments>,
    /// The streams of tournaments' views open, per account or address.
    pub tournament_streams: Arc<crate::http::tournament_stream::Streams>,
    /// The engine's searches, shared by games, reviews and Chu's engine moves.
    pub engine: Arc<crate::engine::Pool>,
    /// The open connections, WebSockets and streams, counted against their caps.
    pub connections: Arc<crate::http::connections::Connections>,
}

/// The routes of `koma serve`.
pub fn router(state: AppState) -> Router {
    let limit = |class, route| limited(&state.limiter, class, route);
    Router::new()
        .route(
            "/api/games",
            get(list).merge(limit(RateClass::Games, post(create))),
        )
        .route("/api/games/{id}", get(game))
        .route("/api/games/{id}/join", limit(RateClass::Games, post(join)))
        .route("/api/games/{id}/move", post(play))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/declare", post(declare))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/ws", get(socket))
        .route("/api/games/{id}/room", get(crate::http::room::state))
        .route("/api/games/{id}/room/ws", get(crate::http::room::socket))
        .route(
            "/api/games/{id}/draw",
            post(
                |s: State<AppState>, p: Path<GameId>, me: Option<Player>, j: JsonBody| {
                    answer(s, p, me, j, Offer::Draw)
                },
            ),
        )
        .route(
            "/api/games/{id}/takeback",
            post(
                |s: State<AppState>, p: Path<GameId>, me: Option<Player>, j: JsonBody| {
                    answer(s, p, me, j, Offer::Takeback)
                },
            ),
        )
        .route("/api/games/{id}/chat", post(chat))
        .route("/api/games/{id}/image.svg", get(image::svg))
        // A PNG costs some 25 ms of drawing: counted with the records' work.
        .route(
            "/api/games/{id}/image.png",
            limit(RateClass::Records, get(image::png)),
        )
        .route(
            "/api/games/{id}/rematch",
            limit(RateClass::Games, post(rematch)),
        )
        .route(
            "/api/records/read",
            limit(RateClass::Records, post(read_record)),
        )
        .route(
            "/api/records/write",
            limit(RateClass::Records, post(write_record)),
        )
        .route(
            "/api/records/export",
            limit(RateClass::Records, post(export_record)),
        )
        .route("/api/line", limit(RateClass::Records, post(line_state)))
        .route(
            "/api/records/convert",
            limit(RateClass::Records, post(convert_record)),
        )
        .route("/api/reviews", limit(RateClass::Reviews, post(review)))
        .route("/api/reviews/{id}", get(review_state))
        .route(
            "/api/analysis",
            limit(RateClass::Analyses, post(crate::http::analysis::analyse)),
        )
        .merge(crate::http::studies::routes(&state))
        .merge(crate::http::chu::routes(&state))
        .merge(crate::http::lishogi::routes(&state))
        .merge(crate::http::accounts::routes())
        .merge(crate::http::ratings::routes())
        .merge(crate::http::lobby::routes(&state))
        .merge(crate::http::profiles::routes())
        .merge(crate::http::tournaments::routes(&state))
        .merge(crate::http::variants::routes())
        .merge(assets::routes())
        .with_state(state)
}

/// A JSON body read by hand, so that any malformed body gets a 400 naming the problem.
pub(crate) fn body<T: DeserializeOwned>(bytes: &Bytes) -> Result<T, ApiError> {
    serde_json::from_slice(bytes).map_err(|source| ApiError::Malformed {
        what: "request",
        source,
    })
}

/// [`body`], or the default for an empty body (only blanks).
pub(crate) fn body_or_default<T: DeserializeOwned + Default>(bytes: &Bytes) -> Result<T, ApiError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        Ok(T::default())
    } else {
        body(bytes)
    }
}

/// The seat token of a request: 403 if it sent none.
fn seat_token(token: Option<String>) -> Result<String, ApiError> {
    token
        .filter(|t| !t.is_empty())
        .ok_or(ApiError::MissingToken)
}

/// Who a request on a game speaks for: the seat token it sent, else the logged-in account
/// (a player's seat follows his account to every device he logs in on); 403 with neither.
fn speaker(token: Option<String>, me: Option<Player>) -> Result<Speaker, ApiError> {
    match token.filter(|t| !t.is_empty()) {
        Some(token) => Ok(Speaker::Token(token)),
        None => me
            .map(|p| Speaker::Account(p.id))
            .ok_or(ApiError::MissingToken),
    }
}

/// [`speaker`] for a request a spectator may make too (chat, the WebSocket): a token must
/// hold a seat (403 from the game otherwise), a logged-in account that holds none watches,
/// and a request with neither is a spectator's.
pub(crate) async fn seated_or_watching(
    hub: &Hub,
    id: &GameId,
    token: Option<String>,
    me: Option<Player>,
) -> Result<Option<Speaker>, ApiError> {
    match speaker(token, me) {
        Ok(Speaker::Account(account)) => Ok(hub
            .sits(id, &account)
            .await?
            .then_some(Speaker::Account(account))),
        Ok(token) => Ok(Some(token)),
        Err(_) => Ok(None),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinBody {
    invite: String,
}

#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveBody {
    token: Option<String>,
    /// The move in USI.
    usi: Option<String>,
    /// The move in any notation koma reads.
    text: Option<String>,
}

#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct OfferBody {
    token: Option<String>,
    /// Offer or accept (true); decline or withdraw (false).
    yes: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChatBody {
    /// A seat's token: the players' room; none: the spectators'.
    token: Option<String>,
    /// The line; or, for a player,
    text: Option<String>,
    /// a greeting (`start`, `end`: chat::Greeting) instead.
    greeting: Option<String>,
}

#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct TokenBody {
    token: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RematchBody {
    token: Option<String>,
    /// Offer or accept (true, the default); decline or withdraw (false).
    #[serde(default = "yes")]
    yes: bool,
}

impl Default for RematchBody {
    fn default() -> RematchBody {
        RematchBody {
            token: None,
            yes: true,
        }
    }
}

fn yes() -> bool {
    true
}

/// `GET /api/games?page=N&per=M`: page N (from 1) of M games (at most [`MAX_PER_PAGE`]);
/// `player=NAME`: only that player's games.
#[derive(Deserialize)]
pub(crate) struct PageQuery {
    page: Option<usize>,
    per: Option<usize>,
    player: Option<String>,
}

/// The games on a page when the query names no number.
const DEFAULT_PER_PAGE: usize = 50;
/// The most games on one page.
const MAX_PER_PAGE: usize = 100;

impl PageQuery {
    /// The page asked for, its size clamped to 1..=[`MAX_PER_PAGE`].
    pub(crate) fn page(&self) -> Page {
        let per = self.per.unwrap_or(DEFAULT_PER_PAGE).clamp(1, MAX_PER_PAGE);
        let page = self.page.unwrap_or(1).max(1);
        Page {
            offset: (page - 1).saturating_mul(per),
            limit: per,
        }
    }
}

#[derive(Deserialize)]
struct RecordQuery {
    format: Option<String>,
}

#[derive(Deserialize)]
struct SocketQuery {
    token: Option<String>,
}

/// A game as the list writes it.
pub(crate) fn summary_json(g: &GameSummary) -> serde_json::Value {
    serde_json::json!({
        "id": g.id,
        "variant": g.setup.variant.name(),
        "rules": g.setup.rules.name,
        "time_control": g.setup.time_control.map(|c| c.to_string()),
        "created_ms": g.created_ms,
        "started": g.started,
        "plies": g.plies,
        "result": g.result,
        "outcome": g.result.as_deref().and_then(OutcomeView::parse),
    })
}

async fn list(
    State(s): State<AppState>,
    Query(query): Query<PageQuery>,
) -> Result<Response, ApiError> {
    if let Some(name) = &query.player {
        return crate::http::profiles::player_list(&s, name, query.page()).await;
    }
    let games = s.hub.list(query.page()).await?;
    Ok(Json(crate::http::profiles::list_json(&s, games).await?).into_response())
}

async fn create(
    State(s): State<AppState>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    player: Option<accounts::Player>,
    json: JsonBody,
) -> Result<Response, ApiError> {
    let request: CreateRequest = body_or_default(&json.bytes)?;
    let created = s.hub.create(request, Some(client.ip()), player).await?;
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

async fn game(State(s): State<AppState>, Path(id): Path<GameId>) -> Result<Response, ApiError> {
    Ok(Json(s.hub.state(&id).await?).into_response())
}

async fn join(
    State(s): State<AppState>,
    Path(id): Path<GameId>,
    player: Option<accounts::Player>,
    json: JsonBody,
) -> Result<Response, ApiError> {
    let request: JoinBody = body(&json.bytes)?;
    Ok(Json(s.hub.join(&id, &request.invite, player).await?).into_response())
}

async fn play(
    State(s): State<AppState>,
    Path(id): Path<GameId>,
    me: Option<Player>,
    json: JsonBody,
) -> Result<Response, ApiError> {
    let request: MoveBody = body_or_default(&json.bytes)?;
    let token = &speaker(request.token, me)?;
    let view = match (&request.usi, &request.text) {
        (Some(usi), None) => s.hub.play(&id, token, usi).await?,
        (None, Some(text)) => s.hub.play_text(&id, token, text).await?,
        _ => return Err(ApiError::MoveFields),
    };
    Ok(Json(view).into_response())
}

/// The seat's answer about `offer` (a draw or a takeback): make or accept it, or decline or
/// withdraw it.
async fn answer(
    State(s): State<AppState>,
    Path(id): Path<GameId>,
    me: Option<Player>,
    json: JsonBody,
    offer: Offer,
) -> Result<Response, ApiError> {
    let request: OfferBody = body_or_default(&json.bytes)?;
    let token = speaker(request.token, me)?;
    let view = s.hub.offer(&id, &token, offer, request.yes);
    Ok(Json(view.await?).into_response())
}

async fn chat(
    State(s): State<AppState>,
    Path(id): Path<GameId>,
    client: Client,
    me: Option<Player>,
    json: JsonBody,
) -> Result<Response, ApiError> {
    let request: ChatBody = body(&json.bytes)?;
    s.limiter.check_chat(client.0.as_ref(), None)?;
    let speaker = seated_or_watching(&s.hub, &id, request.token, me).await?;
    let who = speaker.as_ref().map(Speaker::actor);
    let line = match (request.text, request.greeting) {
        (Some(text), None) => s.hub.chat(&id, who, &text).await?,
        (None, Some(name)) => {
            let greeting = crate::chat::Greeting::named(&name)?;
            let who = who.ok_or(ApiError::Forbidden {
                reason: "only a player greets the opponent",
            })?;
            s.hub.greet(&id, who, greeting).await?
        }
        _ => {
            return Err(ApiError::BadParameter {
                name: "text",
                message: "a chat line is 'text' or 'greeting', one of them".to_string(),
            });
        }
    };
    Ok(Json(line).into_response())
}

async fn resign(
    State(s): State<AppState>,
    Path(id): Path<GameId>,
    me: Option<Player>,
    json: JsonBody,
) -> Result<Response, ApiError> {
    let token = speaker(body_or_default::<TokenBody>(&json.bytes)?.token, me)?;
    Ok(Json(s.hub.resign(&id, &token).await?).into_response())
}

async fn declare(
    State(s): State<AppState>,
    Path(id): Path<GameId>,
    me: Option<Player>,
    json: JsonBody,
) -> Result<Response, ApiError> {
    let token = speaker(body_or_default::<TokenBody>(&json.bytes)?.token, me)?;
    Ok(Json(s.hub.declare(&id, &token).await?).into_response())
}

/// A player's answer about a rematch: 201 with his seat in the game created now, 200 with
/// his seat in the one created before, 202 with the state while his offer waits for the
/// opponent, 200 with the state once an offer is declined or withdrawn.
async fn rematch(
    State(s): State<AppState>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    Path(id): Path<GameId>,
    json: JsonBody,
) -> Result<Response, ApiError> {
    let request: RematchBody = body_or_default(&json.bytes)?;
    let token = seat_token(request.token)?;
    let answer = s
        .hub
        .rematch(&id, &token, request.yes, Some(client.ip()))
        .await?;
    Ok(match answer {
        Rematch::Created(joined) => (StatusCode::CREATED, Json(joined)).into_response(),
        Rematch::Existing(joined) => (StatusCode::OK, Json(joined)).into_response(),
        Rematch::Offered(game) => (StatusCode::ACCEPTED, Json(game)).into_response(),
        Rematch::Withdrawn(game) => (StatusCode::OK, Json(game)).into_response(),
    })
}

async fn read_record(json: JsonBody<RecordSize>) -> Result<Response, ApiError> {
    let request: ReadRequest = body(&json.bytes)?;
    let answer = off_thread(move || records::read(&request)).await?;
    Ok(Json(answer).into_response())
}

async fn convert_record(json: JsonBody<RecordSize>) -> Result<Response, ApiError> {
    let request: ConvertRequest = body(&json.bytes)?;
    let answer = off_thread(move || records::convert(&request)).await?;
    Ok(Json(answer).into_response())
}

async fn export_record(json: JsonBody<RecordSize>) -> Result<Response, ApiError> {
    let request: ExportRequest = body(&json.bytes)?;
    let answer = off_thread(move || record_tree::export(&request)).await?;
    Ok(Json(answer).into_response())
}

async fn line_state(json: JsonBody) -> Result<Response, ApiError> {
    let request: LineRequest = body(&json.bytes)?;
    let answer = off_thread(move || record_tree::line_state(&request)).await?;
    Ok(Json(answer).into_response())
}

async fn write_record(json: JsonBody) -> Result<Response, ApiError> {
    let request: WriteRequest = body(&json.bytes)?;
    let text = off_thread(move || records::write(&request)).await?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}

async fn review(
    State(s): State<AppState>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    json: JsonBody,
) -> Result<Response, ApiError> {
    let request: ReviewRequest = body(&json.bytes)?;
    let reviews = Arc::clone(&s.reviews);
    let id = off_thread(move || reviews.submit(request, client.ip())).await?;
    Ok((StatusCode::ACCEPTED, Json(serde_json::json!({ "id": id }))).into_response())
}

async fn review_state(
    State(s): State<AppState>,
    Path(id): Path<GameId>,
) -> Result<Response, ApiError> {
    Ok(Json(s.reviews.get(&id)?).into_response())
}

async fn record(
    State(s): State<AppState>,
    Path(id): Path<GameId>,
    Query(query): Query<RecordQuery>,
) -> Result<Response, ApiError> {
    let format = query.format.unwrap_or_else(|| "kif".to_string());
    let text = s.hub.record(&id, &format).await?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}

async fn socket(
    State(s): State<AppState>,
    Path(id): Path<GameId>,
    Query(query): Query<SocketQuery>,
    client: Client,
    me: Option<Player>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let guard = crate::http::sockets::Guard::open(&s, &client, None)?;
    // Refused before the upgrade: an unknown game (404) or a token that holds no seat (403).
    // Without a token, a logged-in player of the game gets his seat (on any device); any
    // other account watches.
    let speaker = seated_or_watching(&s.hub, &id, query.token, me).await?;
    let (seat, updates) = s
        .hub
        .subscribe(&id, speaker.as_ref().map(Speaker::actor))
        .await?;
    let connection = ws::Connection {
        id,
        speaker,
        seat,
        updates,
        client: client.0,
        limiter: Arc::clone(&s.limiter),
    };
    let hub = Arc::clone(&s.hub);
    let shutdown = s.shutdown.clone();
    let most = s.limiter.limits().body_bytes;
    Ok(crate::http::sockets::sized(upgrade, most)
        .on_upgrade(move |socket| ws::run(socket, hub, connection, guard, shutdown)))
}
