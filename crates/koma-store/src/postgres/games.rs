//! The PostgreSQL store as a [`Backend`] of the store's one SQL: its games' table, the
//! leases every write of a game goes under, and the notifications that tell the other
//! servers of each change.

use crate::postgres::leases::CHANNEL;
use crate::postgres::{Cached, PgStore};
use crate::sql::pg::Pg;
use crate::sql::{Backend, Db, Lease, Numbered, Query};
use crate::{Elsewhere, Note, Store, StoreError};
use crate::{GameId, UserId};
use koma_rules::Color;
use postgres::IsolationLevel;
use sea_query::raw_sql;

/// The first key of the advisory locks [`Backend::serialize`] holds (the second is the hash
/// of the key): the two-key locks are apart from the one-key lock of the migrations.
const SERIAL_LOCK: i32 = 0x6b63_6863;

impl Backend for PgStore {
    const STORED_ORDER: &'static str = "seq";
    const SEQ: &'static str = "seq BIGINT GENERATED ALWAYS AS IDENTITY,";
    const BY_SEQ: &'static str = ", seq DESC";
    const OWN_TABLES: &'static [&'static str] = &[
        crate::postgres::leases::INSTANCES,
        crate::postgres::presence::PRESENCE,
    ];
    const OWN_UPGRADES: &'static [(u32, &'static str)] =
        &[(14, crate::postgres::presence::PRESENCE)];

    fn run<R>(
        &self,
        f: impl FnOnce(&mut dyn Db) -> Result<R, StoreError>,
    ) -> Result<R, StoreError> {
        let mut conn = self.conn()?;
        let Cached { client, prepared } = &mut *conn;
        f(&mut Pg { client, prepared })
    }

    fn transaction<R>(
        &self,
        f: impl FnOnce(&mut dyn Db) -> Result<R, StoreError>,
    ) -> Result<R, StoreError> {
        let mut conn = self.conn()?;
        let Cached { client, prepared } = &mut *conn;
        let mut tx = client.transaction()?;
        let result = f(&mut Pg {
            client: &mut tx,
            prepared,
        })?;
        tx.commit()?;
        Ok(result)
    }

    fn snapshot<R>(
        &self,
        f: impl FnOnce(&mut dyn Db) -> Result<R, StoreError>,
    ) -> Result<R, StoreError> {
        let mut conn = self.conn()?;
        let Cached { client, prepared } = &mut *conn;
        let mut tx = client
            .build_transaction()
            .isolation_level(IsolationLevel::RepeatableRead)
            .read_only(true)
            .start()?;
        let result = f(&mut Pg {
            client: &mut tx,
            prepared,
        })?;
        tx.commit()?;
        Ok(result)
    }

    fn lease(&self, id: &str) -> Result<Lease, StoreError> {
        Ok(Lease {
            free: false,
            owner: self.instance.clone(),
            epoch: self.leases.fence(id)?,
        })
    }

    fn new_lease(&self) -> (Option<&str>, i64) {
        (Some(&self.instance), 1)
    }

    fn created(&self, id: &str) {
        self.leases.hold(id, 1);
    }

    fn write_game(&self, db: &mut dyn Db, id: &str, q: Query) -> Result<usize, StoreError> {
        // The write and its notification in one statement: one round trip.
        let (sql, mut values) = q.into_parts();
        let n = values.0.len();
        values
            .0
            .extend([CHANNEL.into(), id.into(), self.instance.as_str().into()]);
        let sql = format!(
            "WITH changed AS ({sql})
             SELECT pg_notify(${}, 'g ' || ${} || ' ' || ${}) FROM changed",
            n + 1,
            n + 2,
            n + 3
        );
        Ok(db.rows(Query { sql, values })?.len())
    }

    fn tell(&self, db: &mut dyn Db, note: &str) -> Result<(), StoreError> {
        let me = &self.instance;
        db.execute(raw_sql!(
            seaql::Numbered::query,
            "SELECT pg_notify({CHANNEL}, {note} || ' ' || {me})"
        ))?;
        Ok(())
    }

    fn serialize(&self, db: &mut dyn Db, key: &str) -> Result<(), StoreError> {
        db.execute(raw_sql!(
            seaql::Numbered::query,
            "SELECT pg_advisory_xact_lock({SERIAL_LOCK}, hashtext({key}))"
        ))?;
        Ok(())
    }

    fn check_lease(&self, db: &mut dyn Db, id: &str, lease: &Lease) -> Result<(), StoreError> {
        let Some(row) = db.row(raw_sql!(
            seaql::Numbered::query,
            "SELECT owner, epoch FROM games WHERE id = {id}"
        ))?
        else {
            return Ok(());
        };
        if row.opt_text(0)?.as_deref() != Some(lease.owner.as_str()) || row.int(1)? != lease.epoch {
            self.leases.disown(id, None);
            return Err(StoreError::NotOwner(GameId::new(id)));
        }
        Ok(())
    }
}

impl Store for PgStore {
    fn claim(&self, id: &GameId) -> Result<(), StoreError> {
        self.claim_lease(id)
    }

    fn holds(&self, id: &GameId) -> bool {
        self.leases.holds(id)
    }

    fn shared(&self) -> bool {
        true
    }

    fn confirm(&self, id: &GameId) -> Result<bool, StoreError> {
        self.confirm_lease(id)
    }

    fn disown(&self, id: &GameId, epoch: Option<i64>) {
        self.leases.disown(id, epoch);
    }

    fn heartbeat(&self) -> Result<Vec<GameId>, StoreError> {
        self.take_orphans()
    }

    fn unfinished_to_hold(&self) -> Result<Vec<GameId>, StoreError> {
        // Alive at once; the others' games are taken later, once the heartbeat has gone
        // well for a while.
        self.beat_now()?;
        Ok(Vec::new())
    }

    fn announce(
        &self,
        id: &GameId,
        finished: bool,
        players: &[Option<UserId>; 2],
    ) -> Result<(), StoreError> {
        self.announce_game(id, finished, players)
    }

    fn release_all(&self) -> Result<(), StoreError> {
        self.release_leases()
    }

    fn note_seat(&self, id: &GameId, seat: Color, here: bool) -> Result<(), StoreError> {
        self.note_presence(id, seat, here)
    }

    fn seat_elsewhere(&self, id: &GameId, seat: Color) -> Result<Elsewhere, StoreError> {
        self.presence_elsewhere(id, seat)
    }

    fn notes(&self) -> Option<tokio::sync::mpsc::UnboundedReceiver<Note>> {
        Some(self.listen())
    }
}
