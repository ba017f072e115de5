//! A tournament's record: the entrants and what happened to each of them in each round. This is
//! all the standings are computed from; it knows nothing of the server.
//!
//! Points are integers in half points (a win is 2, a draw 1), so no score is ever rounded.
//!
//! Handicap games are marked in a side table ([`Record::with_handicaps`]) rather than in the
//! pairings, so that pairings built without handicaps need no change.

use koma_rules::Handicap;
use thiserror::Error;

/// Half points for a win (two half points: one whole point).
pub const WIN: i32 = 2;
/// Half points for a draw.
pub const DRAW: i32 = 1;

/// One player in the field, known by their index in [`Record::entrants`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entrant {
    /// The name shown in the standings.
    pub name: String,
    /// The rating the field is seeded by.
    pub rating: i32,
    /// McMahon start score in half points (0 in a Swiss or round robin).
    pub start_score: i32,
    /// The first round (0-based) the player takes part in: later than 0 for a late entry.
    pub first_round: usize,
    /// The round (0-based) from which the player no longer plays, if they withdrew.
    pub withdrawn_from: Option<usize>,
}

impl Entrant {
    /// An entrant present from the first round to the last, with no start score.
    pub fn new(name: impl Into<String>, rating: i32) -> Self {
        Entrant {
            name: name.into(),
            rating,
            start_score: 0,
            first_round: 0,
            withdrawn_from: None,
        }
    }

    /// Whether the player is in the tournament in round `round` (0-based).
    pub fn present_in(&self, round: usize) -> bool {
        round >= self.first_round && self.withdrawn_from.is_none_or(|w| round < w)
    }
}

/// The result of a game on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    /// Sente (the first player) won.
    SenteWins,
    /// Gote (the second player) won.
    GoteWins,
    /// A draw (sennichite, jishogi by agreement, ...).
    Draw,
    /// The game did not take place (cancelled, or both absent): no points for either.
    Unplayed,
}

impl GameResult {
    /// Half points for sente and for gote; `None` for a game not played.
    pub fn points(self) -> Option<(i32, i32)> {
        match self {
            GameResult::SenteWins => Some((WIN, 0)),
            GameResult::GoteWins => Some((0, WIN)),
            GameResult::Draw => Some((DRAW, DRAW)),
            GameResult::Unplayed => None,
        }
    }

    /// The result as crosstables and FESA's file mark it (`+` win, `=` draw, `-` loss), for
    /// sente and for gote; `None` for a game not played.
    pub fn marks(self) -> Option<(char, char)> {
        let mark = |points| match points {
            WIN => '+',
            DRAW => '=',
            _ => '-',
        };
        self.points().map(|(s, g)| (mark(s), mark(g)))
    }
}

/// Two entrants set to play, before the result is known. In an even game sente moves first;
/// in a handicap game koma follows SFEN and KIF: the giver (上手) takes gote's side and moves
/// first, the receiver (下手) is sente.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Board {
    /// Sente (black): the first player in an even game, the receiver in a handicap game.
    pub sente: usize,
    /// Gote (white): the second player in an even game, the giver in a handicap game.
    pub gote: usize,
}

impl Board {
    /// The game on this board, with its result.
    pub fn game(self, result: GameResult) -> Pairing {
        Pairing::Game {
            sente: self.sente,
            gote: self.gote,
            result,
        }
    }
}

/// One entry of a round: a game, a forfeit or a bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pairing {
    /// A game between two entrants.
    Game {
        /// The player moving first.
        sente: usize,
        /// The player moving second.
        gote: usize,
        /// How it ended.
        result: GameResult,
    },
    /// A game won by forfeit: the winner gets a win's points, but it is no game for tie-breaks.
    Forfeit {
        /// The player who was present.
        winner: usize,
        /// The player who did not show up.
        loser: usize,
    },
    /// A bye: the player is unpaired and gets the event's bye points.
    Bye {
        /// The unpaired player.
        player: usize,
    },
}

