//! Who a request comes from: [`Player`], from the session cookie or an API token, for any
//! handler of the server (`Option<Player>` where guests are welcome), and the guard against
//! cross-site requests that ride on the cookie.
//!
//! # Cross-site requests (CSRF)
//!
//! A request authenticated by the session cookie must come from the server's own pages,
//! whatever its method: a state-changing one, but also a WebSocket upgrade (the lobby's
//! socket carries seat tokens) and an event stream, which are GETs. Its `Origin` must name the host
//! the request was sent to; without `Origin`, `Sec-Fetch-Site` must say `same-origin` (or
//! `none`: typed by the user); without either, the `Referer`'s host must be the host. A
//! request carrying none of the three comes from no current browser (they send `Origin`
//! with every POST and DELETE, and `Sec-Fetch-Site` too), so it is no forged browser request
//! and passes. This check, rather than a CSRF token, because it needs no state and nothing
//! in the page or the API's bodies, works for `fetch` and forms alike, and refuses exactly
//! what a token would; the cookie's `SameSite=Lax` already keeps browsers from sending it
//! with a cross-site POST, so the check is the second of two locks (and the one that also
//! covers a sibling subdomain, which `SameSite` counts as the same site). Requests with a
//! Bearer token are exempt: a browser never adds a token by itself.

use crate::accounts::{Credential, Player};
use crate::error::ApiError;
use crate::http::api::AppState;
use crate::http::limits::{AccountCount, RateKey};
use axum::extract::{FromRequestParts, OptionalFromRequestParts};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, Method, header};
use axum::response::{IntoResponse, Response};
use base64::Engine;

/// The session cookie's name.
pub const COOKIE: &str = "koma_session";

/// The account a request comes from, as [`Player`], with HTTP Basic (username and
/// password) accepted as well: for the requests that manage API tokens.
#[derive(Clone, Debug)]
pub struct Owner(pub Player);

/// A refused authentication: the API's JSON error, with `WWW-Authenticate` on a 401.
#[derive(Debug)]
pub struct Refusal(pub ApiError);

impl From<ApiError> for Refusal {
    fn from(e: ApiError) -> Refusal {
        Refusal(e)
    }
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        let unauthorized = self.0.status() == axum::http::StatusCode::UNAUTHORIZED;
        let mut response = self.0.into_response();
        if unauthorized {
            // Bearer, not Basic: Basic would make a browser open its own login dialog.
            response.headers_mut().insert(
                header::WWW_AUTHENTICATE,
                HeaderValue::from_static("Bearer realm=\"koma\""),
            );
        }
        response
    }
}

const NO_CREDENTIALS: ApiError = ApiError::Unauthenticated {
    reason: "log in, or send an API token as 'Authorization: Bearer <token>'",
};

/// What the `Authorization` header holds.
enum Authorization {
    Bearer(String),
    Basic { username: String, password: String },
}

fn authorization(headers: &HeaderMap) -> Result<Option<Authorization>, ApiError> {
    let Some(value) = headers.get(header::AUTHORIZATION) else {
        return Ok(None);
    };
    let unreadable = || ApiError::Unauthenticated {
        reason: "the Authorization header is neither 'Bearer <token>' nor HTTP Basic",
    };
    let text = value.to_str().map_err(|_| unreadable())?;
    let (scheme, rest) = text.trim().split_once(' ').ok_or_else(unreadable)?;
    let rest = rest.trim();
    if scheme.eq_ignore_ascii_case("bearer") && !rest.is_empty() {
        return Ok(Some(Authorization::Bearer(rest.to_string())));
    }
    if scheme.eq_ignore_ascii_case("basic") {
        let decoded = base64::engine::general_purpose::STANDARD
            .decode(rest)
            .ok()
            .and_then(|bytes| String::from_utf8(bytes).ok())
            .ok_or(ApiError::Unauthenticated {
                reason: "HTTP Basic credentials are not base64 of UTF-8 'username:password'",
            })?;
        let (username, password) = decoded.split_once(':').ok_or(ApiError::Unauthenticated {
            reason: "HTTP Basic credentials lack the ':' between username and password",
        })?;
        return Ok(Some(Authorization::Basic {
            username: username.to_string(),
            password: password.to_string(),
        }));
    }
    Err(unreadable())
}

/// The session cookie's value, if the request has one.
fn session_cookie(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, value)| *name == COOKIE && !value.is_empty())
        .map(|(_, value)| value.to_string())
}

/// The host and port of a URL (`https://a.example:8080/x` → `a.example:8080`).
fn url_host(url: &str) -> Option<&str> {
    let rest = url.split_once("://")?.1;
    Some(rest.split(['/', '?', '#']).next().unwrap_or(rest))
}

