//! Challenges between accounts (lishogi's `POST /api/challenge/{username}`): kept in the
//! store (see [`koma_store::challenges`]) until the challenged account accepts or declines,
//! the challenger cancels, or [`crate::Settings::challenge_ttl`] passes without a
//! `keepAliveStream` refreshing it. Servers sharing a database hear of each other's
//! challenges and answers by the store's notes, for their accounts' event streams and
//! keep-alive streams.
//! Accepted, a challenge becomes a game with the challenge's id, both seats bound to the
//! accounts, the clock running.

use super::json as shapes;
use crate::accounts::Player;
use crate::error::ApiError;
use crate::games::{self, CreateRequest};
use crate::hub::Hub;
use koma_game::clock::{DAY_MS, TimeControl};
use koma_game::rating::Pool;
use koma_rules::GameKind;
use koma_store::StoreError;
use koma_store::UserId;
use koma_store::challenges::{Answerer, ChallengeRow};
use koma_store::{ChallengeId, GameId};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::watch;

/// The most open challenges one account may have made.
pub const PER_USER: usize = 10;

/// The form of `POST /api/challenge/{username}` (lishogi's field names).
#[derive(Debug, Default, Deserialize)]
pub struct ChallengeForm {
    /// Whether the game is rated.
    pub rated: Option<bool>,
    /// Main time in seconds.
    #[serde(rename = "clock.limit")]
    pub limit: Option<u64>,
    /// Fischer increment in seconds.
    #[serde(rename = "clock.increment")]
    pub increment: Option<u64>,
    /// Byoyomi period in seconds.
    #[serde(rename = "clock.byoyomi")]
    pub byoyomi: Option<u64>,
    /// Byoyomi periods.
    #[serde(rename = "clock.periods")]
    pub periods: Option<u32>,
    /// Correspondence: days per move (1 to 14), played as a byoyomi of that many days.
    pub days: Option<u32>,
    /// lishogi's variant key (`standard`; `torishogi` for koma's Tori Shogi).
    pub variant: Option<String>,
    /// The challenger's colour: `sente`, `gote` or `random`.
    pub color: Option<String>,
    /// A start position.
    pub sfen: Option<String>,
    /// Keep the challenge while its ND-JSON answer stays open.
    #[serde(rename = "keepAliveStream")]
    pub keep_alive: Option<bool>,
}

/// An account in a challenge.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Party {
    /// The account's id.
    pub id: UserId,
    /// Its username.
    pub name: String,
    /// Its rating in the challenge's pool.
    pub rating: i64,
    /// Whether that rating is provisional.
    pub provisional: bool,
    /// A bot account.
    pub bot: bool,
}

/// An open challenge.
#[derive(Clone, Debug)]
pub struct Challenge {
    /// Its id: the id of the game it becomes.
    pub id: ChallengeId,
    /// Who challenges.
    pub challenger: Party,
    /// Who is challenged.
    pub dest: Party,
    /// The game (a 9x9 variant or Chu).
    pub variant: GameKind,
    /// The clock.
    pub control: TimeControl,
    /// Rated or casual.
    pub rated: bool,
    /// The challenger's colour: `sente`, `gote` or `random`.
    pub color: &'static str,
    /// The start position, when not the standard one.
    pub sfen: Option<String>,
    /// How it ended (`accepted`, `declined`, `canceled`), for its keep-alive stream.
    done: Done,
}

/// Where a challenge's keep-alive stream hears how it ended.
type Done = Arc<watch::Sender<Option<&'static str>>>;

/// What a challenge's row holds besides its id and accounts (its `body`, as JSON).
#[derive(Serialize, Deserialize)]
struct Body {
    challenger: Party,
    dest: Party,
    variant: String,
    control: String,
    rated: bool,
    color: String,
    sfen: Option<String>,
}

/// The colour a challenger may ask for, as the `&'static str` a challenge holds.
fn color_of(text: &str) -> Option<&'static str> {
    ["sente", "gote", "random"].into_iter().find(|c| *c == text)
}

