//! What trapdoors and mines do to a piece that has just arrived on their square.
//!
//! Run after the core's `make`: a piece on a trapdoor (hidden or open) falls and the trapdoor
//! is open from then on; a mine goes off, removing the piece on it and every piece on the
//! eight neighbours that no wall shields (the wall geometry's step test, so a diagonal
//! neighbour is shielded only by two walls round the corner), and is used up. Walls and
//! trapdoors stay; neighbouring mines do not go off. Either event resets the halfmove clock.

use crate::core::{Piece, Sq, Square};

use super::board::{Obstacle, ObstacleBoard};

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

/// What the effects of one move changed, so that they can be taken back: a legality test plays
/// a move and its effects on one board, looks, and undoes them, instead of copying the board
/// for every candidate move. Its vectors keep their room between uses (no allocation per move).
#[derive(Clone, Default, Debug)]
pub struct Fallout {
    removed: Vec<(Sq, Piece)>,
    obstacles: Vec<(Square, Obstacle)>,
    clocks: Option<(u32, u32)>,
}

impl Fallout {
    /// Nothing was set off.
    pub fn is_empty(&self) -> bool {
        self.removed.is_empty() && self.obstacles.is_empty() && self.clocks.is_none()
    }

    /// Takes back every recorded effect (the core move itself is the caller's to unmake).
    pub fn undo(&mut self, board: &mut ObstacleBoard) {
        if let Some((halfmove, fullmove)) = self.clocks.take() {
            board.pos.set_clocks(halfmove, fullmove);
        }
        for (s, o) in self.obstacles.drain(..).rev() {
            board.set_obstacle(s, o);
        }
        for (sq, piece) in self.removed.drain(..).rev() {
            board.pos.put(sq, piece);
        }
    }

    fn remove(&mut self, board: &mut ObstacleBoard, sq: Sq) {
        if let Some(piece) = board.pos.remove(sq) {
            self.removed.push((sq, piece));
        }
    }
}

/// Applies the obstacle under `s` to the piece that has just arrived there.
pub fn arrive(board: &mut ObstacleBoard, s: Square) -> Fired {
    arrive_recorded(board, s, &mut Fallout::default())
}

/// [`arrive`], recording what changed in `fallout` so that it can be undone.
pub fn arrive_recorded(board: &mut ObstacleBoard, s: Square, fallout: &mut Fallout) -> Fired {
    let mut o = board.obstacle(s);
    let mut fired = Fired::default();
    if o.is_none() || board.piece(s).is_none() {
        return fired;
    }
    fallout.obstacles.push((s, o));
    let sq = board.sq(s);
    if o.has_trapdoor() {
        fallout.remove(board, sq);
        o.hidden_trapdoor = false;
        o.open_trapdoor = true;
        fired.fell = true;
    }
    if o.mine {
        fallout.remove(board, sq);
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
                fallout.remove(board, nsq);
            }
        }
    }
    board.set_obstacle(s, o);
    if fired.any() {
        let full = board.pos.fullmove_number();
        if fallout.clocks.is_none() {
            fallout.clocks = Some((board.pos.halfmove_clock(), full));
        }
        board.pos.set_clocks(0, full);
    }
    fired
}
