//! Blockers placed as the second part of every move (`RuleOptions::walling`): the duck, which
//! moves to any other square left empty after each move (duck chess), or a wall that stays:
//! an arrow on a square the moved piece could move to from where it landed (the game of the
//! Amazons), on the square it left (snailtrail), or on any square left empty (isolation), as
//! Fairy-Stockfish's `wallingRule` plays them, each within its `wallingRegion`.
//!
//! A blocker's cell holds `OFFBOARD`, the padding's code: no piece enters or captures it,
//! rides stop at it and leapers cannot land on it, in every generator of the mailbox, which
//! plays these rules (the bitboard tables would count the square as empty). A hopper's screen
//! it is not (Fairy-Stockfish's walls are); no shipped variant has both.

use crate::core::geometry::Sq;
use crate::core::moves::{Move, MoveFlag};
use crate::core::piece::{EMPTY, OFFBOARD};
use crate::core::position::{Position, NO_SQ};
use crate::core::rules::Walling;

impl Position {
    /// Is a blocker (the duck, an arrow) on `sq`?
    pub fn blocker_at(&self, sq: Sq) -> bool {
        (self.rules.options.walling.is_some() || self.rules.options.holes)
            && self.rules.shape.on_board(sq)
            && self.board.get(sq as usize) == Some(&OFFBOARD)
    }

    /// The duck's square under the duck rule, if it has been placed.
    pub fn duck_square(&self) -> Option<Sq> {
        (self.duck != NO_SQ).then_some(self.duck)
    }

    /// Puts a blocker on the empty `sq` (a FEN's `*`). Refused (false) where the rules have
    /// none (no walling rule, no holes), off the board, on a piece, and for a second duck.
    pub fn put_blocker(&mut self, sq: Sq) -> bool {
        let rule = self.rules.options.walling;
        if rule.is_none() && !self.rules.options.holes {
            return false;
        }
        if !self.rules.shape.on_board(sq) || self.board[sq as usize] != EMPTY {
            return false;
        }
        if rule == Some(Walling::Duck) {
            if self.duck != NO_SQ {
                return false;
            }
            self.duck = sq;
        }
        self.board[sq as usize] = OFFBOARD;
        self.key ^= self.rules.zobrist.blocker(sq as usize);
        true
    }

    /// `make`'s part for walling rules, after the piece has moved: the blocker onto its
    /// square (the duck off its old one). A blocker on the square a double step passed
    /// leaves no en passant capture.
    #[inline(never)]
    pub(crate) fn wall_after_move(&mut self, m: Move) {
        let Some(sq) = m.wall() else {
            return;
        };
        let z = &self.rules.zobrist;
        let mut key = z.blocker(sq as usize);
        if self.rules.options.walling == Some(Walling::Duck) {
            self.duck_history.push(self.duck);
            if self.duck != NO_SQ {
                self.board[self.duck as usize] = EMPTY;
                key ^= z.blocker(self.duck as usize);
            }
            self.duck = sq;
        }
        self.board[sq as usize] = OFFBOARD;
        if self.ep == sq {
            key ^= self.ep_key(sq);
            self.ep = NO_SQ;
        }
        self.key ^= key;
    }

    /// `unmake`'s part for walling rules, before the pieces move back (the blocker may stand
    /// where the moved piece came from).
    #[inline(never)]
    pub(crate) fn undo_wall(&mut self, m: Move) {
        let Some(sq) = m.wall() else {
            return;
        };
        self.board[sq as usize] = EMPTY;
        if self.rules.options.walling == Some(Walling::Duck) {
            self.duck = self.duck_history.pop().unwrap_or(NO_SQ);
            if self.duck != NO_SQ {
                self.board[self.duck as usize] = OFFBOARD;
            }
        }
    }

