//! The engine's USI options: their declarations (`option name ... type ...`) and their
//! values.
//!
//! Names are matched without regard to case, as GUIs differ in what they send. A few aliases
//! are accepted (`Hash`, `USI_MultiPV`, `UCI_Variant`), and other `USI_*` options a GUI may
//! send unasked (`USI_AnalyseMode`, `USI_OwnBook`, ...) are accepted silently.

use crate::time::TimeOptions;
use koma_game::usi_client::REPETITION_OPTION;
use koma_game::{REPETITION_NAMES, repetition_from_name};
use koma_rules::{GameKind, Repetition};

/// The names `USI_Variant` offers: every variant of the registry, and Chu.
const VARIANT_NAMES: [&str; GameKind::COUNT] = {
    let mut names = [""; GameKind::COUNT];
    let mut i = 0;
    while i < GameKind::COUNT {
        names[i] = GameKind::ALL[i].name();
        i += 1;
    }
    names
};

/// The value of [`REPETITION_OPTION`] that leaves the rule to the variant.
const OWN_RULE: &str = "variant";

/// The values of [`REPETITION_OPTION`]: the variant's own rule, then every named rule.
const REPETITION_CHOICES: [&str; REPETITION_NAMES.len() + 1] = {
    let mut names = [OWN_RULE; REPETITION_NAMES.len() + 1];
    let mut i = 0;
    while i < REPETITION_NAMES.len() {
        names[i + 1] = REPETITION_NAMES[i].1;
        i += 1;
    }
    names
};

/// The type and default of an option, as declared to the GUI.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// `check`.
    Check(bool),
    /// `spin` with its default, minimum and maximum.
    Spin(i64, i64, i64),
    /// `combo` with its default and choices.
    Combo(&'static str, &'static [&'static str]),
    /// `button`.
    Button,
    /// `filename` with its default (a path; `<embedded>` for the built-in net).
    File(&'static str),
}

/// The value of `EvalFile` that names the net built into the binary.
pub const EMBEDDED_NET: &str = "<embedded>";

/// One option the engine declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionDecl {
    /// The name.
    pub name: &'static str,
    /// Type and default.
    pub kind: OptionKind,
}

/// The transposition table's size in MB by default.
pub const DEFAULT_HASH_MB: usize = 64;
/// The largest transposition table accepted, in MB.
pub const MAX_HASH_MB: i64 = 32_768;

/// Every option, in the order `usi` lists them.
pub const DECLARED: &[OptionDecl] = &[
    OptionDecl {
        name: "USI_Hash",
        kind: OptionKind::Spin(DEFAULT_HASH_MB as i64, 1, MAX_HASH_MB),
    },
    OptionDecl {
        name: "USI_Ponder",
        kind: OptionKind::Check(false),
    },
    OptionDecl {
        name: "Threads",
        kind: OptionKind::Spin(1, 1, 256),
    },
    OptionDecl {
        name: "MultiPV",
        kind: OptionKind::Spin(1, 1, 500),
    },
    OptionDecl {
        name: "USI_Variant",
        kind: OptionKind::Combo("shogi", &VARIANT_NAMES),
    },
    OptionDecl {
        name: REPETITION_OPTION,
        kind: OptionKind::Combo(OWN_RULE, &REPETITION_CHOICES),
    },
    OptionDecl {
        name: "EnteringKingRule",
        kind: OptionKind::Combo("declare27", &["none", "declare27"]),
    },
    OptionDecl {
        name: "NetworkDelay",
        kind: OptionKind::Spin(120, 0, 10_000),
    },
    OptionDecl {
        name: "MinimumThinkingTime",
        kind: OptionKind::Spin(0, 0, 60_000),
    },
    OptionDecl {
        name: "UseNNUE",
        kind: OptionKind::Check(crate::eval::NNUE_BY_DEFAULT),
    },
    OptionDecl {
        name: "EvalFile",
        kind: OptionKind::File(EMBEDDED_NET),
    },
    OptionDecl {
        name: "ClearHash",
        kind: OptionKind::Button,
    },
];

/// The `option name ...` lines of the `usi` answer.
pub fn declaration_lines() -> Vec<String> {
    DECLARED
        .iter()
        .map(|d| {
            let tail = match d.kind {
                OptionKind::Check(default) => format!("type check default {default}"),
                OptionKind::Spin(default, min, max) => {
                    format!("type spin default {default} min {min} max {max}")
                }
                OptionKind::Combo(default, vars) => {
                    let mut s = format!("type combo default {default}");
                    for v in vars {
                        s.push_str(" var ");
                        s.push_str(v);
                    }
                    s
                }
                OptionKind::Button => "type button".to_string(),
                OptionKind::File(default) => format!("type filename default {default}"),
            };
            format!("option name {} {tail}", d.name)
        })
        .collect()
}

/// Whether the 27-point entering-king declaration is used (`EnteringKingRule`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnteringKingRule {
    /// `none`: never declare.
    None,
    /// `declare27`: answer `bestmove win` when the 27-point declaration is valid.
    Declare27,
}

