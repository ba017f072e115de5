//! The exceptions of the `koma` module. All are `ValueError`s (bad input), carrying the
//! message the `koma` command prints for the same error.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    koma,
    KomaError,
    PyValueError,
    "Bad input to koma: the base of its errors."
);
create_exception!(
    koma,
    SfenError,
    KomaError,
    "A position (SFEN) that cannot be read."
);
create_exception!(
    koma,
    IllegalMoveError,
    KomaError,
    "A move that is not USI text, or that the rules forbid here."
);
create_exception!(
    koma,
    RecordError,
    KomaError,
    "A record (KIF, KI2, CSA, JKF, USI, SFEN) that cannot be read or written."
);

/// Adds the exception classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("KomaError", py.get_type::<KomaError>())?;
    m.add("SfenError", py.get_type::<SfenError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    Ok(())
}
