//! The lobby: open seeks (one per account, posting again replaces it), quick pairing in a
//! rating window, and the notices that tell a player his game started. The seeks and the
//! waiting players are kept in the store (`koma_store::lobby`), so that every server
//! sharing a database lists, accepts and pairs the same ones; each server keeps only its
//! own lobby connections, and hears of the other servers' changes through the store's
//! notes.
//!
//! Only accounts post, accept and pair: the game starts with both seats bound to accounts,
//! and the seat token reaches the poster through his own lobby connection, which a guest has
//! no identity for (a guest's seek would be anybody's to cancel or to answer). Guests see
//! the lobby and play by invitation link, as before.
//!
//! Seeks and waiting quick pairings expire after [`Settings::seek_ttl`], and once their
//! player's last lobby connection has been closed for [`Settings::lobby_absence`] (a player
//! who never opened one, a script, keeps them for the whole time).

pub mod live;
pub mod quick;
pub mod seek;

pub use seek::{LobbyRefusal, QuickRequest, SeekId, SeekRequest, SeekView};

use crate::accounts::{Credential, Player};
use crate::error::ApiError;
use crate::games::{self, CreateRequest};
use crate::hub::Hub;
use crate::settings::Settings;
use koma_game::rating::Glicko;
use koma_store::lobby::SeekRow;
use koma_store::{GameId, Note, Page, UserId};
use seek::LobbyPlayer;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::{broadcast, oneshot, watch};

mod queue;

pub use queue::QuickAnswer;

/// The most seeks open at once (one per account: this bounds a lobby flooded by accounts).
pub const MAX_SEEKS: usize = 2000;
/// The most seeks a lobby connection is sent (the newest).
pub const SHOWN_SEEKS: usize = 100;
/// How many notices may wait for slow lobby connections.
const NOTICES: usize = 256;

/// The lobby: this server's side of the seeks and quick pairings the store keeps, and who
/// is connected here.
pub struct Lobby {
    hub: Arc<Hub>,
    settings: Arc<Settings>,
    state: std::sync::Mutex<State>,
    /// The seek list as JSON, for the lobby's connections.
    list: watch::Sender<Arc<str>>,
    /// The notices to players (a game started), for their connections.
    notices: broadcast::Sender<Arc<Notice>>,
    /// The live list's views of games held by other servers.
    remote: live::RemoteViews,
}

/// A message for one player's lobby connections.
pub struct Notice {
    /// The account.
    pub user: String,
    /// The message, JSON.
    pub json: Arc<str>,
}

/// A seek as the store keeps it (its row's body).
#[derive(Serialize, Deserialize)]
struct StoredSeek {
    /// As listed.
    view: SeekView,
    /// The game it asks for.
    request: CreateRequest,
}

#[derive(Default)]
struct State {
    /// The lobby connections open here, by account.
    presence: HashMap<UserId, usize>,
    /// The seeks posted here whose poster waits to hear they are gone (lishogi's seek
    /// stream): told when they are accepted, and dropped once they are gone otherwise.
    waiters: HashMap<SeekId, oneshot::Sender<()>>,
    /// When the store's lobby was last ticked.
    ticked: Option<Instant>,
}

/// A seek posted: its view, and the receiver told once it is accepted (closed without a
/// value if the seek is cancelled, replaced or expires).
pub struct Added {
    /// The seek as listed.
    pub view: SeekView,
    /// Told once someone accepts.
    pub accepted: oneshot::Receiver<()>,
}

/// A lobby connection's feeds (see [`Lobby::connect`]).
pub struct Connected {
    /// The seek list, JSON, after every change.
    pub list: watch::Receiver<Arc<str>>,
    /// The notices to players (each connection keeps its own player's).
    pub notices: broadcast::Receiver<Arc<Notice>>,
    /// The notices that waited for this player.
    pub waiting: Vec<Arc<str>>,
}

/// What a player is told when his game starts: `{"type":"paired", ...}`.
#[derive(Clone, Debug, Serialize)]
pub struct PairedNotice {
    /// Always `paired`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The game's id.
    pub game: GameId,
    /// The player's seat.
    pub seat: &'static str,
    /// The player's secret seat token.
    pub token: String,
    /// The furigoma toss, when it chose the sides.
    pub furigoma: Option<String>,
}

impl PairedNotice {
    fn of(joined: &crate::hub::Joined, furigoma: &Option<String>) -> PairedNotice {
        PairedNotice {
            kind: "paired",
            game: joined.id.clone(),
            seat: joined.seat,
            token: joined.token.clone(),
            furigoma: furigoma.clone(),
        }
    }
}

