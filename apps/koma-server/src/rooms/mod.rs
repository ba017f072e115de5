//! The kansōsen (感想戦) rooms: after a game, its players (and its spectators) go over it on
//! one shared board. The room's tree starts as the game's record; the players (and a
//! spectator they hand the board to) play variations, move the board, comment and draw
//! arrows and circles, and everyone in the room sees each change at once. The engine is off
//! until a player turns it on; then the room's one search follows the position shown. The
//! room is kept (each change written before it is pushed) and reopens as it was left.
//!
//! A room lives in memory while someone is in it (its sockets hold it); [`Rooms`] finds it
//! again or reads it from the store. Each room's messages are made once and sent as they
//! are to every socket in it ([`Room::subscribe`]).

mod engine;

use crate::review_tree::{ReviewTree, StoredNode, TreeChange};

use crate::actor::Actor;
use crate::analysis::Analyses;
use crate::audience::Audience;
use crate::chat::ChatView;
use crate::error::ApiError;
use crate::hub::Hub;
use crate::records::NodeView;
use koma_rules::Color;
use koma_store::rooms::StoredRoom;
use koma_store::{ChatLine, GameId, Room as ChatRoom, Store, UserId};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::{Arc, Weak};
use tokio::sync::broadcast;

/// Why a room refused a request.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoomRefusal {
    /// A change the tree cannot take (400 `invalid_review`).
    #[error("{0}")]
    Change(#[from] TreeChange),
    /// Someone who does not hold the board tried to change it (403 `not_your_board`).
    #[error("only the players, and whom they hand the board to, move it")]
    NotYourBoard,
    /// A spectator tried what only the players may (403 `players_only`).
    #[error("only the game's players turn the engine on or hand the board over")]
    PlayersOnly,
    /// The board handed to someone not in the room, or not logged in (400 `not_in_room`).
    #[error("'{0}' is not in the room with an account")]
    NotInRoom(String),
    /// Other changes kept coming first (409 `room_busy`).
    #[error("the room changed meanwhile; try again")]
    Busy,
}

impl RoomRefusal {
    /// The stable code.
    pub fn code(&self) -> &'static str {
        match self {
            RoomRefusal::Change(_) => "invalid_review",
            RoomRefusal::NotYourBoard => "not_your_board",
            RoomRefusal::PlayersOnly => "players_only",
            RoomRefusal::NotInRoom(_) => "not_in_room",
            RoomRefusal::Busy => "room_busy",
        }
    }
}

/// Who is in a room: a player of the game (his seat), or a watcher (his account, if logged
/// in).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    /// The player's seat; none for a watcher.
    pub seat: Option<Color>,
    /// The account, if logged in.
    pub account: Option<UserId>,
    /// The name shown.
    pub name: String,
}

/// A change a member asks for.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
pub enum Change {
    /// Play `usi` after node `node`; the board shows the move.
    Move {
        /// The node the move follows.
        node: usize,
        /// The move in USI.
        usi: String,
    },
    /// Show node `node` on the board.
    Go {
        /// The node.
        node: usize,
    },
    /// Draw (or take away) an arrow, or a circle where `from` is `to`, on node `node`.
    Shape {
        /// The node.
        node: usize,
        /// The square it starts from.
        from: String,
        /// The square it points at.
        to: String,
    },
    /// Write the comment of node `node` (none when blank).
    Comment {
        /// The node.
        node: usize,
        /// The comment.
        text: String,
    },
    /// Make the variation node `node` is on the main one.
    Promote {
        /// The node.
        node: usize,
    },
    /// Move node `node` one place earlier (`up`) or later among the moves that may stand
    /// where it does (the first is the main line's).
    Reorder {
        /// The node.
        node: usize,
        /// Earlier (true) or later.
        up: bool,
    },
    /// Delete node `node` and what follows it.
    Delete {
        /// The node.
        node: usize,
    },
    /// Turn the engine on or off (players only).
    Engine {
        /// On or off.
        on: bool,
    },
    /// Hand the board to the account `to` in the room, or take it back (`null`); players
    /// only.
    Hand {
        /// The account's id.
        to: Option<String>,
    },
}

