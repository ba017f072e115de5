//! The kansōsen rooms, written once for both databases.

use crate::rooms::{RoomStore, StoredRoom};
use crate::sql::{Backend, Numbered, ms_to_sql, unstorable};
use crate::{Damage, GameId, StoreError};
use sea_query::raw_sql;

/// The table of rooms (schema 16): one row per game, its state as JSON.
pub(crate) const TABLES: &str = "
CREATE TABLE rooms (
    game_id TEXT PRIMARY KEY REFERENCES games(id),
    version BIGINT NOT NULL,
    state   TEXT NOT NULL,
    at_ms   BIGINT NOT NULL
);
";

impl<B: Backend> RoomStore for B {
    fn room(&self, game: &GameId) -> Result<Option<StoredRoom>, StoreError> {
        if unstorable(game) {
            return Ok(None);
        }
        let q = raw_sql!(
            seaql::Numbered::query,
            "SELECT version, state, at_ms FROM rooms WHERE game_id = {game}"
        );
        let Some(row) = self.run(|db| db.row(q))? else {
            return Ok(None);
        };
        let version = row.int(0)?;
        Ok(Some(StoredRoom {
            game: game.clone(),
            version: u64::try_from(version).map_err(|_| Damage::Unknown {
                column: "version",
                value: version.to_string(),
            })?,
            state: row.text(1)?,
            at_ms: row.ms(2)?,
        }))
    }

    fn save_room(&self, room: &StoredRoom) -> Result<bool, StoreError> {
        if unstorable(&room.game) {
            return Ok(false);
        }
        let (game, at) = (&room.game, ms_to_sql(room.at_ms));
        let version = i64::try_from(room.version).unwrap_or(i64::MAX);
        let before = version - 1;
        let q = if room.version <= 1 {
            raw_sql!(
                seaql::Numbered::query,
                "INSERT INTO rooms (game_id, version, state, at_ms)
                 VALUES ({game}, {version}, {room.state}, {at})
                 ON CONFLICT (game_id) DO NOTHING"
            )
        } else {
            raw_sql!(
                seaql::Numbered::query,
                "UPDATE rooms SET version = {version}, state = {room.state}, at_ms = {at}
                 WHERE game_id = {game} AND version = {before}"
            )
        };
        // The other servers on the database hear of it and read the room again.
        let written = self
            .transaction(|db| {
                let written = db.execute(q)? == 1;
                if written {
                    self.tell(db, &format!("r {game}"))?;
                }
                Ok(written)
            })
            .map_err(|e| e.refusal(|| format!("game {game}: room")))?;
        Ok(written)
    }
}
