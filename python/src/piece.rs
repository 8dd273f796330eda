//! `chessrules.Piece`: what stands on a square, as python-chess's `Piece` shows it.

use pyo3::prelude::*;

/// A piece: `symbol()` is its letter (upper case White, lower case Black, as in a FEN),
/// `color` True for White. Two pieces are equal when their symbols are.
#[pyclass(
    module = "chessrules",
    name = "Piece",
    frozen,
    eq,
    hash,
    from_py_object
)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub letter: char,
}

#[pymethods]
impl Piece {
    /// The piece of a FEN letter (`P` a white pawn, `n` a black knight).
    #[staticmethod]
    fn from_symbol(symbol: char) -> Piece {
        Piece { letter: symbol }
    }

    /// Its FEN letter.
    fn symbol(&self) -> String {
        self.letter.to_string()
    }

    /// True for White, False for Black.
    #[getter]
    fn color(&self) -> bool {
        self.letter.is_uppercase()
    }

    fn __str__(&self) -> String {
        self.symbol()
    }

    fn __repr__(&self) -> String {
        format!("Piece.from_symbol('{}')", self.letter)
    }
}
