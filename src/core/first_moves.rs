//! First moves (`PieceKind::first_moves`, Cambodian chess's as Fairy-Stockfish plays them):
//! a piece that has not moved since the start may make one more kind of move, a leap to an
//! empty square, the king's knight-like step to the rank in front and the met's two squares
//! straight ahead. Whether a piece still may is a gate of the position, the same record as
//! gating's (`core::gating`): opened by the FEN's file letters (`DEde`), closed when the
//! piece leaves its square or is taken there, and, for kinds that name them, when a piece of
//! one of the `lost_to` kinds moves onto its file or rank (Fairy-Stockfish's rook that
//! "checks" the Cambodian king on its square, blocked or not).

use crate::core::geometry::{Color, Sq};
use crate::core::moves::Move;
use crate::core::piece::{code_color, code_kind, KindId, EMPTY};
use crate::core::position::Position;

/// The moves a kind may make only from its gate.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct FirstMoves {
    /// Leaps, as White's `(file, rank)` steps (Black's mirrored), to empty squares only.
    pub leaps: Vec<(i8, i8)>,
    /// Whether it may make them while its side is in check (the Cambodian king may not).
    pub in_check: bool,
    /// Kinds (a bit per kind) whose move onto its file or rank closes its gate.
    pub lost_to: u64,
}

impl Position {
    /// Adds to `out[start..]` (the other legal moves) the legal first moves of the side to
    /// move's pieces that stand on their gates.
    pub(crate) fn add_first_moves(&mut self, out: &mut Vec<Move>, start: usize) {
        let us = self.side;
        if self.gates[us.index()] == 0 {
            return;
        }
        let rules = self.rules.clone();
        let shape = &rules.shape;
        let in_check = self.in_check(us);
        let on_gates: Vec<Sq> = self.pieces(us).filter(|&s| self.is_gate(us, s)).collect();
        for from in on_gates {
            let kind = code_kind(self.cell(from as usize));
            let Some(first) = rules.kind(kind).first_moves.as_ref() else {
                continue;
            };
            if in_check && !first.in_check {
                continue;
            }
            for &(dx, dy) in &first.leaps {
                let dy = match us {
                    Color::White => dy,
                    Color::Black => -dy,
                };
                let file = i32::from(shape.file_of(from)) + i32::from(dx);
                let rank = i32::from(shape.rank_of(from)) + i32::from(dy);
                let Some(to) = shape.try_sq(file, rank) else {
                    continue;
                };
                if self.cell(to as usize) != EMPTY
                    || out[start..].iter().any(|m| m.from == from && m.to == to)
                {
                    continue;
                }
                let m = Move::new(from, to);
                let undo = self.make(m);
                let safe = !self.rules.king_safety || !self.in_check(us);
                self.unmake(m, undo);
                if safe {
                    out.push(m);
                }
            }
        }
    }

    /// The other side's gates a move to `to` by a piece of `kind` closes: those of its pieces
    /// whose kind loses its first moves to `kind` and that share `to`'s file or rank.
    pub(crate) fn gates_aimed_at(&self, to: Sq, kind: KindId, them: Color) -> u128 {
        let shape = &self.rules.shape;
        let (file, rank) = (shape.file_of(to), shape.rank_of(to));
        let mut closed = 0;
        for s in self.pieces(them) {
            let code = self.cell(s as usize);
            if code_color(code) != them.index() || !self.is_gate(them, s) {
                continue;
            }
            let lost = self
                .rules
                .kind(code_kind(code))
                .first_moves
                .as_ref()
                .is_some_and(|f| f.lost_to >> kind & 1 == 1);
            if lost && (shape.file_of(s) == file || shape.rank_of(s) == rank) {
                closed |= self.rules.cell_bit[s as usize];
            }
        }
        closed
    }
}
