//! Berserk in an arena (its routes: `POST /api/tournaments/{id}/berserk` with
//! `{"game": id}`, `http/tournaments.rs`, and lishogi's `POST /api/{board,bot}/game/{id}/berserk`): before their first move in an
//! arena game a player gives up half their main time, and their increment or byoyomi, for a
//! point more if they win (koma_tournament's arena_score), as lishogi's clock has it
//! (`koma_game::clock::Clock::go_berserk`). The flag is stored with the tournament, for the
//! score, and with the game, for its clock (`games::replay` applies it again); the clock
//! changes on the server holding the game.

use super::Tournaments;
use super::arena::logged_end;
use super::model::Tournament;
use super::refusal::Refusal;
use super::settings::Format;
use crate::accounts::Player;
use crate::error::ApiError;
use koma_rules::Color;
use koma_store::GameId;
use koma_store::TournamentId;

/// A refusal in the tournament's state.
fn refused(t: &Tournament, message: String) -> ApiError {
    Refusal::WrongState {
        status: t.status.name(),
        message,
    }
    .into()
}

impl Tournaments {
    /// `who` goes berserk in `game` of the arena `id`.
    pub async fn berserk(
        &self,
        id: &TournamentId,
        who: &Player,
        game: &GameId,
    ) -> Result<Tournament, ApiError> {
        let (t, _) = self.read(id).await?;
        if t.settings.format != Format::Arena {
            return Err(Refusal::invalid("format", "berserk is for arenas only").into());
        }
        if !t.settings.berserk {
            return Err(refused(&t, "this arena does not allow berserk".into()));
        }
        let me = t
            .entrant_of(&who.id)
            .ok_or_else(|| Refusal::NotEntered(format!("{} is not entered", who.name)))?;
        let arena = super::arena_log::replay(&t)?;
        let found = t
            .arena
            .games
            .iter()
            .position(|r| r.game.as_deref() == Some(game))
            .and_then(|g| arena.games().get(g));
        let seat = match found {
            Some(g) if g.sente as usize == me => Color::Black,
            Some(g) if g.gote as usize == me => Color::White,
            _ => {
                return Err(Refusal::invalid(
                    "game",
                    format!("{game} is not a game of {} in this arena", who.name),
                )
                .into());
            }
        };
        let g = found.map_or(0, |g| g.id);
        let slot = self.hub.game(game).await?;
        let mut live = slot.lock().await;
        // Sente's first move is ply 1, gote's ply 2.
        if live.is_over() || logged_end(&t, g) {
            return Err(refused(&t, format!("game {game} is over")));
        }
        if live.game.plies() > seat.index() {
            return Err(refused(
                &t,
                format!(
                    "{} has moved in game {game}: berserk comes before the first move",
                    who.name
                ),
            ));
        }
        match live.game.clock() {
            Some(c) if c.berserkable(seat) => {}
            Some(c) if c.berserk[seat.index()] => {
                let message = format!("{} went berserk in game {game} already", who.name);
                return Err(refused(&t, message));
            }
            _ => {
                let message = format!("the clock of game {game} has no main time to give up");
                return Err(refused(&t, message));
            }
        }
        let (t, ()) = self
            .change(id, |t| {
                let rec = t
                    .arena
                    .games
                    .get_mut(g)
                    .ok_or_else(|| Refusal::invalid("game", "not in the arena"))?;
                if rec.berserk[seat.index()] {
                    let message = format!("{} went berserk in game {game} already", who.name);
                    return Err(refused(t, message));
                }
                rec.berserk[seat.index()] = true;
                Ok(())
            })
            .await?;
        // Stored with the game too, so that its clock is rebuilt berserk (a restart, or
        // another server taking the game over).
        let key = game.clone();
        self.hub
            .write(game, move |s| s.set_berserk(&key, seat))
            .await?;
        if live.game.go_berserk(seat) {
            live.publish();
        }
        Ok(t)
    }
}
