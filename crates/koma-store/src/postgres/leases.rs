//! Several servers on one PostgreSQL database: each undecided game's lease (its owner and
//! the lease's number, `epoch`), the servers' heartbeats, and the notifications by which each
//! server hears what the others change.
//!
//! A server takes a game's lease when a request for it arrives (the balancer sends every
//! request of one game to one server, so a lease moves only when a server comes or goes),
//! or when its owner stopped beating. Every write that changes a game names the lease it
//! holds; a write under a lease taken since is refused, and the row lock it takes makes a
//! taker wait until that write is committed, so the taker then reads it. Each change is
//! announced on the channel `koma` with its game's id; a new lease with its number.

use crate::postgres::PgStore;
use crate::sql::{Backend, Numbered};
use crate::{ChallengeId, GameId, UserId};
use crate::{Note, StoreError};
use postgres::fallible_iterator::FallibleIterator;
use sea_query::raw_sql;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::mpsc;

/// Step 1 to 2 of a database made before the schema was one: the games' leases.
pub(crate) const LEASES: &str = "
ALTER TABLE games ADD COLUMN owner TEXT, ADD COLUMN epoch BIGINT NOT NULL DEFAULT 0;
CREATE INDEX games_owned ON games(owner) WHERE ending IS NULL;
";

/// The servers' heartbeats, a table only PostgreSQL's schema has.
pub(crate) const INSTANCES: &str = "
CREATE TABLE instances (
    id   TEXT PRIMARY KEY,
    seen TIMESTAMPTZ NOT NULL
);
";

/// The channel the servers notify each other on.
pub(crate) const CHANNEL: &str = "koma";

/// A server that has not beaten for this long is dead: its games go to the others.
pub(crate) const DEAD_AFTER_S: f64 = 5.0;

/// How many heartbeats in a row must succeed before a server takes dead servers' games:
/// after the database comes back, every server gets the time to beat again first.
const BEATS_BEFORE_TAKING: u32 = 3;

/// The most games one heartbeat takes over (the rest at the next).
const TAKE_AT_ONCE: i64 = 500;

/// How long the listener waits before it connects again after losing its connection.
const RELISTEN_WAIT: Duration = Duration::from_millis(500);

/// This server's leases and heartbeat.
#[derive(Debug, Default)]
pub(crate) struct Leases {
    /// The leases this server holds, with their numbers (0: a decided game, no lease).
    held: Mutex<HashMap<String, i64>>,
    /// Heartbeats in a row that succeeded (shared with the heartbeat's thread).
    beats: Arc<AtomicU32>,
    /// Set when the server gave its games back: it beats no more.
    gone: Arc<AtomicBool>,
}

impl Leases {
    fn held(&self) -> std::sync::MutexGuard<'_, HashMap<String, i64>> {
        self.held.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The lease held on `id`, for a write that changes it.
    pub(crate) fn fence(&self, id: &str) -> Result<i64, StoreError> {
        self.held()
            .get(id)
            .copied()
            .ok_or_else(|| StoreError::NotOwner(GameId::new(id)))
    }

    /// This server holds lease `epoch` of `id`.
    pub(crate) fn hold(&self, id: &str, epoch: i64) {
        self.held().insert(id.to_string(), epoch);
    }

    /// Whether this server holds `id`.
    pub(crate) fn holds(&self, id: &str) -> bool {
        self.held().contains_key(id)
    }

    /// Forgets `id` if its lease is older than `epoch` (always with `None`).
    pub(crate) fn disown(&self, id: &str, epoch: Option<i64>) {
        let mut held = self.held();
        if epoch.is_none_or(|e| held.get(id).is_some_and(|mine| *mine < e)) {
            held.remove(id);
        }
    }
}

