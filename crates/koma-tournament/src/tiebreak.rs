//! The tie-break values, each computed for the whole field from the players' round outcomes.
//!
//! Unplayed rounds (a bye, a forfeit won or lost, an absence, rounds before a late entry or
//! after a withdrawal, a game marked unplayed) are counted by the "own score" convention of
//! FIDE's Tie-Break Regulations (FIDE Handbook C.07, 2023 edition, the article on unplayed
//! rounds), which replaced the older "virtual opponent" formula of 2009–2022: in SOS such a
//! round contributes the player's own final score, as if the player had met themself; in
//! SOSOS it contributes the player's own SOS. So a bye or a forfeit neither lifts nor sinks a
//! player's SOS against their peers. A forfeit win scores its points (it is in the player's
//! score and so in their opponents' SOS) but is no game: it counts in neither SODOS nor direct
//! encounter. The EGF's McMahon rules count byes and absences in SOS in their own ways; a
//! federation wanting another convention would add it here as an option.
//!
//! Scores are McMahon scores where the field has start scores: start score plus points, as
//! EGF-style McMahon standings sum them in SOS.

use crate::record::{Outcome, Record};

/// Each player's score in half points: McMahon start score plus the points of every round.
pub fn scores(record: &Record, outcomes: &[Vec<Outcome>]) -> Vec<i32> {
    record
        .entrants()
        .iter()
        .zip(outcomes)
        .map(|(e, rounds)| e.start_score + rounds.iter().map(Outcome::points).sum::<i32>())
        .collect()
}

/// Each round's contribution to a sum over opponents of `value`: the opponent's value for a
/// game played, the player's own value for an unplayed round.
fn contributions(outcomes: &[Vec<Outcome>], value: &[i32], player: usize) -> Vec<i32> {
    outcomes[player]
        .iter()
        .map(|o| match *o {
            Outcome::Played { opponent, .. } => value[opponent],
            Outcome::Unplayed { .. } => value[player],
        })
        .collect()
}

/// Sum of opponents' scores, in half points.
pub fn sos(outcomes: &[Vec<Outcome>], scores: &[i32]) -> Vec<i32> {
    (0..outcomes.len())
        .map(|p| contributions(outcomes, scores, p).iter().sum())
        .collect()
}

/// Sum of opponents' SOS, in half points.
pub fn sosos(outcomes: &[Vec<Outcome>], sos: &[i32]) -> Vec<i32> {
    (0..outcomes.len())
        .map(|p| contributions(outcomes, sos, p).iter().sum())
        .collect()
}

/// Median SOS (Buchholz cut 1 at both ends): SOS less the highest and the lowest contribution,
/// in half points. With fewer than three rounds there is nothing to cut and it equals SOS.
pub fn median_sos(outcomes: &[Vec<Outcome>], scores: &[i32]) -> Vec<i32> {
    (0..outcomes.len())
        .map(|p| {
            let c = contributions(outcomes, scores, p);
            let sum: i32 = c.iter().sum();
            match (c.iter().max(), c.iter().min()) {
                (Some(max), Some(min)) if c.len() >= 3 => sum - max - min,
                _ => sum,
            }
        })
        .collect()
}

/// Sum of defeated opponents' scores, a drawn opponent's counting half, over games played.
/// In quarter points (a win adds twice the opponent's score in half points, a draw once), so
/// that halving an odd score needs no rounding.
pub fn sodos(outcomes: &[Vec<Outcome>], scores: &[i32]) -> Vec<i32> {
    outcomes
        .iter()
        .map(|rounds| {
            rounds
                .iter()
                .map(|o| match *o {
                    Outcome::Played { opponent, points } => points * scores[opponent],
                    Outcome::Unplayed { .. } => 0,
                })
                .sum()
        })
        .collect()
}

/// Direct encounter within a group of tied players: each member's points, in half points,
/// from games played against the other members (forfeits are no games). Returned in the
/// order of `group`.
pub fn direct_encounter(outcomes: &[Vec<Outcome>], group: &[usize]) -> Vec<i32> {
    group
        .iter()
        .map(|&p| {
            outcomes[p]
                .iter()
                .map(|o| match *o {
                    Outcome::Played { opponent, points } if group.contains(&opponent) => points,
                    _ => 0,
                })
                .sum()
        })
        .collect()
}
