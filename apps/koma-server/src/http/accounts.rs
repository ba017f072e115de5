//! The HTTP routes of accounts.

use crate::accounts::{Credential, Player};
use crate::accounts::{SESSION_MS, json};
use crate::error::ApiError;
use crate::http::api::{AppState, body};
use crate::http::auth::{COOKIE, Owner, SameOrigin};
use crate::http::body::JsonBody;
use crate::http::lishogi::ok;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{Extensions, HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use koma_store::TokenId;
use serde::Deserialize;
use serde_json::json;

/// The routes of accounts, merged into the API's router.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/accounts", post(sign_up))
        .route("/api/login", post(log_in))
        .route("/api/logout", post(log_out))
        .route("/api/account", get(me))
        .route("/api/session", get(session))
        .route(
            "/api/account/preferences",
            get(preferences).patch(change_preferences),
        )
        .route("/api/account/password", post(change_password))
        .route("/api/account/delete", post(delete_account))
        .route("/api/account/tokens", get(list_tokens).post(create_token))
        .route("/api/account/tokens/{id}", delete(revoke_token))
        .route("/api/user/{name}", get(user))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Credentials {
    username: String,
    password: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewPassword {
    old_password: String,
    new_password: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Confirmation {
    password: String,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct TokenRequest {
    #[serde(default)]
    description: String,
}

/// `Set-Cookie` for the session `secret` (empty with `max_age_s` 0: the cookie is cleared).
fn session_cookie(secret: &str, max_age_s: u64, secure: bool) -> HeaderValue {
    let secure = if secure { "; Secure" } else { "" };
    let text =
        format!("{COOKIE}={secret}; HttpOnly; SameSite=Lax; Path=/; Max-Age={max_age_s}{secure}");
    // The secret is hex and the rest fixed ASCII: always a valid header value.
    HeaderValue::from_str(&text).unwrap_or_else(|_| HeaderValue::from_static(""))
}

async fn sign_up(
    State(s): State<AppState>,
    _: SameOrigin,
    extensions: Extensions,
    headers: HeaderMap,
    json: JsonBody,
) -> Result<Response, ApiError> {
    let request: Credentials = body(&json.bytes)?;
    s.limiter
        .check_login(&extensions, &headers, &request.username)?;
    let user = s
        .accounts
        .sign_up(&request.username, &request.password)
        .await?;
    Ok((StatusCode::CREATED, Json(json::user(&user))).into_response())
}

async fn log_in(
    State(s): State<AppState>,
    _: SameOrigin,
    extensions: Extensions,
    headers: HeaderMap,
    json: JsonBody,
) -> Result<Response, ApiError> {
    let request: Credentials = body(&json.bytes)?;
    // Counted before the password is checked: a failed login counts.
    s.limiter
        .check_login(&extensions, &headers, &request.username)?;
    let (user, secret) = s
        .accounts
        .log_in(&request.username, &request.password)
        .await?;
    let cookie = session_cookie(&secret, SESSION_MS / 1000, s.accounts.secure_cookie());
    Ok(([(header::SET_COOKIE, cookie)], Json(json::user(&user))).into_response())
}

async fn log_out(
    State(s): State<AppState>,
    _: SameOrigin,
    player: Option<Player>,
) -> Result<Response, ApiError> {
    if let Some(secret) = player.as_ref().and_then(Player::session) {
        s.accounts.log_out(secret).await?;
    }
    let cleared = session_cookie("", 0, s.accounts.secure_cookie());
    Ok(([(header::SET_COOKIE, cleared)], ok()).into_response())
}

/// `GET /api/account`: the account as `GET /api/user/{name}` shows it, with what lishogi's
/// `accountMe` adds for its owner: `online` (the caller is), `url` (the profile page) and
/// `playing` (the page of the newest game under way, if any).
async fn me(State(s): State<AppState>, player: Player) -> Result<Response, ApiError> {
    let user = s
        .accounts
        .user(&player.id)
        .await?
        .ok_or_else(|| ApiError::no_such("user", &player.id))?;
    let mut view = crate::ratings::user_json(&s.hub, &user).await?;
    if user.deleted_ms.is_none() {
        view["online"] = true.into();
        view["url"] = format!("/#@/{}", user.username).into();
        if let Some(game) = crate::http::lishogi::stream::ongoing(&s, &user.id, 1)
            .await?
            .first()
        {
            view["playing"] = format!("/#game={}", game.id()).into();
        }
    }
    Ok(Json(view).into_response())
}

/// Who the page's visitor is, without a 401 for a guest: `{"account": null}` or
/// `{"account": {...}, "preferences": {...}}` (the page asks on every load; a guest is no
/// error).
async fn session(State(s): State<AppState>, player: Option<Player>) -> Result<Response, ApiError> {
    let user = match player {
        Some(p) => s.accounts.user(&p.id).await?,
        None => None,
    };
    let mut view = json!({ "account": user.as_ref().map(json::user) });
    if let Some(user) = &user {
        view["preferences"] = s.accounts.preferences(&user.id).await?.into();
    }
    Ok(Json(view).into_response())
}

/// The account's preferences for the page: `{"prefs": {...}, "language": "de"}` (the shape
/// of lishogi's `GET /api/account/preferences`).
async fn preferences(State(s): State<AppState>, player: Player) -> Result<Response, ApiError> {
    let prefs = s.accounts.preferences(&player.id).await?;
    Ok(Json(preferences_view(prefs)).into_response())
}

/// Sets some of the account's preferences (`null` removes one); answers them all.
async fn change_preferences(
    State(s): State<AppState>,
    player: Player,
    _: SameOrigin,
    json: JsonBody,
) -> Result<Response, ApiError> {
    let change: serde_json::Value = body(&json.bytes)?;
    let prefs = s.accounts.change_preferences(&player.id, &change).await?;
    Ok(Json(preferences_view(prefs)).into_response())
}

fn preferences_view(prefs: serde_json::Map<String, serde_json::Value>) -> serde_json::Value {
    let language = prefs
        .get("language")
        .cloned()
        .unwrap_or(serde_json::Value::Null);
    json!({ "prefs": prefs, "language": language })
}

async fn user(State(s): State<AppState>, Path(name): Path<String>) -> Result<Response, ApiError> {
    let user = s
        .accounts
        .user(&name)
        .await?
        .ok_or_else(|| ApiError::no_such("user", &name))?;
    Ok(Json(crate::ratings::user_json(&s.hub, &user).await?).into_response())
}

async fn change_password(
    State(s): State<AppState>,
    player: Player,
    json: JsonBody,
) -> Result<Response, ApiError> {
    let request: NewPassword = body(&json.bytes)?;
    s.accounts
        .change_password(
            &player.id,
            &request.old_password,
            &request.new_password,
            player.session(),
        )
        .await?;
    Ok(ok())
}

async fn delete_account(
    State(s): State<AppState>,
    player: Player,
    json: JsonBody,
) -> Result<Response, ApiError> {
    let request: Confirmation = body(&json.bytes)?;
    s.accounts.delete(&player.id, &request.password).await?;
    let cleared = session_cookie("", 0, s.accounts.secure_cookie());
    Ok(([(header::SET_COOKIE, cleared)], ok()).into_response())
}

async fn create_token(
    State(s): State<AppState>,
    Owner(player): Owner,
    extensions: Extensions,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    match player.credential {
        Credential::Token => {
            return Err(ApiError::Forbidden {
                reason: "an API token cannot create tokens: log in, or use HTTP Basic",
            });
        }
        // HTTP Basic was counted as a login when it was checked.
        Credential::Password => {}
        Credential::Session(_) => s.limiter.check_login(&extensions, &headers, &player.id)?,
    }
    let request: TokenRequest = if bytes.iter().all(u8::is_ascii_whitespace) {
        TokenRequest::default()
    } else {
        body(&bytes)?
    };
    let (id, token) = s
        .accounts
        .create_token(&player.id, &request.description)
        .await?;
    let answer = json!({ "token": token, "id": id, "description": request.description.trim() });
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}

async fn list_tokens(
    State(s): State<AppState>,
    Owner(player): Owner,
) -> Result<Response, ApiError> {
    Ok(Json(s.accounts.tokens(&player.id).await?).into_response())
}

async fn revoke_token(
    State(s): State<AppState>,
    Owner(player): Owner,
    Path(id): Path<TokenId>,
) -> Result<Response, ApiError> {
    s.accounts.revoke_token(&player.id, &id).await?;
    Ok(ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cookie_is_http_only_and_lax() {
        let c = session_cookie("abc", 60, false);
        assert_eq!(
            c.to_str().unwrap(),
            "koma_session=abc; HttpOnly; SameSite=Lax; Path=/; Max-Age=60"
        );
        let c = session_cookie("", 0, true);
        assert!(c.to_str().unwrap().ends_with("Max-Age=0; Secure"));
    }
}
