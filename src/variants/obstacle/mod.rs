//! Obstacle chess (RW144 project 2023): FIDE chess on 8×8 plus walls between squares,
//! trapdoors and mines.
//!
//! The core plays the FIDE pieces and respects walls through its per-square blocked-step
//! masks. Walls, trapdoors, mines and what they do after a move are the shared terrain model
//! (`crate::variants::terrain`; `walls` and `effects` here keep this variant's names for it).
//! This module adds the rest: the board file format (`board_file`, `board_write`, with the
//! obstacle letters `M D O X`), the game file notation (`notation`), the legality of moves with
//! their effects (`game`), the rules type that makes and takes back moves and walls
//! (`obstacle_chess`, played by the game file's record, the table and the search alike) and the
//! game file's record around it (`game`: placements, secrets, INFO messages).

pub mod board;
pub mod board_file;
pub mod board_write;
pub mod effects;
pub mod error;
pub mod finder;
pub mod game;
pub mod knowledge;
pub mod notation;
pub mod obstacle_chess;
pub mod placement;
pub mod search;
pub mod seat_view;
pub mod strict;
pub mod uci_bridge;
pub mod walls;

use std::sync::Arc;

use crate::core::Rules;

pub use board::{Obstacle, ObstacleBoard};
pub use board_file::parse_board;
pub use board_write::write_board;
pub use error::{BoardError, BoardFault, MoveFault, ObstacleMoveError};
pub use game::{Info, Judge, ObstacleGame};
pub use knowledge::Secret;
pub use obstacle_chess::{ObstacleChess, ObstacleMove};

/// The obstacle-chess rules: FIDE pieces and castling on 8×8. Walls, trapdoors and mines are
/// position state of this variant, not rules, so the table is the standard one.
pub fn rules() -> Arc<Rules> {
    crate::variants::standard::rules()
}