/// How a challenge ended, as its keep-alive stream says it.
pub(super) fn ending_of(status: &str) -> Option<&'static str> {
    ["accepted", "declined", "canceled"]
        .into_iter()
        .find(|c| *c == status)
}

impl Challenge {
    /// Its row in the store, open, lapsing at `expires_ms`.
    fn row(&self, expires_ms: u64) -> Result<ChallengeRow, ApiError> {
        let body = Body {
            challenger: self.challenger.clone(),
            dest: self.dest.clone(),
            variant: self.variant.name().to_string(),
            control: self.control.to_string(),
            rated: self.rated,
            color: self.color.to_string(),
            sfen: self.sfen.clone(),
        };
        let body = serde_json::to_string(&body)
            .map_err(|e| koma_store::Damage::json("challenge", &self.id, e))?;
        Ok(ChallengeRow {
            id: self.id.clone(),
            challenger: self.challenger.id.clone(),
            dest: self.dest.id.clone(),
            body,
            expires_ms,
            status: "open".to_string(),
            reason: None,
        })
    }

    /// The challenge a stored row holds.
    pub(super) fn of_row(row: &ChallengeRow) -> Result<Challenge, StoreError> {
        let unknown = |column: &'static str, value: &str| -> StoreError {
            koma_store::Damage::Unknown {
                column,
                value: value.to_string(),
            }
            .into()
        };
        let body: Body = serde_json::from_str(&row.body)
            .map_err(|e| koma_store::Damage::json("challenge", &row.id, e))?;
        Ok(Challenge {
            id: row.id.clone(),
            challenger: body.challenger,
            dest: body.dest,
            variant: GameKind::from_name(&body.variant)
                .ok_or_else(|| unknown("challenge's variant", &body.variant))?,
            control: body
                .control
                .parse()
                .map_err(|_| unknown("challenge's time control", &body.control))?,
            rated: body.rated,
            color: color_of(&body.color)
                .ok_or_else(|| unknown("challenge's colour", &body.color))?,
            sfen: body.sfen,
            done: Arc::new(watch::channel(None).0),
        })
    }

    /// The `challenge` event of its accounts' streams, seen from `direction`.
    pub(super) fn created_event(&self, direction: &str) -> Value {
        json!({"type": "challenge", "challenge": self.json("created", Some(direction))})
    }

    /// The `challengeDeclined` event of its accounts' streams, seen from `direction`.
    pub(super) fn declined_event(&self, reason: &str, direction: &str) -> Value {
        let mut json = self.json("declined", Some(direction));
        json["declineReason"] = reason.into();
        json!({"type": "challengeDeclined", "challenge": json})
    }

    /// The `challengeCanceled` event of its accounts' streams, seen from `direction`.
    pub(super) fn canceled_event(&self, direction: &str) -> Value {
        json!({"type": "challengeCanceled", "challenge": self.json("canceled", Some(direction))})
    }

    /// Tells both accounts' streams here of it, each `event` seen from its side (lishogi's
    /// event stream tells the challenger and the challenged of every change).
    pub(super) fn tell_both(&self, events: &crate::events::Events, event: impl Fn(&str) -> Value) {
        events.publish(&self.dest.id, &event("in"));
        events.publish(&self.challenger.id, &event("out"));
    }

    /// lishogi's ChallengeJson, seen from `direction` (`in`, `out`, or none).
    pub fn json(&self, status: &str, direction: Option<&str>) -> Value {
        let party = |p: &Party| {
            json!({
                "id": p.id, "name": p.name, "rating": p.rating, "provisional": p.provisional,
                "title": p.bot.then_some("BOT"), "online": true,
            })
        };
        // lishogi's correspondence is whole days per move and nothing else.
        let days = self
            .control
            .correspondence_per_move_ms()
            .filter(|ms| ms % DAY_MS == 0)
            .map(|ms| ms / DAY_MS);
        let time_control = match (shapes::clock_parts(&self.control), days) {
            (None, _) => json!({"type": "unlimited"}),
            (Some((0, 0, _, 1)), Some(days)) => json!({
                "type": "correspondence",
                "daysPerTurn": days,
                "show": self.control.to_string(),
            }),
            (Some((main, inc, byo, periods)), _) => json!({
                "type": "clock",
                "limit": main / 1000,
                "increment": inc / 1000,
                "byoyomi": byo / 1000,
                "periods": periods,
                "show": self.control.to_string(),
            }),
        };
        let speed = shapes::speed(&self.control);
        let mut out = json!({
            "id": self.id,
            "url": format!("/#game={}", self.id),
            "status": status,
            "challenger": party(&self.challenger),
            "destUser": party(&self.dest),
            "variant": shapes::variant(self.variant),
            "rated": self.rated,
            "speed": speed.key(),
            "timeControl": time_control,
            "color": self.color,
            "perf": {"name": speed.name()},
        });
        if let Some(d) = direction {
            out["direction"] = d.into();
        }
        if let Some(sfen) = &self.sfen {
            out["initialSfen"] = sfen.clone().into();
        }
        out
    }

    /// A receiver of how it ends.
    pub fn watch_done(&self) -> watch::Receiver<Option<&'static str>> {
        let mut done = self.done.subscribe();
        if done.borrow().is_some() {
            // Answered already (on another server, before the stream began): still said.
            done.mark_changed();
        }
        done
    }

    /// The request for the game it becomes, from the challenger's side.
    fn request(&self) -> CreateRequest {
        CreateRequest {
            variant: Some(self.variant.name().to_string()),
            sfen: self.sfen.clone(),
            time_control: Some(self.control.to_string()),
            side: Some(self.color.to_string()),
            rated: Some(self.rated),
            ..CreateRequest::default()
        }
    }
}

