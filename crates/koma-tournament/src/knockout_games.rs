//! The games of one knockout match: the first game, and when it is drawn, the director's rule.
//!
//! - [`DrawRule::Armageddon`]: one more game in which a draw counts as a win for gote. Who is
//!   sente is given by the director or drawn by furigoma from a seed (the five-pawn toss of
//!   [`koma_game::furigoma`], thrown for the match's senior player: the first game's sente,
//!   which [`crate::knockout`] writes as the higher seed or the upper half of the bracket).
//! - [`DrawRule::Rematch`]: the game is replayed with the colours reversed, as shogi replays
//!   a sennichite, until one is decided; after the limit of games the match is an error for
//!   the director to settle (for instance by armageddon), never a silent choice.
//!
//! A forfeit in any game decides the match for the player present. The games are given as
//! [`Pairing`]s, the way the rest of the crate records them.

use crate::record::{Board, GameResult, Pairing};
use koma_game::furigoma::Toss;
use thiserror::Error;

/// Who has sente in an armageddon game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArmageddonSente {
    /// Drawn by furigoma from this seed, thrown for the first game's sente.
    Furigoma {
        /// The seed of the toss (the same seed gives the same toss).
        seed: u64,
    },
    /// This player (one of the match's two) has sente, as the director decided.
    Given(usize),
}

/// What the director decided for a drawn game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DrawRule {
    /// One more game; a draw in it counts as a win for gote.
    Armageddon(ArmageddonSente),
    /// Replay with the colours reversed, at most `max_games` games in all (first included).
    Rematch {
        /// The most games the match may have (at least 1).
        max_games: usize,
    },
}

/// Where a match stands after the games played so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchStep {
    /// The next game to play.
    Play {
        /// Its players and colours.
        board: Board,
        /// Whether a draw in it counts as a win for gote.
        armageddon: bool,
    },
    /// The match is over.
    Decided {
        /// The player who goes on.
        winner: usize,
        /// The player knocked out.
        loser: usize,
    },
}

/// What is wrong with a match's games.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MatchError {
    /// A game was not between the expected players in the expected colours.
    #[error(
        "game {game} of the match should be {sente} (sente) against {gote} (gote), not {found:?}"
    )]
    WrongBoard {
        /// The game (from 1).
        game: usize,
        /// The expected sente.
        sente: usize,
        /// The expected gote.
        gote: usize,
        /// The pairing given.
        found: Pairing,
    },
    /// A game of a knockout match was left unplayed; a forfeit must be entered instead.
    #[error("game {0} of the match is unplayed; a knockout game is played or forfeited")]
    Unplayed(usize),
    /// Games were given after the match was decided.
    #[error("the match was decided by game {decided}, but {given} games were given")]
    AfterDecision {
        /// The game that decided it (from 1).
        decided: usize,
        /// The games given.
        given: usize,
    },
    /// Every game the rematch rule allows was drawn.
    #[error("all {0} games the rematch rule allows were drawn; the director must decide the match")]
    RematchLimit(usize),
    /// The rematch rule allows no game at all.
    #[error("the rematch rule must allow at least one game")]
    NoGames,
    /// The player given sente in the armageddon game is not in the match.
    #[error("player {player} is given sente in the armageddon but the match is {a} against {b}")]
    NotInMatch {
        /// The player given.
        player: usize,
        /// One player of the match.
        a: usize,
        /// The other.
        b: usize,
    },
    /// The match is not decided yet, so it has no result to record.
    #[error("the match is not decided yet")]
    Undecided,
}

/// The board of the armageddon game after a drawn first game on `first`.
fn armageddon_board(first: Board, sente: ArmageddonSente) -> Result<Board, MatchError> {
    let swapped = Board {
        sente: first.gote,
        gote: first.sente,
    };
    match sente {
        ArmageddonSente::Furigoma { seed } if Toss::from_seed(seed).senior_is_sente() => Ok(first),
        ArmageddonSente::Furigoma { .. } => Ok(swapped),
        ArmageddonSente::Given(p) if p == first.sente => Ok(first),
        ArmageddonSente::Given(p) if p == first.gote => Ok(swapped),
        ArmageddonSente::Given(p) => Err(MatchError::NotInMatch {
            player: p,
            a: first.sente,
            b: first.gote,
        }),
    }
}

