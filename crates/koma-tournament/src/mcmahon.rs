//! McMahon start scores: players are put in groups by rating, and each group starts with one
//! point more than the group below it, up to the bar, above which everybody starts equal.
//!
//! This is how the World Open Shogi Championship and German opens run (FESA groups set by
//! Elo or grade); pairing is then Swiss over start score plus points ([`crate::swiss`]).

use thiserror::Error;

/// The McMahon groups of an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct McMahon {
    /// The rating at and above which players are in the top group.
    pub bar: i32,
    /// The width of each group below the bar, in rating points (100 = one FESA grade).
    pub group_width: i32,
    /// The number of groups, the top one included; players below the lowest group's floor
    /// are in the lowest group.
    pub groups: u32,
}

/// What is wrong with McMahon settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum McMahonError {
    /// A group must be at least one rating point wide.
    #[error("a McMahon group {0} rating points wide is not possible; give a width of 1 or more")]
    Width(i32),
    /// There must be between 1 and 40 groups.
    #[error("{0} McMahon groups is not possible; give between 1 and 40")]
    Groups(u32),
}

impl McMahon {
    /// Checked settings.
    pub fn new(bar: i32, group_width: i32, groups: u32) -> Result<McMahon, McMahonError> {
        if group_width < 1 {
            return Err(McMahonError::Width(group_width));
        }
        if !(1..=40).contains(&groups) {
            return Err(McMahonError::Groups(groups));
        }
        Ok(McMahon {
            bar,
            group_width,
            groups,
        })
    }

    /// The group of a rating: 0 for the top group (at or above the bar), then 1, 2, ... down
    /// to `groups - 1`.
    pub fn group(&self, rating: i32) -> u32 {
        if rating >= self.bar {
            return 0;
        }
        let below = i64::from(self.bar) - i64::from(rating);
        let width = i64::from(self.group_width.max(1));
        let group = (below + width - 1) / width;
        group.min(i64::from(self.groups.saturating_sub(1))) as u32
    }

    /// The start score of a rating, in half points: one whole point per group above the
    /// lowest.
    pub fn start_score(&self, rating: i32) -> u32 {
        2 * (self.groups.saturating_sub(1) - self.group(rating))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_step_down_from_the_bar_to_the_floor() {
        let m = McMahon::new(2000, 100, 4).unwrap();
        assert_eq!(m.start_score(2300), 6);
        assert_eq!(m.start_score(2000), 6);
        assert_eq!(m.start_score(1999), 4);
        assert_eq!(m.start_score(1900), 4);
        assert_eq!(m.start_score(1899), 2);
        assert_eq!(m.start_score(1800), 2);
        assert_eq!(m.start_score(1799), 0);
        assert_eq!(m.start_score(-500), 0);
        assert_eq!(McMahon::new(1500, 100, 1).unwrap().start_score(3000), 0);
    }

    #[test]
    fn bad_settings_are_errors() {
        assert_eq!(McMahon::new(2000, 0, 3), Err(McMahonError::Width(0)));
        assert_eq!(McMahon::new(2000, 100, 0), Err(McMahonError::Groups(0)));
        assert_eq!(McMahon::new(2000, 100, 41), Err(McMahonError::Groups(41)));
    }
}
