//! Making and unmaking moves, with incremental Zobrist keys.

use crate::core::geometry::{Color, Sq};
use crate::core::moves::{Move, MoveFlag, Undo};
use crate::core::piece::{code_kind, Piece, EMPTY};
use crate::core::position::{Position, NO_SQ};

impl Position {
    /// The square of the piece an en passant capture removes: where the double step that
    /// left the en passant square landed.
    #[inline(always)]
    pub(crate) fn ep_victim(&self) -> Sq {
        self.ep_victim
    }

    /// Plays a move produced by this position's generator. Returns what `unmake` needs.
    // Inlined into its callers (perft, search): the call, the saved registers and the `Undo`
    // passed through memory were a tenth of a leaf's instructions in "every leaf made" perft
    // (start position, depth 4: 81.8 M -> 74.6 M; the binary did not grow).
    #[inline(always)]
    pub fn make(&mut self, m: Move) -> Undo {
        self.make_with::<true, true>(m)
    }

    /// `make`, with `HOOKS = false` for rules without `Rules::move_hooks` (no drops, no
    /// explosions): perft's walk takes that instance, whose code has no trace of them. With
    /// the hooks' tests in the common path, "every leaf made" perft in standard chess cost
    /// 5 % more instructions.
    ///
    /// `KEY = false` leaves the Zobrist key as it was (stale until `unmake`, which restores it
    /// from the `Undo`): for perft's walk, which never reads a key; "every leaf made" perft
    /// spent a sixth of a move's instructions keeping it.
    #[inline(always)]
    pub(crate) fn make_with<const HOOKS: bool, const KEY: bool>(&mut self, m: Move) -> Undo {
        debug_assert!(KEY || !HOOKS);
        debug_assert!(HOOKS || !self.rules.move_hooks());
        let us = self.side;
        let code = self.cell(m.from as usize);
        let mut undo = Undo {
            moved: code,
            captured: EMPTY,
            captured_sq: NO_SQ,
            castling: self.castling,
            ep: self.ep,
            ep_victim: self.ep_victim,
            halfmove: self.halfmove,
            checks: self.checks,
            blasts: 0,
            key: self.key,
        };
        // Set in the arms that move a piece: a drop's `code` is its empty square's, which has
        // no kind.
        let mut reset_clock = false;
        // Castling rights a dropped king or rook earns (`RuleOptions::castling_by_drop`).
        let mut earned = 0u8;
        if KEY {
            self.key ^= self.ep_key(self.ep);
        }
        self.ep = NO_SQ;
        match m.flag {
            MoveFlag::Castle(i) => {
                let [kf, kt, rf, rt] = self.rules.castle_cells[i as usize];
                reset_clock = self.rules.clock_kinds >> code_kind(code) & 1 == 1;
                let rook = self.board[rf as usize];
                self.remove_piece::<KEY>(kf, code);
                self.remove_piece::<KEY>(rf, rook);
                self.add_piece::<KEY>(kt, code);
                self.add_piece::<KEY>(rt, rook);
            }
            MoveFlag::Pass if HOOKS => {
                // Nothing moves and no right is lost: only the clocks and the turn.
                self.end_turn::<KEY>(us, false);
                return undo;
            }
            MoveFlag::Drop(kind) if HOOKS => {
                // Tested here, not before `undo` is built: a test ahead of the common path
                // cost every other variant's make a few instructions per move.
                undo.moved = self.drop_from_hand(m.to, kind);
                if let Some(up) = m.promotion {
                    // Dropped promoted: the hand's piece turned over as it goes down.
                    self.remove_piece::<KEY>(m.to, undo.moved);
                    self.add_piece::<KEY>(m.to, Piece::new(us, up).code());
                }
                if self.rules.options.castling_by_drop {
                    earned = self.castling_earned_by_drop(us, m.to) & !self.castling;
                }
            }
            _ => {
                reset_clock = self.rules.clock_kinds >> code_kind(code) & 1 == 1;
                let cap_sq = if m.flag == MoveFlag::EnPassant {
                    undo.ep_victim
                } else {
                    m.to
                };
                let captured = self.board[cap_sq as usize];
                // A promotion in place (`core::promotion_in_place`) finds its own piece on
                // `to`: nothing is captured. Asked only of a capture, and only with hooks.
                if captured != EMPTY && (!HOOKS || cap_sq != m.from) {
                    undo.captured = captured;
                    undo.captured_sq = cap_sq;
                    self.remove_piece::<KEY>(cap_sq, captured);
                    reset_clock = true;
                }
                match m.promotion {
                    None => self.move_piece::<KEY>(m.from, m.to, code),
                    Some(kind) => {
                        self.remove_piece::<KEY>(m.from, code);
                        self.add_piece::<KEY>(m.to, Piece::new(us, kind).code());
                    }
                }
                if HOOKS && self.rules.move_hooks() {
                    undo.blasts = self.after_move_hooks(m, undo.moved, undo.captured, cap_sq);
                }
                if m.flag == MoveFlag::DoubleStep {
                    let mid = ((m.from as usize + m.to as usize) / 2) as Sq;
                    self.ep = mid;
                    self.ep_victim = m.to;
                    if KEY {
                        self.key ^= self.ep_key(mid);
                    }
                }
            }
        }
        if HOOKS && self.rules.parts {
            self.second_part(m, us);
        }
        let keep =
            self.rules.castle_keep_unchecked(m.from) & self.rules.castle_keep_unchecked(m.to);
        if self.castling & !keep != 0 {
            if KEY {
                let z = &self.rules.zobrist;
                self.key ^= z.castling_rights(self.castling & !keep);
            }
            self.castling &= keep;
        }
        if HOOKS && earned != 0 {
            if KEY {
                self.key ^= self.rules.zobrist.castling_rights(earned);
            }
            self.castling |= earned;
        }
        self.end_turn::<KEY>(us, reset_clock);
        undo
    }

