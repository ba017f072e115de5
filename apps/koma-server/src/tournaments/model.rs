//! A tournament as stored: its settings, its entrants, and every round's boards with their
//! results and games. Players are numbered by entry (index 0 is player 1 in the API).

use super::refusal::Refusal;
use super::settings::{Format, Settings};
use koma_store::GameId;
use koma_store::{TournamentId, UserId};
use koma_tournament::record::{Entrant, GameHandicap, GameResult, Pairing, Record, Round};
use serde::{Deserialize, Serialize};

/// The most players a tournament takes: the stored record and each change stay bounded (the
/// World Open has about a hundred; Swiss pairing refuses fields far beyond this anyway).
pub const MAX_PLAYERS: usize = 1000;

/// Where a tournament stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Taking entries.
    Entries,
    /// Rounds under way.
    Running,
    /// Every planned round has its results and the director closed it.
    Finished,
}

impl Status {
    /// The name in the API and the store.
    pub fn name(self) -> &'static str {
        match self {
            Status::Entries => "entries",
            Status::Running => "running",
            Status::Finished => "finished",
        }
    }
}

/// One entrant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// The name shown.
    pub name: String,
    /// The account's id, for a player with an account.
    pub account: Option<UserId>,
    /// The account's username as typed at sign-up.
    #[serde(default)]
    pub username: Option<String>,
    /// The rating the field is seeded and paired by.
    pub rating: i32,
    /// McMahon start score in half points.
    pub start_score: i32,
    /// The player's FESA id, over the board.
    pub fesa_id: Option<String>,
    /// FESA rated games counted before the event (FESA's program gives a bonus below 100);
    /// unknown counts as 100.
    #[serde(default)]
    pub fesa_games: Option<u32>,
    /// The player's nationality, a two-letter country code, as FESA's results file writes it
    /// for a player new to its list.
    #[serde(default)]
    pub nationality: Option<String>,
    /// The first round (0-based) the player is paired in.
    pub first_round: usize,
    /// The round (0-based) from which the player is no longer paired.
    pub withdrawn_from: Option<usize>,
}

impl Entry {
    /// An online player's entry from their account, at `rating`, from the first round.
    pub fn of_account(player: &crate::accounts::Player, rating: i32) -> Entry {
        Entry {
            name: player.name.clone(),
            account: Some(player.id.clone()),
            username: Some(player.name.clone()),
            rating,
            start_score: 0,
            fesa_id: None,
            fesa_games: None,
            nationality: None,
            first_round: 0,
            withdrawn_from: None,
        }
    }

    /// Whether the player is paired in round `round` (0-based).
    pub fn present_in(&self, round: usize) -> bool {
        round >= self.first_round && self.withdrawn_from.is_none_or(|w| round < w)
    }
}

/// A board's result, as the API names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Sente won.
    Sente,
    /// Gote won.
    Gote,
    /// A draw.
    Draw,
    /// Sente won by forfeit (gote absent).
    SenteForfeitWin,
    /// Gote won by forfeit (sente absent).
    GoteForfeitWin,
    /// Not played (both absent, or cancelled): no points.
    Unplayed,
}

/// One game of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// Sente's index.
    pub sente: usize,
    /// Gote's index.
    pub gote: usize,
    /// The result, once in.
    pub result: Option<Outcome>,
    /// The online game's id.
    pub game: Option<GameId>,
    /// A handicap (koma_game's name), if the game is one.
    pub handicap: Option<String>,
    /// Online knockout: the drawn games of the match before the one now played (the board's
    /// own colours are the first game's; see `knockout_match`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drawn: Vec<Replayed>,
}

/// A game of a knockout match that did not decide it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Replayed {
    /// Sente's index.
    pub sente: usize,
    /// Gote's index.
    pub gote: usize,
    /// The online game's id.
    pub game: Option<GameId>,
    /// How it ended.
    pub result: Outcome,
}

impl Board {
    /// The winner's index, if the result names one.
    pub fn winner(&self) -> Option<usize> {
        match self.result? {
            Outcome::Sente | Outcome::SenteForfeitWin => Some(self.sente),
            Outcome::Gote | Outcome::GoteForfeitWin => Some(self.gote),
            Outcome::Draw | Outcome::Unplayed => None,
        }
    }
}

