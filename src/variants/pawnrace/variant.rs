//! Pawn race as a [`Game`]: the game's position and undo stack, the win hooks as terminal
//! outcomes, and the pawn race evaluation.

use crate::core::{Color, Move, MoveFlag};
use crate::game::{Game, MoveRefused, Searchable, Terminal, VariantId};
use crate::notation::coordinate;
use crate::variants::pawnrace::{decided, eval, notation, PawnRace};

/// Entries of the evaluation cache (a power of two).
const EVAL_CACHE: usize = 1 << 14;

impl Game for PawnRace {
    type Move = Move;

    fn id(&self) -> VariantId {
        VariantId::PawnRace
    }

    fn side_to_move(&self) -> Color {
        self.position.side_to_move()
    }

    fn move_text(&mut self, m: Move) -> String {
        notation::san(&self.position, m)
    }

    fn parse_move(&mut self, text: &str) -> Result<Move, MoveRefused> {
        notation::parse(&mut self.position, text).map_err(|e| MoveRefused::new(e.to_string()))
    }

    fn board_file(&self) -> String {
        super::seat_view::board_text(&self.position)
    }

    fn coordinate_text(&mut self, m: Move) -> String {
        coordinate::to_uci(&self.position, m)
    }

    fn legal_moves(&mut self, out: &mut Vec<Move>) {
        self.position.legal_moves(out);
    }

    fn make(&mut self, m: Move) {
        self.play(m);
    }

    fn unmake(&mut self) {
        self.undo();
    }

    fn key(&self) -> u64 {
        self.position.key()
    }

    fn is_decided(&self) -> bool {
        decided(&self.position).is_some_and(|o| o.winner().is_some())
    }

    fn terminal(&self) -> Option<Terminal> {
        let winner = decided(&self.position)?.winner()?;
        Some(if winner == self.position.side_to_move() {
            Terminal::Win
        } else {
            Terminal::Loss
        })
    }

    fn no_moves(&self) -> Terminal {
        Terminal::Draw
    }
}

impl Searchable for PawnRace {
    fn evaluate(&mut self) -> i32 {
        let key = self.position.key();
        if self.eval_cache.is_empty() {
            self.eval_cache = vec![(0, 0); EVAL_CACHE];
        }
        let slot = &mut self.eval_cache[key as usize & (EVAL_CACHE - 1)];
        if slot.0 == key && key != 0 {
            return slot.1;
        }
        let value = eval::evaluate(&self.position);
        *slot = (key, value);
        value
    }
    fn is_noisy(&self, m: Move) -> bool {
        m.flag == MoveFlag::EnPassant || self.position.piece_at(m.to).is_some()
    }
    fn history_slots(&self) -> usize {
        let cells = self.position.rules().shape.cells();
        cells * cells
    }
    fn history_slot(&self, m: Move) -> usize {
        m.from as usize * self.position.rules().shape.cells() + m.to as usize
    }
}
