//! The `chessrules._chessrules` extension module: the library's variants behind one binding
//! (see `game.rs`), for the `chessrules` Python package.

mod batch;
mod board;
mod claims;
mod compat;
mod cut_guesses;
mod errors;
mod game;
mod interrupt;
mod limits;
mod moves;
mod outcome;
mod pgn;
mod piece;
mod pieces;
mod pyread;
mod variant_file;

use chessrules::game::VariantId;
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::board::Board;
use crate::errors::guard;

/// Leaf nodes of the legal move tree `depth` plies below `board`'s position (positions a rule
/// of the variant has decided have no moves, as python-chess and Fairy-Stockfish count).
/// Counts on a copy, without the interpreter's lock; Ctrl-C stops it (`KeyboardInterrupt`).
#[pyfunction]
fn perft(py: Python<'_>, board: &Bound<'_, Board>, depth: u32) -> PyResult<u64> {
    guard(|| {
        // A board another thread is using raises RuntimeError, as its own methods do.
        let mut game = board.try_borrow()?.game().clone();
        py.detach(move || game::count(&mut game, depth, &mut interrupt::check))
    })
}

/// The names of the variants (`Board(variant=...)` takes them and their aliases).
#[pyfunction]
fn variants() -> Vec<&'static str> {
    VariantId::ALL.iter().map(|v| v.name()).collect()
}

/// The initial board text of a variant (a variant file's TOML for `custom`).
#[pyfunction]
fn initial_board_file(variant: &Bound<'_, PyString>) -> PyResult<&'static str> {
    let id = board::variant_id(variant)?;
    Ok(chessrules::variants::registry::info(id).initial)
}

#[pymodule]
fn _chessrules(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add_class::<Board>()?;
    m.add_class::<compat::LegalMoves>()?;
    m.add_class::<compat::Pocket>()?;
    m.add_class::<moves::Move>()?;
    m.add_class::<piece::Piece>()?;
    m.add_class::<outcome::Outcome>()?;
    m.add_class::<outcome::Termination>()?;
    m.add_class::<variant_file::Variant>()?;
    m.add_class::<pgn::Validator>()?;
    m.add_class::<pgn::GameResult>()?;
    m.add_class::<batch::Batch>()?;
    m.add_class::<pieces::Pieces>()?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(initial_board_file, m)?)?;
    m.add_function(wrap_pyfunction!(variant_file::load_variant, m)?)?;
    m.add_function(wrap_pyfunction!(pieces::split_points, m)?)?;
    m.add_function(wrap_pyfunction!(pieces::pieces, m)?)?;
    m.add_function(wrap_pyfunction!(batch::validate_batch, m)?)?;
    m.add_function(wrap_pyfunction!(cut_guesses::quick_cuts, m)?)?;
    m.add_function(wrap_pyfunction!(cut_guesses::renumber_games, m)?)?;
    Ok(())
}
