//! Obstacle chess for the move-sequence finder: the core's placement facts plus the
//! variant's own — walls are never removed and walls in hand never grow, open trapdoors never
//! close, mines never appear — and walls tried only where the target has one.

use crate::core::{Color, Square};
use crate::game::{Game, Reachable};
use crate::variants::obstacle::walls::WallSide;
use crate::variants::obstacle::{ObstacleChess, ObstacleMove};
use crate::variants::reach::{arrivals_needed, bound_with_parity, refute_position, same_placement};

/// Every square of the board.
fn squares() -> impl Iterator<Item = Square> {
    (0..8u8).flat_map(|rank| (0..8u8).map(move |file| Square::new(file, rank)))
}

/// Every edge a wall may stand on, as (square, side).
fn edges() -> impl Iterator<Item = (Square, WallSide)> {
    squares().flat_map(|s| [WallSide::West, WallSide::South].map(|side| (s, side)))
}

impl Reachable for ObstacleChess {
    fn matches(&self, target: &Self) -> bool {
        let (a, b) = (self.board(), target.board());
        same_placement(a.position(), b.position()) && a.extras_digest() == b.extras_digest()
    }

    fn lower_bound(&self, target: &Self) -> u32 {
        let (board, goal) = (self.board(), target.board());
        let (mut w, mut b) = arrivals_needed(board.position(), goal.position());
        // Each wall still to place takes a whole move of its owner.
        let walls_to_place =
            |c: Color| u32::from(board.walls_left(c) - goal.walls_left(c).min(board.walls_left(c)));
        w = w.max(walls_to_place(Color::White));
        b = b.max(walls_to_place(Color::Black));
        bound_with_parity(board.position(), goal.position(), w, b)
    }

    fn refute(&self, target: &Self) -> Option<String> {
        let (board, goal) = (self.board(), target.board());
        for color in [Color::White, Color::Black] {
            if goal.walls_left(color) > board.walls_left(color) {
                return Some(format!("{color:?} cannot get walls back"));
            }
        }
        for (s, side) in edges() {
            if board.walls().has(s, side) && !goal.walls().has(s, side) {
                return Some("walls cannot be removed".into());
            }
        }
        for s in squares() {
            if board.obstacle(s).open_trapdoor && !goal.obstacle(s).open_trapdoor {
                return Some("an open trapdoor cannot close".into());
            }
            if !board.obstacle(s).mine && goal.obstacle(s).mine {
                return Some("mines cannot appear".into());
            }
        }
        refute_position(board.position(), goal.position())
    }

    /// Piece moves, and only the walls the target has (walls are never removed).
    fn moves_towards(&mut self, target: &Self, out: &mut Vec<ObstacleMove>) {
        let start = out.len();
        self.legal_moves(out);
        let goal = target.board();
        let kept: Vec<ObstacleMove> = out
            .drain(start..)
            .filter(|m| match *m {
                ObstacleMove::Wall(s, side) => goal.walls().has(s, side),
                ObstacleMove::Piece(_) => true,
            })
            .collect();
        out.extend(kept);
    }
}
