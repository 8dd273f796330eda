//! Move and position notations shared by variants.

#![warn(missing_docs)]

pub mod betza;
pub mod coordinate;
pub mod fen;
mod fen_board;
mod fen_gates;
mod fen_hand;
pub mod pgn;
pub mod san;
