//! The FESA Elo changes of an over-the-board tournament, from its record.
//!
//! The formulas are [`koma_game::rating::fesa`]'s (fesashogi.eu, "Elo system"; its module docs
//! give the sources): each player's games are rated in the order played from the running
//! rating, against the opponents' ratings at the end of the tournament, and the sum is rounded
//! once; [`fesa::rate_event`] finds those final ratings together. This module only turns a
//! [`Record`] into the event's games and maps the changes back onto the rounds.
//!
//! Which rounds are rated: only games played on the board with a result. FESA's rating
//! program (`turnering.lisp`, github.com/kota/elo_rating, `calculate`) reads byes and
//! forfeits as results against player 0, "DUMMY", and drops every such result before rating
//! (`spiller-clean-motstander-results`); they count only in the points. So a bye, a forfeit won
//! or lost, an absence and a game marked unplayed change nobody's rating here either.
//! Handicap games are rated with the handicap noted in the record
//! ([`Record::with_handicaps`]), as the rules passed in value it.

use koma_game::rating::Score;
use koma_game::rating::fesa::{
    self, Entrant, EventGame, EventResult, FesaError, HandicapSide, Rules,
};
use thiserror::Error;

use crate::record::{GameResult, Pairing, Record};

/// Why the Elo changes could not be computed.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum EloError {
    /// The FESA list entries do not match the field one for one.
    #[error("the record has {field} entrants but {given} FESA list entries were given")]
    FieldMismatch {
        /// Entrants in the record.
        field: usize,
        /// FESA entries given.
        given: usize,
    },
    /// The rating itself failed (an unrated handicap, a rating that is not finite ...).
    #[error("FESA rating: {0}")]
    Fesa(#[from] FesaError),
}

/// One rated game of a player, seen from their side.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatedGame {
    /// The round (0-based).
    pub round: usize,
    /// The opponent's entrant index.
    pub opponent: usize,
    /// The player's result.
    pub score: Score,
    /// Who gave a handicap, if anyone.
    pub handicap: HandicapSide,
    /// The game's unrounded change for a rated player; `None` for an unrated one, who gets a
    /// performance rating instead.
    pub change: Option<f64>,
}

/// One player's Elo outcome of the tournament.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerElo {
    /// The player's rated games, in the order played.
    pub games: Vec<RatedGame>,
    /// The change in total (rated players) or the performance rating (unrated players).
    pub result: EventResult,
}

impl PlayerElo {
    /// The rounded total change of a rated player; `None` for an unrated one.
    pub fn change(&self) -> Option<i64> {
        match &self.result {
            EventResult::Rated(change) => Some(change.change),
            EventResult::Unrated(_) => None,
        }
    }

    /// The rating after the tournament.
    pub fn rating_after(&self) -> i64 {
        self.result.rating()
    }
}

/// Each entrant's FESA Elo outcome of `record` under `rules`; `list[i]` is entrant `i` as
/// FESA's list has them before the tournament (rating and counted games, or unrated with
/// earlier results).
pub fn fesa_changes(
    record: &Record,
    list: &[Entrant],
    rules: &Rules,
) -> Result<Vec<PlayerElo>, EloError> {
    if list.len() != record.entrants().len() {
        return Err(EloError::FieldMismatch {
            field: record.entrants().len(),
            given: list.len(),
        });
    }
    let games = rated_games(record);
    let results = fesa::rate_event(rules, list, &games.iter().map(|g| g.1).collect::<Vec<_>>())?;
    Ok(results
        .into_iter()
        .enumerate()
        .map(|(p, result)| {
            let per_game = match &result {
                EventResult::Rated(change) => Some(&change.per_game),
                EventResult::Unrated(_) => None,
            };
            let games = games
                .iter()
                .filter(|(_, g)| g.a == p || g.b == p)
                .enumerate()
                .map(|(i, &(round, g))| side_of(p, round, &g, per_game.map(|c| c[i])))
                .collect();
            PlayerElo { games, result }
        })
        .collect())
}

/// The rated games of `record` in the order played, each with its round.
fn rated_games(record: &Record) -> Vec<(usize, EventGame)> {
    let mut games = Vec::new();
    for (round, r) in record.rounds().iter().enumerate() {
        for pairing in &r.pairings {
            let Pairing::Game {
                sente,
                gote,
                result,
            } = *pairing
            else {
                continue;
            };
            let score_a = match result {
                GameResult::SenteWins => Score::Win,
                GameResult::GoteWins => Score::Loss,
                GameResult::Draw => Score::Draw,
                GameResult::Unplayed => continue,
            };
            games.push((
                round,
                EventGame {
                    a: sente,
                    b: gote,
                    score_a,
                    handicap: record.handicap_in(round, sente),
                },
            ));
        }
    }
    games
}

/// Game `g` of round `round` seen from player `p`'s side.
fn side_of(p: usize, round: usize, g: &EventGame, change: Option<f64>) -> RatedGame {
    let (opponent, score, handicap) = g.seen_by(p);
    RatedGame {
        round,
        opponent,
        score,
        handicap,
        change,
    }
}