    /// A move's second part, where the rules give moves one (gating, walling, flips).
    #[inline(never)]
    fn second_part(&mut self, m: Move, us: Color) {
        if self.rules.options.gating || self.rules.options.first_moves {
            self.gate_after_move(m, us);
        }
        if self.rules.options.walling.is_some() {
            self.wall_after_move(m);
        }
        if self.rules.options.flip.is_some() {
            self.flip_after_move(m);
        }
    }

    /// Takes back a move's second part, before its pieces move back.
    #[inline(never)]
    fn undo_second_part(&mut self, m: Move) {
        if self.rules.options.flip.is_some() {
            self.undo_flip(m);
        }
        if self.rules.options.walling.is_some() {
            self.undo_wall(m);
        }
        if self.rules.options.gating || self.rules.options.first_moves {
            self.undo_gate(m);
        }
    }

    /// What every move ends with: the clocks, the turn, and a check counted where the rules
    /// count them.
    #[inline(always)]
    pub(crate) fn end_turn<const KEY: bool>(&mut self, us: Color, reset_clock: bool) {
        self.halfmove = if reset_clock { 0 } else { self.halfmove + 1 };
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.side = us.other();
        if KEY {
            self.key ^= self.rules.zobrist.side;
        }
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
        self.unmake_with::<true>(m, undo)
    }

    /// `unmake` for the `make_with` of the same `HOOKS`.
    #[inline(always)]
    pub(crate) fn unmake_with<const HOOKS: bool>(&mut self, m: Move, undo: Undo) {
        let us = self.side.other();
        self.side = us;
        if us == Color::Black {
            self.fullmove -= 1;
        }
        if HOOKS && self.rules.parts {
            self.undo_second_part(m);
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
            MoveFlag::Drop(_) if HOOKS => self.return_to_hand(m.to, undo.moved),
            MoveFlag::Pass if HOOKS => {}
            _ if HOOKS && self.rules.move_hooks() => self.unmove_with_hooks(m, undo),
            _ => self.unmove_pieces(m, undo),
        }
        self.castling = undo.castling;
        self.ep = undo.ep;
        self.ep_victim = undo.ep_victim;
        self.halfmove = undo.halfmove;
        self.checks = undo.checks;
        self.key = undo.key;
    }

    /// Puts the moving piece (unpromoted) and anything it captured back where they stood.
    #[inline(always)]
    fn unmove_pieces(&mut self, m: Move, undo: Undo) {
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
    }

    /// What a move does beyond moving pieces where the rules have explosions or hands
    /// (`Rules::move_hooks`): the captured piece to the captor's hand, the promotion origin
    /// carried along, the explosion; returns how many pieces exploded. Kept out of line, and
    /// given values rather than the `Undo`, so that variants without them pay one test per
    /// move and keep the `Undo` in registers.
    #[inline(never)]
    fn after_move_hooks(&mut self, m: Move, moved: u8, captured: u8, cap_sq: Sq) -> u8 {
        if self.rules.options.captures_to_hand {
            let captured_origin = if captured != EMPTY {
                self.pocket(cap_sq, captured)
            } else {
                0
            };
            let moved_origin = self.carry_origin(m, moved);
            self.carried.push([moved_origin, captured_origin]);
        }
        if captured != EMPTY && self.rules.options.blast {
            self.explode(m.to)
        } else {
            0
        }
    }

    /// `unmake`'s pieces where the rules have `move_hooks`: the explosion's pieces first (the
    /// capturer among them), then the move, then hands and origins.
    #[inline(never)]
    fn unmove_with_hooks(&mut self, m: Move, undo: Undo) {
        if undo.blasts > 0 {
            self.restore_blast(undo.blasts);
        }
        self.unmove_pieces(m, undo);
        if self.rules.options.captures_to_hand {
            self.uncarry_origin(m, undo);
        }
    }
}
