//! The package's exceptions, and the guard every entry point runs in.
//!
//! `ChessrulesError` (a `ValueError`) is the base of every error about the input:
//! `BoardFileError` (a board file refused: the library's `Diagnostic`, with its line, square
//! and exit code), `IllegalMoveError` (a move refused: the library's `MoveRefused`),
//! `VariantFileError` (a variant file refused, with line and column) and `UnknownVariantError`.
//! `InternalError` (a `RuntimeError`) is a Rust panic caught at the boundary: a bug, never
//! the input's fault.

use std::io;
use std::panic::{catch_unwind, AssertUnwindSafe};

use chessrules::game::{Diagnostic, MoveRefused, UnknownVariant};
use chessrules::variants::custom::VariantFileError as RustVariantFileError;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::IntoPyObjectExt;

pyo3::create_exception!(
    chessrules,
    ChessrulesError,
    PyValueError,
    "Base class of every error about the input (a board, a move, a variant file)."
);
pyo3::create_exception!(
    chessrules,
    BoardFileError,
    ChessrulesError,
    "A board file (FEN or the variant's board text) was refused.\n\n\
     Attributes: message (the spec's sentence, as the variant's command prints it after \
     'ERROR: '), detail (the rule broken in words, where the variant explains it, or None), \
     line (1-based, or None), square (e.g. 'e7', or None), exit_code."
);
pyo3::create_exception!(
    chessrules,
    IllegalMoveError,
    ChessrulesError,
    "A move was refused: not legal here, or not a move in the variant's notation.\n\n\
     Attributes: message (the variant's own sentence), move (the text given)."
);
pyo3::create_exception!(
    chessrules,
    VariantFileError,
    ChessrulesError,
    "A variant file (TOML) was refused.\n\nAttributes: message, line, column."
);
pyo3::create_exception!(
    chessrules,
    UnknownVariantError,
    ChessrulesError,
    "No variant has this name."
);
pyo3::create_exception!(
    chessrules,
    InternalError,
    PyRuntimeError,
    "A bug in chessrules (a Rust panic caught at the boundary); please report it."
);

/// An exception of type `T` with `message` and these attributes set on it.
fn with_attrs<'py, T: pyo3::PyTypeInfo>(
    py: Python<'py>,
    message: &str,
    attrs: &[(&str, Bound<'py, PyAny>)],
) -> PyErr {
    let err = PyErr::from_type(T::type_object(py), (message.to_string(),));
    let value = err.value(py);
    for (name, v) in attrs {
        if let Err(e) = value.setattr(*name, v) {
            return e;
        }
    }
    if let Err(e) = value.setattr("message", message) {
        return e;
    }
    err
}

fn object<'py, T: IntoPyObject<'py>>(py: Python<'py>, v: T) -> Bound<'py, PyAny> {
    v.into_bound_py_any(py)
        .unwrap_or_else(|_| py.None().into_bound(py))
}

/// A refused board file: the spec's sentence as `message`, the rule in words (when the
/// variant explains it) as `detail`, the line or square it names, the command's exit code.
pub fn board_file_error(py: Python<'_>, d: &Diagnostic) -> PyErr {
    with_attrs::<BoardFileError>(
        py,
        &d.message,
        &[
            ("detail", object(py, d.detail.clone())),
            ("line", object(py, d.line)),
            ("square", object(py, d.square.clone())),
            ("exit_code", object(py, d.exit_code)),
        ],
    )
}

pub fn illegal_move(py: Python<'_>, text: &str, e: &MoveRefused) -> PyErr {
    with_attrs::<IllegalMoveError>(py, &e.message, &[("move", object(py, text))])
}

/// A move refused by this binding (a move of another position, a UCI text no legal move has).
pub fn illegal_move_text(py: Python<'_>, text: &str, message: String) -> PyErr {
    illegal_move(py, text, &MoveRefused::new(message))
}

pub fn variant_file_error(py: Python<'_>, e: &RustVariantFileError) -> PyErr {
    variant_file_error_at(py, &e.to_string(), Some(e.line), Some(e.column))
}

/// A refused variant file: `message`, and the line and column it points at (if any).
pub fn variant_file_error_at(
    py: Python<'_>,
    message: &str,
    line: Option<usize>,
    column: Option<usize>,
) -> PyErr {
    with_attrs::<VariantFileError>(
        py,
        message,
        &[("line", object(py, line)), ("column", object(py, column))],
    )
}

/// A move refused before it was read (too long): its `move` is the object given, not a copy.
pub fn illegal_move_object(py: Python<'_>, given: &Bound<'_, PyAny>, message: &str) -> PyErr {
    with_attrs::<IllegalMoveError>(py, message, &[("move", given.clone())])
}

pub fn unknown_variant(e: &UnknownVariant) -> PyErr {
    UnknownVariantError::new_err(e.to_string())
}

/// An I/O error as a Python exception: the exception it holds, if a Python call or a signal
/// handler raised one during the reading (`KeyboardInterrupt` stays `KeyboardInterrupt`);
/// otherwise the `OSError` PyO3 makes of it.
pub fn from_io(e: io::Error) -> PyErr {
    if !e.get_ref().is_some_and(|inner| inner.is::<PyErr>()) {
        return e.into();
    }
    let kind = e.kind();
    match e.into_inner().map(|inner| inner.downcast::<PyErr>()) {
        Some(Ok(held)) => *held,
        Some(Err(other)) => io::Error::new(kind, other).into(),
        None => io::Error::from(kind).into(),
    }
}

/// Runs `work`; a panic inside it becomes `InternalError` instead of unwinding into Python.
pub fn guard<T>(work: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(work)) {
        Ok(result) => result,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            Err(InternalError::new_err(format!(
                "chessrules panicked: {what}"
            )))
        }
    }
}

/// Registers the exception classes on the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("ChessrulesError", py.get_type::<ChessrulesError>())?;
    m.add("BoardFileError", py.get_type::<BoardFileError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("VariantFileError", py.get_type::<VariantFileError>())?;
    m.add("UnknownVariantError", py.get_type::<UnknownVariantError>())?;
    m.add("InternalError", py.get_type::<InternalError>())?;
    Ok(())
}
