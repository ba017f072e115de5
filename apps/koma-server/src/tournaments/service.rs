//! The tournaments the server runs: each request reads the tournament, changes it and
//! writes it back if nobody wrote it meanwhile (else reads again and retries), then tells
//! its stream. Online rounds start their games through the hub, and the games' ends come
//! back as results.

use super::model::{Entry, Outcome, Status, Tournament};
use super::online::GameEnd;
use super::refusal::Refusal;
use super::settings::{Format, Settings};
use super::store::TournamentRow;
use crate::accounts::auth::{Credential, Player};
use crate::error::ApiError;
use crate::games::{CreateRequest, unix_ms};
use crate::hub::Hub;
use crate::store::{Page, StoreError};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// How many times a change is tried while others keep winning the race.
const TRIES: usize = 8;

/// How often the tick looks at the running online tournaments' games.
const SWEEP: Duration = Duration::from_secs(1);

/// The tournaments, over the hub's store.
pub struct Tournaments {
    hub: Arc<Hub>,
    /// Each watched tournament's change counter, for its streams.
    changes: Mutex<HashMap<String, watch::Sender<u64>>>,
    /// When the tick last swept the running tournaments.
    last_sweep: Mutex<Option<Instant>>,
}

/// The body of a director's entry of a player.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerBody {
    /// The name shown.
    pub name: String,
    /// The rating.
    pub rating: i32,
    /// The FESA id.
    #[serde(default)]
    pub fesa_id: Option<String>,
    /// The player's account (username), to play online.
    #[serde(default)]
    pub account: Option<String>,
}

/// The body of a result's entry.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultBody {
    /// The round, from 1.
    pub round: usize,
    /// The board, from 1.
    pub board: usize,
    /// The result.
    pub result: Outcome,
    /// A handicap (koma's name), or none.
    #[serde(default)]
    pub handicap: Option<String>,
}

/// The lowest and highest rating an entry may have.
const RATINGS: std::ops::RangeInclusive<i32> = -1000..=5000;

impl Tournaments {
    /// The tournaments over `hub`'s store.
    pub fn new(hub: Arc<Hub>) -> Arc<Tournaments> {
        Arc::new(Tournaments {
            hub,
            changes: Mutex::new(HashMap::new()),
            last_sweep: Mutex::new(None),
        })
    }

    /// Writes each game's end into its tournament as it comes (a task, until the server
    /// stops).
    pub fn follow_games(self: &Arc<Tournaments>) {
        let mut ends = self.hub.tournament_hooks.listen();
        let me = Arc::clone(self);
        tokio::spawn(async move {
            while let Some(end) = ends.recv().await {
                me.game_ended(end).await;
            }
        });
    }

    fn changes(&self) -> std::sync::MutexGuard<'_, HashMap<String, watch::Sender<u64>>> {
        self.changes.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A receiver that changes whenever this server changes the tournament `id`.
    pub fn watch(&self, id: &str) -> watch::Receiver<u64> {
        self.changes()
            .entry(id.to_string())
            .or_insert_with(|| watch::channel(0).0)
            .subscribe()
    }

    /// Tells the streams of `id` that it changed.
    fn changed(&self, id: &str) {
        let mut changes = self.changes();
        if let Some(tx) = changes.get(id) {
            if tx.receiver_count() == 0 {
                changes.remove(id);
            } else {
                tx.send_modify(|n| *n += 1);
            }
        }
    }

    /// The tournament `id` and its stored version.
    pub async fn read(&self, id: &str) -> Result<(Tournament, i64), ApiError> {
        let key = id.to_string();
        let row = self
            .hub
            .blocking(move |s| s.tournament(&key))
            .await?
            .ok_or_else(|| Refusal::NoSuchTournament(id.to_string()))?;
        let t = serde_json::from_str(&row.body)
            .map_err(|e| StoreError::Damaged(format!("tournament {id}: {e}")))?;
        Ok((t, row.version))
    }

