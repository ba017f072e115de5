//! Arenas run by the server (lishogi-style): players join, pause and come back through the
//! API; every pairing koma_tournament's [`koma_tournament::arena::Arena`] makes becomes a
//! game at once; each game's end goes back in (result, plies, berserk) and pairs its players
//! again; the tick starts the arena at its time, ends it at its end, and catches up on what
//! a stop may have missed. The arena lives in the tournament as its log ([`super::arena_log`]).

use super::Tournaments;
use super::arena_log::{self, Logged};
use super::model::{Entry, Status, Tournament};
use super::online::GameEnd;
use super::refusal::Refusal;
use super::settings::Format;
use crate::accounts::Player;
use crate::error::ApiError;
use crate::games::unix_ms;
use koma_store::GameId;
use koma_store::TournamentId;

/// How long after its pairing a game still without a server game is started by the tick
/// (the request that paired it normally starts it at once).
const START_GRACE_MS: u64 = 3_000;

/// The refusal of a change to an arena that is over.
fn over(t: &Tournament) -> ApiError {
    Refusal::WrongState {
        status: t.status.name(),
        message: "the arena is over".into(),
    }
    .into()
}

/// Refuses a director's start, pairing or result in an arena (it runs by itself).
pub(super) fn not_directed(t: &Tournament) -> Result<(), ApiError> {
    if t.settings.format != Format::Arena {
        return Ok(());
    }
    Err(Refusal::WrongState {
        status: t.status.name(),
        message: "an arena starts at its time and pairs its players itself: \
                  there is nothing to start, pair or enter"
            .into(),
    }
    .into())
}

/// Whether the end of arena game `g` is logged.
pub(super) fn logged_end(t: &Tournament, g: usize) -> bool {
    t.arena
        .events
        .iter()
        .any(|e| matches!(e.event, Logged::Finish { game, .. } if game == g))
}

impl Tournaments {
    /// `player` (rated `rating`) enters the arena `id`, or comes back after a pause.
    pub(super) async fn arena_join(
        &self,
        id: &TournamentId,
        player: &Player,
        rating: i32,
    ) -> Result<Tournament, ApiError> {
        let now = unix_ms();
        let (t, _) = self
            .change(id, |t| {
                if t.status == Status::Finished {
                    return Err(over(t));
                }
                let i = match t.entrant_of(&player.id) {
                    Some(i) => i,
                    None => t.admit(Entry::of_account(player, rating))?,
                };
                t.players[i].withdrawn_from = None;
                Ok(arena_log::step(t, now, Logged::Join { player: i, rating })?)
            })
            .await?;
        self.start_arena_games(t).await
    }

    /// `who` pauses in the arena `id` (or the director pauses entrant `player`, from 1):
    /// before the start the player is out, after it keeps the score and is not paired until
    /// joining again.
    pub(super) async fn arena_pause(
        &self,
        id: &TournamentId,
        who: &Player,
        player: Option<usize>,
    ) -> Result<Tournament, ApiError> {
        let now = unix_ms();
        let (t, ()) = self
            .change(id, |t| {
                let i = super::entries::named(t, who, player)?;
                if t.status == Status::Finished {
                    return Err(over(t));
                }
                if t.players[i].withdrawn_from.is_some() {
                    return Err(Refusal::NotEntered(format!(
                        "{} is paused already",
                        t.players[i].name
                    ))
                    .into());
                }
                arena_log::step(t, now, Logged::Leave { player: i })?;
                t.players[i].withdrawn_from = Some(0);
                Ok(())
            })
            .await?;
        Ok(t)
    }

    /// Logs the end of the arena game playing `end.id` in `tid` (unless logged already),
    /// with its length and berserks, and starts the games it pairs.
    pub(super) async fn arena_game_ended(
        &self,
        tid: &TournamentId,
        end: &GameEnd,
    ) -> Result<(), ApiError> {
        let (t, _) = self.read(tid).await?;
        let Some(g) = t
            .arena
            .games
            .iter()
            .position(|r| r.game.as_deref() == Some(end.id.as_str()))
        else {
            return Ok(());
        };
        if logged_end(&t, g) {
            return Ok(());
        }
        let plies = match self.hub.copy(&end.id).await {
            Ok(slot) => u32::try_from(slot.lock().await.game.plies()).unwrap_or(u32::MAX),
            Err(_) => 0,
        };
        let now = unix_ms();
        let (t, _) = self
            .change(tid, |t| {
                if logged_end(t, g) {
                    return Ok(Vec::new());
                }
                let [sente_berserk, gote_berserk] = t.arena.games[g].berserk;
                let finish = Logged::Finish {
                    game: g,
                    result: end.result,
                    plies,
                    sente_berserk,
                    gote_berserk,
                    ended_at: Some(end.ended_ms),
                };
                Ok(arena_log::step(t, now, finish)?)
            })
            .await?;
        self.start_arena_games(t).await?;
        Ok(())
    }