/// The challenges made on this server whose keep-alive streams may wait for an answer, by
/// id: told how each ends, whichever server answers it.
#[derive(Default)]
pub struct Challenges {
    waiting: Mutex<HashMap<ChallengeId, Done>>,
}

impl Challenges {
    fn waiting(&self) -> std::sync::MutexGuard<'_, HashMap<ChallengeId, Done>> {
        self.waiting.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Follows the new challenge `c`; forgets those nobody waits on any more.
    fn follow(&self, c: &Challenge) {
        let mut waiting = self.waiting();
        waiting.retain(|_, done| done.receiver_count() > 0);
        waiting.insert(c.id.clone(), Arc::clone(&c.done));
    }

    /// Tells the keep-alive stream of challenge `id`, if any here, how it ended.
    pub(super) fn end(&self, id: &ChallengeId, how: &'static str) {
        if let Some(done) = self.waiting().remove(id) {
            done.send_replace(Some(how));
        }
    }
}

/// The time control a challenge's form asks for.
fn control(form: &ChallengeForm) -> Result<TimeControl, ApiError> {
    clock(
        form.limit,
        form.increment,
        form.byoyomi,
        form.periods,
        form.days,
    )
}

/// The clock of lishogi's form fields (seconds): main time, Fischer increment, byoyomi and
/// its periods, or `days` per move (correspondence: a byoyomi of that many days, `0+3d`,
/// with no clock field beside it); a clock with both an increment and byoyomi, or one that
/// gives no time, is refused.
pub(crate) fn clock(
    limit: Option<u64>,
    increment: Option<u64>,
    byoyomi: Option<u64>,
    periods: Option<u32>,
    days: Option<u32>,
) -> Result<TimeControl, ApiError> {
    if let Some(days) = days {
        let clock = limit.is_some() || increment.is_some() || byoyomi.is_some();
        if clock || !(1..=14).contains(&days) {
            return Err(ApiError::BadParameter {
                name: "days",
                message:
                    "days per move is a whole number from 1 to 14, with no clock fields beside it"
                        .into(),
            });
        }
        return Ok(TimeControl::byoyomi(0, u64::from(days) * DAY_MS));
    }
    let s = |v: Option<u64>| v.unwrap_or(0).saturating_mul(1000);
    let (main_ms, increment_ms, period_ms) = (s(limit), s(increment), s(byoyomi));
    let control = match (limit, increment_ms, period_ms) {
        (None, 0, 0) => TimeControl::Unlimited,
        (_, 0, 0) => TimeControl::SuddenDeath { main_ms },
        (_, 0, _) => TimeControl::Byoyomi {
            main_ms,
            period_ms,
            periods: periods.unwrap_or(1).max(1),
        },
        (_, _, 0) => TimeControl::Fischer {
            main_ms,
            increment_ms,
        },
        _ => {
            return Err(ApiError::BadParameter {
                name: "clock.increment",
                message: "a koma clock has an increment or byoyomi, not both".into(),
            });
        }
    };
    // Checked as a game's time control is: a clock that gives no time is refused.
    let text = control.to_string();
    text.parse::<TimeControl>()
        .map_err(|source| ApiError::TimeControl { text, source })
}