    /// Applies `f` to the tournament `id` and stores it, again from a fresh read while
    /// another write came first; tells its streams. Gives the tournament as stored and
    /// what `f` answered.
    async fn change<T>(
        &self,
        id: &str,
        mut f: impl FnMut(&mut Tournament) -> Result<T, ApiError>,
    ) -> Result<(Tournament, T), ApiError> {
        for _ in 0..TRIES {
            let (mut t, version) = self.read(id).await?;
            let answer = f(&mut t)?;
            // The record is checked before it is stored: nothing inconsistent is written.
            t.record()?;
            let row = TournamentRow {
                id: t.id.clone(),
                director: t.director.clone(),
                status: t.status.name().to_string(),
                created_ms: t.created_ms,
                version,
                body: serde_json::to_string(&t)
                    .map_err(|e| ApiError::internal(format!("tournament as JSON: {e}")))?,
            };
            if self
                .hub
                .blocking(move |s| s.update_tournament(&row))
                .await?
            {
                self.changed(id);
                return Ok((t, answer));
            }
        }
        Err(Refusal::Busy.into())
    }

    /// Creates a tournament directed by `director`.
    pub async fn create(
        &self,
        director: &Player,
        settings: Settings,
    ) -> Result<Tournament, ApiError> {
        let settings = settings.checked()?;
        let now = unix_ms();
        let mut seed = [0u8; 8];
        getrandom::fill(&mut seed).map_err(ApiError::Random)?;
        let t = Tournament {
            id: crate::tokens::game_id().map_err(ApiError::Random)?,
            director: director.id.clone(),
            director_name: director.name.clone(),
            settings,
            status: Status::Entries,
            created_ms: now,
            seed: u64::from_le_bytes(seed),
            players: Vec::new(),
            rounds: Vec::new(),
        };
        let row = TournamentRow {
            id: t.id.clone(),
            director: t.director.clone(),
            status: t.status.name().to_string(),
            created_ms: now,
            version: 0,
            body: serde_json::to_string(&t)
                .map_err(|e| ApiError::internal(format!("tournament as JSON: {e}")))?,
        };
        self.hub
            .blocking(move |s| s.create_tournament(&row))
            .await?;
        Ok(t)
    }

    /// One page of the tournaments, newest first.
    pub async fn list(&self, page: Page) -> Result<Vec<Tournament>, ApiError> {
        let rows = self.hub.blocking(move |s| s.list_tournaments(page)).await?;
        rows.iter()
            .map(|row| {
                serde_json::from_str(&row.body)
                    .map_err(|e| StoreError::Damaged(format!("tournament {}: {e}", row.id)).into())
            })
            .collect()
    }

    /// The rating `player` enters `t` with: the account's in the pool of the event's
    /// clock (1500 before any rated game there).
    async fn rating_of(&self, t: &Tournament, account: &str) -> Result<i32, ApiError> {
        let control = t.settings.clock.map(|c| c.time_control()).transpose()?;
        let pool = crate::ratings::pool_of("shogi", control.as_deref())?.key();
        let user = account.to_string();
        let glicko = self
            .hub
            .blocking(move |s| s.rating(&user, &pool))
            .await?
            .unwrap_or_default();
        Ok(i32::try_from(glicko.int_rating()).unwrap_or(1500))
    }

    /// `player` enters the tournament `id` (late entries in a Swiss or McMahon until the
    /// last round is paired).
    pub async fn join(&self, id: &str, player: &Player) -> Result<Tournament, ApiError> {
        let (t, _) = self.read(id).await?;
        let rating = self.rating_of(&t, &player.id).await?;
        let entry = Entry {
            name: player.name.clone(),
            account: Some(player.id.clone()),
            rating,
            start_score: 0,
            fesa_id: None,
            first_round: 0,
            withdrawn_from: None,
        };
        Ok(self.change(id, |t| enter(t, entry.clone())).await?.0)
    }

