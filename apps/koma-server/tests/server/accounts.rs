//! Accounts over HTTP: sign-up rules, login and logout, API tokens (HTTP Basic, Bearer),
//! changing the password, deleting the account, the cross-site guard, and what the
//! database keeps of the secrets.

use crate::common::{Reply, error_of, fresh_server, refused_as, request_with};
use base64::Engine;
use serde_json::{Value, json};
use std::net::SocketAddr;

/// A request with `headers`, the body given as JSON.
async fn send(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<Value>,
) -> Reply {
    let body = body.map(|b| b.to_string());
    request_with(addr, method, path, headers, body.as_deref()).await
}

pub(crate) async fn sign_up(addr: SocketAddr, username: &str, password: &str) -> Reply {
    let body = json!({ "username": username, "password": password });
    send(addr, "POST", "/api/accounts", &[], Some(body)).await
}

async fn log_in_reply(addr: SocketAddr, username: &str, password: &str) -> Reply {
    let body = json!({ "username": username, "password": password });
    send(addr, "POST", "/api/login", &[], Some(body)).await
}

/// Logs in; the `Cookie` header value to send back (`koma_session=...`).
pub(crate) async fn log_in(addr: SocketAddr, username: &str, password: &str) -> String {
    let reply = log_in_reply(addr, username, password).await.expect(200);
    let set = reply.header("set-cookie").expect("a cookie").to_string();
    set.split(';').next().unwrap().to_string()
}

/// A request with the session cookie, from the server's own page (same origin).
pub(crate) async fn as_page(
    addr: SocketAddr,
    method: &str,
    path: &str,
    cookie: &str,
    body: Option<Value>,
) -> Reply {
    let origin = format!("http://{addr}");
    let headers = [("Cookie", cookie), ("Origin", origin.as_str())];
    send(addr, method, path, &headers, body).await
}

fn basic(username: &str, password: &str) -> String {
    let pair = format!("{username}:{password}");
    format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD.encode(pair)
    )
}

fn bearer(token: &str) -> String {
    format!("Bearer {token}")
}

