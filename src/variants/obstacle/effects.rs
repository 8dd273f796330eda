//! What trapdoors and mines do on an obstacle-chess board: the shared terrain model's effects
//! ([`crate::variants::terrain::effects`], where the rules are written down), applied to the
//! board's position and terrain.

use crate::core::Square;

use super::board::ObstacleBoard;

use crate::variants::terrain::effects;
pub use crate::variants::terrain::effects::{Fallout, Fired};

/// Applies the obstacle under `s` to the piece that has just arrived there.
pub fn arrive(board: &mut ObstacleBoard, s: Square) -> Fired {
    arrive_recorded(board, s, &mut Fallout::default())
}

/// [`arrive`], recording what changed in `fallout` so that it can be undone.
pub fn arrive_recorded(board: &mut ObstacleBoard, s: Square, fallout: &mut Fallout) -> Fired {
    effects::arrive_recorded(&mut board.pos, &mut board.terrain, s, fallout)
}

/// Takes back the effects recorded in `fallout` (the core move is the caller's to unmake).
pub fn undo(board: &mut ObstacleBoard, fallout: &mut Fallout) {
    fallout.undo(&mut board.pos, &mut board.terrain.hazards);
}
