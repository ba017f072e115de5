//! The body that creates a tournament (its settings, kept as given once checked).

use super::refusal::Refusal;
use koma_tournament::standings::TieBreak;
use serde::{Deserialize, Serialize};

/// How the rounds are paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// Swiss: players of equal score meet.
    Swiss,
    /// McMahon: Swiss with start scores from rating groups.
    Mcmahon,
    /// A knockout seeded by rating.
    Knockout,
    /// Everybody meets everybody once (Berger tables).
    RoundRobin,
    /// Everybody meets everybody twice, colours reversed.
    DoubleRoundRobin,
    /// lishogi's arena: a fixed time in which free players are paired at once.
    Arena,
}

impl Format {
    /// The name in the API.
    pub fn name(self) -> &'static str {
        match self {
            Format::Swiss => "swiss",
            Format::Mcmahon => "mcmahon",
            Format::Knockout => "knockout",
            Format::RoundRobin => "round_robin",
            Format::DoubleRoundRobin => "double_round_robin",
            Format::Arena => "arena",
        }
    }

    /// Whether players may enter after round 1 (Swiss and McMahon only).
    pub fn late_entries(self) -> bool {
        matches!(self, Format::Swiss | Format::Mcmahon)
    }
}

/// The clock of every game, in seconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Clock {
    /// Main time.
    #[serde(default)]
    pub initial_s: u64,
    /// Fischer increment.
    #[serde(default)]
    pub increment_s: u64,
    /// Byoyomi.
    #[serde(default)]
    pub byoyomi_s: u64,
    /// Byoyomi periods.
    #[serde(default)]
    pub periods: u32,
}

impl Clock {
    /// The time control as a game's request writes it (`45m+30s`...), checked.
    pub fn time_control(&self) -> Result<String, Refusal> {
        let periods = (self.periods > 0).then_some(self.periods);
        crate::lishogi::challenges::clock(
            Some(self.initial_s),
            Some(self.increment_s),
            Some(self.byoyomi_s),
            periods,
            None,
        )
        .map(|c| c.to_string())
        .map_err(|e| Refusal::invalid("clock", e.to_string()))
    }
}

/// How colours are given.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colours {
    /// By furigoma (a seeded draw).
    #[default]
    Furigoma,
    /// Balanced over the rounds.
    Balanced,
}

/// What a drawn knockout game leads to (the director enters the deciding result).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KnockoutDraw {
    /// An armageddon game decides.
    #[default]
    Armageddon,
    /// The game is played again.
    Rematch,
}

/// A tie-break as the API names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreakName {
    /// Sum of opponents' scores.
    Sos,
    /// Sum of opponents' SOS.
    Sosos,
    /// Sum of defeated opponents' scores.
    Sodos,
    /// SOS less the highest and lowest.
    MedianSos,
    /// Results among the tied.
    Direct,
}

impl TieBreakName {
    /// The tie-break of koma_tournament.
    pub fn tie_break(self) -> TieBreak {
        match self {
            TieBreakName::Sos => TieBreak::Sos,
            TieBreakName::Sosos => TieBreak::Sosos,
            TieBreakName::Sodos => TieBreak::Sodos,
            TieBreakName::MedianSos => TieBreak::MedianSos,
            TieBreakName::Direct => TieBreak::DirectEncounter,
        }
    }

    /// The name in the API.
    pub fn name(self) -> &'static str {
        match self {
            TieBreakName::Sos => "sos",
            TieBreakName::Sosos => "sosos",
            TieBreakName::Sodos => "sodos",
            TieBreakName::MedianSos => "median_sos",
            TieBreakName::Direct => "direct",
        }
    }
}

/// McMahon's groups: players rated at or above `bar` start in the top group, each
/// `group_width` below it one group (one point) lower, down to `groups` groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct McMahon {
    /// The rating of the bar.
    pub bar: i32,
    /// The rating width of a group.
    pub group_width: i32,
    /// How many groups.
    pub groups: u32,
}

impl McMahon {
    /// The groups as koma_tournament checks them.
    pub fn groups(&self) -> Result<koma_tournament::mcmahon::McMahon, Refusal> {
        koma_tournament::mcmahon::McMahon::new(self.bar, self.group_width, self.groups)
            .map_err(|e| Refusal::invalid("mcmahon", e.to_string()))
    }

    /// The start score of a player rated `rating`, in half points (a group is a point).
    pub fn start_score(&self, rating: i32) -> i32 {
        self.groups()
            .map_or(0, |m| i32::try_from(m.start_score(rating)).unwrap_or(0))
    }
}

fn furigoma() -> Colours {
    Colours::Furigoma
}
fn whole_point() -> i32 {
    2
}
fn ten_minutes() -> u64 {
    600
}

