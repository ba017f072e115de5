//! Command-line values read from the rules' own registries: the variants and the named
//! start positions, so that `--help` lists what koma knows and nothing is listed twice.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use koma_rules::{GameKind, Handicap, VariantKind};

/// `--variant`: a variant's name or alias; `--help` lists them all.
pub fn variant() -> impl TypedValueParser<Value = VariantKind> {
    PossibleValuesParser::new(VariantKind::ALL.map(|kind| {
        PossibleValue::new(kind.name())
            .aliases(kind.aliases().iter().copied())
            .help(kind.title())
    }))
    .try_map(|name| VariantKind::from_name(&name).ok_or(UnknownName))
}

/// `--variant` where Chu shogi is offered too: a game's name or alias.
pub fn game() -> impl TypedValueParser<Value = GameKind> {
    let mut values: Vec<PossibleValue> = VariantKind::ALL
        .map(|kind| {
            PossibleValue::new(kind.name())
                .aliases(kind.aliases().iter().copied())
                .help(kind.title())
        })
        .to_vec();
    values.push(
        PossibleValue::new(GameKind::Chu.name())
            .aliases(["chu", "chuushogi"])
            .help(GameKind::Chu.title()),
    );
    PossibleValuesParser::new(values).try_map(|name| GameKind::from_name(&name).ok_or(UnknownName))
}

/// `--handicap`: a named start position of any variant (English or Japanese name; the
/// variant given decides which start a Japanese name several variants use is).
pub fn handicap() -> PossibleValuesParser {
    let mut values: Vec<PossibleValue> = Vec::new();
    for kind in VariantKind::ALL {
        for h in Handicap::of(kind) {
            if !values.iter().any(|v| v.get_name() == h.name()) {
                values.push(PossibleValue::new(h.name()).alias(h.japanese()));
            }
        }
    }
    PossibleValuesParser::new(values)
}

/// A listed name that the registry does not resolve (cannot happen: the list is the
/// registry's).
#[derive(Debug)]
pub struct UnknownName;

impl std::fmt::Display for UnknownName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a listed name the rules do not know")
    }
}

impl std::error::Error for UnknownName {}
