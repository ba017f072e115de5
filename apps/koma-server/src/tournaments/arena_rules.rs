//! An arena's settings: what a creation body must give, and the koma_tournament config the
//! stored tournament stands for.

use super::model::Tournament;
use super::refusal::Refusal;
use super::settings::Settings;
use koma_tournament::arena::ArenaConfig;

/// The longest arena, in minutes (a day).
pub const MAX_MINUTES: u32 = 1440;

/// Refuses the settings of an arena that cannot run: it is online, with a clock, and lasts
/// `arena_minutes` (1 to a day) or `arena_seconds` (1 to a day), one of the two.
pub fn check_settings(s: &Settings) -> Result<(), Refusal> {
    if !s.online {
        return Err(Refusal::invalid(
            "online",
            "an arena is played online: set \"online\": true",
        ));
    }
    match (s.arena_minutes, s.arena_seconds) {
        (Some(m), None) if (1..=MAX_MINUTES).contains(&m) => Ok(()),
        (None, Some(secs)) if (1..=MAX_MINUTES * 60).contains(&secs) => Ok(()),
        (Some(_), Some(_)) => Err(Refusal::invalid(
            "arena_seconds",
            "give arena_minutes or arena_seconds, not both",
        )),
        (None, None) => Err(Refusal::invalid(
            "arena_minutes",
            format!("an arena needs its length: 1 to {MAX_MINUTES} minutes"),
        )),
        (Some(_), None) => Err(Refusal::invalid(
            "arena_minutes",
            format!("1 to {MAX_MINUTES} minutes"),
        )),
        (None, Some(_)) => Err(Refusal::invalid(
            "arena_seconds",
            format!("1 to {} seconds", MAX_MINUTES * 60),
        )),
    }
}

/// When `t`'s arena starts (Unix ms): `starts_at`, or its creation if none was set.
pub fn starts_at(t: &Tournament) -> u64 {
    t.settings.starts_at.unwrap_or(t.created_ms)
}

/// The koma_tournament settings of `t`'s arena: from its start for its length, games still
/// running at the end not counting (as on lishogi).
pub fn config(t: &Tournament) -> ArenaConfig {
    let length_ms = match (t.settings.arena_seconds, t.settings.arena_minutes) {
        (Some(secs), _) => u64::from(secs) * 1000,
        (None, Some(m)) => u64::from(m) * 60_000,
        (None, None) => 0,
    };
    let starts_at = starts_at(t);
    ArenaConfig {
        starts_at,
        ends_at: starts_at.saturating_add(length_ms),
        berserk: t.settings.berserk,
        streaks: t.settings.streaks,
        count_running_at_end: false,
        seed: t.seed,
    }
}