    /// Starts a server game for each pairing of `t`'s arena that has none (those paired
    /// more than [`START_GRACE_MS`] ago only, if `late`); gives `t` with their ids.
    async fn start_arena_games_of(
        &self,
        t: Tournament,
        late: Option<u64>,
    ) -> Result<Tournament, ApiError> {
        let Some(clock) = t.settings.clock else {
            return Ok(t);
        };
        let arena = arena_log::replay(&t)?;
        let mut started: Vec<(usize, GameId)> = Vec::new();
        for g in arena.games() {
            let missing = t.arena.games.get(g.id).is_some_and(|r| r.game.is_none());
            let due = late.is_none_or(|now| now >= g.started_at + START_GRACE_MS);
            if !missing || !due || g.finish.is_some() {
                continue;
            }
            let (sente, gote) = (g.sente as usize, g.gote as usize);
            match self.start_game(&t, clock, sente, gote, None).await {
                Ok(Some(game)) => started.push((g.id, game)),
                Ok(None) => {}
                Err(e) => eprintln!(
                    "koma serve: arena {} game {}: not started: {e}",
                    t.id,
                    g.id + 1
                ),
            }
        }
        if started.is_empty() {
            return Ok(t);
        }
        let (t, ()) = self
            .change(&t.id, |t| {
                for (g, game) in &started {
                    if let Some(rec) = t.arena.games.get_mut(*g) {
                        rec.game.get_or_insert_with(|| game.clone());
                    }
                }
                Ok(())
            })
            .await?;
        Ok(t)
    }

    /// Starts the games just paired in `t`'s arena.
    async fn start_arena_games(&self, t: Tournament) -> Result<Tournament, ApiError> {
        self.start_arena_games_of(t, None).await
    }

    /// The tick of every arena taking entries or running.
    pub(super) async fn tick_arenas(&self) {
        for status in [Status::Entries, Status::Running] {
            for id in self.ids_with_status(status).await {
                if let Err(e) = self.tick_arena(&id).await {
                    eprintln!("koma serve: arena {id}: {e}");
                }
            }
        }
    }

    /// Starts or ends the arena `id` when its time comes, starts the games a stop left
    /// without one, takes the ends that never came, and sets the no-show limits again.
    async fn tick_arena(&self, id: &TournamentId) -> Result<(), ApiError> {
        let (t, _) = self.read(id).await?;
        if t.settings.format != Format::Arena {
            return Ok(());
        }
        let now = unix_ms();
        let t = if arena_log::tick_due(&t, now)? {
            let (t, ()) = self
                .change(id, |t| {
                    if arena_log::tick_due(t, now)? {
                        arena_log::step(t, now, Logged::Tick)?;
                    }
                    Ok(())
                })
                .await?;
            self.start_arena_games(t).await?
        } else {
            t
        };
        let t = self.start_arena_games_of(t, Some(now)).await?;
        let limit = t.settings.no_show_s.saturating_mul(1000);
        let open: Vec<GameId> = (0..t.arena.games.len())
            .filter(|&g| !logged_end(&t, g))
            .filter_map(|g| t.arena.games[g].game.clone())
            .collect();
        for game in open {
            let Ok(slot) = self.hub.copy(&game).await else {
                continue;
            };
            let ended = {
                let live = slot.lock().await;
                if !live.is_over() && self.hub.tournament_hooks.no_show(&game).is_none() {
                    self.hub.tournament_hooks.set_no_show(&game, limit);
                }
                GameEnd::of(&live)
            };
            if let Some(end) = ended {
                self.arena_game_ended(id, &end).await?;
            }
        }
        Ok(())
    }
}
