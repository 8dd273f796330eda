//! Fairy chess on 10×10 (course RW144, 2019): eleven piece kinds as rows of the core's piece
//! table, the board file (parse, validate, write) and the move file (parse, validate, apply).

pub mod board_file;
pub mod computer;
pub mod errors;
pub mod notation;
pub mod play;
pub mod rules;
pub mod seat_view;
pub mod status_line;
pub mod strict;
pub mod text;
pub mod variant;
pub mod write;

pub use board_file::{parse as parse_board, FairyBoard};
pub use errors::{BoardError, FairyMoveError, MoveClass};
pub use play::play_file;
pub use write::board_file as write_board;