/// Refuses a state-changing request that a browser sent from another site (see the
/// module's notes); GET, HEAD and OPTIONS always pass.
pub fn same_origin(parts: &Parts) -> Result<(), ApiError> {
    if matches!(parts.method, Method::GET | Method::HEAD | Method::OPTIONS) {
        return Ok(());
    }
    from_own_pages(parts)
}

/// Refuses a request of any method that a browser sent from another origin (another site,
/// or another port or subdomain of this one): the check of every request the session
/// cookie authenticates.
fn from_own_pages(parts: &Parts) -> Result<(), ApiError> {
    let headers = &parts.headers;
    let text = |name: header::HeaderName| headers.get(name).and_then(|v| v.to_str().ok());
    let host = text(header::HOST)
        .or_else(|| parts.uri.authority().map(|a| a.as_str()))
        .unwrap_or("");
    let same_host = |url: &str| url_host(url).is_some_and(|h| h.eq_ignore_ascii_case(host));
    let cross = |from: &str| ApiError::CrossSite {
        from: from.chars().take(100).collect(),
    };
    if let Some(origin) = headers.get(header::ORIGIN) {
        let origin = origin.to_str().unwrap_or("an unreadable origin");
        return if same_host(origin) {
            Ok(())
        } else {
            Err(cross(origin))
        };
    }
    if let Some(site) = text(header::HeaderName::from_static("sec-fetch-site")) {
        return match site {
            "same-origin" | "none" => Ok(()),
            other => Err(cross(&format!("a {other} page"))),
        };
    }
    if let Some(referer) = text(header::REFERER) {
        return if same_host(referer) {
            Ok(())
        } else {
            Err(cross(url_host(referer).unwrap_or(referer)))
        };
    }
    Ok(())
}

/// The player of a request, `None` for a guest; refused for a wrong token, a wrong
/// password (`basic`: HTTP Basic is accepted) or a cross-site use of the cookie. An
/// unknown or expired session cookie counts as none.
async fn authenticate(
    parts: &Parts,
    state: &AppState,
    basic: bool,
) -> Result<Option<Player>, ApiError> {
    let accounts = &state.accounts;
    match authorization(&parts.headers)? {
        Some(Authorization::Bearer(token)) => {
            return match accounts.by_token(&token).await? {
                Some(user) => Ok(Some(Player::of(user, Credential::Token))),
                None => Err(ApiError::Unauthenticated {
                    reason: "the API token is unknown or revoked",
                }),
            };
        }
        Some(Authorization::Basic { username, password }) => {
            if !basic {
                return Err(ApiError::Unauthenticated {
                    reason: "HTTP Basic is accepted only to manage API tokens: send 'Authorization: Bearer <token>'",
                });
            }
            state
                .limiter
                .check_login(&parts.extensions, &parts.headers, &username)?;
            let user = accounts.check_credentials(&username, &password).await?;
            return Ok(Some(Player::of(user, Credential::Password)));
        }
        None => {}
    }
    let Some(secret) = session_cookie(&parts.headers) else {
        return Ok(None);
    };
    let Some(user) = accounts.by_session(&secret).await? else {
        return Ok(None);
    };
    from_own_pages(parts)?;
    Ok(Some(Player::of(user, Credential::Session(secret))))
}

/// Counts a request of a limited class for its account too (see
/// [`crate::http::limits::AccountCount`]), once per request: many addresses do not multiply one
/// account's rate.
fn count_for_account(
    parts: &mut Parts,
    state: &AppState,
    player: Option<&Player>,
) -> Result<(), ApiError> {
    let Some(player) = player else {
        return Ok(());
    };
    match parts.extensions.remove::<AccountCount>() {
        Some(AccountCount(class)) => state
            .limiter
            .check(class, &RateKey::Account(player.id.clone())),
        None => Ok(()),
    }
}

impl FromRequestParts<AppState> for Player {
    type Rejection = Refusal;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Refusal> {
        let player = authenticate(parts, state, false)
            .await?
            .ok_or(Refusal(NO_CREDENTIALS))?;
        count_for_account(parts, state, Some(&player))?;
        Ok(player)
    }
}

impl OptionalFromRequestParts<AppState> for Player {
    type Rejection = Refusal;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Option<Self>, Refusal> {
        let player = authenticate(parts, state, false).await?;
        count_for_account(parts, state, player.as_ref())?;
        Ok(player)
    }
}

