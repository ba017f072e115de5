//! Tournaments, written once for both databases. A change is one `UPDATE` that checks the
//! version read, so that of two servers changing a tournament at once one wins and the
//! other reads again.

use crate::Refusal;
use crate::sql::{Backend, Numbered, Row, count_to_sql, ms_to_sql, unstorable};
use crate::tournaments::{TournamentRow, TournamentStore};
use crate::{GameId, TournamentId};
use crate::{Page, StoreError};
use sea_query::raw_sql;

/// The tables of tournaments and of the games they started (SQLite's schema 9,
/// PostgreSQL's 4; SQLite reads BIGINT as its INTEGER).
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

/// A tournament from the columns `id, director, status, created_ms, version, body`.
fn tournament(r: &Row) -> Result<TournamentRow, StoreError> {
    Ok(TournamentRow {
        id: r.id(0)?,
        director: r.id(1)?,
        status: r.text(2)?,
        created_ms: r.ms(3)?,
        version: r.int(4)?,
        body: r.text(5)?,
    })
}

impl<B: Backend> TournamentStore for B {
    fn create_tournament(&self, t: &TournamentRow) -> Result<(), StoreError> {
        let created = ms_to_sql(t.created_ms);
        let q = raw_sql!(
            seaql::Numbered::query,
            "INSERT INTO tournaments (id, director, status, created_ms, version, body)
             VALUES ({t.id}, {t.director}, {t.status}, {created}, {t.version}, {t.body})
             ON CONFLICT (id) DO NOTHING"
        );
        let done = self
            .run(|db| db.execute(q))
            .map_err(|e| e.refusal(|| format!("tournament {}", t.id)))?;
        if done != 1 {
            return Err(Refusal::TournamentExists(t.id.clone()).into());
        }
        Ok(())
    }

    fn tournament(&self, id: &TournamentId) -> Result<Option<TournamentRow>, StoreError> {
        if unstorable(id) {
            return Ok(None);
        }
        let q = raw_sql!(
            seaql::Numbered::query,
            "SELECT id, director, status, created_ms, version, body FROM tournaments
             WHERE id = {id}"
        );
        self.run(|db| db.row(q))?
            .as_ref()
            .map(tournament)
            .transpose()
    }

    fn update_tournament(&self, t: &TournamentRow) -> Result<bool, StoreError> {
        let q = raw_sql!(
            seaql::Numbered::query,
            "UPDATE tournaments SET status = {t.status}, body = {t.body}, version = version + 1
             WHERE id = {t.id} AND version = {t.version}"
        );
        let done = self
            .run(|db| db.execute(q))
            .map_err(|e| e.refusal(|| format!("tournament {}", t.id)))?;
        Ok(done == 1)
    }

    fn list_tournaments(&self, page: Page) -> Result<Vec<TournamentRow>, StoreError> {
        let (limit, offset) = (count_to_sql(page.limit), count_to_sql(page.offset));
        let q = raw_sql!(
            seaql::Numbered::query,
            "SELECT id, director, status, created_ms, version, body FROM tournaments
             ORDER BY created_ms DESC, id LIMIT {limit} OFFSET {offset}"
        );
        self.run(|db| db.rows(q))?.iter().map(tournament).collect()
    }

    fn tournaments_with_status(&self, status: &str) -> Result<Vec<TournamentId>, StoreError> {
        let q = raw_sql!(
            seaql::Numbered::query,
            "SELECT id FROM tournaments WHERE status = {status}"
        );
        self.run(|db| db.rows(q))?.iter().map(|r| r.id(0)).collect()
    }

    fn link_tournament_game(
        &self,
        game: &GameId,
        tournament: &TournamentId,
    ) -> Result<(), StoreError> {
        let q = raw_sql!(
            seaql::Numbered::query,
            "INSERT INTO tournament_games (game_id, tournament_id) VALUES ({game}, {tournament})
             ON CONFLICT (game_id) DO UPDATE SET tournament_id = excluded.tournament_id"
        );
        self.run(|db| db.execute(q))
            .map_err(|e| e.refusal(|| format!("game {game} of tournament {tournament}")))?;
        Ok(())
    }

    fn tournament_of_game(&self, game: &GameId) -> Result<Option<TournamentId>, StoreError> {
        if unstorable(game) {
            return Ok(None);
        }
        let q = raw_sql!(
            seaql::Numbered::query,
            "SELECT tournament_id FROM tournament_games WHERE game_id = {game}"
        );
        self.run(|db| db.row(q))?.map(|r| r.id(0)).transpose()
    }
}
