//! Hands and drops (`RuleOptions::drops`): a captured piece goes to its captor's hand, as the
//! kind it was promoted from if it was, and a side may put a piece from its hand on an empty
//! square instead of moving (crazyhouse, shogi).
//!
//! A drop adds a piece and removes none, so it can never expose the dropper's royal piece:
//! out of check every drop is legal, in a single line check only the drops between the checker
//! and the royal piece are, and in a double or contact check none is. Where the check's shape
//! is unknown (walls, region-limited or unusual attackers) each drop is made and tested.

use crate::core::attacks::Check;
use crate::core::geometry::{Color, Sq};
use crate::core::moves::{Move, Undo};
use crate::core::piece::{code_color, code_kind, KindId, Motion, Piece, EMPTY};
use crate::core::position::{joined, Position};

/// Which empty squares a drop may go to, as far as the royal piece's safety decides.
enum DropGuard {
    /// Any (not in check, or no king safety).
    Free,
    /// Only those between the single line checker and the royal piece on the square.
    Between(Check, Sq),
    /// Each drop is made and tested.
    Test,
}

impl Position {
    /// `make`'s part of a drop of a `kind` from the mover's hand onto the empty `to`: the
    /// hand, the square's origin and the piece (the clocks, turn and key's turn are `make`'s).
    /// No drop resets the fifty-move clock, a pawn's neither (python-chess: a drop neither
    /// captures nor moves a pawn).
    #[inline(never)]
    pub(crate) fn drop_from_hand(&mut self, to: Sq, kind: KindId) -> u8 {
        let code = Piece::new(self.side, kind).code();
        // An empty square's origin is always 0 (every way a piece leaves a square takes it).
        debug_assert_eq!(self.origin[to as usize], 0);
        if !self.rules.options.free_drops {
            let held = self.hand[code as usize];
            self.set_held(code, held.saturating_sub(1));
        }
        self.add_piece::<true>(to, code);
        code
    }

    /// `unmake`'s part of taking back a drop onto `to`: the piece back to the hand.
    #[inline(never)]
    pub(crate) fn return_to_hand(&mut self, to: Sq, code: u8) {
        // A drop may have put the piece down promoted (`RuleOptions::drop_promoted`).
        let on = self.board[to as usize];
        self.remove_piece::<false>(to, on);
        if !self.rules.options.free_drops {
            self.hand[code as usize] += 1;
        }
    }

    /// Sets the count in hand of a piece code, keeping the key in step.
    #[inline]
    pub(crate) fn set_held(&mut self, code: u8, n: u16) {
        let z = &self.rules.zobrist;
        let held = &mut self.hand[code as usize];
        self.key ^= z.hand(code, *held) ^ z.hand(code, n);
        *held = n;
    }

    /// Puts the piece `captured`, just taken off `sq`, in its captor's hand: as the kind it
    /// was promoted from, if it was. Returns its promotion origin for the `Undo`.
    #[inline]
    pub(crate) fn pocket(&mut self, sq: Sq, captured: u8) -> u8 {
        let origin = std::mem::take(&mut self.origin[sq as usize]);
        let kind = self.hand_kind(captured, origin);
        let captor = if code_color(captured) == 0 {
            Color::Black
        } else {
            Color::White
        };
        let code = Piece::new(captor, kind).code();
        let held = self.hand[code as usize];
        self.set_held(code, held.saturating_add(1));
        origin
    }

    /// Moves the promotion origin of the piece that went `m.from`→`m.to` (`code` before any
    /// promotion) with it; a promotion records the kind it promoted from. Returns the origin
    /// it had, for the `Undo`.
    #[inline]
    pub(crate) fn carry_origin(&mut self, m: Move, code: u8) -> u8 {
        let origin = std::mem::take(&mut self.origin[m.from as usize]);
        self.origin[m.to as usize] = match m.promotion {
            // A promoted kind that demotes by itself (shogi's `+P`) needs no record, nor a
            // `+` kind turning back into its own (kyoto shogi's demotion).
            Some(k)
                if origin == 0
                    && self.rules.kind(k).demotes_to.is_none()
                    && self.rules.kind(code_kind(code)).demotes_to != Some(k)
                    && !self.rules.options.captured_keep_promotion =>
            {
                code_kind(code) + 1
            }
            _ => origin,
        };
        origin
    }

