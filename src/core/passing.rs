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
        if out[start..].iter().any(|&m| self.is_bound_drop(m)) {
            return;
        }
        if let Some(pass) = self.pass_move() {
            out.push(pass);
        }
    }

    /// The pass, where the side to move may pass this turn by the rules' `passing` and
    /// check alone (not in check, or in bikjang), with a piece to name it by.
    pub(crate) fn pass_move(&mut self) -> Option<Move> {
        let us = self.side;
        if self.rules.options.passing[us.index()] == Passing::Never {
            return None;
        }
        if self.in_check(us) && !(self.rules.options.bikjang && self.royals_face()) {
            return None;
        }
        self.pass_square().map(Move::pass)
    }

    /// `legal_moves`' last step where passing or bikjang is the rules' only option: in
    /// bikjang only the moves that part the royal pieces, then the pass.
    pub(crate) fn narrow_by_passing(&mut self, out: &mut Vec<Move>, start: usize) {
        if self.rules.options.bikjang && self.royals_face() {
            self.keep_moves_ending_bikjang(out, start);
        }
        if let Some(pass) = self.pass_move() {
            out.push(pass);
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

impl Position {
    /// Do the two sides' royal pieces, one each, face each other on a file or rank with
    /// nothing between them (janggi's bikjang)?
    pub fn royals_face(&self) -> bool {
        if self.royal_count != [1, 1] {
            return false;
        }
        let shape = &self.rules.shape;
        let [a, b] = self.royal;
        let (fa, ra, fb, rb) = (
            shape.file_of(a) as i32,
            shape.rank_of(a) as i32,
            shape.file_of(b) as i32,
            shape.rank_of(b) as i32,
        );
        if fa != fb && ra != rb {
            return false;
        }
        let step = shape.delta((fb - fa).signum(), (rb - ra).signum());
        let mut s = a as isize + step;
        while s != b as isize {
            if self.cell(s as usize) != EMPTY {
                return false;
            }
            s += step;
        }
        true
    }

    /// In bikjang: keeps only the moves after which the royal pieces no longer face each
    /// other.
    pub(crate) fn keep_moves_ending_bikjang(&mut self, out: &mut Vec<Move>, start: usize) {
        let mut i = start;
        while i < out.len() {
            let m = out[i];
            let undo = self.make(m);
            let still = self.royals_face();
            self.unmake(m, undo);
            if still {
                out.swap_remove(i);
            } else {
                i += 1;
            }
        }
    }
}
