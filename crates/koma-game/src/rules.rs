//! Rule sets: the named choices of how a game may end beyond mate and resignation.

use koma_rules::{GameKind, VariantKind};

pub use koma_rules::Repetition;

/// Every repetition rule with its name, as `RepetitionRule` (koma-engine's USI option, see
/// [`crate::usi_client::REPETITION_OPTION`]) takes it.
pub const REPETITION_NAMES: [(Repetition, &str); 6] = [
    (Repetition::Sennichite, "sennichite"),
    (Repetition::ToriThird, "tori-third"),
    (Repetition::FourthLoses, "fourth-loses"),
    (Repetition::FourthSenteLoses, "fourth-sente-loses"),
    (Repetition::ThirdDraws, "third-draws"),
    (Repetition::AttackerLoses, "attacker-loses"),
];

/// The name of a repetition rule ([`REPETITION_NAMES`]).
pub fn repetition_name(rule: Repetition) -> &'static str {
    REPETITION_NAMES
        .iter()
        .find(|(r, _)| *r == rule)
        .map_or("sennichite", |(_, name)| name)
}

/// The repetition rule called `name` ([`REPETITION_NAMES`], any case).
pub fn repetition_from_name(name: &str) -> Option<Repetition> {
    REPETITION_NAMES
        .iter()
        .find(|(_, n)| n.eq_ignore_ascii_case(name))
        .map(|(r, _)| *r)
}

/// A named rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RuleSet {
    /// The name `--rules` takes.
    pub name: &'static str,
    /// What repeating a position does.
    pub repetition: Repetition,
    /// The 27-point entering-king declaration (入玉宣言法) may be made.
    pub declaration: bool,
    /// An impasse may be settled by the 24-point count (持将棋), by agreement.
    pub impasse_24: bool,
    /// The try rule: a king reaching the opponent king's starting square wins.
    pub try_rule: bool,
    /// A draw once this many moves (plies) have been played, if set.
    pub max_plies: Option<u32>,
}

impl RuleSet {
    /// The Japan Shogi Association's rules: sennichite, impasse by the 24-point count.
    pub const PROFESSIONAL: RuleSet = RuleSet {
        name: "professional",
        repetition: Repetition::Sennichite,
        declaration: false,
        impasse_24: true,
        try_rule: false,
        max_plies: None,
    };
    /// Amateur and European tournaments: the 27-point declaration settles entering kings.
    pub const AMATEUR: RuleSet = RuleSet {
        name: "amateur",
        repetition: Repetition::Sennichite,
        declaration: true,
        impasse_24: false,
        try_rule: false,
        max_plies: None,
    };
    /// Computer shogi (CSA, Floodgate): the 27-point declaration and a draw at 256 moves.
    pub const CSA: RuleSet = RuleSet {
        name: "csa",
        repetition: Repetition::Sennichite,
        declaration: true,
        impasse_24: false,
        try_rule: false,
        max_plies: Some(256),
    };
    /// The try rule (トライルール) instead of any point count.
    pub const TRY: RuleSet = RuleSet {
        name: "try",
        repetition: Repetition::Sennichite,
        declaration: false,
        impasse_24: false,
        try_rule: true,
        max_plies: None,
    };
    /// Tori Shogi by its rulebook: no third repetition, perpetual check loses.
    pub const TORI: RuleSet = RuleSet {
        name: "tori",
        repetition: Repetition::ToriThird,
        declaration: false,
        impasse_24: false,
        try_rule: false,
        max_plies: None,
    };
    /// Tori Shogi as Fairy-Stockfish plays it: the fourth repetition loses.
    pub const TORI_FSF: RuleSet = RuleSet {
        name: "tori-fsf",
        repetition: Repetition::FourthLoses,
        declaration: false,
        impasse_24: false,
        try_rule: false,
        max_plies: None,
    };

    /// Chu shogi as lishogi plays it: the fourth repetition draws unless one side attacked
    /// throughout, who then loses.
    pub const CHU: RuleSet = RuleSet {
        name: "chushogi",
        repetition: Repetition::AttackerLoses,
        declaration: false,
        impasse_24: false,
        try_rule: false,
        max_plies: None,
    };

    /// Every named rule set.
    pub const ALL: [RuleSet; 6] = [
        RuleSet::PROFESSIONAL,
        RuleSet::AMATEUR,
        RuleSet::CSA,
        RuleSet::TRY,
        RuleSet::TORI,
        RuleSet::TORI_FSF,
    ];

    /// The rule set called `name`.
    pub fn from_name(name: &str) -> Option<RuleSet> {
        RuleSet::ALL.into_iter().find(|r| r.name == name)
    }

    /// The rule set called `name` for a game of `variant`: a named one ([`RuleSet::ALL`]),
    /// or the variant's own default, which is called by the variant's name (`minishogi`,
    /// `chushogi`). Chu takes its own only: the named sets are the 9x9 frame's.
    pub fn named_for(variant: impl Into<GameKind>, name: &str) -> Option<RuleSet> {
        let variant = variant.into();
        let own = RuleSet::default_for(variant);
        let named = RuleSet::from_name(name).filter(|_| variant != GameKind::Chu);
        named.or((own.name == name).then_some(own))
    }

    /// The names [`RuleSet::named_for`] takes for a game of `variant`: the named sets
    /// (none for Chu), then the variant's own where it is not one of them.
    pub fn names_for(variant: impl Into<GameKind>) -> Vec<&'static str> {
        let variant = variant.into();
        let own = RuleSet::default_for(variant).name;
        let mut names: Vec<&'static str> = match variant {
            GameKind::Chu => Vec::new(),
            GameKind::Family(_) => RuleSet::ALL.iter().map(|r| r.name).collect(),
        };
        if !names.contains(&own) {
            names.push(own);
        }
        names
    }

    /// The default for `variant`: amateur rules for shogi, the rulebook for Tori Shogi,
    /// [`RuleSet::CHU`] for Chu, and for the others their own repetition rule and nothing
    /// more.
    pub fn default_for(variant: impl Into<GameKind>) -> RuleSet {
        let variant = match variant.into() {
            GameKind::Chu => return RuleSet::CHU,
            GameKind::Family(v) => v,
        };
        match variant {
            VariantKind::Tori => RuleSet::TORI,
            VariantKind::Shogi => RuleSet::AMATEUR,
            other => RuleSet {
                name: other.name(),
                repetition: other.repetition(),
                declaration: false,
                impasse_24: false,
                try_rule: false,
                max_plies: None,
            },
        }
    }

    /// The same rules with a move limit (a draw after `plies` moves), or none.
    pub fn with_max_plies(self, plies: Option<u32>) -> RuleSet {
        RuleSet {
            max_plies: plies,
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_has_a_name_read_back() {
        for (rule, name) in REPETITION_NAMES {
            assert_eq!(repetition_name(rule), name);
            assert_eq!(repetition_from_name(&name.to_uppercase()), Some(rule));
        }
        assert_eq!(repetition_from_name("never"), None);
    }

    #[test]
    fn every_variants_default_is_found_by_its_name() {
        for variant in VariantKind::ALL {
            let own = RuleSet::default_for(variant);
            assert_eq!(
                RuleSet::named_for(variant, own.name),
                Some(own),
                "{variant:?}"
            );
        }
        assert_eq!(
            RuleSet::named_for(VariantKind::Minishogi, "amateur"),
            Some(RuleSet::AMATEUR)
        );
        assert_eq!(RuleSet::named_for(VariantKind::Shogi, "minishogi"), None);
        assert_eq!(RuleSet::named_for(VariantKind::Minishogi, "kyoto"), None);
    }
}
