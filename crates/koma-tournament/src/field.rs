//! The field of a Swiss or McMahon round, read from a tournament's record: who is present,
//! their score so far (start score included), whom they have met, their colours and byes.
//!
//! As in FIDE's Swiss rules (C.04.1): a game lost by forfeit was not played, so the two may
//! still be paired; a player who has had a bye or a forfeit win (a point without playing) gets
//! no bye; and only games played on the board count in the colour history.

use crate::record::{GameResult, Pairing, Record};
use crate::swiss::{Colour, PlayerId, SwissPlayer};

/// The players present in round `round` (0-based) with everything the pairing needs, from the
/// rounds before it; ids are the entrants' indices.
pub fn swiss_field(record: &Record, round: usize) -> Vec<SwissPlayer> {
    let entrants = record.entrants();
    let mut field: Vec<SwissPlayer> = entrants
        .iter()
        .enumerate()
        .map(|(i, e)| SwissPlayer {
            id: i as PlayerId,
            score: e.start_score.max(0) as u32,
            rating: e.rating,
            met: Vec::new(),
            had_bye: false,
            colours: Vec::new(),
        })
        .collect();
    let outcomes = record.outcomes();
    for (player, row) in outcomes.iter().enumerate() {
        let points: i32 = row.iter().take(round).map(|o| o.points()).sum();
        field[player].score += points.max(0) as u32;
    }
    for played in record.rounds().iter().take(round) {
        for pairing in &played.pairings {
            match *pairing {
                Pairing::Game {
                    sente,
                    gote,
                    result,
                    ..
                } if result != GameResult::Unplayed => {
                    field[sente].met.push(gote as PlayerId);
                    field[gote].met.push(sente as PlayerId);
                    field[sente].colours.push(Colour::Sente);
                    field[gote].colours.push(Colour::Gote);
                }
                Pairing::Forfeit { winner, .. } => field[winner].had_bye = true,
                Pairing::Bye { player } => field[player].had_bye = true,
                Pairing::Game { .. } => {}
            }
        }
    }
    field
        .into_iter()
        .zip(entrants)
        .filter(|(_, e)| e.present_in(round))
        .map(|(p, _)| p)
        .collect()
}