impl PgStore {
    /// Takes the lease of `id` if it is undecided; a decided or unknown game needs none.
    pub(crate) fn claim_lease(&self, id: &str) -> Result<(), StoreError> {
        if crate::sql::unstorable(id) {
            return Ok(());
        }
        let me = &self.instance;
        let q = raw_sql!(
            seaql::Numbered::query,
            "WITH taken AS (
                 UPDATE games SET owner = {me}, epoch = epoch + 1
                 WHERE id = {id} AND ending IS NULL RETURNING epoch)
             SELECT epoch, pg_notify({CHANNEL}, 'o ' || {id} || ' ' || epoch || ' ' || {me})
             FROM taken"
        );
        let epoch = self.run(|db| db.row(q))?.map_or(Ok(0), |r| r.int(0))?;
        self.leases.hold(id, epoch);
        Ok(())
    }

    /// Whether the lease held on `id` is still this server's (a decided game's always is);
    /// forgotten if not.
    pub(crate) fn confirm_lease(&self, id: &str) -> Result<bool, StoreError> {
        let epoch = match self.leases.held().get(id) {
            None => return Ok(false),
            Some(0) => return Ok(true),
            Some(epoch) => *epoch,
        };
        let me = &self.instance;
        let q = raw_sql!(
            seaql::Numbered::query,
            "SELECT 1 FROM games WHERE id = {id} AND owner = {me} AND epoch = {epoch}"
        );
        let mine = self.run(|db| db.row(q))?.is_some();
        if !mine {
            self.leases.disown(id, None);
        }
        Ok(mine)
    }

    /// Says this server is alive, now (its thread goes on saying it, see
    /// [`PgStore::listen`]).
    pub(crate) fn beat_now(&self) -> Result<(), StoreError> {
        let mut conn = self.conn()?;
        beat(&mut conn.client, &self.instance)?;
        Ok(())
    }

    /// Takes (at most [`TAKE_AT_ONCE`]) the undecided games nobody alive holds, once this
    /// server's own heartbeat has gone well for a while.
    pub(crate) fn take_orphans(&self) -> Result<Vec<GameId>, StoreError> {
        if self.leases.beats.load(Ordering::SeqCst) < BEATS_BEFORE_TAKING {
            return Ok(Vec::new());
        }
        let me = &self.instance;
        let q = raw_sql!(
            seaql::Numbered::query,
            "WITH orphans AS (
                 SELECT g.id FROM games g
                 WHERE g.ending IS NULL AND (g.owner IS NULL OR NOT EXISTS (
                     SELECT 1 FROM instances i WHERE i.id = g.owner
                     AND i.seen > clock_timestamp() - make_interval(secs => {DEAD_AFTER_S})))
                 ORDER BY g.seq LIMIT {TAKE_AT_ONCE} FOR UPDATE SKIP LOCKED),
             taken AS (
                 UPDATE games g SET owner = {me}, epoch = g.epoch + 1
                 FROM orphans WHERE g.id = orphans.id RETURNING g.id, g.epoch)
             SELECT id, epoch, pg_notify({CHANNEL}, 'o ' || id || ' ' || epoch || ' ' || {me})
             FROM taken"
        );
        let rows = self.run(|db| db.rows(q))?;
        let mut ids = Vec::with_capacity(rows.len());
        for row in rows {
            let id: GameId = row.id(0)?;
            self.leases.hold(&id, row.int(1)?);
            ids.push(id);
        }
        Ok(ids)
    }

    /// Tells the others that `id` between `players` started or ended: `a ID s|f SENTE GOTE
    /// BY`, `.` for a seat without an account (no account's id has one).
    pub(crate) fn announce_game(
        &self,
        id: &str,
        finished: bool,
        players: &[Option<UserId>; 2],
    ) -> Result<(), StoreError> {
        let [sente, gote] = players.each_ref().map(|p| p.as_deref().unwrap_or("."));
        let kind = if finished { "f" } else { "s" };
        self.run(|db| self.tell(db, &format!("a {id} {kind} {sente} {gote}")))
    }

    /// Gives back every lease, says that its seats left and that this server is gone.
    pub(crate) fn release_leases(&self) -> Result<(), StoreError> {
        self.leases.gone.store(true, Ordering::SeqCst);
        let me = &self.instance;
        self.run(|db| {
            db.execute(raw_sql!(
                seaql::Numbered::query,
                "UPDATE games SET owner = NULL WHERE owner = {me} AND ending IS NULL"
            ))?;
            db.execute(raw_sql!(
                seaql::Numbered::query,
                "UPDATE presence SET here = FALSE, left_at = clock_timestamp()
                 WHERE server = {me} AND here"
            ))?;
            db.execute(raw_sql!(
                seaql::Numbered::query,
                "DELETE FROM instances WHERE id = {me}"
            ))
        })?;
        self.leases.held().clear();
        Ok(())
    }

    /// Starts listening to the other servers on a connection and a thread of its own,
    /// connecting again whenever the connection is lost (a [`Note::Resync`] each time);
    /// and beating every [`BEAT`] on another, so that a server too busy for its pool of
    /// connections is not taken for dead. Both stop when the notes are dropped.
    pub(crate) fn listen(&self) -> mpsc::UnboundedReceiver<Note> {
        let (tx, rx) = mpsc::unbounded_channel();
        let (config, me) = (self.config.clone(), self.instance.clone());
        let heart = Heart {
            config: self.config.clone(),
            me: self.instance.clone(),
            beats: Arc::clone(&self.leases.beats),
            gone: Arc::clone(&self.leases.gone),
            notes: tx.clone(),
        };
        let listening = std::thread::Builder::new()
            .name("koma-listen".to_string())
            .spawn(move || listen_loop(&config, &me, &tx));
        let beating = std::thread::Builder::new()
            .name("koma-beat".to_string())
            .spawn(move || heart.run());
        if let Err(e) = listening.and(beating) {
            eprintln!("koma serve: cannot follow the other servers: {e}");
        }
        rx
    }
}

