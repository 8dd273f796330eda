//! Standard chess as a [`Game`](crate::game::Game): the core's FIDE rules, SAN for
//! moves and FEN for the board.

use crate::core::Position;
use crate::game::{MoveRefused, VariantId};
use crate::notation::{fen, san};
use crate::variants::core_game::{CoreGame, CoreNotation};

/// Standard chess's notation: SAN moves, FEN boards.
pub static DIALECT: CoreNotation = CoreNotation {
    id: VariantId::Standard,
    write_move: san::to_san,
    read_move: |pos, text| san::parse(pos, text).map_err(|e| MoveRefused::new(e.to_string())),
    write_board: |_, pos| fen::write(pos),
    write_coordinates: crate::notation::coordinate::to_uci,
    table: &crate::variants::standard::table::HOOKS,
    evaluate: None,
};

/// A game of standard chess from `pos`.
pub fn game(pos: Position) -> CoreGame {
    CoreGame::new(pos, &DIALECT)
}