/// The body of `POST /api/tournaments`, kept as the tournament's settings.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// 1 to 80 characters.
    pub name: String,
    /// How rounds are paired.
    pub format: Format,
    /// Rounds of a Swiss or McMahon.
    #[serde(default)]
    pub rounds: Option<u32>,
    /// Games on this server (else over the board).
    #[serde(default)]
    pub online: bool,
    /// The clock of every game (online: required).
    #[serde(default)]
    pub clock: Option<Clock>,
    /// Whether online games are rated.
    #[serde(default)]
    pub rated: bool,
    /// How colours are given.
    #[serde(default = "furigoma")]
    pub colours: Colours,
    /// A bye's worth in half points (1 or 2).
    #[serde(default = "whole_point")]
    pub bye_points: i32,
    /// The tie-breaks, in order.
    #[serde(default)]
    pub tiebreaks: Vec<TieBreakName>,
    /// McMahon's groups (McMahon only).
    #[serde(default)]
    pub mcmahon: Option<McMahon>,
    /// Handicaps by rating difference (kept; not applied to online games yet).
    #[serde(default)]
    pub handicap_by_rating: bool,
    /// What a drawn knockout game leads to.
    #[serde(default)]
    pub knockout_draw: KnockoutDraw,
    /// Knockout only: those knocked out play on in a parallel Swiss, keeping their points
    /// (the European Shogi Championship's rule).
    #[serde(default)]
    pub losers_swiss: bool,
    /// Online: a game without a first move after this many seconds is ended.
    #[serde(default = "ten_minutes")]
    pub no_show_s: u64,
    /// When round 1 is planned (Unix ms), shown to players.
    #[serde(default)]
    pub starts_at: Option<u64>,
    /// An arena's length (arena only).
    #[serde(default)]
    pub arena_minutes: Option<u32>,
    /// Berserk in an arena.
    #[serde(default)]
    pub berserk: bool,
    /// Win streaks double an arena's points (lishogi's "on fire").
    #[serde(default = "yes")]
    pub streaks: bool,
    /// An arena's length in seconds, instead of `arena_minutes` (short arenas, as tests use).
    #[serde(default)]
    pub arena_seconds: Option<u32>,
}

fn yes() -> bool {
    true
}

/// The most rounds a Swiss or McMahon may have.
pub const MAX_ROUNDS: u32 = 30;
/// The longest name, in characters.
pub const MAX_NAME: usize = 80;
/// The longest no-show wait (a day).
pub const MAX_NO_SHOW_S: u64 = 86_400;

impl Settings {
    /// The settings checked, the name trimmed; the time control of the games if online.
    pub fn checked(mut self) -> Result<Settings, Refusal> {
        self.name = self.name.trim().to_string();
        let chars = self.name.chars().count();
        if chars == 0 || chars > MAX_NAME || self.name.chars().any(char::is_control) {
            return Err(Refusal::invalid(
                "name",
                format!("1 to {MAX_NAME} characters, no control characters"),
            ));
        }
        match self.format {
            Format::Arena => super::arena_rules::check_settings(&self)?,
            Format::Swiss | Format::Mcmahon => match self.rounds {
                Some(r) if (1..=MAX_ROUNDS).contains(&r) => {}
                _ => {
                    return Err(Refusal::invalid(
                        "rounds",
                        format!("a Swiss or McMahon needs 1 to {MAX_ROUNDS} rounds"),
                    ));
                }
            },
            _ => {}
        }
        match (self.format, &self.mcmahon) {
            (Format::Mcmahon, None) => {
                return Err(Refusal::invalid(
                    "mcmahon",
                    "a McMahon needs {\"bar\", \"group_width\", \"groups\"}",
                ));
            }
            (Format::Mcmahon, Some(m)) => {
                m.groups()?;
            }
            (_, Some(_)) => {
                return Err(Refusal::invalid("mcmahon", "only a McMahon has groups"));
            }
            (_, None) => {}
        }
        if self.losers_swiss && self.format != Format::Knockout {
            return Err(Refusal::invalid(
                "losers_swiss",
                "only a knockout has a losers' Swiss",
            ));
        }
        if self.bye_points != 1 && self.bye_points != 2 {
            return Err(Refusal::invalid(
                "bye_points",
                "1 (half a point) or 2 (a whole point)",
            ));
        }
        for (i, tb) in self.tiebreaks.iter().enumerate() {
            if self.tiebreaks[..i].contains(tb) {
                return Err(Refusal::invalid(
                    "tiebreaks",
                    format!("'{}' is listed twice", tb.name()),
                ));
            }
        }
        if !(1..=MAX_NO_SHOW_S).contains(&self.no_show_s) {
            return Err(Refusal::invalid(
                "no_show_s",
                format!("1 to {MAX_NO_SHOW_S} seconds"),
            ));
        }
        match (&self.clock, self.online) {
            (Some(clock), _) => {
                clock.time_control()?;
            }
            (None, true) => {
                return Err(Refusal::invalid(
                    "clock",
                    "an online tournament needs a clock: {\"initial_s\", \"increment_s\", \"byoyomi_s\", \"periods\"}",
                ));
            }
            (None, false) => {}
        }
        if self.online
            && self
                .clock
                .is_some_and(|c| c.initial_s + c.increment_s + c.byoyomi_s == 0)
        {
            return Err(Refusal::invalid("clock", "the clock gives no time"));
        }
        if self.rated && !self.online {
            return Err(Refusal::invalid(
                "rated",
                "only online games are rated on this server",
            ));
        }
        Ok(self)
    }
}
