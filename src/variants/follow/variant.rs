//! FollowChess as a [`Game`](crate::game::Game): the core's rules on the board's
//! rectangle, moves written `c 3 c 4`, the board file as the course prints it.

use crate::core::{Color, Position};
use crate::game::{MoveRefused, VariantId};
use crate::variants::core_game::{CoreGame, CoreNotation};
use crate::variants::core_table::TableHooks;
use crate::variants::follow::{board_file, notation};

/// FollowChess's notation: `c 3 c 4` (promotion is automatic), its board file.
pub static DIALECT: CoreNotation = CoreNotation {
    id: VariantId::Follow,
    write_move: |pos, m| {
        let shape = &pos.rules().shape;
        format!(
            "{} {}",
            notation::square_name(shape, m.from),
            notation::square_name(shape, m.to)
        )
    },
    // The library API's own reader, so a refusal says what the course's would.
    read_move: |pos, text| {
        super::read_move(pos, text.trim().as_bytes(), 1).map_err(|e| MoveRefused::new(e.reason()))
    },
    write_board: |_, pos| board_file::write(pos),
    write_coordinates: crate::notation::coordinate::to_uci,
    table: &TableHooks::side_panel(table_info),
    evaluate: None,
};

/// The side panel: the pieces each side has captured in this game, in the order they fell.
fn table_info(game: &CoreGame) -> Vec<String> {
    let [white, black] = captured_letters(game);
    vec![
        format!("captured by White: {}", white.iter().collect::<String>()),
        format!("captured by Black: {}", black.iter().collect::<String>()),
    ]
}

/// The letters of the pieces White and Black have captured in `game` (each in its colour's
/// case), in the order they fell: the library API's `captureOrder` and the table's panel.
pub fn captured_letters(game: &CoreGame) -> [Vec<char>; 2] {
    let pos = game.position();
    Color::BOTH.map(|side| {
        game.taken()
            .filter(|p| p.color != side)
            .map(|p| board_file::piece_letter(pos, p))
            .collect()
    })
}

/// A game of FollowChess from `pos`.
pub fn game(pos: Position) -> CoreGame {
    CoreGame::new(pos, &DIALECT)
}
