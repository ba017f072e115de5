//! Accounts as lishogi's API shows them (`GET /api/account`, `GET /api/user/{name}`), so
//! that a client written for lishogi reads them: lishogi's `UserApi.extended` and
//! `user.JsonView` (modules/api, modules/user).

use koma_store::accounts::User;
use serde_json::{Value, json};

/// The account as lishogi writes a user: `id` (the lowercase name), `username`, `perfs`
/// (the ratings: none yet), `createdAt` and `seenAt` (Unix milliseconds), `title` (`BOT`
/// for a bot account); a deleted account as lishogi writes a closed one:
/// `{id, username, closed: true}`. lishogi's `online` is left out: the server does not
/// track presence, and `url` until players have a page of their own.
pub fn user(user: &User) -> Value {
    if user.deleted_ms.is_some() {
        return json!({ "id": user.id, "username": user.username, "closed": true });
    }
    let mut view = json!({
        "id": user.id,
        "username": user.username,
        "perfs": {},
        "createdAt": user.created_ms,
    });
    if let Some(seen) = user.seen_ms {
        view["seenAt"] = json!(seen);
    }
    if user.bot {
        view["title"] = json!("BOT");
    }
    view
}

#[cfg(test)]
mod tests {
    use super::*;

    fn habu() -> User {
        User {
            id: "habu".into(),
            username: "Habu".to_string(),
            password_hash: "$argon2id$secret".to_string(),
            created_ms: 1_700_000_000_000,
            seen_ms: Some(1_700_000_060_000),
            deleted_ms: None,
            bot: false,
        }
    }

    #[test]
    fn lishogi_fields_and_no_secret() {
        let v = user(&habu());
        assert_eq!(
            v,
            json!({
                "id": "habu", "username": "Habu", "perfs": {},
                "createdAt": 1_700_000_000_000u64, "seenAt": 1_700_000_060_000u64,
            })
        );
        let bot = User {
            bot: true,
            ..habu()
        };
        assert_eq!(user(&bot)["title"], "BOT");
        let closed = User {
            deleted_ms: Some(1),
            ..habu()
        };
        assert_eq!(
            user(&closed),
            json!({"id": "habu", "username": "Habu", "closed": true})
        );
    }
}