    /// The director enters a player.
    pub async fn add_player(
        &self,
        id: &str,
        director: &Player,
        body: PlayerBody,
    ) -> Result<Tournament, ApiError> {
        let (t, _) = self.read(id).await?;
        check_director(&t, director)?;
        let name = body.name.trim().to_string();
        let chars = name.chars().count();
        if chars == 0 || chars > super::settings::MAX_NAME || name.chars().any(char::is_control) {
            return Err(
                Refusal::invalid("name", "1 to 80 characters, no control characters").into(),
            );
        }
        if !RATINGS.contains(&body.rating) {
            return Err(Refusal::invalid(
                "rating",
                format!("{}..={}", RATINGS.start(), RATINGS.end()),
            )
            .into());
        }
        if body
            .fesa_id
            .as_ref()
            .is_some_and(|f| f.len() > 32 || f.chars().any(char::is_control))
        {
            return Err(Refusal::invalid("fesa_id", "at most 32 characters").into());
        }
        let account = match &body.account {
            None => None,
            Some(username) => {
                let key = username.to_lowercase();
                let found = self.hub.blocking(move |s| s.user(&key)).await?;
                match found {
                    Some(user) if user.deleted_ms.is_none() => Some(user.id),
                    _ => {
                        return Err(Refusal::invalid(
                            "account",
                            format!("no account '{username}'"),
                        )
                        .into());
                    }
                }
            }
        };
        let entry = Entry {
            name,
            account,
            rating: body.rating,
            start_score: 0,
            fesa_id: body.fesa_id,
            first_round: 0,
            withdrawn_from: None,
        };
        Ok(self.change(id, |t| enter(t, entry.clone())).await?.0)
    }

    /// `who` withdraws from the next round: the player, or the director naming `player`
    /// (its number).
    pub async fn withdraw(
        &self,
        id: &str,
        who: &Player,
        player: Option<usize>,
    ) -> Result<Tournament, ApiError> {
        let (t, _) = self
            .change(id, |t| {
                let i = match player {
                    Some(n) => {
                        check_director(t, who)?;
                        n.checked_sub(1)
                            .filter(|&i| i < t.players.len())
                            .ok_or_else(|| Refusal::invalid("player", format!("no player {n}")))?
                    }
                    None => t.entrant_of(&who.id).ok_or_else(|| {
                        Refusal::NotEntered(format!("{} is not entered", who.name))
                    })?,
                };
                if t.status == Status::Finished {
                    return Err(finished(t).into());
                }
                if t.players[i].withdrawn_from.is_some() {
                    return Err(Refusal::NotEntered(format!(
                        "{} has withdrawn already",
                        t.players[i].name
                    ))
                    .into());
                }
                if t.status == Status::Entries {
                    t.players.remove(i);
                } else {
                    t.players[i].withdrawn_from = Some(t.rounds.len());
                }
                Ok(())
            })
            .await?;
        Ok(t)
    }

    /// The director closes the entries and pairs round 1.
    pub async fn start(&self, id: &str, director: &Player) -> Result<Tournament, ApiError> {
        let now = unix_ms();
        let (t, ()) = self
            .change(id, |t| {
                check_director(t, director)?;
                if t.status != Status::Entries {
                    return Err(Refusal::WrongState {
                        status: t.status.name(),
                        message: "it has started already".into(),
                    }
                    .into());
                }
                if t.players.len() < 2 {
                    return Err(Refusal::WrongState {
                        status: t.status.name(),
                        message: format!(
                            "{} player(s) entered: at least two are needed",
                            t.players.len()
                        ),
                    }
                    .into());
                }
                t.status = Status::Running;
                let round = super::pairing::next_round(t, now)?;
                t.rounds.push(round);
                Ok(())
            })
            .await?;
        self.start_games(&t).await
    }

    /// The director pairs the next round.
    pub async fn pair(&self, id: &str, director: &Player) -> Result<Tournament, ApiError> {
        let now = unix_ms();
        let (t, ()) = self
            .change(id, |t| {
                check_director(t, director)?;
                if t.status != Status::Running {
                    return Err(Refusal::WrongState {
                        status: t.status.name(),
                        message: "rounds are paired while it runs".into(),
                    }
                    .into());
                }
                let round = super::pairing::next_round(t, now)?;
                t.rounds.push(round);
                Ok(())
            })
            .await?;
        self.start_games(&t).await
    }