/// A room's state: what it keeps in the store.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Kept {
    tree: Vec<StoredNode>,
    at: usize,
    #[serde(default)]
    engine: bool,
    #[serde(default)]
    holder: Option<UserId>,
}

/// A room's state in memory.
#[derive(Clone, Debug)]
struct Core {
    tree: ReviewTree,
    /// The node the board shows.
    at: usize,
    engine: bool,
    /// The watcher the players handed the board to.
    holder: Option<UserId>,
    /// The stored room's number (0: not stored yet).
    version: u64,
}

/// A room's state as every socket gets it.
#[derive(Serialize)]
struct RoomView<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    game: &'a GameId,
    version: u64,
    variant: &'static str,
    start_sfen: String,
    tree: &'a [NodeView],
    at: usize,
    engine: bool,
    holder: Option<&'a UserId>,
    players: &'a [Option<String>; 2],
}

/// The players and the game a room is on, read when it opens.
#[derive(Clone, Debug)]
struct Game {
    /// Each seat's account (by `Color::index`).
    accounts: [Option<UserId>; 2],
    /// Each seat's name as shown.
    names: [Option<String>; 2],
}

/// One room, in memory while someone is in it.
pub struct Room {
    id: GameId,
    game: Game,
    core: tokio::sync::Mutex<Core>,
    /// Who is in the room (one entry per socket), and every message of the room, made once.
    audience: Audience<Member>,
    /// The last state and engine messages, for a socket that joins or fell behind.
    last: std::sync::Mutex<(Arc<str>, Option<Arc<str>>)>,
    /// The engine's search of the position shown, while it is on and someone is in the room.
    search: std::sync::Mutex<Option<engine::Search>>,
    /// What the engine should search while it is on: the node shown, its variant and SFEN.
    wanted: std::sync::Mutex<Option<(usize, koma_rules::GameKind, String)>>,
    rooms: Weak<RoomsInner>,
}

/// The rooms open, and what they need.
pub struct Rooms {
    inner: Arc<RoomsInner>,
}

struct RoomsInner {
    hub: Arc<Hub>,
    store: Arc<dyn Store>,
    analyses: Arc<Analyses>,
    open: std::sync::Mutex<HashMap<GameId, Weak<Room>>>,
}

impl Rooms {
    /// The rooms of `hub`'s games, kept in `store`, their engine `analyses`.
    /// Where other servers share the database, an open room is read again whenever one of
    /// them changes it.
    pub fn new(hub: Arc<Hub>, store: Arc<dyn Store>, analyses: Arc<Analyses>) -> Rooms {
        let notes = hub.board_notes();
        let inner = Arc::new(RoomsInner {
            hub,
            store,
            analyses,
            open: std::sync::Mutex::new(HashMap::new()),
        });
        crate::audience::follow_notes(notes, Arc::downgrade(&inner));
        Rooms { inner }
    }

