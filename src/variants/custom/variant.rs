//! A variant file's game as a [`Game`](crate::game::Game): the core's rules
//! compiled from the file, coordinate moves, FEN boards, and the file's end of game.

use crate::core::Position;
use crate::game::{MoveRefused, VariantId};
use crate::notation::{coordinate, fen};
use crate::variants::core_game::{CoreGame, CoreNotation};
use crate::variants::custom::computer::ends_of;
use crate::variants::custom::CustomVariant;

/// A variant file's notation: coordinate moves (`e2e4`, `e7e8q`), FEN boards.
pub static DIALECT: CoreNotation = CoreNotation {
    id: VariantId::Custom,
    write_move: |pos, m| coordinate::to_uci(pos, m),
    read_move: |pos, text| {
        coordinate::parse(pos, text).map_err(|e| MoveRefused::new(e.to_string()))
    },
    write_board: |_, pos| fen::write(pos),
    write_coordinates: crate::notation::coordinate::to_uci,
    table: &crate::variants::core_table::TableHooks::PLAIN,
};

/// A game of `variant` from `pos`, ending as the file says.
pub fn game(variant: &CustomVariant, pos: Position) -> CoreGame {
    let mut game = CoreGame::new(pos, &DIALECT);
    game.set_ends(ends_of(variant));
    game
}
