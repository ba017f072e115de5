//! Creating and joining games, and reading one: its state, record, line and pushes.

use super::{Created, Hub, Joined, Paired, once_more_if_moved};
use crate::accounts::Player;
use crate::actor::Actor;
use crate::error::ApiError;
use crate::games::{self, CreateRequest};
use crate::view::GameView;
use koma_notation::formats;
use koma_rules::{AnyPosition, Color, Move};
use koma_store::TournamentId;
use koma_store::{GameId, UserId};
use koma_store::{GameSummary, Page};
use std::net::IpAddr;
use tokio::sync::watch;

impl Hub {
    /// One page of the stored games, newest first.
    pub async fn list(&self, page: Page) -> Result<Vec<GameSummary>, ApiError> {
        Ok(self.blocking(move |s| s.list_page(page)).await?)
    }

    /// Creates a game for `client`; the creator (his account, if logged in) gets a seat
    /// token and an invitation for the other seat, or, against the engine, the game starts
    /// at once (the engine moves if it is sente). A game against the engine is refused while
    /// the engine is full (see [`Hub::admit`]).
    pub async fn create(
        &self,
        request: CreateRequest,
        client: Option<IpAddr>,
        creator: Option<Player>,
    ) -> Result<Created, ApiError> {
        let now = games::unix_ms();
        let rated = crate::players::check_rated(&request, creator.as_ref())?;
        let (mut live, toss, secrets) = games::create(&request, now)?;
        live.stored.rated = rated;
        live.stored.players[live.stored.creator.index()] = creator.map(|p| p.id);
        // Read before the engine's place is taken: a failure here holds nothing.
        self.refresh_players(&mut live).await?;
        self.admit(&live, client)?;
        let (stored, started) = (live.stored.clone(), live.started_ms);
        if let Err(e) = self
            .blocking(move |s| s.create_game(&stored, started))
            .await
        {
            self.release_engine(live.id());
            return Err(e.into());
        }
        live.publish();
        let id = live.id().clone();
        let creator = live.stored.creator;
        let invite = (live.stored.engine.is_none()).then_some(secrets.invite);
        let now = live.now();
        let created = Created {
            id: id.clone(),
            seat: creator.name(),
            token: secrets.token,
            invite_link: invite
                .as_ref()
                .map(|invite| format!("/#game={id}&invite={invite}")),
            invite,
            furigoma: toss.map(|t| t.to_string()),
            game: live.view(now),
        };
        self.insert(live).await;
        Ok(created)
    }

    /// Creates a game of `request` between two accounts, both seats bound and the clock
    /// started at once: `creator` takes the side the request asks for (`random`: by
    /// furigoma, as [`Hub::create`]; a handicap game: the giver's seat), `opponent` the
    /// other. Rated if the request asks and [`crate::players::check_rated`] allows. The
    /// lobby's way to start a game when a seek is accepted or a quick pairing found.
    pub async fn create_paired(
        &self,
        request: &CreateRequest,
        creator: &Player,
        opponent: &Player,
    ) -> Result<Paired, ApiError> {
        self.create_paired_in(request, creator, opponent, None)
            .await
    }

    /// [`Hub::create_paired`], for the tournament `tournament` if one is named: the game is
    /// linked to it in the store before it is shown to anyone, so that it never offers a
    /// rematch (the tournament pairs its players).
    pub(crate) async fn create_paired_in(
        &self,
        request: &CreateRequest,
        creator: &Player,
        opponent: &Player,
        tournament: Option<TournamentId>,
    ) -> Result<Paired, ApiError> {
        if creator.id == opponent.id {
            return Err(crate::players::SeatRefusal::OwnGame.into());
        }
        if request.opponent.as_deref().is_some_and(|o| o != "person") {
            return Err(ApiError::unknown(
                "opponent",
                request.opponent.as_deref().unwrap_or_default(),
                "person",
            ));
        }
        let now = games::unix_ms();
        let rated = crate::players::check_rated(request, Some(creator))?;
        let (mut live, toss, secrets) = games::create(request, now)?;
        let seat = live.stored.creator;
        live.stored.rated = rated;
        live.stored.players[seat.index()] = Some(creator.id.clone());
        live.stored.players[(!seat).index()] = Some(opponent.id.clone());
        let token = koma_store::tokens::secret()?;
        live.stored.seat_tokens[(!seat).index()] = koma_store::tokens::hash(&token);
        live.start(now)?;
        live.in_tournament = tournament.is_some();
        let stored = live.stored.clone();
        self.blocking(move |s| {
            s.create_game(&stored, Some(now))?;
            match &tournament {
                Some(t) => s.link_tournament_game(&stored.id, t),
                None => Ok(()),
            }
        })
        .await?;
        self.refresh_players(&mut live).await?;
        live.publish();
        let id = live.id().clone();
        let game = live.view(now);
        self.insert(live).await;
        let joined = |seat: Color, token: String| Joined {
            id: id.clone(),
            seat: seat.name(),
            token,
            game: game.clone(),
        };
        Ok(Paired {
            creator: joined(seat, secrets.token),
            opponent: joined(!seat, token),
            furigoma: toss.map(|t| t.to_string()),
        })
    }