    /// The director enters or corrects a result.
    pub async fn enter_result(
        &self,
        id: &str,
        director: &Player,
        body: ResultBody,
    ) -> Result<Tournament, ApiError> {
        if let Some(h) = &body.handicap
            && koma_rules::Handicap::from_name(h).is_none()
        {
            return Err(ApiError::unknown("handicap", h, ""));
        }
        let (t, ()) = self
            .change(id, |t| {
                check_director(t, director)?;
                let rounds = t.rounds.len();
                if body.round == 0 || body.round > rounds {
                    return Err(Refusal::invalid(
                        "round",
                        format!("round {} is not paired (rounds 1 to {rounds} are)", body.round),
                    )
                    .into());
                }
                if t.settings.format == Format::Knockout && body.round < rounds {
                    return Err(Refusal::WrongState {
                        status: t.status.name(),
                        message: format!(
                            "round {} of the knockout has been followed by the next: its results stand",
                            body.round
                        ),
                    }
                    .into());
                }
                let boards = t.rounds[body.round - 1].boards.len();
                let board = body
                    .board
                    .checked_sub(1)
                    .and_then(|b| t.rounds[body.round - 1].boards.get_mut(b))
                    .ok_or_else(|| {
                        Refusal::invalid(
                            "board",
                            format!("round {} has boards 1 to {boards}", body.round),
                        )
                    })?;
                board.result = Some(body.result);
                board.handicap = body.handicap.clone();
                finish_if_done(t);
                Ok(())
            })
            .await?;
        Ok(t)
    }

    /// Starts the games of the last round of an online `t` that have none yet; gives `t`
    /// with their ids.
    async fn start_games(&self, t: &Tournament) -> Result<Tournament, ApiError> {
        let Some(round) = t.rounds.last() else {
            return Ok(t.clone());
        };
        let Some(clock) = t.settings.clock.filter(|_| t.settings.online) else {
            return Ok(t.clone());
        };
        let control = clock.time_control()?;
        let r = t.rounds.len() - 1;
        let mut started: Vec<(usize, String)> = Vec::new();
        for (i, b) in round.boards.iter().enumerate() {
            if b.game.is_some() || b.result.is_some() {
                continue;
            }
            let (Some(sente), Some(gote)) = (player(t, b.sente), player(t, b.gote)) else {
                continue; // a player without an account: the director enters the result
            };
            let request = CreateRequest {
                time_control: Some(control.clone()),
                side: Some("sente".into()),
                rated: Some(t.settings.rated),
                handicap: b.handicap.clone(),
                ..CreateRequest::default()
            };
            match self.hub.create_paired(&request, &sente, &gote).await {
                Ok(paired) => {
                    let game = paired.creator.id;
                    self.hub
                        .tournament_hooks
                        .set_no_show(&game, t.settings.no_show_s.saturating_mul(1000));
                    let (g, tid) = (game.clone(), t.id.clone());
                    self.hub
                        .blocking(move |s| s.link_tournament_game(&g, &tid))
                        .await?;
                    started.push((i, game));
                }
                Err(e) => eprintln!(
                    "koma serve: tournament {} round {} board {}: no game: {e}",
                    t.id,
                    r + 1,
                    i + 1
                ),
            }
        }
        if started.is_empty() {
            return Ok(t.clone());
        }
        let (t, ()) = self
            .change(&t.id, |t| {
                if let Some(round) = t.rounds.get_mut(r) {
                    for (i, game) in &started {
                        if let Some(b) = round.boards.get_mut(*i) {
                            b.game.get_or_insert_with(|| game.clone());
                        }
                    }
                }
                Ok(())
            })
            .await?;
        Ok(t)
    }

    /// Writes the end of a game into its tournament, unless the board has a result already.
    async fn game_ended(&self, end: GameEnd) {
        let game = end.id.clone();
        let found = self
            .hub
            .blocking(move |s| s.tournament_of_game(&game))
            .await;
        let tid = match found {
            Ok(Some(tid)) => tid,
            Ok(None) => return, // not a tournament's game
            Err(e) => {
                eprintln!("koma serve: game {}: its tournament: {e}", end.id);
                return;
            }
        };
        if let Err(e) = self.set_game_result(&tid, &end).await {
            eprintln!(
                "koma serve: tournament {tid}: the result of game {}: {e}",
                end.id
            );
        }
    }

    /// Sets the result of the board playing `end.id` in `tid`, if it has none.
    async fn set_game_result(&self, tid: &str, end: &GameEnd) -> Result<(), ApiError> {
        let (t, _) = self.read(tid).await?;
        let open = t
            .rounds
            .iter()
            .flat_map(|r| &r.boards)
            .any(|b| b.game.as_deref() == Some(end.id.as_str()) && b.result.is_none());
        if !open {
            return Ok(());
        }
        self.change(tid, |t| {
            for b in t.rounds.iter_mut().flat_map(|r| &mut r.boards) {
                if b.game.as_deref() == Some(end.id.as_str()) && b.result.is_none() {
                    b.result = Some(end.result);
                }
            }
            finish_if_done(t);
            Ok(())
        })
        .await?;
        Ok(())
    }

