//! Who is on a shared board (a kansōsen room, a study) and the messages they all get: each
//! message is made once and sent as it is to every socket ([`Audience::send`]); a socket
//! joins with [`Audience::join`] and leaves with [`Audience::leave`]. Where several servers
//! share the database, [`follow_notes`] has the open boards of a kind read themselves again
//! when another server changes them.

use koma_store::Note;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use tokio::sync::broadcast;

/// How many messages may wait for a slow socket before it is sent the board whole instead.
const BACKLOG: usize = 64;

/// The sockets on one board, each with what the board knows of its reader (`M`).
pub struct Audience<M> {
    pushes: broadcast::Sender<Arc<str>>,
    members: Mutex<Vec<(u64, M)>>,
    joined: AtomicU64,
}

impl<M: Clone> Default for Audience<M> {
    fn default() -> Self {
        Audience {
            pushes: broadcast::channel(BACKLOG).0,
            members: Mutex::new(Vec::new()),
            joined: AtomicU64::new(0),
        }
    }
}

impl<M: Clone> Audience<M> {
    /// Sends `message` to every socket on the board.
    pub fn send(&self, message: Arc<str>) {
        let _ = self.pushes.send(message);
    }

    /// Enters `member`: the messages to come, and his number on the board (to leave with).
    pub fn join(&self, member: M) -> (broadcast::Receiver<Arc<str>>, u64) {
        let receiver = self.pushes.subscribe();
        let number = self.joined.fetch_add(1, Ordering::Relaxed);
        self.list().push((number, member));
        (receiver, number)
    }

    /// Takes the member numbered `number` off the board: whether nobody is left.
    pub fn leave(&self, number: u64) -> bool {
        let mut members = self.list();
        members.retain(|(n, _)| *n != number);
        members.is_empty()
    }

    /// Who is on the board, one entry per socket.
    pub fn members(&self) -> Vec<M> {
        self.list().iter().map(|(_, m)| m.clone()).collect()
    }

    /// Whether nobody is on the board.
    pub fn is_empty(&self) -> bool {
        self.list().is_empty()
    }

    fn list(&self) -> MutexGuard<'_, Vec<(u64, M)>> {
        self.members.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A kind of shared board (the rooms, the studies) whose open boards read themselves again
/// when another server changes them.
pub trait Boards: Send + Sync + 'static {
    /// A board's key.
    type Key: Send;
    /// The board `note` is of, if it is one of this kind's.
    fn of_note(note: Note) -> Option<Self::Key>;
    /// The boards open now.
    fn open_keys(&self) -> Vec<Self::Key>;
    /// Reads board `key` again from the store and pushes it, if it is open.
    fn reread(&self, key: Self::Key) -> impl std::future::Future<Output = ()> + Send + '_;
}

/// Follows the other servers' `notes` for `boards`: a board's note has it read again; when
/// notes were missed ([`Note::Resync`], or this follower fell behind), every open one is.
pub fn follow_notes<B: Boards>(mut notes: broadcast::Receiver<Note>, boards: Weak<B>) {
    use broadcast::error::RecvError;
    tokio::spawn(async move {
        loop {
            let keys = match notes.recv().await {
                Ok(Note::Resync) | Err(RecvError::Lagged(_)) => match boards.upgrade() {
                    Some(boards) => boards.open_keys(),
                    None => return,
                },
                Ok(note) => match B::of_note(note) {
                    Some(key) => vec![key],
                    None => continue,
                },
                Err(RecvError::Closed) => return,
            };
            let Some(boards) = boards.upgrade() else {
                return;
            };
            for key in keys {
                boards.reread(key).await;
            }
        }
    });
}
