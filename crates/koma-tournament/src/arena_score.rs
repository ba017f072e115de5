//! Arena scoring, as lishogi counts it. Facts read from lishogi's source (WandererXII/lishogi,
//! `modules/tournament/src/main/arena/ArenaSheet.scala` and `Pairing.scala`) and its arena FAQ
//! ("How are scores calculated?", "Arena Berserk"); the code here is written anew.
//!
//! Points are lishogi's tournament points (a win is 2), counted over a player's games in the
//! order they were played:
//!
//! - A win is worth 2, a draw 1, a loss 0.
//! - **Streak** ("on fire"): after two wins in a row, each game is worth double (a win 4, a
//!   draw 2) until a game is not a win. The event can turn streaks off.
//! - **Berserk**: a player who went berserk (half their clock) and wins gets one point more,
//!   if the game lasted at least [`BERSERK_MIN_PLIES`] plies (7 moves each).
//! - **Quick draws**: a draw of fewer than [`QUICK_DRAW_PLIES`] plies (10 moves each) is
//!   worth nothing to either player.
//! - **Draw streaks**: a draw that follows another draw (with only losses, if anything, in
//!   between) is worth nothing unless it lasted at least [`LONG_GAME_PLIES`] plies (30 moves
//!   each) — lishogi's "V2" sheet, in force since 2020. A draw while on fire is worth its
//!   double 2 whatever came before.

/// The fewest plies for a berserk win to earn its extra point.
pub const BERSERK_MIN_PLIES: u32 = 14;
/// Draws shorter than this many plies score nothing.
pub const QUICK_DRAW_PLIES: u32 = 20;
/// A draw at least this long scores even after another draw.
pub const LONG_GAME_PLIES: u32 = 60;

/// How a game ended for the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArenaOutcome {
    /// The player won.
    Win,
    /// A draw.
    Draw,
    /// The player lost.
    Loss,
}

/// One game on a player's sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SheetGame {
    /// How it ended for the player.
    pub outcome: ArenaOutcome,
    /// Its length in plies.
    pub plies: u32,
    /// Whether the player went berserk.
    pub berserk: bool,
}

/// Whether the games so far (oldest first) put the player on fire: the last two were wins.
pub fn on_fire(games: &[SheetGame]) -> bool {
    matches!(games, [.., a, b] if a.outcome == ArenaOutcome::Win && b.outcome == ArenaOutcome::Win)
}

/// Whether a draw now would follow another draw with nothing but losses in between.
fn after_a_draw(games: &[SheetGame]) -> bool {
    for g in games.iter().rev() {
        match g.outcome {
            ArenaOutcome::Draw => return true,
            ArenaOutcome::Win => return false,
            ArenaOutcome::Loss => {}
        }
    }
    false
}

/// The points of each game of a sheet (oldest first), with streaks counted if `streaks`.
pub fn points(games: &[SheetGame], streaks: bool) -> Vec<i32> {
    (0..games.len())
        .map(|i| {
            let (before, g) = (&games[..i], games[i]);
            let double = streaks && on_fire(before);
            match g.outcome {
                ArenaOutcome::Loss => 0,
                ArenaOutcome::Draw if g.plies < QUICK_DRAW_PLIES => 0,
                ArenaOutcome::Draw if double => 2,
                ArenaOutcome::Draw if g.plies < LONG_GAME_PLIES && after_a_draw(before) => 0,
                ArenaOutcome::Draw => 1,
                ArenaOutcome::Win => {
                    let base = if double { 4 } else { 2 };
                    base + i32::from(g.berserk && g.plies >= BERSERK_MIN_PLIES)
                }
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::ArenaOutcome::{Draw, Loss, Win};
    use super::*;

    fn g(outcome: ArenaOutcome, plies: u32, berserk: bool) -> SheetGame {
        SheetGame {
            outcome,
            plies,
            berserk,
        }
    }

    #[test]
    fn the_faq_example_and_streaks() {
        // "two wins followed by a draw will be worth 6 points: 2 + 2 + (2 x 1)"
        let sheet = [g(Win, 80, false), g(Win, 80, false), g(Draw, 80, false)];
        assert_eq!(points(&sheet, true), vec![2, 2, 2]);
        // Three wins then a loss then a win: the fire goes out with the loss.
        let sheet = [
            g(Win, 80, false),
            g(Win, 80, false),
            g(Win, 80, true),
            g(Loss, 80, false),
            g(Win, 80, false),
        ];
        assert_eq!(points(&sheet, true), vec![2, 2, 5, 0, 2]);
        assert_eq!(points(&sheet, false), vec![2, 2, 3, 0, 2]);
        assert!(on_fire(&sheet[..3]) && !on_fire(&sheet));
    }

    #[test]
    fn berserk_quick_and_repeated_draws() {
        assert_eq!(points(&[g(Win, 13, true)], true), vec![2]);
        assert_eq!(points(&[g(Win, 14, true)], true), vec![3]);
        assert_eq!(points(&[g(Draw, 19, false)], true), vec![0]);
        // A second draw after only a loss scores nothing unless it is long.
        let sheet = [
            g(Draw, 40, false),
            g(Loss, 40, false),
            g(Draw, 59, false),
            g(Draw, 60, false),
            g(Win, 40, false),
            g(Draw, 40, false),
        ];
        assert_eq!(points(&sheet, true), vec![1, 0, 0, 1, 2, 1]);
        // On fire, a draw keeps its double value even after a draw... which cannot precede
        // two wins, so: two wins, then a quick draw scores 0 and puts the fire out.
        let sheet = [
            g(Win, 40, false),
            g(Win, 40, false),
            g(Draw, 10, false),
            g(Win, 40, false),
        ];
        assert_eq!(points(&sheet, true), vec![2, 2, 0, 2]);
    }
}