/// Creates a token with HTTP Basic; the token.
async fn token_by_basic(addr: SocketAddr, username: &str, password: &str) -> String {
    let auth = basic(username, password);
    let created = send(
        addr,
        "POST",
        "/api/account/tokens",
        &[("Authorization", &auth)],
        Some(json!({ "description": "my bot" })),
    )
    .await
    .expect(201)
    .json();
    created["token"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn sign_up_rules() {
    let (_dir, server, addr) = fresh_server().await;
    let created = sign_up(addr, "Habu_Yoshiharu", "seven-crowns")
        .await
        .expect(201)
        .json();
    assert_eq!(created["id"], "habu_yoshiharu");
    assert_eq!(created["username"], "Habu_Yoshiharu");
    assert_eq!(created["perfs"], json!({}));
    assert!(created["createdAt"].as_u64().unwrap() > 1_600_000_000_000);
    assert!(!created.to_string().contains("seven-crowns"));
    for bad in [
        "h",
        "abcdefghijklmnopqrstu",
        "habu yoshiharu",
        "羽生",
        "habu!",
        "",
    ] {
        let message = refused_as(
            sign_up(addr, bad, "long enough").await,
            400,
            "invalid_username",
        );
        assert!(message.starts_with("invalid username: "), "{message}");
    }
    let message = refused_as(
        sign_up(addr, "Fujii", "1234567").await,
        400,
        "invalid_password",
    );
    assert_eq!(message, "the password has 7 characters: it needs 8 to 256");
    for taken in ["habu_yoshiharu", "HABU_YOSHIHARU", "Habu_Yoshiharu"] {
        let message = refused_as(
            sign_up(addr, taken, "another-owner-here").await,
            409,
            "username_taken",
        );
        assert!(message.contains(taken), "{message}");
    }
    // Exactly 2 and 20 characters, digits, '-' and '_'.
    sign_up(addr, "a1", "lance and knight").await.expect(201);
    sign_up(addr, "x-_-x-_-x-_-x-_-x-_9", "lance and knight")
        .await
        .expect(201);
    let malformed = send(
        addr,
        "POST",
        "/api/accounts",
        &[],
        Some(json!({"username": "zz"})),
    )
    .await;
    refused_as(malformed, 400, "malformed_request");
    let user = crate::common::get(addr, "/api/user/HABU_yoshiharu")
        .await
        .expect(200)
        .json();
    assert_eq!(user["username"], "Habu_Yoshiharu");
    refused_as(
        crate::common::get(addr, "/api/user/nobody").await,
        404,
        "not_found",
    );
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn weak_passwords_are_refused_with_a_reason() {
    let (_dir, server, addr) = fresh_server().await;
    for weak in [
        "password",
        "12345678",
        "shogishogi",
        "komashogi",
        "KimuraKimura",
        "kimura2024",
    ] {
        let message = refused_as(sign_up(addr, "Kimura", weak).await, 400, "weak_password");
        assert!(
            message.starts_with("the password is too easy to guess: "),
            "{weak}: {message}"
        );
    }
    let message = error_of(sign_up(addr, "Kimura", "password").await);
    assert!(message.contains("common password"), "{message}");
    // Too short is still said as such, before its strength.
    refused_as(
        sign_up(addr, "Kimura", "1234567").await,
        400,
        "invalid_password",
    );
    sign_up(addr, "Kimura", "correct horse battery staple")
        .await
        .expect(201);
    sign_up(addr, "Hirose", "q7Rv!x2Lm#9t").await.expect(201);
    // A change of password follows the same rules.
    let cookie = log_in(addr, "hirose", "q7Rv!x2Lm#9t").await;
    let weak = json!({ "old_password": "q7Rv!x2Lm#9t", "new_password": "hirosehirose" });
    let refused = as_page(addr, "POST", "/api/account/password", &cookie, Some(weak)).await;
    refused_as(refused, 400, "weak_password");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn log_in_and_out() {
    let (_dir, server, addr) = fresh_server().await;
    sign_up(addr, "Fujii", "eight-titles").await.expect(201);
    let wrong = log_in_reply(addr, "fujii", "nine-titles").await;
    assert_eq!(
        refused_as(wrong, 401, "bad_credentials"),
        "wrong username or password"
    );
    refused_as(
        log_in_reply(addr, "nobody", "eight-titles").await,
        401,
        "bad_credentials",
    );

    // Any case of the name logs in.
    let reply = log_in_reply(addr, "FUJII", "eight-titles")
        .await
        .expect(200);
    let set = reply.header("set-cookie").unwrap();
    for part in ["koma_session=", "HttpOnly", "SameSite=Lax", "Path=/"] {
        assert!(set.contains(part), "{set}");
    }
    assert!(!set.contains("Secure"), "not served over https: {set}");
    let cookie = set.split(';').next().unwrap().to_string();

    let guest = crate::common::get(addr, "/api/session")
        .await
        .expect(200)
        .json();
    assert_eq!(guest, json!({ "account": null }));
    let session = as_page(addr, "GET", "/api/session", &cookie, None)
        .await
        .expect(200)
        .json();
    assert_eq!(session["account"]["username"], "Fujii");
    let me = as_page(addr, "GET", "/api/account", &cookie, None)
        .await
        .expect(200)
        .json();
    assert_eq!(
        (me["id"].as_str(), me["username"].as_str()),
        (Some("fujii"), Some("Fujii"))
    );
    assert!(me["seenAt"].as_u64().is_some(), "{me}");

    let out = as_page(addr, "POST", "/api/logout", &cookie, None)
        .await
        .expect(200);
    assert!(out.header("set-cookie").unwrap().contains("Max-Age=0"));
    let session = as_page(addr, "GET", "/api/session", &cookie, None)
        .await
        .expect(200)
        .json();
    assert_eq!(session, json!({ "account": null }));
    let after = as_page(addr, "GET", "/api/account", &cookie, None).await;
    assert_eq!(
        after.header("www-authenticate"),
        Some("Bearer realm=\"koma\"")
    );
    refused_as(after, 401, "unauthorized");
    // Without anything: 401 with the JSON error.
    refused_as(
        crate::common::get(addr, "/api/account").await,
        401,
        "unauthorized",
    );
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn api_tokens() {
    let (_dir, server, addr) = fresh_server().await;
    sign_up(addr, "Bot_Maker", "a-good-password")
        .await
        .expect(201);

    // HTTP Basic with a wrong password, or no credentials, makes nothing.
    let wrong = basic("bot_maker", "a-bad-password");
    let refused = send(
        addr,
        "POST",
        "/api/account/tokens",
        &[("Authorization", &wrong)],
        None,
    )
    .await;
    refused_as(refused, 401, "bad_credentials");
    let refused = send(addr, "POST", "/api/account/tokens", &[], None).await;
    refused_as(refused, 401, "unauthorized");

    let token = token_by_basic(addr, "bot_maker", "a-good-password").await;
    assert!(token.starts_with("koma_") && token.len() == 53, "{token}");
    let auth = bearer(&token);
    let me = send(
        addr,
        "GET",
        "/api/account",
        &[("Authorization", &auth)],
        None,
    )
    .await
    .expect(200)
    .json();
    assert_eq!(me["id"], "bot_maker");

    // A second token from the session; the list shows both, without their secrets.
    let cookie = log_in(addr, "Bot_Maker", "a-good-password").await;
    let second = as_page(addr, "POST", "/api/account/tokens", &cookie, None)
        .await
        .expect(201)
        .json();
    let list = as_page(addr, "GET", "/api/account/tokens", &cookie, None)
        .await
        .expect(200)
        .json();
    let listed = list.as_array().unwrap();
    assert_eq!(listed.len(), 2, "{list}");
    assert_eq!(listed[0]["description"], "my bot");
    assert!(
        listed[0]["used_ms"].as_u64().is_some(),
        "the first was used: {list}"
    );
    assert!(!list.to_string().contains(&token[20..]), "{list}");
    assert!(
        !list
            .to_string()
            .contains(&second["token"].as_str().unwrap()[20..])
    );
    let first_id = listed[0]["id"].as_str().unwrap().to_string();
    assert!(token.starts_with(&format!("koma_{first_id}")));

    // A token cannot make tokens.
    let minted = send(
        addr,
        "POST",
        "/api/account/tokens",
        &[("Authorization", &auth)],
        None,
    )
    .await;
    refused_as(minted, 403, "forbidden");

    // Revoked (here with the token itself), it opens nothing.
    let path = format!("/api/account/tokens/{first_id}");
    send(addr, "DELETE", &path, &[("Authorization", &auth)], None)
        .await
        .expect(200);
    let after = send(
        addr,
        "GET",
        "/api/account",
        &[("Authorization", &auth)],
        None,
    )
    .await;
    refused_as(after, 401, "unauthorized");
    let again = as_page(addr, "DELETE", &path, &cookie, None).await;
    refused_as(again, 404, "not_found");
    let list = as_page(addr, "GET", "/api/account/tokens", &cookie, None)
        .await
        .expect(200)
        .json();
    assert_eq!(list.as_array().unwrap().len(), 1);

    let made_up = bearer("koma_0000000000000000ffffffffffffffffffffffffffffffff");
    let refused = send(
        addr,
        "GET",
        "/api/account",
        &[("Authorization", &made_up)],
        None,
    )
    .await;
    assert_eq!(
        refused_as(refused, 401, "unauthorized"),
        "the API token is unknown or revoked"
    );
    // HTTP Basic opens only the token requests.
    let basic_me = basic("bot_maker", "a-good-password");
    let refused = send(
        addr,
        "GET",
        "/api/account",
        &[("Authorization", &basic_me)],
        None,
    )
    .await;
    refused_as(refused, 401, "unauthorized");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn changing_the_password_ends_the_other_sessions_and_revokes_the_tokens() {
    let (_dir, server, addr) = fresh_server().await;
    sign_up(addr, "Oyama", "old castle walls").await.expect(201);
    let here = log_in(addr, "oyama", "old castle walls").await;
    let elsewhere = log_in(addr, "oyama", "old castle walls").await;
    let token = token_by_basic(addr, "oyama", "old castle walls").await;

    let wrong = json!({ "old_password": "not-the-old", "new_password": "new castle walls" });
    let refused = as_page(addr, "POST", "/api/account/password", &here, Some(wrong)).await;
    refused_as(refused, 403, "wrong_password");
    let short = json!({ "old_password": "old castle walls", "new_password": "short" });
    let refused = as_page(addr, "POST", "/api/account/password", &here, Some(short)).await;
    refused_as(refused, 400, "invalid_password");

    let change = json!({ "old_password": "old castle walls", "new_password": "new castle walls" });
    as_page(addr, "POST", "/api/account/password", &here, Some(change))
        .await
        .expect(200);
    as_page(addr, "GET", "/api/account", &here, None)
        .await
        .expect(200);
    let ended = as_page(addr, "GET", "/api/account", &elsewhere, None).await;
    refused_as(ended, 401, "unauthorized");
    refused_as(
        log_in_reply(addr, "oyama", "old castle walls").await,
        401,
        "bad_credentials",
    );
    log_in(addr, "oyama", "new castle walls").await;
    // The API tokens made with the old password are revoked too; the session that changed
    // it goes on.
    let auth = bearer(&token);
    let revoked = send(
        addr,
        "GET",
        "/api/account",
        &[("Authorization", &auth)],
        None,
    )
    .await;
    refused_as(revoked, 401, "unauthorized");
    let tokens = as_page(addr, "GET", "/api/account/tokens", &here, None)
        .await
        .expect(200)
        .json();
    assert_eq!(tokens, json!([]));
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn deleting_the_account() {
    let (_dir, server, addr) = fresh_server().await;
    sign_up(addr, "Masuda", "to-be-deleted").await.expect(201);
    let cookie = log_in(addr, "masuda", "to-be-deleted").await;
    let token = token_by_basic(addr, "masuda", "to-be-deleted").await;

    let wrong = json!({ "password": "not-this-one" });
    let refused = as_page(addr, "POST", "/api/account/delete", &cookie, Some(wrong)).await;
    refused_as(refused, 403, "wrong_password");
    as_page(addr, "GET", "/api/account", &cookie, None)
        .await
        .expect(200);

    let confirm = json!({ "password": "to-be-deleted" });
    let deleted = as_page(addr, "POST", "/api/account/delete", &cookie, Some(confirm))
        .await
        .expect(200);
    assert!(deleted.header("set-cookie").unwrap().contains("Max-Age=0"));
    refused_as(
        as_page(addr, "GET", "/api/account", &cookie, None).await,
        401,
        "unauthorized",
    );
    let auth = bearer(&token);
    let refused = send(
        addr,
        "GET",
        "/api/account",
        &[("Authorization", &auth)],
        None,
    )
    .await;
    refused_as(refused, 401, "unauthorized");
    refused_as(
        log_in_reply(addr, "masuda", "to-be-deleted").await,
        401,
        "bad_credentials",
    );
    // The profile says closed, as lishogi's does, and the name stays taken.
    let user = crate::common::get(addr, "/api/user/masuda")
        .await
        .expect(200)
        .json();
    assert_eq!(
        user,
        json!({ "id": "masuda", "username": "Masuda", "closed": true })
    );
    refused_as(
        sign_up(addr, "MASUDA", "a-new-owner").await,
        409,
        "username_taken",
    );
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn cross_site_requests_with_the_cookie_are_refused() {
    let (_dir, server, addr) = fresh_server().await;
    sign_up(addr, "Victim", "hunter2-hunts-again")
        .await
        .expect(201);
    let cookie = log_in(addr, "victim", "hunter2-hunts-again").await;
    let auth = bearer(&token_by_basic(addr, "victim", "hunter2-hunts-again").await);

    // A form on another site posting to the server: the browser adds the cookie, Origin
    // names the other site.
    let form = [
        ("Cookie", cookie.as_str()),
        ("Origin", "https://evil.example"),
        ("Content-Type", "application/x-www-form-urlencoded"),
    ];
    let reply = request_with(
        addr,
        "POST",
        "/api/account/tokens",
        &form,
        Some("description=x"),
    )
    .await;
    let message = refused_as(reply, 403, "cross_site");
    assert!(message.contains("https://evil.example"), "{message}");
    let reply = request_with(addr, "POST", "/api/logout", &form, None).await;
    refused_as(reply, 403, "cross_site");
    // Without Origin, Sec-Fetch-Site or the Referer tell.
    let fetch = [
        ("Cookie", cookie.as_str()),
        ("Sec-Fetch-Site", "cross-site"),
    ];
    let reply = send(
        addr,
        "POST",
        "/api/account/delete",
        &fetch,
        Some(json!({"password": "hunter2-hunts-again"})),
    )
    .await;
    refused_as(reply, 403, "cross_site");
    let linked = [
        ("Cookie", cookie.as_str()),
        ("Referer", "https://evil.example/page"),
    ];
    let reply = send(addr, "POST", "/api/account/tokens", &linked, None).await;
    refused_as(reply, 403, "cross_site");
    // Nor can another site log the visitor in to an account of its choosing.
    let login = [("Origin", "https://evil.example")];
    let body = json!({ "username": "victim", "password": "hunter2-hunts-again" });
    refused_as(
        send(addr, "POST", "/api/login", &login, Some(body)).await,
        403,
        "cross_site",
    );

    // The account is untouched and the session still works from the page itself.
    let list = as_page(addr, "GET", "/api/account/tokens", &cookie, None)
        .await
        .expect(200)
        .json();
    assert_eq!(list.as_array().unwrap().len(), 1);
    // What the cookie authenticates is refused from another origin whatever the method: a
    // GET too (an event stream, a WebSocket upgrade).
    let read = [
        ("Cookie", cookie.as_str()),
        ("Origin", "https://evil.example"),
    ];
    refused_as(
        send(addr, "GET", "/api/account", &read, None).await,
        403,
        "cross_site",
    );
    // A Bearer token is no ambient credential: it passes whatever the origin.
    let scripted = [
        ("Authorization", auth.as_str()),
        ("Origin", "https://evil.example"),
    ];
    let id = list[0]["id"].as_str().unwrap();
    send(
        addr,
        "DELETE",
        &format!("/api/account/tokens/{id}"),
        &scripted,
        None,
    )
    .await
    .expect(200);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn the_database_keeps_no_secret_in_clear() {
    let (dir, server, addr) = crate::common::fresh_sqlite_server().await;
    let password = "plain-text-would-be-bad";
    sign_up(addr, "Careful", password).await.expect(201);
    let cookie = log_in(addr, "careful", password).await;
    let session = cookie.split_once('=').unwrap().1.to_string();
    let token = token_by_basic(addr, "careful", password).await;
    server.shutdown().await.unwrap();

    let db = rusqlite::Connection::open(dir.db()).unwrap();
    let hash: String = db
        .query_row(
            "SELECT password_hash FROM users WHERE id = 'careful'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(hash.starts_with("$argon2id$v=19$"), "{hash}");
    let session_hash: String = db
        .query_row("SELECT hash FROM sessions", [], |r| r.get(0))
        .unwrap();
    assert_eq!(session_hash.len(), 64);
    assert_ne!(session_hash, session);
    let token_hash: String = db
        .query_row("SELECT hash FROM api_tokens", [], |r| r.get(0))
        .unwrap();
    assert_ne!(token_hash, token);
    drop(db);
    // Nowhere in the files (the database and its write-ahead log), in any table.
    for name in ["koma.sqlite", "koma.sqlite-wal"] {
        let Ok(bytes) = std::fs::read(dir.0.join(name)) else {
            continue;
        };
        for secret in [password, session.as_str(), token.as_str()] {
            let found = bytes.windows(secret.len()).any(|w| w == secret.as_bytes());
            assert!(!found, "{secret} is in {name}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn preferences_follow_the_account_and_only_short_known_values_are_kept() {
    let (_dir, server, addr) = fresh_server().await;
    sign_up(addr, "Kisaki", "a-long-password").await.expect(201);
    let cookie = log_in(addr, "kisaki", "a-long-password").await;
    let patch = |body: Value| {
        let cookie = cookie.clone();
        async move {
            as_page(
                addr,
                "PATCH",
                "/api/account/preferences",
                &cookie,
                Some(body),
            )
            .await
        }
    };
    let prefs = patch(json!({"language": "de", "theme": "dark", "volume": 40}))
        .await
        .expect(200)
        .json();
    assert_eq!(prefs["language"], "de");
    assert_eq!(prefs["prefs"]["volume"], 40);
    patch(json!({"volume": null, "premoves": false}))
        .await
        .expect(200);
    // Another device: the session the page asks for on each load carries them.
    let other = log_in(addr, "kisaki", "a-long-password").await;
    let session = as_page(addr, "GET", "/api/session", &other, None)
        .await
        .expect(200)
        .json();
    assert_eq!(
        session["preferences"],
        json!({"language": "de", "theme": "dark", "premoves": false})
    );
    // Refused, each by name, nothing kept.
    for bad in [
        json!({"language": "xx"}),
        json!({"theme": "x".repeat(65)}),
        json!({"a b": 1}),
        json!({"theme": {"nested": true}}),
        json!(["language"]),
    ] {
        refused_as(patch(bad.clone()).await, 400, "invalid_value");
    }
    let many: serde_json::Map<String, Value> =
        (0..40).map(|i| (format!("k{i}"), json!(i))).collect();
    refused_as(patch(Value::Object(many)).await, 400, "invalid_value");
    let kept = as_page(addr, "GET", "/api/account/preferences", &cookie, None)
        .await
        .expect(200)
        .json();
    assert_eq!(
        kept["prefs"],
        json!({"language": "de", "theme": "dark", "premoves": false})
    );
    // A guest has none; another site cannot write them with the player's cookie.
    refused_as(
        send(addr, "GET", "/api/account/preferences", &[], None).await,
        401,
        "unauthorized",
    );
    let cross = [
        ("Cookie", cookie.as_str()),
        ("Origin", "https://evil.example"),
    ];
    let reply = send(
        addr,
        "PATCH",
        "/api/account/preferences",
        &cross,
        Some(json!({"language": "ja"})),
    )
    .await;
    refused_as(reply, 403, "cross_site");
    server.shutdown().await.unwrap();
}
