//! Move generation on bitboards: one piece's pseudo-legal moves, component by component.

use crate::core::bitboard::attacks::ride;
use crate::core::bitboard::bits::{Bits, Ones};
use crate::core::bitboard::tables::{BitTables, ComponentBits, Reach};
use crate::core::geometry::{Color, Sq};
use crate::core::movegen::MoveSink;
use crate::core::moves::{Move, MoveFlag, Part};
use crate::core::piece::{code_color, code_kind, MoveMode, Piece, EMPTY, OFFBOARD};
use crate::core::position::{Position, NO_SQ};
use crate::core::repeats::Distinct;
use crate::core::rules::NO_WALL;

/// What one piece's generation reads of the board.
pub(super) struct Board<B> {
    pub(super) own: B,
    pub(super) enemy: B,
    pub(super) occupied: B,
    /// The en passant square's bit, empty when that square is occupied (`piece_moves` clears it
    /// when no enemy piece stands to be taken; counting asks per capture).
    pub(super) ep: B,
}

impl<B: Bits> BitTables<B> {
    pub(super) fn board(&self, pos: &Position, us: usize) -> Board<B> {
        let own = pos.side_bits::<B>(us);
        let enemy = pos.side_bits::<B>(us ^ 1);
        let occupied = own | enemy;
        // A set-up position may name an occupied en passant square (the obstacle board format
        // allows it); nothing can be taken en passant there, as on the mailbox.
        let ep = if pos.ep == NO_SQ {
            B::ZERO
        } else {
            B::from_wide(pos.rules.cell_bit[pos.ep as usize]) & !occupied
        };
        Board {
            own,
            enemy,
            occupied,
            ep,
        }
    }

    /// The squares one vector of a component reaches from bit `from` (before mode and region).
    #[inline(always)]
    fn reached(
        &self,
        pos: &Position,
        comp: &ComponentBits<B>,
        reach: &Reach<B>,
        from: usize,
        occupied: B,
    ) -> B {
        let walls = pos.has_walls && reach.wall != NO_WALL;
        if walls && pos.wall_bits::<B>(reach.wall).has(from as u32) {
            return B::ZERO;
        }
        if comp.leap {
            return match comp.region {
                Some(region) => reach.squares[from] & region,
                None => reach.squares[from],
            };
        }
        let mut stops = occupied;
        if walls {
            stops |= pos.wall_bits::<B>(reach.wall);
        }
        match comp.region {
            // A ride ends where it leaves the region: the first square outside stops it.
            Some(region) => ride(reach, from, stops | !region) & region,
            None => ride(reach, from, stops),
        }
    }

    /// The destinations a component allows among the squares it reached.
    #[inline(always)]
    pub(super) fn allowed(comp: &ComponentBits<B>, reached: B, from: usize, board: &Board<B>) -> B {
        if comp.double_step {
            return reached & comp.exact[from] & !board.occupied;
        }
        match comp.mode {
            MoveMode::Both => reached & !board.own,
            MoveMode::MoveOnly => reached & !board.occupied,
            MoveMode::CaptureOnly => {
                let mut m = reached & board.enemy;
                if comp.en_passant {
                    // The en passant square is empty: only this flag makes it a capture.
                    m |= reached & board.ep;
                }
                m
            }
        }
    }

    /// Appends the pseudo-legal non-castling moves of the piece on `from`: component by
    /// component, each component's destinations in rising bit order (the mailbox lists the
    /// same moves vector by vector; the order within a piece is not part of the interface).
    pub(crate) fn piece_moves<S: MoveSink>(&self, pos: &Position, from: Sq, out: &mut S) {
        self.piece_moves_within(pos, from, !B::ZERO, out);
    }

    /// `piece_moves` limited to the destinations in `within`.
    pub(crate) fn piece_moves_within<S: MoveSink>(
        &self,
        pos: &Position,
        from: Sq,
        within: B,
        out: &mut S,
    ) {
        let code = pos.cell(from as usize);
        if code == EMPTY || code == OFFBOARD {
            return;
        }
        let us = code_color(code);
        let kind = code_kind(code);
        if pos.rules.repeats(us, kind) {
            let mut distinct = Distinct::default();
            self.piece_lines_within(pos, from, within, &mut distinct);
            distinct.pass_to(out);
        } else {
            self.piece_lines_within(pos, from, within, out);
        }
    }

    /// `piece_moves_within` line by line: a square two lines reach comes twice (see
    /// `core::repeats`).
    fn piece_lines_within<S: MoveSink>(&self, pos: &Position, from: Sq, within: B, out: &mut S) {
        let code = pos.cell(from as usize);
        let us = code_color(code);
        let kind = code_kind(code);
        let bit = pos.rules.bit_of[from as usize] as usize;
        let kb = &self.kinds[us][kind as usize];
        if (kb.anywhere[bit] & within).is_zero() {
            return;
        }
        let mut board = self.board(pos, us);
        if !pos.has_walls {
            if let Some(t) = kb.merged_reach(bit, board.occupied) {
                self.emit(pos, from, t & !board.own & within, B::ZERO, out);
                if kb.all_plain {
                    return;
                }
            }
        }
        if !board.ep.is_zero() && !self.ep_victim_is_enemy(pos, us) {
            board.ep = B::ZERO;
        }
        let promo = if kb.promotes {
            self.promotion[us]
        } else {
            B::ZERO
        };
        for comp in &kb.comps {
            if (comp.plain && kb.merged.is_some() && !pos.has_walls)
                || !comp.origins.has(bit as u32)
                || (comp.anywhere[bit] & within).is_zero()
            {
                continue;
            }
            self.component_targets(pos, comp, bit, &board, |targets| {
                self.emit_component(pos, comp, from, targets & within, &board, promo, out);
            });
        }
    }

