//! The European Shogi Championship's format: a knockout seeded by rating, and a parallel Swiss
//! that the players knocked out join, keeping their points.
//!
//! The whole event is one [`Record`]: in each round the knockout's matches and the Swiss games
//! of those already out are entries of the same [`crate::record::Round`]. A knockout match is
//! recorded as one entry (see [`crate::knockout_games::as_pairing`]: one game won by the player
//! who went on, or a forfeit), so the knockout results count as Swiss games for points and
//! tie-breaks with nothing converted. A knockout bye is a [`Pairing::Bye`] and scores as one.
//!
//! The knockout field is every entrant present from the first round, seeded by rating
//! ([`crate::knockout::first_round`]); a late entrant plays only the Swiss. A player knocked
//! out in round r (0-based) plays the Swiss from round r + 1. A knockout player who has
//! withdrawn loses their match by walkover: the opponent goes on whatever the record holds
//! for them that round (nothing, or a bye).
//!
//! The Swiss pairing itself is the `swiss` module's; [`swiss_field`] gives its input.

use crate::knockout::{KnockoutError, KnockoutMatch, first_round, next_round};
use crate::record::{GameResult, Pairing, Record};
use crate::standings::{Standing, StandingsError, TieBreak, standings};
use crate::swiss::SwissPlayer;
use thiserror::Error;

/// What is wrong with an ESC record, or with what is asked of it.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EscError {
    /// The bracket could not be made or advanced.
    #[error(transparent)]
    Knockout(#[from] KnockoutError),
    /// The tie-breaks asked for are wrong.
    #[error(transparent)]
    Standings(#[from] StandingsError),
    /// A round beyond the record was asked for.
    #[error("round {round} was asked for, but the record has only {rounds} rounds")]
    RoundOutOfRange {
        /// The round asked for (0-based, as given).
        round: usize,
        /// The rounds recorded.
        rounds: usize,
    },
    /// A knockout player's entry in a round is not their match.
    #[error(
        "round {round}: knockout player {player} should meet {opponent}, but the record has {found:?}"
    )]
    NotTheirMatch {
        /// Round (1-based).
        round: usize,
        /// The player.
        player: usize,
        /// Their opponent in the bracket.
        opponent: usize,
        /// Their entry in the record that round, if any.
        found: Option<Pairing>,
    },
    /// A knockout match is recorded drawn or unplayed: a match must be decided.
    #[error("round {round}: the knockout match between {a} and {b} is recorded without a winner")]
    Undecided {
        /// Round (1-based).
        round: usize,
        /// One player.
        a: usize,
        /// The other.
        b: usize,
    },
    /// A knockout bye is not recorded as a bye.
    #[error("round {round}: {player} has a knockout bye, but the record has {found:?}")]
    ByeMissing {
        /// Round (1-based).
        round: usize,
        /// The player.
        player: usize,
        /// Their entry in the record that round, if any.
        found: Option<Pairing>,
    },
}

/// The knockout as far as the record goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EscState {
    /// The knockout's rounds: those recorded and, while undecided, the next one.
    pub bracket: Vec<Vec<KnockoutMatch>>,
    /// For each entrant, the round (0-based) they were knocked out in, if they were.
    pub knocked_out: Vec<Option<usize>>,
    /// The winner of the final, once it is recorded.
    pub champion: Option<usize>,
}

impl EscState {
    /// Whether `player` is in the Swiss in round `round`: knocked out in an earlier round, or a
    /// late entrant (who never was in the knockout). Presence that round is not checked here.
    pub fn in_swiss(&self, record: &Record, player: usize, round: usize) -> bool {
        self.knocked_out[player].is_some_and(|r| r < round)
            || record.entrants()[player].first_round > 0
    }
}

/// Each player's entry in a round.
fn entries(record: &Record, round: usize) -> Vec<Option<Pairing>> {
    let mut of = vec![None; record.entrants().len()];
    for pairing in &record.rounds()[round].pairings {
        for p in pairing.players() {
            of[p] = Some(*pairing);
        }
    }
    of
}

