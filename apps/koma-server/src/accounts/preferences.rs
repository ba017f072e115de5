//! A player's preferences for the page (its language, board, pieces, sounds...), kept with his
//! account so that they follow him to every device: a small JSON object the page writes a key
//! at a time, checked here so that no client stores anything large or odd.

use super::Accounts;
use crate::error::ApiError;
use crate::games::unix_ms;
use koma_store::UserId;
use serde_json::{Map, Value};

/// The page's languages (`web/locales/LANG`); `language` takes one of them.
pub const LANGUAGES: [&str; 6] = ["ja", "en", "de", "nl", "fi", "fr"];
/// At most this many preferences an account.
pub const MAX_KEYS: usize = 32;
/// A preference's name: at most this many ASCII letters and digits.
pub const MAX_KEY_CHARS: usize = 32;
/// A preference's text: at most this many characters.
pub const MAX_TEXT_CHARS: usize = 64;

fn refused(message: String) -> ApiError {
    ApiError::BadParameter {
        name: "preferences",
        message,
    }
}

/// Checks one preference: a name of letters and digits, a value that is a short text, a
/// number or a yes/no (`language` one of [`LANGUAGES`]).
fn check(key: &str, value: &Value) -> Result<(), ApiError> {
    if key.is_empty()
        || key.len() > MAX_KEY_CHARS
        || !key.bytes().all(|b| b.is_ascii_alphanumeric())
    {
        return Err(refused(format!(
            "a preference's name is 1-{MAX_KEY_CHARS} ASCII letters and digits, not {key:?}"
        )));
    }
    match value {
        Value::String(text) if key == "language" && !LANGUAGES.contains(&text.as_str()) => {
            Err(refused(format!(
                "language: one of {}, not {text:?}",
                LANGUAGES.join(", ")
            )))
        }
        Value::String(text) if text.chars().count() > MAX_TEXT_CHARS => Err(refused(format!(
            "{key}: at most {MAX_TEXT_CHARS} characters"
        ))),
        Value::String(_) | Value::Bool(_) | Value::Number(_) => Ok(()),
        _ => Err(refused(format!("{key}: a text, a number or true/false"))),
    }
}

/// `stored` with `change` applied: each key set to its value, or removed by `null`.
pub fn merged(stored: Map<String, Value>, change: &Value) -> Result<Map<String, Value>, ApiError> {
    let Value::Object(change) = change else {
        return Err(refused("an object of preferences".to_string()));
    };
    let mut prefs = stored;
    for (key, value) in change {
        if value.is_null() {
            prefs.remove(key);
            continue;
        }
        check(key, value)?;
        prefs.insert(key.clone(), value.clone());
    }
    if prefs.len() > MAX_KEYS {
        return Err(refused(format!("at most {MAX_KEYS} preferences")));
    }
    Ok(prefs)
}

impl Accounts {
    /// The preferences of `id` (an empty object if it has none, or its stored text is not one).
    pub async fn preferences(&self, id: &UserId) -> Result<Map<String, Value>, ApiError> {
        let id = id.clone();
        let text = self.blocking(move |s| s.preferences(&id)).await?;
        Ok(text
            .and_then(|t| serde_json::from_str::<Value>(&t).ok())
            .and_then(|v| match v {
                Value::Object(map) => Some(map),
                _ => None,
            })
            .unwrap_or_default())
    }

    /// Applies `change` to the preferences of `id` and keeps them; the preferences now.
    pub async fn change_preferences(
        &self,
        id: &UserId,
        change: &Value,
    ) -> Result<Map<String, Value>, ApiError> {
        let prefs = merged(self.preferences(id).await?, change)?;
        let text = Value::Object(prefs.clone()).to_string();
        let who = id.clone();
        let kept = self
            .blocking(move |s| s.set_preferences(&who, &text, unix_ms()))
            .await?;
        if !kept {
            return Err(ApiError::no_such("user", id));
        }
        Ok(prefs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn preferences_are_set_removed_and_checked() {
        let prefs = merged(
            Map::new(),
            &json!({"language": "de", "volume": 40, "premove": true}),
        )
        .unwrap();
        let prefs = merged(prefs, &json!({"volume": null, "theme": "dark"})).unwrap();
        assert_eq!(
            Value::Object(prefs.clone()),
            json!({"language": "de", "premove": true, "theme": "dark"})
        );
        for bad in [
            json!({"language": "xx"}),
            json!({"theme": "d".repeat(65)}),
            json!({"bad key": 1}),
            json!({"k": [1, 2]}),
            json!({"k": {"a": 1}}),
            json!(["language"]),
            json!({"": 1}),
        ] {
            let e = merged(prefs.clone(), &bad).unwrap_err();
            assert_eq!(e.code(), "invalid_value", "{bad}");
        }
        let many: Map<String, Value> = (0..=MAX_KEYS)
            .map(|i| (format!("k{i}"), json!(i)))
            .collect();
        assert!(merged(Map::new(), &Value::Object(many)).is_err());
    }
}