    /// Once a [`SWEEP`]: the games of the running online tournaments' open boards get
    /// their no-show limits (again, after a restart), and a game that ended without its
    /// result reaching the tournament (a stop in between) has it written.
    pub async fn tick(&self) {
        {
            let mut last = self.last_sweep.lock().unwrap_or_else(|e| e.into_inner());
            if last.is_some_and(|at| at.elapsed() < SWEEP) {
                return;
            }
            *last = Some(Instant::now());
        }
        let ids = match self
            .hub
            .blocking(|s| s.tournaments_with_status(Status::Running.name()))
            .await
        {
            Ok(ids) => ids,
            Err(e) => {
                eprintln!("koma serve: running tournaments: {e}");
                return;
            }
        };
        for id in ids {
            let Ok((t, _)) = self.read(&id).await else {
                continue;
            };
            if !t.settings.online {
                continue;
            }
            let limit = t.settings.no_show_s.saturating_mul(1000);
            let open: Vec<String> = t
                .rounds
                .iter()
                .flat_map(|r| &r.boards)
                .filter(|b| b.result.is_none())
                .filter_map(|b| b.game.clone())
                .collect();
            for game in open {
                let Ok(slot) = self.hub.copy(&game).await else {
                    continue;
                };
                let ended = {
                    let live = slot.lock().await;
                    if !live.is_over() {
                        if self.hub.tournament_hooks.no_show(&game).is_none() {
                            self.hub.tournament_hooks.set_no_show(&game, limit);
                        }
                        None
                    } else {
                        super::online::result_of(&live)
                    }
                };
                if let Some(result) = ended {
                    let end = GameEnd { id: game, result };
                    if let Err(e) = self.set_game_result(&id, &end).await {
                        eprintln!("koma serve: tournament {id}: {e}");
                    }
                }
            }
        }
    }
}

/// 403 unless `who` directs `t`.
fn check_director(t: &Tournament, who: &Player) -> Result<(), Refusal> {
    if t.director == who.id {
        Ok(())
    } else {
        Err(Refusal::NotDirector {
            director: t.director_name.clone(),
        })
    }
}

/// The refusal of a change to a finished tournament.
fn finished(t: &Tournament) -> Refusal {
    Refusal::WrongState {
        status: t.status.name(),
        message: "it is over".into(),
    }
}

/// Adds `entry` to `t` if entries are open (late entries: Swiss and McMahon until the last
/// round is paired), with its McMahon start score.
fn enter(t: &mut Tournament, mut entry: Entry) -> Result<(), ApiError> {
    let late = t.status == Status::Running
        && t.settings.format.late_entries()
        && t.rounds.len() < t.rounds_planned();
    if t.status != Status::Entries && !late {
        return Err(Refusal::WrongState {
            status: t.status.name(),
            message: "entries are closed".into(),
        }
        .into());
    }
    if let Some(account) = &entry.account
        && t.entrant_of(account).is_some()
    {
        return Err(Refusal::AlreadyEntered(entry.name).into());
    }
    entry.first_round = t.rounds.len();
    if let Some(m) = &t.settings.mcmahon {
        entry.start_score = m.start_score(entry.rating);
    }
    t.players.push(entry);
    Ok(())
}

/// Marks `t` finished once its last planned round has every result (in a knockout, a
/// winner: a drawn final waits for its decider).
fn finish_if_done(t: &mut Tournament) {
    let decided = match t.rounds.last() {
        Some(last) if t.settings.format == Format::Knockout => {
            last.boards.iter().all(|b| b.winner().is_some())
        }
        _ => t.open_boards().is_none(),
    };
    if t.status == Status::Running && t.rounds.len() >= t.rounds_planned() && decided {
        t.status = Status::Finished;
    }
}

/// Entrant `i` of `t` as a player of the hub, if it has an account.
fn player(t: &Tournament, i: usize) -> Option<Player> {
    let entry = t.players.get(i)?;
    Some(Player {
        id: entry.account.clone()?,
        name: entry.name.clone(),
        bot: false,
        credential: Credential::Token,
    })
}
