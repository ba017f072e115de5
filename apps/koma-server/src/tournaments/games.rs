//! Online rounds: each board between two accounts started as a game of the hub, each
//! game's end written as the board's result, and a sweep that catches what was missed.

use super::directing::finish_if_done;
use super::knockout_match;
use super::model::{Status, Tournament};
use super::online::GameEnd;
use super::service::Tournaments;
use crate::accounts::{Credential, Player};
use crate::error::ApiError;
use crate::games::CreateRequest;
use koma_store::GameId;
use koma_store::TournamentId;
use std::time::{Duration, Instant};

/// How often the tick looks at the running online tournaments' games.
const SWEEP: Duration = Duration::from_secs(1);

impl Tournaments {
    /// Starts the games of the last round of an online `t` that have none yet; gives `t`
    /// with their ids.
    pub(super) async fn start_games(&self, t: &Tournament) -> Result<Tournament, ApiError> {
        let Some(round) = t.rounds.last() else {
            return Ok(t.clone());
        };
        let Some(clock) = t.settings.clock.filter(|_| t.settings.online) else {
            return Ok(t.clone());
        };
        clock.time_control()?;
        let r = t.rounds.len() - 1;
        let mut started: Vec<(usize, GameId)> = Vec::new();
        for (i, b) in round.boards.iter().enumerate() {
            if b.game.is_some() || b.result.is_some() {
                continue;
            }
            // A knockout match's next game after a draw has its own seats, or none when the
            // director must decide.
            let seats = if knockout_match::plays_deciders(t) {
                knockout_match::seats(t, r, i, b)
            } else {
                Some(koma_tournament::record::Board {
                    sente: b.sente,
                    gote: b.gote,
                })
            };
            let Some(seats) = seats else { continue };
            let handicap = b.handicap.clone();
            match self
                .start_game(t, clock, seats.sente, seats.gote, handicap)
                .await
            {
                Ok(Some(game)) => started.push((i, game)),
                Ok(None) => {} // a player without an account: the director enters the result
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

    /// Starts the game of entrants `sente` and `gote` of `t` on `clock` (rated if the event
    /// is and the game even), with its no-show limit, linked to `t`; `None` if either has no
    /// account.
    pub(super) async fn start_game(
        &self,
        t: &Tournament,
        clock: super::settings::Clock,
        sente: usize,
        gote: usize,
        handicap: Option<String>,
    ) -> Result<Option<GameId>, ApiError> {
        let (Some(sente), Some(gote)) = (player(t, sente), player(t, gote)) else {
            return Ok(None);
        };
        let request = CreateRequest {
            time_control: Some(clock.time_control()?),
            side: Some("sente".into()),
            // A handicap game is never rated (the server rates even games only).
            rated: Some(t.settings.rated && handicap.is_none()),
            handicap,
            ..CreateRequest::default()
        };
        // Linked to the tournament as it is created: it never offers a rematch.
        let paired = self
            .hub
            .create_paired_in(&request, &sente, &gote, Some(t.id.clone()))
            .await?;
        let game = paired.creator.id;
        self.hub
            .tournament_hooks
            .set_no_show(&game, t.settings.no_show_s.saturating_mul(1000));
        Ok(Some(game))
    }

    /// Writes the end of a game into its tournament, unless the board has a result already.
    pub(super) async fn game_ended(&self, end: GameEnd) {
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
    async fn set_game_result(&self, tid: &TournamentId, end: &GameEnd) -> Result<(), ApiError> {
        let (t, _) = self.read(tid).await?;
        if t.settings.format == super::settings::Format::Arena {
            return self.arena_game_ended(tid, end).await;
        }
        let open = t
            .rounds
            .iter()
            .flat_map(|r| &r.boards)
            .any(|b| b.game.as_deref() == Some(end.id.as_str()) && b.result.is_none());
        if !open {
            return Ok(());
        }
        let (t, ()) = self
            .change(tid, |t| {
                let before = t.clone();
                let deciders = knockout_match::plays_deciders(t);
                for (r, round) in t.rounds.iter_mut().enumerate() {
                    for (i, b) in round.boards.iter_mut().enumerate() {
                        if b.game.as_deref() != Some(end.id.as_str()) || b.result.is_some() {
                            continue;
                        }
                        if deciders {
                            knockout_match::game_ended(&before, r, i, b, end.result);
                        } else {
                            b.result = Some(end.result);
                        }
                    }
                }
                finish_if_done(t);
                Ok(())
            })
            .await?;
        // A drawn knockout game: its decider starts at once.
        if knockout_match::plays_deciders(&t) {
            self.start_games(&t).await?;
        }
        Ok(())
    }

    /// Once a `SWEEP`: the games of the running online tournaments' open boards get
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
        self.tick_arenas().await;
        self.start_due().await;
        for id in self.ids_with_status(Status::Running).await {
            let Ok((t, _)) = self.read(&id).await else {
                continue;
            };
            if !t.settings.online {
                continue;
            }
            // A knockout decider whose start was missed (a stop just after the draw).
            let waiting = t.rounds.last().is_some_and(|round| {
                round
                    .boards
                    .iter()
                    .any(|b| !b.drawn.is_empty() && b.game.is_none() && b.result.is_none())
            });
            if waiting && knockout_match::plays_deciders(&t) {
                if let Err(e) = self.start_games(&t).await {
                    eprintln!("koma serve: tournament {id}: a knockout decider: {e}");
                }
            }
            let limit = t.settings.no_show_s.saturating_mul(1000);
            let open: Vec<GameId> = t
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
                        GameEnd::of(&live)
                    }
                };
                if let Some(end) = ended {
                    if let Err(e) = self.set_game_result(&id, &end).await {
                        eprintln!("koma serve: tournament {id}: {e}");
                    }
                }
            }
        }
    }

    /// The ids of the tournaments in `status`; a store error is logged and gives none.
    pub(super) async fn ids_with_status(&self, status: Status) -> Vec<TournamentId> {
        let listed = self
            .hub
            .blocking(move |s| s.tournaments_with_status(status.name()))
            .await;
        listed.unwrap_or_else(|e| {
            eprintln!("koma serve: tournaments {}: {e}", status.name());
            Vec::new()
        })
    }

    /// Starts the online tournaments whose `starts_at` has come.
    async fn start_due(&self) {
        for id in self.ids_with_status(Status::Entries).await {
            if let Err(e) = self.start_if_due(&id).await {
                eprintln!("koma serve: tournament {id}: its start: {e}");
            }
        }
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
