//! Pawn race as a [`SearchGame`]: the core position with an undo stack, the win hooks as
//! terminal outcomes, and the pawn race evaluation.

use crate::core::{Move, MoveFlag, Position, Undo};
use crate::engine::{SearchGame, Terminal};
use crate::variants::pawnrace::{decided, eval};

/// A pawn race position being searched.
#[derive(Clone, Debug)]
pub struct PawnRaceSearch {
    pos: Position,
    undo: Vec<(Move, Undo)>,
}

impl PawnRaceSearch {
    pub fn new(pos: Position) -> PawnRaceSearch {
        PawnRaceSearch {
            pos,
            undo: Vec::with_capacity(128),
        }
    }
    pub fn position(&self) -> &Position {
        &self.pos
    }
}

impl SearchGame for PawnRaceSearch {
    type Move = Move;

    fn legal_moves(&mut self, out: &mut Vec<Move>) {
        self.pos.legal_moves(out);
    }

    fn make(&mut self, m: Move) {
        let u = self.pos.make(m);
        self.undo.push((m, u));
    }

    fn unmake(&mut self) {
        if let Some((m, u)) = self.undo.pop() {
            self.pos.unmake(m, u);
        }
    }

    fn key(&self) -> u64 {
        self.pos.key()
    }

    fn terminal(&self) -> Option<Terminal> {
        let winner = decided(&self.pos)?.winner()?;
        Some(if winner == self.pos.side_to_move() {
            Terminal::Win
        } else {
            Terminal::Loss
        })
    }

    fn no_moves(&self) -> Terminal {
        Terminal::Draw
    }

    fn evaluate(&mut self) -> i32 {
        eval::evaluate(&self.pos)
    }

    fn is_noisy(&self, m: Move) -> bool {
        m.flag == MoveFlag::EnPassant || self.pos.piece_at(m.to).is_some()
    }

    fn history_slots(&self) -> usize {
        let cells = self.pos.rules().shape.cells();
        cells * cells
    }

    fn history_slot(&self, m: Move) -> usize {
        m.from as usize * self.pos.rules().shape.cells() + m.to as usize
    }
}
