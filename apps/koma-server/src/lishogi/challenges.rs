//! Challenges between accounts (lishogi's `POST /api/challenge/{username}`): kept in memory
//! until the challenged account accepts or declines, the challenger cancels, or
//! [`crate::Settings::challenge_ttl`] passes without a `keepAliveStream` refreshing it.
//! Accepted, a challenge becomes a game with the challenge's id, both seats bound to the
//! accounts, the clock running.

use super::json as shapes;
use crate::accounts::auth::Player;
use crate::error::ApiError;
use crate::games::{self, CreateRequest};
use crate::hub::Hub;
use koma_game::clock::TimeControl;
use koma_game::rating::Pool;
use koma_rules::VariantKind;
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;
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
    /// Correspondence days per move: refused (koma has no correspondence clock).
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
#[derive(Clone, Debug)]
pub struct Party {
    /// The account's id.
    pub id: String,
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
    pub id: String,
    /// Who challenges.
    pub challenger: Party,
    /// Who is challenged.
    pub dest: Party,
    /// The variant.
    pub variant: VariantKind,
    /// The clock.
    pub control: TimeControl,
    /// Rated or casual.
    pub rated: bool,
    /// The challenger's colour: `sente`, `gote` or `random`.
    pub color: &'static str,
    /// The start position, when not the standard one.
    pub sfen: Option<String>,
    /// When it lapses.
    expires: Instant,
    /// How it ended (`accepted`, `declined`, `canceled`), for its keep-alive stream.
    done: std::sync::Arc<watch::Sender<Option<&'static str>>>,
}

