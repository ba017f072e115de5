//! Tournaments in the SQLite store (schema version 9).

use crate::sqlite::{SqliteStore, ms_from_sql, ms_to_sql};
use crate::tournaments::{TournamentRow, TournamentStore};
use crate::{Page, StoreError};
use rusqlite::{OptionalExtension, Row, params};

/// The migration to version 9: the tournaments and the games they started.
pub(crate) const MIGRATION: &str = "
CREATE TABLE tournaments (
    id         TEXT PRIMARY KEY,
    director   TEXT NOT NULL,
    status     TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    version    INTEGER NOT NULL,
    body       TEXT NOT NULL
);
CREATE INDEX tournaments_by_status ON tournaments(status);
CREATE TABLE tournament_games (
    game_id       TEXT PRIMARY KEY,
    tournament_id TEXT NOT NULL REFERENCES tournaments(id)
);
";

/// The columns [`row`] reads.
const COLUMNS: &str = "id, director, status, created_ms, version, body";

fn row(r: &Row<'_>) -> rusqlite::Result<TournamentRow> {
    Ok(TournamentRow {
        id: r.get(0)?,
        director: r.get(1)?,
        status: r.get(2)?,
        created_ms: ms_from_sql(r.get(3)?),
        version: r.get(4)?,
        body: r.get(5)?,
    })
}

impl TournamentStore for SqliteStore {
    fn create_tournament(&self, t: &TournamentRow) -> Result<(), StoreError> {
        let done = self.conn().execute(
            "INSERT OR IGNORE INTO tournaments (id, director, status, created_ms, version, body)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                t.id,
                t.director,
                t.status,
                ms_to_sql(t.created_ms),
                t.version,
                t.body
            ],
        )?;
        match done {
            1 => Ok(()),
            _ => Err(StoreError::Conflict(format!(
                "tournament {} exists already",
                t.id
            ))),
        }
    }

    fn tournament(&self, id: &str) -> Result<Option<TournamentRow>, StoreError> {
        Ok(self
            .conn()
            .query_row(
                &format!("SELECT {COLUMNS} FROM tournaments WHERE id = ?1"),
                params![id],
                row,
            )
            .optional()?)
    }

    fn update_tournament(&self, t: &TournamentRow) -> Result<bool, StoreError> {
        let done = self.conn().execute(
            "UPDATE tournaments SET status = ?3, body = ?4, version = version + 1
             WHERE id = ?1 AND version = ?2",
            params![t.id, t.version, t.status, t.body],
        )?;
        Ok(done == 1)
    }

    fn list_tournaments(&self, page: Page) -> Result<Vec<TournamentRow>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(&format!(
            "SELECT {COLUMNS} FROM tournaments ORDER BY created_ms DESC, id LIMIT ?1 OFFSET ?2"
        ))?;
        let rows = stmt
            .query_map(
                params![
                    i64::try_from(page.limit).unwrap_or(i64::MAX),
                    i64::try_from(page.offset).unwrap_or(i64::MAX)
                ],
                row,
            )?
            .collect::<Result<_, _>>()?;
        Ok(rows)
    }

    fn tournaments_with_status(&self, status: &str) -> Result<Vec<String>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare("SELECT id FROM tournaments WHERE status = ?1")?;
        let ids = stmt
            .query_map(params![status], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        Ok(ids)
    }

    fn link_tournament_game(&self, game: &str, tournament: &str) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT OR REPLACE INTO tournament_games (game_id, tournament_id) VALUES (?1, ?2)",
            params![game, tournament],
        )?;
        Ok(())
    }

    fn tournament_of_game(&self, game: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .conn()
            .query_row(
                "SELECT tournament_id FROM tournament_games WHERE game_id = ?1",
                params![game],
                |r| r.get(0),
            )
            .optional()?)
    }
}
