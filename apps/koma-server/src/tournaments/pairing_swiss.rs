//! Swiss and McMahon rounds, and the ESC's losers' Swiss, by koma_tournament's matching: the
//! field present in the round as koma_tournament reads it from the record (scores with McMahon start scores, opponents
//! met, byes and colours), paired, and the pairs turned into boards.

use super::model::{Board, RoundRec, Tournament};
use super::refusal::Refusal;
use super::settings::Colours;
use koma_tournament::esc;
use koma_tournament::field::swiss_field;
use koma_tournament::swiss::{self, ColourRule, SwissPlayer};

/// Round `r` (0-based) of a Swiss or McMahon.
pub fn swiss_round(t: &Tournament, r: usize) -> Result<RoundRec, Refusal> {
    let field = swiss_field(&t.record()?, r);
    if field.len() < 2 {
        return Err(Refusal::Pairing(format!(
            "{} player(s) in round {}: at least two are needed",
            field.len(),
            r + 1
        )));
    }
    pair_field(t, &field, r)
}

/// The boards of round `r` (0-based) of the ESC's Swiss: those knocked out in earlier rounds.
pub fn losers_round(t: &Tournament, r: usize) -> Result<RoundRec, Refusal> {
    let field = esc::swiss_field(&t.record()?, r).map_err(|e| Refusal::Pairing(e.to_string()))?;
    if field.is_empty() {
        return Ok(RoundRec::default());
    }
    pair_field(t, &field, r)
}

/// `field` paired for round `r` (0-based), as boards.
fn pair_field(t: &Tournament, field: &[SwissPlayer], r: usize) -> Result<RoundRec, Refusal> {
    // Each round's draw from the tournament's seed: pairing it again gives the same colours.
    let seed = t.seed ^ (r as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let rule = match t.settings.colours {
        Colours::Furigoma => ColourRule::Furigoma { seed },
        Colours::Balanced => ColourRule::Balanced { seed },
    };
    let paired = swiss::pair_round(field, rule).map_err(|e| Refusal::Pairing(e.to_string()))?;
    let index = |id: u32| usize::try_from(id).unwrap_or(usize::MAX);
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
                drawn: Vec::new(),
            })
            .collect(),
        bye: paired.bye.map(index),
        ..RoundRec::default()
    })
}