impl Hub {
    /// An account of the challenge's pool as a party.
    async fn party(
        &self,
        id: UserId,
        name: String,
        bot: bool,
        pool: Pool,
    ) -> Result<Party, ApiError> {
        let key = (id.clone(), pool.key());
        let glicko = self
            .blocking(move |s| s.rating(&key.0, &key.1))
            .await?
            .unwrap_or_default();
        Ok(Party {
            id,
            name,
            rating: glicko.int_rating(),
            provisional: glicko.is_provisional(),
            bot,
        })
    }

    /// `me` challenges the account `dest` (its id, name and bot flag) to the game `form`
    /// describes; the challenge is shown on both accounts' event streams.
    pub async fn challenge(
        &self,
        me: &Player,
        dest: (UserId, String, bool),
        form: &ChallengeForm,
    ) -> Result<Challenge, ApiError> {
        if dest.0 == me.id {
            return Err(ApiError::Forbidden {
                reason: "you cannot challenge yourself",
            });
        }
        let key = form.variant.as_deref().unwrap_or("standard");
        let variant = shapes::variant_of_key(key)
            .ok_or_else(|| ApiError::unknown("variant", key, &shapes::variant_keys()))?;
        let control = control(form)?;
        let color = match form.color.as_deref().unwrap_or("random") {
            "sente" => "sente",
            "gote" => "gote",
            "random" => "random",
            other => return Err(ApiError::unknown("color", other, "sente, gote, random")),
        };
        let mut challenge = Challenge {
            id: ChallengeId::new(koma_store::tokens::game_id()?),
            challenger: self
                .party(
                    me.id.clone(),
                    me.name.clone(),
                    me.bot,
                    Pool::of(variant, &control),
                )
                .await?,
            dest: self
                .party(dest.0, dest.1, dest.2, Pool::of(variant, &control))
                .await?,
            variant,
            control,
            rated: form.rated.unwrap_or(false),
            color,
            sfen: form.sfen.clone().filter(|s| !s.trim().is_empty()),
            done: Arc::new(watch::channel(None).0),
        };
        // The game it would make is checked now: a refusal names the problem to the
        // challenger, not at the acceptance.
        let request = challenge.request();
        crate::players::check_rated(&request, Some(me))?;
        let (made, _, _) = games::create(&request, games::unix_ms())?;
        if challenge.sfen.is_some() {
            // The SFEN as koma writes it (what the game will report).
            challenge.sfen = Some(made.game.start_sfen());
        }
        let now = games::unix_ms();
        let row = challenge.row(now.saturating_add(ttl_ms(self)))?;
        if !self
            .blocking(move |s| s.add_challenge(&row, PER_USER, now))
            .await?
        {
            return Err(ApiError::TooManyChallenges { limit: PER_USER });
        }
        self.challenges().follow(&challenge);
        challenge.tell_both(self.events(), |side| challenge.created_event(side));
        Ok(challenge)
    }

