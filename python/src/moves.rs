//! `chessrules.Move`: a legal move of one position, with its text in the variant's notation
//! (`str(move)`) and in coordinates (`move.uci()`).

use pyo3::prelude::*;
use pyo3::types::{PyString, PyType};

use crate::game::AnyMove;
use crate::limits;

/// A move: `str(move)` is the variant's notation (SAN for standard chess, the variant's own
/// elsewhere), `move.uci()` its coordinates (`e2e4`, `e7e8q`).
///
/// Moves come from `Board.legal_moves`, `Board.parse_san` / `Board.parse_uci` or
/// `Move.from_uci`. Two moves are equal when their coordinates and notation are.
#[pyclass(module = "chessrules", name = "Move", frozen, eq, hash, from_py_object)]
#[derive(Clone, Debug)]
pub struct Move {
    /// The library's move, when the move came from a board.
    pub raw: Option<AnyMove>,
    pub text: String,
    pub uci_text: String,
}

impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        self.uci_text == other.uci_text && self.text == other.text
    }
}

impl std::hash::Hash for Move {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.uci_text.hash(state);
    }
}

impl Move {
    pub fn new(raw: AnyMove, text: String, uci_text: String) -> Move {
        Move {
            raw: Some(raw),
            text,
            uci_text,
        }
    }
}

#[pymethods]
impl Move {
    /// A move given by its coordinates only; `Board.push` finds the legal move it names.
    #[classmethod]
    fn from_uci(cls: &Bound<'_, PyType>, uci: &Bound<'_, PyString>) -> PyResult<Move> {
        let uci = limits::move_text(cls.py(), uci)?;
        Ok(Move {
            raw: None,
            text: uci.to_string(),
            uci_text: uci.into_owned(),
        })
    }

    /// The move in coordinates (UCI): `e2e4`, `e7e8q`.
    fn uci(&self) -> String {
        self.uci_text.clone()
    }

    /// The move in the variant's notation (what `str(move)` gives).
    #[getter]
    fn san(&self) -> String {
        self.text.clone()
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "Move({}, uci={})",
            quoted(&self.text),
            quoted(&self.uci_text)
        )
    }
}

/// A string as Python's `repr` writes a plain one: in single quotes.
pub fn quoted(text: &str) -> String {
    let mut out = String::from("'");
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}
