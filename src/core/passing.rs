//! Passing (`RuleOptions::passing`): a side may let its turn go by without moving, always
//! (janggi) or only when it has no other legal move (Fairy-Stockfish's `passOnStalemate`).
//!
//! A pass is a `Move` of its own (`MoveFlag::Pass`), named, as Fairy-Stockfish names it, by
//! the royal piece's square (or, with no royal piece, the side's first piece in square order):
//! its UCI text is that square twice (`e1e1`) and its SAN the piece standing still (`Ke1`).
//! It is legal where the royal piece is not in check, as a king's "move" to its own square
//! would be.

use crate::core::moves::Move;
use crate::core::piece::{code_color, EMPTY, OFFBOARD};
use crate::core::position::Position;
use crate::core::rules::Passing;

impl Position {
    /// Appends the pass to `out[start..]` (the other legal moves) where the side to move may
    /// pass: not in check, holding a piece to name it by, not bound to drop, and, where it
    /// may pass only when stalemated, with no other move.
    pub(crate) fn add_pass(&mut self, out: &mut Vec<Move>, start: usize) {
        let us = self.side;
        if self.rules.options.passing[us.index()] == Passing::WhenStalemated && out.len() > start {
            return;
        }
        // Where a drop must be made (a placement setup), a pass is not a drop.
        if self.rules.options.must_drop && out[start..].iter().any(|m| m.dropped().is_some()) {
            return;
        }
        if self.in_check(us) {
            return;
        }
        if let Some(at) = self.pass_square() {
            out.push(Move::pass(at));
        }
    }

    /// The square a pass of the side to move is named by.
    fn pass_square(&self) -> Option<crate::core::geometry::Sq> {
        let us = self.side;
        if self.royal_count[us.index()] == 1 {
            return Some(self.royal[us.index()]);
        }
        self.rules.shape.squares().find(|&sq| {
            let code = self.board[sq as usize];
            code != EMPTY && code != OFFBOARD && code_color(code) == us.index()
        })
    }
}
