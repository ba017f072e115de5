//! Swiss and McMahon rounds by koma_tournament's maximum-weight matching: the field present
//! in the round with its scores (McMahon start score included), the opponents met, the byes
//! had and the colours played so far.

use super::model::{Board, RoundRec, Tournament};
use super::refusal::Refusal;
use super::settings::Colours;
use koma_tournament::swiss::{self, Colour, ColourRule, SwissPlayer};

/// Round `r` (0-based) of a Swiss or McMahon.
pub fn swiss_round(t: &Tournament, r: usize) -> Result<RoundRec, Refusal> {
    let record = t.record()?;
    let outcomes = record.outcomes();
    let scores = koma_tournament::tiebreak::scores(&record, &outcomes);
    let mut field: Vec<SwissPlayer> = Vec::new();
    for (i, p) in t.players.iter().enumerate() {
        if !p.present_in(r) {
            continue;
        }
        let mut met = Vec::new();
        let mut colours = Vec::new();
        let mut had_bye = false;
        for round in &t.rounds {
            had_bye |= round.bye == Some(i);
            for b in &round.boards {
                if b.sente == i {
                    met.push(id(b.gote));
                    colours.push(Colour::Sente);
                } else if b.gote == i {
                    met.push(id(b.sente));
                    colours.push(Colour::Gote);
                }
            }
        }
        field.push(SwissPlayer {
            id: id(i),
            score: u32::try_from(scores[i].max(0)).unwrap_or(0),
            rating: p.rating,
            met,
            had_bye,
            colours,
        });
    }
    if field.len() < 2 {
        return Err(Refusal::Pairing(format!(
            "{} player(s) in round {}: at least two are needed",
            field.len(),
            r + 1
        )));
    }
    let seed = t.seed ^ (r as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let rule = match t.settings.colours {
        Colours::Furigoma => ColourRule::Furigoma { seed },
        Colours::Balanced => ColourRule::Balanced { seed },
    };
    let paired = swiss::pair_round(&field, rule).map_err(|e| Refusal::Pairing(e.to_string()))?;
    Ok(RoundRec {
        boards: paired
            .pairs
            .iter()
            .map(|p| Board {
                sente: index(p.sente),
                gote: index(p.gote),
                result: None,
                game: None,
                handicap: None,
            })
            .collect(),
        bye: paired.bye.map(index),
        ..RoundRec::default()
    })
}

/// The pairing id of entrant `i`.
fn id(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
}

/// The entrant of pairing id `id`.
fn index(id: u32) -> usize {
    usize::try_from(id).unwrap_or(usize::MAX)
}
