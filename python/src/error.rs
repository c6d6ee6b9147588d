//! Engine errors as Python exceptions: every message the engine gives is one line, and it
//! reaches Python unchanged.

use pyo3::PyErr;
use pyo3::exceptions::{PyRuntimeError, PyValueError};

/// A ValueError carrying the engine's message (bad FEN, move, variant or argument).
pub fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// A RuntimeError for what should not happen (a search thread that did not answer).
pub fn runtime_error(message: impl Into<String>) -> PyErr {
    PyRuntimeError::new_err(message.into())
}
