//! Players' games in the SQLite store: found by the seats' accounts (schema version 7 adds
//! the indexes).

use crate::profiles::{GameCounts, PlayerQuery, ProfileStore};
use crate::sqlite::{SqliteStore, ms_to_sql};
use crate::{GameStore, StoreError, StoredGame};
use rusqlite::params;

/// The migration to version 7: the games of an account are found by either seat's column
/// (SQLite answers the `OR` of the two with both indexes), newest first.
pub(crate) const MIGRATION: &str = "
CREATE INDEX games_by_sente_user ON games(sente_user, created_ms);
CREATE INDEX games_by_gote_user  ON games(gote_user, created_ms);
";

/// The `WHERE` of a player's games: ?1 the account, ?2 rated (NULL: either), ?3 and ?4 the
/// times (NULL: open), ?5 finished, ?6 ongoing, ?7 waiting.
const PLAYER_GAMES: &str = "(sente_user = ?1 OR gote_user = ?1)
    AND (?2 IS NULL OR rated = ?2)
    AND (?3 IS NULL OR created_ms >= ?3)
    AND (?4 IS NULL OR created_ms <= ?4)
    AND ((?5 AND ending IS NOT NULL)
      OR (?6 AND ending IS NULL AND started_ms IS NOT NULL)
      OR (?7 AND ending IS NULL AND started_ms IS NULL))";

impl ProfileStore for SqliteStore {
    fn player_games(&self, query: &PlayerQuery) -> Result<Vec<StoredGame>, StoreError> {
        let ids: Vec<String> = {
            let conn = self.conn();
            let mut stmt = conn.prepare(&format!(
                "SELECT id FROM games WHERE {PLAYER_GAMES}
                 ORDER BY created_ms DESC, rowid DESC LIMIT ?8 OFFSET ?9"
            ))?;
            let limit = i64::try_from(query.page.limit).unwrap_or(i64::MAX);
            let offset = i64::try_from(query.page.offset).unwrap_or(i64::MAX);
            stmt.query_map(
                params![
                    query.user,
                    query.rated,
                    query.since_ms.map(ms_to_sql),
                    query.until_ms.map(ms_to_sql),
                    query.finished,
                    query.ongoing,
                    query.waiting,
                    limit,
                    offset,
                ],
                |r| r.get(0),
            )?
            .collect::<Result<_, _>>()?
        };
        let mut games = Vec::with_capacity(ids.len());
        for id in ids {
            // A game cannot disappear (games are never deleted), but stay safe.
            if let Some(game) = self.load_game(&id)? {
                games.push(game);
            }
        }
        Ok(games)
    }

    fn player_counts(&self, user: &str) -> Result<GameCounts, StoreError> {
        let conn = self.conn();
        let (all, rated, playing): (i64, i64, i64) = conn.query_row(
            "SELECT COUNT(*), COALESCE(SUM(rated), 0),
                    COALESCE(SUM(ending IS NULL AND started_ms IS NOT NULL), 0)
             FROM games WHERE sente_user = ?1 OR gote_user = ?1",
            params![user],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )?;
        let n = |v: i64| u64::try_from(v).unwrap_or(0);
        Ok(GameCounts {
            all: n(all),
            rated: n(rated),
            playing: n(playing),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_players_games_are_found_by_the_indexes() {
        let store = SqliteStore::in_memory().unwrap();
        let conn = store.conn();
        let plan: Vec<String> = conn
            .prepare(&format!(
                "EXPLAIN QUERY PLAN SELECT id FROM games WHERE {PLAYER_GAMES}
                 ORDER BY created_ms DESC, rowid DESC LIMIT ?8 OFFSET ?9"
            ))
            .unwrap()
            .query_map(
                params![
                    "alice",
                    None::<bool>,
                    None::<i64>,
                    None::<i64>,
                    true,
                    true,
                    true,
                    10,
                    0
                ],
                |r| r.get::<_, String>(3),
            )
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let plan = plan.join("\n");
        assert!(plan.contains("games_by_sente_user"), "{plan}");
        assert!(plan.contains("games_by_gote_user"), "{plan}");
        assert!(!plan.contains("SCAN games"), "{plan}");
    }
}
