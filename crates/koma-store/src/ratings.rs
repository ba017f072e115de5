//! Ratings in the store: a rated game, what it did to each player's rating, the history
//! of a player's ratings, and the Glicko-2 update every store applies in the transaction
//! that rates a game.

use crate::Damage;
use crate::StoreError;
use crate::{GameId, UserId};
use koma_game::rating::{Glicko, GlickoError, Pool, Score};
use koma_rules::Color;

/// A decided rated game to rate.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedGame {
    /// The game's id.
    pub id: GameId,
    /// Its pool.
    pub pool: Pool,
    /// The accounts of sente and gote.
    pub players: [UserId; 2],
    /// The winner, `None` for a draw.
    pub winner: Option<Color>,
    /// When it ended (Unix milliseconds).
    pub at_ms: u64,
}

/// What a rated game did to one player's rating.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingChange {
    /// The player's seat.
    pub seat: Color,
    /// The account.
    pub user: UserId,
    /// The rating before the game (its RD grown to the game's end), as it entered the formula.
    pub before: Glicko,
    /// The rating after it.
    pub after: Glicko,
}

/// One point of a player's rating history: the rating after a rated game.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryRow {
    /// The game.
    pub game_id: GameId,
    /// The pool's key (`shogi-blitz`).
    pub pool: String,
    /// When the game ended (Unix milliseconds).
    pub at_ms: u64,
    /// The rating after it.
    pub rating: f64,
    /// The deviation after it.
    pub deviation: f64,
}

/// Where seats' accounts and ratings are kept. Blocking, like [`crate::Store`].
pub trait RatingStore: Send + Sync {
    /// The account `user` (`None`: a guest) takes seat `seat` of the game `id`, refused once
    /// it started.
    fn seat_player(
        &self,
        id: &GameId,
        seat: Color,
        user: Option<&UserId>,
    ) -> Result<(), StoreError>;
    /// Rates the decided game: both players' ratings in its pool updated by [`rated`] and a
    /// history row each, in one transaction. A game already rated is not rated again: its
    /// stored changes are returned instead. Sente's change first.
    fn rate_game(&self, game: &RatedGame) -> Result<Vec<RatingChange>, StoreError>;
    /// The changes the game `id` made, sente's first; empty if it was not rated (yet).
    fn game_changes(&self, id: &GameId) -> Result<Vec<RatingChange>, StoreError>;
    /// The rating of `user` in the pool keyed `pool`, `None` before a rated game there.
    fn rating(&self, user: &UserId, pool: &str) -> Result<Option<Glicko>, StoreError>;
    /// Every rating of `user`, by pool key.
    fn ratings(&self, user: &UserId) -> Result<Vec<(String, Glicko)>, StoreError>;
    /// The ratings of `user` after each rated game, oldest first.
    fn rating_history(&self, user: &UserId) -> Result<Vec<HistoryRow>, StoreError>;
    /// The decided rated games that have no ratings update (the server stopped between the
    /// end and the update), oldest first.
    fn unrated_games(&self) -> Result<Vec<GameId>, StoreError>;
}

/// Sente's and gote's ratings after a game between them that `winner` won (`None`: a draw)
/// at `at_s` (Unix seconds), by `koma_game`'s Glicko-2 with lishogi's parameters.
pub fn rated(
    before: &[Glicko; 2],
    winner: Option<Color>,
    at_s: u64,
) -> Result<[Glicko; 2], GlickoError> {
    let score = Score::for_player(winner, Color::Black);
    let (sente, gote) = before[0].rate_game(&before[1], score, at_s)?;
    Ok([sente, gote])
}

/// What rated `game` does to each seat, from the seats' stored ratings `before` it (the
/// default for a first game): the change as shown and kept in the history (the rating
/// before as it entered the formula, its RD grown to the game's end) and the whole new
/// rating to store. Every store writes these; the rules of the update live here.
pub fn updates(
    game: &RatedGame,
    before: &[Glicko; 2],
) -> Result<[(RatingChange, Glicko); 2], StoreError> {
    let at_s = game.at_ms / 1000;
    let after = rated(before, game.winner, at_s).map_err(|source| Damage::Rating {
        game: game.id.clone(),
        source,
    })?;
    Ok(Color::ALL.map(|seat| {
        let i = seat.index();
        let old = before[i].at(at_s);
        let change = RatingChange {
            seat,
            user: game.players[i].clone(),
            before: shown(old.rating, old.deviation),
            after: shown(after[i].rating, after[i].deviation),
        };
        (change, after[i])
    }))
}

/// A shown rating (rating and deviation) as a `Glicko` with the defaults for the rest.
pub fn shown(rating: f64, deviation: f64) -> Glicko {
    Glicko {
        rating,
        deviation,
        ..Glicko::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_first_game_between_new_players() {
        let [a, b] = rated(
            &[Glicko::default(), Glicko::default()],
            Some(Color::Black),
            1_000,
        )
        .unwrap();
        assert_eq!(
            format!("{:.2} {:.2}", a.rating, b.rating),
            "1662.21 1337.79"
        );
        assert_eq!(
            format!("{:.2} {:.2}", a.deviation, b.deviation),
            "290.23 290.23"
        );
        assert_eq!((a.games, b.games, a.latest), (1, 1, Some(1_000)));
        let [c, d] = rated(&[Glicko::default(), Glicko::default()], None, 1_000).unwrap();
        assert_eq!((c.rating, d.rating), (1500.0, 1500.0));
    }
}
