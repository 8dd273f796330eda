//! Standard (FIDE) chess at the table: a FEN board checked by the spec's setup rules, moves in
//! SAN (coordinates accepted), automatic ends, claims and PGN (`standard::table`).

use crate::game::game_seat_view::GameSeatView;
use crate::game::seat_view::SeatView;
use crate::game::Diagnostic;
use crate::variants::standard;
use crate::variants::standard::setup::position_from_fen;

/// What the page shows of standard chess.
pub const INFO: crate::variants::registry::BoardText = crate::variants::registry::BoardText {
    initial: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
    format: "one FEN line",
    syntax: "Moves: SAN (e4, Nf3, exd5, O-O, e8=Q) or coordinates (e2e4, e7e8q).",
};

/// A standard chess FEN, checked by the spec's setup rules, at the table: standard chess's
/// rules type in the one generic seat view, with the FIDE record of `standard::table`.
pub fn load(text: &str) -> Result<Box<dyn SeatView>, Diagnostic> {
    let position = position_from_fen(text.trim())?;
    Ok(Box::new(GameSeatView::new(standard::variant::game(
        position,
    ))))
}
