//! The ids of what the store keeps: a game, an account, a tournament, a challenge, an API
//! token. Each is its own type, so that a game's id cannot be passed where an account's is
//! asked for; each is text on disk and in JSON, and reads as `&str` where text is wanted.

/// Defines an id type: text that is one thing's id.
macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(
            Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize,
            serde::Deserialize,
        )]
        #[serde(transparent)]
        pub struct $name(String);

        impl $name {
            /// The id `text`.
            pub fn new(text: impl Into<String>) -> $name {
                $name(text.into())
            }

            /// The id as text.
            pub fn as_str(&self) -> &str {
                &self.0
            }

            /// The id's text, taken out.
            pub fn into_string(self) -> String {
                self.0
            }
        }

        impl std::ops::Deref for $name {
            type Target = str;
            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl std::borrow::Borrow<str> for $name {
            fn borrow(&self) -> &str {
                &self.0
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl From<String> for $name {
            fn from(text: String) -> $name {
                $name(text)
            }
        }

        impl From<&str> for $name {
            fn from(text: &str) -> $name {
                $name(text.to_string())
            }
        }

        impl From<$name> for String {
            fn from(id: $name) -> String {
                id.0
            }
        }

        impl From<$name> for sea_query::Value {
            fn from(id: $name) -> sea_query::Value {
                id.0.into()
            }
        }

        impl From<&$name> for sea_query::Value {
            fn from(id: &$name) -> sea_query::Value {
                id.0.as_str().into()
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.0 == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.0 == *other
            }
        }
    };
}

id_type!(
    /// A game's public id (16 hex digits for the games the server makes).
    GameId
);
id_type!(
    /// An account's id: its username in lowercase.
    UserId
);
id_type!(
    /// A tournament's id.
    TournamentId
);
id_type!(
    /// A challenge's id (lishogi's challenges).
    ChallengeId
);
id_type!(
    /// A study's id (16 hex digits, made as a game's).
    StudyId
);
id_type!(
    /// A personal API token's public id (shown in lists, used to revoke it; not its secret).
    TokenId
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_text_in_json_and_compare_with_text() {
        let id = GameId::new("0123abcd");
        assert_eq!(
            serde_json::to_string(&id).ok().as_deref(),
            Some("\"0123abcd\"")
        );
        let back: Result<GameId, _> = serde_json::from_str("\"0123abcd\"");
        assert_eq!(back.ok().as_ref(), Some(&id));
        assert_eq!(id, "0123abcd");
        assert_eq!(&*id, "0123abcd");
        let mut set = std::collections::HashSet::new();
        set.insert(UserId::from("alice"));
        assert!(set.contains("alice"));
    }
}
