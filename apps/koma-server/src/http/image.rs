//! The board picture of a game: `GET /api/games/{id}/image.svg` and `image.png`, with
//! `ply` (the position after that many moves; the current one without it), `flip=1` (seen
//! from gote's side) and, for PNG, `scale` (1: a square 60 pixels wide; 0.25 to 4).

use crate::error::{ApiError, Internal};
use crate::http::api::AppState;
use crate::png::{Fonts, SCALES};
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use koma_notation::svg::{self, Options};
use koma_store::GameId;

/// The query's parameters, as given (each read by [`Request::read`], so that a bad value
/// gets the API's JSON error).
type Params = Vec<(String, String)>;

/// What a picture request asks for.
struct Request {
    ply: Option<usize>,
    flip: bool,
    scale: f32,
}

impl Request {
    fn read(params: &Params) -> Result<Request, ApiError> {
        let bad = |name: &'static str, message: String| ApiError::BadParameter { name, message };
        let mut request = Request {
            ply: None,
            flip: false,
            scale: 1.0,
        };
        for (key, value) in params {
            match key.as_str() {
                "ply" => {
                    let ply = value
                        .parse()
                        .map_err(|_| bad("ply", format!("'{value}' is not a number of moves")))?;
                    request.ply = Some(ply);
                }
                "flip" => {
                    request.flip = match value.as_str() {
                        "1" | "true" | "yes" => true,
                        "0" | "false" | "no" | "" => false,
                        _ => return Err(bad("flip", format!("'{value}' is not 1 or 0"))),
                    }
                }
                "scale" => {
                    request.scale = value
                        .parse()
                        .ok()
                        .filter(|s| SCALES.contains(s))
                        .ok_or_else(|| {
                            bad("scale", format!("'{value}' is not a scale from 0.25 to 4"))
                        })?;
                }
                // Other parameters (a cache-busting one) change nothing.
                _ => {}
            }
        }
        Ok(request)
    }
}

/// The SVG of game `id` as `request` asks.
async fn picture(state: &AppState, id: &GameId, request: &Request) -> Result<String, ApiError> {
    let (mut pos, moves) = state.hub.line(id).await?;
    let ply = request.ply.unwrap_or(moves.len());
    if ply > moves.len() {
        return Err(ApiError::BadParameter {
            name: "ply",
            message: format!("{ply} is past the game's {} moves", moves.len()),
        });
    }
    for (i, &m) in moves[..ply].iter().enumerate() {
        pos.play(m).map_err(|source| Internal::StoredMove {
            game: id.clone(),
            number: i + 1,
            source,
        })?;
    }
    let options = Options {
        flip: request.flip,
        last_move: ply.checked_sub(1).map(|i| moves[i]),
        names: [None, None],
    };
    Ok(svg::write_any(&pos, &options))
}

/// `GET /api/games/{id}/image.svg`.
pub async fn svg(
    State(state): State<AppState>,
    Path(id): Path<GameId>,
    Query(params): Query<Params>,
) -> Result<Response, ApiError> {
    let request = Request::read(&params)?;
    let text = picture(&state, &id, &request).await?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], text).into_response())
}

/// `GET /api/games/{id}/image.png`: drawn off the async threads.
pub async fn png(
    State(state): State<AppState>,
    Path(id): Path<GameId>,
    Query(params): Query<Params>,
) -> Result<Response, ApiError> {
    let request = Request::read(&params)?;
    let text = picture(&state, &id, &request).await?;
    let scale = request.scale;
    let bytes = tokio::task::spawn_blocking(move || Fonts::system()?.png(&text, scale))
        .await
        .map_err(Internal::Task)?
        .map_err(Internal::Picture)?;
    Ok(([(header::CONTENT_TYPE, "image/png")], bytes).into_response())
}
