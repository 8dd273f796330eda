//! The bitboard backend: boards of up to 128 squares keep, beside the mailbox, one bitboard
//! per piece code and per side, and generate, count and test attacks with per-square tables
//! compiled from the same movement components (leaps as tables, rides as rays cut at the
//! first piece, ranges and regions as masks, walls as per-direction blocked masks).
//!
//! `Rules::new` chooses it for every board that fits (a `u64` word up to 64 squares, `u128`
//! up to 128); larger boards use the mailbox alone. The mailbox stays the oracle: tests build
//! the same position on both backends (`Position::on_backend`) and compare.

mod arrivals;
pub(crate) mod attacks;
pub(crate) mod bits;
pub(crate) mod castling;
mod free_walk;
mod legal;
pub(crate) mod lookup;
mod movegen;
pub(crate) mod orthodox;
pub(crate) mod quick;
#[cfg(test)]
pub(crate) mod random_games;
pub(crate) mod tables;

use std::sync::Arc;

use crate::core::geometry::{Color, Sq};
use crate::core::movegen::MoveSink;
use crate::core::moves::Move;
use crate::core::position::Position;
use tables::BitTables;

/// Which generator a set of rules runs on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Backend {
    /// The padded mailbox alone (any board size).
    Mailbox,
    /// Bitboards beside the mailbox (boards of up to 128 squares).
    Bitboard,
}

/// The tables of the bitboard backend, in the word the board fits.
pub(crate) enum BitBackend {
    Narrow(BitTables<u64>),
    Wide(BitTables<u128>),
}

impl BitBackend {
    /// Does this backend list a piece's moves? On boards of more than 64 squares the mailbox
    /// lists them for less (measured: 10×10 fairy perft, where each piece has few moves and
    /// 128-bit words cost two of everything); counting, attacks and checks stay on bitboards.
    #[inline]
    pub(crate) fn lists_moves(&self) -> bool {
        matches!(self, BitBackend::Narrow(_))
    }
}

impl std::fmt::Debug for BitBackend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            BitBackend::Narrow(_) => "BitBackend::Narrow",
            BitBackend::Wide(_) => "BitBackend::Wide",
        })
    }
}

/// Runs `$body` with `$t` bound to the tables in whichever word they are built for.
macro_rules! with_tables {
    ($backend:expr, $t:ident => $body:expr) => {
        match $backend {
            BitBackend::Narrow($t) => $body,
            BitBackend::Wide($t) => $body,
        }
    };
}

impl Position {
    /// `is_attacked` on bitboards.
    #[inline]
    pub(crate) fn bits_attacked(&self, bits: &BitBackend, target: Sq, by: Color) -> bool {
        let bit = self.rules.bit_of[target as usize] as usize;
        with_tables!(bits, t => t.attacked(self, bit, by.index(), t.occupied(self, 0)))
    }

    /// Is `target` attacked by `by` once the piece on `lifted` has left it?
    pub(crate) fn bits_attacked_lifted(
        &self,
        bits: &BitBackend,
        target: Sq,
        by: Color,
        lifted: Sq,
    ) -> bool {
        let bit = self.rules.bit_of[target as usize] as usize;
        let lifted = self.rules.cell_bit[lifted as usize];
        with_tables!(bits, t => t.attacked(self, bit, by.index(), t.occupied(self, lifted)))
    }

    /// Is `target` attacked by `by` once every piece on the squares of `gone` (a 128-bit
    /// mask) has left the board?
    pub(crate) fn bits_attacked_without(
        &self,
        bits: &BitBackend,
        target: Sq,
        by: Color,
        gone: u128,
    ) -> bool {
        let bit = self.rules.bit_of[target as usize] as usize;
        with_tables!(bits, t => t.attacked_without(
            self,
            bit,
            by.index(),
            t.occupied(self, gone),
            bits::Bits::from_wide(gone)
        ))
    }

    /// Is the side to move's single royal piece attacked, and which of its pieces shield it
    /// from an enemy rider (a 128-bit mask)? On a board without walls.
    pub(crate) fn bits_check_and_pinned(&self, bits: &BitBackend) -> (bool, u128) {
        let us = self.side.index();
        let king = self.rules.bit_of[self.royal[us] as usize] as usize;
        with_tables!(bits, t => {
            let threats = t.threats(self, king, us);
            (
                !bits::Bits::is_zero(threats.checkers),
                bits::Bits::to_wide(threats.pinned),
            )
        })
    }

    /// `piece_moves` on bitboards.
    #[inline]
    pub(crate) fn bits_piece_moves<S: MoveSink>(&self, bits: &BitBackend, from: Sq, out: &mut S) {
        with_tables!(bits, t => t.piece_moves(self, from, out))
    }

    /// `piece_moves` on bitboards, only the moves to `to`.
    #[inline]
    pub(crate) fn bits_piece_moves_to<S: MoveSink>(
        &self,
        bits: &BitBackend,
        from: Sq,
        to: Sq,
        out: &mut S,
    ) {
        let within = self.rules.cell_bit[to as usize];
        with_tables!(bits, t => t.piece_moves_within(self, from, bits::Bits::from_wide(within), out))
    }

    /// `BitTables::kind_moves_to` for the side to move, when this backend lists moves.
    pub(crate) fn bits_kind_moves_to<S: MoveSink>(
        &mut self,
        bits: &BitBackend,
        kind: crate::core::KindId,
        to: Sq,
        from_ok: impl Fn(Sq) -> bool,
        out: &mut S,
    ) -> bool {
        let to = self.rules.bit_of[to as usize] as usize;
        match bits {
            BitBackend::Narrow(t) => t.kind_moves_to(self, kind as usize, to, from_ok, out),
            BitBackend::Wide(_) => false,
        }
    }

