//! How long a text the binding takes: every string argument is measured before it is copied
//! or parsed, so a 20 MB FEN is refused at once instead of being read. Each limit is far
//! above any real input of its kind.

use std::borrow::Cow;

use chessrules::game::Diagnostic;
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::errors;

/// Longest board text (a FEN, or a variant's board file): the page's limit for the same
/// texts. The largest board (26 files × 99 ranks) writes a FEN of under 6 KiB.
pub const MAX_BOARD_TEXT: usize = 64 * 1024;
/// Longest variant file (TOML): the command's limit for the files it reads whole.
pub const MAX_VARIANT_FILE: usize = 1 << 20;
/// Longest move text (SAN, coordinates, a variant's notation): the longest line FollowChess
/// reads as a move; a SAN move has at most 7 characters.
pub const MAX_MOVE_TEXT: usize = 256;
/// Longest variant name.
pub const MAX_NAME: usize = 64;

/// The text of `s` if it has at most `limit` bytes of UTF-8, else the error `refuse` makes
/// from a sentence naming the limit. The length in characters is checked before any copy
/// (a character is at least one byte), the UTF-8 bytes after.
fn bounded<'a>(
    s: &'a Bound<'_, PyString>,
    limit: usize,
    what: &str,
    refuse: impl FnOnce(String) -> PyErr,
) -> PyResult<Cow<'a, str>> {
    let too_long = |n: &str| format!("{what} is too long: {n}, the limit is {limit} bytes");
    let chars = s.len()?;
    if chars > limit {
        return Err(refuse(too_long(&format!("{chars} characters"))));
    }
    let text = s.to_cow()?;
    if text.len() > limit {
        return Err(refuse(too_long(&format!("{} bytes", text.len()))));
    }
    Ok(text)
}

/// A board text (FEN or board file); `BoardFileError` (exit code 1) when too long.
pub fn board_text<'a>(py: Python<'_>, s: &'a Bound<'_, PyString>) -> PyResult<Cow<'a, str>> {
    bounded(s, MAX_BOARD_TEXT, "the board text", |m| {
        errors::board_file_error(py, &Diagnostic::plain(m))
    })
}

/// A variant file's TOML; `VariantFileError` (no line or column) when too long.
pub fn variant_file<'a>(py: Python<'_>, s: &'a Bound<'_, PyString>) -> PyResult<Cow<'a, str>> {
    bounded(s, MAX_VARIANT_FILE, "the variant file", |m| {
        errors::variant_file_error_at(py, &m, None, None)
    })
}

/// A move text; `IllegalMoveError` (its `move` the string given) when too long.
pub fn move_text<'a>(py: Python<'_>, s: &'a Bound<'_, PyString>) -> PyResult<Cow<'a, str>> {
    bounded(s, MAX_MOVE_TEXT, "the move text", |m| {
        errors::illegal_move_object(py, s.as_any(), &m)
    })
}

/// A variant name; `UnknownVariantError` when too long.
pub fn name<'a>(s: &'a Bound<'_, PyString>) -> PyResult<Cow<'a, str>> {
    bounded(
        s,
        MAX_NAME,
        "the variant name",
        errors::UnknownVariantError::new_err,
    )
}
