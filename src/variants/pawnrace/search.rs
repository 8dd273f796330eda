//! Pawn race as a [`Game`]: the core position with an undo stack, the win hooks as
//! terminal outcomes, and the pawn race evaluation.

use crate::core::{Color, Move, MoveFlag, Position, Undo};
use crate::game::{Game, MoveRefused, Terminal, VariantId};
use crate::notation::coordinate;
use crate::variants::pawnrace::{decided, eval, notation};

/// Entries of the evaluation cache (a power of two).
const EVAL_CACHE: usize = 1 << 14;

/// A pawn race position being searched.
#[derive(Clone, Debug)]
pub struct PawnRaceSearch {
    pos: Position,
    undo: Vec<(Move, Undo)>,
    /// Evaluations by Zobrist key (the key covers the side to move and the en passant file,
    /// everything the evaluation reads): quiescence revisits the same leaves often.
    eval_cache: Vec<(u64, i32)>,
}

impl PawnRaceSearch {
    /// A search from `pos`, with an empty evaluation cache.
    pub fn new(pos: Position) -> PawnRaceSearch {
        PawnRaceSearch {
            pos,
            undo: Vec::with_capacity(128),
            eval_cache: vec![(0, 0); EVAL_CACHE],
        }
    }
    /// The position searched, with the line's moves played.
    pub fn position(&self) -> &Position {
        &self.pos
    }
}

impl Game for PawnRaceSearch {
    type Move = Move;

    fn id(&self) -> VariantId {
        VariantId::PawnRace
    }

    fn side_to_move(&self) -> Color {
        self.pos.side_to_move()
    }

    fn move_text(&mut self, m: Move) -> String {
        notation::san(&self.pos, m)
    }

    fn parse_move(&mut self, text: &str) -> Result<Move, MoveRefused> {
        notation::parse(&mut self.pos, text).map_err(|e| MoveRefused::new(e.to_string()))
    }

    fn board_file(&self) -> String {
        super::seat_view::board_text(&self.pos)
    }

    fn coordinate_text(&mut self, m: Move) -> String {
        coordinate::to_uci(&self.pos, m)
    }

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

    fn is_decided(&self) -> bool {
        decided(&self.pos).is_some_and(|o| o.winner().is_some())
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
        let key = self.pos.key();
        let slot = &mut self.eval_cache[key as usize & (EVAL_CACHE - 1)];
        if slot.0 == key && key != 0 {
            return slot.1;
        }
        let value = eval::evaluate(&self.pos);
        *slot = (key, value);
        value
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
