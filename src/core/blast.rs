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
    pub(crate) fn around(&self, sq: Sq) -> [Sq; 8] {
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
        let proof = self.rules.options.blast_proof;
        for sq in std::iter::once(at).chain(self.around(at)) {
            let code = self.board[sq as usize];
            if code == EMPTY || code == OFFBOARD {
                continue;
            }
            if (sq != at && immune >> code_kind(code) & 1 == 1) || proof >> code_kind(code) & 1 == 1
            {
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
                && self.rules.options.blast_proof >> code_kind(code) & 1 == 0
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
        match self.rules.bits.as_ref().filter(|bits| bits.lists_moves()) {
            // Set-wise on bitboards, as antichess lists its moves (see `safe_moves`).
            Some(bits) => {
                // SAFETY: as in `legal_move_count_with`: the walk never replaces `rules`.
                let bits: &crate::core::bitboard::BitBackend =
                    unsafe { &*std::sync::Arc::as_ptr(bits) };
                self.bits_free_moves(bits, out);
            }
            None => self.pseudo_legal_moves(out),
        }
        if !self.rules.king_safety {
            return;
        }
        let us = self.side;
        let guard = self.blast_guard();
        let mut i = start;
        while i < out.len() {
            let m = out[i];
            let ok = match guard.as_ref().and_then(|g| self.safe_without_making(g, m)) {
                Some(safe) => safe,
                None => {
                    let undo = self.make(m);
                    let ok = self.royal_count[us.index()] > 0 && !self.blast_check(us);
                    self.unmake(m, undo);
                    ok
                }
            };
            if ok {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }

    /// What `safe_without_making` needs, worked out once per position: on bitboards without
    /// walls, with one royal piece a side.
    fn blast_guard(&self) -> Option<BlastGuard> {
        let bits = self.rules.bits.as_ref()?;
        let (us, them) = (self.side.index(), self.side.other().index());
        if self.has_walls
            || self.royal_count[us] != 1
            || self.royal_count[them] != 1
            || self.rules.options.blast_proof != 0
        {
            return None;
        }
        let (king, theirs) = (self.royal[us], self.royal[them]);
        let near_theirs = self
            .around(theirs)
            .iter()
            .filter(|&&s| self.board[s as usize] != OFFBOARD)
            .fold(0, |m, &s| m | self.rules.cell_bit[s as usize]);
        let (attacked, pinned) = self.bits_check_and_pinned(bits);
        Some(BlastGuard {
            king,
            theirs,
            near_theirs,
            attacked,
            pinned,
        })
    }

    /// Is the move `m` safe for the mover, answered without making it where `g` allows, for a
    /// plain move (no castling, no en passant). What a capture explodes is worked out from the
    /// squares around it; then the mover's royal piece is safe if it survives and the enemy's
    /// does not, or it stands next to the enemy's, or no enemy piece left attacks it.
    /// `None`: make the move to know.
    fn safe_without_making(&self, g: &BlastGuard, m: crate::core::Move) -> Option<bool> {
        use crate::core::MoveFlag;
        if !matches!(m.flag, MoveFlag::Normal | MoveFlag::DoubleStep) {
            return None;
        }
        let bits = self.rules.bits.as_ref()?;
        let cell_bit = &self.rules.cell_bit;
        let near_theirs = |sq: Sq| g.near_theirs & cell_bit[sq as usize] != 0;
        if self.board[m.to as usize] == EMPTY {
            if m.from != g.king {
                // The royal piece stays: next to the enemy's, or unattacked and not pinned
                // against, it stays safe.
                if near_theirs(g.king) || (!g.attacked && g.pinned & cell_bit[m.from as usize] == 0)
                {
                    return Some(true);
                }
            } else if near_theirs(m.to) {
                return Some(true);
            }
            return Some(self.bits_safe_after(bits, m.from, m.to));
        }
        if m.from == g.king {
            // A royal capturer explodes itself.
            return Some(false);
        }
        let immune = self.rules.options.blast_immune;
        let mut gone = cell_bit[m.from as usize] | cell_bit[m.to as usize];
        for sq in self.around(m.to) {
            let code = self.board[sq as usize];
            if code != EMPTY && code != OFFBOARD && immune >> code_kind(code) & 1 == 0 {
                gone |= cell_bit[sq as usize];
            }
        }
        let hit = |sq: Sq| gone & cell_bit[sq as usize] != 0;
        Some(if hit(g.king) {
            false
        } else if hit(g.theirs) || near_theirs(g.king) {
            true
        } else {
            !self.bits_attacked_without(bits, g.king, self.side.other(), gone)
        })
    }
}

/// The royal pieces' squares and what threatens the mover's, for `safe_without_making`.
struct BlastGuard {
    king: Sq,
    theirs: Sq,
    /// The squares next to the enemy's royal piece (a 128-bit mask).
    near_theirs: u128,
    /// Is the mover's royal piece attacked (as pieces attack, explosions aside)?
    attacked: bool,
    /// The mover's pieces that shield its royal piece from an enemy rider.
    pinned: u128,
}