impl Lobby {
    /// The lobby of the store under `hub`, following the other servers' changes.
    pub async fn start(hub: Arc<Hub>, settings: Arc<Settings>) -> Arc<Lobby> {
        let mut notes = hub.lobby_notes();
        let lobby = Arc::new(Lobby {
            hub,
            settings,
            state: std::sync::Mutex::new(State::default()),
            list: watch::channel(Arc::from("")).0,
            notices: broadcast::channel(NOTICES).0,
            remote: Default::default(),
        });
        lobby.refresh().await;
        let following = Arc::downgrade(&lobby);
        tokio::spawn(async move {
            loop {
                let note = match notes.recv().await {
                    Ok(note) => Some(note),
                    Err(broadcast::error::RecvError::Lagged(_)) => None,
                    Err(broadcast::error::RecvError::Closed) => return,
                };
                let Some(lobby) = following.upgrade() else {
                    return;
                };
                lobby.take_note(note).await;
            }
        });
        lobby
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// How long a player who left keeps his seeks and pairings, in milliseconds.
    fn absence_ms(&self) -> u64 {
        u64::try_from(self.settings.lobby_absence.as_millis()).unwrap_or(u64::MAX)
    }

    /// When a row made now lapses.
    fn expiry(&self, now_ms: u64) -> u64 {
        let ttl = u64::try_from(self.settings.seek_ttl.as_millis()).unwrap_or(u64::MAX);
        now_ms.saturating_add(ttl)
    }

    /// Acts on a change another server made (`None`: some were missed).
    async fn take_note(&self, note: Option<Note>) {
        match note {
            Some(Note::Seeks) => self.refresh().await,
            Some(Note::Notice(user)) => self.deliver(&user).await,
            _ => {
                self.refresh().await;
                let present: Vec<UserId> = self.state().presence.keys().cloned().collect();
                for user in present {
                    self.deliver(&user).await;
                }
            }
        }
    }

    /// The rating of `player` in the pool of `request`, checking the request as a new game
    /// (variant, time control, side, handicap, rated) on the way. Gives the game request as
    /// the hub will read it, the pool's key and the rating.
    async fn rated_in_pool(
        &self,
        request: &CreateRequest,
        player: &Player,
    ) -> Result<(String, Glicko, Option<String>, String), ApiError> {
        crate::players::check_rated(request, Some(player))?;
        // The game as it would be created: every field checked, names made canonical.
        let (live, _, _) = games::create(request, games::unix_ms())?;
        let setup = live.stored.setup.clone();
        let pool = setup.pool().key();
        let (id, key) = (player.id.clone(), pool.clone());
        let now_s = games::unix_ms() / 1000;
        let rating = self
            .hub
            .blocking(move |s| s.rating(&id, &key))
            .await?
            .unwrap_or_default()
            .at(now_s);
        Ok((
            pool,
            rating,
            setup.time_control.map(|c| c.to_string()),
            setup.variant.name().to_string(),
        ))
    }

    /// The player of the account `id`, as another server's request named him.
    async fn player(&self, id: &UserId) -> Result<Player, ApiError> {
        let key = id.clone();
        let user = self
            .hub
            .blocking(move |s| s.user(&key))
            .await?
            .ok_or_else(|| ApiError::no_such("account", id))?;
        Ok(Player::of(user, Credential::Token))
    }

    /// Posts a seek for `poster`, replacing his open one.
    pub async fn add(&self, poster: &Player, request: &SeekRequest) -> Result<Added, ApiError> {
        seek::check_range(request.rating_min, request.rating_max)?;
        let game = request.game();
        let (pool, rating, time_control, variant) = self.rated_in_pool(&game, poster).await?;
        let now = games::unix_ms();
        let view = SeekView {
            id: SeekId::new()?,
            player: LobbyPlayer::new(&poster.id, &poster.name, &rating),
            variant,
            time_control,
            pool,
            rated: game.rated == Some(true),
            rating_min: request.rating_min,
            rating_max: request.rating_max,
            side: game.side.clone().unwrap_or_else(|| "random".to_string()),
            handicap: game.handicap.clone().filter(|h| h != "even"),
            created_ms: now,
        };
        let body = StoredSeek {
            view: view.clone(),
            request: game,
        };
        let row = SeekRow {
            id: view.id.to_string(),
            poster: poster.id.clone(),
            body: serde_json::to_string(&body).map_err(crate::error::Internal::LobbyJson)?,
            created_ms: now,
            expires_ms: self.expiry(now),
        };
        let posted = self
            .hub
            .blocking(move |s| s.post_seek(&row, MAX_SEEKS, now))
            .await?;
        if !posted {
            return Err(LobbyRefusal::Full.into());
        }
        let (tell, accepted) = oneshot::channel();
        self.state().waiters.insert(view.id, tell);
        self.refresh().await;
        Ok(Added { view, accepted })
    }

    /// The games under way on every server, newest first (see [`live::live_games`]).
    pub async fn live(&self) -> Result<Vec<live::LiveView>, ApiError> {
        live::live_games(&self.hub, &self.remote).await
    }

    /// Takes the seek `id` out (only `poster`'s, if named): the row, or `None`.
    async fn take(&self, id: SeekId, poster: Option<&UserId>) -> Result<Option<SeekRow>, ApiError> {
        let (now, absence, poster) = (games::unix_ms(), self.absence_ms(), poster.cloned());
        let taken = self
            .hub
            .blocking(move |s| s.take_seek(id.as_str(), poster.as_ref(), now, absence))
            .await?;
        if taken.is_some() {
            self.refresh().await;
        }
        Ok(taken)
    }

    /// Removes the seek `id` (any poster's: for the server's own callers).
    pub async fn remove(&self, id: SeekId) {
        if let Err(e) = self.take(id, None).await {
            eprintln!("koma serve: lobby: seek {id} not removed: {e}");
        }
    }

    /// `player` cancels his seek `id`.
    pub async fn cancel(&self, id: SeekId, player: &Player) -> Result<(), ApiError> {
        if self.take(id, Some(&player.id)).await?.is_some() {
            return Ok(());
        }
        match self.open_seek(id).await? {
            Some(_) => Err(LobbyRefusal::NotYourSeek.into()),
            None => Err(LobbyRefusal::NoSuchSeek(id).into()),
        }
    }

    /// The open seek `id`, read from its row.
    async fn open_seek(&self, id: SeekId) -> Result<Option<(SeekRow, StoredSeek)>, ApiError> {
        let (now, absence) = (games::unix_ms(), self.absence_ms());
        let row = self
            .hub
            .blocking(move |s| s.seek(id.as_str(), now, absence))
            .await?;
        match row {
            None => Ok(None),
            Some(row) => {
                let seek = stored(&row)?;
                Ok(Some((row, seek)))
            }
        }
    }

    /// One page of the open seeks, newest first.
    pub async fn seeks(&self, page: Page) -> Result<Vec<SeekView>, ApiError> {
        let (now, absence) = (games::unix_ms(), self.absence_ms());
        let rows = self
            .hub
            .blocking(move |s| s.seeks(page, now, absence))
            .await?;
        Ok(rows
            .iter()
            .filter_map(|row| stored(row).ok())
            .map(|seek| seek.view)
            .collect())
    }

    /// `player` accepts the seek `id`: the game starts at once, both seats bound, the seek
    /// gone; the poster is told by his lobby connection (and the seek's receiver).
    pub async fn accept(&self, id: SeekId, player: &Player) -> Result<PairedNotice, ApiError> {
        let (_, seek) = self
            .open_seek(id)
            .await?
            .ok_or(LobbyRefusal::NoSuchSeek(id))?;
        if seek.view.player.id == player.id {
            return Err(LobbyRefusal::OwnSeek.into());
        }
        let (_, rating, _, _) = self.rated_in_pool(&seek.request, player).await?;
        seek.view.admits(rating.int_rating())?;
        // Taken out before the game is made: a second player accepting meanwhile, here or
        // on another server, finds none.
        let row = self
            .take(id, None)
            .await?
            .ok_or(LobbyRefusal::NoSuchSeek(id))?;
        let started = match self.player(&row.poster).await {
            Ok(poster) => self.hub.create_paired(&seek.request, &poster, player).await,
            Err(e) => Err(e),
        };
        let paired = match started {
            Ok(paired) => paired,
            Err(e) => {
                let back = row.clone();
                if let Err(e) = self.hub.blocking(move |s| s.restore_seek(&back)).await {
                    eprintln!("koma serve: lobby: seek {id} not put back: {e}");
                }
                self.refresh().await;
                return Err(e);
            }
        };
        let waiter = self.state().waiters.remove(&id);
        if let Some(tell) = waiter {
            let _ = tell.send(());
        }
        self.tell(
            &row.poster,
            &PairedNotice::of(&paired.creator, &paired.furigoma),
        )
        .await;
        Ok(PairedNotice::of(&paired.opponent, &paired.furigoma))
    }

    /// Sends `notice` to the lobby connections of `user` here, or keeps it in the store for
    /// his connection on another server, or his next one.
    async fn tell(&self, user: &UserId, notice: &PairedNotice) {
        let json: Arc<str> = Arc::from(serde_json::to_string(notice).unwrap_or_default());
        let here = self
            .state()
            .presence
            .get(user)
            .is_some_and(|open| *open > 0);
        if here {
            let _ = self.notices.send(Arc::new(Notice {
                user: user.to_string(),
                json,
            }));
            return;
        }
        let (user, now) = (user.clone(), games::unix_ms());
        let kept = self
            .hub
            .blocking(move |s| s.add_notice(&user, &json, now))
            .await;
        if let Err(e) = kept {
            eprintln!("koma serve: lobby: a notice not kept: {e}");
        }
    }

    /// Sends the notices kept for `user` to his lobby connections here, if he has one.
    async fn deliver(&self, user: &UserId) {
        if !self.state().presence.contains_key(user) {
            return;
        }
        for json in self.kept_notices(user).await {
            let _ = self.notices.send(Arc::new(Notice {
                user: user.to_string(),
                json,
            }));
        }
    }

    /// Takes the notices kept for `user` out of the store.
    async fn kept_notices(&self, user: &UserId) -> Vec<Arc<str>> {
        let since = games::unix_ms().saturating_sub(koma_store::lobby::NOTICE_KEEP_MS);
        let key = user.clone();
        match self
            .hub
            .blocking(move |s| s.take_notices(&key, since))
            .await
        {
            Ok(kept) => kept.into_iter().map(Arc::from).collect(),
            Err(e) => {
                eprintln!("koma serve: lobby: the notices of {user}: {e}");
                Vec::new()
            }
        }
    }

    /// Reads the seek list again and sends it to every connection; drops the waiters of
    /// seeks that are gone.
    async fn refresh(&self) {
        let shown = match self
            .seeks(Page {
                offset: 0,
                limit: SHOWN_SEEKS,
            })
            .await
        {
            Ok(shown) => shown,
            Err(e) => {
                eprintln!("koma serve: lobby: the seek list: {e}");
                return;
            }
        };
        let json = serde_json::json!({ "type": "seeks", "seeks": &shown }).to_string();
        self.list.send_replace(Arc::from(json));
        // A waiter's seek among the newest is open; another's is looked up.
        let waiting: Vec<SeekId> = {
            let state = self.state();
            let listed = |id: &SeekId| shown.iter().any(|s| s.id == *id);
            state
                .waiters
                .keys()
                .filter(|id| !listed(id))
                .copied()
                .collect()
        };
        for id in waiting {
            if matches!(self.open_seek(id).await, Ok(None)) {
                self.state().waiters.remove(&id);
            }
        }
    }

    /// A lobby connection opens (for `user`, when logged in): the seek list's pushes, the
    /// notices, and those that waited for him.
    pub async fn connect(&self, user: Option<&UserId>) -> Connected {
        let connected = Connected {
            list: self.list.subscribe(),
            notices: self.notices.subscribe(),
            waiting: Vec::new(),
        };
        let Some(user) = user else {
            return connected;
        };
        self.arrive(user).await;
        Connected {
            waiting: self.kept_notices(user).await,
            ..connected
        }
    }

    /// `user` is in the lobby here until [`Lobby::disconnect`]: a lobby connection, or an
    /// open answer of lishogi's seek (which takes no notices).
    pub async fn arrive(&self, user: &UserId) {
        let first = {
            let mut state = self.state();
            let open = state.presence.entry(user.clone()).or_default();
            *open += 1;
            *open == 1
        };
        if first {
            self.left(user, false).await;
        }
    }

    /// A lobby connection of `user` closed.
    pub async fn disconnect(&self, user: &UserId) {
        let last = {
            let mut state = self.state();
            let open = state.presence.get(user).copied().unwrap_or(0);
            if open <= 1 {
                state.presence.remove(user);
            } else {
                state.presence.insert(user.clone(), open - 1);
            }
            open == 1
        };
        if last {
            self.left(user, true).await;
        }
    }

    /// Tells the store that `user` left the lobby here (or is back).
    async fn left(&self, user: &UserId, left: bool) {
        let (key, now) = (user.clone(), games::unix_ms());
        if let Err(e) = self
            .hub
            .blocking(move |s| s.lobby_left(&key, left, now))
            .await
        {
            eprintln!("koma serve: lobby: {user}'s presence: {e}");
        }
    }
}

/// The seek a row holds.
fn stored(row: &SeekRow) -> Result<StoredSeek, ApiError> {
    serde_json::from_str(&row.body).map_err(|e| koma_store::Damage::json("seek", &row.id, e).into())
}