    /// The room of game `id`: open already, kept in the store, or new from the game's
    /// record. Refused while the game is not over (409).
    pub async fn room(&self, id: &GameId) -> Result<Arc<Room>, ApiError> {
        if let Some(room) = self.open().get(id).and_then(Weak::upgrade) {
            return Ok(room);
        }
        let inner = &self.inner;
        let slot = inner.hub.copy(id).await?;
        let (game, fresh) = {
            let live = slot.lock().await;
            if !live.is_over() {
                return Err(ApiError::NotOver);
            }
            let game = Game {
                accounts: live.stored.players.clone(),
                names: Color::ALL.map(|c| live.players[c.index()].as_ref().map(|p| p.name.clone())),
            };
            (game, ReviewTree::of_game(&live.game))
        };
        let (store, key) = (Arc::clone(&inner.store), id.clone());
        let stored = crate::error::off_thread(move || Ok(store.room(&key)?)).await?;
        let core = match stored {
            Some(stored) => Core::of_stored(&fresh, &stored)?,
            None => Core {
                at: 0,
                tree: fresh,
                engine: false,
                holder: None,
                version: 0,
            },
        };
        let room = Arc::new(Room {
            id: id.clone(),
            game,
            audience: Audience::default(),
            last: std::sync::Mutex::new((Arc::from(""), None)),
            search: std::sync::Mutex::new(None),
            wanted: std::sync::Mutex::new(None),
            rooms: Arc::downgrade(&self.inner),
            core: tokio::sync::Mutex::new(core),
        });
        let core = room.core.lock().await;
        room.publish(&core);
        if !core.engine {
            room.publish_lines(Some(engine::off_message()));
        }
        // Another request may have opened it meanwhile: its room is the one.
        if let Some(theirs) = self.enter(id, &room) {
            return Ok(theirs);
        }
        drop(core);
        if inner.store.shared() {
            // Another server's change between the read above and the room's opening sent
            // its note while no room here listened: read once more, now that one does.
            if let Err(e) = room.read_again().await {
                eprintln!("koma serve: game {id}: reading its new room again: {e}");
            }
        }
        Ok(room)
    }

    /// Puts `room` among the open ones, unless one of its game is open already: that one.
    fn enter(&self, id: &GameId, room: &Arc<Room>) -> Option<Arc<Room>> {
        let mut open = self.open();
        if let Some(theirs) = open.get(id).and_then(Weak::upgrade) {
            return Some(theirs);
        }
        open.retain(|_, r| r.strong_count() > 0);
        open.insert(id.clone(), Arc::downgrade(room));
        None
    }

    fn open(&self) -> std::sync::MutexGuard<'_, HashMap<GameId, Weak<Room>>> {
        self.inner.open.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// How many rooms are open.
    pub fn open_count(&self) -> usize {
        self.open()
            .values()
            .filter(|r| r.strong_count() > 0)
            .count()
    }
}

impl Core {
    fn of_stored(fresh: &ReviewTree, stored: &StoredRoom) -> Result<Core, ApiError> {
        let kept: Kept = serde_json::from_str(&stored.state).map_err(|source| {
            ApiError::Storage(
                koma_store::Damage::Json {
                    what: "room",
                    id: stored.game.to_string(),
                    source,
                }
                .into(),
            )
        })?;
        let (tree, numbers) = ReviewTree::renumbered(*fresh.start(), &kept.tree);
        let at = numbers.get(kept.at).copied().flatten().unwrap_or(0);
        Ok(Core {
            tree,
            at,
            engine: kept.engine,
            holder: kept.holder,
            version: stored.version,
        })
    }

    fn kept(&self) -> Kept {
        Kept {
            tree: self.tree.stored(),
            at: self.at,
            engine: self.engine,
            holder: self.holder.clone(),
        }
    }
}

impl Room {
    /// The game gone over.
    pub fn game(&self) -> &GameId {
        &self.id
    }

    /// Who `actor` is in the room: a player (by the seat his token or account holds), else
    /// a watcher with the account `account` (named `name`).
    pub async fn member(
        &self,
        hub: &Hub,
        actor: Option<Actor<'_>>,
        account: Option<(UserId, String)>,
    ) -> Result<Member, ApiError> {
        let seat = match actor {
            Some(actor) => {
                let slot = hub.copy(&self.id).await?;
                let live = slot.lock().await;
                Some(actor.seat(&live)?)
            }
            None => None,
        };
        let name = match (seat, &account) {
            (Some(c), _) => self.game.names[c.index()]
                .clone()
                .unwrap_or_else(|| c.name().to_string()),
            (None, Some((_, name))) => name.clone(),
            (None, None) => "spectator".to_string(),
        };
        let account = match seat {
            Some(c) => self.game.accounts[c.index()].clone(),
            None => account.map(|(id, _)| id),
        };
        Ok(Member {
            seat,
            account,
            name,
        })
    }

