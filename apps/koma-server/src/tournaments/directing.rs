//! The director's steps: the start, each next round, and the results entered by hand.

use super::model::{Outcome, Status, Tournament};
use super::refusal::Refusal;
use super::service::{Tournaments, check_director};
use super::settings::Format;
use crate::accounts::Player;
use crate::error::ApiError;
use crate::games::unix_ms;
use koma_store::TournamentId;

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

impl Tournaments {
    /// The director closes the entries and pairs round 1.
    pub async fn start(
        &self,
        id: &TournamentId,
        director: &Player,
    ) -> Result<Tournament, ApiError> {
        let now = unix_ms();
        let (t, ()) = self
            .change(id, |t| {
                check_director(t, director)?;
                super::arena::not_directed(t)?;
                begin(t, now)
            })
            .await?;
        self.start_games(&t).await
    }

    /// Starts the online tournament `id` if its `starts_at` has come and it is still taking
    /// entries with two players or more (an arena starts by its own tick).
    pub(super) async fn start_if_due(&self, id: &TournamentId) -> Result<(), ApiError> {
        let now = unix_ms();
        let due = |t: &Tournament| {
            t.status == Status::Entries
                && t.settings.online
                && t.settings.format != super::settings::Format::Arena
                && t.settings.starts_at.is_some_and(|at| at <= now)
                && t.players.len() >= 2
        };
        let (t, _) = self.read(id).await?;
        if !due(&t) {
            return Ok(());
        }
        let (t, started) = self
            .change(id, |t| {
                if !due(t) {
                    return Ok(false);
                }
                begin(t, now)?;
                Ok(true)
            })
            .await?;
        if started {
            self.start_games(&t).await?;
        }
        Ok(())
    }

    /// The director pairs the next round.
    pub async fn pair(&self, id: &TournamentId, director: &Player) -> Result<Tournament, ApiError> {
        let now = unix_ms();
        let (t, ()) = self
            .change(id, |t| {
                check_director(t, director)?;
                super::arena::not_directed(t)?;
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
        id: &TournamentId,
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
                super::arena::not_directed(t)?;
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
}

/// Marks `t` finished once its last planned round has every result (in a knockout, a
/// winner: a drawn final waits for its decider).
pub(super) fn finish_if_done(t: &mut Tournament) {
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

/// Closes entries and pairs round 1 of `t` at `now`.
fn begin(t: &mut Tournament, now: u64) -> Result<(), ApiError> {
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
}
