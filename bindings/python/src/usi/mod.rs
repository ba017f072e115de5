//! `koma.usi`: USI engines as child processes ([`engine`]), what they say ([`types`]), and
//! matches between two of them ([`matches`]), all on koma-game's client and match runner.
//! Its errors are [`errors`]'. The submodule `_koma.usi` is re-exported by
//! `python/koma/usi.py`.

mod engine;
mod errors;
mod matches;
mod types;

use pyo3::prelude::*;
use pyo3::types::PyMapping;

/// The (name, value) pairs of a mapping of engine options (a `dict` or any `Mapping`).
fn option_items<'py>(
    options: Option<&Bound<'py, PyMapping>>,
) -> PyResult<Vec<(Bound<'py, PyAny>, Bound<'py, PyAny>)>> {
    let Some(options) = options else {
        return Ok(Vec::new());
    };
    options.items()?.iter().map(|pair| pair.extract()).collect()
}

/// A USI option value as text: `true`/`false` for a bool, else `str(value)`.
fn option_text(value: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(b) = value.extract::<bool>() {
        return Ok(if b { "true" } else { "false" }.to_string());
    }
    Ok(value.str()?.to_string())
}

/// Adds the submodule `usi` to the native module.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let m = PyModule::new(parent.py(), "usi")?;
    errors::register(&m)?;
    m.add_class::<engine::Engine>()?;
    m.add_class::<types::UsiOption>()?;
    m.add_class::<types::Info>()?;
    m.add_class::<types::SearchResult>()?;
    m.add_class::<types::MateResult>()?;
    m.add_class::<matches::GameResult>()?;
    m.add_class::<matches::MatchSummary>()?;
    m.add_function(wrap_pyfunction!(matches::play_match, &m)?)?;
    parent.add_submodule(&m)
}