impl Pairing {
    /// The entrants this pairing involves (one for a bye, two otherwise).
    pub fn players(&self) -> Vec<usize> {
        match *self {
            Pairing::Game { sente, gote, .. } => vec![sente, gote],
            Pairing::Forfeit { winner, loser } => vec![winner, loser],
            Pairing::Bye { player } => vec![player],
        }
    }
}

/// A round: its pairings. An entrant present in the round but in no pairing is absent and
/// scores nothing that round.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Round {
    /// The games, forfeits and byes of the round.
    pub pairings: Vec<Pairing>,
}

/// What one round was for one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// A game played on the board against `opponent`, scoring `points` half points.
    Played {
        /// The opponent's index.
        opponent: usize,
        /// Half points the player scored (2, 1 or 0).
        points: i32,
    },
    /// No game was played (bye, forfeit either way, absence, not yet entered, withdrawn, or a
    /// game marked unplayed); `points` are what the round gave anyway.
    Unplayed {
        /// Half points scored without a game (a bye's or a forfeit win's points, else 0).
        points: i32,
    },
}

impl Outcome {
    /// Half points this round gave.
    pub fn points(&self) -> i32 {
        match *self {
            Outcome::Played { points, .. } | Outcome::Unplayed { points } => points,
        }
    }
}

/// What is wrong with a record.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordError {
    /// A pairing names an entrant that does not exist.
    #[error("round {round}: entrant {player} does not exist (the field has {field})")]
    NoSuchEntrant {
        /// Round (1-based).
        round: usize,
        /// The index named.
        player: usize,
        /// The number of entrants.
        field: usize,
    },
    /// An entrant appears twice in one round.
    #[error("round {round}: entrant {player} is paired twice")]
    PairedTwice {
        /// Round (1-based).
        round: usize,
        /// The entrant.
        player: usize,
    },
    /// A pairing sets an entrant against themself.
    #[error("round {round}: entrant {player} is paired against themself")]
    SelfPairing {
        /// Round (1-based).
        round: usize,
        /// The entrant.
        player: usize,
    },
    /// An entrant is paired in a round before their entry or after their withdrawal.
    #[error("round {round}: entrant {player} is paired but not in the tournament that round")]
    NotPresent {
        /// Round (1-based).
        round: usize,
        /// The entrant.
        player: usize,
    },
    /// The bye is worth neither a half nor a whole point.
    #[error("a bye is worth {0} half points; it must be 1 (half a point) or 2 (a whole point)")]
    ByePoints(i32),
    /// A handicap is noted for a player who played no game that round.
    #[error("round {round}: entrant {giver} is noted as giving a handicap but played no game")]
    HandicapWithoutGame {
        /// Round (1-based).
        round: usize,
        /// The entrant noted as the giver.
        giver: usize,
    },
    /// A handicap noted as the even game, or noted twice for one game.
    #[error("round {round}: the game of entrant {giver} has a second or an even-game handicap")]
    BadHandicap {
        /// Round (1-based).
        round: usize,
        /// The entrant noted as the giver.
        giver: usize,
    },
}

/// A handicap given in one game: the round (0-based), the player who gave it (上手) and which.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameHandicap {
    /// The round (0-based) of the game.
    pub round: usize,
    /// The entrant who gave the handicap.
    pub giver: usize,
    /// The handicap given (never [`Handicap::Even`]).
    pub handicap: Handicap,
}

/// A tournament's field and rounds so far, checked to be consistent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    entrants: Vec<Entrant>,
    rounds: Vec<Round>,
    bye_points: i32,
    handicaps: Vec<GameHandicap>,
}

