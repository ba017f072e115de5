//! Tournaments in the PostgreSQL store (schema version 4). A change is one `UPDATE` that
//! checks the version read, so that of two servers changing a tournament at once one wins
//! and the other reads again.

use crate::postgres::{PgStore, refused, to_sql, unstorable};
use crate::sqlite::{ms_from_sql, ms_to_sql};
use crate::tournaments::{TournamentRow, TournamentStore};
use crate::{Page, StoreError};
use postgres::Row;

/// Version 4 of the schema: the tournaments and the games they started.
pub(crate) const TABLES: &str = "
CREATE TABLE tournaments (
    id         TEXT PRIMARY KEY,
    director   TEXT NOT NULL,
    status     TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    version    BIGINT NOT NULL,
    body       TEXT NOT NULL
);
CREATE INDEX tournaments_by_status ON tournaments(status);
CREATE INDEX tournaments_by_created ON tournaments(created_ms DESC);
CREATE TABLE tournament_games (
    game_id       TEXT PRIMARY KEY,
    tournament_id TEXT NOT NULL REFERENCES tournaments(id)
);
";

/// The columns [`row`] reads.
const COLUMNS: &str = "id, director, status, created_ms, version, body";

fn row(r: &Row) -> Result<TournamentRow, StoreError> {
    Ok(TournamentRow {
        id: r.try_get(0)?,
        director: r.try_get(1)?,
        status: r.try_get(2)?,
        created_ms: ms_from_sql(r.try_get(3)?),
        version: r.try_get(4)?,
        body: r.try_get(5)?,
    })
}

impl TournamentStore for PgStore {
    fn create_tournament(&self, t: &TournamentRow) -> Result<(), StoreError> {
        self.conn()?
            .execute(
                "INSERT INTO tournaments (id, director, status, created_ms, version, body)
                 VALUES ($1, $2, $3, $4, $5, $6)",
                &[
                    &t.id,
                    &t.director,
                    &t.status,
                    &ms_to_sql(t.created_ms),
                    &t.version,
                    &t.body,
                ],
            )
            .map_err(|e| refused(e, || format!("tournament {}", t.id)))?;
        Ok(())
    }

    fn tournament(&self, id: &str) -> Result<Option<TournamentRow>, StoreError> {
        if unstorable(id) {
            return Ok(None);
        }
        let found = self.conn()?.query_opt(
            &format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1"),
            &[&id],
        )?;
        found.as_ref().map(row).transpose()
    }

    fn update_tournament(&self, t: &TournamentRow) -> Result<bool, StoreError> {
        let done = self
            .conn()?
            .execute(
                "UPDATE tournaments SET status = $3, body = $4, version = version + 1
                 WHERE id = $1 AND version = $2",
                &[&t.id, &t.version, &t.status, &t.body],
            )
            .map_err(|e| refused(e, || format!("tournament {}", t.id)))?;
        Ok(done == 1)
    }

    fn list_tournaments(&self, page: Page) -> Result<Vec<TournamentRow>, StoreError> {
        let rows = self.conn()?.query(
            &format!(
                "SELECT {COLUMNS} FROM tournaments ORDER BY created_ms DESC, id
                 LIMIT $1 OFFSET $2"
            ),
            &[&to_sql(page.limit), &to_sql(page.offset)],
        )?;
        rows.iter().map(row).collect()
    }

    fn tournaments_with_status(&self, status: &str) -> Result<Vec<String>, StoreError> {
        let rows = self
            .conn()?
            .query("SELECT id FROM tournaments WHERE status = $1", &[&status])?;
        rows.iter().map(|r| Ok(r.try_get(0)?)).collect()
    }

    fn link_tournament_game(&self, game: &str, tournament: &str) -> Result<(), StoreError> {
        self.conn()?
            .execute(
                "INSERT INTO tournament_games (game_id, tournament_id) VALUES ($1, $2)
                 ON CONFLICT (game_id) DO UPDATE SET tournament_id = $2",
                &[&game, &tournament],
            )
            .map_err(|e| refused(e, || format!("game {game} of tournament {tournament}")))?;
        Ok(())
    }

    fn tournament_of_game(&self, game: &str) -> Result<Option<String>, StoreError> {
        if unstorable(game) {
            return Ok(None);
        }
        let found = self.conn()?.query_opt(
            "SELECT tournament_id FROM tournament_games WHERE game_id = $1",
            &[&game],
        )?;
        Ok(found.map(|r| r.try_get(0)).transpose()?)
    }
}
