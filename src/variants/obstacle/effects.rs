//! What trapdoors and mines do to a piece that has just arrived on their square.
//!
//! Run after the core's `make`: a piece on a trapdoor (hidden or open) falls and the trapdoor
//! is open from then on; a mine goes off, removing the piece on it and every piece on the
//! eight neighbours that no wall shields (the wall geometry's step test, so a diagonal
//! neighbour is shielded only by two walls round the corner), and is used up. Walls and
//! trapdoors stay; neighbouring mines do not go off. Either event resets the halfmove clock.

use crate::core::Square;

use super::board::ObstacleBoard;

/// What happened on arrival.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fired {
    pub fell: bool,
    pub exploded: bool,
}

impl Fired {
    pub fn any(self) -> bool {
        self.fell || self.exploded
    }
}

/// Applies the obstacle under `s` to the piece that has just arrived there.
pub fn arrive(board: &mut ObstacleBoard, s: Square) -> Fired {
    let mut o = board.obstacle(s);
    let mut fired = Fired::default();
    if o.is_none() || board.piece(s).is_none() {
        return fired;
    }
    let sq = board.sq(s);
    if o.has_trapdoor() {
        board.pos.remove(sq);
        o.hidden_trapdoor = false;
        o.open_trapdoor = true;
        fired.fell = true;
    }
    if o.mine {
        board.pos.remove(sq);
        o.mine = false;
        fired.exploded = true;
        for dy in -1..=1i32 {
            for dx in -1..=1i32 {
                if (dx, dy) == (0, 0) || board.walls.step_blocked(s, dx, dy) {
                    continue;
                }
                // step_blocked treats off-board steps as blocked, so this is on the board.
                let n = Square::new((s.file as i32 + dx) as u8, (s.rank as i32 + dy) as u8);
                let nsq = board.sq(n);
                board.pos.remove(nsq);
            }
        }
    }
    board.set_obstacle(s, o);
    if fired.any() {
        let full = board.pos.fullmove_number();
        board.pos.set_clocks(0, full);
    }
    fired
}
