//! koma for Python: the `koma._koma` extension module behind the `koma` package.
//!
//! Each Python class lives in the module named for what it wraps: `board` (a position
//! with its moves), `record` (game records), `engine` (the USI engine's search and
//! the mate solver), `features` (NumPy feature planes for machine learning), `training` (training-data
//! records, dlshogi's planes and labels). Errors
//! become the exceptions of `errors`, with the CLI's messages.

use pyo3::prelude::*;

mod board;
mod engine;
mod errors;
mod features;
mod judge;
mod moves;
mod record;
mod record_parts;
mod training;
mod usi;
mod variant;

/// The native module; `python/koma/__init__.py` re-exports it as `koma`.
#[pymodule]
fn _koma(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("BLACK", 0)?;
    m.add("WHITE", 1)?;
    m.add("VARIANTS", variant::names())?;
    errors::register(m)?;
    usi::register(m)?;
    training::register(m)?;
    m.add_class::<board::Board>()?;
    m.add_class::<board::Outcome>()?;
    m.add_class::<record::Record>()?;
    m.add_class::<record::Variation>()?;
    m.add_class::<engine::Engine>()?;
    m.add_class::<engine::SearchResult>()?;
    m.add_class::<engine::MateResult>()?;
    m.add_class::<features::TrainingData>()?;
    m.add_function(wrap_pyfunction!(board::perft, m)?)?;
    m.add_function(wrap_pyfunction!(record::read_record, m)?)?;
    m.add_function(wrap_pyfunction!(record::read_records, m)?)?;
    m.add_function(wrap_pyfunction!(engine::solve_mate, m)?)?;
    m.add_function(wrap_pyfunction!(features::features_from_sfens, m)?)?;
    m.add_function(wrap_pyfunction!(features::features_from_records, m)?)?;
    m.add("FEATURES_NUM", features::PLANES)?;
    Ok(())
}