impl FromRequestParts<AppState> for Owner {
    type Rejection = Refusal;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Refusal> {
        let player = authenticate(parts, state, true)
            .await?
            .ok_or(Refusal(ApiError::Unauthenticated {
                reason: "log in, or send the username and password as HTTP Basic, or an API token as 'Authorization: Bearer <token>'",
            }))?;
        count_for_account(parts, state, Some(&player))?;
        Ok(Owner(player))
    }
}

/// A guard for the requests that open a session or create an account (no cookie needed):
/// refused as [`same_origin`] refuses, so that another site can neither log a visitor in
/// to an account of its choosing nor make their browser create accounts.
pub struct SameOrigin;

impl<S: Send + Sync> FromRequestParts<S> for SameOrigin {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        same_origin(parts).map(|()| SameOrigin)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::Request;

    fn parts(method: &str, headers: &[(&str, &str)]) -> Parts {
        let mut request = Request::builder().method(method).uri("/api/logout");
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        request.body(()).unwrap().into_parts().0
    }

    #[test]
    fn same_origin_requests_pass_and_others_are_refused() {
        let host = ("host", "koma.example:8080");
        let ok = [
            parts("POST", &[host, ("origin", "http://koma.example:8080")]),
            parts("POST", &[host, ("origin", "https://KOMA.example:8080")]),
            parts("POST", &[host, ("sec-fetch-site", "same-origin")]),
            parts(
                "POST",
                &[host, ("referer", "http://koma.example:8080/#account")],
            ),
            parts("POST", &[host]),
            parts("GET", &[host, ("origin", "https://evil.example")]),
        ];
        for p in &ok {
            assert!(same_origin(p).is_ok(), "{:?}", p.headers);
        }
        let refused = [
            parts("POST", &[host, ("origin", "https://evil.example")]),
            parts("DELETE", &[host, ("origin", "http://koma.example:8081")]),
            parts("POST", &[host, ("origin", "null")]),
            parts("POST", &[host, ("sec-fetch-site", "cross-site")]),
            parts("POST", &[host, ("sec-fetch-site", "same-site")]),
            parts(
                "POST",
                &[host, ("referer", "https://evil.example/koma.example:8080")],
            ),
            // Origin decides even when Sec-Fetch-Site would let it through.
            parts(
                "POST",
                &[
                    host,
                    ("origin", "https://evil.example"),
                    ("sec-fetch-site", "same-origin"),
                ],
            ),
        ];
        for p in &refused {
            let e = same_origin(p).unwrap_err();
            assert_eq!(e.code(), "cross_site", "{:?}", p.headers);
        }
        // What the cookie authenticates is checked whatever its method: a WebSocket
        // upgrade or an event stream from a page on another port is refused.
        let upgrade = parts(
            "GET",
            &[
                host,
                ("origin", "http://koma.example:8081"),
                ("upgrade", "websocket"),
            ],
        );
        assert_eq!(from_own_pages(&upgrade).unwrap_err().code(), "cross_site");
        let stream = parts("GET", &[host, ("sec-fetch-site", "same-site")]);
        assert_eq!(from_own_pages(&stream).unwrap_err().code(), "cross_site");
        let own = parts("GET", &[host, ("origin", "http://koma.example:8080")]);
        assert!(from_own_pages(&own).is_ok());
    }

    #[test]
    fn the_cookie_is_found_among_others() {
        let p = parts("GET", &[("cookie", "a=1; koma_session=abc; b=2")]);
        assert_eq!(session_cookie(&p.headers).as_deref(), Some("abc"));
        let p = parts("GET", &[("cookie", "koma_session=; x=koma_session")]);
        assert_eq!(session_cookie(&p.headers), None);
    }

    #[test]
    fn authorization_headers() {
        let p = parts("GET", &[("authorization", "Bearer koma_123")]);
        assert!(
            matches!(authorization(&p.headers), Ok(Some(Authorization::Bearer(t))) if t == "koma_123")
        );
        // "habu:pass:word" in base64: the password may hold ':'.
        let p = parts("GET", &[("authorization", "Basic aGFidTpwYXNzOndvcmQ=")]);
        match authorization(&p.headers) {
            Ok(Some(Authorization::Basic { username, password })) => {
                assert_eq!(
                    (username.as_str(), password.as_str()),
                    ("habu", "pass:word")
                )
            }
            _ => panic!("not read as Basic"),
        }
        for bad in ["Bearer", "Token abc", "Basic !!!", "Basic aGFidQ=="] {
            let p = parts("GET", &[("authorization", bad)]);
            let e = authorization(&p.headers)
                .err()
                .unwrap_or_else(|| panic!("{bad}"));
            assert_eq!(e.code(), "unauthorized");
        }
    }
}