    /// The open challenges made by or to `user`, with their direction.
    pub async fn challenges_of(&self, user: &UserId) -> Result<Vec<Value>, ApiError> {
        let (key, now) = (user.clone(), games::unix_ms());
        let rows = self.blocking(move |s| s.challenges_of(&key, now)).await?;
        let mut out = Vec::with_capacity(rows.len());
        for row in &rows {
            let direction = if row.dest == *user { "in" } else { "out" };
            out.push(Challenge::of_row(row)?.json("created", Some(direction)));
        }
        Ok(out)
    }

    /// Pushes the lapse of challenge `id` one time-to-live from now, while its keep-alive
    /// stream is open.
    pub async fn refresh_challenge(&self, id: &ChallengeId) -> Result<(), ApiError> {
        let (key, until) = (id.clone(), games::unix_ms().saturating_add(ttl_ms(self)));
        Ok(self
            .blocking(move |s| s.refresh_challenge(&key, until))
            .await?)
    }

    /// Answers challenge `id` for `user` as `how` (with a decline's `reason`), said to its
    /// keep-alive stream; 404 if it is not open or not `user`'s to answer.
    async fn take(
        &self,
        id: &ChallengeId,
        user: &UserId,
        answerer: Answerer,
        how: &'static str,
        reason: Option<&str>,
    ) -> Result<Challenge, ApiError> {
        let (key, who, why) = (id.clone(), user.clone(), reason.map(str::to_string));
        let now = games::unix_ms();
        let row = self
            .blocking(move |s| s.take_challenge(&key, &who, answerer, how, why.as_deref(), now))
            .await?
            .ok_or_else(|| ApiError::no_such("challenge", id))?;
        self.challenges().end(id, how);
        Ok(Challenge::of_row(&row)?)
    }

    /// The challenged account `me` accepts challenge `id`: the game starts.
    pub async fn accept_challenge(&self, id: &ChallengeId, me: &Player) -> Result<(), ApiError> {
        let challenge = self
            .take(id, &me.id, Answerer::Dest, "accepted", None)
            .await?;
        let now = games::unix_ms();
        let (mut live, _, _) = games::create(&challenge.request(), now)?;
        let creator = live.stored.creator;
        live.stored.id = GameId::new(challenge.id.as_str());
        live.stored.rated = challenge.rated;
        live.stored.players[creator.index()] = Some(challenge.challenger.id.clone());
        live.stored.players[(!creator).index()] = Some(challenge.dest.id.clone());
        // The seats are the accounts': the page's seat tokens are secrets nobody holds.
        live.stored.seat_tokens[(!creator).index()] =
            koma_store::tokens::hash(&koma_store::tokens::secret()?);
        live.start(now)?;
        let stored = live.stored.clone();
        self.blocking(move |s| s.create_game(&stored, Some(now)))
            .await?;
        self.refresh_players(&mut live).await?;
        live.publish();
        self.insert(live).await;
        Ok(())
    }

    /// The challenged account `me` declines challenge `id` (`reason`: lishogi's key); both
    /// accounts' streams hear it.
    pub async fn decline_challenge(
        &self,
        id: &ChallengeId,
        me: &Player,
        reason: &str,
    ) -> Result<(), ApiError> {
        let challenge = self
            .take(id, &me.id, Answerer::Dest, "declined", Some(reason))
            .await?;
        challenge.tell_both(self.events(), |side| challenge.declined_event(reason, side));
        Ok(())
    }

    /// The challenger `me` cancels challenge `id`; both accounts' streams hear it.
    pub async fn cancel_challenge(&self, id: &ChallengeId, me: &Player) -> Result<(), ApiError> {
        let challenge = self
            .take(id, &me.id, Answerer::Challenger, "canceled", None)
            .await?;
        challenge.tell_both(self.events(), |side| challenge.canceled_event(side));
        Ok(())
    }
}

/// How long a challenge waits for an answer, in milliseconds.
fn ttl_ms(hub: &Hub) -> u64 {
    u64::try_from(hub.settings().challenge_ttl.as_millis()).unwrap_or(u64::MAX)
}