    /// Calls `f` with the destinations one component allows from bit `from`: once with all of
    /// them when no two vectors reach one square, else once per vector (the mailbox lists a
    /// square reached two ways twice, and so must this).
    #[inline(always)]
    pub(super) fn component_targets(
        &self,
        pos: &Position,
        comp: &ComponentBits<B>,
        from: usize,
        board: &Board<B>,
        mut f: impl FnMut(B),
    ) {
        let mut union = B::ZERO;
        for reach in &comp.reaches {
            let reached = self.reached(pos, comp, reach, from, board.occupied);
            let targets = Self::allowed(comp, reached, from, board);
            if comp.disjoint {
                union |= targets;
            } else {
                f(targets);
            }
        }
        if comp.disjoint {
            f(union);
        }
    }

    /// Appends the moves from `from` to `targets` of one component (flags and promotions).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn emit_component<S: MoveSink>(
        &self,
        pos: &Position,
        comp: &ComponentBits<B>,
        from: Sq,
        targets: B,
        board: &Board<B>,
        promo: B,
        out: &mut S,
    ) {
        if targets.is_zero() {
            return;
        }
        let rules = &*pos.rules;
        if comp.double_step {
            for to in Ones(targets) {
                out.push(Move {
                    from,
                    to: rules.bit_cell[to as usize],
                    promotion: None,
                    flag: comp.double_flag,
                    part: Part::None,
                });
            }
            return;
        }
        let mut rest = targets;
        if comp.takes_ep() && !(rest & board.ep).is_zero() {
            rest &= !board.ep;
            out.push(Move {
                from,
                to: pos.ep,
                promotion: None,
                flag: MoveFlag::EnPassant,
                part: Part::None,
            });
        }
        self.emit(pos, from, rest, promo, out);
    }

    /// Appends a move from `from` to each of `targets`; those in `promo` once per promotion
    /// kind.
    #[inline(always)]
    pub(super) fn emit<S: MoveSink>(
        &self,
        pos: &Position,
        from: Sq,
        targets: B,
        promo: B,
        out: &mut S,
    ) {
        for to in Ones(targets) {
            push_to(pos, out, from, to, promo);
        }
    }

    /// Calls `f` with the squares of `color`'s pieces of `kind` that could reach bit `to` on
    /// an empty board.
    pub(crate) fn squares_reaching(
        &self,
        pos: &Position,
        color: Color,
        kind: crate::core::KindId,
        to: usize,
        f: &mut impl FnMut(Sq),
    ) {
        let code = Piece::new(color, kind).code();
        let from = self.kinds[color.index()][kind as usize].from_anywhere[to];
        for bit in Ones(from & pos.code_bits::<B>(code)) {
            f(pos.rules.bit_cell[bit as usize]);
        }
    }

    /// The moves of `color`'s pieces of `kind` to bit `to` whose starting square passes
    /// `from_ok`, found as the squares the kind reaches from `to` when it moves alike both
    /// ways (`KindBits::symmetric`) on a board without walls: one lookup for all of them.
    /// `false` (and nothing given to `out`) for any other kind.
    pub(crate) fn symmetric_moves_to<S: MoveSink>(
        &self,
        pos: &Position,
        color: Color,
        kind: crate::core::KindId,
        to: usize,
        from_ok: impl Fn(Sq) -> bool,
        out: &mut S,
    ) -> bool {
        let us = color.index();
        let kb = &self.kinds[us][kind as usize];
        if !kb.symmetric || pos.has_walls {
            return false;
        }
        let board = self.board(pos, us);
        if board.own.has(to as u32) {
            return true;
        }
        let pieces = pos.code_bits::<B>(Piece::new(color, kind).code());
        let reached = kb.merged_reach(to, board.occupied).unwrap_or(B::ZERO);
        let to_cell = pos.rules.bit_cell[to];
        for bit in Ones(reached & pieces) {
            let from = pos.rules.bit_cell[bit as usize];
            if from_ok(from) {
                out.push(Move::new(from, to_cell));
            }
        }
        true
    }

    /// Does an en passant capture from `from` find an enemy piece to take?
    pub(super) fn ep_victim_is_enemy(&self, pos: &Position, us: usize) -> bool {
        let victim = pos.cell(pos.ep_victim() as usize);
        victim != EMPTY && victim != OFFBOARD && code_color(victim) != us
    }
}

/// Appends the move `from`→bit `to`, once per promotion kind if `to` is in `promo`.
#[inline(always)]
pub(super) fn push_to<B: Bits, S: MoveSink>(
    pos: &Position,
    out: &mut S,
    from: Sq,
    to: u32,
    promo: B,
) {
    let rules = &*pos.rules;
    let to_cell = rules.bit_cell[to as usize];
    if promo.has(to) {
        for &k in &rules.promotion_kinds {
            out.push(Move {
                from,
                to: to_cell,
                promotion: Some(k),
                flag: MoveFlag::Normal,
                part: Part::None,
            });
        }
    } else {
        out.push_plain(from, to_cell);
    }
}