    /// The kind a captured piece (cell code `captured`, promotion origin `origin`) joins a
    /// hand as: the kind it was promoted from, or the kind its own kind demotes to, or its own.
    #[inline]
    fn hand_kind(&self, captured: u8, origin: u8) -> KindId {
        if self.rules.options.captured_keep_promotion {
            return code_kind(captured);
        }
        if origin != 0 {
            return origin - 1;
        }
        let kind = code_kind(captured);
        self.rules.kind(kind).demotes_to.unwrap_or(kind)
    }

    /// Undoes `carry_origin` and `pocket` for the move `m`, whose pieces are back in place.
    #[inline]
    pub(crate) fn uncarry_origin(&mut self, m: Move, undo: Undo) {
        let [moved, captured] = self.carried.pop().unwrap_or_default();
        self.origin[m.to as usize] = 0;
        self.origin[m.from as usize] = moved;
        if undo.captured != EMPTY {
            self.origin[undo.captured_sq as usize] = captured;
            let kind = self.hand_kind(undo.captured, captured);
            let captor = Piece::new(self.side, kind).code();
            self.hand[captor as usize] = self.hand[captor as usize].saturating_sub(1);
        }
    }

    /// Does `color` hold any piece in hand?
    pub(crate) fn holds_any(&self, color: Color) -> bool {
        self.hand
            .iter()
            .enumerate()
            .skip(1)
            .any(|(code, &n)| n > 0 && (code - 1) & 1 == color.index())
    }

    /// May `color` drop a `kind` on `sq` as far as the kind's drop ranks go?
    #[inline]
    pub(crate) fn drop_rank_allows(&self, color: Color, kind: KindId, sq: Sq) -> bool {
        match self.rules.kind(kind).drop_ranks {
            None => true,
            Some((lo, hi)) => {
                let shape = &self.rules.shape;
                let rank = shape.rank_of(sq);
                let own = match color {
                    Color::White => rank,
                    Color::Black => shape.ranks() - 1 - rank,
                };
                (lo..=hi).contains(&own)
            }
        }
    }

    /// The kinds the side to move holds in hand, as a bit per kind (kinds are at most 60).
    #[inline]
    pub(crate) fn kinds_in_hand(&self) -> u64 {
        if self.rules.options.free_drops {
            // Every kind, always (the kinds are at most 60).
            return (1u64 << self.rules.pieces.len()) - 1;
        }
        let us = self.side.index();
        let mut kinds = 0u64;
        for (code, &n) in self.hand.iter().enumerate().skip(1) {
            if n > 0 && (code - 1) & 1 == us {
                kinds |= 1 << ((code - 1) >> 1);
            }
        }
        kinds
    }

    /// On the bitboard backend, the empty squares a `kind` of the side to move may be dropped
    /// on, as square bits (rank-major, rank 1 first: `BoardShape::squares`' order).
    #[inline]
    fn drop_bits(&self, kind: KindId) -> Option<u128> {
        if self.bb.is_empty() {
            return None;
        }
        let squares = self.rules.bit_cell.len() as u32;
        let below = |n: u32| {
            if n >= 128 {
                u128::MAX
            } else {
                (1u128 << n) - 1
            }
        };
        let empty = !(joined(self.occ[0]) | joined(self.occ[1])) & below(squares);
        let Some((lo, hi)) = self.rules.kind(kind).drop_ranks else {
            return Some(empty);
        };
        let shape = &self.rules.shape;
        let (files, ranks) = (shape.files() as u32, shape.ranks() as u32);
        let (lo, hi) = match self.side {
            Color::White => (lo as u32, hi as u32),
            Color::Black => (ranks - 1 - hi as u32, ranks - 1 - lo as u32),
        };
        Some(empty & below((hi + 1) * files) & !below(lo * files))
    }

    /// How the royal piece's safety limits drops here.
    fn drop_guard(&self) -> Option<DropGuard> {
        let us = self.side;
        if self.rules.king_safety && self.kinds_in_hand() & self.rules.royal_kinds != 0 {
            // A royal piece dropped (screen's king, placed while the other king stands) must
            // not land where it is attacked: each drop is tried.
            return Some(DropGuard::Test);
        }
        if !self.rules.king_safety || self.royal_count[us.index()] == 0 {
            return Some(DropGuard::Free);
        }
        // A dropped piece may be the screen a hopper needs, or the hurdle a grasshopper
        // needs, to reach the royal piece: every drop is tried.
        let screens = self.rules.special_attacks[us.other().index()]
            .iter()
            .any(|a| matches!(a.motion, Motion::Hop | Motion::Grasshop));
        if screens {
            return Some(DropGuard::Test);
        }
        if !self.in_check(us) {
            return Some(DropGuard::Free);
        }
        if self.royal_count[us.index()] != 1 || self.rules.options.blast {
            return Some(DropGuard::Test);
        }
        let check = self.check_and_pins(us).0;
        match check {
            Check::Unknown => Some(DropGuard::Test),
            Check::Single { .. } => Some(DropGuard::Between(check, self.royal[us.index()])),
            Check::Double | Check::None => None,
        }
    }

