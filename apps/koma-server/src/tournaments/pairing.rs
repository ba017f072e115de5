//! The next round of a tournament, by its format: Berger tables for round robins, the
//! seeded bracket for knockouts, and maximum-weight matching for Swiss and McMahon
//! (koma_tournament does the pairing; this turns the stored tournament into its input and
//! its answer into boards).

use super::model::{Board, Outcome, RoundRec, Slot, Tournament};
use super::refusal::Refusal;
use super::settings::{Colours, Format};
use koma_tournament::handicap::handicap_by_rating;
use koma_tournament::knockout::{self, KnockoutMatch};
use koma_tournament::record::Board as Pair;
use koma_tournament::round_robin;

/// The next round of `t` (its boards, bye and bracket), paired at `now_ms`.
pub fn next_round(t: &Tournament, now_ms: u64) -> Result<RoundRec, Refusal> {
    let r = t.rounds.len();
    let planned = t.rounds_planned();
    if r >= planned {
        return Err(Refusal::WrongState {
            status: t.status.name(),
            message: format!("all {planned} rounds are paired"),
        });
    }
    if let Some(boards) = t.open_boards() {
        return Err(Refusal::RoundUnfinished { round: r, boards });
    }
    let mut round = match t.settings.format {
        Format::RoundRobin | Format::DoubleRoundRobin => round_robin_round(t, r)?,
        Format::Knockout => knockout_round(t, r)?,
        Format::Swiss | Format::Mcmahon => super::pairing_swiss::swiss_round(t, r)?,
        Format::Arena => return Err(Refusal::invalid("format", "arena is not run here")),
    };
    round.started_at = Some(now_ms);
    if t.settings.handicap_by_rating {
        for b in &mut round.boards {
            give_handicap(t, b)?;
        }
    }
    // A withdrawn player's scheduled games (round robin, knockout) are lost by forfeit.
    for b in &mut round.boards {
        let (s, g) = (&t.players[b.sente], &t.players[b.gote]);
        b.result = match (s.present_in(r), g.present_in(r)) {
            (true, true) => None,
            (true, false) => Some(Outcome::SenteForfeitWin),
            (false, true) => Some(Outcome::GoteForfeitWin),
            (false, false) => Some(Outcome::Unplayed),
        };
    }
    Ok(round)
}

/// Board `b` as stored, no result yet.
fn board(p: Pair) -> Board {
    Board {
        sente: p.sente,
        gote: p.gote,
        result: None,
        game: None,
        handicap: None,
        drawn: Vec::new(),
    }
}

/// Round `r` (0-based) of the Berger tables of the whole field.
fn round_robin_round(t: &Tournament, r: usize) -> Result<RoundRec, Refusal> {
    let cycles = if t.settings.format == Format::DoubleRoundRobin {
        2
    } else {
        1
    };
    let table = round_robin::berger(t.players.len(), cycles)
        .map_err(|e| Refusal::Pairing(e.to_string()))?;
    let round = table
        .get(r)
        .ok_or_else(|| Refusal::Pairing(format!("the table has no round {}", r + 1)))?;
    Ok(RoundRec {
        boards: round.boards.iter().copied().map(board).collect(),
        bye: round.bye,
        ..RoundRec::default()
    })
}

/// Round `r` (0-based) of the knockout: the seeded first round, or the winners of the
/// last one (every game must have a winner: a draw is decided by the director's entry of
/// the armageddon or rematch).
fn knockout_round(t: &Tournament, r: usize) -> Result<RoundRec, Refusal> {
    let matches = if r == 0 {
        let ratings: Vec<i32> = t.players.iter().map(|p| p.rating).collect();
        knockout::first_round(&ratings).map_err(|e| Refusal::Pairing(e.to_string()))?
    } else {
        let last = &t.rounds[r - 1];
        let mut previous = Vec::new();
        let mut winners = Vec::new();
        for slot in &last.bracket {
            match *slot {
                Slot::Bye(p) => previous.push(KnockoutMatch::Bye(p)),
                Slot::Board(i) => {
                    let b = &last.boards[i];
                    let winner = b.winner().ok_or_else(|| {
                        Refusal::Pairing(format!(
                            "board {} of round {r} has no winner: enter the result of the {} that decides it",
                            i + 1,
                            match t.settings.knockout_draw {
                                super::settings::KnockoutDraw::Armageddon => "armageddon game",
                                super::settings::KnockoutDraw::Rematch => "rematch",
                            }
                        ))
                    })?;
                    previous.push(KnockoutMatch::Game(Pair {
                        sente: b.sente,
                        gote: b.gote,
                    }));
                    winners.push(winner);
                }
            }
        }
        knockout::next_round(&previous, &winners).map_err(|e| Refusal::Pairing(e.to_string()))?
    };
    // The ESC: those out already play their Swiss on the boards after the knockout's.
    let mut round = if t.settings.losers_swiss && r > 0 {
        super::pairing_swiss::losers_round(t, r)?
    } else {
        RoundRec::default()
    };
    let swiss_boards = std::mem::take(&mut round.boards);
    for (i, m) in matches.into_iter().enumerate() {
        match m {
            KnockoutMatch::Bye(p) => round.bracket.push(Slot::Bye(p)),
            KnockoutMatch::Game(mut pair) => {
                if t.settings.colours == Colours::Furigoma && toss(t.seed, r, i) {
                    pair = Pair {
                        sente: pair.gote,
                        gote: pair.sente,
                    };
                }
                round.bracket.push(Slot::Board(round.boards.len()));
                round.boards.push(board(pair));
            }
        }
    }
    round.boards.extend(swiss_boards);
    Ok(round)
}

/// A furigoma toss for game `i` of round `r`, drawn from the tournament's seed (the same
/// every time the round is computed).
pub fn toss(seed: u64, r: usize, i: usize) -> bool {
    let place = ((r as u64) << 32) ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    koma_game::furigoma::Toss::from_seed(seed ^ place).senior_is_sente()
}

/// The handicap the two players' ratings call for on board `b` (koma_tournament's table):
/// the giver (上手) as gote, the receiver as sente; an even game keeps its colours.
fn give_handicap(t: &Tournament, b: &mut Board) -> Result<(), Refusal> {
    let rating = |i: usize| (i, t.players[i].rating);
    let h = handicap_by_rating(
        koma_rules::VariantKind::Shogi,
        rating(b.sente),
        rating(b.gote),
    )
    .map_err(|e| Refusal::Pairing(e.to_string()))?;
    if let Some(seats) = h.board(b.sente, b.gote) {
        b.sente = seats.sente;
        b.gote = seats.gote;
        b.handicap = Some(h.handicap.name().to_string());
    }
    Ok(())
}
