//! Players' games in the PostgreSQL store: found by the seats' accounts.

use crate::postgres::{PgStore, to_sql, unstorable};
use crate::profiles::{GameCounts, PlayerQuery, ProfileStore};
use crate::sqlite::ms_to_sql as ms_to;
use crate::{GameStore, StoreError, StoredGame};

/// The indexes of a player's games (version 1): by either seat's column, newest first.
pub(crate) const INDEXES: &str = "
CREATE INDEX games_by_sente_user ON games(sente_user, created_ms);
CREATE INDEX games_by_gote_user  ON games(gote_user, created_ms);
";

impl ProfileStore for PgStore {
    fn player_games(&self, query: &PlayerQuery) -> Result<Vec<StoredGame>, StoreError> {
        if unstorable(&query.user) {
            return Ok(Vec::new());
        }
        let rows = self.conn()?.query(
            "SELECT id FROM games WHERE (sente_user = $1 OR gote_user = $1)
                AND ($2::BOOLEAN IS NULL OR rated = $2)
                AND ($3::BIGINT IS NULL OR created_ms >= $3)
                AND ($4::BIGINT IS NULL OR created_ms <= $4)
                AND (($5 AND ending IS NOT NULL)
                  OR ($6 AND ending IS NULL AND started_ms IS NOT NULL)
                  OR ($7 AND ending IS NULL AND started_ms IS NULL))
             ORDER BY created_ms DESC, seq DESC LIMIT $8 OFFSET $9",
            &[
                &query.user,
                &query.rated,
                &query.since_ms.map(ms_to),
                &query.until_ms.map(ms_to),
                &query.finished,
                &query.ongoing,
                &query.waiting,
                &to_sql(query.page.limit),
                &to_sql(query.page.offset),
            ],
        )?;
        let ids: Vec<String> = rows
            .iter()
            .map(|r| r.try_get(0))
            .collect::<Result<_, _>>()?;
        let mut games = Vec::with_capacity(ids.len());
        for id in ids {
            // Games are never deleted, but stay safe.
            if let Some(game) = self.load_game(&id)? {
                games.push(game);
            }
        }
        Ok(games)
    }

    fn player_counts(&self, user: &str) -> Result<GameCounts, StoreError> {
        if unstorable(user) {
            return Ok(GameCounts::default());
        }
        let row = self.conn()?.query_one(
            "SELECT COUNT(*), COUNT(*) FILTER (WHERE rated),
                    COUNT(*) FILTER (WHERE ending IS NULL AND started_ms IS NOT NULL)
             FROM games WHERE sente_user = $1 OR gote_user = $1",
            &[&user],
        )?;
        let n = |i: usize| -> Result<u64, StoreError> {
            Ok(u64::try_from(row.try_get::<_, i64>(i)?).unwrap_or(0))
        };
        Ok(GameCounts {
            all: n(0)?,
            rated: n(1)?,
            playing: n(2)?,
        })
    }
}
