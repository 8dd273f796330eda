//! FollowChess as a [`Game`](crate::game::Game): the core's rules on the board's
//! rectangle, moves written `c 3 c 4`, the board file as the course prints it.

use crate::core::Position;
use crate::game::{MoveRefused, VariantId};
use crate::variants::core_game::{CoreGame, CoreNotation};
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
    read_move: |pos, text| {
        let refused = || MoveRefused::new(format!("{text} is not a legal move here"));
        let (from, to) = notation::parse_move(text.trim().as_bytes()).ok_or_else(refused)?;
        let shape = pos.rules().shape.clone();
        let (from, to) = (
            from.on(&shape).ok_or_else(refused)?,
            to.on(&shape).ok_or_else(refused)?,
        );
        pos.legal_move_list()
            .into_iter()
            .find(|m| m.from == from && m.to == to)
            .ok_or_else(refused)
    },
    write_board: |_, pos| board_file::write(pos),
    write_coordinates: crate::notation::coordinate::to_uci,
};

/// A game of FollowChess from `pos`.
pub fn game(pos: Position) -> CoreGame {
    CoreGame::new(pos, &DIALECT)
}
