//! Which database `koma serve` keeps its games in, as `--db` names it: a SQLite file (a bare
//! path or `sqlite:PATH`, the default) or a PostgreSQL server (`postgres://...` or
//! `postgresql://...`, a connection URL).

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

/// The database of a server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Database {
    /// A SQLite file, created on first start.
    Sqlite(PathBuf),
    /// A PostgreSQL database, by its connection URL.
    Postgres(String),
}

/// Why a `--db` value names no database.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum DatabaseError {
    /// Nothing was given.
    #[error("no database given: give a file path, sqlite:PATH or postgres://...")]
    Empty,
    /// `sqlite:` with no path after it.
    #[error("sqlite: needs a file path after it (sqlite:koma.sqlite)")]
    NoPath,
    /// A URL of a kind koma does not store in.
    #[error(
        "'{0}:' is not a database koma knows: give a file path, sqlite:PATH, postgres://... \
         or postgresql://..."
    )]
    UnknownScheme(String),
}

impl FromStr for Database {
    type Err = DatabaseError;

    fn from_str(text: &str) -> Result<Database, DatabaseError> {
        if text.is_empty() {
            return Err(DatabaseError::Empty);
        }
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            return Ok(Database::Postgres(text.to_string()));
        }
        if let Some(path) = text.strip_prefix("sqlite:") {
            if path.is_empty() {
                return Err(DatabaseError::NoPath);
            }
            return Ok(Database::Sqlite(PathBuf::from(path)));
        }
        // Any other `scheme://` is a URL of something else, not a file name.
        let scheme = text.split_once("://").map(|(scheme, _)| scheme);
        if let Some(scheme) = scheme.filter(|s| {
            !s.is_empty()
                && s.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
        }) {
            return Err(DatabaseError::UnknownScheme(scheme.to_string()));
        }
        Ok(Database::Sqlite(PathBuf::from(text)))
    }
}

impl fmt::Display for Database {
    /// The file's path, or the URL without its password.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Database::Sqlite(path) => write!(f, "{}", path.display()),
            Database::Postgres(url) => f.write_str(&without_password(url)),
        }
    }
}

/// `url` with the password of its `user:password@` part replaced by `***`.
fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(authority_end);
    match authority.rsplit_once('@') {
        Some((userinfo, host)) => match userinfo.split_once(':') {
            Some((user, _)) => format!("{scheme}://{user}:***@{host}{tail}"),
            None => url.to_string(),
        },
        None => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Database, DatabaseError> {
        text.parse()
    }

    #[test]
    fn paths_and_urls() {
        assert_eq!(
            parse("koma.sqlite"),
            Ok(Database::Sqlite("koma.sqlite".into()))
        );
        assert_eq!(
            parse("/var/lib/koma/games.db"),
            Ok(Database::Sqlite("/var/lib/koma/games.db".into()))
        );
        assert_eq!(
            parse("sqlite:data/koma.sqlite"),
            Ok(Database::Sqlite("data/koma.sqlite".into()))
        );
        for url in ["postgres://koma:pw@db/koma", "postgresql://localhost/koma"] {
            assert_eq!(parse(url), Ok(Database::Postgres(url.to_string())));
        }
    }

    #[test]
    fn other_things_are_refused_by_name() {
        assert_eq!(parse(""), Err(DatabaseError::Empty));
        assert_eq!(parse("sqlite:"), Err(DatabaseError::NoPath));
        assert_eq!(
            parse("mysql://db/koma"),
            Err(DatabaseError::UnknownScheme("mysql".into()))
        );
        let message = parse("mysql://db/koma").unwrap_err().to_string();
        assert!(message.contains("'mysql:'"), "{message}");
    }

    #[test]
    fn the_password_is_not_shown() {
        let db = parse("postgres://koma:secret@db:5432/koma?sslmode=disable").unwrap();
        assert_eq!(
            db.to_string(),
            "postgres://koma:***@db:5432/koma?sslmode=disable"
        );
        assert_eq!(
            parse("postgres://db/koma").unwrap().to_string(),
            "postgres://db/koma"
        );
        assert_eq!(parse("sqlite:a.db").unwrap().to_string(), "a.db");
    }
}
