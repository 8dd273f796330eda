//! Obstacle chess's walls are the shared terrain model's ([`crate::variants::terrain::walls`]):
//! the names this variant has always used, on its 8×8 board.

pub use crate::variants::terrain::walls::{WallSet, WallSide, SOUTH, WEST};

/// The walls of an obstacle-chess board (a [`WallSet`] of 8×8).
pub type Walls = WallSet;