impl Challenge {
    /// lishogi's ChallengeJson, seen from `direction` (`in`, `out`, or none).
    pub fn json(&self, status: &str, direction: Option<&str>) -> Value {
        let party = |p: &Party| {
            json!({
                "id": p.id, "name": p.name, "rating": p.rating, "provisional": p.provisional,
                "title": p.bot.then_some("BOT"), "online": true,
            })
        };
        let time_control = match shapes::clock_parts(&self.control) {
            None => json!({"type": "unlimited"}),
            Some((main, inc, byo, periods)) => json!({
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
        self.done.subscribe()
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

/// The open challenges, by id.
#[derive(Default)]
pub struct Challenges {
    open: Mutex<HashMap<String, Challenge>>,
}

impl Challenges {
    fn open(&self) -> std::sync::MutexGuard<'_, HashMap<String, Challenge>> {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        open.retain(|_, c| c.expires > now);
        open
    }

    /// The open challenges made by or to `user`, with their direction.
    pub fn of(&self, user: &str) -> Vec<Value> {
        self.open()
            .values()
            .filter_map(|c| {
                let direction = if c.dest.id == user {
                    "in"
                } else if c.challenger.id == user {
                    "out"
                } else {
                    return None;
                };
                Some(c.json("created", Some(direction)))
            })
            .collect()
    }

    /// Pushes the lapse of challenge `id` to `until`, while its keep-alive stream is open.
    pub fn refresh(&self, id: &str, until: Instant) {
        if let Some(c) = self.open().get_mut(id) {
            c.expires = c.expires.max(until);
        }
    }

    /// Removes challenge `id` for `user` (`dest`: the challenged account; else the
    /// challenger), said to its keep-alive stream as `how`; 404 if it is not open or
    /// not `user`'s to answer.
    fn take(
        &self,
        id: &str,
        user: &str,
        dest: bool,
        how: &'static str,
    ) -> Result<Challenge, ApiError> {
        let mut open = self.open();
        let mine = open.get(id).is_some_and(|c| {
            let who = if dest { &c.dest.id } else { &c.challenger.id };
            who == user
        });
        if !mine {
            return Err(ApiError::no_such("challenge", id));
        }
        let challenge = open
            .remove(id)
            .ok_or_else(|| ApiError::no_such("challenge", id))?;
        challenge.done.send_replace(Some(how));
        Ok(challenge)
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
/// its periods; `days` (correspondence) is refused, as is a clock with both an increment
/// and byoyomi or one that gives no time.
pub(crate) fn clock(
    limit: Option<u64>,
    increment: Option<u64>,
    byoyomi: Option<u64>,
    periods: Option<u32>,
    days: Option<u32>,
) -> Result<TimeControl, ApiError> {
    if days.is_some() {
        return Err(ApiError::BadParameter {
            name: "days",
            message: "koma has no correspondence games: give clock.limit with clock.byoyomi or clock.increment".into(),
        });
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
        id: String,
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
        dest: (String, String, bool),
        form: &ChallengeForm,
    ) -> Result<Challenge, ApiError> {
        if dest.0 == me.id {
            return Err(ApiError::Forbidden {
                reason: "you cannot challenge yourself",
            });
        }
        let key = form.variant.as_deref().unwrap_or("standard");
        let variant = shapes::variant_of_key(key)
            .ok_or_else(|| ApiError::unknown("variant", key, "standard, torishogi"))?;
        let control = control(form)?;
        let color = match form.color.as_deref().unwrap_or("random") {
            "sente" => "sente",
            "gote" => "gote",
            "random" => "random",
            other => return Err(ApiError::unknown("color", other, "sente, gote, random")),
        };
        let mut challenge = Challenge {
            id: crate::tokens::game_id()?,
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
            expires: Instant::now() + self.settings().challenge_ttl,
            done: std::sync::Arc::new(watch::channel(None).0),
        };
        // The game it would make is checked now: a refusal names the problem to the
        // challenger, not at the acceptance.
        let request = challenge.request();
        crate::players::check_rated(&request, Some(me))?;
        games::create(&request, games::unix_ms())?;
        if challenge.sfen.is_some() {
            // The SFEN as koma writes it (what the game will report).
            let line = crate::line::start(variant, challenge.sfen.as_deref())?;
            challenge.sfen = Some(koma_notation::sfen::write_any(&line));
        }
        {
            let mut open = self.challenges().open();
            let made = open.values().filter(|c| c.challenger.id == me.id).count();
            if made >= PER_USER {
                return Err(ApiError::TooManyChallenges { limit: PER_USER });
            }
            open.insert(challenge.id.clone(), challenge.clone());
        }
        let event = |direction| json!({"type": "challenge", "challenge": challenge.json("created", Some(direction))});
        self.events().publish(&challenge.dest.id, &event("in"));
        self.events()
            .publish(&challenge.challenger.id, &event("out"));
        Ok(challenge)
    }

    /// The challenged account `me` accepts challenge `id`: the game starts.
    pub async fn accept_challenge(&self, id: &str, me: &Player) -> Result<(), ApiError> {
        let challenge = self.challenges().take(id, &me.id, true, "accepted")?;
        let now = games::unix_ms();
        let (mut live, _, _) = games::create(&challenge.request(), now)?;
        let creator = live.stored.creator;
        live.stored.id = challenge.id.clone();
        live.stored.rated = challenge.rated;
        live.stored.players[creator.index()] = Some(challenge.challenger.id.clone());
        live.stored.players[(!creator).index()] = Some(challenge.dest.id.clone());
        // The seats are the accounts': the page's seat tokens are secrets nobody holds.
        live.stored.seat_tokens[(!creator).index()] =
            crate::tokens::hash(&crate::tokens::secret()?);
        live.start(now)?;
        let stored = live.stored.clone();
        self.blocking(move |s| s.create_game(&stored, Some(now)))
            .await?;
        self.refresh_players(&mut live).await?;
        live.publish();
        self.insert(live).await;
        Ok(())
    }

    /// The challenged account `me` declines challenge `id` (`reason`: lishogi's key).
    pub fn decline_challenge(&self, id: &str, me: &Player, reason: &str) -> Result<(), ApiError> {
        let challenge = self.challenges().take(id, &me.id, true, "declined")?;
        let mut json = challenge.json("declined", Some("out"));
        json["declineReason"] = reason.into();
        let event = json!({"type": "challengeDeclined", "challenge": json});
        self.events().publish(&challenge.challenger.id, &event);
        Ok(())
    }

    /// The challenger `me` cancels challenge `id`.
    pub fn cancel_challenge(&self, id: &str, me: &Player) -> Result<(), ApiError> {
        let challenge = self.challenges().take(id, &me.id, false, "canceled")?;
        let event = json!({"type": "challengeCanceled", "challenge": challenge.json("canceled", Some("in"))});
        self.events().publish(&challenge.dest.id, &event);
        Ok(())
    }
}