    /// Enters `member` in the room: the messages to come, and the room's state and engine
    /// lines now (sent first). The member leaves when the [`Presence`] is dropped.
    pub fn subscribe(
        self: &Arc<Self>,
        member: Member,
    ) -> (broadcast::Receiver<Arc<str>>, Vec<Arc<str>>, Presence) {
        // Joined first, read after: a change published in between is then both in the
        // state read and among the pushes (sent twice, harmless), never in neither.
        let (receiver, number) = self.audience.join(member);
        let (state, lines) = self.last();
        self.publish_members();
        // The first one in a room whose engine is on: its search starts.
        let idle = self
            .search
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_none();
        let on = self
            .wanted
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_some();
        if idle && on {
            self.follow_engine();
        }
        let now = std::iter::once(state).chain(lines).collect();
        let presence = Presence {
            room: Arc::clone(self),
            number,
        };
        (receiver, now, presence)
    }

    /// The room's state message and its engine message now.
    pub fn last(&self) -> (Arc<str>, Option<Arc<str>>) {
        self.last.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Who is in the room now, one entry per socket.
    pub fn members(&self) -> Vec<Member> {
        self.audience.members()
    }

    fn publish_members(&self) {
        #[derive(Serialize)]
        struct View<'a> {
            name: &'a str,
            account: Option<&'a UserId>,
            seat: Option<&'static str>,
        }
        let message = {
            let members = self.members();
            let people: Vec<View<'_>> = members
                .iter()
                .map(|m| View {
                    name: &m.name,
                    account: m.account.as_ref(),
                    seat: m.seat.map(Color::name),
                })
                .collect();
            serde_json::json!({ "type": "members", "people": people }).to_string()
        };
        self.audience.send(Arc::from(message));
    }

    /// Makes and sends the room's state message.
    fn publish(&self, core: &Core) {
        let view = RoomView {
            kind: "room",
            game: &self.id,
            version: core.version,
            variant: core.tree.game().name(),
            start_sfen: core.tree.start().sfen(),
            tree: core.tree.nodes(),
            at: core.at,
            engine: core.engine,
            holder: core.holder.as_ref(),
            players: &self.game.names,
        };
        let message: Arc<str> = Arc::from(serde_json::to_string(&view).unwrap_or_default());
        let wanted = core
            .engine
            .then(|| core.tree.position(core.at))
            .flatten()
            .map(|pos| (core.at, core.tree.game(), pos.sfen()));
        *self.wanted.lock().unwrap_or_else(|e| e.into_inner()) = wanted;
        self.last.lock().unwrap_or_else(|e| e.into_inner()).0 = Arc::clone(&message);
        self.audience.send(message);
    }

    /// Sends the engine's message (its lines, or what it is doing).
    fn publish_lines(&self, message: Option<Arc<str>>) {
        self.last.lock().unwrap_or_else(|e| e.into_inner()).1 = message.clone();
        if let Some(message) = message {
            self.audience.send(message);
        }
    }

    /// Carries out `change` for `member`: checked, written to the store, then sent to
    /// everyone in the room.
    pub async fn change(&self, member: &Member, change: Change) -> Result<(), ApiError> {
        let rooms = self.rooms.upgrade().ok_or(ApiError::ShuttingDown)?;
        let mut core = self.core.lock().await;
        for _ in 0..2 {
            let mut next = core.clone();
            if !apply(&mut next, member, &change, &self.members())? {
                return Ok(());
            }
            next.version = core.version + 1;
            let stored = StoredRoom {
                game: self.id.clone(),
                version: next.version,
                state: serde_json::to_string(&next.kept()).unwrap_or_default(),
                at_ms: crate::games::unix_ms(),
            };
            let store = Arc::clone(&rooms.store);
            if crate::error::off_thread(move || Ok(store.save_room(&stored)?)).await? {
                let moved = next.at != core.at || next.engine != core.engine;
                *core = next;
                self.publish(&core);
                if moved {
                    self.follow_engine();
                }
                return Ok(());
            }
            // Another server changed the room first: read it, and try again on it.
            let (store, key) = (Arc::clone(&rooms.store), self.id.clone());
            if let Some(stored) = crate::error::off_thread(move || Ok(store.room(&key)?)).await? {
                *core = Core::of_stored(&core.tree, &stored)?;
                self.publish(&core);
            }
        }
        Err(RoomRefusal::Busy.into())
    }

