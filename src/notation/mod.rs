//! Move and position notations shared by variants.

pub mod betza;
pub mod coordinate;
pub mod fen;
pub mod pgn;
pub mod san;
