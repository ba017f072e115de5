//! The lobby, in memory: open seeks (one per account, posting again replaces it), quick
//! pairing in a rating window, and the notices that tell a player his game started.
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

use crate::accounts::Player;
use crate::error::ApiError;
use crate::games::{self, CreateRequest};
use crate::hub::{Hub, Joined, Paired};
use crate::settings::Settings;
use koma_game::rating::Glicko;
use koma_store::Page;
use koma_store::{GameId, UserId};
use seek::LobbyPlayer;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{broadcast, oneshot, watch};

/// The most seeks open at once (one per account: this bounds a lobby flooded by accounts).
pub const MAX_SEEKS: usize = 2000;
/// The most seeks a lobby connection is sent (the newest).
pub const SHOWN_SEEKS: usize = 100;
/// How long a notice waits for a player who has no lobby connection open.
const NOTICE_KEEP: Duration = Duration::from_secs(60);
/// How many notices may wait for slow lobby connections.
const NOTICES: usize = 256;

/// The lobby: seeks, quick pairings, and who is connected.
pub struct Lobby {
    hub: Arc<Hub>,
    settings: Arc<Settings>,
    state: std::sync::Mutex<State>,
    /// The seek list as JSON, for the lobby's connections.
    list: watch::Sender<Arc<str>>,
    /// The notices to players (a game started), for their connections.
    notices: broadcast::Sender<Arc<Notice>>,
}

/// A message for one player's lobby connections.
pub struct Notice {
    /// The account.
    pub user: String,
    /// The message, JSON.
    pub json: Arc<str>,
}

struct Seek {
    view: SeekView,
    poster: Player,
    request: CreateRequest,
    posted: Instant,
    /// Told the poster's seat when the seek is accepted (for an API client's stream).
    accepted: Option<oneshot::Sender<Joined>>,
}

struct Waiting {
    ticket: String,
    player: Player,
    request: CreateRequest,
    /// The pool, the time control and rated-ness: who may meet.
    key: String,
    rating: i64,
    since: Instant,
}

#[derive(Default)]
struct Presence {
    open: usize,
    gone_since: Option<Instant>,
}

#[derive(Default)]
struct State {
    /// Oldest first.
    seeks: Vec<Seek>,
    quick: Vec<Waiting>,
    presence: HashMap<UserId, Presence>,
    pending: HashMap<UserId, (Instant, Arc<str>)>,
}

impl State {
    /// Whether `user` left the lobby (his connections closed) at least `absence` ago.
    fn gone(&self, user: &UserId, absence: Duration) -> bool {
        self.presence
            .get(user)
            .is_some_and(|p| p.open == 0 && p.gone_since.is_some_and(|t| t.elapsed() >= absence))
    }
}

/// A seek posted: its id and view, and the receiver told the poster's seat once accepted
/// (closed without a value if the seek is cancelled, replaced or expires).
pub struct Added {
    /// The seek as listed.
    pub view: SeekView,
    /// The poster's seat in the game, once someone accepts.
    pub accepted: oneshot::Receiver<Joined>,
}

/// The answer to a quick pairing: a game at once, or a ticket while waiting.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum QuickAnswer {
    /// Paired now: the player's seat (as the `paired` notice).
    Paired(PairedNotice),
    /// Waiting; the game comes as a `paired` notice on the lobby connection.
    Waiting {
        /// The ticket (cancel with `DELETE /api/lobby/quick`).
        ticket: String,
        /// The rating the pairing uses.
        rating: i64,
    },
}