    /// Reads the room again from the store (another server changed it) and pushes it.
    async fn read_again(&self) -> Result<(), ApiError> {
        let rooms = self.rooms.upgrade().ok_or(ApiError::ShuttingDown)?;
        let mut core = self.core.lock().await;
        let (store, key) = (Arc::clone(&rooms.store), self.id.clone());
        let Some(stored) = crate::error::off_thread(move || Ok(store.room(&key)?)).await? else {
            return Ok(());
        };
        if stored.version <= core.version {
            return Ok(()); // this server's own change, or one it has
        }
        let next = Core::of_stored(&core.tree, &stored)?;
        let moved = next.at != core.at || next.engine != core.engine;
        *core = next;
        self.publish(&core);
        if moved {
            self.follow_engine();
        }
        Ok(())
    }

    /// Writes `text` in the room's chat (everyone in the room reads it), signed by `member`.
    pub async fn chat(&self, member: &Member, text: &str) -> Result<(), ApiError> {
        let rooms = self.rooms.upgrade().ok_or(ApiError::ShuttingDown)?;
        let line = ChatLine {
            room: ChatRoom::Review,
            author: member.name.clone(),
            text: crate::chat::clean(text)?,
            at_ms: crate::games::unix_ms(),
        };
        let (store, key, stored) = (Arc::clone(&rooms.store), self.id.clone(), line.clone());
        crate::error::off_thread(move || Ok(store.add_chat(&key, &stored, crate::chat::CAP)?))
            .await?;
        let message = serde_json::json!({ "type": "chat", "lines": [ChatView::of(&line)] });
        self.audience.send(Arc::from(message.to_string()));
        Ok(())
    }

    /// The chat a member reads on entering: the game's lines of his room (players or
    /// spectators), then the room's.
    pub async fn chat_so_far(&self, member: &Member) -> Result<Vec<ChatView>, ApiError> {
        let rooms = self.rooms.upgrade().ok_or(ApiError::ShuttingDown)?;
        let (store, key) = (Arc::clone(&rooms.store), self.id.clone());
        let lines = crate::error::off_thread(move || Ok(store.chat(&key)?)).await?;
        let own = crate::chat::room_of(member.seat.is_some());
        Ok(lines
            .iter()
            .filter(|l| l.room == own || l.room == ChatRoom::Review)
            .map(ChatView::of)
            .collect())
    }

    /// Starts the search of the position shown when the engine is on and someone is in the
    /// room (stopping the last one); says the engine is off otherwise.
    fn follow_engine(&self) {
        let mut search = self.search.lock().unwrap_or_else(|e| e.into_inner());
        *search = None; // the last search stops
        let wanted = self
            .wanted
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        let Some((node, variant, sfen)) = wanted else {
            self.publish_lines(Some(engine::off_message()));
            return;
        };
        if self.audience.is_empty() {
            return;
        }
        let Some(rooms) = self.rooms.upgrade() else {
            return;
        };
        let Some(me) = rooms.room_of(&self.id) else {
            return;
        };
        *search = Some(engine::Search::start(
            Arc::downgrade(&me),
            Arc::clone(&rooms.analyses),
            node,
            variant,
            sfen,
        ));
    }
}

impl crate::audience::Boards for RoomsInner {
    type Key = GameId;