/// The winner of a game on `board` (None for a draw that decides nothing).
fn winner_of(
    game: usize,
    board: Board,
    pairing: &Pairing,
    armageddon: bool,
) -> Result<Option<usize>, MatchError> {
    let wrong = || MatchError::WrongBoard {
        game,
        sente: board.sente,
        gote: board.gote,
        found: *pairing,
    };
    match *pairing {
        Pairing::Game {
            sente,
            gote,
            result,
        } if sente == board.sente && gote == board.gote => match result {
            GameResult::SenteWins => Ok(Some(sente)),
            GameResult::GoteWins => Ok(Some(gote)),
            GameResult::Draw if armageddon => Ok(Some(gote)),
            GameResult::Draw => Ok(None),
            GameResult::Unplayed => Err(MatchError::Unplayed(game)),
        },
        Pairing::Forfeit { winner, loser }
            if (winner, loser) == (board.sente, board.gote)
                || (winner, loser) == (board.gote, board.sente) =>
        {
            Ok(Some(winner))
        }
        _ => Err(wrong()),
    }
}

/// Where the match begun on `first` stands after `games` (in order) under `rule`.
pub fn step(first: Board, rule: DrawRule, games: &[Pairing]) -> Result<MatchStep, MatchError> {
    if rule == (DrawRule::Rematch { max_games: 0 }) {
        return Err(MatchError::NoGames);
    }
    let mut board = first;
    let mut armageddon = false;
    for (i, pairing) in games.iter().enumerate() {
        if let Some(winner) = winner_of(i + 1, board, pairing, armageddon)? {
            if games.len() > i + 1 {
                return Err(MatchError::AfterDecision {
                    decided: i + 1,
                    given: games.len(),
                });
            }
            let loser = if winner == board.sente {
                board.gote
            } else {
                board.sente
            };
            return Ok(MatchStep::Decided { winner, loser });
        }
        match rule {
            DrawRule::Armageddon(sente) => {
                board = armageddon_board(first, sente)?;
                armageddon = true;
            }
            DrawRule::Rematch { max_games } if i + 1 >= max_games => {
                return Err(MatchError::RematchLimit(max_games));
            }
            DrawRule::Rematch { .. } => {
                board = Board {
                    sente: board.gote,
                    gote: board.sente,
                };
            }
        }
    }
    Ok(MatchStep::Play { board, armageddon })
}