/// A lobby connection's feeds (see [`Lobby::connect`]).
pub struct Connected {
    /// The seek list, JSON, after every change.
    pub list: watch::Receiver<Arc<str>>,
    /// The notices to players (each connection keeps its own player's).
    pub notices: broadcast::Receiver<Arc<Notice>>,
    /// A notice that waited for this player.
    pub waiting: Option<Arc<str>>,
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
    fn of(joined: &Joined, furigoma: &Option<String>) -> PairedNotice {
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
    /// An empty lobby whose games the hub creates.
    pub fn new(hub: Arc<Hub>, settings: Arc<Settings>) -> Arc<Lobby> {
        let lobby = Lobby {
            hub,
            settings,
            state: std::sync::Mutex::new(State::default()),
            list: watch::channel(Arc::from("")).0,
            notices: broadcast::channel(NOTICES).0,
        };
        lobby.publish(&State::default());
        Arc::new(lobby)
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
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

    /// Posts a seek for `poster`, replacing his open one.
    pub async fn add(&self, poster: &Player, request: &SeekRequest) -> Result<Added, ApiError> {
        seek::check_range(request.rating_min, request.rating_max)?;
        let game = request.game();
        let (pool, rating, time_control, variant) = self.rated_in_pool(&game, poster).await?;
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
            created_ms: games::unix_ms(),
        };
        let (tell, accepted) = oneshot::channel();
        let mut state = self.state();
        let others = state.seeks.iter().filter(|s| s.poster.id != poster.id);
        if others.count() >= MAX_SEEKS {
            return Err(LobbyRefusal::Full.into());
        }
        state.seeks.retain(|s| s.poster.id != poster.id);
        state.seeks.push(Seek {
            view: view.clone(),
            poster: poster.clone(),
            request: game,
            posted: Instant::now(),
            accepted: Some(tell),
        });
        self.publish(&state);
        Ok(Added { view, accepted })
    }

    /// Removes the seek `id` (any poster's: for the server's own callers); whether it was
    /// open.
    pub fn remove(&self, id: SeekId) -> bool {
        let mut state = self.state();
        let before = state.seeks.len();
        state.seeks.retain(|s| s.view.id != id);
        let removed = state.seeks.len() != before;
        if removed {
            self.publish(&state);
        }
        removed
    }

    /// `player` cancels his seek `id`.
    pub fn cancel(&self, id: SeekId, player: &Player) -> Result<(), LobbyRefusal> {
        let state = self.state();
        let seek = state.seeks.iter().find(|s| s.view.id == id);
        match seek {
            None => Err(LobbyRefusal::NoSuchSeek(id)),
            Some(s) if s.poster.id != player.id => Err(LobbyRefusal::NotYourSeek),
            Some(_) => {
                drop(state);
                self.remove(id);
                Ok(())
            }
        }
    }

    /// One page of the open seeks, newest first.
    pub fn seeks(&self, page: Page) -> Vec<SeekView> {
        let state = self.state();
        state
            .seeks
            .iter()
            .rev()
            .skip(page.offset)
            .take(page.limit)
            .map(|s| s.view.clone())
            .collect()
    }

    /// `player` accepts the seek `id`: the game starts at once, both seats bound, the seek
    /// gone; the poster is told by his lobby connection (and the seek's receiver).
    pub async fn accept(&self, id: SeekId, player: &Player) -> Result<PairedNotice, ApiError> {
        let (view, request) = {
            let state = self.state();
            let seek = state
                .seeks
                .iter()
                .find(|s| s.view.id == id)
                .ok_or(LobbyRefusal::NoSuchSeek(id))?;
            (seek.view.clone(), seek.request.clone())
        };
        if view.player.id == player.id {
            return Err(LobbyRefusal::OwnSeek.into());
        }
        let (_, rating, _, _) = self.rated_in_pool(&request, player).await?;
        view.admits(rating.int_rating())?;
        // Taken out before the game is made: a second player accepting meanwhile finds none.
        let mut seek = {
            let mut state = self.state();
            let at = state
                .seeks
                .iter()
                .position(|s| s.view.id == id)
                .ok_or(LobbyRefusal::NoSuchSeek(id))?;
            let seek = state.seeks.remove(at);
            self.publish(&state);
            seek
        };
        let paired = match self.hub.create_paired(&request, &seek.poster, player).await {
            Ok(paired) => paired,
            Err(e) => {
                let mut state = self.state();
                if !state.seeks.iter().any(|s| s.poster.id == seek.poster.id) {
                    state.seeks.push(seek);
                    self.publish(&state);
                }
                return Err(e);
            }
        };
        if let Some(tell) = seek.accepted.take() {
            let _ = tell.send(paired.creator.clone());
        }
        self.tell(
            &seek.poster.id,
            &PairedNotice::of(&paired.creator, &paired.furigoma),
        );
        Ok(PairedNotice::of(&paired.opponent, &paired.furigoma))
    }

    /// `player` asks for a quick pairing: a game at once with a waiting player of the same
    /// pool and clock whose rating is within [`quick::BASE_WINDOW`], else a ticket (the
    /// window widens while he waits; see [`Lobby::tick`]). His earlier pairing is replaced.
    pub async fn quick(
        &self,
        player: &Player,
        request: &QuickRequest,
    ) -> Result<QuickAnswer, ApiError> {
        let game = request.game();
        let unlimited = match game.time_control.as_deref() {
            None => true,
            Some(text) => matches!(
                text.parse::<koma_game::clock::TimeControl>(),
                Ok(koma_game::clock::TimeControl::Unlimited)
            ),
        };
        if unlimited {
            return Err(LobbyRefusal::QuickWithoutClock.into());
        }
        let (pool, rating, control, _) = self.rated_in_pool(&game, player).await?;
        let key = format!(
            "{pool}|{}|{}",
            control.unwrap_or_default(),
            game.rated == Some(true)
        );
        let rating = rating.int_rating();
        let partner = {
            let mut state = self.state();
            state.quick.retain(|w| w.player.id != player.id);
            let best = state
                .quick
                .iter()
                .enumerate()
                .filter(|(_, w)| w.key == key)
                .map(|(i, w)| (i, (w.rating - rating).abs()))
                .filter(|(_, gap)| *gap <= quick::window(Duration::ZERO))
                .min_by_key(|(_, gap)| *gap)
                .map(|(i, _)| i);
            match best {
                Some(i) => Some(state.quick.remove(i)),
                None => {
                    let ticket = koma_store::tokens::game_id()?;
                    state.quick.push(Waiting {
                        ticket: ticket.clone(),
                        player: player.clone(),
                        request: game,
                        key,
                        rating,
                        since: Instant::now(),
                    });
                    return Ok(QuickAnswer::Waiting { ticket, rating });
                }
            }
        };
        let Some(partner) = partner else {
            return Err(crate::error::Internal::QuickPartnerLost.into());
        };
        match self.start_quick(&partner, player).await {
            Ok((partner_seat, mine)) => {
                self.tell(&partner.player.id, &partner_seat);
                Ok(QuickAnswer::Paired(mine))
            }
            Err(e) => {
                self.state().quick.push(partner);
                Err(e)
            }
        }
    }

    /// The game of the waiting `first` against `second`: each one's notice.
    async fn start_quick(
        &self,
        first: &Waiting,
        second: &Player,
    ) -> Result<(PairedNotice, PairedNotice), ApiError> {
        let paired: Paired = self
            .hub
            .create_paired(&first.request, &first.player, second)
            .await?;
        Ok((
            PairedNotice::of(&paired.creator, &paired.furigoma),
            PairedNotice::of(&paired.opponent, &paired.furigoma),
        ))
    }

    /// Whether the quick pairing of `ticket` still waits (paired, cancelled or expired: no).
    pub fn waiting(&self, ticket: &str) -> bool {
        self.state().quick.iter().any(|w| w.ticket == ticket)
    }

    /// `player` stops waiting for a quick pairing; whether he was waiting.
    pub fn cancel_quick(&self, player: &Player) -> bool {
        let mut state = self.state();
        let before = state.quick.len();
        state.quick.retain(|w| w.player.id != player.id);
        before != state.quick.len()
    }

    /// Sends `notice` to the lobby connections of `user`, or keeps it a while for his next
    /// connection if none is open.
    fn tell(&self, user: &UserId, notice: &PairedNotice) {
        let json: Arc<str> = Arc::from(serde_json::to_string(notice).unwrap_or_default());
        let mut state = self.state();
        let open = state.presence.get(user).is_some_and(|p| p.open > 0);
        if open {
            let _ = self.notices.send(Arc::new(Notice {
                user: user.to_string(),
                json,
            }));
        } else {
            state.pending.insert(user.clone(), (Instant::now(), json));
        }
    }

    /// Sends the seek list to every connection.
    fn publish(&self, state: &State) {
        let shown: Vec<&SeekView> = state
            .seeks
            .iter()
            .rev()
            .take(SHOWN_SEEKS)
            .map(|s| &s.view)
            .collect();
        let json = serde_json::json!({ "type": "seeks", "seeks": shown }).to_string();
        self.list.send_replace(Arc::from(json));
    }

    /// A lobby connection opens (for `user`, when logged in): the seek list's pushes, the
    /// notices, and a notice that waited for him.
    pub fn connect(&self, user: Option<&UserId>) -> Connected {
        let mut waiting = None;
        if let Some(user) = user {
            let mut state = self.state();
            let presence = state.presence.entry(user.clone()).or_default();
            presence.open += 1;
            presence.gone_since = None;
            waiting = state
                .pending
                .remove(user)
                .filter(|(at, _)| at.elapsed() < NOTICE_KEEP)
                .map(|(_, json)| json);
        }
        Connected {
            list: self.list.subscribe(),
            notices: self.notices.subscribe(),
            waiting,
        }
    }

    /// A lobby connection of `user` closed.
    pub fn disconnect(&self, user: &UserId) {
        let mut state = self.state();
        if let Some(presence) = state.presence.get_mut(user) {
            presence.open = presence.open.saturating_sub(1);
            if presence.open == 0 {
                presence.gone_since = Some(Instant::now());
            }
        }
    }

    /// Expires seeks and quick pairings (their time, or their player gone), then pairs the
    /// waiting players whose windows now meet.
    pub async fn tick(&self) {
        for (first, second) in self.expire_and_match() {
            match self.start_quick(&first, &second.player).await {
                Ok((one, two)) => {
                    self.tell(&first.player.id, &one);
                    self.tell(&second.player.id, &two);
                }
                Err(e) => eprintln!("koma serve: quick pairing: {e}"),
            }
        }
    }

    /// The expiry of [`Lobby::tick`], and the waiting players who meet now (taken out).
    fn expire_and_match(&self) -> Vec<(Waiting, Waiting)> {
        let (ttl, absence) = (self.settings.seek_ttl, self.settings.lobby_absence);
        let mut meets = Vec::new();
        {
            let mut guard = self.state();
            let state = &mut *guard;
            let before = state.seeks.len();
            let gone: Vec<UserId> = state
                .presence
                .keys()
                .filter(|u| state.gone(u, absence))
                .cloned()
                .collect();
            state
                .seeks
                .retain(|s| s.posted.elapsed() < ttl && !gone.contains(&s.poster.id));
            state
                .quick
                .retain(|w| w.since.elapsed() < ttl && !gone.contains(&w.player.id));
            for user in &gone {
                state.presence.remove(user);
            }
            state
                .pending
                .retain(|_, (at, _)| at.elapsed() < NOTICE_KEEP);
            if state.seeks.len() != before {
                self.publish(state);
            }
            let mut keys: Vec<String> = state.quick.iter().map(|w| w.key.clone()).collect();
            keys.sort();
            keys.dedup();
            for key in keys {
                let members: Vec<(usize, quick::Member)> = state
                    .quick
                    .iter()
                    .enumerate()
                    .filter(|(_, w)| w.key == key)
                    .map(|(i, w)| {
                        let member = quick::Member {
                            rating: w.rating,
                            waited: w.since.elapsed(),
                        };
                        (i, member)
                    })
                    .collect();
                let only: Vec<quick::Member> = members.iter().map(|(_, m)| *m).collect();
                for (a, b) in quick::pairs(&only) {
                    meets.push((members[a].0, members[b].0));
                }
            }
            // Out of the waiting list, the later indices first so the earlier stay valid.
            let mut taken: Vec<usize> = meets.iter().flat_map(|(a, b)| [*a, *b]).collect();
            taken.sort_unstable_by(|a, b| b.cmp(a));
            let mut out: HashMap<usize, Waiting> = HashMap::new();
            for i in taken {
                out.insert(i, state.quick.remove(i));
            }
            meets
                .drain(..)
                .filter_map(|(a, b)| Some((out.remove(&a)?, out.remove(&b)?)))
                .collect()
        }
    }
}
