//! `chessrules.load_variant`: a variant file (TOML) as a `chessrules.Variant`, whose boards
//! play its rules.

use std::sync::Arc;

use chessrules::variants::custom::{self, CustomVariant};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::board::Board;
use crate::errors::{self, guard};
use crate::limits;

/// The rules a variant file (TOML) defines: `name`, `description`, and boards that play them
/// (`variant.board()` for the start position, `variant.board(fen)` for another).
#[pyclass(module = "chessrules", name = "Variant", frozen)]
pub struct Variant {
    rules: Arc<CustomVariant>,
}

#[pymethods]
impl Variant {
    #[getter]
    fn name(&self) -> String {
        self.rules.name.clone()
    }

    #[getter]
    fn description(&self) -> String {
        self.rules.description.clone()
    }

    /// A board of this variant: the file's start position, or `fen` (with the file's pieces).
    #[pyo3(signature = (fen = None))]
    fn board(&self, py: Python<'_>, fen: Option<&Bound<'_, PyString>>) -> PyResult<Board> {
        guard(|| {
            let fen = fen.map(|f| limits::board_text(py, f)).transpose()?;
            Board::of_variant_file(py, self.rules.clone(), fen.as_deref())
        })
    }

    fn __repr__(&self) -> String {
        format!("Variant({:?})", self.rules.name)
    }
}

/// Reads a variant file (TOML); `VariantFileError` with its line and column if it is refused.
#[pyfunction]
pub fn load_variant(py: Python<'_>, toml_text: &Bound<'_, PyString>) -> PyResult<Variant> {
    guard(|| {
        let toml_text = limits::variant_file(py, toml_text)?;
        let rules = custom::load_variant_file(&toml_text)
            .map_err(|e| errors::variant_file_error(py, &e))?;
        Ok(Variant {
            rules: Arc::new(rules),
        })
    })
}