    fn of_note(note: koma_store::Note) -> Option<GameId> {
        match note {
            koma_store::Note::Room(game) => Some(game),
            _ => None,
        }
    }

    fn open_keys(&self) -> Vec<GameId> {
        let open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        open.keys().cloned().collect()
    }

    async fn reread(&self, game: GameId) {
        let Some(room) = self.room_of(&game) else {
            return;
        };
        if let Err(e) = room.read_again().await {
            eprintln!("koma serve: game {game}: reading its room again: {e}");
        }
    }
}

impl RoomsInner {
    fn room_of(&self, id: &GameId) -> Option<Arc<Room>> {
        self.open
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(id)
            .and_then(Weak::upgrade)
    }
}

/// A member's place in a room: he leaves when it is dropped (his socket closed).
pub struct Presence {
    room: Arc<Room>,
    number: u64,
}

impl Drop for Presence {
    fn drop(&mut self) {
        let empty = self.room.audience.leave(self.number);
        self.room.publish_members();
        if empty {
            // Nobody looks: the search stops.
            *self.room.search.lock().unwrap_or_else(|e| e.into_inner()) = None;
        }
    }
}

/// Applies `change` by `member` to `core` (`members`: who is in the room); false if it
/// changes nothing.
fn apply(
    core: &mut Core,
    member: &Member,
    change: &Change,
    members: &[Member],
) -> Result<bool, RoomRefusal> {
    let player = member.seat.is_some();
    let holds = player || (member.account.is_some() && member.account == core.holder);
    match change {
        Change::Engine { .. } | Change::Hand { .. } if !player => {
            return Err(RoomRefusal::PlayersOnly);
        }
        Change::Engine { .. } | Change::Hand { .. } => {}
        _ if !holds => return Err(RoomRefusal::NotYourBoard),
        _ => {}
    }
    let before = (core.at, core.engine, core.holder.clone());
    if let Some(changed) = edit(&mut core.tree, &mut core.at, change)? {
        return Ok(changed);
    }
    match change {
        Change::Engine { on } => core.engine = *on,
        Change::Hand { to: None } => core.holder = None,
        Change::Hand { to: Some(to) } => {
            let to = UserId::from(to.to_lowercase().as_str());
            let watcher = members
                .iter()
                .any(|m| m.seat.is_none() && m.account.as_ref() == Some(&to));
            if !watcher {
                return Err(RoomRefusal::NotInRoom(to.to_string()));
            }
            core.holder = Some(to);
        }
        _ => {}
    }
    Ok((core.at, core.engine, core.holder.clone()) != before)
}

/// Carries out the tree's and the board's part of `change` on `tree`, whose board shows
/// node `at`: whether it changed anything, or none for a change of neither (the engine,
/// the hand), left to the board's owner. A room's and a study's chapter's changes both come
/// here.
pub(crate) fn edit(
    tree: &mut ReviewTree,
    at: &mut usize,
    change: &Change,
) -> Result<Option<bool>, TreeChange> {
    match change {
        Change::Move { node, usi } => {
            let before = *at;
            *at = tree.play(*node, usi)?;
            Ok(Some(*at != before))
        }
        Change::Go { node } => {
            if !tree.attached(*node) {
                return Err(TreeChange::NoNode(*node));
            }
            let moved = *at != *node;
            *at = *node;
            Ok(Some(moved))
        }
        Change::Shape { node, from, to } => tree.toggle_shape(*node, from, to).map(|()| Some(true)),
        Change::Comment { node, text } => tree.comment(*node, text).map(|()| Some(true)),
        Change::Promote { node } => tree.promote(*node).map(|()| Some(true)),
        Change::Reorder { node, up } => tree.shift(*node, *up).map(|()| Some(true)),
        Change::Delete { node } => {
            let parent = tree.remove(*node)?;
            if !tree.attached(*at) {
                *at = parent;
            }
            Ok(Some(true))
        }
        Change::Engine { .. } | Change::Hand { .. } => Ok(None),
    }
}
