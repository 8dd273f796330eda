//! Chess960 at the table: its rules type (castling from where the start position puts king
//! and rooks) in the one generic seat view, with standard chess's FIDE record.

use crate::game::game_seat_view::GameSeatView;
use crate::game::seat_view::SeatView;
use crate::game::Diagnostic;
use crate::variants::chess960;
use crate::variants::standard::setup::chess960_position_from_fen;

/// What the page shows of Chess960.
pub const INFO: crate::variants::registry::BoardText = crate::variants::registry::BoardText {
    initial: "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\n",
    format: "one FEN line, castling in X-FEN (KQkq: the outermost rooks) or Shredder-FEN (HAha)",
    syntax: "Moves: SAN (e4, Nf3, O-O on the king's target squares) or coordinates (king takes own rook for castling).",
};

/// A Chess960 game: the same rules, castling from where the position puts king and rooks.
pub fn load(text: &str) -> Result<Box<dyn SeatView>, Diagnostic> {
    let position = chess960_position_from_fen(text.trim())?;
    Ok(Box::new(GameSeatView::new(chess960::game(position))))
}