/// Every how many heartbeats a server forgets old seats' presence
/// ([`crate::postgres::presence`]).
const PURGE_EVERY: u32 = 60;

/// How often a server says it is alive.
const BEAT: Duration = Duration::from_secs(1);

/// Says `me` is alive on `client`.
fn beat(client: &mut postgres::Client, me: &str) -> Result<u64, postgres::Error> {
    client.execute(
        "INSERT INTO instances (id, seen) VALUES ($1, clock_timestamp())
         ON CONFLICT (id) DO UPDATE SET seen = clock_timestamp()",
        &[&me],
    )
}

/// The heartbeat's thread.
struct Heart {
    config: postgres::Config,
    me: String,
    beats: Arc<AtomicU32>,
    gone: Arc<AtomicBool>,
    /// Only to see when the server stops (the receiver is dropped).
    notes: mpsc::UnboundedSender<Note>,
}

impl Heart {
    /// Beats until the server stops or gives its games back, connecting again as needed;
    /// counts the beats in a row that went well.
    fn run(self) {
        let mut client: Option<postgres::Client> = None;
        while !self.notes.is_closed() && !self.gone.load(Ordering::SeqCst) {
            if client.as_ref().is_none_or(postgres::Client::is_closed) {
                client = self.config.connect(postgres::NoTls).ok();
            }
            let ok = client.as_mut().is_some_and(|c| beat(c, &self.me).is_ok());
            if ok {
                let beats = self.beats.fetch_add(1, Ordering::SeqCst);
                if beats % PURGE_EVERY == 0
                    && let Some(c) = client.as_mut()
                    && let Err(e) = crate::postgres::presence::purge(c)
                {
                    eprintln!("koma serve: forgetting old seats' presence: {e}");
                }
            } else {
                self.beats.store(0, Ordering::SeqCst);
                client = None;
            }
            std::thread::sleep(BEAT);
        }
    }
}

/// Listens until nobody receives the notes any more.
fn listen_loop(config: &postgres::Config, me: &str, tx: &mpsc::UnboundedSender<Note>) {
    let mut first = true;
    while !tx.is_closed() {
        match config.connect(postgres::NoTls) {
            Ok(mut client) => {
                if let Err(e) = client.batch_execute(&format!("LISTEN {CHANNEL}")) {
                    eprintln!("koma serve: LISTEN failed: {e}");
                } else {
                    // What was noted before this connection listened (the server's first
                    // moments, or while the last connection was down) is read again: a
                    // board opened at start-up would otherwise miss a change made then.
                    if tx.send(Note::Resync).is_err() {
                        return;
                    }
                    first = false;
                    if let Err(e) = relay(&mut client, me, tx) {
                        eprintln!("koma serve: the notifications stopped: {e}");
                    }
                }
            }
            Err(e) => eprintln!("koma serve: cannot connect to listen: {e}"),
        }
        if !first {
            // The next connection misses what happens meanwhile: read everything again.
            let _ = tx.send(Note::Resync);
        }
        std::thread::sleep(RELISTEN_WAIT);
    }
}

/// Passes on the notes of the other servers until the connection fails or nobody listens.
fn relay(
    client: &mut postgres::Client,
    me: &str,
    tx: &mpsc::UnboundedSender<Note>,
) -> Result<(), postgres::Error> {
    loop {
        {
            let mut notifications = client.notifications();
            let mut batch = notifications.timeout_iter(Duration::from_secs(1));
            while let Some(n) = batch.next()? {
                if let Some(note) = parse(n.payload(), me)
                    && tx.send(note).is_err()
                {
                    return Ok(());
                }
            }
        }
        if tx.is_closed() {
            return Ok(());
        }
        // A dead connection shows itself only when used.
        client.batch_execute("SELECT 1")?;
    }
}