impl Record {
    /// Checks and builds a record. `bye_points` is what a bye is worth in half points: 2 (a
    /// whole point) or 1 (half a point), as the event sets.
    pub fn new(
        entrants: Vec<Entrant>,
        rounds: Vec<Round>,
        bye_points: i32,
    ) -> Result<Self, RecordError> {
        if bye_points != DRAW && bye_points != WIN {
            return Err(RecordError::ByePoints(bye_points));
        }
        for (r, round) in rounds.iter().enumerate() {
            let mut seen = vec![false; entrants.len()];
            for pairing in &round.pairings {
                let players = pairing.players();
                if players.len() == 2 && players[0] == players[1] {
                    return Err(RecordError::SelfPairing {
                        round: r + 1,
                        player: players[0],
                    });
                }
                for p in players {
                    let Some(entrant) = entrants.get(p) else {
                        return Err(RecordError::NoSuchEntrant {
                            round: r + 1,
                            player: p,
                            field: entrants.len(),
                        });
                    };
                    if !entrant.present_in(r) {
                        return Err(RecordError::NotPresent {
                            round: r + 1,
                            player: p,
                        });
                    }
                    if std::mem::replace(&mut seen[p], true) {
                        return Err(RecordError::PairedTwice {
                            round: r + 1,
                            player: p,
                        });
                    }
                }
            }
        }
        Ok(Record {
            entrants,
            rounds,
            bye_points,
            handicaps: Vec::new(),
        })
    }

    /// The record with these handicap games noted: each names a player who played a game (one
    /// with a result or not) in that round, at most one per game, none the even game.
    pub fn with_handicaps(mut self, handicaps: Vec<GameHandicap>) -> Result<Self, RecordError> {
        for (i, h) in handicaps.iter().enumerate() {
            let round = h.round + 1;
            let Some(game) = self.game_of(h.round, h.giver) else {
                return Err(RecordError::HandicapWithoutGame {
                    round,
                    giver: h.giver,
                });
            };
            let twice = handicaps[..i]
                .iter()
                .any(|o| o.round == h.round && game.players().contains(&o.giver));
            if twice || h.handicap == Handicap::Even {
                return Err(RecordError::BadHandicap {
                    round,
                    giver: h.giver,
                });
            }
        }
        self.handicaps = handicaps;
        Ok(self)
    }

    /// The handicap games noted.
    pub fn handicaps(&self) -> &[GameHandicap] {
        &self.handicaps
    }

    /// The handicap of `player`'s game in `round` (0-based), if one was noted: who gave it and
    /// which.
    pub fn handicap_in(&self, round: usize, player: usize) -> Option<(usize, Handicap)> {
        let game = self.game_of(round, player)?;
        self.handicaps
            .iter()
            .find(|h| h.round == round && game.players().contains(&h.giver))
            .map(|h| (h.giver, h.handicap))
    }

    /// The game (a [`Pairing::Game`]) `player` was paired in for `round`, if any.
    fn game_of(&self, round: usize, player: usize) -> Option<Pairing> {
        self.rounds.get(round)?.pairings.iter().copied().find(|p| {
            matches!(*p, Pairing::Game { sente, gote, .. } if sente == player || gote == player)
        })
    }

    /// The field.
    pub fn entrants(&self) -> &[Entrant] {
        &self.entrants
    }

    /// The rounds so far.
    pub fn rounds(&self) -> &[Round] {
        &self.rounds
    }

    /// What a bye is worth, in half points.
    pub fn bye_points(&self) -> i32 {
        self.bye_points
    }

