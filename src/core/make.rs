//! Making and unmaking moves, with incremental Zobrist keys.

use crate::core::geometry::{Color, Sq};
use crate::core::moves::{Move, MoveFlag, Undo};
use crate::core::piece::{code_kind, Piece, EMPTY};
use crate::core::position::{Position, NO_SQ};

impl Position {
    /// The square of the pawn an en passant capture `from`→`to` removes.
    #[inline]
    pub(crate) fn ep_victim(&self, from: Sq, to: Sq) -> Sq {
        let shape = &self.rules.shape;
        let stride = shape.delta(0, 1);
        let rank_diff = shape.rank_of(to) as isize - shape.rank_of(from) as isize;
        (to as isize - rank_diff * stride) as Sq
    }

    /// Plays a move produced by this position's generator. Returns what `unmake` needs.
    // Inlined into its callers (perft, search): the call, the saved registers and the `Undo`
    // passed through memory were a tenth of a leaf's instructions in "every leaf made" perft
    // (start position, depth 4: 81.8 M -> 74.6 M; the binary did not grow).
    #[inline(always)]
    pub fn make(&mut self, m: Move) -> Undo {
        if let MoveFlag::Drop(kind) = m.flag {
            return self.make_drop(m.to, kind);
        }
        let us = self.side;
        let code = self.cell(m.from as usize);
        let mut undo = Undo {
            moved: code,
            captured: EMPTY,
            captured_sq: NO_SQ,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            checks: self.checks,
            blasts: 0,
            origins: [0; 2],
            key: self.key,
        };
        let mut reset_clock = self.rules.clock_kinds >> code_kind(code) & 1 == 1;
        self.key ^= self.ep_key(self.ep);
        self.ep = NO_SQ;
        match m.flag {
            MoveFlag::Castle(i) => {
                let [kf, kt, rf, rt] = self.rules.castle_cells[i as usize];
                let rook = self.board[rf as usize];
                self.remove_piece::<true>(kf, code);
                self.remove_piece::<true>(rf, rook);
                self.add_piece::<true>(kt, code);
                self.add_piece::<true>(rt, rook);
            }
            _ => {
                let cap_sq = if m.flag == MoveFlag::EnPassant {
                    self.ep_victim(m.from, m.to)
                } else {
                    m.to
                };
                let captured = self.board[cap_sq as usize];
                if captured != EMPTY {
                    undo.captured = captured;
                    undo.captured_sq = cap_sq;
                    self.remove_piece::<true>(cap_sq, captured);
                    reset_clock = true;
                    if self.rules.options.drops {
                        undo.origins[1] = self.pocket(cap_sq, captured);
                    }
                }
                if self.rules.options.drops {
                    undo.origins[0] = self.carry_origin(m, code);
                }
                match m.promotion {
                    None => self.move_piece::<true>(m.from, m.to, code),
                    Some(kind) => {
                        self.remove_piece::<true>(m.from, code);
                        self.add_piece::<true>(m.to, Piece::new(us, kind).code());
                    }
                }
                if undo.captured != EMPTY && self.rules.options.blast {
                    undo.blasts = self.explode(m.to);
                }
                if m.flag == MoveFlag::DoubleStep {
                    let mid = ((m.from as usize + m.to as usize) / 2) as Sq;
                    self.ep = mid;
                    self.key ^= self.ep_key(mid);
                }
            }
        }
        let keep =
            self.rules.castle_keep_unchecked(m.from) & self.rules.castle_keep_unchecked(m.to);
        if self.castling & !keep != 0 {
            let z = &self.rules.zobrist;
            self.key ^= z.castling_rights(self.castling & !keep);
            self.castling &= keep;
        }
        self.end_turn(us, reset_clock);
        undo
    }

    /// What every move ends with: the clocks, the turn, and a check counted where the rules
    /// count them.
    #[inline(always)]
    pub(crate) fn end_turn(&mut self, us: Color, reset_clock: bool) {
        self.halfmove = if reset_clock { 0 } else { self.halfmove + 1 };
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.side = us.other();
        self.key ^= self.rules.zobrist.side;
        if self.rules.options.check_limit.is_some() && self.in_check(us.other()) {
            let n = self.checks[us.index()];
            self.set_checks_given(us, n.saturating_add(1));
        }
    }

    /// Takes back `m`, which must be the last move made, with the `Undo` it returned. The
    /// pieces move without touching the key: `undo` holds the key to restore.
    /// (Inlined for the reason `make` is.)
    #[inline(always)]
    pub fn unmake(&mut self, m: Move, undo: Undo) {
        if let MoveFlag::Drop(_) = m.flag {
            return self.unmake_drop(m.to, undo);
        }
        let us = self.side.other();
        self.side = us;
        if us == Color::Black {
            self.fullmove -= 1;
        }
        match m.flag {
            MoveFlag::Castle(i) => {
                let [kf, kt, rf, rt] = self.rules.castle_cells[i as usize];
                let king = self.board[kt as usize];
                let rook = self.board[rt as usize];
                self.remove_piece::<false>(kt, king);
                self.remove_piece::<false>(rt, rook);
                self.add_piece::<false>(kf, king);
                self.add_piece::<false>(rf, rook);
            }
            _ => {
                if undo.blasts > 0 {
                    self.restore_blast(undo.blasts);
                }
                match m.promotion {
                    None => {
                        let code = self.cell(m.to as usize);
                        self.move_piece::<false>(m.to, m.from, code);
                    }
                    Some(_) => {
                        let code = self.board[m.to as usize];
                        self.remove_piece::<false>(m.to, code);
                        self.add_piece::<false>(m.from, undo.moved);
                    }
                }
                if undo.captured != EMPTY {
                    self.add_piece::<false>(undo.captured_sq, undo.captured);
                }
                if self.rules.options.drops {
                    self.uncarry_origin(m, undo);
                }
            }
        }
        self.castling = undo.castling;
        self.ep = undo.ep;
        self.halfmove = undo.halfmove;
        self.checks = undo.checks;
        self.key = undo.key;
    }
}