    /// Does `safe_drops` list only the drops `RuleOptions::drop_only` allows (set-wise, on
    /// bitboards, where no royal piece's safety asks for more)?
    pub(crate) fn drops_listed_set_wise(&self) -> bool {
        self.rules.options.drop_only.is_some()
            && !self.bb.is_empty()
            && self.rules.lanes_fit()
            && !self.rules.options.holes
            && matches!(self.drop_guard(), Some(DropGuard::Free))
    }

    /// Calls `f` with every drop the royal piece's safety allows (the variant's other options
    /// still apply afterwards).
    fn for_each_safe_drop(&mut self, mut f: impl FnMut(Move)) {
        let kinds = self.kinds_in_hand();
        if kinds == 0 {
            return;
        }
        let Some(guard) = self.drop_guard() else {
            return;
        };
        if let (Some(rule), DropGuard::Free) = (self.rules.options.drop_only, &guard) {
            // Only the squares the rule allows, found set-wise where the bitboards are kept.
            if let Some(mut bits) = self.drop_only_bits(rule) {
                while bits != 0 {
                    let sq = self.rules.bit_cell[bits.trailing_zeros() as usize];
                    bits &= bits - 1;
                    self.drops_on(sq, kinds, &guard, &mut f);
                }
                return;
            }
        }
        let rules = self.rules.clone();
        for sq in rules.shape.squares() {
            if self.board[sq as usize] != EMPTY {
                continue;
            }
            let open = match guard {
                DropGuard::Free | DropGuard::Test => true,
                DropGuard::Between(check, king) => check.answered_by(king, sq),
            };
            if open {
                self.drops_on(sq, kinds, &guard, &mut f);
            }
        }
    }

    /// Calls `f` with each drop of the `kinds` (a bit per kind) on the empty `sq` that the
    /// kind's drop ranks and, where each must be tested, the royal piece's safety allow.
    #[inline]
    fn drops_on(&mut self, sq: Sq, kinds: u64, guard: &DropGuard, f: &mut impl FnMut(Move)) {
        let us = self.side;
        let mut left = kinds;
        while left != 0 {
            let kind = left.trailing_zeros() as KindId;
            left &= left - 1;
            if !self.drop_rank_allows(us, kind, sq) {
                continue;
            }
            let plain = Move::drop(kind, sq);
            // Kyoto shogi's: the same piece may also go down promoted.
            let promoted = self.promoted_drop(kind).map(|up| Move {
                promotion: Some(up),
                ..plain
            });
            for m in std::iter::once(plain).chain(promoted) {
                if let DropGuard::Test = guard {
                    let undo = self.make(m);
                    let safe = !self.in_check(us);
                    self.unmake(m, undo);
                    if !safe {
                        continue;
                    }
                }
                f(m);
            }
        }
    }

    /// The kind a `kind` in hand may also be dropped as (`RuleOptions::drop_promoted`).
    #[inline]
    fn promoted_drop(&self, kind: KindId) -> Option<KindId> {
        if !self.rules.options.drop_promoted {
            return None;
        }
        self.rules.kind(kind).promotes_to
    }

    /// Appends the drops that keep the mover's royal piece safe.
    pub(crate) fn safe_drops(&mut self, out: &mut Vec<Move>) {
        self.for_each_safe_drop(|m| out.push(m));
    }

    /// How many drops keep the mover's royal piece safe. Out of check on bitboards they are
    /// counted square sets, not listed (perft's last ply).
    pub(crate) fn safe_drop_count(&mut self) -> usize {
        let kinds = self.kinds_in_hand();
        if kinds == 0 {
            return 0;
        }
        if let Some(DropGuard::Free) = self.drop_guard() {
            let mut n = 0;
            let mut left = kinds;
            while left != 0 {
                let kind = left.trailing_zeros() as KindId;
                left &= left - 1;
                let ways = 1 + usize::from(self.promoted_drop(kind).is_some());
                match self.drop_bits(kind) {
                    Some(bits) => n += ways * bits.count_ones() as usize,
                    None => return self.listed_drop_count(),
                }
            }
            return n;
        }
        self.listed_drop_count()
    }

    fn listed_drop_count(&mut self) -> usize {
        let mut n = 0;
        self.for_each_safe_drop(|_| n += 1);
        n
    }
}