/// The option values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// `USI_Hash`, MB.
    pub hash_mb: usize,
    /// `USI_Ponder`.
    pub ponder: bool,
    /// `Threads`.
    pub threads: usize,
    /// `MultiPV`.
    pub multipv: usize,
    /// `USI_Variant`.
    pub variant: GameKind,
    /// `RepetitionRule`: what repeating a position does in the game played (`None`: the
    /// variant's own rule).
    pub repetition: Option<Repetition>,
    /// `EnteringKingRule`.
    pub entering_king: EnteringKingRule,
    /// `NetworkDelay`, ms.
    pub network_delay: u64,
    /// `MinimumThinkingTime`, ms.
    pub minimum_thinking: u64,
    /// Whether shogi is evaluated by the learned net (`UseNNUE`).
    pub use_nnue: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            hash_mb: DEFAULT_HASH_MB,
            ponder: false,
            threads: 1,
            multipv: 1,
            variant: GameKind::Family(koma_rules::VariantKind::Shogi),
            repetition: None,
            entering_king: EnteringKingRule::Declare27,
            network_delay: 120,
            minimum_thinking: 0,
            use_nnue: crate::eval::NNUE_BY_DEFAULT,
        }
    }
}

/// What the session has to do after an option changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Nothing beyond storing the value.
    None,
    /// Resize the transposition table.
    Resize,
    /// Clear the transposition table.
    ClearHash,
    /// The variant changed: reset the position to its start.
    Variant,
    /// The evaluation changed: `UseNNUE`, or `EvalFile` with the file to load.
    Evaluation(Option<String>),
}

/// The result of a `setoption`: what to do, and a note for `info string` if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    /// What the session has to do.
    pub effect: Effect,
    /// A note (a value clamped, a feature not supported yet).
    pub note: Option<String>,
}

impl Applied {
    fn done(effect: Effect) -> Applied {
        Applied { effect, note: None }
    }

    fn with_note(effect: Effect, note: String) -> Applied {
        Applied {
            effect,
            note: Some(note),
        }
    }
}

/// A `setoption` that cannot be applied.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// No such option.
    #[error("setoption: unknown option '{0}' ignored")]
    Unknown(String),
    /// An option that needs a value got none.
    #[error("setoption: {0} needs a value")]
    MissingValue(&'static str),
    /// A value of the wrong kind.
    #[error("setoption: {name} does not take '{value}' ({expected}); unchanged")]
    BadValue {
        /// The option.
        name: &'static str,
        /// The value given (shortened).
        value: String,
        /// What it takes.
        expected: String,
    },
}

/// The declaration named `name` (aliases included), if any.
fn find(name: &str) -> Option<&'static OptionDecl> {
    let canonical = match name.to_ascii_lowercase().as_str() {
        "hash" => "USI_Hash",
        "usi_multipv" => "MultiPV",
        "uci_variant" | "variant" => "USI_Variant",
        _ => name,
    };
    DECLARED
        .iter()
        .find(|d| d.name.eq_ignore_ascii_case(canonical))
}

impl Options {
    /// The time-management settings.
    pub fn time(&self) -> TimeOptions {
        TimeOptions {
            network_delay: self.network_delay,
            minimum_thinking: self.minimum_thinking,
        }
    }

