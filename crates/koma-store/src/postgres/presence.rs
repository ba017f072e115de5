//! Where each seat of a game has a connection open, for every server on the database. A
//! server knows only its own connections; a claim of victory (the opponent gone long
//! enough) made on one server must still see the opponent connected to another: the
//! balancer sends a game's requests to one server, but a server that stopped and came back
//! gets its games' new connections while the old ones stay where they were.
//!
//! A server writes a row only when a seat's connections there go from none to one or back
//! (not at every connection), with the database's clock; a server stopped says its seats
//! left, and one killed is taken to have left at its last heartbeat.

use crate::postgres::PgStore;
use crate::postgres::leases::DEAD_AFTER_S;
use crate::sql::{Backend, Numbered};
use crate::{Elsewhere, StoreError};
use koma_rules::Color;
use sea_query::raw_sql;

/// PostgreSQL's own table (schema 14): whether `server` has a connection of `seat` of the
/// game open (`here`), and when its last one closed.
pub(crate) const PRESENCE: &str = "
CREATE TABLE presence (
    game_id TEXT NOT NULL,
    seat    TEXT NOT NULL,
    server  TEXT NOT NULL,
    here    BOOLEAN NOT NULL,
    left_at TIMESTAMPTZ,
    PRIMARY KEY (game_id, seat, server)
);
";

/// How long a seat's row is kept after its last connection closed, in seconds (a claim
/// needs far less: a player is gone after some seconds).
const KEEP_S: f64 = 3600.0;

impl PgStore {
    /// Notes that `seat` of the game `id` now has a connection here (`here`) or has none.
    pub(crate) fn note_presence(
        &self,
        id: &str,
        seat: Color,
        here: bool,
    ) -> Result<(), StoreError> {
        let (me, seat) = (&self.instance, seat.name());
        let q = raw_sql!(
            seaql::Numbered::query,
            "INSERT INTO presence (game_id, seat, server, here, left_at)
             VALUES ({id}, {seat}, {me}, {here},
                CASE WHEN {here} THEN NULL ELSE clock_timestamp() END)
             ON CONFLICT (game_id, seat, server)
             DO UPDATE SET here = excluded.here, left_at = excluded.left_at"
        );
        self.run(|db| db.execute(q)).map(|_| ())
    }

    /// Where `seat` of the game `id` is connected on the other servers: here on one that
    /// is alive, or gone since the latest of its rows' leaving (a dead server's at its last
    /// heartbeat).
    pub(crate) fn presence_elsewhere(
        &self,
        id: &str,
        seat: Color,
    ) -> Result<Elsewhere, StoreError> {
        let (me, seat) = (&self.instance, seat.name());
        let q = raw_sql!(
            seaql::Numbered::query,
            "SELECT
                 COALESCE(bool_or(p.here AND i.seen > clock_timestamp()
                     - make_interval(secs => {DEAD_AFTER_S})), FALSE),
                 (EXTRACT(EPOCH FROM clock_timestamp()
                     - max(CASE WHEN p.here THEN i.seen ELSE p.left_at END)) * 1000)::BIGINT
             FROM presence p LEFT JOIN instances i ON i.id = p.server
             WHERE p.game_id = {id} AND p.seat = {seat} AND p.server <> {me}"
        );
        let Some(row) = self.run(|db| db.row(q))? else {
            return Ok(Elsewhere::Never);
        };
        if row.bool(0)? {
            return Ok(Elsewhere::Here);
        }
        Ok(match row.opt_ms(1)? {
            Some(ago_ms) => Elsewhere::Left { ago_ms },
            None => Elsewhere::Never,
        })
    }
}

/// Forgets the rows of seats gone for [`KEEP_S`], and of servers dead that long.
pub(crate) fn purge(client: &mut postgres::Client) -> Result<u64, postgres::Error> {
    client.execute(
        "DELETE FROM presence p
         WHERE (NOT p.here AND p.left_at < clock_timestamp() - make_interval(secs => $1))
            OR (p.here AND NOT EXISTS (SELECT 1 FROM instances i WHERE i.id = p.server
                AND i.seen > clock_timestamp() - make_interval(secs => $1)))",
        &[&KEEP_S],
    )
}