/// The note of `payload` (`g ID BY`, `o ID EPOCH BY`, `a ID s|f SENTE GOTE BY`,
/// `c ID STATUS CHALLENGER DEST BY`, `l s BY`, `l n USER BY`, `r ID BY` or `s ID BY`), unless
/// this server (`me`) sent it or it is not one.
fn parse(payload: &str, me: &str) -> Option<Note> {
    let mut words = payload.split(' ');
    match (words.next()?, words.next()?) {
        ("a", id) => {
            let finished = match words.next()? {
                "s" => false,
                "f" => true,
                _ => return None,
            };
            let mut player = || words.next().map(|p| (p != ".").then(|| UserId::from(p)));
            let players = [player()?, player()?];
            (words.next()? != me).then(|| Note::Announced {
                game: GameId::from(id),
                finished,
                players,
            })
        }
        ("c", id) => {
            let (status, challenger, dest) = (words.next()?, words.next()?, words.next()?);
            (words.next()? != me).then(|| Note::Challenge {
                id: ChallengeId::from(id),
                status: status.to_string(),
                challenger: UserId::from(challenger),
                dest: UserId::from(dest),
            })
        }
        ("g", id) => (words.next()? != me).then(|| Note::Changed(GameId::from(id))),
        ("l", "s") => (words.next()? != me).then_some(Note::Seeks),
        ("r", id) => (words.next()? != me).then(|| Note::Room(GameId::from(id))),
        ("s", id) => (words.next()? != me).then(|| Note::Study(crate::StudyId::from(id))),
        ("l", "n") => {
            let user = UserId::from(words.next()?);
            (words.next()? != me).then_some(Note::Notice(user))
        }
        ("o", id) => {
            let epoch = words.next()?.parse().ok()?;
            (words.next()? != me).then(|| Note::Taken {
                game: GameId::from(id),
                epoch,
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_of_others_are_read_and_ones_own_dropped() {
        assert_eq!(parse("g abc s1", "s2"), Some(Note::Changed("abc".into())));
        assert_eq!(parse("g abc s2", "s2"), None);
        assert_eq!(
            parse("o abc 7 s1", "s2"),
            Some(Note::Taken {
                game: "abc".into(),
                epoch: 7
            })
        );
        assert_eq!(parse("o abc 7 s2", "s2"), None);
        assert_eq!(
            parse("a abc f alice . s1", "s2"),
            Some(Note::Announced {
                game: "abc".into(),
                finished: true,
                players: [Some("alice".into()), None],
            })
        );
        assert_eq!(parse("a abc s alice bob s2", "s2"), None);
        assert_eq!(
            parse("c abc declined alice bob s1", "s2"),
            Some(Note::Challenge {
                id: "abc".into(),
                status: "declined".into(),
                challenger: "alice".into(),
                dest: "bob".into(),
            })
        );
        assert_eq!(parse("c abc created alice bob s2", "s2"), None);
        assert_eq!(parse("l s s1", "s2"), Some(Note::Seeks));
        assert_eq!(parse("l s s2", "s2"), None);
        assert_eq!(parse("r abc s1", "s2"), Some(Note::Room("abc".into())));
        assert_eq!(parse("s abc s1", "s2"), Some(Note::Study("abc".into())));
        assert_eq!(parse("s abc s2", "s2"), None);
        assert_eq!(parse("r abc s2", "s2"), None);
        assert_eq!(
            parse("l n alice s1", "s2"),
            Some(Note::Notice("alice".into()))
        );
        assert_eq!(parse("l n alice s2", "s2"), None);
        for junk in [
            "",
            "x",
            "g",
            "o abc",
            "o abc x s1",
            "q abc s1",
            "l x s1",
            "l n",
            "a abc x a b s1",
            "a abc s a",
            "c abc created alice",
        ] {
            assert_eq!(parse(junk, "s2"), None, "{junk}");
        }
    }

    #[test]
    fn an_older_note_leaves_a_newer_lease() {
        let leases = Leases::default();
        leases.hold("g", 6);
        leases.disown("g", Some(5));
        assert!(leases.holds("g"));
        leases.disown("g", Some(7));
        assert!(!leases.holds("g"));
        assert!(matches!(leases.fence("g"), Err(StoreError::NotOwner(_))));
        leases.hold("g", 8);
        leases.disown("g", None);
        assert!(!leases.holds("g"));
    }
}