    /// Applies `setoption name <name> [value <value>]`.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Applied, OptionError> {
        let Some(decl) = find(name) else {
            if name
                .get(..4)
                .is_some_and(|p| p.eq_ignore_ascii_case("USI_"))
            {
                return Ok(Applied::done(Effect::None));
            }
            return Err(OptionError::Unknown(super::command::echo(name)));
        };
        let bad = |expected: String| OptionError::BadValue {
            name: decl.name,
            value: super::command::echo(value.unwrap_or("")),
            expected,
        };
        match decl.kind {
            // The only button.
            OptionKind::Button => Ok(Applied::done(Effect::ClearHash)),
            // The only filename: the session loads it.
            OptionKind::File(_) => {
                let text = value.ok_or(OptionError::MissingValue(decl.name))?;
                Ok(Applied::done(Effect::Evaluation(Some(
                    text.trim().to_string(),
                ))))
            }
            OptionKind::Check(_) => {
                let v = match value.map(str::to_ascii_lowercase).as_deref() {
                    Some("true") => true,
                    Some("false") => false,
                    Some(_) => return Err(bad("true or false".to_string())),
                    None => return Err(OptionError::MissingValue(decl.name)),
                };
                if decl.name == "UseNNUE" {
                    self.use_nnue = v;
                    return Ok(Applied::done(Effect::Evaluation(None)));
                }
                self.ponder = v;
                Ok(Applied::done(Effect::None))
            }
            OptionKind::Spin(_, min, max) => {
                let text = value.ok_or(OptionError::MissingValue(decl.name))?;
                let n: i128 = text
                    .trim()
                    .parse()
                    .map_err(|_| bad(format!("a number from {min} to {max}")))?;
                let clamped = n.clamp(i128::from(min), i128::from(max));
                let v = i64::try_from(clamped).unwrap_or(min);
                let note = (clamped != n)
                    .then(|| format!("setoption: {} {n} is out of range; using {v}", decl.name));
                let (effect, extra) = self.set_spin(decl.name, v);
                let note = match (note, extra) {
                    (Some(a), Some(b)) => Some(format!("{a}; {b}")),
                    (a, b) => a.or(b),
                };
                Ok(match note {
                    Some(n) => Applied::with_note(effect, n),
                    None => Applied::done(effect),
                })
            }
            OptionKind::Combo(_, vars) => {
                let text = value.ok_or(OptionError::MissingValue(decl.name))?;
                let expected = || format!("one of {}", vars.join(", "));
                if decl.name == "USI_Variant" {
                    let v = GameKind::from_name(text.trim()).ok_or_else(|| bad(expected()))?;
                    let changed = v != self.variant;
                    self.variant = v;
                    Ok(Applied::done(if changed {
                        Effect::Variant
                    } else {
                        Effect::None
                    }))
                } else if decl.name == REPETITION_OPTION {
                    let text = text.trim();
                    self.repetition = if text.eq_ignore_ascii_case(OWN_RULE) {
                        None
                    } else {
                        Some(repetition_from_name(text).ok_or_else(|| bad(expected()))?)
                    };
                    Ok(Applied::done(Effect::None))
                } else {
                    self.entering_king = match text.trim().to_ascii_lowercase().as_str() {
                        "none" => EnteringKingRule::None,
                        "declare27" => EnteringKingRule::Declare27,
                        _ => return Err(bad(expected())),
                    };
                    Ok(Applied::done(Effect::None))
                }
            }
        }
    }

    fn set_spin(&mut self, name: &str, v: i64) -> (Effect, Option<String>) {
        let u = u64::try_from(v).unwrap_or(0);
        let size = usize::try_from(v).unwrap_or(1);
        match name {
            "USI_Hash" => {
                let changed = size != self.hash_mb;
                self.hash_mb = size;
                (
                    if changed {
                        Effect::Resize
                    } else {
                        Effect::None
                    },
                    None,
                )
            }
            "Threads" => {
                self.threads = size;
                (Effect::None, None)
            }
            "MultiPV" => {
                self.multipv = size;
                (Effect::None, None)
            }
            "NetworkDelay" => {
                self.network_delay = u;
                (Effect::None, None)
            }
            _ => {
                self.minimum_thinking = u;
                (Effect::None, None)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_rules::VariantKind;

    #[test]
    fn declarations() {
        let lines = declaration_lines();
        assert_eq!(lines.len(), DECLARED.len());
        assert!(
            lines.contains(&"option name USI_Hash type spin default 64 min 1 max 32768".into())
        );
        assert!(lines.contains(
            &"option name USI_Variant type combo default shogi var shogi var tori var minishogi var kyotoshogi var dobutsu var chushogi".into()
        ));
        assert!(lines.contains(
            &"option name RepetitionRule type combo default variant var variant var sennichite var tori-third var fourth-loses var fourth-sente-loses var third-draws var attacker-loses".into()
        ));
        assert!(lines.contains(&"option name ClearHash type button".into()));
        assert!(
            lines.contains(
                &"option name EnteringKingRule type combo default declare27 var none var declare27"
                    .into()
            )
        );
    }

    #[test]
    fn setting_values() {
        let mut o = Options::default();
        assert_eq!(
            o.set("USI_Hash", Some("32")).unwrap().effect,
            Effect::Resize
        );
        assert_eq!(o.hash_mb, 32);
        assert_eq!(o.set("hash", Some("32")).unwrap().effect, Effect::None);
        o.set("USI_Ponder", Some("true")).unwrap();
        assert!(o.ponder);
        assert_eq!(
            o.set("USI_Variant", Some("torishogi")).unwrap().effect,
            Effect::Variant
        );
        assert_eq!(o.variant, GameKind::Family(VariantKind::Tori));
        for (name, variant) in [
            ("minishogi", GameKind::Family(VariantKind::Minishogi)),
            ("kyotoshogi", GameKind::Family(VariantKind::Kyoto)),
            ("dobutsu", GameKind::Family(VariantKind::Dobutsu)),
            ("chushogi", GameKind::Chu),
        ] {
            o.set("UCI_Variant", Some(name)).unwrap();
            assert_eq!(o.variant, variant);
        }
        assert_eq!(o.repetition, None, "the variant's own rule by default");
        o.set("RepetitionRule", Some("fourth-loses")).unwrap();
        assert_eq!(o.repetition, Some(Repetition::FourthLoses));
        o.set("repetitionrule", Some("Variant")).unwrap();
        assert_eq!(o.repetition, None);
        assert!(matches!(
            o.set("RepetitionRule", Some("fifth")),
            Err(OptionError::BadValue { .. })
        ));
        o.set("EnteringKingRule", Some("none")).unwrap();
        assert_eq!(o.entering_king, EnteringKingRule::None);
        o.set("NetworkDelay", Some("500")).unwrap();
        o.set("MinimumThinkingTime", Some("1000")).unwrap();
        assert_eq!(
            o.time(),
            TimeOptions {
                network_delay: 500,
                minimum_thinking: 1000
            }
        );
        assert_eq!(o.set("ClearHash", None).unwrap().effect, Effect::ClearHash);
        assert!(
            o.set("USI_AnalyseMode", Some("true"))
                .unwrap()
                .note
                .is_none()
        );
    }

    #[test]
    fn notes_and_errors() {
        let mut o = Options::default();
        let a = o.set("MultiPV", Some("3")).unwrap();
        assert!(a.note.is_none());
        assert_eq!(o.multipv, 3);
        let a = o.set("USI_Hash", Some("99999999999999999999999")).unwrap();
        assert!(a.note.unwrap().contains("out of range"));
        assert_eq!(o.hash_mb, MAX_HASH_MB as usize);
        assert!(matches!(
            o.set("USI_Hash", Some("lots")),
            Err(OptionError::BadValue { .. })
        ));
        assert!(matches!(
            o.set("USI_Hash", None),
            Err(OptionError::MissingValue("USI_Hash"))
        ));
        assert!(matches!(
            o.set("USI_Ponder", Some("maybe")),
            Err(OptionError::BadValue { .. })
        ));
        assert!(matches!(
            o.set("USI_Variant", Some("chess")),
            Err(OptionError::BadValue { .. })
        ));
        assert!(matches!(
            o.set("Frobnicate", Some("1")),
            Err(OptionError::Unknown(_))
        ));
        assert_eq!(o.variant, GameKind::Family(VariantKind::Shogi));
    }
}
