//! An online knockout match: when a game is drawn, the director's rule (the event's
//! `knockout_draw`) starts the next game at once, an armageddon game (a draw counts as gote's
//! win; sente by furigoma) or a rematch with the colours reversed, until one decides. Which
//! game comes next is koma_tournament::knockout_games's; this keeps the drawn games on the
//! board and gives the board the match's result, on the first game's colours.

use super::model::{Board, Outcome, Replayed, Tournament, as_pairing};
use super::settings::{Format, KnockoutDraw};
use koma_tournament::knockout_games::{ArmageddonSente, DrawRule, MatchStep, step};
use koma_tournament::record::{Board as Seats, Pairing};

/// The most games a match under the rematch rule may have; then the director decides.
pub const REMATCH_GAMES: usize = 4;

/// Whether a drawn game of `t` leads to another game rather than to the director.
pub fn plays_deciders(t: &Tournament) -> bool {
    t.settings.format == Format::Knockout && t.settings.online
}

/// The director's rule for board `i` of round `r` (its armageddon toss drawn from the
/// tournament's seed and the board's place).
fn rule(t: &Tournament, r: usize, i: usize) -> DrawRule {
    match t.settings.knockout_draw {
        KnockoutDraw::Armageddon => {
            let place = ((r as u64) << 32) ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            DrawRule::Armageddon(ArmageddonSente::Furigoma {
                seed: t.seed ^ place ^ 0xA11A,
            })
        }
        KnockoutDraw::Rematch => DrawRule::Rematch {
            max_games: REMATCH_GAMES,
        },
    }
}

/// The games of the match on `b` so far, and `then` after them, as the record's pairings.
fn games(b: &Board, then: Option<(Seats, Outcome)>) -> Vec<Pairing> {
    b.drawn
        .iter()
        .map(|d| as_pairing(d.sente, d.gote, d.result))
        .chain(then.map(|(s, o)| as_pairing(s.sente, s.gote, o)))
        .collect()
}

/// Where the match on board `i` of round `r` stands; `None` when the director must decide
/// (every game the rematch rule allows drawn, or a game left unplayed).
fn standing(
    t: &Tournament,
    r: usize,
    i: usize,
    b: &Board,
    then: Option<(Seats, Outcome)>,
) -> Option<MatchStep> {
    let first = Seats {
        sente: b.sente,
        gote: b.gote,
    };
    step(first, rule(t, r, i), &games(b, then)).ok()
}

/// The seats of the game to play now on board `i` of round `r`: the board's own, or the
/// next decider's; `None` if the director must decide the match.
pub fn seats(t: &Tournament, r: usize, i: usize, b: &Board) -> Option<Seats> {
    let own = Seats {
        sente: b.sente,
        gote: b.gote,
    };
    if b.drawn.is_empty() {
        return Some(own);
    }
    match standing(t, r, i, b, None)? {
        MatchStep::Play { board, .. } => Some(board),
        MatchStep::Decided { .. } => None,
    }
}

/// Board `i` of round `r` after its current game ended `outcome`: the match's result if that
/// decided it; else the game is kept as drawn and the board waits for its next game (none
/// when the director must decide).
pub fn game_ended(t: &Tournament, r: usize, i: usize, b: &mut Board, outcome: Outcome) {
    // A handicap game keeps its seats: a draw there is for the director to settle.
    let now = seats(t, r, i, b).filter(|_| b.handicap.is_none());
    let Some(now) = now else {
        b.result = Some(outcome);
        return;
    };
    match standing(t, r, i, b, Some((now, outcome))) {
        // The first game decided: its own result (a forfeit stays a forfeit).
        Some(MatchStep::Decided { .. }) if b.drawn.is_empty() => b.result = Some(outcome),
        Some(MatchStep::Decided { winner, .. }) => {
            b.result = Some(if winner == b.sente {
                Outcome::Sente
            } else {
                Outcome::Gote
            });
        }
        Some(MatchStep::Play { .. }) | None => b.drawn.push(Replayed {
            sente: now.sente,
            gote: now.gote,
            game: b.game.take(),
            result: outcome,
        }),
    }
}
