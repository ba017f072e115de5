//! Variant names as Python passes them (`"shogi"`, `"tori"`, ...).

use crate::errors::KomaError;
use koma_rules::VariantKind;
use pyo3::prelude::*;

/// The variant called `name` (or one of its other names), else a `KomaError` listing them.
pub fn parse(name: &str) -> PyResult<VariantKind> {
    VariantKind::from_name(name).ok_or_else(|| {
        KomaError::new_err(format!(
            "unknown variant '{name}' (known: {})",
            VariantKind::known_names()
        ))
    })
}

/// Every variant's name, for `koma.VARIANTS`.
pub fn names() -> Vec<&'static str> {
    VariantKind::ALL.iter().map(|v| v.name()).collect()
}
