//! Chess960 at the table: standard chess's seat view on a game whose castling comes from
//! where the start position puts king and rooks.

use crate::game::seat_view::{SeatView, VariantInfo};
use crate::game::Diagnostic;
use crate::variants::standard::game::StandardGame;
use crate::variants::standard::seat_view::Standard;

/// What the page shows of Chess960.
pub const INFO: VariantInfo = VariantInfo {
    id: crate::game::VariantId::Chess960,
    name: "Chess960",
    initial: "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\n",
    format: "one FEN line, castling in X-FEN (KQkq: the outermost rooks) or Shredder-FEN (HAha)",
    syntax: "Moves: SAN (e4, Nf3, O-O on the king's target squares) or coordinates (king takes own rook for castling).",
};

/// A Chess960 game: the same rules, castling from where the position puts king and rooks.
pub fn load(text: &str) -> Result<Box<dyn SeatView>, Diagnostic> {
    let game = StandardGame::chess960_from_fen(text.trim())?;
    Ok(Box::new(Standard { game }))
}