    /// The invited player (his account, if logged in) takes the free seat with `invite`;
    /// the clock starts.
    pub async fn join(
        &self,
        id: &GameId,
        invite: &str,
        player: Option<Player>,
    ) -> Result<Joined, ApiError> {
        once_more_if_moved(|| self.join_once(id, invite, player.clone())).await
    }

    /// [`Hub::join`], once.
    pub(super) async fn join_once(
        &self,
        id: &GameId,
        invite: &str,
        player: Option<Player>,
    ) -> Result<Joined, ApiError> {
        let slot = self.game(id).await?;
        let mut live = slot.lock().await;
        if !koma_store::tokens::matches(invite, &live.stored.invite) {
            return Err(ApiError::WrongInvitation);
        }
        if live.started_ms.is_some() {
            return Err(ApiError::SeatsTaken);
        }
        if live.aborted.is_some() {
            return Err(ApiError::InvitationExpired);
        }
        if live.is_over() {
            return Err(ApiError::GameOver(None));
        }
        crate::players::check_join(&live.stored, player.as_ref())?;
        let seat = !live.stored.creator;
        let user = player.map(|p| p.id);
        let (key, account) = (id.clone(), user.clone());
        self.write(id, move |s| s.seat_player(&key, seat, account.as_ref()))
            .await?;
        let now = live.now();
        // The invited player's token is made now: the store keeps only its hash, so a token
        // made at creation could not be said after a restart.
        let token = koma_store::tokens::secret()?;
        let hashed = koma_store::tokens::hash(&token);
        let (key, seat_hash) = (id.clone(), hashed.clone());
        self.write(id, move |s| s.start_game(&key, now, &seat_hash))
            .await?;
        live.stored.players[seat.index()] = user;
        live.start(now)?;
        live.stored.seat_tokens[seat.index()] = hashed;
        self.refresh_players(&mut live).await?;
        live.publish();
        self.announce_start(&live);
        Ok(Joined {
            id: id.clone(),
            seat: seat.name(),
            token,
            game: live.view(now),
        })
    }

    /// The game's state now (a clock that ran out ends the game first).
    pub async fn state(&self, id: &GameId) -> Result<GameView, ApiError> {
        Ok(self.state_pushed(id).await?.0)
    }

    /// [`Hub::state`], with the number of the last push it includes (read under the same
    /// lock): a WebSocket sends the pushes after it.
    pub async fn state_pushed(&self, id: &GameId) -> Result<(GameView, u64), ApiError> {
        let slot = self.copy(id).await?;
        let mut live = slot.lock().await;
        let now = live.now();
        self.settle_time(&mut live, now).await?;
        Ok((live.view(now), live.pushed_version()))
    }

    /// The game as a record in `format` (kif, ki2, csa, jkf, usi, sfen).
    pub async fn record(&self, id: &GameId, format: &str) -> Result<String, ApiError> {
        let format = crate::records::format_named(format)?;
        let key = id.clone();
        let event = self
            .blocking(move |s| crate::tournaments::event_of_game(s, &key))
            .await?;
        let slot = self.copy(id).await?;
        let live = slot.lock().await;
        let mut record = match live.game.to_record() {
            Ok(record) => record,
            // A Chu game: KIF as lishogi writes Chu, a `position` line or an SFEN.
            Err(chu) => {
                let header = crate::record_header::header(&live, format, event, false);
                return koma_game::chu::record::write(chu, format, None, &header)
                    .map_err(ApiError::ChuRecord);
            }
        };
        crate::record_header::fill(&mut record, &live, format, event);
        formats::write(&record, format).map_err(ApiError::UnwritableRecord)
    }

    /// The start position and the moves played so far of a 9x9 game (a Chu game's board
    /// is not drawn as an image yet).
    pub async fn line(&self, id: &GameId) -> Result<(AnyPosition, Vec<Move>), ApiError> {
        let slot = self.copy(id).await?;
        let live = slot.lock().await;
        live.game
            .start_position()
            .zip(live.game.family_moves())
            .ok_or(ApiError::NotInChu("images of the board"))
    }

    /// Whether the account `user` (its id) holds a seat of game `id`.
    pub async fn sits(&self, id: &GameId, user: &UserId) -> Result<bool, ApiError> {
        let slot = self.copy(id).await?;
        let live = slot.lock().await;
        Ok(Actor::Account(user).seat(&live).is_ok())
    }

    /// The seat `who` holds (none for a spectator) and the state pushes.
    pub async fn subscribe(
        &self,
        id: &GameId,
        who: Option<Actor<'_>>,
    ) -> Result<(Option<Color>, watch::Receiver<crate::pushes::Push>), ApiError> {
        let slot = self.copy(id).await?;
        let live = slot.lock().await;
        let seat = who.map(|who| who.seat(&live)).transpose()?;
        Ok((seat, live.subscribe()))
    }
}
