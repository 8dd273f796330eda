//! FollowChess at the table: any rectangle up to 26 files, moves written `c 3 c 4`, pieces
//! move by their movement rules only (no check rule, kings can be captured, which ends the
//! game), played through FollowChess's rules type in the one generic seat view.

use std::io::Cursor;

use crate::game::game_seat_view::GameSeatView;
use crate::game::seat_view::SeatView;
use crate::game::Diagnostic;
use crate::variants::follow::{board_file, variant};

/// What the page shows of FollowChess.
pub const INFO: crate::variants::registry::BoardText = crate::variants::registry::BoardText {
    initial: "RNBQKBNR\nPPPPPPPP\n........\n........\n........\n........\npppppppp\nrnbqkbnr\n",
    format: "one line per row, top row (Black's side) first; lower case = White",
    syntax: "Moves: the from and to squares, as the FollowChess move files write them (c 2 c 4).",
};

/// A FollowChess board file at the table (read as the library API's `load_board` reads it).
pub fn load(text: &str) -> Result<Box<dyn SeatView>, Diagnostic> {
    let pos = board_file::read(&mut Cursor::new(text.as_bytes()))?;
    Ok(Box::new(GameSeatView::new(variant::game(pos))))
}