/// One place of a knockout round in bracket order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Slot {
    /// The game on this board (index into the round's boards).
    Board(usize),
    /// This player goes through without a game.
    Bye(usize),
}

/// One round.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundRec {
    /// When it was paired (Unix ms).
    pub started_at: Option<u64>,
    /// The games, top board first.
    pub boards: Vec<Board>,
    /// The player with the bye (Swiss, McMahon, round robin).
    pub bye: Option<usize>,
    /// A knockout round in bracket order.
    #[serde(default)]
    pub bracket: Vec<Slot>,
}

/// A tournament.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Tournament {
    /// Its id.
    pub id: TournamentId,
    /// The director's account id.
    pub director: UserId,
    /// The director's username as shown.
    pub director_name: String,
    /// The settings, as created.
    pub settings: Settings,
    /// Where it stands.
    pub status: Status,
    /// When it was created (Unix ms).
    pub created_ms: u64,
    /// The seed of its furigoma draws.
    pub seed: u64,
    /// The entrants in order of entry.
    pub players: Vec<Entry>,
    /// The rounds paired so far.
    pub rounds: Vec<RoundRec>,
    /// Accounts the director entered that have not accepted yet: never paired, not in the
    /// standings, entrants once they accept (see `entries.rs`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub invited: Vec<Entry>,
    /// An arena's log (arena only).
    #[serde(default, skip_serializing_if = "super::arena_log::ArenaLog::is_empty")]
    pub arena: super::arena_log::ArenaLog,
}

impl Tournament {
    /// The 棋戦 of the game `game` here: the name, and the round for a paired tournament
    /// (`春季大会 第2回戦`); an arena has no rounds.
    pub fn event_of(&self, game: &str) -> String {
        let name = &self.settings.name;
        let this = |g: &Option<GameId>| g.as_deref() == Some(game);
        let round = self.rounds.iter().position(|r| {
            r.boards
                .iter()
                .any(|b| this(&b.game) || b.drawn.iter().any(|d| this(&d.game)))
        });
        match round {
            Some(r) => format!("{name} 第{}回戦", r + 1),
            None => name.clone(),
        }
    }

    /// Whether bye points count (Swiss and McMahon; a round robin's or knockout's bye is
    /// just a round off).
    fn byes_score(&self) -> bool {
        self.settings.format.late_entries()
    }

    /// The record koma_tournament computes standings from. Boards without a result yet
    /// are left out.
    pub fn record(&self) -> Result<Record, Refusal> {
        // Outside Swiss and McMahon a withdrawn player's games stay on the schedule (as
        // forfeits), so the player counts as present throughout.
        let swiss = self.byes_score();
        let esc = self.settings.losers_swiss;
        let entrants = self
            .players
            .iter()
            .map(|p| Entrant {
                name: p.name.clone(),
                rating: p.rating,
                start_score: p.start_score,
                first_round: if swiss { p.first_round } else { 0 },
                withdrawn_from: if swiss { p.withdrawn_from } else { None },
            })
            .collect();
        let rounds = self
            .rounds
            .iter()
            .map(|r| {
                let mut pairings: Vec<Pairing> = r.boards.iter().filter_map(pairing).collect();
                if let Some(player) = r.bye.filter(|_| swiss || esc) {
                    pairings.push(Pairing::Bye { player });
                }
                // In an ESC a knockout bye scores as a bye (koma_tournament::esc).
                for slot in r.bracket.iter().filter(|_| esc) {
                    if let Slot::Bye(player) = *slot {
                        pairings.push(Pairing::Bye { player });
                    }
                }
                Round { pairings }
            })
            .collect();
        // A handicap game's giver (上手) plays gote, who moves first from the handicap start.
        let handicaps = self
            .rounds
            .iter()
            .enumerate()
            .flat_map(|(r, round)| round.boards.iter().map(move |b| (r, b)))
            .filter(|(_, b)| b.result.is_some())
            .filter_map(|(round, b)| {
                let handicap = koma_rules::Handicap::from_name(b.handicap.as_deref()?)?;
                (handicap != koma_rules::Handicap::Even).then_some(GameHandicap {
                    round,
                    giver: b.gote,
                    handicap,
                })
            })
            .collect();
        Record::new(entrants, rounds, self.settings.bye_points)
            .and_then(|record| record.with_handicaps(handicaps))
            .map_err(|e| Refusal::Pairing(format!("the record is inconsistent: {e}")))
    }

