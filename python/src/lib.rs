//! The Python module `kaissa._kaissa` (re-exported by the package `kaissa`): every game of
//! the engine crate as `Board`, its search as `Engine`, variants from a file's text as
//! `Variant`. Errors reach Python as exceptions carrying the engine's one-line message.

mod board;
mod engine;
mod error;
mod svg;
mod variant;

use pyo3::prelude::*;

/// The kaissa engine's games, boards and search.
#[pymodule]
fn _kaissa(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<board::Board>()?;
    m.add_class::<engine::Engine>()?;
    m.add_class::<engine::SearchResult>()?;
    m.add_class::<engine::Line>()?;
    m.add_class::<variant::Variant>()?;
    m.add_function(wrap_pyfunction!(variant::variants, m)?)?;
    m.add_function(wrap_pyfunction!(variant::load_variants, m)?)?;
    Ok(())
}