/// A decided match as one entry of a [`crate::record::Round`]: for points and tie-breaks a
/// knockout match counts as one game, won by the player who went on, on the first game's
/// board; a match decided by a forfeit in its only game is a forfeit.
pub fn as_pairing(first: Board, rule: DrawRule, games: &[Pairing]) -> Result<Pairing, MatchError> {
    match step(first, rule, games)? {
        MatchStep::Play { .. } => Err(MatchError::Undecided),
        MatchStep::Decided { winner, loser } => Ok(match games {
            [Pairing::Forfeit { .. }] => Pairing::Forfeit { winner, loser },
            _ => first.game(if winner == first.sente {
                GameResult::SenteWins
            } else {
                GameResult::GoteWins
            }),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const B: Board = Board { sente: 3, gote: 7 };

    fn g(sente: usize, gote: usize, result: GameResult) -> Pairing {
        Pairing::Game {
            sente,
            gote,
            result,
        }
    }

    #[test]
    fn a_won_first_game_decides() {
        let rule = DrawRule::Rematch { max_games: 3 };
        assert_eq!(
            step(B, rule, &[]),
            Ok(MatchStep::Play {
                board: B,
                armageddon: false
            })
        );
        assert_eq!(
            step(B, rule, &[g(3, 7, GameResult::GoteWins)]),
            Ok(MatchStep::Decided {
                winner: 7,
                loser: 3
            })
        );
        assert_eq!(
            as_pairing(
                B,
                rule,
                &[Pairing::Forfeit {
                    winner: 3,
                    loser: 7
                }]
            ),
            Ok(Pairing::Forfeit {
                winner: 3,
                loser: 7
            })
        );
    }

    #[test]
    fn armageddon_draw_goes_to_gote() {
        let rule = DrawRule::Armageddon(ArmageddonSente::Given(7));
        let draw = g(3, 7, GameResult::Draw);
        assert_eq!(
            step(B, rule, &[draw]),
            Ok(MatchStep::Play {
                board: Board { sente: 7, gote: 3 },
                armageddon: true
            })
        );
        assert_eq!(
            step(B, rule, &[draw, g(7, 3, GameResult::Draw)]),
            Ok(MatchStep::Decided {
                winner: 3,
                loser: 7
            })
        );
        // Recorded as one game won by the player who went on, on the first board.
        assert_eq!(
            as_pairing(B, rule, &[draw, g(7, 3, GameResult::Draw)]),
            Ok(g(3, 7, GameResult::SenteWins))
        );
        assert_eq!(
            step(B, DrawRule::Armageddon(ArmageddonSente::Given(5)), &[draw]),
            Err(MatchError::NotInMatch {
                player: 5,
                a: 3,
                b: 7
            })
        );
    }

    #[test]
    fn furigoma_follows_the_toss() {
        for seed in 0..20 {
            let rule = DrawRule::Armageddon(ArmageddonSente::Furigoma { seed });
            let Ok(MatchStep::Play { board, armageddon }) =
                step(B, rule, &[g(3, 7, GameResult::Draw)])
            else {
                panic!("a drawn first game asks for an armageddon");
            };
            assert!(armageddon);
            assert_eq!(board.sente == 3, Toss::from_seed(seed).senior_is_sente());
        }
    }

    #[test]
    fn rematches_reverse_colours_up_to_the_limit() {
        let rule = DrawRule::Rematch { max_games: 3 };
        let games = [g(3, 7, GameResult::Draw), g(7, 3, GameResult::Draw)];
        assert_eq!(
            step(B, rule, &games),
            Ok(MatchStep::Play {
                board: B,
                armageddon: false
            })
        );
        let three = [games[0], games[1], g(3, 7, GameResult::Draw)];
        assert_eq!(step(B, rule, &three), Err(MatchError::RematchLimit(3)));
        assert_eq!(
            step(B, DrawRule::Rematch { max_games: 0 }, &[]),
            Err(MatchError::NoGames)
        );
    }

    #[test]
    fn bad_games_are_named() {
        let rule = DrawRule::Rematch { max_games: 3 };
        // The replay must have the colours reversed.
        let same = g(3, 7, GameResult::SenteWins);
        assert_eq!(
            step(B, rule, &[g(3, 7, GameResult::Draw), same]),
            Err(MatchError::WrongBoard {
                game: 2,
                sente: 7,
                gote: 3,
                found: same
            })
        );
        assert_eq!(
            step(B, rule, &[g(3, 7, GameResult::Unplayed)]),
            Err(MatchError::Unplayed(1))
        );
        assert_eq!(
            step(
                B,
                rule,
                &[g(3, 7, GameResult::SenteWins), g(7, 3, GameResult::Draw)]
            ),
            Err(MatchError::AfterDecision {
                decided: 1,
                given: 2
            })
        );
        assert_eq!(as_pairing(B, rule, &[]), Err(MatchError::Undecided));
        assert!(matches!(
            step(B, rule, &[Pairing::Bye { player: 3 }]),
            Err(MatchError::WrongBoard { game: 1, .. })
        ));
    }
}
