//! Gating (`RuleOptions::gating`, S-chess's rule): when a piece leaves a square it has stood
//! on since the start, a piece from its side's hand may enter on that square as the second
//! part of the same move; castling may gate on the king's square or the rook's. A side's
//! gates are the squares whose pieces have not moved yet; a gate closes when its piece leaves
//! or is captured there, and every gate of a side closes once its hand is empty (where
//! captures do not refill hands), as Fairy-Stockfish plays it.
//!
//! Legality, as Fairy-Stockfish judges it: a gated move is legal exactly when the move alone
//! is. The gated piece never shields the mover's king from a line through the square just
//! left (a pinned piece stays pinned, a king may not step along a line through its own
//! square), and gating adds a blocker only, so it cannot expose the king either
//! (`docs/decisions.md`, "Moves in two parts").

use crate::core::geometry::{Color, Sq};
use crate::core::moves::{Move, MoveFlag, Part};
use crate::core::piece::{KindId, Piece};
use crate::core::position::Position;

impl Position {
    /// May `color` still gate a piece in on `sq` (where the rules gate)?
    pub fn is_gate(&self, color: Color, sq: Sq) -> bool {
        let bit = self.rules.cell_bit.get(sq as usize).copied().unwrap_or(0);
        self.gates[color.index()] & bit != 0
    }

    /// Opens or closes `color`'s gate on `sq`, keeping the key in step. Refused (false) where
    /// the rules do not gate or `sq` is not a square of the board.
    pub fn set_gate(&mut self, color: Color, sq: Sq, open: bool) -> bool {
        let bit = self.rules.cell_bit.get(sq as usize).copied().unwrap_or(0);
        if !(self.rules.options.gating || self.rules.options.first_moves) || bit == 0 {
            return false;
        }
        let gates = &mut self.gates[color.index()];
        let after = if open { *gates | bit } else { *gates & !bit };
        let before = std::mem::replace(gates, after);
        self.key ^= self.gate_keys(color, before ^ after);
        true
    }

    /// The key of both sides' gates.
    pub(crate) fn gates_key(&self) -> u64 {
        self.gate_keys(Color::White, self.gates[0]) ^ self.gate_keys(Color::Black, self.gates[1])
    }

    /// The combined key of `color`'s gates on the cell bits of `bits`.
    fn gate_keys(&self, color: Color, mut bits: u128) -> u64 {
        let mut k = 0;
        while bits != 0 {
            let cell = self.rules.bit_cell[bits.trailing_zeros() as usize];
            k ^= self.rules.zobrist.gate(cell as usize, color.index());
            bits &= bits - 1;
        }
        k
    }

    /// May `color`'s gates still let a piece in: the rules gate, and it holds a piece or
    /// captures may refill its hand (`captures_to_hand`)? Where not, its gates close and the FEN names
    /// none.
    pub fn gates_live(&self, color: Color) -> bool {
        let options = &self.rules.options;
        // First moves keep their gates whatever the hands hold.
        options.first_moves || options.gating && (options.captures_to_hand || self.holds_any(color))
    }

    /// `make`'s part for gating rules, after the piece has moved: the gated piece from the
    /// hand onto its square, and the gates the move closes.
    #[inline(never)]
    pub(crate) fn gate_after_move(&mut self, m: Move, us: Color) {
        self.gate_history.push(self.gates);
        if let Some((kind, at)) = self.gate_of(m) {
            let code = Piece::new(us, kind).code();
            let held = self.hand[code as usize];
            self.set_held(code, held.saturating_sub(1));
            self.add_piece::<true>(at, code);
        }
        let bit = |sq: Sq| self.rules.cell_bit[sq as usize];
        let mut ours = self.gates[us.index()] & !bit(m.from);
        if let MoveFlag::Castle(i) = m.flag {
            ours &= !bit(self.rules.castle_cells[i as usize][2]);
        }
        if !self.gates_live(us) {
            ours = 0;
        }
        let mut theirs = self.gates[us.other().index()] & !bit(m.to);
        if self.rules.options.first_moves && theirs != 0 {
            let kind = crate::core::piece::code_kind(self.board[m.to as usize]);
            theirs &= !self.gates_aimed_at(m.to, kind, us.other());
        }
        let [was_ours, was_theirs] = [self.gates[us.index()], self.gates[us.other().index()]];
        self.key ^=
            self.gate_keys(us, was_ours ^ ours) ^ self.gate_keys(us.other(), was_theirs ^ theirs);
        self.gates[us.index()] = ours;
        self.gates[us.other().index()] = theirs;
    }

    /// `unmake`'s part for gating rules, before the pieces move back: the gated piece back
    /// to the hand, and the gates as they were.
    #[inline(never)]
    pub(crate) fn undo_gate(&mut self, m: Move) {
        if let Some((_, at)) = self.gate_of(m) {
            let code = self.board[at as usize];
            self.remove_piece::<false>(at, code);
            self.hand[code as usize] += 1;
        }
        self.gates = self.gate_history.pop().unwrap_or(self.gates);
    }

    /// Adds to `out[start..]`, the legal one-part moves, every legal gated move: each move
    /// that leaves a gate (a castling: the king's or the rook's square) once per kind in hand
    /// that may stand on that square.
    pub(crate) fn add_gated_moves(&mut self, out: &mut Vec<Move>, start: usize) {
        let us = self.side;
        let gates = self.gates[us.index()];
        if gates == 0 {
            return;
        }
        let kinds: Vec<KindId> = (0..self.rules.pieces.len() as KindId)
            .filter(|&k| self.hand_count(us, k) > 0)
            .collect();
        if kinds.is_empty() {
            return;
        }
        let legal_end = out.len();
        for i in start..legal_end {
            let m = out[i];
            for (at, on_rook) in self.gate_squares(m) {
                for &kind in &kinds {
                    if self.drop_rank_allows(us, kind, at) {
                        out.push(m.gated(kind, on_rook));
                    }
                }
            }
        }
    }

    /// The gates a one-part move `m` of the side to move leaves, on which a piece may enter,
    /// each with whether it is a castling rook's square (castling: the king's and the rook's
    /// squares, where the castled pieces left them empty).
    fn gate_squares(&self, m: Move) -> impl Iterator<Item = (Sq, bool)> {
        let us = self.side;
        let (a, b) = match m.flag {
            MoveFlag::Drop(_) => (None, None),
            MoveFlag::Castle(i) => {
                let [kf, kt, rf, rt] = self.rules.castle_cells[i as usize];
                let free = |sq: Sq| sq != kt && sq != rt && self.is_gate(us, sq);
                (
                    free(kf).then_some((kf, false)),
                    (rf != kf && free(rf)).then_some((rf, true)),
                )
            }
            _ => (self.is_gate(us, m.from).then_some((m.from, false)), None),
        };
        a.into_iter().chain(b)
    }

    /// The kind and the square of the piece `m` gates in, if it does.
    pub fn gate_of(&self, m: Move) -> Option<(KindId, Sq)> {
        match (m.part, m.flag) {
            (Part::None, _) => None,
            (Part::Gate(kind), _) => Some((kind, m.from)),
            (Part::GateOnRook(kind), MoveFlag::Castle(i)) => {
                let rook = self.rules.castle_cells.get(i as usize)?[2];
                Some((kind, rook))
            }
            (Part::GateOnRook(_), _) | (Part::Wall(_), _) => None,
        }
    }
}
