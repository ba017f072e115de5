//! The errors of `koma.usi`: what went wrong with an engine process or a match, as an enum,
//! and the Python exceptions they become.

use crate::errors::KomaError;
use koma_game::matches::MatchError;
use koma_game::usi_client::UsiError;
use pyo3::create_exception;
use pyo3::exceptions::{PyOSError, PyRuntimeError};
use pyo3::prelude::*;

create_exception!(
    koma.usi,
    EngineError,
    PyRuntimeError,
    "A USI engine failed: it could not start, broke the protocol, or a match could not go on."
);
create_exception!(
    koma.usi,
    EngineExitedError,
    EngineError,
    "The engine process exited (crashed, or quit); the message has its exit status."
);
create_exception!(
    koma.usi,
    EngineTimeoutError,
    EngineError,
    "The engine did not answer in time (`usiok`, `readyok` or `bestmove`)."
);

/// What went wrong in a call of `koma.usi`.
#[derive(Debug, thiserror::Error)]
pub enum DriverError {
    /// The client's error talking to the engine.
    #[error(transparent)]
    Usi(#[from] UsiError),
    /// The engine was asked something after `quit`.
    #[error("the engine has quit")]
    Quit,
    /// `go` while a `go ponder` waits for `ponderhit` or `stop`.
    #[error("a ponder search is running: call ponderhit() or stop() first")]
    Pondering,
    /// A match could not start or go on.
    #[error(transparent)]
    Match(#[from] MatchError),
}

impl From<DriverError> for PyErr {
    fn from(error: DriverError) -> PyErr {
        let text = error.to_string();
        match error {
            DriverError::Usi(e) => usi_error(e, text),
            DriverError::Quit => EngineExitedError::new_err(text),
            DriverError::Pondering => EngineError::new_err(text),
            DriverError::Match(e) => match e {
                MatchError::Engine { source, .. } => usi_error(source, text),
                MatchError::EmptyCommand | MatchError::Openings(_) | MatchError::Opening { .. } => {
                    KomaError::new_err(text)
                }
                MatchError::Io { .. } => PyOSError::new_err(text),
                MatchError::Variant { .. } | MatchError::Game { .. } => EngineError::new_err(text),
            },
        }
    }
}

/// The exception for the client's error `e`, with the message `text`.
fn usi_error(e: UsiError, text: String) -> PyErr {
    match e {
        UsiError::Exited { .. } => EngineExitedError::new_err(text),
        UsiError::NoUsiOk(_) | UsiError::NoReadyOk(_) | UsiError::Timeout { .. } => {
            EngineTimeoutError::new_err(text)
        }
        UsiError::LineBreak(_) => KomaError::new_err(text),
        UsiError::Spawn { .. } | UsiError::MalformedBestMove(_) | UsiError::NoSearch => {
            EngineError::new_err(text)
        }
    }
}

/// Adds the exception classes to the `usi` module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("EngineError", py.get_type::<EngineError>())?;
    m.add("EngineExitedError", py.get_type::<EngineExitedError>())?;
    m.add("EngineTimeoutError", py.get_type::<EngineTimeoutError>())?;
    Ok(())
}