    /// `Position::moves_of_kind_to` by one lookup, for a kind that moves alike both ways;
    /// `false` (nothing given to `out`) otherwise.
    pub(crate) fn bits_symmetric_moves_to<S: MoveSink>(
        &self,
        bits: &BitBackend,
        color: Color,
        kind: crate::core::KindId,
        to: Sq,
        from_ok: impl Fn(Sq) -> bool,
        out: &mut S,
    ) -> bool {
        let to = self.rules.bit_of[to as usize] as usize;
        with_tables!(bits, t => t.symmetric_moves_to(self, color, kind, to, &from_ok, out))
    }

    /// Does the move `m` (`Normal` or `DoubleStep`) of the side to move attack the other
    /// side's single royal piece on `target`?
    pub(crate) fn bits_gives_check(&self, bits: &BitBackend, m: Move, target: Sq) -> bool {
        let rules = &*self.rules;
        let before = self.cell(m.from as usize);
        let after = match m.promotion {
            Some(kind) => crate::core::piece::Piece::new(self.side, kind).code(),
            None => before,
        };
        let squares = (
            rules.bit_of[m.from as usize] as usize,
            rules.bit_of[m.to as usize] as usize,
        );
        let target = rules.bit_of[target as usize] as usize;
        with_tables!(bits, t => t.attacks_after(self, target, squares, (before, after)))
    }

    /// Does the move `from`→`to` (neither castling nor en passant) keep the side to move's
    /// single royal piece safe?
    pub(crate) fn bits_safe_after(&self, bits: &BitBackend, from: Sq, to: Sq) -> bool {
        let rules = &*self.rules;
        let king = rules.bit_of[self.royal[self.side.index()] as usize] as usize;
        let (from, to) = (
            rules.bit_of[from as usize] as usize,
            rules.bit_of[to as usize] as usize,
        );
        with_tables!(bits, t => t.safe_after(self, from, to, king))
    }

    /// The squares of `color`'s pieces of `kind` that could reach `to` on an empty board.
    pub(crate) fn bits_squares_reaching(
        &self,
        bits: &BitBackend,
        color: Color,
        kind: crate::core::KindId,
        to: Sq,
        mut f: impl FnMut(Sq),
    ) {
        let to = self.rules.bit_of[to as usize] as usize;
        with_tables!(bits, t => t.squares_reaching(self, color, kind, to, &mut f))
    }

    /// `legal_move_count` on bitboards: one royal piece, king safety, no walls.
    pub(crate) fn bits_legal_move_count(
        &mut self,
        bits: &BitBackend,
        scratch: &mut Vec<Move>,
    ) -> usize {
        scratch.clear();
        if let BitBackend::Narrow(t) = bits {
            // SAFETY: counting never replaces `self.rules`, and the `Arc` keeps it alive for
            // as long as `self`.
            let rules: &crate::core::rules::Rules = unsafe { &*Arc::as_ptr(&self.rules) };
            if let Some(orthodox) = rules.orthodox.as_deref() {
                return orthodox.count(t, self);
            }
        }
        let mut count = legal::Count {
            n: 0,
            extra_promotions: self.rules.promotion_kinds.len().saturating_sub(1),
            scratch,
        };
        if with_tables!(bits, t => t.legal_walk(self, &mut count)) {
            return count.n;
        }
        self.safe_moves(scratch);
        scratch.len()
    }

    /// Is there a legal move (on the board: drops are not asked)? For the side to move with
    /// one royal piece, king safety on and no walls (`has_legal_move` asks only then): a
    /// safe plain step of the royal piece first, then `legal_walk` stopped at the first kind
    /// that has a move; `None` where the walk does not apply.
    pub(crate) fn bits_has_legal_move(&mut self, bits: &BitBackend) -> Option<bool> {
        // A safe step of the royal piece answers most positions before the walk's threats
        // (a pass over the enemy's pieces for checks and pins) are made.
        if let (BitBackend::Narrow(t), Some(quick)) = (bits, self.rules.quick_attacks.as_deref()) {
            if t.royal_step_safe(self, quick) {
                return Some(true);
            }
        }
        let mut scratch = Vec::new();
        let mut any = legal::Any {
            found: false,
            scratch: &mut scratch,
        };
        with_tables!(bits, t => t.legal_walk(self, &mut any)).then_some(any.found)
    }

    /// Counts the moves where no royal piece is to be kept safe (see `free_walk`).
    pub(crate) fn bits_free_move_count(&mut self, bits: &BitBackend) -> usize {
        let mut scratch = Vec::new();
        let mut count = legal::Count {
            n: 0,
            extra_promotions: self.rules.promotion_kinds.len().saturating_sub(1),
            scratch: &mut scratch,
        };
        with_tables!(bits, t => t.free_walk(self, &mut count));
        count.n
    }

    /// Lists the moves where no royal piece is to be kept safe (see `free_walk`).
    pub(crate) fn bits_free_moves(&mut self, bits: &BitBackend, out: &mut Vec<Move>) {
        let mut list = legal::List { out };
        with_tables!(bits, t => t.free_walk(self, &mut list));
    }

    /// `legal_moves` on bitboards: one royal piece, king safety, no walls. `false`, with
    /// nothing appended, where only testing every move is right (see `legal_walk`).
    pub(crate) fn bits_legal_moves(&mut self, bits: &BitBackend, out: &mut Vec<Move>) -> bool {
        let mut list = legal::List { out };
        with_tables!(bits, t => t.legal_walk(self, &mut list))
    }
}