    /// Every player's outcome in every round: `outcomes()[player][round]`.
    pub fn outcomes(&self) -> Vec<Vec<Outcome>> {
        let unplayed = Outcome::Unplayed { points: 0 };
        let mut table = vec![vec![unplayed; self.rounds.len()]; self.entrants.len()];
        for (r, round) in self.rounds.iter().enumerate() {
            for pairing in &round.pairings {
                match *pairing {
                    Pairing::Game {
                        sente,
                        gote,
                        result,
                    } => {
                        let Some((s, g)) = result.points() else {
                            continue;
                        };
                        table[sente][r] = Outcome::Played {
                            opponent: gote,
                            points: s,
                        };
                        table[gote][r] = Outcome::Played {
                            opponent: sente,
                            points: g,
                        };
                    }
                    Pairing::Forfeit { winner, .. } => {
                        table[winner][r] = Outcome::Unplayed { points: WIN };
                    }
                    Pairing::Bye { player } => {
                        table[player][r] = Outcome::Unplayed {
                            points: self.bye_points,
                        };
                    }
                }
            }
        }
        table
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(n: usize) -> Vec<Entrant> {
        (0..n)
            .map(|i| Entrant::new(format!("P{i}"), 1500))
            .collect()
    }

    #[test]
    fn outcomes_score_games_forfeits_and_byes() {
        let rounds = vec![Round {
            pairings: vec![
                Pairing::Game {
                    sente: 0,
                    gote: 1,
                    result: GameResult::GoteWins,
                },
                Pairing::Forfeit {
                    winner: 2,
                    loser: 3,
                },
                Pairing::Bye { player: 4 },
            ],
        }];
        let record = Record::new(field(6), rounds, DRAW).unwrap();
        let o = record.outcomes();
        assert_eq!(
            o[0][0],
            Outcome::Played {
                opponent: 1,
                points: 0
            }
        );
        assert_eq!(
            o[1][0],
            Outcome::Played {
                opponent: 0,
                points: WIN
            }
        );
        assert_eq!(o[2][0], Outcome::Unplayed { points: WIN });
        assert_eq!(o[3][0], Outcome::Unplayed { points: 0 });
        assert_eq!(o[4][0], Outcome::Unplayed { points: DRAW });
        assert_eq!(o[5][0], Outcome::Unplayed { points: 0 });
    }

    #[test]
    fn bad_records_are_refused_with_the_reason() {
        let game = |s, g| Pairing::Game {
            sente: s,
            gote: g,
            result: GameResult::Draw,
        };
        let one = |p: Vec<Pairing>| vec![Round { pairings: p }];
        assert_eq!(
            Record::new(field(2), one(vec![game(0, 2)]), WIN),
            Err(RecordError::NoSuchEntrant {
                round: 1,
                player: 2,
                field: 2
            })
        );
        assert_eq!(
            Record::new(
                field(3),
                one(vec![game(0, 1), Pairing::Bye { player: 1 }]),
                WIN
            ),
            Err(RecordError::PairedTwice {
                round: 1,
                player: 1
            })
        );
        assert_eq!(
            Record::new(field(2), one(vec![game(1, 1)]), WIN),
            Err(RecordError::SelfPairing {
                round: 1,
                player: 1
            })
        );
        let mut late = field(2);
        late[1].first_round = 1;
        assert_eq!(
            Record::new(late, one(vec![game(0, 1)]), WIN),
            Err(RecordError::NotPresent {
                round: 1,
                player: 1
            })
        );
        let mut gone = field(2);
        gone[0].withdrawn_from = Some(0);
        assert_eq!(
            Record::new(gone, one(vec![game(0, 1)]), WIN),
            Err(RecordError::NotPresent {
                round: 1,
                player: 0
            })
        );
        assert_eq!(
            Record::new(field(2), vec![], 3),
            Err(RecordError::ByePoints(3))
        );
    }

    #[test]
    fn handicaps_are_noted_per_game_and_checked() {
        let rounds = vec![Round {
            pairings: vec![
                Pairing::Game {
                    sente: 0,
                    gote: 1,
                    result: GameResult::SenteWins,
                },
                Pairing::Bye { player: 2 },
            ],
        }];
        let record = Record::new(field(3), rounds, WIN).unwrap();
        let lance = |giver| GameHandicap {
            round: 0,
            giver,
            handicap: Handicap::Lance,
        };
        let noted = record.clone().with_handicaps(vec![lance(1)]).unwrap();
        assert_eq!(noted.handicap_in(0, 0), Some((1, Handicap::Lance)));
        assert_eq!(noted.handicap_in(0, 1), Some((1, Handicap::Lance)));
        assert_eq!(noted.handicap_in(0, 2), None);
        assert_eq!(noted.handicap_in(1, 0), None);
        assert_eq!(record.handicap_in(0, 0), None);
        assert_eq!(
            record.clone().with_handicaps(vec![lance(2)]),
            Err(RecordError::HandicapWithoutGame { round: 1, giver: 2 })
        );
        assert_eq!(
            record.clone().with_handicaps(vec![lance(1), lance(0)]),
            Err(RecordError::BadHandicap { round: 1, giver: 0 })
        );
        let even = GameHandicap {
            handicap: Handicap::Even,
            ..lance(0)
        };
        assert_eq!(
            record.with_handicaps(vec![even]),
            Err(RecordError::BadHandicap { round: 1, giver: 0 })
        );
    }
}
