//! Chu shogi against the engine, without a server-held game: the page keeps the line of
//! moves and asks `POST /api/chu/state` what the position allows (the legal moves, the
//! ending) and `POST /api/chu/engine` for the engine's reply. Games between people are
//! hosted like any other (`POST /api/games` with `"variant": "chushogi"`).

use crate::anygame::AnyMove;
use crate::error::ApiError;
use crate::error::off_thread;
use crate::http::api::{AppState, body};
use crate::http::body::JsonBody;
use crate::http::limits::{RateClass, limited};
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use koma_engine::Limits;
use koma_engine::PastPosition;
use koma_game::{Game, Outcome, Reason, RuleSet};
use koma_notation::chu::{ChuUsiError, START_SFEN, parse, parse_usi, write};
use koma_rules::Color;
use koma_rules::chu::Chu;
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The most moves a line may hold.
pub const MAX_PLIES: usize = 2_000;
/// The engine's time per move when the request names none.
pub const DEFAULT_MOVETIME_MS: u64 = 500;
/// The range a requested time per move is clamped to.
pub const MOVETIME_MS: std::ops::RangeInclusive<u64> = 50..=3_000;

/// A Chu line: the start and the moves played from it.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChuRequest {
    /// The start position in lishogi's Chu SFEN (default: the start of a game).
    pub sfen: Option<String>,
    /// The moves in USI (`7i7h`, `7j7i6h`).
    #[serde(default)]
    pub moves: Vec<String>,
    /// The engine's time for its move (`/api/chu/engine`; default 500, clamped to 50..=3000).
    pub movetime_ms: Option<u64>,
    /// `sente` or `gote`: that side resigned after the moves (`/api/chu/state`).
    pub resigned: Option<String>,
}

/// The position a line leads to, as the page needs it.
#[derive(Clone, Debug, Serialize)]
pub struct ChuStateView {
    /// The start position.
    pub start_sfen: String,
    /// The moves of the line (the engine's reply included, when asked for).
    pub moves: Vec<String>,
    /// The same moves in Western text (`Ln-56-47`).
    pub western: Vec<String>,
    /// The same moves in Japanese text (`５六・４七獅`).
    pub japanese: Vec<String>,
    /// The position now.
    pub sfen: String,
    /// `sente` or `gote`: who is to move.
    pub side: &'static str,
    /// The moves the side to move may play (none once the game is over).
    pub legal: Vec<String>,
    /// Whether a royal of the side to move is attacked.
    pub in_check: bool,
    /// The result, once the rules have ended the game.
    pub outcome: Option<ChuOutcomeView>,
    /// The engine's move, for `/api/chu/engine`.
    pub engine_move: Option<String>,
    /// The line as a KIF record, as lishogi writes Chu.
    pub kif: String,
}

/// How a Chu game ended.
#[derive(Clone, Debug, Serialize)]
pub struct ChuOutcomeView {
    /// `sente`, `gote`, or null for a draw.
    pub winner: Option<&'static str>,
    /// The reason's name (`royal-captured`, `bare-king`, `sennichite`...).
    pub reason: &'static str,
}

fn side_name(color: Color) -> &'static str {
    match color {
        Color::Black => "sente",
        Color::White => "gote",
    }
}

/// Plays the line of `request` through the rules.
fn replay(request: &ChuRequest) -> Result<Game<Chu>, ApiError> {
    if request.moves.len() > MAX_PLIES {
        return Err(ApiError::TooManyMoves {
            plies: request.moves.len(),
            limit: MAX_PLIES,
        });
    }
    let start =
        parse(request.sfen.as_deref().unwrap_or(START_SFEN)).map_err(ApiError::StartSfen)?;
    let mut game = Game::new(start, RuleSet::CHU);
    for (i, text) in request.moves.iter().enumerate() {
        let illegal = |source| ApiError::IllegalChuMove { ply: i + 1, source };
        if game.is_over() {
            return Err(illegal(ChuUsiError::Illegal(format!(
                "{} (the game was over)",
                text.chars().take(20).collect::<String>()
            ))));
        }
        // The game judges the move: its legal moves are listed once.
        let m = parse_usi(text).map_err(illegal)?;
        game.play(m)
            .map_err(|_| illegal(ChuUsiError::Illegal(m.to_string())))?;
    }
    if let Some(side) = &request.resigned {
        let loser = match side.as_str() {
            "sente" => Color::Black,
            "gote" => Color::White,
            _ => return Err(ApiError::unknown("side", side, "sente, gote")),
        };
        let _ = game.end(Outcome::win(!loser, Reason::Resignation));
    }
    Ok(game)
}