    /// Replaces `out[start..]`, the legal moves alone, by the moves with their blocker: each
    /// once per square it may go to (a move with none is no move).
    pub(crate) fn add_walls(&mut self, out: &mut Vec<Move>, start: usize) {
        let Some(rule) = self.rules.options.walling else {
            return;
        };
        let alone: Vec<Move> = out.drain(start..).collect();
        let empty: Vec<Sq> = self
            .rules
            .shape
            .squares()
            .filter(|&sq| self.board[sq as usize] == EMPTY && self.may_wall(sq))
            .collect();
        for m in alone {
            match rule {
                Walling::Duck | Walling::Static => self.push_duck_moves(m, &empty, out),
                Walling::Arrow => self.push_arrow_moves(m, out),
                Walling::Past => {
                    if m.dropped().is_none() && self.may_wall(m.from) {
                        out.push(m.walled(m.from));
                    }
                }
            }
        }
    }

    /// May a blocker be put on `sq` (the walling region, where the rules name one)?
    fn may_wall(&self, sq: Sq) -> bool {
        let region = &self.rules.walling_region;
        region.is_empty() || region.get(sq as usize).copied().unwrap_or(false)
    }

    /// How many moves the one-part moves `alone` make with their blocker (perft's last ply,
    /// without listing them): the duck or a static wall once per square empty after the
    /// move and open to blockers, a past wall once where its square is open. Not for arrows.
    pub(crate) fn wall_move_count(&self, alone: &[Move]) -> usize {
        if self.rules.options.walling == Some(Walling::Past) {
            return alone
                .iter()
                .filter(|m| m.dropped().is_none() && self.may_wall(m.from))
                .count();
        }
        let empty = self
            .rules
            .shape
            .squares()
            .filter(|&sq| self.board[sq as usize] == EMPTY && self.may_wall(sq))
            .count();
        alone
            .iter()
            .map(|&m| {
                let (freed, filled) = self.duck_changes(m);
                let filled_empty = filled
                    .iter()
                    .filter(|&&sq| {
                        sq != NO_SQ && self.board[sq as usize] == EMPTY && self.may_wall(sq)
                    })
                    .count();
                let freed_after = freed
                    .iter()
                    .filter(|&&sq| sq != NO_SQ && !filled.contains(&sq) && self.may_wall(sq))
                    .count();
                empty - filled_empty + freed_after
            })
            .sum()
    }

    /// The squares a one-part move empties and those it fills (at most two each).
    fn duck_changes(&self, m: Move) -> ([Sq; 2], [Sq; 2]) {
        match m.flag {
            MoveFlag::Drop(_) => ([NO_SQ; 2], [m.to, NO_SQ]),
            MoveFlag::Castle(i) => {
                let [kf, kt, rf, rt] = self.rules.castle_cells[i as usize];
                ([kf, rf], [kt, rt])
            }
            MoveFlag::EnPassant => ([m.from, self.ep_victim()], [m.to, NO_SQ]),
            _ => ([m.from, NO_SQ], [m.to, NO_SQ]),
        }
    }

    /// `m` with the duck (or a static wall) on each square empty after it and open to
    /// blockers: the empty squares now, less the one it lands on, and those it empties (its
    /// origin, a captured pawn's en passant square, a castled rook's).
    fn push_duck_moves(&self, m: Move, empty: &[Sq], out: &mut Vec<Move>) {
        let (freed, filled) = self.duck_changes(m);
        let after = |sq: Sq| !filled.contains(&sq);
        for &sq in empty.iter().filter(|&&sq| after(sq)) {
            out.push(m.walled(sq));
        }
        for sq in freed {
            if sq != NO_SQ && after(sq) && self.may_wall(sq) {
                out.push(m.walled(sq));
            }
        }
    }

    /// `m` with an arrow on each empty square the moved piece could then move to (its moves
    /// are its own colour's whoever is to move).
    fn push_arrow_moves(&mut self, m: Move, out: &mut Vec<Move>) {
        let undo = self.make(m);
        let mut reach = Vec::new();
        self.piece_moves(m.to, &mut reach);
        let mut seen: Vec<Sq> = Vec::with_capacity(reach.len());
        for r in reach {
            if self.board[r.to as usize] == EMPTY && self.may_wall(r.to) && !seen.contains(&r.to) {
                seen.push(r.to);
            }
        }
        self.unmake(m, undo);
        out.extend(seen.into_iter().map(|sq| m.walled(sq)));
    }
}
