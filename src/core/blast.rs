//! Explosions on capture (`RuleOptions::blast`, atomic chess): a capture removes the capturing
//! piece and every piece next to the capture square except the immune kinds (pawns in atomic
//! chess). A side whose own royal piece would explode may not make the move, and a royal piece
//! is in check only where a capture of it would not also blow up the capturer's own royal
//! piece: kings standing side by side are never in check.

use crate::core::geometry::{Color, Sq};
use crate::core::piece::{code_kind, EMPTY, OFFBOARD};
use crate::core::position::Position;

impl Position {
    /// The cells next to `sq` (the eight king steps), on the board or not.
    fn around(&self, sq: Sq) -> [Sq; 8] {
        let shape = &self.rules.shape;
        let d = |dx, dy| (sq as isize + shape.delta(dx, dy)) as Sq;
        [
            d(-1, -1),
            d(0, -1),
            d(1, -1),
            d(-1, 0),
            d(1, 0),
            d(-1, 1),
            d(0, 1),
            d(1, 1),
        ]
    }

    /// After a capture landing on `at`: removes the capturer standing there and the pieces
    /// around it that are not immune, keeping the key and castling rights up to date. The
    /// removed pieces go on the blast stack for `restore_blast`; returns how many.
    pub(crate) fn explode(&mut self, at: Sq) -> u8 {
        let mut n = 0;
        let mut keep = 0xFF;
        let immune = self.rules.options.blast_immune;
        for sq in std::iter::once(at).chain(self.around(at)) {
            let code = self.board[sq as usize];
            if code == EMPTY || code == OFFBOARD {
                continue;
            }
            if sq != at && immune >> code_kind(code) & 1 == 1 {
                continue;
            }
            self.remove_piece::<true>(sq, code);
            self.blasted.push((sq, code));
            keep &= self.rules.castle_keep_unchecked(sq);
            n += 1;
        }
        if self.castling & !keep != 0 {
            self.key ^= self.rules.zobrist.castling_rights(self.castling & !keep);
            self.castling &= keep;
        }
        n
    }

    /// Puts back the last `n` pieces an explosion removed (the key and rights come back
    /// from the move's `Undo`).
    pub(crate) fn restore_blast(&mut self, n: u8) {
        for _ in 0..n {
            if let Some((sq, code)) = self.blasted.pop() {
                self.add_piece::<false>(sq, code);
            }
        }
    }

    /// Does a royal piece of `by` stand next to `sq`?
    fn royal_next_to(&self, sq: Sq, by: Color) -> bool {
        self.around(sq).iter().any(|&s| {
            let code = self.board[s as usize];
            code != EMPTY
                && code != OFFBOARD
                && crate::core::piece::code_color(code) == by.index()
                && self.rules.is_royal(code_kind(code))
        })
    }

    /// Could `by` capture on `sq` without blowing up its own royal piece? (A royal piece that
    /// captures explodes itself, and one next to `sq` explodes with it.)
    pub(crate) fn blast_threatened(&self, sq: Sq, by: Color) -> bool {
        !self.royal_next_to(sq, by) && self.is_attacked(sq, by)
    }

    /// `in_check` under explosions: a royal piece of `color` that `color`'s opponent could
    /// capture (see `blast_threatened`). A side whose opponent has no royal piece left has
    /// already won, and is in check no more.
    pub(crate) fn blast_check(&self, color: Color) -> bool {
        let them = color.other();
        if self.royal_count[them.index()] == 0 {
            return false;
        }
        self.pieces(color).any(|s| {
            self.rules.is_royal(code_kind(self.cell(s as usize))) && self.blast_threatened(s, them)
        })
    }

    /// The legal moves under explosions: each pseudo-legal move is played, and kept when the
    /// mover still has a royal piece and it is not in check (or the opponent's royal exploded).
    pub(crate) fn blast_safe_moves(&mut self, out: &mut Vec<crate::core::Move>) {
        let start = out.len();
        self.pseudo_legal_moves(out);
        if !self.rules.king_safety {
            return;
        }
        let us = self.side;
        let mut i = start;
        while i < out.len() {
            let m = out[i];
            let undo = self.make(m);
            let ok = self.royal_count[us.index()] > 0 && !self.blast_check(us);
            self.unmake(m, undo);
            if ok {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }
}