/// The view of `game`.
fn view(game: &Game<Chu>, engine_move: Option<String>) -> ChuStateView {
    let pos = game.position();
    // Each move's texts as a hosted game's history makes them.
    let moves: Vec<AnyMove> = game.moves().iter().map(|&m| AnyMove::Chu(m)).collect();
    let (western, japanese) = crate::line::Root::Chu(*game.start())
        .history(&moves)
        .iter()
        .map(|e| (e.western.clone(), e.japanese.clone()))
        .unzip();
    ChuStateView {
        start_sfen: write(game.start()),
        moves: game.moves().iter().map(ToString::to_string).collect(),
        western,
        japanese,
        sfen: write(pos),
        side: side_name(pos.side_to_move()),
        legal: if game.is_over() {
            Vec::new()
        } else {
            pos.legal_moves().iter().map(ToString::to_string).collect()
        },
        in_check: pos.in_check(pos.side_to_move()),
        outcome: game.outcome().map(|o| ChuOutcomeView {
            winner: o.winner.map(side_name),
            reason: o.reason.name(),
        }),
        engine_move,
        kif: koma_game::chu::record::kif_text(game, &Default::default()),
    }
}

async fn line_state(json: JsonBody) -> Result<Response, ApiError> {
    let request: ChuRequest = body(&json.bytes)?;
    let answer = off_thread(move || replay(&request).map(|g| view(&g, None))).await?;
    Ok(Json(answer).into_response())
}

async fn engine(State(s): State<AppState>, json: JsonBody) -> Result<Response, ApiError> {
    let request: ChuRequest = body(&json.bytes)?;
    let movetime = request
        .movetime_ms
        .unwrap_or(DEFAULT_MOVETIME_MS)
        .clamp(*MOVETIME_MS.start(), *MOVETIME_MS.end());
    let mut game = off_thread(move || replay(&request)).await?;
    if game.is_over() {
        return Ok(Json(view(&game, None)).into_response());
    }
    if s.engine.is_full() {
        return Err(ApiError::EngineBusy {
            waiting: s.engine.waiting(),
        });
    }
    let (root, past) = (*game.position(), PastPosition::of_game(&game));
    let found = s
        .engine
        .run(Some(Duration::from_secs(10)), move |searcher| {
            let limits = Limits {
                soft_time: Some(Duration::from_millis(movetime / 2)),
                hard_time: Some(Duration::from_millis(movetime)),
                ..Limits::default()
            };
            searcher.set_repetition(None);
            searcher
                .search(&root, &past, &limits, &AtomicBool::new(false), &mut |_| {})
                .best
        })
        .await
        .map_err(crate::error::Internal::Search)?;
    let Some(found) = found else {
        return Err(ApiError::EngineBusy {
            waiting: s.engine.waiting(),
        });
    };
    let played = found.map(|m| {
        let _ = game.play(m);
        m.to_string()
    });
    Ok(Json(view(&game, played)).into_response())
}

/// The routes: reading a line is cheap (counted with the records' work), an engine move
/// is a search (counted with the reviews').
pub fn routes(state: &AppState) -> Router<AppState> {
    Router::new()
        .route(
            "/api/chu/state",
            limited(&state.limiter, RateClass::Records, post(line_state)),
        )
        .route(
            "/api/chu/engine",
            limited(&state.limiter, RateClass::Reviews, post(engine)),
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(sfen: Option<&str>, moves: &[&str]) -> ChuRequest {
        ChuRequest {
            sfen: sfen.map(str::to_string),
            moves: moves.iter().map(|m| m.to_string()).collect(),
            ..ChuRequest::default()
        }
    }

    #[test]
    fn a_line_is_replayed_and_a_bad_move_named() {
        let g = replay(&request(None, &["7i7h", "6d6e", "7j7i6h"])).unwrap();
        let v = view(&g, None);
        assert_eq!(v.side, "gote");
        assert_eq!(v.moves.len(), 3);
        assert_eq!(v.western, ["P-78", "P-65", "Ln-79-68"]);
        assert_eq!(v.japanese, ["７八歩", "６五歩", "７九・６八獅"]);
        assert!(v.outcome.is_none() && !v.legal.is_empty());
        let e = replay(&request(None, &["7i7h", "7i7h"])).unwrap_err();
        assert!(matches!(e, ApiError::IllegalChuMove { ply: 2, .. }), "{e}");
        let e = replay(&request(None, &["zz"])).unwrap_err();
        assert!(e.to_string().contains("move 1"), "{e}");
        let e = replay(&request(Some("12/12 b - 1"), &[])).unwrap_err();
        assert!(matches!(e, ApiError::StartSfen(_)), "{e}");
        let many: Vec<&str> = vec!["7i7h"; MAX_PLIES + 1];
        assert!(matches!(
            replay(&request(None, &many)),
            Err(ApiError::TooManyMoves { .. })
        ));
    }

    #[test]
    fn taking_the_last_royal_ends_the_line() {
        let sfen = "kp10/12/12/12/12/12/12/12/12/12/12/R10K b - 1";
        let g = replay(&request(Some(sfen), &["12l12a"])).unwrap();
        let v = view(&g, None);
        let o = v.outcome.expect("over");
        assert_eq!((o.winner, o.reason), (Some("sente"), "royal-captured"));
        assert!(v.legal.is_empty());
        assert!(replay(&request(Some(sfen), &["12l12a", "11a11b"])).is_err());
    }
}