/// The winner of the match `a` v `b` in round `round` (0-based), read from the record.
fn match_winner(
    record: &Record,
    entry: &[Option<Pairing>],
    round: usize,
    a: usize,
    b: usize,
) -> Result<usize, EscError> {
    let present = |p: usize| record.entrants()[p].present_in(round);
    match (present(a), present(b)) {
        (true, false) => return Ok(a),
        (false, true) => return Ok(b),
        _ => {}
    }
    let undecided = EscError::Undecided {
        round: round + 1,
        a,
        b,
    };
    for (player, opponent) in [(a, b), (b, a)] {
        let found = entry[player];
        let theirs = found.is_some_and(|f| {
            let ps = f.players();
            ps.len() == 2 && ps.contains(&opponent)
        });
        if !theirs {
            return Err(EscError::NotTheirMatch {
                round: round + 1,
                player,
                opponent,
                found,
            });
        }
    }
    match entry[a] {
        Some(Pairing::Game {
            sente,
            gote,
            result,
        }) => match result {
            GameResult::SenteWins => Ok(sente),
            GameResult::GoteWins => Ok(gote),
            GameResult::Draw | GameResult::Unplayed => Err(undecided),
        },
        Some(Pairing::Forfeit { winner, .. }) => Ok(winner),
        _ => Err(undecided),
    }
}

/// The knockout as it stands before round `round` (0-based; at most the rounds recorded):
/// the bracket read from the record's first `round` rounds, and the next knockout round.
pub fn state(record: &Record, round: usize) -> Result<EscState, EscError> {
    let rounds = record.rounds().len();
    if round > rounds {
        return Err(EscError::RoundOutOfRange { round, rounds });
    }
    let field: Vec<usize> = (0..record.entrants().len())
        .filter(|&p| record.entrants()[p].first_round == 0)
        .collect();
    let ratings: Vec<i32> = field.iter().map(|&p| record.entrants()[p].rating).collect();
    let to_entrant = |m: KnockoutMatch| match m {
        KnockoutMatch::Game(mut b) => {
            b.sente = field[b.sente];
            b.gote = field[b.gote];
            KnockoutMatch::Game(b)
        }
        KnockoutMatch::Bye(p) => KnockoutMatch::Bye(field[p]),
    };
    let mut bracket = vec![
        first_round(&ratings)?
            .into_iter()
            .map(to_entrant)
            .collect::<Vec<_>>(),
    ];
    let mut knocked_out = vec![None; record.entrants().len()];
    let mut champion = None;
    for r in 0..round {
        let current = &bracket[r];
        let entry = entries(record, r);
        let mut winners = Vec::new();
        for m in current {
            match *m {
                KnockoutMatch::Bye(p) => {
                    if entry[p] != Some(Pairing::Bye { player: p })
                        && record.entrants()[p].present_in(r)
                    {
                        return Err(EscError::ByeMissing {
                            round: r + 1,
                            player: p,
                            found: entry[p],
                        });
                    }
                }
                KnockoutMatch::Game(b) => {
                    let w = match_winner(record, &entry, r, b.sente, b.gote)?;
                    knocked_out[if w == b.sente { b.gote } else { b.sente }] = Some(r);
                    winners.push(w);
                }
            }
        }
        if current.len() == 1 {
            champion = winners.first().copied();
            break;
        }
        let next = next_round(current, &winners)?;
        bracket.push(next);
    }
    Ok(EscState {
        bracket,
        knocked_out,
        champion,
    })
}

/// The Swiss field of round `round` (0-based, at most the rounds recorded): the players in
/// the Swiss that round (see [`EscState::in_swiss`]) who are present, in entrant order, with
/// their scores and histories from the rounds before it, knockout matches included, as
/// [`crate::field::swiss_field`] reads them.
pub fn swiss_field(record: &Record, round: usize) -> Result<Vec<SwissPlayer>, EscError> {
    let esc = state(record, round)?;
    Ok(crate::field::swiss_field(record, round)
        .into_iter()
        .filter(|p| esc.in_swiss(record, p.id as usize, round))
        .collect())
}

/// The Swiss standings after every recorded round: the standings of the whole event
/// (knockout matches counting as games, see the module documentation) restricted to the
/// players of the Swiss — everyone but the champion and those still in the knockout — and
/// ranked again among themselves.
pub fn swiss_standings(record: &Record, order: &[TieBreak]) -> Result<Vec<Standing>, EscError> {
    let end = record.rounds().len();
    let esc = state(record, end)?;
    let all = standings(record, order)?;
    let mut table: Vec<Standing> = Vec::new();
    for s in all {
        if !esc.in_swiss(record, s.player, end) {
            continue;
        }
        let rank = match table.last() {
            Some(prev) if prev.score == s.score && prev.tie_breaks == s.tie_breaks => prev.rank,
            _ => table.len() + 1,
        };
        table.push(Standing { rank, ..s });
    }
    Ok(table)
}
