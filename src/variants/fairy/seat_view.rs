//! Fairy chess 10×10 at the table: the course's board file (allocation, board, status line) and
//! move-file notation (`c4xd5+`, `0-0`, `h9-h10=Q`), played through fairy chess's rules type
//! (its core game with the clock rule) in the one generic seat view.

use crate::game::game_seat_view::GameSeatView;
use crate::game::seat_view::SeatView;
use crate::game::Diagnostic;
use crate::variants::fairy::{self, variant};

/// What the page shows of fairy chess.
pub const INFO: crate::variants::registry::BoardText = crate::variants::registry::BoardText {
    initial: "k:1\nr:2\nq:1\nn:1\nb:1\nf:1\ne:1\na:1\nw:1\np:5\nd:5\n-----\n\
r n b e q k a w f r \nd p d p d p d p d p \n. . . . . . . . . . \n. . . . . . . . . . \n\
. . . . . . . . . . \n. . . . . . . . . . \n. . . . . . . . . . \n. . . . . . . . . . \n\
D P D P D P D P D P \nR N B E Q K A W F R \n-----\nw:++++:0:1\n",
    format: "allocation lines, -----, ten rows of ten squares, -----, status line P:CCCC:H:M",
    syntax: "Moves: c2-c4, c4xd5, 0-0, 0-0-0, h9-h10=Q, with + after a check and ++ after checkmate (the spec's move-file notation).",
};

/// A fairy chess board file, validated as the `fairy` command does, at the table.
pub fn load(text: &str) -> Result<Box<dyn SeatView>, Diagnostic> {
    let board = fairy::parse_board(text)?;
    Ok(Box::new(GameSeatView::new(variant::game_of_board(&board))))
}