    /// How many rounds the event has (a knockout's or round robin's from its field).
    pub fn rounds_planned(&self) -> usize {
        let n = self.players.len();
        match self.settings.format {
            Format::Swiss | Format::Mcmahon => {
                usize::try_from(self.settings.rounds.unwrap_or(0)).unwrap_or(0)
            }
            Format::RoundRobin => (n + n % 2).saturating_sub(1),
            Format::DoubleRoundRobin => 2 * (n + n % 2).saturating_sub(1),
            Format::Knockout => n.max(1).next_power_of_two().trailing_zeros() as usize,
            Format::Arena => 0,
        }
    }

    /// The boards of the last round without a result, 1-based, comma-separated.
    pub fn open_boards(&self) -> Option<String> {
        let round = self.rounds.last()?;
        let open: Vec<String> = round
            .boards
            .iter()
            .enumerate()
            .filter(|(_, b)| b.result.is_none())
            .map(|(i, _)| (i + 1).to_string())
            .collect();
        (!open.is_empty()).then(|| open.join(", "))
    }

    /// Adds `entry` to the field, unless it holds [`MAX_PLAYERS`] already; gives its index.
    pub fn admit(&mut self, entry: Entry) -> Result<usize, Refusal> {
        if self.players.len() >= MAX_PLAYERS {
            return Err(Refusal::WrongState {
                status: self.status.name(),
                message: format!("it is full: {MAX_PLAYERS} players"),
            });
        }
        self.players.push(entry);
        Ok(self.players.len() - 1)
    }

    /// The invitation of the account `account`, if one waits.
    pub fn invitation_of(&self, account: &str) -> Option<usize> {
        self.invited
            .iter()
            .position(|p| p.account.as_deref() == Some(account))
    }

    /// The entrant whose account is `account`, if entered.
    pub fn entrant_of(&self, account: &str) -> Option<usize> {
        self.players
            .iter()
            .position(|p| p.account.as_deref() == Some(account))
    }
}

/// A board as a pairing of the record, once it has a result.
fn pairing(b: &Board) -> Option<Pairing> {
    Some(as_pairing(b.sente, b.gote, b.result?))
}

/// A game of `sente` and `gote` that ended `outcome`, as a pairing of the record.
pub fn as_pairing(sente: usize, gote: usize, outcome: Outcome) -> Pairing {
    let game = |result| Pairing::Game {
        sente,
        gote,
        result,
    };
    match outcome {
        Outcome::Sente => game(GameResult::SenteWins),
        Outcome::Gote => game(GameResult::GoteWins),
        Outcome::Draw => game(GameResult::Draw),
        Outcome::Unplayed => game(GameResult::Unplayed),
        Outcome::SenteForfeitWin => Pairing::Forfeit {
            winner: sente,
            loser: gote,
        },
        Outcome::GoteForfeitWin => Pairing::Forfeit {
            winner: gote,
            loser: sente,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_tournament_admits_nobody_more() {
        let body = serde_json::json!({
            "id": "t", "director": "d", "director_name": "D", "status": "entries",
            "created_ms": 0, "seed": 7, "players": [], "rounds": [],
            "settings": {"name": "S", "format": "swiss", "rounds": 3},
        });
        let mut t: Tournament = serde_json::from_value(body).unwrap();
        let entry = |i: usize| Entry {
            name: format!("P{i}"),
            account: None,
            username: None,
            rating: 1500,
            start_score: 0,
            fesa_id: None,
            fesa_games: None,
            nationality: None,
            first_round: 0,
            withdrawn_from: None,
        };
        for i in 0..MAX_PLAYERS {
            assert_eq!(t.admit(entry(i)), Ok(i));
        }
        let refused = t.admit(entry(MAX_PLAYERS)).unwrap_err();
        assert_eq!(refused.code(), "wrong_state");
        assert!(refused.to_string().contains("full"), "{refused}");
        assert_eq!(t.players.len(), MAX_PLAYERS);
    }
}
