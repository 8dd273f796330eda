//! Moves on bitboards when no royal piece is to be kept safe: the rules ask for no king
//! safety (antichess), or the side to move has no royal piece (the horde's White). Every
//! pseudo-legal move is then legal, so every piece moves set-wise, as the unpinned pieces of
//! `legal_walk` do, and nothing is tested but en passant (by the same test `legal_walk` uses).

use std::sync::Arc;

use crate::core::bitboard::bits::{Bits, Ones};
use crate::core::bitboard::legal::LegalSink;
use crate::core::bitboard::tables::BitTables;
use crate::core::piece::Piece;
use crate::core::position::Position;
use crate::core::rules::Rules;

impl<B: Bits> BitTables<B> {
    /// Every pseudo-legal move of the side to move into `sink`, castling included.
    pub(crate) fn free_walk<S: LegalSink<B>>(&self, pos: &mut Position, sink: &mut S) {
        let us = pos.side.index();
        // SAFETY: as in `legal_walk`: the walk never replaces `pos.rules`.
        let rules: &Rules = unsafe { &*Arc::as_ptr(&pos.rules) };
        let board = self.board(pos, us);
        for kind in 0..rules.pieces.len() {
            let code = Piece::new(pos.side, kind as u8).code();
            let pieces = pos.code_bits::<B>(code);
            if pieces.is_zero() {
                continue;
            }
            if rules.repeats(us, kind as u8) {
                // Lines that meet: each destination once, listed piece by piece.
                for bit in Ones(pieces) {
                    self.piece_moves(pos, rules.bit_cell[bit as usize], sink);
                }
                continue;
            }
            let promo = if self.kinds[us][kind].promotes {
                self.promotion[us]
            } else {
                B::ZERO
            };
            self.kind_moves(pos, kind, us, pieces, &board, !B::ZERO, promo, sink);
        }
        pos.castling_moves(sink);
    }
}
