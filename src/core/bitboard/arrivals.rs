//! The moves of one kind to one square on bitboards: a move text's question (`Nbd7`: which
//! knights reach d7, `exd5`: which pawn takes there). A kind that only steps (a pawn, a
//! knight, a king) is asked backwards, vector by vector from the square; any other kind goes
//! through the legal walk's pass over a kind, limited to the square.

use crate::core::bitboard::bits::{Bits, Ones};
use crate::core::bitboard::legal::{put_shifted, put_targets, LegalSink};
use crate::core::bitboard::movegen::push_to;
use crate::core::bitboard::tables::{BitTables, KindBits};
use crate::core::geometry::Sq;
use crate::core::movegen::MoveSink;
use crate::core::moves::{Move, MoveFlag, Part};
use crate::core::piece::{MoveMode, Piece};
use crate::core::position::Position;

/// Hands every move to a `MoveSink` (the walk's pass over a kind, for a move text).
struct Pushed<'a, S> {
    out: &'a mut S,
    /// Never filled: only the walk's own tests use it.
    untested: Vec<Move>,
}

impl<S: MoveSink> MoveSink for Pushed<'_, S> {
    #[inline]
    fn push(&mut self, m: Move) {
        self.out.push(m);
    }
}

impl<B: Bits, S: MoveSink> LegalSink<B> for Pushed<'_, S> {
    #[inline(always)]
    fn piece_targets(&mut self, pos: &Position, from: usize, targets: B, promo: B) {
        put_targets(pos, self.out, from, targets, promo);
    }
    #[inline(always)]
    fn shifted(&mut self, pos: &Position, targets: B, shift: i32, flag: MoveFlag, promo: B) {
        put_shifted(pos, self.out, targets, shift, flag, promo);
    }
    fn untested(&mut self) -> &mut Vec<Move> {
        // `kind_moves` tests nothing through this buffer: a move put here would be lost.
        debug_assert!(self.untested.is_empty());
        &mut self.untested
    }
    fn passed(&mut self, _kept: usize) {}
}

impl<B: Bits> BitTables<B> {
    /// The moves of the side to move's pieces of `kind` to bit `to`, from squares `from_ok`
    /// accepts. They are `Position::moves_of_kind_to`'s moves, but an en passant capture is
    /// already tested. `false` (nothing given to `out`) where the walk does not list the
    /// kind: walls, or lines of the kind that may meet.
    pub(crate) fn kind_moves_to<S: MoveSink>(
        &self,
        pos: &mut Position,
        kind: usize,
        to: usize,
        from_ok: impl Fn(Sq) -> bool,
        out: &mut S,
    ) -> bool {
        let us = pos.side.index();
        if pos.has_walls || pos.rules.repeats(us, kind as u8) {
            return false;
        }
        let kb = &self.kinds[us][kind];
        let code = Piece::new(pos.side, kind as u8).code();
        let mut pieces = B::ZERO;
        for bit in Ones(pos.code_bits::<B>(code) & kb.from_anywhere[to]) {
            if from_ok(pos.rules.bit_cell[bit as usize]) {
                pieces |= B::bit(bit);
            }
        }
        if pieces.is_zero() {
            return true;
        }
        let promo = if kb.promotes {
            self.promotion[us]
        } else {
            B::ZERO
        };
        if kb.steps_only {
            self.step_arrivals(pos, kb, us, pieces, to, promo, out);
            return true;
        }
        // The walk's pass over the kind (a pawn's steps in one shift, rides piece by piece),
        // kept to `to`.
        let mut board = self.board(pos, us);
        let target = B::bit(to as u32);
        // Only a capture onto `to` itself may be en passant.
        board.ep &= target;
        let mut sink = Pushed {
            out,
            untested: Vec::new(),
        };
        self.kind_moves(pos, kind, us, pieces, &board, target, promo, &mut sink);
        true
    }

    /// `kind_moves_to` for a kind that only steps (`KindBits::steps_only`): each vector is
    /// followed back from `to` to the one square a piece would step from. The walk's pass
    /// moves every piece of the kind along every vector to keep what lands on `to`: for a
    /// pawn's move, about four times the instructions.
    #[allow(clippy::too_many_arguments)]
    fn step_arrivals<S: MoveSink>(
        &self,
        pos: &mut Position,
        kb: &KindBits<B>,
        us: usize,
        pieces: B,
        to: usize,
        promo: B,
        out: &mut S,
    ) {
        let board = self.board(pos, us);
        let target = B::bit(to as u32);
        let to_cell = pos.rules.bit_cell[to];
        for comp in &kb.comps {
            let origins = pieces & comp.origins;
            if origins.is_zero() {
                continue;
            }
            if comp.double_step {
                // One vector and no region (`steps_only`): back over empty squares, the
                // landing square included, to the square the piece starts from.
                let reach = &comp.reaches[0];
                let mut back = target & !board.occupied;
                for _ in 1..comp.range {
                    back = back.shifted(-reach.shift) & reach.sources & !board.occupied;
                }
                let from = back.shifted(-reach.shift) & reach.sources & origins;
                if !from.is_zero() {
                    out.push(Move {
                        from: pos.rules.bit_cell[from.lowest() as usize],
                        to: to_cell,
                        promotion: None,
                        flag: comp.double_flag,
                        part: Part::None,
                    });
                }
                continue;
            }
            if comp
                .region
                .is_some_and(|region| (region & target).is_zero())
            {
                continue;
            }
            // What the component may do on `to`: move there, capture there, or take there
            // en passant (an empty square, so never both).
            let (lands, en_passant) = match comp.mode {
                MoveMode::Both => (!board.own.has(to as u32), false),
                MoveMode::MoveOnly => (!board.occupied.has(to as u32), false),
                MoveMode::CaptureOnly => (
                    board.enemy.has(to as u32),
                    comp.en_passant && board.ep.has(to as u32),
                ),
            };
            if !lands && !en_passant {
                continue;
            }
            for reach in &comp.reaches {
                let from = target.shifted(-reach.shift) & reach.sources & origins;
                if from.is_zero() {
                    continue;
                }
                let from = from.lowest() as usize;
                if en_passant {
                    self.en_passant(pos, from, us, out);
                } else {
                    push_to(pos, out, pos.rules.bit_cell[from], to as u32, promo);
                }
            }
        }
    }
}
